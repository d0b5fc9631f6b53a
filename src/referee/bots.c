#include <string.h>

#include "core/buf.h"
#include "core/rng.h"
#include "referee/bots.h"

/* A bot's random pick can undo its last order (Targi: TRADE 1S 1D, then
 * 1D 1S) while the game waits for the same decision; after this many such
 * steps in a row it takes the deadline order, which always moves on. */
#define BOT_SAME_DECISION 12

int
bots_play(struct ledger *l, struct play *p, const char *now, int *steps, struct diag *d)
{
	char last_what[sizeof ((struct pending *)0)->what[0]] = "";
	int last_seat = -1, same = 0, rc = -2;
	/* One list for every step: growing it anew each time cost more than
	 * the bot's choice. Bare: only the order kept needs its text. */
	struct order_list ol;

	order_list_init(&ol);
	ol.bare = 1;
	/* Bounded: a game always ends, but a bug must not spin a cron job forever. */
	for (int guard = 0; guard < 100000; guard++) {
		struct pending pd;
		struct order def;
		struct rng r;
		int seat = -1;

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
		ol.n = 0;
		if (p->rules->legal(p->st, seat, &ol) < 0 || ol.n == 0) {
			rc = diag_set(d, 0, "game %s: the bot of seat %s has no legal order",
			    p->g.name, p->g.seats[seat].name);
			break;
		}
		same = seat == last_seat && strcmp(pd.what[seat], last_what) == 0 ? same + 1 : 0;
		last_seat = seat;
		str_copy(last_what, sizeof last_what, pd.what[seat]);
		/* The bot's choices are recorded as events; its dice need only be fair. */
		rng_seed(&r, p->g.seed ^ (uint64_t)(p->seq + 1) * 0x9e3779b97f4a7c15ULL);
		if (same < BOT_SAME_DECISION || p->rules->default_order(p->st, seat, &def) < 0) {
			def = ol.v[rng_below(&r, (uint32_t)ol.n)];
			p->rules->order_text(&def);
		}
		if (play_step(l, p, "bot", seat, &def, now, NULL, d) < 0) {
			rc = -1;
			break;
		}
		(*steps)++;
	}
	order_list_free(&ol);
	if (rc == -2)
		rc = diag_set(d, 0, "game %s: bots did not stop", p->g.name);
	return rc;
}

