#include <string.h>
#include <time.h>

#include "core/buf.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/rng.h"
#include "games/bot.h"
#include "referee/bots.h"

/* A bot's random pick can undo its last order (Targi: TRADE 1S 1D, then
 * 1D 1S) while the game waits for the same decision; after this many such
 * steps in a row it takes the deadline order, which always moves on. */
#define BOT_SAME_DECISION 12
/* The wall-clock safety net of one decision, in seconds: budgets are
 * counted in playouts, so only a machine far slower than ours meets it. */
#define BOT_DECISION_CAP 2.0

/* What the searching bots of this process may still think, in seconds
 * (bots.seconds_per_run); a negative cap: none set, no limit. */
static double run_cap = -1.0, run_spent;

void
bots_run_cap(int seconds)
{
	run_cap = seconds;
	run_spent = 0;
}

static double
mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
bots_time_spent(void)
{
	return run_cap >= 0 && run_spent >= run_cap;
}

double
bots_clock(void)
{
	return mono();
}

void
bots_spend(double start)
{
	run_spent += mono() - start;
}

struct deadline {
	double until;
};

static int
past(void *ctx)
{
	return mono() >= ((struct deadline *)ctx)->until;
}

int
bots_waited(const struct play *p)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	for (int s = 0; s < p->g.nseats && !pd.over; s++)
		if ((pd.seats & VIS_SEAT(s)) && strcmp(p->g.seats[s].kind, "bot") == 0)
			return 1;
	return 0;
}

int
bots_level(const struct seat_row *s)
{
	int level = bot_level_find(s->bot_level);

	return level < 0 ? BOT_RANDOM : level;
}

const char *
bots_level_said(const struct seat_row *s)
{
	static const char *const said[BOT_LEVELS] = {
		[BOT_RANDOM] = TERM("common.bot.random"),
		[BOT_GREEDY] = TERM("common.bot.greedy"),
		[BOT_MC] = TERM("common.bot.mc"),
		[BOT_ISMCTS] = TERM("common.bot.ismcts"),
	};

	return said[bots_level(s)];
}

uint64_t
bots_seed(uint64_t game_seed, int64_t seq)
{
	struct rng r;

	/* Its own stream: the game's seed mixed with a constant and the step
	 * through the rng's seeding, never the game's rng (which deals). */
	rng_seed(&r, game_seed ^ 0x626f742d73656564ULL);
	return rng_next(&r) ^ (uint64_t)(seq + 1) * 0x9e3779b97f4a7c15ULL;
}

/* seat's order at p's state by its level; 1 when the run's budget is spent
 * and the seat waits for the next run. */
static int
decide(struct play *p, int seat, int level, struct order *o, struct diag *d)
{
	struct deadline dl;
	struct bot_budget b = { .iterations = 0, .stop = past, .ctx = &dl };
	double start = mono();
	int rc;

	if (level != BOT_RANDOM && run_cap >= 0 && run_spent >= run_cap)
		return 1;
	dl.until = start + BOT_DECISION_CAP;
	if (run_cap >= 0 && start + (run_cap - run_spent) < dl.until)
		dl.until = start + (run_cap - run_spent);
	rc = bot_decide(p->rules, p->st, p->g.nseats, seat, level,
	    bots_seed(p->g.seed, p->seq), &b, o, d);
	if (level != BOT_RANDOM)
		run_spent += mono() - start;
	return rc;
}

int
bots_play(struct ledger *l, struct play *p, const char *now, int *steps, struct diag *d)
{
	char last_what[sizeof ((struct pending *)0)->what[0]] = "";
	int last_seat = -1, same = 0, rc = -2;

	/* Bounded: a game always ends, but a bug must not spin a cron job forever. */
	for (int guard = 0; guard < 100000; guard++) {
		struct pending pd;
		struct order def;
		int seat = -1, r;

		memset(&pd, 0, sizeof pd);
		p->rules->waiting_for(p->st, &pd);
		if (pd.over) {
			rc = 0;
			break;
		}
		for (int s = 0; s < p->g.nseats && seat < 0; s++)
			if ((pd.seats & VIS_SEAT(s)) && strcmp(p->g.seats[s].kind, "bot") == 0)
				seat = s;
		if (seat < 0) {
			rc = 0;
			break;
		}
		same = seat == last_seat && strcmp(pd.what[seat], last_what) == 0 ? same + 1 : 0;
		last_seat = seat;
		str_copy(last_what, sizeof last_what, pd.what[seat]);
		if (same < BOT_SAME_DECISION || p->rules->default_order(p->st, seat, &def) < 0) {
			if ((r = decide(p, seat, bots_level(&p->g.seats[seat]), &def, d)) < 0) {
				rc = diag_set(d, 0, "game %s: the bot of seat %s has no legal order",
				    p->g.name, p->g.seats[seat].name);
				break;
			}
			if (r > 0) {
				log_info("%s: the bots' time for this run is spent; seat %s "
				    "moves in the next run", p->g.name, p->g.seats[seat].name);
				rc = 0;
				break;
			}
		}
		/* The decision is an order like a player's: replay reads it. */
		if (play_step(l, p, "bot", seat, &def, now, NULL, d) < 0) {
			rc = -1;
			break;
		}
		(*steps)++;
	}
	if (rc == -2)
		rc = diag_set(d, 0, "game %s: bots did not stop", p->g.name);
	return rc;
}
