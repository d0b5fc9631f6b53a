/* Buqruru rules, one test per rule, from hand-set positions.
 *
 * Geometry used throughout: south (seat 0) owns a..d and sows
 * counter-clockwise (a b c d e f g h a), north (seat 1) owns e..h and sows
 * clockwise (e d c b a h g f e), unless a test sets other options. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

#define A 0
#define B 1
#define C 2
#define D 3
#define E 4
#define F 5
#define G 6
#define H 7

static const struct game_rules *R = &buqruru_rules;
static const char names[2][SEAT_NAME] = { "south", "north" };
static char err[DIAG_MSG];

/* A view string or pending line as an English reader reads it (msg.h). */
static const char *
en(const char *s)
{
	static char out[4][1024];
	static int i;

	i = (i + 1) % 4;
	msg_english(s, out[i], sizeof out[i]);
	return out[i];
}

static int
mk_opts(struct bq_state *st, const char *const *kv, int nkv)
{
	struct optset os;
	struct diag d;

	diag_clear(&d);
	memset(st, 0, sizeof *st);
	if (opt_resolve(R->options, &os, kv, nkv, &d) != 0 ||
	    R->setup(st, 2, names, &os, 7, NULL, &d) != 0) {
		snprintf(err, sizeof err, "%s", d.msg);
		return -1;
	}
	return 0;
}

/* Without options: the hand-set positions below test one rule each, and
 * groups_when=always keeps a short sowing that follows the one under test
 * from being played by the referee (it would be the only way under the
 * default), round_end=both-empty keeps the round's end where they expect
 * it and sowing_hole=per-round the choice of holes. Tests of those options
 * and of the defaults pass their own. */
static void
mk(struct bq_state *st, const char *const *kv, int nkv)
{
	static const char *const fixed[] = {
		"groups_when=always", "round_end=both-empty",
		"sowing_hole=per-round"
	};

	if (kv == NULL) {
		kv = fixed;
		nkv = 3;
	}
	if (mk_opts(st, kv, nkv) != 0)
		fail_msg("setup: %s", err);
}

static void
check_ok(const struct bq_state *st)
{
	struct diag d;

	diag_clear(&d);
	if (R->check(st, &d) != 0)
		fail_msg("check: %s", d.msg);
}

/* A sowing position: counters a..h as written, the rest split between the
 * stores (south gets the odd one), the given sowing holes, seat to move. */
static void
put(struct bq_state *st, const char *spec, int s0, int s1, int turn)
{
	int sum = 0, rest;
	const char *p = spec;

	for (int h = 0; h < BQ_HOLES; h++) {
		char *end;

		st->board[h] = (int)strtol(p, &end, 10);
		assert_true(end != p);
		p = end;
		sum += st->board[h];
	}
	rest = BQ_TOTAL - sum;
	assert_true(rest >= 0);
	st->store[1] = rest / 2;
	st->store[0] = rest - rest / 2;
	st->sowing[0] = s0;
	st->sowing[1] = s1;
	st->phase = BQ_PH_SOW;
	st->turn = turn;
	st->quiet = 0;
	/* A position in play: both have sown, the opening is behind them. */
	st->opened[0] = st->opened[1] = 1;
}

static void
erase(struct bq_state *st, int h)
{
	st->store[bq_owner(h)] += st->board[h];
	st->board[h] = 0;
	st->erased[h] = 1;
}

/* Parses and applies one order line; the diag text is left in err. */
static int
play(struct bq_state *st, int seat, const char *line, struct evsink *ev)
{
	struct order o;
	struct diag d;

	diag_clear(&d);
	err[0] = '\0';
	if (R->parse(st, seat, line, &o, &d) != 0 ||
	    R->apply(st, seat, &o, ev, &d) != 0) {
		snprintf(err, sizeof err, "%s", d.msg);
		return -1;
	}
	return 0;
}

static void
ok(struct bq_state *st, int seat, const char *line)
{
	if (play(st, seat, line, NULL) != 0)
		fail_msg("\"%s\" refused: %s", line, err);
}

static int
ev_has(const struct evsink *ev, uint32_t mask, const char *text)
{
	for (size_t i = 0; i < ev->n; i++)
		if ((ev->v[i].vis & mask) && strstr(evline_text(&ev->v[i]), text))
			return 1;
	return 0;
}

static void
plan(const struct bq_state *st, int seat, const int *k, int nk,
    struct bq_sowing *sw)
{
	struct diag d;

	diag_clear(&d);
	if (bq_plan(st, seat, k, nk, sw, &d) != 0)
		fail_msg("plan: %s", d.msg);
}

static void
assert_board(const struct bq_state *st, const char *spec)
{
	const char *p = spec;

	for (int h = 0; h < BQ_HOLES; h++) {
		char *end;
		long v = strtol(p, &end, 10);

		if (v != st->board[h])
			fail_msg("hole %c holds %d, expected %ld (want %s)",
			    bq_letter(h), st->board[h], v, spec);
		p = end;
	}
}

static void
same_state(const struct bq_state *a, const struct bq_state *b)
{
	struct buf x = BUF_INIT, y = BUF_INIT;

	R->serialize(a, &x);
	R->serialize(b, &y);
	assert_int_equal(x.len, y.len);
	assert_memory_equal(x.p, y.p, x.len);
	buf_free(&x);
	buf_free(&y);
}

/* ---- setup and options ---- */

static void
test_setup(void **state)
{
	static const char three[3][SEAT_NAME] = { "a", "b", "c" };
	static const char twin[2][SEAT_NAME] = { "south", "South" };
	struct bq_state st;
	struct optset os;
	struct diag d;
	const char *bad[] = { "first=west" };

	(void)state;
	opt_resolve(R->options, &os, NULL, 0, &d);
	memset(&st, 0, sizeof st);
	assert_int_equal(R->setup(&st, 3, three, &os, 1, NULL, &d), -1);
	assert_string_equal(d.msg, "Buqruru is played by exactly 2 players, "
	    "not 3");
	assert_int_equal(R->setup(&st, 2, twin, &os, 1, NULL, &d), -1);
	assert_string_equal(d.msg, "the two seats need different names");
	assert_int_equal(mk_opts(&st, bad, 1), -1);
	assert_string_equal(err, "option first: \"west\" is not a seat of "
	    "this game; the seats are south and north");

	mk(&st, NULL, 0);
	check_ok(&st);
	for (int h = 0; h < BQ_HOLES; h++)
		assert_int_equal(st.board[h], 6);
	assert_int_equal(st.round, 1);
	assert_int_equal(st.phase, BQ_PH_HOLE);
	assert_int_equal(st.starter, 0);
	assert_int_equal(st.dir[0], 1);
	assert_int_equal(st.dir[1], -1);
	assert_int_equal(st.hole_choice, BQ_SEALED);
	assert_int_equal(st.owner_capture, 1);
}

static void
test_directions(void **state)
{
	const char *cw[] = { "first_direction=cw" };
	const char *sccw[] = { "direction=shared-ccw", "first_direction=cw" };
	const char *scw[] = { "direction=shared-cw" };
	struct bq_state st;
	struct bq_sowing sw;
	int k = 1;

	(void)state;
	mk(&st, cw, 1);
	assert_int_equal(st.dir[0], -1);
	assert_int_equal(st.dir[1], 1);
	put(&st, "3 0 0 0 0 0 0 0", A, E, 0);
	plan(&st, 0, &k, 1, &sw);
	/* Clockwise from a: h, g, f. */
	assert_int_equal(sw.after[H], 1);
	assert_int_equal(sw.after[G], 1);
	assert_int_equal(sw.last, F);

	mk(&st, sccw, 2);
	assert_int_equal(st.dir[0], 1);
	assert_int_equal(st.dir[1], 1);
	mk(&st, scw, 1);
	assert_int_equal(st.dir[0], -1);
	assert_int_equal(st.dir[1], -1);
	put(&st, "0 0 0 0 3 0 0 0", A, E, 1);
	plan(&st, 1, &k, 1, &sw);
	/* North clockwise from e: d, c, b. */
	assert_int_equal(sw.last, B);
	assert_int_equal(sw.after[D], 1);
}

static void
test_first_option(void **state)
{
	const char *kv[] = { "first=North", "hole_choice=open" };
	struct bq_state st;
	struct pending p;

	(void)state;
	mk(&st, kv, 2);
	assert_int_equal(st.first, 1);
	assert_int_equal(st.starter, 1);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 2u);
}

/* ---- captures ---- */

static void
test_last_hole_own_row(void **state)
{
	struct bq_state st;

	(void)state;
	for (int v = 2; v <= 8; v += 2) {
		char spec[64];

		mk(&st, NULL, 0);
		/* South sows a (2): b 0 -> 1, c v-1 -> v, the last. */
		snprintf(spec, sizeof spec, "2 0 %d 0 3 3 3 3", v - 1);
		put(&st, spec, A, F, 0);
		int before = st.store[0];
		ok(&st, 0, "SOW");
		assert_int_equal(st.store[0] - before, v);
		assert_int_equal(st.board[C], 0);
		assert_int_equal(st.board[B], 1);
		check_ok(&st);
	}
}

static void
test_last_hole_opponent_row(void **state)
{
	struct bq_state st;

	(void)state;
	for (int v = 2; v <= 8; v += 2) {
		char spec[64];

		mk(&st, NULL, 0);
		/* South sows d (2): e 0 -> 1, f v-1 -> v, the last. */
		snprintf(spec, sizeof spec, "3 0 0 2 0 %d 3 3", v - 1);
		put(&st, spec, D, G, 0);
		int before = st.store[0], nb = st.store[1];
		ok(&st, 0, "SOW");
		assert_int_equal(st.store[0] - before, v);
		assert_int_equal(st.store[1], nb);
		assert_int_equal(st.board[F], 0);
		check_ok(&st);
	}
}

static void
test_last_hole_odd_not_taken(void **state)
{
	struct bq_state st;

	(void)state;
	for (int v = 3; v <= 9; v += 2) {
		char spec[64];

		mk(&st, NULL, 0);
		snprintf(spec, sizeof spec, "3 0 0 2 0 %d 3 3", v - 1);
		put(&st, spec, D, G, 0);
		int before = st.store[0];
		ok(&st, 0, "SOW");
		assert_int_equal(st.store[0], before);
		assert_int_equal(st.board[F], v);
	}
}

static void
test_last_hole_ten_or_more(void **state)
{
	struct bq_state st;

	(void)state;
	for (int v = 10; v <= 14; v += 2) {
		char spec[64];

		mk(&st, NULL, 0);
		snprintf(spec, sizeof spec, "3 0 0 2 0 %d 3 3", v - 1);
		put(&st, spec, D, G, 0);
		int before = st.store[0];
		ok(&st, 0, "SOW");
		assert_int_equal(st.store[0], before);
		assert_int_equal(st.board[F], v);
	}
}

static void
test_chain_stops_at_odd(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* a (4): b 1->2, c 2->3, d 3->4, e 1->2 last. Chain: d, then c is
	 * odd, so b stays though it holds 2. */
	put(&st, "4 1 2 3 1 3 3 3", A, G, 0);
	int before = st.store[0];
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_int_equal(st.store[0] - before, 2 + 4);
	assert_board(&st, "0 2 3 0 0 3 3 3");
	assert_true(ev_has(&ev, VIS_ALL, "south takes the 2 counters of e"));
	assert_true(ev_has(&ev, VIS_ALL, "also takes 4 from d."));
	evsink_free(&ev);
}

static void
test_chain_passes_ten_and_twelve(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* a (5): b 1->2, c 9->10, d 11->12, e 3->4, f 1->2 last. Chain: e,
	 * d and c passed over, b taken; the sowing hole a ends it. A hole on
	 * the path always holds a counter, so 0 cannot meet the chain. */
	put(&st, "5 1 9 11 3 1 3 3", A, G, 0);
	int before = st.store[0];
	ok(&st, 0, "SOW");
	assert_int_equal(st.store[0] - before, 2 + 4 + 2);
	assert_board(&st, "0 0 10 12 0 0 3 3");
}

static void
test_chain_not_past_sowing_hole(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* c (2): d 1->2, e 1->2 last. Chain takes d and stops at c; b (2)
	 * lies behind the sowing hole and stays. */
	put(&st, "3 2 2 1 1 3 3 3", C, G, 0);
	int before = st.store[0];
	ok(&st, 0, "SOW");
	assert_int_equal(st.store[0] - before, 4);
	assert_board(&st, "3 2 0 0 0 3 3 3");
}

static void
test_last_counter_in_sowing_hole(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* a (16) two by two: one lap of 8 holes; the last 2 fall back in a,
	 * which is taken; h before it is odd, so no chain. */
	put(&st, "16 1 1 1 1 1 1 1", A, G, 0);
	int before = st.store[0];
	ok(&st, 0, "SOW 2");
	assert_int_equal(st.store[0] - before, 2);
	assert_board(&st, "0 3 3 3 3 3 3 3");
}

static void
test_no_chain_when_last_not_taken(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* a (2): b 1->2, c 2->3 last, odd: nothing taken, b stays at 2. */
	put(&st, "2 1 2 3 3 3 3 3", A, G, 0);
	int s0 = st.store[0], s1 = st.store[1];
	ok(&st, 0, "SOW");
	assert_int_equal(st.store[0], s0);
	assert_int_equal(st.store[1], s1);
	assert_board(&st, "0 2 3 3 3 3 3 3");
}

static void
test_chain_to_sowing_hole(void **state)
{
	const char *kv[] = { "chain=to-sowing-hole", "groups_when=always" };
	struct bq_state st;

	(void)state;
	/* a (4): b 1->2, c 2->3, d 3->4, e 2->3 last, odd. */
	mk(&st, NULL, 0);
	put(&st, "4 1 2 3 2 3 3 3", A, G, 0);
	int before = st.store[0];
	ok(&st, 0, "SOW");
	assert_int_equal(st.store[0], before);

	/* With the option: every 2/4/6/8 back to a, past the odd c. */
	mk(&st, kv, 2);
	put(&st, "4 1 2 3 2 3 3 3", A, G, 0);
	before = st.store[0];
	ok(&st, 0, "SOW");
	assert_int_equal(st.store[0] - before, 4 + 2);
	assert_board(&st, "0 0 3 0 3 3 3 3");
}

static void
test_owner_capture(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* North sows e (4) two by two, clockwise: d 2->4, c 1->3 last. The
	 * last is odd; d went from even to a higher even: south, its owner,
	 * takes it. */
	put(&st, "3 3 1 2 4 3 3 3", A, E, 1);
	int s0 = st.store[0], s1 = st.store[1];
	ok(&st, 1, "SOW 2");
	assert_int_equal(st.store[0] - s0, 4);
	assert_int_equal(st.store[1], s1);
	assert_board(&st, "3 3 3 0 0 3 3 3");
}

static void
test_owner_capture_own_sowing(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* South sows a (4) two by two: b 0->2 (zero is even), c 1->3 last.
	 * b is south's own hole raised to a higher even: south takes it. */
	put(&st, "4 0 1 3 3 3 3 3", A, G, 0);
	int s0 = st.store[0];
	ok(&st, 0, "SOW 2");
	assert_int_equal(st.store[0] - s0, 2);
	assert_board(&st, "0 0 3 3 3 3 3 3");
}

static void
test_owner_capture_exception(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	/* North sows e (4) two by two: d 2->4, c 2->4 last. North takes c
	 * with the last counter and d in the chain: the owner gets nothing. */
	put(&st, "3 3 2 2 4 3 3 3", A, E, 1);
	int s0 = st.store[0], s1 = st.store[1];
	ok(&st, 1, "SOW 2");
	assert_int_equal(st.store[0], s0);
	assert_int_equal(st.store[1] - s1, 8);
	assert_board(&st, "3 3 0 0 0 3 3 3");
}

/* owner_limit=8, the formal reading: 10 and more are never taken. */
static void
test_owner_capture_limit_8(void **state)
{
	const char *kv[] = { "owner_limit=8", "groups_when=always" };
	struct bq_state st;

	(void)state;
	mk(&st, kv, 2);
	/* d 8->10: higher even, but 10 and more are never taken. */
	put(&st, "3 3 1 8 4 3 3 3", A, E, 1);
	int s0 = st.store[0];
	ok(&st, 1, "SOW 2");
	assert_int_equal(st.store[0], s0);
	assert_int_equal(st.board[D], 10);
}

/* Bellin sets the owner's capture no limit: "Si, dans une case
 * m'appartenant renfermant un nombre pair de crottes le nombre de
 * celles-ci se trouve porté ... au nombre pair supérieur, les pions de
 * cette case me sont acquis." The 2, 4, 6, 8 are the mover's. Default
 * options; north's 9 counters make more than a lap of 8 holes. */
static void
test_owner_capture_any_even(void **state)
{
	const char *kv[] = { "opening=free" };
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, kv, 1);
	/* North sows e (10) two by two: d 8->10, c 1->3, b 3->5, a 3->5,
	 * h 0->2 last (north takes it), nothing in the chain (g 3 odd); d,
	 * raised from 8 to 10, goes to its owner south. South sows from d,
	 * now empty, so nothing is played after the sowing. */
	put(&st, "3 3 1 8 10 3 3 0", D, E, 1);
	int s0 = st.store[0], s1 = st.store[1];
	evsink_init(&ev);
	assert_int_equal(play(&st, 1, "SOW 2", &ev), 0);
	assert_int_equal(st.store[0] - s0, 10);
	assert_int_equal(st.store[1] - s1, 2);
	assert_int_equal(st.board[D], 0);
	assert_true(ev_has(&ev, VIS_ALL, "Owner's capture: south takes 10 "
	    "from d."));
	evsink_free(&ev);
	check_ok(&st);
}

static void
test_owner_capture_off(void **state)
{
	const char *kv[] = { "owner_capture=off", "groups_when=always" };
	struct bq_state st;

	(void)state;
	mk(&st, kv, 2);
	put(&st, "3 3 1 2 4 3 3 3", A, E, 1);
	int s0 = st.store[0], s1 = st.store[1];
	ok(&st, 1, "SOW 2");
	assert_int_equal(st.store[0], s0);
	assert_int_equal(st.store[1], s1);
	assert_board(&st, "3 3 3 4 0 3 3 3");
}

/* ---- sowing ---- */

static void
test_multilap_sizes(void **state)
{
	struct bq_state st;
	struct bq_sowing sw;
	struct diag d;
	int k12[] = { 1, 2 }, k21[] = { 2, 1 }, k123[] = { 1, 2, 3 };
	int k1 = 1;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "20 0 0 0 0 0 0 0", A, E, 0);
	/* Lap 1 one by one: b..h and a get 1 (8); lap 2 two by two: 12 left
	 * for b..g. */
	plan(&st, 0, k12, 2, &sw);
	assert_int_equal(sw.laps, 2);
	assert_int_equal(sw.last, G);
	for (int h = B; h <= G; h++)
		assert_int_equal(sw.after[h], 3);
	assert_int_equal(sw.after[H], 1);
	assert_int_equal(sw.after[A], 1);

	/* Lap 1 two by two takes 16; lap 2 one by one: b c d e. */
	plan(&st, 0, k21, 2, &sw);
	assert_int_equal(sw.laps, 2);
	assert_int_equal(sw.last, E);
	assert_int_equal(sw.after[B], 3);
	assert_int_equal(sw.after[F], 2);
	assert_int_equal(sw.after[A], 2);

	/* One size holds for every lap: 20 one by one is three laps. */
	plan(&st, 0, &k1, 1, &sw);
	assert_int_equal(sw.laps, 3);
	assert_int_equal(sw.last, E);
	assert_int_equal(sw.after[E], 3);
	assert_int_equal(sw.after[F], 2);

	diag_clear(&d);
	assert_int_equal(bq_plan(&st, 0, k123, 3, &sw, &d), -1);
	assert_string_equal(d.msg, "\"SOW 1 2 3\": sown this way your 20 "
	    "counters make only 2 laps, so give at most 2 group sizes");

	/* Through the order language too. */
	ok(&st, 0, "sow 1 2");
	assert_int_equal(st.turn, 1);
}

static void
test_group_size_limits(void **state)
{
	struct bq_state st, before;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "5 2 3 3 3 3 3 3", A, G, 0);
	before = st;
	evsink_init(&ev);
	assert_int_equal(play(&st, 0, "SOW 6", &ev), -1);
	assert_string_equal(err, "\"SOW 6\": you lift only 5 counters from "
	    "hole a, so a group holds at most 5; try \"SOW 5\"");
	assert_int_equal(ev.n, 0);
	same_state(&st, &before);
	ok(&st, 0, "SOW 5");
	/* All five land in b: 2 -> 7. */
	assert_int_equal(st.board[B], 7);
	evsink_free(&ev);
}

static void
test_groups_divisors(void **state)
{
	const char *kv[] = { "groups=divisors-1-4", "groups_when=always" };
	struct bq_state st;
	struct order_list l;

	(void)state;
	mk(&st, kv, 2);
	put(&st, "9 3 3 3 3 3 3 3", A, G, 0);
	order_list_init(&l);
	R->legal(&st, 0, &l);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].text, "SOW");
	assert_string_equal(l.v[1].text, "SOW 3");
	order_list_free(&l);
	assert_int_equal(play(&st, 0, "SOW 2", NULL), -1);
	assert_string_equal(err, "\"SOW 2\": with groups=divisors-1-4 a group "
	    "must hold 1 to 4 counters and divide the 9 you lift (2 does not); "
	    "you may use 1, 3; try \"SOW 3\"");
	put(&st, "12 3 3 3 3 3 3 0", A, G, 0);
	assert_int_equal(play(&st, 0, "SOW 6", NULL), -1);
	ok(&st, 0, "SOW 4");
	assert_int_equal(st.board[B], 7);
	assert_int_equal(st.board[D], 7);
}

static void
test_erased_holes_skipped(void **state)
{
	struct bq_state st;
	struct bq_sowing sw;
	int k = 1;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "3 3 3 3 3 0 0 3", D, E, 0);
	erase(&st, F);
	erase(&st, G);
	check_ok(&st);
	/* d (3): e, then f and g are gone: h, a. */
	plan(&st, 0, &k, 1, &sw);
	assert_int_equal(sw.after[E], 4);
	assert_int_equal(sw.after[F], 0);
	assert_int_equal(sw.after[G], 0);
	assert_int_equal(sw.after[H], 4);
	assert_int_equal(sw.last, A);
	assert_int_equal(sw.after[A], 4);
	/* The last (4) is taken and the chain walks back over h and e. */
	assert_int_equal(sw.mover[A], 4);
	assert_int_equal(sw.mover[H], 4);
	assert_int_equal(sw.mover[E], 4);
}

static void
test_skip_empty_sowing_hole(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* South sows a (18) two by two: a full lap, then 2 more in b (odd,
	 * no capture). North's sowing hole f went 0 -> 2: north's own
	 * capture empties it, so north misses the turn and south moves
	 * again from a (2). */
	put(&st, "18 1 1 1 1 0 1 1", A, F, 0);
	int s1 = st.store[1];
	assert_int_equal(play(&st, 0, "SOW 2", &ev), 0);
	assert_int_equal(st.store[1] - s1, 2);
	assert_board(&st, "2 5 3 3 3 0 3 3");
	assert_true(ev_has(&ev, VIS_ALL, "north misses the turn: sowing hole f "
	    "is empty."));
	assert_int_equal(st.phase, BQ_PH_SOW);
	assert_int_equal(st.turn, 0);
	check_ok(&st);
	evsink_free(&ev);
}

static void
test_forced_sowing_played(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* South takes b and c; north's hole f holds one counter, so the
	 * referee sows it (to e, 3 -> 4, taken) without waiting. Then both
	 * sowing holes are empty and the round ends. */
	put(&st, "2 3 3 3 3 1 3 3", A, F, 0);
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "south takes the 4 counters of c"));
	assert_true(ev_has(&ev, VIS_ALL, "north sows the only counter of hole "
	    "f; the last falls in e, which now holds 4."));
	assert_true(ev_has(&ev, VIS_ALL, "north takes the 4 counters of e"));
	assert_true(ev_has(&ev, VIS_ALL, "Round 1 ends: both sowing holes are "
	    "empty."));
	evsink_free(&ev);
}

/* ---- end of a round ---- */

static void
test_both_empty_ends_round(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* South sows a (2): b 2 -> 3, c 8 -> 9. f, north's sowing hole, is
	 * empty, and so is a now: the round ends and each row's counters go
	 * to its owner. */
	put(&st, "2 2 8 9 3 0 3 3", A, F, 0);
	st.store[0] = 12;
	st.store[1] = 6;
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "Round 1 ends: both sowing holes are "
	    "empty."));
	assert_true(ev_has(&ev, VIS_ALL, "south 21, north 9."));
	assert_true(ev_has(&ev, VIS_ALL, "Stores: south 33, north 15."));
	/* South refilled by itself (33 > 24) and keeps 9; north must choose
	 * where its 15 go. */
	assert_int_equal(st.phase, BQ_PH_REFILL);
	assert_int_equal(st.refill_seat, 1);
	assert_int_equal(st.store[0], 9);
	assert_int_equal(st.starter, 0);
	check_ok(&st);
	evsink_free(&ev);
}

static void
test_one_counter_left_ends_round(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* South sows a (2): b 1 -> 2 and c 1 -> 2 taken; h keeps 1, the only
	 * counter left: it goes to north, whose row it stands in. */
	put(&st, "2 1 1 0 0 0 0 1", A, H, 0);
	st.store[0] = 24;
	st.store[1] = 19;
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "only one counter is left on the "
	    "board"));
	assert_true(ev_has(&ev, VIS_ALL, "The last counter, in h, goes to "
	    "north."));
	assert_true(ev_has(&ev, VIS_ALL, "Stores: south 28, north 20."));
	evsink_free(&ev);
}

static void
test_all_captured_ends_round(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	put(&st, "2 1 1 0 0 0 0 0", A, E, 0);
	st.store[0] = 24;
	st.store[1] = 20;
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "Round 1 ends: every counter on the "
	    "board has been captured."));
	/* 28 against 20: south moves first in round 2. */
	assert_int_equal(st.round, 1);
	assert_int_equal(st.phase, BQ_PH_REFILL);
	assert_int_equal(st.starter, 0);
	evsink_free(&ev);
}

static void
test_quiet_limit(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	/* d and e pass one counter back and forth for ever, each sowing
	 * forced; the referee's limit ends the round. */
	put(&st, "3 3 3 1 0 3 3 3", D, E, 0);
	st.store[0] = 20;
	st.store[1] = 9;
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "40 sowings in a row have captured "
	    "nothing"));
	assert_int_equal(st.quiet, 0);
	assert_true(st.phase != BQ_PH_SOW || st.round == 2);
	check_ok(&st);
	evsink_free(&ev);
}

/* ---- between rounds ---- */

/* Ends round 1 at once with the given stores: board empty, both sowing
 * holes empty. */
static void
end_round_with(struct bq_state *st, int s0, int s1, struct evsink *ev)
{
	memset(st->board, 0, sizeof st->board);
	st->store[0] = s0;
	st->store[1] = s1;
	st->sowing[0] = A;
	st->sowing[1] = E;
	st->phase = BQ_PH_SOW;
	bq_end_round(st, "test", ev);
}

static void
test_refill_more_than_24(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	st.starter = 0;
	end_round_with(&st, 18, 30, &ev);
	/* North (30) keeps 6 and moves first; south (18) fills three holes
	 * and must choose which. */
	assert_int_equal(st.store[1], 6);
	assert_board(&st, "0 0 0 0 6 6 6 6");
	assert_int_equal(st.starter, 1);
	assert_int_equal(st.phase, BQ_PH_REFILL);
	assert_int_equal(st.refill_seat, 0);
	assert_true(ev_has(&ev, VIS_ALL, "north refills: six in e, f, g, h; 6 "
	    "stay in store."));
	evsink_free(&ev);
}

static void
test_refill_tie(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	st.starter = 0;
	end_round_with(&st, 24, 24, NULL);
	/* 24-24: north moved second in round 1, so north moves first. */
	assert_int_equal(st.starter, 1);
	assert_int_equal(st.round, 2);
	assert_int_equal(st.phase, BQ_PH_HOLE);
	for (int h = 0; h < BQ_HOLES; h++)
		assert_int_equal(st.board[h], 6);
	end_round_with(&st, 24, 24, NULL);
	assert_int_equal(st.starter, 0);
	check_ok(&st);
}

static void
test_refill_remainder(void **state)
{
	struct bq_state st, keep;
	struct order_list l;
	struct order o;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	end_round_with(&st, 34, 14, NULL);
	/* North has 14: two holes of six and 2 in one more. North sows
	 * clockwise, so its row in sowing order is h g f e; the remainder
	 * must have a full hole before it in that order. */
	assert_int_equal(st.refill_seat, 1);
	order_list_init(&l);
	R->legal(&st, 1, &l);
	/* 4 ways to pick the 3 holes used, 2 places for the remainder. */
	assert_int_equal(l.n, 8);
	order_list_free(&l);
	keep = st;
	assert_int_equal(play(&st, 1, "REFILL f g REMAINDER h", &ev), -1);
	assert_string_equal(err, "the remainder hole must lie between two full "
	    "holes or after them in your sowing order (h g f e), and h comes "
	    "before them all; e.g. \"REFILL g h REMAINDER f\"");
	assert_int_equal(play(&st, 1, "REFILL f g", &ev), -1);
	assert_string_equal(err, "2 counters are left over after the holes of "
	    "six; add REMAINDER and the hole for them, e.g. \"REFILL g h "
	    "REMAINDER f\"");
	assert_int_equal(play(&st, 1, "REFILL f REMAINDER g", &ev), -1);
	assert_string_equal(err, "your 14 counters fill 2 holes with six and "
	    "leave a remainder; name exactly 2, e.g. \"REFILL g h REMAINDER "
	    "f\"");
	assert_int_equal(play(&st, 1, "REFILL a b REMAINDER g", &ev), -1);
	assert_string_equal(err, "hole a is in south's row; you refill only "
	    "your own holes, e.g. \"REFILL g h REMAINDER f\"");
	assert_int_equal(ev.n, 0);
	same_state(&st, &keep);

	/* Between two full holes. */
	assert_int_equal(play(&st, 1, "REFILL h f REMAINDER g", &ev), 0);
	assert_board(&st, "6 6 6 6 0 6 2 6");
	assert_int_equal(st.erased[E], 1);
	assert_int_equal(st.donkeys[1], 0);
	assert_int_equal(st.store[1], 0);
	assert_int_equal(st.round, 2);
	assert_true(ev_has(&ev, VIS_ALL, "north refills: six in f, h, 2 in g; e "
	    "is erased."));
	check_ok(&st);

	/* The deadline default: six in the first holes, the rest next. */
	mk(&st, NULL, 0);
	end_round_with(&st, 34, 14, NULL);
	assert_int_equal(R->default_order(&st, 1, &o), 0);
	assert_string_equal(o.text, "REFILL g h REMAINDER f");
	evsink_free(&ev);
}

static void
test_refill_no_remainder_choice(void **state)
{
	struct bq_state st;
	struct order_list l;

	(void)state;
	mk(&st, NULL, 0);
	end_round_with(&st, 36, 12, NULL);
	/* 12: two holes of six, nothing left over: which two is north's. */
	order_list_init(&l);
	R->legal(&st, 1, &l);
	assert_int_equal(l.n, 6);
	order_list_free(&l);
	assert_int_equal(play(&st, 1, "REFILL e f REMAINDER g", NULL), -1);
	assert_string_equal(err, "nothing is left over after the holes of six, "
	    "so leave out REMAINDER; e.g. \"REFILL g h\"");
	ok(&st, 1, "REFILL e h");
	assert_int_equal(st.erased[F] + st.erased[G], 2);
	assert_int_equal(st.donkeys[1], 1);
}

static void
test_refill_two_erased_owes_donkey(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	end_round_with(&st, 40, 8, NULL);
	ok(&st, 1, "REFILL h REMAINDER e");
	assert_int_equal(st.donkeys[1], 1);
	assert_int_equal(st.donkeys[0], 0);
	assert_int_equal(bq_live(&st, 1), 2);
	/* An erased hole cannot be chosen. */
	assert_int_equal(play(&st, 1, "HOLE f", NULL), -1);
	assert_string_equal(err, "hole f has been erased; choose one of e or h");
	evsink_free(&ev);
}

/* Donkeys are owed for what one refill erases: "Si un joueur doit effacer
 * 2 de ses cases il doit un âne". Two holes erased one at a time, in two
 * refills, owe nothing (doc/rules-notes.md, Donkeys). */
static void
test_refill_one_at_a_time_owes_nothing(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	end_round_with(&st, 34, 14, NULL);
	ok(&st, 1, "REFILL h f REMAINDER g");
	assert_int_equal(st.erased[E], 1);
	assert_int_equal(st.donkeys[1], 0);
	/* Round 2 ends with 8 for north: one hole of six, 2 in another, the
	 * third of its three holes erased: its second hole gone, one a time. */
	end_round_with(&st, 40, 8, NULL);
	assert_int_equal(st.refill_seat, 1);
	ok(&st, 1, "REFILL h REMAINDER g");
	assert_int_equal(st.erased[F], 1);
	assert_int_equal(bq_live(&st, 1), 2);
	assert_int_equal(st.donkeys[1], 0);
	assert_int_equal(st.donkeys[0], 0);
	check_ok(&st);
}

/* "A player with more than 24 keeps the excess in their store and moves
 * first": 24, not a full row, also once holes are erased; and with three
 * holes left the player keeps everything beyond 18 (doc/rules-notes.md,
 * Between rounds). */
static void
test_refill_fewer_holes_still_24(void **state)
{
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	erase(&st, B);
	st.starter = 1;
	/* South 20 on three holes: all full, 2 kept; but 20 is not more than
	 * 24, and north's 28 is: north moves first. */
	end_round_with(&st, 20, 28, NULL);
	assert_int_equal(st.round, 2);
	assert_int_equal(st.starter, 1);
	assert_board(&st, "6 0 6 6 6 6 6 6");
	assert_int_equal(st.store[0], 2);
	assert_int_equal(st.store[1], 4);
	assert_int_equal(st.donkeys[0], 0);
	check_ok(&st);
}

/* The remainder goes "between two full holes or after them" in the
 * player's own sowing order: with first_direction=cw south sows d c b a,
 * so c before b and a is refused and a after them is not. */
static void
test_refill_remainder_follows_direction(void **state)
{
	const char *cw[] = { "first_direction=cw" };
	struct bq_state st;
	struct order o;

	(void)state;
	mk(&st, cw, 1);
	end_round_with(&st, 14, 34, NULL);
	assert_int_equal(st.refill_seat, 0);
	assert_int_equal(play(&st, 0, "REFILL a b REMAINDER c", NULL), -1);
	assert_string_equal(err, "the remainder hole must lie between two full "
	    "holes or after them in your sowing order (d c b a), and c comes "
	    "before them all; e.g. \"REFILL c d REMAINDER b\"");
	assert_int_equal(R->default_order(&st, 0, &o), 0);
	assert_string_equal(o.text, "REFILL c d REMAINDER b");
	ok(&st, 0, "REFILL b c REMAINDER a");
	assert_board(&st, "2 6 6 0 6 6 6 6");
	assert_int_equal(st.erased[D], 1);
	check_ok(&st);
}

static void
test_refill_all_erased_loses(void **state)
{
	struct bq_state st;
	struct evsink ev;
	struct pending p;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	st.donkeys[1] = 1;
	end_round_with(&st, 48, 0, &ev);
	assert_int_equal(st.phase, BQ_PH_OVER);
	assert_int_equal(st.loser, 1);
	assert_int_equal(st.donkeys[1], 3);
	assert_true(ev_has(&ev, VIS_ALL, "north has no hole left: north owes "
	    "south two donkeys and loses the match."));
	R->waiting_for(&st, &p);
	assert_int_equal(p.over, 1);
	assert_int_equal(p.seats, 0);
	assert_string_equal(en(p.result), "south wins the match: north has no hole "
	    "left. Donkeys owed: south 0, north 3.");
	assert_int_equal(play(&st, 0, "HOLE a", NULL), -1);
	assert_string_equal(err, "the match is over; no more orders are taken");
	check_ok(&st);
	evsink_free(&ev);
}

/* South loses at the refill: nothing about north's refill may follow the
 * result in the narrative. */
static void
test_refill_loss_ends_narrative(void **state)
{
	struct bq_state st;
	struct evsink ev;
	size_t i;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	end_round_with(&st, 0, 48, &ev);
	assert_int_equal(st.phase, BQ_PH_OVER);
	assert_int_equal(st.loser, 0);
	for (i = 0; i < ev.n; i++)
		if (strstr(evline_text(&ev.v[i]), "loses the match"))
			break;
	assert_true(i < ev.n);
	assert_int_equal(i, ev.n - 1);
	check_ok(&st);
	evsink_free(&ev);
}

static void
test_single_hole_chosen_for_player(void **state)
{
	struct bq_state st;
	struct pending p;

	(void)state;
	mk(&st, NULL, 0);
	end_round_with(&st, 43, 5, NULL);
	/* 5 counters, one hole: that choice is north's and is made. */
	assert_int_equal(play(&st, 1, "REFILL g", NULL), -1);
	assert_string_equal(err, "your 5 counters fill no hole with six; name "
	    "only the remainder hole, e.g. \"REFILL REMAINDER h\"");
	ok(&st, 1, "REFILL REMAINDER g");
	assert_int_equal(bq_live(&st, 1), 1);
	assert_int_equal(st.donkeys[1], 1);
	assert_int_equal(st.sowing[1], G);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 1u);
}

/* ---- choosing the sowing hole ---- */

static void
test_sealed_hole_choice(void **state)
{
	struct bq_state st;
	struct evsink ev;
	struct pending p;
	struct tval *v;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 3u);
	assert_string_equal(p.kind[0], "hole");
	/* Both read what, so only the seat's own line says "your". */
	assert_string_equal(en(p.what[1]), "choosing a sowing hole: e, f, g or h "
	    "(sealed)");
	assert_string_equal(en(p.own[1]), "choose your sowing hole: e, f, g or h "
	    "(sealed)");

	assert_int_equal(play(&st, 0, "HOLE c", &ev), 0);
	assert_true(ev_has(&ev, VIS_SEAT(0), "You chose sealed hole c"));
	/* Neither north nor an observer learns which hole. */
	assert_false(ev_has(&ev, VIS_SEAT(1), "hole c"));
	assert_false(ev_has(&ev, 0x80000000u, "hole c"));
	assert_true(ev_has(&ev, VIS_SEAT(1), "south has chosen a sowing hole "
	    "(sealed)."));
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 2u);
	assert_int_equal(play(&st, 0, "HOLE d", NULL), -1);
	assert_string_equal(err, "you have already chosen hole c for round 1");

	for (int viewer = -1; viewer <= 1; viewer++) {
		struct tval *board, *bottom;
		int marked = 0;

		v = tval_map();
		R->view(&st, viewer, v);
		board = tval_get(v, "board");
		bottom = tval_get(v, "bottom");
		for (size_t i = 0; i < board->n; i++)
			marked |= strchr(tval_get(board->items[i], "line")->str,
			    '[') != NULL;
		assert_int_equal(marked, viewer == 0);
		assert_string_equal(tval_get(bottom, "sowing")->str,
		    viewer == 0 ? "c" : "");
		if (viewer != 0)
			assert_string_equal(en(tval_get(bottom, "dirline")->str),
			    "sows counter-clockwise; sowing hole chosen, sealed");
		tval_free(v);
	}

	evsink_free(&ev);
	evsink_init(&ev);
	assert_int_equal(play(&st, 1, "HOLE f", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "Round 1: south sows from c, north "
	    "from f; south moves first."));
	assert_int_equal(st.phase, BQ_PH_SOW);
	v = tval_map();
	R->view(&st, 1, v);
	assert_string_equal(tval_get(tval_get(v, "bottom"), "sowing")->str, "c");
	tval_free(v);
	evsink_free(&ev);
}

static void
test_open_hole_choice(void **state)
{
	const char *kv[] = { "hole_choice=open" };
	struct bq_state st;
	struct evsink ev;
	struct pending p;
	struct tval *v;

	(void)state;
	mk(&st, kv, 1);
	evsink_init(&ev);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 1u);
	assert_int_equal(play(&st, 1, "HOLE f", NULL), -1);
	assert_string_equal(err, "south chooses a sowing hole first; wait for "
	    "that choice");
	assert_int_equal(play(&st, 0, "HOLE b", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "south chooses hole b as sowing hole."));
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 2u);
	/* North sees the choice before making its own. */
	v = tval_map();
	R->view(&st, 1, v);
	assert_string_equal(tval_get(tval_get(v, "bottom"), "sowing")->str, "b");
	tval_free(v);
	ok(&st, 1, "HOLE h");
	assert_int_equal(st.phase, BQ_PH_SOW);
	assert_int_equal(st.turn, 0);
	evsink_free(&ev);
}

/* Open choice in later rounds: the round's first mover (from the refill,
 * not option first) chooses first, the other sees it and follows. */
static void
test_open_hole_choice_later_rounds(void **state)
{
	const char *kv[] = {
		"hole_choice=open", "groups_when=always",
		"round_end=both-empty", "sowing_hole=per-round"
	};
	struct bq_state st;
	struct pending p;

	(void)state;
	mk(&st, kv, 4);
	assert_int_equal(st.first, 0);
	st.starter = 0;
	/* 24-24: north moved second in round 1, so north moves first. */
	end_round_with(&st, 24, 24, NULL);
	assert_int_equal(st.round, 2);
	assert_int_equal(st.starter, 1);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 2u);
	assert_int_equal(play(&st, 0, "HOLE b", NULL), -1);
	assert_string_equal(err, "north chooses a sowing hole first; wait for "
	    "that choice");
	ok(&st, 1, "HOLE f");
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 1u);
	ok(&st, 0, "HOLE b");
	assert_int_equal(st.phase, BQ_PH_SOW);
	assert_int_equal(st.turn, 1);
	/* Round 3: south again. */
	end_round_with(&st, 24, 24, NULL);
	assert_int_equal(st.round, 3);
	assert_int_equal(st.starter, 0);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 1u);
	assert_int_equal(play(&st, 1, "HOLE f", NULL), -1);
	ok(&st, 0, "HOLE c");
	ok(&st, 1, "HOLE g");
	assert_int_equal(st.turn, 0);
	check_ok(&st);
}

static int
legal_has(const struct bq_state *st, int seat, const char *text)
{
	struct order_list ol;
	int found = 0;

	order_list_init(&ol);
	R->legal(st, seat, &ol);
	for (size_t i = 0; i < ol.n; i++)
		found |= strcmp(ol.v[i].text, text) == 0;
	order_list_free(&ol);
	return found;
}

/* Bellin: "un par un en début de partie": the match's first sowing goes
 * one by one (option opening); SOW 2 is refused with the reason. */
static void
test_opening_one_by_one(void **state)
{
	const char *each[] = { "opening=each-one-by-one", "groups_when=always" };
	const char *free_[] = { "opening=free", "groups_when=always" };
	struct bq_state st;

	(void)state;
	mk(&st, NULL, 0);
	ok(&st, 0, "HOLE a");
	ok(&st, 1, "HOLE e");
	assert_int_equal(st.phase, BQ_PH_SOW);
	assert_int_equal(st.turn, 0);
	assert_false(legal_has(&st, 0, "SOW 2"));
	assert_true(legal_has(&st, 0, "SOW"));
	assert_int_equal(play(&st, 0, "SOW 2", NULL), -1);
	assert_non_null(strstr(err, "un par un en d"));
	assert_non_null(strstr(err, "send \"SOW\""));
	ok(&st, 0, "SOW");
	check_ok(&st);
	/* The opening is the match's first sowing only. */
	assert_int_equal(st.turn, 1);
	assert_true(legal_has(&st, 1, "SOW 2"));
	ok(&st, 1, "SOW 2");
	check_ok(&st);

	mk(&st, each, 2);
	ok(&st, 0, "HOLE a");
	ok(&st, 1, "HOLE e");
	ok(&st, 0, "SOW");
	assert_int_equal(play(&st, 1, "SOW 2", NULL), -1);
	assert_non_null(strstr(err, "your first sowing"));
	ok(&st, 1, "SOW");

	mk(&st, free_, 2);
	ok(&st, 0, "HOLE a");
	ok(&st, 1, "HOLE e");
	ok(&st, 0, "SOW 2");
	check_ok(&st);
}

/* Plays default orders until round `round` begins (or the match ends). */
static void
to_round(struct bq_state *st, int round)
{
	for (int i = 0; i < 2000 && st->round < round && st->phase != BQ_PH_OVER; i++) {
		struct pending p;
		struct order o;
		struct diag d;
		int s;

		R->waiting_for(st, &p);
		s = (p.seats & 1u) ? 0 : 1;
		assert_int_equal(R->default_order(st, s, &o), 0);
		diag_clear(&d);
		if (R->apply(st, s, &o, NULL, &d) != 0)
			fail_msg("%s: %s", o.text, d.msg);
		check_ok(st);
	}
	assert_int_equal(st->round, round);
}

/* Bellin: "Chaque joueur choisit dans ses cases une case de départ. Tout au
 * long de la partie il déplacera ses pions en partant de cette case."
 * (option sowing_hole=whole-match): the hole is kept from round to round
 * and chosen again only once it is erased. */
static void
test_sowing_hole_whole_match(void **state)
{
	const char *match[] = { "sowing_hole=whole-match" };
	struct bq_state st;
	struct pending p;
	int hole[2], chose = 0;

	(void)state;
	mk(&st, match, 1);
	ok(&st, 0, "HOLE b");
	ok(&st, 1, "HOLE g");
	to_round(&st, 2);
	hole[0] = st.erased[B] ? -1 : B;
	hole[1] = st.erased[G] ? -1 : G;
	assert_true(hole[0] >= 0 || hole[1] >= 0);
	for (int s = 0; s < 2; s++) {
		if (hole[s] < 0)
			continue;
		assert_int_equal(st.sowing[s], hole[s]);
		assert_int_equal(play(&st, s, s ? "HOLE h" : "HOLE a", NULL), -1);
		if (st.phase == BQ_PH_HOLE)
			assert_non_null(strstr(err, "already chosen"));
	}
	R->waiting_for(&st, &p);
	for (int s = 0; s < 2; s++)
		chose |= (p.seats & (1u << s)) && hole[s] >= 0 &&
		    strcmp(p.kind[s], "hole") == 0;
	assert_false(chose);

	/* Per round, both choose again in round 2. */
	mk(&st, NULL, 0);
	ok(&st, 0, "HOLE b");
	ok(&st, 1, "HOLE g");
	to_round(&st, 2);
	assert_int_equal(st.phase, BQ_PH_HOLE);
	assert_int_equal(st.sowing[0] + st.sowing[1], -2);
}

/* The defaults as a game master gets them, with any one option that does
 * not touch what a test looks at. */
static const char *const defaults[] = { "first=south" };

/* Issue 29 item 3: whole-match is the default, and the round line says
 * what happens when no one chooses: round 2 keeps both holes and says so,
 * without "Each player chooses a sowing hole". */
static void
test_whole_match_default_round_line(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, defaults, 1);
	ok(&st, 0, "HOLE b");
	ok(&st, 1, "HOLE g");
	evsink_init(&ev);
	for (int i = 0; i < 2000 && st.round < 2 && st.phase != BQ_PH_OVER; i++) {
		struct pending p;
		struct order o;
		struct diag d;
		int s;

		R->waiting_for(&st, &p);
		s = (p.seats & 1u) ? 0 : 1;
		assert_int_equal(R->default_order(&st, s, &o), 0);
		diag_clear(&d);
		if (R->apply(&st, s, &o, &ev, &d) != 0)
			fail_msg("%s: %s", o.text, d.msg);
		check_ok(&st);
	}
	assert_int_equal(st.round, 2);
	assert_false(st.erased[B] || st.erased[G]);
	assert_int_equal(st.sowing[0], B);
	assert_int_equal(st.sowing[1], G);
	assert_false(ev_has(&ev, VIS_ALL, "Each player chooses a sowing hole"));
	assert_true(ev_has(&ev, VIS_ALL, "No one chooses a sowing hole this "
	    "round."));
	assert_true(ev_has(&ev, VIS_ALL, "south sows from hole b again"));
	assert_true(ev_has(&ev, VIS_ALL, "north sows from hole g again"));
	evsink_free(&ev);

	/* One hole erased: only its owner chooses, and the line says so. */
	mk(&st, defaults, 1);
	st.kept[0] = B;
	st.kept[1] = G;
	erase(&st, G);
	st.round = 1;
	evsink_init(&ev);
	bq_start_round(&st, &ev);
	assert_true(ev_has(&ev, VIS_ALL, "Round 2 begins; south will move "
	    "first. north chooses a new sowing hole; the other hole is known."));
	assert_false(ev_has(&ev, VIS_ALL, "Each player chooses"));
	assert_int_equal(st.sowing[0], B);
	assert_int_equal(st.sowing[1], -1);
	assert_true(legal_has(&st, 1, "HOLE h"));
	assert_false(legal_has(&st, 0, "HOLE a"));
	evsink_free(&ev);
}

/* Issue 29 item 4, Bellin: "un par un en début de partie ou deux par deux,
 * trois par trois, quatre par quatre,... en cours de partie et si sa case
 * de départ renferme un grand nombre de pions". Default groups_when=
 * over-a-lap: more counters than the holes of one lap. */
static void
test_groups_need_a_large_number(void **state)
{
	const char *six[] = { "groups_when=over-six" };
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, defaults, 1);
	/* 8 counters, 8 holes: one lap, not a large number. */
	put(&st, "8 3 3 3 3 3 3 3", A, G, 0);
	assert_false(legal_has(&st, 0, "SOW 2"));
	assert_true(legal_has(&st, 0, "SOW"));
	assert_int_equal(play(&st, 0, "SOW 2", NULL), -1);
	assert_string_equal(err, "SOW 2: hole a holds only 8 counters, and "
	    "groups of more than one need more than 8 (Bellin: \"si sa case de "
	    "départ renferme un grand nombre de pions\"); send \"SOW\"");
	/* 9 make more than a lap. */
	put(&st, "9 3 3 3 3 3 3 3", A, G, 0);
	assert_true(legal_has(&st, 0, "SOW 9"));
	ok(&st, 0, "SOW 2");
	/* A lap is the holes not erased: 8 counters round 7 holes. */
	mk(&st, defaults, 1);
	put(&st, "8 3 3 3 3 3 3 0", A, G, 0);
	erase(&st, H);
	ok(&st, 0, "SOW 2");
	check_ok(&st);

	/* over-six: 7 counters are enough, 6 are not. */
	mk(&st, six, 1);
	put(&st, "6 3 3 3 3 3 3 3", A, G, 0);
	assert_int_equal(play(&st, 0, "SOW 3", NULL), -1);
	assert_non_null(strstr(err, "need more than 6"));
	put(&st, "7 3 3 3 3 3 3 3", A, G, 0);
	ok(&st, 0, "SOW 3");

	/* A small hole has one way to sow, so after the round's first
	 * sowing the referee sows it: north's 3 in g, one by one. */
	mk(&st, defaults, 1);
	put(&st, "2 3 3 3 3 3 3 3", A, G, 0);
	st.sown = 1;
	evsink_init(&ev);
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_true(ev_has(&ev, VIS_ALL, "north sows the 3 counters of hole g "
	    "one by one (the only way allowed)"));
	evsink_free(&ev);
	check_ok(&st);
}

/* Issue 29 item 5: with round_end=new-holes (the default) a round whose
 * sowing holes are both empty goes on: each player chooses a new sowing
 * hole among those holding counters; the hole kept for the match stays. */
static void
test_round_end_new_holes(void **state)
{
	struct bq_state st;
	struct evsink ev;

	(void)state;
	mk(&st, defaults, 1);
	evsink_init(&ev);
	/* South sows a (2): b 2 -> 3, c 8 -> 9. f, north's sowing hole, is
	 * empty, and so is a now. */
	put(&st, "2 2 8 9 3 0 3 3", A, F, 0);
	st.kept[0] = A;
	st.kept[1] = F;
	assert_int_equal(play(&st, 0, "SOW", &ev), 0);
	assert_false(ev_has(&ev, VIS_ALL, "Round 1 ends"));
	assert_true(ev_has(&ev, VIS_ALL, "Both sowing holes are empty: each "
	    "player with counters in their row chooses a new sowing hole for "
	    "the rest of round 1."));
	assert_int_equal(st.phase, BQ_PH_HOLE);
	assert_int_equal(st.round, 1);
	check_ok(&st);
	assert_false(legal_has(&st, 0, "HOLE a"));
	assert_true(legal_has(&st, 0, "HOLE b"));
	assert_false(legal_has(&st, 1, "HOLE f"));
	assert_int_equal(play(&st, 0, "HOLE a", NULL), -1);
	assert_string_equal(err, "hole a is empty; choose one that holds "
	    "counters: b, c or d");
	ok(&st, 0, "HOLE c");
	assert_int_equal(play(&st, 1, "HOLE g", &ev), 0);
	/* North was to move: it sows g (3, one way only: f 1, e 4, d 10)
	 * and south is to sow c (9, more than a lap: a choice). */
	assert_true(ev_has(&ev, VIS_ALL, "Round 1 goes on: south sows from c, "
	    "north from g; north sows next."));
	assert_int_equal(st.phase, BQ_PH_SOW);
	assert_int_equal(st.turn, 0);
	assert_int_equal(st.sowing[0], C);
	assert_int_equal(st.sowing[1], G);
	assert_int_equal(st.kept[0], A);
	assert_int_equal(st.kept[1], F);
	check_ok(&st);
	evsink_free(&ev);
}

/* A referee rule: after BQ_ROUNDS rounds the match ends, the donkeys owed
 * being the score (bot matches that no one loses go on past 1000). */
static void
test_round_limit(void **state)
{
	struct bq_state st;
	struct evsink ev;
	struct pending p;

	(void)state;
	mk(&st, defaults, 1);
	st.round = BQ_ROUNDS;
	st.donkeys[1] = 1;
	evsink_init(&ev);
	bq_start_round(&st, &ev);
	assert_int_equal(st.phase, BQ_PH_OVER);
	assert_int_equal(st.loser, -1);
	assert_true(ev_has(&ev, VIS_ALL, "Round 200 was the last the referee "
	    "plays"));
	check_ok(&st);
	R->waiting_for(&st, &p);
	assert_true(p.over);
	assert_string_equal(en(p.result), "The match ends after 200 rounds, the "
	    "most the referee plays. Donkeys owed: south 0, north 1.");
	evsink_free(&ev);
}

/* The options line names every option (issue 29: it left out opening and
 * sowing_hole), groups and groups_when as one sentence (it read "groups
 * of any size; groups only from more counters than a lap has holes"),
 * and the report explains SOW k only when groups are allowed: not at the
 * one-by-one opening. */
static void
test_options_line_and_sizes(void **state)
{
	struct bq_state st;
	struct tval *v;

	(void)state;
	mk(&st, defaults, 1);
	ok(&st, 0, "HOLE a");
	ok(&st, 1, "HOLE e");
	v = tval_map();
	R->view(&st, 0, v);
	assert_string_equal(en(tval_get(v, "options_text")->str),
	    "sealed hole choice; a sowing hole for the whole match; opposite "
	    "directions; the first sowing one by one; sowing one by one, or in "
	    "groups of any size when the hole holds more counters than a lap "
	    "has holes; chain after a taken last hole; owner's capture of any "
	    "even number; new sowing holes when both are empty.");
	/* The opening: only SOW. */
	assert_false(tval_get(v, "sow_sizes")->b);
	tval_free(v);
	put(&st, "9 3 3 3 3 3 3 3", A, E, 0);
	v = tval_map();
	R->view(&st, 0, v);
	assert_true(tval_get(v, "sow_sizes")->b);
	tval_free(v);
	v = tval_map();
	R->view(&st, 1, v);
	assert_false(tval_get(v, "sow_sizes")->b);
	tval_free(v);
}

static void
test_hole_errors(void **state)
{
	struct bq_state st, keep;

	(void)state;
	mk(&st, NULL, 0);
	keep = st;
	assert_int_equal(play(&st, 0, "HOLE e", NULL), -1);
	assert_string_equal(err, "hole e is in north's row; choose one of "
	    "yours: a, b, c or d");
	assert_int_equal(play(&st, 0, "SOW", NULL), -1);
	assert_string_equal(err, "you cannot sow now: choose your sowing hole "
	    "first, e.g. \"HOLE a\"");
	assert_int_equal(play(&st, 1, "REFILL e f", NULL), -1);
	assert_string_equal(err, "you cannot refill now: choose your sowing "
	    "hole first, e.g. \"HOLE h\"");
	same_state(&st, &keep);
}

static void
test_turn_errors(void **state)
{
	struct bq_state st, keep;
	struct evsink ev;

	(void)state;
	mk(&st, NULL, 0);
	evsink_init(&ev);
	put(&st, "3 3 3 3 3 3 3 3", A, G, 0);
	keep = st;
	assert_int_equal(play(&st, 1, "SOW", &ev), -1);
	assert_string_equal(err, "it is not your turn: south is to sow from "
	    "hole a");
	assert_int_equal(play(&st, 0, "HOLE b", &ev), -1);
	assert_string_equal(err, "you cannot choose a sowing hole now: it is "
	    "your turn to sow from hole a, e.g. \"SOW\"");
	assert_int_equal(play(&st, 0, "SOW 2 2", &ev), -1);
	assert_string_equal(err, "\"SOW 2 2\": sown this way your 3 counters "
	    "make only 1 lap, so give at most 1 group size");
	assert_int_equal(ev.n, 0);
	same_state(&st, &keep);
	evsink_free(&ev);
}

/* ---- the order language ---- */

static void
parse_err(const char *line, const char *want)
{
	struct bq_state st;
	struct order o;
	struct diag d;

	mk(&st, NULL, 0);
	diag_clear(&d);
	assert_int_equal(R->parse(&st, 1, line, &o, &d), -1);
	assert_string_equal(d.msg, want);
}

static void
test_parse_errors(void **state)
{
	char longline[400];

	(void)state;
	parse_err("", "an empty line is not an order; try \"SOW\", \"HOLE h\" "
	    "or \"REFILL\" with your holes");
	parse_err("JUMP 3", "\"JUMP 3\": unknown order; Buqruru orders are "
	    "HOLE, SOW and REFILL, e.g. \"HOLE h\" or \"SOW 2\"");
	parse_err("HOLE", "\"HOLE\": say which hole, e.g. \"HOLE h\"");
	parse_err("hole e f", "\"hole e f\": choose one hole only, e.g. "
	    "\"HOLE h\"");
	parse_err("HOLE z", "\"HOLE z\": holes are named by one letter, a to "
	    "h; try \"HOLE h\"");
	parse_err("HOLE 3", "\"HOLE 3\": holes are named by one letter, a to "
	    "h; try \"HOLE h\"");
	parse_err("SOW x", "\"SOW x\": \"x\" is not a group size; give whole "
	    "numbers, one per lap, e.g. \"SOW 2\" or \"SOW 2 3\"");
	parse_err("SOW 2x", "\"SOW 2x\": \"2x\" is not a group size; give whole "
	    "numbers, one per lap, e.g. \"SOW 2\" or \"SOW 2 3\"");
	parse_err("SOW 0", "\"SOW 0\": the group size must be 1 or more; try "
	    "\"SOW 1\"");
	parse_err("SOW -2", "\"SOW -2\": the group size must be 1 or more; try "
	    "\"SOW 1\"");
	parse_err("SOW 49", "\"SOW 49\": a group cannot hold more than the 48 "
	    "counters of the game; try \"SOW 2\"");
	parse_err("SOW 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
	    "\"SOW 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\": give at "
	    "most 24 group sizes, one per lap; the last one holds for the laps "
	    "after it");
	parse_err("REFILL", "\"REFILL\": name the holes that get six counters, "
	    "then REMAINDER and the hole for what is left over, e.g. \"REFILL "
	    "a b REMAINDER c\"");
	parse_err("REFILL e 6", "\"REFILL e 6\": \"6\" is not a hole; holes are "
	    "named by one letter, a to h, e.g. \"REFILL a b REMAINDER c\"");
	parse_err("REFILL e e", "\"REFILL e e\": hole e is named twice; name "
	    "each hole once");
	parse_err("REFILL e REMAINDER", "\"REFILL e REMAINDER\": REMAINDER "
	    "comes last, followed by exactly one hole, e.g. \"REFILL a b "
	    "REMAINDER c\"");
	parse_err("REFILL REMAINDER e f", "\"REFILL REMAINDER e f\": REMAINDER "
	    "comes last, followed by exactly one hole, e.g. \"REFILL a b "
	    "REMAINDER c\"");
	parse_err("REFILL e REMAINDER x", "\"REFILL e REMAINDER x\": \"x\" is "
	    "not a hole; holes are named by one letter, a to h, e.g. \"REFILL "
	    "a b REMAINDER c\"");
	parse_err("REFILL e REMAINDER e", "\"REFILL e REMAINDER e\": hole e is "
	    "named twice; a hole gets six or the remainder, not both");
	memset(longline, 'x', sizeof longline - 1);
	longline[sizeof longline - 1] = '\0';
	parse_err(longline, "this order is too long; Buqruru orders are short, "
	    "e.g. \"SOW 2\"");
}

static void
round_trip(const char *line, const char *canon)
{
	struct bq_state st;
	struct order a, b;
	struct diag d;

	mk(&st, NULL, 0);
	assert_int_equal(R->parse(&st, 0, line, &a, &d), 0);
	assert_string_equal(a.text, canon);
	assert_int_equal(R->parse(&st, 0, a.text, &b, &d), 0);
	assert_int_equal(a.kind, b.kind);
	assert_int_equal(a.nargs, b.nargs);
	assert_memory_equal(a.arg, b.arg, sizeof a.arg);
	assert_string_equal(a.text, b.text);
}

static void
test_parse_round_trip(void **state)
{
	struct bq_state st;
	struct order o;
	struct diag d;

	(void)state;
	round_trip("hole C", "HOLE c");
	round_trip("Hole\tb", "HOLE b");
	round_trip("sow", "SOW");
	round_trip("SOW 1", "SOW 1");
	round_trip("sow  02 3", "SOW 2 3");
	round_trip("refill d b remainder c", "REFILL b d REMAINDER c");
	round_trip("REFILL remainder A", "REFILL REMAINDER a");
	round_trip("Refill h e", "REFILL e h");
	mk(&st, NULL, 0);
	assert_int_equal(R->parse(&st, 0, "sow 2 3", &o, &d), 0);
	assert_int_equal(o.kind, BQ_SOW);
	assert_int_equal(o.nargs, 2);
	assert_int_equal(o.arg[0], 2);
	assert_int_equal(o.arg[1], 3);
	assert_int_equal(R->parse(&st, 0, "REFILL d b REMAINDER c", &o, &d), 0);
	assert_int_equal(o.kind, BQ_REFILL);
	assert_int_equal(o.arg[0], C);
	assert_int_equal(o.arg[1], B);
	assert_int_equal(o.arg[2], D);
}

/* ---- the seat's interface ---- */

static void
test_default_orders(void **state)
{
	struct bq_state st;
	struct order o;

	(void)state;
	mk(&st, NULL, 0);
	st.board[C] = 7;
	st.board[B] = 5;
	assert_int_equal(R->default_order(&st, 0, &o), 0);
	assert_string_equal(o.text, "HOLE c");
	/* North: all equal, first in its sowing order (h g f e). */
	assert_int_equal(R->default_order(&st, 1, &o), 0);
	assert_string_equal(o.text, "HOLE h");
	put(&st, "3 3 3 3 3 3 3 3", A, G, 0);
	assert_int_equal(R->default_order(&st, 0, &o), 0);
	assert_string_equal(o.text, "SOW");
	assert_int_equal(R->default_order(&st, 1, &o), -1);
}

static void
test_legal_sowing(void **state)
{
	struct bq_state st;
	struct order_list l;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "4 3 3 3 3 3 3 3", A, G, 0);
	order_list_init(&l);
	R->legal(&st, 0, &l);
	/* SOW is one by one: no SOW 1 beside it. */
	assert_int_equal(l.n, 4);
	assert_string_equal(l.v[0].text, "SOW");
	assert_string_equal(l.v[1].text, "SOW 2");
	assert_string_equal(l.v[3].text, "SOW 4");
	order_list_free(&l);
	R->legal(&st, 1, &l);
	assert_int_equal(l.n, 0);
	order_list_free(&l);
}

static void
test_waiting_texts(void **state)
{
	struct bq_state st;
	struct pending p;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "9 3 3 3 3 3 3 0", A, G, 0);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 1u);
	assert_string_equal(p.kind[0], "sowing");
	assert_string_equal(en(p.what[0]), "sowing from hole a (9 counters)");
	assert_string_equal(en(p.own[0]), "sow from hole a (9 counters)");
	assert_int_equal(p.over, 0);
	end_round_with(&st, 34, 14, NULL);
	R->waiting_for(&st, &p);
	assert_int_equal(p.seats, 2u);
	assert_string_equal(p.kind[1], "refill");
	assert_string_equal(en(p.what[1]), "refilling the row: 14 counters make 2 "
	    "holes of six and 2 over");
	assert_string_equal(en(p.own[1]), "refill your row: 14 counters make 2 "
	    "holes of six and 2 over");
}

static void
test_check_catches(void **state)
{
	struct bq_state st, bad;
	struct diag d;

	(void)state;
	mk(&st, NULL, 0);
	check_ok(&st);
	bad = st;
	bad.board[A]++;
	assert_int_equal(R->check(&bad, &d), -1);
	assert_string_equal(d.msg, "the board and stores hold 49 counters, not "
	    "48");
	bad = st;
	bad.erased[B] = 1;
	assert_int_equal(R->check(&bad, &d), -1);
	assert_string_equal(d.msg, "erased hole b holds 6 counters");
	bad = st;
	bad.board[A] = -1;
	bad.board[B] = 13;
	assert_int_equal(R->check(&bad, &d), -1);
	assert_string_equal(d.msg, "hole a holds -1 counters");
	bad = st;
	put(&bad, "0 6 6 6 6 6 6 6", A, E, 0);
	assert_int_equal(R->check(&bad, &d), -1);
	assert_string_equal(d.msg, "south is to sow from an empty hole");
	bad = st;
	bad.sowing[0] = E;
	assert_int_equal(R->check(&bad, &d), -1);
}

static void
test_serialize(void **state)
{
	struct bq_state st, other;
	struct buf a = BUF_INIT, b = BUF_INIT;

	(void)state;
	mk(&st, NULL, 0);
	other = st;
	R->serialize(&st, &a);
	R->serialize(&other, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.p, b.p, a.len);
	/* Every field counts: change one counter's place, one store. */
	other.board[A]--;
	other.board[B]++;
	buf_reset(&b);
	R->serialize(&other, &b);
	assert_true(a.len != b.len || memcmp(a.p, b.p, a.len) != 0);
	other = st;
	other.donkeys[1] = 1;
	buf_reset(&b);
	R->serialize(&other, &b);
	assert_true(a.len != b.len || memcmp(a.p, b.p, a.len) != 0);
	buf_free(&a);
	buf_free(&b);
}

static void
test_view_board(void **state)
{
	struct bq_state st;
	struct tval *v, *board;

	(void)state;
	mk(&st, NULL, 0);
	put(&st, "12 3 3 3 3 0 0 3", A, H, 1);
	erase(&st, F);
	erase(&st, G);
	v = tval_map();
	R->view(&st, -1, v);
	board = tval_get(v, "board");
	assert_int_equal(board->n, 7);
	assert_string_equal(tval_get(board->items[0], "line")->str,
	    "    h      g      f      e");
	assert_string_equal(tval_get(board->items[2], "line")->str,
	    "| [ 3] |  xx  |  xx  |   3  |");
	assert_string_equal(tval_get(board->items[4], "line")->str,
	    "| [12] |   3  |   3  |   3  |");
	for (size_t i = 0; i < board->n; i++)
		assert_true(strlen(tval_get(board->items[i], "line")->str) < 72);
	assert_string_equal(en(tval_get(tval_get(v, "top"), "dirline")->str),
	    "sows clockwise from h: e d c b a h");
	assert_string_equal(en(tval_get(tval_get(v, "bottom"), "dirline")->str),
	    "sows counter-clockwise from a: b c d e h a");
	assert_string_equal(en(tval_get(v, "status")->str),
	    "Round 1: north to sow from hole h (3 counters).");
	tval_free(v);
	/* North's own report speaks to north, not of it. */
	v = tval_map();
	R->view(&st, st.turn, v);
	assert_string_equal(en(tval_get(v, "status")->str),
	    "Round 1: you sow from hole h (3 counters).");
	tval_free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_directions),
		cmocka_unit_test(test_first_option),
		cmocka_unit_test(test_last_hole_own_row),
		cmocka_unit_test(test_last_hole_opponent_row),
		cmocka_unit_test(test_last_hole_odd_not_taken),
		cmocka_unit_test(test_last_hole_ten_or_more),
		cmocka_unit_test(test_chain_stops_at_odd),
		cmocka_unit_test(test_chain_passes_ten_and_twelve),
		cmocka_unit_test(test_chain_not_past_sowing_hole),
		cmocka_unit_test(test_last_counter_in_sowing_hole),
		cmocka_unit_test(test_no_chain_when_last_not_taken),
		cmocka_unit_test(test_chain_to_sowing_hole),
		cmocka_unit_test(test_owner_capture),
		cmocka_unit_test(test_owner_capture_own_sowing),
		cmocka_unit_test(test_owner_capture_exception),
		cmocka_unit_test(test_owner_capture_limit_8),
		cmocka_unit_test(test_owner_capture_any_even),
		cmocka_unit_test(test_owner_capture_off),
		cmocka_unit_test(test_multilap_sizes),
		cmocka_unit_test(test_group_size_limits),
		cmocka_unit_test(test_groups_divisors),
		cmocka_unit_test(test_erased_holes_skipped),
		cmocka_unit_test(test_skip_empty_sowing_hole),
		cmocka_unit_test(test_forced_sowing_played),
		cmocka_unit_test(test_both_empty_ends_round),
		cmocka_unit_test(test_one_counter_left_ends_round),
		cmocka_unit_test(test_all_captured_ends_round),
		cmocka_unit_test(test_quiet_limit),
		cmocka_unit_test(test_refill_more_than_24),
		cmocka_unit_test(test_refill_tie),
		cmocka_unit_test(test_refill_remainder),
		cmocka_unit_test(test_refill_no_remainder_choice),
		cmocka_unit_test(test_refill_two_erased_owes_donkey),
		cmocka_unit_test(test_refill_one_at_a_time_owes_nothing),
		cmocka_unit_test(test_refill_fewer_holes_still_24),
		cmocka_unit_test(test_refill_remainder_follows_direction),
		cmocka_unit_test(test_refill_all_erased_loses),
		cmocka_unit_test(test_refill_loss_ends_narrative),
		cmocka_unit_test(test_single_hole_chosen_for_player),
		cmocka_unit_test(test_sealed_hole_choice),
		cmocka_unit_test(test_open_hole_choice),
		cmocka_unit_test(test_open_hole_choice_later_rounds),
		cmocka_unit_test(test_opening_one_by_one),
		cmocka_unit_test(test_sowing_hole_whole_match),
		cmocka_unit_test(test_whole_match_default_round_line),
		cmocka_unit_test(test_groups_need_a_large_number),
		cmocka_unit_test(test_round_end_new_holes),
		cmocka_unit_test(test_round_limit),
		cmocka_unit_test(test_options_line_and_sizes),
		cmocka_unit_test(test_hole_errors),
		cmocka_unit_test(test_turn_errors),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_round_trip),
		cmocka_unit_test(test_default_orders),
		cmocka_unit_test(test_legal_sowing),
		cmocka_unit_test(test_waiting_texts),
		cmocka_unit_test(test_check_catches),
		cmocka_unit_test(test_serialize),
		cmocka_unit_test(test_view_board),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
