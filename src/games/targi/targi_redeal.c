/* targi_redeal: a Targi state one seat cannot tell from the true one, for
 * the bots. What targi_secrets lists for the seat is drawn anew: the tribe
 * cards it has not seen (the tribe deck but a face-up top card, face-down
 * central tribe cards, the other seat's kept hand card, a card the other
 * seat drew and decides on) are dealt again over the same places, likewise
 * the goods deck with the face-down central goods cards, and the dune deck.
 * The other seat's standing orders fall back to ASK and its PLACE plan to
 * none: sent by mail, never shown. The game's rng, the chance still to
 * come, is reseeded. */
#include "games/targi/targi.h"

/* Each hidden place holds one card index: gather them, deal, put back. */
struct places {
	int *at[TG_MAXTRIBE + TG_MAXGOODS + TG_MAXDUNE];
	int card[TG_MAXTRIBE + TG_MAXGOODS + TG_MAXDUNE];
	int n;
};

static void
hide(struct places *p, int *at)
{
	p->at[p->n] = at;
	p->card[p->n++] = *at;
}

static void
deal(struct places *p, struct rng *r)
{
	redeal_cards(p->card, p->n, r);
	for (int i = 0; i < p->n; i++)
		*p->at[i] = p->card[i];
	p->n = 0;
}

void
tg_redeal(void *vst, int seat, struct rng *r)
{
	struct tg_state *st = vst;
	struct places p = { .n = 0 };
	int other = 1 - seat;

	rng_seed(&st->rng, rng_next(r));
	if (st->phase == PH_OVER)
		return;
	for (int i = 0; i < st->ntdeck - (st->x.tribe_top ? 1 : 0); i++)
		hide(&p, &st->tdeck[i]);
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (st->cen_down[i] && st->cen_type[i] == CEN_TRIBE)
			hide(&p, &st->cen_card[i]);
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && seat != st->turn &&
	    !st->x.tribe_top)
		hide(&p, &st->sub_card);
	if (!st->open_hands && st->pl[other].hand >= 0 && st->pl[other].hand_secret)
		hide(&p, &st->pl[other].hand);
	deal(&p, r);
	for (int i = 0; i < st->ngdeck; i++)
		hide(&p, &st->gdeck[i]);
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (st->cen_down[i] && st->cen_type[i] == CEN_GOODS)
			hide(&p, &st->cen_card[i]);
	deal(&p, r);
	for (int i = 0; i < st->nddeck; i++)
		hide(&p, &st->ddeck[i]);
	deal(&p, r);
	st->pl[other].raid_mode = RM_ASK;
	st->pl[other].limit_mode = LM_ASK;
	st->pl[other].limit_order[0] = TG_D;
	st->pl[other].limit_order[1] = TG_S;
	st->pl[other].limit_order[2] = TG_P;
	st->pl[other].nprefer = 0;
	for (int i = 0; i < 12; i++)
		st->pl[other].prefer[i] = 0;
	st->pl[other].nplan = 0;
	st->pl[other].plan[0] = st->pl[other].plan[1] = 0;
}
