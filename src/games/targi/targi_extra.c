/* targi_extra: the expansion's Targia and her favour, water and its
 * exchange, action tokens, and the last raid that takes a display card.
 * Exchanges and tokens are "at any time": they are accepted whenever the
 * player is the one waited for, and leave the open decision as it was. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

/* ---- the Targia ---- */

void
tg_targia_move(struct tg_state *st, struct evsink *ev)
{
	char pn[TG_MSG];

	if (st->round == 1)
		st->targia = 15;
	else {
		st->targia = st->targia == 1 ? TG_NBORDER : st->targia - 1;
		if (st->x.targia_skip && st->targia % 4 == 0)
			st->targia--;
	}
	ev_emit(ev, VIS_ALL, "The Targia moves to %d (%s).", st->targia,
	    tg_place_name(st, st->targia, pn, sizeof pn));
}

static struct order *
add(struct order_list *l, int kind, int a0, int a1)
{
	struct order *o = order_list_add(l);

	memset(o, 0, sizeof *o);
	o->kind = kind;
	o->nargs = ORDER_ARGS;
	o->arg[0] = a0;
	o->arg[1] = a1;
	return o;
}

void
tg_favour_orders(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];
	int more = st->ngdeck + st->ngdisc > 0;

	if (st->sub == SUB_FAVOUR) {
		if (st->goods[st->sub_card].choice)
			for (int k = 0; k < 3; k++)
				add(l, K_FAVOUR, FV_KEEP, k);
		else
			add(l, K_FAVOUR, FV_KEEP, -1);
		for (int k = 0; k < 3 && more; k++)
			if (p->res[k] > 0)
				add(l, K_FAVOUR, FV_DRAW, k);
		return;
	}
	for (int k = 0; k < 3; k++)
		add(l, K_FAVOUR, FV_TAKE, k);
	for (int k = 0; k < 3 && more; k++)
		if (p->res[k] > 0)
			add(l, K_FAVOUR, FV_DRAW, k);
	add(l, K_FAVOUR, FV_PASS, -1);
}

/* Pays 1 good and turns up the next goods card for the favour. */
static int
favour_draw(struct tg_state *st, int seat, int k, struct evsink *ev,
    struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int c;

	if (k < 0 || k > 2 || p->res[k] < 1)
		return diag_set(d, 0, "Pay 1 good you hold for the next goods card, e.g. %s.",
		    ORDER("targi", "FAVOUR PAY S"));
	if (st->ngdeck + st->ngdisc == 0)
		return diag_set(d, 0, "The goods deck and its discards are empty; take what the card shows (%s).",
		    ORDER("targi", "FAVOUR KEEP"));
	tg_take(st, seat, k, 1);
	if ((c = tg_draw_goods(st, ev)) < 0)
		return diag_set(d, 0, "The goods deck is empty.");
	st->sub = SUB_FAVOUR;
	st->sub_card = c;
	char paid[TG_MSG];

	tg_res_count(paid, sizeof paid, k, 1);
	if (st->goods[c].choice)
		ev_emit(ev, VIS_ALL, "%s pays %s to the Targia and turns up a goods card: one good of free choice.",
		    p->name, paid);
	else {
		char t[48];

		tg_spec_said(st->goods[c].res, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s pays %s to the Targia and turns up a goods card: %s.",
		    p->name, paid, t);
	}
	return 0;
}

int
tg_favour(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int k = o->arg[1];

	if (o->kind != K_FAVOUR)
		return diag_set(d, 0, "First take the goods card the Targia turned up (%s) or pay 1 good for the next (%s).",
		    ORDER("targi", "FAVOUR KEEP"), ORDER("targi", "FAVOUR PAY D"));
	if (st->sub == SUB_FAVOUR) {
		if (o->arg[0] == FV_DRAW) {
			st->gdisc[st->ngdisc++] = st->sub_card;
			st->sub = SUB_NONE;
			if (favour_draw(st, seat, k, ev, d) < 0)
				return -1;
			return 0;
		}
		if (o->arg[0] != FV_KEEP)
			return diag_set(d, 0, "Take the goods card the Targia turned up (%s) or pay 1 good for the next (%s).",
			    ORDER("targi", "FAVOUR KEEP"), ORDER("targi", "FAVOUR PAY D"));
		{
			const struct tg_goodscard *g = &st->goods[st->sub_card];
			int res[TG_NRES] = { 0 };

			if (g->choice && (k < 0 || k > 2))
				return diag_set(d, 0, "The card offers a choice: %s, %s or %s.",
				    ORDER("targi", "FAVOUR KEEP D"), ORDER("targi", "FAVOUR KEEP S"), ORDER("targi", "FAVOUR KEEP P"));
			if (!g->choice && k >= 0)
				return diag_set(d, 0, "The card shows fixed goods: just %s.",
				    ORDER("targi", "FAVOUR KEEP"));
			if (g->choice)
				res[k] = 1;
			else
				memcpy(res, g->res, sizeof res);
			st->gdisc[st->ngdisc++] = st->sub_card;
			st->sub = SUB_NONE;
			tg_gain_goods_card(st, seat, res, ev);
		}
		return 0;
	}
	if (!p->favour)
		return diag_set(d, 0, "The Targia's favour is for a player whose Targi stands on her card this round.");
	switch (o->arg[0]) {
	case FV_TAKE:
		if (k < 0 || k > 2)
			return diag_set(d, 0, "Name the good: %s, %s or %s.",
			    ORDER("targi", "FAVOUR D"), ORDER("targi", "FAVOUR S"), ORDER("targi", "FAVOUR P"));
		p->favour = 0;
		tg_give(st, seat, k, 1);
		char one[TG_MSG];

		tg_res_count(one, sizeof one, k, 1);
		ev_emit(ev, VIS_ALL, "%s takes %s as the Targia's favour.", p->name, one);
		return 0;
	case FV_DRAW:
		if (favour_draw(st, seat, k, ev, d) < 0)
			return -1;
		p->favour = 0;
		return 0;
	case FV_PASS:
		p->favour = 0;
		ev_emit(ev, VIS_ALL, "%s lets the Targia's favour go.", p->name);
		return 0;
	}
	return diag_set(d, 0, "%s (take a good) or %s (pay a good, turn up a goods card).",
	    ORDER("targi", "FAVOUR D"), ORDER("targi", "FAVOUR PAY D"));
}

/* ---- water ---- */

void
tg_water_limit(struct tg_state *st, int seat, struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];

	if (p->res[TG_W] > TG_WATER_LIMIT) {
		int n = p->res[TG_W] - TG_WATER_LIMIT;

		tg_take(st, seat, TG_W, n);
		ev_emit(ev, VIS_ALL, "%s pours away %d water to keep 10.", p->name, n);
	}
}

int
tg_free_order(const struct order *o)
{
	return o->kind == K_EXCHANGE || o->kind == K_USE;
}

static int
token_slot(const struct tg_state *st, int seat, int id)
{
	for (int i = 0; i < TG_SLOTS; i++) {
		int c = st->pl[seat].display[i];

		if (c >= 0 && st->tribe[c].id == id && st->pl[seat].tokens[i])
			return i;
	}
	return -1;
}

static int
use_token(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int slot = token_slot(st, seat, o->arg[0]), c;
	const struct tg_tribe *t;
	const int *ch = &o->arg[1];
	char txt[48];

	if (slot < 0)
		return diag_set(d, 0, "You have no action token on a tribe card %d.", o->arg[0]);
	c = p->display[slot];
	t = &st->tribe[c];
	switch (t->effect) {
	case EF_GAIN:
		if (ch[TG_D] + ch[TG_S] + ch[TG_P] + ch[TG_G] + ch[TG_VP] + ch[TG_W])
			return diag_set(d, 0, "Tribe card %d gives what it shows: just %s %d.", t->id,
			    ORDER("targi", "USE"), t->id);
		for (int k = 0; k < TG_NRES; k++)
			if (t->e_give[k] > 0)
				tg_give(st, seat, k, t->e_give[k]);
		tg_spec_said(t->e_give, txt, sizeof txt);
		break;
	case EF_CHOOSE:
		if (ch[TG_G] || ch[TG_VP] || ch[TG_W] || ch[TG_D] < 0 || ch[TG_S] < 0 ||
		    ch[TG_P] < 0 || ch[TG_D] + ch[TG_S] + ch[TG_P] != t->e_n)
		{
			char m[TG_MSG];

			msg_nfmt(m, sizeof m, (unsigned long)t->e_n,
			    "Tribe card %d gives %d good of your choice: %s %d followed by them, e.g. %s %d %s.",
			    "Tribe card %d gives %d goods of your choice: %s %d followed by them, e.g. %s %d %s.",
			    t->id, t->e_n, ORDER("targi", "USE"), t->id, ORDER("targi", "USE"), t->id,
			    t->e_n == 1 ? "1S" : "1D 1S");
			return tg_diag_enc(d, m);
		}
		for (int k = 0; k < 3; k++)
			tg_give(st, seat, k, ch[k]);
		tg_spec_said(ch, txt, sizeof txt);
		break;
	case EF_CONVERT:
		if (ch[TG_D] + ch[TG_S] + ch[TG_P] + ch[TG_G] + ch[TG_VP] + ch[TG_W])
			return diag_set(d, 0, "Tribe card %d converts what it shows: just %s %d.", t->id,
			    ORDER("targi", "USE"), t->id);
		for (int k = 0; k < TG_NRES; k++)
			if (k != TG_VP && p->res[k] < t->e_pay[k]) {
				char ask[TG_MSG];

				tg_res_count(ask, sizeof ask, k, t->e_pay[k]);
				return diag_set(d, 0, "Tribe card %d asks for %s; you have %d.",
				    t->id, ask, p->res[k]);
			}
		for (int k = 0; k < TG_NRES; k++)
			tg_take(st, seat, k, t->e_pay[k]);
		for (int k = 0; k < TG_NRES; k++)
			tg_give(st, seat, k, t->e_give[k]);
		tg_spec_said(t->e_give, txt, sizeof txt);
		break;
	default:
		return diag_set(d, 0, "Tribe card %d has nothing to use.", t->id);
	}
	p->tokens[slot] = 0;
	st->token_supply++;
	ev_emit(ev, VIS_ALL, "%s uses the action token of tribe card %d: %s.",
	    p->name, t->id, txt);
	return 0;
}

int
tg_free_apply(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];

	if (o->kind == K_USE)
		return use_token(st, seat, o, ev, d);
	if (!st->x.water)
		return diag_set(d, 0, "This game is played without water.");
	if (o->arg[0] == TG_G) {
		if (p->res[TG_W] < 3)
			return diag_set(d, 0, "1 gold costs 3 water; you have %d.", p->res[TG_W]);
		tg_take(st, seat, TG_W, 3);
	} else if (o->arg[0] >= 0 && o->arg[0] < 3) {
		if (p->res[TG_W] < 2)
			return diag_set(d, 0, "1 good costs 2 water; you have %d.", p->res[TG_W]);
		tg_take(st, seat, TG_W, 2);
	} else
		return diag_set(d, 0, "Water buys 1 gold (%s) or 1 good (%s).",
		    ORDER("targi", "EXCHANGE 3W FOR 1G"), ORDER("targi", "EXCHANGE 2W FOR 1D"));
	tg_give(st, seat, o->arg[0], 1);
	{
		char one[TG_MSG];

		tg_res_count(one, sizeof one, o->arg[0], 1);
		ev_emit(ev, VIS_ALL, "%s exchanges %d water for %s.", p->name,
		    o->arg[0] == TG_G ? 3 : 2, one);
	}
	return 0;
}

/* The token on display slot i could be used now (a conversion only when
 * its goods are there). */
static int
token_usable(const struct tg_state *st, int seat, int i)
{
	const struct tg_player *p = &st->pl[seat];
	const struct tg_tribe *t;

	if (!p->tokens[i])
		return 0;
	t = &st->tribe[p->display[i]];
	if (t->effect == EF_CONVERT)
		for (int k = 0; k < TG_NRES; k++)
			if (k != TG_VP && p->res[k] < t->e_pay[k])
				return 0;
	return 1;
}

/* Listed after the decision's own orders, so a deadline never picks one. */
void
tg_free_orders(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];

	if (st->x.water) {
		if (p->res[TG_W] >= 3)
			add(l, K_EXCHANGE, TG_G, 0);
		for (int k = 0; k < 3 && p->res[TG_W] >= 2; k++)
			add(l, K_EXCHANGE, k, 0);
	}
	for (int i = 0; i < TG_SLOTS; i++) {
		const struct tg_tribe *t;
		struct order *o;

		if (!token_usable(st, seat, i))
			continue;
		t = &st->tribe[p->display[i]];
		o = add(l, K_USE, t->id, 0);
		if (t->effect == EF_CHOOSE)
			o->arg[1 + TG_D] = t->e_n;	/* one choice stands for all */
	}
}

/* The game ends with this round: a 12th card was displayed, or the next
 * border card is the last raid. */
int
tg_last_round(const struct tg_state *st)
{
	int next = st->robber + 1;

	return st->end_after_round || (next <= TG_NBORDER &&
	    st->border[next].kind == BK_RAID && st->border[next].last);
}

/* A token is used "immediately or at any time during a future turn"
 * (002 line 104): in the last round there is no future turn, so a player
 * holding one he could use now is waited for until he uses it or ENDs. */
int
tg_token_wait(const struct tg_state *st, int seat)
{
	if (st->pl[seat].ended || !tg_last_round(st))
		return 0;
	for (int i = 0; i < TG_SLOTS; i++)
		if (token_usable(st, seat, i))
			return 1;
	return 0;
}

/* ---- what free orders could change at a raid ---- */

int
tg_pays_kind(const struct order *o)
{
	if (o->kind == K_REMOVE)
		return PAYS_CARD;
	if (o->arg[TG_VP])
		return PAYS_VP;
	return o->arg[TG_G] ? PAYS_GOLD : PAYS_GOODS;
}

/* The kinds of payment res could make for the raid under the robber, water
 * exchanged as needed (2 a good, 3 a gold). Free orders never give a card,
 * so the last raid's card is left out. */
static int
payable(const struct tg_state *st, const int res[TG_NRES])
{
	const struct tg_border *b = &st->border[st->robber];
	int w = st->x.water ? res[TG_W] : 0, k = 0, have;

	if (b->last && st->x.last_card)
		return res[TG_G] + w / 3 >= 1 ? PAYS_GOLD : 0;
	if (b->goods > 0) {
		have = b->good >= 0 ? res[b->good] :
		    res[TG_D] + res[TG_S] + res[TG_P];
		if (have + w / 2 >= b->goods)
			k |= PAYS_GOODS;
	}
	if (b->gold > 0 && res[TG_G] + w / 3 >= b->gold)
		k |= PAYS_GOLD;
	if (b->vp > 0 && res[TG_VP] >= b->vp)
		k |= PAYS_VP;
	return k;
}

/* Pays a convert token's price from res, water covering what is short;
 * 0 when even water cannot. */
static int
convert_pay(const struct tg_state *st, const struct tg_tribe *t,
    int res[TG_NRES])
{
	int water = t->e_pay[TG_W];

	for (int k = 0; k < TG_NRES; k++) {
		int short_by = t->e_pay[k] - res[k];

		if (k == TG_W || k == TG_VP || short_by <= 0)
			continue;
		if (!st->x.water)
			return 0;
		water += short_by * (k == TG_G ? 3 : 2);
	}
	if (res[TG_W] < water)
		return 0;
	for (int k = 0; k < TG_NRES; k++)
		if (k != TG_W && k != TG_VP)
			res[k] -= res[k] < t->e_pay[k] ? res[k] : t->e_pay[k];
	res[TG_W] -= water;
	return 1;
}

/* The kinds of payment reachable from res by the tokens not yet used
 * (used: a bit per display slot), in every order and a choose token taking
 * each good: a convert may live on what another token gives. Stops at the
 * first kind outside now. */
static int
tokens_could(const struct tg_state *st, int seat, const int res[TG_NRES],
    unsigned used, int now)
{
	const struct tg_player *p = &st->pl[seat];
	int k = payable(st, res);

	if (k & ~now)
		return k;
	for (int i = 0; i < TG_SLOTS; i++) {
		const struct tg_tribe *t;

		if (!p->tokens[i] || (used & (1u << i)))
			continue;
		t = &st->tribe[p->display[i]];
		for (int g = 0; g < (t->effect == EF_CHOOSE ? 3 : 1); g++) {
			int r[TG_NRES];

			memcpy(r, res, sizeof r);
			if (t->effect == EF_CHOOSE)
				r[g] += t->e_n;
			else if (t->effect == EF_GAIN ||
			    (t->effect == EF_CONVERT && convert_pay(st, t, r)))
				for (int x = 0; x < TG_NRES; x++)
					r[x] += t->e_give[x];
			else
				continue;
			k |= tokens_could(st, seat, r, used | (1u << i), now);
			if (k & ~now)
				return k;
		}
	}
	return k;
}

/* Whether exchanging water (002: "You may trade at any time: 3 Water for
 * 1 Gold or 2 Water for any 1 Good") or using action tokens ("once,
 * immediately or at any time during a future turn") could let seat give up
 * a kind of thing (goods, gold, VP) other than every way l holds now. Then
 * the raid is not settled without asking. */
int
tg_free_could_change(const struct tg_state *st, int seat,
    const struct order_list *l)
{
	int now = 0;

	for (size_t i = 0; i < l->n; i++)
		now |= tg_pays_kind(&l->v[i]);
	return (tokens_could(st, seat, st->pl[seat].res, 0, now) & ~now) != 0;
}

/* ---- the last raid of the expansion: 1 gold or a row's last card ---- */

int
tg_lastraid_options(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];

	if (p->res[TG_G] >= 1) {
		struct order *o = add(l, K_GIVE, 0, 0);

		memset(o->arg, 0, sizeof o->arg);
		o->nargs = TG_NRES;
		o->arg[TG_G] = 1;
	}
	for (int r = 0; r < TG_ROWS; r++)
		if (p->display[r * TG_COLS] >= 0)
			add(l, K_REMOVE, r, 0);
	return 0;
}

int
tg_lastraid_pay(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	char bn[TG_MSG];

	tg_place_name(st, st->robber, bn, sizeof bn);
	if (o->kind == K_GIVE) {
		if (o->arg[TG_G] != 1 || o->arg[TG_D] + o->arg[TG_S] + o->arg[TG_P] +
		    o->arg[TG_VP] + o->arg[TG_W] != 0)
			return diag_set(d, 0, "%s takes 1 gold (%s) or the last card of a display row (%s).",
			    bn, ORDER("targi", "GIVE 1G"), ORDER("targi", "REMOVE ROW n"));
		if (p->res[TG_G] < 1)
			return diag_set(d, 0, "You have no gold; give the last card of a row (%s).",
			    ORDER("targi", "REMOVE ROW n"));
		tg_take(st, seat, TG_G, 1);
		ev_emit(ev, VIS_ALL, "%s: %s gives up 1 gold.", bn, p->name);
	} else if (o->kind == K_REMOVE) {
		int r = o->arg[0], slot = -1, c;

		if (r < 0 || r >= TG_ROWS)
			return diag_set(d, 0, "Your display has rows 1 to 3.");
		for (int k = 0; k < TG_COLS; k++)
			if (p->display[r * TG_COLS + k] >= 0)
				slot = r * TG_COLS + k;
		if (slot < 0)
			return diag_set(d, 0, "Row %d of your display is empty.", r + 1);
		c = p->display[slot];
		p->display[slot] = -1;
		if (p->tokens[slot]) {
			p->tokens[slot] = 0;
			st->token_supply++;
		}
		if (st->tribe[c].effect == EF_GOLD_ON_CARD &&
		    tg_effect_card(st, seat, EF_GOLD_ON_CARD) < 0) {
			st->supply[TG_G] += p->card_gold;
			p->card_gold = 0;
		}
		st->tdisc[st->ntdisc++] = c;
		ev_emit(ev, VIS_ALL, "%s: %s gives up tribe card %d, the last of row %d.",
		    bn, p->name, st->tribe[c].id, r + 1);
	} else
		return diag_set(d, 0, "%s takes 1 gold (%s) or the last card of a display row (%s).",
		    bn, ORDER("targi", "GIVE 1G"), ORDER("targi", "REMOVE ROW n"));
	p->raid_done = 1;
	if (tg_has_effect(st, seat, EF_RAID_BONUS)) {
		int c = tg_effect_card(st, seat, EF_RAID_BONUS);

		tg_give(st, seat, TG_VP, st->tribe[c].e_vp);
		ev_emit(ev, VIS_ALL, "%s takes %d VP after the raid (tribe card %d).",
		    p->name, st->tribe[c].e_vp, st->tribe[c].id);
	}
	return 0;
}
