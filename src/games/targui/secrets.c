/* What a Targui reader may not know: the order of the round's stack of
 * tribal cards and of the fortune deck (which cards are still to come is
 * public, not when), and another tribe's queued orders and whether one of
 * them failed. The strings are
 * those of the narrative ("Round 2, card 3 of 7: the turn of the Kel Ress",
 * "Fortune card 5", "Queued for the next turn of the Kel Ress: PASS") and of
 * the report's turn order ("3. Kel Ress"). Dice are
 * not listed: a throw is not decided before it is made. */
#include <stdio.h>
#include <string.h>

#include "games/targui/targui.h"

static void
stack_card(const struct tu_state *s, int k, struct secrets *out)
{
	int c = s->stack[k];
	char at[64];

	snprintf(at, sizeof at, "Round %d, card %d of %d:", s->round, k + 1, s->stack_n);
	if (c == TU_FORTUNE_CARD) {
		secret_add(out, "%s the fortune", at);
		secret_add(out, "%d. fortune card", k + 1);
		return;
	}
	secret_add(out, "%s the turn of the %s", at, tu_tribe_name[s->tribe_of[c]]);
	secret_add(out, "%s a double turn of the %s", at, tu_tribe_name[s->tribe_of[c]]);
	secret_add(out, "%s the %s,", at, tu_tribe_name[s->tribe_of[c]]);
	secret_add(out, "%d. %s", k + 1, tu_tribe_name[s->tribe_of[c]]);
}

void
tu_secrets(const void *st, int viewer, struct secrets *out)
{
	const struct tu_state *s = st;

	/* Once the game is over nothing is secret any more. */
	if (s->phase == PH_OVER)
		return;
	if (s->phase == PH_TURN)
		for (int k = s->stack_pos; k < s->stack_n; k++)
			stack_card(s, k, out);
	for (int k = s->deck_pos; k < s->deck_n; k++) {
		secret_add(out, "Fortune card %d", s->deck[k]);
		secret_add(out, "fortune card %d", s->deck[k]);
	}
	for (int i = 0; i < s->nseats; i++) {
		if (i == viewer)
			continue;
		/* That a queued order failed is the seat's own business; others
		 * would read it after the seat's name ("Waiting for north: ..."). */
		if (s->reject[i][0] != '\0')
			secret_add(out, "%s: Your queued order", s->names[i]);
		for (int q = 0; q < s->nqueue[i]; q++) {
			struct order o;

			memset(&o, 0, sizeof o);
			o.kind = s->queue[i][q].kind;
			o.nargs = s->queue[i][q].nargs;
			for (int a = 0; a < o.nargs && a < 6; a++)
				o.arg[a] = s->queue[i][q].arg[a];
			tu_order_text(&o);
			secret_add(out, "Queued for the next turn of the %s: %s",
			    tu_tribe_name[s->tribe_of[i]], o.text);
		}
	}
}
