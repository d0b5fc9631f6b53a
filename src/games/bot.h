/* bot: the referee's players, from random to a tree search.
 *
 * A bot decides from what its seat may know and nothing else: it never
 * reads the state it is given except through the game's redeal (game.h),
 * which draws anew everything the seat may not know. Its own chance comes
 * from its seed alone, never from the game's rng, and its budget is counted
 * in playouts or iterations, so a decision does not depend on the machine's
 * load; a stop callback is the wall-clock safety net (engines have no
 * clock). The decision is an order like a player's: replay never runs a bot. */
#ifndef AZ_BOT_H
#define AZ_BOT_H

#include "games/game.h"

enum bot_level {
	BOT_RANDOM,	/* a legal order at random */
	BOT_GREEDY,	/* the best order one ply ahead by the game's reward */
	BOT_MC,		/* flat Monte Carlo over re-deals */
	BOT_ISMCTS,	/* single-observer information-set MCTS */
	BOT_LEVELS
};

/* The level's name ("random", "greedy", "mc", "ismcts"), and back: -1 when
 * name is none of them. */
const char *bot_level_name(int level);
int bot_level_find(const char *name);
/* The playouts (mc) or iterations (ismcts) a level spends per decision by
 * default; 0 for the levels that search nothing. */
int bot_level_budget(int level);

struct bot_budget {
	int iterations;	/* playouts or iterations; <= 0: the level's default */
	/* Asked now and then; nonzero ends the search with what it has. NULL:
	 * never. */
	int (*stop)(void *);
	void *ctx;
};

/* Chooses seat's order at st, a game of nseats seats, with level, from
 * seed; out's text is filled. Needs the game's redeal and reward. -1 with a
 * diag when seat has no legal order. */
int bot_decide(const struct game_rules *, const void *st, int nseats, int seat,
    int level, uint64_t seed, const struct bot_budget *, struct order *out,
    struct diag *);

/* What the strongest level makes of an order played, with everything
 * revealed: no re-deal, the state as it is (every hand and the chance to
 * come as the game's rng holds it). For a finished game's turning points
 * only, never for a seat's decision: a bot that played so would peek. */
struct bot_verdict {
	double played;		/* seat's expected result after played, 0 to 1 */
	double best;		/* after best, the order the search prefers */
	struct order best_order;	/* text filled */
};
/* The search (ismcts, iterations) picks the best order at st; then the
 * played order and it are each followed by the same `playouts` random
 * playouts (the same seeds for both, so the difference is the orders'). */
int bot_judge(const struct game_rules *, const void *st, int nseats, int seat,
    const struct order *played, uint64_t seed, int iterations, int playouts,
    struct bot_verdict *, struct diag *);

/* The first seat waited for (legal orders) at st, or -1: the game is over.
 * Used where everyone is played by a program (playouts, benches). */
int bot_next_seat(const struct game_rules *, const void *st, int nseats,
    struct order_list *scratch);

#endif
