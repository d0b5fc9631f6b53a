/* deadlines: every write of the deadlines table (deadlines.h). */
#include "ledger/deadlines.h"
#include "ledger/ledger.h"

static int
set_iso(struct ledger *l, const char *sql, int64_t game, int seat, int64_t seq,
    const char *text, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, sql);

	sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int64(st, 4, seq);
	return ledger_done(l, st, d);
}

int
deadline_row_open(struct ledger *l, int64_t game, int seat, int64_t seq, const char *kind,
    const char *due_at, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO deadlines (game_id, seat_idx, seq, "
	    "kind, due_at) VALUES (?,?,?,?,?) ON CONFLICT(game_id, seat_idx, seq) DO UPDATE "
	    "SET kind = excluded.kind, due_at = excluded.due_at, reminded_at = '', "
	    "late_noted_at = '', status = 'open', revision = revision + 1");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int64(st, 3, seq);
	sqlite3_bind_text(st, 4, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, due_at, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int
deadline_row_status(struct ledger *l, int64_t game, int seat, int64_t seq,
    const char *status, struct diag *d)
{
	return set_iso(l, "UPDATE deadlines SET revision = revision + (status IS NOT ?1), "
	    "status = ?1 WHERE game_id = ?2 AND seat_idx = ?3 AND seq = ?4", game, seat, seq,
	    status, d);
}

int
deadline_row_due(struct ledger *l, int64_t game, int seat, int64_t seq, const char *due_at,
    struct diag *d)
{
	return set_iso(l, "UPDATE deadlines SET revision = revision + (due_at IS NOT ?1), "
	    "due_at = ?1 WHERE game_id = ?2 AND seat_idx = ?3 AND seq = ?4", game, seat, seq,
	    due_at, d);
}

int
deadline_set_reminded(struct ledger *l, int64_t game, int seat, int64_t seq, const char *at,
    struct diag *d)
{
	return set_iso(l, "UPDATE deadlines SET reminded_at = ? WHERE game_id = ? AND "
	    "seat_idx = ? AND seq = ?", game, seat, seq, at, d);
}

int
deadline_set_late_noted(struct ledger *l, int64_t game, int seat, int64_t seq,
    const char *at, struct diag *d)
{
	return set_iso(l, "UPDATE deadlines SET late_noted_at = ? WHERE game_id = ? "
	    "AND seat_idx = ? AND seq = ?", game, seat, seq, at, d);
}

int
deadline_cancel_game(struct ledger *l, int64_t game, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE deadlines SET status = 'cancelled', "
	    "revision = revision + 1 WHERE game_id = ? AND status = 'open'");

	sqlite3_bind_int64(st, 1, game);
	return ledger_done(l, st, d);
}

int
deadline_cancel_steps(struct ledger *l, int64_t game, int64_t first, int64_t last,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE deadlines SET status = 'cancelled', "
	    "revision = revision + 1 WHERE game_id = ? AND status = 'open' AND seq BETWEEN ? "
	    "AND ?");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, first);
	sqlite3_bind_int64(st, 3, last);
	return ledger_done(l, st, d);
}

int
deadline_row_told(struct ledger *l, int64_t game, int seat, int64_t seq, int64_t revision,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE deadlines SET told = ? WHERE game_id = ? AND "
	    "seat_idx = ? AND seq = ?");

	sqlite3_bind_int64(st, 1, revision);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int64(st, 4, seq);
	return ledger_done(l, st, d);
}

int
deadline_seat_handed_over(struct ledger *l, int64_t game, int seat, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE deadlines SET told = -1, reminded_at = "
	    "CASE status WHEN 'open' THEN '' ELSE reminded_at END "
	    "WHERE game_id = ? AND seat_idx = ?");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	return ledger_done(l, st, d);
}
