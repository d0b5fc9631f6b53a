/* "Did you mean" (src/lang/suggest.c) against a corpus of typos,
 * tests/data/suggest-corpus.tsv: for each, the game is played to the
 * position the line names, and the suggestions for the typo must hold the
 * order meant for at least 90% of the typos of every game and language;
 * every suggestion, read back from the reader's words as the referee
 * reads a mail, must parse and apply at that position. The hit rate per
 * game and language is printed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "core/xmalloc.h"
#include "games/game.h"
#include "lang/ordertr.h"
#include "lang/spelling.h"
#include "lang/suggest.h"
#include "testutil.h"
#include "srcfile.h"

#define MIN_HITS 0.90

static const char *const langs[] = { "en", "de", "es", "fr" };
#define NLANGS 4

/* A game played to a step of the corpus: the position the typos name. */
struct position {
	const struct game_rules *r;
	char game[32], opts[128];
	void *st;
	int step, seat;
	struct order_list legal;
	char *deck;
};

/* The seat a step asks, the first waited for that has a legal order, and
 * its orders. */
static void
ask(struct position *p)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->r->waiting_for(p->st, &pd);
	order_list_free(&p->legal);
	order_list_init(&p->legal);
	p->seat = -1;
	if (pd.over)
		return;
	for (int s = 0; s < MAX_SEATS && p->seat < 0; s++)
		if ((pd.seats & VIS_SEAT(s)) && p->r->legal(p->st, s, &p->legal) >= 0 &&
		    p->legal.n > 0)
			p->seat = s;
}

static void
setup(struct position *p, const char *game, const char *opts)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	const char *kv[8];
	char buf[128], *save = NULL;
	struct optset o;
	struct diag d;
	int nkv = 0;

	free(p->st);
	snprintf(p->game, sizeof p->game, "%s", game);
	snprintf(p->opts, sizeof p->opts, "%s", opts);
	snprintf(buf, sizeof buf, "%s", opts);
	p->r = game_find(game);
	assert_non_null(p->r);
	for (char *t = strtok_r(buf, ",", &save); t != NULL && strcmp(t, "-") != 0 &&
	    nkv < 8; t = strtok_r(NULL, ",", &save))
		kv[nkv++] = t;
	diag_clear(&d);
	if (opt_resolve(p->r->options, &o, kv, nkv, &d) < 0)
		fail_msg("%s %s: %s", game, opts, d.msg);
	if (strstr(opts, "deck=file") != NULL) {
		if (p->deck == NULL) {
			p->deck = src_read("data/targi/example-deck.yaml");
			assert_non_null(p->deck);
		}
		o.file = p->deck;
		snprintf(o.file_name, sizeof o.file_name, "example-deck.yaml");
	}
	p->st = xcalloc(1, p->r->state_size);
	if (p->r->setup(p->st, 2, names, &o, 1, NULL, &d) < 0)
		fail_msg("%s %s: setup: %s", game, opts, d.msg);
	p->step = 0;
	ask(p);
}

/* To step: from where p stands when it is on the way, else from setup. */
static void
play_to(struct position *p, const char *game, const char *opts, int step)
{
	struct diag d;

	if (p->st == NULL || strcmp(p->game, game) != 0 || strcmp(p->opts, opts) != 0 ||
	    p->step > step)
		setup(p, game, opts);
	for (; p->step < step; p->step++) {
		if (p->seat < 0)
			fail_msg("%s %s: the game ends before step %d", game, opts, step);
		diag_clear(&d);
		if (p->r->apply(p->st, p->seat,
		    &p->legal.v[((size_t)p->step * 7919u + 3) % p->legal.n], NULL, &d) < 0)
			fail_msg("%s %s step %d: a legal order failed: %s", game, opts, p->step,
			    d.msg);
		ask(p);
	}
}

/* line in lang as the referee reads it, applied to a copy of the position:
 * 0 with its order's text in o, or -1. */
static int
try_line(const struct position *p, const char *lang, const char *line, struct order *o)
{
	char en[2 * ORDER_TEXT + 64];
	void *tmp;
	struct diag d;
	int rc;

	ordertr_to_english(lang, p->game, line, en, sizeof en);
	diag_clear(&d);
	memset(o, 0, sizeof *o);
	if (p->r->parse(p->st, p->seat, en, o, &d) < 0)
		return -1;
	tmp = xmalloc(p->r->state_size);
	memcpy(tmp, p->st, p->r->state_size);
	rc = p->r->apply(tmp, p->seat, o, NULL, &d);
	free(tmp);
	return rc < 0 ? -1 : 0;
}

static int
lang_index(const char *lang)
{
	for (int i = 0; i < NLANGS; i++)
		if (strcmp(langs[i], lang) == 0)
			return i;
	fail_msg("no language %s", lang);
	return -1;
}

/* The literal "\t" of the corpus as the tab it stands for. */
static void
unescape(char *s)
{
	char *q = s;

	for (; *s != '\0'; s++) {
		if (s[0] == '\\' && s[1] == 't') {
			*q++ = '\t';
			s++;
		} else {
			*q++ = *s;
		}
	}
	*q = '\0';
}

#define MAX_GROUPS 8

struct group {
	char name[48];
	int total[NLANGS], hits[NLANGS], first[NLANGS], refused[NLANGS];
};

static void
corpus(void **state)
{
	struct group g[MAX_GROUPS];
	struct position p;
	char path[512], *text, *line, *save = NULL;
	int ng = 0, n = 0, failed = 0, suggested = 0;

	(void)state;
	memset(g, 0, sizeof g);
	memset(&p, 0, sizeof p);
	order_list_init(&p.legal);
	text = src_read("tests/data/suggest-corpus.tsv");
	assert_non_null(text);
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n",
	    &save)) {
		char *f[7], *fs = NULL, gname[48];
		struct tval *list;
		int k = 0, gi, li, hit = 0, first = 0, in_legal = 0;
		struct order o;

		if (line[0] == '#')
			continue;
		for (char *t = strtok_r(line, "\t", &fs); t != NULL && k < 7;
		    t = strtok_r(NULL, "\t", &fs))
			f[k++] = t;
		if (k != 7)
			fail_msg("%s: a line of %d fields, not 7", path, k);
		unescape(f[4]);
		snprintf(gname, sizeof gname, "%s%s", f[0], strstr(f[1], "expansion") != NULL ?
		    " (expansion)" : "");
		for (gi = 0; gi < ng && strcmp(g[gi].name, gname) != 0; gi++)
			;
		if (gi == ng) {
			assert_true(ng < MAX_GROUPS);
			snprintf(g[ng++].name, sizeof g[0].name, "%s", gname);
		}
		li = lang_index(f[3]);
		play_to(&p, f[0], f[1], atoi(f[2]));
		/* Legal there, whether or not legal() lists it in that spelling. */
		in_legal = try_line(&p, "en", f[5], &o) == 0 && strcmp(o.text, f[5]) == 0;
		if (!in_legal)
			fail_msg("%s step %s: \"%s\" is not legal there: the corpus is out of "
			    "date", gname, f[2], f[5]);
		list = tval_list();
		suggest_at(f[3], p.r, p.st, p.seat, f[4], list);
		assert_true(list->n <= SUGGEST_MAX);
		suggested += list->n > 0;
		for (size_t i = 0; i < list->n; i++) {
			const struct tval *t = tval_get(list->items[i], "text");

			assert_non_null(t);
			if (try_line(&p, f[3], t->str, &o) < 0)
				fail_msg("%s step %s %s: the suggestion \"%s\" for \"%s\" is not "
				    "legal", gname, f[2], f[3], t->str, f[4]);
			hit |= strcmp(o.text, f[5]) == 0;
			first |= i == 0 && hit;
		}
		if (!hit && ++failed <= 40)
			print_message("miss: %s step %s %s \"%s\" (%s) for %s\n", gname, f[2],
			    f[3], f[4], f[6], f[5]);
		g[gi].total[li]++;
		g[gi].hits[li] += hit;
		g[gi].first[li] += first;
		g[gi].refused[li] += try_line(&p, f[3], f[4], &o) < 0;
		tval_free(list);
		n++;
	}
	print_message("%-22s %s\n", "hits of the typos", "en       de       es       fr");
	for (int i = 0; i < ng; i++) {
		print_message("%-22s", g[i].name);
		for (int l = 0; l < NLANGS; l++)
			print_message(" %3d/%-3d", g[i].hits[l], g[i].total[l]);
		print_message("\n");
	}
	for (int i = 0; i < ng; i++)
		for (int l = 0; l < NLANGS; l++) {
			print_message("%s %s: %.1f%% of %d typos, %.1f%% first (%d of them "
			    "refused by the game)\n", g[i].name, langs[l], 100.0 * g[i].hits[l] /
			    (g[i].total[l] ? g[i].total[l] : 1), g[i].total[l], 100.0 *
			    g[i].first[l] / (g[i].total[l] ? g[i].total[l] : 1), g[i].refused[l]);
			if (g[i].total[l] < 20)
				fail_msg("%s %s: %d typos; the corpus needs 20 or more", g[i].name,
				    langs[l], g[i].total[l]);
			if (g[i].hits[l] < MIN_HITS * g[i].total[l])
				fail_msg("%s %s: the order meant is among the suggestions for %d of "
				    "%d typos, under %.0f%%", g[i].name, langs[l], g[i].hits[l],
				    g[i].total[l], 100 * MIN_HITS);
		}
	assert_int_equal(ng, 4);
	print_message("%d typos, %d with suggestions, %d missed\n", n, suggested, failed);
	free(p.st);
	free(p.deck);
	order_list_free(&p.legal);
	free(text);
}

/* A line that is no order gets no suggestion, nor does a seat with none. */
static void
nothing_near(void **state)
{
	struct position p;
	size_t pick[SUGGEST_MAX];
	struct order_list none;

	(void)state;
	memset(&p, 0, sizeof p);
	order_list_init(&p.legal);
	play_to(&p, "targi", "-", 0);
	assert_true(p.legal.n > 0);
	assert_int_equal(suggest_orders("targi", "Thanks, see you tomorrow", &p.legal, pick,
	    SUGGEST_MAX), 0);
	assert_int_equal(suggest_orders("targi", "", &p.legal, pick, SUGGEST_MAX), 0);
	assert_int_equal(suggest_orders("targi", "\xc2\xf8\xff >>", &p.legal, pick,
	    SUGGEST_MAX), 0);
	order_list_init(&none);
	assert_int_equal(suggest_orders("targi", "PLACE 13", &none, pick, SUGGEST_MAX), 0);
	free(p.st);
	order_list_free(&p.legal);
}

/* A number is compared as a number: of the places, the nearest first. */
static void
numbers_as_numbers(void **state)
{
	struct position p;
	struct tval *list = tval_list();

	(void)state;
	memset(&p, 0, sizeof p);
	order_list_init(&p.legal);
	play_to(&p, "targi", "-", 0);
	/* Step 0 offers PLACE 2 3 5 6 7 9 10 11 13 14 15. */
	suggest_list("de", "targi", "SETZE 012", &p.legal, list);
	assert_int_equal(list->n, 3);
	assert_string_equal(tval_get(list->items[0], "text")->str, "SETZE 11");
	assert_int_equal(tval_get(list->items[0], "n")->num, 1);
	assert_string_equal(tval_get(list->items[1], "text")->str, "SETZE 13");
	assert_string_equal(tval_get(list->items[2], "text")->str, "SETZE 10");
	tval_free(list);
	free(p.st);
	order_list_free(&p.legal);
}

/* A line whose only fault is a keyword comes back mended first when the
 * game takes it, though legal() spells that order otherwise (Buqruru's
 * SOW 1 is SOW, listed once); mended into what the game refuses, it is
 * not offered. */
static void
mended_line_first(void **state)
{
	struct position p;
	struct tval *list = tval_list();
	struct order o;

	(void)state;
	memset(&p, 0, sizeof p);
	order_list_init(&p.legal);
	/* The corpus's step 39: south sows. */
	play_to(&p, "buqruru", "-", 39);
	for (size_t i = 0; i < p.legal.n; i++)
		assert_string_not_equal(p.legal.v[i].text, "SOW 1");
	suggest_at("de", p.r, p.st, p.seat, "SÄNE 1", list);
	assert_true(list->n >= 1);
	assert_string_equal(tval_get(list->items[0], "text")->str, "SÄEN 1");
	for (size_t i = 1; i < list->n; i++)
		assert_string_not_equal(tval_get(list->items[i], "text")->str, "SÄEN 1");
	tval_free(list);
	/* A keyword split by a space is mended whole, as the list matching
	 * joins it, into the spelling no list holds. */
	list = tval_list();
	suggest_at("de", p.r, p.st, p.seat, "SÄ EN 1", list);
	assert_true(list->n >= 1);
	assert_string_equal(tval_get(list->items[0], "text")->str, "SÄEN 1");
	tval_free(list);
	list = tval_list();
	suggest_at("en", p.r, p.st, p.seat, "SWO 99", list);
	for (size_t i = 0; i < list->n; i++) {
		assert_string_not_equal(tval_get(list->items[i], "text")->str, "SOW 99");
		assert_int_equal(try_line(&p, "en", tval_get(list->items[i], "text")->str, &o), 0);
	}
	tval_free(list);
	free(p.st);
	order_list_free(&p.legal);
}

/* The one folding and distance both forgiving readers use: a swap is one
 * edit, not two; accents, case, a no-break space and invalid bytes fold. */
static void
spelling(void **state)
{
	static const struct {
		const char *a, *b;
		int d;
	} pairs[] = {
		{ "place", "place", 0 }, { "plcae", "place", 1 }, { "plac", "place", 1 },
		{ "plaace", "place", 1 }, { "pkace", "place", 1 }, { "lpcae", "place", 2 },
		{ "", "raid", 4 }, { "saen", "saeen", 1 },
	};
	char *f;

	(void)state;
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		if (spelling_distance(pairs[i].a, pairs[i].b) != pairs[i].d)
			fail_msg("%s to %s: %d, not %d", pairs[i].a, pairs[i].b,
			    spelling_distance(pairs[i].a, pairs[i].b), pairs[i].d);
	assert_string_equal(f = spelling_fold("S\xc3\xa4" "en\xc2\xa0" "13", 0), "saen 13");
	free(f);
	assert_string_equal(f = spelling_fold("S\xc3\xa4" "en\xc2\xa0" "13", 1), "saen13");
	free(f);
	f = spelling_fold("PL\xff" "ACE", 1);
	assert_non_null(strstr(f, "pl"));
	assert_null(strchr(f, '\xff'));
	free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus),
		cmocka_unit_test(nothing_near),
		cmocka_unit_test(numbers_as_numbers),
		cmocka_unit_test(mended_line_first),
		cmocka_unit_test(spelling),
	};

	return cmocka_run_group_tests(tests, tr_load, NULL);
}
