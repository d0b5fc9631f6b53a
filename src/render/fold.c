#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/xmalloc.h"
#include "render/fold.h"

/* Characters, not bytes: "première" is eight columns on a screen. */
static size_t
columns(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* Whether the last word of prev is a count of one to three digits, maybe
 * after "(" or as a German ordinal ("4."), and next a word: "6\npièces",
 * "27\nNov" or "4.\nKel Ilbakan" makes the reader look back. */
static int
count_before_word(const char *prev, size_t prevlen, const char *next)
{
	size_t digits = 0;

	if (prevlen > 1 && prev[prevlen - 1] == '.')
		prevlen--;
	while (digits < prevlen && isdigit((unsigned char)prev[prevlen - 1 - digits]))
		digits++;
	if (digits == 0 || digits > 3 ||
	    (digits < prevlen && strchr(" (", prev[prevlen - 1 - digits]) == NULL))
		return 0;
	return isalpha((unsigned char)*next) || (unsigned char)*next >= 0xc3;
}

/* Whether s begins with a time of day, "12:00". */
static int
a_time(const char *s)
{
	return isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && s[2] == ':' &&
	    isdigit((unsigned char)s[3]) && isdigit((unsigned char)s[4]);
}

/* Whether s begins with a year: four digits, then no fifth. */
static int
a_year(const char *s)
{
	return strspn(s, "0123456789") == 4;
}

/* French sets a space before ; : ! ? » and after «; a line that begins
 * with "; " or ends with "«" reads as a mistake, so the space between is
 * not a place to break. Nor are those inside a date and its time: a count
 * and its noun ("30 Nov"), a year and what it follows ("Nov 2026", "de
 * 2026"), a time and the words around it ("2026, 12:00 UTC"). */
static int
glued(const char *prev, size_t prevlen, const char *next)
{
	if (count_before_word(prev, prevlen, next) || a_time(next) || a_year(next))
		return 1;
	if (*next != '\0' && strchr(";:!?", *next) != NULL)
		return 1;
	if (strncmp(next, "\xc2\xbb", 2) == 0)
		return 1;
	if (prevlen >= 5 && a_time(prev + prevlen - 5))
		return 1;
	return prevlen >= 2 && strncmp(prev + prevlen - 2, "\xc2\xab", 2) == 0;
}

/* The bytes from p up to the next place a line may break. */
static size_t
unbreakable(const char *p)
{
	size_t w = strcspn(p, " ");

	for (;;) {
		const char *q = p + w;

		while (*q == ' ')
			q++;
		if (*q == '\0' || !glued(p, w, q))
			return w;
		w = (size_t)(q - p) + strcspn(q, " ");
	}
}

char *
fold_text(const char *text, size_t width, const char *indent)
{
	struct buf b = BUF_INIT;
	size_t col = 0;
	const char *p = text;

	while (*p == ' ')
		p++;
	while (*p != '\0') {
		size_t w = unbreakable(p), cols = columns(p, w);

		if (col > 0 && col + 1 + cols > width) {
			buf_printf(&b, "\n%s", indent);
			col = columns(indent, strlen(indent));
		} else if (col > 0) {
			buf_addc(&b, ' ');
			col++;
		}
		buf_add(&b, p, w);
		col += cols;
		p += w;
		while (*p == ' ')
			p++;
	}
	buf_adds(&b, "");
	return buf_steal(&b);
}

/* Longer than any word of prose: a hash or an address is one. */
#define FOLD_LONG_WORD 40

/* The columns of line's indent when it is prose wider than width, or -1:
 * after its indent, no run of two spaces and no long word. */
static long
prose(const char *line, size_t n, size_t width)
{
	size_t lead = strspn(line, " "), word = 0;

	if (lead >= n || lead > width / 4 || line[lead] == '\t' || columns(line, n) <= width)
		return -1;
	for (size_t i = lead; i < n; i++) {
		if (line[i] == '\t' || (line[i] == ' ' && i + 1 < n && line[i + 1] == ' '))
			return -1;
		word = line[i] == ' ' ? 0 : word + 1;
		if (word > FOLD_LONG_WORD)
			return -1;
	}
	return (long)lead;
}

char *
fold_prose(const char *text, size_t width)
{
	struct buf b = BUF_INIT;
	const char *p = text;

	while (*p != '\0') {
		size_t n = strcspn(p, "\n");
		long lead = prose(p, n, width);

		if (lead >= 0) {
			char *line = xstrndup(p + lead, n - (size_t)lead), *indent, *folded;

			/* A list item's continuation goes under its text. */
			xasprintf(&indent, "%*s", lead > 0 ? (int)lead + 2 : 0, "");
			folded = fold_text(line, width - (size_t)lead, indent);
			buf_printf(&b, "%*s%s", (int)lead, "", folded);
			free(folded);
			free(indent);
			free(line);
		} else {
			buf_add(&b, p, n);
		}
		p += n;
		if (*p == '\n') {
			buf_addc(&b, '\n');
			p++;
		}
	}
	buf_adds(&b, "");
	return buf_steal(&b);
}
