/* One sowing: lifting, laps, captures, and the turns that follow. */
#include <stdio.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

int
bq_group_ok(const struct bq_state *st, int lifted, int k)
{
	if (k < 1 || k > lifted)
		return 0;
	if (k > 1 && !bq_large(st, lifted))
		return 0;
	if (st->groups == BQ_GROUPS_DIV)
		return k <= 4 && lifted % k == 0;
	return 1;
}

/* The sowing as an order (ORDER), quoted in the reader's order words. */
static void
sizes_text(struct buf *b, const int *k, int nk)
{
	buf_adds(b, ORDER("buqruru", "SOW"));
	for (int i = 0; i < nk; i++)
		buf_printf(b, " %d", k[i]);
}

static int
bad_size(const struct bq_state *st, const struct bq_sowing *sw, int k,
    struct diag *d)
{
	struct buf b = BUF_INIT;
	char ok[BQ_LIST] = "", num[16];
	int best = 1;

	sizes_text(&b, sw->k, sw->nk);
	if (st->groups == BQ_GROUPS_DIV) {
		for (int i = 1; i <= 4; i++)
			if (bq_group_ok(st, sw->lifted, i)) {
				snprintf(num, sizeof num, "%d", i);
				bq_list_add(ok, sizeof ok, num);
				best = i;
			}
		diag_set(d, 0, "\"%s\": with groups=divisors-1-4 a group must "
		    "hold 1 to 4 counters and divide the %d you lift (%d does "
		    "not); you may use %s; try \"%s %d\"", b.p, sw->lifted, k,
		    ok, ORDER("buqruru", "SOW"), best);
	} else if (sw->lifted == 1)
		diag_set(d, 0, "\"%s\": you lift only 1 counter from hole %c; "
		    "try \"%s\"", b.p, bq_letter(sw->from), ORDER("buqruru", "SOW"));
	else
		diag_set(d, 0, "\"%s\": you lift only %d counters from hole %c, "
		    "so a group holds at most %d; try \"%s %d\"", b.p,
		    sw->lifted, bq_letter(sw->from), sw->lifted, ORDER("buqruru", "SOW"),
		    sw->lifted);
	buf_free(&b);
	return -1;
}

/* Groups need "un grand nombre de pions" in the sowing hole. */
static int
small_hole(const struct bq_state *st, const struct bq_sowing *sw, int k,
    struct diag *d)
{
	char said[BQ_MSG];
	int most = BQ_FULL;

	if (st->groups_when == BQ_LARGE_OVER_LAP) {
		most = 0;
		for (int h = 0; h < BQ_HOLES; h++)
			most += !st->erased[h];
	}
	msg_nfmt(said, sizeof said, (unsigned long)sw->lifted,
	    "%s %d: hole %c holds only %d counter, and groups of more than "
	    "one need more than %d (Bellin: \"si sa case de départ renferme "
	    "un grand nombre de pions\"); send \"%s\"",
	    "%s %d: hole %c holds only %d counters, and groups of more than "
	    "one need more than %d (Bellin: \"si sa case de départ renferme "
	    "un grand nombre de pions\"); send \"%s\"", ORDER("buqruru", "SOW"),
	    k, bq_letter(sw->from), sw->lifted, most, ORDER("buqruru", "SOW"));
	return diag_set(d, 0, "%s", said);
}

static void
captures(const struct bq_state *st, struct bq_sowing *sw)
{
	int back = -st->dir[sw->seat];
	const int *a = sw->after;

	if (bq_capturable(a[sw->last])) {
		sw->mover[sw->last] = a[sw->last];
		sw->last_taken = 1;
	}
	/* Walking back stops on reaching the sowing hole, so the chain
	 * never runs past it, even when the last counter fell there. */
	if (st->chain == BQ_CHAIN_TO_SOWING || sw->last_taken) {
		for (int h = bq_step(st, back, sw->last); h != sw->from;
		    h = bq_step(st, back, h)) {
			if (st->chain == BQ_CHAIN_AFTER_LAST && a[h] % 2 != 0)
				break;
			if (bq_capturable(a[h])) {
				sw->mover[h] = a[h];
				sw->chain[sw->nchain++] = h;
			}
		}
	}
	if (!st->owner_capture)
		return;
	for (int h = 0; h < BQ_HOLES; h++) {
		int b = sw->before[h];

		if (st->erased[h] || sw->mover[h] != 0)
			continue;
		if (b % 2 == 0 && a[h] % 2 == 0 && a[h] > b &&
		    (st->owner_limit == 0 || a[h] <= st->owner_limit))
			sw->owner[h] = a[h];
	}
}

/* Works out the whole sowing of seat with group sizes k (nk 0: one by
 * one; the last size given holds for the laps after it) without changing
 * st. Errors say what was wrong with the sizes. */
int
bq_plan(const struct bq_state *st, int seat, const int *k, int nk,
    struct bq_sowing *sw, struct diag *d)
{
	int hand, pos, cnt = 0, lap = 0, loop = 0;

	memset(sw, 0, sizeof *sw);
	if (nk < 0 || nk > BQ_MAX_SIZES)
		return diag_set(d, 0, "give at most %d group sizes", BQ_MAX_SIZES);
	sw->seat = seat;
	sw->from = st->sowing[seat];
	sw->nk = nk;
	for (int i = 0; i < nk; i++)
		sw->k[i] = k[i];
	if (sw->from < 0)
		return diag_set(d, 0, "you have no sowing hole yet");
	sw->lifted = st->board[sw->from];
	if (sw->lifted == 0)
		return diag_set(d, 0, "your sowing hole %c is empty",
		    bq_letter(sw->from));
	for (int i = 0; i < nk; i++)
		if (k[i] > 1 && !bq_large(st, sw->lifted))
			return small_hole(st, sw, k[i], d);
	for (int i = 0; i < nk; i++)
		if (!bq_group_ok(st, sw->lifted, k[i]))
			return bad_size(st, sw, k[i], d);
	for (int i = 0; i < nk; i++)
		if (k[i] != 1 && bq_opening(st, seat)) {
			if (st->opening == BQ_OPEN_EACH)
				return diag_set(d, 0, "%s %d: the match opens one "
				    "by one (Bellin: \"un par un en début de "
				    "partie\"), so your first sowing sows one "
				    "counter at a time; send \"%s\"", ORDER("buqruru", "SOW"), k[i],
				    ORDER("buqruru", "SOW"));
			return diag_set(d, 0, "%s %d: the match opens one by one "
			    "(Bellin: \"un par un en début de partie\"), so "
			    "the first sowing sows one counter at a time; send "
			    "\"%s\"", ORDER("buqruru", "SOW"), k[i], ORDER("buqruru", "SOW"));
		}

	for (int h = 0; h < BQ_HOLES; h++) {
		sw->before[h] = sw->after[h] = st->board[h];
		loop += !st->erased[h];
	}
	hand = sw->lifted;
	sw->after[sw->from] = 0;
	pos = sw->from;
	while (hand > 0) {
		int size = nk == 0 ? 1 : k[lap < nk ? lap : nk - 1];
		int drop = size < hand ? size : hand;

		if (cnt == 0)
			sw->laps++;
		pos = bq_step(st, st->dir[seat], pos);
		sw->after[pos] += drop;
		hand -= drop;
		if (++cnt == loop) {
			cnt = 0;
			lap++;
		}
	}
	sw->last = pos;
	if (nk > sw->laps) {
		struct buf b = BUF_INIT;
		char said[BQ_MSG];

		sizes_text(&b, k, nk);
		msg_nfmt(said, sizeof said, (unsigned long)sw->laps,
		    "\"%s\": sown this way your %d counters make only %d lap, "
		    "so give at most %d group size",
		    "\"%s\": sown this way your %d counters make only %d laps, "
		    "so give at most %d group sizes", b.p, sw->lifted, sw->laps,
		    sw->laps);
		diag_set(d, 0, "%s", said);
		buf_free(&b);
		return -1;
	}
	captures(st, sw);
	return 0;
}

/* "one by one, then 2 by 2", as a message. */
static void
groups_text(char *out, size_t n, const struct bq_sowing *sw)
{
	char one[64], tmp[BQ_LIST];
	int same = 1;

	out[0] = '\0';
	for (int i = 1; i < sw->nk && i < sw->laps; i++)
		if (sw->k[i] != sw->k[0])
			same = 0;
	for (int i = 0; i < (same ? 1 : sw->laps); i++) {
		int k = sw->nk == 0 ? 1 : sw->k[i < sw->nk ? i : sw->nk - 1];

		if (k == 1)
			msg_fmt(one, sizeof one, "one by one");
		else
			msg_fmt(one, sizeof one, "%d by %d", k, k);
		if (i > 0)
			msg_fmt(tmp, sizeof tmp, "%s, then %s", out, one);
		else
			snprintf(tmp, sizeof tmp, "%s", one);
		snprintf(out, n, "%s", tmp);
	}
}

static void
narrate(const struct bq_state *st, const struct bq_sowing *sw, int forced,
    struct evsink *ev)
{
	const char *who = st->seat[sw->seat];
	char list[BQ_LIST], item[64], groups[BQ_LIST];

	/* A random playout keeps no narrative: build none. */
	if (ev == NULL)
		return;
	if (sw->lifted == 1)
		ev_emit(ev, VIS_ALL, "%s sows the only counter of hole %c; the "
		    "last falls in %c, which now holds %d.", who,
		    bq_letter(sw->from), bq_letter(sw->last),
		    sw->after[sw->last]);
	else {
		groups_text(groups, sizeof groups, sw);
		if (forced)
			ev_emit(ev, VIS_ALL, "%s sows the %d counters of hole %c "
			    "%s (the only way allowed); the last falls in %c, "
			    "which now holds %d.", who, sw->lifted,
			    bq_letter(sw->from), groups, bq_letter(sw->last),
			    sw->after[sw->last]);
		else
			ev_emit(ev, VIS_ALL, "%s sows the %d counters of hole %c "
			    "%s; the last falls in %c, which now holds %d.", who,
			    sw->lifted, bq_letter(sw->from), groups,
			    bq_letter(sw->last), sw->after[sw->last]);
	}

	if (sw->last_taken) {
		char said[BQ_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)sw->mover[sw->last],
		    "%s takes the %d counter of %c, where the last one fell.",
		    "%s takes the %d counters of %c, where the last one fell.",
		    who, sw->mover[sw->last], bq_letter(sw->last));
		ev_emit(ev, VIS_ALL, "%s", said);
	}
	if (sw->nchain > 0) {
		list[0] = '\0';
		for (int i = 0; i < sw->nchain; i++) {
			msg_fmt(item, sizeof item, "%d from %c",
			    sw->mover[sw->chain[i]], bq_letter(sw->chain[i]));
			bq_list_add(list, sizeof list, item);
		}
		ev_emit(ev, VIS_ALL, "Going back along the sowing %s also "
		    "takes %s.", who, list);
	}
	for (int s = 0; s < BQ_SEATS; s++) {
		list[0] = '\0';
		for (int h = s * BQ_ROW; h < (s + 1) * BQ_ROW; h++)
			if (sw->owner[h] > 0) {
				msg_fmt(item, sizeof item, "%d from %c",
				    sw->owner[h], bq_letter(h));
				bq_list_add(list, sizeof list, item);
			}
		if (list[0] != '\0')
			ev_emit(ev, VIS_ALL, "Owner's capture: %s takes %s.",
			    st->seat[s], list);
	}
}

void
bq_commit(struct bq_state *st, const struct bq_sowing *sw, int forced,
    struct evsink *ev)
{
	int took = 0;

	narrate(st, sw, forced, ev);
	for (int h = 0; h < BQ_HOLES; h++) {
		st->board[h] = sw->after[h] - sw->mover[h] - sw->owner[h];
		st->store[sw->seat] += sw->mover[h];
		st->store[bq_owner(h)] += sw->owner[h];
		took += sw->mover[h] + sw->owner[h];
	}
	st->quiet = took > 0 ? 0 : st->quiet + 1;
	st->sown++;
	st->turn = 1 - sw->seat;
	st->opened[sw->seat] = 1;
}

/* Whether seat's next sowing must go one by one (option opening). */
int
bq_opening(const struct bq_state *st, int seat)
{
	switch (st->opening) {
	case BQ_OPEN_FIRST:
		return !st->opened[0] && !st->opened[1];
	case BQ_OPEN_EACH:
		return !st->opened[seat];
	default:
		return 0;
	}
}

/* Whether seat, to sow now, may choose a group size other than one. */
int
bq_sizes(const struct bq_state *st, int seat)
{
	int n = st->board[st->sowing[seat]];

	if (bq_opening(st, seat))
		return 0;
	for (int k = 2; k <= n; k++)
		if (bq_group_ok(st, n, k))
			return 1;
	return 0;
}

/* The seat to sow has exactly one way to do it. The one-by-one opening
 * does not count: the player still sows it (and learns the rule by it).
 * Nor does a round's first sowing: with a sowing hole kept from round to
 * round and six counters in it, a whole round, and the next, could
 * otherwise play itself, and a match without a decision need not end. */
int
bq_forced(const struct bq_state *st)
{
	int n, ways = 0;

	if (st->phase != BQ_PH_SOW || (st->sown == 0 && !bq_legacy(st)))
		return 0;
	n = st->board[st->sowing[st->turn]];
	for (int k = 1; k <= n && ways < 2; k++)
		ways += bq_group_ok(st, n, k);
	return ways == 1;
}

static int
round_over(struct bq_state *st, struct evsink *ev)
{
	char why[128] = "";
	int n = bq_on_board(st), end = 1;

	/* A random playout keeps no narrative: the reason is not formatted. */
	if (n == 0) {
		if (ev != NULL)
			msg_fmt(why, sizeof why, "every counter on the board has "
			    "been captured");
	} else if (n == 1) {
		if (ev != NULL)
			msg_fmt(why, sizeof why, "only one counter is left on the "
			    "board");
	} else if (st->board[st->sowing[0]] == 0 &&
	    st->board[st->sowing[1]] == 0 && st->round_end == BQ_END_NEW_HOLES) {
		bq_new_holes(st, ev);
		return 1;
	} else if (st->board[st->sowing[0]] == 0 &&
	    st->board[st->sowing[1]] == 0) {
		if (ev != NULL)
			msg_fmt(why, sizeof why, "both sowing holes are empty");
	} else if (st->quiet >= BQ_QUIET) {
		if (ev != NULL)
			msg_fmt(why, sizeof why, "%d sowings in a row have "
			    "captured nothing", BQ_QUIET);
	} else
		end = 0;
	if (end)
		bq_end_round(st, why, ev);
	return end;
}

/* Runs everything that needs no decision: round ends, missed turns and
 * sowings with one way only. Each round begins with a real choice (the
 * first mover holds a full row), and a round without captures ends after
 * BQ_QUIET sowings, so this always stops. */
void
bq_advance(struct bq_state *st, struct evsink *ev)
{
	struct bq_sowing sw;

	while (st->phase == BQ_PH_SOW) {
		if (round_over(st, ev))
			continue;
		if (st->board[st->sowing[st->turn]] == 0) {
			ev_emit(ev, VIS_ALL, "%s misses the turn: sowing hole %c "
			    "is empty.", st->seat[st->turn],
			    bq_letter(st->sowing[st->turn]));
			st->turn = 1 - st->turn;
		}
		if (!bq_forced(st))
			return;
		if (bq_plan(st, st->turn, NULL, 0, &sw, NULL) < 0)
			return;
		bq_commit(st, &sw, 1, ev);
	}
}
