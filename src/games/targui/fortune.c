/* Targui (mis)fortune cards: each acts at once when turned. What a card does
 * is data (fortune.yaml, copied into the state at setup); this file knows
 * the ten kinds of effect. */
#include <stdio.h>

#include "games/targui/targui.h"

static const char *
tribe(const struct tu_state *s, int seat)
{
	return tu_tribe_name[s->tribe_of[seat]];
}

static int
hits(const struct tu_state *s, const struct tu_fortune *c, int b)
{
	return s->owner[b] != TU_NONE &&
	    (c->terrain == T_ANY || s->terrain[b] == c->terrain);
}

/* Camels lost are at most those there; the marker stays. */
static void
lose(struct tu_state *s, int b, int n, struct evsink *ev)
{
	char said[TU_MSG];

	if (n > s->camels[b])
		n = s->camels[b];
	if (n <= 0)
		return;
	tu_kill_camels(s, b, n);
	if (ev == NULL)
		return;
	msg_nfmt(said, sizeof said, (unsigned long)n,
	    "Box %d (%s, %s): %d camel lost, %d left.",
	    "Box %d (%s, %s): %d camels lost, %d left.", b,
	    tu_terrain_term[s->terrain[b]], tribe(s, s->owner[b]), n,
	    s->camels[b]);
	ev_emit(ev, VIS_ALL, "%s", said);
}

/* Camels from the supply, as many as are left in it. */
static void
give(struct tu_state *s, int b, int n, struct evsink *ev)
{
	char said[TU_MSG];

	if (n > tu_supply_left(s))
		n = tu_supply_left(s);
	if (n <= 0) {
		ev_emit(ev, VIS_ALL, "Box %d: no camels are left in the supply.",
		    b);
		return;
	}
	tu_add_camels(s, b, n);
	if (ev == NULL)
		return;
	msg_nfmt(said, sizeof said, (unsigned long)n,
	    "Box %d (%s, %s): %d camel added, now %d.",
	    "Box %d (%s, %s): %d camels added, now %d.", b,
	    tu_terrain_term[s->terrain[b]], tribe(s, s->owner[b]), n,
	    s->camels[b]);
	ev_emit(ev, VIS_ALL, "%s", said);
}

static void
gift(struct tu_state *s, const struct tu_fortune *c, struct evsink *ev)
{
	int seat = s->seat_of[c->tribe];

	if (seat == TU_NONE)
		ev_emit(ev, VIS_ALL, "The %s are not in this game: no effect.",
		    tu_tribe_name[c->tribe]);
	else if (s->out[seat] || !tu_holds_settlement(s, seat))
		ev_emit(ev, VIS_ALL, "The %s no longer hold their settlement: "
		    "no effect.", tribe(s, seat));
	else
		give(s, s->settle_box[seat], c->amount, ev);
}

static void
money(struct tu_state *s, const struct tu_fortune *c, struct evsink *ev)
{
	char said[TU_MSG];

	for (int i = 0; i < s->nseats; i++) {
		if (s->out[i])
			continue;
		if (c->effect == FX_SILVER) {
			if (!tu_holds_settlement(s, i)) {
				ev_emit(ev, VIS_ALL, "The %s receive nothing, "
				    "having lost their settlement.",
				    tribe(s, i));
				continue;
			}
			s->money[i] += c->amount;
			s->minted += c->amount;
			msg_nfmt(said, sizeof said, (unsigned long)c->amount,
			    "The %s receive %d silver.",
			    "The %s receive %d silver.", tribe(s, i), c->amount);
			ev_emit(ev, VIS_ALL, "%s", said);
		} else {
			int hit = tu_holds_settlement(s, i);

			for (int b = 1; b <= TU_BOXES && s->opt_raid_any &&
			    !hit; b++)
				hit = s->owner[b] == i &&
				    s->terrain[b] == T_SETTLEMENT;
			if (!hit) {
				ev_emit(ev, VIS_ALL, "The %s keep their money, "
				    "holding no settlement.", tribe(s, i));
				continue;
			}
			if (s->money[i] == 0) {
				ev_emit(ev, VIS_ALL, "The %s have no silver to "
				    "lose.", tribe(s, i));
				continue;
			}
			msg_nfmt(said, sizeof said, (unsigned long)s->money[i],
			    "The %s lose their %d silver.",
			    "The %s lose their %d silver.", tribe(s, i), s->money[i]);
			ev_emit(ev, VIS_ALL, "%s", said);
			s->stolen += s->money[i];
			s->money[i] = 0;
		}
	}
}

void
tu_fortune(struct tu_state *s, int number, struct evsink *ev)
{
	const struct tu_fortune *c = &s->card[number];
	char name[64];

	ev_emit(ev, VIS_ALL, "Fortune card %d: %s.", number,
	    tu_fortune_term(number, name, sizeof name));
	switch (c->effect) {
	case FX_GIFT:
		gift(s, c, ev);
		return;
	case FX_SILVER:
	case FX_STEAL:
		money(s, c, ev);
		return;
	case FX_STRATEGIC:
		s->strat_over[c->terrain] = c->amount;
		return;
	case FX_LEVY:
		s->eco_over[c->terrain] = c->amount;
		return;
	default:
		break;
	}
	for (int b = 1; b <= TU_BOXES; b++) {
		if (!hits(s, c, b))
			continue;
		switch (c->effect) {
		case FX_CLEAR:
			lose(s, b, s->camels[b], ev);
			break;
		case FX_LOSE:
			lose(s, b, c->amount, ev);
			break;
		case FX_CAP:
			lose(s, b, s->camels[b] - c->amount, ev);
			break;
		case FX_HALVE:
			/* 9 camels: (9 - 1) / 2 = 4 die. */
			lose(s, b, s->camels[b] / 2, ev);
			break;
		case FX_BORN:
			if (s->camels[b] > 0 || s->opt_spring_owned)
				give(s, b, c->amount, ev);
			break;
		default:
			break;
		}
	}
}
