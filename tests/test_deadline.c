/* When a decision is due: durations, snapping to a time of day, allowed
 * weekdays, the floor, in the campaign's zone across changes of summer time. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/dates.h"
#include "lang/catalog.h"
#include "core/clock.h"
#include "campaign/deadline.h"

static time_t
at(const char *iso)
{
	time_t t = clock_parse_iso(iso);

	assert_true(t >= 0);
	return t;
}

/* A campaign from "key=value" pairs over the defaults. */
static void
camp(struct campaign *c, ...)
{
	va_list ap;
	const char *k, *v;
	struct diag d;

	campaign_defaults(c);
	va_start(ap, c);
	while ((k = va_arg(ap, const char *)) != NULL) {
		v = va_arg(ap, const char *);
		diag_clear(&d);
		if (campaign_apply(c, k, v, &d) < 0)
			fail_msg("%s=%s: %s", k, v, d.msg);
	}
	va_end(ap);
}

static void
assert_due(time_t got, const char *want)
{
	char iso[32];

	clock_iso(got, iso, sizeof iso);
	assert_string_equal(iso, want);
}

static void
test_duration_only(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "deadline", "3d", "deadline.placement", "12h", NULL);
	assert_due(deadline_due(&c, "actions", at("2026-11-21T12:00:00Z"), 0),
	    "2026-11-24T12:00:00Z");
	assert_due(deadline_due(&c, "placement", at("2026-11-21T12:00:00Z"), 0),
	    "2026-11-22T00:00:00Z");
}

static void
test_snap(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "20:00", NULL);
	/* 13:00 CET on Tuesday: on to 20:00 the same day. */
	assert_due(deadline_due(&c, "x", at("2026-11-21T12:00:00Z"), 0),
	    "2026-11-24T19:00:00Z");
	/* 21:00 CET: 20:00 has gone, the next day's. */
	assert_due(deadline_due(&c, "x", at("2026-11-21T20:00:00Z"), 0),
	    "2026-11-25T19:00:00Z");
	/* Exactly 20:00 stays. */
	assert_due(deadline_due(&c, "x", at("2026-11-21T19:00:00Z"), 0),
	    "2026-11-24T19:00:00Z");
}

static void
test_weekdays(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "20:00",
	    "deadline.days", "mon-fri", NULL);
	/* Sat 28 Nov 13:00 CET: on to Monday 20:00. */
	assert_due(deadline_due(&c, "x", at("2026-11-25T12:00:00Z"), 0),
	    "2026-11-30T19:00:00Z");
	/* Without a snap time: the start of the next allowed day, Mon 00:00 CET
	 * (keeping the time of day would let a later Sunday morning come before
	 * an earlier Saturday night). */
	camp(&c, "timezone", "Europe/Berlin", "deadline.days", "mon-fri", NULL);
	assert_due(deadline_due(&c, "x", at("2026-11-25T12:00:00Z"), 0),
	    "2026-11-29T23:00:00Z");
	/* An allowed day is left alone. */
	assert_due(deadline_due(&c, "x", at("2026-11-21T12:00:00Z"), 0),
	    "2026-11-24T12:00:00Z");
	/* Weekends only, by the local day: Fri 23:30 UTC is Sat 00:30 CET. */
	camp(&c, "timezone", "Europe/Berlin", "deadline.days", "sat,sun", "deadline",
	    "1h", NULL);
	assert_due(deadline_due(&c, "x", at("2026-11-27T22:30:00Z"), 0),
	    "2026-11-27T23:30:00Z");
}

static void
test_floor(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "deadline", "1d", NULL);
	assert_due(deadline_due(&c, "x", at("2026-11-21T12:00:00Z"),
	    at("2026-11-25T08:00:00Z")), "2026-11-25T08:00:00Z");
	assert_due(deadline_due(&c, "x", at("2026-11-21T12:00:00Z"),
	    at("2026-11-21T08:00:00Z")), "2026-11-22T12:00:00Z");
}

/* Berlin leaves summer time on 25 Oct 2026: 03:00 CEST becomes 02:00 CET. */
static void
test_berlin_autumn(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "20:00", "deadline", "2d",
	    NULL);
	/* Fri 20:00 CEST + 2 days is Sun 19:00 CET: on to 20:00 CET. */
	assert_due(deadline_due(&c, "x", at("2026-10-23T18:00:00Z"), 0),
	    "2026-10-25T19:00:00Z");
	/* 02:30 happens twice that night: the first one at or after the instant. */
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "02:30", "deadline", "1h",
	    NULL);
	assert_due(deadline_due(&c, "x", at("2026-10-24T23:00:00Z"), 0),
	    "2026-10-25T00:30:00Z");
	assert_due(deadline_due(&c, "x", at("2026-10-24T23:45:00Z"), 0),
	    "2026-10-25T01:30:00Z");
	assert_due(deadline_due(&c, "x", at("2026-10-25T00:45:00Z"), 0),
	    "2026-10-26T01:30:00Z");
}

/* Berlin enters summer time on 28 Mar 2027: 02:00 CET becomes 03:00 CEST. */
static void
test_berlin_spring(void **state)
{
	struct campaign c;

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "02:30", "deadline", "1h",
	    NULL);
	/* 02:30 does not exist that day: the first instant after the gap, 03:00 CEST. */
	assert_due(deadline_due(&c, "x", at("2027-03-27T22:00:00Z"), 0),
	    "2027-03-28T01:00:00Z");
	/* The day after, 02:30 CEST. */
	assert_due(deadline_due(&c, "x", at("2027-03-28T01:00:00Z"), 0),
	    "2027-03-29T00:30:00Z");
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "20:00", "deadline", "2d",
	    NULL);
	assert_due(deadline_due(&c, "x", at("2027-03-26T15:00:00Z"), 0),
	    "2027-03-28T18:00:00Z");
	assert_due(deadline_due(&c, "x", at("2027-03-26T19:00:00Z"), 0),
	    "2027-03-29T18:00:00Z");
}

static void
test_new_york(void **state)
{
	struct campaign c;

	(void)state;
	/* 1 Nov 2026: 02:00 EDT becomes 01:00 EST. */
	camp(&c, "timezone", "America/New_York", "deadline.snap", "20:00", "deadline", "2d",
	    NULL);
	assert_due(deadline_due(&c, "x", at("2026-10-30T12:00:00Z"), 0),
	    "2026-11-02T01:00:00Z");
	assert_due(deadline_due(&c, "x", at("2026-10-29T12:00:00Z"), 0),
	    "2026-11-01T00:00:00Z");
	/* 14 Mar 2027: 02:00 EST becomes 03:00 EDT; 02:15 is skipped. */
	camp(&c, "timezone", "America/New_York", "deadline.snap", "02:15", "deadline", "1h",
	    NULL);
	assert_due(deadline_due(&c, "x", at("2027-03-14T05:00:00Z"), 0),
	    "2027-03-14T07:00:00Z");
}

/* Decisions opened later are never due earlier, whatever the zone does:
 * every 37 minutes through both changes of 2026/27, several rules. */
static void
test_never_backwards(void **state)
{
	static const char *const zones[] = { "Europe/Berlin", "America/New_York",
	    "Australia/Lord_Howe", "UTC" };
	static const char *const snaps[] = { "none", "02:30", "20:00", "00:00" };
	static const char *const days[] = { "all", "mon-fri", "sat,sun" };
	static const struct { const char *from, *to; } spans[] = {
		{ "2026-10-20T00:00:00Z", "2026-11-06T00:00:00Z" },
		{ "2027-03-10T00:00:00Z", "2027-04-06T00:00:00Z" },
	};

	(void)state;
	for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++)
	for (size_t s = 0; s < sizeof snaps / sizeof snaps[0]; s++)
	for (size_t k = 0; k < sizeof days / sizeof days[0]; k++)
	for (size_t p = 0; p < sizeof spans / sizeof spans[0]; p++) {
		struct campaign c;
		time_t prev = 0;

		camp(&c, "timezone", zones[z], "deadline.snap", snaps[s], "deadline.days",
		    days[k], "deadline", "1d", NULL);
		for (time_t t = at(spans[p].from); t < at(spans[p].to); t += 37 * 60) {
			time_t due = deadline_due(&c, "x", t, 0);

			if (due < prev || due < t + 86400)
				fail_msg("%s snap %s days %s: opened %lld due %lld, before %lld",
				    zones[z], snaps[s], days[k], (long long)t, (long long)due,
				    (long long)prev);
			prev = due;
		}
	}
}

static void
test_parse_time(void **state)
{
	struct campaign c;
	time_t now = at("2026-11-21T12:00:00Z");

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", NULL);
	assert_due(deadline_parse_time(&c, "2026-11-24T19:00:00Z", now), "2026-11-24T19:00:00Z");
	assert_due(deadline_parse_time(&c, "2026-11-24 20:00", now), "2026-11-24T19:00:00Z");
	assert_due(deadline_parse_time(&c, "2026-11-24T20:00", now), "2026-11-24T19:00:00Z");
	assert_due(deadline_parse_time(&c, "2026-11-24", now), "2026-11-23T23:00:00Z");
	assert_due(deadline_parse_time(&c, "+1d12h", now), "2026-11-23T00:00:00Z");
	assert_due(deadline_parse_time(&c, "2027-03-28 02:30", now), "2027-03-28T01:00:00Z");
	/* Days the calendar does not have are refused, not moved into March. */
	assert_true(deadline_parse_time(&c, "2026-02-30 20:00", now) < 0);
	assert_true(deadline_parse_time(&c, "2026-11-31", now) < 0);
	assert_true(deadline_parse_time(&c, "2026-02-29T19:00:00Z", now) < 0);
	assert_true(clock_parse_iso("2026-04-31T00:00:00Z") < 0);
	assert_due(deadline_parse_time(&c, "2028-02-29 20:00", now), "2028-02-29T19:00:00Z");
	assert_due(deadline_parse_time(&c, "2026-12-31T23:59:59Z", now), "2026-12-31T23:59:59Z");
	assert_true(deadline_parse_time(&c, "tomorrow", now) < 0);
	assert_true(deadline_parse_time(&c, "+soon", now) < 0);
	assert_true(deadline_parse_time(&c, "2026-11-24 20:00 extra", now) < 0);
}

/* Conversions neither change the environment (setenv would replace the very
 * string the caller put there, and races with other threads reading it) nor
 * depend on the caller's TZ. */
static void
test_environment_untouched(void **state)
{
	static char tokyo[] = "TZ=Asia/Tokyo", bogus[] = "TZ=Nowhere/Atlantis-5";
	static char *const tzs[] = { tokyo, bogus, NULL };
	struct campaign c;
	char out[64];

	(void)state;
	camp(&c, "timezone", "Europe/Berlin", "deadline.snap", "02:30", "deadline", "1h",
	    NULL);
	for (size_t i = 0; i < sizeof tzs / sizeof tzs[0]; i++) {
		if (tzs[i] != NULL)
			assert_int_equal(putenv(tzs[i]), 0);
		else
			unsetenv("TZ");
		assert_due(deadline_due(&c, "x", at("2027-03-27T22:00:00Z"), 0),
		    "2027-03-28T01:00:00Z");
		assert_due(deadline_due(&c, "x", at("2026-10-24T23:45:00Z"), 0),
		    "2026-10-25T01:30:00Z");
		assert_due(deadline_parse_time(&c, "2026-11-24 20:00", 0),
		    "2026-11-24T19:00:00Z");
		campaign_date_english(&c, at("2026-10-24T18:00:00Z"), out, sizeof out);
		assert_string_equal(out, "Sat 24 Oct 2026 20:00 CEST");
		if (tzs[i] != NULL)
			assert_ptr_equal(getenv("TZ"), tzs[i] + 3);
		else
			assert_null(getenv("TZ"));
	}
}

int
main(void)
{
	const char *srcdir = getenv("srcdir");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duration_only),
		cmocka_unit_test(test_snap),
		cmocka_unit_test(test_weekdays),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_berlin_autumn),
		cmocka_unit_test(test_berlin_spring),
		cmocka_unit_test(test_new_york),
		cmocka_unit_test(test_never_backwards),
		cmocka_unit_test(test_parse_time),
		cmocka_unit_test(test_environment_untouched),
	};

	/* Times are written through the English catalog's day and month names. */
	catalog_init(srcdir != NULL ? srcdir : ".");
	msg_use_catalog(&catalog_msg);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
