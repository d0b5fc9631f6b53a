/* Whole games by bots through the ledger: every step legal and conserving,
 * every decision of a kind the game lists, and replay from the events gives
 * every stored state hash again. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "process.h"
#include "testutil.h"

static int
check_step(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	const struct game_rules *r = arg;
	struct diag d;

	struct pending pd;

	(void)e;
	diag_clear(&d);
	if (r->check(st, &d) < 0)
		fail_msg("step %lld: %s", (long long)seq, d.msg);
	/* Every decision waited for is one a game master can set deadline.KIND of. */
	r->waiting_for(st, &pd);
	for (int s = 0; s < MAX_SEATS; s++) {
		int known = 0;

		if (!(pd.seats & VIS_SEAT(s)))
			continue;
		for (int k = 0; r->decision_kinds != NULL && r->decision_kinds[k] != NULL; k++)
			known |= strcmp(r->decision_kinds[k], pd.kind[s]) == 0;
		if (!known)
			fail_msg("step %lld: %s waits for \"%s\", not in its decision_kinds",
			    (long long)seq, r->name, pd.kind[s]);
	}
	return 0;
}

static void
playouts(const char *rules, int nseats, const char *const *opts, int nopts, int games)
{
	struct fixture f;

	fx_open(&f);
	for (int i = 0; i < games; i++) {
		struct play p, again;
		struct pending pd;
		struct diag d;
		char name[32], now[32];
		int steps = 0;
		void *st;

		snprintf(name, sizeof name, "g-%d", i);
		fx_game(&f, rules, name, nseats, 0xf, opts, nopts, &p);
		clock_iso(clock_now(), now, sizeof now);
		assert_int_equal(ledger_begin(&f.l, &d), 0);
		if (process_bots(&f.l, &p, now, &steps, &d) < 0)
			fail_msg("game %d: %s", i, d.msg);
		assert_int_equal(ledger_commit(&f.l, &d), 0);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		assert_true(pd.over);
		assert_true(steps > 0);

		st = calloc(1, p.rules->state_size);
		if (play_replay(&f.l, &p.g, -1, st, check_step, (void *)p.rules, &d) < 0)
			fail_msg("game %d: %s", i, d.msg);
		assert_memory_equal(st, p.st, p.rules->state_size);
		free(st);
		/* Loading from the snapshot gives the same state as playing did. */
		assert_int_equal(play_load(&f.l, name, &again, &d), 1);
		assert_string_equal(again.state_hash, p.state_hash);
		play_free(&again);
		play_free(&p);
	}
	fx_close(&f);
}

static void
test_buqruru_default(void **state)
{
	(void)state;
	playouts("buqruru", 0, NULL, 0, 1000);
}

static void
test_buqruru_variants(void **state)
{
	static const char *const v1[] = { "direction=shared-ccw", "chain=to-sowing-hole",
	    "hole_choice=open" };
	static const char *const v2[] = { "groups=divisors-1-4", "owner_capture=off",
	    "first_direction=cw" };

	(void)state;
	playouts("buqruru", 0, v1, 3, 500);
	playouts("buqruru", 0, v2, 3, 500);
}

static void
test_targi(void **state)
{
	(void)state;
	playouts("targi", 0, NULL, 0, 60);
}

static void
test_targui_2_3_4(void **state)
{
	static const char *const shorter[] = { "rounds=4" };

	(void)state;
	playouts("targui", 2, shorter, 1, 20);
	playouts("targui", 3, shorter, 1, 20);
	playouts("targui", 4, NULL, 0, 10);
}

/* A tampered step is caught by replay. */
static void
test_replay_catches_tampering(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	char now[32];
	int steps = 0;
	void *st;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "t-1", 0, 0x3, NULL, 0, &p);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(process_bots(&f.l, &p, now, &steps, &d), 0);
	/* Rewrite history behind the triggers' back, as a broken tool might. */
	assert_int_equal(sqlite3_exec(f.l.db, "DROP TRIGGER events_no_update; UPDATE events "
	    "SET state_hash = 'bad' WHERE seq = 2", NULL, NULL, NULL), SQLITE_OK);
	st = calloc(1, p.rules->state_size);
	diag_clear(&d);
	assert_int_equal(play_replay(&f.l, &p.g, -1, st, NULL, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "step 2"));
	free(st);
	play_free(&p);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buqruru_default),
		cmocka_unit_test(test_buqruru_variants),
		cmocka_unit_test(test_targi),
		cmocka_unit_test(test_targui_2_3_4),
		cmocka_unit_test(test_replay_catches_tampering),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
