/* What a seat asks by mail besides orders (STATUS, REPORT, HISTORY, HELP),
 * press between players, observers, and games that take no orders (paused,
 * ended): each answer goes where it should and shows nothing it should not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "referee/mailcmd.h"
#include "core/msg.h"
#include "referee/press.h"
#include "render/report.h"
#include "games/targi/targi.h"
#include "mail/outbox.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char *const addr[] = { "n@example.org", "s@example.org", "e@example.org" };
static const char *const seatname[] = { "north", "south", "east" };

static int
open_env(void **state, const char *rules, int nseats, unsigned bots)
{
	char name[32];

	snprintf(name, sizeof name, "%s-1", rules);
	return fx_env_setup(state, rules, name, nseats, bots);
}

static int
setup_bq(void **state)
{
	return open_env(state, "buqruru", 0, 0);
}

static int
setup_targi(void **state)
{
	return open_env(state, "targi", 0, 0);
}

/* Three tribes, east played by the referee: press has someone to skip. */
static int
setup_targui(void **state)
{
	return open_env(state, "targui", 3, 4);
}

/* A mail from seat with its own token (or `token` when given). */
static void
send_as(struct fx_env *e, int seat, const char *token, const char *body)
{
	char mid[32], *m;

	snprintf(mid, sizeof mid, "m%d@x", ++e->mid);
	m = fx_order_mail(addr[seat], mid, e->game, seatname[seat],
	    token != NULL ? token : e->f.tokens[seat], body);
	fx_mail(&e->f, m);
	free(m);
}

static char *
must_mail(struct fx_env *e, const char *kind, const char *to)
{
	char *b = fx_last_mail(&e->f, kind, to);

	if (b == NULL)
		fail_msg("no %s mail to %s", kind, to);
	return b;
}

static void
expect_in(const char *body, const char *words)
{
	if (text_has(body, words) == NULL)
		fail_msg("\"%s\" is not in:\n%s", words, body);
}

static void
expect_not_in(const char *body, const char *words)
{
	if (text_has(body, words) != NULL)
		fail_msg("\"%s\" should not be in:\n%s", words, body);
}

static long long
count(struct fx_env *e, const char *sql)
{
	return fx_count(&e->f, sql);
}

static void
sql(struct fx_env *e, const char *q)
{
	char *err = NULL;

	if (sqlite3_exec(e->f.l.db, q, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("%s: %s", q, err);
}

static void
set(struct fx_env *e, const char *key, const char *value)
{
	struct diag d;

	if (campaign_set(&e->f.l, e->p.g.id, key, value, &d) < 0)
		fail_msg("%s=%s: %s", key, value, d.msg);
}

/* A legal order of seat now, from the ledger's game. */
static void
legal(struct fx_env *e, int seat, char *out, size_t n)
{
	struct play p;
	struct order_list ol;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	assert_true(ol.n > 0);
	snprintf(out, n, "%s\n", ol.v[0].text);
	order_list_free(&ol);
	play_free(&p);
}

/* s with every run of blanks and newlines made one space: reports fold
 * long lines. */
static char *
squeeze(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;

	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\n') {
			if (o > out && o[-1] == ' ')
				continue;
			*o++ = ' ';
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

/* Every narrative line viewer (-1: an observer) may not see; fails the test
 * when body shows one of them. Returns how many such lines the game has. */
static int
no_hidden_lines(struct fx_env *e, int viewer, const char *text)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT narrative FROM events");
	char *body = squeeze(text);
	int hidden = 0;

	while (sqlite3_step(st) == SQLITE_ROW) {
		char *nar = xstrdup(col_text(st, 0)), *save = NULL, *line, *said;

		for (char *ln = strtok_r(nar, "\n", &save); ln != NULL;
		    ln = strtok_r(NULL, "\n", &save)) {
			unsigned vis;
			char *tab = strchr(ln, '\t');

			if (tab == NULL || sscanf(ln, "%x", &vis) != 1)
				continue;
			/* An observer reads what every seat may (bit 31 is no seat's). */
			if (vis & (viewer >= 0 ? 1u << viewer : 0x80000000u))
				continue;
			hidden++;
			said = msg_text("en", tab + 1);
			line = squeeze(said);
			free(said);
			if (strstr(body, line) != NULL)
				fail_msg("\"%s\" is shown to %d:\n%s", line, viewer, text);
			free(line);
		}
		free(nar);
	}
	sqlite3_finalize(st);
	free(body);
	return hidden;
}

/* What the game keeps from viewer (-1: an observer) now: *n how many facts,
 * and the return how many of them text shows. A check that text shows
 * none proves something only where *n > 0, and where the maker's own mail
 * is seen to show one (the search can find them). */
static size_t
secrets_shown(struct fx_env *e, int viewer, const char *text, size_t *n)
{
	struct play p;
	struct secrets s;
	struct diag d;
	size_t shown = 0;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	secrets_init(&s);
	p.rules->secrets(p.st, viewer, &s);
	for (size_t i = 0; i < s.n; i++)
		shown += secret_in(text, s.v[i]) != NULL;
	*n = s.n;
	secrets_free(&s);
	play_free(&p);
	return shown;
}

static void
test_command_words(void **state)
{
	enum mailcmd c;
	int n;
	struct diag d;

	(void)state;
	assert_int_equal(mailcmd_of("status", &c, &n, &d), 1);
	assert_int_equal(c, MAILCMD_STATUS);
	assert_int_equal(mailcmd_of("History 12", &c, &n, &d), 1);
	assert_int_equal(c, MAILCMD_HISTORY);
	assert_int_equal(n, 12);
	assert_int_equal(mailcmd_of("HISTORY", &c, &n, &d), 1);
	assert_int_equal(n, 0);
	assert_int_equal(mailcmd_of("HISTORY -3", &c, &n, &d), -1);
	expect_in(d.msg, "HISTORY 10");
	assert_int_equal(mailcmd_of("legal", &c, &n, &d), 1);
	assert_int_equal(c, MAILCMD_LEGAL);
	assert_int_equal(mailcmd_of("REPORT now", &c, &n, &d), -1);
	expect_in(d.msg, "REPORT stands alone");
	assert_int_equal(mailcmd_of("SOW 2", &c, &n, &d), 0);
	assert_int_equal(mailcmd_of("REPORTS", &c, &n, &d), 0);
	assert_int_equal(mailcmd_of("json On", &c, &n, &d), 1);
	assert_int_equal(c, MAILCMD_JSON);
	assert_int_equal(n, 1);
	assert_int_equal(mailcmd_of("JSON OFF", &c, &n, &d), 1);
	assert_int_equal(n, 0);
	assert_int_equal(mailcmd_of("JSON", &c, &n, &d), -1);
	expect_in(d.msg, "JSON ON");
	assert_int_equal(mailcmd_of("JSON yes", &c, &n, &d), -1);
	assert_true(press_starts("press to north"));
	assert_false(press_starts("PRESS"));
	assert_false(press_starts("PRESSTO north"));
	assert_true(press_ends("EndPress"));
}

static void
test_status_report_history_need_the_token(void **state)
{
	struct fx_env *e = *state;
	long long out = count(e, "SELECT COUNT(*) FROM outbox");
	char *b;

	send_as(e, 0, e->f.tokens[1], "STATUS\nREPORT\nHISTORY\n");
	b = must_mail(e, "problem", addr[0]);
	expect_in(b, "not the token of seat north");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox"), out + 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind IN "
	    "('status', 'report', 'history')"), 0);

	/* With it: one mail each after the reply, which lists them as taken. */
	send_as(e, 0, NULL, "status\nREPORT\nHistory\nSTATUS\n");
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "the status is in a separate mail");
	expect_in(b, "your report is in a separate mail");
	expect_in(b, "the history is in a separate mail");
	expect_in(b, "asked already above");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'status'"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'history'"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' AND "
	    "to_addr = 'n@example.org'"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), 1);
	/* The answers come after the reply, in the order asked. */
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox a, outbox s WHERE "
	    "a.kind = 'ack' AND s.kind = 'status' AND a.id < s.id"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox r, outbox h WHERE "
	    "r.kind = 'report' AND h.kind = 'history' AND r.id < h.id"), 1);
}

static void
test_status_says_where_the_game_stands(void **state)
{
	struct fx_env *e = *state;
	char *b;

	sql(e, "INSERT INTO deadlines (game_id, seat_idx, seq, kind, due_at) VALUES "
	    "(1, 0, 0, 'hole', '2026-11-24T19:00:00Z')");
	sql(e, "UPDATE seats SET missed = 2 WHERE idx = 0");
	sql(e, "UPDATE seats SET away_from = '2026-12-01T00:00:00Z', away_to = "
	    "'2026-12-08T00:00:00Z' WHERE idx = 1");
	set(e, "timezone", "Europe/Paris");
	send_as(e, 0, NULL, "STATUS\n");
	b = must_mail(e, "status", addr[0]);
	expect_in(b, "The game is running.");
	expect_in(b, "north: ");
	/* 19:00 UTC is 20:00 in Paris in November. */
	expect_in(b, "deadline Tue 24 Nov 2026 20:00 CET");
	expect_in(b, "south: ");
	expect_in(b, "away from Tue 01 Dec 2026 01:00 CET to Tue 08 Dec 2026 01:00 CET");
	expect_in(b, "You missed 2 deadlines in a row, up to the last one. After\n3 in a row");
	/* The rules in sentences, not the game master's keys. */
	expect_in(b, "Each decision is due 3 days after the report");
	expect_not_in(b, "timezone: ");
	expect_in(b, "SEAT north");
	free(b);
}

static void
test_report_again(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *first, *again;

	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, order);
	legal(e, 1, order, sizeof order);
	send_as(e, 1, NULL, order);
	first = must_mail(e, "report", addr[0]);
	send_as(e, 0, NULL, "REPORT\n");
	again = must_mail(e, "report", addr[0]);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' AND "
	    "to_addr = 'n@example.org'"), 2);
	/* The state now, and what happened since north's own step: all the last
	 * report told, and north's step besides. */
	{
		const char *news = strstr(first, "What happened:\n"), *end, *board;
		char *ln, *save = NULL, *copy;

		assert_non_null(news);
		end = strstr(news, "\n\n");
		assert_non_null(end);
		copy = xstrndup(news, (size_t)(end - news));
		for (ln = strtok_r(copy, "\n", &save); ln != NULL; ln = strtok_r(NULL, "\n",
		    &save))
			expect_in(again, ln);
		free(copy);
		board = strstr(first, "The board from above");
		assert_non_null(board);
		assert_non_null(strstr(again, "The board from above"));
		assert_string_equal(strstr(again, "The board from above"), board);
	}
	no_hidden_lines(e, 0, again);
	free(first);
	free(again);
}

/* REPORT again while the other seat's sowing hole is sealed: the report
 * shows the board as it stands, and not that hole. */
static void
test_report_keeps_the_other_hole(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;
	size_t facts;

	legal(e, 1, order, sizeof order);
	send_as(e, 1, NULL, order);
	b = must_mail(e, "ack", addr[1]);
	assert_int_equal(secrets_shown(e, 0, b, &facts), 1);
	assert_int_equal(facts, 1);
	free(b);
	send_as(e, 0, NULL, "REPORT\n");
	b = must_mail(e, "report", addr[0]);
	expect_in(b, "The board from above");
	assert_int_equal(secrets_shown(e, 0, b, &facts), 0);
	assert_int_equal(facts, 1);
	assert_true(no_hidden_lines(e, 0, b) > 0);
	free(b);
}

/* The seat now waited for among the players (not the bot), -1 when none;
 * its legal orders in *ol (the caller frees them). */
static int
waited_player(struct fx_env *e, struct order_list *ol)
{
	struct play p;
	struct pending pd;
	struct diag d;
	int who = -1;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	for (int s = 0; s < 2 && who < 0; s++)
		if (pd.seats & VIS_SEAT(s))
			who = s;
	order_list_init(ol);
	if (who >= 0)
		p.rules->legal(p.st, who, ol);
	play_free(&p);
	return who;
}

/* What seat's own report says it must do now ("Place Targi 1 of 3 ..."),
 * and in *other what the others read about it ("places Targi 1 of 3"). */
static void
own_and_other(struct fx_env *e, int seat, char *own, char *other, size_t n)
{
	struct play p;
	struct pending pd;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	msg_english(pending_own(&pd, seat), own, n);
	msg_english(pd.what[seat], other, n);
	play_free(&p);
}

static int
has_kind(const struct order_list *ol, const char *prefix)
{
	for (size_t i = 0; i < ol->n; i++)
		if (strncmp(ol->v[i].text, prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

static int
has_order(const struct order_list *ol, const char *text)
{
	for (size_t i = 0; i < ol->n; i++)
		if (strcmp(ol->v[i].text, text) == 0)
			return 1;
	return 0;
}

/* Plays the first legal order of whichever player is waited for until a
 * player's Targui turn offers MOVE: the position the summary is for. */
static int
to_targui_turn(struct fx_env *e, struct order_list *ol)
{
	for (int i = 0; i < 200; i++) {
		char line[ORDER_TEXT + 2];
		int who = waited_player(e, ol);

		if (who < 0)
			fail_msg("no player is waited for");
		if (has_kind(ol, "MOVE "))
			return who;
		snprintf(line, sizeof line, "%s\n", ol->v[0].text);
		order_list_free(ol);
		send_as(e, who, NULL, line);
	}
	fail_msg("no Targui turn with MOVE after 200 orders");
	return -1;
}

/* A Targui turn lists hundreds of orders; the report shows one line per box
 * the camels may leave and one for buying, every box in it taken from the
 * legal list, and points to LEGAL, which mails the whole list. */
static void
test_targui_report_summarises_legal(void **state)
{
	struct fx_env *e = *state;
	struct order_list ol;
	int who = to_targui_turn(e, &ol), shown = 0, froms = 0;
	char *b, *save = NULL, *copy, *ln, want[540], own[512], other[512];

	send_as(e, who, NULL, "REPORT\n");
	b = must_mail(e, "report", addr[who]);
	/* The first twelve numbered, LEGAL for the rest. */
	expect_in(b, "Those are the first 12; LEGAL mails every order.");
	/* The turn is named once ("It is your turn: Your turn in round 1"). */
	expect_in(b, "It is your turn: MOVE or ATTACK, then BUY; or PASS or END (round");
	for (size_t i = 0; i < ol.n; i++) {
		snprintf(want, sizeof want, "\n  %s\n", ol.v[i].text);
		shown += strstr(b, want) != NULL;
	}
	/* Only the example line, not the list. */
	assert_true(shown <= 1);
	assert_true(ol.n > 10);
	copy = xstrdup(b);
	for (ln = strtok_r(copy, "\n", &save); ln != NULL; ln = strtok_r(NULL, "\n", &save)) {
		int f, c, n, t;
		const char *at;
		char o[ORDER_TEXT + 8];

		if (sscanf(ln, "  from %d (%d camel%n", &f, &c, &n) == 2) {
			froms++;
			at = strstr(ln, "move to");
			for (at = at != NULL ? at + 7 : NULL; at != NULL &&
			    sscanf(at, " %d%n", &t, &n) == 1 && *at != ';'; at += n) {
				snprintf(o, sizeof o, "MOVE %d %d %d", f, t, c);
				if (!has_order(&ol, o))
					fail_msg("\"%s\" offers %s, not legal", ln, o);
			}
			at = strstr(ln, "attack");
			for (at = at != NULL ? at + 6 : NULL; at != NULL &&
			    sscanf(at, " %d%n", &t, &n) == 1; at += n) {
				snprintf(o, sizeof o, "ATTACK %d %d", f, t);
				if (!has_order(&ol, o))
					fail_msg("\"%s\" offers %s, not legal", ln, o);
			}
		} else if (strncmp(ln, "  buy 1", 7) == 0) {
			c = 1;
			if (sscanf(ln, "  buy 1 to %d", &c) < 1)
				c = 1;
			assert_non_null(at = strstr(ln, " at"));
			for (at += 3; sscanf(at, " %d%n", &t, &n) == 1; at += n) {
				snprintf(o, sizeof o, "BUY %d %d", t, c);
				if (!has_order(&ol, o))
					fail_msg("\"%s\" offers %s, not legal", ln, o);
			}
		}
	}
	/* Every box a MOVE leaves has its line. */
	for (size_t i = 0; i < ol.n; i++)
		if (strncmp(ol.v[i].text, "MOVE ", 5) == 0) {
			int f;
			char head[32];

			sscanf(ol.v[i].text, "MOVE %d", &f);
			snprintf(head, sizeof head, "\n  from %d (", f);
			expect_in(b, head);
		}
	assert_true(froms > 0);
	free(copy);
	free(b);

	/* LEGAL: every order, bare, one per line; an error reply shows the
	 * summary and the first twelve numbered too, not the whole list. */
	send_as(e, who, NULL, "LEGAL\n");
	b = must_mail(e, "ack", addr[who]);
	expect_in(b, "every legal order is in a separate mail");
	free(b);
	/* The reader's own words, as in its report: not the third person
	 * the other seats read ("Es wird auf dich gewartet: setzt ..."). */
	own_and_other(e, who, own, other, sizeof own);
	assert_string_not_equal(own, other);
	snprintf(want, sizeof want, "Your move: %s", own);
	b = must_mail(e, "legal", addr[who]);
	if (text_has(b, want) == NULL || text_has(b, other) != NULL)
		fail_msg("the LEGAL mail does not say \"%s\":\n%s", want, b);
	for (size_t i = 0; i < ol.n; i++) {
		snprintf(want, sizeof want, "\n%s\n", ol.v[i].text);
		expect_in(b, want);
	}
	free(b);
	send_as(e, 1 - who, NULL, "LEGAL\n");
	b = must_mail(e, "legal", addr[1 - who]);
	expect_in(b, "No order of yours is due now");
	free(b);
	send_as(e, who, NULL, "MOVE 1 1 1\n");
	b = must_mail(e, "error", addr[who]);
	expect_in(b, "Those are the first 12; LEGAL mails every order.");
	shown = 0;
	for (size_t i = 0; i < ol.n; i++) {
		snprintf(want, sizeof want, "\n  %s\n", ol.v[i].text);
		shown += strstr(b, want) != NULL;
	}
	assert_true(shown <= 1);
	free(b);
	order_list_free(&ol);
}

/* SOW lays one by one, as SOW 1 does: the report lists the order once. */
static void
test_buqruru_sow_listed_once(void **state)
{
	struct fx_env *e = *state;
	struct order_list ol;
	int who;
	char *b;

	for (int i = 0; i < 10; i++) {
		char line[ORDER_TEXT + 2];

		who = waited_player(e, &ol);
		assert_true(who >= 0);
		if (has_kind(&ol, "SOW"))
			break;
		snprintf(line, sizeof line, "%s\n", ol.v[0].text);
		order_list_free(&ol);
		send_as(e, who, NULL, line);
	}
	/* SOW is one by one: SOW 1 would be the same move twice. */
	assert_true(has_order(&ol, "SOW") && !has_order(&ol, "SOW 1"));
	send_as(e, who, NULL, "REPORT\n");
	b = must_mail(e, "report", addr[who]);
	/* A numbered choice: "   3  SOW". */
	expect_in(b, "  SOW\n");
	expect_not_in(b, "  SOW 1\n");
	free(b);
	order_list_free(&ol);
}

/* A Targi standing order is north's secret: south's history shows that
 * north gave an order, never which, nor the line only north may read. */
static void
test_history_hides_what_a_seat_may_not_see(void **state)
{
	struct fx_env *e = *state;
	char *mine, *theirs;

	send_as(e, 0, NULL, "PREFER 5 13 2 9\n");
	/* The ledger keeps the line as a message: its format, then north's
	 * name and the order as arguments. */
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE narrative LIKE "
	    "'00000001\t%Noted for %s: %s%north%PREFER 5 13 2 9%'"), 1);
	send_as(e, 0, NULL, "HISTORY\n");
	send_as(e, 1, NULL, "HISTORY\n");
	mine = must_mail(e, "history", addr[0]);
	theirs = must_mail(e, "history", addr[1]);
	expect_in(mine, "Noted for north: PREFER 5 13 2 9");
	expect_in(mine, "step 1, ");
	expect_in(mine, "you: PREFER 5 13 2 9");
	expect_in(theirs, "north: order");
	expect_not_in(theirs, "PREFER");
	assert_true(no_hidden_lines(e, 1, theirs) > 0);
	expect_in(theirs, "step 0, ");
	free(mine);
	free(theirs);

	/* HISTORY 1: the newest step only. */
	send_as(e, 1, NULL, "HISTORY 1\n");
	theirs = must_mail(e, "history", addr[1]);
	expect_not_in(theirs, "step 0, ");
	expect_in(theirs, "step 1, ");
	free(theirs);

	/* The order noted is in the reader's words, as the reader writes it. */
	sql(e, "UPDATE seats SET language = 'de' WHERE idx = 0");
	send_as(e, 0, NULL, "HISTORY 1\n");
	mine = must_mail(e, "history", addr[0]);
	expect_in(mine, "Für north notiert: BEVORZUGE 5 13 2 9");
	expect_not_in(mine, "PREFER");
	free(mine);
}

static void
test_history_marks_undone_steps(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;

	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, order);
	/* The history reads the undone table, the index (verify holds it to
	 * the chain). */
	sql(e, "INSERT INTO undone (game_id, seq, rollback_seq) VALUES (1, 1, 2)");
	send_as(e, 1, NULL, "HISTORY\n");
	b = must_mail(e, "history", addr[1]);
	expect_in(b, "step 1, ");
	expect_in(b, "(undone by the game master)");
	free(b);
}

static void
test_help_still_answered(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 0, NULL, "HELP\n");
	b = must_mail(e, "help", addr[0]);
	expect_in(b, "Buqruru by mail: the orders");
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "the order guide is in a separate mail");
	free(b);
}

/* The HTML of the newest mail of kind to `to`, as it is sent (g_free it). */
static char *
last_html(struct fx_env *e, const char *kind, const char *to)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT html FROM outbox WHERE kind = ? "
	    "AND to_addr = ? ORDER BY id DESC LIMIT 1");
	char *h = NULL;

	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		h = outbox_html(&e->f.l, e->p.g.id, col_text(st, 0));
	sqlite3_finalize(st);
	if (h == NULL)
		fail_msg("no %s mail to %s", kind, to);
	return h;
}

/* The line of b that numbers choice text ("  3  PLACE 5"), in out; the
 * number of such lines (a suggestion and the report's list). */
static int
numbered_line(const char *b, const char *text, char *out, size_t n)
{
	char want[2 * ORDER_TEXT];
	int found = 0;

	out[0] = '\0';
	snprintf(want, sizeof want, "  %s\n", text);
	for (const char *p = strstr(b, want); p != NULL; p = strstr(p + 1, want)) {
		/* "\n  " and the number right-aligned in two columns. */
		if (p - b < 5 || p[-5] != '\n' || p[-4] != ' ' || p[-3] != ' ' ||
		    (p[-2] != ' ' && (p[-2] < '0' || p[-2] > '9')) || p[-1] < '0' || p[-1] > '9')
			continue;
		snprintf(out, n, "%.*s", (int)(strlen(want) + 4), p - 4);
		found++;
	}
	return found;
}

/* A refused order line is answered with the legal orders nearest to it, in
 * the reader's words: with their numbers in the report's list in the text,
 * as its one-tap links in the HTML. A seat nothing is asked of, or a line
 * like no order, gets none. */
static void
test_did_you_mean(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], typo[2 * ORDER_TEXT], want[4 * ORDER_TEXT];
	char line[2 * ORDER_TEXT + 8], *b, *h;
	size_t n;

	legal(e, 0, order, sizeof order);
	order[strcspn(order, "\n")] = '\0';
	/* Step 0 of Targi: north places, "PLACE n". */
	assert_int_equal(strncmp(order, "PLACE ", 6), 0);
	snprintf(typo, sizeof typo, "lpace%s\n", order + 5);
	send_as(e, 0, NULL, typo);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), 1);
	b = must_mail(e, "error", addr[0]);
	/* Numbered as the report below numbers it: the line is there twice. */
	assert_int_equal(numbered_line(b, order, line, sizeof line), 2);
	snprintf(want, sizeof want, "Did you mean one of these? Each is legal now; reply with "
	    "only its\nnumber, or copy it into your reply:\n\n%s", line);
	expect_in(b, want);
	free(b);
	h = last_html(e, "error", addr[0]);
	snprintf(want, sizeof want, "now; tap one to send it:</p>\n<ul>\n<li><a href=\"mailto:");
	expect_in(h, want);
	snprintf(want, sizeof want, ". <code>%s</code></a></li>\n<li><a href=\"mailto:", order);
	expect_in(h, want);
	g_free(h);

	/* South is not asked anything now: nothing is legal, nothing offered. */
	send_as(e, 1, NULL, typo);
	b = must_mail(e, "error", addr[1]);
	expect_in(b, "rejected");
	expect_not_in(b, "Did you mean");
	free(b);
	send_as(e, 0, NULL, "Thanks, see you\n");
	b = must_mail(e, "error", addr[0]);
	expect_not_in(b, "Did you mean");
	free(b);

	/* In German words, whichever language the typo was in. */
	sql(e, "UPDATE seats SET language = 'de' WHERE idx = 0");
	snprintf(typo, sizeof typo, "COLOCA%s\n", order + 5);
	send_as(e, 0, NULL, typo);
	b = must_mail(e, "error", addr[0]);
	snprintf(want, sizeof want, "SETZE%s", order + 5);
	assert_int_equal(numbered_line(b, want, line, sizeof line), 2);
	free(b);
	snprintf(typo, sizeof typo, "STEZE%s\n", order + 5);
	send_as(e, 0, NULL, typo);
	b = must_mail(e, "error", addr[0]);
	n = (size_t)snprintf(want, sizeof want, "Meintest du einen von diesen? Jeder ist jetzt "
	    "erlaubt; antworte nur\nmit seiner Nummer, oder kopiere ihn in deine Antwort:\n\n%s",
	    line);
	assert_true(n < sizeof want);
	expect_in(b, want);
	free(b);
	h = last_html(e, "error", addr[0]);
	snprintf(want, sizeof want, ". <code>SETZE%s</code></a></li>", order + 5);
	expect_in(h, want);
	g_free(h);
}

static void
test_paused_and_ended_games_take_no_orders(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;

	sql(e, "UPDATE games SET paused_at = '2026-11-21T10:00:00Z', paused_until = "
	    "'2026-12-01T10:00:00Z', paused_reason = 'the game master travels'");
	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, order);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), 1);
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "the game is paused since Sat 21 Nov 2026 10:00 UTC: the game master "
	    "travels; it resumes by Tue 01 Dec 2026 10:00 UTC at the latest");
	/* The report carried with it says so, and asks for no move. */
	expect_in(b, "It resumes by Tue 01 Dec 2026 10:00 UTC at the latest;\nuntil then the "
	    "referee takes no orders.");
	expect_not_in(b, "It is your move");
	/* Nothing is legal in a paused game: nothing offered either. */
	expect_not_in(b, "Did you mean");
	free(b);
	send_as(e, 0, NULL, "STATUS\n");
	b = must_mail(e, "status", addr[0]);
	expect_in(b, "The game is paused since Sat 21 Nov 2026 10:00 UTC:\n  the game master "
	    "travels\n");
	/* A paused game opens no deadline. */
	expect_in(b, "no deadline yet");
	expect_not_in(b, "The game is running");
	free(b);
	/* A seat with a zone of its own reads the refusal's times in it. */
	send_as(e, 0, NULL, "TIMEZONE Asia/Tokyo\n");
	send_as(e, 0, NULL, order);
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "the game is paused since Sat 21 Nov 2026 19:00 JST: the game master "
	    "travels; it resumes by Tue 01 Dec 2026 19:00 JST at the latest");
	free(b);

	sql(e, "UPDATE games SET paused_at = '', paused_until = '', paused_reason = '', "
	    "status = 'ended', end_reason = 'nobody plays any more'");
	send_as(e, 0, NULL, order);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), 1);
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "the game master ended the game: nobody plays any more");
	expect_in(b, "The game master ended this game: nobody plays any more.");
	free(b);
	send_as(e, 1, NULL, "HISTORY\nSTATUS\n");
	b = must_mail(e, "status", addr[1]);
	expect_in(b, "The game master ended the game: nobody plays any more.");
	expect_in(b, "Waited for:\n  nobody");
	free(b);
	b = must_mail(e, "history", addr[1]);
	expect_in(b, "step 0, ");
	free(b);
}

static void
test_reports_show_deadlines(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;

	sql(e, "INSERT INTO deadlines (game_id, seat_idx, seq, kind, due_at) VALUES "
	    "(1, 1, 0, 'hole', '2026-11-24T20:00:00Z')");
	sql(e, "INSERT INTO deadlines (game_id, seat_idx, seq, kind, due_at, status) VALUES "
	    "(1, 0, 0, 'hole', '2026-11-20T20:00:00Z', 'met')");
	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, order);
	b = must_mail(e, "report", addr[1]);
	expect_in(b, "Deadline for south: Tue 24 Nov 2026 20:00 UTC");
	expect_in(b, "If your orders have not come by Tue 24 Nov 2026 20:00 UTC");
	expect_not_in(b, "Deadline for north");
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "Deadline for south");
	expect_not_in(b, "If your orders have not come");
	free(b);
}

/* Press: to a list, to all (observers too), refused when it cannot go. */
static void
press_as(struct fx_env *e, int seat, const char *body)
{
	send_as(e, seat, NULL, body);
}

static void
test_press_to_seats_and_all(void **state)
{
	struct fx_env *e = *state;
	long long events;
	char *b;

	/* The bot moves when it is waited for: let it, before counting steps. */
	press_as(e, 0, "STATUS\n");
	events = count(e, "SELECT COUNT(*) FROM events");
	sql(e, "INSERT INTO watchers (game_id, address, added_at, reported_seq) VALUES "
	    "(1, 'w@example.org', '2026-11-21T09:00:00Z', 0)");
	press_as(e, 0, "PRESS TO south\nShall we share the north?\n\n# not a comment\n"
	    "ENDPRESS\n");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), events);
	b = must_mail(e, "press", addr[1]);
	expect_in(b, "From: north\nTo:   south\n\nShall we share the north?\n\n"
	    "# not a comment\n\n---");
	expect_in(b, "PRESS TO north");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'press'"), 1);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "line 4: PRESS TO south\n      accepted: relayed to south");
	expect_not_in(b, "Shall we");
	free(b);

	/* ALL: every other seat but the bot, and the watcher. */
	press_as(e, 1, "press to all\nHello all.\n");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'press'"), 3);
	b = must_mail(e, "press", addr[0]);
	expect_in(b, "From: south\nTo:   all\n\nHello all.\n");
	free(b);
	b = must_mail(e, "press", "w@example.org");
	expect_in(b, "Hello all.");
	expect_not_in(b, "PRESS TO south");
	free(b);
	assert_null(fx_last_mail(&e->f, "press", "bot"));
	/* Not back to its sender: south has only north's press. */
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'press' AND "
	    "to_addr = 's@example.org'"), 1);

	/* The orders after the press are orders again. */
	{
		char order[ORDER_TEXT + 2], body[ORDER_TEXT + 64];

		legal(e, 0, order, sizeof order);
		snprintf(body, sizeof body, "PRESS TO south\nhi\nENDPRESS\n%s", order);
		press_as(e, 0, body);
		assert_int_equal(count(e, "SELECT COUNT(*) FROM events"), events + 1);
	}
}

static void
test_press_refused(void **state)
{
	struct fx_env *e = *state;
	char *b;

	press_as(e, 0, "PRESS TO west\nhi\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "game targui-1 has no seat \"west\"; its seats are north, south, east");
	free(b);
	press_as(e, 0, "PRESS TO north,south\nhi\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "press to your own seat is not relayed");
	free(b);
	press_as(e, 0, "PRESS TO east\nhi\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "the referee plays that seat: a bot reads no press");
	free(b);
	/* In the reader's words, all of them. */
	sql(e, "UPDATE seats SET language = 'es' WHERE idx = 0");
	press_as(e, 0, "PRESS TO east\nhi\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "el árbitro juega ese puesto: un bot no lee mensajes");
	expect_not_in(b, "that seat");
	free(b);
	sql(e, "UPDATE seats SET language = '' WHERE idx = 0");
	press_as(e, 0, "PRESS TO south\nENDPRESS\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "the press has no text");
	free(b);
	press_as(e, 0, "PRESS TO south ANONYMOUS\nguess who\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "this game relays no anonymous press");
	free(b);
	press_as(e, 0, "ENDPRESS\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "no PRESS TO line comes before it");
	free(b);
	set(e, "press", "no");
	press_as(e, 0, "PRESS TO south\nhi\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "this game takes no press");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'press'"), 0);
}

static void
test_press_anonymous_and_gm_copy(void **state)
{
	struct fx_env *e = *state;
	char *b;
	sqlite3_stmt *st;

	set(e, "press_anonymous", "yes");
	set(e, "press_copy_gm", "yes");
	set(e, "gm", "gm@example.org");
	press_as(e, 0, "PRESS TO south, east ANONYMOUS\nguess who\n");
	b = must_mail(e, "press", addr[1]);
	expect_in(b, "From: anonymous\nTo:   south\n");
	expect_not_in(b, "north");
	expect_not_in(b, "PRESS TO");
	free(b);
	st = ledger_prep(&e->f.l, "SELECT subject FROM outbox WHERE kind = 'press' AND "
	    "to_addr = 's@example.org'");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	expect_not_in(col_text(st, 0), "north");
	sqlite3_finalize(st);
	/* The game master knows who wrote it. */
	b = must_mail(e, "press", "gm@example.org");
	expect_in(b, "From: anonymous (sent by north, unsigned)");
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "relayed unsigned to south");
	free(b);
}

static void
test_press_never_carries_the_token(void **state)
{
	struct fx_env *e = *state;
	char body[400], upper[40], bare[40], *b;
	size_t k = 0;

	for (size_t i = 0; e->f.tokens[0][i] != '\0'; i++) {
		upper[i] = (char)(e->f.tokens[0][i] >= 'a' && e->f.tokens[0][i] <= 'z' ?
		    e->f.tokens[0][i] - 32 : e->f.tokens[0][i]);
		upper[i + 1] = '\0';
		if (e->f.tokens[0][i] != '-')
			bare[k++] = e->f.tokens[0][i];
	}
	bare[k] = '\0';
	snprintf(body, sizeof body, "PRESS TO south\nGAME targui-1\nTOKEN %s\nmine is %s, "
	    "or %s!\n> TOKEN %s\nENDPRESS\n", e->f.tokens[0], upper, bare, e->f.tokens[0]);
	press_as(e, 0, body);
	b = must_mail(e, "press", addr[1]);
	expect_not_in(b, e->f.tokens[0]);
	expect_not_in(b, upper);
	expect_not_in(b, bare);
	expect_not_in(b, "\nTOKEN");
	expect_in(b, "GAME targui-1\nmine is [token removed], or [token removed]!\n");
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "your token was taken out of the text");
	free(b);
}

/* Watchers get the public report after each step, and nothing private. */
static void
test_observers_see_the_public_report(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;
	size_t facts;

	sql(e, "INSERT INTO watchers (game_id, address, added_at) VALUES "
	    "(1, 'w@example.org', '2026-11-21T09:00:00Z')");
	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, order);
	b = must_mail(e, "observer", "w@example.org");
	expect_in(b, "You are watching Buqruru game buqruru-1");
	expect_in(b, "You are watching this match.");
	expect_not_in(b, "TOKEN");
	expect_not_in(b, "It is your move");
	/* The sealed hole choice is north's alone: not in the narrative, and
	 * not on the board or in the players' lines either. */
	assert_true(no_hidden_lines(e, -1, b) > 0);
	assert_int_equal(secrets_shown(e, -1, b, &facts), 0);
	assert_true(facts > 0);
	free(b);
	b = must_mail(e, "ack", addr[0]);
	assert_int_equal(secrets_shown(e, -1, b, &facts), facts);
	free(b);
	assert_int_equal(count(e, "SELECT reported_seq FROM watchers"), 1);
	/* Nothing new, nothing sent. */
	send_as(e, 1, NULL, "STATUS\n");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'observer'"), 1);
}

/* Targi: the observer's tree holds no hand card and no drawn card while the
 * players have them, through a game played by random legal orders. */
static void
test_observer_targi_no_hand(void **state)
{
	struct fx_env *e = *state;
	struct play p;
	struct diag d;
	struct rng r;
	int hands = 0, drawn = 0;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	rng_seed(&r, 7);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	for (int step = 0; step < 400; step++) {
		struct pending pd;
		struct order_list ol;
		struct tval *root = report_tree(&e->f.l, &p, -1, p.seq - 1, "en"), *pl;
		int seat = -1;

		assert_null(tval_get(root, "your_hand"));
		assert_null(tval_get(root, "drawn"));
		assert_int_equal(tval_get(root, "seat")->type, TV_NULL);
		pl = tval_get(root, "players");
		assert_non_null(pl);
		for (size_t i = 0; i < pl->n; i++) {
			const struct tg_player *tp = &((const struct tg_state *)p.st)->pl[i];

			/* A card taken face up from the centre is no secret. */
			if (tp->hand >= 0 && tp->hand_secret) {
				hands++;
				assert_null(tval_get(pl->items[i], "hand"));
			}
		}
		drawn += ((const struct tg_state *)p.st)->phase == PH_ACTIONS &&
		    ((const struct tg_state *)p.st)->sub == SUB_DRAWN;
		tval_free(root);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		if (pd.over)
			break;
		for (int s = 0; s < p.g.nseats && seat < 0; s++)
			if (pd.seats & VIS_SEAT(s))
				seat = s;
		order_list_init(&ol);
		assert_int_equal(p.rules->legal(p.st, seat, &ol), 0);
		assert_true(ol.n > 0);
		assert_int_equal(play_step(&e->f.l, &p, "order", seat,
		    &ol.v[rng_below(&r, (uint32_t)ol.n)], "2026-11-21T12:00:00Z", NULL, &d), 0);
		order_list_free(&ol);
	}
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	play_free(&p);
	/* The test saw hands and a drawn card to hide. */
	assert_true(hands > 0);
	assert_true(drawn > 0);
}

/* The newest report mail's view.json to addr ("" when it has none). */
static char *
report_json(struct fx_env *e, const char *to)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT json FROM outbox WHERE kind = "
	    "'report' AND to_addr = ? ORDER BY id DESC LIMIT 1");
	char *j;

	sqlite3_bind_text(st, 1, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW)
		fail_msg("no report to %s", to);
	j = xstrdup(col_text(st, 0));
	sqlite3_finalize(st);
	return j;
}

/* JSON ON: the seat's reports carry its own view as view.json, and nobody
 * else's do; JSON OFF ends it. */
static void
test_json_by_mail(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b, *j;

	legal(e, 0, order, sizeof order);
	send_as(e, 0, NULL, "JSON maybe\n");
	b = must_mail(e, "error", addr[0]);
	expect_in(b, "JSON takes ON");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE json = 1"), 0);

	b = xmalloc(strlen(order) + 16);
	snprintf(b, strlen(order) + 16, "JSON ON\n%s", order);
	send_as(e, 0, NULL, b);
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "your reports carry your view as JSON, in the attachment view.json");
	free(b);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE json = 1 AND idx = 0"), 1);
	/* south's report after north's step: south did not ask. */
	j = report_json(e, addr[1]);
	assert_string_equal(j, "");
	free(j);

	legal(e, 1, order, sizeof order);
	send_as(e, 1, NULL, order);
	j = report_json(e, addr[0]);
	expect_in(j, "\"schema\" : \"azalai-view\"");
	expect_in(j, "\"viewer\" : 0");
	expect_in(j, "\"seat\" : \"north\"");
	expect_in(j, "\"your_turn\" : true");
	expect_not_in(j, e->f.tokens[0]);
	expect_not_in(j, e->f.tokens[1]);
	/* What south may keep from north is not in north's JSON. */
	{
		struct play p;
		struct secrets s;
		struct diag d;

		assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
		secrets_init(&s);
		p.rules->secrets(p.st, 0, &s);
		assert_true(s.n > 0);
		for (size_t i = 0; i < s.n; i++)
			if (secret_in(j, s.v[i]) != NULL)
				fail_msg("north's view.json holds \"%s\"", s.v[i]);
		secrets_free(&s);
		play_free(&p);
	}
	free(j);
	j = report_json(e, addr[1]);
	assert_string_equal(j, "");
	free(j);

	legal(e, 0, order, sizeof order);
	b = xmalloc(strlen(order) + 16);
	snprintf(b, strlen(order) + 16, "json off\n%s", order);
	send_as(e, 0, NULL, b);
	free(b);
	b = must_mail(e, "ack", addr[0]);
	expect_in(b, "your reports carry no JSON");
	free(b);
	legal(e, 1, order, sizeof order);
	send_as(e, 1, NULL, order);
	j = report_json(e, addr[0]);
	assert_string_equal(j, "");
	free(j);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_command_words),
		cmocka_unit_test_setup_teardown(test_json_by_mail, setup_targi,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_status_report_history_need_the_token,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_status_says_where_the_game_stands,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_report_keeps_the_other_hole, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_report_again, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_history_hides_what_a_seat_may_not_see,
		    setup_targi, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_history_marks_undone_steps, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_help_still_answered, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_did_you_mean, setup_targi,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_paused_and_ended_games_take_no_orders,
		    setup_bq, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reports_show_deadlines, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_to_seats_and_all, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_refused, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_anonymous_and_gm_copy, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_never_carries_the_token,
		    setup_targui, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_observers_see_the_public_report, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_observer_targi_no_hand, setup_targi,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_targui_report_summarises_legal,
		    setup_targui, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_buqruru_sow_listed_once, setup_bq,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
