/* Random playouts of a game through its engine alone, and again through the
 * ledger (every step an event, a snapshot and a hash), for contrib/bench/run.
 * usage: azalai-bench GAME GAMES engine|ledger [DATADIR] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "games/game.h"
#include "ledger/ledger.h"
#include "core/log.h"
#include "ledger/play.h"
#include "core/msg.h"
#include "lang/catalog.h"
#include "referee/bots.h"

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long
engine_only(const struct game_rules *r, int games)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	void *st = malloc(r->state_size);
	struct optset o;
	struct order_list ol;
	struct rng pick;
	long moves = 0;

	opt_resolve(r->options, &o, NULL, 0, NULL);
	rng_seed(&pick, 1);
	order_list_init(&ol);
	ol.bare = 1;
	for (int g = 0; g < games; g++) {
		struct pending pd;
		struct order *chosen;

		memset(st, 0, r->state_size);
		if (r->setup(st, r->min_seats, (const char (*)[SEAT_NAME])names, &o,
		    (uint64_t)g + 1, NULL, NULL) < 0)
			exit(1);
		/* Who moves, from legal alone (a seat not waited for has none):
		 * waiting_for also words what each seat is asked, for people,
		 * and a playout reads none of it. */
		for (;;) {
			int seat = -1;

			for (int s = 0; s < r->min_seats && seat < 0; s++) {
				ol.n = 0;
				r->legal(st, s, &ol);
				if (ol.n > 0)
					seat = s;
			}
			if (seat < 0)
				break;
			/* As a bot does: the text of the order it sends only. */
			chosen = &ol.v[rng_below(&pick, (uint32_t)ol.n)];
			r->order_text(chosen);
			if (r->apply(st, seat, chosen, NULL, NULL) < 0)
				exit(1);
			moves++;
		}
		memset(&pd, 0, sizeof pd);
		r->waiting_for(st, &pd);
		if (!pd.over)
			exit(1);
	}
	order_list_free(&ol);
	free(st);
	return moves;
}

static long
through_ledger(const struct game_rules *r, int games)
{
	struct ledger l;
	struct diag d;
	struct optset o;
	long moves = 0;

	if (ledger_open(&l, ":memory:", &d) < 0)
		exit(1);
	opt_resolve(r->options, &o, NULL, 0, NULL);
	for (int g = 0; g < games; g++) {
		struct game_row gr;
		struct play p;
		int steps = 0;

		memset(&gr, 0, sizeof gr);
		snprintf(gr.name, sizeof gr.name, "b-%d", g);
		snprintf(gr.rules, sizeof gr.rules, "%s", r->name);
		gr.seed = (uint64_t)g + 1;
		gr.nseats = r->min_seats;
		for (int s = 0; s < gr.nseats; s++) {
			snprintf(gr.seats[s].name, SEAT_NAME, "s%d", s);
			snprintf(gr.seats[s].address, sizeof gr.seats[s].address, "bot");
			snprintf(gr.seats[s].kind, sizeof gr.seats[s].kind, "bot");
		}
		ledger_begin(&l, &d);
		if (play_create(&l, &gr, &o, "2026-11-21T00:00:00Z", &p, &d) < 0 ||
		    bots_play(&l, &p, "2026-11-21T00:00:00Z", &steps, &d) < 0) {
			fprintf(stderr, "%s\n", d.msg);
			exit(1);
		}
		ledger_commit(&l, &d);
		moves += steps;
		play_free(&p);
	}
	ledger_close(&l);
	return moves;
}

int
main(int argc, char **argv)
{
	const struct game_rules *r;
	int games;
	double t0, t;
	long moves;

	if (argc < 3 || (r = game_find(argv[1])) == NULL || (games = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: azalai-bench GAME GAMES engine|ledger [DATADIR]\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	catalog_init(argc > 4 ? argv[4] : ".");
	msg_use_catalog(&catalog_msg);
	if (games_load(argc > 4 ? argv[4] : ".", NULL) < 0) {
		fprintf(stderr, "cannot read the game data (pass the source tree as 4th argument)\n");
		return 66;
	}
	t0 = now_s();
	moves = argc > 3 && strcmp(argv[3], "ledger") == 0 ? through_ledger(r, games)
	    : engine_only(r, games);
	t = now_s() - t0;
	printf("%-8s %-7s %7d games %9ld moves %8.2f s %10.1f games/s %12.1f moves/s\n",
	    r->name, argc > 3 && strcmp(argv[3], "ledger") == 0 ? "ledger" : "engine", games, moves, t, games / t, moves / t);
	return 0;
}
