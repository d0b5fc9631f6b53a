/* Random Targi games by uniformly random legal orders: after every step the
 * invariants hold, every listed order applies, parses back to itself, and a
 * replay of the orders gives the same state hashes. AZ_PLAYOUTS (or the first
 * argument) sets the number of games per configuration: the base game, each
 * expansion module alone, and the whole expansion (with a made-up deck where
 * the printed cards are unknown); CI runs 10000. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/targi/targi.h"
#include "srcfile.h"

/* what is read by every seat and observer: it may not speak to one. */
static int
speaks_to_reader(const char *what)
{
	static const char *const words[] = { "you", "You", "YOU" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		for (const char *q = strstr(what, words[i]); q != NULL;
		    q = strstr(q + 1, words[i]))
			if (q == what || q[-1] == ' ' || q[-1] == '(')
				return 1;
	return 0;
}

#define MAXSTEPS 4000

static int playouts = 200;
static long total_steps;
static int ended_by_cards, ended_by_raid;
static char *test_deck, *example_deck;

/* One way to set the game up: options, and which deck file (if any). */
struct config {
	const char *name;
	const char *kv[4];
	int nkv;
	int deck;		/* 0 none, 1 the test deck, 2 the example deck */
};

static const struct config configs[] = {
	{ "base game", { NULL }, 0, 0 },
	{ "targia", { "targia=yes" }, 1, 0 },
	{ "water", { "water=yes" }, 1, 0 },
	{ "dunes", { "dunes=yes" }, 1, 1 },
	{ "costs", { "costs=yes", "deck=file" }, 2, 1 },
	{ "expansion setup and last raid", { "setup=expansion", "last_raid=card" }, 2, 0 },
	{ "mixed deck", { "deck=mixed", "costs=yes" }, 2, 1 },
	{ "whole expansion", { "expansion=yes" }, 1, 2 },
	{ "expansion, tribe deck hidden", { "expansion=yes", "tribe_top=hidden" }, 2, 2 },
};
static const struct config *cfg = &configs[0];

static uint64_t
hash_state(const struct tg_state *st)
{
	struct buf b = BUF_INIT;
	uint64_t h = 1469598103934665603ULL;

	tg_serialize(st, &b);
	/* FNV-1a over 64-bit words: the playout count makes speed matter. */
	for (size_t i = 0; i < b.len; i += 8) {
		uint64_t w = 0;

		memcpy(&w, b.p + i, b.len - i < 8 ? b.len - i : 8);
		h ^= w;
		h *= 1099511628211ULL;
	}
	buf_free(&b);
	return h;
}

static void
new_game(struct tg_state *st, uint64_t seed)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct optset o;
	struct diag d;

	memset(st, 0, sizeof *st);
	assert_int_equal(opt_resolve(targi_rules.options, &o, cfg->kv, cfg->nkv, &d), 0);
	if (cfg->deck) {
		o.file = cfg->deck == 1 ? test_deck : example_deck;
		snprintf(o.file_name, sizeof o.file_name, "%s",
		    cfg->deck == 1 ? "test_targi_deck.yaml" : "example-deck.yaml");
	}
	if (tg_setup(st, 2, names, &o, seed, NULL, &d) != 0)
		fail_msg("%s: setup: %s", cfg->name, d.msg);
}

struct step {
	int seat;
	char text[ORDER_TEXT];
	uint64_t hash;
};

static void
check_order_roundtrip(const struct tg_state *st, int seat,
    const struct order *o)
{
	struct order back;
	struct diag d;

	if (tg_parse(st, seat, o->text, &back, &d) != 0)
		fail_msg("\"%s\" does not parse: %s", o->text, d.msg);
	assert_string_equal(back.text, o->text);
	assert_int_equal(back.kind, o->kind);
	for (int i = 0; i < 7; i++)
		if (back.arg[i] != o->arg[i])
			fail_msg("\"%s\": arg %d is %d, parsed back %d", o->text, i,
			    o->arg[i], back.arg[i]);
}

static void
play_one(uint64_t seed, int deep)
{
	struct tg_state *st = malloc(sizeof *st), *tmp = malloc(sizeof *st);
	struct step *log = calloc(MAXSTEPS, sizeof *log);
	struct rng pick;
	struct diag d;
	int n = 0;

	rng_seed(&pick, seed * 7919 + 1);
	new_game(st, seed);
	if (tg_check(st, &d) != 0)
		fail_msg("after setup: %s", d.msg);
	for (;;) {
		struct pending pd;
		struct order_list l;
		struct order def;
		int seat;
		size_t k;

		tg_waiting_for(st, &pd);
		if (pd.over)
			break;
		assert_int_not_equal(pd.seats, 0);
		seat = (pd.seats & 1) ? 0 : 1;
		assert_int_equal(pd.seats & ~VIS_SEAT(seat), 0);
		if (speaks_to_reader(pd.what[seat]))
			fail_msg("what speaks to the reader: %s", pd.what[seat]);
		order_list_init(&l);
		tg_legal(st, seat, &l);
		if (l.n == 0)
			fail_msg("seed %llu step %d: waited for %s but no legal order (%s)",
			    (unsigned long long)seed, n, st->pl[seat].name, pd.what[seat]);
		{
			struct order_list other;

			order_list_init(&other);
			tg_legal(st, 1 - seat, &other);
			assert_int_equal(other.n, 0);
			order_list_free(&other);
		}
		for (k = 0; k < l.n; k++) {
			check_order_roundtrip(st, seat, &l.v[k]);
			if (!deep)
				continue;
			memcpy(tmp, st, sizeof *st);
			if (tg_apply(tmp, seat, &l.v[k], NULL, &d) != 0)
				fail_msg("%s seed %llu: legal \"%s\" refused: %s",
				    cfg->name, (unsigned long long)seed, l.v[k].text, d.msg);
			if (tg_check(tmp, &d) != 0)
				fail_msg("seed %llu: after \"%s\": %s",
				    (unsigned long long)seed, l.v[k].text, d.msg);
		}
		assert_int_equal(tg_default_order(st, seat, &def), 0);
		memcpy(tmp, st, sizeof *st);
		if (tg_apply(tmp, seat, &def, NULL, &d) != 0)
			fail_msg("default \"%s\" refused: %s", def.text, d.msg);
		k = rng_below(&pick, (uint32_t)l.n);
		/* Every other game buys whenever it can, so that displays fill
		 * up, the card effects come into play and 12th cards end games. */
		if (seed % 2 == 0) {
			size_t want[512], nw = 0;

			for (size_t i = 0; i < l.n && nw < 512; i++)
				if (l.v[i].kind == K_BUY || l.v[i].kind == K_HAND ||
				    l.v[i].kind == K_TAKE || l.v[i].kind == K_EXPAND ||
				    l.v[i].kind == K_CARAVAN || l.v[i].kind == K_DUNE ||
				    l.v[i].kind == K_FAVOUR ||
				    (l.v[i].kind == K_PLACE && l.v[i].arg[0] >= TG_DUNE(0)) ||
				    (l.v[i].kind == K_NOBLE && l.v[i].arg[0] == 0))
					want[nw++] = i;
			if (nw > 0)
				k = want[rng_below(&pick, (uint32_t)nw)];
		}
		if (n >= MAXSTEPS)
			fail_msg("seed %llu: no end after %d steps",
			    (unsigned long long)seed, n);
		log[n].seat = seat;
		snprintf(log[n].text, sizeof log[n].text, "%s", l.v[k].text);
		if (tg_apply(st, seat, &l.v[k], NULL, &d) != 0)
			fail_msg("seed %llu: \"%s\" refused: %s",
			    (unsigned long long)seed, l.v[k].text, d.msg);
		if (tg_check(st, &d) != 0)
			fail_msg("%s seed %llu step %d after \"%s\": %s", cfg->name,
			    (unsigned long long)seed, n, l.v[k].text, d.msg);
		log[n].hash = hash_state(st);
		if (deep)
			assert_true(log[n].hash == hash_state(st));
		n++;
		order_list_free(&l);
	}
	/* Everything that came into the game came out of the box. */
	/* The game ends by a 12th card or by the last raid. */
	if (st->end_after_round) {
		assert_true(tg_displayed(&st->pl[0]) == TG_SLOTS ||
		    tg_displayed(&st->pl[1]) == TG_SLOTS);
		ended_by_cards++;
	} else {
		assert_int_equal(st->raids, TG_RAIDS);
		assert_int_equal(st->robber, 16);
		ended_by_raid++;
	}
	/* Replay from the orders' text alone. */
	new_game(tmp, seed);
	for (int i = 0; i < n; i++) {
		struct order o;

		assert_int_equal(tg_parse(tmp, log[i].seat, log[i].text, &o, &d), 0);
		assert_int_equal(tg_apply(tmp, log[i].seat, &o, NULL, &d), 0);
		if (hash_state(tmp) != log[i].hash)
			fail_msg("seed %llu: replay differs at step %d (%s)",
			    (unsigned long long)seed, i, log[i].text);
	}
	total_steps += n;
	free(log);
	free(tmp);
	free(st);
}

static void
test_playouts(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
		clock_t t0 = clock();
		double secs;

		cfg = &configs[c];
		total_steps = 0;
		ended_by_cards = ended_by_raid = 0;
		for (int g = 0; g < playouts; g++)
			play_one((uint64_t)g + 1, g < 200);
		secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		printf("# %s: %d games, %ld orders, %d ended by a 12th card, %d by the last raid, %.0f checked games/s\n",
		    cfg->name, playouts, total_steps, ended_by_cards, ended_by_raid,
		    secs > 0 ? playouts / secs : 0.0);
		assert_int_equal(ended_by_cards + ended_by_raid, playouts);
	}
	cfg = &configs[0];
}

/* A game driven by the deadline default alone must end too. */
static void
test_default_orders_end_the_game(void **state)
{
	struct tg_state *st = malloc(sizeof *st);
	struct diag d;
	int steps = 0;

	(void)state;
	for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
	cfg = &configs[c];
	new_game(st, 99);
	for (;;) {
		struct pending pd;
		struct order o;
		int seat;

		tg_waiting_for(st, &pd);
		if (pd.over)
			break;
		seat = (pd.seats & 1) ? 0 : 1;
		assert_int_equal(tg_default_order(st, seat, &o), 0);
		assert_int_equal(tg_apply(st, seat, &o, NULL, &d), 0);
		assert_int_equal(tg_check(st, &d), 0);
		assert_true(++steps < MAXSTEPS);
	}
	/* Declining every action leaves only the raids to end it. */
	assert_int_equal(st->raids, TG_RAIDS);
	}
	cfg = &configs[0];
	free(st);
}

int
main(int argc, char **argv)
{
	const char *srcdir = getenv("srcdir"), *np = getenv("AZ_PLAYOUTS");
	char dir[1024];
	struct diag d;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts),
		cmocka_unit_test(test_default_orders_end_the_game),
	};

	if (argc > 1)
		np = argv[1];
	if (np != NULL && atoi(np) > 0)
		playouts = atoi(np);
	snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
	if (tg_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	test_deck = src_read("tests/test_targi_deck.yaml");
	example_deck = src_read("data/targi/example-deck.yaml");
	if (test_deck == NULL || example_deck == NULL) {
		fprintf(stderr, "cannot read the test and example decks\n");
		return 1;
	}
	{
		int rc = cmocka_run_group_tests(tests, NULL, NULL);

		free(test_deck);
		free(example_deck);
		return rc;
	}
}
