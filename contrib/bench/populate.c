/* Fills a ledger with live games for contrib/bench/run, in one process (the
 * idle tick and "azalai verify" figures need thousands): Buqruru, Targi and
 * Targui in turn, each with a random number of seats its rules allow (so
 * Targui with 2 to 4), human seats with tokens and a seed commitment, a few
 * random legal orders each, their deadlines opened from now. Prints each
 * seat's "GAME SEAT TOKEN ADDRESS", for the order mails of the ingest figures.
 * RULES: only that game; FIRST: the number of the first game (to add to a
 * ledger that has games already).
 * usage: azalai-populate LEDGER GAMES STEPS DATADIR [RULES [FIRST]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/audit.h"
#include "core/clock.h"
#include "games/game.h"
#include "ledger/ledger.h"
#include "core/log.h"
#include "ledger/play.h"
#include "core/rng.h"
#include "campaign/deadline-rows.h"
#include "ledger/token.h"
#include "lang/catalog.h"
#include "core/msg.h"

static void
die(const char *what, const struct diag *d)
{
	fprintf(stderr, "azalai-populate: %s: %s\n", what, d->msg);
	exit(70);
}

static void
one_game(struct ledger *l, int i, const char *only, int steps, const char *now,
    struct rng *pick, struct order_list *ol)
{
	static const char *const rules[] = { "buqruru", "targi", "targui" };
	const struct game_rules *r = game_find(only != NULL ? only : rules[i % 3]);
	uint64_t fixed = (uint64_t)i * 7919 + 1;
	struct game_row g;
	struct optset o;
	struct play p;
	struct diag d;

	diag_clear(&d);
	memset(&g, 0, sizeof g);
	snprintf(g.name, sizeof g.name, "%s-%d", r->name, i + 1);
	snprintf(g.rules, sizeof g.rules, "%s", r->name);
	g.seed = (uint64_t)i + 1;
	g.nseats = r->min_seats + (int)rng_below(pick,
	    (uint32_t)(r->max_seats - r->min_seats + 1));
	for (int s = 0; s < g.nseats; s++) {
		char token[TOKEN_LEN];

		snprintf(g.seats[s].name, SEAT_NAME, "p%d", s);
		snprintf(g.seats[s].address, sizeof g.seats[s].address,
		    "g%d.p%d@bench.example", i, s);
		snprintf(g.seats[s].kind, sizeof g.seats[s].kind, "human");
		if (token_new(token, g.seats[s].salt, &fixed) < 0)
			exit(70);
		token_hash(token, g.seats[s].salt, g.seats[s].hash);
		printf("%s %s %s %s\n", g.name, g.seats[s].name, token, g.seats[s].address);
	}
	if (opt_resolve(r->options, &o, NULL, 0, &d) < 0 ||
	    play_create(l, &g, &o, now, &p, &d) < 0 || audit_commit(l, &p.g, &fixed, &d) < 0)
		die(g.name, &d);
	for (int k = 0; k < steps; k++) {
		struct pending pd;
		int seat = -1;

		memset(&pd, 0, sizeof pd);
		r->waiting_for(p.st, &pd);
		if (pd.over)
			break;
		for (int s = 0; s < g.nseats && seat < 0; s++)
			if (pd.seats & VIS_SEAT(s))
				seat = s;
		ol->n = 0;
		r->legal(p.st, seat, ol);
		if (ol->n == 0)
			break;
		if (play_step(l, &p, "order", seat, &ol->v[rng_below(pick, (uint32_t)ol->n)],
		    now, NULL, &d) < 0)
			die(g.name, &d);
	}
	if (play_update_status(l, &p, &d) < 0 || deadline_sync(l, &p, NULL, &d) < 0)
		die(g.name, &d);
	play_free(&p);
}

int
main(int argc, char **argv)
{
	struct order_list ol;
	struct ledger l;
	struct diag d;
	struct rng pick;
	char now[32];
	const char *only = argc > 5 ? argv[5] : NULL;
	int games, steps, first = argc > 6 ? atoi(argv[6]) : 0;

	if (argc < 5 || (games = atoi(argv[2])) <= 0 || (steps = atoi(argv[3])) < 0) {
		fprintf(stderr, "usage: azalai-populate LEDGER GAMES STEPS DATADIR "
		    "[RULES [FIRST]]\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	catalog_init(argv[4]);
	msg_use_catalog(&catalog_msg);
	if (games_load(argv[4], NULL) < 0 || (only != NULL && game_find(only) == NULL)) {
		fprintf(stderr, "azalai-populate: cannot read the game data in %s\n", argv[4]);
		return 66;
	}
	diag_clear(&d);
	if (ledger_open(&l, argv[1], &d) < 0)
		die(argv[1], &d);
	clock_iso(clock_now(), now, sizeof now);
	rng_seed(&pick, 1);
	order_list_init(&ol);
	for (int i = 0; i < games; i++) {
		if (i % 500 == 0 && ledger_begin(&l, &d) < 0)
			die("begin", &d);
		one_game(&l, first + i, only, steps, now, &pick, &ol);
		if ((i % 500 == 499 || i == games - 1) && ledger_commit(&l, &d) < 0)
			die("commit", &d);
	}
	order_list_free(&ol);
	ledger_close(&l);
	return 0;
}
