/* How each seat is told (notify every, due, digest): who gets a report after
 * a step, what a report sent late covers, the daily digest of `azalai run`,
 * NOTIFY by mail and by the game master, the notices and the final report
 * that reach everyone whatever the mode; and the mails a whole game writes
 * in each mode (printed, for the record). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign-file.h"
#include "campaign/campaign.h"
#include "core/clock.h"
#include "referee/mailcmd.h"
#include "referee/people.h"
#include "referee/schedule.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char *const addr[] = { "n@example.org", "s@example.org", "e@example.org" };
static const char *const seatname[] = { "north", "south", "east" };

static int
setup_targui(void **state)
{
	return fx_env_setup(state, "targui", "tu-1", 3, 0);
}

static int
setup_bq(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

static long long
count(struct fx_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static long long
count(struct fx_env *e, const char *fmt, ...)
{
	char sql[1000];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sql, sizeof sql, fmt, ap);
	va_end(ap);
	return fx_count(&e->f, sql);
}

static long long
reports_to(struct fx_env *e, int seat)
{
	return count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' AND seat_idx = %d",
	    seat);
}

static void
send_as(struct fx_env *e, int seat, const char *body)
{
	char mid[32], *m;

	snprintf(mid, sizeof mid, "m%d@x", ++e->mid);
	m = fx_order_mail(addr[seat], mid, e->game, seatname[seat], e->f.tokens[seat], body);
	fx_mail(&e->f, m);
	free(m);
}

/* The game as the ledger has it now. */
static void
pending_now(struct fx_env *e, struct pending *pd, int64_t *seq)
{
	struct play p;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(pd, 0, sizeof *pd);
	p.rules->waiting_for(p.st, pd);
	if (seq != NULL)
		*seq = p.seq;
	play_free(&p);
}

static int
first_waited(const struct pending *pd)
{
	for (int s = 0; s < MAX_SEATS; s++)
		if (pd->seats & VIS_SEAT(s))
			return s;
	return -1;
}

/* The waited seat with the lowest index mails one of its legal orders
 * (the first, or one drawn from *rnd when rnd is not NULL). -1 when the game
 * is over or nobody is waited for. */
static int
play_one(struct fx_env *e, unsigned *rnd)
{
	struct play p;
	struct pending pd;
	struct order_list ol;
	struct diag d;
	char body[300];
	int seat;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	if (pd.over || (seat = first_waited(&pd)) < 0) {
		play_free(&p);
		return -1;
	}
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	assert_true(ol.n > 0);
	if (rnd != NULL) {
		*rnd = *rnd * 1103515245u + 12345u;
		snprintf(body, sizeof body, "%s\n", ol.v[(*rnd >> 8) % ol.n].text);
	} else {
		snprintf(body, sizeof body, "%s\n", ol.v[0].text);
	}
	order_list_free(&ol);
	play_free(&p);
	send_as(e, seat, body);
	return seat;
}

/* every: each step another seat takes mails every other seat. */
static void
test_every_mails_everyone(void **state)
{
	struct fx_env *e = *state;
	int mover;

	fx_set(e, "notify", "every");
	mover = play_one(e, NULL);
	assert_true(mover >= 0);
	for (int s = 0; s < 3; s++)
		if (s != mover)
			assert_int_equal(reports_to(e, s), 1);
	/* The mover has its ack, which carries the report: no second mail. */
	assert_int_equal(reports_to(e, mover), 0);
}

/* due (the default): a seat that has nothing to decide hears nothing; when
 * its turn comes its report tells every step since it last heard. */
static void
test_due_waits_for_the_turn(void **state)
{
	struct fx_env *e = *state;
	struct pending pd;
	int first, mover, guard = 0;
	char *body;

	pending_now(e, &pd, NULL);
	first = first_waited(&pd);
	assert_true(first >= 0);
	/* The first tribe plays until its turn is over. */
	do {
		mover = play_one(e, NULL);
		pending_now(e, &pd, NULL);
		assert_true(++guard < 50);
	} while (mover == first && first_waited(&pd) == first);
	for (int s = 0; s < 3; s++) {
		if (s == first)
			continue;
		if (pd.seats & VIS_SEAT(s)) {
			/* Its decision is due: one report, with the first tribe's steps. */
			assert_int_equal(reports_to(e, s), 1);
			body = fx_last_mail(&e->f, "report", addr[s]);
			assert_non_null(body);
			if (strstr(body, seatname[first]) == NULL)
				fail_msg("%s's report does not tell what %s did:\n%s", seatname[s],
				    seatname[first], body);
			free(body);
		} else {
			assert_int_equal(reports_to(e, s), 0);
		}
	}
}

/* NOTIFY by mail: answered in the ack, stored, and followed. */
static void
test_notify_by_mail(void **state)
{
	struct fx_env *e = *state;
	char *ack;
	int mover;

	send_as(e, 0, "NOTIFY every\n");
	ack = fx_last_mail(&e->f, "ack", addr[0]);
	assert_non_null(ack);
	if (strstr(ack, "report after every step") == NULL)
		fail_msg("the ack does not say what NOTIFY did:\n%s", ack);
	free(ack);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE idx = 0 AND "
	    "notify = 'every'"), 1);
	/* STATUS says the seat's own mode, not only the campaign's. */
	send_as(e, 0, "STATUS\n");
	ack = fx_last_mail(&e->f, "status", addr[0]);
	assert_non_null(ack);
	if (strstr(ack, "You are told: every") == NULL)
		fail_msg("STATUS does not say how the seat is told:\n%s", ack);
	free(ack);
	send_as(e, 1, "NOTIFY often\n");
	ack = fx_last_mail(&e->f, "error", addr[1]);
	assert_non_null(ack);
	assert_non_null(strstr(ack, "NOTIFY takes every"));
	free(ack);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE notify != ''"), 1);
	/* North (every) hears of a step by another seat; a due seat not waited does not. */
	do {
		mover = play_one(e, NULL);
	} while (mover == 0);
	assert_true(mover > 0);
	assert_true(reports_to(e, 0) >= 1);
}

/* The game master's command. */
static void
test_notify_by_game_master(void **state)
{
	struct fx_env *e = *state;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(people_notify(&e->f.l, &e->f.cfg, &e->p, 1, "DIGEST",
	    "2026-12-01T00:00:00Z", &d), 0);
	assert_string_equal(e->p.g.seats[1].notify, "digest");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE idx = 1 AND "
	    "notify = 'digest'"), 1);
	assert_int_equal(people_notify(&e->f.l, &e->f.cfg, &e->p, 1, "weekly",
	    "2026-12-01T00:00:00Z", &d), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "every"));
}

static void
run_at(struct fx_env *e, time_t t)
{
	struct schedule_stats s;
	struct diag d;
	char now[32];

	clock_iso(t, now, sizeof now);
	memset(&s, 0, sizeof s);
	diag_clear(&d);
	if (schedule_run(&e->f.l, &e->f.cfg, NULL, now, 0, NULL, &s, &d) < 0)
		fail_msg("schedule_run at %s: %s", now, d.msg);
}

static time_t
setup_time(struct fx_env *e)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT at FROM events WHERE seq = 0");
	time_t t = -1;

	if (sqlite3_step(st) == SQLITE_ROW)
		t = clock_parse_iso(col_text(st, 0));
	sqlite3_finalize(st);
	return t;
}

/* digest: nothing after the steps; one report a day from `azalai run`, only
 * when there is something new; reminders still come. */
static void
test_digest_once_a_day(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_time(e);
	const char *reports = "SELECT COUNT(*) FROM outbox WHERE kind = 'report'";
	long long base;

	fx_set(e, "notify", "digest");
	fx_set(e, "deadline", "30d");
	/* The fixture mails no welcome: the first run's digests stand for it. */
	run_at(e, t0 + 60);
	base = fx_count(&e->f, reports);
	assert_int_equal(base, 2);
	/* A step: nothing at once, nor from a run within the day. */
	assert_true(play_one(e, NULL) >= 0);
	assert_int_equal(fx_count(&e->f, reports), base);
	run_at(e, t0 + 3600);
	assert_int_equal(fx_count(&e->f, reports), base);
	/* A day on: the seat behind gets one digest, the mover (its ack) none. */
	run_at(e, t0 + 86400 + 100);
	assert_int_equal(fx_count(&e->f, reports), base + 1);
	run_at(e, t0 + 86400 + 200);
	assert_int_equal(fx_count(&e->f, reports), base + 1);
	/* Nothing new: nothing, however late. */
	run_at(e, t0 + 3 * 86400);
	assert_int_equal(fx_count(&e->f, reports), base + 1);
	/* The reminder a day before the deadline reaches the seats waited for. */
	run_at(e, t0 + 29 * 86400 + 3600);
	assert_true(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'") >= 1);
}

/* due: the reminder and the late note reach a seat that is told little. */
static void
test_due_still_reminded(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_time(e);

	run_at(e, t0 + 60);
	run_at(e, t0 + 2 * 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'"), 2);
	run_at(e, t0 + 3 * 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'late'"), 2);
	/* Each seat hears what the referee played for it, though only one of
	 * them decides next. */
	assert_int_equal(count(e, "SELECT COUNT(DISTINCT seat_idx) FROM outbox WHERE "
	    "kind = 'report' AND body LIKE '%%the referee played%%'"), 2);
}

/* The referee's move for a silent German seat is told in the words the seat
 * writes (MULDE, SÄEN), not the engine's English ones. */
static void
test_default_order_in_seat_words(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_time(e);
	sqlite3_stmt *st = ledger_prep(&e->f.l, "UPDATE seats SET language = 'de'");

	assert_int_equal(sqlite3_step(st), SQLITE_DONE);
	sqlite3_finalize(st);
	run_at(e, t0 + 60);
	run_at(e, t0 + 3 * 86400 + 60);
	assert_true(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' AND "
	    "body LIKE '%%Schiedsrichter gespielt: %%'") >= 1);
	assert_true(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report' AND "
	    "(body LIKE '%%gespielt: MULDE %%' OR body LIKE '%%gespielt: SÄEN%%' OR "
	    "body LIKE '%%gespielt: AUFFÜLLEN%%')") >= 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE body LIKE "
	    "'%%gespielt: HOLE%%' OR body LIKE '%%gespielt: SOW%%' OR body LIKE "
	    "'%%gespielt: REFILL%%'"), 0);
}

struct volume {
	long long mails, reports, steps;
	int everyone_saw_the_end;
};

/* Plays a whole game by mail with seeded random legal orders, one order a
 * mail; the mails it wrote, and whether every seat's last mail showed the
 * final step. */
static struct volume
play_out(const char *rules, int nseats, const char *mode, unsigned seed)
{
	struct fx_env *e;
	struct volume v;
	struct pending pd;
	int64_t seq;
	void *st;

	fx_env_setup(&st, rules, "game-1", nseats, 0);
	e = st;
	/* Mails are counted here, not drawn: a picture per report would only
	 * cost minutes (tests/test_report_mail checks them). */
	snprintf(e->f.cfg.report_pictures, sizeof e->f.cfg.report_pictures, "no");
	fx_set(e, "notify", mode);
	for (int guard = 0; play_one(e, &seed) >= 0; guard++) {
		if (guard > 20000)
			fail_msg("%s did not end", rules);
		/* Whatever the mode, a seat whose decision is due has seen the
		 * newest step (digest: once runs send it; none run here). */
		pending_now(e, &pd, &seq);
		for (int s = 0; strcmp(mode, "digest") != 0 && s < nseats; s++)
			if ((pd.seats & VIS_SEAT(s)) && count(e, "SELECT reported_seq FROM "
			    "seats WHERE idx = %d", s) != seq)
				fail_msg("%s %s: seat %d waited for at step %lld has not seen it",
				    rules, mode, s, (long long)seq);
	}
	pending_now(e, &pd, &seq);
	assert_true(pd.over);
	memset(&v, 0, sizeof v);
	v.mails = count(e, "SELECT COUNT(*) FROM outbox");
	v.reports = count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'report'");
	v.steps = seq;
	v.everyone_saw_the_end = count(e, "SELECT COUNT(DISTINCT seat_idx) FROM outbox WHERE "
	    "step = %lld AND kind IN ('report', 'ack', 'error')", (long long)seq) ==
	    e->p.g.nseats;
	fx_env_teardown(&st);
	return v;
}

static void
test_mail_volume(void **state)
{
	static const struct {
		const char *rules;
		int nseats;
	} games[] = { { "buqruru", 2 }, { "targi", 2 }, { "targui", 3 } };

	(void)state;
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		struct volume every = play_out(games[g].rules, games[g].nseats, "every", 7);
		struct volume due = play_out(games[g].rules, games[g].nseats, "due", 7);
		struct volume digest = play_out(games[g].rules, games[g].nseats, "digest", 7);

		printf("# %s (%d seats, %lld steps, one order a mail): mails every %lld "
		    "(reports %lld), due %lld (reports %lld), digest without runs %lld "
		    "(reports %lld)\n", games[g].rules, games[g].nseats, every.steps,
		    every.mails, every.reports, due.mails, due.reports, digest.mails,
		    digest.reports);
		/* The same seed plays the same game whatever the mode. */
		assert_int_equal(every.steps, due.steps);
		assert_true(due.reports < every.reports);
		assert_true(digest.reports <= due.reports);
		assert_true(every.everyone_saw_the_end);
		assert_true(due.everyone_saw_the_end);
		assert_true(digest.everyone_saw_the_end);
	}
}

/* A campaign file's seat may say how it is told; a wrong mode names the line. */
static void
test_campaign_file_seat_notify(void **state)
{
	static const char text[] =
	    "game: buqruru\n"
	    "seats:\n"
	    "  - name: anna\n"
	    "    address: anna@example.org\n"
	    "  - name: bob\n"
	    "    address: bob@example.org\n"
	    "    notify: %s\n"
	    "settings: { notify: every }\n";
	struct fx_env *e = *state;
	struct campaign_file *cf = xcalloc(1, sizeof *cf);
	struct diag d;
	char path[400];
	FILE *fp;

	snprintf(path, sizeof path, "%s/c.yaml", e->f.dir);
	assert_non_null(fp = fopen(path, "w"));
	fprintf(fp, text, "Digest");
	fclose(fp);
	diag_clear(&d);
	if (campaign_file_load(path, cf, &d) < 0)
		fail_msg("%s", d.msg);
	assert_string_equal(cf->seat_notify[0], "");
	assert_string_equal(cf->seat_notify[1], "digest");
	assert_int_equal(cf->nsettings, 1);
	assert_string_equal(cf->key[0], "notify");
	assert_non_null(fp = fopen(path, "w"));
	fprintf(fp, text, "weekly");
	fclose(fp);
	diag_clear(&d);
	assert_true(campaign_file_load(path, cf, &d) < 0);
	if (strstr(d.msg, "line 7: notify \"weekly\"") == NULL)
		fail_msg("%s", d.msg);
	free(cf);
}


/* A reminder goes out only when it says something the last mail did not:
 * with a one-day deadline and the one-day reminder, the report that opens
 * a deadline tells it, and a reminder right after it would be the second
 * mail saying the same (issue 31). One of a longer deadline still comes,
 * and the game master setting such a deadline is told. */
static void
test_reminder_only_when_new(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_time(e), t1;
	const char *rem = "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'";
	struct campaign c;
	struct buf notes = BUF_INIT;
	long long before;

	fx_set(e, "notify", "every");
	fx_set(e, "deadline", "1d");
	/* No mail has told anyone a deadline yet: the first run reminds. */
	run_at(e, t0 + 60);
	before = fx_count(&e->f, rem);
	assert_true(before >= 1);
	/* Steps by mail: each report shows the deadline it opens. */
	for (int k = 0; k < 3; k++)
		assert_true(play_one(e, NULL) >= 0);
	t1 = time(NULL);
	run_at(e, t1 + 120);
	run_at(e, t1 + 3600);
	assert_int_equal(fx_count(&e->f, rem), before);
	assert_int_equal(campaign_load(&e->f.l, e->p.g.id, &c, NULL), 0);
	assert_int_equal(campaign_reminder_notes(&c, &notes), 1);
	if (strstr(notes.p, "deadline 1d is no longer than the reminder (1d)") == NULL)
		fail_msg("the note to the game master: %s", notes.p);
	buf_free(&notes);
	/* Two days: the report is a day old when the reminder is due. */
	fx_set(e, "deadline", "2d");
	assert_int_equal(campaign_load(&e->f.l, e->p.g.id, &c, NULL), 0);
	assert_int_equal(campaign_reminder_notes(&c, &notes), 0);
	buf_free(&notes);
	assert_true(play_one(e, NULL) >= 0);
	t1 = time(NULL);
	run_at(e, t1 + 120);
	assert_int_equal(fx_count(&e->f, rem), before);
	run_at(e, t1 + 86400 + 3600);
	assert_true(fx_count(&e->f, rem) > before);
}

/* After switching from digest to due, the report already due comes at
 * once: a switch sends what the new mode owes, and only that. */
static void
test_switch_sends_what_is_owed(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_time(e);
	struct pending pd;
	struct play p;
	struct diag d;
	char now[32];
	int64_t seq;
	long long n;
	int w = -1;

	fx_set(e, "notify", "digest");
	fx_set(e, "deadline", "30d");
	run_at(e, t0 + 60);
	/* Steps until a seat is waited for that has not seen the newest. */
	for (int k = 0; k < 6 && w < 0; k++) {
		assert_true(play_one(e, NULL) >= 0);
		pending_now(e, &pd, &seq);
		for (int s = 0; s < MAX_SEATS && w < 0; s++)
			if ((pd.seats & VIS_SEAT(s)) && count(e, "SELECT COUNT(*) FROM seats "
			    "WHERE idx = %d AND reported_seq < %lld", s, (long long)seq) == 1)
				w = s;
	}
	assert_true(w >= 0);
	n = reports_to(e, w);
	clock_iso(time(NULL), now, sizeof now);
	diag_clear(&d);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(people_notify(&e->f.l, &e->f.cfg, &p, w, "due", now, &d), 0);
	assert_int_equal(reports_to(e, w), n + 1);
	/* Nothing more is owed: a second switch mails nothing. */
	assert_int_equal(people_notify(&e->f.l, &e->f.cfg, &p, w, "every", now, &d), 0);
	assert_int_equal(reports_to(e, w), n + 1);
	play_free(&p);
}

/* PICTURES OFF by mail (in German too) and by the game master: the seat's
 * reports carry no picture; the others' still do. */
static void
test_pictures_per_seat(void **state)
{
	struct fx_env *e = *state;
	const char *pics = "SELECT COUNT(*) FROM outbox WHERE seat_idx = %d AND kind IN "
	    "('report', 'ack') AND html LIKE 'X-Azalai-Picture:%%' AND created_at >= '%s'";
	struct play p;
	struct diag d;
	char *ack, at[32];

	send_as(e, 0, "PICTURES OFF\n");
	ack = fx_last_mail(&e->f, "ack", addr[0]);
	assert_non_null(ack);
	if (strstr(ack, "carry no picture") == NULL)
		fail_msg("the ack does not say what PICTURES did:\n%s", ack);
	free(ack);
	assert_int_equal(count(e, "SELECT pictures FROM seats WHERE idx = 0"), 0);
	send_as(e, 1, "PICTURES maybe\n");
	ack = fx_last_mail(&e->f, "error", addr[1]);
	assert_non_null(ack);
	assert_non_null(strstr(ack, "PICTURES takes ON"));
	free(ack);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE pictures = 1"), 2);
	clock_iso(time(NULL) - 1, at, sizeof at);
	fx_set(e, "notify", "every");
	for (int k = 0; k < 3; k++)
		assert_true(play_one(e, NULL) >= 0);
	assert_int_equal(count(e, pics, 0, at), 0);
	assert_true(count(e, "SELECT COUNT(*) FROM outbox WHERE seat_idx = 0 AND kind IN "
	    "('report', 'ack') AND created_at >= '%s'", at) >= 1);
	assert_true(count(e, pics, 1, at) >= 1);
	/* The game master turns it on again; German words by mail. */
	diag_clear(&d);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(mailcmd_pictures(&e->f.l, &p, 0, 1, &d), 0);
	play_free(&p);
	assert_int_equal(count(e, "SELECT pictures FROM seats WHERE idx = 0"), 1);
	send_as(e, 2, "SPRACHE de\nBILDER AUS\n");
	assert_int_equal(count(e, "SELECT pictures FROM seats WHERE idx = 2"), 0);
}

/* TIMEZONE by mail: checked, spelled as the machine does, and every
 * deadline the seat reads is in its zone. */
static void
test_timezone_per_seat(void **state)
{
	struct fx_env *e = *state;
	char *m;

	send_as(e, 1, "TIMEZONE Mars/Olympus\n");
	m = fx_last_mail(&e->f, "error", addr[1]);
	assert_non_null(m);
	assert_non_null(strstr(m, "not a time zone"));
	free(m);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE timezone != ''"), 0);
	send_as(e, 0, "TIMEZONE america/new_york\n");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE idx = 0 AND "
	    "timezone = 'America/New_York'"), 1);
	fx_set(e, "notify", "every");
	send_as(e, 0, "STATUS\n");
	m = fx_last_mail(&e->f, "status", addr[0]);
	assert_non_null(m);
	if (strstr(m, " EST") == NULL || strstr(m, ":00 UTC") != NULL)
		fail_msg("STATUS does not read in the seat's zone:\n%s", m);
	free(m);
	send_as(e, 1, "STATUS\n");
	m = fx_last_mail(&e->f, "status", addr[1]);
	assert_non_null(m);
	if (strstr(m, " UTC") == NULL || strstr(m, " EST") != NULL)
		fail_msg("another seat reads in the seat's zone:\n%s", m);
	free(m);
	send_as(e, 0, "SPRACHE de\nZEITZONE UTC\n");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE idx = 0 AND "
	    "timezone = 'UTC'"), 1);
	/* STATUS says the zone and the pictures, in the seat's words. */
	send_as(e, 0, "STAND\n");
	m = fx_last_mail(&e->f, "status", addr[0]);
	assert_non_null(m);
	if (strstr(m, "Zeitzone: UTC (eine Zeile ZEITZONE Europe/Berlin") == NULL ||
	    strstr(m, "Bilder: an (eine Zeile BILDER AUS oder BILDER EIN") == NULL)
		fail_msg("STATUS does not say the seat's zone and pictures:\n%s", m);
	free(m);
}

/* Observers choose every, due or digest like seats: by the game master
 * and by a mail of their own (NOTIFY, from the address that watches); a
 * stranger's mail changes nothing. */
static void
test_observer_modes(void **state)
{
	struct fx_env *e = *state;
	const char *fan = "fan@example.org";
	const char *obs = "SELECT COUNT(*) FROM outbox WHERE kind = 'observer'";
	struct play p;
	struct diag d;
	char now[32], *m;
	long long n;
	int steps = 0;

	clock_iso(time(NULL), now, sizeof now);
	diag_clear(&d);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(people_watch(&e->f.l, &e->f.cfg, &p, fan, NULL, now, &d), 0);
	assert_int_equal(people_watch_notify(&e->f.l, &e->f.cfg, &p, fan, "due", now, &d), 0);
	assert_int_equal(people_watch_notify(&e->f.l, &e->f.cfg, &p, "x@example.org", "due",
	    now, &d), PEOPLE_REFUSED);
	play_free(&p);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM watchers WHERE notify = 'due'"), 1);
	m = fx_last_mail(&e->f, "watch", fan);
	assert_non_null(m);
	assert_non_null(strstr(m, "comes round to a player again"));
	free(m);
	/* due: fewer reports than steps, but some. */
	n = fx_count(&e->f, obs);
	for (int k = 0; k < 9; k++)
		steps += play_one(e, NULL) >= 0;
	assert_true(steps == 9);
	assert_true(fx_count(&e->f, obs) > n);
	assert_true(fx_count(&e->f, obs) < n + steps);
	/* The observer's own mail: digest, then nothing after a step. */
	{
		char *raw;

		xasprintf(&raw, "From: Fan <%s>\nTo: referee@example.org\nSubject: x\n"
		    "Message-ID: <w1@x>\nDate: Sat, 21 Nov 2026 10:00:00 +0000\n\n"
		    "GAME %s\nNOTIFY digest\n", fan, e->game);
		fx_mail(&e->f, raw);
		free(raw);
		xasprintf(&raw, "From: Other <other@example.org>\nTo: referee@example.org\n"
		    "Subject: x\nMessage-ID: <w2@x>\nDate: Sat, 21 Nov 2026 10:00:00 +0000\n\n"
		    "GAME %s\nNOTIFY every\n", e->game);
		fx_mail(&e->f, raw);
		free(raw);
	}
	assert_int_equal(count(e, "SELECT COUNT(*) FROM watchers WHERE notify = 'digest'"), 1);
	n = fx_count(&e->f, obs);
	for (int k = 0; k < 4; k++)
		assert_true(play_one(e, NULL) >= 0);
	assert_int_equal(fx_count(&e->f, obs), n);
	/* A day on, `azalai run` sends the one digest. */
	run_at(e, time(NULL) + 86400 + 60);
	assert_int_equal(fx_count(&e->f, obs), n + 1);
	run_at(e, time(NULL) + 86400 + 120);
	assert_int_equal(fx_count(&e->f, obs), n + 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_every_mails_everyone, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_due_waits_for_the_turn, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_notify_by_mail, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_notify_by_game_master, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_digest_once_a_day, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_due_still_reminded, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_campaign_file_seat_notify, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_default_order_in_seat_words, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reminder_only_when_new, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_switch_sends_what_is_owed, setup_bq,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_pictures_per_seat, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_timezone_per_seat, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_observer_modes, setup_targui,
		    fx_env_teardown),
		cmocka_unit_test(test_mail_volume),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
