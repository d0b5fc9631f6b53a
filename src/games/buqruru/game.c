/* The Buqruru rules table: setup, applying orders, who is waited for. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/buqruru/buqruru.h"

static const char *const hole_choices[] = { "sealed", "open", NULL };
static const char *const dir_choices[] = { "ccw", "cw", NULL };
static const char *const direction_choices[] = {
	"opposite", "shared-ccw", "shared-cw", NULL
};
static const char *const groups_choices[] = { "any", "divisors-1-4", NULL };
static const char *const chain_choices[] = {
	"after-last", "to-sowing-hole", NULL
};
static const char *const onoff_choices[] = { "on", "off", NULL };
static const char *const opening_choices[] = {
	"one-by-one", "each-one-by-one", "free", NULL
};
static const char *const sowing_hole_choices[] = {
	"whole-match", "per-round", NULL
};
static const char *const groups_when_choices[] = {
	"over-a-lap", "over-six", "always", NULL
};
static const char *const owner_limit_choices[] = { "none", "8", NULL };
static const char *const round_end_choices[] = {
	"new-holes", "both-empty", NULL
};

static const struct game_option bq_options[] = {
	{ "hole_choice", "sealed", hole_choices,
	  "sealed: both choose the sowing hole unseen; open: the first "
	  "player chooses, then the second, seeing it" },
	{ "first_direction", "ccw", dir_choices,
	  "the first seat's direction round the board seen from above "
	  "(with direction=opposite)" },
	{ "direction", "opposite", direction_choices,
	  "opposite: the players sow in opposite directions; shared-ccw, "
	  "shared-cw: both sow the same way" },
	{ "groups", "any", groups_choices,
	  "any: any group size; divisors-1-4: 1 to 4, dividing the counters "
	  "lifted" },
	{ "chain", "after-last", chain_choices,
	  "after-last: the chain needs the last hole taken and stops at an "
	  "odd hole; to-sowing-hole: every 2/4/6/8 hole back to the sowing "
	  "hole" },
	{ "owner_capture", "on", onoff_choices,
	  "on: a row's owner takes a hole raised from even to higher even" },
	{ "first", "", NULL,
	  "the seat that moves first in round 1 (default: the first seat)" },
	{ "opening", "one-by-one", opening_choices,
	  "one-by-one: the match's first sowing sows one by one (Bellin: "
	  "\"un par un en début de partie\"); each-one-by-one: each player's "
	  "first sowing; free: any group size from the start" },
	{ "sowing_hole", "whole-match", sowing_hole_choices,
	  "whole-match: chosen once, again only when it is erased (Bellin: "
	  "\"tout au long de la partie\"); per-round: each player chooses a "
	  "sowing hole every round" },
	{ "groups_when", "over-a-lap", groups_when_choices,
	  "groups of more than one only from a sowing hole holding a large "
	  "number (Bellin: \"si sa case de départ renferme un grand nombre de "
	  "pions\"): over-a-lap: more than the holes of one lap; over-six: "
	  "more than six; always: any number" },
	{ "owner_limit", "none", owner_limit_choices,
	  "none: the owner's capture takes any even number (Bellin: \"au "
	  "nombre pair supérieur\"); 8: only 2, 4, 6 or 8" },
	{ "round_end", "new-holes", round_end_choices,
	  "new-holes: when both sowing holes are empty, the players choose new "
	  "ones for the rest of the round; both-empty: the round ends then" },
	{ NULL, NULL, NULL, NULL }
};

/* The index of the option's value in choices. A game stored before the
 * option existed has none and keeps the rule it was played under: absent. */
static int
pick(const struct optset *o, const char *name, const char *const *choices,
    const char *absent, struct diag *d)
{
	const char *v = opt_get(o, name);

	if (v == NULL)
		v = absent;
	for (int i = 0; choices[i] != NULL; i++)
		if (strcmp(v, choices[i]) == 0)
			return i;
	return diag_set(d, 0, "option %s: \"%s\" is not allowed", name, v);
}

static int
bq_setup(void *vst, int nseats, const char names[][SEAT_NAME],
    const struct optset *o, uint64_t seed, struct evsink *ev,
    struct diag *d)
{
	struct bq_state *st = vst, s;
	const char *first;
	int v[11];

	if (nseats != BQ_SEATS)
		return diag_set(d, 0, "Buqruru is played by exactly 2 players, "
		    "not %d", nseats);
	memset(&s, 0, sizeof s);
	for (int i = 0; i < BQ_SEATS; i++) {
		if (names[i][0] == '\0')
			return diag_set(d, 0, "every seat needs a name");
		snprintf(s.seat[i], sizeof s.seat[i], "%.*s", SEAT_NAME - 1,
		    names[i]);
	}
	if (strcasecmp(s.seat[0], s.seat[1]) == 0)
		return diag_set(d, 0, "the two seats need different names");
	if ((v[0] = pick(o, "hole_choice", hole_choices, "sealed", d)) < 0 ||
	    (v[1] = pick(o, "first_direction", dir_choices, "ccw", d)) < 0 ||
	    (v[2] = pick(o, "direction", direction_choices, "opposite", d)) < 0 ||
	    (v[3] = pick(o, "groups", groups_choices, "any", d)) < 0 ||
	    (v[4] = pick(o, "chain", chain_choices, "after-last", d)) < 0 ||
	    (v[5] = pick(o, "owner_capture", onoff_choices, "on", d)) < 0 ||
	    (v[6] = pick(o, "opening", opening_choices, "one-by-one", d)) < 0 ||
	    (v[7] = pick(o, "sowing_hole", sowing_hole_choices, "per-round",
	    d)) < 0 ||
	    (v[8] = pick(o, "groups_when", groups_when_choices, "always",
	    d)) < 0 ||
	    (v[9] = pick(o, "owner_limit", owner_limit_choices, "8", d)) < 0 ||
	    (v[10] = pick(o, "round_end", round_end_choices, "both-empty",
	    d)) < 0)
		return -1;
	s.opening = v[6];
	s.hole_keep = v[7] == 0 ? BQ_HOLE_MATCH : BQ_HOLE_ROUND;
	s.groups_when = v[8];
	s.owner_limit = v[9] == 1 ? BQ_CAPTURE_MAX : 0;
	s.round_end = v[10] == 0 ? BQ_END_NEW_HOLES : BQ_END_BOTH_EMPTY;
	s.kept[0] = s.kept[1] = -1;
	s.hole_choice = v[0];
	s.first_dir = v[1] == 0 ? 1 : -1;
	s.direction = v[2];
	s.groups = v[3];
	s.chain = v[4];
	s.owner_capture = v[5] == 0;
	switch (s.direction) {
	case BQ_DIR_OPPOSITE:
		s.dir[0] = s.first_dir;
		s.dir[1] = -s.first_dir;
		break;
	case BQ_DIR_SHARED_CCW:
		s.dir[0] = s.dir[1] = 1;
		break;
	default:
		s.dir[0] = s.dir[1] = -1;
		break;
	}
	first = opt_get(o, "first");
	s.first = 0;
	if (first != NULL && first[0] != '\0') {
		if (strcasecmp(first, s.seat[0]) == 0)
			s.first = 0;
		else if (strcasecmp(first, s.seat[1]) == 0)
			s.first = 1;
		else
			return diag_set(d, 0, "option first: \"%s\" is not a seat "
			    "of this game; the seats are %s and %s", first,
			    s.seat[0], s.seat[1]);
	}
	rng_seed(&s.rng, seed);
	for (int h = 0; h < BQ_HOLES; h++)
		s.board[h] = BQ_FULL;
	s.loser = -1;
	s.refill_seat = -1;
	s.starter = s.first;
	s.sowing[0] = s.sowing[1] = -1;
	{
		char d0[64], d1[64];

		ev_emit(ev, VIS_ALL, "Buqruru: %s (bottom row, a to d) sows %s, "
		    "%s (top row, e to h) sows %s.", s.seat[0],
		    bq_dir_name(s.dir[0], d0, sizeof d0), s.seat[1],
		    bq_dir_name(s.dir[1], d1, sizeof d1));
	}
	bq_start_round(&s, ev);
	bq_advance(&s, ev);
	memcpy(st, &s, sizeof s);
	return 0;
}

/* kind is the order the player tried (BQ_HOLE, BQ_SOW, BQ_REFILL). */
static int
not_now(const struct bq_state *st, int seat, int kind, struct diag *d)
{
	int row[BQ_ROW];
	char doing[64];

	if (kind == BQ_SOW)
		msg_fmt(doing, sizeof doing, "sow");
	else if (kind == BQ_REFILL)
		msg_fmt(doing, sizeof doing, "refill");
	else
		msg_fmt(doing, sizeof doing, "choose a sowing hole");

	switch (st->phase) {
	case BQ_PH_HOLE:
		if (bq_waited(st, seat) && bq_row(st, seat, row) > 0)
			return diag_set(d, 0, "you cannot %s now: choose your "
			    "sowing hole first, e.g. \"%s %c\"", doing,
			    ORDER("buqruru", "HOLE"), bq_letter(row[0]));
		return diag_set(d, 0, "you cannot %s now: the sowing holes of "
		    "round %d are being chosen", doing, st->round);
	case BQ_PH_SOW:
		if (st->turn == seat)
			return diag_set(d, 0, "you cannot %s now: it is your turn "
			    "to sow from hole %c, e.g. \"%s\"", doing,
			    bq_letter(st->sowing[seat]), ORDER("buqruru", "SOW"));
		return diag_set(d, 0, "it is not your turn: %s is to sow from "
		    "hole %c", st->seat[st->turn],
		    bq_letter(st->sowing[st->turn]));
	case BQ_PH_REFILL:
		if (st->refill_seat == seat) {
			struct order o;

			bq_default_order(st, seat, &o);
			return diag_set(d, 0, "you cannot %s now: round %d is over "
			    "and you must first refill your row, e.g. \"%s\"",
			    doing, st->round, o.text);
		}
		return diag_set(d, 0, "you cannot %s now: round %d is over and "
		    "%s is choosing how to refill", doing, st->round,
		    st->seat[st->refill_seat]);
	default:
		return diag_set(d, 0, "the match is over; no more orders are "
		    "taken");
	}
}

static int
apply_refill(struct bq_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	unsigned mask = 0;
	int rem = o->nargs > 0 ? o->arg[0] : -1;

	if (st->phase != BQ_PH_REFILL || st->refill_seat != seat)
		return not_now(st, seat, BQ_REFILL, d);
	if (o->nargs < 1 || rem < -1 || rem >= BQ_HOLES)
		return diag_set(d, 0, "this refill order is malformed");
	for (int i = 1; i < o->nargs; i++) {
		if (o->arg[i] < 0 || o->arg[i] >= BQ_HOLES)
			return diag_set(d, 0, "this refill order is malformed");
		mask |= 1u << o->arg[i];
	}
	if (bq_refill_ok(st, seat, mask, rem, d) < 0)
		return -1;
	bq_refill(st, seat, mask, rem, ev);
	if (st->phase != BQ_PH_OVER)
		bq_start_round(st, ev);
	return 0;
}

/* Every check comes before the first change, so an error leaves st as it
 * was and emits nothing. */
static int
bq_apply(void *vst, int seat, const struct order *o, struct evsink *ev,
    struct diag *d)
{
	struct bq_state *st = vst;
	struct bq_sowing sw;

	if (seat < 0 || seat >= BQ_SEATS)
		return diag_set(d, 0, "there is no such seat");
	if (st->phase == BQ_PH_OVER)
		return diag_set(d, 0, "the match is over; no more orders are "
		    "taken");
	switch (o->kind) {
	case BQ_HOLE:
		if (st->phase != BQ_PH_HOLE)
			return not_now(st, seat, BQ_HOLE, d);
		if (o->nargs != 1)
			return diag_set(d, 0, "this %s order is malformed",
			    ORDER("buqruru", "HOLE"));
		if (bq_hole_check(st, seat, o->arg[0], d) < 0)
			return -1;
		bq_choose_hole(st, seat, o->arg[0], ev);
		break;
	case BQ_SOW:
		if (st->phase != BQ_PH_SOW || st->turn != seat)
			return not_now(st, seat, BQ_SOW, d);
		if (bq_plan(st, seat, o->arg, o->nargs, &sw, d) < 0)
			return -1;
		bq_commit(st, &sw, 0, ev);
		break;
	case BQ_REFILL:
		if (apply_refill(st, seat, o, ev, d) < 0)
			return -1;
		break;
	default:
		return diag_set(d, 0, "unknown order; Buqruru orders are %s, "
		    "%s and %s", ORDER("buqruru", "HOLE"), ORDER("buqruru", "SOW"),
		    ORDER("buqruru", "REFILL"));
	}
	bq_advance(st, ev);
	return 0;
}

static void
bq_result(const struct bq_state *st, char *out, size_t len)
{
	int w;

	if (st->phase != BQ_PH_OVER) {
		snprintf(out, len, "%s", "");
		return;
	}
	if (st->loser < 0) {
		msg_nfmt(out, len, (unsigned long)st->round,
		    "The match ends after %d round, the most the referee plays. "
		    "Donkeys owed: %s %d, %s %d.",
		    "The match ends after %d rounds, the most the referee plays. "
		    "Donkeys owed: %s %d, %s %d.", st->round,
		    st->seat[0], st->donkeys[0], st->seat[1], st->donkeys[1]);
		return;
	}
	w = 1 - st->loser;
	msg_fmt(out, len, "%s wins the match: %s has no hole left. Donkeys "
	    "owed: %s %d, %s %d.", st->seat[w], st->seat[st->loser],
	    st->seat[0], st->donkeys[0], st->seat[1], st->donkeys[1]);
}

/* The decision as every reader sees it (mine == 0, third person) or as the
 * seat itself reads it (mine == 1, spoken to it). */
static void
bq_waiting_what(const struct bq_state *st, int seat, int mine, char *out,
    size_t len)
{
	struct buf b = BUF_INIT;
	char head[128], tail[BQ_LIST];
	int full, rem, from, n;
	int sealed = st->hole_choice == BQ_SEALED;

	switch (st->phase) {
	case BQ_PH_HOLE:
		bq_holes_text(st, seat, &b);
		if (mine && sealed)
			msg_fmt(out, len, "choose your sowing hole: %s (sealed)", b.p);
		else if (mine)
			msg_fmt(out, len, "choose your sowing hole: %s", b.p);
		else if (sealed)
			msg_fmt(out, len, "choosing a sowing hole: %s (sealed)", b.p);
		else
			msg_fmt(out, len, "choosing a sowing hole: %s", b.p);
		break;
	case BQ_PH_SOW:
		from = st->sowing[seat];
		n = st->board[from];
		if (mine)
			msg_nfmt(out, len, (unsigned long)n,
			    "sow from hole %c (%d counter)",
			    "sow from hole %c (%d counters)", bq_letter(from), n);
		else
			msg_nfmt(out, len, (unsigned long)n,
			    "sowing from hole %c (%d counter)",
			    "sowing from hole %c (%d counters)", bq_letter(from), n);
		break;
	case BQ_PH_REFILL:
		bq_refill_need(st, seat, &full, &rem);
		if (mine)
			msg_fmt(head, sizeof head, "refill your row");
		else
			msg_fmt(head, sizeof head, "refilling the row");
		n = st->store[seat];
		if (full == 0)
			msg_nfmt(tail, sizeof tail, (unsigned long)n,
			    "%d counter for one hole", "%d counters for one hole", n);
		else if (rem > 0)
			msg_nfmt(tail, sizeof tail, (unsigned long)full,
			    "%d counters make %d hole of six and %d over",
			    "%d counters make %d holes of six and %d over", n,
			    full, rem);
		else
			msg_nfmt(tail, sizeof tail, (unsigned long)full,
			    "%d counters make %d hole of six",
			    "%d counters make %d holes of six", n, full);
		msg_fmt(out, len, "%s: %s", head, tail);
		break;
	default:
		out[0] = '\0';
		break;
	}
	buf_free(&b);
}

static void
bq_waiting_for(const void *vst, struct pending *p)
{
	const struct bq_state *st = vst;
	static const char *const kinds[] = {
		[BQ_PH_HOLE] = "hole", [BQ_PH_SOW] = "sowing",
		[BQ_PH_REFILL] = "refill"
	};

	memset(p, 0, sizeof *p);
	if (st->phase == BQ_PH_OVER) {
		p->over = 1;
		bq_result(st, p->result, sizeof p->result);
		return;
	}
	for (int s = 0; s < BQ_SEATS; s++) {
		if (!bq_waited(st, s))
			continue;
		p->seats |= 1u << s;
		snprintf(p->kind[s], sizeof p->kind[s], "%s", kinds[st->phase]);
		bq_waiting_what(st, s, 0, p->what[s], sizeof p->what[s]);
		bq_waiting_what(st, s, 1, p->own[s], sizeof p->own[s]);
	}
}

static const char *const bq_kinds[] = { "hole", "sowing", "refill", NULL };

const struct game_rules buqruru_rules = {
	.name = "buqruru",
	.title = "Buqruru",
	.min_seats = BQ_SEATS,
	.max_seats = BQ_SEATS,
	.options = bq_options,
	.decision_kinds = bq_kinds,
	.state_size = sizeof(struct bq_state),
	.load = NULL,
	.setup = bq_setup,
	.parse = bq_parse,
	.apply = bq_apply,
	.waiting_for = bq_waiting_for,
	.legal = bq_legal,
	.order_text = bq_format,
	.default_order = bq_default_order,
	.view = bq_view,
	.order_spot = bq_order_spot,
	.secrets = bq_secrets,
	.redeal = bq_redeal,
	.reward = bq_reward,
	.serialize = bq_serialize,
	.check = bq_check,
	.order_meanings = "refill_choices",
};
