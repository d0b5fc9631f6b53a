/* Geometry of the eight-hole loop. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

int
bq_owner(int hole)
{
	return hole / BQ_ROW;
}

char
bq_letter(int hole)
{
	return (char)('a' + hole);
}

int
bq_hole_of(const char *w)
{
	int c;

	if (w == NULL || w[0] == '\0' || w[1] != '\0')
		return -1;
	c = tolower((unsigned char)w[0]);
	if (c < 'a' || c >= 'a' + BQ_HOLES)
		return -1;
	return c - 'a';
}

/* The next hole that is not erased, going dir (+1 or -1) from hole. When
 * hole is the only one left it is its own neighbour. */
int
bq_step(const struct bq_state *st, int dir, int hole)
{
	int h = hole;

	for (int i = 0; i < BQ_HOLES; i++) {
		h = (h + dir + BQ_HOLES) % BQ_HOLES;
		if (!st->erased[h])
			return h;
	}
	return hole;
}

/* Seat's holes that are not erased, in the order its own sowing runs
 * through them: "after" in the refill rule means after in this order. */
int
bq_row(const struct bq_state *st, int seat, int out[BQ_ROW])
{
	int n = 0, base = seat * BQ_ROW;

	for (int i = 0; i < BQ_ROW; i++) {
		int h = st->dir[seat] > 0 ? base + i : base + BQ_ROW - 1 - i;

		if (!st->erased[h])
			out[n++] = h;
	}
	return n;
}

int
bq_live(const struct bq_state *st, int seat)
{
	int n = 0;

	for (int i = 0; i < BQ_ROW; i++)
		if (!st->erased[seat * BQ_ROW + i])
			n++;
	return n;
}

int
bq_on_board(const struct bq_state *st)
{
	int n = 0;

	for (int h = 0; h < BQ_HOLES; h++)
		n += st->board[h];
	return n;
}

/* 10 and more are never taken, by anyone. */
int
bq_capturable(int n)
{
	return n == 2 || n == 4 || n == 6 || n == 8;
}

/* Whether a sowing hole holding lifted counters holds "un grand nombre de
 * pions", which groups of more than one need (option groups_when). */
int
bq_large(const struct bq_state *st, int lifted)
{
	int loop = 0;

	switch (st->groups_when) {
	case BQ_LARGE_OVER_SIX:
		return lifted > BQ_FULL;
	case BQ_LARGE_OVER_LAP:
		for (int h = 0; h < BQ_HOLES; h++)
			loop += !st->erased[h];
		return lifted > loop;
	default:
		return 1;
	}
}

/* A fragment (msg.h) to nest in a sentence: "sows %s". */
const char *
bq_dir_name(int dir, char *out, size_t n)
{
	if (dir > 0)
		msg_fmt(out, n, "counter-clockwise");
	else
		msg_fmt(out, n, "clockwise");
	return out;
}

const char *
bq_other(const struct bq_state *st, int seat)
{
	return st->seat[1 - seat];
}

/* "a, b, c or d": seat's holes that are not erased, as a message whose
 * joins a translator words ("a, b, c ou d"). */
void
bq_holes_text(const struct bq_state *st, int seat, struct buf *b)
{
	char acc[BQ_LIST], tmp[BQ_LIST];
	int n = 0, live = 0;

	for (int h = seat * BQ_ROW; h < (seat + 1) * BQ_ROW; h++)
		live += bq_choosable(st, h);
	acc[0] = '\0';
	for (int h = seat * BQ_ROW; h < (seat + 1) * BQ_ROW; h++) {
		if (!bq_choosable(st, h))
			continue;
		if (n == 0)
			snprintf(tmp, sizeof tmp, "%c", bq_letter(h));
		else if (n == live - 1)
			msg_fmt(tmp, sizeof tmp, "%s or %c", acc, bq_letter(h));
		else
			msg_fmt(tmp, sizeof tmp, "%s, %c", acc, bq_letter(h));
		memcpy(acc, tmp, sizeof acc);
		n++;
	}
	buf_adds(b, acc);
}

/* Joins item to the list in acc (size n) with "%s, %s": a list of holes
 * or captures, as a message. */
void
bq_list_add(char *acc, size_t n, const char *item)
{
	char tmp[BQ_LIST];

	if (acc[0] == '\0')
		snprintf(tmp, sizeof tmp, "%s", item);
	else
		msg_fmt(tmp, sizeof tmp, "%s, %s", acc, item);
	snprintf(acc, n, "%s", tmp);
}
