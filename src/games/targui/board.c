/* Targui board: geometry, values, counting, and every camel in or out. */
#include <stdio.h>
#include <stdlib.h>

#include "games/targui/targui.h"

int
tu_box_ok(int box)
{
	return box >= 1 && box <= TU_BOXES;
}

/* The eight neighbours; only the target box matters, so a diagonal step
 * between two chotts is allowed. */
int
tu_adjacent(const struct tu_state *s, int a, int b)
{
	int dr, dc;

	if (!tu_box_ok(a) || !tu_box_ok(b) || a == b)
		return 0;
	dr = abs(s->row[a] - s->row[b]);
	dc = abs(s->col[a] - s->col[b]);
	return dr <= 1 && dc <= 1;
}

int
tu_strategic(const struct tu_state *s, int box)
{
	int t = s->terrain[box];

	if (s->strat_over[t] >= 0)
		return s->strat_over[t];
	return s->terr[t].strategic;
}

int
tu_economic(const struct tu_state *s, int box)
{
	int t = s->terrain[box];

	if (s->eco_over[t] >= 0)
		return s->eco_over[t];
	return s->terr[t].economic;
}

int
tu_holds_settlement(const struct tu_state *s, int seat)
{
	int b = s->settle_box[seat];

	return b != 0 && s->owner[b] == seat;
}

int
tu_camels_of(const struct tu_state *s, int seat)
{
	int n = 0;

	for (int b = 1; b <= TU_BOXES; b++)
		if (s->owner[b] == seat)
			n += s->camels[b];
	return n;
}

int
tu_territories_of(const struct tu_state *s, int seat)
{
	int n = 0;

	for (int b = 1; b <= TU_BOXES; b++)
		if (s->owner[b] == seat)
			n++;
	return n;
}

int
tu_alive(const struct tu_state *s)
{
	int n = 0;

	for (int i = 0; i < s->nseats; i++)
		if (!s->out[i])
			n++;
	return n;
}

int
tu_supply_left(const struct tu_state *s)
{
	return s->opt_camels ? s->supply : 1 << 30;
}

/* Camels from the box; the caller has checked the supply. */
void
tu_add_camels(struct tu_state *s, int box, int n)
{
	s->camels[box] += n;
	s->camels_in += n;
	if (s->opt_camels)
		s->supply -= n;
}

/* Camels back to the box (never more than are there). */
void
tu_kill_camels(struct tu_state *s, int box, int n)
{
	if (n > s->camels[box])
		n = s->camels[box];
	s->camels[box] -= n;
	s->camels_out += n;
	if (s->opt_camels)
		s->supply += n;
}

void
tu_roll_note(struct tu_state *s, int kind, int seat, int value, int total,
    int loss, int box)
{
	struct tu_roll *r = &s->rolls[s->nrolls % TU_ROLLS];

	r->round = s->round;
	r->kind = kind;
	r->seat = seat;
	r->value = value;
	r->total = total;
	r->loss = loss;
	r->box = box;
	s->nrolls++;
}

int
tu_throw(struct tu_state *s, struct tu_dice *dice)
{
	if (dice != NULL && dice->fixed != NULL && dice->pos < dice->nfixed)
		return dice->fixed[dice->pos++];
	return 1 + (int)rng_below(&s->rng, 6);
}

void
tu_money_text(int silver, char *out, size_t len)
{
	msg_fmt(out, len, "%d gold %d silver (%d)", silver / 5, silver % 5,
	    silver);
}
