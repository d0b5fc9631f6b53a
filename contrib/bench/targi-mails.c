/* Mails per player per Targi round (issue 30 item 5): whole games between
 * two scripted players who answer each report with one mail. A mail holds
 * the orders its writer can decide from what the report shows: it ends
 * when the seat is no longer the one waited for, when a card no one had
 * seen must be decided on (a tribe card drawn, the goods card the Targia
 * turns up), or when a new round begins (new cards in the centre). Orders
 * are picked uniformly among the legal ones, as the referee's bots pick.
 *   one   the report's decision only: one PLACE per placement report
 *   plan  the placements of the round in one mail (PLACE a b c), the
 *         later ones picked among the cards still legal for the writer
 *         when it writes; if the engine asks again, a new plan for the rest
 *   prefer  as plan, and after it a PREFER list of every other card
 *         legal for the writer, in a random order: where the plan's next
 *         card was taken, the referee places from the list
 * The same GAMES, SEED, mode and options give the same figures.
 * usage: azalai-targi-mails GAMES SEED one|plan|prefer [option=value ...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/msg.h"
#include "games/game.h"
#include "games/targi/targi.h"

#define ROUNDS	40	/* more than any game lasts */

static int
by_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The border cards legal for seat now that plan[0..n) leaves out. */
static int
others(const struct tg_state *st, int seat, const int *plan, int n,
    int cand[TG_NBORDER])
{
	int nc = 0;

	for (int c = 1; c <= TG_NBORDER; c++) {
		int in = 0;

		for (int i = 0; i < n; i++)
			in |= plan[i] == c;
		if (!in && tg_place_legal(st, seat, c))
			cand[nc++] = c;
	}
	return nc;
}

/* The plan of the placements left this round: the first among the legal
 * orders, the rest among the border cards legal for seat now, each once. */
static int
plan_text(const struct tg_state *st, int seat, const struct order_list *ol,
    struct rng *pick, int *plan, char *out, size_t sz)
{
	const struct tg_player *p = &st->pl[seat];
	int n = 0, left = p->quota - p->placed;
	size_t len;

	plan[n++] = ol->v[rng_below(pick, (uint32_t)ol->n)].arg[0];
	if (plan[0] > TG_NBORDER)
		return -1;	/* a dune: no plan, as the "one" writer */
	len = (size_t)snprintf(out, sz, "PLACE %d", plan[0]);
	while (n < left && n < 3) {
		int cand[TG_NBORDER], nc = others(st, seat, plan, n, cand);

		if (nc == 0)
			break;
		plan[n] = cand[rng_below(pick, (uint32_t)nc)];
		len += (size_t)snprintf(out + len, sz - len, " %d", plan[n]);
		n++;
	}
	return n > 1 ? n : -1;
}

/* PREFER and the border cards legal for seat that the plan leaves out. */
static void
prefer_text(const struct tg_state *st, int seat, const int *plan, int n,
    struct rng *pick, char *out, size_t sz)
{
	int cand[TG_NBORDER], nc = others(st, seat, plan, n, cand);
	size_t len = (size_t)snprintf(out, sz, "PREFER");

	while (nc > 0) {
		int k = (int)rng_below(pick, (uint32_t)nc);

		len += (size_t)snprintf(out + len, sz - len, " %d", cand[k]);
		cand[k] = cand[--nc];
	}
}

/* One mail of seat: returns the number of orders in it, or -1. */
enum { ONE, PLAN, PREFER };

static int
mail(const struct game_rules *r, struct tg_state *st, int seat, int mode,
    struct rng *pick, struct order_list *ol, struct evsink *ev,
    struct diag *d)
{
	int round = st->round, n = 0;

	for (;;) {
		struct order o, *op;
		char text[64], pref[128];
		int plan[3], np;
		struct pending pd;

		ol->n = 0;
		r->legal(st, seat, ol);
		if (ol->n == 0)
			return n;
		op = &ol->v[rng_below(pick, (uint32_t)ol->n)];
		if (mode != ONE && st->phase == PH_PLACE && n == 0 &&
		    (np = plan_text(st, seat, ol, pick, plan, text,
		    sizeof text)) > 0) {
			/* The list after the plan: given first, it would
			 * place this Targi itself. */
			if (mode == PREFER)
				prefer_text(st, seat, plan, np, pick, pref,
				    sizeof pref);
			if (r->parse(st, seat, text, &o, d) < 0 ||
			    r->apply(st, seat, &o, ev, d) < 0)
				return -1;
			ev->n = 0;
			n++;
			if (mode == PREFER && (r->parse(st, seat, pref, &o, d) < 0 ||
			    r->apply(st, seat, &o, ev, d) < 0))
				return -1;
			ev->n = 0;
			return n + (mode == PREFER);
		}
		if (r->apply(st, seat, op, ev, d) < 0)
			return -1;
		ev->n = 0;
		n++;
		r->waiting_for(st, &pd);
		if (pd.over || !(pd.seats & VIS_SEAT(seat)) || st->round != round ||
		    (st->phase == PH_ACTIONS &&
		    (st->sub == SUB_DRAWN || st->sub == SUB_FAVOUR)))
			return n;
	}
}

int
main(int argc, char **argv)
{
	const struct game_rules *r = &targi_rules;
	char names[TG_SEATS][SEAT_NAME] = { "a", "b" };
	struct tg_state *st;
	struct optset o;
	struct order_list ol;
	struct evsink ev;
	struct diag d;
	struct rng pick;
	int games, mode, *per, nper = 0;
	long mails = 0, orders = 0, rounds = 0, upto2 = 0;

	mode = argc < 4 ? -1 : strcmp(argv[3], "one") == 0 ? ONE :
	    strcmp(argv[3], "plan") == 0 ? PLAN :
	    strcmp(argv[3], "prefer") == 0 ? PREFER : -1;
	if (mode < 0 || (games = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: azalai-targi-mails GAMES SEED "
		    "one|plan|prefer [option=value ...]\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	if (r->load(getenv("AZALAI_DATADIR") != NULL ?
	    getenv("AZALAI_DATADIR") : ".", &d) < 0 ||
	    opt_resolve(r->options, &o, (const char *const *)argv + 4,
	    argc - 4, &d) < 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 64;
	}
	st = calloc(1, sizeof *st);
	per = calloc((size_t)games * ROUNDS * TG_SEATS, sizeof *per);
	if (st == NULL || per == NULL)
		return 1;
	rng_seed(&pick, strtoull(argv[2], NULL, 10));
	order_list_init(&ol);
	evsink_init(&ev);
	for (int g = 0; g < games; g++) {
		int *cnt = per + (size_t)g * ROUNDS * TG_SEATS;
		int last = 0;

		memset(st, 0, sizeof *st);
		if (r->setup(st, TG_SEATS, (const char (*)[SEAT_NAME])names,
		    &o, (uint64_t)g + 1, &ev, &d) < 0) {
			fprintf(stderr, "%s\n", d.msg);
			return 1;
		}
		ev.n = 0;
		while (st->phase != PH_OVER) {
			struct pending pd;
			int seat, round = st->round, n;

			r->waiting_for(st, &pd);
			seat = pd.seats & VIS_SEAT(0) ? 0 : 1;
			if (!(pd.seats & VIS_SEAT(seat)) || round >= ROUNDS) {
				fprintf(stderr, "game %d: nobody can move\n", g + 1);
				return 1;
			}
			if ((n = mail(r, st, seat, mode, &pick, &ol, &ev, &d)) < 0) {
				fprintf(stderr, "game %d: %s\n", g + 1, d.msg);
				return 1;
			}
			cnt[round * TG_SEATS + seat]++;
			mails++;
			orders += n;
			last = round > last ? round : last;
		}
		/* Every round played counts, a round without a mail too. */
		for (int k = 1; k <= last; k++)
			for (int s = 0; s < TG_SEATS; s++) {
				per[nper++] = cnt[k * TG_SEATS + s];
				upto2 += cnt[k * TG_SEATS + s] <= 2;
			}
		rounds += last;
	}
	qsort(per, (size_t)nper, sizeof *per, by_int);
	printf("games %d rounds %ld mails %ld orders %ld median %d mean %.2f "
	    "upto2 %.1f%% max %d\n", games, rounds, mails, orders,
	    per[(nper - 1) / 2], (double)mails / nper, 100.0 * upto2 / nper,
	    per[nper - 1]);
	free(per);
	free(st);
	evsink_free(&ev);
	order_list_free(&ol);
	return 0;
}
