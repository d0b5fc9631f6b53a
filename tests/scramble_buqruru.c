/* scramble_buqruru: see scramble.h. Moves the other seat's sealed sowing
 * hole (and the match's, when it is the round's first choice) to another
 * hole of its row. */
#include "games/buqruru/buqruru.h"
#include "tests/scramble.h"

int
scramble_buqruru(void *vst, int seat, struct rng *r)
{
	struct bq_state *s = vst;
	int other = 1 - seat;

	rng_seed(&s->rng, rng_next(r));
	if (s->phase != BQ_PH_HOLE || s->hole_choice != BQ_SEALED || s->sowing[other] < 0 ||
	    bq_live(s, other) <= 1)
		return 0;
	for (int i = 0; i < BQ_ROW; i++) {
		int h = other * BQ_ROW + i;

		if (h != s->sowing[other] && !s->erased[h] && s->board[h] > 0) {
			/* The round's first choice is the hole kept for the match
			 * too (bq_choose_hole). */
			if (!s->rechoice)
				s->kept[other] = h;
			s->sowing[other] = h;
			return 1;
		}
	}
	return 0;
}
