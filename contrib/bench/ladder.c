/* One pairing of the bot ladder (doc/bots.md): GAMES games of GAME with
 * SEATS seats, level A in one seat and level B in the others, A's seat
 * turning round from game to game (seat-swapped). Prints A's score (a win
 * 1, a draw 1/2), its 95% Wilson interval, the games left unfinished, and
 * A's decision time (thread CPU time: the machine is shared) median and p99.
 * AZ_LADDER_JOBS=N plays the games on N threads: each game depends only on
 * its own seed, so the score is the same for any N, and 2,000 games of a
 * slow pairing take half the wall time on two cores.
 * usage: azalai-ladder GAME SEATS A B GAMES [DATADIR [SEED]] */
#include <pthread.h>
#include <stdatomic.h>
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

/* Games finished by all threads: a tenth of them is said on stderr, since
 * the slow pairings run for most of an hour. */
static atomic_int finished;

/* What one thread plays (games first, first + jobs, ...) and what it found. */
struct worker {
	const struct game_rules *g;
	const struct optset *o;
	int seats, la, lb, games, first, jobs;
	uint64_t seed0;
	pthread_t tid;
	double score, *t;
	size_t nt, capt;
	int unfinished, failed;
};

static void *
play(void *arg)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	struct worker *w = arg;
	const struct game_rules *g = w->g;
	struct order_list ol;
	struct diag d;
	void *st = malloc(g->state_size);

	order_list_init(&ol);
	ol.bare = 1;
	for (int n = w->first; n < w->games && !w->failed; n += w->jobs) {
		int a = n % w->seats, step = 0, who, done;
		uint64_t seed = w->seed0 * 1000003u + (uint64_t)n;

		memset(st, 0, g->state_size);
		if (g->setup(st, w->seats, (const char (*)[SEAT_NAME])names, w->o, seed,
		    NULL, &d) < 0) {
			fprintf(stderr, "game %d setup: %s\n", n, d.msg);
			w->failed = 1;
			break;
		}
		for (; step < STEPS && (who = bot_next_seat(g, st, w->seats, &ol)) >= 0;
		    step++) {
			struct order pick;
			double t0 = cpu_ms();

			if (bot_decide(g, st, w->seats, who, who == a ? w->la : w->lb,
			    seed ^ ((uint64_t)step << 20), NULL, &pick, &d) < 0 ||
			    g->apply(st, who, &pick, NULL, &d) < 0) {
				fprintf(stderr, "game %d step %d: %s\n", n, step, d.msg);
				w->failed = 1;
				break;
			}
			if (who == a) {
				if (w->nt == w->capt) {
					w->capt = w->capt ? w->capt * 2 : 1024;
					w->t = realloc(w->t, w->capt * sizeof *w->t);
				}
				w->t[w->nt++] = cpu_ms() - t0;
			}
		}
		if (step == STEPS) {
			w->unfinished++;
			w->score += 0.5;
		} else
			w->score += g->reward(st, a);
		done = atomic_fetch_add(&finished, 1) + 1;
		if (w->games >= 10 && done % (w->games / 10) == 0)
			fprintf(stderr, "azalai-ladder: %d of %d games\n", done, w->games);
	}
	free(st);
	order_list_free(&ol);
	return NULL;
}

int
main(int argc, char **argv)
{
	const struct game_rules *g;
	struct worker *w;
	struct optset o;
	struct diag d;
	double score = 0, *t = NULL, z = 1.96;
	size_t nt = 0;
	int seats, la, lb, games, jobs, unfinished = 0, failed = 0;
	const char *env = getenv("AZ_LADDER_JOBS");
	uint64_t seed0;

	if (argc < 6) {
		fprintf(stderr, "usage: azalai-ladder GAME SEATS A B GAMES [DATADIR [SEED]]\n");
		return 64;
	}
	seats = atoi(argv[2]);
	la = bot_level_find(argv[3]);
	lb = bot_level_find(argv[4]);
	games = atoi(argv[5]);
	seed0 = argc > 7 ? strtoull(argv[7], NULL, 0) : 33;
	jobs = env != NULL ? atoi(env) : 1;
	if (games_load(argc > 6 ? argv[6] : ".", &d) < 0 || (g = game_find(argv[1])) == NULL ||
	    la < 0 || lb < 0 || seats < g->min_seats || seats > g->max_seats || games <= 0 ||
	    jobs < 1 || jobs > 64) {
		fprintf(stderr, "azalai-ladder: bad arguments\n");
		return 64;
	}
	opt_resolve(g->options, &o, NULL, 0, NULL);
	w = calloc((size_t)jobs, sizeof *w);
	for (int j = 0; j < jobs; j++) {
		w[j] = (struct worker){ .g = g, .o = &o, .seats = seats, .la = la, .lb = lb,
		    .games = games, .first = j, .jobs = jobs, .seed0 = seed0 };
		if (pthread_create(&w[j].tid, NULL, play, &w[j]) != 0) {
			fprintf(stderr, "azalai-ladder: cannot start a thread\n");
			return 71;
		}
	}
	for (int j = 0; j < jobs; j++) {
		pthread_join(w[j].tid, NULL);
		score += w[j].score;
		unfinished += w[j].unfinished;
		failed |= w[j].failed;
		t = realloc(t, (nt + w[j].nt + 1) * sizeof *t);
		memcpy(t + nt, w[j].t, w[j].nt * sizeof *t);
		nt += w[j].nt;
		free(w[j].t);
	}
	free(w);
	if (failed)
		return 1;
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
	return 0;
}
