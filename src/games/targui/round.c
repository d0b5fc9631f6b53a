/* Targui rounds: the die for the number of turns, the stack of tribal cards
 * and one fortune card, turning it card by card, the levy and the end. Also
 * the engine's advance: everything that needs no decision, including a
 * tribe's queued orders when its turn comes. */
#include <stdio.h>
#include <string.h>

#include "games/targui/targui.h"

static const char *
tribe(const struct tu_state *s, int seat)
{
	return tu_tribe_name[s->tribe_of[seat]];
}

void
tu_start_round(struct tu_state *s, struct evsink *ev)
{
	int n;

	s->round++;
	s->die = 1 + (int)rng_below(&s->rng, 6);
	tu_roll_note(s, R_ROUND, TU_NONE, s->die, s->die, 0, 0);
	n = s->die == 6 ? 1 : s->die;
	for (int t = 0; t < T_NTERRAIN; t++)
		s->strat_over[t] = s->eco_over[t] = -1;
	s->stack_n = 0;
	for (int i = 0; i < s->nseats; i++) {
		s->hand[i] = TU_TRIBAL;
		if (s->out[i])
			continue;
		s->hand[i] -= n;
		for (int k = 0; k < n; k++)
			s->stack[s->stack_n++] = i;
	}
	s->stack[s->stack_n++] = TU_FORTUNE_CARD;
	rng_shuffle_int(&s->rng, s->stack, s->stack_n);
	s->stack_pos = 0;
	if (s->die == 6)
		ev_emit(ev, VIS_ALL, "Round %d: the die shows 6, so each tribe "
		    "has one double turn.", s->round);
	else if (ev != NULL) {
		char said[TU_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)n,
		    "Round %d: the die shows %d, so each tribe has %d turn.",
		    "Round %d: the die shows %d, so each tribe has %d turns.",
		    s->round, s->die, n);
		ev_emit(ev, VIS_ALL, "%s", said);
	}
}

/* A tribe holding no territory is out; with one tribe left the game ends. */
void
tu_check_out(struct tu_state *s, struct evsink *ev)
{
	int last = TU_NONE;

	for (int i = 0; i < s->nseats; i++) {
		if (s->out[i] || tu_territories_of(s, i) > 0)
			continue;
		s->out[i] = 1;
		s->nqueue[i] = 0;
		ev_emit(ev, VIS_ALL, "The %s hold no territory any more and are "
		    "out of the game.", tribe(s, i));
	}
	if (tu_alive(s) > 1 || s->phase == PH_OVER)
		return;
	for (int i = 0; i < s->nseats; i++)
		if (!s->out[i])
			last = i;
	s->phase = PH_OVER;
	s->cur = TU_NONE;
	s->winner = last;
	msg_fmt(s->result, sizeof s->result, "The %s (%s) are the last tribe "
	    "left and win.", tribe(s, last), s->names[last]);
	ev_emit(ev, VIS_ALL, "The game is over. %s", s->result);
}

/* Whether seat has anything to do in the current step besides passing. */
int
tu_can_act(const struct tu_state *s, int seat)
{
	if (tu_buy_max(s, seat) > 0)
		return 1;
	if (s->step != ST_MOVE)
		return 0;
	for (int b = 1; b <= TU_BOXES; b++) {
		if (s->owner[b] != seat || s->camels[b] == 0)
			continue;
		for (int t = 1; t <= TU_BOXES; t++)
			if (tu_adjacent(s, b, t) && s->terrain[t] != T_CHOTT)
				return 1;
	}
	return 0;
}

static void
end_round(struct tu_state *s, struct evsink *ev)
{
	ev_emit(ev, VIS_ALL, "End of round %d.", s->round);
	tu_levy(s, ev);
	if (s->deck_pos >= s->deck_n) {
		tu_final_result(s, ev);
		return;
	}
	tu_start_round(s, ev);
}

static void
next_card(struct tu_state *s, struct evsink *ev)
{
	int c = s->stack[s->stack_pos++];

	if (c == TU_FORTUNE_CARD) {
		ev_emit(ev, VIS_ALL, "Round %d, card %d of %d: the fortune "
		    "card.", s->round, s->stack_pos, s->stack_n);
		tu_fortune(s, s->deck[s->deck_pos++], ev);
		return;
	}
	if (s->out[c]) {
		ev_emit(ev, VIS_ALL, "Round %d, card %d of %d: the %s, who are "
		    "out of the game.", s->round, s->stack_pos, s->stack_n,
		    tribe(s, c));
		return;
	}
	s->cur = c;
	s->step = ST_MOVE;
	s->part = 0;
	s->parts = s->die == 6 ? 2 : 1;
	if (s->parts == 2)
		ev_emit(ev, VIS_ALL, "Round %d, card %d of %d: a double turn of "
		    "the %s (%s).", s->round, s->stack_pos, s->stack_n,
		    tribe(s, c), s->names[c]);
	else
		ev_emit(ev, VIS_ALL, "Round %d, card %d of %d: the turn of the %s "
		    "(%s).", s->round, s->stack_pos, s->stack_n, tribe(s, c),
		    s->names[c]);
}

static void
run_queued(struct tu_state *s, struct evsink *ev)
{
	int seat = s->cur;
	struct order o;
	struct diag d;
	char said[ORDER_TEXT + 16];

	memset(&o, 0, sizeof o);
	o.kind = s->queue[seat][0].kind;
	o.nargs = s->queue[seat][0].nargs;
	for (int i = 0; i < o.nargs; i++)
		o.arg[i] = s->queue[seat][0].arg[i];
	tu_order_text(&o);
	memmove(&s->queue[seat][0], &s->queue[seat][1],
	    --s->nqueue[seat] * sizeof s->queue[seat][0]);
	memset(&s->queue[seat][s->nqueue[seat]], 0, sizeof s->queue[0][0]);
	diag_clear(&d);
	msg_order(said, sizeof said, "targui", o.text);
	ev_emit(ev, VIS_SEAT(seat), "Your queued order: %s", said);
	if (tu_apply_turn(s, seat, &o, NULL, ev, &d) == 0)
		return;
	/* Everyone sees what a seat is awaited for, and a reason would tell
	 * which boxes the queued order named: the reason goes to the seat alone. */
	msg_fmt(s->reject[seat], sizeof s->reject[seat], "Your queued order "
	    "could not be applied; your report says why.");
	ev_emit(ev, VIS_SEAT(seat), "Your queued order \"%s\" could not be "
	    "applied: %s The rest of your queue is dropped.", o.text, d.enc);
	memset(s->queue[seat], 0, sizeof s->queue[seat]);
	s->nqueue[seat] = 0;
}

static void
advance_setup(struct tu_state *s, struct evsink *ev)
{
	if (s->phase == PH_SECTOR) {
		int only = TU_NONE, n = 0;

		if (s->chooser == s->nseats) {
			tu_deal(s, ev);
			s->phase = PH_SETTLE;
			s->chooser = 0;
			return;
		}
		for (int k = 0; k < TU_SECTORS; k++)
			if (tu_sector_allowed(s, s->chooser, k, NULL) == 0) {
				only = k;
				n++;
			}
		if (n == 1) {
			tu_choose_sector(s, s->chooser, only, ev);
			s->chooser++;
		}
		return;
	}
	if (s->chooser == s->nseats) {
		s->phase = PH_TURN;
		s->cur = TU_NONE;
		tu_start_round(s, ev);
	}
}

/* Runs until someone must decide or the game is over. */
void
tu_advance(struct tu_state *s, struct evsink *ev)
{
	for (;;) {
		int phase = s->phase, chooser = s->chooser;

		if (s->phase == PH_OVER)
			return;
		if (s->phase != PH_TURN) {
			advance_setup(s, ev);
			if (s->phase == phase && s->chooser == chooser)
				return;
			continue;
		}
		if (s->cur != TU_NONE) {
			if (s->nqueue[s->cur] > 0) {
				run_queued(s, ev);
				continue;
			}
			if (tu_can_act(s, s->cur))
				return;
			if (s->step == ST_MOVE && s->part == 0)
				ev_emit(ev, VIS_ALL, "The %s can do nothing this "
				    "turn.", tribe(s, s->cur));
			s->step = ST_BUY;
			if (++s->part >= s->parts) {
				s->reject[s->cur][0] = '\0';
				s->cur = TU_NONE;
				s->turns++;
			} else
				s->step = ST_MOVE;
			continue;
		}
		if (s->stack_pos == s->stack_n)
			end_round(s, ev);
		else
			next_card(s, ev);
	}
}
