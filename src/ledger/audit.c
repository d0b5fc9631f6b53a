#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ledger/audit.h"
#include "ledger/token.h"

void
audit_commitment(const char *game, uint64_t seed, const char *salt, char out[HASH_HEX])
{
	struct buf b = BUF_INIT;

	/* Plain text, not length-prefixed parts: a player must be able to
	 * rebuild these bytes with printf. A game name holds no space. */
	buf_printf(&b, "azalai-seed-v1 %s %" PRIu64 " %s", game, seed, salt);
	sha256_hex(b.p, b.len, out);
	buf_free(&b);
}

int
audit_commit(struct ledger *l, const struct game_row *g, uint64_t *fixed,
    struct diag *d)
{
	char salt[AUDIT_SALT], commit[HASH_HEX];
	uint64_t a, b;

	/* 128 bits: the seed has only 64, and the commitment must not let anyone
	 * try every seed before the end. */
	if (random_u64(&a, fixed) < 0 || random_u64(&b, fixed) < 0)
		return diag_set(d, 0, "no randomness from the kernel");
	snprintf(salt, sizeof salt, "%016" PRIx64 "%016" PRIx64, a, b);
	audit_commitment(g->name, g->seed, salt, commit);
	return ledger_game_set_seed_commit(l, g->id, salt, commit, d);
}

int
audit_seed_load(struct ledger *l, int64_t game, char salt[AUDIT_SALT],
    char commit[HASH_HEX], struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seed_salt, seed_commit FROM games "
	    "WHERE id = ?");
	int rc;

	salt[0] = commit[0] = '\0';
	sqlite3_bind_int64(st, 1, game);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		snprintf(salt, AUDIT_SALT, "%s", col_text(st, 0));
		snprintf(commit, HASH_HEX, "%s", col_text(st, 1));
	}
	ledger_release(l, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ledger_fail(l, d, "read the seed's commitment");
	return 0;
}

void
audit_chain_head(struct ledger *l, int64_t game, int64_t seq, char out[HASH_HEX])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT hash FROM events WHERE game_id = ? AND "
	    "seq = ?");

	out[0] = '\0';
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, seq);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(out, HASH_HEX, "%s", col_text(st, 0));
	ledger_release(l, st);
}

int
audit_open(const struct game_row *g)
{
	return strcmp(g->status, "over") == 0 || strcmp(g->status, "ended") == 0;
}

void
audit_report_keys(struct ledger *l, const struct play *p, struct tval *root)
{
	char head[HASH_HEX], salt[AUDIT_SALT], commit[HASH_HEX];
	const struct tval *open = tval_get(root, "open");

	audit_chain_head(l, p->g.id, p->seq, head);
	if (head[0] != '\0')
		tval_set_strf(root, "chain_head", "%.*s", AUDIT_SHORT, head);
	if (audit_seed_load(l, p->g.id, salt, commit, NULL) < 0)
		salt[0] = commit[0] = '\0';
	if (commit[0] != '\0')
		tval_set_str(root, "seed_commitment", commit);
	if (!audit_open(&p->g))
		return;
	{
		struct tval *r = tval_set_map(root, "reveal");

		tval_set_strf(r, "seed", "%" PRIu64, p->g.seed);
		tval_set_str(r, "salt", salt);
		tval_set_str(r, "commitment", commit);
		tval_set_bool(r, "has_commitment", commit[0] != '\0');
		tval_set_str(r, "head", head);
	}
	tval_set_bool(root, "has_open", open != NULL && open->n > 0);
}
