#include <gettext-po.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "log.h"

const char *const catalog_languages[] = { "en", "de", "es", "fr", NULL };

/* One language: "ctx\004id" or "id" to its forms (one, or two for plurals). */
struct lang {
	char name[8];
	GHashTable *t;
};

struct entry {
	char *form[2];
};

static char podir[1100];
static struct lang langs[8];
static int nlangs;

void
catalog_init(const char *datadir)
{
	snprintf(podir, sizeof podir, "%s/po", datadir);
}

static void
entry_free(void *p)
{
	struct entry *e = p;

	g_free(e->form[0]);
	g_free(e->form[1]);
	g_free(e);
}

/* libgettextpo's default handlers exit on a syntax error; a referee must
 * rather refuse the language and go on. */
static int po_errors;

static void
po_xerror(int severity, po_message_t m, const char *file, size_t line, size_t col,
    int multiline, const char *text)
{
	(void)m; (void)col; (void)multiline;
	if (severity != PO_SEVERITY_WARNING)
		po_errors++;
	log_warn("%s:%zu: %s", file != NULL ? file : "po", line, text);
}

static void
po_xerror2(int severity, po_message_t m1, const char *f1, size_t l1, size_t c1, int ml1,
    const char *t1, po_message_t m2, const char *f2, size_t l2, size_t c2, int ml2,
    const char *t2)
{
	(void)m2; (void)f2; (void)l2; (void)c2; (void)ml2; (void)t2;
	po_xerror(severity, m1, f1, l1, c1, ml1, t1);
}

static int
read_po(GHashTable *t, const char *path, struct diag *d)
{
	struct po_xerror_handler h = { po_xerror, po_xerror2 };
	po_message_iterator_t it;
	po_message_t m;
	po_file_t f;

	po_errors = 0;
	if ((f = po_file_read(path, &h)) == NULL || po_errors > 0) {
		if (f != NULL)
			po_file_free(f);
		return diag_set(d, 0, "catalog %s is unreadable", path);
	}
	it = po_message_iterator(f, NULL);
	while ((m = po_next_message(it)) != NULL) {
		const char *id = po_message_msgid(m), *ctx = po_message_msgctxt(m);
		struct entry *e;

		if (id[0] == '\0' || po_message_is_obsolete(m) || po_message_is_fuzzy(m))
			continue;
		e = g_new0(struct entry, 1);
		if (po_message_msgid_plural(m) != NULL) {
			e->form[0] = g_strdup(po_message_msgstr_plural(m, 0));
			e->form[1] = g_strdup(po_message_msgstr_plural(m, 1));
			if (e->form[1] == NULL)
				e->form[1] = g_strdup(e->form[0]);
		} else {
			e->form[0] = g_strdup(po_message_msgstr(m));
		}
		if (e->form[0] == NULL || e->form[0][0] == '\0') {
			entry_free(e);
			continue;
		}
		g_hash_table_replace(t, ctx != NULL ? g_strdup_printf("%s\004%s", ctx, id) :
		    g_strdup(id), e);
	}
	po_message_iterator_free(it);
	po_file_free(f);
	return 0;
}

static struct lang *
find(const char *lang)
{
	for (int i = 0; i < nlangs; i++)
		if (strcmp(langs[i].name, lang) == 0)
			return &langs[i];
	return NULL;
}

static int
shipped(const char *lang)
{
	for (int i = 0; catalog_languages[i] != NULL; i++)
		if (strcmp(catalog_languages[i], lang) == 0)
			return 1;
	return 0;
}

int
catalog_use(const char *lang, struct diag *d)
{
	struct lang *l;
	GDir *dir;
	const char *dom;
	int r = 0;

	if (find(lang) != NULL)
		return 0;
	if (!shipped(lang))
		return diag_set(d, 0, "language %s is not one azalai speaks (en, de, es, fr)",
		    lang);
	if ((size_t)nlangs >= sizeof langs / sizeof langs[0])
		return diag_set(d, 0, "too many languages");
	if ((dir = g_dir_open(podir, 0, NULL)) == NULL)
		return diag_set(d, 0, "no catalogs under %s", podir);
	l = &langs[nlangs];
	snprintf(l->name, sizeof l->name, "%s", lang);
	l->t = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, entry_free);
	while (r == 0 && (dom = g_dir_read_name(dir)) != NULL) {
		char *path = g_strdup_printf("%s/%s/%s.po", podir, dom, lang);

		if (g_file_test(path, G_FILE_TEST_EXISTS))
			r = read_po(l->t, path, d);
		g_free(path);
	}
	g_dir_close(dir);
	if (r < 0) {
		g_hash_table_destroy(l->t);
		return -1;
	}
	nlangs++;
	return 0;
}

static const struct entry *
lookup(const char *lang, const char *ctx, const char *id)
{
	struct lang *l = find(lang);
	const struct entry *e;
	char *key, small[256];
	size_t cl, il;

	if (l == NULL) {
		if (catalog_use(lang, NULL) < 0)
			return NULL;
		l = find(lang);
	}
	if (ctx == NULL)
		return g_hash_table_lookup(l->t, id);
	/* Most keys are short: a report looks up thousands of terms. */
	cl = strlen(ctx);
	il = strlen(id);
	if (cl + il + 2 <= sizeof small) {
		memcpy(small, ctx, cl);
		small[cl] = '\004';
		memcpy(small + cl + 1, id, il + 1);
		return g_hash_table_lookup(l->t, small);
	}
	key = g_strdup_printf("%s\004%s", ctx, id);
	e = g_hash_table_lookup(l->t, key);
	g_free(key);
	return e;
}

const char *
catalog_get(const char *lang, const char *ctx, const char *msgid)
{
	const struct entry *e = lookup(lang, ctx, msgid);

	return e != NULL ? e->form[0] : NULL;
}

void
catalog_each(const char *lang, const char *ctx,
    void (*fn)(const char *msgid, const char *msgstr, void *), void *arg)
{
	struct lang *l = find(lang);
	size_t n = strlen(ctx);
	GHashTableIter it;
	void *k, *v;

	if (l == NULL) {
		if (catalog_use(lang, NULL) < 0)
			return;
		l = find(lang);
	}
	g_hash_table_iter_init(&it, l->t);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		const char *key = k;
		const struct entry *e = v;

		if (strncmp(key, ctx, n) == 0 && key[n] == '\004')
			fn(key + n + 1, e->form[0], arg);
	}
}

int
catalog_plural_index(const char *lang, unsigned long n)
{
	/* The Plural-Forms of the shipped languages; the completeness test
	 * checks each catalog's header says the same. */
	if (strcmp(lang, "fr") == 0)
		return n > 1;
	return n != 1;
}

const char *
catalog_nget(const char *lang, const char *msgid, const char *plural, unsigned long n)
{
	const struct entry *e = lookup(lang, NULL, msgid);

	(void)plural;
	if (e == NULL || e->form[1] == NULL)
		return NULL;
	return e->form[catalog_plural_index(lang, n)];
}

int
catalog_wants(const char *lang)
{
	return strcmp(lang, "en") != 0;
}

const struct msg_catalog catalog_msg = { catalog_get, catalog_nget, catalog_wants };
