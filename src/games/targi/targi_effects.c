/* targi_effects: every tribe card effect kind, implemented once; which
 * card has which kind and parameters comes from data/targi/tribe.yaml. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

/* The first displayed card of seat with effect, or -1. */
int
tg_effect_card(const struct tg_state *st, int seat, int effect)
{
	for (int i = 0; i < TG_SLOTS; i++) {
		int c = st->pl[seat].display[i];

		if (c >= 0 && st->tribe[c].effect == effect)
			return c;
	}
	return -1;
}

int
tg_has_effect(const struct tg_state *st, int seat, int effect)
{
	return tg_effect_card(st, seat, effect) >= 0;
}

/* Goods left out of card's cost: the symbol discounts of the display, and
 * the Noble discount when played through the Noble. */
int
tg_discount(const struct tg_state *st, int seat, int card, int via)
{
	int k = 0;

	for (int i = 0; i < TG_SLOTS; i++) {
		int c = st->pl[seat].display[i];

		if (c < 0)
			continue;
		if (st->tribe[c].effect == EF_DISCOUNT &&
		    st->tribe[c].e_symbol == st->tribe[card].symbol)
			k += st->tribe[c].e_n;
		if (st->tribe[c].effect == EF_NOBLE_DISCOUNT && via == VIA_NOBLE)
			k += st->tribe[c].e_n;
	}
	return k;
}

/* Goods added to the cost: playing the hand card without the Noble. */
int
tg_extra_goods(const struct tg_state *st, int seat, int via)
{
	int c;

	if (via != VIA_HAND || (c = tg_effect_card(st, seat, EF_PLAY_WITHOUT_NOBLE)) < 0)
		return 0;
	return st->tribe[c].e_n;
}

/* Goods cards gave a good this round: the matching bonus, once a round. */
void
tg_goods_bonus(struct tg_state *st, int seat, struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];

	for (int i = 0; i < TG_SLOTS; i++) {
		int c = p->display[i], k;

		if (c < 0 || st->tribe[c].effect != EF_GOODS_BONUS)
			continue;
		k = st->tribe[c].e_good;
		if (!p->got[k] || p->bonus_given[k])
			continue;
		p->bonus_given[k] = 1;
		tg_give(st, seat, k, 1);
		ev_emit(ev, VIS_ALL, "%s takes 1 more %s (tribe card %d).", p->name,
		    tg_res_term(k), st->tribe[c].id);
	}
}

static void
open_once(struct tg_state *st, int card, int n)
{
	st->sub = SUB_ONCE;
	st->sub_card = card;
	st->sub_n = n;
}

/* What happens the moment a card is displayed. */
void
tg_on_display(struct tg_state *st, int seat, int card, struct evsink *ev)
{
	const struct tg_tribe *t = &st->tribe[card];
	struct tg_player *p = &st->pl[seat];
	int n;

	if (t->timing == TM_TOKEN) {
		/* An action token lies on the card until the owner uses it. */
		for (int i = 0; i < TG_SLOTS; i++)
			if (p->display[i] == card)
				p->tokens[i] = 1;
		st->token_supply--;
		ev_emit(ev, VIS_ALL, "An action token goes onto tribe card %d of %s (%s %d at any time).",
		    t->id, p->name, ORDER("targi", "USE"), t->id);
		return;
	}
	switch (t->effect) {
	case EF_GAIN: {
		char txt[48];

		for (int k = 0; k < TG_NRES; k++)
			if (t->e_give[k] > 0)
				tg_give(st, seat, k, t->e_give[k]);
		tg_spec_said(t->e_give, txt, sizeof txt);
		ev_emit(ev, VIS_ALL, "%s takes %s (tribe card %d).", p->name, txt, t->id);
		break;
	}
	case EF_CHOOSE:
		open_once(st, card, t->e_n);
		break;
	case EF_GOLD_ON_CARD:
		p->card_gold += t->e_n;
		st->supply[TG_G] -= t->e_n;
		ev_emit(ev, VIS_ALL, "%d gold goes onto tribe card %d for %s's next gold cost.",
		    t->e_n, t->id, p->name);
		break;
	case EF_ONCE_PER_DISPLAY:
		if ((n = tg_displayed(p) / t->e_per) > 0)
			open_once(st, card, n);
		break;
	case EF_ONCE_PER_EMPTY:
		if ((n = (TG_SLOTS - tg_displayed(p)) / t->e_per) > 0)
			open_once(st, card, n);
		break;
	case EF_ONCE_CHOICE:
		open_once(st, card, t->e_n);
		break;
	case EF_ONCE_MOVE:
		if (tg_displayed(p) >= 2)
			open_once(st, card, 0);
		break;
	case EF_OPPONENT_FEWER:
		st->pl[1 - seat].fewer_round = st->round + 1;
		ev_emit(ev, VIS_ALL, "Next round %s may place only %d Targi.",
		    st->pl[1 - seat].name, t->e_n);
		break;
	case EF_GOODS_BONUS:
		tg_goods_bonus(st, seat, ev);
		break;
	default:
		break;
	}
}

/* No gap inside a row: the filled slots of each row come first. */
static int
rows_packed(const int *disp)
{
	for (int r = 0; r < TG_ROWS; r++)
		for (int c = 1; c < TG_COLS; c++)
			if (disp[r * TG_COLS + c] >= 0 &&
			    disp[r * TG_COLS + c - 1] < 0)
				return 0;
	return 1;
}

static int
swap_ok(const struct tg_player *p, int a, int b)
{
	int disp[TG_SLOTS], t;

	if (a < 0 || a >= TG_SLOTS || b < 0 || b >= TG_SLOTS || a == b ||
	    p->display[a] < 0)
		return 0;
	memcpy(disp, p->display, sizeof disp);
	t = disp[a];
	disp[a] = disp[b];
	disp[b] = t;
	return rows_packed(disp);
}

int
tg_once_choices(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_tribe *t = &st->tribe[st->sub_card];
	struct order *o;
	int n = st->sub_n;

	if (t->effect == EF_ONCE_MOVE) {
		for (int a = 0; a < TG_SLOTS; a++)
			for (int b = 0; b < TG_SLOTS; b++) {
				if (!swap_ok(&st->pl[seat], a, b))
					continue;
				/* A swap of two cards is listed once. */
				if (st->pl[seat].display[b] >= 0 && b < a)
					continue;
				o = order_list_add(l);
				o->kind = K_SWAP;
				o->nargs = 2;
				o->arg[0] = a;
				o->arg[1] = b;
			}
		o = order_list_add(l);
		o->kind = K_PASS;
		o->nargs = 1;
		o->arg[0] = 0;
		return 0;
	}
	for (int a = 0; a <= n; a++)
		for (int b = 0; a + b <= n; b++) {
			o = order_list_add(l);
			o->kind = K_CHOOSE;
			o->nargs = TG_NRES;
			o->arg[TG_D] = a;
			o->arg[TG_S] = b;
			o->arg[TG_P] = n - a - b;
		}
	if (t->effect == EF_ONCE_CHOICE) {
		if (t->e_gold > 0) {
			o = order_list_add(l);
			o->kind = K_CHOOSE;
			o->nargs = TG_NRES;
			o->arg[TG_G] = t->e_gold;
		}
		if (t->e_vp > 0) {
			o = order_list_add(l);
			o->kind = K_CHOOSE;
			o->nargs = TG_NRES;
			o->arg[TG_VP] = t->e_vp;
		}
	}
	return 0;
}

int
tg_once_resolve(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	const struct tg_tribe *t = &st->tribe[st->sub_card];
	struct tg_player *p = &st->pl[seat];
	const int *s = o->arg;
	char txt[48], m[TG_MSG];

	if (t->effect == EF_ONCE_MOVE) {
		if (o->kind == K_PASS && o->arg[0] == 0) {
			st->sub = SUB_NONE;
			ev_emit(ev, VIS_ALL, "%s leaves the display as it is.", p->name);
			return 0;
		}
		if (o->kind != K_SWAP)
			return diag_set(d, 0, "Tribe card %d lets you move two display cards: %s (row-place), or %s.",
			    t->id, ORDER("targi", "SWAP 1-1 2-3"), ORDER("targi", "PASS"));
		if (!swap_ok(p, s[0], s[1]))
			return diag_set(d, 0, "That move would leave a gap in a row or names an empty place; the first place must hold a card.");
		{
			int a = p->display[s[0]], tk = p->tokens[s[0]];

			p->display[s[0]] = p->display[s[1]];
			p->display[s[1]] = a;
			p->tokens[s[0]] = p->tokens[s[1]];
			p->tokens[s[1]] = tk;
		}
		st->sub = SUB_NONE;
		ev_emit(ev, VIS_ALL, "%s moves display cards %d-%d and %d-%d.",
		    p->name, s[0] / TG_COLS + 1, s[0] % TG_COLS + 1,
		    s[1] / TG_COLS + 1, s[1] % TG_COLS + 1);
		return 0;
	}
	if (o->kind != K_CHOOSE) {
		if (t->effect == EF_ONCE_CHOICE)
			msg_nfmt(m, sizeof m, (unsigned long)st->sub_n,
			    "First choose what tribe card %d gives you: %s followed by %d good, or %s, or %s.",
			    "First choose what tribe card %d gives you: %s followed by %d goods, or %s, or %s.",
			    t->id, ORDER("targi", "CHOOSE"), st->sub_n, ORDER("targi", "CHOOSE 1G"),
			    ORDER("targi", "CHOOSE 1VP"));
		else
			msg_nfmt(m, sizeof m, (unsigned long)st->sub_n,
			    "First choose what tribe card %d gives you: %s followed by %d good.",
			    "First choose what tribe card %d gives you: %s followed by %d goods.",
			    t->id, ORDER("targi", "CHOOSE"), st->sub_n);
		return tg_diag_enc(d, m);
	}
	if (s[TG_D] < 0 || s[TG_S] < 0 || s[TG_P] < 0 || s[TG_G] < 0 || s[TG_VP] < 0)
		return diag_set(d, 0, "Amounts cannot be negative.");
	if (s[TG_W] != 0)
		return diag_set(d, 0, "Tribe card %d gives no water.", t->id);
	if (s[TG_D] + s[TG_S] + s[TG_P] == st->sub_n && s[TG_G] == 0 && s[TG_VP] == 0)
		;
	else if (t->effect == EF_ONCE_CHOICE && s[TG_G] == t->e_gold && t->e_gold > 0 &&
	    s[TG_D] + s[TG_S] + s[TG_P] + s[TG_VP] == 0)
		;
	else if (t->effect == EF_ONCE_CHOICE && s[TG_VP] == t->e_vp && t->e_vp > 0 &&
	    s[TG_D] + s[TG_S] + s[TG_P] + s[TG_G] == 0)
		;
	else {
		if (t->effect == EF_ONCE_CHOICE)
			msg_nfmt(m, sizeof m, (unsigned long)st->sub_n,
			    "Tribe card %d gives %d good of your choice, or 1 gold, or 1 VP.",
			    "Tribe card %d gives %d goods of your choice, or 1 gold, or 1 VP.",
			    t->id, st->sub_n);
		else
			msg_nfmt(m, sizeof m, (unsigned long)st->sub_n,
			    "Tribe card %d gives %d good of your choice.",
			    "Tribe card %d gives %d goods of your choice.",
			    t->id, st->sub_n);
		return tg_diag_enc(d, m);
	}
	for (int k = 0; k < TG_NRES; k++)
		if (s[k] > 0)
			tg_give(st, seat, k, s[k]);
	st->sub = SUB_NONE;
	tg_spec_said(s, txt, sizeof txt);
	ev_emit(ev, VIS_ALL, "%s takes %s (tribe card %d).", p->name, txt, t->id);
	return 0;
}

/* The game-end bonus of the card in slot of seat's display. */
int
tg_effect_score(const struct tg_state *st, int seat, int slot)
{
	const struct tg_player *p = &st->pl[seat];
	const struct tg_tribe *t = &st->tribe[p->display[slot]];
	int n = 0, per;

	switch (t->effect) {
	case EF_END_PAIRS:
		for (int i = 0; i < TG_SLOTS; i++)
			if (p->display[i] >= 0 &&
			    st->tribe[p->display[i]].symbol == t->e_symbol)
				n++;
		per = t->e_per > 0 ? t->e_per : 2;
		return n / per * t->e_vp;
	case EF_END_MORE_CARDS:
		return tg_displayed(p) > tg_displayed(&st->pl[1 - seat]) ? t->e_vp : 0;
	case EF_END_MIN_CARDS:
		return tg_displayed(p) >= t->e_n ? t->e_vp : 0;
	case EF_END_RIGHTMOST:
		return slot % TG_COLS == TG_COLS - 1 ? t->e_vp : 0;
	case EF_END_WATER:
		return p->res[TG_W] / t->e_per * t->e_vp;
	default:
		return 0;
	}
}
