/* bots: the referee plays the seats it holds (a bot seat, a seat in civil
 * disorder) whenever the game waits for one of them. The answer of a mail,
 * the tick, the game master's commands and a rollback all let them move, so
 * this sits below each of them and calls none back. */
#ifndef AZ_BOTS_H
#define AZ_BOTS_H

#include "ledger/ledger.h"
#include "ledger/play.h"

/* Lets bot seats move while one is waited for; queues nothing. *steps
 * counts the steps they took. */
int bots_play(struct ledger *, struct play *, const char *now, int *steps, struct diag *);

#endif
