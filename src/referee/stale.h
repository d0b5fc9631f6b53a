/* stale: which step an order mail answers (its STEP line, or the referee mail
 * it replies to), whether the decision it answers is still open, and whether
 * the same orders already came for that step (a replay). The rules, for
 * players, are in doc/orders.md. */
#ifndef AZ_STALE_H
#define AZ_STALE_H

#include <stdint.h>

#include "ledger/ledger.h"
#include "ledger/play.h"

/* The step the referee mail to seat of game named by in_reply_to or, failing
 * that, by the newest id in refs that is one, showed; -1 when none is. */
int64_t stale_reply_step(struct ledger *, int64_t game_id, int seat,
    const char *in_reply_to, const char *refs);

/* Orders seat wrote on the form of step `step`: 0 while the decision they
 * answer is open, 1 when they are stale (the reason, naming the step and the
 * decision that are current, in od), -1 on a ledger or replay error (d).
 * The decision answered is the one seat was waited for after step `step`; a
 * seat that was waited for nothing then gives orders in advance (queued
 * orders, standing orders), which answer its next decision. Either passes
 * when the game master changes the game (a rollback), when a default or the
 * bot plays for the seat, or when the seat stops being waited for that kind
 * of decision. */
int stale_check(struct ledger *, const struct play *, int seat, int64_t step,
    struct diag *od, struct diag *d);

/* The hash a mail's order lines are compared by (each line as read, in order). */
void stale_orders_hash(const char *const *lines, size_t n, char out[65]);

/* 1 when a mail other than `message` from seat, for step, with the same
 * orders hash, changed the game: this one is a replay. */
int stale_replayed(struct ledger *, int64_t game_id, int seat, int64_t step,
    const char *hash, int64_t message);

/* Records that message carried those orders for step (applied: they changed
 * the game), in the caller's transaction. */
int stale_record(struct ledger *, int64_t message, int64_t game_id, int seat,
    int64_t step, const char *hash, int applied, struct diag *);

#endif
