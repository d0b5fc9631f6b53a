/* The bots are honest by construction: at many positions of random games
 * of every game (and of the Targi expansion, with its dune cards and
 * tribe deck top), two states that differ only in what the deciding seat may
 * not know (tests/scramble_*.c moves hidden cards and sealed choices by
 * hand) give the same order under the same bot seed, at every level, and
 * that order is legal in the true state. A planted peek, a bot that plays
 * out the true state, is caught by the same comparison. Budgets are small:
 * honesty does not depend on them. And since bots play orders without
 * their text, no game's apply may read it for anything but words. The
 * same scrambled pairs hold the games' views (what every report, board
 * picture and view.json is made from) to what their reader may know. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "games/bot.h"
#include "render/viewjson.h"
#include "tests/scramble.h"
#include "srcfile.h"

#define POSITIONS 24	/* per game and number of seats */
#define BUDGET 24	/* playouts or iterations per decision */

typedef int (*decide_fn)(const struct game_rules *, const void *, int, int, int,
    uint64_t, const struct bot_budget *, struct order *, struct diag *);

/* Beside every game with its default options: the whole Targi expansion,
 * whose hidden tribe deck top and dune cards a bot may not see either. */
static const struct variant {
	const char *game, *kv[2];
	int nkv;
	const char *deck;	/* a deck file under srcdir */
} variants[] = {
	{ "targi", { "expansion=yes" }, 1, "data/targi/example-deck.yaml" },
	{ "targi", { "expansion=yes", "tribe_top=hidden" }, 2, "data/targi/example-deck.yaml" },
};
#define NVARIANTS (sizeof variants / sizeof variants[0])

static char *deck_text[NVARIANTS];

/* The i-th setup to try: the games' defaults first, then the variants; NULL
 * past the last. */
static const struct game_rules *
setup_nth(size_t i, struct optset *o, char *label, size_t n)
{
	const struct variant *v;
	size_t ngames = 0;

	while (game_table[ngames] != NULL)
		ngames++;
	if (i < ngames) {
		assert_int_equal(opt_resolve(game_table[i]->options, o, NULL, 0, NULL), 0);
		snprintf(label, n, "%s", game_table[i]->name);
		return game_table[i];
	}
	if (i - ngames >= NVARIANTS)
		return NULL;
	v = &variants[i - ngames];
	assert_int_equal(opt_resolve(game_find(v->game)->options, o, v->kv, v->nkv, NULL), 0);
	o->file = deck_text[i - ngames];
	snprintf(o->file_name, sizeof o->file_name, "%s", v->deck);
	snprintf(label, n, "%s with %s%s%s", v->game, v->kv[0], v->nkv > 1 ? ", " : "",
	    v->nkv > 1 ? v->kv[1] : "");
	return game_find(v->game);
}

/* The planted peek: flat Monte Carlo on copies of the true state, so its
 * playouts draw the true decks and the game's own dice. */
static int
peek_decide(const struct game_rules *g, const void *st, int nseats, int seat,
    int level, uint64_t seed, const struct bot_budget *b, struct order *out,
    struct diag *d)
{
	struct order_list root, ol;
	void *w = malloc(g->state_size);
	struct rng r;
	double best = -1.0;
	size_t pick = 0;

	(void)level;
	(void)b;
	(void)d;
	rng_seed(&r, seed);
	order_list_init(&root);
	order_list_init(&ol);
	g->legal(st, seat, &root);
	for (size_t m = 0; m < root.n; m++) {
		double sum = 0;

		for (int k = 0; k < 4; k++) {
			memcpy(w, st, g->state_size);
			if (g->apply(w, seat, &root.v[m], NULL, NULL) < 0)
				break;
			for (int i = 0; i < 400; i++) {
				int who = bot_next_seat(g, w, nseats, &ol);
				struct order o;

				if (who < 0)
					break;
				o = ol.v[rng_below(&r, (uint32_t)ol.n)];
				if (g->apply(w, who, &o, NULL, NULL) < 0)
					break;
			}
			sum += g->reward(w, seat);
		}
		if (sum > best) {
			best = sum;
			pick = m;
		}
	}
	*out = root.v[pick];
	order_list_free(&root);
	order_list_free(&ol);
	free(w);
	return 0;
}

static int (*scrambler(const char *game))(void *, int, struct rng *)
{
	if (strcmp(game, "targi") == 0)
		return scramble_targi;
	if (strcmp(game, "targui") == 0)
		return scramble_targui;
	return scramble_buqruru;
}

/* Positions where a scramble moved something hidden, and of those the ones
 * where decide chose differently for the two states. */
struct tally {
	int hidden, differ;
};

/* Position pos of a random game in a, and in b the same with what the seat
 * to move may not know scrambled: that seat, or -1 when the game ended
 * first. *moved: whether the scramble moved something hidden; *seed, a
 * number drawn from walk for the caller. */
static int
hidden_position(const struct game_rules *g, const struct optset *o, int nseats, int pos,
    void *a, void *b, struct rng *walk, struct order_list *ol, int *moved, uint64_t *seed)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	int steps = (int)rng_below(walk, 160), seat = -1;

	*seed = rng_next(walk);
	memset(a, 0, g->state_size);
	assert_int_equal(g->setup(a, nseats, (const char (*)[SEAT_NAME])names, o,
	    (uint64_t)pos + 1, NULL, NULL), 0);
	/* On from a random step to one where the seat may not know
	 * something (Buqruru hides a sealed hole only at a round's start). */
	for (int i = 0; i < steps + 2000; i++) {
		struct order pick;

		if ((seat = bot_next_seat(g, a, nseats, ol)) < 0)
			break;
		memcpy(b, a, g->state_size);
		if (i >= steps && scrambler(g->name)(b, seat, walk))
			break;
		pick = ol->v[rng_below(walk, (uint32_t)ol->n)];
		assert_int_equal(g->apply(a, seat, &pick, NULL, NULL), 0);
	}
	*moved = 0;
	if (seat < 0)
		return -1;
	memcpy(b, a, g->state_size);
	*moved = scrambler(g->name)(b, seat, walk);
	return seat;
}

static void
attack(const struct game_rules *g, const struct optset *o, int nseats, decide_fn decide,
    int level, struct tally *t)
{
	void *a = malloc(g->state_size), *b = malloc(g->state_size);
	struct order_list ol;
	struct rng walk;
	struct bot_budget budget = { .iterations = BUDGET };

	rng_seed(&walk, 33);
	order_list_init(&ol);
	for (int pos = 0; pos < POSITIONS; pos++) {
		struct order oa, ob, check;
		uint64_t seed;
		int moved, seat = hidden_position(g, o, nseats, pos, a, b, &walk, &ol, &moved,
		    &seed);

		if (seat < 0)
			continue;
		t->hidden += moved;
		assert_int_equal(decide(g, a, nseats, seat, level, seed, &budget, &oa, NULL), 0);
		assert_int_equal(decide(g, b, nseats, seat, level, seed, &budget, &ob, NULL), 0);
		if (strcmp(oa.text, ob.text) != 0 && oa.text[0] != '\0') {
			t->differ++;
			continue;
		}
		/* The order read from a re-deal is legal in the true state. */
		assert_int_equal(g->parse(a, seat, oa.text, &check, NULL), 0);
		memcpy(b, a, g->state_size);
		assert_int_equal(g->apply(b, seat, &check, NULL, NULL), 0);
	}
	order_list_free(&ol);
	free(a);
	free(b);
}

static void
test_honest(void **unused)
{
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++)
		for (int n = g->min_seats; n <= g->max_seats; n++)
			for (int level = 0; level < BOT_LEVELS; level++) {
				struct tally t = { 0, 0 };

				attack(g, &o, n, bot_decide, level, &t);
				if (t.differ > 0)
					fail_msg("%s, %d seats, level %s: %d of %d positions "
					    "decided on what the seat may not know", label, n,
					    bot_level_name(level), t.differ, t.hidden);
				/* The positions must hide something, or the test proves nothing. */
				assert_true(t.hidden >= POSITIONS / 4);
			}
}

static void
test_peek_caught(void **unused)
{
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++) {
		struct tally t = { 0, 0 };

		attack(g, &o, g->min_seats, peek_decide, BOT_MC, &t);
		if (t.differ == 0)
			fail_msg("%s: the planted peek went unnoticed", label);
	}
}

/* The same comparison holds the views to what their reader may know: the
 * view tree (every report, board picture and view.json is made from it) of
 * two states that differ only in what the seat may not know is the same
 * for that seat, and for an observer, who knows less. With everything
 * revealed (VIEW_ALL) the two differ at some positions: the comparison sees
 * what the scramble moved. */
static char *
view_text(const struct game_rules *g, const void *st, int viewer)
{
	struct tval *root = tval_map();
	struct buf b = BUF_INIT;
	struct diag d;

	g->view(st, viewer, root);
	if (view_json(g->name, "g", 0, viewer, root, 0, &b, &d) < 0)
		fail_msg("%s", d.msg);
	tval_free(root);
	return buf_steal(&b);
}

/* 1 when st and other give viewer the same view. */
static int
same_view(const struct game_rules *g, const void *st, const void *other, int viewer)
{
	char *x = view_text(g, st, viewer), *y = view_text(g, other, viewer);
	int same = strcmp(x, y) == 0;

	free(x);
	free(y);
	return same;
}

static void
test_views_show_no_more(void **unused)
{
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++)
		for (int n = g->min_seats; n <= g->max_seats; n++) {
			void *a = malloc(g->state_size), *b = malloc(g->state_size);
			struct order_list ol;
			struct rng walk;
			int hidden = 0, revealed = 0;

			rng_seed(&walk, 44);
			order_list_init(&ol);
			for (int pos = 0; pos < 4 * POSITIONS; pos++) {
				uint64_t seed;
				int moved, seat = hidden_position(g, &o, n, pos, a, b, &walk,
				    &ol, &moved, &seed);

				if (seat < 0 || !moved)
					continue;
				hidden++;
				if (!same_view(g, a, b, seat))
					fail_msg("%s, %d seats: seat %d's view shows what it may "
					    "not know (position %d)", label, n, seat, pos);
				if (!same_view(g, a, b, -1))
					fail_msg("%s, %d seats: the observer's view shows what "
					    "seat %d may not know (position %d)", label, n, seat,
					    pos);
				revealed += !same_view(g, a, b, VIEW_ALL);
			}
			order_list_free(&ol);
			free(a);
			free(b);
			if (hidden < POSITIONS / 4 || revealed == 0)
				fail_msg("%s, %d seats: %d positions hid something, %d of them "
				    "in a way the whole view shows", label, n, hidden, revealed);
		}
}

/* The games' redeal hooks on their own, with no bot's decision between
 * (which a small budget may not turn, and a level that reads little never
 * does): a re-deal keeps everything the seat has seen, so its view of the
 * re-dealt state is its view of the true one; and it draws anew everything
 * the seat has not, so two states of one information set re-dealt from the
 * same chance are the same state, byte for byte. A hook that left a hidden
 * card where it was (the tribe deck's order, the other seat's sealed hole)
 * fails the second; one that re-dealt a card in view, the first. */
static void
test_redeal_hooks(void **unused)
{
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++)
		for (int n = g->min_seats; n <= g->max_seats; n++) {
			void *a = malloc(g->state_size), *b = malloc(g->state_size);
			void *x = malloc(g->state_size), *y = malloc(g->state_size);
			struct order_list ol;
			struct rng walk, r;
			int hidden = 0, drawn = 0;

			rng_seed(&walk, 55);
			order_list_init(&ol);
			for (int pos = 0; pos < 4 * POSITIONS; pos++) {
				uint64_t seed;
				int moved, seat = hidden_position(g, &o, n, pos, a, b, &walk,
				    &ol, &moved, &seed);

				if (seat < 0)
					continue;
				memcpy(x, a, g->state_size);
				memcpy(y, b, g->state_size);
				rng_seed(&r, seed);
				g->redeal(x, seat, &r);
				rng_seed(&r, seed);
				g->redeal(y, seat, &r);
				if (!same_view(g, a, x, seat))
					fail_msg("%s, %d seats: the re-deal for seat %d changed "
					    "what it has seen (position %d)", label, n, seat, pos);
				if (memcmp(x, y, g->state_size) != 0)
					fail_msg("%s, %d seats: the re-deal for seat %d kept a "
					    "fact it may not know (position %d)", label, n, seat,
					    pos);
				hidden += moved;
				drawn += !same_view(g, a, x, VIEW_ALL);
			}
			order_list_free(&ol);
			free(a);
			free(b);
			free(x);
			free(y);
			/* Else the comparisons prove nothing. */
			if (hidden < POSITIONS / 4 || drawn == 0)
				fail_msg("%s, %d seats: %d positions hid something, %d "
				    "re-deals drew anew", label, n, hidden, drawn);
		}
}

/* What a stop callback saw: how often it was asked, and at which asking it
 * says stop (0: never). */
struct asked {
	int n, stop_at;
};

static int
count_asks(void *ctx)
{
	struct asked *a = ctx;

	return ++a->n == a->stop_at;
}

/* A budget is counted in playouts or iterations, and the stop callback (the
 * referee's wall-clock cap, referee/bots.c) is asked as they go and heeded:
 * for the searching levels, at positions of every game with a choice to
 * make, a callback that never stops is asked a few times for a budget of
 * 160 and changes no decision; one that stops at its first asking ends a
 * search of 4,000 there. */
static void
test_budget_counted(void **unused)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++) {
		void *a = malloc(g->state_size);
		struct order_list ol;
		struct rng walk;
		int positions = 0;

		rng_seed(&walk, 66);
		order_list_init(&ol);
		for (int game = 0; game < 4; game++) {
			int seat = -1;

			memset(a, 0, g->state_size);
			assert_int_equal(g->setup(a, g->min_seats,
			    (const char (*)[SEAT_NAME])names, &o, (uint64_t)game + 1, NULL,
			    NULL), 0);
			/* On to a step with a choice, some way into the game. */
			for (int step = 0; step < 2000; step++) {
				if ((seat = bot_next_seat(g, a, g->min_seats, &ol)) < 0)
					break;
				if (step >= 10 + game * 7 && ol.n > 1)
					break;
				assert_int_equal(g->apply(a, seat,
				    &ol.v[rng_below(&walk, (uint32_t)ol.n)], NULL, NULL), 0);
			}
			if (seat < 0 || ol.n < 2)
				continue;
			positions++;
			for (int level = BOT_MC; level <= BOT_ISMCTS; level++) {
				struct asked never = { 0, 1000 }, once = { 0, 1 };
				struct bot_budget plain = { .iterations = 160 };
				struct bot_budget asked = { 160, count_asks, &never };
				struct bot_budget cut = { 4000, count_asks, &once };
				struct order x, y, z;

				assert_int_equal(bot_decide(g, a, g->min_seats, seat, level, 9,
				    &plain, &x, NULL), 0);
				assert_int_equal(bot_decide(g, a, g->min_seats, seat, level, 9,
				    &asked, &y, NULL), 0);
				if (strcmp(x.text, y.text) != 0)
					fail_msg("%s, level %s: asking to stop changed the "
					    "decision", label, bot_level_name(level));
				/* Asked now and then, not after every iteration, and
				 * not past the budget's. */
				if (never.n < 1 || never.n > 160 / 8)
					fail_msg("%s, level %s: a budget of 160 asked %d times "
					    "whether to stop", label, bot_level_name(level),
					    never.n);
				assert_int_equal(bot_decide(g, a, g->min_seats, seat, level, 9,
				    &cut, &z, NULL), 0);
				if (once.n != 1)
					fail_msg("%s, level %s: told to stop, the search asked %d "
					    "times", label, bot_level_name(level), once.n);
			}
		}
		assert_true(positions > 0);
		order_list_free(&ol);
		free(a);
	}
}

/* Bots play the orders of legal's bare lists without their text (bot.c), so
 * apply must do with an order what its kind and args say, text or none: at
 * every step of random games of every game, each legal order applied with
 * its text and without leaves the same state. */
static void
test_apply_reads_no_text(void **unused)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	const struct game_rules *g;
	struct optset o;
	char label[64];

	(void)unused;
	for (size_t i = 0; (g = setup_nth(i, &o, label, sizeof label)) != NULL; i++) {
		void *a = malloc(g->state_size), *x = malloc(g->state_size),
		    *y = malloc(g->state_size);
		struct buf bx = BUF_INIT, by = BUF_INIT;
		struct order_list ol;
		struct rng walk;
		long checked = 0;

		rng_seed(&walk, 7);
		order_list_init(&ol);
		for (int n = g->min_seats; n <= g->max_seats; n++)
			for (int game = 0; game < 2; game++) {
				int seat;

				memset(a, 0, g->state_size);
				assert_int_equal(g->setup(a, n,
				    (const char (*)[SEAT_NAME])names, &o, (uint64_t)game + 1,
				    NULL, NULL), 0);
				for (int step = 0; step < 2000 &&
				    (seat = bot_next_seat(g, a, n, &ol)) >= 0; step++) {
					for (size_t m = 0; m < ol.n; m++) {
						struct order bare = ol.v[m];
						int rx, ry;

						/* Else the test compares nothing. */
						assert_true(ol.v[m].text[0] != '\0');
						bare.text[0] = '\0';
						memcpy(x, a, g->state_size);
						memcpy(y, a, g->state_size);
						rx = g->apply(x, seat, &ol.v[m], NULL, NULL);
						ry = g->apply(y, seat, &bare, NULL, NULL);
						buf_reset(&bx);
						buf_reset(&by);
						g->serialize(x, &bx);
						g->serialize(y, &by);
						if (rx != ry || bx.len != by.len ||
						    memcmp(bx.p, by.p, bx.len) != 0)
							fail_msg("%s, %d seats, step %d: \"%s\" does "
							    "not do the same without its text",
							    label, n, step, ol.v[m].text);
						checked++;
					}
					assert_int_equal(g->apply(a, seat,
					    &ol.v[rng_below(&walk, (uint32_t)ol.n)], NULL, NULL), 0);
				}
			}
		/* Whole games, not a step or two. */
		assert_true(checked > 1000);
		order_list_free(&ol);
		buf_free(&bx);
		buf_free(&by);
		free(a);
		free(x);
		free(y);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_honest),
		cmocka_unit_test(test_peek_caught),
		cmocka_unit_test(test_views_show_no_more),
		cmocka_unit_test(test_redeal_hooks),
		cmocka_unit_test(test_budget_counted),
		cmocka_unit_test(test_apply_reads_no_text),
	};
	const char *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;
	int rc;

	snprintf(dir, sizeof dir, "%s", srcdir ? srcdir : ".");
	if (games_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	for (size_t i = 0; i < NVARIANTS; i++)
		if ((deck_text[i] = src_read(variants[i].deck)) == NULL) {
			fprintf(stderr, "cannot read %s\n", variants[i].deck);
			return 1;
		}
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	for (size_t i = 0; i < NVARIANTS; i++)
		free(deck_text[i]);
	return rc;
}
