/* The wall-clock cap of one bot decision (referee/bots.c): budgets are
 * counted in playouts, so on our machines the cap never bites and no other
 * test would see it gone. Here the monotonic clock is this program's own
 * (its clock_gettime stands before the C library's for the code linked in),
 * and each reading of it moves it on half a second: the 400 iterations of
 * an ismcts decision, asked whether to stop every 16, would last 12 s by it.
 * The decision must end at the cap, about 2 s, and still be a legal order,
 * played as the game's next step. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "referee/bots.h"
#include "testutil.h"

#define TICK 0.5	/* seconds a reading of the monotonic clock moves it on */

static int fake;
static double fake_now = 1000.0;

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	if (!fake || id != CLOCK_MONOTONIC)
		return (int)syscall(SYS_clock_gettime, id, ts);
	ts->tv_sec = (time_t)fake_now;
	ts->tv_nsec = (long)((fake_now - (double)ts->tv_sec) * 1e9);
	fake_now += TICK;
	return 0;
}

static void
test_decision_ends_at_the_cap(void **unused)
{
	struct fixture f;
	struct play probe, p;
	double start;
	int w, steps;

	(void)unused;
	fx_open(&f);
	/* The seat the game waits for first is the bot's. */
	fx_game(&f, "buqruru", "probe", 0, 0, NULL, 0, &probe);
	w = fx_waited_seat(&probe);
	assert_true(w >= 0);
	play_free(&probe);
	fx_game(&f, "buqruru", "cap", 0, 1u << w, NULL, 0, &p);
	snprintf(p.g.seats[w].bot_level, sizeof p.g.seats[w].bot_level, "ismcts");
	bots_run_cap(-1);
	fake = 1;
	start = fake_now;
	steps = fx_bots(&f, &p);
	fake = 0;
	/* One decision, and a real one: with a single legal order there is
	 * nothing to search and the cap is never asked. */
	assert_int_equal(steps, 1);
	assert_int_equal(p.seq, 1);
	if (fake_now - start <= 2.0)
		fail_msg("the decision took %.1f s by the clock: the cap never bit",
		    fake_now - start);
	/* The cap, the reading that passed it and the one that counts the
	 * run's bot time. */
	if (fake_now - start > 2.0 + 3 * TICK)
		fail_msg("the decision took %.1f s by the clock, past the cap of 2 s",
		    fake_now - start);
	/* Played as an order like a player's: its step is in the ledger. */
	assert_int_equal(fx_count(&f, "SELECT count(*) FROM events e JOIN games g ON "
	    "g.id = e.game_id WHERE g.name = 'cap' AND e.kind = 'bot'"), 1);
	play_free(&p);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decision_ends_at_the_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
