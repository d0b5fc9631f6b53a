/* redeal: a Buqruru state one seat cannot tell from the true one, for the
 * bots. The only hidden fact is the other seat's sealed sowing hole (see
 * secrets.c): that the other has chosen is seen, which hole is not, so the
 * hole is drawn anew among those it could have sealed. Taking the choice
 * back instead made a state the seat could tell apart (its report would
 * say the other still chooses), and a search in which the other chose
 * after the seat, as if the seal were open. */

#include "games/buqruru/buqruru.h"

void
bq_redeal(void *st, int seat, struct rng *r)
{
	struct bq_state *s = st;

	rng_seed(&s->rng, rng_next(r));
	if (s->phase != BQ_PH_HOLE || s->hole_choice != BQ_SEALED)
		return;
	for (int i = 0; i < BQ_SEATS; i++) {
		int can[BQ_ROW], n = 0;

		if (i == seat || s->sowing[i] < 0 || bq_live(s, i) == 1)
			continue;
		for (int h = i * BQ_ROW; h < (i + 1) * BQ_ROW; h++)
			if (bq_choosable(s, h))
				can[n++] = h;
		if (n == 0)
			continue;
		s->sowing[i] = can[rng_below(r, (uint32_t)n)];
		/* As bq_choose_hole: a round's first choice is the match's too. */
		if (!s->rechoice)
			s->kept[i] = s->sowing[i];
	}
}

/* Over: a win 1, a loss 0, a match the referee ended by the donkeys owed.
 * Before: the donkeys owed and the seeds stored. */
double
bq_reward(const void *st, int seat)
{
	const struct bq_state *s = st;
	int other = 1 - seat;
	double lead = 5.0 * (s->donkeys[other] - s->donkeys[seat]);

	if (s->phase == BQ_PH_OVER) {
		if (s->loser >= 0)
			return s->loser == seat ? 0.0 : 1.0;
		return lead > 0 ? 1.0 : lead < 0 ? 0.0 : 0.5;
	}
	return reward_lead((lead + s->store[seat] - s->store[other]) / 12.0);
}
