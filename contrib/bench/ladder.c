/* One pairing of the bot ladder (doc/bots.md): GAMES games of GAME with
 * SEATS seats, level A in one seat and level B in the others, A's seat
 * turning round from game to game (seat-swapped). Prints A's score (a win
 * 1, a draw 1/2), its 95% Wilson interval, the games left unfinished, and
 * A's decision time (thread CPU time: the machine is shared) median and p99.
 * usage: azalai-ladder GAME SEATS A B GAMES [DATADIR [SEED]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#include "games/bot.h"

#define STEPS 5000	/* a game still running after this is a draw */

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	const struct game_rules *g;
	struct order_list ol;
	struct optset o;
	struct diag d;
	double score = 0, *t = NULL, z = 1.96;
	size_t nt = 0, capt = 0;
	int seats, la, lb, games, unfinished = 0;
	uint64_t seed0;
	void *st;

	if (argc < 6) {
		fprintf(stderr, "usage: azalai-ladder GAME SEATS A B GAMES [DATADIR [SEED]]\n");
		return 64;
	}
	seats = atoi(argv[2]);
	la = bot_level_find(argv[3]);
	lb = bot_level_find(argv[4]);
	games = atoi(argv[5]);
	seed0 = argc > 7 ? strtoull(argv[7], NULL, 0) : 33;
	if (games_load(argc > 6 ? argv[6] : ".", &d) < 0 || (g = game_find(argv[1])) == NULL ||
	    la < 0 || lb < 0 || seats < g->min_seats || seats > g->max_seats || games <= 0) {
		fprintf(stderr, "azalai-ladder: bad arguments\n");
		return 64;
	}
	opt_resolve(g->options, &o, NULL, 0, NULL);
	st = malloc(g->state_size);
	order_list_init(&ol);
	ol.bare = 1;
	for (int n = 0; n < games; n++) {
		int a = n % seats, step = 0, who;
		uint64_t seed = seed0 * 1000003u + (uint64_t)n;

		memset(st, 0, g->state_size);
		if (g->setup(st, seats, (const char (*)[SEAT_NAME])names, &o, seed, NULL, &d) < 0)
			return 1;
		for (; step < STEPS && (who = bot_next_seat(g, st, seats, &ol)) >= 0; step++) {
			struct order pick;
			double t0 = cpu_ms();

			if (bot_decide(g, st, seats, who, who == a ? la : lb,
			    seed ^ ((uint64_t)step << 20), NULL, &pick, &d) < 0 ||
			    g->apply(st, who, &pick, NULL, &d) < 0) {
				fprintf(stderr, "game %d step %d: %s\n", n, step, d.msg);
				return 1;
			}
			if (who == a) {
				if (nt == capt) {
					capt = capt ? capt * 2 : 1024;
					t = realloc(t, capt * sizeof *t);
				}
				t[nt++] = cpu_ms() - t0;
			}
		}
		if (step == STEPS) {
			unfinished++;
			score += 0.5;
		} else
			score += g->reward(st, a);
	}
	qsort(t, nt, sizeof *t, cmp_d);
	{
		double p = score / games, den = 1 + z * z / games;
		double mid = (p + z * z / (2.0 * games)) / den;
		double half = z * sqrt(p * (1 - p) / games + z * z / (4.0 * games * games)) / den;

		printf("%s %d %s %s games %d score %.3f ci95 %.3f %.3f unfinished %d "
		    "ms_median %.2f ms_p99 %.2f\n", g->name, seats, argv[3], argv[4], games, p,
		    mid - half, mid + half, unfinished, nt ? t[nt / 2] : 0.0,
		    nt ? t[(size_t)((double)(nt - 1) * 0.99)] : 0.0);
	}
	free(t);
	free(st);
	order_list_free(&ol);
	return 0;
}
