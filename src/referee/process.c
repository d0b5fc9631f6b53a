#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/log.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "mail/messages.h"
#include "referee/answer.h"
#include "referee/process.h"
#include "render/render.h"

/*
 * The queue survives whatever a message does to a run (issue 11):
 *
 * - Before a run touches a message, an attempt on it is committed
 *   (messages.attempts). A message that is finished (done, rejected, ignored)
 *   leaves the queue, so attempts on a message still new are runs that died
 *   or failed on it: a crash needs no handler to be counted.
 * - The happy path pays one commit per run for this, not one per mail: every
 *   message not attempted before is marked in one transaction, then they are
 *   processed in groups, one transaction each (below). A run that dies leaves
 *   the rest of its batch marked, the innocent with the guilty.
 * - So a message a run already started is processed alone, in a child
 *   process with its own connection to the ledger, its attempt committed
 *   first: a crash kills only the child, and the run records it and goes on,
 *   in the same order, to the other messages, the deadlines and delivery.
 *   The innocent go through; only the message that crashes gathers attempts.
 * - A ledger error (not a crash) rolls the message back and counts the same:
 *   the attempt stays, the error is kept in last_error.
 * - A message with limits.message_attempts attempts is set aside as held,
 *   logged once, and shown by "azalai list" and "azalai inbox" until the game
 *   master releases or drops it.
 */

/* The test hook of process.h: 1 when the run is to die on message id. */
static int
test_crash(int64_t id)
{
	const char *v = testhook_crash_message();

	return v != NULL && strtoll(v, NULL, 10) == id;
}

/* Sets aside every queued message that has had its attempts; logs each once.
 * The clock is read only when there is one (a frozen test clock ticks on
 * each reading). */
static int
hold_spent(struct ledger *l, const struct config *c, struct diag *d)
{
	int max = c->message_attempts > 0 ? c->message_attempts : 1, n = 0;
	sqlite3_stmt *st = ledger_prep(l, "SELECT id, attempts, last_error FROM messages "
	    "WHERE status = 'new' AND aside = '' AND attempts >= ?");
	char now[32];

	sqlite3_bind_int(st, 1, max);
	for (; sqlite3_step(st) == SQLITE_ROW; n++)
		log_error("message %lld held after %d attempts%s%s; see \"azalai inbox\"",
		    (long long)sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
		    col_text(st, 2)[0] ? ": " : "", col_text(st, 2));
	sqlite3_finalize(st);
	if (n == 0)
		return 0;
	clock_iso(clock_now(), now, sizeof now);
	return message_hold_spent(l, now, max, d);
}

/* After an attempt that failed or died: why, and held when it was the last;
 * in the transaction open. */
static int
note_failure(struct ledger *l, const struct config *c, int64_t id, const char *why,
    struct diag *d)
{
	if (message_set_error(l, id, why, d) < 0)
		return -1;
	return hold_spent(l, c, d);
}

/* The same in a transaction of its own. */
static int
attempt_failed(struct ledger *l, const struct config *c, int64_t id, const char *why,
    struct diag *d)
{
	if (ledger_begin(l, d) < 0)
		return -1;
	if (note_failure(l, c, id, why, d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	return ledger_commit(l, d);
}

/* A queued message read into m, with its raw text and source (the caller
 * frees both): 1, or 0 when it left the queue since the run listed it.
 * Reads the clock once, as answering it always did. */
static int
job_load(struct answer_mail *m, struct ledger *l, struct process_stats *s, int64_t id,
    char **raw, size_t *len, char **source)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT source, raw, content_hash, whole_bytes "
	    "FROM messages WHERE id = ? AND status = 'new' AND aside = ''");

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		ledger_release(l, st);
		return 0;
	}
	memset(m, 0, sizeof *m);
	m->id = id;
	*source = xstrdup(col_text(st, 0));
	*len = (size_t)sqlite3_column_bytes(st, 1);
	*raw = xmalloc(*len + 1);
	if (*len > 0)
		memcpy(*raw, sqlite3_column_blob(st, 1), *len);
	(*raw)[*len] = '\0';
	snprintf(m->hash, sizeof m->hash, "%s", col_text(st, 2));
	m->whole = answer_whole(st, 3, *len);
	ledger_release(l, st);
	m->source = *source;
	m->raw = *raw;
	m->len = *len;
	clock_iso(clock_now(), m->now, sizeof m->now);
	s->messages++;
	return 1;
}

/* One message in its own transaction; 0 also when the message failed (it
 * stays queued, its failure recorded), -1 when the ledger cannot be written. */
static int
process_one(struct ledger *l, const struct config *c, struct render *tmpl,
    struct process_stats *s, int64_t id, struct diag *d)
{
	struct answer_mail m;
	struct process_stats before;
	char *raw, *source;
	size_t len;
	int rc;

	if (!job_load(&m, l, s, id, &raw, &len, &source))
		return 0;
	if (ledger_begin(l, d) < 0) {
		free(raw);
		free(source);
		return -1;
	}
	if (test_crash(id))
		abort();
	before = *s;
	rc = answer_one(l, c, tmpl, s, &m, d);
	if (rc == 0)
		rc = ledger_commit(l, d);
	else
		ledger_rollback(l);
	free(raw);
	free(source);
	if (rc == 0)
		return 0;
	/* What the rollback undid was not done: an answer to a stranger it
	 * took out of the outbox must not spend the run's budget. */
	*s = before;
	log_error("message %lld left for the next run: %s", (long long)id, d->msg);
	{
		char why[sizeof d->msg];
		struct diag fd;

		snprintf(why, sizeof why, "%s", d->msg);
		diag_clear(&fd);
		if (attempt_failed(l, c, id, why, &fd) < 0)
			log_error("message %lld: cannot record the failure: %s", (long long)id,
			    fd.msg);
	}
	return 0;
}

static int
count_attempt(struct ledger *l, int64_t id, struct diag *d)
{
	if (ledger_begin(l, d) < 0)
		return -1;
	if (message_count_attempt(l, id, d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	return ledger_commit(l, d);
}

/* A message a run already started on: processed in a child, so that if it
 * crashes again only the child dies. No connection crosses the fork (SQLite
 * forbids it): the parent closes the ledger first and opens it again after. */
static int
process_alone(struct ledger *l, const struct config *c, struct render *tmpl,
    struct process_stats *s, int64_t id, struct diag *d)
{
	const char *name = sqlite3_db_filename(l->db, "main");
	struct process_stats cs;
	char *path, why[128];
	int fds[2], status = 0;
	ssize_t got = 0, n;
	pid_t pid;

	if (name == NULL || name[0] == '\0') {
		/* A ledger in memory cannot be reopened: no shelter, only the count. */
		if (count_attempt(l, id, d) < 0)
			return -1;
		return process_one(l, c, tmpl, s, id, d);
	}
	path = xstrdup(name);
	if (pipe(fds) < 0) {
		free(path);
		return diag_set(d, 0, "cannot make a pipe: %s", strerror(errno));
	}
	fflush(NULL);
	ledger_close(l);
	if ((pid = fork()) == 0) {
		struct ledger cl;
		struct diag cd;
		int ok;

		close(fds[0]);
		/* The child goes on from the run's counts: the budget of answers
		 * to strangers is the run's, not the message's. */
		cs = *s;
		diag_clear(&cd);
		ok = ledger_open(&cl, path, &cd) == 0 && count_attempt(&cl, id, &cd) == 0 &&
		    process_one(&cl, c, tmpl, &cs, id, &cd) == 0;
		if (!ok)
			log_error("message %lld: %s", (long long)id, cd.msg);
		if (write(fds[1], &cs, sizeof cs) != (ssize_t)sizeof cs)
			ok = 0;
		ledger_close(&cl);
		fflush(NULL);
		_exit(ok ? 0 : 1);
	}
	close(fds[1]);
	memset(&cs, 0, sizeof cs);
	while (pid > 0 && got < (ssize_t)sizeof cs &&
	    ((n = read(fds[0], (char *)&cs + got, sizeof cs - (size_t)got)) > 0 ||
	    (n < 0 && errno == EINTR)))
		got += n > 0 ? n : 0;
	close(fds[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (ledger_open(l, path, d) < 0) {
		free(path);
		return -1;
	}
	free(path);
	if (pid < 0) {
		/* No child: the message waits for a run that can make one. */
		log_error("message %lld left for the next run: cannot fork: %s", (long long)id,
		    strerror(errno));
		return 0;
	}
	if (got == (ssize_t)sizeof cs)
		*s = cs;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status))
		snprintf(why, sizeof why, "the run died on it (signal %d, %s)",
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(why, sizeof why, "the run could not process it (exit %d)",
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	log_error("message %lld: %s", (long long)id, why);
	return attempt_failed(l, c, id, why, d);
}

/*
 * Messages not tried before are answered in groups (issue 16): up to
 * GROUP_MAX of them in one transaction, one commit and one sync for all,
 * each message in a savepoint of its own. Exactly once holds as before:
 * - every message of a group had its attempt committed before the group
 *   began; a run that dies in a group loses the whole group's work, and the
 *   next run answers each of its messages alone (process_alone);
 * - a message that fails is undone to its savepoint only; its failure is
 *   recorded in the group's transaction, as attempt_failed would have;
 * - when the group cannot be kept (SQLite ended the transaction itself, on
 *   a full disk or an I/O error, or the commit fails) nothing of it counts:
 *   its messages are answered again one by one, each in a transaction of its
 *   own, as they were before groups;
 * - nothing is sent before its commit: delivery comes after process_pending.
 * The log holds the group's lines until its commit, so that it never tells
 * of an answer a rollback undid. A group also ends after GROUP_SECONDS, so
 * that a long backlog commits as it goes and other writers (the game
 * master's commands) do not wait for the write lock past their timeout.
 */
#define GROUP_MAX 64
#define GROUP_SECONDS 1.0

/* One message of the open group: 0 when it is answered or its failure is
 * recorded, -1 when the group cannot go on (d says why). */
static int
group_one(struct ledger *l, const struct config *c, struct render *tmpl,
    struct process_stats *s, int64_t id, struct diag *d)
{
	struct answer_mail m;
	struct process_stats before;
	struct diag md;
	char *raw, *source;
	size_t len, mark;
	int rc;

	if (!job_load(&m, l, s, id, &raw, &len, &source))
		return 0;
	/* A real crash: the group's earlier answers die with it, uncommitted,
	 * and their attempts stay counted (tests/queue.sh, tests/kill.sh). */
	if (test_crash(id))
		abort();
	if (ledger_savepoint(l, d) < 0) {
		free(raw);
		free(source);
		return -1;
	}
	diag_clear(&md);
	before = *s;
	mark = log_mark();
	rc = answer_one(l, c, tmpl, s, &m, &md);
	free(raw);
	free(source);
	if (rc == 0)
		return ledger_savepoint_keep(l, d);
	/* As in process_one: the counts of what the savepoint undid go too,
	 * and the held lines that told of it. */
	*s = before;
	log_drop_to(mark);
	if (ledger_rollback_to(l, d) < 0) {
		/* The message's own failure says more than the rollback's. */
		*d = md;
		return -1;
	}
	log_error("message %lld left for the next run: %s", (long long)id, md.msg);
	return note_failure(l, c, id, md.msg, d);
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The first messages of ids[0..n-1] (2 or more, none tried before) as one
 * group; returns how many it took. *rc becomes -1 when the ledger cannot be
 * written, as process_one's. */
static size_t
process_group(struct ledger *l, const struct config *c, struct render *tmpl,
    struct process_stats *s, const int64_t *ids, size_t n, int *rc, struct diag *d)
{
	struct process_stats before = *s;
	struct timespec t0;
	struct diag gd;
	size_t k = 0;
	int kept = 1;

	if (ledger_begin(l, d) < 0) {
		*rc = -1;
		return n;
	}
	log_hold();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	diag_clear(&gd);
	while (k < n && kept && (k == 0 || seconds_since(&t0) < GROUP_SECONDS))
		kept = group_one(l, c, tmpl, s, ids[k++], &gd) == 0;
	if (!kept)
		ledger_rollback(l);
	else if (ledger_commit(l, &gd) == 0) {
		log_release();
		return k;
	}
	/* The commit failed (and rolled back) or the group broke off. */
	log_drop();
	*s = before;
	log_warn("messages %lld to %lld were not kept together (%s); each is answered "
	    "again on its own", (long long)ids[0], (long long)ids[k - 1], gd.msg);
	for (size_t i = 0; i < k && *rc == 0; i++)
		*rc = process_one(l, c, tmpl, s, ids[i], d);
	return k;
}

int
process_pending(struct ledger *l, const struct config *c, struct process_stats *s,
    struct diag *d)
{
	/* Templates are read and parsed once per run, not once per mail. */
	struct render tmpl;
	sqlite3_stmt *st;
	int64_t *ids = NULL;
	int *tried = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	/* Nothing queued, nothing written: an idle cron run costs no commit. */
	st = ledger_prep(l, "SELECT 1 FROM messages WHERE status = 'new' AND aside = '' "
	    "LIMIT 1");
	rc = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	if (!rc)
		return 0;
	if (games_ready(d) < 0 || ledger_begin(l, d) < 0)
		return -1;
	if (hold_spent(l, c, d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	st = ledger_prep(l, "SELECT id, attempts FROM messages WHERE status = 'new' AND "
	    "aside = '' ORDER BY id");
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			ids = xreallocarray(ids, cap, sizeof *ids);
			tried = xreallocarray(tried, cap, sizeof *tried);
		}
		ids[n] = sqlite3_column_int64(st, 0);
		tried[n++] = sqlite3_column_int(st, 1) > 0;
	}
	sqlite3_finalize(st);
	if (message_count_first_attempts(l, d) < 0 || ledger_commit(l, d) < 0) {
		ledger_rollback(l);
		free(ids);
		free(tried);
		return -1;
	}
	rc = 0;
	render_init(&tmpl, c->datadir, NULL, c->language);
	for (size_t i = 0, m; i < n && rc == 0; i += m) {
		m = 1;
		if (tried[i]) {
			rc = process_alone(l, c, &tmpl, s, ids[i], d);
			continue;
		}
		/* A group never takes in a message tried before: that one
		 * goes alone, after the group's commit. */
		while (i + m < n && m < GROUP_MAX && !tried[i + m])
			m++;
		if (m == 1)
			rc = process_one(l, c, &tmpl, s, ids[i], d);
		else
			m = process_group(l, c, &tmpl, s, ids + i, m, &rc, d);
	}
	render_free(&tmpl);
	free(ids);
	free(tried);
	return rc;
}

