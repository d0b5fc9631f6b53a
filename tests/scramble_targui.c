/* scramble_targui: see scramble.h. Reverses what is left of the round's
 * stack and of the fortune deck, queues orders for the other tribes and
 * notes a failed one. */
#include <stdio.h>

#include "games/targui/targui.h"
#include "tests/scramble.h"

static int
reverse(int32_t *v, int n)
{
	int moved = 0;

	for (int i = 0; i < n / 2; i++) {
		int32_t t = v[i];

		moved |= t != v[n - 1 - i];
		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
	return moved;
}

int
scramble_targui(void *vst, int seat, struct rng *r)
{
	struct tu_state *s = vst;
	int moved = 0;

	rng_seed(&s->rng, rng_next(r));
	if (s->phase == PH_OVER)
		return 0;
	if (s->phase == PH_TURN)
		moved |= reverse(s->stack + s->stack_pos, s->stack_n - s->stack_pos);
	moved |= reverse(s->deck + s->deck_pos, s->deck_n - s->deck_pos);
	/* The other tribes' queued orders: each ends its next turns
	 * unplayed, which no tribe asked on its turn would choose always. */
	for (int i = 0; i < s->nseats; i++) {
		if (i == seat)
			continue;
		snprintf(s->reject[i], sizeof s->reject[i], "%s", "Your queued order failed.");
		if (s->phase != PH_TURN || s->out[i])
			continue;
		s->nqueue[i] = TU_QUEUE;
		for (int q = 0; q < TU_QUEUE; q++)
			s->queue[i][q] = (struct tu_qorder){ .kind = O_END };
		moved = 1;
	}
	return moved;
}
