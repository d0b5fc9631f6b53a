/* targi_actions: what a player does with the cards under his Targi and tribe
 * markers: border actions, goods and tribe cards, paying and displaying. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targi/targi.h"

/* A refusal for want of resource k, of which the player has have. */
static int
only(struct diag *d, int k, int have)
{
	char h[TG_MSG];

	tg_res_count(h, sizeof h, k, have);
	return diag_set(d, 0, "You have only %s.", h);
}

int
tg_displayed(const struct tg_player *p)
{
	int n = 0;

	for (int i = 0; i < TG_SLOTS; i++)
		n += p->display[i] >= 0;
	return n;
}

/* First free slot of row, or -1 when the row is full. */
int
tg_row_free(const struct tg_player *p, int row)
{
	if (row < 0 || row >= TG_ROWS)
		return -1;
	for (int c = 0; c < TG_COLS; c++)
		if (p->display[row * TG_COLS + c] < 0)
			return row * TG_COLS + c;
	return -1;
}

static int
own_border(const struct tg_state *st, int seat, int kind)
{
	for (int n = 1; n <= TG_NBORDER; n++)
		if (st->targi_at[n] == seat && st->border[n].kind == kind)
			return n;
	return 0;
}

/* ---- paying for tribe cards ---- */

static int
add_pay(int pays[][TG_NRES], int n, int max, const int pay[TG_NRES])
{
	for (int i = 0; i < n; i++)
		if (memcmp(pays[i], pay, sizeof(int) * TG_NRES) == 0)
			return n;
	if (n < max)
		memcpy(pays[n++], pay, sizeof(int) * TG_NRES);
	return n;
}

/* seat holds pay (gold may lie on card 240), and extra on top when given. */
static int
affords(const struct tg_state *st, int seat, const int pay[TG_NRES],
    const int *extra)
{
	const struct tg_player *p = &st->pl[seat];

	for (int k = 0; k < TG_NRES; k++) {
		int need = pay[k] + (extra != NULL ? extra[k] : 0);
		int have = p->res[k] + (k == TG_G ? p->card_gold : 0);

		if (k != TG_VP && need > have)
			return 0;
	}
	return 1;
}

/* Every payment seat can make for card by the way it is played: the cost
 * (or its "/" side), less any discounts (the player picks which goods to
 * leave out), plus any extra goods (any kind). Returns how many. */
int
tg_payments(const struct tg_state *st, int seat, int card, int via,
    int pays[][TG_NRES], int max)
{
	const struct tg_tribe *t = &st->tribe[card];
	int opts[2][TG_NRES], nopt = 1, n = 0;

	memcpy(opts[0], t->cost, sizeof opts[0]);
	if (t->has_alt) {
		memcpy(opts[1], t->alt, sizeof opts[1]);
		nopt = 2;
	}
	for (int o = 0; o < nopt; o++) {
		int *c = opts[o], k = tg_discount(st, seat, card, via);
		int e = tg_extra_goods(st, seat, via), sum = c[0] + c[1] + c[2];

		if (k > sum)
			k = sum;
		for (int r0 = 0; r0 <= c[0] && r0 <= k; r0++)
			for (int r1 = 0; r1 <= c[1] && r0 + r1 <= k; r1++) {
				int r2 = k - r0 - r1;

				if (r2 > c[2])
					continue;
				for (int x0 = 0; x0 <= e; x0++)
					for (int x1 = 0; x0 + x1 <= e; x1++) {
						int x2 = e - x0 - x1;
						int pay[TG_NRES] = { c[0] - r0 + x0,
						    c[1] - r1 + x1, c[2] - r2 + x2,
						    c[3], 0, c[TG_W] };

						if (!affords(st, seat, pay, NULL))
							continue;
						n = add_pay(pays, n, max, pay);
					}
			}
	}
	return n;
}

static void
pay_text(const int pay[TG_NRES], char *out, size_t sz)
{
	tg_spec_text(pay, out, sz);
}

/* "D 2P or 1G", with the optional part as "(+1S: 1 VP)": a message when
 * it has words, the bare payment otherwise. */
void
tg_cost_text(const struct tg_tribe *t, char *out, size_t sz)
{
	char a[48], b[TG_MSG], x[32];

	pay_text(t->cost, a, sizeof a);
	if (t->has_alt) {
		pay_text(t->alt, x, sizeof x);
		msg_fmt(b, sizeof b, "%s or %s", a, x);
	} else
		snprintf(b, sizeof b, "%s", a);
	if (t->has_extra) {
		pay_text(t->extra, x, sizeof x);
		msg_fmt(out, sz, "%s (+%s: %d VP)", b, x, t->extra_vp);
	} else
		snprintf(out, sz, "%s", b);
}

/* Checks the row and the payment of an order (BUY/NOBLE/HAND) and fills
 * pay; -1 with a diag when it cannot be done. */
static int
check_buy(const struct tg_state *st, int seat, int card, int via,
    const struct order *o, int pay[TG_NRES], struct diag *d)
{
	const struct tg_player *p = &st->pl[seat];
	const struct tg_tribe *t = &st->tribe[card];
	int pays[64][TG_NRES], n, x = o->arg[TG_EXTRA];
	char cost[TG_MSG];

	if (o->arg[1] < 0 || o->arg[1] >= TG_ROWS)
		return diag_set(d, 0, "Your display has rows 1 to 3.");
	if (tg_row_free(p, o->arg[1]) < 0)
		return diag_set(d, 0, "Row %d of your display is full; choose another row.",
		    o->arg[1] + 1);
	n = tg_payments(st, seat, card, via, pays, 64);
	tg_cost_text(t, cost, sizeof cost);
	if (x && !t->has_extra)
		return diag_set(d, 0, "Tribe card %d has no optional cost to pay (%s).", t->id,
		    ORDER("targi", "EXTRA"));
	/* With EXTRA, only the payments that leave the optional part payable. */
	if (x) {
		int m = 0;

		for (int i = 0; i < n; i++)
			if (affords(st, seat, pays[i], t->extra))
				memcpy(pays[m++], pays[i], sizeof pays[i]);
		if (m == 0 && n > 0)
			return diag_set(d, 0, "You cannot pay tribe card %d together with its optional cost (%s).",
			    t->id, cost);
		n = m;
	}
	if (n == 0 && tg_discount(st, seat, card, via))
		return diag_set(d, 0, "You cannot pay for tribe card %d (it costs %s, less your discount).",
		    st->tribe[card].id, cost);
	if (n == 0 && tg_extra_goods(st, seat, via))
		return diag_set(d, 0, "You cannot pay for tribe card %d (it costs %s, plus 1 good).",
		    st->tribe[card].id, cost);
	if (n == 0)
		return diag_set(d, 0, "You cannot pay for tribe card %d (it costs %s).",
		    st->tribe[card].id, cost);
	if (o->arg[2]) {
		for (int i = 0; i < n; i++)
			if (memcmp(pays[i], &o->arg[TG_PAY], sizeof(int) * TG_NRES) == 0) {
				memcpy(pay, pays[i], sizeof(int) * TG_NRES);
				return 0;
			}
	} else if (n == 1) {
		memcpy(pay, pays[0], sizeof(int) * TG_NRES);
		return 0;
	}
	{
		struct buf b = BUF_INIT;
		char txt[48];

		for (int i = 0; i < n; i++) {
			pay_text(pays[i], txt, sizeof txt);
			buf_printf(&b, "%s\"PAY %s\"", i ? ", " : "", txt);
		}
		/* The list is of order texts, the same in every language. */
		if (o->arg[2])
			diag_set(d, 0, "You cannot pay that for tribe card %d (cost %s); add one of: %s.",
			    st->tribe[card].id, cost, b.p);
		else
			diag_set(d, 0, "There are several ways to pay for tribe card %d (cost %s); add one of: %s.",
			    st->tribe[card].id, cost, b.p);
		buf_free(&b);
	}
	return -1;
}

static void
do_pay(struct tg_state *st, int seat, const int pay[TG_NRES])
{
	struct tg_player *p = &st->pl[seat];
	int g = pay[3], fromcard = g < p->card_gold ? g : p->card_gold;

	for (int k = 0; k < 3; k++)
		tg_take(st, seat, k, pay[k]);
	tg_take(st, seat, TG_W, pay[TG_W]);
	p->card_gold -= fromcard;
	st->supply[TG_G] += fromcard;
	tg_take(st, seat, TG_G, g - fromcard);
}

int
tg_display_card(struct tg_state *st, int seat, int card, int row,
    struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	int slot = tg_row_free(p, row);

	if (slot < 0)
		return -1;
	p->display[slot] = card;
	ev_emit(ev, VIS_ALL, "%s displays tribe card %d (%s, %d VP) in row %d.",
	    p->name, st->tribe[card].id, tg_symbol_term(st->tribe[card].symbol),
	    st->tribe[card].vp, row + 1);
	if (tg_displayed(p) == TG_SLOTS && !st->end_after_round) {
		st->end_after_round = 1;
		ev_emit(ev, VIS_ALL, "%s has displayed a 12th card: the game ends after this round.",
		    p->name);
	}
	tg_on_display(st, seat, card, ev);
	return 0;
}

static void
buy(struct tg_state *st, int seat, int card, int row, const int pay[TG_NRES],
    int extra, struct evsink *ev)
{
	const struct tg_tribe *tr = &st->tribe[card];
	char t[48];

	pay_text(pay, t, sizeof t);
	ev_emit(ev, VIS_ALL, "%s pays %s.", st->pl[seat].name, t);
	do_pay(st, seat, pay);
	if (extra) {
		/* The bracketed VP come now, as tokens; the card's own VP
		 * stay the ones outside the brackets. */
		do_pay(st, seat, tr->extra);
		tg_give(st, seat, TG_VP, tr->extra_vp);
		pay_text(tr->extra, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s also pays the optional %s and takes %d VP.",
		    st->pl[seat].name, t, tr->extra_vp);
	}
	tg_display_card(st, seat, card, row, ev);
}

void
tg_gain_goods_card(struct tg_state *st, int seat, const int res[TG_NRES],
    struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	char t[48];

	for (int k = 0; k < TG_NRES; k++) {
		if (res[k] <= 0)
			continue;
		tg_give(st, seat, k, res[k]);
		if (k < TG_G) {
			p->got[k] = 1;
			p->got_any = 1;
		}
	}
	tg_spec_said(res, t, sizeof t);
	ev_emit(ev, VIS_ALL, "%s takes %s.", p->name, t);
	tg_goods_bonus(st, seat, ev);
}

/* The used central card leaves; a card of the other kind comes face down.
 * A second player's marker on it gets nothing (the expansion's text). */
void
tg_replace_central(struct tg_state *st, int pos, struct evsink *ev)
{
	if (st->cen_type[pos] == CEN_GOODS) {
		st->gdisc[st->ngdisc++] = st->cen_card[pos];
		st->cen_card[pos] = tg_draw_tribe(st);
		st->cen_type[pos] = st->cen_card[pos] < 0 ? CEN_EMPTY : CEN_TRIBE;
	} else {
		st->cen_card[pos] = tg_draw_goods(st, ev);
		st->cen_type[pos] = st->cen_card[pos] < 0 ? CEN_EMPTY : CEN_GOODS;
	}
	st->cen_down[pos] = st->cen_type[pos] != CEN_EMPTY;
	st->marker_at[pos] = -1;
	st->marker_also[pos] = -1;
}

/* The marker that used a card, or let it be, leaves it; a second
 * player's marker there may now use it. */
static void
marker_leave(struct tg_state *st, int pos)
{
	st->marker_at[pos] = st->marker_also[pos];
	st->marker_also[pos] = -1;
}

/* The 238-style hand play is open when it could be paid into some row. */
static int
hand_play_open(const struct tg_state *st, int seat)
{
	const struct tg_player *p = &st->pl[seat];
	int pays[64][TG_NRES], r;

	if (p->hand < 0 || p->hand_round >= st->round ||
	    !tg_has_effect(st, seat, EF_PLAY_WITHOUT_NOBLE))
		return 0;
	for (r = 0; r < TG_ROWS; r++)
		if (tg_row_free(p, r) >= 0)
			break;
	return r < TG_ROWS && tg_payments(st, seat, p->hand, VIA_HAND, pays, 64) > 0;
}

static int
cards_left(const struct tg_state *st, int seat)
{
	for (int n = 1; n <= TG_NBORDER; n++)
		if (st->targi_at[n] == seat)
			return 1;
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (st->marker_at[i] == seat)
			return 1;
	if (tg_dune_has(st, seat) || (st->pl[seat].favour && !st->pl[seat].ended))
		return 1;
	return st->sub != SUB_NONE ||
	    (!st->pl[seat].ended && hand_play_open(st, seat));
}

/* Only an action token keeps seat in the last round's actions. */
int
tg_token_only(const struct tg_state *st, int seat)
{
	return !cards_left(st, seat) && tg_token_wait(st, seat);
}

int
tg_has_actions(const struct tg_state *st, int seat)
{
	return cards_left(st, seat) || tg_token_wait(st, seat);
}

static void
close_merchant(struct tg_state *st, int seat)
{
	if (st->sub == SUB_MERCHANT) {
		st->sub = SUB_NONE;
		if (st->targi_at[5] == seat)
			st->targi_at[5] = -1;
		for (int n = 1; n <= TG_NBORDER; n++)
			if (st->targi_at[n] == seat && st->border[n].kind == BK_MERCHANT)
				st->targi_at[n] = -1;
	}
}

static int
need_border(const struct tg_state *st, int seat, int kind, const char *what,
    struct diag *d)
{
	int n = own_border(st, seat, kind);

	if (n == 0)
		return diag_set(d, 0, "You have no Targi on the %s this round (or you have used it).",
		    what);
	return n;
}

static int
need_marker(const struct tg_state *st, int seat, int pos, struct diag *d)
{
	char name[3];

	if (pos < 0 || pos >= TG_NCENTRAL)
		return diag_set(d, 0, "Name a central card as A1 to C3 (column letter, row number).");
	tg_pos_name(pos, name);
	if (st->marker_at[pos] != seat)
		return diag_set(d, 0, "You have no tribe marker on %s.", name);
	return 0;
}

/* The expansion's Tribal expansion card: discarding the drawn card costs
 * water, unless the player can neither pay it nor keep nor display the card
 * (then it goes for nothing, so no one is ever stuck). */
static int
drawn_discard_water(const struct tg_state *st, int seat)
{
	const struct tg_player *p = &st->pl[seat];
	int w = 0, pays[64][TG_NRES], r;

	for (int b = 1; b <= TG_NBORDER; b++)
		if (st->border[b].kind == BK_EXPAND)
			w = st->border[b].discard_water;
	if (st->sub_dune >= 0 || w == 0 || p->res[TG_W] >= w)
		return st->sub_dune >= 0 ? 0 : w;
	for (r = 0; r < TG_ROWS; r++)
		if (tg_row_free(p, r) >= 0)
			break;
	if (p->hand < 0 || (r < TG_ROWS &&
	    tg_payments(st, seat, st->sub_card, VIA_CARD, pays, 64) > 0))
		return -1;	/* may not discard: keep or display it */
	return 0;
}

static int
drawn_decision(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int card = st->sub_card, pay[TG_NRES];

	switch (o->kind) {
	case K_BUY:
		if (o->arg[0] != TG_DRAWN)
			break;
		if (check_buy(st, seat, card, VIA_CARD, o, pay, d) < 0)
			return -1;
		st->sub = SUB_NONE;
		buy(st, seat, card, o->arg[1], pay, o->arg[TG_EXTRA], ev);
		return 0;
	case K_KEEP:
		if (o->arg[0] != TG_DRAWN)
			break;
		if (p->hand >= 0)
			return diag_set(d, 0, "You already hold a hand card; display the drawn card (%s) or %s it.",
			    ORDER("targi", "BUY ROW n"), ORDER("targi", "DISCARD"));
		p->hand = card;
		p->hand_round = st->round;
		/* A card drawn face up from the deck's top was seen by both. */
		p->hand_secret = !st->x.tribe_top;
		st->sub = SUB_NONE;
		ev_emit(ev, VIS_ALL, "%s keeps the drawn tribe card as hand card.", p->name);
		return 0;
	case K_DISCARD:
		if (o->arg[0] != TG_DRAWN)
			break;
		if (drawn_discard_water(st, seat) < 0)
			return diag_set(d, 0, "Discarding the drawn card costs water you do not have; display it (%s) or %s it.",
			    ORDER("targi", "BUY ROW n"), ORDER("targi", "KEEP"));
		if (drawn_discard_water(st, seat) > 0) {
			int w = drawn_discard_water(st, seat);

			tg_take(st, seat, TG_W, w);
			ev_emit(ev, VIS_ALL, "%s pays %d water to discard the drawn card.",
			    p->name, w);
		}
		st->tdisc[st->ntdisc++] = card;
		st->sub = SUB_NONE;
		ev_emit(ev, VIS_ALL, "%s discards tribe card %d.", p->name,
		    st->tribe[card].id);
		return 0;
	}
	return diag_set(d, 0, "First decide on the tribe card you drew: %s, %s or %s.",
	    ORDER("targi", "BUY ROW n"), ORDER("targi", "KEEP"), ORDER("targi", "DISCARD"));
}

static int
choose_goods(struct tg_state *st, int seat, const struct order *o, int n,
    int as_goods_card, struct evsink *ev, struct diag *d)
{
	const int *s = o->arg;

	if (o->kind != K_CHOOSE) {
		char m[TG_MSG];

		msg_nfmt(m, sizeof m, (unsigned long)n, "First choose %d good: %s followed by e.g. %s.",
		    "First choose %d goods: %s followed by e.g. %s.", n, ORDER("targi", "CHOOSE"),
		    n == 1 ? "S" : "1D 1S");
		return tg_diag_enc(d, m);
	}
	if (s[TG_G] || s[TG_VP] || s[TG_W] || s[TG_D] < 0 || s[TG_S] < 0 ||
	    s[TG_P] < 0 || s[TG_D] + s[TG_S] + s[TG_P] != n) {
		char m[TG_MSG];

		msg_nfmt(m, sizeof m, (unsigned long)n, "Choose exactly %d good (dates D, salt S or pepper P).",
		    "Choose exactly %d goods (dates D, salt S or pepper P).", n);
		return tg_diag_enc(d, m);
	}
	st->sub = SUB_NONE;
	if (as_goods_card)
		tg_gain_goods_card(st, seat, s, ev);
	else {
		char t[48];

		for (int k = 0; k < 3; k++)
			tg_give(st, seat, k, s[k]);
		tg_spec_said(s, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s takes %s (tribe card %d).",
		    st->pl[seat].name, t, st->tribe[st->sub_card].id);
	}
	return 0;
}

static int
trade(struct tg_state *st, int seat, const struct order *o, struct evsink *ev,
    struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int k = o->arg[0], n = o->arg[1], get = o->arg[2];

	if (k < 0 || k > 2 || get < 0 || get > 3)
		return diag_set(d, 0, "Trade goods (D, S, P) for gold (G) or another good.");
	if (n == 3 && get != TG_G)
		return diag_set(d, 0, "3 goods of one kind trade for 1 gold: %s.",
		    ORDER("targi", "TRADE 3D FOR 1G"));
	if (n == 2 && (get == TG_G || get == k))
		return diag_set(d, 0, "2 goods of one kind trade for 1 good of another kind, e.g. %s.",
		    ORDER("targi", "TRADE 2D FOR 1S"));
	if (n == 1 && !tg_has_effect(st, seat, EF_MERCHANT_1FOR1))
		return diag_set(d, 0, "Trading 1 good for 1 needs the tribe card that allows it.");
	if (n == 1 && (get == TG_G || get == k))
		return diag_set(d, 0, "1 good trades for 1 good of another kind, e.g. %s.",
		    ORDER("targi", "TRADE 1D FOR 1S"));
	if (n < 1 || n > 3)
		return diag_set(d, 0, "The Merchant trades 3 goods of one kind for 1 gold or 2 for 1 good.");
	if (p->res[k] < n)
		return only(d, k, p->res[k]);
	tg_take(st, seat, k, n);
	tg_give(st, seat, get, 1);
	st->sub = SUB_MERCHANT;
	{
		char give[TG_MSG], got[TG_MSG];

		tg_res_count(give, sizeof give, k, n);
		tg_res_count(got, sizeof got, get, 1);
		ev_emit(ev, VIS_ALL, "%s trades %s for %s at the Merchant.", p->name,
		    give, got);
	}
	return 0;
}

static int
silversmith(struct tg_state *st, int seat, int n10, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int k = o->arg[0], n = o->arg[1], vp;

	if (k == TG_NRES) {
		/* The expansion's Silversmith: 2 goods of any kinds, 1 VP. */
		int s[TG_NRES] = { o->arg[2], o->arg[3], o->arg[4], 0, 0, 0 };
		char t[48];

		if (!st->border[n10].any_kinds || s[0] + s[1] + s[2] != 2)
			return diag_set(d, 0, "The Silversmith takes goods of one kind: 2 (1 VP) or 4 (3 VP), or gold.");
		for (int i = 0; i < 3; i++)
			if (p->res[i] < s[i])
				return only(d, i, p->res[i]);
		for (int i = 0; i < 3; i++)
			tg_take(st, seat, i, s[i]);
		tg_give(st, seat, TG_VP, 1);
		st->targi_at[n10] = -1;
		tg_spec_said(s, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s gives the Silversmith %s for 1 VP.", p->name, t);
		return 0;
	}
	if (k >= 0 && k < 3 && n == 2)
		vp = 1;
	else if (k >= 0 && k < 3 && n == 4)
		vp = 3;
	else if (k == TG_G && n == 1)
		vp = 2;
	else if (k == TG_G && n == 2)
		vp = 4;
	else
		return diag_set(d, 0, "The Silversmith takes 2 goods of one kind (1 VP), 4 of one kind (3 VP), 1 gold (2 VP) or 2 gold (4 VP).");
	if (p->res[k] < n)
		return only(d, k, p->res[k]);
	tg_take(st, seat, k, n);
	tg_give(st, seat, TG_VP, vp);
	st->targi_at[n10] = -1;
	{
		char give[TG_MSG];

		tg_res_count(give, sizeof give, k, n);
		ev_emit(ev, VIS_ALL, "%s gives the Silversmith %s for %d VP.", p->name,
		    give, vp);
	}
	return 0;
}

int
tg_action(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int n, pos, card, pay[TG_NRES];
	char name[3], pn[TG_MSG];

	switch (st->sub) {
	case SUB_DRAWN:
		if (drawn_decision(st, seat, o, ev, d) < 0)
			return -1;
		st->sub_dune = -1;
		return 0;
	case SUB_CARAVAN:
		return choose_goods(st, seat, o, 1, 1, ev, d);
	case SUB_BONUS:
		return choose_goods(st, seat, o, st->sub_n, 0, ev, d);
	case SUB_ONCE:
		return tg_once_resolve(st, seat, o, ev, d);
	case SUB_FAVOUR:
		return tg_favour(st, seat, o, ev, d);
	case SUB_LIMIT:
		if (o->kind != K_DROP)
			return diag_set(d, 0, "You hold more than 10 goods: put back the excess with %s, e.g. %s.",
			    ORDER("targi", "DROP"), ORDER("targi", "DROP 1D 1S"));
		if (tg_limit_drop(st, seat, o->arg, ev, d) < 0)
			return -1;
		st->sub = SUB_NONE;
		p->fin = 2;
		return 0;
	}
	if (p->fin != 0)
		return diag_set(d, 0, "Your actions for this round are over.");
	/* Any other order ends a Merchant visit (PASS on it ends it too). */
	if (o->kind != K_TRADE && !(o->kind == K_PASS && o->arg[0] >= 1 &&
	    o->arg[0] <= TG_NBORDER && st->border[o->arg[0]].kind == BK_MERCHANT))
		close_merchant(st, seat);

	switch (o->kind) {
	case K_TAKE:
		if (o->arg[0] >= 100) {
			pos = o->arg[0] - 100;
			if (need_marker(st, seat, pos, d) < 0)
				return -1;
			tg_pos_name(pos, name);
			if (st->cen_type[pos] != CEN_GOODS || st->cen_down[pos])
				return diag_set(d, 0, "%s is not a goods card.", name);
			card = st->cen_card[pos];
			if (st->goods[card].choice) {
				int res[TG_NRES] = { 0 };

				if (o->arg[1] < 0 || o->arg[1] > 2)
					return diag_set(d, 0, "%s lets you choose one good: %s %s D, %s %s S or %s %s P.",
					    name, ORDER("targi", "TAKE"), name, ORDER("targi", "TAKE"), name,
					    ORDER("targi", "TAKE"), name);
				res[o->arg[1]] = 1;
				tg_gain_goods_card(st, seat, res, ev);
			} else {
				if (o->arg[1] >= 0)
					return diag_set(d, 0, "%s shows fixed goods: just %s %s.",
					    name, ORDER("targi", "TAKE"), name);
				tg_gain_goods_card(st, seat, st->goods[card].res, ev);
			}
			tg_replace_central(st, pos, ev);
			return 0;
		}
		n = o->arg[0];
		if (n < 1 || n > TG_NBORDER || st->targi_at[n] != seat)
			return diag_set(d, 0, "You have no Targi on card %d.", n);
		if (st->border[n].kind == BK_WATER) {
			if (o->arg[1] >= 0)
				return diag_set(d, 0, "Card %d gives water: just %s %d.", n,
				    ORDER("targi", "TAKE"), n);
			tg_give(st, seat, TG_W, st->border[n].water);
			st->targi_at[n] = -1;
			ev_emit(ev, VIS_ALL, "%s takes %d water from card %d.", p->name,
			    st->border[n].water, n);
			return 0;
		}
		if (st->border[n].kind != BK_GOODS)
			return diag_set(d, 0, "Card %d (%s) does not give goods to %s.",
			    n, tg_place_name(st, n, pn, sizeof pn), ORDER("targi", "TAKE"));
		if (o->arg[1] >= 0)
		{
			char one[TG_MSG];

			tg_res_count(one, sizeof one, st->border[n].gives, 1);
			return diag_set(d, 0, "Card %d gives %s: just %s %d.", n, one,
			    ORDER("targi", "TAKE"), n);
		}
		/* Border cards are not goods cards: no tribe card bonus. */
		tg_give(st, seat, st->border[n].gives, 1);
		st->targi_at[n] = -1;
		{
			char one[TG_MSG];

			tg_res_count(one, sizeof one, st->border[n].gives, 1);
			ev_emit(ev, VIS_ALL, "%s takes %s from card %d.", p->name, one, n);
		}
		return 0;
	case K_BUY:
	case K_KEEP:
	case K_DISCARD:
		if (o->arg[0] < 100 && o->kind == K_BUY)
			return diag_set(d, 0, "Name the central card, e.g. %s.",
			    ORDER("targi", "BUY B2 ROW 1"));
		if (o->arg[0] < 100 && o->kind == K_KEEP)
			return diag_set(d, 0, "Name the central card, e.g. %s.",
			    ORDER("targi", "KEEP B2"));
		if (o->arg[0] < 100)
			return diag_set(d, 0, "Name the central card, e.g. %s.",
			    ORDER("targi", "DISCARD B2"));
		pos = o->arg[0] - 100;
		if (need_marker(st, seat, pos, d) < 0)
			return -1;
		tg_pos_name(pos, name);
		if (st->cen_type[pos] != CEN_TRIBE || st->cen_down[pos])
			return diag_set(d, 0, "%s is not a tribe card.", name);
		card = st->cen_card[pos];
		if (o->kind == K_BUY) {
			if (check_buy(st, seat, card, VIA_CARD, o, pay, d) < 0)
				return -1;
			tg_replace_central(st, pos, ev);
			buy(st, seat, card, o->arg[1], pay, o->arg[TG_EXTRA], ev);
		} else if (o->kind == K_KEEP) {
			if (p->hand >= 0)
				return diag_set(d, 0, "You already hold a hand card; you may only display (%s) or %s %s.",
				    ORDER("targi", "BUY"), ORDER("targi", "DISCARD"), name);
			tg_replace_central(st, pos, ev);
			p->hand = card;
			p->hand_round = st->round;
			p->hand_secret = 0;
			ev_emit(ev, VIS_ALL, "%s takes tribe card %d from %s into hand.",
			    p->name, st->tribe[card].id, name);
		} else {
			tg_replace_central(st, pos, ev);
			st->tdisc[st->ntdisc++] = card;
			ev_emit(ev, VIS_ALL, "%s takes tribe card %d from %s and discards it.",
			    p->name, st->tribe[card].id, name);
		}
		return 0;
	case K_NOBLE:
		if ((n = need_border(st, seat, BK_NOBLE, TERM("targi.place.noble"), d)) < 0)
			return -1;
		if (p->hand < 0)
			return diag_set(d, 0, "You hold no hand card for the Noble; %s %d instead.",
			    ORDER("targi", "PASS"), n);
		card = p->hand;
		if (o->arg[0] == 1) {
			int g = o->arg[2] - 1;

			if (st->border[n].noble_gift && (g < 0 || g > 2))
				return diag_set(d, 0, "Discarding at this Noble gives 1 water and 1 good: say which, e.g. %s.",
				    ORDER("targi", "NOBLE DISCARD S"));
			if (!st->border[n].noble_gift && g >= 0)
				return diag_set(d, 0, "This Noble gives nothing for a discarded card: just %s.",
				    ORDER("targi", "NOBLE DISCARD"));
			st->tdisc[st->ntdisc++] = card;
			p->hand = -1;
			st->targi_at[n] = -1;
			ev_emit(ev, VIS_ALL, "%s discards hand card %d at the Noble.",
			    p->name, st->tribe[card].id);
			if (g >= 0) {
				tg_give(st, seat, TG_W, 1);
				tg_give(st, seat, g, 1);
				char one[TG_MSG];

				tg_res_count(one, sizeof one, g, 1);
				ev_emit(ev, VIS_ALL, "%s takes 1 water and %s from the Noble.",
				    p->name, one);
			}
			return 0;
		}
		if (p->hand_round >= st->round)
			return diag_set(d, 0, "A hand card can be played only in a later round than the one you took it in.");
		if (check_buy(st, seat, card, VIA_NOBLE, o, pay, d) < 0)
			return -1;
		p->hand = -1;
		st->targi_at[n] = -1;
		buy(st, seat, card, o->arg[1], pay, o->arg[TG_EXTRA], ev);
		return 0;
	case K_HAND:
		if (!tg_has_effect(st, seat, EF_PLAY_WITHOUT_NOBLE))
			return diag_set(d, 0, "Only the Noble lets you play your hand card (or the tribe card that allows it).");
		if (p->hand < 0)
			return diag_set(d, 0, "You hold no hand card.");
		card = p->hand;
		if (p->hand_round >= st->round)
			return diag_set(d, 0, "A hand card can be played only in a later round than the one you took it in.");
		if (check_buy(st, seat, card, VIA_HAND, o, pay, d) < 0)
			return -1;
		p->hand = -1;
		buy(st, seat, card, o->arg[1], pay, o->arg[TG_EXTRA], ev);
		return 0;
	case K_PASS:
		n = o->arg[0];
		if (n >= TG_DUNE(0)) {
			n -= TG_DUNE(0);
			if (n >= TG_DUNES || !p->dune_at[n])
				return diag_set(d, 0, "You have no Targi on sand dune %d.", n + 1);
			ev_emit(ev, VIS_ALL, "%s leaves sand dune %d unused.", p->name, n + 1);
			tg_dune_leave(st, seat, n, ev);
			return 0;
		}
		if (n >= 100) {
			pos = n - 100;
			if (need_marker(st, seat, pos, d) < 0)
				return -1;
			marker_leave(st, pos);
			tg_pos_name(pos, name);
			ev_emit(ev, VIS_ALL, "%s lets %s be.", p->name, name);
			return 0;
		}
		if (n == 0)
			return diag_set(d, 0, "There is no offer to skip now; say which card you leave unused, e.g. %s or %s.",
			    ORDER("targi", "PASS 5"), ORDER("targi", "PASS B2"));
		if (n < 1 || n > TG_NBORDER || st->targi_at[n] != seat)
			return diag_set(d, 0, "You have no Targi on card %d (any more).", n);
		st->targi_at[n] = -1;
		if (st->border[n].kind == BK_MERCHANT)
			st->sub = SUB_NONE;
		ev_emit(ev, VIS_ALL, "%s leaves card %d (%s).", p->name, n,
		    tg_place_name(st, n, pn, sizeof pn));
		return 0;
	case K_TRADE:
		if (st->sub != SUB_MERCHANT &&
		    need_border(st, seat, BK_MERCHANT, TERM("targi.place.merchant"), d) < 0)
			return -1;
		return trade(st, seat, o, ev, d);
	case K_SILVER:
		if ((n = need_border(st, seat, BK_SILVER, TERM("targi.place.silversmith"), d)) < 0)
			return -1;
		return silversmith(st, seat, n, o, ev, d);
	case K_MIRAGE: {
		int from = o->arg[0], to = o->arg[1];
		char n2[3];

		if ((n = need_border(st, seat, BK_FATA, TERM("targi.place.fata_morgana"), d)) < 0)
			return -1;
		if (need_marker(st, seat, from, d) < 0)
			return -1;
		if (to < 0 || to >= TG_NCENTRAL)
			return diag_set(d, 0, "Name the card to move to as A1 to C3.");
		tg_pos_name(to, n2);
		if (st->marker_at[to] >= 0)
			return diag_set(d, 0, "%s already has a tribe marker on it.", n2);
		if (st->cen_type[to] == CEN_EMPTY || st->cen_down[to])
			return diag_set(d, 0, "%s is face down or empty; move to a face-up card.", n2);
		if (st->border[n].adjacent &&
		    abs(from / 3 - to / 3) + abs(from % 3 - to % 3) != 1)
			return diag_set(d, 0, "This Fata Morgana moves a marker only to a neighbouring card (above, below, left or right).");
		marker_leave(st, from);
		st->marker_at[to] = seat;
		st->targi_at[n] = -1;
		tg_pos_name(from, name);
		ev_emit(ev, VIS_ALL, "%s moves a tribe marker from %s to %s (Fata Morgana).",
		    p->name, name, n2);
		return 0;
	}
	case K_CARAVAN: {
		int res[TG_NRES] = { 0 };

		if ((n = need_border(st, seat, BK_CARAVAN, TERM("targi.place.caravan"), d)) < 0)
			return -1;
		if ((card = tg_draw_goods(st, ev)) < 0)
			return diag_set(d, 0, "The goods deck and its discards are empty; the Caravan has nothing to give.");
		st->targi_at[n] = -1;
		st->gdisc[st->ngdisc++] = card;
		if (!st->goods[card].choice) {
			ev_emit(ev, VIS_ALL, "%s turns up a goods card at the Caravan.", p->name);
			tg_gain_goods_card(st, seat, st->goods[card].res, ev);
		} else if (o->arg[0] >= 0 && o->arg[0] < 3) {
			ev_emit(ev, VIS_ALL, "%s turns up a goods card of free choice at the Caravan.",
			    p->name);
			res[o->arg[0]] = 1;
			tg_gain_goods_card(st, seat, res, ev);
		} else {
			ev_emit(ev, VIS_ALL, "%s turns up a goods card of free choice at the Caravan.",
			    p->name);
			st->sub = SUB_CARAVAN;
			st->sub_card = card;
			st->sub_n = 1;
		}
		return 0;
	}
	case K_EXPAND:
		if ((n = need_border(st, seat, BK_EXPAND, TERM("targi.place.tribal_expansion"), d)) < 0)
			return -1;
		if ((card = tg_draw_tribe(st)) < 0)
			return diag_set(d, 0, "The tribe deck is empty; the Tribal expansion has nothing to give.");
		st->targi_at[n] = -1;
		st->sub = SUB_DRAWN;
		st->sub_card = card;
		if (st->x.tribe_top)
			ev_emit(ev, VIS_ALL, "%s draws tribe card %d, face up on the deck, at the Tribal expansion.",
			    p->name, st->tribe[card].id);
		else
			ev_emit(ev, VIS_ALL, "%s draws a tribe card at the Tribal expansion.", p->name);
		ev_emit(ev, VIS_SEAT(seat), "You drew tribe card %d (%s, %d VP).",
		    st->tribe[card].id, tg_symbol_term(st->tribe[card].symbol),
		    st->tribe[card].vp);
		return 0;
	case K_DUNE:
		return tg_dune_action(st, seat, o, ev, d);
	case K_FAVOUR:
		return tg_favour(st, seat, o, ev, d);
	case K_END:
		for (n = 1; n <= TG_NBORDER; n++)
			if (st->targi_at[n] == seat)
				st->targi_at[n] = -1;
		for (pos = 0; pos < TG_NCENTRAL; pos++)
			if (st->marker_at[pos] == seat)
				marker_leave(st, pos);
		for (n = 0; n < TG_DUNES; n++)
			if (p->dune_at[n])
				tg_dune_leave(st, seat, n, ev);
		p->favour = 0;
		ev_emit(ev, VIS_ALL, "%s ends the actions of this round.", p->name);
		p->ended = 1;
		return 0;
	case K_CHOOSE:
	case K_SWAP:
		return diag_set(d, 0, "There is nothing to choose now.");
	case K_DROP:
		return diag_set(d, 0, "You do not hold more than 10 goods now.");
	default:
		return diag_set(d, 0, "That order does not belong to the actions of a round.");
	}
}

static struct order *
add(struct order_list *l, int kind, int a0, int a1)
{
	struct order *o = order_list_add(l);

	o->kind = kind;
	o->nargs = ORDER_ARGS;
	for (int i = 0; i < ORDER_ARGS; i++)
		o->arg[i] = 0;
	o->arg[0] = a0;
	o->arg[1] = a1;
	return o;
}

static void
add_buys(const struct tg_state *st, int seat, struct order_list *l, int kind,
    int target, int card, int via)
{
	const struct tg_tribe *t = &st->tribe[card];
	int pays[64][TG_NRES], n = tg_payments(st, seat, card, via, pays, 64);

	for (int r = 0; r < TG_ROWS; r++) {
		if (tg_row_free(&st->pl[seat], r) < 0)
			continue;
		for (int i = 0; i < n; i++)
			for (int x = 0; x <= t->has_extra; x++) {
				struct order *o;

				if (x && !affords(st, seat, pays[i], t->extra))
					continue;
				o = add(l, kind, target, r);
				o->arg[2] = 1;
				memcpy(&o->arg[TG_PAY], pays[i], sizeof(int) * TG_NRES);
				o->arg[TG_EXTRA] = x;
			}
	}
}

static void
add_goods_choices(struct order_list *l, int n)
{
	for (int a = 0; a <= n; a++)
		for (int b = 0; a + b <= n; b++) {
			struct order *o = add(l, K_CHOOSE, 0, 0);

			o->arg[TG_D] = a;
			o->arg[TG_S] = b;
			o->arg[TG_P] = n - a - b;
		}
}

/* The legal orders of the acting player in the actions phase. */
void
tg_action_orders(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];
	struct order *o;
	int n, pos;

	switch (st->sub) {
	case SUB_DRAWN:
		add_buys(st, seat, l, K_BUY, TG_DRAWN, st->sub_card, VIA_CARD);
		if (p->hand < 0)
			add(l, K_KEEP, TG_DRAWN, 0);
		if (drawn_discard_water(st, seat) >= 0)
			add(l, K_DISCARD, TG_DRAWN, 0);
		return;
	case SUB_CARAVAN:
	case SUB_BONUS:
		add_goods_choices(l, st->sub_n);
		return;
	case SUB_ONCE:
		tg_once_choices(st, seat, l);
		return;
	case SUB_LIMIT:
		tg_limit_options(st, seat, l);
		return;
	case SUB_FAVOUR:
		tg_favour_orders(st, seat, l);
		return;
	}
	if (p->fin != 0)
		return;
	for (n = 1; n <= TG_NBORDER; n++) {
		if (st->targi_at[n] != seat)
			continue;
		switch (st->border[n].kind) {
		case BK_GOODS:
		case BK_WATER:
			add(l, K_TAKE, n, -1);
			break;
		case BK_NOBLE:
			if (p->hand < 0)
				break;
			if (p->hand_round < st->round)
				add_buys(st, seat, l, K_NOBLE, 0, p->hand, VIA_NOBLE);
			if (!st->border[n].noble_gift)
				add(l, K_NOBLE, 1, 0);
			else
				for (int k = 0; k < 3; k++) {
					o = add(l, K_NOBLE, 1, 0);
					o->arg[2] = k + 1;
				}
			break;
		case BK_MERCHANT:
			for (int k = 0; k < 3; k++) {
				if (p->res[k] >= 3) {
					o = add(l, K_TRADE, k, 3);
					o->arg[2] = TG_G;
				}
				for (int j = 0; j < 3; j++) {
					if (j == k)
						continue;
					if (p->res[k] >= 2) {
						o = add(l, K_TRADE, k, 2);
						o->arg[2] = j;
					}
					if (p->res[k] >= 1 &&
					    tg_has_effect(st, seat, EF_MERCHANT_1FOR1)) {
						o = add(l, K_TRADE, k, 1);
						o->arg[2] = j;
					}
				}
			}
			break;
		case BK_FATA:
			for (int f = 0; f < TG_NCENTRAL; f++) {
				if (st->marker_at[f] != seat)
					continue;
				for (int t = 0; t < TG_NCENTRAL; t++)
					if (st->marker_at[t] < 0 &&
					    st->cen_type[t] != CEN_EMPTY &&
					    !st->cen_down[t] &&
					    (!st->border[n].adjacent ||
					    abs(f / 3 - t / 3) + abs(f % 3 - t % 3) == 1))
						add(l, K_MIRAGE, f, t);
			}
			break;
		case BK_SILVER:
			for (int k = 0; k < 3; k++) {
				if (p->res[k] >= 2)
					add(l, K_SILVER, k, 2);
				if (p->res[k] >= 4)
					add(l, K_SILVER, k, 4);
			}
			if (p->res[TG_G] >= 1)
				add(l, K_SILVER, TG_G, 1);
			if (p->res[TG_G] >= 2)
				add(l, K_SILVER, TG_G, 2);
			for (int a = 0; a < 3 && st->border[n].any_kinds; a++)
				for (int b = a + 1; b < 3; b++)
					if (p->res[a] >= 1 && p->res[b] >= 1) {
						o = add(l, K_SILVER, TG_NRES, 0);
						o->arg[2 + a] = 1;
						o->arg[2 + b] = 1;
					}
			break;
		case BK_CARAVAN:
			if (st->ngdeck + st->ngdisc > 0)
				add(l, K_CARAVAN, -1, 0);
			break;
		case BK_EXPAND:
			if (st->ntdeck > 0)
				add(l, K_EXPAND, 0, 0);
			break;
		}
		add(l, K_PASS, n, 0);
	}
	for (pos = 0; pos < TG_NCENTRAL; pos++) {
		if (st->marker_at[pos] != seat)
			continue;
		if (!st->cen_down[pos] && st->cen_type[pos] == CEN_GOODS) {
			if (st->goods[st->cen_card[pos]].choice)
				for (int k = 0; k < 3; k++)
					add(l, K_TAKE, TG_CEN(pos), k);
			else
				add(l, K_TAKE, TG_CEN(pos), -1);
		} else if (!st->cen_down[pos] && st->cen_type[pos] == CEN_TRIBE) {
			add_buys(st, seat, l, K_BUY, TG_CEN(pos), st->cen_card[pos],
			    VIA_CARD);
			if (p->hand < 0)
				add(l, K_KEEP, TG_CEN(pos), 0);
			add(l, K_DISCARD, TG_CEN(pos), 0);
		}
		add(l, K_PASS, TG_CEN(pos), 0);
	}
	if (hand_play_open(st, seat))
		add_buys(st, seat, l, K_HAND, 0, p->hand, VIA_HAND);
	tg_dune_orders(st, seat, l);
	if (p->favour)
		tg_favour_orders(st, seat, l);
	add(l, K_END, 0, 0);
}
