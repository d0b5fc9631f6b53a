/* The board pictures' cost, for contrib/bench/board: for each game, states
 * taken along a random game, and for each the view and its SVG (board_svg)
 * and the PNG at a phone-friendly width, timed in CPU time (the machine may
 * be shared); medians in milliseconds, and the sizes. With COLOURS the PNG
 * is a mail's: a palette of that many colours, drawn by the drawing
 * program azalai would start ($AZALAI_LIBEXECDIR/azalai-draw), which
 * contrib/bench/board counts the instructions of; without, board_png's
 * 32-bit PNG drawn here. GAME: that game alone.
 * usage: azalai-board-bench DATADIR [STATES] [WIDTH] [COLOURS] [GAME] */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>

#include "draw/raster.h"
#include "render/board.h"
#include "render/drawer.h"
#include "games/game.h"
#include "render/render.h"
#include "lang/catalog.h"
#include "core/msg.h"

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n > 0 ? v[(n - 1) / 2] : 0;
}

/* Plays one random game of r and keeps up to max states, evenly spread,
 * in *outp (the caller frees it). */
static int
states_of(const struct game_rules *r, int nseats, int max, char **outp)
{
	static const char names[MAX_SEATS][SEAT_NAME] = { "anna", "bert", "cleo", "dave" };
	char *st = calloc(1, r->state_size), *all = NULL, *out;
	struct optset o;
	struct rng pick;
	struct diag d;
	int n = 0, cap = 0;

	opt_resolve(r->options, &o, NULL, 0, NULL);
	rng_seed(&pick, 7);
	if (r->setup(st, nseats, names, &o, 7, NULL, &d) != 0) {
		fprintf(stderr, "%s: %s\n", r->name, d.msg);
		exit(70);
	}
	for (;;) {
		struct pending pd;
		struct order_list l;
		int seat = -1;

		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			all = realloc(all, (size_t)cap * r->state_size);
		}
		memcpy(all + (size_t)n++ * r->state_size, st, r->state_size);
		memset(&pd, 0, sizeof pd);
		r->waiting_for(st, &pd);
		if (pd.over)
			break;
		for (int s = 0; s < nseats && seat < 0; s++)
			if (pd.seats & VIS_SEAT(s))
				seat = s;
		order_list_init(&l);
		r->legal(st, seat, &l);
		r->apply(st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)], NULL, &d);
		order_list_free(&l);
	}
	if (max > n)
		max = n;
	out = malloc((size_t)max * r->state_size);
	*outp = out;
	for (int i = 0; i < max; i++)
		memcpy(out + (size_t)i * r->state_size,
		    all + (size_t)(max > 1 ? (long)i * (n - 1) / (max - 1) : 0) * r->state_size,
		    r->state_size);
	free(all);
	free(st);
	return max;
}

int
main(int argc, char **argv)
{
	const char *datadir = argc > 1 ? argv[1] : ".";
	int max = argc > 2 ? atoi(argv[2]) : 40, width = argc > 3 ? atoi(argv[3]) : 600;
	int colours = argc > 4 ? atoi(argv[4]) : 0;
	const char *only = argc > 5 ? argv[5] : NULL;
	struct diag d;

	if (max < 1 || width < 1 || colours < 0 || colours > 256) {
		fprintf(stderr, "usage: azalai-board-bench DATADIR [STATES] [WIDTH] [COLOURS] "
		    "[GAME]\n");
		return 64;
	}
	/* Room for a drawing program under valgrind, fifty times slower. */
	drawer_use(NULL, NULL, 3600, 7200);
	catalog_init(datadir);
	msg_use_catalog(&catalog_msg);
	if (games_load(datadir, &d) < 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 78;
	}
	printf("%-8s %6s %9s %9s %9s %9s\n", "game", "states", "SVG ms", "PNG ms",
	    "SVG KB", "PNG KB");
	for (int g = 0; game_table[g] != NULL; g++) {
		const struct game_rules *r = game_table[g];
		int nseats = r->max_seats < 3 ? r->max_seats : 3, n;
		char *states;
		double *svg_ms;
		double *png_ms;
		double *svg_kb;
		double *png_kb;
		struct render rd;

		if (only != NULL && strcmp(only, r->name) != 0)
			continue;
		n = states_of(r, nseats, max, &states);
		svg_ms = malloc((size_t)n * sizeof *svg_ms);
		png_ms = malloc((size_t)n * sizeof *png_ms);
		svg_kb = malloc((size_t)n * sizeof *svg_kb);
		png_kb = malloc((size_t)n * sizeof *png_kb);

		render_init(&rd, datadir, r->name, "en");
		for (int i = 0; i < n; i++) {
			struct buf png = BUF_INIT;
			struct tval *v;
			char *svg;
			double t0 = cpu_ms();

			/* The view is part of the cost: a report builds it anyway,
			 * but a web page of one step may not. */
			v = tval_map();
			r->view(states + (size_t)i * r->state_size, 0, v);
			if (board_svg(&rd, v, &svg, &d) < 0) {
				fprintf(stderr, "%s: %s\n", r->name, d.msg);
				return 70;
			}
			tval_free(v);
			svg_ms[i] = cpu_ms() - t0;
			t0 = cpu_ms();
			if ((colours > 0 ?
			    drawer_png(svg, strlen(svg), width, colours, &png, &d) :
			    board_png(svg, strlen(svg), width, &png, &d)) < 0) {
				fprintf(stderr, "%s: %s\n", r->name, d.msg);
				return 70;
			}
			png_ms[i] = cpu_ms() - t0;
			svg_kb[i] = (double)strlen(svg) / 1024;
			png_kb[i] = (double)png.len / 1024;
			free(svg);
			buf_free(&png);
		}
		/* The drawing program's CPU is not this process's: there the
		 * instructions counted under valgrind are the figure. */
		if (colours > 0)
			printf("%-8s %6d %9.2f %9s %9.1f %9.1f\n", r->name, n, median(svg_ms, n),
			    "-", median(svg_kb, n), median(png_kb, n));
		else
			printf("%-8s %6d %9.2f %9.2f %9.1f %9.1f\n", r->name, n,
			    median(svg_ms, n), median(png_ms, n), median(svg_kb, n),
			    median(png_kb, n));
		render_free(&rd);
		free(states);
		free(svg_ms);
		free(png_ms);
		free(svg_kb);
		free(png_kb);
	}
	/* Ended here, not by drawer_stop, which gives the drawing program a
	 * second before it kills it: under valgrind it needs longer to write
	 * what it counted, and writes it on SIGTERM too. */
	if (colours > 0 && drawer_pid() > 0) {
		pid_t pid = drawer_pid();

		kill(pid, SIGTERM);
		waitpid(pid, NULL, 0);
	}
	return 0;
}
