/* The pure parts of the IMAP and POP3 fetchers: the answers they read, and
 * the UIDVALIDITY bookkeeping against a ledger in /tmp. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
