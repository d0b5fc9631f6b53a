/* deadline-rows: the deadlines a game's seats have (the deadlines table),
 * kept in line with whom the game waits for. Every write to the table is
 * here, with the reads the tick, the game master's commands and the answer
 * of a mail make of it; when a row falls due is deadline.h's arithmetic.
 * The tick (referee/schedule.h) decides what passing time does to a game;
 * this file only keeps the rows. All in the caller's transaction. */
#ifndef AZ_DEADLINE_ROWS_H
#define AZ_DEADLINE_ROWS_H

#include <time.h>

#include "campaign/campaign.h"
#include "core/buf.h"
#include "ledger/deadlines.h"
#include "ledger/ledger.h"
#include "ledger/play.h"

/* One open deadline row. */
struct deadline_row {
	int seat;
	int64_t seq;
	char kind[24];
	time_t due;
	int reminded;
};

/* The most open rows a game is read with at once. */
#define DEADLINE_OPEN_MAX 16

/* What happens to a game's deadlines goes to the log, and to a preview's
 * list (out, or NULL); what a preview (dry) only imagines stays out of the
 * log. */
void deadline_say(struct buf *out, int dry, const char *game, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The open rows of a game (seat -1: all), soonest first, at most
 * DEADLINE_OPEN_MAX; returns how many. */
int deadline_open_rows(struct ledger *, int64_t game, int seat, struct deadline_row *);
/* Row w's status: met, passed or cancelled. */
int deadline_set_status(struct ledger *, int64_t game, const struct deadline_row *w,
    const char *status, struct diag *);
int deadline_set_due(struct ledger *, int64_t game, const struct deadline_row *w,
    time_t due, struct diag *);
/* deadline_set_reminded and deadline_set_late_noted: ledger/deadlines.h. */
/* The seat's deadlines missed in a row; disorder puts it in civil disorder
 * (the bot of level, when not NULL, plays it). Written to p's seat row too. */
int deadline_seat_missed(struct ledger *, struct play *p, int seat, int missed,
    int disorder, const char *level, struct diag *);
/* Whether t falls in the seat's vacation. */
int deadline_away_at(const struct seat_row *, time_t t);

/* Brings the game's deadlines in line with whom it waits for now: met for
 * the seats that answered, new ones for new decisions, moved past a
 * vacation. What it does is said as deadline_say says it; *opened counts
 * the rows opened. c: the game's campaign settings. */
int deadline_reconcile(struct ledger *, struct play *, const struct campaign *c,
    struct buf *out, int dry, int *opened, struct diag *);
/* The same for an active game that is not paused, said to the log alone,
 * with the campaign settings as the caller read them in this transaction
 * (NULL: read them). Before a caller's reports, so they show the deadlines
 * that hold. */
int deadline_sync(struct ledger *, struct play *, const struct campaign *, struct diag *);
/* Gives seat's open decision its whole time again, counted from now (a seat
 * handed over, or back from civil disorder). */
int deadline_restart(struct ledger *, struct play *, int seat, const char *now,
    struct diag *);
/* Moves a game's open deadlines (seat -1: all) later by secs. Returns how
 * many moved, or -1. */
int deadline_shift(struct ledger *, int64_t game_id, int seat, long secs, struct diag *);
/* Sets the open deadlines of a game (seat -1: all) to due; refuses a time
 * before now. Returns how many moved, or -1. Either way a reminder already
 * sent is sent again when the new deadline leaves time for one. */
int deadline_set(struct ledger *, int64_t game_id, int seat, time_t due, struct diag *);

/* Names of games. */
struct game_names {
	char (*v)[64];
	size_t n, cap;
};

/* Adds to nm the games a tick must visit at t, by id: those with a deadline
 * passed or a reminder possibly due, a pause ending, or a change since the
 * last tick (schedule_dirty). Each part is one indexed range: an idle game
 * costs nothing. */
int deadline_games_due(struct ledger *, time_t t, struct game_names *nm, struct diag *);
/* The game is up to date: the next tick passes it over until something
 * changes or falls due (schedule_dirty, 008). Last in the game's
 * transaction, after every write that marks it. */
int deadline_game_clean(struct ledger *, int64_t game, struct diag *);

#endif
