#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/catalog.h"
#include "lang/lang.h"
#include "lang/ordertr.h"

const char *
seat_lang(const struct config *c, const struct play *p, int seat)
{
	return lang_seat(c, p, seat);
}

/* One phrase a player may write: its words folded three ways (case; case
 * and accents to ASCII; and to ASCII as the language spells them, "ä" as
 * "ae" in German), joined by single spaces. */
struct phrase {
	char *fold, *ascii, *ascii_lang;
	int nwords;
	char *en;      /* the English keyword */
	char *shown;   /* the first alternative of the language */
};

struct table {
	char key[16], lang[8], game[32];
	struct phrase *v;
	size_t n, cap;
	/* Reading: the English words of every language's entries, folded.
	 * An English keyword is never read as another one that some
	 * language spells like it (French SEAT is "PLACE", Targi has PLACE). */
	GHashTable *english;
};

/* Pointers, so a table stays put while another is added. */
static struct table **tables;
static size_t ntables;

/* ASCII folds to its lower case every way: most words of most mails are
 * ASCII, and normalizing them cost more than reading the mail. */
static int
is_ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Lower case, accents kept (NFC so that a decomposed "ä" is the same).
 * A mail's word may be any bytes: GLib's UTF-8 functions have undefined
 * behaviour on invalid input (g_utf8_normalize frees a pointer it never
 * allocated on "\xc2\xf8"), and such a word can match no order word. */
static char *
fold_case(const char *s)
{
	char *nfc, *r;

	if (is_ascii(s) || !g_utf8_validate(s, -1, NULL))
		return g_ascii_strdown(s, -1);
	nfc = g_utf8_normalize(s, -1, G_NORMALIZE_NFC);
	if (nfc == NULL)
		return g_ascii_strdown(s, -1);
	r = g_utf8_casefold(nfc, -1);
	g_free(nfc);
	return r;
}

static char *
fold_ascii(const char *s, const char *locale)
{
	char *a, *r;

	if (is_ascii(s) || !g_utf8_validate(s, -1, NULL))
		return g_ascii_strdown(s, -1);
	a = g_str_to_ascii(s, locale);
	r = g_ascii_strdown(a, -1);
	g_free(a);
	return r;
}

/* Collapses runs of spaces and commas to one space, trims both ends. */
static char *
squeeze(const char *s)
{
	char *r = xmalloc(strlen(s) + 1), *q = r;

	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\t' || *s == ',') {
			if (q > r && q[-1] != ' ')
				*q++ = ' ';
			continue;
		}
		*q++ = *s;
	}
	while (q > r && q[-1] == ' ')
		q--;
	*q = '\0';
	return r;
}

static int
count_words(const char *s)
{
	int n = *s != '\0';

	for (; *s != '\0'; s++)
		n += *s == ' ';
	return n;
}

static void
add(struct table *t, const char *written, const char *en, const char *shown)
{
	struct phrase *ph;
	char *w = squeeze(written);

	if (w[0] == '\0') {
		free(w);
		return;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
	}
	ph = &t->v[t->n++];
	ph->fold = fold_case(w);
	ph->ascii = fold_ascii(w, "C");
	ph->ascii_lang = fold_ascii(w, t->lang);
	ph->nwords = count_words(w);
	ph->en = xstrdup(en);
	ph->shown = xstrdup(shown);
	free(w);
}

struct filling {
	struct table *t;
	int to_english;
};

static void
entry(const char *msgid, const char *msgstr, void *arg)
{
	struct filling *f = arg;
	char **alt = g_strsplit(msgstr, "|", -1);
	char *first = squeeze(alt[0] != NULL ? alt[0] : msgid);

	if (f->to_english) {
		for (int i = 0; alt[i] != NULL; i++)
			add(f->t, alt[i], msgid, first);
	} else {
		add(f->t, msgid, msgid, first);
	}
	free(first);
	g_strfreev(alt);
}

static void
english_word(const char *msgid, const char *msgstr, void *arg)
{
	(void)msgstr;
	g_hash_table_add(arg, fold_case(msgid));
}

static int
by_length(const void *a, const void *b)
{
	const struct phrase *x = a, *y = b;

	int c;

	if (x->nwords != y->nwords)
		return y->nwords - x->nwords;
	if (strlen(x->fold) != strlen(y->fold))
		return (int)strlen(y->fold) - (int)strlen(x->fold);
	/* The catalogs come in hash order: a tie must not depend on it. */
	if ((c = strcmp(x->fold, y->fold)) != 0)
		return c;
	return strcmp(x->en, y->en);
}

/* The phrases of lang and game, read from the catalogs once. to_english:
 * keyed by the language's words; else by the English ones. */
static struct table *
table_of(const char *lang, const char *game, int to_english)
{
	char ctx[64], key[16];
	struct filling f;
	struct table *t;

	snprintf(key, sizeof key, "%c%.8s", to_english ? '<' : '>', lang);
	for (size_t i = 0; i < ntables; i++)
		if (strcmp(tables[i]->key, key) == 0 && strcmp(tables[i]->game, game) == 0)
			return tables[i];
	tables = xreallocarray(tables, ntables + 1, sizeof *tables);
	t = tables[ntables++] = xmalloc(sizeof *t);
	memset(t, 0, sizeof *t);
	snprintf(t->key, sizeof t->key, "%s", key);
	snprintf(t->lang, sizeof t->lang, "%s", lang);
	snprintf(t->game, sizeof t->game, "%s", game);
	f.t = t;
	f.to_english = to_english;
	snprintf(ctx, sizeof ctx, "order.%s", game);
	catalog_each(lang, ctx, entry, &f);
	catalog_each(lang, "order.common", entry, &f);
	if (to_english) {
		t->english = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
		for (int i = 0; catalog_languages[i] != NULL; i++) {
			catalog_each(catalog_languages[i], ctx, english_word, t->english);
			catalog_each(catalog_languages[i], "order.common", english_word,
			    t->english);
		}
	}
	if (t->n > 0)
		qsort(t->v, t->n, sizeof *t->v, by_length);
	return t;
}

struct word {
	size_t start, end;   /* bytes of the line */
	char *fold, *ascii;
};

static size_t
split(const char *line, struct word *w, size_t max)
{
	size_t n = 0, i = 0;

	while (line[i] != '\0' && n < max) {
		char *s;

		while (line[i] == ' ' || line[i] == '\t' || line[i] == ',')
			i++;
		if (line[i] == '\0')
			break;
		w[n].start = i;
		/* A count before a word is a word of its own: "1VP" is one
		 * victory point, "1SP" in German. */
		while (line[i] >= '0' && line[i] <= '9')
			i++;
		if (i == w[n].start || line[i] == '\0' || line[i] == ' ' || line[i] == '\t' ||
		    line[i] == ',' || line[i] == '.' || line[i] == '-' || line[i] == ':')
			while (line[i] != '\0' && line[i] != ' ' && line[i] != '\t' && line[i] != ',')
				i++;
		w[n].end = i;
		s = xstrndup(line + w[n].start, i - w[n].start);
		w[n].fold = fold_case(s);
		w[n].ascii = fold_ascii(s, "C");
		free(s);
		n++;
	}
	return n;
}

/* Whether words [i, i + nwords) read as want (words joined by one space),
 * compared by their case folding or by their ASCII spelling. */
static int
matches(const struct word *w, size_t i, const char *want, int nwords, int by_ascii)
{
	size_t at = 0;

	for (int k = 0; k < nwords; k++) {
		const char *have = by_ascii ? w[i + (size_t)k].ascii : w[i + (size_t)k].fold;
		size_t len = strlen(have);

		if (k > 0 && want[at++] != ' ')
			return 0;
		if (strncmp(want + at, have, len) != 0)
			return 0;
		at += len;
	}
	return want[at] == '\0';
}

static int
matches_any(const struct word *w, size_t i, const struct phrase *ph)
{
	/* The last one takes "saen" for "säen": the language's own ASCII. */
	return matches(w, i, ph->fold, ph->nwords, 0) ||
	    matches(w, i, ph->ascii, ph->nwords, 1) ||
	    matches(w, i, ph->ascii_lang, ph->nwords, 1);
}

#define MAX_WORDS 128

static int
translate(const struct table *t, int to_english, const char *line, char *out, size_t n)
{
	struct word w[MAX_WORDS];
	size_t nw = split(line, w, MAX_WORDS), done = 0;
	struct buf b;
	int changed = 0, r;

	b = (struct buf)BUF_INIT;
	for (size_t i = 0; i < nw; i++) {
		const struct phrase *hit = NULL;

		if (t->english != NULL && g_hash_table_contains(t->english, w[i].fold))
			continue;
		for (size_t k = 0; k < t->n && hit == NULL; k++)
			if (i + (size_t)t->v[k].nwords <= nw && matches_any(w, i, &t->v[k]))
				hit = &t->v[k];
		if (hit == NULL)
			continue;
		buf_add(&b, line + done, w[i].start - done);
		buf_adds(&b, to_english ? hit->en : hit->shown);
		done = w[i + (size_t)hit->nwords - 1].end;
		i += (size_t)hit->nwords - 1;
		changed = 1;
	}
	buf_adds(&b, line + done);
	for (size_t i = 0; i < nw; i++) {
		g_free(w[i].fold);
		g_free(w[i].ascii);
	}
	if (changed && strcmp(b.p, line) == 0)
		changed = 0;
	r = b.len < n ? changed : -1;
	snprintf(out, n, "%s", r < 0 ? line : b.p);
	buf_free(&b);
	return r;
}

int
ordertr_to_english(const char *lang, const char *game, const char *line, char *out,
    size_t n)
{
	if (lang == NULL || strcmp(lang, "en") == 0) {
		snprintf(out, n, "%s", line);
		return strlen(line) < n ? 0 : -1;
	}
	return translate(table_of(lang, game, 1), 1, line, out, n);
}

int
ordertr_to_lang(const char *lang, const char *game, const char *line, char *out, size_t n)
{
	if (lang == NULL || strcmp(lang, "en") == 0) {
		snprintf(out, n, "%s", line);
		return strlen(line) < n ? 0 : -1;
	}
	return translate(table_of(lang, game, 0), 0, line, out, n);
}

const char *
ordertr_word(const char *lang, const char *game, const char *kw)
{
	const struct table *t;

	if (lang == NULL || strcmp(lang, "en") == 0)
		return kw;
	t = table_of(lang, game, 0);
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].en, kw) == 0)
			return t->v[i].shown;
	return kw;
}

/* The one-word spellings of a common keyword in every other language, as
 * matches_any compares them: by case folding, or by ASCII (plain or as the
 * language spells it). Gathered once per keyword: every line of every mail
 * asks whether its first word is GAME, SEAT or TOKEN in some language. */
struct common {
	char kw[16];
	GPtrArray *fold, *ascii;
};

static struct common commons[16];
static size_t ncommons;

static const struct common *
common_of(const char *kw)
{
	struct common *c;

	for (size_t i = 0; i < ncommons; i++)
		if (strcmp(commons[i].kw, kw) == 0)
			return &commons[i];
	if (ncommons == sizeof commons / sizeof commons[0] || strlen(kw) >= sizeof c->kw)
		return NULL;
	c = &commons[ncommons++];
	snprintf(c->kw, sizeof c->kw, "%s", kw);
	c->fold = g_ptr_array_new();
	c->ascii = g_ptr_array_new();
	for (int i = 0; catalog_languages[i] != NULL; i++) {
		const struct table *t;

		if (strcmp(catalog_languages[i], "en") == 0)
			continue;
		t = table_of(catalog_languages[i], "", 1);
		for (size_t k = 0; k < t->n; k++) {
			if (t->v[k].nwords != 1 || strcmp(t->v[k].en, kw) != 0)
				continue;
			g_ptr_array_add(c->fold, t->v[k].fold);
			g_ptr_array_add(c->ascii, t->v[k].ascii);
			g_ptr_array_add(c->ascii, t->v[k].ascii_lang);
		}
	}
	return c;
}

static int
among(const GPtrArray *a, const char *s)
{
	for (guint i = 0; i < a->len; i++)
		if (strcmp(g_ptr_array_index(a, i), s) == 0)
			return 1;
	return 0;
}

int
ordertr_is_common(const char *kw, const char *w, size_t len)
{
	const struct common *c;
	char *s;
	struct word one;
	int r = 0;

	if (len == strlen(kw) && strncasecmp(w, kw, len) == 0)
		return 1;
	c = common_of(kw);
	s = xstrndup(w, len);
	one.fold = fold_case(s);
	one.ascii = fold_ascii(s, "C");
	if (c != NULL) {
		r = among(c->fold, one.fold) || among(c->ascii, one.ascii);
	} else {
		for (int i = 0; catalog_languages[i] != NULL && !r; i++) {
			const struct table *t;

			if (strcmp(catalog_languages[i], "en") == 0)
				continue;
			t = table_of(catalog_languages[i], "", 1);
			for (size_t k = 0; k < t->n && !r; k++)
				r = t->v[k].nwords == 1 && strcmp(t->v[k].en, kw) == 0 &&
				    matches_any(&one, 0, &t->v[k]);
		}
	}
	g_free(one.fold);
	g_free(one.ascii);
	free(s);
	return r;
}

/* Rewrites the fields of an encoded message (msg.h: MSG_MARK, a kind, then
 * "<length>:<bytes>" fields) that are canon, also inside fragments. */
static void
requote_enc(const char *s, const char *canon, const char *orig, struct buf *out)
{
	const char *p = s;

	if (s[0] != MSG_MARK || s[1] == '\0') {
		buf_adds(out, strcmp(s, canon) == 0 ? orig : s);
		return;
	}
	buf_add(out, s, 2);
	p = s + 2;
	while (*p != '\0') {
		char *end, *f;
		unsigned long len = strtoul(p, &end, 10);
		struct buf sub;

		if (end == p || *end != ':' || strlen(end + 1) < len) {
			buf_adds(out, p);   /* not ours to read: keep it as it is */
			return;
		}
		f = xstrndup(end + 1, len);
		sub = (struct buf)BUF_INIT;
		requote_enc(f, canon, orig, &sub);
		buf_printf(out, "%zu:", sub.len);
		buf_add(out, sub.p != NULL ? sub.p : "", sub.len);
		buf_free(&sub);
		free(f);
		p = end + 1 + len;
	}
}

void
ordertr_requote(struct diag *d, const char *canon, const char *orig)
{
	struct buf b;

	if (d == NULL || strcmp(canon, orig) == 0 || !msg_is_encoded(d->enc))
		return;
	b = (struct buf)BUF_INIT;
	requote_enc(d->enc, canon, orig, &b);
	buf_adds(&b, "");
	if (b.len < sizeof d->enc) {
		memcpy(d->enc, b.p, b.len + 1);
		msg_english(d->enc, d->msg, sizeof d->msg);
	}
	buf_free(&b);
}

static void
set_kw(struct tval *map, const char *en, const char *shown)
{
	char key[128];
	size_t i;

	snprintf(key, sizeof key, "%s", en);
	for (i = 0; key[i] != '\0'; i++)
		if (key[i] == ' ' || key[i] == '.')
			key[i] = '_';
	tval_set_str(map, key, shown);
}

struct kwfill {
	const char *lang, *game;
	struct tval *map;
};

static void
kw_entry(const char *msgid, const char *msgstr, void *arg)
{
	struct kwfill *k = arg;

	(void)msgstr;
	set_kw(k->map, msgid, ordertr_word(k->lang, k->game, msgid));
}

/* The "kw" map of one language and game, built once: it walks every
 * language's catalogs, and every mail a template renders needs it. */
struct kwmap {
	char lang[16], game[32];
	struct tval *map;
};

static struct kwmap *kwmaps;
static size_t nkwmaps;

static struct tval *
keywords_of(const char *lang, const char *game)
{
	static const char *const header[] = { "GAME", "SEAT", "STEP", "TOKEN", "HELP",
		"LEGAL", "CONFIRM", "PRESS", "TO", "ALL", "ANONYMOUS", "ENDPRESS", NULL };
	struct kwfill k = { lang, game, NULL };
	struct kwmap *m;
	char ctx[64];

	for (size_t i = 0; i < nkwmaps; i++)
		if (strcmp(kwmaps[i].lang, lang) == 0 && strcmp(kwmaps[i].game, game) == 0)
			return kwmaps[i].map;
	kwmaps = xreallocarray(kwmaps, nkwmaps + 1, sizeof *kwmaps);
	m = &kwmaps[nkwmaps++];
	snprintf(m->lang, sizeof m->lang, "%s", lang);
	snprintf(m->game, sizeof m->game, "%s", game);
	m->map = k.map = tval_map();
	snprintf(ctx, sizeof ctx, "order.%s", game);
	/* Every keyword any language translates, so a template in one
	 * language never meets a key another lacks. */
	for (int i = 0; catalog_languages[i] != NULL; i++) {
		if (strcmp(catalog_languages[i], "en") == 0)
			continue;
		catalog_each(catalog_languages[i], ctx, kw_entry, &k);
		catalog_each(catalog_languages[i], "order.common", kw_entry, &k);
	}
	for (int i = 0; header[i] != NULL; i++)
		set_kw(k.map, header[i], ordertr_word(lang, game, header[i]));
	tval_share(m->map);
	return m->map;
}

/* Every tree holds the one map, not a copy of it: copying it for each mail
 * cost more than the rest of the keywords' work. */
void
ordertr_keywords(const char *lang, const char *game, struct tval *root)
{
	tval_set(root, "kw", keywords_of(lang, game));
}
