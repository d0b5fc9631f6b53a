/* Targui actions of a turn: moving, attacking and buying camels. Each has a
 * check that changes nothing and a do that assumes the check passed. */
#include <stdio.h>

#include "games/targui/targui.h"

static const char *
tribe(const struct tu_state *s, int seat)
{
	return tu_tribe_name[s->tribe_of[seat]];
}

static int
check_from(const struct tu_state *s, int seat, int from, int to,
    struct diag *d)
{
	if (!tu_box_ok(from) || !tu_box_ok(to))
		return diag_set(d, 0, "Boxes are numbered 1 to 49.");
	if (s->owner[from] != seat)
		return diag_set(d, 0, "You do not hold box %d.", from);
	if (s->camels[from] == 0)
		return diag_set(d, 0, "You have no camels in box %d.", from);
	if (!tu_adjacent(s, from, to))
		return diag_set(d, 0, "Box %d does not adjoin box %d: camels "
		    "go to one of the 8 neighbouring boxes.", to, from);
	if (s->terrain[to] == T_CHOTT)
		return diag_set(d, 0, "Box %d is a chott: no camel can enter "
		    "a salt lake.", to);
	return 0;
}

/* What no later turn can make legal: the board's shape and terrain never
 * change, so an order queued against them is refused when it arrives. */
int
tu_check_ever(const struct tu_state *s, const struct order *o, struct diag *d)
{
	const int *a = o->arg;

	switch (o->kind) {
	case O_MOVE:
	case O_ATTACK:
		if (!tu_box_ok(a[0]) || !tu_box_ok(a[1]))
			return diag_set(d, 0, "Boxes are numbered 1 to 49.");
		if (!tu_adjacent(s, a[0], a[1]))
			return diag_set(d, 0, "Box %d does not adjoin box %d: camels "
			    "go to one of the 8 neighbouring boxes.", a[1], a[0]);
		if (s->terrain[a[1]] == T_CHOTT)
			return diag_set(d, 0, "Box %d is a chott: no camel can enter "
			    "a salt lake.", a[1]);
		if (s->terrain[a[0]] == T_CHOTT)
			return diag_set(d, 0, "Box %d is a chott: no camel is ever "
			    "there.", a[0]);
		return 0;
	case O_BUY:
		if (!tu_box_ok(a[0]))
			return diag_set(d, 0, "Boxes are numbered 1 to 49.");
		if (s->terrain[a[0]] == T_SALTMINE)
			return diag_set(d, 0, "No camels may be added on the salt mine; "
			    "add them next to it and move them in.");
		if (s->terrain[a[0]] == T_CHOTT)
			return diag_set(d, 0, "Box %d is a chott: no camel is ever "
			    "there.", a[0]);
		return 0;
	default:
		return 0;
	}
}

int
tu_check_move(const struct tu_state *s, int seat, int from, int to, int n,
    struct diag *d)
{
	char said[TU_MSG];

	if (check_from(s, seat, from, to, d) < 0)
		return -1;
	if (n == TU_ALL)
		n = s->camels[from];
	if (n < 1)
		return diag_set(d, 0, "Move at least one camel.");
	if (n > s->camels[from]) {
		msg_nfmt(said, sizeof said, (unsigned long)s->camels[from],
		    "You have only %d camel in box %d.",
		    "You have only %d camels in box %d.", s->camels[from], from);
		return diag_set(d, 0, "%s", said);
	}
	if (s->owner[to] != TU_NONE && s->owner[to] != seat &&
	    s->camels[to] > 0) {
		msg_nfmt(said, sizeof said, (unsigned long)s->camels[to],
		    "Box %d is held by the %s with %d camel: send %s to "
		    "attack it.", "Box %d is held by the %s with %d camels: send "
		    "%s to attack it.", to, tribe(s, s->owner[to]),
		    s->camels[to], ORDER("targui", "ATTACK"));
		return diag_set(d, 0, "%s", said);
	}
	return 0;
}

void
tu_do_move(struct tu_state *s, int seat, int from, int to, int n,
    struct evsink *ev)
{
	int prev = s->owner[to];

	if (n == TU_ALL)
		n = s->camels[from];
	s->camels[from] -= n;
	s->camels[to] += n;
	s->owner[to] = seat;
	if (ev != NULL) {
		char said[TU_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)n,
		    "The %s move %d camel from box %d to box %d.",
		    "The %s move %d camels from box %d to box %d.",
		    tribe(s, seat), n, from, to);
		ev_emit(ev, VIS_ALL, "%s", said);
	}
	if (prev == TU_NONE)
		ev_emit(ev, VIS_ALL, "The %s take box %d (%s).",
		    tribe(s, seat), to, tu_terrain_term[s->terrain[to]]);
	else if (prev != seat) {
		ev_emit(ev, VIS_ALL, "The %s take box %d (%s), left empty by "
		    "the %s.", tribe(s, seat), to,
		    tu_terrain_term[s->terrain[to]], tribe(s, prev));
		tu_check_out(s, ev);
	}
}

int
tu_check_attack(const struct tu_state *s, int seat, int from, int to,
    struct diag *d)
{
	if (check_from(s, seat, from, to, d) < 0)
		return -1;
	if (s->owner[to] == seat)
		return diag_set(d, 0, "Box %d is yours: send %s to move "
		    "camels there.", to, ORDER("targui", "MOVE"));
	if (s->owner[to] == TU_NONE || s->camels[to] == 0)
		return diag_set(d, 0, "Box %d holds no enemy camels: send %s "
		    "to take it.", to, ORDER("targui", "MOVE"));
	return 0;
}

static void
rule_text(int stop, int after, char *out, size_t len)
{
	if (stop > 0 && after > 0)
		msg_nfmt(out, len, (unsigned long)after,
		    "gives up below %d camels or after %d exchange",
		    "gives up below %d camels or after %d exchanges", stop, after);
	else if (stop > 0)
		msg_nfmt(out, len, (unsigned long)stop, "gives up below %d camel",
		    "gives up below %d camels", stop);
	else if (after > 0)
		msg_nfmt(out, len, (unsigned long)after,
		    "gives up after %d exchange", "gives up after %d exchanges",
		    after);
	else
		msg_fmt(out, len, "fights to the end");
}

/* One exchange of an attack, as a sentence: thrower, throw, value added,
 * the side that loses, the loss, what is left where. The break-off rule is
 * said once, in the attack's line, not again in every exchange (issue 31:
 * a long fight repeated it twenty times). */
static void
exchange(char *out, size_t len, int k, const char *thrower, int t, int add,
    const char *loser, int loss, int left, int box)
{
	msg_nfmt(out, len, (unsigned long)loss,
	    "Exchange %d: the %s throw %d + %d = %d; the %s lose %d camel (%d "
	    "left in box %d).",
	    "Exchange %d: the %s throw %d + %d = %d; the %s lose %d camels (%d "
	    "left in box %d).", k, thrower, t, add, t + add,
	    loser, loss, left, box);
}

/* All the camels in `from` fight. Each exchange: the attacker throws, adds
 * the strategic value of `from`, and the defender loses half (rounded down);
 * then the defender throws and adds the value of `to`. The break-off rule is
 * looked at only after the defender's throw, as the rules allow. */
void
tu_do_attack(struct tu_state *s, int seat, int from, int to, int stop,
    int after, int enter, struct tu_dice *dice, struct evsink *ev)
{
	int def = s->owner[to], k = 0;
	char rule[160] = "", held[96] = "", with[96] = "", said[TU_MSG];

	/* A random playout keeps no narrative: build none. */
	if (ev != NULL) {
		rule_text(stop, after, rule, sizeof rule);
		/* Two counts in one sentence: each is a phrase of its own. */
		msg_nfmt(held, sizeof held, (unsigned long)s->camels[to],
		    "%d camel of the %s", "%d camels of the %s", s->camels[to],
		    tribe(s, def));
		msg_nfmt(with, sizeof with, (unsigned long)s->camels[from],
		    "with %d camel", "with %d camels", s->camels[from]);
	}
	ev_emit(ev, VIS_ALL, "The %s attack box %d (%s, %s) from box %d (%s) "
	    "%s; the attacker %s.", tribe(s, seat), to,
	    tu_terrain_term[s->terrain[to]], held, from,
	    tu_terrain_term[s->terrain[from]], with, rule);
	for (;;) {
		int t, tot, loss;

		k++;
		t = tu_throw(s, dice);
		tot = t + tu_strategic(s, from);
		loss = tot / 2;
		if (loss > s->camels[to])
			loss = s->camels[to];
		tu_kill_camels(s, to, loss);
		tu_roll_note(s, R_ATTACK, seat, t, tot, loss, to);
		if (ev != NULL) {
			exchange(said, sizeof said, k, tribe(s, seat), t,
			    tu_strategic(s, from), tribe(s, def), loss,
			    s->camels[to], to);
			ev_emit(ev, VIS_ALL, "%s", said);
		}
		if (s->camels[to] == 0)
			break;
		t = tu_throw(s, dice);
		tot = t + tu_strategic(s, to);
		loss = tot / 2;
		if (loss > s->camels[from])
			loss = s->camels[from];
		tu_kill_camels(s, from, loss);
		tu_roll_note(s, R_DEFENCE, def, t, tot, loss, from);
		if (ev != NULL) {
			exchange(said, sizeof said, k, tribe(s, def), t,
			    tu_strategic(s, to), tribe(s, seat), loss,
			    s->camels[from], from);
			ev_emit(ev, VIS_ALL, "%s", said);
		}
		if (s->camels[from] == 0) {
			ev_emit(ev, VIS_ALL, "The attack fails: the %s have no "
			    "camels left in box %d, which they keep.",
			    tribe(s, seat), from);
			return;
		}
		if ((stop > 0 && s->camels[from] < stop) ||
		    (after > 0 && k >= after)) {
			if (ev != NULL) {
				msg_nfmt(said, sizeof said,
				    (unsigned long)s->camels[from],
				    "The %s give up the attack with %d camel left; "
				    "the %s keep box %d with %d.",
				    "The %s give up the attack with %d camels left; "
				    "the %s keep box %d with %d.", tribe(s, seat),
				    s->camels[from], tribe(s, def), to,
				    s->camels[to]);
				ev_emit(ev, VIS_ALL, "%s", said);
			}
			return;
		}
	}
	{
		int m = enter == TU_ALL ? s->camels[from] : enter;

		if (m > s->camels[from])
			m = s->camels[from];
		if (m < 1)
			m = 1;
		s->camels[from] -= m;
		s->camels[to] = m;
		s->owner[to] = seat;
		if (ev != NULL) {
			msg_nfmt(said, sizeof said, (unsigned long)m,
			    "The %s win box %d and move in with %d camel (%d stay "
			    "in box %d).", "The %s win box %d and move in with %d "
			    "camels (%d stay in box %d).", tribe(s, seat), to, m,
			    s->camels[from], from);
			ev_emit(ev, VIS_ALL, "%s", said);
		}
		tu_check_out(s, ev);
	}
}

int
tu_buy_max(const struct tu_state *s, int seat)
{
	int n = s->money[seat], ok = 0;

	for (int b = 1; b <= TU_BOXES; b++)
		if (s->owner[b] == seat && s->terrain[b] != T_SALTMINE)
			ok = 1;
	if (!ok)
		return 0;
	if (n > tu_supply_left(s))
		n = tu_supply_left(s);
	return n;
}

int
tu_check_buy(const struct tu_state *s, int seat, int box, int n,
    struct diag *d)
{
	char said[TU_MSG];

	if (!tu_box_ok(box))
		return diag_set(d, 0, "Boxes are numbered 1 to 49.");
	if (s->owner[box] != seat)
		return diag_set(d, 0, "You do not hold box %d.", box);
	if (s->terrain[box] == T_SALTMINE)
		return diag_set(d, 0, "No camels may be added on the salt mine; "
		    "add them next to it and move them in.");
	if (s->money[seat] == 0)
		return diag_set(d, 0, "You have no money to buy camels.");
	if (tu_supply_left(s) == 0)
		return diag_set(d, 0, "There are no camels left in the supply; "
		    "an attack may send some back.");
	if (n == TU_ALL)
		n = tu_buy_max(s, seat);
	if (n < 1)
		return diag_set(d, 0, "Buy at least one camel.");
	if (n > s->money[seat]) {
		msg_nfmt(said, sizeof said, (unsigned long)n,
		    "%d camel costs %d silver but you have only %d.",
		    "%d camels cost %d silver but you have only %d.", n, n,
		    s->money[seat]);
		return diag_set(d, 0, "%s", said);
	}
	if (n > tu_supply_left(s)) {
		msg_nfmt(said, sizeof said, (unsigned long)tu_supply_left(s),
		    "Only %d camel is left in the supply.",
		    "Only %d camels are left in the supply.", tu_supply_left(s));
		return diag_set(d, 0, "%s", said);
	}
	return 0;
}

void
tu_do_buy(struct tu_state *s, int seat, int box, int n, struct evsink *ev)
{
	if (n == TU_ALL)
		n = tu_buy_max(s, seat);
	s->money[seat] -= n;
	s->spent += n;
	tu_add_camels(s, box, n);
	if (ev != NULL) {
		char said[TU_MSG];

		msg_nfmt(said, sizeof said, (unsigned long)n,
		    "The %s buy %d camel for box %d (%d silver left).",
		    "The %s buy %d camels for box %d (%d silver left).",
		    tribe(s, seat), n, box, s->money[seat]);
		ev_emit(ev, VIS_ALL, "%s", said);
	}
}
