/* deadlines: the one file that writes the deadlines table (tests/table-
 * owners.sh). A row is the decision seat owes since step seq of game; the
 * campaign's deadline-rows.h says when rows open and move. Every change of
 * a row's time or status counts in its revision (the SEQUENCE of its
 * calendar event, render/calendar.h). */
#ifndef AZ_DEADLINES_H
#define AZ_DEADLINES_H

#include <stdint.h>

#include "core/diag.h"
#include "ledger/ledger.h"

/* Opens the row (again, when one was cancelled at this very step): kind
 * due at due_at (ISO UTC), neither reminded nor noted late. */
int deadline_row_open(struct ledger *, int64_t game, int seat, int64_t seq,
    const char *kind, const char *due_at, struct diag *);
/* The row's status: met, passed or cancelled. */
int deadline_row_status(struct ledger *, int64_t game, int seat, int64_t seq,
    const char *status, struct diag *);
int deadline_row_due(struct ledger *, int64_t game, int seat, int64_t seq,
    const char *due_at, struct diag *);
/* When the seat was reminded of the row of step seq ("": not yet). */
int deadline_set_reminded(struct ledger *, int64_t game, int seat, int64_t seq,
    const char *at, struct diag *);
/* When the other seats were told that the seat missed it. */
int deadline_set_late_noted(struct ledger *, int64_t game, int seat, int64_t seq,
    const char *at, struct diag *);
/* Cancels the open rows of the game: it ended. */
int deadline_cancel_game(struct ledger *, int64_t game, struct diag *);
/* Cancels the open rows opened by steps first to last: they were undone. */
int deadline_cancel_steps(struct ledger *, int64_t game, int64_t first, int64_t last,
    struct diag *);
/* The seat's calendar now holds the row of step seq at revision. */
int deadline_row_told(struct ledger *, int64_t game, int seat, int64_t seq,
    int64_t revision, struct diag *);
/* A new player has the seat: the reminders and calendar events went to
 * the old one, so its open rows are not reminded yet and its calendar
 * holds none of them. */
int deadline_seat_handed_over(struct ledger *, int64_t game, int seat, struct diag *);

#endif
