/* scramble_targi: see scramble.h. Swaps hidden tribe cards (deck, the other
 * seat's kept hand card, face-down central cards), hidden goods cards and
 * dune cards, notes a standing order for the other seat. */
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
	st->pl[other].raid_mode = RM_VP;
	return moved;
}
