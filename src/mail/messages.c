/* messages: every write of the messages table (messages.h). */
#include "ledger/ledger.h"
#include "mail/mailbytes.h"
#include "mail/messages.h"

int
message_insert(struct ledger *l, const char *source, const char *ref, const char *mid,
    const struct mailbytes *mb, const char *received_at, const char *mail_date,
    int64_t *id, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO messages (source, source_ref, "
	    "message_id, content_hash, raw, received_at, mail_date, whole_bytes) VALUES "
	    "(?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING");

	sqlite3_bind_text(st, 1, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, ref, -1, SQLITE_STATIC);
	if (mid != NULL)
		sqlite3_bind_text(st, 3, mid, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 3);
	sqlite3_bind_text(st, 4, mb->hash, -1, SQLITE_STATIC);
	sqlite3_bind_blob64(st, 5, mb->raw, mb->len, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, received_at, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, mail_date, -1, SQLITE_STATIC);
	if (mailbytes_whole(mb))
		sqlite3_bind_null(st, 8);
	else
		sqlite3_bind_int64(st, 8, (sqlite3_int64)mb->whole);
	if (ledger_done(l, st, d) < 0)
		return -1;
	if (sqlite3_changes(l->db) == 0)
		return 0;
	*id = sqlite3_last_insert_rowid(l->db);
	return 1;
}

int
message_finish(struct ledger *l, int64_t id, const char *status, const char *reason,
    const char *from, int64_t game, int seat, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE messages SET status = ?, reason = ?, "
	    "from_addr = ?, game_id = ?, seat_idx = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, status, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, reason, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, from, -1, SQLITE_STATIC);
	if (game > 0)
		sqlite3_bind_int64(st, 4, game);
	else
		sqlite3_bind_null(st, 4);
	if (seat >= 0)
		sqlite3_bind_int(st, 5, seat);
	else
		sqlite3_bind_null(st, 5);
	sqlite3_bind_int64(st, 6, id);
	return ledger_done(l, st, d);
}

int
message_rename_ref(struct ledger *l, const char *source, const char *hash,
    const char *tail, const char *ref, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE messages SET source_ref = ?4 "
	    "WHERE source = ?1 AND content_hash = ?2 AND (source_ref = ?3 OR "
	    "substr(source_ref, -length(?3) - 1) = ' ' || ?3)");

	sqlite3_bind_text(st, 1, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, tail, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, ref, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int
message_set_error(struct ledger *l, int64_t id, const char *why, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE messages SET last_error = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, why, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	return ledger_done(l, st, d);
}

int
message_count_attempt(struct ledger *l, int64_t id, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE messages SET attempts = attempts + 1 "
	    "WHERE id = ?");

	sqlite3_bind_int64(st, 1, id);
	return ledger_done(l, st, d);
}

int
message_count_first_attempts(struct ledger *l, struct diag *d)
{
	return ledger_done(l, ledger_prep(l, "UPDATE messages SET attempts = 1 WHERE "
	    "status = 'new' AND aside = '' AND attempts = 0"), d);
}

int
message_hold_spent(struct ledger *l, const char *at, int max, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE messages SET aside = 'held', aside_at = ? "
	    "WHERE status = 'new' AND aside = '' AND attempts >= ?");

	sqlite3_bind_text(st, 1, at, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, max);
	return ledger_done(l, st, d);
}

/* Message id set aside (or back) at: sql is one of the literals below. */
static int
set_aside(struct ledger *l, const char *sql, int64_t id, const char *at, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, sql);

	sqlite3_bind_text(st, 1, at, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	return ledger_done(l, st, d);
}

int
message_release(struct ledger *l, int64_t id, const char *at, struct diag *d)
{
	return set_aside(l, "UPDATE messages SET aside = '', aside_at = ?, attempts = 0, "
	    "last_error = '' WHERE id = ?", id, at, d);
}

int
message_drop(struct ledger *l, int64_t id, const char *at, struct diag *d)
{
	return set_aside(l, "UPDATE messages SET aside = 'dropped', aside_at = ? WHERE id = ?",
	    id, at, d);
}
