#include <glib.h>

#include "lang/catbin.h"
#include "lang/catcomp.h"
#include "lang/poread.h"

struct compile {
	struct catbin_writer *w;
	struct diag *d;
	int r;
};

static void
add(const char *ctx, const char *id, const char *form, const char *plural, void *arg)
{
	struct compile *c = arg;
	char *key;

	if (c->r < 0)
		return;
	key = ctx != NULL ? g_strdup_printf("%s\004%s", ctx, id) : g_strdup(id);
	c->r = catbin_writer_entry(c->w, key, form, plural, c->d);
	g_free(key);
}

int
catcomp_compile(const char *podir, const char *lang, const char *out, struct diag *d)
{
	struct compile c = { catbin_writer_new(lang), d, 0 };
	const char *dom;
	GDir *dir;

	if ((dir = g_dir_open(podir, 0, NULL)) == NULL) {
		catbin_writer_free(c.w);
		return diag_set(d, 0, "no catalogs under %s", podir);
	}
	/* The domains in the order catalog.c reads them from the same
	 * directory, so that an entry two domains share ends the same. */
	while (c.r == 0 && (dom = g_dir_read_name(dir)) != NULL) {
		char *path = g_strdup_printf("%s/%s/%s.po", podir, dom, lang);

		if (g_file_test(path, G_FILE_TEST_EXISTS)) {
			catbin_writer_domain(c.w, dom);
			if (po_read(path, add, &c, d) < 0)
				c.r = -1;
		}
		g_free(path);
	}
	g_dir_close(dir);
	if (c.r < 0) {
		catbin_writer_free(c.w);
		return -1;
	}
	return catbin_writer_save(c.w, out, d);
}
