/* Campaign settings: every key's reading, its refusals, the ledger round trip
 * and times shown in the campaign's zone. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign-said.h"
#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "lang/catalog.h"
#include "testutil.h"

static void
test_durations(void **state)
{
	(void)state;
	assert_int_equal(campaign_parse_duration("90"), 90);
	assert_int_equal(campaign_parse_duration("30m"), 1800);
	assert_int_equal(campaign_parse_duration("12h"), 43200);
	assert_int_equal(campaign_parse_duration("1d12h"), 129600);
	assert_int_equal(campaign_parse_duration("none"), 0);
	assert_int_equal(campaign_parse_duration(""), -1);
	assert_int_equal(campaign_parse_duration("2x"), -1);
	assert_int_equal(campaign_parse_duration("1d12"), -1);
	assert_int_equal(campaign_parse_duration("-3h"), -1);
	assert_int_equal(campaign_parse_duration("400d"), -1);
}

static void
test_keys(void **state)
{
	struct campaign c;
	struct diag d;

	(void)state;
	campaign_defaults(&c);
	assert_int_equal(c.deadline, 3 * 86400);
	assert_int_equal(c.snap, -1);
	assert_int_equal(c.weekdays, 0x7f);
	assert_int_equal(campaign_apply(&c, "deadline", "2d", &d), 0);
	assert_int_equal(campaign_apply(&c, "deadline.placement", "1d", &d), 0);
	assert_int_equal(campaign_apply(&c, "deadline.placement", "20h", &d), 0);
	assert_int_equal(c.nkinds, 1);
	assert_int_equal(campaign_deadline_for(&c, "placement"), 20 * 3600);
	assert_int_equal(campaign_deadline_for(&c, "actions"), 2 * 86400);
	assert_int_equal(campaign_apply(&c, "deadline.snap", "20:30", &d), 0);
	assert_int_equal(c.snap, 20 * 60 + 30);
	assert_int_equal(campaign_apply(&c, "deadline.days", "mon-fri", &d), 0);
	assert_int_equal(c.weekdays, 0x3e);
	assert_int_equal(campaign_apply(&c, "deadline.days", "fri-mon", &d), 0);
	assert_int_equal(c.weekdays, 0x63);
	assert_int_equal(campaign_apply(&c, "deadline.days", "sat,sun", &d), 0);
	assert_int_equal(c.weekdays, 0x41);
	assert_int_equal(campaign_apply(&c, "timezone", "Europe/Berlin", &d), 0);
	assert_int_equal(campaign_apply(&c, "press_anonymous", "yes", &d), 0);
	assert_int_equal(c.press_anonymous, 1);
	assert_int_equal(campaign_apply(&c, "gm", "gm@example.org", &d), 0);

	assert_int_equal(campaign_apply(&c, "deadline.snap", "25:00", &d), -1);
	assert_non_null(strstr(d.msg, "HH:MM"));
	assert_int_equal(campaign_apply(&c, "deadline.days", "mon-someday", &d), -1);
	assert_int_equal(campaign_apply(&c, "deadline.days", "mon-frie", &d), -1);
	assert_non_null(strstr(d.msg, "mon-frie"));
	assert_int_equal(campaign_apply(&c, "deadline.days", "mo-fri", &d), -1);
	assert_int_equal(campaign_apply(&c, "deadline.days", "thurs,friday", &d), 0);
	assert_int_equal(c.weekdays, 0x30);
	assert_int_equal(campaign_apply(&c, "deadline.days", "Tue-Wed", &d), 0);
	assert_int_equal(c.weekdays, 0x0c);
	assert_int_equal(campaign_apply(&c, "timezone", "Mars/Olympus", &d), -1);
	assert_non_null(strstr(d.msg, "Mars/Olympus"));
	assert_int_equal(campaign_apply(&c, "timezone", "../../etc/passwd", &d), -1);
	/* Files and directories of the zone database that are not zones. */
	assert_int_equal(campaign_apply(&c, "timezone", "Europe", &d), -1);
	assert_int_equal(campaign_apply(&c, "timezone", "zone.tab", &d), -1);
	assert_int_equal(campaign_apply(&c, "timezone", "Europe/", &d), -1);
	/* What GLib would read as a POSIX rule or an offset ("UTC+3" is three
	 * hours behind), or as a path, is not a zone name. */
	assert_int_equal(campaign_apply(&c, "timezone", "UTC+3", &d), -1);
	assert_int_equal(campaign_apply(&c, "timezone", "+03:00", &d), -1);
	assert_int_equal(campaign_apply(&c, "timezone", "CET-1CEST,M3.5.0,M10.5.0/3", &d), -1);
	assert_int_equal(campaign_apply(&c, "timezone", "/usr/share/zoneinfo/Asia/Tokyo", &d),
	    -1);
	assert_int_equal(campaign_apply(&c, "timezone", ":Asia/Tokyo", &d), -1);
	/* Legacy names with digits are zones of the database. */
	assert_int_equal(campaign_apply(&c, "timezone", "Etc/GMT+5", &d), 0);
	assert_int_equal(campaign_apply(&c, "timezone", "EST5EDT", &d), 0);
	assert_int_equal(campaign_apply(&c, "timezone", "Europe/Berlin", &d), 0);
	assert_int_equal(campaign_apply(&c, "deadline", "0", &d), -1);
	assert_int_equal(campaign_apply(&c, "late_note", "maybe", &d), -1);
	assert_int_equal(campaign_apply(&c, "disorder_after", "-1", &d), -1);
	assert_int_equal(campaign_apply(&c, "gm", "nobody", &d), -1);
	/* GMime would mail "gm@x.org" for this one. */
	assert_int_equal(campaign_apply(&c, "gm", "gm(the boss)@x.org", &d), -1);
	assert_int_equal(campaign_apply(&c, "colour", "red", &d), -1);
	assert_non_null(strstr(d.msg, "colour"));
	/* Refusals left everything as it was. */
	assert_int_equal(c.snap, 20 * 60 + 30);
	assert_string_equal(c.timezone, "Europe/Berlin");
}

static void
test_ledger_round_trip(void **state)
{
	struct fixture f;
	struct play p;
	struct campaign c;
	struct diag d;
	struct buf b = BUF_INIT;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "b1", 0, 0, NULL, 0, &p);
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline", "1d12h", &d), 0);
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline.sowing", "6h", &d), 0);
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline.days", "mon,wed,fri", &d), 0);
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline", "1d", &d), 0);
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline", "soon", &d), -1);
	/* A kind the game does not have would be kept and never used. */
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline.sow", "6h", &d), -1);
	assert_non_null(strstr(d.msg, "Buqruru has no decision \"sow\""));
	assert_non_null(strstr(d.msg, "hole, sowing, refill"));
	assert_int_equal(campaign_set(&f.l, p.g.id, "deadline.placement", "6h", &d), -1);
	assert_int_equal(fx_count(&f, "SELECT count(*) FROM settings"), 3);
	assert_int_equal(campaign_load(&f.l, p.g.id, &c, &d), 0);
	assert_int_equal(c.deadline, 86400);
	assert_int_equal(campaign_deadline_for(&c, "sowing"), 6 * 3600);
	campaign_describe(&c, &b);
	assert_non_null(strstr(b.p, "deadline: 1d\n"));
	assert_non_null(strstr(b.p, "deadline.sowing: 6h\n"));
	assert_non_null(strstr(b.p, "deadline.days: mon,wed,fri\n"));
	assert_non_null(strstr(b.p, "reminder: 1d\n"));
	buf_free(&b);
	/* Another game keeps the defaults. */
	assert_int_equal(campaign_load(&f.l, p.g.id + 1, &c, &d), 0);
	assert_int_equal(c.deadline, 3 * 86400);
	play_free(&p);
	fx_close(&f);
}

static void
test_format_time(void **state)
{
	struct campaign c;
	char out[64];
	struct diag d;

	(void)state;
	campaign_defaults(&c);
	assert_int_equal(campaign_apply(&c, "timezone", "Europe/Berlin", &d), 0);
	/* 2026-10-24 18:00 UTC is summer time in Berlin, a day later winter time. */
	campaign_date_english(&c, 1792864800, out, sizeof out);
	assert_string_equal(out, "Sat 24 Oct 2026 20:00 CEST");
	campaign_date_english(&c, 1792864800 + 86400, out, sizeof out);
	assert_string_equal(out, "Sun 25 Oct 2026 19:00 CET");
	/* The caller's zone is left as it was. */
	setenv("TZ", "America/New_York", 1);
	campaign_date_english(&c, 0, out, sizeof out);
	assert_string_equal(getenv("TZ"), "America/New_York");
	unsetenv("TZ");
	campaign_defaults(&c);
	campaign_date_english(&c, 0, out, sizeof out);
	assert_string_equal(out, "Thu 01 Jan 1970 00:00 UTC");
}

/* The first of a month as each language writes it: "mardi 1er décembre",
 * not "mardi 1 décembre"; the second as any other day. */
static void
test_first_of_month(void **state)
{
	static const struct {
		const char *lang, *first, *second;
	} want[] = {
		{ "en", "Tue 01 Dec 2026 12:00 UTC", "Wed 02 Dec 2026 12:00 UTC" },
		{ "de", "Dienstag, 1. Dezember 2026, 12:00 UTC", "Mittwoch, 2. Dezember 2026" },
		{ "es", "martes, 1 de diciembre de 2026, 12:00 UTC", "miércoles, 2 de diciembre" },
		{ "fr", "mardi 1er décembre 2026, 12:00 UTC", "mercredi 2 décembre 2026" },
	};
	struct campaign c;

	(void)state;
	campaign_defaults(&c);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const char *w[] = { want[i].first, want[i].second };

		for (int k = 0; k < 2; k++) {
			struct buf said = BUF_INIT;
			char m[CAMPAIGN_DATE];

			campaign_date(&c, 1796126400 + k * 86400, m, sizeof m);
			msg_render(want[i].lang, m, &said);
			buf_adds(&said, "");
			if (strstr(said.p, w[k]) == NULL)
				fail_msg("%s: \"%s\", not \"%s\"", want[i].lang, said.p, w[k]);
			buf_free(&said);
		}
	}
}

/* STATUS says the settings in sentences of the reader's language, counts
 * through plural forms, no "key: value" (issue 31). */
static void
test_said(void **state)
{
	struct campaign c;
	struct buf b = BUF_INIT, said = BUF_INIT;
	struct diag d;
	char *de, *save = NULL;

	(void)state;
	campaign_defaults(&c);
	assert_int_equal(campaign_apply(&c, "deadline", "1d12h", &d), 0);
	assert_int_equal(campaign_apply(&c, "deadline.days", "mon,fri", &d), 0);
	assert_int_equal(campaign_apply(&c, "grace", "1h", &d), 0);
	assert_int_equal(campaign_apply(&c, "disorder_after", "1", &d), 0);
	assert_int_equal(campaign_apply(&c, "vacation_max_days", "1", &d), 0);
	campaign_said(&c, "de", &b);
	buf_adds(&b, "");
	for (char *ln = strtok_r(b.p, "\n", &save); ln != NULL; ln = strtok_r(NULL, "\n", &save)) {
		msg_render("de", ln, &said);
		buf_adds(&said, "\n");
	}
	de = said.p;
	assert_non_null(strstr(de, "1 Tag und 12 Stunden nach dem Bericht"));
	assert_non_null(strstr(de, "Montag, Freitag"));
	assert_non_null(strstr(de, "noch 1 Stunde nach einer Frist"));
	assert_non_null(strstr(de, "Nach 1 versäumten Frist in Folge"));
	assert_non_null(strstr(de, "insgesamt 1 Tag abwesend"));
	assert_null(strstr(de, "deadline"));
	assert_null(strstr(de, ": yes"));
	buf_free(&said);
	buf_free(&b);
}

/* A duration of three units is one list, joined as the language joins
 * lists: "1 día, 2 horas y 3 minutos", not "1 día y 2 horas y 3 minutos". */
static void
test_said_duration_list(void **state)
{
	static const struct {
		const char *lang, *three, *two;
	} want[] = {
		{ "en", "1 day, 2 hours and 3 minutes", "1 day and 12 hours" },
		{ "de", "1 Tag, 2 Stunden und 3 Minuten", "1 Tag und 12 Stunden" },
		{ "es", "1 día, 2 horas y 3 minutos", "1 día y 12 horas" },
		{ "fr", "1 jour, 2 heures et 3 minutes", "1 jour et 12 heures" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const char *v[] = { "1d2h3m", "1d12h" };
		const char *w[] = { want[i].three, want[i].two };

		for (int k = 0; k < 2; k++) {
			struct campaign c;
			struct buf b = BUF_INIT, said = BUF_INIT;
			struct diag d;
			char *save = NULL;

			campaign_defaults(&c);
			assert_int_equal(campaign_apply(&c, "deadline", v[k], &d), 0);
			campaign_said(&c, want[i].lang, &b);
			buf_adds(&b, "");
			for (char *ln = strtok_r(b.p, "\n", &save); ln != NULL;
			    ln = strtok_r(NULL, "\n", &save)) {
				msg_render(want[i].lang, ln, &said);
				buf_adds(&said, "\n");
			}
			if (strstr(said.p, w[k]) == NULL)
				fail_msg("%s: no \"%s\" in: %s", want[i].lang, w[k], said.p);
			buf_free(&said);
			buf_free(&b);
		}
	}
}

int
main(void)
{
	const char *srcdir = getenv("srcdir");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_durations),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_ledger_round_trip),
		cmocka_unit_test(test_format_time),
		cmocka_unit_test(test_first_of_month),
		cmocka_unit_test(test_said),
		cmocka_unit_test(test_said_duration_list),
	};

	/* Times are written through the English catalog's day and month names. */
	catalog_init(srcdir != NULL ? srcdir : ".");
	msg_use_catalog(&catalog_msg);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
