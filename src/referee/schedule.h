/* schedule: the tick, what time does to a game. Brings its deadlines in
 * line with whom it waits for (the rows are campaign/deadline-rows.h's),
 * reminds once, applies the game's default order when a deadline passes
 * (civil disorder after too many in a row), honours vacations and pauses,
 * and ends a pause that has run its length (through people.h, as the game
 * master would). Nothing below calls it back. */
#ifndef AZ_SCHEDULE_H
#define AZ_SCHEDULE_H

#include "core/buf.h"
#include "core/config.h"
#include "ledger/ledger.h"

struct schedule_stats {
	int opened, reminded, late_notes, defaults, disorders, resumed, steps;
};

/* Does what is due at `now` in the game named (NULL: every active game), one
 * transaction per game. With dry_run the transaction is rolled back and what
 * would have happened is written to `out` (for `azalai preview`). */
int schedule_run(struct ledger *, const struct config *, const char *game,
    const char *now, int dry_run, struct buf *out, struct schedule_stats *,
    struct diag *);

#endif
