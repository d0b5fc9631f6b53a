/* targi_dunes: the expansion's sand dunes: up to three lie face up; a Targi
 * on one makes no crossing but uses the dune's action once; a used or
 * declined dune is discarded once no Targi stands on it. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

void
tg_dune_text(const struct tg_dune *u, char *out, size_t sz)
{
	char a[48], b[48];

	switch (u->action) {
	case DA_GAIN:
		tg_spec_said(u->give, a, sizeof a);
		msg_fmt(out, sz, "take %s", a);
		break;
	case DA_CHOOSE:
		msg_nfmt(out, sz, (unsigned long)u->n, "take %d good of your choice",
		    "take %d goods of your choice", u->n);
		break;
	case DA_CONVERT:
		tg_spec_said(u->pay, a, sizeof a);
		tg_spec_said(u->give, b, sizeof b);
		msg_fmt(out, sz, "pay %s for %s", a, b);
		break;
	case DA_CARAVAN:
		msg_fmt(out, sz, "turn up a goods card and take it");
		break;
	case DA_EXPAND:
		msg_fmt(out, sz, "draw a tribe card, as at the Tribal expansion");
		break;
	default:
		snprintf(out, sz, "?");
	}
}

static int
draw_dune(struct tg_state *st, struct evsink *ev)
{
	if (st->nddeck == 0 && st->nddisc > 0) {
		memcpy(st->ddeck, st->ddisc, sizeof(int) * (size_t)st->nddisc);
		st->nddeck = st->nddisc;
		st->nddisc = 0;
		rng_shuffle_int(&st->rng, st->ddeck, st->nddeck);
		ev_emit(ev, VIS_ALL, "The sand dune discards are shuffled into a new pile.");
	}
	return st->nddeck > 0 ? st->ddeck[--st->nddeck] : -1;
}

static void
reveal(struct tg_state *st, int i, struct evsink *ev)
{
	char t[TG_MSG];

	if ((st->dune_up[i] = draw_dune(st, ev)) < 0)
		return;
	st->dune_used[i] = 0;
	tg_dune_text(&st->dune[st->dune_up[i]], t, sizeof t);
	ev_emit(ev, VIS_ALL, "Sand dune %d turns up: %s.", i + 1, t);
}

/* At setup three dunes come face up; at the start of a round one when none
 * shows; after a raid the showing dunes go and three new ones come. */
void
tg_dunes_round(struct tg_state *st, int after_raid, struct evsink *ev)
{
	if (after_raid == 2) {
		for (int i = 0; i < TG_DUNES; i++)
			reveal(st, i, ev);
		return;
	}
	int showing = 0;

	for (int i = 0; i < TG_DUNES; i++) {
		if (st->dune_up[i] < 0)
			continue;
		if (after_raid) {
			st->ddisc[st->nddisc++] = st->dune_up[i];
			st->dune_up[i] = -1;
		} else
			showing++;
	}
	if (after_raid) {
		ev_emit(ev, VIS_ALL, "After the raid the sand dunes are renewed.");
		for (int i = 0; i < TG_DUNES; i++)
			reveal(st, i, ev);
	} else if (showing == 0)
		reveal(st, 0, ev);
}

int
tg_dune_place_legal(const struct tg_state *st, int seat, int i)
{
	const struct tg_player *o = &st->pl[1 - seat];

	if (!st->x.dunes || i < 0 || i >= TG_DUNES || st->dune_up[i] < 0 ||
	    st->pl[seat].dune_at[i])
		return 0;
	return !o->dune_at[i] || tg_has_effect(st, seat, EF_DUNE_SHARED);
}

int
tg_dune_has(const struct tg_state *st, int seat)
{
	for (int i = 0; i < TG_DUNES; i++)
		if (st->pl[seat].dune_at[i])
			return 1;
	return 0;
}

/* seat's Targi leaves dune i; the dune goes to the discards when no
 * Targi stands on it any more. */
void
tg_dune_leave(struct tg_state *st, int seat, int i, struct evsink *ev)
{
	st->pl[seat].dune_at[i] = 0;
	if (st->pl[1 - seat].dune_at[i])
		return;
	st->ddisc[st->nddisc++] = st->dune_up[i];
	st->dune_up[i] = -1;
	st->dune_used[i] = 0;
	ev_emit(ev, VIS_ALL, "Sand dune %d goes to the discards.", i + 1);
}

static int
affords(const struct tg_player *p, const int *pay)
{
	for (int k = 0; k < TG_NRES; k++)
		if (k != TG_VP && p->res[k] < pay[k])
			return 0;
	return 1;
}

void
tg_dune_orders(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];

	for (int i = 0; i < TG_DUNES; i++) {
		const struct tg_dune *u;
		struct order *o;

		if (!p->dune_at[i])
			continue;
		u = &st->dune[st->dune_up[i]];
		if (!st->dune_used[i] && (u->action != DA_CONVERT ||
		    affords(p, u->pay)) &&
		    (u->action != DA_CARAVAN || st->ngdeck + st->ngdisc > 0) &&
		    (u->action != DA_EXPAND || st->ntdeck > 0)) {
			o = order_list_add(l);
			memset(o, 0, sizeof *o);
			o->kind = K_DUNE;
			o->nargs = ORDER_ARGS;
			o->arg[0] = i;
			/* One choice stands for all (a representative subset). */
			if (u->action == DA_CHOOSE)
				o->arg[1 + TG_S] = u->n;
		}
		o = order_list_add(l);
		memset(o, 0, sizeof *o);
		o->kind = K_PASS;
		o->nargs = ORDER_ARGS;
		o->arg[0] = TG_DUNE(i);
	}
}

int
tg_dune_action(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int i = o->arg[0], c;
	const int *ch = &o->arg[1];
	const struct tg_dune *u;
	char t[48];

	if (i < 0 || i >= TG_DUNES || !p->dune_at[i])
		return diag_set(d, 0, "You have no Targi on sand dune %d.", i + 1);
	if (st->dune_used[i])
		return diag_set(d, 0, "The start player has used sand dune %d; your Targi there gets nothing (%s %d).",
		    i + 1, ORDER("targi", "PASS DUNE"), i + 1);
	u = &st->dune[st->dune_up[i]];
	if (u->action != DA_CHOOSE &&
	    ch[0] + ch[1] + ch[2] + ch[3] + ch[4] + ch[5] != 0 &&
	    !(u->action == DA_CARAVAN && ch[0] + ch[1] + ch[2] == 1 &&
	    ch[3] + ch[4] + ch[5] == 0))
		return diag_set(d, 0, "Sand dune %d needs no choice: just %s %d.", i + 1,
		    ORDER("targi", "DUNE"), i + 1);
	switch (u->action) {
	case DA_GAIN:
		for (int k = 0; k < TG_NRES; k++)
			tg_give(st, seat, k, u->give[k]);
		tg_spec_said(u->give, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s takes %s from sand dune %d.", p->name, t, i + 1);
		break;
	case DA_CHOOSE:
		if (ch[TG_G] || ch[TG_VP] || ch[TG_W] || ch[0] < 0 || ch[1] < 0 ||
		    ch[2] < 0 || ch[0] + ch[1] + ch[2] != u->n)
		{
			char m[TG_MSG];

			msg_nfmt(m, sizeof m, (unsigned long)u->n,
			    "Sand dune %d gives %d good of your choice: %s %d followed by them, e.g. %s %d %s.",
			    "Sand dune %d gives %d goods of your choice: %s %d followed by them, e.g. %s %d %s.",
			    i + 1, u->n, ORDER("targi", "DUNE"), i + 1, ORDER("targi", "DUNE"), i + 1,
			    u->n == 1 ? "1S" : "1D 1S");
			return tg_diag_enc(d, m);
		}
		for (int k = 0; k < 3; k++)
			tg_give(st, seat, k, ch[k]);
		tg_spec_said(ch, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s takes %s from sand dune %d.", p->name, t, i + 1);
		break;
	case DA_CONVERT:
		if (!affords(p, u->pay)) {
			tg_spec_said(u->pay, t, sizeof t);
			return diag_set(d, 0, "Sand dune %d asks for %s; you cannot pay it.", i + 1, t);
		}
		for (int k = 0; k < TG_NRES; k++) {
			tg_take(st, seat, k, u->pay[k]);
			tg_give(st, seat, k, u->give[k]);
		}
		tg_spec_said(u->give, t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s pays sand dune %d and takes %s.", p->name, i + 1, t);
		break;
	case DA_CARAVAN: {
		int res[TG_NRES] = { 0 };

		if ((c = tg_draw_goods(st, ev)) < 0)
			return diag_set(d, 0, "The goods deck and its discards are empty.");
		st->gdisc[st->ngdisc++] = c;
		ev_emit(ev, VIS_ALL, "%s turns up a goods card at sand dune %d.", p->name, i + 1);
		if (!st->goods[c].choice)
			tg_gain_goods_card(st, seat, st->goods[c].res, ev);
		else if (ch[0] + ch[1] + ch[2] == 1) {
			memcpy(res, ch, sizeof(int) * 3);
			tg_gain_goods_card(st, seat, res, ev);
		} else {
			st->sub = SUB_CARAVAN;
			st->sub_card = c;
			st->sub_n = 1;
		}
		break;
	}
	case DA_EXPAND:
		if ((c = tg_draw_tribe(st)) < 0)
			return diag_set(d, 0, "The tribe deck is empty.");
		st->sub = SUB_DRAWN;
		st->sub_card = c;
		st->sub_dune = i;
		ev_emit(ev, VIS_ALL, "%s draws a tribe card at sand dune %d.", p->name, i + 1);
		ev_emit(ev, VIS_SEAT(seat), "You drew tribe card %d (%s, %d VP).",
		    st->tribe[c].id, tg_symbol_term(st->tribe[c].symbol),
		    st->tribe[c].vp);
		break;
	}
	/* A second Targi on this dune gets nothing now. */
	if (st->pl[1 - seat].dune_at[i]) {
		st->dune_used[i] = 1;
		ev_emit(ev, VIS_ALL, "%s's Targi on sand dune %d gets nothing.",
		    st->pl[1 - seat].name, i + 1);
	}
	tg_dune_leave(st, seat, i, ev);
	return 0;
}
