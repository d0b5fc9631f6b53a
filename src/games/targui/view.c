/* Targui view: what one viewer may see, as a tval tree for the templates.
 * Public: the board, money, the turn order so far, the counts of turns
 * left, the fortune cards used and those still to come (sorted, never in
 * deck order), and the dice. Private: a tribe's queued orders. */
#include <stdio.h>
#include <string.h>

#include "games/targui/targui.h"

/* Five letters at most, ASCII: a map cell pads them by bytes. */
static const char *const abbr[T_NTERRAIN] = {
	TERM("targui.abbr.settlement"), TERM("targui.abbr.saltmine"),
	TERM("targui.abbr.guelta"), TERM("targui.abbr.reg"),
	TERM("targui.abbr.erg"), TERM("targui.abbr.feshfesh"),
	TERM("targui.abbr.mountain"), TERM("targui.abbr.chott")
};

#define CELL_MSG 96	/* one map cell, kept as a message */

static int
settler(const struct tu_state *s, int box)
{
	for (int i = 0; i < s->nseats; i++)
		if (s->settle_box[i] == box)
			return i;
	return TU_NONE;
}

static char
letter(const struct tu_state *s, int seat)
{
	return tu_tribe_letter[s->tribe_of[seat]];
}

/* " %c:%-5u" of a holder's letter and camels, without printf: a map is
 * 49 cells, and every report draws one. */
static void
holder_cell(char *l2, char c, unsigned camels)
{
	char t[DEC_LEN];
	const char *d = dec_ull(t, camels);
	size_t n = strlen(d);

	l2[0] = ' ';
	l2[1] = c;
	l2[2] = ':';
	memcpy(l2 + 3, d, n);
	for (; n < 5; n++)
		l2[3 + n] = ' ';
	l2[3 + n] = '\0';
}

/* l1 is a message (its terrain is a term), l2 plain: both render to 8
 * columns. */
static void
cell(const struct tu_state *s, int b, char *l1, char *l2)
{
	char t[64];
	int o = s->owner[b];

	if (!s->dealt) {
		snprintf(l1, CELL_MSG, "%2d      ", b);
		if (b == s->salt_box)
			msg_fmt(l2, CELL_MSG, " %-7s", TERM("targui.map.salt"));
		else
			memcpy(l2, "        ", 9);
		return;
	}
	if (s->terrain[b] == T_SETTLEMENT)
		msg_fmt(t, sizeof t, "Set-%c", letter(s, settler(s, b)));
	else
		str_copy(t, sizeof t, abbr[s->terrain[b]]);
	msg_fmt(l1, CELL_MSG, "%2d %-5.5s", b, t);
	if (s->terrain[b] == T_CHOTT)
		memcpy(l2, "~~~~~~~~", 9);
	else if (o != TU_NONE)
		holder_cell(l2, letter(s, o), (unsigned)s->camels[b] % 100000u);
	else
		memcpy(l2, "        ", 9);
}

/* A part of the view every reader sees alike, kept for the next reader of
 * the same state (tval_memo_get): 1 when root now holds it. */
static int
memo(struct tval *root, const char *key, const char *name)
{
	struct tval *v = tval_memo_get(name);

	if (v == NULL)
		return 0;
	tval_set(root, key, v);
	return 1;
}

static void
view_map(const struct tu_state *s, struct tval *root)
{
	struct tval *map;
	char rule[80], line[TU_SIDE * CELL_MSG + 64];
	size_t n = 0;

	if (memo(root, "map", "targui.map"))
		return;
	map = tval_set_list(root, "map");

	for (int c = 0; c < TU_SIDE; c++)
		n += (size_t)snprintf(rule + n, sizeof rule - n, "+--------");
	snprintf(rule + n, sizeof rule - n, "+");
	for (int r = 0; r < TU_SIDE; r++) {
		char c1[TU_SIDE][CELL_MSG], c2[TU_SIDE][CELL_MSG];

		tval_set_str(tval_push_map(map), "line", rule);
		for (int c = 0; c < TU_SIDE; c++)
			cell(s, s->layout[r][c], c1[c], c2[c]);
		/* A row joins seven cells that may hold terms. */
		msg_fmt(line, sizeof line, "|%s|%s|%s|%s|%s|%s|%s|", c1[0], c1[1],
		    c1[2], c1[3], c1[4], c1[5], c1[6]);
		tval_set_str(tval_push_map(map), "line", line);
		msg_fmt(line, sizeof line, "|%s|%s|%s|%s|%s|%s|%s|", c2[0], c2[1],
		    c2[2], c2[3], c2[4], c2[5], c2[6]);
		tval_set_str(tval_push_map(map), "line", line);
	}
	tval_set_str(tval_push_map(map), "line", rule);
	tval_memo_put("targui.map", map);
}

/* The map as data for the board picture: every box in layout order with
 * its place on the grid (row, col from 0), as much as the text map shows. */
static void
view_grid(const struct tu_state *s, struct tval *root)
{
	struct tval *l;

	if (memo(root, "grid", "targui.grid"))
		return;
	l = tval_set_list(root, "grid");

	for (int r = 0; r < TU_SIDE; r++)
		for (int c = 0; c < TU_SIDE; c++) {
			int b = s->layout[r][c], o = s->owner[b], t;
			struct tval *m = tval_push_map(l);

			tval_set_int(m, "box", b);
			tval_set_int(m, "row", r);
			tval_set_int(m, "col", c);
			if (!s->dealt) {
				tval_set_str(m, "terrain", b == s->salt_box ? "saltmine" : "unknown");
				tval_set_str(m, "abbr", b == s->salt_box ? abbr[T_SALTMINE] : "");
				tval_set_bool(m, "settled", 0);
				tval_set_bool(m, "held", 0);
				continue;
			}
			tval_set_str(m, "terrain", tu_terrain_key[s->terrain[b]]);
			tval_set_str(m, "abbr", abbr[s->terrain[b]]);
			t = s->terrain[b] == T_SETTLEMENT ? settler(s, b) : TU_NONE;
			tval_set_bool(m, "settled", t != TU_NONE);
			if (t != TU_NONE) {
				tval_set_int(m, "settled_tribe", s->tribe_of[t]);
				tval_set_strf(m, "settled_letter", "%c", letter(s, t));
			}
			tval_set_bool(m, "held", o != TU_NONE);
			if (o != TU_NONE) {
				tval_set_int(m, "held_tribe", s->tribe_of[o]);
				tval_set_strf(m, "held_letter", "%c", letter(s, o));
				tval_set_int(m, "held_camels", s->camels[b]);
			}
		}
	tval_memo_put("targui.grid", l);
}

static void
view_boxes(const struct tu_state *s, struct tval *root)
{
	struct tval *l;

	if (memo(root, "boxes", "targui.boxes"))
		return;
	l = tval_set_list(root, "boxes");

	for (int b = 1; b <= TU_BOXES && s->dealt; b++) {
		struct tval *m = tval_push_map(l);
		int o = s->owner[b];

		tval_set_int(m, "box", b);
		tval_set_str(m, "terrain", tu_terrain_term[s->terrain[b]]);
		tval_set_int(m, "economic", tu_economic(s, b));
		tval_set_int(m, "strategic", tu_strategic(s, b));
		tval_set_str(m, "owner", o == TU_NONE ? "" :
		    tu_tribe_name[s->tribe_of[o]]);
		tval_set_int(m, "camels", s->camels[b]);
	}
	tval_memo_put("targui.boxes", l);
}

static int
turns_left(const struct tu_state *s, int seat)
{
	int n = 0;

	if (s->phase != PH_TURN)
		return 0;
	for (int k = s->stack_pos; k < s->stack_n; k++)
		n += s->stack[k] == seat;
	return n;
}

static void
view_tribes(const struct tu_state *s, int viewer, struct tval *root)
{
	struct tval *l = tval_set_list(root, "tribes");

	for (int i = 0; i < s->nseats; i++) {
		struct tval *m = tval_push_map(l);
		int t = s->tribe_of[i];
		char state[64], line[TU_MSG];

		tval_set_str(m, "tribe", tu_tribe_name[t]);
		tval_set_str(m, "colour", tu_colour_term[t]);
		tval_set_int(m, "tribe_index", t);
		tval_set_int(m, "seat_index", i);
		tval_set_strf(m, "letter", "%c", tu_tribe_letter[t]);
		tval_set_str(m, "player", s->names[i]);
		tval_set_bool(m, "you", i == viewer);
		/* A list said on one line needs to know where its commas go. */
		tval_set_bool(m, "more", i + 1 < s->nseats);
		tval_set_int(m, "gold", s->money[i] / 5);
		tval_set_int(m, "silver", s->money[i] % 5);
		tval_set_int(m, "money", s->money[i]);
		tval_set_int(m, "camels", tu_camels_of(s, i));
		tval_set_int(m, "territories", tu_territories_of(s, i));
		tval_set_int(m, "settlement_box", s->settle_box[i]);
		tval_set_bool(m, "holds_settlement", tu_holds_settlement(s, i));
		tval_set_int(m, "levy", tu_levy_of(s, i));
		tval_set_int(m, "last_levy", s->last_levy[i]);
		tval_set_bool(m, "out", s->out[i]);
		tval_set_int(m, "turns_left", turns_left(s, i));
		tval_set_strf(m, "sector", "%c", s->sector_of[i] == TU_NONE ?
		    '-' : 'A' + s->sector_of[i]);
		if (s->out[i])
			msg_fmt(state, sizeof state, "out of the game");
		else if (s->settle_box[i] == 0)
			msg_fmt(state, sizeof state, "not settled");
		else if (tu_holds_settlement(s, i))
			msg_fmt(state, sizeof state, "settlement held");
		else
			msg_fmt(state, sizeof state, "settlement LOST");
		tval_set_str(m, "settlement", state);
		msg_nfmt(line, sizeof line, (unsigned long)tu_camels_of(s, i),
		    "%c %-11s %-8.8s %3d gold %d silver %4d camel %s",
		    "%c %-11s %-8.8s %3d gold %d silver %4d camels %s",
		    tu_tribe_letter[t], tu_tribe_name[t],
		    s->names[i], s->money[i] / 5, s->money[i] % 5,
		    tu_camels_of(s, i), state);
		tval_set_str(m, "line", line);
	}
}

static void
view_round(const struct tu_state *s, struct tval *root)
{
	struct tval *ord = tval_set_list(root, "order");
	struct tval *left = tval_set_list(root, "turns_left");
	int fortune_left = 0, used = s->deck_pos, last = -1;

	tval_set_int(root, "round", s->round);
	tval_set_int(root, "rounds", s->deck_n);
	tval_set_int(root, "die", s->die);
	tval_set_bool(root, "double", s->die == 6);
	if (s->phase != PH_TURN && s->phase != PH_OVER)
		return;
	for (int k = s->stack_pos; k < s->stack_n; k++)
		fortune_left |= s->stack[k] == TU_FORTUNE_CARD;
	for (int k = 0; k < s->stack_pos; k++) {
		int c = s->stack[k];
		struct tval *m = tval_push_map(ord);
		char text[128];

		if (c == TU_FORTUNE_CARD)
			msg_fmt(text, sizeof text, "%d. fortune card %d", k + 1,
			    s->deck[used - 1]);
		else if (s->out[c])
			msg_fmt(text, sizeof text, "%d. %s (out)", k + 1,
			    tu_tribe_name[s->tribe_of[c]]);
		else
			snprintf(text, sizeof text, "%d. %s", k + 1,
			    tu_tribe_name[s->tribe_of[c]]);
		tval_set_str(m, "text", text);
		tval_set_bool(m, "more", k + 1 < s->stack_pos);
	}
	for (int i = 0; i < s->nseats; i++)
		if (!s->out[i])
			last = i;
	for (int i = 0; i < s->nseats; i++) {
		struct tval *m;

		if (s->out[i])
			continue;
		m = tval_push_map(left);
		tval_set_str(m, "tribe", tu_tribe_name[s->tribe_of[i]]);
		tval_set_int(m, "n", turns_left(s, i));
		tval_set_bool(m, "more", i < last);
	}
	tval_set_bool(root, "fortune_this_round", fortune_left);
}

static void
view_fortune(const struct tu_state *s, struct tval *root)
{
	struct tval *gone = tval_memo_get("targui.fortune_gone");
	struct tval *come = tval_memo_get("targui.fortune_to_come");
	int left[TU_FORTUNE + 1] = { 0 };
	char name[64];

	if (gone != NULL && come != NULL) {
		tval_set(root, "fortune_gone", gone);
		tval_set(root, "fortune_to_come", come);
		return;
	}
	gone = tval_set_list(root, "fortune_gone");
	come = tval_set_list(root, "fortune_to_come");

	for (int k = 0; k < s->deck_pos; k++) {
		struct tval *m = tval_push_map(gone);

		tval_set_int(m, "number", s->deck[k]);
		tval_set_str(m, "name", tu_fortune_term(s->deck[k], name,
		    sizeof name));
	}
	for (int k = s->deck_pos; k < s->deck_n; k++)
		left[s->deck[k]] = 1;
	for (int c = 1; c <= TU_FORTUNE; c++) {
		struct tval *m;

		if (!left[c])
			continue;
		m = tval_push_map(come);
		tval_set_int(m, "number", c);
		tval_set_str(m, "name", tu_fortune_term(c, name, sizeof name));
	}
	tval_memo_put("targui.fortune_gone", gone);
	tval_memo_put("targui.fortune_to_come", come);
}

/* rolls holds every die kept; rolls_now those of this round, all a report
 * shows (issue 31: sixty lines of old dice in every mail). */
static void
view_rolls(const struct tu_state *s, struct tval *root)
{
	struct tval *l, *now;
	int first = s->nrolls > TU_ROLLS ? s->nrolls - TU_ROLLS : 0;

	/* Whether HISTORY has older dice to show: one dropped from the ring,
	 * or the oldest kept thrown in an earlier round. */
	tval_set_bool(root, "rolls_earlier", first > 0 ||
	    (s->nrolls > 0 && s->rolls[first % TU_ROLLS].round < s->round));
	if (memo(root, "rolls", "targui.rolls") &&
	    memo(root, "rolls_now", "targui.rolls_now"))
		return;
	l = tval_set_list(root, "rolls");
	now = tval_set_list(root, "rolls_now");

	for (int k = first; k < s->nrolls; k++) {
		const struct tu_roll *r = &s->rolls[k % TU_ROLLS];
		struct tval *m = tval_push_map(l);

		char text[TU_MSG];

		if (r->kind == R_ROUND && r->value == 6)
			msg_fmt(text, sizeof text, "round %d: turns die %d (double "
			    "turn)", r->round, r->value);
		else if (r->kind == R_ROUND)
			msg_fmt(text, sizeof text, "round %d: turns die %d",
			    r->round, r->value);
		else if (r->kind == R_ATTACK)
			msg_fmt(text, sizeof text, "round %d: %s attacking throws "
			    "%d, total %d: %d lost in box %d", r->round,
			    tu_tribe_name[s->tribe_of[r->seat]], r->value,
			    r->total, r->loss, r->box);
		else
			msg_fmt(text, sizeof text, "round %d: %s defending throws "
			    "%d, total %d: %d lost in box %d", r->round,
			    tu_tribe_name[s->tribe_of[r->seat]], r->value,
			    r->total, r->loss, r->box);
		tval_set_str(m, "text", text);
		if (r->round == s->round)
			tval_set_str(tval_push_map(now), "text", text);
	}
	tval_memo_put("targui.rolls", l);
	tval_memo_put("targui.rolls_now", now);
}

static void
view_private(const struct tu_state *s, int viewer, struct tval *root)
{
	struct tval *q = tval_set_list(root, "queue");

	if (viewer < 0 || viewer >= s->nseats)
		return;
	for (int k = 0; k < s->nqueue[viewer]; k++) {
		struct order o;

		memset(&o, 0, sizeof o);
		o.kind = s->queue[viewer][k].kind;
		o.nargs = s->queue[viewer][k].nargs;
		memcpy(o.arg, s->queue[viewer][k].arg, sizeof s->queue[0][0].arg);
		tu_order_text(&o);
		tval_set_str(tval_push_map(q), "text", o.text);
	}
	tval_set_bool(root, "has_queue", s->nqueue[viewer] > 0);
	tval_set_str(root, "rejected", s->reject[viewer]);
	tval_set_bool(root, "has_rejected", s->reject[viewer][0] != '\0');
}

static void
order_item(struct tval *items, const struct tu_qorder *q)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = q->kind;
	o.nargs = q->nargs;
	memcpy(o.arg, q->arg, sizeof q->arg);
	tu_order_text(&o);
	tval_set_str(tval_push_map(items), "text", o.text);
}

/* After the end: the order of what was still to come, and every tribe's
 * queued orders. */
static void
view_open(const struct tu_state *s, struct tval *root)
{
	struct tval *open = tval_set_list(root, "open"), *m, *l;
	char text[160], name[64];

	m = tval_push_map(open);
	msg_fmt(text, sizeof text, "Fortune cards still in the deck, top first");
	tval_set_str(m, "title", text);
	l = tval_set_list(m, "items");
	for (int k = s->deck_pos; k < s->deck_n; k++) {
		msg_fmt(text, sizeof text, "%d %s", s->deck[k],
		    tu_fortune_term(s->deck[k], name, sizeof name));
		tval_set_str(tval_push_map(l), "text", text);
	}
	m = tval_push_map(open);
	msg_fmt(text, sizeof text, "Turns still to come this round, in order");
	tval_set_str(m, "title", text);
	l = tval_set_list(m, "items");
	msg_fmt(name, sizeof name, "fortune card");
	for (int k = s->stack_pos; s->phase == PH_TURN && k < s->stack_n; k++)
		tval_set_str(tval_push_map(l), "text", s->stack[k] == TU_FORTUNE_CARD ?
		    name : tu_tribe_name[s->tribe_of[s->stack[k]]]);
	for (int i = 0; i < s->nseats; i++) {
		char title[96];

		m = tval_push_map(open);
		msg_fmt(title, sizeof title, "Orders queued by the %s",
		    tu_tribe_name[s->tribe_of[i]]);
		tval_set_str(m, "title", title);
		l = tval_set_list(m, "items");
		for (int k = 0; k < s->nqueue[i]; k++)
			order_item(l, &s->queue[i][k]);
	}
}

void
tu_view(const void *st, int viewer, struct tval *root)
{
	const struct tu_state *s = st;
	static const char *const phase[] = {
		"sector", "settlement", "turn", "over"
	};

	tval_set_str(root, "phase", phase[s->phase]);
	tval_set_bool(root, "setting_up", s->phase < PH_TURN);
	tval_set_bool(root, "dealt", s->dealt);
	{
		char unlimited[32] = "";

		if (!s->opt_camels)
			msg_fmt(unlimited, sizeof unlimited, "unlimited");
		tval_set_str(root, "supply", unlimited);
	}
	tval_set_int(root, "camels_in_box", s->supply);
	tval_set_bool(root, "finite_supply", s->opt_camels != 0);
	tval_set_strf(root, "on_turn", "%s", s->cur == TU_NONE ? "" :
	    tu_tribe_name[s->tribe_of[s->cur]]);
	view_map(s, root);
	view_grid(s, root);
	view_boxes(s, root);
	view_tribes(s, viewer, root);
	view_round(s, root);
	view_fortune(s, root);
	view_rolls(s, root);
	view_private(s, viewer, root);
	if (viewer == VIEW_ALL)
		view_open(s, root);
}

/* SETTLE and BUY act on their box, MOVE and ATTACK on the box they go to;
 * a sector, a pass and an end on no one box. */
int
tu_order_spot(const void *vst, const struct order *o, struct order_spot *spot)
{
	int box;

	(void)vst;
	switch (o->kind) {
	case O_SETTLE:
	case O_BUY:
		box = o->arg[0];
		break;
	case O_MOVE:
	case O_ATTACK:
		box = o->arg[1];
		break;
	default:
		return -1;
	}
	if (!tu_box_ok(box))
		return -1;
	spot->list = "grid";
	spot->key = "box";
	snprintf(spot->value, sizeof spot->value, "%d", box);
	return 0;
}
