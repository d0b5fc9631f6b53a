/* The parse ingest keeps for the answering step: taken once, bounded, and
 * never handed to another mail than the one it was made of. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "mail/ingest.h"
#include "mail/mailcache.h"
#include "mail/mailmsg.h"
#include "referee/process.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char mail_a[] = "From: n@example.org\nMessage-ID: <a@x>\nSubject: hi\n\n"
    "hello\n";
static const char mail_b[] = "From: s@example.org\nMessage-ID: <b@x>\nSubject: hi\n\n"
    "hello again\n";

static void
parse(const char *raw, struct mailmsg *m, char hash[HASH_HEX])
{
	struct diag d;

	mailmsg_init(m);
	assert_int_equal(mailmsg_parse(raw, strlen(raw), SIZE_MAX, m, &d), 0);
	sha256_hex(raw, strlen(raw), hash);
}

/* A parse with a body of n bytes, without GMime. */
static void
fake(struct mailmsg *m, size_t n)
{
	char **f[] = { &m->from_addr, &m->from_name, &m->reply_to, &m->return_path,
		&m->message_id, &m->in_reply_to, &m->references, &m->subject, &m->date,
		&m->auto_submitted, &m->precedence, &m->x_loop, &m->attachment_text };

	mailmsg_init(m);
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		*f[i] = xstrdup("");
	m->text = xmalloc(n + 1);
	memset(m->text, 'x', n);
	m->text[n] = '\0';
}

static void
test_put_take(void **state)
{
	struct mailmsg m, got;
	char hash[HASH_HEX];

	(void)state;
	mailcache_open(1000);
	parse(mail_a, &m, hash);
	assert_int_equal(mailcache_put(7, hash, &m), 1);
	assert_null(m.text);
	assert_int_equal(mailcache_count(), 1);
	mailmsg_init(&got);
	assert_int_equal(mailcache_take(8, hash, &got), 0);
	assert_int_equal(mailcache_take(7, hash, &got), 1);
	assert_string_equal(got.message_id, "a@x");
	assert_string_equal(got.text, "hello\n");
	assert_int_equal(mailcache_count(), 0);
	assert_int_equal(mailcache_bytes(), 0);
	/* Moved out: a second answer of the row parses again. */
	assert_int_equal(mailcache_take(7, hash, &got), 0);
	assert_string_equal(got.message_id, "a@x");
	mailmsg_free(&got);
	mailcache_close();

	/* Closed: nothing kept, nothing leaked. */
	parse(mail_a, &m, hash);
	assert_int_equal(mailcache_limit(), 0);
	assert_int_equal(mailcache_put(7, hash, &m), 0);
	assert_null(m.text);
	assert_int_equal(mailcache_count(), 0);
}

/* Same row id, other bytes: a miss, and the stale entry is gone. */
static void
test_other_hash_misses(void **state)
{
	struct mailmsg m, got;
	char ha[HASH_HEX], hb[HASH_HEX];

	(void)state;
	mailcache_open(1000);
	parse(mail_a, &m, ha);
	sha256_hex(mail_b, strlen(mail_b), hb);
	assert_int_equal(mailcache_put(3, ha, &m), 1);
	mailmsg_init(&got);
	assert_int_equal(mailcache_take(3, hb, &got), 0);
	assert_null(got.text);
	assert_int_equal(mailcache_count(), 0);
	assert_int_equal(mailcache_take(3, ha, &got), 0);

	/* A put for an id held replaces the entry. */
	parse(mail_a, &m, ha);
	assert_int_equal(mailcache_put(3, ha, &m), 1);
	parse(mail_b, &m, hb);
	assert_int_equal(mailcache_put(3, hb, &m), 1);
	assert_int_equal(mailcache_count(), 1);
	assert_int_equal(mailcache_take(3, hb, &got), 1);
	assert_string_equal(got.message_id, "b@x");
	mailmsg_free(&got);
	mailcache_close();
}

static void
test_bounds(void **state)
{
	struct mailmsg m, got;
	char hash[HASH_HEX];
	int64_t id;

	(void)state;
	memset(hash, 'a', HASH_HEX - 1);
	hash[HASH_HEX - 1] = '\0';
	mailcache_open(1000);
	for (id = 1; id <= MAILCACHE_MAX_MAILS; id++) {
		fake(&m, 10);
		assert_int_equal(mailcache_put(id, hash, &m), 1);
	}
	fake(&m, 10);
	assert_int_equal(mailcache_put(id, hash, &m), 0);
	assert_null(m.text);
	assert_int_equal(mailcache_count(), MAILCACHE_MAX_MAILS);
	/* The first come are kept: they are the first answered. */
	mailmsg_init(&got);
	assert_int_equal(mailcache_take(1, hash, &got), 1);
	assert_int_equal(mailcache_take(MAILCACHE_MAX_MAILS, hash, &got), 1);
	assert_int_equal(mailcache_take(MAILCACHE_MAX_MAILS + 1, hash, &got), 0);
	mailmsg_free(&got);
	mailcache_close();
	assert_int_equal(mailcache_count(), 0);
	assert_int_equal(mailcache_bytes(), 0);

	/* A quarter of the limit each: three fit, the fourth does not. */
	mailcache_open(SIZE_MAX);
	for (id = 1; id <= 3; id++) {
		fake(&m, MAILCACHE_MAX_BYTES / 4);
		assert_int_equal(mailcache_put(id, hash, &m), 1);
	}
	fake(&m, MAILCACHE_MAX_BYTES / 4);
	assert_int_equal(mailcache_put(id, hash, &m), 0);
	assert_true(mailcache_bytes() <= MAILCACHE_MAX_BYTES);
	assert_int_equal(mailcache_count(), 3);
	mailcache_close();
}

static int
setup(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

static void
text_of(struct fx_env *e, const char *sql, char *out, size_t n)
{
	sqlite3_stmt *st;

	assert_int_equal(sqlite3_prepare_v2(e->f.l.db, sql, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

/* A rolled-back insert frees its row id; the next mail stored takes it. Its
 * answer must come from its own bytes, not from the parse of the mail that
 * was rolled back: here unreadable bytes, which the old parse would have
 * answered with help to n@example.org. */
static void
test_rolled_back_id_reused(void **state)
{
	struct fx_env *e = *state;
	const char junk[] = "\x01\x02\x03 no header lines at all\n";
	struct process_stats s;
	struct diag d;
	char status[32], reason[200];
	int64_t id;

	mailcache_open((size_t)e->f.cfg.max_message_bytes);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(ingest_store(&e->f.l, "test", "", mail_a, strlen(mail_a), SIZE_MAX, &d),
	    1);
	id = sqlite3_last_insert_rowid(e->f.l.db);
	ledger_rollback(&e->f.l);
	assert_int_equal(mailcache_count(), 1);

	assert_int_equal(ingest_store(&e->f.l, "test", "", junk, strlen(junk), SIZE_MAX, &d), 1);
	assert_int_equal(sqlite3_last_insert_rowid(e->f.l.db), id);
	memset(&s, 0, sizeof s);
	assert_int_equal(process_pending(&e->f.l, &e->f.cfg, &s, &d), 0);
	text_of(e, "SELECT status FROM messages", status, sizeof status);
	text_of(e, "SELECT reason FROM messages", reason, sizeof reason);
	assert_string_equal(status, "rejected");
	assert_non_null(strstr(reason, "not a mail message"));
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox"), 0);
	assert_int_equal(mailcache_count(), 0);

	/* And a readable mail in a freed id is answered from its own parse. */
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(ingest_store(&e->f.l, "test", "", mail_a, strlen(mail_a), SIZE_MAX, &d),
	    1);
	id = sqlite3_last_insert_rowid(e->f.l.db);
	ledger_rollback(&e->f.l);
	assert_int_equal(ingest_store(&e->f.l, "test", "", mail_b, strlen(mail_b), SIZE_MAX, &d),
	    1);
	assert_int_equal(sqlite3_last_insert_rowid(e->f.l.db), id);
	assert_int_equal(process_pending(&e->f.l, &e->f.cfg, &s, &d), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE "
	    "to_addr = 's@example.org'"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "message_id = 'b@x' AND status = 'done'"), 1);
	mailcache_close();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_take),
		cmocka_unit_test(test_other_hash_misses),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test_setup_teardown(test_rolled_back_id_reused, setup,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
