#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/log.h"
#include "lang/catalog.h"
#include "lang/mo.h"

/* po/LINGUAS, through configure. */
const char *const catalog_languages[] = { AZ_LANGUAGES NULL };

struct entry {
	const char *form[2];
};

/* One domain's compiled catalog of a language, mapped; its entries point
 * into it. */
struct domain {
	struct mo mo;
	struct entry *ents;
};

/* One language: "ctx\004id" or "id" to its forms (one, or two for plurals),
 * from every domain's catalog. */
struct lang {
	char name[8];
	GHashTable *t;
	GPtrArray *doms;
	GHashTable *ctxs;   /* ctx to its entries (struct pair), when asked */
};

struct pair {
	const char *id, *form;
};

static char datadir[PATH_MAX];
static struct lang langs[8];
static int nlangs;

void
catalog_init(const char *dir)
{
	snprintf(datadir, sizeof datadir, "%s", dir);
}

static void
domain_free(void *p)
{
	struct domain *dom = p;

	mo_close(&dom->mo);
	g_free(dom->ents);
	g_free(dom);
}

static void
lang_free(struct lang *l)
{
	g_hash_table_destroy(l->t);
	if (l->ctxs != NULL)
		g_hash_table_destroy(l->ctxs);
	g_ptr_array_free(l->doms, TRUE);
	memset(l, 0, sizeof *l);
}

void
catalog_reset(void)
{
	for (int i = 0; i < nlangs; i++)
		lang_free(&langs[i]);
	nlangs = 0;
}

/* Where the compiled catalogs are, po/<domain>/<lang>.mo: under the build
 * tree when the data directory is the source tree it was built from (a VPATH
 * build compiles there, and its catalogs are the source's as they are now),
 * else under the data directory, where make install puts them. */
static void
modir(char *out, size_t n)
{
	char build[PATH_MAX];

	if (datadir_build(build, sizeof build, datadir) == 0)
		snprintf(out, n, "%spo", build);
	else
		snprintf(out, n, "%s/po", datadir);
}

/* Every entry of one domain's catalog into the language's table; the header
 * and an empty translation are none. */
static void
add_domain(struct lang *l, struct domain *dom)
{
	dom->ents = g_new(struct entry, dom->mo.n);
	for (uint32_t i = 0; i < dom->mo.n; i++) {
		struct entry *e = &dom->ents[i];
		struct mo_msg m;

		mo_get(&dom->mo, i, &m);
		if (m.id[0] == '\0' || m.str[0] == '\0')
			continue;
		e->form[0] = m.str;
		e->form[1] = NULL;
		if (m.plural && (e->form[1] = mo_form(&m, 1)) == NULL)
			e->form[1] = e->form[0];
		g_hash_table_replace(l->t, (char *)m.id, e);
	}
}

/* The language from every po/<domain>/<lang>.mo. */
static int
read_mos(struct lang *l, struct diag *d)
{
	char dir[PATH_MAX + 4];
	const char *name;
	GDir *g;
	int r = 0;

	modir(dir, sizeof dir);
	if ((g = g_dir_open(dir, 0, NULL)) == NULL)
		return diag_set(d, 0, "no catalogs under %s", dir);
	while (r == 0 && (name = g_dir_read_name(g)) != NULL) {
		char *path = g_strdup_printf("%s/%s/%s.mo", dir, name, l->name);
		struct domain *dom;

		if (g_file_test(path, G_FILE_TEST_EXISTS)) {
			dom = g_new0(struct domain, 1);
			if ((r = mo_open(&dom->mo, path, d)) == 0) {
				g_ptr_array_add(l->doms, dom);
				add_domain(l, dom);
			} else {
				g_free(dom);
			}
		}
		g_free(path);
	}
	g_dir_close(g);
	/* Not an error (a data directory may carry only some catalogs), but a
	 * language with none speaks English: the operator should hear why. */
	if (r == 0 && l->doms->len == 0)
		log_warn("no %s catalog (po/*/%s.mo) under %s", l->name, l->name, dir);
	return r;
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
	l->doms = g_ptr_array_new_with_free_func(domain_free);
	if (read_mos(l, d) < 0) {
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
