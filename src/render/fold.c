#include <string.h>

#include "core/buf.h"
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

/* French sets a space before ; : ! ? » and after «; a line that begins
 * with "; " or ends with "«" reads as a mistake, so the space between is
 * not a place to break. */
static int
glued(const char *prev, size_t prevlen, const char *next)
{
	if (*next != '\0' && strchr(";:!?", *next) != NULL)
		return 1;
	if (strncmp(next, "\xc2\xbb", 2) == 0)
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
