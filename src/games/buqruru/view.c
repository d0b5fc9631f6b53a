/* What one viewer may see, as a value tree for the report templates.
 * Strings come pre-padded so a template draws a board that lines up in a
 * fixed-width mail client without any arithmetic of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buqruru.h"
#include "xmalloc.h"

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

static void
player(const struct bq_state *st, int s, int viewer, struct tval *m)
{
	struct buf b = BUF_INIT, path = BUF_INIT;
	int vis = sowing_visible(st, s, viewer), from;

	tval_set_str(m, "name", st->seat[s]);
	tval_set_bool(m, "you", viewer == s);
	tval_set_int(m, "store", st->store[s]);
	tval_set_int(m, "donkeys", st->donkeys[s]);
	tval_set_str(m, "dir", bq_dir_name(st->dir[s]));
	tval_set_str(m, "row", s == 0 ? "bottom" : "top");
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
		tval_set_strf(m, "dirline", "sows %s from %s%c: %s",
		    bq_dir_name(st->dir[s]), sealed(st, s) ? "sealed hole " : "",
		    bq_letter(from), path.p);
	} else {
		tval_set_str(m, "sowing", "");
		tval_set_str(m, "path", "");
		tval_set_strf(m, "dirline", "sows %s%s",
		    bq_dir_name(st->dir[s]),
		    st->phase == BQ_PH_REFILL ? "; sowing hole chosen next round" :
		    st->phase != BQ_PH_HOLE ? "" :
		    st->sowing[s] >= 0 ? "; sowing hole chosen, sealed" :
		    "; sowing hole not chosen yet");
	}
	tval_set_strf(m, "headline", "%s%s: store %d, owes %d donkey%s",
	    st->seat[s], viewer == s ? " (you)" : "", st->store[s],
	    st->donkeys[s], st->donkeys[s] == 1 ? "" : "s");
	buf_free(&b);
	buf_free(&path);
}

static void
status(const struct bq_state *st, int viewer, struct tval *root)
{
	char text[256];
	int s;

	switch (st->phase) {
	case BQ_PH_HOLE:
		if (st->hole_choice == BQ_OPEN)
			snprintf(text, sizeof text, "Round %d: %s chooses a sowing "
			    "hole.", st->round, st->seat[st->turn]);
		else if (st->sowing[0] < 0 && st->sowing[1] < 0)
			snprintf(text, sizeof text, "Round %d: both players "
			    "choose a sowing hole, sealed.", st->round);
		else {
			s = st->sowing[0] < 0 ? 0 : 1;
			if (viewer == 1 - s)
				snprintf(text, sizeof text, "Round %d: you chose "
				    "%shole %c; waiting for %s's sealed choice.",
				    st->round, sealed(st, viewer) ? "sealed " : "",
				    bq_letter(st->sowing[viewer]), st->seat[s]);
			else
				snprintf(text, sizeof text, "Round %d: waiting for "
				    "%s's sealed choice of a sowing hole.",
				    st->round, st->seat[s]);
		}
		break;
	case BQ_PH_SOW:
		s = st->turn;
		snprintf(text, sizeof text, "Round %d: %s to sow from hole %c "
		    "(%d counter%s).", st->round, st->seat[s],
		    bq_letter(st->sowing[s]), st->board[st->sowing[s]],
		    st->board[st->sowing[s]] == 1 ? "" : "s");
		break;
	case BQ_PH_REFILL:
		snprintf(text, sizeof text, "Round %d is over: %s chooses how "
		    "to refill.", st->round, st->seat[st->refill_seat]);
		break;
	default:
		snprintf(text, sizeof text, "The match is over after %d "
		    "round%s.", st->round, st->round == 1 ? "" : "s");
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
	struct buf b = BUF_INIT;
	struct tval *m = tval_push_map(c->list);
	int n = 0, full = 0, row[BQ_ROW], nrow;

	bq_refill_order(&o, mask, rem);
	tval_set_str(m, "order", o.text);
	for (int h = c->seat * BQ_ROW; h < (c->seat + 1) * BQ_ROW; h++)
		full += (mask >> h) & 1;
	nrow = bq_row(c->st, c->seat, row);
	for (int i = 0; i < nrow; i++) {
		int h = row[i];

		buf_printf(&b, "%s%c ", n++ ? ", " : "", bq_letter(h));
		if (mask & (1u << h))
			buf_printf(&b, "%d", BQ_FULL);
		else if (h == rem)
			buf_printf(&b, "%d", c->st->store[c->seat] -
			    BQ_FULL * full);
		else
			buf_adds(&b, "erased");
	}
	tval_set_str(m, "meaning", b.p);
	buf_free(&b);
}

/* Breaks text at spaces into lines of at most width columns. */
static void
wrap(const char *text, size_t width, struct tval *list)
{
	const char *p = text;

	while (*p != '\0') {
		size_t n = strlen(p), cut = n;
		char *line;

		if (n > width) {
			for (cut = width; cut > 0 && p[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = width;
		}
		line = xstrndup(p, cut);
		tval_set_str(tval_push_map(list), "line", line);
		free(line);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void
options_text(const struct bq_state *st, struct tval *root)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s hole choice; ", st->hole_choice == BQ_SEALED ?
	    "sealed" : "open");
	if (st->direction == BQ_DIR_OPPOSITE)
		buf_adds(&b, "opposite directions; ");
	else
		buf_printf(&b, "both sow %s; ", bq_dir_name(st->dir[0]));
	buf_adds(&b, st->groups == BQ_GROUPS_ANY ? "groups of any size; " :
	    "groups of 1 to 4 dividing the counters lifted; ");
	buf_adds(&b, st->chain == BQ_CHAIN_AFTER_LAST ?
	    "chain after a taken last hole; " :
	    "chain back to the sowing hole; ");
	buf_printf(&b, "owner's capture %s.", st->owner_capture ? "on" : "off");
	tval_set_str(root, "options_text", b.p);
	wrap(b.p, 66, tval_set_list(root, "options_lines"));
	buf_free(&b);
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
	board_lines(st, viewer, tval_set_list(root, "board"));
	tval_set_str(root, "legend", "[ n] = sowing hole, xx = erased hole");
	player(st, 1, viewer, tval_set_map(root, "top"));
	player(st, 0, viewer, tval_set_map(root, "bottom"));
	tval_set_strf(root, "score", "Donkeys owed: %s %d, %s %d.",
	    st->seat[0], st->donkeys[0], st->seat[1], st->donkeys[1]);
	status(st, viewer, root);
	tval_set_str(root, "first_mover", st->seat[st->starter]);
	tval_set_int(root, "on_board", bq_on_board(st));
	tval_set_int(root, "quiet", st->quiet);
	tval_set_int(root, "quiet_limit", BQ_QUIET);
	options_text(st, root);
	if (st->phase == BQ_PH_OVER) {
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
