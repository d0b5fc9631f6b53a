#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "core/log.h"
#include "core/xmalloc.h"
#include "ledger/ledger.h"
#include "ledger/migrations.h"

/* In every ledger's header since 0.1 (PRAGMA application_id): "AZAL". */
#define LEDGER_APPLICATION_ID 0x415a414c
/* The last schema version of before 0.1, which upgrades[] takes to 001. */
#define LEDGER_PRE_RELEASE 24

const char *
col_text(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t != NULL ? (const char *)t : "";
}

int
ledger_fail(struct ledger *l, struct diag *d, const char *what)
{
	return diag_set(d, 0, "ledger: %s: %s", what, sqlite3_errmsg(l->db));
}

sqlite3_stmt *
ledger_prep(struct ledger *l, const char *sql)
{
	sqlite3_stmt *st = NULL;

	if (sqlite3_prepare_v2(l->db, sql, -1, &st, NULL) != SQLITE_OK) {
		log_error("internal: cannot prepare \"%s\": %s", sql, sqlite3_errmsg(l->db));
		exit(EX_SOFTWARE);
	}
	return st;
}

/* The entry of st in the cache, or NULL when st is not one of them. */
static struct ledger_cached *
cached_of(struct ledger *l, sqlite3_stmt *st)
{
	for (int i = 0; i < l->ncached; i++)
		if (l->cached[i].st == st)
			return &l->cached[i];
	return NULL;
}

sqlite3_stmt *
ledger_stmt(struct ledger *l, const char *sql)
{
	struct ledger_cached *c;

	/* Callers pass string literals: the address nearly always matches; the
	 * same text from another file is found by its text. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < l->ncached; i++) {
			c = &l->cached[i];
			if (!c->in_use && (pass == 0 ? c->key == sql :
			    strcmp(sqlite3_sql(c->st), sql) == 0)) {
				c->in_use = 1;
				return c->st;
			}
		}
	/* A full cache (a caller that never gives back) still works, uncached. */
	if (l->ncached == LEDGER_CACHE)
		return ledger_prep(l, sql);
	c = &l->cached[l->ncached];
	c->st = ledger_prep(l, sql);
	/* Not sqlite3_sql's pointer: a schema change recompiles the statement
	 * and frees the text it had. */
	c->key = sql;
	c->in_use = 1;
	l->ncached++;
	return c->st;
}

void
ledger_release(struct ledger *l, sqlite3_stmt *st)
{
	struct ledger_cached *c = cached_of(l, st);

	if (c == NULL) {
		sqlite3_finalize(st);
		return;
	}
	/* Reset ends the statement's read of the ledger; cleared bindings leave
	 * no pointer to a caller's buffer behind. */
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	c->in_use = 0;
}

int
ledger_done(struct ledger *l, sqlite3_stmt *st, struct diag *d)
{
	int rc = sqlite3_step(st);

	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		/* The error, before a reset or finalise clears it. */
		ledger_fail(l, d, "write");
		ledger_release(l, st);
		return -1;
	}
	ledger_release(l, st);
	return 0;
}

static int
exec(struct ledger *l, const char *sql, struct diag *d)
{
	char *err = NULL;

	if (sqlite3_exec(l->db, sql, NULL, NULL, &err) != SQLITE_OK) {
		diag_set(d, 0, "ledger: %s", err != NULL ? err : sqlite3_errmsg(l->db));
		sqlite3_free(err);
		return -1;
	}
	return 0;
}

/* A transaction's statement (BEGIN, COMMIT, a savepoint's), kept compiled:
 * sqlite3_exec compiled its text anew at every call, twice per mail in a
 * group (process.c). Reset at once after its step (ledger_release), so that
 * it holds no lock nor counts as a statement still running. */
static int
tx(struct ledger *l, const char *sql, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, sql);
	int rc = sqlite3_step(st);

	/* The error, before the reset; d may be NULL (diag_set allows it). */
	if (rc != SQLITE_DONE)
		diag_set(d, 0, "ledger: %s", sqlite3_errmsg(l->db));
	ledger_release(l, st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int
ledger_user_version(struct ledger *l)
{
	sqlite3_stmt *st = ledger_prep(l, "PRAGMA user_version");
	int v = 0;

	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* The one integer a query such as a PRAGMA answers (0 when none), read
 * before the ledger is known to be one: a file that cannot be read (a
 * full disk cannot even make its WAL index) is an error to tell, not a
 * bug (ledger_prep). */
static int
query_int(struct ledger *l, const char *sql, int *v, struct diag *d)
{
	sqlite3_stmt *st = NULL;
	int rc;

	*v = 0;
	if (sqlite3_prepare_v2(l->db, sql, -1, &st, NULL) != SQLITE_OK)
		return ledger_fail(l, d, sql);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*v = sqlite3_column_int(st, 0);
	else if (rc != SQLITE_DONE)
		ledger_fail(l, d, sql);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

/* The SQL of the step of upgrades[] named name: a file of sql/ that the
 * build embeds, so missing it is a bug of the build, not of the ledger. */
static const char *
upgrade_sql(const char *name)
{
	for (int i = 0; upgrades[i].sql != NULL; i++)
		if (strcmp(upgrades[i].name, name) == 0)
			return upgrades[i].sql;
	log_error("internal: no upgrade step %s in this build", name);
	exit(EX_SOFTWARE);
}

/* A ledger of before 0.1, at schema version 24, brought to 001 in one
 * transaction: its tables put aside, 001's made, every row copied over
 * and the old tables dropped. Foreign keys cannot be turned off inside a
 * transaction, and the tables cannot be dropped and made again with them
 * on; they are checked, all of them, before the commit instead. Anything
 * that fails (a row against a CHECK of 001, a dangling reference) rolls it
 * all back: the ledger stays as it was, and d says why. */
static int
upgrade(struct ledger *l, const char *path, struct diag *d)
{
	char pragma[96], why[DIAG_MSG];
	sqlite3_stmt *st;
	int rc;

	if (exec(l, "PRAGMA foreign_keys = OFF", d) < 0)
		return -1;
	if (exec(l, "BEGIN IMMEDIATE", d) < 0)
		goto fail;
	/* Another process may have upgraded it since refused() looked. */
	if (ledger_user_version(l) != LEDGER_PRE_RELEASE) {
		exec(l, "ROLLBACK", NULL);
		return exec(l, "PRAGMA foreign_keys = ON", d);
	}
	snprintf(pragma, sizeof pragma, "PRAGMA application_id = %d; PRAGMA user_version = %d",
	    LEDGER_APPLICATION_ID, migrations[0].version);
	if (exec(l, upgrade_sql("from-024-aside.sql"), d) < 0 ||
	    exec(l, migrations[0].sql, d) < 0 ||
	    exec(l, upgrade_sql("from-024-copy.sql"), d) < 0 || exec(l, pragma, d) < 0)
		goto rollback;
	st = ledger_prep(l, "PRAGMA foreign_key_check");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		diag_set(d, 0, "row %lld of %s refers to a row of %s that is not there",
		    (long long)sqlite3_column_int64(st, 1), col_text(st, 0), col_text(st, 2));
	else if (rc != SQLITE_DONE)
		ledger_fail(l, d, "foreign_key_check");
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		goto rollback;
	if (exec(l, "COMMIT", d) < 0)
		goto rollback;
	log_info("ledger: upgraded %s from schema version %d, before azalai 0.1, to %d",
	    path, LEDGER_PRE_RELEASE, migrations[0].version);
	return exec(l, "PRAGMA foreign_keys = ON", d);
rollback:
	exec(l, "ROLLBACK", NULL);
fail:
	exec(l, "PRAGMA foreign_keys = ON", NULL);
	/* Not d->msg itself: diag_set writes where it reads. */
	snprintf(why, sizeof why, "%s", d->msg);
	return diag_set(d, 0, "cannot upgrade ledger %s from schema version %d: %s; it is "
	    "left as it was", path, LEDGER_PRE_RELEASE, why);
}

/* The newest schema version this azalai knows. */
static int
newest_version(void)
{
	int v = 0;

	for (int i = 0; migrations[i].sql != NULL; i++)
		v = migrations[i].version;
	return v;
}

/* Which ledger the file is, by the application_id in its header (set with
 * the schema since 0.1) and its user_version: a new one, one of 0.1 or
 * later, or one of before 0.1 at the last schema version before it (which
 * migrate upgrades) are taken; any other is refused with what to do,
 * before anything is written to it. */
static int
refused(struct ledger *l, const char *path, struct diag *d)
{
	int app, have, n = 0;

	if (query_int(l, "PRAGMA application_id", &app, d) < 0 ||
	    query_int(l, "PRAGMA user_version", &have, d) < 0 || (app == 0 && have == 0 &&
	    query_int(l, "SELECT count(*) FROM sqlite_schema", &n, d) < 0))
		return -1;
	if ((app != 0 && app != LEDGER_APPLICATION_ID) || (app == 0 && have == 0 && n > 0))
		diag_set(d, 0, "%s is not an azalai ledger (it holds tables that no azalai "
		    "made); name another file", path);
	else if (app == 0 && have > 0 && have < LEDGER_PRE_RELEASE)
		diag_set(d, 0, "ledger %s has schema version %d, from before azalai 0.1: "
		    "open it once with an azalai of before 0.1 that knows schema version %d "
		    "(any command, such as azalai list, brings it there), then with this one; "
		    "or start a new ledger", path, have, LEDGER_PRE_RELEASE);
	else if (app == 0 && have > LEDGER_PRE_RELEASE)
		diag_set(d, 0, "ledger %s has schema version %d, which no azalai of before "
		    "0.1 made and this azalai does not know; open it with the azalai that "
		    "made it", path, have);
	else if (app != 0 && have > newest_version())
		diag_set(d, 0, "ledger %s is at schema version %d but this azalai knows only "
		    "up to %d; use a newer azalai", path, have, newest_version());
	else
		return 0;
	return LEDGER_REFUSED;
}

/* Brings a ledger refused() took to the newest schema. */
static int
migrate(struct ledger *l, const char *path, struct diag *d)
{
	int app, have;

	if (query_int(l, "PRAGMA application_id", &app, d) < 0 ||
	    query_int(l, "PRAGMA user_version", &have, d) < 0)
		return -1;
	if (app == 0 && have == LEDGER_PRE_RELEASE) {
		if (upgrade(l, path, d) < 0)
			return -1;
		have = ledger_user_version(l);
	}
	for (int i = 0; migrations[i].sql != NULL; i++) {
		char pragma[96];

		if (migrations[i].version <= have)
			continue;
		/* Each migration and its version bump commit together, or not at
		 * all; the schema's first one marks the file as azalai's. */
		if (exec(l, "BEGIN IMMEDIATE", d) < 0)
			return -1;
		snprintf(pragma, sizeof pragma, "PRAGMA application_id = %d; "
		    "PRAGMA user_version = %d", LEDGER_APPLICATION_ID, migrations[i].version);
		if (exec(l, migrations[i].sql, d) < 0 || exec(l, pragma, d) < 0) {
			char why[DIAG_MSG];

			exec(l, "ROLLBACK", NULL);
			snprintf(why, sizeof why, "%s", d->msg);
			return diag_set(d, 0, "migration %s failed: %s", migrations[i].name, why);
		}
		if (exec(l, "COMMIT", d) < 0)
			return -1;
		log_info("ledger: applied migration %s", migrations[i].name);
	}
	return 0;
}

static int io_failed;

/* SQLite reports every error here, also those deep in a statement whose
 * caller only sees "cannot write": the one place to tell a full disk. */
static void
sqlite_log(void *arg, int code, const char *msg)
{
	(void)arg;
	(void)msg;
	if ((code & 0xff) == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR)
		io_failed = 1;
}

int
ledger_io_failed(void)
{
	return io_failed;
}

int
ledger_open(struct ledger *l, const char *path, struct diag *d)
{
	static int logging;
	int rc = 0;

	if (!logging) {
		/* Only before SQLite starts; later calls fail harmlessly. */
		sqlite3_config(SQLITE_CONFIG_LOG, sqlite_log, NULL);
		sqlite3_config(SQLITE_CONFIG_PAGECACHE, NULL, 0, 0);
		/* Nobody asks SQLite how much memory it holds, and counting it
		 * took a mutex at every one of its allocations. */
		sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
		/* A savepoint's undo pages (a message of a group, process.c) in
		 * memory: past 64 KiB SQLite wrote them to a file in /var/tmp,
		 * thousands of writes a run. They are freed at each savepoint's
		 * end; sorts and temporary tables still spill as before. */
		sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
		logging = 1;
	}
	memset(l, 0, sizeof *l);
	/* One thread uses a connection (the referee has one thread; a child
	 * process opens its own): no mutex around each of its calls. */
	if (sqlite3_open_v2(path, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		diag_set(d, 0, "cannot open ledger %s: %s", path,
		    l->db ? sqlite3_errmsg(l->db) : "out of memory");
		sqlite3_close(l->db);
		l->db = NULL;
		return -1;
	}
	sqlite3_busy_timeout(l->db, 5000);
	/* Defensive: no statement through this connection can corrupt the
	 * file, as PRAGMA writable_schema or writes to sqlite_dbpage could (a
	 * ledger is changed by its migrations alone). Schema not trusted: a
	 * trigger, view or CHECK that a hand edit put in the file runs no
	 * function with side effects. */
	if (sqlite3_db_config(l->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL) != SQLITE_OK ||
	    sqlite3_db_config(l->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL) != SQLITE_OK) {
		diag_set(d, 0, "ledger %s: %s", path, sqlite3_errmsg(l->db));
		sqlite3_close(l->db);
		l->db = NULL;
		return -1;
	}
	/* A new ledger's pages are 8 KiB, not SQLite's 4: a mail stores a
	 * picture's SVG of ~15 KiB and two texts of ~3 KiB (outbox.c), and
	 * each page costs two writes to the WAL, one to the ledger and one
	 * read at each checkpoint. Twice the size took 40% of the writes and
	 * a fifth of the reads off an ingest of 3,000 mails; 16 KiB pages
	 * read more back through the same cache. It must come before WAL
	 * mode; an existing ledger keeps its size (only a VACUUM would
	 * change it). The page cache is 4 MiB, not 2: a group of 64 mails
	 * (process.c) dirties more than 2 MiB, and SQLite wrote the excess
	 * to the WAL before the commit wrote it again, then read it back.
	 * 4 MiB took a fifth of the writes and half the reads off that
	 * ingest for 2 MiB more peak RSS (17.5 to 19.5 MiB); 8 MiB took no
	 * more off. */
	if (exec(l, "PRAGMA page_size = 8192", d) < 0 || (rc = refused(l, path, d)) < 0 ||
	    exec(l, "PRAGMA journal_mode = WAL", d) < 0 ||
	    exec(l, "PRAGMA synchronous = FULL", d) < 0 ||
	    exec(l, "PRAGMA foreign_keys = ON", d) < 0 ||
	    exec(l, "PRAGMA cache_size = -4000", d) < 0 ||
	    (rc = migrate(l, path, d)) < 0) {
		sqlite3_close(l->db);
		l->db = NULL;
		return rc < 0 ? rc : -1;
	}
	return 0;
}

void
ledger_close(struct ledger *l)
{
	if (l->db == NULL)
		return;
	if (l->in_tx)
		ledger_rollback(l);
	for (int i = 0; i < l->ncached; i++)
		sqlite3_finalize(l->cached[i].st);
	l->ncached = 0;
	free(l->snap);
	l->snap = NULL;
	l->snap_cap = 0;
	sqlite3_close(l->db);
	l->db = NULL;
}

static int
snapshot_write(struct ledger *l, int64_t game, int64_t seq, const void *p, size_t n,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO snapshots (game_id, seq, state) "
	    "VALUES (?,?,?) ON CONFLICT(game_id) DO UPDATE SET seq = excluded.seq, "
	    "state = excluded.state");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, seq);
	sqlite3_bind_blob(st, 3, p, (int)n, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

int
ledger_snapshot_flush(struct ledger *l, struct diag *d)
{
	if (!l->snap_pending)
		return 0;
	l->snap_pending = 0;
	return snapshot_write(l, l->snap_game, l->snap_seq, l->snap, l->snap_n, d);
}

const void *
ledger_snapshot_held(const struct ledger *l, int64_t game, int64_t seq, size_t n)
{
	if (!l->in_tx || !l->snap_pending || l->snap_game != game || l->snap_seq != seq ||
	    l->snap_n != n)
		return NULL;
	return l->snap;
}

int
ledger_snapshot_put(struct ledger *l, int64_t game, int64_t seq, const void *p, size_t n,
    struct diag *d)
{
	/* A game stepped many times in one transaction (bots, defaults) writes
	 * its snapshot once. Should the commit never come, neither does the
	 * snapshot, as before; play_load checks a snapshot against the step's
	 * state hash in any case. */
	if (!l->in_tx)
		return snapshot_write(l, game, seq, p, n, d);
	if (l->snap_pending && l->snap_game != game && ledger_snapshot_flush(l, d) < 0)
		return -1;
	if (n > l->snap_cap) {
		l->snap = xreallocarray(l->snap, n, 1);
		l->snap_cap = n;
	}
	memcpy(l->snap, p, n);
	l->snap_n = n;
	l->snap_game = game;
	l->snap_seq = seq;
	l->snap_pending = 1;
	return 0;
}

int
ledger_begin(struct ledger *l, struct diag *d)
{
	if (tx(l, "BEGIN IMMEDIATE", d) < 0)
		return -1;
	l->in_tx = 1;
	l->last_valid = 0;
	return 0;
}

int
ledger_commit(struct ledger *l, struct diag *d)
{
	if (ledger_snapshot_flush(l, d) < 0 || tx(l, "COMMIT", d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	l->in_tx = 0;
	l->in_savepoint = 0;
	l->last_valid = 0;
	return 0;
}

void
ledger_rollback(struct ledger *l)
{
	tx(l, "ROLLBACK", NULL);
	l->in_tx = 0;
	l->in_savepoint = 0;
	l->snap_pending = 0;
	l->last_valid = 0;
}

int
ledger_read_begin(struct ledger *l, struct diag *d)
{
	return tx(l, "BEGIN", d);
}

void
ledger_read_end(struct ledger *l)
{
	tx(l, "ROLLBACK", NULL);
}

int
ledger_savepoint(struct ledger *l, struct diag *d)
{
	if (!l->in_tx || l->in_savepoint)
		return diag_set(d, 0, "ledger: a savepoint needs a transaction and no other "
		    "savepoint");
	/* The snapshot held for the commit is the state before the savepoint:
	 * written now, a rollback to the savepoint keeps it. */
	if (ledger_snapshot_flush(l, d) < 0 || tx(l, "SAVEPOINT one", d) < 0)
		return -1;
	l->in_savepoint = 1;
	return 0;
}

int
ledger_savepoint_keep(struct ledger *l, struct diag *d)
{
	l->in_savepoint = 0;
	return tx(l, "RELEASE one", d);
}

int
ledger_rollback_to(struct ledger *l, struct diag *d)
{
	/* Whatever the handle remembers of the savepoint's writes goes with
	 * them: a snapshot put since (the one before was written by
	 * ledger_savepoint) and the event to chain to. */
	l->snap_pending = 0;
	l->last_valid = 0;
	l->in_savepoint = 0;
	if (sqlite3_get_autocommit(l->db))
		return diag_set(d, 0, "ledger: the transaction was rolled back: %s",
		    sqlite3_errmsg(l->db));
	return tx(l, "ROLLBACK TO one", d) < 0 ? -1 : tx(l, "RELEASE one", d);
}
