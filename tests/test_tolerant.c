/* The tolerant reader (issue 30 item 4): what players write around their
 * orders (a greeting, a signature, a quoted report below, a reply that names
 * no game) costs them no refusal, and what is not theirs to skip still is. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "games/game.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "testutil.h"

static const char *const from[] = { "n@example.org", "s@example.org" };
static const char *const name[] = { "north", "south" };

static int
setup(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

/* The seat waited for now and a legal order of it. */
static int
turn(struct fx_env *e, char *order, size_t n)
{
	struct play p;
	struct pending pd;
	struct order_list ol;
	struct diag d;
	int seat;

	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	seat = (pd.seats & VIS_SEAT(0)) ? 0 : 1;
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	assert_true(ol.n > 0);
	snprintf(order, n, "%s", ol.v[0].text);
	order_list_free(&ol);
	play_free(&p);
	return seat;
}

/* A mail from seat with the header lines head (GAME/SEAT/TOKEN or less),
 * headers extra (In-Reply-To...), and body. */
static void
mail(struct fx_env *e, int seat, const char *extra, const char *body)
{
	char *m;

	xasprintf(&m, "From: Player <%s>\nTo: referee@example.org\nSubject: Re: bq-1\n"
	    "Message-ID: <t%d@x>\nDate: Sat, 21 Nov 2026 10:00:00 +0000\n%s\n%s",
	    from[seat], ++e->mid, extra, body);
	fx_mail(&e->f, m);
	free(m);
}

static char *
head(struct fx_env *e, int seat)
{
	char *s;

	xasprintf(&s, "GAME bq-1\nSEAT %s\nTOKEN %s\n", name[seat], e->f.tokens[seat]);
	return s;
}

/* The answer to the mail just sent to seat is an ack (its title says the
 * orders were applied), an order was applied and nothing refused. */
static void
applied_one(struct fx_env *e, int seat, long long events_before)
{
	char sql[256];

	snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM outbox WHERE to_addr = '%s' AND "
	    "kind = 'ack' AND in_reply_to LIKE '%%t%d@x%%'", from[seat], e->mid);
	assert_int_equal(fx_count(&e->f, sql), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'error'"),
	    0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE status = "
	    "'rejected'"), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM messages WHERE status = "
	    "'rejected'"), 0);
	assert_true(fx_count(&e->f, "SELECT COUNT(*) FROM events") > events_before);
}

static void
signed_with(void **state, const char *before, const char *after, const char *said)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], *h, *body, *ack;
	long long ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	int seat = turn(e, order, sizeof order);

	h = head(e, seat);
	xasprintf(&body, "%s%s%s\n%s", h, before, order, after);
	mail(e, seat, "", body);
	applied_one(e, seat, ev);
	ack = fx_last_mail(&e->f, "ack", from[seat]);
	/* Said gently: named in the answer, not refused. */
	if (said != NULL)
		assert_non_null(strstr(ack, said));
	free(ack);
	free(body);
	free(h);
}

static void
test_first_name(void **state)
{
	signed_with(state, "", "\nAnna\n", "signature");
}

static void
test_gruss(void **state)
{
	signed_with(state, "", "\nGruß\nKlaus\n", "signature");
}

static void
test_sent_from_iphone(void **state)
{
	signed_with(state, "", "\nEnviado desde mi iPhone\n", "signature");
}

static void
test_sent_from_phone(void **state)
{
	signed_with(state, "", "Sent from my phone\n", "signature");
}

static void
test_dash_block(void **state)
{
	signed_with(state, "", "Thanks!\n-- \nAnna Example\n+49 30 1234567\n", "signature");
}

static void
test_greetings(void **state)
{
	signed_with(state, "Hi\n\n", "", "greeting");
	signed_with(state, "Hallo Schiedsrichter,\n", "", "greeting");
	signed_with(state, "Hola:\n", "Saludos\n", "greeting");
}

/* What looks like an order is never taken for a signature: a typo of a
 * keyword after a good order, or a line with a number, is still refused. */
static void
test_typo_is_no_signature(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], *h, *body;
	int seat = turn(e, order, sizeof order);

	h = head(e, seat);
	xasprintf(&body, "%s%s\nSWO 3\n", h, order);
	mail(e, seat, "", body);
	free(body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'error'"),
	    1);
	/* Before any order: a typo is not a greeting either. */
	seat = turn(e, order, sizeof order);
	free(h);
	h = head(e, seat);
	xasprintf(&body, "%sHOEL 3\n%s\n", h, order);
	mail(e, seat, "", body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'error'"),
	    2);
	free(body);
	/* A long word a letter off, with no number. */
	seat = turn(e, order, sizeof order);
	free(h);
	h = head(e, seat);
	xasprintf(&body, "%s%s\nREFLIL\n", h, order);
	mail(e, seat, "", body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'error'"),
	    3);
	free(body);
	free(h);
}

/* The Message-ID of the newest mail the referee sent seat about bq-1 (its
 * report, asked for with a full form). */
static void
last_sent(struct fx_env *e, int seat, char *out, size_t n)
{
	sqlite3_stmt *st;
	char *h = head(e, seat), *body;

	xasprintf(&body, "%sREPORT\n", h);
	mail(e, seat, "", body);
	free(body);
	free(h);
	st = ledger_prep(&e->f.l, "SELECT message_id FROM outbox WHERE "
	    "to_addr = ? AND kind = 'report' ORDER BY id DESC LIMIT 1");
	sqlite3_bind_text(st, 1, from[seat], -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

/* Reply to the report with TOKEN and the order: no GAME, no SEAT. */
static void
test_reply_needs_no_game(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], mid[256], hdr[300], *body;
	long long ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	int seat = turn(e, order, sizeof order);

	last_sent(e, seat, mid, sizeof mid);
	snprintf(hdr, sizeof hdr, "In-Reply-To: <%s>\n", mid);
	xasprintf(&body, "Hi,\n\nTOKEN %s\n%s\n\nAnna\n", e->f.tokens[seat], order);
	mail(e, seat, hdr, body);
	free(body);
	applied_one(e, seat, ev);
	/* References alone (the newest of ours in it) does too. */
	ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	seat = turn(e, order, sizeof order);
	last_sent(e, seat, mid, sizeof mid);
	snprintf(hdr, sizeof hdr, "References: <other@elsewhere> <%s>\n", mid);
	xasprintf(&body, "TOKEN %s\n%s\n", e->f.tokens[seat], order);
	mail(e, seat, hdr, body);
	free(body);
	applied_one(e, seat, ev);
}

/* Outlook: orders on top, the report below, unquoted, after its header. */
static void
test_outlook_reply(void **state)
{
	static const char *const seps[] = {
		"________________________________\nFrom: azalai <referee@example.org>\n",
		"From: azalai <referee@example.org>\nSent: Saturday, 21 November 2026 09:00\n",
		"Von: azalai <referee@example.org>\nGesendet: Samstag, 21. November 2026\n",
	};
	struct fx_env *e = *state;
	char order[ORDER_TEXT], mid[256], hdr[300], *body;

	for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		long long ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
		int seat = turn(e, order, sizeof order);

		last_sent(e, seat, mid, sizeof mid);
		snprintf(hdr, sizeof hdr, "In-Reply-To: <%s>\n", mid);
		xasprintf(&body, "TOKEN %s\n%s\n\n%sTo: %s\nSubject: bq-1\n\nYour turn.\n\n"
		    "GAME bq-1\nSEAT %s\nTOKEN\nSTEP 1\nSOW 99\n", e->f.tokens[seat], order,
		    seps[i], from[seat], name[seat]);
		mail(e, seat, hdr, body);
		free(body);
		applied_one(e, seat, ev);
	}
}

/* A reply that names another seat's report cannot take this seat's token,
 * and no token is asked for in the seat's language, naming nothing. */
static void
test_reply_without_token(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], mid[256], hdr[300], *body, *ans;
	struct play p;
	struct diag d;
	int seat = turn(e, order, sizeof order);

	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	assert_int_equal(lang_set_seat(&e->f.l, &p, seat, "de", &d), 0);
	play_free(&p);
	last_sent(e, seat, mid, sizeof mid);
	snprintf(hdr, sizeof hdr, "In-Reply-To: <%s>\n", mid);
	xasprintf(&body, "%s\n", order);
	mail(e, seat, hdr, body);
	free(body);
	ans = fx_last_mail(&e->f, "problem", from[seat]);
	assert_non_null(ans);
	assert_non_null(strstr(ans, "SCHLÜSSEL"));
	assert_null(strstr(ans, "north"));
	assert_null(strstr(ans, "south"));
	free(ans);
	/* The other seat's token on a reply to this seat's report. */
	xasprintf(&body, "TOKEN %s\n%s\n", e->f.tokens[1 - seat], order);
	mail(e, 1 - seat, hdr, body);
	free(body);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE event_seq IS "
	    "NOT NULL"), 0);
	ans = fx_last_mail(&e->f, "problem", from[1 - seat]);
	assert_non_null(ans);
	free(ans);
}

/* LANGUAGE de (or SPRACHE de) lets German order words follow. */
static void
test_language_line(void **state)
{
	static const char *const kw[] = { "LANGUAGE de", "SPRACHE de", "IDIOMA de" };
	struct fx_env *e = *state;
	char order[ORDER_TEXT], de[2 * ORDER_TEXT], *h, *body;

	for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++) {
		long long ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
		int seat = turn(e, order, sizeof order);
		struct play p;
		struct diag d;

		/* Each time from English: the line, not the seat's setting, says it. */
		assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
		assert_int_equal(lang_set_seat(&e->f.l, &p, seat, "en", &d), 0);
		play_free(&p);
		assert_true(ordertr_to_lang("de", "buqruru", order, de, sizeof de) == 1);
		h = head(e, seat);
		xasprintf(&body, "%s%s\n%s\n", h, kw[i], de);
		mail(e, seat, "", body);
		applied_one(e, seat, ev);
		free(body);
		free(h);
	}
}

/* Mail no token proves is answered in the language of its words. */
static void
test_stranger_in_its_words(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], *body, *ans;
	int seat = turn(e, order, sizeof order);

	xasprintf(&body, "SPIEL bq-1\nPLATZ %s\nSCHLÜSSEL 0000-falsch\n%s\n", name[seat],
	    order);
	mail(e, seat, "", body);
	free(body);
	ans = fx_last_mail(&e->f, "problem", from[seat]);
	assert_non_null(ans);
	/* German, not the configuration's English. */
	assert_non_null(strstr(ans, "Schiedsrichter"));
	free(ans);
	xasprintf(&body, "PARTIDA nada-1\nPUESTO %s\nCLAVE 0000\n", name[seat]);
	mail(e, seat, "", body);
	free(body);
	ans = fx_last_mail(&e->f, "problem", from[seat]);
	assert_non_null(ans);
	assert_null(strstr(ans, "The referee could not"));
	free(ans);
}

/* A refused header block is told in the words of the mail: what was
 * wrong and on which line of the body (a greeting above counts), the line
 * said in the reader's words too, and no English. */
static void
test_stranger_told_what_and_where(void **state)
{
	static const struct {
		const char *body, *said, *english;
	} c[] = {
		{ "Hola,\n\nPARTIDA nada-1\nPUESTO north\nCLAVE 0000\n",
		    "línea 3: no hay ninguna partida con el identificador de esta línea",
		    "there is no game" },
		{ "Hallo,\n\nSPIEL bq-1\nPLATZ north\nSCHLÜSSEL 0000-falsch\nSÄEN 1\n",
		    "Zeile 5: das ist nicht der Schlüssel von Platz north in Spiel bq-1",
		    "not the token" },
		{ "PARTIE bq-1\nSIÈGE north\nJETON 0000\nSIÈGE south\n",
		    "ligne 4 : c'est une deuxième ligne SIÈGE (la première est la ligne 2)",
		    "second" },
	};
	struct fx_env *e = *state;
	long long ev = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	char *ans;

	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		mail(e, 0, "", c[i].body);
		ans = fx_last_mail(&e->f, "problem", from[0]);
		assert_non_null(ans);
		if (text_has(ans, c[i].said) == NULL)
			fail_msg("no \"%s\" in: %s", c[i].said, ans);
		if (strstr(ans, "line ") != NULL || strstr(ans, c[i].english) != NULL)
			fail_msg("English in: %s", ans);
		free(ans);
	}
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), ev);
}

/* A mail too large to read is answered from its header block alone: when
 * it replies to a seat's report, in the seat's language. */
static void
test_too_large_reply_in_seat_language(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT], mid[256], hdr[300], *body, *ans;
	int seat = turn(e, order, sizeof order);
	struct play p;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
	assert_int_equal(lang_set_seat(&e->f.l, &p, seat, "de", &d), 0);
	play_free(&p);
	last_sent(e, seat, mid, sizeof mid);
	snprintf(hdr, sizeof hdr, "In-Reply-To: <%s>\n", mid);
	e->f.cfg.max_message_bytes = 4096;
	body = xmalloc(8192);
	memset(body, 'x', 8191);
	body[8191] = '\0';
	mail(e, seat, hdr, body);
	free(body);
	ans = fx_last_mail(&e->f, "problem", from[seat]);
	assert_non_null(ans);
	if (text_has(ans, "deine Mail ist zu groß") == NULL)
		fail_msg("not in German: %s", ans);
	free(ans);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_first_name, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_gruss, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_sent_from_iphone, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_sent_from_phone, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dash_block, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_greetings, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_typo_is_no_signature, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reply_needs_no_game, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_outlook_reply, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reply_without_token, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_language_line, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stranger_in_its_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_stranger_told_what_and_where, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_too_large_reply_in_seat_language, setup,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
