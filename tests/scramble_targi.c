/* scramble_targi: see scramble.h. Swaps hidden tribe cards (deck, the other
 * seat's kept hand card, face-down central cards), hidden goods cards and
 * dune cards, gives the other seat standing orders and a PLACE plan. */
#include "games/targi/targi.h"
#include "tests/scramble.h"

static void
swap(int *a, int *b)
{
	int t = *a;

	*a = *b;
	*b = t;
}

int
scramble_targi(void *vst, int seat, struct rng *r)
{
	struct tg_state *st = vst;
	int other = 1 - seat, moved = 0, deck = st->ntdeck - (st->x.tribe_top ? 1 : 0);

	rng_seed(&st->rng, rng_next(r));
	if (st->phase == PH_OVER)
		return 0;
	if (deck >= 2) {
		swap(&st->tdeck[0], &st->tdeck[deck - 1]);
		moved = 1;
	}
	if (deck >= 1 && !st->open_hands && st->pl[other].hand >= 0 &&
	    st->pl[other].hand_secret) {
		swap(&st->tdeck[rng_below(r, (uint32_t)deck)], &st->pl[other].hand);
		moved = 1;
	}
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (deck >= 1 && st->cen_down[i] && st->cen_type[i] == CEN_TRIBE) {
			swap(&st->tdeck[rng_below(r, (uint32_t)deck)], &st->cen_card[i]);
			moved = 1;
		}
	if (st->ngdeck >= 2) {
		swap(&st->gdeck[0], &st->gdeck[st->ngdeck - 1]);
		moved = 1;
	}
	if (st->nddeck >= 2)
		swap(&st->ddeck[0], &st->ddeck[st->nddeck - 1]);
	/* The other seat's standing orders: its answer to a raid and to the
	 * hand limit, a PREFER list and the rest of a PLACE plan, each naming
	 * cards it may take, from the last, unlike the automatic choice. */
	st->pl[other].raid_mode = RM_VP;
	st->pl[other].limit_mode = LM_ORDER;
	st->pl[other].limit_order[0] = TG_P;
	st->pl[other].limit_order[1] = TG_S;
	st->pl[other].limit_order[2] = TG_D;
	st->pl[other].nprefer = st->pl[other].nplan = 0;
	if (st->phase == PH_PLACE && st->pl[other].placed < st->pl[other].quota)
		for (int n = TG_NBORDER; n >= 1; n--) {
			if (!tg_place_legal(st, other, n))
				continue;
			if (st->pl[other].nplan < 2)
				st->pl[other].plan[st->pl[other].nplan++] = n;
			else if (st->pl[other].nprefer < 12)
				st->pl[other].prefer[st->pl[other].nprefer++] = n;
			moved = 1;
		}
	return moved;
}
