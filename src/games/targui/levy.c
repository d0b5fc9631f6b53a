/* Targui levy: the economic value of a tribe's territories, paid at the end
 * of each round, and the final ranking that the levy decides. */
#include <stdio.h>
#include <string.h>

#include "games/targui/targui.h"

/* Nothing for a tribe without its own settlement, even if it holds
 * another's. */
int
tu_levy_of(const struct tu_state *s, int seat)
{
	int n = 0;

	if (s->out[seat] || !tu_holds_settlement(s, seat))
		return 0;
	for (int b = 1; b <= TU_BOXES; b++)
		if (s->owner[b] == seat)
			n += tu_economic(s, b);
	return n;
}

void
tu_levy(struct tu_state *s, struct evsink *ev)
{
	for (int i = 0; i < s->nseats; i++) {
		int l = tu_levy_of(s, i);
		char m[128];

		s->last_levy[i] = l;
		if (s->out[i])
			continue;
		s->money[i] += l;
		s->minted += l;
		if (ev == NULL)
			continue;
		tu_money_text(s->money[i], m, sizeof m);
		if (!tu_holds_settlement(s, i))
			ev_emit(ev, VIS_ALL, "Levy: the %s receive nothing, "
			    "having lost their settlement.",
			    tu_tribe_name[s->tribe_of[i]]);
		else {
			char said[TU_MSG];

			msg_nfmt(said, sizeof said, (unsigned long)l,
			    "Levy: the %s receive %d silver (now %s).",
			    "Levy: the %s receive %d silver (now %s).",
			    tu_tribe_name[s->tribe_of[i]], l, m);
			ev_emit(ev, VIS_ALL, "%s", said);
		}
	}
}

/* a before b in the ranking: levy, then camels, then money. */
static int
better(const struct tu_state *s, int a, int b)
{
	int ca = tu_camels_of(s, a), cb = tu_camels_of(s, b);

	if (s->last_levy[a] != s->last_levy[b])
		return s->last_levy[a] > s->last_levy[b];
	if (ca != cb)
		return ca > cb;
	return s->money[a] > s->money[b];
}

static int
same(const struct tu_state *s, int a, int b)
{
	return !better(s, a, b) && !better(s, b, a);
}

/* May win: in the game and holding its own settlement. */
static int
contender(const struct tu_state *s, int i)
{
	return !s->out[i] && tu_holds_settlement(s, i);
}

/* The first of the best contenders (TU_NONE: none); *tie if another is as
 * good. */
static int
top(const struct tu_state *s, int *tie)
{
	int best = TU_NONE;

	*tie = 0;
	for (int i = 0; i < s->nseats; i++) {
		if (!contender(s, i))
			continue;
		if (best == TU_NONE || better(s, i, best)) {
			best = i;
			*tie = 0;
		} else if (same(s, i, best))
			*tie = 1;
	}
	return best;
}

/* Whether seat is in the draw the ranking ends in: the tribes the result
 * names, and the only ones the bots' reward gives a draw's share. */
int
tu_in_draw(const struct tu_state *s, int seat)
{
	int tie, best = top(s, &tie);

	return tie && contender(s, seat) && same(s, seat, best);
}

/* The fortune cards are used up: the highest levy among tribes holding their
 * own settlement wins; ties go to camels, then money. */
void
tu_final_result(struct tu_state *s, struct evsink *ev)
{
	int tie, best = top(s, &tie), n = 0, who[MAX_SEATS];

	s->phase = PH_OVER;
	s->cur = TU_NONE;
	s->winner = tie ? TU_NONE : best;
	for (int i = 0; i < s->nseats; i++)
		if (tu_in_draw(s, i))
			who[n++] = i;
	/* result is a message in a fixed field of the state: one flat
	 * sentence per number of tribes tied keeps it short. */
#define TN(k) tu_tribe_name[s->tribe_of[who[k]]], s->names[who[k]]
#define LEVY ((unsigned long)s->last_levy[best])
	if (best == TU_NONE)
		msg_fmt(s->result, sizeof s->result, "No tribe holds its own "
		    "settlement: nobody wins.");
	else if (tie && n == 2)
		msg_nfmt(s->result, sizeof s->result, LEVY,
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s).",
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s).",
		    s->last_levy[best], TN(0), TN(1));
	else if (tie && n == 3)
		msg_nfmt(s->result, sizeof s->result, LEVY,
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s) "
		    "and the %s (%s).",
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s) "
		    "and the %s (%s).", s->last_levy[best], TN(0), TN(1), TN(2));
	else if (tie)
		msg_nfmt(s->result, sizeof s->result, LEVY,
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s) "
		    "and the %s (%s) and the %s (%s).",
		    "A tie at a levy of %d silver between the %s (%s) and the %s (%s) "
		    "and the %s (%s) and the %s (%s).", s->last_levy[best], TN(0),
		    TN(1), TN(2), TN(3));
	else
		/* One count chooses the form: the camels'. Silver is a mass
		 * noun but in French, whose catalog writes the money as
		 * "argent en caisse : %d" (a winning levy is never 1). */
		msg_nfmt(s->result, sizeof s->result,
		    (unsigned long)tu_camels_of(s, best),
		    "The %s (%s) win with a levy of %d silver, %d camel and %d silver in money.",
		    "The %s (%s) win with a levy of %d silver, %d camels and %d silver in money.",
		    tu_tribe_name[s->tribe_of[best]], s->names[best],
		    s->last_levy[best], tu_camels_of(s, best), s->money[best]);
#undef TN
#undef LEVY
	ev_emit(ev, VIS_ALL, "The game is over. %s", s->result);
}
