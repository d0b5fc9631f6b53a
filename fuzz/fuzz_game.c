/* libFuzzer target: order lines through one game's parse (FUZZ_GAME names
 * it: buqruru, targi, targui), in states reached by random legal moves, so
 * the parser meets every phase a player's mail can meet.
 *
 * Input: byte 0 the number of seats; then one byte per option with a list
 * of choices (or a few test values), picking it; then the number of random
 * moves and the seed of the stream that picks them; the rest is the mail's
 * order lines, each parsed for every seat.
 *
 * Aborts when a refusal says nothing, when a legal order does not apply,
 * when an order's canonical text does not parse back to the same order (the
 * ledger stores that text and replay reads it), when a refused apply changed
 * the state, or when an applied order leaves a state check() refuses. The
 * data files come from FUZZ_DATADIR (the source tree), read once. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "mail/orderblock.h"
#include "core/xmalloc.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR "."
#endif
#ifndef FUZZ_GAME
#define FUZZ_GAME "buqruru"
#endif

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const struct game_rules *r;
static void *st, *copy;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct diag d;

	(void)argc;
	(void)argv;
	diag_clear(&d);
	r = game_find(FUZZ_GAME);
	if (r == NULL || games_load(FUZZ_DATADIR, &d) != 0) {
		fprintf(stderr, "fuzz_game %s: %s\n", FUZZ_GAME, d.msg);
		exit(1);
	}
	st = xmalloc(r->state_size);
	copy = xmalloc(r->state_size);
	return 0;
}

/* Free-text options have no choices: a few values worth meeting. */
static const char *const *
values(const struct game_option *o)
{
	static const char *const first[] = { "", "bert", NULL };
	static const char *const camels[] = { "450", "unlimited", "30", NULL };
	static const char *const rounds[] = { "16", "1", "3", NULL };
	static const char *const fortune[] = { "auto", "1,6,7,8,9,10", NULL };
	static const char *const tribes[] = { "auto", "blue,red,green,yellow", NULL };

	if (o->choices != NULL)
		return o->choices;
	if (strcmp(o->name, "first") == 0)
		return first;
	if (strcmp(o->name, "camels") == 0)
		return camels;
	if (strcmp(o->name, "rounds") == 0)
		return rounds;
	if (strcmp(o->name, "fortune") == 0)
		return fortune;
	if (strcmp(o->name, "tribes") == 0)
		return tribes;
	return NULL;
}

static unsigned
take(const uint8_t **data, size_t *size)
{
	unsigned b = 0;

	if (*size > 0) {
		b = **data;
		(*data)++;
		(*size)--;
	}
	return b;
}

static int
setup(int nseats, const uint8_t **data, size_t *size)
{
	static const char names[MAX_SEATS][SEAT_NAME] = { "anna", "bert", "cara", "dora" };
	static char kv[OPT_MAX][100];
	const char *kvp[OPT_MAX];
	struct optset o;
	struct diag d;
	int n = 0;

	for (const struct game_option *g = r->options; g->name != NULL && n < OPT_MAX; g++) {
		const char *const *v = values(g);
		unsigned b = take(data, size);
		int nv = 0;

		if (v == NULL)
			continue;
		while (v[nv] != NULL)
			nv++;
		snprintf(kv[n], sizeof kv[n], "%s=%s", g->name, v[b % (unsigned)nv]);
		kvp[n] = kv[n];
		n++;
	}
	memset(st, 0, r->state_size);
	diag_clear(&d);
	if (opt_resolve(r->options, &o, kvp, n, &d) == 0 &&
	    r->setup(st, nseats, names, &o, 1, NULL, &d) == 0)
		return 0;
	if (d.msg[0] == '\0')
		abort();
	/* Some mixes need a game master's file: play the defaults then. */
	memset(st, 0, r->state_size);
	if (opt_resolve(r->options, &o, NULL, 0, &d) != 0 ||
	    r->setup(st, nseats, names, &o, 1, NULL, &d) != 0) {
		fprintf(stderr, "setup with the defaults: %s\n", d.msg);
		abort();
	}
	return 0;
}

static void
check(const char *what)
{
	struct diag d;

	diag_clear(&d);
	if (r->check(st, &d) != 0) {
		fprintf(stderr, "check after %s: %s\n", what, d.msg);
		abort();
	}
}

/* Up to n random legal orders, fewer when the game ends first. */
static void
play(int n, struct rng *g)
{
	struct order_list ol;
	struct diag d;

	order_list_init(&ol);
	for (int i = 0; i < n; i++) {
		struct pending p;
		int seats[MAX_SEATS], k = 0, seat;

		memset(&p, 0, sizeof p);
		r->waiting_for(st, &p);
		if (p.over)
			break;
		for (int s = 0; s < MAX_SEATS; s++)
			if (p.seats & VIS_SEAT(s))
				seats[k++] = s;
		if (k == 0)
			break;
		seat = seats[rng_below(g, (uint32_t)k)];
		ol.n = 0;
		if (r->legal(st, seat, &ol) != 0 || ol.n == 0)
			break;
		diag_clear(&d);
		if (r->apply(st, seat, &ol.v[rng_below(g, (uint32_t)ol.n)], NULL, &d) != 0) {
			fprintf(stderr, "a legal order does not apply: %s\n", d.msg);
			abort();
		}
	}
	order_list_free(&ol);
}

static void
same(const struct order *a, const struct order *b)
{
	if (a->kind != b->kind || a->nargs != b->nargs ||
	    memcmp(a->arg, b->arg, sizeof a->arg[0] * (size_t)a->nargs) != 0 ||
	    strcmp(a->text, b->text) != 0) {
		fprintf(stderr, "\"%s\" parses back as \"%s\"\n", a->text, b->text);
		abort();
	}
}

static void
line(const char *s)
{
	struct pending p;

	memset(&p, 0, sizeof p);
	r->waiting_for(st, &p);
	for (int seat = 0; seat < MAX_SEATS; seat++) {
		struct order o, back;
		struct diag d;

		memset(&o, 0, sizeof o);
		diag_clear(&d);
		if (r->parse(st, seat, s, &o, &d) != 0) {
			if (d.msg[0] == '\0')
				abort();
			continue;
		}
		if (o.nargs < 0 || o.nargs > ORDER_ARGS ||
		    memchr(o.text, '\0', sizeof o.text) == NULL)
			abort();
		memset(&back, 0, sizeof back);
		if (r->parse(st, seat, o.text, &back, &d) != 0) {
			fprintf(stderr, "\"%s\" (from \"%s\") does not parse: %s\n",
			    o.text, s, d.msg);
			abort();
		}
		same(&o, &back);
		if (!(p.seats & VIS_SEAT(seat)) || p.over)
			continue;
		memcpy(copy, st, r->state_size);
		if (r->apply(st, seat, &o, NULL, &d) != 0) {
			if (d.msg[0] == '\0' || memcmp(copy, st, r->state_size) != 0)
				abort();
			continue;
		}
		check(o.text);
		/* Later lines meet the state this one left, as in a mail. */
		memset(&p, 0, sizeof p);
		r->waiting_for(st, &p);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rng g;
	int nseats, moves;
	char *text, *s, *next;

	nseats = r->min_seats + (int)(take(&data, &size) %
	    (unsigned)(r->max_seats - r->min_seats + 1));
	setup(nseats, &data, &size);
	moves = (int)take(&data, &size);
	rng_seed(&g, take(&data, &size));
	play(moves, &g);
	check("the random orders");
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	/* As orderblock hands them over: one line each, trimmed, not empty. */
	for (s = text; s != NULL; s = next) {
		char *e;

		next = strchr(s, '\n');
		if (next != NULL)
			*next++ = '\0';
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		e = s + strlen(s);
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			*--e = '\0';
		if (*s != '\0' && strlen(s) <= ORDERBLOCK_MAX_LINE)
			line(s);
	}
	free(text);
	return 0;
}
