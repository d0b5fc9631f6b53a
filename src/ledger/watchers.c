/* watchers: every write of the watchers table (watchers.h). */
#include "ledger/ledger.h"
#include "ledger/watchers.h"

int
watcher_add(struct ledger *l, int64_t game, const char *address, const char *added_at,
    int64_t reported_seq, const char *lang, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "INSERT INTO watchers (game_id, address, added_at, "
	    "reported_seq, language) VALUES (?,?,?,?,?)");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, added_at, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, reported_seq);
	sqlite3_bind_text(st, 5, lang, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int
watcher_remove(struct ledger *l, int64_t game, const char *address, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "DELETE FROM watchers WHERE game_id = ? AND "
	    "address = ? COLLATE NOCASE");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return sqlite3_changes(l->db);
}

int
watcher_set_reported(struct ledger *l, int64_t game, const char *address, int64_t seq,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE watchers SET reported_seq = ? WHERE "
	    "game_id = ? AND address = ?");

	sqlite3_bind_int64(st, 1, seq);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

/* One text column of a watcher: sql is one of the literals below. Returns
 * 1 when the address watches the game, 0 when it does not. */
static int
set_text(struct ledger *l, const char *sql, int64_t game, const char *address, const char *v,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, sql);

	sqlite3_bind_text(st, 1, v, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return sqlite3_changes(l->db) > 0;
}

int
watcher_set_language(struct ledger *l, int64_t game, const char *address, const char *lang,
    struct diag *d)
{
	return set_text(l, "UPDATE watchers SET language = ? WHERE game_id = ? AND "
	    "address = ? COLLATE NOCASE", game, address, lang, d);
}

int
watcher_set_notify(struct ledger *l, int64_t game, const char *address, const char *mode,
    struct diag *d)
{
	return set_text(l, "UPDATE watchers SET notify = ? WHERE game_id = ? AND "
	    "address = ? COLLATE NOCASE", game, address, mode, d);
}
