/* Targui rules from hand-built positions: setup, rounds and turns, moving,
 * the attack (the rule text's worked example), buying, the levy (its
 * example), the end, the order language and queued orders. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "games/targui/targui.h"
#include "test_targui_fixture.h"



static void
must(struct tu_state *s, int seat, const char *line)
{
	struct order o;
	struct diag d;

	if (tu_parse(s, seat, line, &o, &d) != 0)
		fail_msg("parse \"%s\": %s", line, d.msg);
	if (tu_apply(s, seat, &o, NULL, &d) != 0)
		fail_msg("apply \"%s\": %s", line, d.msg);
	if (tu_check(s, &d) != 0)
		fail_msg("after \"%s\": %s", line, d.msg);
}

/* Applying line fails, with a message containing want, and changes
 * nothing. */
static void
refused(struct tu_state *s, int seat, const char *line, const char *want)
{
	struct buf before = BUF_INIT, after = BUF_INIT;
	struct order o;
	struct diag d;

	if (tu_parse(s, seat, line, &o, &d) != 0)
		fail_msg("parse \"%s\": %s", line, d.msg);
	tu_serialize(s, &before);
	if (tu_apply(s, seat, &o, NULL, &d) == 0)
		fail_msg("\"%s\" was accepted", line);
	if (strstr(d.msg, want) == NULL)
		fail_msg("\"%s\": \"%s\" does not say \"%s\"", line, d.msg,
		    want);
	tu_serialize(s, &after);
	assert_int_equal(before.len, after.len);
	assert_memory_equal(before.p, after.p, before.len);
	buf_free(&before);
	buf_free(&after);
}





static void
turn(struct tu_state *s, int seat)
{
	s->cur = seat;
	s->step = ST_MOVE;
	s->part = 0;
	s->parts = 1;
}


/* ---- setup ---- */

static void
test_setup_two(void **u)
{
	struct tu_state *s = fresh(2, NULL, 0, 1);
	struct pending p;

	(void)u;
	assert_int_equal(s->phase, PH_SECTOR);
	assert_false(s->dealt);
	tu_waiting_for(s, &p);
	assert_int_equal(p.seats, VIS_SEAT(0));
	assert_string_equal(p.kind[0], "sector");
	for (int i = 0; i < 2; i++) {
		assert_int_equal(s->money[i], 10);
		assert_int_equal(s->hand[i], TU_TRIBAL);
	}
	assert_int_equal(s->deck_n, 16);
	refused(s, 1, "SECTOR B", "turn to choose");
	refused(s, 0, "SETTLE 21", "chosen first");
	must(s, 0, "sector a");
	refused(s, 1, "SECTOR A", "already taken");
	must(s, 1, "SECTOR D");
	assert_true(s->dealt);
	assert_int_equal(s->phase, PH_SETTLE);
	assert_int_equal(s->terrain[1], T_SALTMINE);
	refused(s, 0, "SETTLE 23", "not in your sector");
	must(s, 0, "SETTLE 21");
	assert_int_equal(s->terrain[21], T_SETTLEMENT);
	assert_int_equal(s->owner[21], 0);
	assert_int_equal(s->camels[21], 10);
	must(s, 1, "SETTLE 31");
	assert_int_equal(s->phase, PH_TURN);
	assert_int_equal(s->supply, 450 - 20);
	ok(s);
	free(s);
}

/* 000, lines 70-72: the settlement replaces "a territorial card" of the
 * sector, the chotts among them; the chott card leaves the game. */
static void
test_settlement_on_a_chott(void **u)
{
	struct tu_state *s = fresh(2, NULL, 0, 1);

	(void)u;
	must(s, 0, "SECTOR A");
	must(s, 1, "SECTOR D");
	terrain(s, 21, T_CHOTT);
	must(s, 0, "SETTLE 21");
	assert_int_equal(s->terrain[21], T_SETTLEMENT);
	assert_int_equal(s->owner[21], 0);
	assert_int_equal(s->camels[21], 10);
	ok(s);
	free(s);
}

static void
test_setup_opposite(void **u)
{
	const char *kv[] = { "sectors=opposite" };
	struct tu_state *s = fresh(2, kv, 1, 1);

	(void)u;
	/* the second tribe has one sector left and is not asked */
	must(s, 0, "SECTOR B");
	assert_int_equal(s->sector_of[1], 2);
	assert_int_equal(tu_sector_allowed(s, 1, 0, NULL), -1);
	assert_int_equal(s->phase, PH_SETTLE);
	free(s);
	s = fresh(2, NULL, 0, 1);
	must(s, 0, "SECTOR B");
	must(s, 1, "SECTOR A");		/* any two sectors by default */
	free(s);
}

/* With four tribes every sector is taken, so sectors=opposite (a choice
 * for two tribes) binds nobody. */
static void
test_setup_four_last_sector(void **u)
{
	const char *kv[] = { "sectors=opposite" };

	(void)u;
	for (int opposite = 0; opposite <= 1; opposite++) {
		struct tu_state *s = fresh(4, kv, opposite, 3);

		must(s, 0, "SECTOR C");
		must(s, 1, "SECTOR A");
		must(s, 2, "SECTOR D");
		/* the last tribe has one sector left and is not asked */
		assert_int_equal(s->sector_of[3], 1);
		assert_int_equal(s->phase, PH_SETTLE);
		free(s);
	}
}

static void
test_setup_three(void **u)
{
	struct tu_state *s = fresh(3, NULL, 0, 5);
	struct order_list l;
	struct order o;

	(void)u;
	assert_int_equal(s->phase, PH_SETTLE);
	assert_true(s->dealt);
	refused(s, 0, "SECTOR A", "no sectors");
	refused(s, 0, "SETTLE 31", "47, 48 or 49");
	order_list_init(&l);
	tu_legal(s, 0, &l);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.v[0].text, "SETTLE 47");
	order_list_free(&l);
	/* at a deadline each seat gets the first box of its own three */
	assert_int_equal(tu_default_order(s, 0, &o), 0);
	assert_string_equal(o.text, "SETTLE 47");
	must(s, 0, "SETTLE 49");
	refused(s, 1, "SETTLE 39", "31, 32 or 33");
	assert_int_equal(tu_default_order(s, 1, &o), 0);
	assert_string_equal(o.text, "SETTLE 31");
	must(s, 1, "SETTLE 32");
	refused(s, 2, "SETTLE 49", "39, 40 or 41");
	assert_int_equal(tu_default_order(s, 2, &o), 0);
	assert_string_equal(o.text, "SETTLE 39");
	must(s, 2, "SETTLE 40");
	assert_int_equal(s->phase, PH_TURN);
	free(s);
}

/* Each tribe gets 10 camels, 5 silver and 1 gold and 5 tribal cards, so a
 * supply (option camels) must hold 10 camels a tribe: 30 for three, 40
 * for four. */
static void
test_setup_per_tribe(void **u)
{
	const char *c29[] = { "camels=29" }, *c39[] = { "camels=39" };
	const char *c40[] = { "camels=40" };
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset o;
	struct diag d;

	(void)u;
	assert_int_equal(opt_resolve(tu_options, &o, c39, 1, &d), 0);
	assert_int_equal(tu_setup(s, 4, names, &o, 1, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "at least 40"));
	assert_int_equal(tu_setup(s, 3, names, &o, 1, NULL, &d), 0);
	assert_int_equal(opt_resolve(tu_options, &o, c29, 1, &d), 0);
	assert_int_equal(tu_setup(s, 3, names, &o, 1, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "at least 30"));
	free(s);

	s = fresh(4, c40, 1, 3);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->money[i], 10);
		assert_int_equal(s->hand[i], TU_TRIBAL);
	}
	free(s);
	s = game(4, c40, 1, 3);
	assert_int_equal(s->deck_pos, 0);	/* no fortune card yet */
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->owner[s->settle_box[i]], i);
		assert_int_equal(s->camels[s->settle_box[i]], 10);
		for (int j = 0; j < i; j++)
			assert_int_not_equal(s->sector_of[i], s->sector_of[j]);
	}
	assert_int_equal(s->supply, 0);
	ok(s);
	free(s);
}

static void
test_setup_options(void **u)
{
	const char *r12[] = { "rounds=12" }, *r5[] = { "rounds=5" };
	const char *set[] = { "fortune=1, 6,16" }, *no1[] = { "fortune=6,7" };
	const char *gift[] = { "fortune=1,2,6" };
	const char *tribes[] = { "tribes=red,Ress" }, *bad[] = { "tribes=red" };
	struct optset o;
	struct diag d;
	struct tu_state *s;
	int seen[TU_FORTUNE + 1];

	(void)u;
	s = fresh(2, r12, 1, 9);
	assert_int_equal(s->deck_n, 12);
	memset(seen, 0, sizeof seen);
	for (int k = 0; k < s->deck_n; k++)
		seen[s->deck[k]]++;
	assert_int_equal(seen[1], 1);
	for (int c = 2; c <= 5; c++)
		assert_int_equal(seen[c], 0);
	for (int c = 6; c <= 16; c++)
		assert_int_equal(seen[c], 1);
	free(s);
	s = fresh(2, r5, 1, 9);
	assert_int_equal(s->deck_n, 5);
	memset(seen, 0, sizeof seen);
	for (int k = 0; k < s->deck_n; k++)
		seen[s->deck[k]]++;
	assert_int_equal(seen[1], 1);
	for (int c = 2; c <= 5; c++)
		assert_int_equal(seen[c], 0);
	free(s);
	/* 13 to 15 rounds: card 1 and the rest from cards 2 to 16 */
	for (int rounds = 13; rounds <= 15; rounds++) {
		char kv[16];
		const char *r[] = { kv };

		snprintf(kv, sizeof kv, "rounds=%d", rounds);
		s = fresh(2, r, 1, 9);
		assert_int_equal(s->deck_n, rounds);
		memset(seen, 0, sizeof seen);
		for (int k = 0; k < s->deck_n; k++) {
			assert_in_range(s->deck[k], 1, TU_FORTUNE);
			seen[s->deck[k]]++;
		}
		for (int c = 1; c <= TU_FORTUNE; c++)
			assert_in_range(seen[c], 0, 1);
		assert_int_equal(seen[1], 1);
		free(s);
	}
	s = fresh(2, set, 1, 9);
	assert_int_equal(s->deck_n, 3);
	free(s);
	s = fresh(2, tribes, 1, 9);
	assert_int_equal(s->tribe_of[0], 2);
	assert_int_equal(s->tribe_of[1], 3);
	assert_int_equal(s->seat_of[0], TU_NONE);
	assert_int_equal(s->seat_of[3], 1);
	free(s);
	s = calloc(1, sizeof *s);
	assert_int_equal(opt_resolve(tu_options, &o, no1, 1, &d), 0);
	assert_int_equal(tu_setup(s, 2, names, &o, 1, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "card 1"));
	assert_int_equal(opt_resolve(tu_options, &o, gift, 1, &d), 0);
	assert_int_equal(tu_setup(s, 2, names, &o, 1, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "2 to 5"));
	assert_int_equal(opt_resolve(tu_options, &o, bad, 1, &d), 0);
	assert_int_equal(tu_setup(s, 2, names, &o, 1, NULL, &d), -1);
	assert_int_equal(opt_resolve(tu_options, &o, NULL, 0, &d), 0);
	assert_int_equal(tu_setup(s, 1, names, &o, 1, NULL, &d), -1);
	assert_int_equal(tu_setup(s, 5, names, &o, 1, NULL, &d), -1);
	free(s);
}

static void
test_deal(void **u)
{
	struct tu_state *a = fresh(3, NULL, 0, 11), *b = fresh(3, NULL, 0, 11);
	struct tu_state *c = fresh(3, NULL, 0, 12);
	int same = 1, n[T_NTERRAIN] = { 0 };

	(void)u;
	for (int x = 1; x <= TU_BOXES; x++) {
		assert_int_equal(a->terrain[x], b->terrain[x]);
		same &= a->terrain[x] == c->terrain[x];
		n[a->terrain[x]]++;
	}
	assert_false(same);
	assert_int_equal(a->terrain[1], T_SALTMINE);
	assert_int_equal(n[T_SALTMINE], 1);
	assert_int_equal(n[T_GUELTA], 6);
	assert_int_equal(n[T_REG], 12);
	assert_int_equal(n[T_ERG], 12);
	assert_int_equal(n[T_FESH], 8);
	assert_int_equal(n[T_MOUNTAIN], 6);
	assert_int_equal(n[T_CHOTT], 4);
	free(a);
	free(b);
	free(c);
}

/* ---- rounds and turns ---- */

/* The order of play is the order the shuffled stack is turned in: "the
 * same number of turns per round but in a random order" (000). Over many
 * games each tribe turns up first, and the fortune card is not always
 * last. */
static void
test_round_stack(void **u)
{
	(void)u;
	for (int nseats = 3; nseats <= 4; nseats++) {
		int first[MAX_SEATS] = { 0 }, last_fortune = 0, games = 0;

		for (uint64_t seed = 1; seed < 40; seed++) {
			struct tu_state *s = game(nseats, NULL, 0, seed);
			int per = s->die == 6 ? 1 : s->die;
			int cnt[MAX_SEATS] = { 0 }, fortune = 0;

			assert_int_equal(s->round, 1);
			assert_int_equal(s->stack_n, nseats * per + 1);
			for (int k = 0; k < s->stack_n; k++) {
				if (s->stack[k] == TU_FORTUNE_CARD)
					fortune++;
				else
					cnt[s->stack[k]]++;
			}
			assert_int_equal(fortune, 1);
			for (int i = 0; i < nseats; i++) {
				assert_int_equal(cnt[i], per);
				assert_int_equal(s->hand[i], TU_TRIBAL - per);
			}
			if (s->cur != TU_NONE)
				assert_int_equal(s->parts, s->die == 6 ? 2 : 1);
			if (s->stack[0] != TU_FORTUNE_CARD)
				first[s->stack[0]]++;
			last_fortune += s->stack[s->stack_n - 1] ==
			    TU_FORTUNE_CARD;
			games++;
			free(s);
		}
		for (int i = 0; i < nseats; i++)
			assert_true(first[i] > 0);
		assert_true(last_fortune < games);
	}
}

static void
test_double_turn(void **u)
{
	struct tu_state *s = NULL;
	int seat, box;

	(void)u;
	for (uint64_t seed = 1; seed < 500; seed++) {
		s = game(2, NULL, 0, seed);
		if (s->die == 6 && s->cur != TU_NONE)
			break;
		free(s);
		s = NULL;
	}
	assert_non_null(s);
	seat = s->cur;
	box = s->settle_box[seat];
	clear(s, 10);
	put(s, box, seat, 10);
	turn(s, seat);
	s->parts = 2;
	{
		char line[64];
		int to = 0;

		for (int b = 1; b <= TU_BOXES && !to; b++)
			if (tu_adjacent(s, box, b) && s->terrain[b] != T_CHOTT)
				to = b;
		snprintf(line, sizeof line, "MOVE %d %d 2", box, to);
		must(s, seat, line);
		snprintf(line, sizeof line, "BUY %d 1", box);
		must(s, seat, line);
		assert_int_equal(s->cur, seat);
		assert_int_equal(s->part, 1);
		snprintf(line, sizeof line, "MOVE %d %d 3", box, to);
		must(s, seat, line);
		assert_int_equal(s->camels[to], 5);
		snprintf(line, sizeof line, "MOVE %d %d 1", box, to);
		refused(s, seat, line, "moved this turn already");
		snprintf(line, sizeof line, "BUY %d 2", to);
		must(s, seat, line);
		assert_int_equal(s->money[seat], 7);
	}
	assert_true(s->cur != seat || s->part == 0);
	free(s);
}

static void
test_turn_sequence(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 4);
	int seat = s->cur == TU_NONE ? 0 : s->cur;

	(void)u;
	clear(s, 10);
	put(s, 9, seat, 5);
	put(s, 8, seat, 0);
	terrain(s, 9, T_REG);
	terrain(s, 8, T_REG);
	terrain(s, 2, T_REG);
	turn(s, seat);
	s->stack_pos = 0;	/* a full round is still to come */
	/* buying first skips the move and ends the turn */
	must(s, seat, "BUY 9 2");
	assert_true(s->cur != seat || s->part == 0);
	turn(s, seat);
	must(s, seat, "PASS");
	assert_int_equal(s->step, ST_BUY);
	refused(s, seat, "MOVE 9 2 1", "moved this turn already");
	must(s, seat, "BUY 8 1");
	turn(s, seat);
	must(s, seat, "END");
	assert_true(s->cur != seat || s->step == ST_MOVE);
	free(s);
}

/* ---- movement ---- */

static void
test_adjacency(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 1);
	int n1 = 0, n43 = 0, n2 = 0;

	(void)u;
	for (int b = 1; b <= TU_BOXES; b++) {
		n1 += tu_adjacent(s, 1, b);
		n43 += tu_adjacent(s, 43, b);
		n2 += tu_adjacent(s, 22, b);
		assert_int_equal(tu_adjacent(s, 17, b), tu_adjacent(s, b, 17));
	}
	assert_int_equal(n1, 8);	/* all eight directions */
	assert_int_equal(n43, 3);	/* a corner */
	assert_int_equal(n2, 8);
	assert_true(tu_adjacent(s, 1, 7));	/* diagonal */
	assert_true(tu_adjacent(s, 43, 21));
	assert_false(tu_adjacent(s, 1, 1));
	assert_false(tu_adjacent(s, 1, 10));
	assert_false(tu_adjacent(s, 49, 43));
	free(s);
}

static void
test_move(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 2);

	(void)u;
	clear(s, 10);
	put(s, 7, 0, 6);
	terrain(s, 7, T_REG);
	terrain(s, 8, T_ERG);
	terrain(s, 2, T_CHOTT);
	terrain(s, 6, T_CHOTT);
	turn(s, 0);
	refused(s, 0, "MOVE 7 2 1", "does not adjoin");
	refused(s, 0, "MOVE 7 6 1", "chott");
	refused(s, 0, "MOVE 7 8 7", "only 6 camels");
	refused(s, 0, "MOVE 8 7 1", "do not hold box 8");
	{
		struct diag d;

		/* (from seat 1, not on turn, this would be queued) */
		assert_int_equal(tu_check_move(s, 1, 7, 8, 1, &d), -1);
		assert_non_null(strstr(d.msg, "do not hold box 7"));
	}
	must(s, 0, "MOVE 7 8 ALL");
	assert_int_equal(s->owner[8], 0);
	assert_int_equal(s->camels[8], 6);
	/* emptied, box 7 stays owned */
	assert_int_equal(s->owner[7], 0);
	assert_int_equal(s->camels[7], 0);
	ok(s);
	/* diagonal between two chotts: only the target matters */
	terrain(s, 1, T_SALTMINE);
	put(s, 5, 0, 3);
	terrain(s, 5, T_REG);
	terrain(s, 4, T_CHOTT);
	turn(s, 0);
	must(s, 0, "MOVE 5 1 2");	/* 6 and 4 are chotts */
	assert_int_equal(s->camels[1], 2);
	free(s);
}

static void
test_move_takes_empty_enemy_box(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 2);

	(void)u;
	clear(s, 0);
	terrain(s, 7, T_REG);
	terrain(s, 8, T_ERG);
	put(s, 7, 0, 4);
	put(s, 8, 1, 2);
	put(s, s->settle_box[1], 1, 1);
	turn(s, 0);
	refused(s, 0, "MOVE 7 8 1", "send ATTACK");
	refused(s, 0, "ATTACK 7 7", "does not adjoin");
	tu_kill_camels(s, 8, 2);
	assert_int_equal(s->owner[8], 1);
	refused(s, 0, "ATTACK 7 8", "send MOVE");
	must(s, 0, "MOVE 7 8 1");
	assert_int_equal(s->owner[8], 0);
	assert_false(s->out[1]);
	free(s);

	/* the same move into the last box a tribe holds puts it out */
	s = game(2, NULL, 0, 2);
	clear(s, 0);
	terrain(s, 7, T_REG);
	terrain(s, 8, T_ERG);
	put(s, 7, 0, 4);
	s->owner[s->settle_box[1]] = TU_NONE;
	tu_kill_camels(s, s->settle_box[1], 1);
	s->owner[8] = 1;		/* held, with no camels */
	turn(s, 0);
	must(s, 0, "MOVE 7 8 1");
	assert_true(s->out[1]);
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->winner, 0);
	free(s);
}

/* A tribe is asked while it can move or buy and passed over when it can
 * do neither: one camel may move, silver alone may buy. */
static void
test_can_act(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 2);

	(void)u;
	clear(s, 0);
	turn(s, 0);
	assert_int_equal(s->camels[s->settle_box[0]], 1);
	assert_true(tu_can_act(s, 0));
	tu_kill_camels(s, s->settle_box[0], 1);
	assert_false(tu_can_act(s, 0));
	s->money[0] += 20;
	s->minted += 20;
	assert_true(tu_buy_max(s, 0) > 0);
	assert_true(tu_can_act(s, 0));
	free(s);
}

/* ---- the attack ---- */

static struct tu_state *
example(void)
{
	struct tu_state *s = game(2, NULL, 0, 6);

	clear(s, 0);
	terrain(s, 8, T_GUELTA);	/* an oasis, strategic value 3 */
	terrain(s, 9, T_FESH);		/* strategic value 2 */
	put(s, 8, 0, 8);
	put(s, 9, 1, 5);
	put(s, s->settle_box[0], 0, 1);
	put(s, s->settle_box[1], 1, 1);
	return s;
}

static void
test_attack_example(void **u)
{
	static const int throws[] = { 4, 6, 3 };
	struct tu_dice dice = { throws, 3, 0 };
	struct tu_state *s = example();
	int first = s->nrolls;

	(void)u;
	tu_do_attack(s, 0, 8, 9, 0, 0, TU_ALL, &dice, NULL);
	assert_int_equal(dice.pos, 3);
	assert_int_equal(s->nrolls - first, 3);
	/* 4 + 3 = 7, 7 - 1 / 2 = 3 lost by the defender */
	assert_int_equal(s->rolls[first].kind, R_ATTACK);
	assert_int_equal(s->rolls[first].total, 7);
	assert_int_equal(s->rolls[first].loss, 3);
	/* 6 + 2 = 8, 4 lost by the attacker */
	assert_int_equal(s->rolls[first + 1].kind, R_DEFENCE);
	assert_int_equal(s->rolls[first + 1].total, 8);
	assert_int_equal(s->rolls[first + 1].loss, 4);
	/* 3 + 3 = 6: 3 due, the 2 left are lost */
	assert_int_equal(s->rolls[first + 2].total, 6);
	assert_int_equal(s->rolls[first + 2].loss, 2);
	assert_int_equal(s->owner[9], 0);
	assert_int_equal(s->camels[9], 4);
	assert_int_equal(s->camels[8], 0);
	ok(s);
	free(s);

	/* entering with at least one camel, the rest stay */
	s = example();
	dice.pos = 0;
	tu_do_attack(s, 0, 8, 9, 0, 0, 1, &dice, NULL);
	assert_int_equal(s->camels[9], 1);
	assert_int_equal(s->camels[8], 3);
	free(s);

	/* ENTER is written before the dice: asking for more camels than
	 * survive moves in with those that did (doc/targui.md) */
	s = example();
	dice.pos = 0;
	tu_do_attack(s, 0, 8, 9, 0, 0, 9, &dice, NULL);
	assert_int_equal(s->camels[9], 4);
	assert_int_equal(s->camels[8], 0);
	ok(s);
	free(s);
}

static void
test_attack_order_and_breakoff(void **u)
{
	static const int t1[] = { 2, 1, 2, 1, 2, 1 };
	struct tu_dice dice = { t1, 6, 0 };
	struct order o;
	struct diag d;
	struct tu_state *s = example();
	int first = s->nrolls;

	(void)u;
	turn(s, 0);
	/* STOP 10 with 8 camels: still one whole exchange, as the attacker
	 * may give up only after the defender's throw */
	assert_int_equal(tu_parse(s, 0, "attack 8 9 stop 10", &o, &d), 0);
	assert_int_equal(tu_apply_turn(s, 0, &o, &dice, NULL, &d), 0);
	assert_int_equal(s->nrolls - first, 2);
	assert_int_equal(s->camels[9], 3);	/* (2 + 3) / 2 = 2 */
	assert_int_equal(s->camels[8], 7);	/* (1 + 2) / 2 = 1 */
	assert_int_equal(s->owner[9], 1);
	assert_int_equal(s->step, ST_BUY);
	free(s);

	s = example();
	first = s->nrolls;
	dice.pos = 0;
	turn(s, 0);
	assert_int_equal(tu_parse(s, 0, "ATTACK 8 9 AFTER 2", &o, &d), 0);
	assert_int_equal(tu_apply_turn(s, 0, &o, &dice, NULL, &d), 0);
	assert_int_equal(s->nrolls - first, 4);
	assert_int_equal(s->camels[9], 1);
	assert_int_equal(s->camels[8], 6);
	free(s);

	/* STOP n gives up with fewer than n: exactly 7 left after the first
	 * exchange is not fewer than 7, so the attack goes on */
	s = example();
	first = s->nrolls;
	dice.pos = 0;
	turn(s, 0);
	assert_int_equal(tu_parse(s, 0, "ATTACK 8 9 STOP 7 AFTER 2", &o, &d), 0);
	assert_int_equal(tu_apply_turn(s, 0, &o, &dice, NULL, &d), 0);
	assert_int_equal(s->nrolls - first, 4);
	assert_int_equal(s->camels[9], 1);
	assert_int_equal(s->camels[8], 6);
	free(s);
}

/* Issue 31: a report says the break-off rule once, in the attack's line,
 * not in every exchange; and shows only this round's dice (rolls_now),
 * the older ones being one HISTORY away, which it says only when there
 * are older ones (rolls_earlier). */
static void
test_attack_report_short(void **u)
{
	static const int t1[] = { 2, 1, 2, 1, 2, 1 };
	struct tu_dice dice = { t1, 6, 0 };
	struct order o;
	struct diag d;
	struct evsink ev;
	struct tu_state *s = example();
	struct tval *root;
	size_t rules = 0, exchanges = 0;

	(void)u;
	evsink_init(&ev);
	turn(s, 0);
	assert_int_equal(tu_parse(s, 0, "ATTACK 8 9 STOP 3 AFTER 2", &o, &d), 0);
	assert_int_equal(tu_apply_turn(s, 0, &o, &dice, &ev, &d), 0);
	for (size_t i = 0; i < ev.n; i++) {
		const char *t = evline_text(&ev.v[i]);

		if (strstr(t, "gives up") != NULL)
			rules++;
		if (strncmp(t, "Exchange ", 9) == 0)
			exchanges++;
	}
	assert_int_equal(exchanges, 4);
	assert_int_equal(rules, 1);
	evsink_free(&ev);

	root = tval_map();
	tu_view(s, 0, root);
	/* The four throws and the round's turns die. */
	assert_int_equal(tval_get(root, "rolls_now")->n, 5);
	assert_true(tval_get(root, "rolls")->n >= 5);
	/* Nothing older to mail HISTORY for yet. */
	assert_false(tval_get(root, "rolls_earlier")->b);
	tval_free(root);
	/* The next round: this round's dice are old news. */
	s->round++;
	root = tval_map();
	tu_view(s, 0, root);
	assert_int_equal(tval_get(root, "rolls_now")->n, 0);
	assert_true(tval_get(root, "rolls")->n >= 4);
	assert_true(tval_get(root, "rolls_earlier")->b);
	tval_free(root);
	free(s);
}

static void
test_attack_fails(void **u)
{
	static const int t[] = { 1, 6, 1, 6 };
	struct tu_dice dice = { t, 4, 0 };
	struct tu_state *s = example();

	(void)u;
	tu_kill_camels(s, 8, 5);	/* 3 camels attack 5 */
	tu_do_attack(s, 0, 8, 9, 0, 0, TU_ALL, &dice, NULL);
	/* 1 + 3 = 4: 2 lost; 6 + 2 = 8: all 3 attackers lost */
	assert_int_equal(s->camels[8], 0);
	assert_int_equal(s->owner[8], 0);	/* he keeps his territory */
	assert_int_equal(s->camels[9], 3);
	assert_int_equal(dice.pos, 2);
	ok(s);
	free(s);
}

static void
test_attack_rng_and_elimination(void **u)
{
	struct tu_state *s = example();
	struct rng r;
	int expect, first;

	(void)u;
	/* the defender's last territory: box 9 only */
	s->owner[s->settle_box[1]] = TU_NONE;
	tu_kill_camels(s, s->settle_box[1], 1);
	s->camels_out -= 0;
	put(s, 8, 0, 200);
	turn(s, 0);
	r = s->rng;
	expect = 1 + (int)rng_below(&r, 6);
	first = s->nrolls;
	s->owner[s->settle_box[1]] = 1;		/* held, with no camels */
	must(s, 0, "ATTACK 8 9");
	assert_int_equal(s->rolls[first].value, expect);
	assert_int_equal(s->owner[9], 0);
	/* box 9 fell; the settlement (no camels) still holds the tribe in */
	assert_false(s->out[1]);
	free(s);

	s = example();
	s->owner[s->settle_box[1]] = TU_NONE;
	tu_kill_camels(s, s->settle_box[1], 1);
	put(s, 8, 0, 200);
	turn(s, 0);
	must(s, 0, "ATTACK 8 9");
	assert_true(s->out[1]);
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->winner, 0);
	assert_non_null(strstr(s->result, "last tribe"));
	free(s);
}

/* A game of three, seat 0 to move, about to drive seat 2 out with ATTACK 8
 * 9: seat 2's settlement was lost and box 9 is all it holds. */
static struct tu_state *
seat_2_at_the_edge(void)
{
	struct tu_state *s = game(3, NULL, 0, 6);

	clear(s, 0);
	for (int i = 0; i < 3; i++)
		assert_true(s->settle_box[i] > 9);
	s->owner[s->settle_box[2]] = TU_NONE;
	tu_kill_camels(s, s->settle_box[2], 1);
	terrain(s, 8, T_GUELTA);
	terrain(s, 9, T_FESH);
	put(s, 8, 0, 200);
	put(s, 9, 2, 1);
	turn(s, 0);
	return s;
}

/* The same, once seat 0 has driven seat 2 out. */
static struct tu_state *
seat_2_driven_out(void)
{
	struct tu_state *s = seat_2_at_the_edge();

	must(s, 0, "ATTACK 8 9");
	assert_true(s->out[2]);
	return s;
}

/* With three tribes one going out ends nothing: the game ends when a
 * single tribe is left. */
static void
test_elimination_three(void **u)
{
	struct tu_state *s = seat_2_driven_out();

	(void)u;
	assert_false(s->out[1]);
	assert_int_equal(s->phase, PH_TURN);
	assert_int_equal(s->winner, TU_NONE);

	/* then seat 1 loses its settlement and its last box: seat 0 wins */
	s->owner[s->settle_box[1]] = TU_NONE;
	tu_kill_camels(s, s->settle_box[1], 1);
	terrain(s, 7, T_FESH);
	put(s, 7, 1, 1);
	put(s, 8, 0, 200);
	turn(s, 0);
	must(s, 0, "ATTACK 8 7");
	assert_true(s->out[1]);
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->winner, 0);
	free(s);
}

/* A tribe driven out of its last territory (the rule text: the goal is to
 * "drive all the other players out") has no more turns: the orders it
 * queued for them are dropped with it, not left in its report. */
static void
test_out_tribe_queue_dropped(void **u)
{
	struct tu_state *s = seat_2_at_the_edge();
	struct tval *root;
	const struct tval *hq;

	(void)u;
	must(s, 2, "BUY 9 1");
	must(s, 2, "PASS");
	assert_int_equal(s->nqueue[2], 2);
	must(s, 0, "ATTACK 8 9");
	assert_true(s->out[2]);
	assert_int_equal(s->nqueue[2], 0);
	root = tval_map();
	tu_view(s, 2, root);
	hq = tval_get(root, "has_queue");
	assert_true(hq == NULL || !hq->b);
	tval_free(root);
	free(s);
}

/* A tribe out of a game of three is no longer a player: it sends no
 * orders, a card of it left in the round gives it no turn, and it hands
 * in no tribal cards when the next round starts. */
static void
test_out_tribe(void **u)
{
	struct tu_state *s = seat_2_driven_out();
	struct evsink ev;
	int skipped = 0, turns, per;

	(void)u;
	refused(s, 2, "END", "out of the game");
	refused(s, 2, "BUY 9 1", "out of the game");

	/* the out tribe's card comes first in what is left of the round */
	s->cur = TU_NONE;
	s->stack[0] = 2;
	s->stack[1] = 0;
	s->stack[2] = TU_FORTUNE_CARD;
	s->stack_n = 3;
	s->stack_pos = 0;
	s->hand[0] = s->hand[2] = TU_TRIBAL - 1;
	s->hand[1] = TU_TRIBAL;
	s->deck_pos = s->round - 1;
	ok(s);
	turns = s->turns;
	evsink_init(&ev);
	tu_advance(s, &ev);
	assert_int_equal(s->cur, 0);
	assert_int_equal(s->stack_pos, 2);
	assert_int_equal(s->turns, turns);
	for (size_t i = 0; i < ev.n; i++)
		skipped += strstr(evline_text(&ev.v[i]),
		    "who are out of the game") != NULL;
	assert_int_equal(skipped, 1);
	evsink_free(&ev);
	ok(s);

	/* the next round */
	s->cur = TU_NONE;
	s->deck_pos = s->round;
	tu_start_round(s, NULL);
	per = s->die == 6 ? 1 : s->die;
	assert_int_equal(s->stack_n, 2 * per + 1);
	for (int k = 0; k < s->stack_n; k++)
		assert_int_not_equal(s->stack[k], 2);
	assert_int_equal(s->hand[2], TU_TRIBAL);
	assert_int_equal(s->hand[0], TU_TRIBAL - per);
	ok(s);
	free(s);
}

/* ---- buying ---- */

static void
test_buy(void **u)
{
	const char *kv[] = { "camels=30" };
	struct tu_state *s = game(2, kv, 1, 8);

	(void)u;
	clear(s, 12);
	put(s, 1, 0, 1);
	put(s, 7, 0, 1);
	terrain(s, 7, T_REG);
	turn(s, 0);
	refused(s, 0, "BUY 1 2", "salt mine");
	refused(s, 0, "BUY 8 2", "do not hold");
	refused(s, 0, "BUY 7 13", "only 12");
	assert_int_equal(s->supply, 26);	/* 30 less 4 on the board */
	must(s, 0, "BUY 7 5");
	assert_int_equal(s->money[0], 7);
	assert_int_equal(s->camels[7], 6);
	assert_int_equal(s->supply, 21);
	/* one territory per turn: the turn is over */
	assert_true(s->cur != 0 || s->step == ST_MOVE);
	/* the supply runs out */
	turn(s, 0);
	s->money[0] += 100;
	s->minted += 100;
	refused(s, 0, "BUY 7 22", "Only 21 camels");
	must(s, 0, "BUY 7 ALL");
	assert_int_equal(s->supply, 0);
	turn(s, 0);
	refused(s, 0, "BUY 7 1", "no camels left");
	ok(s);
	free(s);
}

/* ---- levy ---- */

static void
test_levy_example(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 3);
	int home = s->settle_box[0];

	(void)u;
	clear(s, 0);
	put(s, home, 0, 1);
	terrain(s, 7, T_GUELTA);
	terrain(s, 8, T_REG);
	terrain(s, 9, T_REG);
	terrain(s, 2, T_REG);
	terrain(s, 3, T_FESH);
	assert_int_equal(s->terrain[7], T_GUELTA);
	assert_int_equal(s->terrain[8], T_REG);
	put(s, 7, 0, 1);
	put(s, 8, 0, 0);
	put(s, 9, 0, 1);
	put(s, 2, 0, 1);
	put(s, 3, 0, 1);
	assert_int_equal(tu_levy_of(s, 0), 13);
	tu_levy(s, NULL);
	assert_int_equal(s->money[0], 13);	/* 2 gold and 3 silver */
	{
		char m[128], e[48];

		tu_money_text(s->money[0], m, sizeof m);
		msg_english(m, e, sizeof e);
		assert_non_null(strstr(e, "2 gold 3 silver"));
	}
	/* holding another's settlement is no substitute for one's own */
	put(s, s->settle_box[1], 0, 1);
	put(s, home, 1, 1);
	assert_int_equal(tu_levy_of(s, 0), 0);
	assert_int_equal(tu_levy_of(s, 1), 0);
	tu_levy(s, NULL);
	assert_int_equal(s->money[0], 13);
	ok(s);
	free(s);

	/* but held with one's own, another tribe's settlement is a territory
	 * like any other: its economic value 4 is in the levy */
	s = game(3, NULL, 0, 3);
	clear(s, 0);
	put(s, s->settle_box[2], 0, 1);
	terrain(s, 7, T_REG);
	put(s, 7, 2, 1);
	assert_int_equal(tu_levy_of(s, 0), 8);
	assert_int_equal(tu_levy_of(s, 1), 4);
	assert_int_equal(tu_levy_of(s, 2), 0);
	ok(s);
	free(s);
}

/* ---- the end ---- */

static void
test_end_by_levy(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 5);

	(void)u;
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[i], i, 5);
	terrain(s, 7, T_REG);
	put(s, 7, 1, 1);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->winner, 1);		/* 6 against 4 */
	free(s);

	/* equal levy: camels decide, then money */
	s = game(3, NULL, 0, 5);
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[i], i, 5);
	put(s, s->settle_box[2], 2, 6);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 2);
	free(s);
	s = game(3, NULL, 0, 5);
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[i], i, 5);
	tu_levy(s, NULL);
	s->money[0] += 1;
	s->minted += 1;
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 0);
	free(s);
	/* camels before money: more camels beat more money */
	s = game(2, NULL, 0, 5);
	clear(s, 0);
	put(s, s->settle_box[0], 0, 6);
	put(s, s->settle_box[1], 1, 3);
	tu_levy(s, NULL);
	assert_int_equal(s->last_levy[0], s->last_levy[1]);
	s->money[1] += 9;
	s->minted += 9;
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 0);
	free(s);

	/* a tribe without its settlement cannot win, whatever its levy */
	s = game(2, NULL, 0, 5);
	clear(s, 0);
	put(s, s->settle_box[1], 1, 1);
	put(s, s->settle_box[0], 1, 1);
	terrain(s, 7, T_GUELTA);
	put(s, 7, 0, 50);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 1);
	free(s);

	/* the levy first: camels "have no bearing unless two players have
	 * an equal total levy" (000), so 5 silver and one camel beat 4
	 * silver and 20 camels */
	s = game(3, NULL, 0, 5);
	clear(s, 0);
	put(s, s->settle_box[0], 0, 20);
	put(s, s->settle_box[2], 2, 20);
	terrain(s, 7, T_ERG);
	put(s, 7, 1, 0);
	tu_levy(s, NULL);
	assert_int_equal(s->last_levy[1], 5);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 1);
	free(s);

	/* two of three tied at the top: a draw between those two, the third
	 * tribe not named */
	s = game(3, NULL, 0, 5);
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[i], i, i == 1 ? 4 : 5);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, TU_NONE);
	{
		char e[256];

		msg_english(s->result, e, sizeof e);
		assert_non_null(strstr(e, tu_tribe_name[s->tribe_of[0]]));
		assert_non_null(strstr(e, tu_tribe_name[s->tribe_of[2]]));
		assert_null(strstr(e, tu_tribe_name[s->tribe_of[1]]));
	}
	free(s);

	/* a full tie is a draw */
	s = game(2, NULL, 0, 5);
	clear(s, 0);
	put(s, s->settle_box[0], 0, 3);
	put(s, s->settle_box[1], 1, 3);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, TU_NONE);
	assert_non_null(strstr(s->result, "tie"));
	free(s);
}

/* The result names every tribe of a full tie, in seat order, each once. */
static void
test_tie_names_all(void **u)
{
	(void)u;
	for (int n = 3; n <= 4; n++) {
		struct tu_state *s = game(n, NULL, 0, 5);
		char e[256], want[256], four[64] = "";

		clear(s, 0);
		tu_levy(s, NULL);
		tu_final_result(s, NULL);
		assert_int_equal(s->winner, TU_NONE);
		msg_english(s->result, e, sizeof e);
		if (n == 4)
			snprintf(four, sizeof four, " and the %s (%s)",
			    tu_tribe_name[s->tribe_of[3]], s->names[3]);
		snprintf(want, sizeof want, "A tie at a levy of %d silver "
		    "between the %s (%s) and the %s (%s) and the %s (%s)%s.",
		    s->last_levy[0],
		    tu_tribe_name[s->tribe_of[0]], s->names[0],
		    tu_tribe_name[s->tribe_of[1]], s->names[1],
		    tu_tribe_name[s->tribe_of[2]], s->names[2], four);
		assert_string_equal(e, want);
		free(s);
	}
}

/* "If no tribe holds its own settlement, nobody wins" (rules-notes): not a
 * draw either, even though every levy is 0 and the camels differ. */
static void
test_nobody_wins(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 5);
	char e[256];

	(void)u;
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[(i + 1) % 3], i, i + 1);
	ok(s);
	tu_levy(s, NULL);
	for (int i = 0; i < 3; i++) {
		assert_false(s->out[i]);
		assert_int_equal(s->last_levy[i], 0);
	}
	tu_final_result(s, NULL);
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->winner, TU_NONE);
	msg_english(s->result, e, sizeof e);
	assert_string_equal(e, "No tribe holds its own settlement: nobody wins.");
	free(s);
}

/* Issue 33: a bot's reward at the end is the announced result's. A draw
 * is shared by the tribes tied alone; a tribe outside the tie, or a game
 * nobody wins, is a loss. */
static void
test_reward_at_end(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 5);

	(void)u;
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[i], i, i == 1 ? 4 : 5);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, TU_NONE);
	assert_true(tu_reward(s, 0) == 0.5);
	assert_true(tu_reward(s, 2) == 0.5);
	assert_true(tu_reward(s, 1) == 0.0);
	free(s);

	s = game(3, NULL, 0, 5);
	clear(s, 0);
	for (int i = 0; i < 3; i++)
		put(s, s->settle_box[(i + 1) % 3], i, 1);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, TU_NONE);
	for (int i = 0; i < 3; i++)
		assert_true(tu_reward(s, i) == 0.0);
	free(s);

	/* a win is still 1 and 0 */
	s = game(3, NULL, 0, 5);
	clear(s, 0);
	put(s, s->settle_box[2], 2, 6);
	tu_levy(s, NULL);
	tu_final_result(s, NULL);
	assert_int_equal(s->winner, 2);
	assert_true(tu_reward(s, 2) == 1.0);
	assert_true(tu_reward(s, 0) == 0.0);
	assert_true(tu_reward(s, 1) == 0.0);
	free(s);
}

static void
test_game_ends_after_last_card(void **u)
{
	const char *kv[] = { "fortune=1" };
	struct tu_state *s = game(2, kv, 1, 21);
	struct pending p;
	int guard = 0;

	(void)u;
	while (s->phase != PH_OVER && guard++ < 100) {
		tu_waiting_for(s, &p);
		must(s, s->cur, "END");
	}
	assert_int_equal(s->phase, PH_OVER);
	assert_int_equal(s->round, 1);
	assert_int_equal(s->deck_pos, 1);
	tu_waiting_for(s, &p);
	assert_true(p.over);
	assert_int_equal(p.seats, 0);
	refused(s, 0, "END", "over");
	free(s);
}

/* ---- the order language ---- */

static void
test_parse(void **u)
{
	static const char *const in[][2] = {
		{ "sector b", "SECTOR B" },
		{ "  Settle   21 ", "SETTLE 21" },
		{ "move 21 22 5", "MOVE 21 22 5" },
		{ "MOVE 21 22", "MOVE 21 22 ALL" },
		{ "move 21 22 all", "MOVE 21 22 ALL" },
		{ "attack 21 22", "ATTACK 21 22" },
		{ "Attack 21 22 enter 3 stop 4 after 2",
		    "ATTACK 21 22 STOP 4 AFTER 2 ENTER 3" },
		{ "ATTACK 21 22 STOP 0 ENTER ALL", "ATTACK 21 22" },
		{ "buy 7 all", "BUY 7 ALL" },
		{ "buy 7 3", "BUY 7 3" },
		{ "pass", "PASS" }, { "End", "END" }, { "cancel", "CANCEL" },
	};
	static const char *const bad[][2] = {
		{ "", "empty" },
		{ "FLY 2 3", "not a Targui order" },
		{ "SECTOR E", "SECTOR A, B, C or D" },
		{ "SETTLE 50", "1 to 49" },
		{ "MOVE 21", "MOVE <from> <to>" },
		{ "MOVE 21 22 0", "not a number of camels" },
		{ "ATTACK 21 22 STOP", "needs a number" },
		{ "ATTACK 21 22 RUN 3", "not part of an attack" },
		{ "BUY 7", "BUY <box>" },
		{ "PASS 3", "nothing after" },
	};
	struct tu_state *s = game(2, NULL, 0, 1);
	struct order o, o2;
	struct diag d;

	(void)u;
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
		if (tu_parse(s, 0, in[i][0], &o, &d) != 0)
			fail_msg("\"%s\": %s", in[i][0], d.msg);
		assert_string_equal(o.text, in[i][1]);
		assert_int_equal(tu_parse(s, 0, o.text, &o2, &d), 0);
		assert_int_equal(o.kind, o2.kind);
		assert_int_equal(o.nargs, o2.nargs);
		assert_memory_equal(o.arg, o2.arg, sizeof o.arg);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(tu_parse(s, 0, bad[i][0], &o, &d), -1);
		if (strstr(d.msg, bad[i][1]) == NULL)
			fail_msg("\"%s\": \"%s\"", bad[i][0], d.msg);
	}
	free(s);
}

/* ---- queued orders ---- */

static int
other_seat_turn(struct tu_state *s, int seat)
{
	int guard = 0;

	while (s->phase == PH_TURN && s->cur != seat && guard++ < 200)
		must(s, s->cur, "END");
	return s->cur == seat;
}

static void
test_queue(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 13);
	int w = s->cur == 0 ? 1 : 0, home = s->settle_box[w], to = 0, far = 0;
	char line[64], buy[64];

	(void)u;
	for (int b = 1; b <= TU_BOXES && !to; b++)
		if (tu_adjacent(s, home, b) && s->terrain[b] != T_CHOTT &&
		    s->owner[b] == TU_NONE)
			to = b;
	/* A box camels may be bought on, but not w's. */
	for (int b = 1; b <= TU_BOXES && !far; b++)
		if (b != to && s->owner[b] == TU_NONE && s->terrain[b] != T_CHOTT &&
		    s->terrain[b] != T_SALTMINE)
			far = b;
	snprintf(line, sizeof line, "MOVE %d %d 1", home, to);
	snprintf(buy, sizeof buy, "BUY %d 1", far);
	if (s->cur == TU_NONE)
		fail_msg("no turn after setup");
	must(s, w, line);
	must(s, w, buy);	/* will fail: not held */
	assert_int_equal(s->nqueue[w], 2);
	assert_int_equal(s->owner[to], TU_NONE);
	assert_true(other_seat_turn(s, w));
	/* the move was made when the turn came, the buy was refused */
	assert_int_equal(s->owner[to], w);
	assert_int_equal(s->nqueue[w], 0);
	{
		struct pending p;

		tu_waiting_for(s, &p);
		assert_int_equal(p.seats, VIS_SEAT(w));
		/* The seat alone is told its queued order failed; what everyone
		 * sees says nothing of it, nor of the order or its reason. */
		assert_non_null(strstr(p.own[w], "could not be applied"));
		assert_null(strstr(p.what[w], "could not be applied"));
		snprintf(line, sizeof line, "box %d", far);
		assert_null(strstr(p.what[w], line));
		assert_null(strstr(p.what[w], buy));
		assert_null(strstr(p.what[w], "Your"));
		assert_non_null(strstr(p.own[w], "Your "));
		for (int v = -1; v < 2; v++) {
			struct tval *root = tval_map();
			const struct tval *hr;

			tu_view(s, v, root);
			hr = tval_get(root, "has_rejected");
			assert_true(v == w ? hr != NULL && hr->b :
			    hr == NULL || !hr->b);
			tval_free(root);
		}
	}
	must(s, w, "END");
	/* CANCEL empties the queue */
	must(s, w, "PASS");
	if (s->cur != w) {
		assert_int_equal(s->nqueue[w], 1);
		must(s, w, "CANCEL");
		assert_int_equal(s->nqueue[w], 0);
	}
	free(s);
}

static void
test_queue_full_and_out_of_turn(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 13);
	int w = s->cur == 0 ? 1 : 0;

	(void)u;
	for (int i = 0; i < TU_QUEUE; i++)
		must(s, w, "PASS");
	refused(s, w, "PASS", "queued already");
	refused(s, w, "SETTLE 21", "placed already");
	free(s);
}

/* A queued order that no turn can make legal is refused when it arrives,
 * not when the turn comes (issue 15). */
static void
test_queue_refuses_the_never_legal(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 13);
	int w = s->cur == 0 ? 1 : 0, mine = 0, chott = 0, a = 0, b = 0;
	char line[64];

	(void)u;
	for (int x = 1; x <= TU_BOXES; x++) {
		if (s->terrain[x] == T_SALTMINE)
			mine = x;
		if (s->terrain[x] == T_CHOTT)
			chott = x;
	}
	for (int x = 1; x <= TU_BOXES && !b; x++)
		for (int y = 1; y <= TU_BOXES && !b; y++)
			if (x != y && !tu_adjacent(s, x, y) && s->terrain[x] != T_CHOTT &&
			    s->terrain[y] != T_CHOTT) {
				a = x;
				b = y;
			}
	assert_true(mine > 0 && b > 0);
	snprintf(line, sizeof line, "BUY %d 5", mine);
	refused(s, w, line, "salt mine");
	snprintf(line, sizeof line, "MOVE %d %d 1", a, b);
	refused(s, w, line, "does not adjoin");
	if (chott > 0) {
		snprintf(line, sizeof line, "BUY %d 1", chott);
		refused(s, w, line, "chott");
	}
	assert_int_equal(s->nqueue[w], 0);
	free(s);
}

/* ---- legal, default, view ---- */

static void
test_legal_and_default(void **u)
{
	struct tu_state *s = game(4, NULL, 0, 17);
	struct order_list l;
	struct order o;
	int seat = s->cur;

	(void)u;
	assert_true(seat != TU_NONE);
	order_list_init(&l);
	tu_legal(s, seat, &l);
	assert_true(l.n > 2);
	assert_string_equal(l.v[l.n - 1].text, "END");
	order_list_free(&l);
	for (int i = 0; i < 4; i++) {
		order_list_init(&l);
		tu_legal(s, i, &l);
		if (i != seat)
			assert_int_equal(l.n, 0);
		order_list_free(&l);
	}
	assert_int_equal(tu_default_order(s, seat, &o), 0);
	assert_string_equal(o.text, "END");
	free(s);
	s = fresh(2, NULL, 0, 1);
	assert_int_equal(tu_default_order(s, 0, &o), 0);
	assert_string_equal(o.text, "SECTOR A");
	free(s);
}

static const struct tval *
find_list(const struct tval *root, const char *key)
{
	const struct tval *l = tval_get(root, key);

	assert_non_null(l);
	assert_int_equal(l->type, TV_LIST);
	return l;
}

static void
test_view(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 19);
	int w = s->cur == 0 ? 1 : 0;
	struct tval *root;
	const struct tval *l;
	double prev = 0;

	(void)u;
	must(s, w, "PASS");	/* queued: private to w */
	for (int v = -1; v < 3; v++) {
		root = tval_map();
		tu_view(s, v, root);
		l = find_list(root, "map");
		assert_int_equal(l->n, 7 * 3 + 1);
		for (size_t i = 0; i < l->n; i++) {
			char line[256];

			/* A map line is a message: its English text fits. */
			msg_english(tval_get(l->items[i], "line")->str, line,
			    sizeof line);
			assert_true(strlen(line) < 72);
		}
		l = find_list(root, "queue");
		assert_int_equal(l->n, v == w ? 1 : 0);
		l = find_list(root, "fortune_to_come");
		assert_int_equal(l->n, 16 - s->deck_pos);
		prev = 0;
		for (size_t i = 0; i < l->n; i++) {
			double n = tval_get(l->items[i], "number")->num;

			assert_true(n > prev);	/* sorted, not deck order */
			prev = n;
		}
		l = find_list(root, "tribes");
		assert_int_equal(l->n, 3);
		assert_non_null(tval_get(l->items[0], "holds_settlement"));
		l = find_list(root, "rolls");
		assert_true(l->n >= 1);
		tval_free(root);
	}
	free(s);
}

static void
test_load_errors(void **u)
{
	char dir[] = "/tmp/targui-test-XXXXXX", path[256], src[1024];
	const char *srcdir = getenv("srcdir");
	struct diag d;
	FILE *f;

	(void)u;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/targui", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/targui/territories.yaml", dir);
	f = fopen(path, "w");
	fputs("terrain:\n  settlement: { count: 4, economic: 4, strategic: 4 }\n"
	    "  saltmine: { count: one }\n", f);
	fclose(f);
	assert_int_equal(tu_load_data(dir, &d), -1);
	assert_non_null(strstr(d.msg, "territories.yaml line 3"));
	f = fopen(path, "w");
	fputs("terrain: [\n", f);
	fclose(f);
	assert_int_equal(tu_load_data(dir, &d), -1);
	assert_non_null(strstr(d.msg, "territories.yaml"));
	unlink(path);
	snprintf(path, sizeof path, "%s/targui", dir);
	rmdir(path);
	rmdir(dir);
	assert_int_equal(tu_load_data("/nonexistent", &d), -1);
	assert_non_null(strstr(d.msg, "cannot open"));
	/* the good tables are still there */
	snprintf(src, sizeof src, "%s/data", srcdir ? srcdir : ".");
	assert_int_equal(tu_load_data(src, &d), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_two),
		cmocka_unit_test(test_settlement_on_a_chott),
		cmocka_unit_test(test_setup_opposite),
		cmocka_unit_test(test_setup_four_last_sector),
		cmocka_unit_test(test_setup_three),
		cmocka_unit_test(test_setup_per_tribe),
		cmocka_unit_test(test_setup_options),
		cmocka_unit_test(test_deal),
		cmocka_unit_test(test_round_stack),
		cmocka_unit_test(test_double_turn),
		cmocka_unit_test(test_turn_sequence),
		cmocka_unit_test(test_adjacency),
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_move_takes_empty_enemy_box),
		cmocka_unit_test(test_can_act),
		cmocka_unit_test(test_attack_example),
		cmocka_unit_test(test_attack_order_and_breakoff),
		cmocka_unit_test(test_attack_fails),
		cmocka_unit_test(test_attack_report_short),
		cmocka_unit_test(test_attack_rng_and_elimination),
		cmocka_unit_test(test_elimination_three),
		cmocka_unit_test(test_out_tribe),
		cmocka_unit_test(test_out_tribe_queue_dropped),
		cmocka_unit_test(test_buy),
		cmocka_unit_test(test_levy_example),
		cmocka_unit_test(test_end_by_levy),
		cmocka_unit_test(test_tie_names_all),
		cmocka_unit_test(test_nobody_wins),
		cmocka_unit_test(test_reward_at_end),
		cmocka_unit_test(test_game_ends_after_last_card),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_queue),
		cmocka_unit_test(test_queue_full_and_out_of_turn),
		cmocka_unit_test(test_queue_refuses_the_never_legal),
		cmocka_unit_test(test_legal_and_default),
		cmocka_unit_test(test_view),
		cmocka_unit_test(test_load_errors),
	};
	const char *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;

	snprintf(dir, sizeof dir, "%s/data", srcdir ? srcdir : ".");
	if (tu_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
