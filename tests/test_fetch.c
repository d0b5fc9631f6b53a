/* The pure parts of the IMAP and POP3 fetchers: the answers they read, and
 * the UIDVALIDITY bookkeeping against a ledger in /tmp, and the POP3
 * fetcher against a scripted server on loopback. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mail/fetch.h"
#include "mail/ingest.h"
#include "mail/mailmsg.h"

static void
test_status(void **state)
{
	unsigned long v, next;

	(void)state;
	assert_int_equal(imap_parse_status("* STATUS INBOX (UIDNEXT 17 UIDVALIDITY 1795261793)\r\n",
	    &v, &next), 0);
	assert_int_equal(v, 1795261793UL);
	assert_int_equal(next, 17);
	assert_int_equal(imap_parse_status("* STATUS \"Orders\" (UIDVALIDITY 5)\r\n", &v, &next), 0);
	assert_int_equal(v, 5);
	assert_int_equal(next, 0);
	assert_int_equal(imap_parse_status("* STATUS INBOX (MESSAGES 3)\r\n", &v, &next), -1);
	assert_int_equal(imap_parse_status("", &v, &next), -1);
}

static void
test_search(void **state)
{
	unsigned long *u;
	size_t n;

	(void)state;
	/* UID 9:* on a box whose newest is 4 answers 4: it is not new. */
	n = imap_parse_search("* SEARCH 4\r\n", 8, &u);
	assert_int_equal(n, 0);
	free(u);
	n = imap_parse_search("* SEARCH 12 9 10\r\n", 8, &u);
	assert_int_equal(n, 3);
	assert_int_equal(u[0], 9);
	assert_int_equal(u[1], 10);
	assert_int_equal(u[2], 12);
	free(u);
	n = imap_parse_search("* SEARCH\r\n", 0, &u);
	assert_int_equal(n, 0);
	free(u);
	/* Two untagged answers are both read. */
	n = imap_parse_search("* SEARCH 1 2\r\n* SEARCH 3\r\n", 0, &u);
	assert_int_equal(n, 3);
	assert_int_equal(u[2], 3);
	free(u);
}

static void
test_uidl(void **state)
{
	struct pop3_msg *m;
	size_t n;

	(void)state;
	n = pop3_parse_uidl("1 000000016b018561\r\n2 whqtswO00WBw418f9t5JxYwZ\r\n", &m);
	assert_int_equal(n, 2);
	assert_int_equal(m[0].num, 1);
	assert_string_equal(m[0].uidl, "000000016b018561");
	assert_int_equal(m[1].num, 2);
	assert_string_equal(m[1].uidl, "whqtswO00WBw418f9t5JxYwZ");
	free(m);
	n = pop3_parse_uidl("", &m);
	assert_int_equal(n, 0);
	free(m);
	/* A line that is not "N UIDL" is skipped, the rest still read. */
	n = pop3_parse_uidl("garbage\r\n0 zero\r\n3 ok\n", &m);
	assert_int_equal(n, 1);
	assert_int_equal(m[0].num, 3);
	assert_string_equal(m[0].uidl, "ok");
	free(m);
}

/* Found by fuzz_pop3_uidl: a UIDL is at most 70 characters (RFC 1939), and
 * a line without one does not take the next line for it. */
static void
test_uidl_bounds(void **state)
{
	char resp[200];
	struct pop3_msg *m;
	size_t n;

	(void)state;
	snprintf(resp, sizeof resp, "1 %070d\r\n2 %071d\r\n", 7, 7);
	n = pop3_parse_uidl(resp, &m);
	assert_int_equal(n, 1);
	assert_int_equal(m[0].num, 1);
	assert_int_equal(strlen(m[0].uidl), 70);
	free(m);
	n = pop3_parse_uidl("3 \r\n4 b\r\n", &m);
	assert_int_equal(n, 1);
	assert_int_equal(m[0].num, 4);
	assert_string_equal(m[0].uidl, "b");
	free(m);
}

static char dbpath[64];

static void
open_ledger(struct ledger *l)
{
	struct diag d;
	int fd;

	snprintf(dbpath, sizeof dbpath, "/tmp/azalai-fetch-XXXXXX");
	fd = mkstemp(dbpath);
	assert_true(fd >= 0);
	close(fd);
	unlink(dbpath);
	assert_int_equal(ledger_open(l, dbpath, &d), 0);
}

static void
close_ledger(struct ledger *l)
{
	char p[96];

	ledger_close(l);
	unlink(dbpath);
	snprintf(p, sizeof p, "%s-wal", dbpath);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", dbpath);
	unlink(p);
}

static void
test_state(void **state)
{
	struct ledger l;
	struct diag d;
	const char *key = "imap:referee@imap://127.0.0.1/INBOX";

	(void)state;
	open_ledger(&l);
	assert_int_equal(imap_state_last(&l, key, 100), 0);
	assert_int_equal(imap_state_save(&l, key, 100, 7, &d), 0);
	assert_int_equal(imap_state_last(&l, key, 100), 7);
	assert_int_equal(imap_state_save(&l, key, 100, 9, &d), 0);
	assert_int_equal(imap_state_last(&l, key, 100), 9);
	/* Another mailbox has its own memory. */
	assert_int_equal(imap_state_last(&l, "imap:other", 100), 0);
	/* A rebuilt mailbox: start again from the first UID. */
	assert_int_equal(imap_state_last(&l, key, 101), 0);
	close_ledger(&l);
}

static void
test_same_mail_under_new_uids_not_stored_again(void **state)
{
	static const char msg[] = "From: a@example.org\r\nMessage-ID: <m1@example.org>\r\n"
	    "Subject: orders\r\n\r\nHOLE a\r\n";
	static const char nomid[] = "From: a@example.org\r\nSubject: x\r\n\r\nSOW\r\n";
	struct ledger l;
	struct diag d;

	(void)state;
	mailmsg_global_init();
	open_ledger(&l);
	assert_int_equal(ingest_store(&l, "imap", "100/1", msg, strlen(msg), SIZE_MAX, &d), 1);
	assert_int_equal(ingest_store(&l, "imap", "100/2", nomid, strlen(nomid), SIZE_MAX, &d), 1);
	/* After a UIDVALIDITY change the same mails come back under new UIDs
	 * (watch-imap.sh makes Dovecot change it): the ledger knows them by
	 * their Message-ID, or without one by their bytes. */
	assert_int_equal(ingest_store(&l, "imap", "200/1", msg, strlen(msg), SIZE_MAX, &d), 0);
	assert_int_equal(ingest_store(&l, "imap", "200/2", nomid, strlen(nomid), SIZE_MAX, &d), 0);
	close_ledger(&l);
}

/* A source of five mails (the fourth the first again), three to a
 * transaction, whose done() looks at the ledger from a second connection:
 * a mail it hears of is committed, or the promise that a source lets a
 * mail go only once the ledger holds it is broken. */
static const char *const fake_mails[] = {
	"Message-ID: <f1@example.org>\r\n\r\nA\r\n",
	"Message-ID: <f2@example.org>\r\n\r\nB\r\n",
	"Message-ID: <f3@example.org>\r\n\r\nC\r\n",
	"Message-ID: <f1@example.org>\r\n\r\nA\r\n",
	"Message-ID: <f5@example.org>\r\n\r\nE\r\n",
};

static const char *const fake_mids[] = { "f1@", "f2@", "f3@", "f1@", "f5@" };

struct fake {
	size_t next, told, stop_at, fail_at;
	int stored[5];
	char ref[8];
	sqlite3 *other;
};

static struct fake fake;

static int
fake_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	(void)c;
	(void)path;
	(void)l;
	(void)d;
	*src = &fake;
	return 0;
}

static int
fake_next(void *src, struct fetch_mail *m, struct ingest_stats *s, struct diag *d)
{
	struct fake *f = src;
	const char *raw;

	(void)s;
	if (f->next == f->fail_at)
		return diag_set(d, 0, "the source broke");
	if (f->next == sizeof fake_mails / sizeof fake_mails[0])
		return 0;
	raw = fake_mails[f->next];
	snprintf(f->ref, sizeof f->ref, "m%zu", f->next);
	mailbytes_cut(raw, strlen(raw), SIZE_MAX, &m->mb);
	m->ref = f->ref;
	m->at = f->next++;
	return 1;
}

static int
fake_done(void *src, const char *ref, unsigned long long at, int stored, struct diag *d)
{
	struct fake *f = src;
	sqlite3_stmt *st;

	(void)d;
	(void)ref;
	assert_int_equal(at, f->told);
	f->stored[f->told++] = stored;
	/* Known by its Message-ID: a duplicate is held as the first. */
	assert_int_equal(sqlite3_prepare_v2(f->other, "SELECT count(*) FROM messages WHERE "
	    "source = 'fake' AND instr(message_id, ?) > 0", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_text(st, 1, fake_mids[at], -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), 1);
	sqlite3_finalize(st);
	return at == f->stop_at ? FETCH_STOP : FETCH_NEXT;
}

static void
fake_close(void *src)
{
	(void)src;
}

static const struct fetch fetch_fake = { "fake", 0, 3, fake_open, fake_next, fake_done,
    fake_close };

static void
run_fake(size_t stop_at, size_t fail_at, int want, struct ingest_stats *s)
{
	struct config c;
	struct ledger l;
	struct diag d;

	mailmsg_global_init();
	open_ledger(&l);
	memset(&fake, 0, sizeof fake);
	fake.stop_at = stop_at;
	fake.fail_at = fail_at;
	assert_int_equal(sqlite3_open_v2(dbpath, &fake.other, SQLITE_OPEN_READONLY, NULL),
	    SQLITE_OK);
	config_defaults(&c);
	memset(s, 0, sizeof *s);
	assert_int_equal(fetch_ingest(&fetch_fake, &c, NULL, &l, s, &d), want);
	sqlite3_close(fake.other);
	close_ledger(&l);
}

static void
test_ingest_done_after_commit(void **state)
{
	struct ingest_stats s;

	(void)state;
	run_fake(99, 99, 0, &s);
	assert_int_equal(fake.told, 5);
	assert_int_equal(fake.stored[0], 1);
	assert_int_equal(fake.stored[2], 1);
	assert_int_equal(fake.stored[3], 0);
	assert_int_equal(fake.stored[4], 1);
	assert_int_equal(s.taken, 4);
	assert_int_equal(s.duplicates, 1);
	/* FETCH_STOP: the rest stays at the source, and is not a failure. */
	run_fake(0, 99, 0, &s);
	assert_int_equal(fake.told, 1);
	/* A source that breaks: what it handed over before is still stored
	 * and told, and the run fails. */
	run_fake(99, 4, -1, &s);
	assert_int_equal(fake.told, 4);
	assert_int_equal(s.taken, 3);
}

/* One POP3 session on loopback, served by a child: one mail under one
 * UIDL, and every command heard written to a file, so a test sees what
 * the fetcher took (RETR) and let go (DELE). */
static char heard[sizeof dbpath + 8];

static void
pop3_session(int ls, const char *uidl, const char *mail)
{
	FILE *in, *out, *log;
	char line[512];
	int fd;

	/* Gone with a test that failed before it connected. */
	alarm(30);
	if ((fd = accept(ls, NULL, NULL)) < 0 || (log = fopen(heard, "a")) == NULL ||
	    (in = fdopen(fd, "r")) == NULL || (out = fdopen(dup(fd), "w")) == NULL)
		_exit(1);
	fputs("+OK fake\r\n", out);
	fflush(out);
	while (fgets(line, sizeof line, in) != NULL) {
		fputs(line, log);
		if (strncmp(line, "CAPA", 4) == 0)
			fputs("+OK\r\nUSER\r\nUIDL\r\n.\r\n", out);
		else if (strncmp(line, "UIDL", 4) == 0)
			fprintf(out, "+OK\r\n1 %s\r\n.\r\n", uidl);
		else if (strncmp(line, "RETR 1", 6) == 0)
			fprintf(out, "+OK\r\n%s.\r\n", mail);
		else
			fputs("+OK\r\n", out);
		fflush(out);
		if (strncmp(line, "QUIT", 4) == 0)
			break;
	}
	fclose(log);
	_exit(0);
}

/* One run of the POP3 fetcher as user with mailbox.seen seen, against
 * server 0 or 1 holding mail as uidl; what the server heard lands in log. */
static void
pop3_run(struct ledger *l, int server, const char *user, const char *seen,
    const char *uidl, const char *mail, struct ingest_stats *s, char *log, size_t loglen)
{
	static int ls[2] = { -1, -1 }, port[2];
	struct config c;
	struct diag d;
	FILE *f;
	size_t n;
	pid_t pid;
	int status;

	/* A port for each server, the same in every run: the URL is part of
	 * what a UIDL is known with. */
	if (ls[server] < 0) {
		struct sockaddr_in a;
		socklen_t alen = sizeof a;

		assert_true((ls[server] = socket(AF_INET, SOCK_STREAM, 0)) >= 0);
		memset(&a, 0, sizeof a);
		a.sin_family = AF_INET;
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		assert_int_equal(bind(ls[server], (struct sockaddr *)&a, sizeof a), 0);
		assert_int_equal(listen(ls[server], 1), 0);
		assert_int_equal(getsockname(ls[server], (struct sockaddr *)&a, &alen), 0);
		port[server] = ntohs(a.sin_port);
	}
	snprintf(heard, sizeof heard, "%s.heard", dbpath);
	unlink(heard);
	assert_true((pid = fork()) >= 0);
	if (pid == 0)
		pop3_session(ls[server], uidl, mail);

	config_defaults(&c);
	snprintf(c.mailbox_url, sizeof c.mailbox_url, "pop3://127.0.0.1:%d/",
	    port[server]);
	snprintf(c.mailbox_user, sizeof c.mailbox_user, "%s", user);
	snprintf(c.mailbox_password, sizeof c.mailbox_password, "pw");
	snprintf(c.mailbox_tls, sizeof c.mailbox_tls, "none");
	snprintf(c.mailbox_seen, sizeof c.mailbox_seen, "%s", seen);
	c.mailbox_timeout = 10;
	memset(s, 0, sizeof *s);
	assert_int_equal(fetch_ingest(&fetch_pop3, &c, NULL, l, s, &d), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_non_null(f = fopen(heard, "r"));
	n = fread(log, 1, loglen - 1, f);
	log[n] = '\0';
	fclose(f);
	unlink(heard);
}

/* The mail was fetched before it was deleted, or not deleted at all. */
static void
assert_taken_first(const char *log)
{
	const char *retr = strstr(log, "RETR 1"), *dele = strstr(log, "DELE 1");

	assert_non_null(retr);
	assert_true(dele == NULL || dele > retr);
}

static void
test_pop3_uidl_known_per_mailbox(void **state)
{
	static const char a[] = "From: a@example.org\r\nMessage-ID: <a@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 10:00:00 +0000\r\nSubject: old\r\n\r\nHOLE a\r\n";
	static const char b[] = "From: b@example.org\r\nMessage-ID: <b@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 11:00:00 +0000\r\nSubject: new\r\n\r\nHOLE b\r\n";
	static const char c[] = "From: c@example.org\r\nMessage-ID: <c@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 12:00:00 +0000\r\nSubject: kept\r\n\r\nHOLE c\r\n";
	static const char e[] = "From: e@example.org\r\nMessage-ID: <e@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 13:00:00 +0000\r\nSubject: other\r\n\r\nHOLE e\r\n";
	static const char f[] = "From: f@example.org\r\nMessage-ID: <f@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 14:00:00 +0000\r\nSubject: after\r\n\r\nHOLE f\r\n";
	static const char g[] = "From: g@example.org\r\nMessage-ID: <g@example.org>\r\n"
	    "Date: Mon, 7 Dec 2026 15:00:00 +0000\r\nSubject: moved\r\n\r\nHOLE g\r\n";
	struct ingest_stats s;
	struct ledger l;
	struct diag d;
	char log[2048];

	(void)state;
	mailmsg_global_init();
	open_ledger(&l);
	pop3_run(&l, 0, "old", "delete", "u1", a, &s, log, sizeof log);
	assert_int_equal(s.taken, 1);
	assert_taken_first(log);
	assert_non_null(strstr(log, "DELE 1"));
	/* Another account gives its first mail the same UIDL, as
	 * Dovecot's pop3_uidl_format %u does: it is a new mail there, taken
	 * before it is let go. */
	pop3_run(&l, 0, "new", "delete", "u1", b, &s, log, sizeof log);
	assert_int_equal(s.taken, 1);
	assert_taken_first(log);
	/* So does the same account on another server. */
	pop3_run(&l, 1, "new", "delete", "u1", g, &s, log, sizeof log);
	assert_int_equal(s.taken, 1);
	assert_taken_first(log);
	/* A run of that account that died before QUIT finds it again: known
	 * in this mailbox, it is deleted unfetched; kept, it is left alone. */
	pop3_run(&l, 0, "new", "delete", "u1", b, &s, log, sizeof log);
	assert_null(strstr(log, "RETR"));
	assert_non_null(strstr(log, "DELE 1"));
	pop3_run(&l, 0, "new", "keep", "u1", b, &s, log, sizeof log);
	assert_null(strstr(log, "RETR"));
	assert_null(strstr(log, "DELE"));
	/* A row stored before UIDLs were known per mailbox holds the bare
	 * UIDL, of whichever account: its mail is fetched again, and the
	 * ledger, which holds it, does not take it twice. It then counts as
	 * this mailbox's, so a kept mailbox does not fetch it every run. */
	assert_int_equal(ingest_store(&l, "pop3", "u2", c, strlen(c), SIZE_MAX, &d), 1);
	pop3_run(&l, 0, "new", "keep", "u2", c, &s, log, sizeof log);
	assert_int_equal(s.taken, 0);
	assert_int_equal(s.duplicates, 1);
	assert_taken_first(log);
	assert_null(strstr(log, "DELE"));
	pop3_run(&l, 0, "new", "keep", "u2", c, &s, log, sizeof log);
	assert_null(strstr(log, "RETR"));
	/* A copy of it under another UIDL is fetched too, and leaves the row
	 * to the UIDL it came by. */
	pop3_run(&l, 0, "new", "keep", "u5", c, &s, log, sizeof log);
	assert_int_equal(s.duplicates, 1);
	pop3_run(&l, 0, "new", "keep", "u2", c, &s, log, sizeof log);
	assert_null(strstr(log, "RETR"));
	/* Such a row of another mail does not make this one deleted unread. */
	assert_int_equal(ingest_store(&l, "pop3", "u3", e, strlen(e), SIZE_MAX, &d), 1);
	pop3_run(&l, 0, "new", "delete", "u3", f, &s, log, sizeof log);
	assert_int_equal(s.taken, 1);
	assert_taken_first(log);
	close_ledger(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_uidl),
		cmocka_unit_test(test_uidl_bounds),
		cmocka_unit_test(test_state),
		cmocka_unit_test(test_same_mail_under_new_uids_not_stored_again),
		cmocka_unit_test(test_ingest_done_after_commit),
		cmocka_unit_test(test_pop3_uidl_known_per_mailbox),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
