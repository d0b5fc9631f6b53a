/* From a stored mail to orders, events and answers: every bad input gets a
 * clear answer (or, for garbage, a ledger entry), nothing is done twice. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsutil.h"
#include "games/game.h"
#include "mail/mailmsg.h"
#include "core/msg.h"
#include "mail/outbox.h"
#include "mail/ingest.h"
#include "core/log.h"
#include "referee/process.h"
#include "testutil.h"
#include "core/xmalloc.h"

static int
setup(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

/* A legal order text for seat now, reloading the game from the ledger. */
static int
legal_text(struct fx_env *e, int seat, char *out, size_t n)
{
	struct play p;
	struct order_list ol;
	struct diag d;
	int found = 0;

	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	if (ol.n > 0) {
		snprintf(out, n, "%s", ol.v[0].text);
		found = 1;
	}
	order_list_free(&ol);
	play_free(&p);
	return found;
}

static int
waited(struct fx_env *e, int seat)
{
	struct play p;
	struct pending pd;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	play_free(&p);
	return (pd.seats & VIS_SEAT(seat)) != 0;
}

static void
send_order(struct fx_env *e, int seat, const char *mid, const char *orders)
{
	static const char *const from[] = { "n@example.org", "s@example.org" };
	static const char *const name[] = { "north", "south" };
	char *m = fx_order_mail(from[seat], mid, "bq-1", name[seat], e->f.tokens[seat],
	    orders);

	fx_mail(&e->f, m);
	free(m);
}

static void
test_accepted_order(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2];
	char *ack, *report;

	assert_true(waited(e, 0));
	assert_true(legal_text(e, 0, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	send_order(e, 0, "m1@x", line);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE "
	    "status = 'accepted'"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "status = 'done'"), 1);
	ack = fx_last_mail(&e->f, "ack", "n@example.org");
	assert_non_null(ack);
	assert_non_null(strstr(ack, "accepted"));
	assert_non_null(strstr(ack, "GAME bq-1"));    /* the form to answer with */
	report = fx_last_mail(&e->f, "report", "s@example.org");
	assert_non_null(report);
	free(ack);
	free(report);
}

/* Every reader's waiting line is about the seat, in the third person; only
 * the waited seat reads "your", in its own line. */
static void
test_waiting_lines_speak_to_reader(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2];
	char *ack, *report;

	assert_true(legal_text(e, 0, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	send_order(e, 0, "w1@x", line);
	ack = fx_last_mail(&e->f, "ack", "n@example.org");
	assert_non_null(ack);
	assert_non_null(strstr(ack, "Waiting for south: choosing a sowing hole"));
	assert_null(strstr(ack, "Waiting for south: choose your"));
	free(ack);
	report = fx_last_mail(&e->f, "report", "s@example.org");
	assert_non_null(report);
	assert_non_null(strstr(report, "It is your move: choose your sowing hole"));
	assert_null(strstr(report, "Waiting for south"));
	free(report);
}

/* A line only north may see (a sealed choice) never reaches south. The
 * mails fold their prose at 72 columns: text_has, not strstr, finds a
 * long line, and north's own mail shows the search would find it. */
static void
test_private_lines_stay_private(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2];
	sqlite3_stmt *st;
	char *report, *own;
	int private_lines = 0;

	assert_true(legal_text(e, 0, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	send_order(e, 0, "m1@x", line);
	report = fx_last_mail(&e->f, "report", "s@example.org");
	assert_non_null(report);
	own = fx_last_mail(&e->f, "ack", "n@example.org");
	assert_non_null(own);
	st = ledger_prep(&e->f.l, "SELECT narrative FROM events");
	while (sqlite3_step(st) == SQLITE_ROW) {
		char *text = xstrdup(col_text(st, 0)), *save = NULL;

		for (char *ln = strtok_r(text, "\n", &save); ln != NULL;
		    ln = strtok_r(NULL, "\n", &save)) {
			if (strncmp(ln, "00000001\t", 9) != 0)
				continue;
			char *said = msg_text("en", ln + 9);

			private_lines++;
			if (text_has(own, said) == NULL)
				fail_msg("north's own mail lacks its private \"%s\": %s", said, own);
			if (text_has(report, said) != NULL)
				fail_msg("south's report shows north's private \"%s\"", said);
			free(said);
		}
		free(text);
	}
	sqlite3_finalize(st);
	/* Buqruru's default sealed hole choice makes such a line. */
	assert_true(private_lines > 0);
	free(own);
	free(report);
}

static void
expect_problem(struct fx_env *e, const char *raw, const char *words)
{
	char *body;
	const char *problems = "SELECT COUNT(*) FROM outbox WHERE kind = 'problem'";
	long long events = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	long long before = fx_count(&e->f, problems);

	fx_mail(&e->f, raw);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), events);
	/* This mail's own answer, not the last one's. */
	assert_int_equal(fx_count(&e->f, problems), before + 1);
	body = fx_last_mail(&e->f, "problem", "n@example.org");
	if (body == NULL || text_has(body, words) == NULL)
		fail_msg("no problem reply saying \"%s\": %s", words, body ? body : "(none)");
	free(body);
}

static void
expect_problem_lacks(struct fx_env *e, const char *words)
{
	char *mail = fx_last_mail(&e->f, "problem", "n@example.org");

	assert_non_null(mail);
	if (strstr(mail, words) != NULL)
		fail_msg("the problem reply repeats \"%s\": %s", words, mail);
	free(mail);
}

static void
test_unknown_game_seat_token(void **state)
{
	struct fx_env *e = *state;
	char *m;

	/* Said by line, never in the stranger's words (issue 35). */
	m = fx_order_mail("n@example.org", "a@x", "bq-9", "north", e->f.tokens[0], "SOW\n");
	expect_problem(e, m, "line 1: there is no game with the id on this line; the game "
	    "id is in the welcome mail");
	expect_problem_lacks(e, "bq-9");
	free(m);
	m = fx_order_mail("n@example.org", "b@x", "bq-1", "west", e->f.tokens[0], "SOW\n");
	expect_problem(e, m, "line 2: game bq-1 has no seat of the name on this line; the "
	    "seat names are in the welcome mail");
	expect_problem_lacks(e, "west");
	free(m);
	m = fx_order_mail("n@example.org", "c@x", "bq-1", "north", "wxyz-wxyz-wxyz-wxyz",
	    "SOW\n");
	expect_problem(e, m, "line 3: that is not the token of seat north");
	free(m);
	/* The token of another seat is as wrong as any, with an order north
	 * could play. */
	m = fx_order_mail("n@example.org", "d@x", "bq-1", "north", e->f.tokens[1],
	    "HOLE a\n");
	expect_problem(e, m, "not the token");
	free(m);
	expect_problem(e, "From: n@example.org\nMessage-ID: <e@x>\n\nGAME bq-1\nSEAT north\n"
	    "SOW\n", "no TOKEN line");
	expect_problem(e, "From: n@example.org\nMessage-ID: <f@x>\n\nGAME bq-1\n\n",
	    "not followed by a SEAT line");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "status = 'rejected'"), 6);
}

/* The example in a problem reply is the game's the mail named, generic for
 * a game we do not know. */
static void
test_problem_examples_from_game(void **state)
{
	struct fx_env *e = *state;
	struct play tg;
	char *body;

	fx_game(&e->f, "targi", "tg-1", 0, 0, NULL, 0, &tg);
	play_free(&tg);
	expect_problem(e, "From: n@example.org\nMessage-ID: <tg@x>\n\nGAME tg-1\n"
	    "SEAT north\nPLACE 5\n", "no TOKEN line");
	body = fx_last_mail(&e->f, "problem", "n@example.org");
	assert_non_null(strstr(body, "    GAME tg-1\n"));
	assert_non_null(strstr(body, "    PLACE 5\n"));
	assert_null(strstr(body, "SOW"));
	free(body);
	expect_problem(e, "From: n@example.org\nMessage-ID: <nx@x>\n\nGAME nx-1\n"
	    "SEAT north\nPLACE 5\n", "there is no game");
	body = fx_last_mail(&e->f, "problem", "n@example.org");
	assert_non_null(strstr(body, "    SEAT <your seat>\n"));
	assert_null(strstr(body, "SOW"));
	assert_null(strstr(body, "buqruru-1"));
	free(body);
}

static void
test_bad_orders_named_by_line(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], orders[3 * ORDER_TEXT];
	char *err;

	assert_true(legal_text(e, 0, order, sizeof order));
	/* Good, then nonsense, then good again: the third is not applied. */
	snprintf(orders, sizeof orders, "%s\nDANCE A JIG\n%s\n", order, order);
	send_order(e, 0, "m2@x", orders);
	err = fx_last_mail(&e->f, "error", "n@example.org");
	assert_non_null(err);
	assert_non_null(strstr(err, "line 5: DANCE A JIG"));
	assert_non_null(strstr(err, "rejected"));
	assert_non_null(strstr(err, "line 6:"));
	assert_non_null(strstr(err, "skipped"));
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE "
	    "status = 'accepted'"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE "
	    "status = 'skipped'"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), 2);
	free(err);
}

static void
test_not_your_turn(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2];
	long long events;
	char *err;
	int mover, other;

	/* Play sealed choices until one seat alone is waited for. */
	for (int i = 0; i < 4 && waited(e, 0) == waited(e, 1); i++) {
		char mid[16];

		snprintf(mid, sizeof mid, "s%d@x", i);
		assert_true(legal_text(e, i % 2, order, sizeof order));
		snprintf(line, sizeof line, "%s\n", order);
		send_order(e, i % 2, mid, line);
	}
	mover = waited(e, 0) ? 0 : 1;
	other = 1 - mover;
	assert_true(waited(e, mover));
	assert_false(waited(e, other));
	assert_true(legal_text(e, mover, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	events = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	send_order(e, other, "late@x", line);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), events);
	err = fx_last_mail(&e->f, "error", other ? "s@example.org" : "n@example.org");
	assert_non_null(err);
	assert_non_null(strstr(err, "rejected"));
	free(err);
}

/* The mail <once@x> of test_nothing_twice under another Date line. */
static int
store_dated(struct fx_env *e, const char *date)
{
	char *m, *cut, *dated;
	struct diag d;
	int rc;

	m = fx_order_mail("n@example.org", "once@x", "bq-1", "north", e->f.tokens[0], "SOW\n");
	cut = strstr(m, "\nDate: ");
	assert_non_null(cut);
	*cut = '\0';
	xasprintf(&dated, "%s\nDate: %s%s", m, date, strchr(cut + 1, '\n'));
	free(m);
	rc = ingest_store(&e->f.l, "test", "", dated, strlen(dated), SIZE_MAX, &d);
	free(dated);
	return rc;
}

static void
test_nothing_twice(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2], *m;
	struct diag d;

	assert_true(legal_text(e, 0, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	m = fx_order_mail("n@example.org", "once@x", "bq-1", "north", e->f.tokens[0], line);
	assert_int_equal(fx_mail(&e->f, m), 1);
	assert_int_equal(fx_mail(&e->f, m), 0);
	free(m);
	/* Same Message-ID, other bytes: still the same mail. */
	m = fx_order_mail("n@example.org", "once@x", "bq-1", "north", e->f.tokens[0],
	    "SOW\n# resent\n");
	assert_int_equal(ingest_store(&e->f.l, "test", "", m, strlen(m), SIZE_MAX, &d), 0);
	free(m);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'ack'"), 1);
	/* The Date is part of the key, read as an instant: the same one
	 * written in another zone is the same mail; another Date with the
	 * same Message-ID is a mail of its own. */
	assert_int_equal(store_dated(e, "Sat, 21 Nov 2026 11:00:00 +0100"), 0);
	assert_int_equal(store_dated(e, "Sun, 22 Nov 2026 10:00:00 +0000"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages"), 2);
}

static void
test_empty_huge_garbage(void **state)
{
	struct fx_env *e = *state;
	char *big, *body;
	size_t n = 10 * 1024 * 1024;
	const char head[] = "From: n@example.org\nMessage-ID: <big@x>\nSubject: orders\n\n";

	/* No body at all: a short guide. */
	fx_mail(&e->f, "From: n@example.org\nMessage-ID: <empty@x>\nSubject: hi\n\n");
	body = fx_last_mail(&e->f, "help", "n@example.org");
	assert_non_null(body);
	assert_non_null(strstr(body, "names no game"));
	free(body);

	/* 10 MB: its header block kept in the ledger, with the size of the
	 * whole; answered with the size and the limit. */
	big = xmalloc(n + sizeof head);
	memcpy(big, head, sizeof head - 1);
	memset(big + sizeof head - 1, 'x', n);
	big[n + sizeof head - 1] = '\0';
	fx_mail(&e->f, big);
	free(big);
	body = fx_last_mail(&e->f, "problem", "n@example.org");
	assert_non_null(body);
	assert_non_null(strstr(body, "too large: 10485817 bytes"));
	free(body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "message_id = 'big@x' AND status = 'rejected' AND length(raw) = 56 AND "
	    "whole_bytes = 10485817"), 1);

	/* Binary garbage: no one to answer, but a ledger entry with the reason. */
	{
		char junk[512];

		for (size_t i = 0; i < sizeof junk - 1; i++)
			junk[i] = (char)(1 + (i * 37) % 250);
		junk[sizeof junk - 1] = '\0';
		fx_mail(&e->f, junk);
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "status IN ('rejected', 'ignored') AND reason != ''"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), 1);

	/* Garbage over the limit: no header block to find a sender in either
	 * (this crashed the run). */
	big = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++)
		big[i] = (char)(1 + (i * 37) % 250);
	big[n] = '\0';
	fx_mail(&e->f, big);
	free(big);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "status = 'rejected' AND reason LIKE '%limit%' AND message_id IS NULL"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'problem'"),
	    1);
}

static void
test_never_answer_machines(void **state)
{
	struct fx_env *e = *state;
	long long out = fx_count(&e->f, "SELECT COUNT(*) FROM outbox");

	fx_mail(&e->f, "From: n@example.org\nMessage-ID: <v@x>\nAuto-Submitted: auto-replied\n"
	    "Subject: I am away\n\nBack on Monday.\n");
	fx_mail(&e->f, "From: list@example.org\nMessage-ID: <l@x>\nPrecedence: bulk\n\nhi\n");
	fx_mail(&e->f, "From: referee@example.org\nMessage-ID: <r@x>\n\nGAME bq-1\n");
	fx_mail(&e->f, "From: n@example.org\nMessage-ID: <loop@x>\nX-Loop: referee@example.org\n"
	    "\nhello\n");
	fx_mail(&e->f, "From: MAILER-DAEMON@example.org\nMessage-ID: <b@x>\nSubject: failure\n"
	    "\nUndelivered mail\n");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox"), out);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "status = 'ignored'"), 5);
}

static void
test_help_is_rate_limited(void **state)
{
	struct fx_env *e = *state;

	for (int i = 0; i < 6; i++) {
		char m[200];

		snprintf(m, sizeof m, "From: n@example.org\nMessage-ID: <h%d@x>\n\nHELP\n", i);
		fx_mail(&e->f, m);
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'help'"),
	    e->f.cfg.help_replies_per_day);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages"), 6);

	/* Mail the referee cannot take is answered more often, but not without end. */
	for (int i = 0; i < e->f.cfg.problem_replies_per_day + 5; i++) {
		char mid[32], *m;

		snprintf(mid, sizeof mid, "p%d@x", i);
		m = fx_order_mail("n@example.org", mid, "bq-9", "north", "x", "SOW\n");
		fx_mail(&e->f, m);
		free(m);
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'problem'"),
	    e->f.cfg.problem_replies_per_day);
}

/* The Message-ID of a mail the referee queued to seat (0 north, 1 south)
 * of game, answering a question from it. */
static void
sent_id(struct fx_env *e, const char *game, int seat, char *out, size_t n)
{
	static const char *const from[] = { "n@example.org", "s@example.org" };
	static const char *const name[] = { "north", "south" };
	char mid[32], *m;
	sqlite3_stmt *st;

	snprintf(mid, sizeof mid, "ask%d@x", ++e->mid);
	m = fx_order_mail(from[seat], mid, game, name[seat], e->f.tokens[seat], "HELP\n");
	fx_mail(&e->f, m);
	free(m);
	st = ledger_prep(&e->f.l, "SELECT o.message_id FROM outbox o JOIN games g "
	    "ON g.id = o.game_id JOIN seats s ON s.game_id = g.id AND s.idx = o.seat_idx "
	    "WHERE g.name = ? AND s.name = ? ORDER BY o.id DESC LIMIT 1");

	sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, name[seat], -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

static long long
bounces(struct fx_env *e, const char *game, const char *seat)
{
	char sql[200];

	snprintf(sql, sizeof sql, "SELECT s.bounces FROM seats s JOIN games g ON g.id = "
	    "s.game_id WHERE g.name = '%s' AND s.name = '%s'", game, seat);
	return fx_count(&e->f, sql);
}

/* A delivery report (RFC 3464) from MAILER-DAEMON: its Message-ID, the
 * recipient it names, its action, and the returned part (a header block
 * of type ret, holding Message-ID: cited unless that is NULL). */
static void
dsn(struct fx_env *e, const char *mid, const char *rcpt, const char *action,
    const char *ret, const char *cited)
{
	char m[1200];

	snprintf(m, sizeof m, "From: Mail Delivery System <MAILER-DAEMON@mx.example.net>\n"
	    "Message-ID: <%s>\nSubject: Undelivered Mail Returned to Sender\n"
	    "Content-Type: multipart/report; report-type=delivery-status; boundary=B\n\n"
	    "--B\nContent-Type: text/plain\n\nYour mail to <%s> could not be delivered.\n"
	    "--B\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.net\n\n"
	    "Final-Recipient: rfc822; %s\nAction: %s\nStatus: 5.1.1\n\n"
	    "--B\nContent-Type: %s\n\nFrom: referee@example.org\nTo: %s\n%s%s%s"
	    "Subject: Buqruru bq-1\n\nGAME bq-1\n--B--\n", mid, rcpt, rcpt, action, ret, rcpt,
	    cited != NULL ? "Message-ID: <" : "", cited != NULL ? cited : "",
	    cited != NULL ? ">\n" : "");
	fx_mail(&e->f, m);
}

/* A bounce is not answered, and counted against the seat of the mail it
 * proves came back: a Message-ID the referee made, returned or cited. */
static void
test_bounce_counts_against_seat(void **state)
{
	struct fx_env *e = *state;
	char south[200];

	sent_id(e, "bq-1", 1, south, sizeof south);
	dsn(e, "bb@x", "s@example.org", "failed", "text/rfc822-headers", south);
	assert_int_equal(bounces(e, "bq-1", "south"), 1);
	assert_int_equal(bounces(e, "bq-1", "north"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE to_addr LIKE "
	    "'MAILER-DAEMON%'"), 0);
	/* The mail returned whole, with the address the server forwarded to. */
	dsn(e, "bb2@x", "south@elsewhere.example", "failed", "message/rfc822", south);
	assert_int_equal(bounces(e, "bq-1", "south"), 2);
	/* A bounce quoting the returned mail as text. */
	{
		char m[600];

		snprintf(m, sizeof m, "From: MAILER-DAEMON@mx.example.net\nMessage-ID: <bq@x>\n"
		    "Subject: failure notice\n\n<s@example.org>:\nmailbox unavailable\n\n"
		    "--- Below this line is a copy of the message.\n\nFrom: referee@example.org\n"
		    "Message-ID: <%s>\nSubject: Buqruru\n\nGAME bq-1\n", south);
		fx_mail(&e->f, m);
	}
	assert_int_equal(bounces(e, "bq-1", "south"), 3);
	assert_int_equal(bounces(e, "bq-1", "north"), 0);
}

/* A bounce that proves no mail of ours came back counts against nobody,
 * whatever it names: anyone can write one. */
static void
test_forged_bounce_counts_nothing(void **state)
{
	struct fx_env *e = *state;
	struct play two;
	char south[200], north[200];

	sent_id(e, "bq-1", 1, south, sizeof south);
	sent_id(e, "bq-1", 0, north, sizeof north);
	/* The same addresses play another game. */
	fx_game(&e->f, "buqruru", "bq-2", 0, 0, NULL, 0, &two);
	play_free(&two);
	/* MAILER-DAEMON, no report, no Message-ID of ours. */
	fx_mail(&e->f, "From: MAILER-DAEMON@example.org\nMessage-ID: <f1@x>\n"
	    "Subject: Undelivered Mail Returned to Sender\n\n"
	    "Your mail to <s@example.org> could not be delivered.\n");
	/* A report naming the seat, returning no Message-ID, or one not ours. */
	dsn(e, "f2@x", "s@example.org", "failed", "text/rfc822-headers", NULL);
	dsn(e, "f3@x", "s@example.org", "failed", "text/rfc822-headers",
	    "azalai.20261121100000.0123456789abcdef@example.org");
	/* A delay warning is not a bounce, whatever mail it names. */
	dsn(e, "f4@x", "s@example.org", "delayed", "text/rfc822-headers", south);
	assert_int_equal(bounces(e, "bq-1", "south"), 0);
	assert_int_equal(bounces(e, "bq-2", "south"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = "
	    "'ignored'"), 4);

	/* North's mail, claimed to be south's: north's, if anyone's. */
	dsn(e, "f5@x", "s@example.org", "failed", "text/rfc822-headers", north);
	assert_int_equal(bounces(e, "bq-1", "south"), 0);
	assert_int_equal(bounces(e, "bq-1", "north"), 1);
	/* A mail of one game counts in that game alone, though the same
	 * address plays in another. */
	dsn(e, "f6@x", "s@example.org", "failed", "message/rfc822", south);
	assert_int_equal(bounces(e, "bq-1", "south"), 1);
	assert_int_equal(bounces(e, "bq-2", "south"), 0);
	assert_int_equal(bounces(e, "bq-2", "north"), 0);
}

/* Reports whose template has an HTML twin go out as multipart/alternative;
 * a mail the server refuses for good, or keeps deferring, counts against
 * its seat. */
static void
test_html_alternative_and_failed_delivery(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], line[ORDER_TEXT + 2], path[400];
	struct diag d;
	int sent, failed;
	char *raw;
	size_t len;
	struct mailmsg m;
	long long bounced, deferred;

	assert_true(legal_text(e, 0, order, sizeof order));
	snprintf(line, sizeof line, "%s\n", order);
	send_order(e, 0, "h1@x", line);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' "
	    "AND html LIKE '%<pre%' AND html LIKE '%GAME bq-1%'"), 1);
	/* The ack carries the report, so its picture too: named in the row,
	 * kept once in the ledger. */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'ack' "
	    "AND html LIKE 'X-Azalai-Picture: %' AND substr(html, 19, instr(html, char(10)) "
	    "- 19) IN (SELECT cid FROM picture)"), 1);

	/* Delivered to a directory: the report reads back with its text part first. */
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_int_equal(failed, 0);
	{
		char cmd[600];

		snprintf(cmd, sizeof cmd, "cat %s/outbox/*-report-s@example.org.eml > "
		    "%s/report.eml", e->f.dir, e->f.dir);
		assert_int_equal(system(cmd), 0);
	}
	snprintf(path, sizeof path, "%s/report.eml", e->f.dir);
	assert_int_equal(fs_read(path, &raw, &len), 0);
	assert_non_null(strstr(raw, "multipart/alternative"));
	assert_non_null(strstr(raw, "text/html"));
	assert_non_null(strstr(raw, "multipart/related"));
	assert_non_null(strstr(raw, "image/png"));
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(raw, len, len + 1, &m, &d), 0);
	assert_false(m.html_only);
	assert_non_null(strstr(m.text, "GAME bq-1"));
	assert_null(strstr(m.text, "<pre"));
	mailmsg_free(&m);
	free(raw);

	/* A server that refuses for good: failed, and counted against the seat. */
	send_order(e, 1, "h2@x", "HELP\n");
	snprintf(e->f.cfg.deliver_method, sizeof e->f.cfg.deliver_method, "sendmail");
	snprintf(e->f.cfg.deliver_sendmail, sizeof e->f.cfg.deliver_sendmail,
	    "sh -c 'cat >/dev/null; exit 1'");
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_true(failed > 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE status = "
	    "'failed' AND to_addr = 's@example.org'"), failed);
	assert_int_equal(fx_count(&e->f, "SELECT bounces FROM seats WHERE name = 'south'"),
	    failed);

	/* One that keeps saying "try again later" (sysexits 75): queued again
	 * until the tenth attempt (outbox.c's MAX_ATTEMPTS), then given up and
	 * counted against the seat like a refusal. */
	bounced = fx_count(&e->f, "SELECT bounces FROM seats WHERE name = 'south'");
	send_order(e, 1, "h3@x", "HELP\n");
	snprintf(e->f.cfg.deliver_sendmail, sizeof e->f.cfg.deliver_sendmail,
	    "sh -c 'cat >/dev/null; exit 75'");
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	deferred = fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE status = 'queued' "
	    "AND attempts = 1");
	assert_true(deferred > 0);
	assert_int_equal(sqlite3_exec(e->f.l.db, "UPDATE outbox SET attempts = 8, "
	    "next_try_at = '' WHERE status = 'queued'", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE status = "
	    "'queued' AND attempts = 9"), deferred);
	assert_int_equal(fx_count(&e->f, "SELECT bounces FROM seats WHERE name = 'south'"),
	    bounced);
	assert_int_equal(sqlite3_exec(e->f.l.db, "UPDATE outbox SET next_try_at = '' "
	    "WHERE status = 'queued'", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE status = "
	    "'queued'"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE status = "
	    "'failed' AND attempts = 10 AND to_addr = 's@example.org'"), deferred);
	assert_int_equal(fx_count(&e->f, "SELECT bounces FROM seats WHERE name = 'south'"),
	    bounced + deferred);
}

/* Questions are answered wherever they stand: a rejected order stops the
 * orders after it, not the answers. */
static void
test_questions_after_a_rejected_order(void **state)
{
	struct fx_env *e = *state;
	char *err;

	/* An order the game refuses, not a greeting (tests/test_tolerant). */
	send_order(e, 0, "q1@x", "SOW A JIG\nSOW\nSTATUS\nHELP\n");
	err = fx_last_mail(&e->f, "error", "n@example.org");
	assert_non_null(err);
	assert_non_null(strstr(err, "line 5: SOW\n      skipped"));
	assert_non_null(strstr(err, "line 6: STATUS\n      accepted: the status is in a "
	    "separate mail"));
	free(err);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind IN "
	    "('status', 'help')"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), 1);
}

/* Press from an attached turn file is read from the file, not the body. */
static void
test_press_in_an_attached_turn_file(void **state)
{
	struct fx_env *e = *state;
	char *m, *press;

	xasprintf(&m, "From: n@example.org\nTo: referee@example.org\nSubject: turn\n"
	    "Message-ID: <att@x>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; "
	    "boundary=B\n\n--B\nContent-Type: text/plain\n\nMy turn is attached.\n--B\n"
	    "Content-Type: text/plain; name=turn.txt\nContent-Disposition: attachment; "
	    "filename=turn.txt\n\nGAME bq-1\nSEAT north\nTOKEN %s\nPRESS TO south\n"
	    "From the file.\nENDPRESS\n--B--\n", e->f.tokens[0]);
	fx_mail(&e->f, m);
	free(m);
	press = fx_last_mail(&e->f, "press", "s@example.org");
	assert_non_null(press);
	assert_non_null(strstr(press, "\nFrom the file.\n"));
	assert_null(strstr(press, "My turn is attached"));
	free(press);
}

/* The referee folds its own prose at 72 columns, never a player's press:
 * press goes as its player wrote it. */
static void
test_press_line_not_folded(void **state)
{
	struct fx_env *e = *state;
	const char *line = "A long line of press that runs well past the seventy-two columns "
	    "a terminal shows, kept whole.";
	char *m, *press;

	xasprintf(&m, "PRESS TO south\n%s\nENDPRESS\n", line);
	send_order(e, 0, "long@x", m);
	free(m);
	press = fx_last_mail(&e->f, "press", "s@example.org");
	assert_non_null(press);
	if (strstr(press, line) == NULL)
		fail_msg("the press line is not whole in:\n%s", press);
	free(press);
}

static int
has_mark_byte(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s >= '\001' && *s <= '\004')
			return 1;
	return 0;
}

/* A player's text holding the renderer's mark bytes (msg.h) stays the
 * player's text: relayed press and the refusal of an order quote it without
 * the marks, and neither renders it as a message, a term or an order. */
static void
test_mark_bytes_in_player_text(void **state)
{
	struct fx_env *e = *state;
	char *press, *err;

	send_order(e, 0, "marks@x", "PRESS TO south\n\001s5:hello\n"
	    "\003targi:PLACE 2\n\002common.date.mon\nENDPRESS\n\003targi:PLACE 2\n");
	press = fx_last_mail(&e->f, "press", "s@example.org");
	assert_non_null(press);
	assert_false(has_mark_byte(press));
	assert_non_null(strstr(press, "s5:hello"));
	assert_non_null(strstr(press, "targi:PLACE 2"));
	assert_non_null(strstr(press, "common.date.mon"));
	err = fx_last_mail(&e->f, "error", "n@example.org");
	assert_non_null(err);
	assert_false(has_mark_byte(err));
	assert_non_null(strstr(err, "targi:PLACE 2"));
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE "
	    "instr(body, char(1)) OR instr(body, char(2)) OR instr(body, char(3)) OR "
	    "instr(body, char(4))"), 0);
	free(press);
	free(err);
}

/* Stores a mail without answering it: the next process_pending answers
 * every mail stored so, in one group. */
static void
store_order(struct fx_env *e, int seat, const char *mid, const char *orders)
{
	static const char *const from[] = { "n@example.org", "s@example.org" };
	static const char *const name[] = { "north", "south" };
	char *m = fx_order_mail(from[seat], mid, "bq-1", name[seat], e->f.tokens[seat],
	    orders);
	struct diag d;

	assert_int_equal(ingest_store(&e->f.l, "test", "", m, strlen(m), SIZE_MAX, &d), 1);
	free(m);
}

static int
count_commit(void *n)
{
	++*(int *)n;
	return 0;
}

/* Three new mails for one group, the second refused by a trigger on its
 * answer with RAISE(raise): north's order, south's from fails@x, south's
 * again from again@x. Processes them with the log in logpath; *commits
 * counts the commits of the run. */
static void
group_with_failing_mail(struct fx_env *e, const char *raise, const char *logpath,
    struct process_stats *s, int *commits)
{
	char north[ORDER_TEXT], south[ORDER_TEXT], line[ORDER_TEXT + 2], sql[300];
	struct diag d;

	assert_int_equal(log_open(LOG_TO_FILE, logpath), 0);
	assert_true(legal_text(e, 0, north, sizeof north));
	assert_true(legal_text(e, 1, south, sizeof south));
	snprintf(sql, sizeof sql, "CREATE TRIGGER no_ack BEFORE INSERT ON outbox WHEN "
	    "instr(NEW.in_reply_to, 'fails@x') > 0 BEGIN SELECT RAISE(%s, "
	    "'test: no answer to fails@x'); END", raise);
	assert_int_equal(sqlite3_exec(e->f.l.db, sql, NULL, NULL, NULL), SQLITE_OK);
	snprintf(line, sizeof line, "%s\n", north);
	store_order(e, 0, "first@x", line);
	snprintf(line, sizeof line, "%s\n", south);
	store_order(e, 1, "fails@x", line);
	store_order(e, 1, "again@x", line);
	memset(s, 0, sizeof *s);
	*commits = 0;
	sqlite3_commit_hook(e->f.l.db, count_commit, commits);
	assert_int_equal(process_pending(&e->f.l, &e->f.cfg, s, &d), 0);
	sqlite3_commit_hook(e->f.l.db, NULL, NULL);
	log_open(LOG_TO_NONE, NULL);
}

/* New mails are answered in one transaction, each in a savepoint: one that
 * fails after its step is undone alone and stays queued with its error; the
 * group's others are answered, the game's next step chains to the last one
 * kept, and the snapshot left is the state the events replay to. */
static void
test_failure_inside_a_group(void **state)
{
	struct fx_env *e = *state;
	char hash[HASH_HEX], logpath[300], *text;
	struct process_stats s;
	struct play p;
	struct diag d;
	void *st;
	int64_t seq = -1;
	size_t len;
	int commits;

	snprintf(logpath, sizeof logpath, "%s/azalai.log", e->f.dir);
	/* Sealed choices: south's order is as legal after north's as before. */
	assert_true(waited(e, 0) && waited(e, 1));
	group_with_failing_mail(e, "ABORT", logpath, &s, &commits);
	assert_int_equal(s.messages, 3);
	/* The attempts, then the group. */
	assert_int_equal(commits, 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = 'done' "
	    "AND message_id IN ('first@x', 'again@x')"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = 'new' "
	    "AND attempts = 1 AND aside = '' AND message_id = 'fails@x' AND "
	    "instr(last_error, 'test: no answer to fails@x') > 0"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders o JOIN messages m ON "
	    "m.id = o.message WHERE m.message_id = 'fails@x'"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'ack' AND "
	    "instr(in_reply_to, 'again@x') > 0"), 1);
	/* Kept as a group: the log tells of no group redone one by one, and
	 * of the failure once. */
	assert_int_equal(fs_read(logpath, &text, &len), 0);
	assert_null(strstr(text, "not kept together"));
	assert_non_null(strstr(text, "left for the next run: ledger: write: test: no answer"));
	assert_null(strstr(strstr(text, "left for the next run") + 1, "left for the next run"));
	free(text);
	/* Each step chains to the one before it, none to the step undone. */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events e LEFT JOIN events p "
	    "ON p.game_id = e.game_id AND p.seq = e.seq - 1 AND p.hash = e.prev_hash "
	    "WHERE e.seq > 0 AND p.seq IS NULL"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"),
	    fx_count(&e->f, "SELECT MAX(seq) + 1 FROM events"));
	/* The events replay to the state of the last one, and the snapshot is
	 * that state at that step. */
	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	st = xcalloc(1, p.rules->state_size);
	assert_int_equal(play_replay(&e->f.l, &p.g, -1, st, NULL, NULL, &d), 0);
	play_state_hash(p.rules, st, hash);
	assert_string_equal(hash, p.state_hash);
	assert_int_equal(ledger_snapshot_get(&e->f.l, p.g.id, &seq, st, p.rules->state_size,
	    &d), 1);
	assert_int_equal(seq, p.seq);
	play_state_hash(p.rules, st, hash);
	assert_string_equal(hash, p.state_hash);
	free(st);
	play_free(&p);
}

/* When SQLite ends a group's transaction itself (RAISE(ROLLBACK) here, a full
 * disk in life), nothing of the group counts: each of its mails is answered
 * again in a transaction of its own, once, and the log says so once. */
static void
test_group_redone_one_by_one(void **state)
{
	struct fx_env *e = *state;
	char logpath[300], *text, *p;
	struct process_stats s;
	size_t len;
	int commits, n = 0;

	snprintf(logpath, sizeof logpath, "%s/azalai.log", e->f.dir);
	group_with_failing_mail(e, "ROLLBACK", logpath, &s, &commits);
	/* The attempts; the first two mails again, each alone; the failure. */
	assert_int_equal(commits, 4);
	assert_int_equal(s.messages, 3);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = 'done' "
	    "AND message_id IN ('first@x', 'again@x')"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = 'new' "
	    "AND attempts = 1 AND message_id = 'fails@x' AND "
	    "instr(last_error, 'test: no answer to fails@x') > 0"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'ack'"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders"), 2);
	assert_int_equal(fs_read(logpath, &text, &len), 0);
	assert_non_null(strstr(text, "messages 1 to 2 were not kept together"));
	for (p = text; (p = strstr(p, "left for the next run")) != NULL; p++)
		n++;
	assert_int_equal(n, 1);
	/* The lines of the group undone are not in the log: north's order is
	 * told once. */
	n = 0;
	for (p = text; (p = strstr(p, "bq-1 north line")) != NULL; p++)
		n++;
	assert_int_equal(n, 1);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_accepted_order, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_private_lines_stay_private, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_waiting_lines_speak_to_reader,
		    setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_unknown_game_seat_token, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_problem_examples_from_game, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_bad_orders_named_by_line, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_not_your_turn, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_nothing_twice, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_empty_huge_garbage, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_never_answer_machines, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_help_is_rate_limited, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_bounce_counts_against_seat, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_forged_bounce_counts_nothing, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_html_alternative_and_failed_delivery, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_questions_after_a_rejected_order, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_mark_bytes_in_player_text, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_line_not_folded, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_in_an_attached_turn_file, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_failure_inside_a_group, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_group_redone_one_by_one, setup,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
