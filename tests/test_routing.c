/* Who gets the answers and which orders count: private answers only ever go
 * to the seat's address on record; a mail signed with a seat's token from
 * elsewhere is told to the seat and held (or applied, as the campaign says)
 * until confirmed; orders for a decision that has passed, and the same
 * orders again, are refused; orders in advance and hand-written mails work. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "core/clock.h"
#include "core/fsutil.h"
#include "core/log.h"
#include "mail/orderblock.h"
#include "mail/outbox.h"
#include "referee/schedule.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char *const addr[] = { "n@example.org", "s@example.org", "e@example.org" };
static const char *const seatname[] = { "north", "south", "east" };

static int
setup_bq(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

static int
setup_targui(void **state)
{
	return fx_env_setup(state, "targui", "tu-1", 3, 0);
}

static int
setup_targi(void **state)
{
	return fx_env_setup(state, "targi", "tg-1", 0, 0);
}

static long long
events(struct fx_env *e)
{
	return fx_count(&e->f, "SELECT COUNT(*) FROM events");
}

static long long
seq(struct fx_env *e)
{
	return fx_count(&e->f, "SELECT MAX(seq) FROM events");
}

/* Mails queued to an address, of any kind. */
static long long
mails_to(struct fx_env *e, const char *to)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT COUNT(*) FROM outbox WHERE to_addr = ?");
	long long n = -1;

	sqlite3_bind_text(st, 1, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* The seat's state now, from the ledger: waited for, and a legal order. */
static int
waited_order(struct fx_env *e, int seat, char *out, size_t n)
{
	struct play p;
	struct pending pd;
	struct order_list ol;
	struct diag d;
	int w;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	w = !pd.over && (pd.seats & VIS_SEAT(seat)) != 0;
	order_list_init(&ol);
	if (out != NULL && w && p.rules->legal(p.st, seat, &ol) == 0 && ol.n > 0)
		snprintf(out, n, "%s", ol.v[0].text);
	else if (out != NULL)
		out[0] = '\0';
	order_list_free(&ol);
	play_free(&p);
	return w;
}

/* A mail for seat as the referee's mail server delivers it: the lines it
 * stamped on top (may be ""), then the sender's, From: from_header (the
 * whole header), with headers (may be "") under From, and the body after
 * the GAME, SEAT and TOKEN lines. */
static void
stamped_mail_from(struct fx_env *e, const char *stamp, const char *from_header, int seat,
    const char *headers, const char *body)
{
	char *m;

	xasprintf(&m, "%sFrom: %s\nTo: referee@example.org\nSubject: orders\n"
	    "Message-ID: <r%d@x>\n%s\nGAME %s\nSEAT %s\nTOKEN %s\n%s", stamp, from_header,
	    ++e->mid, headers, e->game, seatname[seat], e->f.tokens[seat], body);
	fx_mail(&e->f, m);
	free(m);
}

/* The same from `from`, a bare address. */
static void
stamped_mail(struct fx_env *e, const char *stamp, const char *from, int seat,
    const char *headers, const char *body)
{
	char *h;

	xasprintf(&h, "Player <%s>", from);
	stamped_mail_from(e, stamp, h, seat, headers, body);
	free(h);
}

static void
mail(struct fx_env *e, const char *from, int seat, const char *headers, const char *body)
{
	stamped_mail(e, "", from, seat, headers, body);
}

static void
must_contain(const char *body, const char *what)
{
	if (body == NULL || strstr(body, what) == NULL)
		fail_msg("no \"%s\" in: %s", what, body != NULL ? body : "(no mail)");
}

static void
must_not_contain(const char *body, const char *what)
{
	if (body != NULL && strstr(body, what) != NULL)
		fail_msg("\"%s\" leaks in: %s", what, body);
}

static void
must_mail(struct fx_env *e, const char *kind, const char *to, const char *what)
{
	char *body = fx_last_mail(&e->f, kind, to);

	must_contain(body, what);
	free(body);
}

/* The same, for a sentence: prose folds, so a line break reads as a
 * blank. */
static void
must_say(struct fx_env *e, const char *kind, const char *to, const char *what)
{
	char *body = fx_last_mail(&e->f, kind, to);

	for (char *c = body; c != NULL && *c != '\0'; c++)
		if (*c == '\n')
			*c = ' ';
	must_contain(body, what);
	free(body);
}

/* The first waited seat, and the step it was asked at. */
static int
first_waited(struct fx_env *e, char *order, size_t n)
{
	for (int s = 0; s < e->p.g.nseats; s++)
		if (waited_order(e, s, order, n) && order[0] != '\0')
			return s;
	fail_msg("nobody is waited for");
	return -1;
}

/* ---- answers go to the address on record ---- */

static void
test_forged_from_is_held_and_told(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	char *held, *receipt;
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);

	snprintf(body, sizeof body, "%s\nSTATUS\n", order);
	mail(e, "mallory@evil.example", w, "", body);
	/* Held by default: nothing applied, no private answer to the forger. */
	assert_int_equal(events(e), before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE to_addr = "
	    "'mallory@evil.example' AND kind != 'receipt'"), 0);
	receipt = fx_last_mail(&e->f, "receipt", "mallory@evil.example");
	assert_non_null(receipt);
	must_not_contain(receipt, e->game);
	must_not_contain(receipt, seatname[w]);
	must_not_contain(receipt, "STEP");
	must_not_contain(receipt, e->f.tokens[w]);
	/* The seat on record hears of it, with what was sent and how to confirm. */
	held = fx_last_mail(&e->f, "held", addr[w]);
	must_contain(held, "mallory@evil.example");
	must_contain(held, order);
	must_contain(held, "CONFIRM ");
	free(held);
	free(receipt);
}

static void
test_reply_to_is_not_followed(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	char *ack;

	snprintf(body, sizeof body, "%s\nREPORT\n", order);
	mail(e, addr[w], w, "Reply-To: mallory@evil.example\n", body);
	assert_int_equal(mails_to(e, "mallory@evil.example"), 0);
	ack = fx_last_mail(&e->f, "ack", addr[w]);
	must_contain(ack, "accepted");
	must_not_contain(ack, "signed with your token");
	free(ack);
	must_mail(e, "report", addr[w], "GAME bq-1");
}

/* The waited seat's order in a mail whose From, from_header, names the
 * seat's own mailbox: applied, not held as foreign, no receipt. */
static void
seat_order_from(struct fx_env *e, int w, const char *order, const char *from_header)
{
	char body[300];
	long long before = events(e);

	snprintf(body, sizeof body, "%s\n", order);
	stamped_mail_from(e, "", from_header, w, "", body);
	assert_true(events(e) > before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'receipt'"),
	    0);
}

/* The From of a seat differs only in case: the same mailbox, not foreign. */
static void
test_address_case_is_the_same_sender(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], from[80];
	int w = first_waited(e, order, sizeof order);

	snprintf(from, sizeof from, "Player <%s>", addr[w]);
	from[8] = (char)(from[8] - 'a' + 'A');
	seat_order_from(e, w, order, from);
}

static void
test_foreign_sender_apply(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);
	char *ack;

	fx_set(e, "foreign_sender", "apply");
	snprintf(body, sizeof body, "%s\n", order);
	mail(e, "mallory@evil.example", w, "", body);
	assert_true(events(e) > before);
	ack = fx_last_mail(&e->f, "ack", addr[w]);
	must_contain(ack, "signed with your token but came from\nmallory@evil.example at");
	free(ack);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE to_addr = "
	    "'mallory@evil.example' AND kind != 'receipt'"), 0);
}

/* The code from the seat's notice. */
static void
held_code(struct fx_env *e, int seat, char out[32])
{
	char *held = fx_last_mail(&e->f, "held", addr[seat]);
	const char *p;

	must_contain(held, "CONFIRM ");
	p = strstr(held, "CONFIRM ") + 8;
	snprintf(out, 32, "%.*s", (int)strcspn(p, "\n"), p);
	free(held);
}

static void
test_confirm_releases_the_held_mail(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], code[32];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);
	char *ack;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, "mallory@evil.example", w, "", body);
	assert_int_equal(events(e), before);
	held_code(e, w, code);
	/* A wrong code, or the right one from elsewhere, releases nothing. */
	mail(e, addr[w], w, "", "CONFIRM 00000-00000\n");
	must_mail(e, "error", addr[w], "no mail of seat");
	/* Nor does another seat, from its own address with its own token: a
	 * code frees only a mail held for the seat that confirms. */
	snprintf(body, sizeof body, "CONFIRM %s\n", code);
	mail(e, addr[1 - w], 1 - w, "", body);
	must_mail(e, "error", addr[1 - w], "no mail of seat");
	assert_int_equal(events(e), before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails WHERE "
	    "status = 'held'"), 1);
	fx_set(e, "foreign_sender", "apply");
	mail(e, "mallory@evil.example", w, "", body);
	must_mail(e, "error", addr[w], "only in a mail from the seat's");
	assert_int_equal(events(e), before);
	/* From the address on record it is taken, once. */
	mail(e, addr[w], w, "", body);
	assert_true(events(e) > before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails WHERE "
	    "status = 'confirmed'"), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders o JOIN held_mails h "
	    "ON h.message = o.message WHERE o.status = 'accepted'"), 1);
	ack = fx_last_mail(&e->f, "ack", addr[w]);
	must_contain(ack, order);
	free(ack);
	before = events(e);
	mail(e, addr[w], w, "", body);
	must_mail(e, "error", addr[w], "confirmed already");
	assert_int_equal(events(e), before);
}

/* A held mail answers the step it came at: confirmed after the seat moved
 * by itself, it is refused as stale, not applied to the next decision. */
static void
test_confirm_after_the_decision_passed(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], code[32];
	int w = first_waited(e, order, sizeof order);
	long long before;
	char *err;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, "mallory@evil.example", w, "", body);
	held_code(e, w, code);
	mail(e, addr[w], w, "", body);          /* the seat answers itself */
	before = events(e);
	snprintf(body, sizeof body, "CONFIRM %s\n", code);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	err = fx_last_mail(&e->f, "error", addr[w]);
	must_contain(err, "stale");
	free(err);
}

static void
test_failed_authentication_tells_nothing(void **state)
{
	struct fx_env *e = *state;
	char *m, *body;

	m = fx_order_mail("mallory@evil.example", "a1@x", "bq-1", "west", "wxyz-wxyz",
	    "STATUS\n");
	fx_mail(&e->f, m);
	free(m);
	body = fx_last_mail(&e->f, "problem", "mallory@evil.example");
	must_contain(body, "no seat of the name on this line");
	must_not_contain(body, "west");
	must_not_contain(body, "south");
	must_not_contain(body, "north");
	free(body);
	m = fx_order_mail("mallory@evil.example", "a2@x", "bq-1", "south", "wxyz-wxyz",
	    "STATUS\n");
	fx_mail(&e->f, m);
	free(m);
	body = fx_last_mail(&e->f, "problem", "mallory@evil.example");
	must_contain(body, "not the token");
	/* Not where the game stands (the referee's words for it are "at step
	 * N") nor who else plays it. */
	must_not_contain(body, "STEP");
	must_not_contain(body, "Step");
	must_not_contain(body, "step");
	must_not_contain(body, "north");
	free(body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE to_addr = "
	    "'mallory@evil.example' AND kind != 'problem'"), 0);
}

/* The forger's receipts are rate-limited like every problem reply. */
static void
test_receipts_are_rate_limited(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);

	e->f.cfg.problem_replies_per_day = 2;
	for (int k = 0; k < 4; k++) {
		snprintf(body, sizeof body, "%s # try %d\n", order, k);
		mail(e, "mallory@evil.example", w, "", body);
	}
	assert_int_equal(mails_to(e, "mallory@evil.example"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), 4);
}

/* ---- what the referee's mail server found (Authentication-Results) ---- */

#define MTA "mx.example.org"
#define RECEIVED "Received: from relay.example.net by " MTA " (Postfix) with ESMTP\n"

static void
pin(struct fx_env *e, const char *authserv_id)
{
	snprintf(e->f.cfg.mailbox_authserv_id, sizeof e->f.cfg.mailbox_authserv_id, "%s",
	    authserv_id);
}

/* The waited seat's order, from the seat's own address, under stamp and
 * headers: 1 applied, 0 held. */
static int
applied_under(struct fx_env *e, const char *stamp, const char *headers)
{
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);
	long long held = fx_count(&e->f, "SELECT COUNT(*) FROM held_mails");

	snprintf(body, sizeof body, "%s\n", order);
	stamped_mail(e, stamp, addr[w], w, headers, body);
	if (events(e) > before) {
		assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), held);
		return 1;
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), held + 1);
	return 0;
}

/* The right token, the seat's own From, but the referee's mail server
 * found that DMARC fails for it: someone else wrote in the seat's name. It
 * is held like a mail from elsewhere, and the seat, told why, confirms it. */
static void
test_dmarc_fail_from_the_seats_address_is_held(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], code[32];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);
	char *held;

	pin(e, MTA);
	snprintf(body, sizeof body, "%s\n", order);
	stamped_mail(e, RECEIVED "Authentication-Results: " MTA ";\n\tdmarc=fail (p=reject "
	    "dis=none) header.from=example.org\n", addr[w], w, "", body);
	assert_int_equal(events(e), before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE reason LIKE "
	    "'held:%DMARC%'"), 1);
	held = fx_last_mail(&e->f, "held", addr[w]);
	must_contain(held, "DMARC");
	must_contain(held, order);
	must_not_contain(held, "not from your address on record");
	free(held);
	/* The notice is all the seat's address gets: no reply to orders that
	 * were not read, no receipt beside it. */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind != 'held'"), 0);
	held_code(e, w, code);
	/* A confirmation under the same failing verdict is held in turn. */
	snprintf(body, sizeof body, "CONFIRM %s\n", code);
	stamped_mail(e, "Authentication-Results: " MTA "; dmarc=fail header.from=example.org\n",
	    addr[w], w, "", body);
	assert_int_equal(events(e), before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), 2);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'held'"), 2);
	held = fx_last_mail(&e->f, "held", addr[w]);
	must_contain(held, "DMARC");
	must_contain(held, "CONFIRM");
	free(held);
	/* Mailed by the seat itself, it is taken. */
	stamped_mail(e, "Authentication-Results: " MTA "; dmarc=pass header.from=example.org\n",
	    addr[w], w, "", body);
	assert_true(events(e) > before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails WHERE "
	    "status = 'confirmed'"), 1);
}

/* DMARC passing for the seat's address is a second proof beside the token:
 * the mail is read as always, and the log and the ledger say so. */
static void
test_dmarc_pass_is_a_second_proof(void **state)
{
	struct fx_env *e = *state;
	char logpath[300], *text;
	size_t len;

	pin(e, MTA);
	snprintf(logpath, sizeof logpath, "%s/azalai.log", e->f.dir);
	assert_int_equal(log_open(LOG_TO_FILE, logpath), 0);
	assert_true(applied_under(e, RECEIVED "Authentication-Results: " MTA "; dkim=pass "
	    "header.d=example.org; dmarc=pass (p=reject dis=none) header.from=example.org\n", ""));
	log_open(LOG_TO_NONE, NULL);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = 'done' "
	    "AND reason LIKE '%DMARC pass%'"), 1);
	assert_int_equal(fs_read(logpath, &text, &len), 0);
	must_contain(text, "DMARC pass");
	must_contain(text, MTA);
	free(text);
}

/* Only the server's own verdict counts: its topmost field. What the sender
 * wrote (a field lower down, one under another server's name or one whose
 * name only starts with the server's) counts for nothing, and a verdict
 * about another domain than the From's is no pass. */
static void
test_dmarc_only_the_servers_own_verdict(void **state)
{
	struct fx_env *e = *state;

	pin(e, MTA);
	assert_false(applied_under(e, RECEIVED "Authentication-Results: " MTA "; dmarc=fail "
	    "header.from=example.org\n", "Authentication-Results: " MTA "; dmarc=pass "
	    "header.from=example.org\n"));
	assert_false(applied_under(e, "Authentication-Results: other.example; dmarc=pass "
	    "header.from=example.org\nAuthentication-Results: " MTA "; dmarc=fail "
	    "header.from=example.org\n", ""));
	assert_false(applied_under(e, "Authentication-Results: " MTA "; dmarc=pass "
	    "header.from=evil.example\n", ""));
	assert_true(applied_under(e, "Authentication-Results: " MTA "; dmarc=pass "
	    "header.from=example.org\n", "Authentication-Results: " MTA "; dmarc=fail "
	    "header.from=example.org\n"));
	assert_true(applied_under(e, "Authentication-Results: other.example; dmarc=fail "
	    "header.from=example.org\n", ""));
	assert_true(applied_under(e, "Authentication-Results: " MTA ".evil.example; dmarc=fail "
	    "header.from=example.org\n", ""));
	assert_true(applied_under(e, "Authentication-Results: " MTA "; spf=fail "
	    "smtp.mailfrom=example.org\n", "Authentication-Results: " MTA "; dmarc=fail "
	    "header.from=example.org\n"));
	/* The one verdict that passed is the only one the ledger calls a
	 * second proof. */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "reason LIKE '%rejected; DMARC pass at " MTA "'"), 1);
}

/* Off (the default), or pinned to another server, no field counts. */
static void
test_dmarc_off_reads_no_field(void **state)
{
	struct fx_env *e = *state;
	const char *fail = "Authentication-Results: " MTA "; dmarc=fail header.from=example.org\n";

	assert_string_equal(e->f.cfg.mailbox_authserv_id, "");
	assert_true(applied_under(e, fail, ""));
	pin(e, "mx.example.net");
	assert_true(applied_under(e, fail, ""));
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE "
	    "reason LIKE '%DMARC%'"), 0);
}

/* foreign_sender: apply applies it, and the reply says DMARC failed. */
static void
test_dmarc_fail_under_foreign_sender_apply(void **state)
{
	struct fx_env *e = *state;
	int w;
	char order[ORDER_TEXT];
	char *ack;

	pin(e, MTA);
	fx_set(e, "foreign_sender", "apply");
	w = first_waited(e, order, sizeof order);
	assert_true(applied_under(e, "Authentication-Results: " MTA "; dmarc=fail "
	    "header.from=example.org\n", ""));
	ack = fx_last_mail(&e->f, "ack", addr[w]);
	must_contain(ack, "DMARC");
	must_not_contain(ack, "not from your address on record");
	free(ack);
}

/* The seat reads why in its language, held or applied. */
static void
test_dmarc_notices_in_every_language(void **state)
{
	static const char *const lang[] = { "de", "es", "fr" };
	static const char *const why[] = { "Mailanbieter", "proveedor de correo",
		"fournisseur de courrier" };
	static const char *const read[] = { "trotzdem gelesen", "Aun así se leyó",
		"tout de même été lu" };
	struct fx_env *e = *state;
	const char *fail = "Authentication-Results: " MTA "; dmarc=fail header.from=example.org\n";

	pin(e, MTA);
	for (int k = 0; k < 3; k++) {
		char order[ORDER_TEXT], line[32], *m;
		int w = first_waited(e, order, sizeof order);

		snprintf(line, sizeof line, "LANGUAGE %s\n", lang[k]);
		mail(e, addr[w], w, "", line);
		fx_set(e, "foreign_sender", "hold");
		assert_false(applied_under(e, fail, ""));
		m = fx_last_mail(&e->f, "held", addr[w]);
		must_contain(m, why[k]);
		must_contain(m, "DMARC");
		free(m);
		fx_set(e, "foreign_sender", "apply");
		assert_true(applied_under(e, fail, ""));
		m = fx_last_mail(&e->f, "ack", addr[w]);
		must_contain(m, why[k]);
		must_contain(m, read[k]);
		free(m);
	}
}

/* ---- stale and replayed orders ---- */

static void
test_form_carries_the_step(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], want[40];
	int w = first_waited(e, order, sizeof order);
	char *ack;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, addr[w], w, "", body);
	ack = fx_last_mail(&e->f, "ack", addr[w]);
	snprintf(want, sizeof want, "\nSTEP %lld\nTOKEN\n", seq(e));
	must_contain(ack, want);
	free(ack);
}

static void
test_step_line_is_read(void **state)
{
	struct orderblock ob;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(orderblock_parse("GAME g\nSEAT s\nSTEP 14\nTOKEN t\nSOW\n", &ob,
	    &d), 0);
	assert_int_equal(ob.step, 14);
	assert_int_equal(ob.step_line, 3);
	assert_int_equal(ob.nlines, 1);
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("GAME g\nSTEP 2\nSEAT s\nTOKEN t\n", &ob, &d), 0);
	assert_int_equal(ob.step, 2);
	assert_string_equal(ob.seat, "s");
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("GAME g\nSEAT s\nSTEP x4\nTOKEN t\n", &ob, &d), -1);
	assert_int_equal(d.line, 3);
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("GAME g\nSEAT s\nSTEP 1\nSTEP 2\n", &ob, &d), -1);
	assert_non_null(strstr(d.msg, "second STEP"));
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("GAME g\nSEAT s\nTOKEN t\nSOW\n", &ob, &d), 0);
	assert_int_equal(ob.step_line, 0);
	orderblock_free(&ob);
}

/* The message id of the newest mail to addr of kind. */
static char *
last_mid(struct fx_env *e, const char *kind, const char *to)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT message_id FROM outbox WHERE kind = ? "
	    "AND to_addr = ? ORDER BY id DESC LIMIT 1");
	char *mid = NULL;

	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		mid = xstrdup(col_text(st, 0));
	sqlite3_finalize(st);
	return mid;
}

/* Seat w was asked at step `asked`; its deadline passes (the default is
 * played) and the game comes back to it. */
static void
default_played_and_back(struct fx_env *e, int w)
{
	char now[32], order[ORDER_TEXT];
	struct schedule_stats s;
	struct diag d;

	clock_iso(clock_now() + 10 * 86400, now, sizeof now);
	memset(&s, 0, sizeof s);
	diag_clear(&d);
	if (schedule_run(&e->f.l, &e->f.cfg, NULL, now, 0, NULL, &s, &d) < 0)
		fail_msg("schedule_run: %s", d.msg);
	assert_true(s.defaults > 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events WHERE kind = "
	    "'default'") > 0, 1);
	/* The others play (hand-written mails) until w is asked again. */
	for (int guard = 0; guard < 20 && !waited_order(e, w, order, sizeof order); guard++) {
		for (int o = 0; o < e->p.g.nseats; o++) {
			char body[300];

			if (o == w || !waited_order(e, o, order, sizeof order) || !order[0])
				continue;
			snprintf(body, sizeof body, "%s\n", order);
			mail(e, addr[o], o, "", body);
		}
	}
	assert_true(waited_order(e, w, order, sizeof order));
}

static void
test_stale_after_default(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[400], cur[40], hdr[300];
	int w = first_waited(e, order, sizeof order);
	long long asked = seq(e), before, mails;
	char *err, *mid;

	mail(e, addr[w], w, "", "REPORT\n");
	mid = last_mid(e, "report", addr[w]);
	assert_non_null(mid);
	default_played_and_back(e, w);
	assert_true(waited_order(e, w, order, sizeof order));
	before = events(e);
	/* On the form of step `asked`: refused, the current step named. */
	snprintf(body, sizeof body, "STEP %lld\n%s\n", asked, order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	err = fx_last_mail(&e->f, "error", addr[w]);
	must_contain(err, "stale");
	snprintf(cur, sizeof cur, "at step %lld", seq(e));
	must_contain(err, cur);
	must_contain(err, "default");
	free(err);
	/* A reply to the report of that step, no STEP line: the same. */
	snprintf(hdr, sizeof hdr, "In-Reply-To: <%s>\nReferences: <%s>\n", mid, mid);
	snprintf(body, sizeof body, "%s\n", order);
	mails = mails_to(e, addr[w]);
	mail(e, addr[w], w, hdr, body);
	assert_int_equal(events(e), before);
	/* Its own answer: the last error said "stale" already. */
	assert_int_equal(mails_to(e, addr[w]), mails + 1);
	must_mail(e, "error", addr[w], "stale");
	/* A hand-written mail (no STEP, no reply) keeps today's way. */
	mail(e, addr[w], w, "", body);
	assert_true(events(e) > before);
	free(mid);
}

/* A reply whose In-Reply-To names no mail of the referee's (a client's
 * draft, a forward) is placed by References: the newest of the referee's
 * mails listed there is the one answered. */
static void
test_stale_found_in_references(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], hdr[400];
	int w = first_waited(e, order, sizeof order);
	long long before;
	char *old, *cur;

	mail(e, addr[w], w, "", "REPORT\n");
	old = last_mid(e, "report", addr[w]);
	assert_non_null(old);
	default_played_and_back(e, w);
	assert_true(waited_order(e, w, order, sizeof order));
	mail(e, addr[w], w, "", "REPORT\n");
	cur = last_mid(e, "report", addr[w]);
	assert_non_null(cur);
	before = events(e);
	snprintf(body, sizeof body, "%s\n", order);
	snprintf(hdr, sizeof hdr, "In-Reply-To: <x@elsewhere>\n"
	    "References: <x@elsewhere> <%s>\n", old);
	mail(e, addr[w], w, hdr, body);
	assert_int_equal(events(e), before);
	must_mail(e, "error", addr[w], "stale");
	snprintf(hdr, sizeof hdr, "In-Reply-To: <x@elsewhere>\n"
	    "References: <%s> <%s>\n", old, cur);
	mail(e, addr[w], w, hdr, body);
	assert_true(events(e) > before);
	free(old);
	free(cur);
}

/* A rollback after the step the form shows makes it stale. */
static void
test_stale_after_rollback(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long asked = seq(e), before;
	int64_t first, last;
	struct play p;
	struct diag d;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, addr[w], w, "", body);
	diag_clear(&d);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(play_rollback(&e->f.l, &p, 1, "test", "2026-11-21T12:00:00Z",
	    &first, &last, &d), 0);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	play_free(&p);
	assert_true(waited_order(e, w, order, sizeof order));
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\n%s\n", asked, order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	must_mail(e, "error", addr[w], "changed the game, step");
}

/* The current step, or one the game has not reached, are not stale. */
static void
test_current_step_and_future_step(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);

	snprintf(body, sizeof body, "STEP %lld\n%s\n", seq(e) + 5, order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	must_mail(e, "error", addr[w], "copy the STEP line");
	snprintf(body, sizeof body, "STEP %lld\n%s\n", seq(e), order);
	mail(e, addr[w], w, "", body);
	assert_true(events(e) > before);
}

/* A seat the game does not wait for. */
static int
idle_seat(struct fx_env *e)
{
	for (int s = 0; s < e->p.g.nseats; s++)
		if (!waited_order(e, s, NULL, 0))
			return s;
	fail_msg("every seat is waited for");
	return -1;
}

/* Targui: a tribe not on turn queues orders for its next turn, on the form
 * of an older step while the others move; the same mail again is a replay. */
static void
test_queued_orders_and_replay(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	long long asked = seq(e), before;
	int w = first_waited(e, order, sizeof order), idle = idle_seat(e);
	char *ack;

	/* Someone else moves first: the idle tribe's form is now an older step. */
	snprintf(body, sizeof body, "%s\n", order);
	mail(e, addr[w], w, "", body);
	assert_true(seq(e) > asked);
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\nPASS\n", asked);
	mail(e, addr[idle], idle, "", body);
	assert_int_equal(events(e), before + 1);
	ack = fx_last_mail(&e->f, "ack", addr[idle]);
	must_contain(ack, "accepted");
	free(ack);
	/* The same body under a new Message-ID queues nothing more. */
	before = events(e);
	mail(e, addr[idle], idle, "", body);
	assert_int_equal(events(e), before);
	must_mail(e, "error", addr[idle], "replay");
	/* Other orders on the same form still queue. */
	snprintf(body, sizeof body, "STEP %lld\nCANCEL\n", asked);
	mail(e, addr[idle], idle, "", body);
	assert_int_equal(events(e), before + 1);
}

/* Targui: another tribe's queued orders are no step for the tribe on turn
 * (issue 29): its reports keep the step number, the STEP line it copies
 * still answers the decision it shows, and one step further is one the
 * game has not reached, so a STEP line cannot count them either. */
static void
test_queued_orders_are_no_step_for_the_others(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300], want[40];
	long long shown = seq(e), before;
	int w = first_waited(e, order, sizeof order), idle = idle_seat(e);
	char *report;

	before = events(e);
	mail(e, addr[idle], idle, "", "PASS\n");
	mail(e, addr[idle], idle, "", "CANCEL\n");
	assert_int_equal(events(e), before + 2);
	mail(e, addr[w], w, "", "REPORT\n");
	report = fx_last_mail(&e->f, "report", addr[w]);
	snprintf(want, sizeof want, "\nSTEP %lld\n", shown);
	must_contain(report, want);
	free(report);
	/* HISTORY lists the steps the seat read, numbered alike: neither the
	 * other's queued orders nor a number past the report's. */
	mail(e, addr[w], w, "", "HISTORY\n");
	report = fx_last_mail(&e->f, "history", addr[w]);
	snprintf(want, sizeof want, "\nSTEP %lld\n", shown);
	must_contain(report, want);
	snprintf(want, sizeof want, "\nstep %lld,", shown + 1);
	assert_null(strstr(report, want));
	free(report);
	/* So do LEGAL and the press the other tribe sends. */
	mail(e, addr[w], w, "", "LEGAL\n");
	snprintf(want, sizeof want, "step %lld:", shown);
	must_mail(e, "legal", addr[w], want);
	snprintf(body, sizeof body, "PRESS TO %s\nA word.\nENDPRESS\n", seatname[w]);
	mail(e, addr[idle], idle, "", body);
	snprintf(want, sizeof want, "at step %lld.", shown);
	must_mail(e, "press", addr[w], want);
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\n%s\n", shown + 1, order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	snprintf(want, sizeof want, "is at step %lld", shown);
	must_mail(e, "error", addr[w], want);
	snprintf(body, sizeof body, "STEP %lld\n%s\n", shown, order);
	mail(e, addr[w], w, "", body);
	assert_true(events(e) > before);
	/* The step after the other's queued orders: HISTORY numbers it as the
	 * reports do, all of it or its last step alone. */
	mail(e, addr[w], w, "", "HISTORY\n");
	report = fx_last_mail(&e->f, "history", addr[w]);
	snprintf(want, sizeof want, "\nstep %lld, ", shown + 1);
	must_contain(report, want);
	snprintf(want, sizeof want, "\nSTEP %lld\n", shown + 1);
	must_contain(report, want);
	snprintf(want, sizeof want, "\nstep %lld, ", shown + 2);
	assert_null(strstr(report, want));
	free(report);
	mail(e, addr[w], w, "", "HISTORY 1\n");
	report = fx_last_mail(&e->f, "history", addr[w]);
	snprintf(want, sizeof want, " from step %lld,\n", shown + 1);
	must_contain(report, want);
	snprintf(want, sizeof want, "\nstep %lld, ", shown + 1);
	must_contain(report, want);
	snprintf(want, sizeof want, "\nstep %lld, ", shown);
	assert_null(strstr(report, want));
	free(report);
}

/* Targi: a standing order, written before the other player moved. */
static void
test_standing_order_on_an_older_form(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	long long asked = seq(e), before;
	int w = first_waited(e, order, sizeof order), other = 1 - w;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, addr[w], w, "", body);
	assert_true(seq(e) > asked);
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\nSTANDING RAID GOODS\n", asked);
	mail(e, addr[other], other, "", body);
	assert_int_equal(events(e), before + 1);
}

/* Targui: a tribe not on turn at step `asked` waits for its next decision,
 * makes it, and then sends orders on the old form: they were for a
 * decision already made, so they are refused, not queued again. */
static void
test_advance_orders_after_the_next_decision(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	long long asked = seq(e), before;
	int idle = idle_seat(e), came = 0;

	for (int guard = 0; guard < 20 && !(came && !waited_order(e, idle, NULL, 0));
	    guard++) {
		int w = first_waited(e, order, sizeof order);

		came |= w == idle;
		snprintf(body, sizeof body, "%s\n", order);
		mail(e, addr[w], w, "", body);
	}
	assert_true(came);
	assert_false(waited_order(e, idle, NULL, 0));
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\nPASS\n", asked);
	mail(e, addr[idle], idle, "", body);
	assert_int_equal(events(e), before);
	must_mail(e, "error", addr[idle], "stale");
	must_say(e, "error", addr[idle], "your next decision after it came and was made");
}

/* Targui for two, opposite sectors: choosing the sector leaves the other
 * tribe one, so the first is asked for its settlement next. An order for
 * that, on the sector's form, answers a question no longer asked. */
static int
setup_targui_opposite(void **state)
{
	static const char *const opts[] = { "sectors=opposite" };
	struct fx_env *e = xcalloc(1, sizeof *e);

	fx_open(&e->f);
	snprintf(e->game, sizeof e->game, "tu-2");
	fx_game(&e->f, "targui", e->game, 2, 0, opts, 1, &e->p);
	*state = e;
	return 0;
}

static void
test_stale_when_asked_something_new(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long asked = seq(e), before;

	snprintf(body, sizeof body, "%s\n", order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(first_waited(e, order, sizeof order), w);
	before = events(e);
	snprintf(body, sizeof body, "STEP %lld\n%s\n", asked, order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before);
	must_say(e, "error", addr[w], "you were asked something new");
	/* The same order on the current form is taken. */
	snprintf(body, sizeof body, "STEP %lld\n%s\n", seq(e), order);
	mail(e, addr[w], w, "", body);
	assert_int_equal(events(e), before + 1);
}

/* ---- addresses an answer is sent to ---- */

/* Rows queued to something that is not an address with a domain. */
static long long
domainless(struct fx_env *e)
{
	return fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE to_addr NOT LIKE '%_@_%'");
}

/* A display name with a stray quote splits From into words without a
 * domain and the seat's own address in angle brackets: the seat's order,
 * applied, not held as foreign, and no receipt to a word of the name. */
static void
test_stray_quote_name_is_the_seat(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], from[200];
	int w = first_waited(e, order, sizeof order);

	snprintf(from, sizeof from, "\"<b>A</b> \"><i>x</i>\" <%s>", addr[w]);
	seat_order_from(e, w, order, from);
	assert_int_equal(domainless(e), 0);
	must_mail(e, "ack", addr[w], "accepted");
}

/* From with no address that has a domain: nobody to answer. A mail signed
 * with a seat's token is still held and told to the seat; nothing is
 * queued to the words of the header, by any path. */
static void
test_no_domain_is_never_answered(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], body[300];
	int w = first_waited(e, order, sizeof order);
	long long before = events(e);

	snprintf(body, sizeof body, "%s\n", order);
	stamped_mail_from(e, "", "nobody", w, "", body);
	stamped_mail_from(e, "", "\"<b>A</b> \"", w, "", body);
	assert_int_equal(events(e), before);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM held_mails"), 2);
	must_mail(e, "held", addr[w], "CONFIRM ");
	/* A stranger's mail with no orders in it, answered by the common path. */
	fx_mail(&e->f, "From: \"<b>A</b> \"\nMessage-ID: <nd1@x>\n\nHELP\n");
	fx_mail(&e->f, "From: nobody\nMessage-ID: <nd2@x>\n\nGAME bq-1\nSEAT north\n");
	assert_int_equal(domainless(e), 0);
}

/* The envelope's recipient is the row's, which is the To header's: a
 * domain in Unicode goes out in IDNA A-labels, as GMime writes it into
 * To; a mail from the same mailbox spelled either way counts as one
 * sender for the daily limit. */
static void
test_idn_domain_is_one_address(void **state)
{
	struct fx_env *e = *state;
	const char *alabel = "bob@xn--exmple-cua.test";
	const char *froms[] = { "bob@ex\xc3\xa4mple.test", alabel, "Bob@EX\xc3\x84MPLE.test",
	    "bob@ex\xc3\xa4mple.test" };
	struct diag d;
	int sent, failed;
	char m[200], *raw, to[200];
	long long id;

	for (int i = 0; i < 4; i++) {
		snprintf(m, sizeof m, "From: %s\nMessage-ID: <idn%d@x>\n\nHELP\n", froms[i], i);
		fx_mail(&e->f, m);
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'help'"),
	    e->f.cfg.help_replies_per_day);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'help' "
	    "AND to_addr <> 'bob@xn--exmple-cua.test' COLLATE NOCASE"), 0);
	id = fx_count(&e->f, "SELECT MAX(id) FROM outbox WHERE kind = 'help'");
	diag_clear(&d);
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_int_equal(failed, 0);
	raw = fx_sent_file(&e->f, id, NULL);
	snprintf(to, sizeof to, "\nTo: %s\n", alabel);
	if (strstr(raw, to) == NULL)
		fail_msg("no \"%s\" in:\n%s", to + 1, raw);
	free(raw);
}

/* A local part that is not ASCII can only travel with SMTPUTF8 and 8-bit
 * headers, which the referee does not write: the answer fails at once,
 * with the reason in the row, and nothing is handed to the transport. */
static void
test_8bit_local_part_is_refused(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	int sent, failed;
	long long id;
	char path[400];

	fx_mail(&e->f, "From: j\xc3\xbcrgen@ex\xc3\xa4mple.test\nMessage-ID: <j1@x>\n\nHELP\n");
	id = fx_count(&e->f, "SELECT MAX(id) FROM outbox WHERE kind = 'help'");
	assert_true(id > 0);
	diag_clear(&d);
	assert_int_equal(fx_deliver(&e->f, &sent, &failed, &d), 0);
	assert_int_equal(failed, 1);
	{
		char sql[200];

		snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM outbox WHERE id = %lld AND "
		    "status = 'failed' AND last_error LIKE '%%SMTPUTF8%%'", id);
		assert_int_equal(fx_count(&e->f, sql), 1);
	}
	snprintf(path, sizeof path, "ls %s/outbox/%06lld-* > /dev/null 2>&1", e->f.dir, id);
	assert_int_not_equal(system(path), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_forged_from_is_held_and_told, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reply_to_is_not_followed, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_address_case_is_the_same_sender, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_fail_from_the_seats_address_is_held,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_pass_is_a_second_proof, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_only_the_servers_own_verdict, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_off_reads_no_field, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_fail_under_foreign_sender_apply,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dmarc_notices_in_every_language, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_foreign_sender_apply, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_confirm_releases_the_held_mail, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_confirm_after_the_decision_passed,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_failed_authentication_tells_nothing,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_receipts_are_rate_limited, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stale_after_rollback, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_form_carries_the_step, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test(test_step_line_is_read),
		cmocka_unit_test_setup_teardown(test_stale_after_default, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stale_found_in_references, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_current_step_and_future_step, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_queued_orders_and_replay, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_queued_orders_are_no_step_for_the_others,
		    setup_targui, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_standing_order_on_an_older_form,
		    setup_targi, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_advance_orders_after_the_next_decision,
		    setup_targui, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stale_when_asked_something_new,
		    setup_targui_opposite, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stray_quote_name_is_the_seat, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_no_domain_is_never_answered, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_idn_domain_is_one_address, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_8bit_local_part_is_refused, setup_bq,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
