/* The ledger: its schema, the append-only hash chain, snapshots, transactions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "ledger/ledger.h"
#include "core/log.h"
#include "ledger/migrations.h"
#include "core/msg.h"
#include "ledger/token.h"

static char dir[64];
static char path[128];

static int
setup(void **state)
{
	(void)state;
	log_open(LOG_TO_NONE, NULL);
	snprintf(dir, sizeof dir, "/tmp/azalai-ledger-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(path, sizeof path, "%s/l.db", dir);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* SQLite finds nothing wrong in the ledger's file. */
static void
assert_integrity(struct ledger *l)
{
	sqlite3_stmt *st = ledger_prep(l, "PRAGMA integrity_check");

	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal(col_text(st, 0), "ok");
	sqlite3_finalize(st);
}

static int
newest_migration(void)
{
	int v = 0;

	for (int i = 0; migrations[i].sql != NULL; i++)
		v = migrations[i].version;
	return v;
}

static int64_t count(struct ledger *, const char *sql);

static void
test_open_migrates_once(void **state)
{
	struct ledger l;
	struct diag d;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(ledger_user_version(&l), newest_migration());
	/* Marked as azalai's: "AZAL". */
	assert_int_equal(count(&l, "PRAGMA application_id"), 0x415a414c);
	ledger_close(&l);
	/* A second open finds nothing to do and keeps the data. */
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(ledger_user_version(&l), newest_migration());
	ledger_close(&l);
}

/* Migration 007 makes order_codes again to take a new kind: a ledger at
 * 006 keeps its codes, unspent and spent, and each gets no address. */
static void
test_codes_kept_by_007(void **state)
{
	struct ledger l;
	struct diag d;
	sqlite3 *db;

	(void)state;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	for (int i = 0; migrations[i].sql != NULL && migrations[i].version <= 6; i++)
		assert_int_equal(sqlite3_exec(db, migrations[i].sql, NULL, NULL, NULL),
		    SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1096433996; "
	    "PRAGMA user_version = 6; "
	    "INSERT INTO games (name, rules, options, seed, created_at, status) "
	    "    VALUES ('g1', 'buqruru', '', 7, 'then', 'active');"
	    "INSERT INTO order_codes (hash, game_id, seat_idx, seq, shown_step, kind, "
	    "    orders, used_by) VALUES ('h1', 1, 0, 3, 2, 'link', 'HOLE a', NULL), "
	    "    ('h2', 1, 1, 4, 3, 'reply', 'SOW' || char(10) || 'SOW 2', 9);",
	    NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(ledger_user_version(&l), newest_migration());
	assert_int_equal(count(&l, "SELECT count(*) FROM order_codes WHERE hash = 'h1' AND "
	    "game_id = 1 AND seat_idx = 0 AND seq = 3 AND shown_step = 2 AND kind = 'link' "
	    "AND orders = 'HOLE a' AND used_by IS NULL AND address = ''"), 1);
	assert_int_equal(count(&l, "SELECT count(*) FROM order_codes WHERE hash = 'h2' AND "
	    "seat_idx = 1 AND kind = 'reply' AND orders = 'SOW' || char(10) || 'SOW 2' AND "
	    "used_by = 9 AND address = ''"), 1);
	assert_int_equal(count(&l, "SELECT count(*) FROM order_codes"), 2);
	assert_integrity(&l);
	ledger_close(&l);
}

/* The CHECKs of the schema refuse what the referee never writes, accept what
 * it does, and, written as chains of ORs, fill no temporary index on insert. */
static void
test_checks(void **state)
{
	static const struct {
		const char *sql, *bad, *good;
	} ins[] = {
		{ "INSERT INTO games (name, rules, options, seed, created_at, status) "
		    "VALUES ('g' || ?2, 'buqruru', '', 1, 'now', ?1)", "Over", "over" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "kind) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)",
		    "robot", "bot" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "notify) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)",
		    "weekly", "digest" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "json) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)", "2", "1" },
		{ "INSERT INTO messages (source, content_hash, raw, received_at, status) "
		    "VALUES ('file', 'h' || ?2, x'', 'now', ?1)", "held", "ignored" },
		{ "INSERT INTO messages (source, content_hash, raw, received_at, aside) "
		    "VALUES ('file', 'h' || ?2, x'', 'now', ?1)", "new", "dropped" },
		{ "INSERT INTO orders (message, game_id, seat_idx, lineno, text, status) "
		    "VALUES (1, 1, 0, ?2, 'x', ?1)", "refused", "skipped" },
		{ "INSERT INTO outbox (kind, to_addr, message_id, subject, body, created_at, "
		    "status) VALUES ('ack', 'a@example.org', 'm' || ?2, 's', 'b', 'now', ?1)",
		    "", "failed" },
		{ "INSERT INTO deadlines (game_id, seat_idx, seq, kind, due_at, status) "
		    "VALUES (1, 0, ?2, 'k', 'now', ?1)", "closed", "cancelled" },
		{ "INSERT INTO held_mails (message, game_id, seat_idx, from_addr, code, step, "
		    "held_at, status) VALUES (2, 1, 0, 'a@example.org', 'c', 0, "
		    "'now', ?1)", "dropped", "confirmed" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "disorder) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)", "2", "1" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "bounces) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)", "-1", "3" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "missed) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)", "-1", "2" },
		{ "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, "
		    "away_used) VALUES (1, ?2, 's' || ?2, 'a@example.org', '', '', ?1)", "-5",
		    "86400" },
		{ "INSERT INTO messages (source, content_hash, raw, received_at, attempts) "
		    "VALUES ('file', 'h' || ?2, x'', 'now', ?1)", "-1", "4" },
		{ "INSERT INTO outbox (kind, to_addr, message_id, subject, body, created_at, "
		    "attempts) VALUES ('ack', 'a@example.org', 'm' || ?2, 's', 'b', 'now', ?1)",
		    "-1", "2" },
		{ "INSERT INTO order_steps (message, game_id, seat_idx, step, orders_hash, "
		    "applied) VALUES (1, 1, 0, 3, 'h', ?1)", "2", "1" },
		{ "INSERT INTO picture (game_id, cid, step, viewer, open, lang) VALUES "
		    "(1, 'c' || ?2, 3, 0, ?1, 'en')", "2", "1" },
		{ "INSERT INTO game_counts (rules, n) VALUES ('r' || ?2, ?1)", "-1", "0" },
		{ "INSERT INTO token_failures (game_id, seat_idx, since, count) VALUES "
		    "(1, ?2, 'now', ?1)", "-1", "1" },
		{ "INSERT INTO order_codes (hash, game_id, seat_idx, seq, shown_step, kind, "
		    "orders) VALUES ('h' || ?2, 1, 0, 0, 0, ?1, '')", "peek", "unsub" },
	};
	struct ledger l;
	struct diag d;
	sqlite3_stmt *st;
	int n = 100;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(sqlite3_exec(l.db,
	    "INSERT INTO games (name, rules, options, seed, created_at, status) "
	    "    VALUES ('g1', 'buqruru', '', 7, 'then', 'active');"
	    "INSERT INTO seats (game_id, idx, name, address, token_salt, token_hash, kind, "
	    "    notify, json) VALUES (1, 0, 'p0', 'p0@example.org', 's', 'h', 'human', "
	    "    'due', 1);"
	    "INSERT INTO messages (source, content_hash, raw, received_at, status, aside) "
	    "    VALUES ('file', 'h1', x'41', 'then', 'done', ''), "
	    "    ('file', 'h2', x'42', 'then', 'new', 'held');"
	    "INSERT INTO orders (message, game_id, seat_idx, lineno, text, status) "
	    "    VALUES (1, 1, 0, 1, 'HOLE a', 'accepted');"
	    "INSERT INTO outbox (game_id, seat_idx, kind, to_addr, message_id, subject, "
	    "    body, created_at, status) VALUES (1, 0, 'report', 'p0@example.org', "
	    "    'o1', 's', 'b', 'then', 'sent');"
	    "INSERT INTO deadlines (game_id, seat_idx, seq, kind, due_at, status) "
	    "    VALUES (1, 0, 0, 'move', 'later', 'met');"
	    "INSERT INTO held_mails (message, game_id, seat_idx, from_addr, code, step, "
	    "    held_at) VALUES (1, 1, 0, 'x@example.org', 'c', 0, 'then');",
	    NULL, NULL, NULL), SQLITE_OK);
	st = ledger_prep(&l, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '% IN (%'");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 0);
	sqlite3_finalize(st);

	for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
		char explain[512];

		st = ledger_prep(&l, ins[i].sql);
		sqlite3_bind_text(st, 1, ins[i].bad, -1, SQLITE_STATIC);
		if (sqlite3_bind_parameter_count(st) > 1)
			sqlite3_bind_int(st, 2, n++);
		assert_int_equal(sqlite3_step(st), SQLITE_CONSTRAINT);
		assert_int_equal(sqlite3_extended_errcode(l.db), SQLITE_CONSTRAINT_CHECK);
		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, ins[i].good, -1, SQLITE_STATIC);
		if (sqlite3_bind_parameter_count(st) > 1)
			sqlite3_bind_int(st, 2, n++);
		assert_int_equal(sqlite3_step(st), SQLITE_DONE);
		sqlite3_finalize(st);

		snprintf(explain, sizeof explain, "EXPLAIN %s", ins[i].sql);
		st = ledger_prep(&l, explain);
		while (sqlite3_step(st) == SQLITE_ROW)
			assert_string_not_equal(col_text(st, 1), "OpenEphemeral");
		sqlite3_finalize(st);
	}
	st = ledger_prep(&l, "PRAGMA foreign_key_check");
	assert_int_equal(sqlite3_step(st), SQLITE_DONE);
	sqlite3_finalize(st);
	assert_integrity(&l);
	ledger_close(&l);
}

static void
test_refuses_newer_schema(void **state)
{
	struct ledger l;
	struct diag d;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(sqlite3_exec(l.db, "PRAGMA user_version = 999", NULL, NULL, NULL),
	    SQLITE_OK);
	ledger_close(&l);
	diag_clear(&d);
	assert_int_equal(ledger_open(&l, path, &d), LEDGER_REFUSED);
	assert_non_null(strstr(d.msg, "999"));
}

/* Every connection is defensive: a statement that turns writable_schema on
 * and edits a table's text (as migration 016 once did) fails, and the
 * schema is as it was. */
static void
test_defensive(void **state)
{
	struct ledger l;
	struct diag d;
	sqlite3_stmt *st;
	char *before;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	st = ledger_prep(&l, "SELECT sql FROM sqlite_schema WHERE name = 'seats'");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	before = strdup(col_text(st, 0));
	sqlite3_finalize(st);
	assert_non_null(strstr(before, "disorder = 0 OR disorder = 1"));
	sqlite3_exec(l.db, "PRAGMA writable_schema = ON", NULL, NULL, NULL);
	assert_int_not_equal(sqlite3_exec(l.db, "UPDATE sqlite_schema SET sql = "
	    "replace(sql, 'disorder = 0 OR disorder = 1', 'disorder >= 0') "
	    "WHERE name = 'seats'", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_exec(l.db, "PRAGMA writable_schema = RESET", NULL, NULL, NULL);
	ledger_close(&l);
	assert_int_equal(ledger_open(&l, path, &d), 0);
	st = ledger_prep(&l, "SELECT sql FROM sqlite_schema WHERE name = 'seats'");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal(col_text(st, 0), before);
	sqlite3_finalize(st);
	free(before);
	assert_integrity(&l);
	ledger_close(&l);
}

static void
test_wal_and_foreign_keys(void **state)
{
	struct ledger l;
	struct diag d;
	sqlite3_stmt *st;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	st = ledger_prep(&l, "PRAGMA journal_mode");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal(col_text(st, 0), "wal");
	sqlite3_finalize(st);
	/* A seat of a game that does not exist is refused. */
	assert_int_not_equal(sqlite3_exec(l.db, "INSERT INTO seats (game_id, idx, name, "
	    "address, token_salt, token_hash) VALUES (77, 0, 'x', 'x@y', 's', 'h')",
	    NULL, NULL, NULL), SQLITE_OK);
	ledger_close(&l);
}

static int64_t
add_game(struct ledger *l)
{
	struct game_row g;
	struct diag d;

	memset(&g, 0, sizeof g);
	snprintf(g.name, sizeof g.name, "buqruru-1");
	snprintf(g.rules, sizeof g.rules, "buqruru");
	snprintf(g.created_at, sizeof g.created_at, "2026-11-21T00:00:00Z");
	g.nseats = 1;
	snprintf(g.seats[0].name, SEAT_NAME, "north");
	snprintf(g.seats[0].address, sizeof g.seats[0].address, "n@example.org");
	snprintf(g.seats[0].kind, sizeof g.seats[0].kind, "human");
	assert_int_equal(ledger_game_insert(l, &g, NULL, &d), 0);
	return g.id;
}

static void
append(struct ledger *l, int64_t game, const char *payload, struct event_row *e)
{
	struct diag d;

	memset(e, 0, sizeof *e);
	snprintf(e->kind, sizeof e->kind, "order");
	e->seat = 0;
	e->payload = (char *)payload;
	e->narrative = (char *)"ffffffff\tsomething\n";
	memset(e->state_hash, 'a', HASH_HEX - 1);
	snprintf(e->at, sizeof e->at, "2026-11-21T00:00:00Z");
	assert_int_equal(ledger_event_append(l, game, e, &d), 0);
}

static int64_t
count(struct ledger *l, const char *sql)
{
	sqlite3_stmt *st = ledger_prep(l, sql);
	int64_t n;

	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* The triggers mark a game once (012's upserts), whatever conflict clause
 * the statement that fires them has: the clause of the outer statement does
 * not override an upsert's DO NOTHING. */
static void
test_dirty_marks_once(void **state)
{
	static const char *const outer[] = { "", "OR ROLLBACK", "OR ABORT", "OR FAIL",
	    "OR IGNORE", "OR REPLACE" };
	struct ledger l;
	struct diag d;
	struct event_row a;
	char sql[256];
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	append(&l, g, "SOW 1", &a);
	append(&l, g, "SOW 2", &a);
	assert_int_equal(count(&l, "SELECT COUNT(*) FROM schedule_dirty"), 1);
	for (size_t i = 0; i < sizeof outer / sizeof outer[0]; i++) {
		snprintf(sql, sizeof sql, "INSERT %s INTO settings (game_id, key, value) "
		    "VALUES (%lld, 'k%zu', 'v')", outer[i], (long long)g, i);
		assert_int_equal(sqlite3_exec(l.db, sql, NULL, NULL, NULL), SQLITE_OK);
	}
	assert_int_equal(count(&l, "SELECT COUNT(*) FROM schedule_dirty"), 1);
	/* Cleared by a tick, marked again by the next change. */
	assert_int_equal(sqlite3_exec(l.db, "DELETE FROM schedule_dirty", NULL, NULL, NULL),
	    SQLITE_OK);
	append(&l, g, "SOW 3", &a);
	assert_int_equal(count(&l, "SELECT COUNT(*) FROM schedule_dirty"), 1);
	/* The count of games by rules, one statement now. */
	assert_int_equal(count(&l, "SELECT n FROM game_counts WHERE rules = 'buqruru'"), 1);
	ledger_close(&l);
}

static void
test_events_chain_and_append_only(void **state)
{
	struct ledger l;
	struct diag d;
	struct event_row a, b;
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	append(&l, g, "SOW 1", &a);
	append(&l, g, "SOW 2", &b);
	assert_int_equal(a.seq, 0);
	assert_int_equal(b.seq, 1);
	assert_string_equal(b.prev_hash, a.hash);
	assert_string_not_equal(a.hash, b.hash);
	assert_int_equal(ledger_last_seq(&l, g), 1);
	assert_int_not_equal(sqlite3_exec(l.db, "UPDATE events SET payload = 'x'", NULL,
	    NULL, NULL), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(l.db, "DELETE FROM events", NULL, NULL, NULL),
	    SQLITE_OK);
	ledger_close(&l);
}

static void
test_rollback_leaves_nothing(void **state)
{
	struct ledger l;
	struct diag d;
	struct event_row a;
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 1", &a);
	ledger_rollback(&l);
	assert_int_equal(ledger_last_seq(&l, g), -1);
	ledger_close(&l);
}

/* A rollback step: kind admin, no seat, the payload and narrative given. */
static int64_t
append_rollback(struct ledger *l, int64_t game, const char *payload, const char *said)
{
	struct event_row e;
	struct buf narrative = BUF_INIT;
	struct diag d;

	memset(&e, 0, sizeof e);
	snprintf(e.kind, sizeof e.kind, "admin");
	e.seat = -1;
	e.payload = (char *)payload;
	buf_printf(&narrative, "ffffffff\t%s\n", said);
	e.narrative = narrative.p;
	memset(e.state_hash, 'b', HASH_HEX - 1);
	snprintf(e.at, sizeof e.at, "2026-11-21T00:00:00Z");
	assert_int_equal(ledger_event_append(l, game, &e, &d), 0);
	buf_free(&narrative);
	return e.seq;
}

static int
live_seq(void *arg, const struct event_row *e)
{
	struct buf *b = arg;

	buf_printf(b, "%lld ", (long long)e->seq);
	return 0;
}

/* What a game's rollbacks undid is read from its rollback steps: the
 * payload "undo FIRST to LAST", or, for a step of before 020 (an empty
 * payload), from the first step its narrative names, as a message or in
 * the plain English of before messages, to the step before it. The live
 * events pass over those steps, whatever the undone table lists; a
 * rollback step that names no steps before it is an error that names it. */
static void
test_undone_from_chain(void **state)
{
	static const char *const bad[] = { "undo 3 to 2", "undo 5 to 99", "undo 0 to 1",
	    "undo 01 to 1",
	    "undo 1 to 1 ", "undo 1", "undo -1 to 1", "" };
	struct ledger l;
	struct undo_set u;
	struct event_row e;
	struct buf live = BUF_INIT;
	struct diag d;
	char said[256], payload[LEDGER_UNDO_PAYLOAD];
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	for (int i = 0; i < 4; i++)
		append(&l, g, "SOW 1", &e);
	/* Steps 0 to 2, then 3 and its rollback at 4, as azalai wrote it
	 * before messages. */
	assert_int_equal(append_rollback(&l, g, "", "The game master undid step 3."), 4);
	/* 5, then 6 and its rollback at 7, as a message. */
	append(&l, g, "SOW 1", &e);
	append(&l, g, "SOW 1", &e);
	msg_fmt(said, sizeof said, "The game master undid %d steps, %lld to %lld: %s", 1,
	    6LL, 6LL, "a reason");
	assert_int_equal(append_rollback(&l, g, "", said), 7);
	/* 8, then 9 and the rollback at 10 that undoes 5 to 9, with its payload. */
	append(&l, g, "SOW 1", &e);
	append(&l, g, "SOW 1", &e);
	ledger_undo_payload(payload, 5, 9);
	assert_int_equal(append_rollback(&l, g, payload, "whatever it says"), 10);
	assert_string_equal(payload, "undo 5 to 9");

	/* A row made by hand changes nothing of it. */
	assert_int_equal(sqlite3_exec(l.db, "INSERT INTO undone (game_id, seq, rollback_seq) "
	    "VALUES (1, 1, 4)", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(ledger_undone_load(&l, g, &u, &d), 0);
	assert_int_equal(u.n, 3);
	{
		static const int64_t by[] = { -1, -1, -1, 4, -1, 10, 7, 10, 10, 10, -1 };

		for (int64_t s = 0; s <= 10; s++)
			assert_int_equal(ledger_undone_by(&u, s), by[s]);
	}
	ledger_undone_free(&u);
	assert_int_equal(ledger_events_each(&l, g, 0, -1, live_seq, &live, &d), 0);
	assert_string_equal(live.p, "0 1 2 4 10 ");
	buf_free(&live);

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int64_t at;

		assert_int_equal(ledger_begin(&l, &d), 0);
		at = append_rollback(&l, g, bad[i], "the game master said nothing");
		diag_clear(&d);
		assert_int_equal(ledger_undone_load(&l, g, &u, &d), -1);
		snprintf(said, sizeof said, "step %lld is a rollback", (long long)at);
		if (strstr(d.msg, said) == NULL)
			fail_msg("\"%s\": %s", bad[i], d.msg);
		assert_int_equal(ledger_events_each(&l, g, 0, -1, live_seq, &live, &d), -1);
		buf_free(&live);
		ledger_rollback(&l);
	}
	ledger_close(&l);
}

/* The chain as the ledger holds it: step seq's prev_hash is step seq-1's hash. */
static void
assert_chained(struct ledger *l, int64_t g)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT COUNT(*), COUNT(p.seq) FROM events e "
	    "LEFT JOIN events p ON p.game_id = e.game_id AND p.seq = e.seq - 1 "
	    "AND p.hash = e.prev_hash WHERE e.game_id = ? AND e.seq > 0");

	sqlite3_bind_int64(st, 1, g);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1));
	sqlite3_finalize(st);
}

/* An append in a transaction keeps the event it wrote for the next one to
 * chain to; what a transaction wrote and then lost must not be chained to. */
static void
test_last_hash_dies_with_transaction(void **state)
{
	struct ledger l;
	struct diag d;
	struct event_row a, b, c;
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 1", &a);
	assert_int_equal(ledger_commit(&l, &d), 0);
	/* Cached by the step, then rolled back by the caller. */
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 2", &b);
	append(&l, g, "SOW 3", &b);
	ledger_rollback(&l);
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 4", &c);
	assert_int_equal(c.seq, 1);
	assert_string_equal(c.prev_hash, a.hash);
	/* SQLite ending the transaction itself (a full disk does): the handle
	 * still thinks it is in one. */
	append(&l, g, "SOW 5", &b);
	assert_int_equal(sqlite3_exec(l.db, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(l.in_tx, 1);
	append(&l, g, "SOW 6", &b);
	assert_int_equal(b.seq, 1);
	assert_string_equal(b.prev_hash, a.hash);
	l.in_tx = 0;
	assert_int_equal(ledger_last_seq(&l, g), 1);
	assert_chained(&l, g);
	ledger_close(&l);
}

/* A step whose event the ledger refuses leaves the chain where it was. */
static void
test_failed_append_keeps_chain(void **state)
{
	struct ledger l;
	struct diag d;
	struct event_row a, b;
	int64_t g;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 1", &a);
	memset(&b, 0, sizeof b);
	snprintf(b.kind, sizeof b.kind, "bogus");
	b.seat = 0;
	b.payload = (char *)"SOW 2";
	b.narrative = (char *)"";
	snprintf(b.at, sizeof b.at, "2026-11-21T00:00:00Z");
	assert_int_equal(ledger_event_append(&l, g, &b, &d), -1);
	append(&l, g, "SOW 3", &b);
	assert_int_equal(b.seq, 1);
	assert_string_equal(b.prev_hash, a.hash);
	assert_int_equal(ledger_commit(&l, &d), 0);
	/* Outside a transaction the ledger is read again. */
	append(&l, g, "SOW 4", &b);
	assert_int_equal(b.seq, 2);
	assert_int_equal(ledger_last_seq(&l, g), 2);
	assert_chained(&l, g);
	ledger_close(&l);
}

static void
test_snapshot_roundtrip(void **state)
{
	struct ledger l;
	struct diag d;
	int64_t g, seq = -1;
	char in[40] = "state bytes", out[40];

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(ledger_snapshot_get(&l, g, &seq, out, sizeof out, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, g, 3, in, sizeof in, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, g, 4, in, sizeof in, &d), 0);
	assert_int_equal(ledger_snapshot_get(&l, g, &seq, out, sizeof out, &d), 1);
	assert_int_equal(seq, 4);
	assert_memory_equal(in, out, sizeof in);
	/* A snapshot of another size (another build) is not used. */
	assert_int_equal(ledger_snapshot_get(&l, g, &seq, out, 12, &d), 0);
	ledger_close(&l);
}

static void
test_tokens(void **state)
{
	char t[TOKEN_LEN], s[SALT_LEN], h[HASH_HEX], t2[TOKEN_LEN], s2[SALT_LEN];
	uint64_t fixed = 7, fixed2 = 7;

	(void)state;
	assert_int_equal(token_new(t, s, &fixed), 0);
	assert_int_equal(token_new(t2, s2, &fixed2), 0);
	assert_string_equal(t, t2);              /* fixed streams repeat */
	assert_int_equal(strlen(t), TOKEN_LEN - 1);
	token_hash(t, s, h);
	assert_true(token_check(t, s, h));
	for (char *p = t; *p; p++)               /* case does not matter */
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	assert_true(token_check(t, s, h));
	t[0] = t[0] == '2' ? '3' : '2';
	assert_false(token_check(t, s, h));
	assert_false(token_check("", s, h));
	assert_int_equal(token_new(t, s, NULL), 0);
	assert_int_equal(token_new(t2, s2, NULL), 0);
	assert_string_not_equal(t, t2);          /* the kernel's randomness differs */
}

/* No statement of the handle is left mid-run: a transaction's own (BEGIN,
 * COMMIT, the savepoint's) are kept compiled and must not hold a read. */
static void
assert_idle(struct ledger *l)
{
	for (sqlite3_stmt *st = sqlite3_next_stmt(l->db, NULL); st != NULL;
	    st = sqlite3_next_stmt(l->db, st))
		if (sqlite3_stmt_busy(st))
			fail_msg("still running: %s", sqlite3_sql(st));
}

/* After a commit or a rollback nothing of the transaction holds the ledger:
 * another connection checkpoints the whole WAL away, no reader in its way. */
static void
assert_checkpoints(struct ledger *other)
{
	sqlite3_stmt *st = ledger_prep(other, "PRAGMA wal_checkpoint(TRUNCATE)");

	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 0);
	sqlite3_finalize(st);
}

static void
test_transaction_statements_idle(void **state)
{
	struct ledger l, other;
	struct diag d;
	sqlite3_stmt *st;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(ledger_open(&other, path, &d), 0);
	for (int round = 0; round < 2; round++) {
		assert_int_equal(ledger_begin(&l, &d), 0);
		assert_idle(&l);
		st = ledger_stmt(&l, "INSERT INTO mailbox_state (mailbox, value) VALUES (?, 'v') "
		    "ON CONFLICT(mailbox) DO UPDATE SET value = excluded.value");
		sqlite3_bind_int(st, 1, round);
		assert_int_equal(ledger_done(&l, st, &d), 0);
		assert_int_equal(ledger_savepoint(&l, &d), 0);
		assert_idle(&l);
		assert_int_equal(ledger_savepoint_keep(&l, &d), 0);
		assert_idle(&l);
		assert_int_equal(ledger_savepoint(&l, &d), 0);
		assert_int_equal(ledger_rollback_to(&l, &d), 0);
		assert_idle(&l);
		if (round == 0)
			assert_int_equal(ledger_commit(&l, &d), 0);
		else
			ledger_rollback(&l);
		assert_idle(&l);
		assert_true(sqlite3_get_autocommit(l.db));
		assert_checkpoints(&other);
	}
	/* The commit kept round 0's row, the rollback dropped round 1's. */
	st = ledger_prep(&other, "SELECT COUNT(*) FROM mailbox_state WHERE value = 'v'");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 1);
	sqlite3_finalize(st);
	ledger_close(&other);
	ledger_close(&l);
}

/* A statement kept compiled is handed out again once given back, bare of its
 * old bindings; never twice at once, however deeply the same SQL nests; and
 * ledger_done gives it back rather than finalising it. */
static void
test_statements_kept(void **state)
{
	static const char sql[] = "SELECT ?1";
	struct ledger l;
	struct diag d;
	sqlite3_stmt *a, *b, *c;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	a = ledger_stmt(&l, sql);
	sqlite3_bind_int(a, 1, 7);
	assert_int_equal(sqlite3_step(a), SQLITE_ROW);
	/* The same SQL while a is held (and mid-row): another statement. */
	b = ledger_stmt(&l, sql);
	assert_ptr_not_equal(a, b);
	sqlite3_bind_int(b, 1, 8);
	assert_int_equal(sqlite3_step(b), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(b, 0), 8);
	assert_int_equal(sqlite3_column_int(a, 0), 7);
	/* Not yet stepped is held all the same. */
	c = ledger_stmt(&l, "SELECT ?1");
	assert_ptr_not_equal(c, a);
	assert_ptr_not_equal(c, b);
	ledger_release(&l, c);
	ledger_release(&l, b);
	ledger_release(&l, a);
	/* Given back: the same one again, reset, no binding left. */
	c = ledger_stmt(&l, sql);
	assert_true(c == a || c == b);
	assert_int_equal(sqlite3_step(c), SQLITE_ROW);
	assert_int_equal(sqlite3_column_type(c, 0), SQLITE_NULL);
	ledger_release(&l, c);
	a = ledger_stmt(&l, "CREATE TABLE kept (x)");
	assert_int_equal(ledger_done(&l, a, &d), 0);
	b = ledger_stmt(&l, "INSERT INTO kept VALUES (1)");
	assert_int_equal(ledger_done(&l, b, &d), 0);
	c = ledger_stmt(&l, "INSERT INTO kept VALUES (1)");
	assert_ptr_equal(b, c);
	assert_int_equal(ledger_done(&l, c, &d), 0);
	c = ledger_stmt(&l, "SELECT COUNT(*) FROM kept");
	assert_int_equal(sqlite3_step(c), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(c, 0), 2);
	ledger_release(&l, c);
	ledger_close(&l);
}

static int64_t
snap_seq(struct ledger *l, int64_t g)
{
	char out[40];
	int64_t seq = -1;
	struct diag d;

	assert_true(ledger_snapshot_get(l, g, &seq, out, sizeof out, &d) >= 0);
	return seq;
}

/* In a transaction a game's snapshot is written once, at the commit: what is
 * read meanwhile is still the newest put, another game's put does not lose
 * the first one's, and a rollback leaves the one committed before. */
static void
test_snapshot_in_transaction(void **state)
{
	struct ledger l;
	struct diag d;
	int64_t g, h;
	char st[40] = "state";

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(sqlite3_exec(l.db, "UPDATE games SET name = 'other' WHERE id = 1",
	    NULL, NULL, NULL), SQLITE_OK);
	h = add_game(&l);
	assert_int_equal(ledger_snapshot_put(&l, g, 1, st, sizeof st, &d), 0);
	assert_int_equal(ledger_begin(&l, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, g, 2, st, sizeof st, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, g, 3, st, sizeof st, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, h, 7, st, sizeof st, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, h, 8, st, sizeof st, &d), 0);
	assert_int_equal(snap_seq(&l, g), 3);
	assert_int_equal(snap_seq(&l, h), 8);
	assert_int_equal(ledger_snapshot_put(&l, g, 4, st, sizeof st, &d), 0);
	ledger_rollback(&l);
	assert_int_equal(snap_seq(&l, g), 1);
	assert_int_equal(snap_seq(&l, h), -1);
	assert_int_equal(ledger_begin(&l, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, g, 5, st, sizeof st, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, h, 9, st, sizeof st, &d), 0);
	assert_int_equal(ledger_snapshot_put(&l, h, 10, st, sizeof st, &d), 0);
	assert_int_equal(ledger_commit(&l, &d), 0);
	ledger_close(&l);
	assert_int_equal(ledger_open(&l, path, &d), 0);
	assert_int_equal(snap_seq(&l, g), 5);
	assert_int_equal(snap_seq(&l, h), 10);
	ledger_close(&l);
}

/* A savepoint undone takes with it what the handle kept of its writes: the
 * event to chain to and the snapshot waiting for the commit; the snapshot
 * put before it stays, and one kept joins the transaction. */
static void
test_savepoint_undone(void **state)
{
	struct ledger l;
	struct diag d;
	struct event_row a, b, c;
	char before[40] = "before", undone[40] = "undone", kept[40] = "kept", out[40];
	int64_t g, seq = -1;

	(void)state;
	assert_int_equal(ledger_open(&l, path, &d), 0);
	g = add_game(&l);
	assert_int_equal(ledger_begin(&l, &d), 0);
	append(&l, g, "SOW 1", &a);
	assert_int_equal(ledger_snapshot_put(&l, g, a.seq, before, sizeof before, &d), 0);
	assert_int_equal(ledger_savepoint(&l, &d), 0);
	/* One savepoint at a time. */
	assert_int_equal(ledger_savepoint(&l, &d), -1);
	append(&l, g, "SOW 2", &b);
	assert_int_equal(ledger_snapshot_put(&l, g, b.seq, undone, sizeof undone, &d), 0);
	append(&l, g, "SOW 3", &b);
	assert_int_equal(ledger_snapshot_put(&l, g, b.seq, undone, sizeof undone, &d), 0);
	assert_int_equal(ledger_rollback_to(&l, &d), 0);
	assert_null(ledger_snapshot_held(&l, g, b.seq, sizeof undone));
	append(&l, g, "SOW 4", &c);
	assert_int_equal(c.seq, a.seq + 1);
	assert_string_equal(c.prev_hash, a.hash);
	assert_int_equal(ledger_commit(&l, &d), 0);
	assert_int_equal(ledger_last_seq(&l, g), 1);
	assert_chained(&l, g);
	assert_int_equal(ledger_snapshot_get(&l, g, &seq, out, sizeof out, &d), 1);
	assert_int_equal(seq, a.seq);
	assert_string_equal(out, "before");

	/* Kept, then another undone: the kept one's snapshot and events stay. */
	assert_int_equal(ledger_begin(&l, &d), 0);
	assert_int_equal(ledger_savepoint(&l, &d), 0);
	append(&l, g, "SOW 5", &b);
	assert_int_equal(ledger_snapshot_put(&l, g, b.seq, kept, sizeof kept, &d), 0);
	assert_int_equal(ledger_savepoint_keep(&l, &d), 0);
	assert_int_equal(ledger_savepoint(&l, &d), 0);
	append(&l, g, "SOW 6", &c);
	assert_int_equal(ledger_snapshot_put(&l, g, c.seq, undone, sizeof undone, &d), 0);
	assert_int_equal(ledger_rollback_to(&l, &d), 0);
	append(&l, g, "SOW 7", &c);
	assert_int_equal(c.seq, b.seq + 1);
	assert_string_equal(c.prev_hash, b.hash);
	assert_int_equal(ledger_commit(&l, &d), 0);
	assert_chained(&l, g);
	assert_int_equal(ledger_snapshot_get(&l, g, &seq, out, sizeof out, &d), 1);
	assert_int_equal(seq, b.seq);
	assert_string_equal(out, "kept");

	/* SQLite ending the transaction itself: no savepoint to go back to. */
	assert_int_equal(ledger_begin(&l, &d), 0);
	assert_int_equal(ledger_savepoint(&l, &d), 0);
	append(&l, g, "SOW 8", &b);
	assert_int_equal(sqlite3_exec(l.db, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(ledger_rollback_to(&l, &d), -1);
	ledger_rollback(&l);
	assert_int_equal(ledger_last_seq(&l, g), c.seq);
	ledger_close(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_open_migrates_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_newer_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_defensive, setup, teardown),
		cmocka_unit_test_setup_teardown(test_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_codes_kept_by_007, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wal_and_foreign_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dirty_marks_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_events_chain_and_append_only, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rollback_leaves_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_last_hash_dies_with_transaction, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_failed_append_keeps_chain, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_snapshot_roundtrip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_statements_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(test_transaction_statements_idle, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_snapshot_in_transaction, setup, teardown),
		cmocka_unit_test_setup_teardown(test_savepoint_undone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_undone_from_chain, setup, teardown),
		cmocka_unit_test(test_tokens),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
