/* targi_view: what one viewer may see, as a value tree for the templates.
 * Deck order, face-down cards and the other player's hand card never enter
 * another viewer's tree; the ASCII board comes pre-padded (66 columns). */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

#define CELL 12

static const char *const symabbr[SYM_N] = {
	TERM("targi.symbol.oasis.abbr"), TERM("targi.symbol.camel_rider.abbr"),
	TERM("targi.symbol.well.abbr"), TERM("targi.symbol.tent.abbr"),
	TERM("targi.symbol.targia.abbr")
};
static const char marks[TG_SEATS] = { 'X', 'O' };

const char *
tg_symbol_abbr(int sym)
{
	/* In English: the leak test looks for the card as English mails show it. */
	static const char *const en[SYM_N] = { "Oas", "Cam", "Wel", "Ten", "Tga" };

	return en[sym];
}

static void
goods_plain(const struct tg_goodscard *g, char *out, size_t sz)
{
	if (g->choice)
		snprintf(out, sz, "D/S/P");
	else
		tg_spec_text(g->res, out, sz);
}

/* The same as a message argument, in the reader's letters ("1SP"). */
static void
goods_short(const struct tg_goodscard *g, char *out, size_t sz)
{
	char t[64];

	goods_plain(g, t, sizeof t);
	msg_order(out, sz, "targi", t);
}


/* One sentence for an effect, made from its kind and parameters. */
static void
effect_text(const struct tg_tribe *t, char *out, size_t sz)
{
	const char *sym = t->e_symbol >= 0 ? tg_symbol_term(t->e_symbol) : "";
	const char *good = t->e_good >= 0 ? tg_res_term(t->e_good) : "";

	switch (t->effect) {
	case EF_END_PAIRS:
		msg_fmt(out, sz, "game end: +%d VP per 2 %s cards", t->e_vp, sym);
		break;
	case EF_END_MORE_CARDS:
		msg_fmt(out, sz, "game end: +%d VP with more cards than the opponent", t->e_vp);
		break;
	case EF_END_MIN_CARDS:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "game end: +%d VP with %d or more cards",
		    "game end: +%d VP with %d or more cards", t->e_vp, t->e_n);
		break;
	case EF_END_DIVERSE_ROWS:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "game end: up to %d row of 4 symbols scores %d",
		    "game end: up to %d rows of 4 symbols score %d", t->e_n, t->e_vp);
		break;
	case EF_END_RIGHTMOST:
		msg_fmt(out, sz, "game end: +%d VP if rightmost in a full row", t->e_vp);
		break;
	case EF_DISCOUNT:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "later %s cards cost %d good less",
		    "later %s cards cost %d goods less", sym, t->e_n);
		break;
	case EF_RAID_IMMUNE:
		msg_fmt(out, sz, "you pay nothing at raids");
		break;
	case EF_NOBLE_DISCOUNT:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "the Noble's hand card costs %d good less",
		    "the Noble's hand card costs %d goods less", t->e_n);
		break;
	case EF_RAID_BONUS:
		msg_fmt(out, sz, "after paying a raid, take %d VP", t->e_vp);
		break;
	case EF_ROBBER_PLACE:
		msg_fmt(out, sz, "a Targi may stand on the robber's card");
		break;
	case EF_GOODS_BONUS:
		{
			char one[TG_MSG];

			tg_res_count(one, sizeof one, t->e_good, 1);
			msg_fmt(out, sz, "goods cards give %s this round: +%s", good, one);
		}
		break;
	case EF_GOODS_NONE_BONUS:
		msg_fmt(out, sz, "goods cards give no good this round: +%d of choice", t->e_n);
		break;
	case EF_ONCE_PER_DISPLAY:
		msg_nfmt(out, sz, (unsigned long)t->e_per, "once: 1 good per %d display card",
		    "once: 1 good per %d display cards", t->e_per);
		break;
	case EF_PLAY_WITHOUT_NOBLE:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "hand card without the Noble for %d good more",
		    "hand card without the Noble for %d goods more", t->e_n);
		break;
	case EF_MERCHANT_1FOR1:
		msg_fmt(out, sz, "the Merchant also trades 1 good for 1");
		break;
	case EF_GOLD_ON_CARD:
		msg_fmt(out, sz, "%d gold on this card for your next gold cost", t->e_n);
		break;
	case EF_ONCE_CHOICE:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "once: %d good, or %d gold, or %d VP",
		    "once: %d goods, or %d gold, or %d VP", t->e_n, t->e_gold, t->e_vp);
		break;
	case EF_ONCE_PER_EMPTY:
		msg_fmt(out, sz, "once: 1 good per %d empty display spaces", t->e_per);
		break;
	case EF_ONCE_MOVE:
		msg_fmt(out, sz, "once: move two display cards");
		break;
	case EF_OPPONENT_FEWER:
		msg_fmt(out, sz, "next round the opponent places %d Targi", t->e_n);
		break;
	case EF_GAIN: {
		char a[48];

		tg_spec_text(t->e_give, a, sizeof a);
		msg_fmt(out, sz, "take %s", a);
		break;
	}
	case EF_CHOOSE:
		msg_nfmt(out, sz, (unsigned long)t->e_n, "take %d good of your choice",
		    "take %d goods of your choice", t->e_n);
		break;
	case EF_CONVERT: {
		char a[32], b[32];

		tg_spec_text(t->e_pay, a, sizeof a);
		tg_spec_text(t->e_give, b, sizeof b);
		msg_fmt(out, sz, "pay %s for %s", a, b);
		break;
	}
	case EF_PLACE_OPPOSITE:
		msg_fmt(out, sz, "a Targi may stand opposite the opponent's");
		break;
	case EF_DUNE_SHARED:
		msg_fmt(out, sz, "a Targi may join the opponent's on a sand dune");
		break;
	case EF_END_WATER:
		msg_fmt(out, sz, "game end: +%d VP per %d water", t->e_vp, t->e_per);
		break;
	default:
		msg_fmt(out, sz, "no effect");
	}
}

static void
tribe_map(const struct tg_state *st, struct tval *m, int c)
{
	const struct tg_tribe *t = &st->tribe[c];
	char a[TG_MSG], b[TG_MSG], wc[TG_MSG];

	tg_cost_text(t, a, sizeof a);
	effect_text(t, b, sizeof b);
	tval_set_int(m, "id", t->id);
	tval_set_str(m, "symbol", tg_symbol_term(t->symbol));
	tval_set_str(m, "sym", symabbr[t->symbol]);
	tval_set_int(m, "vp", t->vp);
	tval_set_str(m, "cost", a);
	if (t->effect != EF_NONE) {
		/* The expansion's timing symbols, in words. */
		if (t->expansion && t->timing == TM_ONCE)
			msg_fmt(wc, sizeof wc, "once, when played: %s", b);
		else if (t->expansion && t->timing == TM_TOKEN)
			msg_fmt(wc, sizeof wc, "action token, once at any time: %s", b);
		else
			snprintf(wc, sizeof wc, "%s", b);
		tval_set_str(m, "effect", wc);
	}
	msg_fmt(wc, sizeof wc, "%d %s, %d VP, cost %s", t->id,
	    tg_symbol_term(t->symbol), t->vp, a);
	tval_set_str(m, "text", wc);
}

/* A board cell's three lines, each a message or plain text; the line's
 * format pads them (on the rendered text) to CELL columns. */
#define CELLMSG 256

static void
cell(const struct tg_state *st, int r, int c, char lines[3][CELLMSG])
{
	static const int ring[5][5] = {
		{ 16, 1, 2, 3, 4 },
		{ 15, 0, 0, 0, 5 },
		{ 14, 0, 0, 0, 6 },
		{ 13, 0, 0, 0, 7 },
		{ 12, 11, 10, 9, 8 },
	};
	char a[CELLMSG];
	int n = ring[r][c];

	if (n > 0) {
		msg_fmt(lines[0], CELLMSG, "%2d %s", n, tg_place_short(st, n, a, sizeof a));
		lines[1][0] = '\0';
		if (st->targi_at[n] >= 0 && st->robber == n)
			msg_fmt(lines[1], CELLMSG, "   Targi %c R", marks[st->targi_at[n]]);
		else if (st->targi_at[n] >= 0)
			msg_fmt(lines[1], CELLMSG, "   Targi %c", marks[st->targi_at[n]]);
		else if (st->robber == n && st->phase != PH_OVER)
			msg_fmt(lines[1], CELLMSG, "   robber");
		lines[2][0] = '\0';
		if (st->x.targia && st->targia == n && st->phase != PH_OVER)
			msg_fmt(lines[2], CELLMSG, "   Targia");
		return;
	}
	{
		int pos = (r - 1) * 3 + (c - 1);
		char name[3];

		tg_pos_name(pos, name);
		if (st->cen_type[pos] == CEN_GOODS && !st->cen_down[pos])
			msg_fmt(lines[0], CELLMSG, " %s goods", name);
		else if (st->cen_type[pos] == CEN_TRIBE && !st->cen_down[pos])
			msg_fmt(lines[0], CELLMSG, " %s tribe", name);
		else
			snprintf(lines[0], CELLMSG, " %s ", name);
		if (st->cen_type[pos] == CEN_EMPTY)
			msg_fmt(lines[1], CELLMSG, " empty");
		else if (st->cen_down[pos])
			msg_fmt(lines[1], CELLMSG, " face down");
		else if (st->cen_type[pos] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[pos]], a, sizeof a);
			msg_fmt(lines[1], CELLMSG, " %s", a);
		} else {
			const struct tg_tribe *t = &st->tribe[st->cen_card[pos]];

			msg_fmt(lines[1], CELLMSG, " %d %s %dVP", t->id,
			    symabbr[t->symbol], t->vp);
		}
		if (st->marker_at[pos] >= 0 && st->marker_also[pos] >= 0)
			msg_fmt(lines[2], CELLMSG, "  markers %c%c", marks[st->marker_at[pos]],
			    marks[st->marker_also[pos]]);
		else if (st->marker_at[pos] >= 0)
			msg_fmt(lines[2], CELLMSG, "  marker %c", marks[st->marker_at[pos]]);
		else
			lines[2][0] = '\0';
	}
}

static void
board(const struct tg_state *st, struct tval *root)
{
	struct tval *l = tval_set_list(root, "board");
	char sep[5 * (CELL + 1) + 2], line[5 * CELLMSG + 128];

	for (int i = 0; i < 5; i++) {
		sep[i * (CELL + 1)] = '+';
		memset(sep + i * (CELL + 1) + 1, '-', CELL);
	}
	strcpy(sep + 5 * (CELL + 1), "+");
	for (int r = 0; r < 5; r++) {
		char cells[5][3][CELLMSG];

		tval_set_str(tval_push_map(l), "line", sep);
		for (int c = 0; c < 5; c++)
			cell(st, r, c, cells[c]);
		for (int k = 0; k < 3; k++) {
			/* CELL columns each, counted on the rendered words. */
			msg_fmt(line, sizeof line, "|%-12.12s|%-12.12s|%-12.12s|%-12.12s|%-12.12s|",
			    cells[0][k], cells[1][k], cells[2][k], cells[3][k], cells[4][k]);
			tval_set_str(tval_push_map(l), "line", line);
		}
	}
	tval_set_str(tval_push_map(l), "line", sep);
	tval_memo_put("targi.board", l);
}

/* The 16 border cards as data for the board picture, each with its place
 * on the 5x5 grid the text board draws (row, col from 0) and who stands on
 * it: what the text board shows, nothing more. */
static void
border_data(const struct tg_state *st, struct tval *list)
{
	for (int r = 0; r < 5; r++)
		for (int c = 0; c < 5; c++) {
			static const int ring[5][5] = {
				{ 16, 1, 2, 3, 4 },
				{ 15, 0, 0, 0, 5 },
				{ 14, 0, 0, 0, 6 },
				{ 13, 0, 0, 0, 7 },
				{ 12, 11, 10, 9, 8 },
			};
			int n = ring[r][c];
			struct tval *m;
			char a[96];

			if (n == 0)
				continue;
			m = tval_push_map(list);
			tval_set_int(m, "n", n);
			tval_set_str(m, "name", tg_place_name(st, n, a, sizeof a));
			tval_set_str(m, "short", tg_place_short(st, n, a, sizeof a));
			tval_set_int(m, "row", r);
			tval_set_int(m, "col", c);
			tval_set_bool(m, "has_targi", st->targi_at[n] >= 0);
			if (st->targi_at[n] >= 0) {
				tval_set_int(m, "targi_seat", st->targi_at[n]);
				tval_set_strf(m, "targi_mark", "%c", marks[st->targi_at[n]]);
			}
			tval_set_bool(m, "robber", st->robber == n && st->phase != PH_OVER);
			tval_set_bool(m, "targia", st->x.targia && st->targia == n &&
			    st->phase != PH_OVER);
		}
}

/* The display as a grid for the board picture, one entry per space. */
static void
display_grid(const struct tg_state *st, const struct tg_player *p, struct tval *m)
{
	struct tval *l = tval_set_list(m, "grid");

	for (int i = 0; i < TG_SLOTS; i++) {
		struct tval *x = tval_push_map(l);
		int card = p->display[i];

		tval_set_int(x, "row", i / TG_COLS);
		tval_set_int(x, "col", i % TG_COLS);
		if (card < 0)
			continue;
		tval_set_bool(x, "card", 1);
		tval_set_int(x, "id", st->tribe[card].id);
		tval_set_str(x, "sym", symabbr[st->tribe[card].symbol]);
		tval_set_int(x, "vp", st->tribe[card].vp);
		tval_set_bool(x, "token", p->tokens[i] != 0);
	}
}

static void
display(const struct tg_state *st, const struct tg_player *p, struct tval *m)
{
	struct tval *l = tval_set_list(m, "display_lines"), *cards;
	char line[4 * CELLMSG + 128], c[TG_COLS][CELLMSG];

	for (int r = 0; r < TG_ROWS; r++) {
		for (int k = 0; k < TG_COLS; k++) {
			int card = p->display[r * TG_COLS + k];

			if (card < 0)
				snprintf(c[k], sizeof c[k], " .");
			else
				msg_fmt(c[k], sizeof c[k], " %d %s %dVP", st->tribe[card].id,
				    symabbr[st->tribe[card].symbol], st->tribe[card].vp);
		}
		msg_fmt(line, sizeof line, "row %d |%-12.12s|%-12.12s|%-12.12s|%-12.12s|",
		    r + 1, c[0], c[1], c[2], c[3]);
		tval_set_str(tval_push_map(l), "line", line);
	}
	cards = tval_set_list(m, "display");
	for (int i = 0; i < TG_SLOTS; i++) {
		struct tval *x;

		if (p->display[i] < 0)
			continue;
		x = tval_push_map(cards);
		tval_set_strf(x, "place", "%d-%d", i / TG_COLS + 1, i % TG_COLS + 1);
		tribe_map(st, x, p->display[i]);
	}
}

/* A sand dune in a few signs, for the board picture: "+1D 1S", "+2 D/S/P",
 * "1D > 1G", or the short name of the border card it acts as. */
static void
dune_short(const struct tg_state *st, const struct tg_dune *u, char *out, size_t sz)
{
	char a[32], b[32];
	int like = 0;

	switch (u->action) {
	case DA_GAIN:
		tg_spec_text(u->give, a, sizeof a);
		snprintf(out, sz, "+%s", a);
		break;
	case DA_CHOOSE:
		snprintf(out, sz, "+%d D/S/P", u->n);
		break;
	case DA_CONVERT:
		tg_spec_text(u->pay, a, sizeof a);
		tg_spec_text(u->give, b, sizeof b);
		snprintf(out, sz, "%s > %s", a, b);
		break;
	case DA_CARAVAN:
	case DA_EXPAND:
		for (int n = 1; n <= TG_NBORDER && like == 0; n++)
			if (st->border[n].kind == (u->action == DA_CARAVAN ? BK_CARAVAN :
			    BK_EXPAND))
				like = n;
		if (like > 0)
			tg_place_short(st, like, out, sz);
		else
			snprintf(out, sz, "?");
		break;
	default:
		snprintf(out, sz, "?");
	}
}

/* The expansion's parts of the report, and where the cards come from;
 * none of it is set in the base game, so its report stays as it was. */
static void
expansion(const struct tg_state *st, int viewer, struct tval *root)
{
	char a[TG_MSG];

	(void)viewer;
	if (st->x.targia && st->targia > 0) {
		tval_set_int(root, "targia", st->targia);
		tval_set_str(root, "targia_card", tg_place_name(st, st->targia, a, sizeof a));
	}
	if (st->x.dunes) {
		struct tval *l = tval_set_list(root, "dunes");
		char t[TG_MSG];

		for (int i = 0; i < TG_DUNES; i++) {
			struct tval *m;

			if (st->dune_up[i] < 0)
				continue;
			m = tval_push_map(l);
			tval_set_int(m, "place", i + 1);
			tg_dune_text(&st->dune[st->dune_up[i]], t, sizeof t);
			tval_set_str(m, "text", t);
			dune_short(st, &st->dune[st->dune_up[i]], t, sizeof t);
			tval_set_str(m, "short", t);
			for (int s = 0; s < TG_SEATS; s++)
				if (st->pl[s].dune_at[i])
					tval_set_str(m, s == 0 ? "targi" : "targi2",
					    st->pl[s].name);
		}
		tval_set_bool(root, "has_dunes", 1);
		tval_set_int(root, "dunes_left", st->nddeck);
	}
	if (st->phase == PH_ACTIONS && st->sub == SUB_FAVOUR) {
		const struct tg_goodscard *g = &st->goods[st->sub_card];

		if (g->choice)
			msg_fmt(a, sizeof a, "one good of free choice");
		else
			tg_spec_text(g->res, a, sizeof a);
		tval_set_str(root, "favour_card", a);
	}
	/* Every report says where its cards come from, the plain base game's too. */
	if (st->origin == ORIGIN_PRINTED)
		msg_fmt(a, sizeof a, "the printed cards");
	else if (st->origin == ORIGIN_EXAMPLE)
		msg_fmt(a, sizeof a, "the example deck %s (not the printed cards)",
		    st->deck_name);
	else
		msg_fmt(a, sizeof a, "the game master's file %s", st->deck_name);
	tval_set_str(root, "deck_origin", a);
}

static struct tval *
open_list(struct tval *open, const char *title)
{
	struct tval *m = tval_push_map(open);
	tval_set_str(m, "title", title);
	return tval_set_list(m, "items");
}

/* After the end: what no report showed, the decks top first. */
static void
open_all(const struct tg_state *st, struct tval *root)
{
	struct tval *open = tval_set_list(root, "open"), *l;
	char a[TG_MSG], t[TG_MSG];

	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN) {
		msg_fmt(t, sizeof t, "The tribe card just drawn");
		l = open_list(open, t);
		tribe_map(st, tval_push_map(l), st->sub_card);
	}
	msg_fmt(t, sizeof t, "Face-down central cards");
	l = open_list(open, t);
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char name[3];

		if (st->cen_type[i] == CEN_EMPTY || !st->cen_down[i])
			continue;
		tg_pos_name(i, name);
		if (st->cen_type[i] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[i]], a, sizeof a);
			msg_fmt(t, sizeof t, "%s: goods card %s", name, a);
		} else
			msg_fmt(t, sizeof t, "%s: tribe card %d", name,
			    st->tribe[st->cen_card[i]].id);
		tval_set_str(tval_push_map(l), "text", t);
	}
	msg_fmt(t, sizeof t, "Tribe deck, top first");
	l = open_list(open, t);
	for (int i = st->ntdeck - 1; i >= 0; i--)
		tribe_map(st, tval_push_map(l), st->tdeck[i]);
	msg_fmt(t, sizeof t, "Goods deck, top first");
	l = open_list(open, t);
	for (int i = st->ngdeck - 1; i >= 0; i--) {
		goods_short(&st->goods[st->gdeck[i]], a, sizeof a);
		msg_fmt(t, sizeof t, "goods card %s", a);
		tval_set_str(tval_push_map(l), "text", t);
	}
	if (st->x.dunes) {
		msg_fmt(t, sizeof t, "Sand dune pile, top first");
		l = open_list(open, t);
		for (int i = st->nddeck - 1; i >= 0; i--) {
			tg_dune_text(&st->dune[st->ddeck[i]], a, sizeof a);
			tval_set_str(tval_push_map(l), "text", a);
		}
	}
}

/* The nine cards of the centre, face up or down, and the markers on them. */
static void
central(const struct tg_state *st, struct tval *root)
{
	struct tval *cen, *t;
	char mb[TG_MSG];

	if ((cen = tval_memo_get("targi.central")) != NULL) {
		tval_set(root, "central", cen);
		return;
	}
	cen = tval_set_list(root, "central");
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char name[3], a[64];

		t = tval_push_map(cen);
		tg_pos_name(i, name);
		tval_set_str(t, "pos", name);
		/* For the board picture: its place on the 5x5 grid, its kind. */
		tval_set_int(t, "row", 1 + i / 3);
		tval_set_int(t, "col", 1 + i % 3);
		tval_set_bool(t, "is_empty", st->cen_type[i] == CEN_EMPTY);
		tval_set_bool(t, "is_down", st->cen_type[i] != CEN_EMPTY && st->cen_down[i]);
		if (st->cen_type[i] == CEN_GOODS && !st->cen_down[i]) {
			goods_short(&st->goods[st->cen_card[i]], a, sizeof a);
			tval_set_str(t, "goods", a);
		}
		if (st->marker_at[i] >= 0) {
			tval_set_int(t, "marker_seat", st->marker_at[i]);
			tval_set_strf(t, "marker_mark", "%c", marks[st->marker_at[i]]);
		}
		if (st->marker_also[i] >= 0) {
			tval_set_int(t, "marker_also_seat", st->marker_also[i]);
			tval_set_strf(t, "marker_also_mark", "%c", marks[st->marker_also[i]]);
		}
		if (st->cen_type[i] == CEN_EMPTY) {
			msg_fmt(mb, sizeof mb, "empty");
			tval_set_str(t, "text", mb);
		} else if (st->cen_down[i]) {
			msg_fmt(mb, sizeof mb, "face down");
			tval_set_str(t, "text", mb);
		} else if (st->cen_type[i] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[i]], a, sizeof a);
			msg_fmt(mb, sizeof mb, "goods card: %s", a);
			tval_set_str(t, "text", mb);
		} else {
			struct tval *x = tval_set_map(t, "tribe");

			tribe_map(st, x, st->cen_card[i]);
			msg_fmt(mb, sizeof mb, "tribe card %s", tval_get(x, "text")->str);
			tval_set_str(t, "text", mb);
			if (tval_get(x, "effect") != NULL)
				tval_set_str(t, "effect", tval_get(x, "effect")->str);
		}
		if (st->marker_at[i] >= 0)
			tval_set_str(t, "marker", st->pl[st->marker_at[i]].name);
		if (st->marker_also[i] >= 0)
			tval_set_str(t, "marker_also", st->pl[st->marker_also[i]].name);
	}
	tval_memo_put("targi.central", cen);
}

void
tg_view(const void *vst, int viewer, struct tval *root)
{
	const struct tg_state *st = vst;
	struct tval *pl, *t;
	static const char *const phases[] = { "round", "raid", "placement",
	    "actions", "over" };
	char mb[TG_MSG];

	tval_set_int(root, "round", st->round);
	tval_set_str(root, "phase", phases[st->phase]);
	tval_set_int(root, "robber", st->robber);
	tval_set_str(root, "robber_card", tg_place_name(st, st->robber >= 1 ? st->robber : 1,
	    mb, sizeof mb));
	tval_set_int(root, "raids_done", st->raids);
	tval_set_int(root, "raids_left", TG_RAIDS - st->raids);
	tval_set_str(root, "start_player", st->pl[st->start].name);
	tval_set_bool(root, "last_round", st->end_after_round);
	msg_fmt(mb, sizeof mb, "Targi and markers: X = %s, O = %s.",
	    st->pl[0].name, st->pl[1].name);
	tval_set_str(root, "legend", mb);
	/* The board, the border and the centre are every reader's alike: built
	 * for the first reader of a state, held by the others' trees
	 * (tval_memo_get). */
	if ((t = tval_memo_get("targi.board")) != NULL)
		tval_set(root, "board", t);
	else
		board(st, root);
	if ((t = tval_memo_get("targi.border")) != NULL) {
		tval_set(root, "border", t);
	} else {
		t = tval_set_list(root, "border");
		border_data(st, t);
		tval_memo_put("targi.border", t);
	}
	central(st, root);
	expansion(st, viewer, root);

	pl = tval_set_list(root, "players");
	for (int s = 0; s < TG_SEATS; s++) {
		const struct tg_player *p = &st->pl[s];
		struct tval *m = tval_push_map(pl);

		tval_set_str(m, "name", p->name);
		tval_set_strf(m, "mark", "%c", marks[s]);
		tval_set_bool(m, "start", s == st->start);
		tval_set_bool(m, "you", s == viewer);
		tval_set_int(m, "dates", p->res[TG_D]);
		tval_set_int(m, "salt", p->res[TG_S]);
		tval_set_int(m, "pepper", p->res[TG_P]);
		tval_set_int(m, "goods", tg_goods_total(p));
		tval_set_int(m, "gold", p->res[TG_G]);
		tval_set_int(m, "card_gold", p->card_gold);
		tval_set_bool(m, "has_card_gold", p->card_gold > 0);
		tval_set_int(m, "vp", p->res[TG_VP]);
		tval_set_int(m, "cards", tg_displayed(p));
		{
			char sm[TG_MSG];

			msg_nfmt(sm, sizeof sm, (unsigned long)tg_displayed(p),
			    "%-12.12s %2dD %2dS %2dP  %d gold  %2d VP  %2d card",
			    "%-12.12s %2dD %2dS %2dP  %d gold  %2d VP  %2d cards", p->name, p->res[TG_D], p->res[TG_S], p->res[TG_P], p->res[TG_G],
			    p->res[TG_VP], tg_displayed(p));
			tval_set_str(m, "summary", sm);
		}
		if (st->x.water) {
			tval_set_int(m, "water", p->res[TG_W]);
			tval_set_bool(m, "has_water", 1);
		}
		if (p->favour && st->phase == PH_ACTIONS)
			tval_set_bool(m, "favour", 1);
		{
			struct buf tb = BUF_INIT;

			for (int i = 0; i < TG_SLOTS; i++)
				if (p->tokens[i])
					buf_printf(&tb, "%s%d", tb.len ? ", " : "",
					    st->tribe[p->display[i]].id);
			if (tb.len > 0)
				tval_set_str(m, "tokens", tb.p);
			buf_free(&tb);
		}
		tval_set_bool(m, "has_hand", p->hand >= 0);
		/* Only a card drawn face down is secret (targi_secrets.c). */
		if (p->hand >= 0 && (s == viewer || st->open_hands ||
		    viewer == VIEW_ALL || !p->hand_secret))
			tribe_map(st, tval_set_map(m, "hand"), p->hand);
		display(st, p, m);
		display_grid(st, p, m);
		tval_set_int(m, "seat_index", s);
		if (st->phase == PH_OVER)
			tval_set_int(m, "score", st->score[s]);
	}
	if (viewer >= 0 && viewer < TG_SEATS && st->pl[viewer].hand >= 0)
		tribe_map(st, tval_set_map(root, "your_hand"), st->pl[viewer].hand);
	/* The card just drawn at the Tribal expansion is the drawer's alone. */
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && viewer == st->turn)
		tribe_map(st, tval_set_map(root, "drawn"), st->sub_card);

	if (st->x.tribe_top && st->ntdeck > 0)
		tribe_map(st, tval_set_map(root, "tribe_top"), st->tdeck[st->ntdeck - 1]);
	t = tval_set_map(root, "decks");
	tval_set_int(t, "tribe", st->ntdeck);
	tval_set_int(t, "tribe_discards", st->ntdisc);
	tval_set_int(t, "goods", st->ngdeck);
	tval_set_int(t, "goods_discards", st->ngdisc);
	if (st->phase == PH_OVER)
		tval_set_str(root, "final", st->result);
	tg_view_help(st, viewer, root);
	if (viewer == VIEW_ALL)
		open_all(st, root);
}

/* PLACE and TAKE act on one border card, central card or dune, as the
 * view lists them; a PLACE plan acts on several. */
int
tg_order_spot(const void *vst, const struct order *o, struct order_spot *spot)
{
	int t = o->arg[0];

	(void)vst;
	if ((o->kind != K_PLACE || o->nargs != 1) && o->kind != K_TAKE)
		return -1;
	if (t >= TG_DUNE(0)) {
		spot->list = "dunes";
		spot->key = "place";
		snprintf(spot->value, sizeof spot->value, "%d", t - TG_DUNE(0) + 1);
	} else if (t >= 100) {
		char pos[3];

		tg_pos_name(t - 100, pos);
		spot->list = "central";
		spot->key = "pos";
		snprintf(spot->value, sizeof spot->value, "%s", pos);
	} else if (t >= 1 && t <= 16) {
		spot->list = "border";
		spot->key = "n";
		snprintf(spot->value, sizeof spot->value, "%d", t);
	} else
		return -1;
	return 0;
}
