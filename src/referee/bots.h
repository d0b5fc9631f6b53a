/* bots: the referee plays the seats it holds (a bot seat, a seat in civil
 * disorder) whenever the game waits for one of them. The answer of a mail,
 * the tick, the game master's commands and a rollback all let them move, so
 * this sits below each of them and calls none back. */
#ifndef AZ_BOTS_H
#define AZ_BOTS_H

#include "ledger/ledger.h"
#include "ledger/play.h"

/* Lets bot seats move while one is waited for; queues nothing. *steps
 * counts the steps they took. A seat whose level searches waits for the
 * next run once the run's bot time (bots_run_cap) is spent. */
int bots_play(struct ledger *, struct play *, const char *now, int *steps, struct diag *);

/* The seconds the searching bots of this process may think in all
 * (bots.seconds_per_run); unset, no cap. */
void bots_run_cap(int seconds);
/* The run's bot time as the analysis of turning points shares it
 * (turning.c): 1 when it is spent; bots_spend adds the seconds since
 * start, a bots_clock() reading. */
int bots_time_spent(void);
double bots_clock(void);
void bots_spend(double start);
/* 1 when p's game waits for a seat the referee plays (its bots stopped
 * for the run's time). */
int bots_waited(const struct play *p);
/* The seat's level (games/bot.h), random when the ledger names none. */
int bots_level(const struct seat_row *);
/* The seat's level in a player's words: a term (core/msg.h). */
const char *bots_level_said(const struct seat_row *);
/* A bot's seed at step seq of a game: from the game's seed, not its rng. */
uint64_t bots_seed(uint64_t game_seed, int64_t seq);

#endif
