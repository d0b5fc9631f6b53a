/* targi_rules: the engine seam for Targi: applying orders, who is waited
 * for, the state's canonical bytes, its invariants, and the rules table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "games/targi/targi.h"

static int
apply_standing(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	char said[ORDER_TEXT + 16];

	if (o->kind == K_PREFER) {
		p->nprefer = o->nargs < 12 ? o->nargs : 12;
		for (int i = 0; i < p->nprefer; i++)
			p->prefer[i] = o->arg[i];
	} else if (o->arg[0] == 0)
		p->raid_mode = o->arg[1];
	else {
		p->limit_mode = o->arg[1];
		if (o->arg[1] == LM_ORDER)
			for (int i = 0; i < 3; i++)
				p->limit_order[i] = o->arg[2 + i];
	}
	/* The seat named: the leak test tells one seat's standing order from
	 * the other's (targi_secrets.c). The order in the reader's words, as
	 * the reader wrote it. */
	msg_order(said, sizeof said, "targi", o->text);
	ev_emit(ev, VIS_SEAT(seat), "Noted for %s: %s", p->name, said);
	return 0;
}

static int
not_your_turn(const struct tg_state *st, int seat, struct diag *d)
{
	struct pending pd;

	tg_waiting_for(st, &pd);
	if (pd.seats & VIS_SEAT(seat))
		return diag_set(d, 0, "That order does not fit now: %s", pending_own(&pd, seat));
	return diag_set(d, 0, "It is not your turn. Waiting for %s: %s",
	    st->pl[st->turn].name, pd.what[st->turn]);
}

static int
apply_one(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	if (o->kind == K_PREFER || o->kind == K_STANDING)
		return apply_standing(st, seat, o, ev);
	if (st->turn != seat)
		return not_your_turn(st, seat, d);
	if (tg_free_order(o))
		return tg_free_apply(st, seat, o, ev, d);
	switch (st->phase) {
	case PH_RAID:
		if (st->border[st->robber].last && st->x.last_card)
			return tg_lastraid_pay(st, seat, o, ev, d);
		if (o->kind != K_GIVE)
			return not_your_turn(st, seat, d);
		return tg_raid_pay(st, seat, o->arg, ev, d);
	case PH_PLACE:
		if (o->kind != K_PLACE)
			return not_your_turn(st, seat, d);
		return tg_place_plan(st, seat, o, ev, d);
	case PH_ACTIONS:
		if (o->kind == K_PLACE || o->kind == K_GIVE || o->kind == K_REMOVE)
			return not_your_turn(st, seat, d);
		return tg_action(st, seat, o, ev, d);
	}
	return diag_set(d, 0, "The game is not waiting for orders.");
}

/* What an order may change: everything but the card definitions, which
 * setup copies in and play only reads (12 of the state's 14 KB). */
struct tg_undo {
	unsigned char head[offsetof(struct tg_state, tribe)];
	unsigned char play[offsetof(struct tg_state, dune) -
	    offsetof(struct tg_state, phase)];
	unsigned char tail[sizeof(struct tg_state) -
	    offsetof(struct tg_state, ddeck)];
};

static void
undo_save(struct tg_undo *u, const struct tg_state *st)
{
	const unsigned char *p = (const unsigned char *)st;

	memcpy(u->head, p, sizeof u->head);
	memcpy(u->play, p + offsetof(struct tg_state, phase), sizeof u->play);
	memcpy(u->tail, p + offsetof(struct tg_state, ddeck), sizeof u->tail);
}

static void
undo_restore(struct tg_state *st, const struct tg_undo *u)
{
	unsigned char *p = (unsigned char *)st;

	memcpy(p, u->head, sizeof u->head);
	memcpy(p + offsetof(struct tg_state, phase), u->play, sizeof u->play);
	memcpy(p + offsetof(struct tg_state, ddeck), u->tail, sizeof u->tail);
}

/* A refused order leaves st and the narrative untouched, whatever step
 * found the problem: the rules check as they go, so the part of the state
 * an order may change is saved first and put back on an error. */
int
tg_apply(void *vst, int seat, const struct order *o, struct evsink *ev,
    struct diag *d)
{
	struct tg_state *st = vst;
	struct tg_undo u;
	size_t nev = ev != NULL ? ev->n : 0;
	int rc;

	if (st->phase == PH_OVER)
		return diag_set(d, 0, "The game is over: %s", st->result);
	if (seat < 0 || seat >= TG_SEATS)
		return diag_set(d, 0, "There is no seat %d in this game.", seat);
	undo_save(&u, st);
	rc = apply_one(st, seat, o, ev, d);
	if (rc == 0)
		tg_advance(st, ev);
	else {
		undo_restore(st, &u);
		if (ev != NULL)
			ev->n = nev;
	}
	return rc;
}

/* END closing a mail whose earlier orders finished the seat's actions (the
 * last action, or a PREFER list that placed the Targi) has nothing left to
 * end: it no longer fits, and refusing it would make the reply an error. */
static int
tg_closes_nothing(const void *at_start, const void *now, int seat,
    const struct order *o)
{
	struct tg_state *tmp;
	int nothing;

	(void)at_start;
	if (o->kind != K_END)
		return 0;
	tmp = xmalloc(sizeof *tmp);
	memcpy(tmp, now, sizeof *tmp);
	nothing = tg_apply(tmp, seat, o, NULL, NULL) < 0;
	free(tmp);
	return nothing;
}

/* what is every reader's (third person), own the seat's (spoken to it);
 * both messages (msg_fmt). */
static void
say(struct pending *p, int seat, const char *kind, const char *what,
    const char *own)
{
	p->seats |= VIS_SEAT(seat);
	snprintf(p->kind[seat], sizeof p->kind[seat], "%s", kind);
	snprintf(p->what[seat], sizeof p->what[seat], "%s", what);
	snprintf(p->own[seat], sizeof p->own[seat], "%s", own);
}

void
tg_waiting_for(const void *vst, struct pending *p)
{
	const struct tg_state *st = vst;
	int s = st->turn;
	char what[TG_MSG], own[TG_MSG];

	memset(p, 0, sizeof *p);
	if (st->phase == PH_OVER) {
		p->over = 1;
		snprintf(p->result, sizeof p->result, "%s", st->result);
		return;
	}
	switch (st->phase) {
	case PH_RAID: {
		char loss[TG_MSG], bn[TG_MSG];

		tg_raid_text(st, loss, sizeof loss);
		tg_place_name(st, st->robber, bn, sizeof bn);
		msg_fmt(what, sizeof what, "%s: giving up %s.", bn, loss);
		if (st->border[st->robber].last && st->x.last_card)
			msg_fmt(own, sizeof own, "%s: give up %s (%s or %s).",
			    bn, loss, ORDER("targi", "GIVE 1G"), ORDER("targi", "REMOVE ROW n"));
		else
			msg_fmt(own, sizeof own, "%s: give up %s (%s).", bn, loss,
			    ORDER("targi", "GIVE ..."));
		say(p, s, "raid", what, own);
		break;
	}
	case PH_PLACE:
		msg_fmt(what, sizeof what, "placing Targi %d of %d on a border card.",
		    st->pl[s].placed + 1, st->pl[s].quota);
		/* The round's placements left may be given in one mail. */
		if (st->pl[s].quota - st->pl[s].placed > 1)
			msg_fmt(own, sizeof own, "Place Targi %d of %d on a border card (%s), or this one and your next ones at once (%s).",
			    st->pl[s].placed + 1, st->pl[s].quota, ORDER("targi", "PLACE n"),
			    st->pl[s].quota - st->pl[s].placed > 2 ?
			    ORDER("targi", "PLACE n n n") : ORDER("targi", "PLACE n n"));
		else
			msg_fmt(own, sizeof own, "Place Targi %d of %d on a border card (%s).",
			    st->pl[s].placed + 1, st->pl[s].quota, ORDER("targi", "PLACE n"));
		say(p, s, "placement", what, own);
		break;
	case PH_ACTIONS:
		switch (st->sub) {
		case SUB_DRAWN:
			/* Every reader sees what: the card is named only
			 * in the drawer's own report (YOU DREW). */
			msg_fmt(what, sizeof what, "deciding on the tribe card drawn.");
			msg_fmt(own, sizeof own, "Decide on the tribe card you drew: %s, %s or %s.",
			    ORDER("targi", "BUY ROW n"), ORDER("targi", "KEEP"), ORDER("targi", "DISCARD"));
			break;
		case SUB_CARAVAN:
			msg_fmt(what, sizeof what, "choosing the good the Caravan card gives.");
			msg_fmt(own, sizeof own, "Choose the good the Caravan card gives (%s D, S or P).",
			    ORDER("targi", "CHOOSE"));
			break;
		case SUB_BONUS:
			msg_nfmt(what, sizeof what, (unsigned long)st->sub_n,
			    "Tribe card %d: choosing %d good.", "Tribe card %d: choosing %d goods.",
			    st->tribe[st->sub_card].id, st->sub_n);
			msg_nfmt(own, sizeof own, (unsigned long)st->sub_n,
			    "Tribe card %d: choose %d good (%s).",
			    "Tribe card %d: choose %d goods (%s).",
			    st->tribe[st->sub_card].id, st->sub_n, ORDER("targi", "CHOOSE ..."));
			break;
		case SUB_ONCE:
			if (st->tribe[st->sub_card].effect == EF_ONCE_MOVE) {
				msg_fmt(what, sizeof what, "Tribe card %d: moving two display cards or passing.",
				    st->tribe[st->sub_card].id);
				msg_fmt(own, sizeof own, "Tribe card %d: move two display cards (%s) or %s.",
				    st->tribe[st->sub_card].id, ORDER("targi", "SWAP"), ORDER("targi", "PASS"));
			} else {
				msg_fmt(what, sizeof what, "Tribe card %d: choosing what to take.",
				    st->tribe[st->sub_card].id);
				msg_fmt(own, sizeof own, "Tribe card %d: choose what you take (%s).",
				    st->tribe[st->sub_card].id, ORDER("targi", "CHOOSE ..."));
			}
			break;
		case SUB_LIMIT:
			msg_fmt(what, sizeof what, "holding %d goods: putting back %d.",
			    tg_goods_total(&st->pl[s]),
			    tg_goods_total(&st->pl[s]) - TG_GOODS_LIMIT);
			msg_fmt(own, sizeof own, "You hold %d goods: put back %d (%s).",
			    tg_goods_total(&st->pl[s]),
			    tg_goods_total(&st->pl[s]) - TG_GOODS_LIMIT, ORDER("targi", "DROP ..."));
			break;
		case SUB_FAVOUR:
			msg_fmt(what, sizeof what, "The Targia's favour: keeping the goods card turned up or paying 1 good for the next.");
			msg_fmt(own, sizeof own, "The Targia's favour: take the goods card turned up (%s) or pay 1 good for the next (%s).",
			    ORDER("targi", "FAVOUR KEEP"), ORDER("targi", "FAVOUR PAY D"));
			break;
		case SUB_MERCHANT:
			msg_fmt(what, sizeof what, "trading at the Merchant.");
			msg_fmt(own, sizeof own, "Trade more at the Merchant (%s), or go on with your other cards (or %s).",
			    ORDER("targi", "TRADE ..."), ORDER("targi", "END"));
			break;
		default:
			if (tg_token_only(st, s)) {
				msg_fmt(what, sizeof what, "using an action token before the game ends, or letting it go.");
				msg_fmt(own, sizeof own, "The game ends after this round: use your action token now (%s) or let it go (%s).",
				    ORDER("targi", "USE n"), ORDER("targi", "END"));
				break;
			}
			msg_fmt(what, sizeof what, "using the cards of the round.");
			msg_fmt(own, sizeof own, "Use your cards in the order you like, or %s them; %s finishes your round.",
			    ORDER("targi", "PASS"), ORDER("targi", "END"));
		}
		say(p, s, st->sub == SUB_LIMIT ? "limit" : "actions", what, own);
		break;
	}
}

static void
add_int(struct buf *b, int v)
{
	buf_add_u32(b, (uint32_t)v);
}

static void
add_ints(struct buf *b, const int *v, int n)
{
	if (n > 0)
		buf_add_ints(b, v, (size_t)n);
}

void
tg_serialize(const void *vst, struct buf *b)
{
	const struct tg_state *st = vst;

	buf_adds(b, "targi/2");
	add_int(b, st->nseats);
	add_int(b, st->open_hands);
	add_ints(b, (const int *)&st->x, (int)(sizeof st->x / sizeof(int)));
	add_int(b, st->origin);
	buf_add(b, st->deck_name, sizeof st->deck_name);
	for (int i = 0; i < 4; i++)
		buf_add_u64(b, st->rng.s[i]);
	add_int(b, st->ntribe);
	for (int i = 0; i < st->ntribe; i++) {
		const struct tg_tribe *t = &st->tribe[i];

		add_int(b, t->id);
		add_int(b, t->symbol);
		add_int(b, t->vp);
		add_ints(b, t->cost, TG_NRES);
		add_int(b, t->has_alt);
		add_ints(b, t->alt, TG_NRES);
		add_int(b, t->has_extra);
		add_ints(b, t->extra, TG_NRES);
		add_int(b, t->extra_vp);
		add_int(b, t->expansion);
		add_int(b, t->timing);
		add_ints(b, t->e_give, TG_NRES);
		add_ints(b, t->e_pay, TG_NRES);
		add_int(b, t->effect);
		add_int(b, t->e_symbol);
		add_int(b, t->e_good);
		add_int(b, t->e_n);
		add_int(b, t->e_vp);
		add_int(b, t->e_gold);
		add_int(b, t->e_per);
	}
	add_int(b, st->ngoods);
	for (int i = 0; i < st->ngoods; i++) {
		add_ints(b, st->goods[i].res, TG_NRES);
		add_int(b, st->goods[i].choice);
	}
	for (int i = 1; i <= TG_NBORDER; i++) {
		const struct tg_border *x = &st->border[i];

		add_int(b, x->kind);
		add_int(b, x->gives);
		add_int(b, x->goods);
		add_int(b, x->gold);
		add_int(b, x->vp);
		add_int(b, x->good);
		add_int(b, x->last);
		add_int(b, x->water);
		add_int(b, x->noble_gift);
		add_int(b, x->adjacent);
		add_int(b, x->any_kinds);
		add_int(b, x->discard_water);
		buf_add(b, x->name, sizeof x->name);
		buf_add(b, x->shortname, sizeof x->shortname);
	}
	add_int(b, st->phase);
	add_int(b, st->round);
	add_int(b, st->start);
	add_int(b, st->robber);
	add_int(b, st->raids);
	add_int(b, st->turn);
	add_int(b, st->end_after_round);
	add_ints(b, st->targi_at, TG_NBORDER + 1);
	add_ints(b, st->marker_at, TG_NCENTRAL);
	add_ints(b, st->cen_type, TG_NCENTRAL);
	add_ints(b, st->cen_card, TG_NCENTRAL);
	add_ints(b, st->cen_down, TG_NCENTRAL);
	add_int(b, st->ntdeck);
	add_ints(b, st->tdeck, st->ntdeck);
	add_int(b, st->ntdisc);
	add_ints(b, st->tdisc, st->ntdisc);
	add_int(b, st->ngdeck);
	add_ints(b, st->gdeck, st->ngdeck);
	add_int(b, st->ngdisc);
	add_ints(b, st->gdisc, st->ngdisc);
	add_ints(b, st->supply, TG_NRES);
	add_int(b, st->sub);
	add_int(b, st->sub_card);
	add_int(b, st->sub_n);
	add_int(b, st->sub_dune);
	add_int(b, st->targia);
	add_ints(b, st->marker_also, TG_NCENTRAL);
	add_int(b, st->ndune);
	for (int i = 0; i < st->ndune; i++) {
		add_int(b, st->dune[i].id);
		add_int(b, st->dune[i].action);
		add_ints(b, st->dune[i].give, TG_NRES);
		add_ints(b, st->dune[i].pay, TG_NRES);
		add_int(b, st->dune[i].n);
	}
	add_int(b, st->nddeck);
	add_ints(b, st->ddeck, st->nddeck);
	add_int(b, st->nddisc);
	add_ints(b, st->ddisc, st->nddisc);
	add_ints(b, st->dune_up, TG_DUNES);
	add_ints(b, st->dune_used, TG_DUNES);
	add_int(b, st->token_supply);
	for (int s = 0; s < TG_SEATS; s++) {
		const struct tg_player *p = &st->pl[s];
		char name[SEAT_NAME];

		memset(name, 0, sizeof name);
		snprintf(name, sizeof name, "%s", p->name);
		buf_add(b, name, sizeof name);
		add_ints(b, p->res, TG_NRES);
		add_int(b, p->card_gold);
		add_int(b, p->hand);
		add_int(b, p->hand_round);
		add_ints(b, p->display, TG_SLOTS);
		add_int(b, p->placed);
		add_int(b, p->quota);
		add_int(b, p->nprefer);
		add_ints(b, p->prefer, p->nprefer);
		add_int(b, p->raid_mode);
		add_int(b, p->limit_mode);
		add_ints(b, p->limit_order, 3);
		add_ints(b, p->got, 3);
		add_int(b, p->got_any);
		add_ints(b, p->bonus_given, 3);
		add_int(b, p->ended);
		add_int(b, p->fin);
		add_int(b, p->fewer_round);
		add_int(b, p->raid_done);
		add_int(b, p->favour);
		add_ints(b, p->tokens, TG_SLOTS);
		add_ints(b, p->dune_at, TG_DUNES);
		add_int(b, st->score[s]);
	}
	add_int(b, st->winner);
	for (int s = 0; s < TG_SEATS; s++)
		if (st->pl[s].nplan > 0) {
			buf_adds(b, "plan");
			add_int(b, s);
			add_int(b, st->pl[s].nplan);
			add_ints(b, st->pl[s].plan, st->pl[s].nplan);
		}
}

int
tg_check(const void *vst, struct diag *d)
{
	const struct tg_state *st = vst;
	static const int total[TG_NRES] = {
		TG_TOTAL_GOODS, TG_TOTAL_GOODS, TG_TOTAL_GOODS, TG_TOTAL_GOLD,
		TG_TOTAL_VP, TG_TOTAL_WATER
	};
	int tseen[TG_MAXTRIBE] = { 0 }, gseen[TG_MAXGOODS] = { 0 };
	int dseen[TG_MAXDUNE] = { 0 }, tokens = st->token_supply;
	int any_time = st->x.water;

	for (int i = 0; i < st->ntribe; i++)
		any_time |= st->tribe[i].timing == TM_TOKEN;

	for (int k = 0; k < TG_NRES; k++) {
		int sum = st->supply[k];

		for (int s = 0; s < TG_SEATS; s++) {
			if (st->pl[s].res[k] < 0)
				return diag_set(d, 0, "%s holds %d %s.", st->pl[s].name,
				    st->pl[s].res[k], tg_res_term(k));
			sum += st->pl[s].res[k];
			if (k == TG_G)
				sum += st->pl[s].card_gold;
		}
		if (sum != total[k])
			return diag_set(d, 0, "%s does not add up: %d instead of %d.",
			    tg_res_term(k), sum, total[k]);
	}
#define SEE(arr, i, fmt) do {						\
	if ((i) < 0 || (i) >= (int)(sizeof arr / sizeof arr[0]) || arr[i]++)	\
		return diag_set(d, 0, fmt, i);				\
} while (0)
	for (int i = 0; i < st->ntdeck; i++)
		SEE(tseen, st->tdeck[i], N_("tribe card %d is out of place."));
	for (int i = 0; i < st->ntdisc; i++)
		SEE(tseen, st->tdisc[i], N_("tribe card %d is out of place."));
	for (int i = 0; i < st->ngdeck; i++)
		SEE(gseen, st->gdeck[i], N_("goods card %d is out of place."));
	for (int i = 0; i < st->ngdisc; i++)
		SEE(gseen, st->gdisc[i], N_("goods card %d is out of place."));
	for (int i = 0; i < TG_NCENTRAL; i++) {
		if (st->cen_type[i] == CEN_TRIBE)
			SEE(tseen, st->cen_card[i], N_("tribe card %d is out of place."));
		else if (st->cen_type[i] == CEN_GOODS)
			SEE(gseen, st->cen_card[i], N_("goods card %d is out of place."));
		if (st->marker_at[i] >= 0 && st->cen_down[i])
			return diag_set(d, 0, "a tribe marker stands on a face-down card.");
	}
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN)
		SEE(tseen, st->sub_card, N_("tribe card %d is out of place."));
	if (st->phase == PH_ACTIONS && st->sub == SUB_FAVOUR)
		SEE(gseen, st->sub_card, N_("goods card %d is out of place."));
	for (int i = 0; i < st->nddeck; i++)
		SEE(dseen, st->ddeck[i], N_("sand dune card %d is out of place."));
	for (int i = 0; i < st->nddisc; i++)
		SEE(dseen, st->ddisc[i], N_("sand dune card %d is out of place."));
	for (int i = 0; i < TG_DUNES; i++) {
		if (st->dune_up[i] >= 0)
			SEE(dseen, st->dune_up[i], N_("sand dune card %d is out of place."));
		else if (st->pl[0].dune_at[i] || st->pl[1].dune_at[i])
			return diag_set(d, 0, "a Targi stands on sand dune place %d, which is empty.", i + 1);
	}
	for (int i = 0; i < st->ndune; i++)
		if (dseen[i] != 1)
			return diag_set(d, 0, "sand dune %d is missing.", st->dune[i].id);
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (st->marker_also[i] >= 0 && (st->marker_at[i] < 0 ||
		    st->marker_at[i] == st->marker_also[i]))
			return diag_set(d, 0, "a second marker on %d without a first.", i);
	for (int s = 0; s < TG_SEATS; s++) {
		const struct tg_player *p = &st->pl[s];
		int targi = 0, markers = 0;

		if (p->hand >= 0)
			SEE(tseen, p->hand, N_("tribe card %d is out of place."));
		for (int i = 0; i < TG_SLOTS; i++) {
			if (p->tokens[i]) {
				tokens++;
				if (p->display[i] < 0 ||
				    st->tribe[p->display[i]].timing != TM_TOKEN)
					return diag_set(d, 0, "an action token lies where no token card is.");
			}
			if (p->display[i] >= 0)
				SEE(tseen, p->display[i], N_("tribe card %d is out of place."));
			if (i % TG_COLS && p->display[i] >= 0 && p->display[i - 1] < 0)
				return diag_set(d, 0, "%s's display has a gap.", p->name);
		}
		for (int n = 1; n <= TG_NBORDER; n++) {
			if (st->targi_at[n] != s)
				continue;
			targi++;
			if (n % 4 == 0)
				return diag_set(d, 0, "a Targi stands on a raid corner.");
			if (tg_opposite(n) > 0 && st->targi_at[tg_opposite(n)] == 1 - s &&
			    !tg_has_effect(st, s, EF_PLACE_OPPOSITE) &&
			    !tg_has_effect(st, 1 - s, EF_PLACE_OPPOSITE))
				return diag_set(d, 0, "two Targi of different players face each other.");
		}
		for (int i = 0; i < TG_DUNES; i++)
			targi += p->dune_at[i];
		for (int i = 0; i < TG_NCENTRAL; i++)
			markers += st->marker_at[i] == s || st->marker_also[i] == s;
		if (targi > p->placed || p->placed > p->quota || p->quota > 3 ||
		    markers > 2)
			return diag_set(d, 0, "%s has %d Targi and %d markers out, more than allowed.",
			    p->name, targi, markers);
		/* Water exchanges and action tokens work at any time, so with
		 * them goods and gold may pass the limits between turns. */
		if ((st->phase == PH_PLACE || st->phase == PH_RAID) &&
		    (((tg_goods_total(p) > TG_GOODS_LIMIT ||
		    p->res[TG_G] > TG_GOLD_LIMIT) && !any_time) ||
		    p->res[TG_W] > TG_WATER_LIMIT))
			return diag_set(d, 0, "%s carries more than the limit into a round.",
			    p->name);
	}
#undef SEE
	if (tokens != TG_TOTAL_TOKENS)
		return diag_set(d, 0, "action tokens do not add up: %d instead of %d.",
		    tokens, TG_TOTAL_TOKENS);
	for (int i = 0; i < st->ntribe; i++)
		if (tseen[i] != 1)
			return diag_set(d, 0, "tribe card %d is missing.", st->tribe[i].id);
	for (int i = 0; i < st->ngoods; i++)
		if (gseen[i] != 1)
			return diag_set(d, 0, "goods card %d is missing.", i);
	if (st->phase != PH_OVER && st->phase != PH_ROUND &&
	    (st->robber < 1 || st->robber > TG_NBORDER))
		return diag_set(d, 0, "the robber is off the board.");
	if ((st->phase == PH_PLACE || st->phase == PH_ACTIONS) && st->robber % 4 == 0)
		return diag_set(d, 0, "the robber stays on a raid corner.");
	if (st->raids > TG_RAIDS || st->raids != st->robber / 4) {
		char said[TG_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)st->raids,
		    "%d raid for the robber on %d.", "%d raids for the robber on %d.",
		    st->raids, st->robber);
		return diag_set(d, 0, "%s", said);
	}
	return 0;
}

static const char *const tg_kinds[] = { "raid", "placement", "actions", "limit", NULL };

const struct game_rules targi_rules = {
	.name = "targi",
	.title = "Targi",
	.min_seats = 2,
	.max_seats = 2,
	.options = tg_options,
	.file_what = "deck",
	.decision_kinds = tg_kinds,
	.state_size = sizeof(struct tg_state),
	.load = tg_load,
	.setup = tg_setup,
	.parse = tg_parse,
	.apply = tg_apply,
	.waiting_for = tg_waiting_for,
	.legal = tg_legal,
	.order_text = tg_format,
	.default_order = tg_default_order,
	.view = tg_view,
	.order_spot = tg_order_spot,
	.secrets = tg_secrets,
	.redeal = tg_redeal,
	.reward = tg_reward,
	.serialize = tg_serialize,
	.check = tg_check,
	.closes_nothing = tg_closes_nothing,
};
