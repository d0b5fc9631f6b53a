/* targi_view: what one viewer may see, as a value tree for the templates.
 * Deck order, face-down cards and the other player's hand card never enter
 * another viewer's tree; the ASCII board comes pre-padded (66 columns). */
#include <stdio.h>
#include <string.h>

#include "targi.h"

#define CELL 12

static const char *const symabbr[SYM_N] = { "Oas", "Cam", "Wel", "Ten", "Tga" };
static const char marks[TG_SEATS] = { 'X', 'O' };

const char *
tg_symbol_abbr(int sym)
{
	return symabbr[sym];
}

static void
goods_short(const struct tg_goodscard *g, char *out, size_t sz)
{
	if (g->choice)
		snprintf(out, sz, "D/S/P");
	else
		tg_spec_text(g->res, out, sz);
}


/* One sentence for an effect, made from its kind and parameters. */
static void
effect_text(const struct tg_tribe *t, char *out, size_t sz)
{
	const char *sym = t->e_symbol >= 0 ? tg_symbol_name(t->e_symbol) : "";
	const char *good = t->e_good >= 0 ? tg_res_name(t->e_good, 1) : "";

	switch (t->effect) {
	case EF_END_PAIRS:
		snprintf(out, sz, "game end: +%d VP per 2 %s cards", t->e_vp, sym);
		break;
	case EF_END_MORE_CARDS:
		snprintf(out, sz, "game end: +%d VP with more cards than the opponent", t->e_vp);
		break;
	case EF_END_MIN_CARDS:
		snprintf(out, sz, "game end: +%d VP with %d or more cards", t->e_vp, t->e_n);
		break;
	case EF_END_DIVERSE_ROWS:
		snprintf(out, sz, "game end: up to %d rows of 4 symbols score %d", t->e_n, t->e_vp);
		break;
	case EF_END_RIGHTMOST:
		snprintf(out, sz, "game end: +%d VP if rightmost in a full row", t->e_vp);
		break;
	case EF_DISCOUNT:
		snprintf(out, sz, "later %s cards cost %d good less", sym, t->e_n);
		break;
	case EF_RAID_IMMUNE:
		snprintf(out, sz, "you pay nothing at raids");
		break;
	case EF_NOBLE_DISCOUNT:
		snprintf(out, sz, "the Noble's hand card costs %d good less", t->e_n);
		break;
	case EF_RAID_BONUS:
		snprintf(out, sz, "after paying a raid, take %d VP", t->e_vp);
		break;
	case EF_ROBBER_PLACE:
		snprintf(out, sz, "a Targi may stand on the robber's card");
		break;
	case EF_GOODS_BONUS:
		snprintf(out, sz, "goods cards give %s this round: +1 %s", good, good);
		break;
	case EF_GOODS_NONE_BONUS:
		snprintf(out, sz, "goods cards give no good this round: +%d of choice", t->e_n);
		break;
	case EF_ONCE_PER_DISPLAY:
		snprintf(out, sz, "once: 1 good per %d display cards", t->e_per);
		break;
	case EF_PLAY_WITHOUT_NOBLE:
		snprintf(out, sz, "hand card without the Noble for %d good more", t->e_n);
		break;
	case EF_MERCHANT_1FOR1:
		snprintf(out, sz, "the Merchant also trades 1 good for 1");
		break;
	case EF_GOLD_ON_CARD:
		snprintf(out, sz, "%d gold on this card for your next gold cost", t->e_n);
		break;
	case EF_ONCE_CHOICE:
		snprintf(out, sz, "once: %d goods, or %d gold, or %d VP", t->e_n, t->e_gold, t->e_vp);
		break;
	case EF_ONCE_PER_EMPTY:
		snprintf(out, sz, "once: 1 good per %d empty display spaces", t->e_per);
		break;
	case EF_ONCE_MOVE:
		snprintf(out, sz, "once: move two display cards");
		break;
	case EF_OPPONENT_FEWER:
		snprintf(out, sz, "next round the opponent places %d Targi", t->e_n);
		break;
	case EF_GAIN: {
		char a[48];

		tg_spec_text(t->e_give, a, sizeof a);
		snprintf(out, sz, "take %s", a);
		break;
	}
	case EF_CHOOSE:
		snprintf(out, sz, "take %d good%s of your choice", t->e_n,
		    t->e_n == 1 ? "" : "s");
		break;
	case EF_CONVERT: {
		char a[32], b[32];

		tg_spec_text(t->e_pay, a, sizeof a);
		tg_spec_text(t->e_give, b, sizeof b);
		snprintf(out, sz, "pay %s for %s", a, b);
		break;
	}
	case EF_PLACE_OPPOSITE:
		snprintf(out, sz, "a Targi may stand opposite the opponent's");
		break;
	case EF_DUNE_SHARED:
		snprintf(out, sz, "a Targi may join the opponent's on a sand dune");
		break;
	case EF_END_WATER:
		snprintf(out, sz, "game end: +%d VP per %d water", t->e_vp, t->e_per);
		break;
	default:
		snprintf(out, sz, "no effect");
	}
}

static void
tribe_map(const struct tg_state *st, struct tval *m, int c)
{
	const struct tg_tribe *t = &st->tribe[c];
	char a[96], b[96];

	tg_cost_text(t, a, sizeof a);
	effect_text(t, b, sizeof b);
	tval_set_int(m, "id", t->id);
	tval_set_str(m, "symbol", tg_symbol_name(t->symbol));
	tval_set_int(m, "vp", t->vp);
	tval_set_str(m, "cost", a);
	if (t->effect != EF_NONE) {
		/* The expansion's timing symbols, in words. */
		static const char *const when[] = { "", "once, when played: ",
		    "", "action token, once at any time: ", "" };
		char wc[160];

		snprintf(wc, sizeof wc, "%s%s", t->expansion ? when[t->timing] : "", b);
		tval_set_str(m, "effect", wc);
	}
	tval_set_strf(m, "text", "%d %s, %d VP, cost %s", t->id,
	    tg_symbol_name(t->symbol), t->vp, a);
}

static void
pad(char *out, const char *s)
{
	snprintf(out, CELL + 1, "%-*.*s", CELL, CELL, s);
}

/* Three lines of text for a board cell at row r, column c. */
static void
cell(const struct tg_state *st, int r, int c, char lines[3][CELL + 1])
{
	static const int ring[5][5] = {
		{ 16, 1, 2, 3, 4 },
		{ 15, 0, 0, 0, 5 },
		{ 14, 0, 0, 0, 6 },
		{ 13, 0, 0, 0, 7 },
		{ 12, 11, 10, 9, 8 },
	};
	char a[64], b[64];
	int n = ring[r][c];

	if (n > 0) {
		snprintf(a, sizeof a, "%2d %s", n, st->border[n].shortname);
		pad(lines[0], a);
		b[0] = '\0';
		if (st->robber == n && st->phase != PH_OVER)
			strcat(b, "   robber");
		if (st->targi_at[n] >= 0)
			snprintf(b, sizeof b, "   Targi %c%s", marks[st->targi_at[n]],
			    st->robber == n ? " R" : "");
		pad(lines[1], b);
		pad(lines[2], st->x.targia && st->targia == n &&
		    st->phase != PH_OVER ? "   Targia" : "");
		return;
	}
	{
		int pos = (r - 1) * 3 + (c - 1);
		char name[3];

		tg_pos_name(pos, name);
		if (st->cen_type[pos] == CEN_EMPTY)
			snprintf(b, sizeof b, "empty");
		else if (st->cen_down[pos])
			snprintf(b, sizeof b, "face down");
		else if (st->cen_type[pos] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[pos]], a, sizeof a);
			snprintf(b, sizeof b, "%.10s", a);
		} else {
			const struct tg_tribe *t = &st->tribe[st->cen_card[pos]];

			snprintf(b, sizeof b, "%d %s %dVP", t->id, symabbr[t->symbol], t->vp);
		}
		snprintf(a, sizeof a, " %s %s", name,
		    st->cen_type[pos] == CEN_GOODS && !st->cen_down[pos] ? "goods" :
		    st->cen_type[pos] == CEN_TRIBE && !st->cen_down[pos] ? "tribe" : "");
		pad(lines[0], a);
		snprintf(a, sizeof a, " %.40s", b);
		pad(lines[1], a);
		if (st->marker_at[pos] >= 0 && st->marker_also[pos] >= 0)
			snprintf(a, sizeof a, "  markers %c%c", marks[st->marker_at[pos]],
			    marks[st->marker_also[pos]]);
		else if (st->marker_at[pos] >= 0)
			snprintf(a, sizeof a, "  marker %c", marks[st->marker_at[pos]]);
		else
			a[0] = '\0';
		pad(lines[2], a);
	}
}

static void
board(const struct tg_state *st, struct tval *root)
{
	struct tval *l = tval_set_list(root, "board");
	char sep[5 * (CELL + 1) + 2], line[5 * (CELL + 1) + 2];

	for (int i = 0; i < 5; i++) {
		sep[i * (CELL + 1)] = '+';
		memset(sep + i * (CELL + 1) + 1, '-', CELL);
	}
	strcpy(sep + 5 * (CELL + 1), "+");
	for (int r = 0; r < 5; r++) {
		char cells[5][3][CELL + 1];

		tval_set_str(tval_push_map(l), "line", sep);
		for (int c = 0; c < 5; c++)
			cell(st, r, c, cells[c]);
		for (int k = 0; k < 3; k++) {
			size_t len = 0;

			for (int c = 0; c < 5; c++)
				len += (size_t)snprintf(line + len, sizeof line - len,
				    "|%s", cells[c][k]);
			snprintf(line + len, sizeof line - len, "|");
			tval_set_str(tval_push_map(l), "line", line);
		}
	}
	tval_set_str(tval_push_map(l), "line", sep);
}

static void
display(const struct tg_state *st, const struct tg_player *p, struct tval *m)
{
	struct tval *l = tval_set_list(m, "display_lines"), *cards;
	char line[80], c[CELL + 1], a[32];

	for (int r = 0; r < TG_ROWS; r++) {
		size_t len = (size_t)snprintf(line, sizeof line, "row %d ", r + 1);

		for (int k = 0; k < TG_COLS; k++) {
			int card = p->display[r * TG_COLS + k];

			if (card < 0)
				snprintf(a, sizeof a, " .");
			else
				snprintf(a, sizeof a, " %d %s %dVP", st->tribe[card].id,
				    symabbr[st->tribe[card].symbol], st->tribe[card].vp);
			pad(c, a);
			len += (size_t)snprintf(line + len, sizeof line - len, "|%s", c);
		}
		snprintf(line + len, sizeof line - len, "|");
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

/* The expansion's parts of the report, and where the cards come from;
 * none of it is set in the base game, so its report stays as it was. */
static void
expansion(const struct tg_state *st, int viewer, struct tval *root)
{
	(void)viewer;
	if (st->x.targia && st->targia > 0) {
		tval_set_int(root, "targia", st->targia);
		tval_set_str(root, "targia_card", st->border[st->targia].name);
	}
	if (st->x.dunes) {
		struct tval *l = tval_set_list(root, "dunes");
		char t[96];

		for (int i = 0; i < TG_DUNES; i++) {
			struct tval *m;

			if (st->dune_up[i] < 0)
				continue;
			m = tval_push_map(l);
			tval_set_int(m, "place", i + 1);
			tg_dune_text(&st->dune[st->dune_up[i]], t, sizeof t);
			tval_set_str(m, "text", t);
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
		char a[48];

		if (g->choice)
			snprintf(a, sizeof a, "one good of free choice");
		else
			tg_spec_text(g->res, a, sizeof a);
		tval_set_str(root, "favour_card", a);
	}
	/* Every report says where its cards come from, the plain base game's too. */
	if (st->origin == ORIGIN_PRINTED)
		tval_set_str(root, "deck_origin", "the printed cards");
	else if (st->origin == ORIGIN_EXAMPLE)
		tval_set_strf(root, "deck_origin", "the example deck %s (not the printed cards)",
		    st->deck_name);
	else
		tval_set_strf(root, "deck_origin", "the game master's file %s",
		    st->deck_name);
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
	char a[96];

	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN) {
		l = open_list(open, "The tribe card just drawn");
		tribe_map(st, tval_push_map(l), st->sub_card);
	}
	l = open_list(open, "Face-down central cards");
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char name[3];

		if (st->cen_type[i] == CEN_EMPTY || !st->cen_down[i])
			continue;
		tg_pos_name(i, name);
		if (st->cen_type[i] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[i]], a, sizeof a);
			tval_set_strf(tval_push_map(l), "text", "%s: goods card %s", name, a);
		} else {
			tval_set_strf(tval_push_map(l), "text", "%s: tribe card %d",
			    name, st->tribe[st->cen_card[i]].id);
		}
	}
	l = open_list(open, "Tribe deck, top first");
	for (int i = st->ntdeck - 1; i >= 0; i--)
		tribe_map(st, tval_push_map(l), st->tdeck[i]);
	l = open_list(open, "Goods deck, top first");
	for (int i = st->ngdeck - 1; i >= 0; i--) {
		goods_short(&st->goods[st->gdeck[i]], a, sizeof a);
		tval_set_strf(tval_push_map(l), "text", "goods card %s", a);
	}
	if (st->x.dunes) {
		l = open_list(open, "Sand dune pile, top first");
		for (int i = st->nddeck - 1; i >= 0; i--) {
			tg_dune_text(&st->dune[st->ddeck[i]], a, sizeof a);
			tval_set_str(tval_push_map(l), "text", a);
		}
	}
}

void
tg_view(const void *vst, int viewer, struct tval *root)
{
	const struct tg_state *st = vst;
	struct tval *pl, *cen, *t;
	static const char *const phases[] = { "round", "raid", "placement",
	    "actions", "over" };

	tval_set_int(root, "round", st->round);
	tval_set_str(root, "phase", phases[st->phase]);
	tval_set_int(root, "robber", st->robber);
	tval_set_str(root, "robber_card", st->border[st->robber >= 1 ? st->robber : 1].name);
	tval_set_int(root, "raids_done", st->raids);
	tval_set_int(root, "raids_left", TG_RAIDS - st->raids);
	tval_set_str(root, "start_player", st->pl[st->start].name);
	tval_set_bool(root, "last_round", st->end_after_round);
	tval_set_strf(root, "legend", "Targi and markers: X = %s, O = %s.",
	    st->pl[0].name, st->pl[1].name);
	board(st, root);

	cen = tval_set_list(root, "central");
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char name[3], a[64];

		t = tval_push_map(cen);
		tg_pos_name(i, name);
		tval_set_str(t, "pos", name);
		if (st->cen_type[i] == CEN_EMPTY)
			tval_set_str(t, "text", "empty");
		else if (st->cen_down[i])
			tval_set_str(t, "text", "face down");
		else if (st->cen_type[i] == CEN_GOODS) {
			goods_short(&st->goods[st->cen_card[i]], a, sizeof a);
			tval_set_strf(t, "text", "goods card: %s", a);
		} else {
			struct tval *x = tval_set_map(t, "tribe");

			tribe_map(st, x, st->cen_card[i]);
			tval_set_strf(t, "text", "tribe card %s", tval_get(x, "text")->str);
			if (tval_get(x, "effect") != NULL)
				tval_set_str(t, "effect", tval_get(x, "effect")->str);
		}
		if (st->marker_at[i] >= 0)
			tval_set_str(t, "marker", st->pl[st->marker_at[i]].name);
		if (st->marker_also[i] >= 0)
			tval_set_str(t, "marker_also", st->pl[st->marker_also[i]].name);
	}
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
		tval_set_strf(m, "summary", "%-12.12s %2dD %2dS %2dP  %d gold  %2d VP  %2d cards",
		    p->name, p->res[TG_D], p->res[TG_S], p->res[TG_P], p->res[TG_G],
		    p->res[TG_VP], tg_displayed(p));
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
