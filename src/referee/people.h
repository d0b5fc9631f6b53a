/* people: what a game master does to the seats and the course of a game:
 * hand a seat over, let the referee play it, vacations, pauses, ending a
 * game, observers, settings, rollbacks. Each function works in the caller's
 * transaction on the game loaded in p, and queues the mails that tell the
 * people concerned (a successor's address is told to nobody but the game
 * master). */
#ifndef AZ_PEOPLE_H
#define AZ_PEOPLE_H

#include <time.h>

#include "campaign/campaign.h"
#include "core/config.h"
#include "ledger/play.h"
#include "render/render.h"

/* Errors: refused (the diag says why, for the game master), or the ledger failed. */
#define PEOPLE_REFUSED (-1)
#define PEOPLE_ELEDGER (-2)

/* The seat named (any case), or -1 after setting the diag. */
int people_seat(const struct play *, const char *name, struct diag *);

/* The welcome mail of a seat with its token and the report. */
int people_welcome(struct ledger *, const struct config *, struct render *, struct play *,
    int seat, const char *token, const char *now, struct diag *);

/* A new player (or a new token for the same one: the same address) takes the
 * seat; the old token stops working. token gets the new one; fixed as for
 * token_new. */
int people_replace(struct ledger *, const struct config *, struct play *, int seat,
    const char *address, uint64_t *fixed, const char *now, char token[TOKEN_LEN],
    struct diag *);
/* level >= 0 (games/bot.h): the referee plays the seat at that level (and
 * moves at once if it is waited for); a seat it plays already only changes
 * level, without mail. -1: its player does again (civil disorder and missed
 * deadlines end). */
int people_set_bot(struct ledger *, const struct config *, struct play *, int seat,
    int level, const char *now, struct diag *);

/* The language the seat's mails are written in from now on (lang.h): en, de,
 * es or fr (any case). The player is not mailed: the next mail is in it. */
int people_language(struct ledger *, struct play *, int seat, const char *language,
    struct diag *);

/* How the seat is told from now on (notify.h): mode is every, due or digest
 * (any case). The player is mailed only what the new mode owes now (a
 * report of a decision due that digest held back, tell_owed). */
int people_notify(struct ledger *, const struct config *, struct play *, int seat,
    const char *mode, const char *now, struct diag *);

/* "2026-12-01" (midnight), "2026-12-01T18:00" or "2026-12-01 18:00" in the
 * campaign's time zone, or "2026-12-01T18:00:00Z" in UTC; -1 when unreadable. */
time_t people_parse_time(const struct campaign *, const char *);
/* A vacation [from, to): no deadline of the seat passes in it. All of a
 * seat's vacations in a game together stay within vacation_max_days. */
int people_away(struct ledger *, const struct config *, struct play *, int seat,
    time_t from, time_t to, const char *now, struct diag *);
/* Ends the seat's vacation now (or cancels one that has not begun). */
int people_back(struct ledger *, const struct config *, struct play *, int seat,
    const char *now, struct diag *);

/* Pauses the game for secs (0: the longest the campaign allows, which also
 * caps secs). Deadlines stand still until it resumes. */
int people_pause(struct ledger *, const struct config *, struct play *, long secs,
    const char *reason, const char *now, struct diag *);
/* Resumes a paused game (by_itself: its pause ran out) and moves the open
 * deadlines later by the time it stood still. */
int people_resume(struct ledger *, const struct config *, struct play *, int by_itself,
    const char *now, struct diag *);
/* Abandons the game: status 'ended', open deadlines cancelled. */
int people_end(struct ledger *, const struct config *, struct play *, const char *reason,
    const char *now, struct diag *);

int people_watch(struct ledger *, const struct config *, struct play *, const char *address,
    const char *language, const char *now, struct diag *);
/* How the observer at address is told (every, due, digest; any case), by
 * the game master or by its own mail; it gets a line saying so, and what
 * the new mode owes. */
int people_watch_notify(struct ledger *, const struct config *, struct play *,
    const char *address, const char *mode, const char *now, struct diag *);
int people_unwatch(struct ledger *, const struct config *, struct play *,
    const char *address, const char *now, struct diag *);

/* A campaign setting, checked; the players are told (all but "gm"). */
int people_set(struct ledger *, const struct config *, struct play *, const char *key,
    const char *value, const char *now, struct diag *);

/* play_rollback, then the bots move if it is their turn, and every seat and
 * watcher gets a notice with its report. */
int people_rollback(struct ledger *, const struct config *, struct play *, int steps,
    const char *reason, const char *now, int64_t *first, int64_t *last, struct diag *);

#endif
