/* turning: a finished game's turning points (issue 33). When a game is
 * over, each human seat that wants them (its own TURNING word, else the
 * campaign's turning_points: auto gives them when a bot played in the game)
 * gets one mail that names the three decisions of its own where its
 * expected result dropped most, as the strongest bot judges them with
 * everything revealed (bot_judge), each with what that bot would have
 * played and, when archive.url is set, a link to the step. The judgement is
 * counted in iterations and seeded from the game's seed: the same game
 * names the same points on any machine. */
#ifndef AZ_TURNING_H
#define AZ_TURNING_H

#include "core/config.h"
#include "games/game.h"
#include "ledger/ledger.h"

#define TURNING_POINTS 3

struct turning_point {
	int64_t seq;			/* the step of the decision; 0: none */
	double drop;			/* the expected result lost, 0 to 1 */
	double played, best;		/* expected results after each */
	char order[ORDER_TEXT];		/* what the seat played (canonical) */
	char best_order[ORDER_TEXT];	/* what the judge would have played */
};

struct turning_budget {
	int iterations;			/* the judge's search per decision */
	int playouts;			/* per order compared */
};

/* The budget run uses, and what a test may make smaller. */
void turning_budget_default(struct turning_budget *);

/* The judge's seed for step seq of a game: from the game's seed, so the
 * same game names the same points on any machine. */
uint64_t turning_seed(uint64_t game_seed, int64_t seq);

/* For every seat in seats (a VIS_SEAT mask), its own decisions (steps of
 * kind 'order', since its player took the seat: outbox_seat_player_since)
 * with the largest drops, largest first, at most
 * TURNING_POINTS, in pts[seat]; a decision that lost nothing is not one.
 * judged[seat] counts the seat's decisions judged. 0, or -1 with a diag. */
int turning_analyse(struct ledger *, const struct game_row *, uint32_t seats,
    const struct turning_budget *, struct turning_point pts[][TURNING_POINTS],
    int *judged, struct diag *);

struct campaign;

/* 1 when seat gets its turning points when g is over: a person's seat, by
 * its own word, else by the campaign's turning_points (auto: when the
 * referee played a step of the game). */
int turning_wanted(struct ledger *, const struct game_row *, int seat,
    const struct campaign *);

struct turning_stats {
	int games;			/* games analysed */
	int mails;			/* mails queued */
	int left;			/* games over still waiting for theirs */
};

/* azalai run: the turning points of every game over and not done yet,
 * queued for the seats that want them; a game is done once, whether or not
 * anyone wanted them. Games wait for the next run once the run's bot time
 * (bots.seconds_per_run) is spent. */
int turning_pass(struct ledger *, const struct config *, struct turning_stats *,
    struct diag *);

#endif
