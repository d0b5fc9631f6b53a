/* How Buqruru rounds end in bot play (issue 29 item 5): whole matches
 * between two bots that pick uniformly among the legal orders, as the
 * referee's bots do, and the share of rounds ended by each reason. The same
 * GAMES, SEED and options give the same figures.
 * usage: azalai-buqruru-ends GAMES SEED [option=value ...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/msg.h"
#include "games/buqruru/buqruru.h"
#include "games/game.h"

enum { WHY_ALL, WHY_ONE, WHY_EMPTY, WHY_QUIET, WHY_N };

static const char *const why_text[WHY_N] = {
	[WHY_ALL] = "every counter on the board has been captured",
	[WHY_ONE] = "only one counter is left on the board",
	[WHY_EMPTY] = "both sowing holes are empty",
	[WHY_QUIET] = "sowings in a row have captured nothing",
};

struct tally {
	long rounds, why[WHY_N], sowings, early, rechoices, games, limit;
};

/* Reads one step's narrative: sowings, re-choices and the round's end. */
static void
count(struct tally *t, struct evsink *ev, long *sown)
{
	for (size_t i = 0; i < ev->n; i++) {
		const char *s = evline_text(&ev->v[i]);

		if (strstr(s, " sows the ") != NULL)
			(*sown)++;
		else if (strncmp(s, "Both sowing holes are empty:", 28) == 0)
			t->rechoices++;
		else if (strncmp(s, "Round ", 6) == 0 &&
		    strstr(s, " ends: ") != NULL) {
			for (int w = 0; w < WHY_N; w++)
				if (strstr(s, why_text[w]) != NULL)
					t->why[w]++;
			t->rounds++;
			t->sowings += *sown;
			t->early += *sown <= 2;
			*sown = 0;
		}
	}
	ev->n = 0;
}

int
main(int argc, char **argv)
{
	const struct game_rules *r = &buqruru_rules;
	char names[BQ_SEATS][SEAT_NAME] = { "a", "b" };
	struct bq_state st;
	struct tally t;
	struct optset o;
	struct order_list ol;
	struct evsink ev;
	struct diag d;
	struct rng pick;
	int games;

	if (argc < 3 || (games = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: azalai-buqruru-ends GAMES SEED "
		    "[option=value ...]\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	if (opt_resolve(r->options, &o, (const char *const *)argv + 3,
	    argc - 3, &d) < 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 64;
	}
	memset(&t, 0, sizeof t);
	rng_seed(&pick, strtoull(argv[2], NULL, 10));
	order_list_init(&ol);
	evsink_init(&ev);
	for (int g = 0; g < games; g++) {
		long sown = 0;

		memset(&st, 0, sizeof st);
		if (r->setup(&st, BQ_SEATS, (const char (*)[SEAT_NAME])names,
		    &o, (uint64_t)g + 1, &ev, &d) < 0) {
			fprintf(stderr, "%s\n", d.msg);
			return 1;
		}
		count(&t, &ev, &sown);
		while (st.phase != BQ_PH_OVER) {
			int seat = -1;

			for (int s = 0; s < BQ_SEATS && seat < 0; s++) {
				ol.n = 0;
				r->legal(&st, s, &ol);
				if (ol.n > 0)
					seat = s;
			}
			if (seat < 0) {
				fprintf(stderr, "game %d: nobody can move\n", g + 1);
				return 1;
			}
			if (r->apply(&st, seat, &ol.v[rng_below(&pick,
			    (uint32_t)ol.n)], &ev, &d) < 0) {
				fprintf(stderr, "game %d: %s\n", g + 1, d.msg);
				return 1;
			}
			count(&t, &ev, &sown);
		}
		/* Ended by the referee's round limit (BQ_ROUNDS). */
		t.limit += st.loser < 0;
		t.games++;
	}
	printf("games %ld at-limit %ld rounds %ld", t.games, t.limit, t.rounds);
	printf(" all-taken %.1f%% one-left %.1f%% both-empty %.1f%% "
	    "quiet %.1f%%", 100.0 * t.why[WHY_ALL] / t.rounds,
	    100.0 * t.why[WHY_ONE] / t.rounds, 100.0 * t.why[WHY_EMPTY] / t.rounds,
	    100.0 * t.why[WHY_QUIET] / t.rounds);
	printf(" bellin %.1f%% sowings/round %.1f by-sowing-2 %.1f%% "
	    "rechoices/round %.2f\n",
	    100.0 * (t.why[WHY_ALL] + t.why[WHY_ONE]) / t.rounds,
	    (double)t.sowings / t.rounds, 100.0 * t.early / t.rounds,
	    (double)t.rechoices / t.rounds);
	evsink_free(&ev);
	order_list_free(&ol);
	return 0;
}
