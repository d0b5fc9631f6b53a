/* notify: how each seat is told of the game. every: a report after every
 * step; due: a report only when a decision of the seat's is due, its news
 * covering every step since the last one; digest: at most one report a day,
 * sent by `azalai run`. Whatever the mode, the final report and the notices
 * (deadlines, reminders, late notes, disorder, pauses, ends, press) reach
 * every seat. A seat's own mode wins over the campaign's "notify". */
#ifndef AZ_NOTIFY_H
#define AZ_NOTIFY_H

#include "campaign/campaign.h"
#include "campaign/notify-word.h"
#include "core/config.h"
#include "ledger/play.h"

/* A digest seat hears at most once in this many seconds. */
#define NOTIFY_DIGEST_SECS 86400

/* The seat's mode: its own, else the campaign's. */
const char *notify_mode(const struct play *, const struct campaign *, int seat);
/* 1 when a seat in mode gets the report of a new step at once: `waited`
 * says a decision of the seat's is due (or the referee just made one for it
 * when its deadline passed), `over` that the game has ended. */
int notify_now(const char *mode, int waited, int over);
/* Sets the seat's own mode, in the ledger and in p. */
int notify_set(struct ledger *, struct play *, int seat, const char *mode, struct diag *);
/* One sentence for the player about mode, in od: what they will get from now on. */
void notify_says(const char *mode, struct diag *od);
/* When the last mail that carried the seat's report went out (welcome,
 * report, ack, error), -1 when none did. */
time_t notify_last_report(struct ledger *, const struct play *, int seat);
/* 1 when a digest seat has steps it has not seen and no report for a day. */
int notify_digest_due(struct ledger *, const struct play *, const struct campaign *,
    int seat, const char *now);

#endif
