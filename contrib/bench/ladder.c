/* One pairing of the bot ladder (doc/bots.md): GAMES games of GAME with
 * SEATS seats, level A in one seat and level B in the others, A's seat
 * turning round from game to game (seat-swapped). Prints A's score (a win
 * 1, a draw 1/2), its 95% Wilson interval, the games left unfinished, and
 * A's decision time (thread CPU time: the machine is shared) median and p99.
 * AZ_LADDER_JOBS=N plays the games on N threads: each game depends only on
 * its own seed, so the score is the same for any N, and 2,000 games of a
 * slow pairing take half the wall time on two cores.
 * AZ_LADDER_LOG=FILE keeps each finished game in FILE and plays only the
 * games FILE lacks: a pairing of hours can be played in pieces, across
 * machines' restarts, and adds up to the score of one unbroken run.
 * usage: azalai-ladder GAME SEATS A B GAMES [DATADIR [SEED]] */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include <unistd.h>

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

/* The log: its first line names the pairing, then one line a game,
 * "N SCORE UNFINISHED MS...", A's decision times in that game. Lines are
 * written whole under the lock and flushed, so a killed run leaves at most
 * a last line without its newline, which the next run cuts off. */
static FILE *gamelog;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *logged;	/* logged[n]: game n is in the log */

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
		size_t t0n = w->nt;
		double r;

		if (logged != NULL && logged[n])
			continue;

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
		if (w->failed)
			break;
		r = step == STEPS ? 0.5 : g->reward(st, a);
		w->score += r;
		w->unfinished += step == STEPS;
		if (gamelog != NULL) {
			pthread_mutex_lock(&log_lock);
			fprintf(gamelog, "%d %.17g %d", n, r, step == STEPS);
			for (size_t i = t0n; i < w->nt; i++)
				fprintf(gamelog, " %.4f", w->t[i]);
			fputc('\n', gamelog);
			if (fflush(gamelog) != 0)
				w->failed = 1;
			pthread_mutex_unlock(&log_lock);
		}
		done = atomic_fetch_add(&finished, 1) + 1;
		if (w->games >= 10 && done % (w->games / 10) == 0)
			fprintf(stderr, "azalai-ladder: %d of %d games\n", done, w->games);
	}
	free(st);
	order_list_free(&ol);
	return NULL;
}

/* Reads the games PATH holds into the totals and leaves it open for
 * appending; a new log gets the pairing's line. */
static int
log_open(const char *path, const char *pairing, int games, double *score, int *unfinished,
    double **t, size_t *nt, int *held)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	off_t whole = 0;

	if ((gamelog = fopen(path, "a+")) == NULL) {
		fprintf(stderr, "azalai-ladder: %s: %s\n", path, strerror(errno));
		return -1;
	}
	logged = calloc((size_t)games, 1);
	rewind(gamelog);
	while ((len = getline(&line, &cap, gamelog)) > 0 && line[len - 1] == '\n') {
		char *p = line, *end;
		double r;
		int n, unf, k;

		if (whole == 0) {
			if (strcmp(line, pairing) != 0) {
				fprintf(stderr, "azalai-ladder: %s is the log of another "
				    "pairing: %s", path, line);
				free(line);
				return -1;
			}
		} else if (sscanf(p, "%d %lf %d%n", &n, &r, &unf, &k) != 3 || n < 0 ||
		    (n < games && logged[n])) {
			fprintf(stderr, "azalai-ladder: %s: bad line: %s", path, line);
			free(line);
			return -1;
		} else if (n < games) {
			logged[n] = 1;
			(*held)++;
			*score += r;
			*unfinished += unf;
			for (p += k;; p = end) {
				double ms = strtod(p, &end);

				if (end == p)
					break;
				*t = realloc(*t, (*nt + 1) * sizeof **t);
				(*t)[(*nt)++] = ms;
			}
		}
		whole += len;
	}
	free(line);
	/* A killed run's last line, cut short, is played again. */
	if (ftruncate(fileno(gamelog), whole) < 0 || fseeko(gamelog, 0, SEEK_END) < 0) {
		fprintf(stderr, "azalai-ladder: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (whole == 0 && (fputs(pairing, gamelog) == EOF || fflush(gamelog) != 0))
		return -1;
	return 0;
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
	int seats, la, lb, games, jobs, unfinished = 0, failed = 0, held = 0;
	const char *env = getenv("AZ_LADDER_JOBS"), *logpath = getenv("AZ_LADDER_LOG");
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
	if (logpath != NULL && *logpath != '\0') {
		char pairing[256];

		snprintf(pairing, sizeof pairing, "# azalai-ladder %s %d %s %s seed %llu\n",
		    g->name, seats, argv[3], argv[4], (unsigned long long)seed0);
		if (log_open(logpath, pairing, games, &score, &unfinished, &t, &nt, &held) < 0)
			return 73;
		atomic_store(&finished, held);
	}
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
	if (gamelog != NULL && fclose(gamelog) != 0)
		failed = 1;
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
