#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "ledger.h"
#include "log.h"
#include "migrations.h"

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

int
ledger_done(struct ledger *l, sqlite3_stmt *st, struct diag *d)
{
	int rc = sqlite3_step(st);

	sqlite3_finalize(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return ledger_fail(l, d, "write");
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

static int
migrate(struct ledger *l, struct diag *d)
{
	int have = ledger_user_version(l), newest = 0;

	for (int i = 0; migrations[i].sql != NULL; i++)
		newest = migrations[i].version;
	if (have > newest)
		return diag_set(d, 0, "the ledger is at schema version %d but this azalai "
		    "knows only up to %d; use a newer azalai", have, newest);
	for (int i = 0; migrations[i].sql != NULL; i++) {
		char pragma[64];

		if (migrations[i].version <= have)
			continue;
		/* Each migration and its version bump commit together, or not at all. */
		if (exec(l, "BEGIN IMMEDIATE", d) < 0)
			return -1;
		snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", migrations[i].version);
		if (exec(l, migrations[i].sql, d) < 0 || exec(l, pragma, d) < 0) {
			exec(l, "ROLLBACK", NULL);
			return diag_set(d, 0, "migration %s failed: %s", migrations[i].name, d->msg);
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

	if (!logging) {
		/* Only before SQLite starts; later calls fail harmlessly. */
		sqlite3_config(SQLITE_CONFIG_LOG, sqlite_log, NULL);
		logging = 1;
	}
	memset(l, 0, sizeof *l);
	if (sqlite3_open_v2(path, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
	    NULL) != SQLITE_OK) {
		diag_set(d, 0, "cannot open ledger %s: %s", path,
		    l->db ? sqlite3_errmsg(l->db) : "out of memory");
		sqlite3_close(l->db);
		l->db = NULL;
		return -1;
	}
	sqlite3_busy_timeout(l->db, 5000);
	if (exec(l, "PRAGMA journal_mode = WAL", d) < 0 ||
	    exec(l, "PRAGMA synchronous = FULL", d) < 0 ||
	    exec(l, "PRAGMA foreign_keys = ON", d) < 0 ||
	    migrate(l, d) < 0) {
		sqlite3_close(l->db);
		l->db = NULL;
		return -1;
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
	sqlite3_close(l->db);
	l->db = NULL;
}

int
ledger_begin(struct ledger *l, struct diag *d)
{
	if (exec(l, "BEGIN IMMEDIATE", d) < 0)
		return -1;
	l->in_tx = 1;
	return 0;
}

int
ledger_commit(struct ledger *l, struct diag *d)
{
	if (exec(l, "COMMIT", d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	l->in_tx = 0;
	return 0;
}

void
ledger_rollback(struct ledger *l)
{
	exec(l, "ROLLBACK", NULL);
	l->in_tx = 0;
}
