/* redeal: a Targui state one seat cannot tell from the true one, for the
 * bots. What secrets.c lists for the seat is drawn anew: the order of the
 * round's stack still to come and of the fortune deck (which cards remain
 * is public), and the other tribes' queued orders, which fall back to none
 * (each tribe is then asked on its turn). The dice still to be thrown come
 * from the reseeded rng. */
#include <string.h>

#include "games/targui/targui.h"

void
tu_redeal(void *st, int seat, struct rng *r)
{
	struct tu_state *s = st;

	rng_seed(&s->rng, rng_next(r));
	if (s->phase == PH_OVER)
		return;
	if (s->phase == PH_TURN && s->stack_pos < s->stack_n)
		redeal_cards(s->stack + s->stack_pos, s->stack_n - s->stack_pos, r);
	if (s->deck_pos < s->deck_n)
		redeal_cards(s->deck + s->deck_pos, s->deck_n - s->deck_pos, r);
	for (int i = 0; i < s->nseats; i++) {
		if (i == seat)
			continue;
		s->nqueue[i] = 0;
		memset(s->queue[i], 0, sizeof s->queue[i]);
		memset(s->reject[i], 0, sizeof s->reject[i]);
	}
}

/* Over: the winner 1, a tribe in a draw 1/2 (only those the result names:
 * when nobody wins, none), any other 0. Before: the territories held
 * against the others', then the money. */
double
tu_reward(const void *st, int seat)
{
	const struct tu_state *s = st;
	double mine, best = 0;

	if (s->phase == PH_OVER)
		return s->winner == seat ? 1.0 : s->winner == TU_NONE &&
		    tu_in_draw(s, seat) ? 0.5 : 0.0;
	if (s->out[seat])
		return 0.0;
	mine = tu_territories_of(s, seat) + s->money[seat] / 40.0;
	for (int i = 0; i < s->nseats; i++) {
		double v = s->out[i] ? 0 : tu_territories_of(s, i) + s->money[i] / 40.0;

		if (i != seat && v > best)
			best = v;
	}
	return reward_lead((mine - best) / 4.0);
}
