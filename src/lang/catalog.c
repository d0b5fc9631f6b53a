#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/datadir.h"
#include "core/log.h"
#include "lang/catalog.h"
#include "lang/catbin.h"
#include "lang/poread.h"

const char *const catalog_languages[] = { "en", "de", "es", "fr", NULL };

struct entry {
	const char *form[2];
};

/* One language: "ctx\004id" or "id" to its forms (one, or two for plurals).
 * The strings are in the mapped compiled catalog (bin) or, when the language
 * was read from its .po files, in strs; the entries are in ents or owned. */
struct lang {
	char name[8];
	GHashTable *t;
	struct catbin bin;
	struct entry *ents;
	GStringChunk *strs;
	GPtrArray *owned;
	GHashTable *ctxs;   /* ctx to its entries (struct pair), when asked */
};

struct pair {
	const char *id, *form;
};

static char datadir[PATH_MAX], podir[PATH_MAX + 4];
static struct lang langs[8];
static int nlangs;

void
catalog_init(const char *dir)
{
	snprintf(datadir, sizeof datadir, "%s", dir);
	snprintf(podir, sizeof podir, "%s/po", dir);
}

static void
lang_free(struct lang *l)
{
	g_hash_table_destroy(l->t);
	if (l->ctxs != NULL)
		g_hash_table_destroy(l->ctxs);
	catbin_close(&l->bin);
	g_free(l->ents);
	if (l->strs != NULL)
		g_string_chunk_free(l->strs);
	if (l->owned != NULL)
		g_ptr_array_free(l->owned, TRUE);
	memset(l, 0, sizeof *l);
}

void
catalog_reset(void)
{
	for (int i = 0; i < nlangs; i++)
		lang_free(&langs[i]);
	nlangs = 0;
}

static void
add_po(const char *ctx, const char *id, const char *form, const char *plural, void *arg)
{
	struct lang *l = arg;
	struct entry *e = g_new(struct entry, 1);
	char *key;

	e->form[0] = g_string_chunk_insert(l->strs, form);
	e->form[1] = plural != NULL ? g_string_chunk_insert(l->strs, plural) : NULL;
	g_ptr_array_add(l->owned, e);
	if (ctx == NULL) {
		key = g_string_chunk_insert(l->strs, id);
	} else {
		char *k = g_strdup_printf("%s\004%s", ctx, id);

		key = g_string_chunk_insert(l->strs, k);
		g_free(k);
	}
	g_hash_table_replace(l->t, key, e);
}

/* The language from every po/<domain>/<lang>.po, with libgettextpo. */
static int
read_pos(struct lang *l, struct diag *d)
{
	const char *dom;
	GDir *dir;
	int r = 0;

	if ((dir = g_dir_open(podir, 0, NULL)) == NULL)
		return diag_set(d, 0, "no catalogs under %s", podir);
	l->strs = g_string_chunk_new(64 * 1024);
	l->owned = g_ptr_array_new_with_free_func(g_free);
	while (r == 0 && (dom = g_dir_read_name(dir)) != NULL) {
		char *path = g_strdup_printf("%s/%s/%s.po", podir, dom, l->name);

		if (g_file_test(path, G_FILE_TEST_EXISTS))
			r = po_read(path, add_po, l, d);
		g_free(path);
	}
	g_dir_close(dir);
	return r;
}

static int
mtime_after(const struct stat *a, const struct stat *b)
{
	if (a->st_mtim.tv_sec != b->st_mtim.tv_sec)
		return a->st_mtim.tv_sec > b->st_mtim.tv_sec;
	return a->st_mtim.tv_nsec > b->st_mtim.tv_nsec;
}

/* Whether the compiled catalog (made at time st) was compiled from the
 * language's .po files as they are now: the same domains, none edited since. */
static int
fresh(const struct catbin *bin, const struct stat *st, const char *lang)
{
	const char *const *doms = bin->domains, *dom;
	size_t want = g_strv_length((char **)doms), seen = 0;
	GDir *dir;
	int ok = 1;

	if ((dir = g_dir_open(podir, 0, NULL)) == NULL)
		ok = 0;
	while (ok && (dom = g_dir_read_name(dir)) != NULL) {
		char *path = g_strdup_printf("%s/%s/%s.po", podir, dom, lang);
		struct stat ps;

		if (stat(path, &ps) == 0) {
			seen++;
			ok = g_strv_contains(doms, dom) && !mtime_after(&ps, st);
		}
		g_free(path);
	}
	if (dir != NULL)
		g_dir_close(dir);
	return ok && seen == want;
}

/* The compiled catalog of lang for the .po files under podir, in bin, or -1
 * when there is none that is up to date: po/<lang>.catbin under the data
 * directory, or in the build tree when the data directory is its source
 * tree (a VPATH build compiles there). A corrupt one is reported and left. */
static int
compiled(struct catbin *bin, const char *lang)
{
	char build[PATH_MAX], path[2][PATH_MAX + 32];
	int n = 0;

	snprintf(path[n++], sizeof path[0], "%s/%s.catbin", podir, lang);
	if (datadir_build(build, sizeof build, datadir) == 0)
		snprintf(path[n++], sizeof path[0], "%spo/%s.catbin", build, lang);
	for (int i = 0; i < n; i++) {
		struct diag d = { 0 };
		struct stat st;

		if (stat(path[i], &st) != 0)
			continue;
		if (catbin_open(bin, path[i], lang, &d) < 0) {
			log_warn("%s; reading the .po files instead", d.msg);
			continue;
		}
		if (fresh(bin, &st, lang))
			return 0;
		catbin_close(bin);
	}
	return -1;
}

/* The language from its compiled catalog: the table points into the
 * mapped file, nothing is copied. */
static void
read_bin(struct lang *l)
{
	const char *s = l->bin.strings;

	l->ents = g_new(struct entry, l->bin.n);
	for (gsize i = 0; i < l->bin.n; i++) {
		const struct catbin_entry *e = &l->bin.entries[i];

		l->ents[i].form[0] = s + e->form;
		l->ents[i].form[1] = e->plural != CATBIN_NONE ? s + e->plural : NULL;
		g_hash_table_replace(l->t, (char *)(s + e->key), &l->ents[i]);
	}
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

	if (find(lang) != NULL)
		return 0;
	if (!shipped(lang))
		return diag_set(d, 0, "language %s is not one azalai speaks (en, de, es, fr)",
		    lang);
	if ((size_t)nlangs >= sizeof langs / sizeof langs[0])
		return diag_set(d, 0, "too many languages");
	l = &langs[nlangs];
	snprintf(l->name, sizeof l->name, "%s", lang);
	l->t = g_hash_table_new(g_str_hash, g_str_equal);
	if (compiled(&l->bin, lang) == 0) {
		read_bin(l);
	} else if (read_pos(l, d) < 0) {
		lang_free(l);
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

static void
array_free(void *p)
{
	g_array_free(p, TRUE);
}

/* The entries of each context, in the table's order, so that the order words
 * of a game are not looked for among every entry of the language each time
 * (ordertr.c asks each language for several contexts). */
static void
index_ctxs(struct lang *l)
{
	GHashTableIter it;
	void *k, *v;

	l->ctxs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, array_free);
	g_hash_table_iter_init(&it, l->t);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		const char *key = k, *sep = strchr(key, '\004');
		const struct entry *e = v;
		struct pair p;
		GArray *a;
		char *ctx;

		if (sep == NULL)
			continue;
		ctx = g_strndup(key, (gsize)(sep - key));
		if ((a = g_hash_table_lookup(l->ctxs, ctx)) == NULL) {
			a = g_array_new(FALSE, FALSE, sizeof(struct pair));
			g_hash_table_insert(l->ctxs, ctx, a);
		} else {
			g_free(ctx);
		}
		p.id = sep + 1;
		p.form = e->form[0];
		g_array_append_val(a, p);
	}
}

void
catalog_each(const char *lang, const char *ctx,
    void (*fn)(const char *msgid, const char *msgstr, void *), void *arg)
{
	struct lang *l = find(lang);
	GArray *a;

	if (l == NULL) {
		if (catalog_use(lang, NULL) < 0)
			return;
		l = find(lang);
	}
	if (l->ctxs == NULL)
		index_ctxs(l);
	if ((a = g_hash_table_lookup(l->ctxs, ctx)) == NULL)
		return;
	for (guint i = 0; i < a->len; i++) {
		const struct pair *p = &g_array_index(a, struct pair, i);

		fn(p->id, p->form, arg);
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
