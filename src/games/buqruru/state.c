/* The state as canonical bytes, and the invariants every state keeps. */
#include <string.h>

#include "games/buqruru/buqruru.h"

#define BQ_FORMAT 1	/* bump when the serialized layout changes */

static void
add_int(struct buf *b, int v)
{
	buf_add_u32(b, (uint32_t)v);
}

void
bq_serialize(const void *vst, struct buf *b)
{
	const struct bq_state *st = vst;

	add_int(b, BQ_FORMAT);
	for (int i = 0; i < BQ_SEATS; i++) {
		size_t n = strnlen(st->seat[i], SEAT_NAME);

		add_int(b, (int)n);
		buf_add(b, st->seat[i], n);
	}
	add_int(b, st->hole_choice);
	add_int(b, st->direction);
	add_int(b, st->first_dir);
	add_int(b, st->dir[0]);
	add_int(b, st->dir[1]);
	add_int(b, st->groups);
	add_int(b, st->chain);
	add_int(b, st->owner_capture);
	add_int(b, st->first);
	add_int(b, st->opening);
	add_int(b, st->hole_keep);
	/* A legacy match (bq_legacy) hashes as it did before these were. */
	if (!bq_legacy(st)) {
		add_int(b, st->groups_when);
		add_int(b, st->owner_limit);
		add_int(b, st->round_end);
	}
	for (int i = 0; i < 4; i++)
		buf_add_u64(b, st->rng.s[i]);
	for (int h = 0; h < BQ_HOLES; h++) {
		add_int(b, st->board[h]);
		add_int(b, st->erased[h]);
	}
	for (int i = 0; i < BQ_SEATS; i++) {
		add_int(b, st->store[i]);
		add_int(b, st->donkeys[i]);
		add_int(b, st->sowing[i]);
	}
	add_int(b, st->phase);
	add_int(b, st->turn);
	add_int(b, st->round);
	add_int(b, st->starter);
	add_int(b, st->refill_seat);
	add_int(b, st->quiet);
	add_int(b, st->loser);
	for (int i = 0; i < BQ_SEATS; i++) {
		add_int(b, st->opened[i]);
		add_int(b, st->kept[i]);
	}
	if (!bq_legacy(st)) {
		add_int(b, st->sown);
		add_int(b, st->rechoice);
		add_int(b, st->resume);
	}
}

static int
seat_ok(int s)
{
	return s == 0 || s == 1;
}

static int
own_live(const struct bq_state *st, int seat, int h)
{
	return h >= 0 && h < BQ_HOLES && bq_owner(h) == seat && !st->erased[h];
}

static int
check_options(const struct bq_state *st, struct diag *d)
{
	int want0, want1;

	if (st->hole_choice != BQ_SEALED && st->hole_choice != BQ_OPEN)
		return diag_set(d, 0, "bad hole_choice %d", st->hole_choice);
	if (st->groups != BQ_GROUPS_ANY && st->groups != BQ_GROUPS_DIV)
		return diag_set(d, 0, "bad groups %d", st->groups);
	if (st->chain != BQ_CHAIN_AFTER_LAST && st->chain != BQ_CHAIN_TO_SOWING)
		return diag_set(d, 0, "bad chain %d", st->chain);
	if (st->owner_capture != 0 && st->owner_capture != 1)
		return diag_set(d, 0, "bad owner_capture %d", st->owner_capture);
	if (st->first_dir != 1 && st->first_dir != -1)
		return diag_set(d, 0, "bad first_direction %d", st->first_dir);
	if (!seat_ok(st->first))
		return diag_set(d, 0, "bad first seat %d", st->first);
	if (st->opening < BQ_OPEN_FIRST || st->opening > BQ_OPEN_FREE)
		return diag_set(d, 0, "bad opening %d", st->opening);
	if (st->hole_keep != BQ_HOLE_ROUND && st->hole_keep != BQ_HOLE_MATCH)
		return diag_set(d, 0, "bad sowing_hole %d", st->hole_keep);
	if (st->groups_when < BQ_LARGE_OVER_LAP ||
	    st->groups_when > BQ_LARGE_ALWAYS)
		return diag_set(d, 0, "bad groups_when %d", st->groups_when);
	if (st->owner_limit != 0 && st->owner_limit != BQ_CAPTURE_MAX)
		return diag_set(d, 0, "bad owner_limit %d", st->owner_limit);
	if (st->round_end != BQ_END_BOTH_EMPTY &&
	    st->round_end != BQ_END_NEW_HOLES)
		return diag_set(d, 0, "bad round_end %d", st->round_end);
	if (st->sown < 0 || (st->rechoice != 0 && st->rechoice != 1) ||
	    !seat_ok(st->resume))
		return diag_set(d, 0, "bad sowing count %d, re-choice %d or "
		    "resume %d", st->sown, st->rechoice, st->resume);
	for (int i = 0; i < BQ_SEATS; i++)
		if (st->kept[i] != -1 && (st->kept[i] < i * BQ_ROW ||
		    st->kept[i] >= (i + 1) * BQ_ROW))
			return diag_set(d, 0, "%s's kept hole %d is not in that "
			    "seat's row", st->seat[i], st->kept[i]);
	switch (st->direction) {
	case BQ_DIR_OPPOSITE:
		want0 = st->first_dir;
		want1 = -st->first_dir;
		break;
	case BQ_DIR_SHARED_CCW:
		want0 = want1 = 1;
		break;
	case BQ_DIR_SHARED_CW:
		want0 = want1 = -1;
		break;
	default:
		return diag_set(d, 0, "bad direction %d", st->direction);
	}
	if (st->dir[0] != want0 || st->dir[1] != want1)
		return diag_set(d, 0, "the sowing directions do not match the "
		    "direction option");
	for (int i = 0; i < BQ_SEATS; i++)
		if (st->seat[i][0] == '\0' ||
		    strnlen(st->seat[i], SEAT_NAME) == SEAT_NAME)
			return diag_set(d, 0, "seat %d has no proper name", i);
	return 0;
}

static int
check_counters(const struct bq_state *st, struct diag *d)
{
	int sum = 0;

	for (int h = 0; h < BQ_HOLES; h++) {
		if (st->board[h] < 0)
			return diag_set(d, 0, "hole %c holds %d counters",
			    bq_letter(h), st->board[h]);
		if (st->erased[h] != 0 && st->erased[h] != 1)
			return diag_set(d, 0, "hole %c: bad erased flag",
			    bq_letter(h));
		if (st->erased[h] && st->board[h] != 0)
			return diag_set(d, 0, "erased hole %c holds %d counters",
			    bq_letter(h), st->board[h]);
		sum += st->board[h];
	}
	for (int i = 0; i < BQ_SEATS; i++) {
		if (st->store[i] < 0)
			return diag_set(d, 0, "%s's store holds %d counters",
			    st->seat[i], st->store[i]);
		if (st->donkeys[i] < 0)
			return diag_set(d, 0, "%s owes %d donkeys", st->seat[i],
			    st->donkeys[i]);
		sum += st->store[i];
	}
	if (sum != BQ_TOTAL)
		return diag_set(d, 0, "the board and stores hold %d counters, "
		    "not %d", sum, BQ_TOTAL);
	return 0;
}

static int
check_phase(const struct bq_state *st, struct diag *d)
{
	if (st->phase != BQ_PH_OVER && st->loser != -1)
		return diag_set(d, 0, "a loser is set before the match is over");
	if (st->phase != BQ_PH_REFILL && st->refill_seat != -1)
		return diag_set(d, 0, "a refill is pending outside the refill");
	if (st->phase != BQ_PH_OVER)
		for (int i = 0; i < BQ_SEATS; i++)
			if (bq_live(st, i) == 0)
				return diag_set(d, 0, "%s has no hole left but the "
				    "match goes on", st->seat[i]);
	switch (st->phase) {
	case BQ_PH_HOLE:
		if (!seat_ok(st->turn))
			return diag_set(d, 0, "bad turn %d", st->turn);
		for (int i = 0; i < BQ_SEATS; i++)
			if (st->sowing[i] != -1 && !own_live(st, i, st->sowing[i]))
				return diag_set(d, 0, "%s's sowing hole is not one "
				    "of that seat's holes", st->seat[i]);
		if (st->sowing[0] >= 0 && st->sowing[1] >= 0)
			return diag_set(d, 0, "both sowing holes are chosen but "
			    "play has not begun");
		if (st->hole_choice == BQ_OPEN && st->sowing[st->turn] >= 0)
			return diag_set(d, 0, "the seat to choose has chosen");
		if (st->quiet != 0 && !st->rechoice)
			return diag_set(d, 0, "a quiet count before play began");
		return 0;
	case BQ_PH_SOW:
		if (!seat_ok(st->turn))
			return diag_set(d, 0, "bad turn %d", st->turn);
		for (int i = 0; i < BQ_SEATS; i++)
			if (!own_live(st, i, st->sowing[i]))
				return diag_set(d, 0, "%s's sowing hole is not one "
				    "of that seat's holes", st->seat[i]);
		if (st->board[st->sowing[st->turn]] == 0)
			return diag_set(d, 0, "%s is to sow from an empty hole",
			    st->seat[st->turn]);
		if (bq_on_board(st) < 2)
			return diag_set(d, 0, "the round should have ended");
		if (st->quiet < 0 || st->quiet >= BQ_QUIET)
			return diag_set(d, 0, "bad quiet count %d", st->quiet);
		if (bq_forced(st))
			return diag_set(d, 0, "%s has one way to sow, which should "
			    "have been played", st->seat[st->turn]);
		return 0;
	case BQ_PH_REFILL:
		if (!seat_ok(st->refill_seat))
			return diag_set(d, 0, "no seat to refill");
		for (int h = st->refill_seat * BQ_ROW;
		    h < (st->refill_seat + 1) * BQ_ROW; h++)
			if (st->board[h] != 0)
				return diag_set(d, 0, "the row to refill is not "
				    "empty");
		if (bq_refill_count(st, st->refill_seat, 2) < 2)
			return diag_set(d, 0, "a refill without a choice waits "
			    "for a decision");
		return 0;
	case BQ_PH_OVER:
		/* No loser: ended by the round limit. */
		if (st->loser == -1 && st->round == BQ_ROUNDS && !bq_legacy(st))
			return 0;
		if (!seat_ok(st->loser) || bq_live(st, st->loser) != 0)
			return diag_set(d, 0, "the match is over without a loser");
		return 0;
	default:
		return diag_set(d, 0, "bad phase %d", st->phase);
	}
}

int
bq_check(const void *vst, struct diag *d)
{
	const struct bq_state *st = vst;

	if (check_options(st, d) < 0 || check_counters(st, d) < 0)
		return -1;
	if (st->round < 1 || !seat_ok(st->starter))
		return diag_set(d, 0, "bad round %d or first mover %d", st->round,
		    st->starter);
	return check_phase(st, d);
}
