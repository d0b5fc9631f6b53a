/* targi_place: where a Targi may stand, and where the tribe markers go. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

/* Border cards of a column (#1-#3 on top, #11-#9 below) and of a row
 * (#5-#7 on the right, #15-#13 on the left). */
static int
col_of(int n)
{
	if (n >= 1 && n <= 3)
		return n - 1;
	if (n >= 9 && n <= 11)
		return 11 - n;
	return -1;
}

static int
row_of(int n)
{
	if (n >= 5 && n <= 7)
		return n - 5;
	if (n >= 13 && n <= 15)
		return 15 - n;
	return -1;
}

int
tg_opposite(int n)
{
	if ((n >= 1 && n <= 3) || (n >= 9 && n <= 11))
		return 12 - n;
	if ((n >= 5 && n <= 7) || (n >= 13 && n <= 15))
		return 20 - n;
	return -1;
}

/* The central position where a column card's and a row card's lines cross,
 * or -1 when the two cards do not make a crossing. */
int
tg_central_of(int a, int b)
{
	if (col_of(a) >= 0 && row_of(b) >= 0)
		return row_of(b) * 3 + col_of(a);
	if (col_of(b) >= 0 && row_of(a) >= 0)
		return row_of(a) * 3 + col_of(b);
	return -1;
}

int
tg_place_legal(const struct tg_state *st, int seat, int n)
{
	int o;

	if (n >= TG_DUNE(0) && n < TG_DUNE(TG_DUNES))
		return tg_dune_place_legal(st, seat, n - TG_DUNE(0));
	if (n < 1 || n > TG_NBORDER || n % 4 == 0)
		return 0;
	if (st->targi_at[n] >= 0)
		return 0;
	if (n == st->robber && !tg_has_effect(st, seat, EF_ROBBER_PLACE))
		return 0;
	o = tg_opposite(n);
	if (o > 0 && st->targi_at[o] == 1 - seat &&
	    !tg_has_effect(st, seat, EF_PLACE_OPPOSITE))
		return 0;
	return 1;
}

/* Why seat may not place on n (tg_place_legal said no). */
static int
why_not(const struct tg_state *st, int seat, int n, struct diag *d)
{
	if (n >= TG_DUNE(0) && n < TG_DUNE(TG_DUNES)) {
		int i = n - TG_DUNE(0);

		if (!st->x.dunes)
			return diag_set(d, 0, "This game is played without sand dunes.");
		if (st->dune_up[i] < 0)
			return diag_set(d, 0, "No sand dune lies face up at place %d.", i + 1);
		if (st->pl[seat].dune_at[i])
			return diag_set(d, 0, "Your Targi already stands on sand dune %d.", i + 1);
		return diag_set(d, 0, "Sand dune %d already has a Targi on it (each dune holds one, unless a tribe card allows a second).",
		    i + 1);
	}
	if (n < 1 || n > TG_NBORDER)
		return diag_set(d, 0, "There is no border card %d; the border cards are 1 to 16.", n);
	if (n % 4 == 0)
		return diag_set(d, 0, "Card %d is a raid corner; no Targi may stand there.", n);
	if (st->targi_at[n] >= 0)
		return diag_set(d, 0, "Card %d already has a Targi on it.", n);
	if (n == st->robber)
		return diag_set(d, 0, "The robber stands on card %d; no Targi may go there.", n);
	return diag_set(d, 0, "Card %d is opposite a Targi of %s; you may not place there.",
	    n, st->pl[1 - seat].name);
}

int
tg_place(struct tg_state *st, int seat, int n, struct evsink *ev,
    struct diag *d)
{
	struct tg_player *p = &st->pl[seat];

	if (!tg_place_legal(st, seat, n))
		return why_not(st, seat, n, d);
	p->placed++;
	if (n >= TG_DUNE(0)) {
		char t[TG_MSG];

		p->dune_at[n - TG_DUNE(0)] = 1;
		tg_dune_text(&st->dune[st->dune_up[n - TG_DUNE(0)]], t, sizeof t);
		ev_emit(ev, VIS_ALL, "%s places a Targi on sand dune %d (%s).",
		    p->name, n - TG_DUNE(0) + 1, t);
	} else {
		char pn[TG_MSG];

		st->targi_at[n] = seat;
		ev_emit(ev, VIS_ALL, "%s places a Targi on %d (%s).", p->name, n,
		    tg_place_name(st, n, pn, sizeof pn));
		if (st->x.targia && n == st->targia && !p->favour) {
			p->favour = 1;
			ev_emit(ev, VIS_ALL, "The Targia stands on %d: %s may ask her favour.",
			    n, p->name);
		}
	}
	if (st->pl[1 - seat].placed < st->pl[1 - seat].quota)
		st->turn = 1 - seat;
	return 0;
}

/* PLACE a b c: a now, b and c kept for the seat's next placements of the
 * round. Every card must be legal when the order is given; the opponent's
 * placements in between may still take one (tg_plan_next). */
int
tg_place_plan(struct tg_state *st, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	struct order noted;
	char said[ORDER_TEXT + 16];

	if (o->nargs > p->quota - p->placed)
		return diag_set(d, 0, "That names more cards than you have Targi left to place this round (%d).",
		    p->quota - p->placed);
	if (tg_place(st, seat, o->arg[0], ev, d) < 0)
		return -1;
	if (o->nargs < 2)
		return 0;
	memset(&noted, 0, sizeof noted);
	noted.kind = K_PLACE;
	p->nplan = 0;
	for (int i = 1; i < o->nargs; i++) {
		if (!tg_place_legal(st, seat, o->arg[i]))
			return why_not(st, seat, o->arg[i], d);
		p->plan[p->nplan++] = noted.arg[noted.nargs++] = o->arg[i];
	}
	tg_format(&noted);
	/* To the seat alone, as a standing order: the opponent must not
	 * learn where the next Targi go before they stand there. */
	msg_order(said, sizeof said, "targi", noted.text);
	ev_emit(ev, VIS_SEAT(seat), "Noted for %s: %s", p->name, said);
	return 0;
}

/* The plan's next card for seat's turn to place: 1 placed, 0 none left or
 * no longer legal (the plan is dropped and the seat is asked as without
 * one). */
int
tg_plan_next(struct tg_state *st, int seat, struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	int n;

	if (p->nplan == 0)
		return 0;
	n = p->plan[0];
	p->plan[0] = p->plan[1];
	p->nplan--;
	if (tg_place_legal(st, seat, n))
		return tg_place(st, seat, n, ev, NULL) == 0;
	p->nplan = 0;
	ev_emit(ev, VIS_SEAT(seat), "%s: card %d of your plan can no longer take your Targi; the rest of the plan is dropped.",
	    p->name, n);
	return 0;
}

/* The start player's markers go first: should both players' lines cross
 * on one card, his marker is the one that uses it. */
void
tg_set_markers(struct tg_state *st, struct evsink *ev)
{
	for (int s = 0; s < TG_SEATS; s++) {
		int mine[TG_NBORDER], n = 0;

		for (int c = 1; c <= TG_NBORDER; c++)
			if (st->targi_at[c] == s)
				mine[n++] = c;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				int pos = tg_central_of(mine[i], mine[j]);
				char name[3];

				if (pos < 0 || st->marker_at[pos] == s)
					continue;
				tg_pos_name(pos, name);
				if (st->marker_at[pos] >= 0) {
					if (s == st->start) {
						st->marker_also[pos] = st->marker_at[pos];
						st->marker_at[pos] = s;
					} else
						st->marker_also[pos] = s;
					ev_emit(ev, VIS_ALL, "%s puts a tribe marker on %s too; %s, the start player, uses it first.",
					    st->pl[s].name, name, st->pl[st->start].name);
					continue;
				}
				st->marker_at[pos] = s;
				ev_emit(ev, VIS_ALL, "%s puts a tribe marker on %s.",
				    st->pl[s].name, name);
			}
	}
}
