/* seats: every write of the seats table (seats.h). */
#include <stddef.h>

#include "ledger/ledger.h"
#include "ledger/seats.h"

int
seat_insert(struct ledger *l, int64_t game, int idx, const struct seat_row *s,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO seats (game_id, idx, name, address, "
	    "kind, token_salt, token_hash, notify, language, bot_level) "
	    "VALUES (?,?,?,?,?,?,?,?,?,?)");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, idx);
	sqlite3_bind_text(st, 3, s->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, s->address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, s->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, s->salt, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, s->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, s->notify, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, s->language, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 10, s->bot_level[0] != '\0' ? s->bot_level : "random", -1,
	    SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int
seat_set_holder(struct ledger *l, int64_t game, int idx, const struct seat_row *s,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE seats SET address = ?, kind = ?, "
	    "token_salt = ?, token_hash = ?, missed = ?, disorder = ?, away_from = ?, "
	    "away_to = ?, away_used = ?, bot_level = ? WHERE game_id = ? AND idx = ?");

	sqlite3_bind_text(st, 1, s->address, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, s->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, s->salt, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, s->hash, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 5, s->missed);
	sqlite3_bind_int(st, 6, s->disorder);
	sqlite3_bind_text(st, 7, s->away_from, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, s->away_to, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 9, s->away_used);
	sqlite3_bind_text(st, 10, s->bot_level[0] != '\0' ? s->bot_level : "random", -1,
	    SQLITE_STATIC);
	sqlite3_bind_int64(st, 11, game);
	sqlite3_bind_int(st, 12, idx);
	return ledger_done(l, st, d);
}

int
seat_clear_bounces(struct ledger *l, int64_t game, int idx, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE seats SET bounces = 0, last_bounce = '' "
	    "WHERE game_id = ? AND idx = ?");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, idx);
	return ledger_done(l, st, d);
}

int
seat_reset_choices(struct ledger *l, int64_t game, int idx, struct seat_row *s,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE seats SET notify = '', json = 0, "
	    "pictures = 1, calendar = 1, timezone = '', turning = -1 "
	    "WHERE game_id = ? AND idx = ?");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, idx);
	if (ledger_done(l, st, d) < 0)
		return -1;
	s->notify[0] = s->timezone[0] = '\0';
	s->json = 0;
	s->pictures = s->calendar = 1;
	s->turning = -1;
	return 0;
}

int
seat_set_missed(struct ledger *l, int64_t game, int idx, const struct seat_row *s,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE seats SET missed = ?, disorder = ?, "
	    "kind = ?, bot_level = ? WHERE game_id = ? AND idx = ?");

	sqlite3_bind_int(st, 1, s->missed);
	sqlite3_bind_int(st, 2, s->disorder);
	sqlite3_bind_text(st, 3, s->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, s->bot_level[0] != '\0' ? s->bot_level : "random", -1,
	    SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, game);
	sqlite3_bind_int(st, 6, idx);
	return ledger_done(l, st, d);
}

/* One text column of a seat: sql is one of the literals below. */
static int
set_text(struct ledger *l, const char *sql, int64_t game, int idx, const char *v,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, sql);

	sqlite3_bind_text(st, 1, v, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, idx);
	return ledger_done(l, st, d);
}

int
seat_set_notify(struct ledger *l, int64_t game, int idx, const char *mode, struct diag *d)
{
	return set_text(l, "UPDATE seats SET notify = ? WHERE game_id = ? AND idx = ?", game,
	    idx, mode, d);
}

int
seat_set_language(struct ledger *l, int64_t game, int idx, const char *lang,
    struct diag *d)
{
	return set_text(l, "UPDATE seats SET language = ? WHERE game_id = ? AND idx = ?",
	    game, idx, lang, d);
}

/* One yes-or-no column of a seat: sql is one of the literals below. */
static int
set_flag(struct ledger *l, const char *sql, int64_t game, int idx, int on, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, sql);

	sqlite3_bind_int(st, 1, on != 0);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, idx);
	return ledger_done(l, st, d);
}

int
seat_set_json(struct ledger *l, int64_t game, int idx, int on, struct diag *d)
{
	return set_flag(l, "UPDATE seats SET json = ? WHERE game_id = ? AND idx = ?", game,
	    idx, on, d);
}

int
seat_set_calendar(struct ledger *l, int64_t game, int idx, int on, struct diag *d)
{
	return set_flag(l, "UPDATE seats SET calendar = ? WHERE game_id = ? AND idx = ?", game,
	    idx, on, d);
}

int
seat_set_turning(struct ledger *l, int64_t game, int idx, int on, struct diag *d)
{
	return set_flag(l, "UPDATE seats SET turning = ? WHERE game_id = ? AND idx = ?", game,
	    idx, on, d);
}

int
seat_set_pictures(struct ledger *l, int64_t game, int idx, int on, struct diag *d)
{
	return set_flag(l, "UPDATE seats SET pictures = ? WHERE game_id = ? AND idx = ?", game,
	    idx, on, d);
}

int
seat_set_timezone(struct ledger *l, int64_t game, int idx, const char *zone, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE seats SET timezone = ? WHERE game_id = ? AND "
	    "idx = ?");

	sqlite3_bind_text(st, 1, zone, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, idx);
	return ledger_done(l, st, d);
}

int
ledger_seat_set_reported(struct ledger *l, int64_t game, int idx, int64_t seq, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l,
	    "UPDATE seats SET reported_seq = ? WHERE game_id = ? AND idx = ?");

	sqlite3_bind_int64(st, 1, seq);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, idx);
	return ledger_done(l, st, d);
}

int
ledger_seat_bounce(struct ledger *l, int64_t game, int idx, const char *address,
    const char *why, struct diag *d)
{
	/* A mail to an address the seat no longer has is not the seat's trouble. */
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE seats SET bounces = bounces + 1, "
	    "last_bounce = ? WHERE game_id = ? AND idx = ? AND "
	    "(?4 IS NULL OR address = ?4 COLLATE NOCASE)");

	sqlite3_bind_text(st, 1, why, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, idx);
	if (address != NULL)
		sqlite3_bind_text(st, 4, address, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return sqlite3_changes(l->db);
}
