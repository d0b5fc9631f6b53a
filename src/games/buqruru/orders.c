/* The order language: HOLE c, SOW [k ...], REFILL [x ...] [REMAINDER y]. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/buqruru/buqruru.h"

#define MAX_WORDS 32

/* A hole of seat to show in examples, so a hint names a hole the player
 * could really use. */
static char
example_hole(const struct bq_state *st, int seat)
{
	int row[BQ_ROW];

	if (seat < 0 || seat >= BQ_SEATS)
		seat = 0;
	if (st != NULL && bq_row(st, seat, row) > 0)
		return bq_letter(row[0]);
	return bq_letter(seat * BQ_ROW + 2);
}

/* Hand-built rather than printf'd: a random playout formats the orders it
 * picks, and legal() every order a viewer is shown. Sizes are at most
 * BQ_MAX_GROUP and args at most ORDER_ARGS, so the text always fits. */
static char *
put_int(char *p, int v)
{
	char t[12];
	int n = 0;

	*p++ = ' ';
	if (v < 0) {
		*p++ = '-';
		v = -v;
	}
	do
		t[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0 && n < 11);
	while (n > 0)
		*p++ = t[--n];
	return p;
}

static char *
put_str(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

static char *
put_hole(char *p, int hole)
{
	*p++ = ' ';
	*p++ = bq_letter(hole);
	return p;
}

void
bq_format(struct order *o)
{
	char *p = o->text;

	switch (o->kind) {
	case BQ_HOLE:
		p = put_hole(put_str(p, "HOLE"), o->arg[0]);
		break;
	case BQ_SOW:
		p = put_str(p, "SOW");
		for (int i = 0; i < o->nargs && i < ORDER_ARGS; i++)
			p = put_int(p, o->arg[i]);
		break;
	case BQ_REFILL:
		p = put_str(p, "REFILL");
		for (int i = 1; i < o->nargs && i < ORDER_ARGS; i++)
			p = put_hole(p, o->arg[i]);
		if (o->arg[0] >= 0)
			p = put_hole(put_str(p, " REMAINDER"), o->arg[0]);
		break;
	default:
		p = put_str(p, "?");
		break;
	}
	*p = '\0';
}

static void
refill_args(struct order *o, unsigned mask, int rem)
{
	o->kind = BQ_REFILL;
	o->arg[0] = rem;
	o->nargs = 1;
	for (int h = 0; h < BQ_HOLES; h++)
		if (mask & (1u << h))
			o->arg[o->nargs++] = h;
}

void
bq_refill_order(struct order *o, unsigned mask, int rem)
{
	memset(o, 0, sizeof *o);
	refill_args(o, mask, rem);
	bq_format(o);
}

/* A group size: digits only. Returns the size, 0 for "0" or a negative
 * number, -1 for anything that is not a number. */
static int
group_size(const char *w)
{
	int v = 0, neg = 0;

	if (*w == '-' || *w == '+') {
		neg = *w == '-';
		w++;
	}
	if (*w == '\0')
		return -1;
	for (; *w != '\0'; w++) {
		if (!isdigit((unsigned char)*w))
			return -1;
		if (v < 100000)
			v = v * 10 + (*w - '0');
	}
	return neg ? 0 : v;
}

static int
parse_hole(const struct bq_state *st, int seat, const char *line,
    char **w, int n, struct order *o, struct diag *d)
{
	char ex = example_hole(st, seat);

	if (n == 1)
		return diag_set(d, 0, "\"%.60s\": say which hole, e.g. "
		    "\"%s %c\"", line, ORDER("buqruru", "HOLE"), ex);
	if (n > 2)
		return diag_set(d, 0, "\"%.60s\": choose one hole only, e.g. "
		    "\"%s %c\"", line, ORDER("buqruru", "HOLE"), ex);
	if ((o->arg[0] = bq_hole_of(w[1])) < 0)
		return diag_set(d, 0, "\"%.60s\": holes are named by one letter, "
		    "a to h; try \"%s %c\"", line, ORDER("buqruru", "HOLE"), ex);
	o->kind = BQ_HOLE;
	o->nargs = 1;
	bq_format(o);
	return 0;
}

static int
parse_sow(const char *line, char **w, int n, struct order *o,
    struct diag *d)
{
	if (n - 1 > BQ_MAX_SIZES)
		return diag_set(d, 0, "\"%.60s\": give at most %d group sizes, "
		    "one per lap; the last one holds for the laps after it",
		    line, BQ_MAX_SIZES);
	for (int i = 1; i < n; i++) {
		int k = group_size(w[i]);

		if (k < 0)
			return diag_set(d, 0, "\"%.60s\": \"%.20s\" is not a group "
			    "size; give whole numbers, one per lap, e.g. "
			    "\"%s\" or \"%s\"", line, w[i], ORDER("buqruru", "SOW 2"),
			    ORDER("buqruru", "SOW 2 3"));
		if (k == 0)
			return diag_set(d, 0, "\"%.60s\": the group size must be "
			    "1 or more; try \"%s\"", line, ORDER("buqruru", "SOW 1"));
		if (k > BQ_MAX_GROUP)
			return diag_set(d, 0, "\"%.60s\": a group cannot hold more "
			    "than the %d counters of the game; try \"%s\"",
			    line, BQ_MAX_GROUP, ORDER("buqruru", "SOW 2"));
		o->arg[i - 1] = k;
	}
	o->kind = BQ_SOW;
	o->nargs = n - 1;
	bq_format(o);
	return 0;
}

static int
parse_refill(const char *line, char **w, int n, struct order *o,
    struct diag *d)
{
	char ex[BQ_MSG];
	unsigned mask = 0;
	int rem = -1;

	/* The example is an order, in the reader's order words. */
	msg_fmt(ex, sizeof ex, "e.g. \"%s\"", ORDER("buqruru", "REFILL a b REMAINDER c"));

	if (n == 1)
		return diag_set(d, 0, "\"%.60s\": name the holes that get six "
		    "counters, then %s and the hole for what is left "
		    "over, %s", line, ORDER("buqruru", "REMAINDER"), ex);
	for (int i = 1; i < n; i++) {
		int h;

		if (strcasecmp(w[i], "REMAINDER") == 0) {
			if (i != n - 2)
				return diag_set(d, 0, "\"%.60s\": %s comes "
				    "last, followed by exactly one hole, %s", line,
				    ORDER("buqruru", "REMAINDER"), ex);
			if ((rem = bq_hole_of(w[i + 1])) < 0)
				return diag_set(d, 0, "\"%.60s\": \"%.20s\" is not "
				    "a hole; holes are named by one letter, a to h, "
				    "%s", line, w[i + 1], ex);
			if (mask & (1u << rem))
				return diag_set(d, 0, "\"%.60s\": hole %c is named "
				    "twice; a hole gets six or the remainder, not "
				    "both", line, bq_letter(rem));
			break;
		}
		if ((h = bq_hole_of(w[i])) < 0)
			return diag_set(d, 0, "\"%.60s\": \"%.20s\" is not a hole; "
			    "holes are named by one letter, a to h, %s", line,
			    w[i], ex);
		if (mask & (1u << h))
			return diag_set(d, 0, "\"%.60s\": hole %c is named twice; "
			    "name each hole once", line, bq_letter(h));
		mask |= 1u << h;
	}
	bq_refill_order(o, mask, rem);
	return 0;
}

int
bq_parse(const void *vst, int seat, const char *line, struct order *o,
    struct diag *d)
{
	const struct bq_state *st = vst;
	char copy[ORDER_TEXT], *w[MAX_WORDS + 1], *p, *save = NULL;
	int n = 0;

	memset(o, 0, sizeof *o);
	if (strlen(line) >= sizeof copy)
		return diag_set(d, 0, "this order is too long; Buqruru orders "
		    "are short, e.g. \"%s\"", ORDER("buqruru", "SOW 2"));
	snprintf(copy, sizeof copy, "%s", line);
	for (p = strtok_r(copy, " \t\r\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == MAX_WORDS)
			return diag_set(d, 0, "\"%.60s\": too many words for one "
			    "order", line);
		w[n++] = p;
	}
	if (n == 0)
		return diag_set(d, 0, "an empty line is not an order; try "
		    "\"%s\", \"%s %c\" or \"%s\" with your holes",
		    ORDER("buqruru", "SOW"), ORDER("buqruru", "HOLE"), example_hole(st, seat),
		    ORDER("buqruru", "REFILL"));
	if (strcasecmp(w[0], "HOLE") == 0)
		return parse_hole(st, seat, line, w, n, o, d);
	if (strcasecmp(w[0], "SOW") == 0)
		return parse_sow(line, w, n, o, d);
	if (strcasecmp(w[0], "REFILL") == 0)
		return parse_refill(line, w, n, o, d);
	return diag_set(d, 0, "\"%.60s\": unknown order; Buqruru orders are "
	    "%s, %s and %s, e.g. \"%s %c\" or \"%s\"", line,
	    ORDER("buqruru", "HOLE"), ORDER("buqruru", "SOW"), ORDER("buqruru", "REFILL"),
	    ORDER("buqruru", "HOLE"), example_hole(st, seat), ORDER("buqruru", "SOW 2"));
}

int
bq_waited(const struct bq_state *st, int seat)
{
	if (seat < 0 || seat >= BQ_SEATS)
		return 0;
	switch (st->phase) {
	case BQ_PH_HOLE:
		return st->sowing[seat] < 0 &&
		    (st->hole_choice == BQ_SEALED || st->turn == seat);
	case BQ_PH_SOW:
		return st->turn == seat;
	case BQ_PH_REFILL:
		return st->refill_seat == seat;
	default:
		return 0;
	}
}

static void
add_refill(void *arg, unsigned mask, int rem)
{
	struct order_list *l = arg;
	struct order *o = order_list_add(l);

	refill_args(o, mask, rem);
	if (!l->bare)
		bq_format(o);
}

int
bq_legal(const void *vst, int seat, struct order_list *l)
{
	const struct bq_state *st = vst;
	struct order *o;
	int n;

	if (!bq_waited(st, seat))
		return 0;
	switch (st->phase) {
	case BQ_PH_HOLE:
		for (int h = seat * BQ_ROW; h < (seat + 1) * BQ_ROW; h++) {
			if (!bq_choosable(st, h))
				continue;
			o = order_list_add(l);
			o->kind = BQ_HOLE;
			o->nargs = 1;
			o->arg[0] = h;
			if (!l->bare)
				bq_format(o);
		}
		break;
	case BQ_PH_SOW:
		n = st->board[st->sowing[seat]];
		o = order_list_add(l);
		o->kind = BQ_SOW;
		if (!l->bare)
			bq_format(o);
		/* SOW is one by one: SOW 1 would be the same move again. */
		for (int k = 2; k <= n; k++) {
			if (!bq_group_ok(st, n, k) || !bq_sizes(st, seat))
				continue;
			o = order_list_add(l);
			o->kind = BQ_SOW;
			o->nargs = 1;
			o->arg[0] = k;
			if (!l->bare)
				bq_format(o);
		}
		break;
	case BQ_PH_REFILL:
		bq_refill_each(st, seat, add_refill, l);
		break;
	}
	return 0;
}

/* Deadline passed: the fullest hole (first in sowing order on a tie), one
 * by one, or six in the first holes in sowing order and the rest next. */
int
bq_default_order(const void *vst, int seat, struct order *o)
{
	const struct bq_state *st = vst;
	int row[BQ_ROW], n, best = -1, rem;
	unsigned mask;

	memset(o, 0, sizeof *o);
	if (!bq_waited(st, seat))
		return -1;
	switch (st->phase) {
	case BQ_PH_HOLE:
		n = bq_row(st, seat, row);
		for (int i = 0; i < n; i++)
			if (best < 0 || st->board[row[i]] > st->board[best])
				best = row[i];
		o->kind = BQ_HOLE;
		o->nargs = 1;
		o->arg[0] = best;
		break;
	case BQ_PH_SOW:
		o->kind = BQ_SOW;
		break;
	case BQ_PH_REFILL:
		bq_refill_default(st, seat, &mask, &rem);
		bq_refill_order(o, mask, rem);
		return 0;
	default:
		return -1;
	}
	bq_format(o);
	return 0;
}
