/* Mails that end a turn: a courtesy END or PASS after the turn ended by
 * itself is a no-op (Targui: not queued for the next turn; Targi: not an
 * error), queued lines say so, a queued order that can never be legal is
 * refused, and orders after the end are told the game is over. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/targui/targui.h"
#include "ledger/ledger.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char *const addr[] = { "n@example.org", "s@example.org" };
static const char *const seatname[] = { "north", "south" };

static int
targui_setup(void **state)
{
	return fx_env_setup(state, "targui", "tu-1", 2, 0);
}

static int
targi_setup(void **state)
{
	/* South is the bot: north alone writes mails. */
	return fx_env_setup(state, "targi", "tg-1", 2, 2);
}

static void
send(struct fx_env *e, int seat, const char *orders)
{
	char mid[32], *m;

	snprintf(mid, sizeof mid, "m%d@x", ++e->mid);
	m = fx_order_mail(addr[seat], mid, e->game, seatname[seat], e->f.tokens[seat],
	    orders);
	fx_mail(&e->f, m);
	free(m);
}

static void
load(struct fx_env *e, struct play *p)
{
	struct diag d;

	assert_int_equal(play_load(&e->f.l, e->game, p, &d), 1);
}

/* The seat waited for and the kind of its decision; -1 when none. */
static int
who(const struct play *p, char *kind, size_t n)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	for (int s = 0; s < p->g.nseats; s++)
		if (pd.seats & VIS_SEAT(s)) {
			snprintf(kind, n, "%s", pd.kind[s]);
			return s;
		}
	return -1;
}

/* The first legal order of seat whose text starts with prefix, into o. */
static int
first(const struct play *p, void *st, int seat, const char *prefix, struct order *o)
{
	struct order_list ol;
	int found = 0;

	order_list_init(&ol);
	p->rules->legal(st, seat, &ol);
	for (size_t i = 0; i < ol.n && !found; i++)
		if (strncmp(ol.v[i].text, prefix, strlen(prefix)) == 0) {
			*o = ol.v[i];
			found = 1;
		}
	order_list_free(&ol);
	return found;
}

static int
waits(const struct play *p, const void *st, int seat)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(st, &pd);
	return (pd.seats & VIS_SEAT(seat)) != 0;
}

/* Plays the Targui setup by mail, then turns until a seat's turn can be
 * written MOVE, BUY (or PASS) that ends it by itself; that mail text in
 * mail, the seat returned. */
static int
targui_turn_that_ends(struct fx_env *e, char *mail, size_t n)
{
	for (int guard = 0; guard < 60; guard++) {
		struct play p;
		char kind[24];
		struct order o, b;
		struct diag d;
		int s;

		load(e, &p);
		s = who(&p, kind, sizeof kind);
		assert_true(s >= 0);
		if (strcmp(kind, "turn") == 0 && first(&p, p.st, s, "MOVE", &o)) {
			void *copy = xmalloc(p.rules->state_size);

			memcpy(copy, p.st, p.rules->state_size);
			assert_int_equal(p.rules->apply(copy, s, &o, NULL, &d), 0);
			if (!first(&p, copy, s, "BUY", &b))
				assert_true(first(&p, copy, s, "PASS", &b));
			assert_int_equal(p.rules->apply(copy, s, &b, NULL, &d), 0);
			if (!waits(&p, copy, s)) {
				snprintf(mail, n, "%s\n%s\n", o.text, b.text);
				free(copy);
				play_free(&p);
				return s;
			}
			free(copy);
		}
		if (strcmp(kind, "turn") == 0)
			snprintf(mail, n, "END\n");
		else {
			assert_true(first(&p, p.st, s, "", &o));
			snprintf(mail, n, "%s\n", o.text);
		}
		play_free(&p);
		send(e, s, mail);
	}
	fail_msg("no Targui turn ends by itself after MOVE and BUY");
	return -1;
}

static void
expect_no_queue(struct fx_env *e, int seat)
{
	struct play p;
	const struct tu_state *s;

	load(e, &p);
	s = p.st;
	assert_int_equal(s->nqueue[seat], 0);
	play_free(&p);
}

static void
test_targui_trailing_end_is_a_noop(void **state)
{
	struct fx_env *e = *state;
	char mail[600], full[640], *ack;
	int s = targui_turn_that_ends(e, mail, sizeof mail);

	snprintf(full, sizeof full, "%sEND\n", mail);
	send(e, s, full);
	expect_no_queue(e, s);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE text = 'END' "
	    "AND status = 'skipped'"), 1);
	ack = fx_last_mail(&e->f, "ack", addr[s]);
	assert_non_null(ack);
	assert_non_null(strstr(ack, "nothing to do: the lines above ended your turn"));
	assert_null(strstr(ack, "queued for your next turn"));
	free(ack);
}

static void
test_targui_trailing_pass_is_a_noop(void **state)
{
	struct fx_env *e = *state;
	char mail[600], full[640];
	int s = targui_turn_that_ends(e, mail, sizeof mail);

	snprintf(full, sizeof full, "%sPASS\n", mail);
	send(e, s, full);
	expect_no_queue(e, s);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE text = 'PASS' "
	    "AND status = 'skipped'"), 1);
}

/* A line that waits for the next turn says so; one that can never be legal
 * (camels bought on the salt mine) is refused at once. */
static void
test_targui_queued_lines(void **state)
{
	struct fx_env *e = *state;
	char mail[600], line[64], *ack, *err;
	struct play p;
	const struct tu_state *ts;
	int s = targui_turn_that_ends(e, mail, sizeof mail), other = 1 - s, mine = 0;

	load(e, &p);
	ts = p.st;
	for (int b = 1; b <= TU_BOXES; b++)
		if (ts->terrain[b] == T_SALTMINE)
			mine = b;
	play_free(&p);
	assert_true(mine > 0);
	send(e, other, "END\n");
	ack = fx_last_mail(&e->f, "ack", addr[other]);
	assert_non_null(ack);
	assert_non_null(strstr(ack, "accepted: queued for your next turn"));
	free(ack);
	snprintf(line, sizeof line, "BUY %d 5\n", mine);
	send(e, other, line);
	err = fx_last_mail(&e->f, "error", addr[other]);
	assert_non_null(err);
	assert_non_null(strstr(err, "salt mine"));
	free(err);
	load(e, &p);
	ts = p.st;
	assert_int_equal(ts->nqueue[other], 1);
	play_free(&p);
}

/* North's actions, taken one by one on a copy, until the round's actions
 * end by themselves; 1 with the mail text, 0 when this round's cards only
 * end with END (the Merchant, water). */
static int
targi_actions_that_end(const struct play *p, char *mail, size_t n)
{
	void *copy = xmalloc(p->rules->state_size);
	size_t len = 0;
	int ended = 0;

	memcpy(copy, p->st, p->rules->state_size);
	mail[0] = '\0';
	for (int k = 0; k < 20 && waits(p, copy, 0); k++) {
		struct order_list ol;
		struct order *o = NULL;
		struct pending pd;
		struct diag d;

		memset(&pd, 0, sizeof pd);
		p->rules->waiting_for(copy, &pd);
		if (strcmp(pd.kind[0], "actions") != 0 && strcmp(pd.kind[0], "limit") != 0)
			break;
		order_list_init(&ol);
		p->rules->legal(copy, 0, &ol);
		for (size_t i = 0; i < ol.n && o == NULL; i++)
			if (strcmp(ol.v[i].text, "END") != 0 &&
			    strncmp(ol.v[i].text, "TRADE", 5) != 0 &&
			    strncmp(ol.v[i].text, "EXCHANGE", 8) != 0 &&
			    strncmp(ol.v[i].text, "USE", 3) != 0 &&
			    strncmp(ol.v[i].text, "STANDING", 8) != 0)
				o = &ol.v[i];
		if (o == NULL) {
			order_list_free(&ol);
			break;
		}
		assert_int_equal(p->rules->apply(copy, 0, o, NULL, &d), 0);
		len += (size_t)snprintf(mail + len, n - len, "%s\n", o->text);
		order_list_free(&ol);
		if (!waits(p, copy, 0)) {
			ended = 1;
			break;
		}
		memset(&pd, 0, sizeof pd);
		p->rules->waiting_for(copy, &pd);
		if (strcmp(pd.kind[0], "placement") == 0 || strcmp(pd.kind[0], "raid") == 0) {
			ended = 1;
			break;
		}
	}
	free(copy);
	return ended && len > 0;
}

static void
test_targi_end_after_last_action(void **state)
{
	struct fx_env *e = *state;

	for (int guard = 0; guard < 80; guard++) {
		struct play p;
		char kind[24], mail[2048], full[2100], *ack;
		struct order o;
		int s;

		load(e, &p);
		s = who(&p, kind, sizeof kind);
		assert_int_equal(s, 0);
		if (strcmp(kind, "actions") == 0 && targi_actions_that_end(&p, mail,
		    sizeof mail - 8)) {
			play_free(&p);
			snprintf(full, sizeof full, "%sEND\n", mail);
			send(e, 0, full);
			assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE "
			    "status = 'rejected'"), 0);
			assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM orders WHERE "
			    "text = 'END' AND status = 'skipped'"), 1);
			ack = fx_last_mail(&e->f, "ack", addr[0]);
			assert_non_null(ack);
			assert_non_null(strstr(ack, "nothing to do: the lines above ended "
			    "your turn"));
			free(ack);
			return;
		}
		if (strcmp(kind, "actions") == 0)
			snprintf(mail, sizeof mail, "END\n");
		else {
			assert_true(p.rules->default_order(p.st, 0, &o) == 0);
			snprintf(mail, sizeof mail, "%s\n", o.text);
		}
		play_free(&p);
		send(e, 0, mail);
	}
	fail_msg("north's actions never ended without END");
}

static void
test_orders_after_the_end(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	char *err;

	assert_int_equal(ledger_game_set_status(&e->f.l, e->p.g.id, "over",
	    "The north win.", &d), 0);
	send(e, 0, "END\n");
	err = fx_last_mail(&e->f, "error", addr[0]);
	assert_non_null(err);
	assert_non_null(strstr(err, "The game is over: it takes no more orders."));
	assert_null(strstr(err, "send them again"));
	free(err);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_targui_trailing_end_is_a_noop,
		    targui_setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_targui_trailing_pass_is_a_noop,
		    targui_setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_targui_queued_lines, targui_setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_targi_end_after_last_action, targi_setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_orders_after_the_end, targui_setup,
		    fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
