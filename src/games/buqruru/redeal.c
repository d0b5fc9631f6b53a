/* redeal: a Buqruru state one seat cannot tell from the true one, for the
 * bots. The only hidden fact is the other seat's sealed sowing hole (see
 * secrets.c): it is taken back, so a search asks the other seat again. */

#include "games/buqruru/buqruru.h"

void
bq_redeal(void *st, int seat, struct rng *r)
{
	struct bq_state *s = st;

	rng_seed(&s->rng, rng_next(r));
	if (s->phase != BQ_PH_HOLE || s->hole_choice != BQ_SEALED)
		return;
	for (int i = 0; i < BQ_SEATS; i++)
		if (i != seat && s->sowing[i] >= 0 && bq_live(s, i) != 1)
			s->sowing[i] = -1;
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
