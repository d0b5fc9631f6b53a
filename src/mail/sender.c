#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/hash.h"
#include "mail/address.h"
#include "mail/sender.h"

int
sender_same(const char *addr, const char *on_record)
{
	char a[ADDRESS_MAX], r[ADDRESS_MAX];

	if (addr == NULL || on_record == NULL || addr[0] == '\0')
		return 0;
	if (strcasecmp(addr, on_record) == 0)
		return 1;
	/* One domain in Unicode and in A-labels (GMime reads the A-labels of
	 * a From back as Unicode), or in another case: the spelling mail is
	 * sent to decides. */
	return address_ascii(addr, a, sizeof a, NULL) == 0 &&
	    address_ascii(on_record, r, sizeof r, NULL) == 0 && strcasecmp(a, r) == 0;
}

void
sender_code(const char *seat_hash, const char *content_hash, char out[SENDER_CODE])
{
	const char *parts[] = { "confirm", seat_hash, content_hash };
	char h[HASH_HEX];

	sha256_parts_hex(h, 3, parts);
	snprintf(out, SENDER_CODE, "%.5s-%.5s", h, h + 5);
}

int
sender_hold(struct ledger *l, int64_t message, int64_t game_id, int seat, const char *from,
    int64_t step, const char *now, char code[SENDER_CODE], struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT m.content_hash, s.token_hash FROM messages m, "
	    "seats s WHERE m.id = ? AND s.game_id = ? AND s.idx = ?");

	code[0] = '\0';
	sqlite3_bind_int64(st, 1, message);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	if (sqlite3_step(st) == SQLITE_ROW)
		sender_code(col_text(st, 1), col_text(st, 0), code);
	ledger_release(l, st);
	if (code[0] == '\0')
		return diag_set(d, 0, "message %lld: no such message or seat to hold it for",
		    (long long)message);
	st = ledger_stmt(l, "INSERT INTO held_mails (message, game_id, seat_idx, from_addr, "
	    "code, step, held_at) VALUES (?,?,?,?,?,?,?)");
	sqlite3_bind_int64(st, 1, message);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_text(st, 4, from, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, code, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, step);
	sqlite3_bind_text(st, 7, now, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int64_t
sender_held_step(struct ledger *l, int64_t message)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT step FROM held_mails WHERE message = ?");
	int64_t step = -1;

	sqlite3_bind_int64(st, 1, message);
	if (sqlite3_step(st) == SQLITE_ROW)
		step = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	return step;
}

int
sender_still_held(struct ledger *l, int64_t message)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM held_mails WHERE message = ? AND "
	    "status = 'held'");
	int held;

	sqlite3_bind_int64(st, 1, message);
	held = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return held;
}

int
sender_find(struct ledger *l, int64_t game_id, int seat, const char *code, int64_t *message,
    char *from, size_t fromsz)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT message, status, from_addr FROM held_mails "
	    "WHERE game_id = ? AND seat_idx = ? AND code = lower(?)");
	int rc = 0;

	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, code, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*message = sqlite3_column_int64(st, 0);
		rc = strcmp(col_text(st, 1), "held") == 0 ? 1 : 2;
		snprintf(from, fromsz, "%s", col_text(st, 2));
	}
	ledger_release(l, st);
	return rc;
}

int
sender_confirmed(struct ledger *l, int64_t message, const char *now, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE held_mails SET status = 'confirmed', "
	    "confirmed_at = ? WHERE message = ?");

	sqlite3_bind_text(st, 1, now, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, message);
	return ledger_done(l, st, d);
}
