#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "ledger/ordercode.h"
#include "ledger/token.h"

/* The code's hash; case does not matter (a client may change it). */
static void
code_hash(const char *code, char out[HASH_HEX])
{
	char norm[ORDERCODE_LEN];
	size_t i;

	for (i = 0; code[i] != '\0' && i < sizeof norm - 1; i++)
		norm[i] = (char)tolower((unsigned char)code[i]);
	norm[i] = '\0';
	sha256_hex(norm, i, out);
}

int
ordercode_new(struct ledger *l, int64_t game_id, int seat, int64_t seq,
    long long shown_step, const char *kind, const char *orders, const char *address,
    char out[ORDERCODE_LEN], struct diag *d)
{
	/* As tokens: no 0/o/1/l, read aloud and retyped at worst. */
	static const char alpha[] = "23456789abcdefghijkmnpqrstuvwxyz";
	const char *fixed_env = testhook_seed();
	uint64_t a, b, f = 0, *fixed = NULL;
	char h[HASH_HEX];
	sqlite3_stmt *st;

	/* Golden runs fix every secret from AZALAI_SEED (testhook.h); the
	 * codes follow it and the table's size, as Message-IDs the outbox's. */
	if (fixed_env != NULL && *fixed_env != '\0') {
		st = ledger_stmt(l, "SELECT COUNT(*) FROM order_codes");
		if (sqlite3_step(st) == SQLITE_ROW)
			f = (uint64_t)sqlite3_column_int64(st, 0) + 1;
		ledger_release(l, st);
		f = strtoull(fixed_env, NULL, 0) ^ f * 0xc2b2ae3d27d4eb4fULL;
		fixed = &f;
	}
	if (random_u64(&a, fixed) < 0 || random_u64(&b, fixed) < 0)
		return diag_set(d, 0, "no randomness from the kernel for an order code");
	for (int i = 0; i < ORDERCODE_LEN - 1; i++) {
		uint64_t *src = i < 13 ? &a : &b;

		out[i] = alpha[*src & 31];
		*src >>= 5;
	}
	out[ORDERCODE_LEN - 1] = '\0';
	code_hash(out, h);
	st = ledger_stmt(l, "INSERT INTO order_codes (hash, game_id, seat_idx, seq, "
	    "shown_step, kind, orders, address) VALUES (?,?,?,?,?,?,?,?)");
	sqlite3_bind_text(st, 1, h, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int64(st, 4, seq);
	sqlite3_bind_int64(st, 5, shown_step);
	sqlite3_bind_text(st, 6, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, orders, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, address, -1, SQLITE_STATIC);
	return ledger_done(l, st, d) < 0 ? -1 : 0;
}

int
ordercode_find(struct ledger *l, const char *code, const char *kind, struct ordercode *oc)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT game_id, seat_idx, seq, shown_step, "
	    "orders, COALESCE(used_by, 0), address FROM order_codes WHERE hash = ? AND "
	    "kind = ?");
	int found = 0;

	memset(oc, 0, sizeof *oc);
	if (strlen(code) != ORDERCODE_LEN - 1) {
		ledger_release(l, st);
		return 0;
	}
	code_hash(code, oc->hash);
	sqlite3_bind_text(st, 1, oc->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		found = 1;
		oc->game_id = sqlite3_column_int64(st, 0);
		oc->seat = sqlite3_column_int(st, 1);
		oc->seq = sqlite3_column_int64(st, 2);
		oc->shown_step = sqlite3_column_int64(st, 3);
		oc->orders = xstrdup(col_text(st, 4));
		oc->used_by = sqlite3_column_int64(st, 5);
		oc->address = xstrdup(col_text(st, 6));
		snprintf(oc->kind, sizeof oc->kind, "%s", kind);
	}
	ledger_release(l, st);
	return found;
}

void
ordercode_free(struct ordercode *oc)
{
	free(oc->orders);
	free(oc->address);
	oc->orders = oc->address = NULL;
}

int
ordercode_use(struct ledger *l, const struct ordercode *oc, int64_t message, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE order_codes SET used_by = ? WHERE hash = ?");

	sqlite3_bind_int64(st, 1, message);
	sqlite3_bind_text(st, 2, oc->hash, -1, SQLITE_STATIC);
	return ledger_done(l, st, d) < 0 ? -1 : 0;
}

int
ordercode_release(struct ledger *l, int64_t message, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE order_codes SET used_by = NULL WHERE "
	    "used_by = ?");

	sqlite3_bind_int64(st, 1, message);
	return ledger_done(l, st, d) < 0 ? -1 : 0;
}
