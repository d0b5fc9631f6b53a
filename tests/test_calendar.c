/* Deadlines in the reader's calendar (issue 30): the iCalendar part of the
 * mails to a seat, read back by libical as a calendar program would. One UID
 * per decision; a deadline moved goes out again with a higher SEQUENCE, its
 * time right on both sides of a change of summer time; a decision made, a
 * game ended cancel it; a pause holds it back until the resume moves it; a
 * seat (CALENDAR OFF, in its words) and the game master turn it off. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/deadline-rows.h"
#include "core/clock.h"
#include "core/xmalloc.h"
#include "mail/mailout.h"
#include "referee/notice.h"
#include "referee/people.h"
#include "referee/schedule.h"
#include "render/render.h"
#include "testutil.h"

static const char *const addr[] = { "n@example.org", "s@example.org" };

static int
setup(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

/* The seat the game waits for, after the run that opens its deadline. */
static int
opened(struct fx_env *e)
{
	struct schedule_stats s;
	struct diag d;
	char now[32];

	clock_iso(clock_now(), now, sizeof now);
	memset(&s, 0, sizeof s);
	if (schedule_run(&e->f.l, &e->f.cfg, NULL, now, 0, NULL, &s, &d) < 0)
		fail_msg("schedule_run: %s", d.msg);
	fx_reload(e);
	return fx_waited_seat(&e->p);
}

static time_t
due_of(struct fx_env *e, int seat)
{
	char sql[200];
	sqlite3_stmt *st;
	time_t t = -1;

	snprintf(sql, sizeof sql, "SELECT due_at FROM deadlines WHERE seat_idx = %d AND "
	    "status = 'open'", seat);
	st = ledger_prep(&e->f.l, sql);
	if (sqlite3_step(st) == SQLITE_ROW)
		t = clock_parse_iso(col_text(st, 0));
	sqlite3_finalize(st);
	assert_true(t > 0);
	return t;
}

/* A notice to the seat, as `azalai deadline` sends one. */
static void
notice(struct fx_env *e, int seat, const char *tmpl)
{
	struct tval *extra = tval_map();
	struct render r;
	struct diag d;
	char now[32];

	clock_iso(clock_now(), now, sizeof now);
	render_init(&r, e->f.cfg.datadir, e->p.rules->name, "en");
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (notice_one(&e->f.l, &e->f.cfg, &r, &e->p, seat, addr[seat], tmpl, tmpl, extra, 0,
	    now, &d) < 0)
		fail_msg("notice: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	tval_free(extra);
	render_free(&r);
}

/* The calendar part of the newest mail to the seat, parsed; NULL when that
 * mail carries none. */
static icalcomponent *
newest(struct fx_env *e, int seat)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT ical FROM outbox WHERE to_addr = ? "
	    "ORDER BY id DESC LIMIT 1");
	icalcomponent *cal = NULL;

	sqlite3_bind_text(st, 1, addr[seat], -1, SQLITE_STATIC);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	if (col_text(st, 0)[0] != '\0') {
		cal = icalparser_parse_string(col_text(st, 0));
		assert_non_null(cal);
		assert_int_equal(icalcomponent_isa(cal), ICAL_VCALENDAR_COMPONENT);
		assert_int_equal(icalcomponent_get_method(cal), ICAL_METHOD_PUBLISH);
	}
	sqlite3_finalize(st);
	return cal;
}

struct ev {
	char uid[256];
	int sequence;
	int cancelled;
	time_t at;              /* DTSTART through the part's own VTIMEZONE */
	int alarm;              /* the alarm's offset in seconds, 0 none */
	char tzid[64];
	char desc[1024];
};

/* The calendar's one event: the part carries exactly one here. */
static struct ev
one_event(icalcomponent *cal)
{
	icalcomponent *v = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT);
	icalproperty *ds;
	icalparameter *tz;
	icalcomponent *al;
	struct ev x;

	memset(&x, 0, sizeof x);
	assert_non_null(v);
	assert_null(icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT));
	snprintf(x.uid, sizeof x.uid, "%s", icalcomponent_get_uid(v));
	x.sequence = icalcomponent_get_sequence(v);
	x.cancelled = icalcomponent_get_status(v) == ICAL_STATUS_CANCELLED;
	if (icalcomponent_get_description(v) != NULL)
		snprintf(x.desc, sizeof x.desc, "%s", icalcomponent_get_description(v));
	ds = icalcomponent_get_first_property(v, ICAL_DTSTART_PROPERTY);
	assert_non_null(ds);
	tz = icalproperty_get_first_parameter(ds, ICAL_TZID_PARAMETER);
	if (tz != NULL) {
		/* The zone the part itself defines, not this machine's. */
		icaltimezone *z = icalcomponent_get_timezone(cal, icalparameter_get_tzid(tz));

		assert_non_null(z);
		snprintf(x.tzid, sizeof x.tzid, "%s", icalparameter_get_tzid(tz));
		x.at = icaltime_as_timet_with_zone(icalproperty_get_dtstart(ds), z);
	} else {
		struct icaltimetype t = icalproperty_get_dtstart(ds);

		assert_true(icaltime_is_utc(t));
		x.at = icaltime_as_timet(t);
	}
	if ((al = icalcomponent_get_first_component(v, ICAL_VALARM_COMPONENT)) != NULL) {
		struct icaltriggertype tr = icalproperty_get_trigger(
		    icalcomponent_get_first_property(al, ICAL_TRIGGER_PROPERTY));

		x.alarm = icaldurationtype_as_int(tr.duration);
	}
	return x;
}

static struct ev
newest_event(struct fx_env *e, int seat)
{
	icalcomponent *cal = newest(e, seat);
	struct ev x;

	assert_non_null(cal);
	x = one_event(cal);
	icalcomponent_free(cal);
	return x;
}

/* A report that asks its seat to decide carries the deadline: in the
 * campaign's zone, with the reminder as its alarm. */
static void
test_report_carries_deadline(void **state)
{
	struct fx_env *e = *state;
	struct ev x;
	int seat;

	fx_set(e, "timezone", "Europe/Berlin");
	fx_set(e, "reminder", "6h");
	seat = opened(e);
	assert_true(seat >= 0);
	notice(e, seat, "deadline");
	x = newest_event(e, seat);
	assert_string_equal(x.tzid, "Europe/Berlin");
	assert_int_equal(x.at, due_of(e, seat));
	assert_int_equal(x.sequence, 0);
	assert_false(x.cancelled);
	assert_int_equal(x.alarm, -6 * 3600);
	assert_non_null(strstr(x.uid, "@"));
	/* One paragraph: a calendar app wraps it to its own width, and a line
	 * break in a DESCRIPTION is a hard one ("24.\nNovember 2026"). */
	if (strstr(x.desc, "waits for your orders") == NULL || strchr(x.desc, '\n') != NULL)
		fail_msg("the description is not one paragraph: \"%s\"", x.desc);
}

/* Extended across the spring change of summer time: the same UID, a higher
 * SEQUENCE, and the time right in UTC on both sides of the change, read
 * through the zone the part carries. */
static void
test_extension_across_summer_time(void **state)
{
	struct fx_env *e = *state;
	/* Saturday 27 March 2027, 12:00 UTC: 13:00 in Berlin, the day before
	 * the clocks go forward; two days later 14:00 in Berlin. */
	time_t before = clock_parse_iso("2027-03-27T12:00:00Z");
	struct ev a, b;
	struct diag d;
	int seat;

	fx_set(e, "timezone", "Europe/Berlin");
	seat = opened(e);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(deadline_set(&e->f.l, e->p.g.id, seat, before, &d), 1);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	notice(e, seat, "deadline");
	a = newest_event(e, seat);
	assert_int_equal(a.at, before);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(deadline_shift(&e->f.l, e->p.g.id, seat, 2 * 86400, &d), 1);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	notice(e, seat, "deadline");
	b = newest_event(e, seat);
	assert_string_equal(b.uid, a.uid);
	assert_true(b.sequence > a.sequence);
	assert_int_equal(b.at, before + 2 * 86400);
	assert_false(b.cancelled);
	/* Local times differ by the hour the clocks went forward. */
	{
		sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT ical FROM outbox WHERE "
		    "to_addr = ? ORDER BY id DESC LIMIT 1");

		sqlite3_bind_text(st, 1, addr[seat], -1, SQLITE_STATIC);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_non_null(strstr(col_text(st, 0), "DTSTART;TZID=Europe/Berlin:20270329T140000"));
		sqlite3_finalize(st);
	}
}

/* The decision made: the seat's next mail cancels the event it holds, with
 * a higher SEQUENCE, once; the mail after that says nothing more of it. */
static void
test_decision_made_cancels(void **state)
{
	struct fx_env *e = *state;
	struct ev a, b;
	icalcomponent *cal;
	int seat;

	seat = opened(e);
	notice(e, seat, "deadline");
	a = newest_event(e, seat);
	fx_play_turn(&e->f, e->game);
	fx_reload(e);
	assert_true(fx_waited_seat(&e->p) != seat);
	b = newest_event(e, seat);
	assert_string_equal(b.uid, a.uid);
	assert_true(b.cancelled);
	assert_true(b.sequence > a.sequence);
	assert_int_equal(b.alarm, 0);
	notice(e, seat, "deadline");
	cal = newest(e, seat);
	assert_null(cal);
}

/* The game master ends the game: the open event is cancelled. */
static void
test_end_cancels(void **state)
{
	struct fx_env *e = *state;
	struct ev a, b;
	struct diag d;
	char now[32];
	int seat;

	seat = opened(e);
	notice(e, seat, "deadline");
	a = newest_event(e, seat);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (people_end(&e->f.l, &e->f.cfg, &e->p, "the hall closes", now, &d) != 0)
		fail_msg("end: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	b = newest_event(e, seat);
	assert_string_equal(b.uid, a.uid);
	assert_true(b.cancelled);
	assert_true(b.sequence > a.sequence);
}

/* A pause holds the event back (its time is not known); the resume moves
 * the deadline and its mail carries the event moved, SEQUENCE higher. */
static void
test_pause_then_resume(void **state)
{
	struct fx_env *e = *state;
	struct ev a, b;
	struct diag d;
	char now[32], later[32];
	int seat;

	seat = opened(e);
	notice(e, seat, "deadline");
	a = newest_event(e, seat);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (people_pause(&e->f.l, &e->f.cfg, &e->p, 86400, "a holiday", now, &d) != 0)
		fail_msg("pause: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	assert_null(newest(e, seat));
	clock_iso(clock_now() + 7200, later, sizeof later);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (people_resume(&e->f.l, &e->f.cfg, &e->p, 0, later, &d) != 0)
		fail_msg("resume: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	b = newest_event(e, seat);
	assert_string_equal(b.uid, a.uid);
	assert_true(b.sequence > a.sequence);
	assert_true(b.at >= a.at + 7200);
	assert_int_equal(b.at, due_of(e, seat));
}

/* CALENDAR OFF in the seat's own words turns its parts off, ON back on;
 * the campaign's calendar: no turns off everyone's. */
static void
test_turned_off(void **state)
{
	struct fx_env *e = *state;
	char *raw;
	int seat;

	seat = opened(e);
	raw = fx_order_mail(addr[seat], "cal-off@example.org", e->game,
	    e->p.g.seats[seat].name, e->f.tokens[seat], "SPRACHE de\nKALENDER AUS");
	fx_mail(&e->f, raw);
	free(raw);
	fx_reload(e);
	assert_false(e->p.g.seats[seat].calendar);
	/* Said in the seat's words, and STATUS says it too. */
	raw = fx_last_mail(&e->f, "ack", addr[seat]);
	assert_non_null(raw);
	if (strstr(raw, "ab jetzt enthalten deine Mails keine Kalendereinträge") == NULL)
		fail_msg("the ack does not say what KALENDER AUS did:\n%s", raw);
	free(raw);
	raw = fx_order_mail(addr[seat], "cal-status@example.org", e->game,
	    e->p.g.seats[seat].name, e->f.tokens[seat], "STAND\nKALENDER vielleicht");
	fx_mail(&e->f, raw);
	free(raw);
	raw = fx_last_mail(&e->f, "error", addr[seat]);
	assert_non_null(raw);
	if (strstr(raw, "KALENDER erwartet EIN") == NULL)
		fail_msg("a wrong KALENDER line is not explained:\n%s", raw);
	free(raw);
	notice(e, seat, "deadline");
	assert_null(newest(e, seat));
	raw = fx_order_mail(addr[seat], "cal-on@example.org", e->game,
	    e->p.g.seats[seat].name, e->f.tokens[seat], "CALENDAR ON");
	fx_mail(&e->f, raw);
	free(raw);
	fx_reload(e);
	assert_true(e->p.g.seats[seat].calendar);
	notice(e, seat, "deadline");
	{
		icalcomponent *cal = newest(e, seat);

		assert_non_null(cal);
		icalcomponent_free(cal);
	}
	fx_set(e, "calendar", "no");
	notice(e, seat, "deadline");
	assert_null(newest(e, seat));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_report_carries_deadline, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_extension_across_summer_time, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_decision_made_cancels, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_end_cancels, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_pause_then_resume, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_turned_off, setup, fx_env_teardown),
	};

	/* A frozen clock: the games start on Saturday 21 Nov 2026, 12:00 UTC. */
	setenv("AZALAI_NOW", "2026-11-21T12:00:00Z", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
