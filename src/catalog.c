#include <gettext-po.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
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
read_po_lib(GHashTable *t, const char *path, struct diag *d)
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

/* libgettextpo reads a catalog at some 600 instructions a byte (its lexer
 * passes every character through iconv): reading the three languages whose
 * order words any mail may use cost as much as a hundred mails. The catalogs
 * use a small part of the PO syntax; fast_po reads that part and leaves
 * anything else to libgettextpo (another escape, an obsolete or previous
 * entry, a charset other than UTF-8, a duplicate, any doubt), so a catalog
 * reads the same either way and a broken one is refused in libgettextpo's
 * words. */
enum { F_NONE, F_CTX, F_ID, F_PLURAL, F_STR, F_STRN };

struct fast_entry {
	struct buf ctx, id, plural, str[2];
	int has_ctx, has_plural, nstr, fuzzy, state;
};

static void
fast_entry_reset(struct fast_entry *e)
{
	buf_reset(&e->ctx);
	buf_reset(&e->id);
	buf_reset(&e->plural);
	buf_reset(&e->str[0]);
	buf_reset(&e->str[1]);
	e->has_ctx = e->has_plural = e->nstr = e->fuzzy = 0;
	e->state = F_NONE;
}

/* A quoted string at p, its bytes appended to b; where it ends, or NULL
 * when it is anything but a plain one followed by blanks to the line's end. */
static const char *
fast_string(const char *p, const char *eol, struct buf *b)
{
	if (*p++ != '"')
		return NULL;
	for (;;) {
		const char *q = p;

		while (q < eol && *q != '"' && *q != '\\' && (unsigned char)*q >= ' ')
			q++;
		buf_add(b, p, (size_t)(q - p));
		if (q >= eol || (unsigned char)*q < ' ')
			return NULL;
		if (*q == '"') {
			for (q++; q < eol && (*q == ' ' || *q == '\t'); q++)
				;
			return q == eol ? q : NULL;
		}
		switch (q[1]) {
		case 'n': buf_addc(b, '\n'); break;
		case 't': buf_addc(b, '\t'); break;
		case '"': buf_addc(b, '"'); break;
		case '\\': buf_addc(b, '\\'); break;
		default: return NULL;
		}
		p = q + 2;
	}
}

/* Keeps a finished entry as read_po would; -1 on a duplicate (libgettextpo
 * refuses the file). */
static int
fast_keep(GHashTable *t, GHashTable *seen, struct fast_entry *e, int *header)
{
	char *key;
	struct entry *en;

	buf_adds(&e->ctx, "");
	buf_adds(&e->id, "");
	buf_adds(&e->str[0], "");
	buf_adds(&e->str[1], "");
	key = e->has_ctx ? g_strdup_printf("%s\004%s", e->ctx.p, e->id.p) : g_strdup(e->id.p);
	if (!g_hash_table_add(seen, key))
		return -1;
	if (e->id.len == 0) {
		/* Only a header without a context, saying UTF-8, is plain. */
		if (e->has_ctx || e->has_plural ||
		    strstr(e->str[0].p, "\nContent-Type: text/plain; charset=UTF-8\n") == NULL)
			return -1;
		*header = 1;
		return 0;
	}
	if (e->fuzzy || e->str[0].len == 0)
		return 0;
	en = g_new0(struct entry, 1);
	en->form[0] = g_strdup(e->str[0].p);
	if (e->has_plural)
		en->form[1] = g_strdup(e->nstr > 1 ? e->str[1].p : e->str[0].p);
	g_hash_table_replace(t, g_strdup(key), en);
	return 0;
}

/* "#, fuzzy, c-format": whether fuzzy is among the flags. */
static int
fast_fuzzy(const char *p, const char *eol)
{
	while (p < eol) {
		const char *w;

		while (p < eol && (*p == ',' || *p == ' ' || *p == '\t'))
			p++;
		for (w = p; p < eol && *p != ',' && *p != ' ' && *p != '\t'; p++)
			;
		if (p - w == 5 && memcmp(w, "fuzzy", 5) == 0)
			return 1;
	}
	return 0;
}

/* 0: read into t (a scratch table the caller merges); 1: not plain enough,
 * libgettextpo must read it. */
static int
fast_lines(GHashTable *t, const char *text, size_t len)
{
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	struct fast_entry e;
	const char *p = text, *end = text + len;
	struct buf *cur = NULL;
	int header = 0, rc = 1;

	memset(&e, 0, sizeof e);
	if (memchr(text, '\r', len) != NULL || memchr(text, '\0', len) != NULL ||
	    !g_utf8_validate(text, (gssize)len, NULL))
		goto out;
	for (; p < end; p++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *v = NULL;
		int kw = F_NONE, done;

		if (eol == NULL)
			eol = end;
		done = e.state == F_STR || e.state == F_STRN;
		if (p == eol) {
			p = eol;
			continue;
		}
		if (*p == '#') {
			/* A comment stands before its entry: it ends the last one. */
			if (eol - p > 1 && (p[1] == '~' || p[1] == '|'))
				goto out;
			if (e.state != F_NONE) {
				if (!done || fast_keep(t, seen, &e, &header) < 0)
					goto out;
				fast_entry_reset(&e);
			}
			cur = NULL;
			if (eol - p > 1 && p[1] == ',')
				e.fuzzy |= fast_fuzzy(p + 2, eol);
			p = eol;
			continue;
		}
		if (*p == '"') {
			if (cur == NULL || fast_string(p, eol, cur) == NULL)
				goto out;
			p = eol;
			continue;
		}
#define KW(s, k) (eol - p > (long)sizeof s && memcmp(p, s " ", sizeof s) == 0 && \
	    (kw = k, v = p + sizeof s))
		if (!(KW("msgctxt", F_CTX) || KW("msgid", F_ID) || KW("msgid_plural", F_PLURAL) ||
		    KW("msgstr", F_STR) || KW("msgstr[0]", F_STRN) || KW("msgstr[1]", F_STRN)))
			goto out;
#undef KW
		if (kw == F_CTX || (kw == F_ID && e.state != F_CTX)) {
			/* A new entry: the last one ends here. */
			if (e.state != F_NONE) {
				if (!done || fast_keep(t, seen, &e, &header) < 0)
					goto out;
				fast_entry_reset(&e);
			}
		}
		switch (kw) {
		case F_CTX:
			if (e.state != F_NONE)
				goto out;
			e.has_ctx = 1;
			cur = &e.ctx;
			break;
		case F_ID:
			if (e.state != F_NONE && e.state != F_CTX)
				goto out;
			cur = &e.id;
			break;
		case F_PLURAL:
			if (e.state != F_ID)
				goto out;
			e.has_plural = 1;
			cur = &e.plural;
			break;
		case F_STR:
			if (e.state != F_ID)
				goto out;
			e.nstr = 1;
			cur = &e.str[0];
			break;
		default:
			/* msgstr[0] after msgid_plural, msgstr[1] after it. */
			if (p[7] - '0' != e.nstr || (e.nstr == 0 ? e.state != F_PLURAL :
			    e.state != F_STRN))
				goto out;
			cur = &e.str[e.nstr++];
			break;
		}
		e.state = kw;
		while (*v == ' ' || *v == '\t')
			v++;
		if (fast_string(v, eol, cur) == NULL)
			goto out;
		p = eol;
	}
	if (e.state != F_NONE && (!(e.state == F_STR || e.state == F_STRN) ||
	    fast_keep(t, seen, &e, &header) < 0))
		goto out;
	/* Without a header saying UTF-8, libgettextpo decides. */
	rc = header ? 0 : 1;
out:
	buf_free(&e.ctx);
	buf_free(&e.id);
	buf_free(&e.plural);
	buf_free(&e.str[0]);
	buf_free(&e.str[1]);
	g_hash_table_destroy(seen);
	return rc;
}

/* Reads path into t the fast way when it is plain: 0 done; 1 not plain, or
 * not readable (nothing added: libgettextpo reads it, or says why not). */
static int
fast_po(GHashTable *t, const char *path)
{
	GHashTable *got = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, entry_free);
	GHashTableIter it;
	gchar *text;
	gsize len;
	void *k, *v;
	int rc;

	if (!g_file_get_contents(path, &text, &len, NULL)) {
		g_hash_table_destroy(got);
		return 1;
	}
	rc = fast_lines(got, text, len);
	g_free(text);
	if (rc == 0) {
		g_hash_table_iter_init(&it, got);
		while (g_hash_table_iter_next(&it, &k, &v)) {
			g_hash_table_iter_steal(&it);
			g_hash_table_replace(t, k, v);
		}
	}
	g_hash_table_destroy(got);
	return rc;
}

static int
read_po(GHashTable *t, const char *path, struct diag *d)
{
	if (fast_po(t, path) == 0)
		return 0;
	return read_po_lib(t, path, d);
}

static int
same_entry(const struct entry *a, const struct entry *b)
{
	for (int i = 0; i < 2; i++)
		if ((a->form[i] == NULL) != (b->form[i] == NULL) ||
		    (a->form[i] != NULL && strcmp(a->form[i], b->form[i]) != 0))
			return 0;
	return 1;
}

int
catalog_po_same(const char *path)
{
	GHashTable *fast = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, entry_free);
	GHashTable *lib = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, entry_free);
	GHashTableIter it;
	void *k, *v;
	int rc = -1;

	if (fast_po(fast, path) == 0) {
		rc = read_po_lib(lib, path, NULL) == 0 &&
		    g_hash_table_size(fast) == g_hash_table_size(lib);
		g_hash_table_iter_init(&it, fast);
		while (rc == 1 && g_hash_table_iter_next(&it, &k, &v)) {
			const struct entry *o = g_hash_table_lookup(lib, k);

			rc = o != NULL && same_entry(v, o);
		}
	}
	g_hash_table_destroy(fast);
	g_hash_table_destroy(lib);
	return rc;
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
