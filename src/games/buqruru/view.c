/* What one viewer may see, as a value tree for the report templates.
 * Strings come pre-padded so a template draws a board that lines up in a
 * fixed-width mail client without any arithmetic of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

#define CELL 6		/* characters inside one cell of the grid */

/* A sealed choice stays hidden from everyone but its maker until both
 * have chosen; a choice forced by a single hole was announced already. */
static int
sowing_visible(const struct bq_state *st, int seat, int viewer)
{
	if (st->sowing[seat] < 0)
		return 0;
	if (st->phase != BQ_PH_HOLE || st->hole_choice == BQ_OPEN)
		return 1;
	return viewer == seat || viewer == VIEW_ALL || bq_live(st, seat) == 1;
}

/* A choice still hidden from the other player. */
static int
sealed(const struct bq_state *st, int seat)
{
	return st->phase == BQ_PH_HOLE && st->hole_choice == BQ_SEALED &&
	    st->sowing[seat] >= 0 && bq_live(st, seat) != 1;
}

static void
cell(struct buf *b, const struct bq_state *st, int h, int viewer)
{
	int s = bq_owner(h);

	if (st->erased[h])
		buf_adds(b, "  xx  ");
	else if (st->sowing[s] == h && sowing_visible(st, s, viewer))
		buf_printf(b, " [%2d] ", st->board[h]);
	else
		buf_printf(b, "  %2d  ", st->board[h]);
}

static void
board_lines(const struct bq_state *st, int viewer, struct tval *list)
{
	static const int top[BQ_ROW] = { 7, 6, 5, 4 };
	static const int bottom[BQ_ROW] = { 0, 1, 2, 3 };
	const int *rows[2] = { top, bottom };
	struct buf b = BUF_INIT, rule = BUF_INIT;

	buf_addc(&rule, '+');
	for (int i = 0; i < BQ_ROW; i++)
		buf_adds(&rule, "------+");

	for (int i = 0; i < BQ_ROW; i++)
		buf_printf(&b, "%*c", i == 0 ? CELL / 2 + 2 : CELL + 1,
		    bq_letter(top[i]));
	tval_set_str(tval_push_map(list), "line", b.p);
	for (int r = 0; r < 2; r++) {
		tval_set_str(tval_push_map(list), "line", rule.p);
		buf_reset(&b);
		buf_addc(&b, '|');
		for (int i = 0; i < BQ_ROW; i++) {
			cell(&b, st, rows[r][i], viewer);
			buf_addc(&b, '|');
		}
		tval_set_str(tval_push_map(list), "line", b.p);
	}
	tval_set_str(tval_push_map(list), "line", rule.p);
	buf_reset(&b);
	for (int i = 0; i < BQ_ROW; i++)
		buf_printf(&b, "%*c", i == 0 ? CELL / 2 + 2 : CELL + 1,
		    bq_letter(bottom[i]));
	tval_set_str(tval_push_map(list), "line", b.p);
	buf_free(&b);
	buf_free(&rule);
}

/* The holes as data for the board picture: row 0 is the top row as drawn,
 * col 0 its left end; the sowing hole only where the text board marks it. */
static void
pits(const struct bq_state *st, int viewer, struct tval *list)
{
	static const int rows[2][BQ_ROW] = { { 7, 6, 5, 4 }, { 0, 1, 2, 3 } };

	for (int r = 0; r < 2; r++)
		for (int i = 0; i < BQ_ROW; i++) {
			int h = rows[r][i], s = bq_owner(h);
			struct tval *m = tval_push_map(list);

			tval_set_strf(m, "hole", "%c", bq_letter(h));
			tval_set_int(m, "count", st->board[h]);
			tval_set_bool(m, "erased", st->erased[h]);
			tval_set_bool(m, "sowing", st->sowing[s] == h &&
			    sowing_visible(st, s, viewer));
			tval_set_int(m, "seat", s);
			tval_set_int(m, "row", r);
			tval_set_int(m, "col", i);
		}
}

static void
player(const struct bq_state *st, int s, int viewer, struct tval *m)
{
	struct buf b = BUF_INIT, path = BUF_INIT;
	int vis = sowing_visible(st, s, viewer), from;
	char dir[64], said[BQ_MSG];

	bq_dir_name(st->dir[s], dir, sizeof dir);
	tval_set_str(m, "name", st->seat[s]);
	tval_set_bool(m, "you", viewer == s);
	tval_set_int(m, "store", st->store[s]);
	tval_set_int(m, "donkeys", st->donkeys[s]);
	tval_set_str(m, "dir", dir);
	tval_set_bool(m, "ccw", st->dir[s] > 0);
	tval_set_int(m, "seat_index", s);
	tval_set_str(m, "row", s == 0 ? TERM("buqruru.row.bottom") :
	    TERM("buqruru.row.top"));
	bq_holes_text(st, s, &b);
	tval_set_str(m, "holes", b.p);
	buf_reset(&b);

	if (vis) {
		from = st->sowing[s];
		tval_set_strf(m, "sowing", "%c", bq_letter(from));
		for (int h = bq_step(st, st->dir[s], from), n = 0;
		    n < BQ_HOLES; h = bq_step(st, st->dir[s], h), n++) {
			buf_printf(&path, "%s%c", n ? " " : "", bq_letter(h));
			if (h == from)
				break;
		}
		tval_set_str(m, "path", path.p);
		/* "sealed hole c" is what the leak test looks for. */
		if (sealed(st, s))
			msg_fmt(said, sizeof said, "sows %s from sealed hole %c: %s",
			    dir, bq_letter(from), path.p);
		else
			msg_fmt(said, sizeof said, "sows %s from %c: %s", dir,
			    bq_letter(from), path.p);
	} else {
		tval_set_str(m, "sowing", "");
		tval_set_str(m, "path", "");
		if (st->phase == BQ_PH_REFILL)
			msg_fmt(said, sizeof said, "sows %s; sowing hole chosen "
			    "next round", dir);
		else if (st->phase != BQ_PH_HOLE)
			msg_fmt(said, sizeof said, "sows %s", dir);
		else if (st->sowing[s] >= 0)
			msg_fmt(said, sizeof said, "sows %s; sowing hole chosen, "
			    "sealed", dir);
		else
			msg_fmt(said, sizeof said, "sows %s; sowing hole not chosen "
			    "yet", dir);
	}
	tval_set_str(m, "dirline", said);
	if (viewer == s)
		msg_nfmt(said, sizeof said, (unsigned long)st->donkeys[s],
		    "%s (you): store %d, owes %d donkey",
		    "%s (you): store %d, owes %d donkeys", st->seat[s],
		    st->store[s], st->donkeys[s]);
	else
		msg_nfmt(said, sizeof said, (unsigned long)st->donkeys[s],
		    "%s: store %d, owes %d donkey", "%s: store %d, owes %d donkeys",
		    st->seat[s], st->store[s], st->donkeys[s]);
	tval_set_str(m, "headline", said);
	buf_free(&b);
	buf_free(&path);
}

static void
status(const struct bq_state *st, int viewer, struct tval *root)
{
	char text[1024];
	int s, n;

	switch (st->phase) {
	case BQ_PH_HOLE:
		if (st->hole_choice == BQ_OPEN && viewer == st->turn)
			msg_fmt(text, sizeof text, "Round %d: you choose a sowing hole.",
			    st->round);
		else if (st->hole_choice == BQ_OPEN)
			msg_fmt(text, sizeof text, "Round %d: %s chooses a sowing "
			    "hole.", st->round, st->seat[st->turn]);
		else if (st->sowing[0] < 0 && st->sowing[1] < 0)
			msg_fmt(text, sizeof text, "Round %d: both players "
			    "choose a sowing hole, sealed.", st->round);
		else {
			s = st->sowing[0] < 0 ? 0 : 1;
			if (viewer == 1 - s && sealed(st, viewer))
				msg_fmt(text, sizeof text, "Round %d: you chose "
				    "sealed hole %c; waiting for %s's sealed "
				    "choice.", st->round,
				    bq_letter(st->sowing[viewer]), st->seat[s]);
			else if (viewer == 1 - s)
				msg_fmt(text, sizeof text, "Round %d: you chose "
				    "hole %c; waiting for %s's sealed choice.",
				    st->round, bq_letter(st->sowing[viewer]),
				    st->seat[s]);
			else if (viewer == s)
				msg_fmt(text, sizeof text, "Round %d: %s has chosen a "
				    "sowing hole, sealed; you choose yours.",
				    st->round, st->seat[1 - s]);
			else
				msg_fmt(text, sizeof text, "Round %d: waiting for "
				    "%s's sealed choice of a sowing hole.",
				    st->round, st->seat[s]);
		}
		break;
	case BQ_PH_SOW:
		s = st->turn;
		n = st->board[st->sowing[s]];
		if (viewer == s) {
			msg_nfmt(text, sizeof text, (unsigned long)n,
			    "Round %d: you sow from hole %c (%d counter).",
			    "Round %d: you sow from hole %c (%d counters).", st->round,
			    bq_letter(st->sowing[s]), n);
			break;
		}
		msg_nfmt(text, sizeof text, (unsigned long)n,
		    "Round %d: %s to sow from hole %c (%d counter).",
		    "Round %d: %s to sow from hole %c (%d counters).", st->round,
		    st->seat[s], bq_letter(st->sowing[s]), n);
		break;
	case BQ_PH_REFILL:
		if (viewer == st->refill_seat)
			msg_fmt(text, sizeof text, "Round %d is over: you choose how "
			    "to refill.", st->round);
		else
			msg_fmt(text, sizeof text, "Round %d is over: %s chooses how "
			    "to refill.", st->round, st->seat[st->refill_seat]);
		break;
	default:
		msg_nfmt(text, sizeof text, (unsigned long)st->round,
		    "The match is over after %d round.",
		    "The match is over after %d rounds.", st->round);
		break;
	}
	tval_set_str(root, "status", text);
}

struct refill_ctx {
	const struct bq_state *st;
	int seat;
	struct tval *list;
};

static void
refill_choice(void *arg, unsigned mask, int rem)
{
	struct refill_ctx *c = arg;
	struct order o;
	struct tval *m = tval_push_map(c->list);
	char list[BQ_LIST] = "", item[64];
	int full = 0, row[BQ_ROW], nrow;

	bq_refill_order(&o, mask, rem);
	/* The line a player copies, in the reader's order words. */
	msg_order(item, sizeof item, "buqruru", o.text);
	tval_set_str(m, "order", item);
	for (int h = c->seat * BQ_ROW; h < (c->seat + 1) * BQ_ROW; h++)
		full += (mask >> h) & 1;
	nrow = bq_row(c->st, c->seat, row);
	for (int i = 0; i < nrow; i++) {
		int h = row[i];

		if (mask & (1u << h))
			snprintf(item, sizeof item, "%c %d", bq_letter(h), BQ_FULL);
		else if (h == rem)
			snprintf(item, sizeof item, "%c %d", bq_letter(h),
			    c->st->store[c->seat] - BQ_FULL * full);
		else
			msg_fmt(item, sizeof item, "%c erased", bq_letter(h));
		bq_list_add(list, sizeof list, item);
	}
	tval_set_str(m, "meaning", list);
}

/* The options as one sentence; the report breaks it into lines in the
 * reader's language (options_lines). */
static void
options_text(const struct bq_state *st, struct tval *root)
{
	char hole[64], dir[64], how[128], groups[256], chain[128], owner[128];
	char keep[128], open[128], end[128];
	char text[1024];

	if (st->hole_choice == BQ_SEALED)
		msg_fmt(hole, sizeof hole, "sealed hole choice");
	else
		msg_fmt(hole, sizeof hole, "open hole choice");
	if (st->hole_keep == BQ_HOLE_MATCH)
		msg_fmt(keep, sizeof keep, "a sowing hole for the whole match");
	else
		msg_fmt(keep, sizeof keep, "a sowing hole for each round");
	if (st->direction == BQ_DIR_OPPOSITE)
		msg_fmt(how, sizeof how, "opposite directions");
	else
		msg_fmt(how, sizeof how, "both sow %s",
		    bq_dir_name(st->dir[0], dir, sizeof dir));
	if (st->opening == BQ_OPEN_FIRST)
		msg_fmt(open, sizeof open, "the first sowing one by one");
	else if (st->opening == BQ_OPEN_EACH)
		msg_fmt(open, sizeof open, "each player's first sowing one by one");
	else
		msg_fmt(open, sizeof open, "groups from the first sowing");
	/* groups and groups_when as one sentence: what sizes, and from when. */
	if (st->groups == BQ_GROUPS_ANY && st->groups_when == BQ_LARGE_OVER_LAP)
		msg_fmt(groups, sizeof groups, "sowing one by one, or in groups of "
		    "any size when the hole holds more counters than a lap has holes");
	else if (st->groups == BQ_GROUPS_ANY && st->groups_when == BQ_LARGE_OVER_SIX)
		msg_fmt(groups, sizeof groups, "sowing one by one, or in groups of "
		    "any size when the hole holds more than six counters");
	else if (st->groups == BQ_GROUPS_ANY)
		msg_fmt(groups, sizeof groups, "sowing one by one or in groups of "
		    "any size");
	else if (st->groups_when == BQ_LARGE_OVER_LAP)
		msg_fmt(groups, sizeof groups, "sowing one by one, or in groups of "
		    "2 to 4 that divide the counters lifted when the hole holds "
		    "more counters than a lap has holes");
	else if (st->groups_when == BQ_LARGE_OVER_SIX)
		msg_fmt(groups, sizeof groups, "sowing one by one, or in groups of "
		    "2 to 4 that divide the counters lifted when the hole holds "
		    "more than six counters");
	else
		msg_fmt(groups, sizeof groups, "sowing one by one or in groups of "
		    "2 to 4 that divide the counters lifted");
	if (st->chain == BQ_CHAIN_AFTER_LAST)
		msg_fmt(chain, sizeof chain, "chain after a taken last hole");
	else
		msg_fmt(chain, sizeof chain, "chain back to the sowing hole");
	if (!st->owner_capture)
		msg_fmt(owner, sizeof owner, "owner's capture off");
	else if (st->owner_limit == 0)
		msg_fmt(owner, sizeof owner, "owner's capture of any even number");
	else
		msg_fmt(owner, sizeof owner, "owner's capture up to %d",
		    st->owner_limit);
	if (st->round_end == BQ_END_NEW_HOLES)
		msg_fmt(end, sizeof end, "new sowing holes when both are empty");
	else
		msg_fmt(end, sizeof end, "the round ends when both sowing holes "
		    "are empty");
	msg_fmt(text, sizeof text, "%s; %s; %s; %s; %s; %s; %s; %s.",
	    hole, keep, how, open, groups, chain, owner, end);
	tval_set_str(root, "options_text", text);
}

void
bq_view(const void *vst, int viewer, struct tval *root)
{
	const struct bq_state *st = vst;

	if ((viewer < -1 && viewer != VIEW_ALL) || viewer >= BQ_SEATS)
		viewer = -1;
	tval_set_int(root, "round", st->round);
	tval_set_str(root, "phase", st->phase == BQ_PH_HOLE ? "hole" :
	    st->phase == BQ_PH_SOW ? "sowing" :
	    st->phase == BQ_PH_REFILL ? "refill" : "over");
	tval_set_bool(root, "observer", viewer < 0);
	tval_set_bool(root, "phase_hole", st->phase == BQ_PH_HOLE);
	tval_set_bool(root, "phase_sowing", st->phase == BQ_PH_SOW);
	tval_set_bool(root, "phase_refill", st->phase == BQ_PH_REFILL);
	tval_set_bool(root, "phase_over", st->phase == BQ_PH_OVER);
	tval_set_bool(root, "you_refill", st->phase == BQ_PH_REFILL &&
	    viewer == st->refill_seat);
	/* Whether the sowing the viewer must make may use groups: the report
	 * explains SOW k only then. */
	tval_set_bool(root, "sow_sizes", st->phase == BQ_PH_SOW &&
	    viewer == st->turn && bq_sizes(st, viewer));
	board_lines(st, viewer, tval_set_list(root, "board"));
	pits(st, viewer, tval_set_list(root, "pits"));
	{
		char legend[128];

		msg_fmt(legend, sizeof legend, "[ n] = sowing hole, xx = erased "
		    "hole");
		tval_set_str(root, "legend", legend);
	}
	player(st, 1, viewer, tval_set_map(root, "top"));
	player(st, 0, viewer, tval_set_map(root, "bottom"));
	{
		char score[BQ_MSG];

		msg_fmt(score, sizeof score, "Donkeys owed: %s %d, %s %d.",
		    st->seat[0], st->donkeys[0], st->seat[1], st->donkeys[1]);
		tval_set_str(root, "score", score);
	}
	status(st, viewer, root);
	tval_set_str(root, "first_mover", st->seat[st->starter]);
	tval_set_int(root, "on_board", bq_on_board(st));
	tval_set_int(root, "quiet", st->quiet);
	tval_set_int(root, "quiet_limit", BQ_QUIET);
	options_text(st, root);
	if (st->phase == BQ_PH_OVER && st->loser >= 0) {
		tval_set_str(root, "winner", st->seat[1 - st->loser]);
		tval_set_str(root, "loser", st->seat[st->loser]);
	} else {
		tval_set_str(root, "winner", "");
		tval_set_str(root, "loser", "");
	}
	{
		struct refill_ctx c = { st, viewer,
		    tval_set_list(root, "refill_choices") };

		if (st->phase == BQ_PH_REFILL && viewer == st->refill_seat)
			bq_refill_each(st, viewer, refill_choice, &c);
	}
}

/* HOLE acts on its hole; a sowing and a refill on no one hole. */
int
bq_order_spot(const void *vst, const struct order *o, struct order_spot *spot)
{
	(void)vst;
	if (o->kind != BQ_HOLE || o->nargs != 1 || o->arg[0] < 0 || o->arg[0] >= BQ_HOLES)
		return -1;
	spot->list = "pits";
	spot->key = "hole";
	snprintf(spot->value, sizeof spot->value, "%c", bq_letter(o->arg[0]));
	return 0;
}
