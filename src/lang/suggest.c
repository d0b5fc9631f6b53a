#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "lang/spelling.h"
#include "lang/suggest.h"

/*
 * An order is a few short words, so the distance is reckoned per word and
 * the words aligned like letters in an edit distance: a word too many or
 * missing costs 1, a word for a word what the two words differ by (0 to 1).
 * A keyword differs from a typed word by the edit distance (with swapped
 * letters as one edit) to the nearest of its spellings in every language,
 * over the longer's length; a number from a number by being another one,
 * a little more the farther off it is. Letters and digits are separate
 * words ("PLACE13" is PLACE 13), and a typed word may be made of two or
 * three pieces ("PLA CE") or hold two keywords ("PLACEDUNE").
 */

#define MAX_WORDS 32
#define WORD_LEN 48
#define JOIN_COST 0.05   /* per piece joined: whole words match first */
/* Pieces are joined only into a word near a keyword, to mend a space too
 * many: else joining would swallow any words at the cost of one. */
#define JOIN_MAX 0.34
/* How far per word an order may be from the line and still be offered:
 * a keyword mended and another number ("lpace 2" for PLACE 3) is near
 * enough, a sentence ("thanks, see you") is not. */
#define NEAR_ENOUGH 0.6

struct token {
	char s[WORD_LEN];   /* ASCII lower case */
	int digits;
};

/* The spellings of one game's keywords: English keyword (folded) to a
 * GPtrArray of every language's spellings (folded, no spaces), itself
 * included. */
struct spellings {
	char game[32];
	GHashTable *kw;
};

static struct spellings *games;
static size_t ngames;

static void
add_spelling(GHashTable *kw, const char *en, const char *written)
{
	char *k = spelling_fold(en, 1), *w = spelling_fold(written, 1);
	GPtrArray *v = g_hash_table_lookup(kw, k);

	if (v == NULL) {
		v = g_ptr_array_new_with_free_func(free);
		g_ptr_array_add(v, xstrdup(k));
		g_hash_table_insert(kw, xstrdup(k), v);
	}
	if (w[0] != '\0')
		g_ptr_array_add(v, w);
	else
		free(w);
	free(k);
}

static void
spelling_entry(const char *en, char *const *alt, const char *lang, int common, void *arg)
{
	(void)lang;
	(void)common;
	/* A keyword of several English words is not one word of an order. */
	if (strchr(en, ' ') == NULL)
		for (int i = 0; alt[i] != NULL; i++)
			add_spelling(arg, en, alt[i]);
}

static GHashTable *
spellings_of(const char *game)
{
	struct spellings *s;

	for (size_t i = 0; i < ngames; i++)
		if (strcmp(games[i].game, game) == 0)
			return games[i].kw;
	games = xreallocarray(games, ngames + 1, sizeof *games);
	s = &games[ngames++];
	snprintf(s->game, sizeof s->game, "%s", game);
	s->kw = g_hash_table_new_full(g_str_hash, g_str_equal, free,
	    (GDestroyNotify)g_ptr_array_unref);
	spelling_each(game, spelling_entry, s->kw);
	return s->kw;
}

/* The words of s: runs of letters, runs of digits. */
static size_t
tokens(const char *s, struct token *t, size_t max)
{
	char *a = spelling_fold(s, 0);
	size_t n = 0;

	for (const char *p = a; *p != '\0' && n < max;) {
		size_t len = 0;
		int digits = g_ascii_isdigit(*p);

		if (!g_ascii_isalnum(*p)) {
			p++;
			continue;
		}
		while (*p != '\0' && g_ascii_isalnum(*p) && !!g_ascii_isdigit(*p) == digits) {
			if (len + 1 < WORD_LEN)
				t[n].s[len++] = *p;
			p++;
		}
		t[n].s[len] = '\0';
		t[n++].digits = digits;
	}
	free(a);
	return n;
}

static double
word_cost(const char *typed, const char *want)
{
	size_t m = strlen(typed), n = strlen(want), big = m > n ? m : n;

	if (big == 0)
		return 0;
	return (double)spelling_distance(typed, want) / (double)big;
}

/* How far typed is from the order's word w: over w's spellings when it is
 * a keyword, else from w itself. */
static double
keyword_cost(GHashTable *kw, const char *typed, const struct token *w)
{
	GPtrArray *v = g_hash_table_lookup(kw, w->s);
	double best = word_cost(typed, w->s);

	for (guint i = 0; v != NULL && i < v->len && best > 0; i++) {
		double c = word_cost(typed, g_ptr_array_index(v, i));

		if (c < best)
			best = c;
	}
	return best;
}

static const char *
no_zeros(const char *s)
{
	while (s[0] == '0' && s[1] != '\0')
		s++;
	return s;
}

static double
number_cost(const char *a, const char *b)
{
	double x, y, off;

	a = no_zeros(a);
	b = no_zeros(b);
	if (strcmp(a, b) == 0)
		return 0;
	x = strtod(a, NULL);
	y = strtod(b, NULL);
	off = x > y ? x - y : y - x;
	return 0.9 + 0.1 * (off > 10 ? 1 : off / 10);
}

static double
token_cost(GHashTable *kw, const struct token *t, const struct token *w)
{
	if (t->digits != w->digits)
		return 1;
	return t->digits ? number_cost(t->s, w->s) : keyword_cost(kw, t->s, w);
}

/* typed words [i, i + k) as one word, when they are all letters. */
static int
joined(const struct token *t, size_t i, size_t k, struct token *out)
{
	size_t len = 0;

	out->digits = 0;
	for (size_t x = i; x < i + k; x++) {
		size_t l = strlen(t[x].s);

		if (t[x].digits || len + l >= WORD_LEN)
			return 0;
		memcpy(out->s + len, t[x].s, l);
		len += l;
	}
	out->s[len] = '\0';
	return 1;
}

/* One typed word holding the order's two keywords w[0] and w[1]. */
static double
split_cost(GHashTable *kw, const struct token *t, const struct token *w)
{
	size_t n = strlen(t->s);
	double best = 2;

	if (t->digits || w[0].digits || w[1].digits)
		return best;
	for (size_t k = 1; k < n; k++) {
		char a[WORD_LEN];
		double c;

		snprintf(a, sizeof a, "%.*s", (int)k, t->s);
		c = keyword_cost(kw, a, &w[0]) + keyword_cost(kw, t->s + k, &w[1]);
		if (c < best)
			best = c;
	}
	return best <= 2 * JOIN_MAX ? best + JOIN_COST : 2;
}

static double
distance(GHashTable *kw, const struct token *t, size_t m, const struct token *w, size_t n)
{
	double d[MAX_WORDS + 1][MAX_WORDS + 1];

	for (size_t i = 0; i <= m; i++)
		for (size_t j = 0; j <= n; j++) {
			double c = i + j == 0 ? 0 : 1e9;

			if (i > 0 && d[i - 1][j] + 1 < c)
				c = d[i - 1][j] + 1;
			if (j > 0 && d[i][j - 1] + 1 < c)
				c = d[i][j - 1] + 1;
			for (size_t k = 1; j > 0 && k <= 3 && k <= i; k++) {
				struct token one;
				double x;

				if (k == 1)
					x = token_cost(kw, &t[i - 1], &w[j - 1]);
				else if (joined(t, i - k, k, &one) &&
				    (x = token_cost(kw, &one, &w[j - 1])) <= JOIN_MAX)
					x += JOIN_COST * (double)(k - 1);
				else
					continue;
				if (d[i - k][j - 1] + x < c)
					c = d[i - k][j - 1] + x;
			}
			if (i > 0 && j > 1 && d[i - 1][j - 2] + 1 < c) {
				double x = split_cost(kw, &t[i - 1], &w[j - 2]);

				if (d[i - 1][j - 2] + x < c)
					c = d[i - 1][j - 2] + x;
			}
			d[i][j] = c;
		}
	return d[m][n];
}

struct ranked {
	double cost;
	size_t i;
};

static int
by_cost(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

size_t
suggest_orders(const char *game, const char *line, const struct order_list *legal,
    size_t *pick, size_t max)
{
	struct token t[MAX_WORDS], w[MAX_WORDS];
	size_t m = tokens(line, t, MAX_WORDS), n = 0;
	GHashTable *kw;
	struct ranked *r;

	if (m == 0 || legal->n == 0 || max == 0)
		return 0;
	kw = spellings_of(game);
	r = xreallocarray(NULL, legal->n, sizeof *r);
	for (size_t i = 0; i < legal->n; i++) {
		size_t k = tokens(legal->v[i].text, w, MAX_WORDS);
		double c = distance(kw, t, m, w, k);

		/* More than that of each word wrong is no typo: the line meant
		 * something else, and a guess would only mislead. */
		if (c <= NEAR_ENOUGH * (double)(m > k ? m : k)) {
			r[n].cost = c;
			r[n++].i = i;
		}
	}
	qsort(r, n, sizeof *r, by_cost);
	if (n > max)
		n = max;
	for (size_t i = 0; i < n; i++)
		pick[i] = r[i].i;
	free(r);
	return n;
}

/* Pushes the n-th suggestion, the order text in lang's words, onto list. */
static void
shown_add(const char *lang, const char *game, const char *text, size_t n,
    struct tval *list)
{
	struct tval *item = tval_push_map(list);
	char t[2 * ORDER_TEXT + 64];

	if (ordertr_to_lang(lang, game, text, t, sizeof t) < 0)
		snprintf(t, sizeof t, "%s", text);
	tval_set_int(item, "n", (long long)n);
	tval_set_str(item, "text", t);
}

void
suggest_list(const char *lang, const char *game, const char *line,
    const struct order_list *legal, struct tval *list)
{
	size_t pick[SUGGEST_MAX], n = suggest_orders(game, line, legal, pick, SUGGEST_MAX);

	for (size_t i = 0; i < n; i++)
		shown_add(lang, game, legal->v[pick[i]].text, i + 1, list);
}

/* The keyword nearest the folded word s, and its cost, when one is nearer
 * than JOIN_MAX; else NULL. Of equals, the first in byte order. */
static const char *
nearest_keyword(GHashTable *kw, const char *s, double *cost)
{
	const char *best = NULL;
	GHashTableIter it;
	gpointer k, v;

	*cost = JOIN_MAX;
	g_hash_table_iter_init(&it, kw);
	while (g_hash_table_iter_next(&it, &k, &v))
		for (guint i = 0; i < ((GPtrArray *)v)->len; i++) {
			double c = word_cost(s, g_ptr_array_index((GPtrArray *)v, i));

			if (c < *cost || (c == *cost && best != NULL && strcmp(k, best) < 0)) {
				*cost = c;
				best = k;
			}
		}
	return best;
}

/* line with each word near a keyword (JOIN_MAX) made that keyword in
 * English, the other words as they are: what the reader meant when only
 * keywords were mistyped, in a spelling legal() may not list (Buqruru's
 * "SOW 1", the same as SOW; "SOW 2 3", a size per lap). Two or three
 * pieces of letters become one keyword when together they are nearer one
 * than the first alone ("SÄ EN"), as the list matching joins them. Free
 * it. */
static char *
mended(const char *game, const char *line)
{
	GHashTable *kw = spellings_of(game);
	struct token t[MAX_WORDS];
	size_t m = tokens(line, t, MAX_WORDS);
	GString *out = g_string_new(NULL);

	for (size_t w = 0; w < m;) {
		const char *best = NULL;
		double cost = 2;
		size_t take = 1;

		for (size_t k = 1; k <= 3 && w + k <= m; k++) {
			struct token one;
			const char *b;
			double c;

			if (!joined(t, w, k, &one) || strlen(one.s) < 2 ||
			    (b = nearest_keyword(kw, one.s, &c)) == NULL)
				continue;
			c += JOIN_COST * (double)(k - 1);
			if (c < cost) {
				cost = c;
				best = b;
				take = k;
			}
		}
		g_string_append_printf(out, "%s%s", w > 0 ? " " : "",
		    best != NULL ? best : t[w].s);
		w += take;
	}
	return g_string_free(out, FALSE);
}

void
suggest_at(const char *lang, const struct game_rules *r, const void *st, int seat,
    const char *line, struct tval *list)
{
	struct order_list ol;
	struct order o;
	struct diag d;
	char *en = NULL;
	void *tmp = NULL;
	size_t pick[SUGGEST_MAX], n, shown = 0;
	int fixed = 0;

	order_list_init(&ol);
	if (r->legal(st, seat, &ol) < 0 || ol.n == 0)
		goto out;
	/* The line itself with its keywords mended comes first when the game
	 * takes it: nearer than any order of the list can be. */
	en = mended(r->name, line);
	tmp = xmalloc(r->state_size);
	memset(&o, 0, sizeof o);
	memcpy(tmp, st, r->state_size);
	if (en[0] != '\0' && r->parse(st, seat, en, &o, &d) == 0 &&
	    r->apply(tmp, seat, &o, NULL, &d) == 0) {
		if (o.text[0] == '\0')
			r->order_text(&o);
		fixed = 1;
		shown_add(lang, r->name, o.text, ++shown, list);
	}
	n = suggest_orders(r->name, line, &ol, pick, SUGGEST_MAX);
	for (size_t i = 0; i < n && shown < SUGGEST_MAX; i++)
		if (!fixed || strcmp(ol.v[pick[i]].text, o.text) != 0)
			shown_add(lang, r->name, ol.v[pick[i]].text, ++shown, list);
out:
	order_list_free(&ol);
	free(tmp);
	g_free(en);
}
