/* schedule: what time does to a game. Opens a deadline for every decision a
 * seat is waited for, reminds once, applies the game's default order when a
 * deadline passes (civil disorder after too many in a row), honours
 * vacations and pauses, and ends a pause that has run its length. */
#ifndef AZ_SCHEDULE_H
#define AZ_SCHEDULE_H

#include <time.h>

#include "core/buf.h"
#include "core/config.h"
#include "ledger/ledger.h"
#include "ledger/play.h"
#include "ledger/play.h"

struct campaign;

struct schedule_stats {
	int opened, reminded, late_notes, defaults, disorders, resumed, steps;
};

/* Does what is due at `now` in the game named (NULL: every active game), one
 * transaction per game. With dry_run the transaction is rolled back and what
 * would have happened is written to `out` (for `azalai preview`). */
int schedule_run(struct ledger *, const struct config *, const char *game,
    const char *now, int dry_run, struct buf *out, struct schedule_stats *,
    struct diag *);
/* Brings the game's deadlines in line with whom it waits for now: met for
 * the seats that answered, new ones for new decisions. In the caller's
 * transaction, before its reports, so they show the deadlines that hold. */
int schedule_reconcile(struct ledger *, struct play *, const char *now, struct diag *);
/* The same with the game's campaign settings as the caller read them in this
 * transaction (NULL: read them). */
int schedule_reconcile_with(struct ledger *, struct play *, const struct campaign *,
    const char *now, struct diag *);
/* Gives seat's open decision its whole time again, counted from now (a seat
 * handed over, or back from civil disorder). In the caller's transaction. */
int schedule_restart(struct ledger *, struct play *, int seat, const char *now,
    struct diag *);
/* Moves a game's open deadlines (seat -1: all) later by secs; in the caller's
 * transaction. Returns how many moved, or -1. */
int schedule_shift(struct ledger *, int64_t game_id, int seat, long secs, struct diag *);
/* Sets the open deadlines of a game (seat -1: all) to due; refuses a time
 * before now. In the caller's transaction. Returns how many moved, or -1.
 * Either way a reminder already sent is sent again when the new deadline
 * leaves time for one. */
int schedule_set(struct ledger *, int64_t game_id, int seat, time_t due, struct diag *);

#endif
