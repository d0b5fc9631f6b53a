/* guessing: mails that name a seat with a wrong token, counted per seat for
 * a day from the first of them (a day after it the count starts again).
 * A token is too long to guess, but a seat someone keeps trying should be
 * seen, and its guessers not answered without end (issue 35): answer.c
 * answers a seat's first limits.token_failures_per_day wrong tokens of a
 * day, tells the game master at the next and answers none after it. The
 * table token_failures is this file's. */
#ifndef AZ_GUESSING_H
#define AZ_GUESSING_H

#include "core/config.h"
#include "ledger/play.h"
#include "render/render.h"

/* One more wrong token for seat at now: *count becomes the seat's count of
 * the day and since (32 bytes) the time of the day's first. */
int guessing_count(struct ledger *, int64_t game, int seat, const char *now, int *count,
    char *since, struct diag *);
/* The seat's count of the day as it stands at now (0: none), and since. */
int guessing_seen(struct ledger *, int64_t game, int seat, const char *now, char *since);
/* Mails the campaign's game master (nobody when it has none: *told 0) that
 * seat had count wrong tokens since `since`, rendered by r. */
int guessing_tell(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, int count, const char *since, const char *now,
    int *told, struct diag *);

#endif
