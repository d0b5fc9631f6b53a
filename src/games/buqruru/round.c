/* Between sowings: choosing sowing holes, ending a round, refilling rows. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

static void
holes_done(struct bq_state *st, struct evsink *ev)
{
	int lead = st->rechoice ? st->resume : st->starter;

	if (st->sowing[0] >= 0 && st->sowing[1] >= 0) {
		if (st->rechoice)
			ev_emit(ev, VIS_ALL, "Round %d goes on: %s sows from %c, "
			    "%s from %c; %s sows next.", st->round, st->seat[0],
			    bq_letter(st->sowing[0]), st->seat[1],
			    bq_letter(st->sowing[1]), st->seat[lead]);
		else
			ev_emit(ev, VIS_ALL, "Round %d: %s sows from %c, %s from "
			    "%c; %s moves first.", st->round, st->seat[0],
			    bq_letter(st->sowing[0]), st->seat[1],
			    bq_letter(st->sowing[1]), st->seat[lead]);
		st->phase = BQ_PH_SOW;
		st->turn = lead;
		st->rechoice = 0;
		return;
	}
	if (st->hole_choice == BQ_OPEN)
		st->turn = st->sowing[lead] < 0 ? lead : 1 - lead;
}

/* Whether a hole may be chosen as sowing hole now: one of its owner's,
 * not erased, and in a choice made mid-round (round_end=new-holes) one
 * that holds counters. */
int
bq_choosable(const struct bq_state *st, int hole)
{
	return !st->erased[hole] && (!st->rechoice || st->board[hole] > 0);
}

/* The choosable holes of seat; the one if there is only one, else -1. */
static int
only_hole(const struct bq_state *st, int seat, int *n)
{
	int one = -1;

	*n = 0;
	for (int h = seat * BQ_ROW; h < (seat + 1) * BQ_ROW; h++)
		if (bq_choosable(st, h)) {
			one = h;
			(*n)++;
		}
	return *n == 1 ? one : -1;
}

/* Who still chooses, as the round line says it: both, one, or neither
 * (every hole kept from the last round, or the only one left). */
static void
round_line(const struct bq_state *st, const int *choose, struct evsink *ev)
{
	const char *first = st->seat[st->starter];

	if (choose[0] && choose[1]) {
		if (st->hole_choice == BQ_SEALED)
			ev_emit(ev, VIS_ALL, "Round %d begins; %s will move first. "
			    "Each player chooses a sowing hole, sealed until both "
			    "have chosen.", st->round, first);
		else
			ev_emit(ev, VIS_ALL, "Round %d begins; %s will move first "
			    "and chooses a sowing hole first, then %s.", st->round,
			    first, bq_other(st, st->starter));
	} else if (choose[0] || choose[1])
		ev_emit(ev, VIS_ALL, "Round %d begins; %s will move first. %s "
		    "chooses a new sowing hole; the other hole is known.",
		    st->round, first, st->seat[choose[0] ? 0 : 1]);
	else
		ev_emit(ev, VIS_ALL, "Round %d begins; %s will move first. No "
		    "one chooses a sowing hole this round.", st->round, first);
}

/* The match cannot end in time: a referee rule ends it, the donkeys owed
 * being the score (doc/rules-notes.md). */
static void
draw(struct bq_state *st, struct evsink *ev)
{
	st->phase = BQ_PH_OVER;
	st->loser = -1;
	st->refill_seat = -1;
	ev_emit(ev, VIS_ALL, "Round %d was the last the referee plays: the "
	    "match ends with the donkeys owed as the score.", st->round);
}

void
bq_start_round(struct bq_state *st, struct evsink *ev)
{
	int choose[BQ_SEATS], n, one[BQ_SEATS];

	if (st->round >= BQ_ROUNDS && !bq_legacy(st)) {
		draw(st, ev);
		return;
	}
	st->round++;
	st->sowing[0] = st->sowing[1] = -1;
	st->quiet = 0;
	st->sown = 0;
	st->rechoice = 0;
	st->phase = BQ_PH_HOLE;
	st->turn = st->starter;
	st->refill_seat = -1;
	for (int s = 0; s < BQ_SEATS; s++) {
		one[s] = only_hole(st, s, &n);
		choose[s] = one[s] < 0 && !(st->hole_keep == BQ_HOLE_MATCH &&
		    st->kept[s] >= 0 && !st->erased[st->kept[s]]);
	}
	round_line(st, choose, ev);
	for (int s = 0; s < BQ_SEATS; s++) {
		if (choose[s])
			continue;
		if (st->hole_keep == BQ_HOLE_MATCH && st->kept[s] >= 0 &&
		    !st->erased[st->kept[s]]) {
			st->sowing[s] = st->kept[s];
			ev_emit(ev, VIS_ALL, "%s sows from hole %c again: a sowing "
			    "hole serves the whole match until it is erased.",
			    st->seat[s], bq_letter(st->kept[s]));
			continue;
		}
		st->sowing[s] = one[s];
		st->kept[s] = one[s];
		ev_emit(ev, VIS_ALL, "%s has only hole %c left, so it is %s's "
		    "sowing hole.", st->seat[s], bq_letter(one[s]), st->seat[s]);
	}
	holes_done(st, ev);
}

/* Both sowing holes are empty and counters are left (round_end=new-holes):
 * each player with counters in their row chooses a new sowing hole among
 * those holding some, for the rest of the round; a player with none keeps
 * the empty hole and misses turns. The hole kept for the match stays. */
void
bq_new_holes(struct bq_state *st, struct evsink *ev)
{
	int n, one;

	st->rechoice = 1;
	st->resume = st->turn;
	st->phase = BQ_PH_HOLE;
	ev_emit(ev, VIS_ALL, "Both sowing holes are empty: each player with "
	    "counters in their row chooses a new sowing hole for the rest of "
	    "round %d.", st->round);
	for (int s = 0; s < BQ_SEATS; s++) {
		one = only_hole(st, s, &n);
		if (n == 0)
			continue;
		st->sowing[s] = -1;
		if (one < 0)
			continue;
		st->sowing[s] = one;
		ev_emit(ev, VIS_ALL, "%s has counters only in hole %c, so it is "
		    "%s's sowing hole.", st->seat[s], bq_letter(one),
		    st->seat[s]);
	}
	st->turn = st->resume;
	holes_done(st, ev);
}

int
bq_hole_check(const struct bq_state *st, int seat, int hole,
    struct diag *d)
{
	struct buf b = BUF_INIT;
	int rc = 0;

	if (st->phase != BQ_PH_HOLE)
		return diag_set(d, 0, "no sowing hole can be chosen now");
	if (st->sowing[seat] >= 0)
		return diag_set(d, 0, "you have already chosen hole %c for "
		    "round %d", bq_letter(st->sowing[seat]), st->round);
	if (st->hole_choice == BQ_OPEN && st->turn != seat)
		return diag_set(d, 0, "%s chooses a sowing hole first; wait for "
		    "that choice", st->seat[st->turn]);
	if (hole >= 0 && hole < BQ_HOLES && bq_owner(hole) == seat &&
	    bq_choosable(st, hole))
		return 0;
	bq_holes_text(st, seat, &b);
	if (hole < 0 || hole >= BQ_HOLES)
		rc = diag_set(d, 0, "there is no such hole; choose one of %s",
		    b.p);
	else if (bq_owner(hole) != seat)
		rc = diag_set(d, 0, "hole %c is in %s's row; choose one of "
		    "yours: %s", bq_letter(hole), st->seat[bq_owner(hole)], b.p);
	else if (st->erased[hole])
		rc = diag_set(d, 0, "hole %c has been erased; choose one of %s",
		    bq_letter(hole), b.p);
	else
		rc = diag_set(d, 0, "hole %c is empty; choose one that holds "
		    "counters: %s", bq_letter(hole), b.p);
	buf_free(&b);
	return rc;
}

void
bq_choose_hole(struct bq_state *st, int seat, int hole, struct evsink *ev)
{
	st->sowing[seat] = hole;
	if (!st->rechoice)
		st->kept[seat] = hole;
	if (st->hole_choice == BQ_SEALED && st->sowing[1 - seat] < 0) {
		ev_emit(ev, VIS_SEAT(seat), "You chose sealed hole %c as your "
		    "sowing hole; it stays sealed until %s has chosen.",
		    bq_letter(hole), bq_other(st, seat));
		ev_emit(ev, VIS_ALL & ~VIS_SEAT(seat), "%s has chosen a sowing "
		    "hole (sealed).", st->seat[seat]);
	} else if (st->hole_choice == BQ_OPEN)
		ev_emit(ev, VIS_ALL, "%s chooses hole %c as sowing hole.",
		    st->seat[seat], bq_letter(hole));
	holes_done(st, ev);
}

void
bq_refill_need(const struct bq_state *st, int seat, int *full, int *rem)
{
	int s = st->store[seat], h = bq_live(st, seat);

	if (s >= BQ_FULL * h) {
		*full = h;
		*rem = 0;
	} else {
		*full = s / BQ_FULL;
		*rem = s % BQ_FULL;
	}
}

/* Whether some hole of mask comes before rem in row, seat's holes in its
 * sowing order (bq_row). */
static int
before_rem(const int *row, int n, unsigned mask, int rem)
{
	for (int i = 0; i < n && row[i] != rem; i++)
		if (mask & (1u << row[i]))
			return 1;
	return 0;
}

static int
after_full(const struct bq_state *st, int seat, unsigned mask, int rem)
{
	int row[BQ_ROW], n = bq_row(st, seat, row);

	return before_rem(row, n, mask, rem);
}

static int
popcount(unsigned m)
{
	int n = 0;

	for (; m != 0; m &= m - 1)
		n++;
	return n;
}

/* The next number with as many bits set as sub (none after 0). */
static unsigned
next_subset(unsigned sub)
{
	unsigned c = sub & -sub, r = sub + c;

	return c == 0 ? UINT_MAX : (((r ^ sub) >> 2) / c) | r;
}

/* bq_refill_each, stopping once most are found. */
static int
refill_each(const struct bq_state *st, int seat, void (*fn)(void *, unsigned, int),
    void *arg, int most)
{
	int row[BQ_ROW], n = bq_row(st, seat, row), full, rem, count = 0;

	bq_refill_need(st, seat, &full, &rem);
	if (full > n)
		return 0;
	/* The subsets of full holes of the row, in increasing order as a
	 * count through all subsets would meet them, from one to the next
	 * (Gosper's hack) rather than by testing every subset. */
	for (unsigned sub = (1u << full) - 1; sub < (1u << n); sub = next_subset(sub)) {
		unsigned mask = 0;

		for (int i = 0; i < n; i++)
			if (sub & (1u << i))
				mask |= 1u << row[i];
		if (rem == 0) {
			if (fn != NULL)
				fn(arg, mask, -1);
			if (++count >= most)
				return count;
			continue;
		}
		for (int i = 0; i < n; i++) {
			if ((sub & (1u << i)) ||
			    (full > 0 && !before_rem(row, n, mask, row[i])))
				continue;
			if (fn != NULL)
				fn(arg, mask, row[i]);
			if (++count >= most)
				return count;
		}
	}
	return count;
}

/* Calls fn for every legal refill of seat, in a stable order; returns how
 * many there are. fn may be NULL. */
int
bq_refill_each(const struct bq_state *st, int seat,
    void (*fn)(void *, unsigned, int), void *arg)
{
	return refill_each(st, seat, fn, arg, INT_MAX);
}

int
bq_refill_count(const struct bq_state *st, int seat, int most)
{
	/* Callers ask whether a seat has a choice: counting every refill of
	 * a full row for that was a tenth of a random game. */
	return refill_each(st, seat, NULL, NULL, most);
}

/* Six in the first holes of seat's sowing order, the rest in the next. */
void
bq_refill_default(const struct bq_state *st, int seat, unsigned *mask,
    int *rem)
{
	int row[BQ_ROW], n = bq_row(st, seat, row), full, left;

	bq_refill_need(st, seat, &full, &left);
	*mask = 0;
	*rem = -1;
	for (int i = 0; i < full && i < n; i++)
		*mask |= 1u << row[i];
	if (left > 0 && full < n)
		*rem = row[full];
}

/* Only called in a message, so an accepted refill formats nothing. */
static const char *
refill_example(const struct bq_state *st, int seat, struct order *o)
{
	unsigned mask;
	int rem;

	char line[ORDER_TEXT];

	bq_refill_default(st, seat, &mask, &rem);
	bq_refill_order(o, mask, rem);
	/* Quoted in the reader's order words: o is only the example's. */
	snprintf(line, sizeof line, "%s", o->text);
	msg_order(o->text, sizeof o->text, "buqruru", line);
	return o->text;
}

int
bq_refill_ok(const struct bq_state *st, int seat, unsigned mask, int rem,
    struct diag *d)
{
	struct buf order = BUF_INIT;
	struct order ex;
	char said[BQ_MSG];
	int full, left, rc = 0, row[BQ_ROW], n;

	bq_refill_need(st, seat, &full, &left);
	for (int h = 0; h < BQ_HOLES && rc == 0; h++) {
		if (!(mask & (1u << h)) && h != rem)
			continue;
		if (bq_owner(h) != seat)
			rc = diag_set(d, 0, "hole %c is in %s's row; you refill "
			    "only your own holes, e.g. \"%s\"", bq_letter(h),
			    st->seat[bq_owner(h)],
			    refill_example(st, seat, &ex));
		else if (st->erased[h])
			rc = diag_set(d, 0, "hole %c has been erased and cannot "
			    "be refilled; e.g. \"%s\"", bq_letter(h),
			    refill_example(st, seat, &ex));
	}
	if (rc == 0 && rem >= 0 && (mask & (1u << rem)))
		rc = diag_set(d, 0, "hole %c cannot both get six and hold the "
		    "remainder; e.g. \"%s\"", bq_letter(rem),
		    refill_example(st, seat, &ex));
	/* A plural sentence is a whole message of its own (msg_nfmt); "%s"
	 * only carries it. */
	if (rc == 0 && full == 0 && mask != 0) {
		msg_nfmt(said, sizeof said, (unsigned long)st->store[seat],
		    "your %d counter fills no hole with six; name only the "
		    "remainder hole, e.g. \"%s\"",
		    "your %d counters fill no hole with six; name only the "
		    "remainder hole, e.g. \"%s\"", st->store[seat],
		    refill_example(st, seat, &ex));
		rc = diag_set(d, 0, "%s", said);
	}
	if (rc == 0 && popcount(mask) != full) {
		if (left > 0)
			msg_nfmt(said, sizeof said, (unsigned long)full,
			    "your %d counters fill %d hole with six and leave a "
			    "remainder; name exactly %d, e.g. \"%s\"",
			    "your %d counters fill %d holes with six and leave a "
			    "remainder; name exactly %d, e.g. \"%s\"",
			    st->store[seat], full, full,
			    refill_example(st, seat, &ex));
		else
			msg_nfmt(said, sizeof said, (unsigned long)full,
			    "your %d counters fill %d hole with six; name exactly "
			    "%d, e.g. \"%s\"",
			    "your %d counters fill %d holes with six; name exactly "
			    "%d, e.g. \"%s\"", st->store[seat], full, full,
			    refill_example(st, seat, &ex));
		rc = diag_set(d, 0, "%s", said);
	}
	if (rc == 0 && left > 0 && rem < 0) {
		msg_nfmt(said, sizeof said, (unsigned long)left,
		    "%d counter is left over after the holes of six; add "
		    "%s and the hole for them, e.g. \"%s\"",
		    "%d counters are left over after the holes of six; add "
		    "%s and the hole for them, e.g. \"%s\"", left,
		    ORDER("buqruru", "REMAINDER"), refill_example(st, seat, &ex));
		rc = diag_set(d, 0, "%s", said);
	}
	if (rc == 0 && left == 0 && rem >= 0)
		rc = diag_set(d, 0, "nothing is left over after the holes of "
		    "six, so leave out %s; e.g. \"%s\"",
		    ORDER("buqruru", "REMAINDER"), refill_example(st, seat, &ex));
	if (rc == 0 && rem >= 0 && full > 0 &&
	    !after_full(st, seat, mask, rem)) {
		n = bq_row(st, seat, row);
		for (int i = 0; i < n; i++)
			buf_printf(&order, "%s%c", i ? " " : "",
			    bq_letter(row[i]));
		rc = diag_set(d, 0, "the remainder hole must lie between two "
		    "full holes or after them in your sowing order (%s), and "
		    "%c comes before them all; e.g. \"%s\"", order.p,
		    bq_letter(rem), refill_example(st, seat, &ex));
	}
	buf_free(&order);
	return rc;
}

/* "north refills: six in e, f, 2 in g; h is erased." Each clause is a
 * message; the sentence joins them with "%s; %s" (one message per join). */
static void
refill_said(const char *who, int nfull, const char *full, int rem, int left,
    int ngone, const char *gone, struct evsink *ev)
{
	char put[BQ_LIST] = "", part[BQ_LIST], erased[BQ_LIST], kept[128];

	if (nfull > 0) {
		msg_fmt(part, sizeof part, "six in %s", full);
		bq_list_add(put, sizeof put, part);
	}
	if (rem >= 0) {
		msg_fmt(part, sizeof part, "%d in %c", left, bq_letter(rem));
		bq_list_add(put, sizeof put, part);
	}
	if (ngone > 0)
		msg_nfmt(erased, sizeof erased, (unsigned long)ngone,
		    "%s is erased", "%s are erased", gone);
	if (rem < 0 && left > 0)
		msg_nfmt(kept, sizeof kept, (unsigned long)left,
		    "%d stays in store", "%d stay in store", left);
	if (ngone > 0 && rem < 0 && left > 0)
		ev_emit(ev, VIS_ALL, "%s refills: %s; %s; %s.", who, put, erased,
		    kept);
	else if (ngone > 0)
		ev_emit(ev, VIS_ALL, "%s refills: %s; %s.", who, put, erased);
	else if (rem < 0 && left > 0)
		ev_emit(ev, VIS_ALL, "%s refills: %s; %s.", who, put, kept);
	else
		ev_emit(ev, VIS_ALL, "%s refills: %s.", who, put);
}

void
bq_refill(struct bq_state *st, int seat, unsigned mask, int rem,
    struct evsink *ev)
{
	char full[BQ_LIST] = "", gone[BQ_LIST] = "", letter[2] = "";
	int nfull = 0, ngone = 0, left;
	const char *who = st->seat[seat], *other = bq_other(st, seat);

	for (int h = seat * BQ_ROW; h < (seat + 1) * BQ_ROW; h++) {
		if (st->erased[h])
			continue;
		if (mask & (1u << h)) {
			st->board[h] = BQ_FULL;
			st->store[seat] -= BQ_FULL;
			letter[0] = bq_letter(h);
			if (ev != NULL)
				bq_list_add(full, sizeof full, letter);
			nfull++;
		} else if (h != rem) {
			st->erased[h] = 1;
			st->board[h] = 0;
			letter[0] = bq_letter(h);
			if (ev != NULL)
				bq_list_add(gone, sizeof gone, letter);
			ngone++;
		}
	}
	left = st->store[seat];
	if (rem >= 0) {
		st->board[rem] = left;
		st->store[seat] = 0;
	}
	/* A random playout keeps no narrative: build none. */
	if (ev != NULL && nfull == 0 && rem < 0) {
		char said[BQ_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)ngone,
		    "%s has nothing to refill with; %s is erased.",
		    "%s has nothing to refill with; %s are erased.", who, gone);
		ev_emit(ev, VIS_ALL, "%s", said);
	} else if (ev != NULL)
		refill_said(who, nfull, full, rem, left, ngone, gone, ev);
	if (ngone > 0 && bq_live(st, seat) == 0) {
		st->donkeys[seat] += 2;
		st->loser = seat;
		st->phase = BQ_PH_OVER;
		st->refill_seat = -1;
		ev_emit(ev, VIS_ALL, "%s has no hole left: %s owes %s two "
		    "donkeys and loses the match.", who, who, other);
	} else if (ngone >= 2) {
		st->donkeys[seat] += 1;
		ev_emit(ev, VIS_ALL, "%s erased %d holes at once and owes %s one "
		    "donkey.", who, ngone, other);
	}
}

void
bq_end_round(struct bq_state *st, const char *why, struct evsink *ev)
{
	int left[BQ_SEATS] = { 0, 0 }, lone = -1, pending = -1;

	for (int h = 0; h < BQ_HOLES; h++) {
		if (st->board[h] == 0)
			continue;
		left[bq_owner(h)] += st->board[h];
		st->store[bq_owner(h)] += st->board[h];
		lone = h;
		st->board[h] = 0;
	}
	ev_emit(ev, VIS_ALL, "Round %d ends: %s.", st->round, why);
	if (left[0] + left[1] == 1)
		ev_emit(ev, VIS_ALL, "The last counter, in %c, goes to %s.",
		    bq_letter(lone), st->seat[bq_owner(lone)]);
	else if (left[0] + left[1] > 1)
		ev_emit(ev, VIS_ALL, "The counters left on the board go to the "
		    "owners of their rows: %s %d, %s %d.", st->seat[0], left[0],
		    st->seat[1], left[1]);
	ev_emit(ev, VIS_ALL, "Stores: %s %d, %s %d.", st->seat[0],
	    st->store[0], st->seat[1], st->store[1]);

	if (st->store[0] > BQ_HALF)
		st->starter = 0;
	else if (st->store[1] > BQ_HALF)
		st->starter = 1;
	else
		st->starter = 1 - st->starter;
	st->phase = BQ_PH_REFILL;
	st->refill_seat = -1;
	st->sowing[0] = st->sowing[1] = -1;
	st->quiet = 0;
	st->rechoice = 0;

	/* Whoever has no choice refills first, so the one who must choose
	 * sees the finished other row. */
	/* A refill that ends the match ends the round's narrative too. */
	for (int s = 0; s < BQ_SEATS && st->phase != BQ_PH_OVER; s++) {
		unsigned mask;
		int rem;

		if (bq_refill_count(st, s, 2) > 1) {
			pending = s;
			continue;
		}
		bq_refill_default(st, s, &mask, &rem);
		bq_refill(st, s, mask, rem, ev);
	}
	if (st->phase == BQ_PH_OVER)
		return;
	if (pending >= 0) {
		char said[BQ_MSG];
		int full, rem;

		bq_refill_need(st, pending, &full, &rem);
		st->refill_seat = pending;
		/* A random playout keeps no narrative: build none. */
		if (ev == NULL)
			return;
		if (full == 0)
			msg_nfmt(said, sizeof said,
			    (unsigned long)st->store[pending],
			    "%s has %d counter, less than one hole of six, and "
			    "chooses the hole for them.",
			    "%s has %d counters, less than one hole of six, and "
			    "chooses the hole for them.",
			    st->seat[pending], st->store[pending]);
		else if (rem > 0)
			msg_nfmt(said, sizeof said, (unsigned long)full,
			    "%s has %d counters: %d hole of six and a remainder; "
			    "%s chooses where they go.",
			    "%s has %d counters: %d holes of six and a remainder; "
			    "%s chooses where they go.", st->seat[pending],
			    st->store[pending], full, st->seat[pending]);
		else
			msg_nfmt(said, sizeof said, (unsigned long)full,
			    "%s has %d counters: %d hole of six; %s chooses where "
			    "they go.",
			    "%s has %d counters: %d holes of six; %s chooses "
			    "where they go.", st->seat[pending],
			    st->store[pending], full, st->seat[pending]);
		ev_emit(ev, VIS_ALL, "%s", said);
		return;
	}
	bq_start_round(st, ev);
}
