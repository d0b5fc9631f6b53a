#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "lang/catalog.h"
#include "lang/spelling.h"

#define LONGEST 48

char *
spelling_fold(const char *s, int squeeze)
{
	/* GLib's UTF-8 functions need valid UTF-8, and mail brings any bytes. */
	char *valid = g_utf8_make_valid(s, -1);
	/* NFKC makes a no-break space a space and a ligature its letters. */
	char *nf = g_utf8_normalize(valid, -1, G_NORMALIZE_ALL_COMPOSE);
	char *a = g_str_to_ascii(nf != NULL ? nf : valid, "C"), *q = a, *r;

	for (char *p = a; *p != '\0'; p++) {
		char c = g_ascii_tolower(*p);

		if (!squeeze || g_ascii_isalnum(c))
			*q++ = c;
	}
	*q = '\0';
	r = xstrdup(a);
	g_free(a);
	g_free(nf);
	g_free(valid);
	return r;
}

int
spelling_distance(const char *a, const char *b)
{
	size_t m = strlen(a), n = strlen(b);
	int d[LONGEST + 1][LONGEST + 1];

	/* No order word is that long: whatever is, is far from all of them. */
	if (m > LONGEST || n > LONGEST)
		return (int)(m > n ? m : n);
	for (size_t i = 0; i <= m; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= n; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= m; i++)
		for (size_t j = 1; j <= n; j++) {
			int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < c)
				c = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < c)
				c = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < c)
				c = d[i - 2][j - 2] + 1;
			d[i][j] = c;
		}
	return d[m][n];
}

struct each {
	spelling_fn *fn;
	void *arg;
	const char *lang;
	int common;
};

static void
entry(const char *msgid, const char *msgstr, void *arg)
{
	struct each *e = arg;
	char **alt = g_strsplit(msgstr, "|", -1);

	e->fn(msgid, alt, e->lang, e->common, e->arg);
	g_strfreev(alt);
}

void
spelling_each(const char *game, spelling_fn *fn, void *arg)
{
	struct each e = { fn, arg, NULL, 0 };
	char ctx[64];

	for (int i = 0; catalog_languages[i] != NULL; i++) {
		e.lang = catalog_languages[i];
		if (game != NULL && game[0] != '\0') {
			snprintf(ctx, sizeof ctx, "order.%s", game);
			e.common = 0;
			catalog_each(e.lang, ctx, entry, &e);
		}
		e.common = 1;
		catalog_each(e.lang, "order.common", entry, &e);
	}
}
