/* What time does to a game, with the clock given to each run: deadlines
 * opened from the ledger's times, reminders once, defaults played and said,
 * civil disorder, vacations, pauses, early processing, no deadline going
 * back, and a preview that changes nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/deadline-rows.h"
#include "core/clock.h"
#include "campaign/deadline.h"
#include "referee/people.h"
#include "referee/schedule.h"
#include "testutil.h"
#include "core/xmalloc.h"

static int
setup_with(void **state, const char *rules, const char *name)
{
	return fx_env_setup(state, rules, name, 0, 0);
}

static int
setup(void **state)
{
	return setup_with(state, "buqruru", "bq-1");
}

static int
setup_targi(void **state)
{
	return setup_with(state, "targi", "tg-1");
}

static void
iso(time_t t, char out[32])
{
	clock_iso(t, out, 32);
}

static struct schedule_stats
run_at(struct fx_env *e, time_t t)
{
	struct schedule_stats s;
	struct diag d;
	char now[32];

	iso(t, now);
	memset(&s, 0, sizeof s);
	diag_clear(&d);
	if (schedule_run(&e->f.l, &e->f.cfg, NULL, now, 0, NULL, &s, &d) < 0)
		fail_msg("schedule_run at %s: %s", now, d.msg);
	return s;
}

static void
exec(struct fx_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
exec(struct fx_env *e, const char *fmt, ...)
{
	char sql[1000];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sql, sizeof sql, fmt, ap);
	va_end(ap);
	if (sqlite3_exec(e->f.l.db, sql, NULL, NULL, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(e->f.l.db));
}

static time_t
time_of(struct fx_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The ISO time an SQL query returns, -1 when none. */
static time_t
time_of(struct fx_env *e, const char *fmt, ...)
{
	char sql[1000];
	va_list ap;
	sqlite3_stmt *st;
	time_t t = -1;

	va_start(ap, fmt);
	vsnprintf(sql, sizeof sql, fmt, ap);
	va_end(ap);
	st = ledger_prep(&e->f.l, sql);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		t = clock_parse_iso(col_text(st, 0));
	sqlite3_finalize(st);
	return t;
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

static time_t
setup_at(struct fx_env *e)
{
	return time_of(e, "SELECT at FROM events WHERE seq = 0");
}

static time_t
open_due(struct fx_env *e, int seat)
{
	return time_of(e, "SELECT due_at FROM deadlines WHERE seat_idx = %d AND "
	    "status = 'open'", seat);
}

static uint32_t
waited(struct fx_env *e)
{
	struct play p;
	struct pending pd;
	struct diag d;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	play_free(&p);
	return pd.seats;
}

/* The seat answers with its first legal order at time t. */
static void
answer(struct fx_env *e, int seat, time_t t)
{
	struct play p;
	struct order_list ol;
	struct diag d;
	char now[32];

	iso(t, now);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	assert_true(ol.n > 0);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (play_step(&e->f.l, &p, "order", seat, &ol.v[0], now, NULL, &d) < 0)
		fail_msg("order %s: %s", ol.v[0].text, d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	order_list_free(&ol);
	play_free(&p);
}

static int
contains(struct fx_env *e, const char *kind, const char *to, const char *text)
{
	char *body = fx_last_mail(&e->f, kind, to);
	int found = body != NULL && strstr(body, text) != NULL;

	free(body);
	return found;
}

/* Every decision waited for gets a deadline, counted from the step that
 * opened it (the ledger's time), not from when a run noticed. */
static void
test_opens_from_ledger_time(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e);
	struct schedule_stats s = run_at(e, t0 + 7200);

	assert_int_equal(s.opened, 2);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'open'"), 2);
	assert_int_equal(open_due(e, 0), t0 + 3 * 86400);
	assert_int_equal(open_due(e, 1), t0 + 3 * 86400);
	/* A second run opens nothing more. */
	s = run_at(e, t0 + 7300);
	assert_int_equal(s.opened, 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines"), 2);
}

static void
test_reminder_once(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	struct schedule_stats s;

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	s = run_at(e, due - 86400 - 60);
	assert_int_equal(s.reminded, 0);
	s = run_at(e, due - 86400 + 60);
	assert_int_equal(s.reminded, 2);
	s = run_at(e, due - 3600);
	assert_int_equal(s.reminded, 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'"), 2);
	assert_true(contains(e, "reminder", "n@example.org", "Your deadline: Tue 24 Nov 2026"));
	assert_true(contains(e, "reminder", "n@example.org", "HOLE"));
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'"), 0);
}

/* A passed deadline: the default order is played, the step says so to
 * everyone, and only the seat learns what was played for it. */
static void
test_default_applied(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	struct schedule_stats s;

	/* Both seats hear the step, whoever decides next. */
	fx_set(e, "notify", "every");
	run_at(e, t0 + 60);
	due = open_due(e, 0);
	s = run_at(e, due + 60);
	assert_int_equal(s.defaults, 2);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'"), 2);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'passed'"), 2);
	assert_int_equal(count(e, "SELECT SUM(missed) FROM seats"), 2);
	assert_true(contains(e, "report", "n@example.org", "north did not answer by Tue"));
	assert_true(contains(e, "report", "n@example.org", "south did not answer by Tue"));
	assert_true(contains(e, "report", "s@example.org", "north did not answer by Tue"));
	assert_true(contains(e, "report", "n@example.org", "For you, north, the referee"));
	assert_false(contains(e, "report", "n@example.org", "For you, south"));
	assert_false(contains(e, "report", "s@example.org", "For you, north"));
	/* Each hears that the other was late; nobody about themselves. */
	assert_true(contains(e, "late", "n@example.org", "south did not answer"));
	assert_true(contains(e, "late", "s@example.org", "north did not answer"));
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'late'"), 2);
	/* The next decision is open, later than now. */
	assert_true(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'open'") >= 1);
	s = run_at(e, due + 120);
	assert_int_equal(s.defaults, 0);
}

static void
test_late_note_off(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e);

	fx_set(e, "late_note", "no");
	run_at(e, t0 + 60);
	run_at(e, open_due(e, 0) + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'"), 2);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'late'"), 0);
}

/* A grace period after a deadline (the campaign's grace, as the
 * Diplomacy judges have it): nothing is played while it runs, an answer
 * in it counts, the default comes once it has passed, and the reminder
 * and the late notes say so. */
static void
test_grace_period(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	struct schedule_stats s;
	struct campaign c;
	struct buf b = BUF_INIT;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(campaign_set(&e->f.l, e->p.g.id, "grace", "8d", &d), -1);
	assert_non_null(strstr(d.msg, "at most 7d"));
	fx_set(e, "grace", "6h");
	assert_int_equal(campaign_load(&e->f.l, e->p.g.id, &c, NULL), 0);
	campaign_describe(&c, &b);
	assert_non_null(strstr(b.p, "grace: 6h\n"));
	buf_free(&b);
	run_at(e, t0 + 60);
	due = open_due(e, 0);
	s = run_at(e, due - 86400 + 60);
	assert_int_equal(s.reminded, 2);
	assert_true(contains(e, "reminder", "n@example.org", "grace period after the deadline"));
	assert_true(contains(e, "reminder", "n@example.org", "before Tue 24 Nov 2026 18:00"));
	/* The deadline has passed, the grace has not. */
	s = run_at(e, due + 60);
	assert_int_equal(s.defaults, 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'passed'"), 0);
	/* north answers in the grace: it counts. */
	answer(e, 0, due + 3600);
	s = run_at(e, due + 3700);
	assert_int_equal(s.defaults, 0);
	s = run_at(e, due + 6 * 3600 + 60);
	assert_int_equal(s.defaults, 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default' AND "
	    "seat_idx = 0"), 0);
	assert_true(contains(e, "late", "n@example.org", "The grace period after it, until"));
}

/* Answering oneself resets the count of missed deadlines. */
static void
test_missed_reset(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	int seat;

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	run_at(e, due + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE missed = 1"), 2);
	seat = (waited(e) & 1) ? 0 : 1;
	answer(e, seat, due + 3600);
	run_at(e, due + 3700);
	assert_int_equal(count(e, "SELECT missed FROM seats WHERE idx = %d", seat), 0);
	assert_int_equal(count(e, "SELECT missed FROM seats WHERE idx = %d", 1 - seat), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE seat_idx = %d AND "
	    "status = 'met'", seat), 1);
}

/* An answer undone by a rollback did not meet the deadline: the seat is
 * waited for again and its row stays open. */
static void
test_undone_answer_not_met(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e);
	int64_t first, last;
	struct play p;
	struct diag d;
	char now[32];
	int seat;

	run_at(e, t0 + 60);
	seat = (waited(e) & 1) ? 0 : 1;
	answer(e, seat, t0 + 3600);
	iso(t0 + 3700, now);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (play_rollback(&e->f.l, &p, 1, "test", now, &first, &last, &d) < 0)
		fail_msg("rollback: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	play_free(&p);
	assert_true(waited(e) & (1u << seat));
	run_at(e, t0 + 3800);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE seat_idx = %d AND "
	    "status = 'met'", seat), 0);
	assert_int_equal(open_due(e, seat), t0 + 3 * 86400);
}

/* north never answers, south always does: after disorder_after misses in a
 * row north is in civil disorder and the bot plays it. */
static void
test_civil_disorder(void **state)
{
	struct fx_env *e = *state;
	time_t t = setup_at(e);
	int i;

	fx_set(e, "disorder_after", "2");
	run_at(e, t + 60);
	for (i = 0; i < 40 && count(e, "SELECT disorder FROM seats WHERE idx = 0") == 0; i++) {
		time_t due = time_of(e, "SELECT MIN(due_at) FROM deadlines WHERE status = 'open'");

		assert_true(due > 0);
		if (waited(e) & 2)
			answer(e, 1, due - 3600);
		run_at(e, due + 60);
	}
	assert_int_equal(count(e, "SELECT disorder FROM seats WHERE idx = 0"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE idx = 0 AND kind = 'bot'"), 1);
	assert_int_equal(count(e, "SELECT missed FROM seats WHERE idx = 0"), 2);
	assert_int_equal(count(e, "SELECT missed FROM seats WHERE idx = 1"), 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default' AND "
	    "narrative LIKE '%%civil disorder%%'"), 1);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'disorder' AND "
	    "to_addr = 'n@example.org'"), 1);
	assert_true(contains(e, "late", "s@example.org", "civil disorder"));
	assert_true(contains(e, "disorder", "n@example.org", "in vain 2 times in a row."));
	assert_true(contains(e, "late", "s@example.org", "has now missed 2 deadlines in a row:"));
	/* From now on the bot plays north, and north has no deadline. */
	for (i = 0; i < 40 && count(e, "SELECT COUNT(*) FROM events WHERE kind = 'bot' AND "
	    "seat_idx = 0") == 0; i++) {
		time_t due = time_of(e, "SELECT MIN(due_at) FROM deadlines WHERE status = 'open'");

		assert_true(due > 0);
		assert_true(waited(e) & 2);
		answer(e, 1, due - 3600);
		run_at(e, due - 3500);
	}
	assert_true(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'bot' AND "
	    "seat_idx = 0") > 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE seat_idx = 0 AND "
	    "status = 'open'"), 0);
}

/* Counts are said in each reader's language with the form its count takes:
 * a campaign with disorder after one miss tells of 1 deadline, not 1
 * "plazos" or "échéances"; the test fails with the count written raw into
 * the template. */
static void
test_counts_in_the_readers_words(void **state)
{
	struct fx_env *e = *state;
	time_t t = setup_at(e), due;

	fx_set(e, "disorder_after", "1");
	exec(e, "UPDATE seats SET language = 'es' WHERE idx = 0");
	exec(e, "UPDATE seats SET language = 'fr' WHERE idx = 1");
	run_at(e, t + 60);
	due = open_due(e, 0);
	assert_true(due > 0);
	run_at(e, due - 3600);
	assert_true(contains(e, "reminder", "n@example.org",
	    "habrás dejado pasar 1 plazo seguido y el"));
	if (waited(e) & 2)
		answer(e, 1, due - 3000);
	run_at(e, due + 60);
	assert_int_equal(count(e, "SELECT disorder FROM seats WHERE idx = 0"), 1);
	assert_true(contains(e, "disorder", "n@example.org", "en vano 1 vez seguida."));
	assert_true(contains(e, "late", "s@example.org", "a maintenant manqué 1 échéance d'affilée :"));
}

/* A seat handed to a new player, or back to its own from the bot, has the
 * whole time from then on, and is reminded again. */
static void
test_handover_restarts_the_deadline(void **state)
{
	struct fx_env *e = *state;
	time_t t = setup_at(e), due0, later;
	int seat = (waited(e) & 1) ? 0 : 1;
	const char *addr = seat == 0 ? "n@example.org" : "s@example.org";
	char now[32], token[TOKEN_LEN];
	struct play p;
	struct diag d;

	run_at(e, t + 60);
	due0 = open_due(e, seat);
	assert_true(due0 > 0);
	/* Reminded a day before; then the seat changes hands. */
	run_at(e, due0 - 3600);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = '%s'", addr), 1);
	later = due0 - 1800;
	iso(later, now);
	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (people_replace(&e->f.l, &e->f.cfg, &p, seat, "new@example.org", NULL, now, token,
	    &d) < 0)
		fail_msg("replace: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	play_free(&p);
	assert_int_equal(open_due(e, seat), later + 3 * 86400);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'open' AND "
	    "seat_idx = %d AND reminded_at = ''", seat), 1);
	/* Nothing passes for it at the old deadline; the new player is reminded in time. */
	run_at(e, due0 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default' AND "
	    "seat_idx = %d", seat), 0);
	run_at(e, later + 2 * 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = 'new@example.org'"), 1);
}

/* A deadline inside the seat's vacation moves to after it; no reminder
 * reaches a seat that is away. */
static void
test_vacation(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due, back, moved;
	char from[32], to[32];
	struct campaign c;
	struct diag d;

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	back = due + 2 * 86400;
	iso(t0 + 600, from);
	iso(back, to);
	exec(e, "UPDATE seats SET away_from = '%s', away_to = '%s' WHERE idx = 0", from, to);
	run_at(e, due - 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = 'n@example.org'"), 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = 's@example.org'"), 1);
	campaign_defaults(&c);
	assert_int_equal(campaign_load(&e->f.l, e->p.g.id, &c, &d), 0);
	moved = open_due(e, 0);
	assert_int_equal(moved, deadline_due(&c, "hole", back, due));
	assert_true(moved > back);
	/* south's deadline passes, north's does not. */
	run_at(e, due + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'"), 1);
	assert_int_equal(count(e, "SELECT seat_idx FROM events WHERE kind = 'default'"), 1);
	run_at(e, back + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default' AND "
	    "seat_idx = 0"), 0);
	/* Back home: reminded, then the deadline passes. */
	run_at(e, moved - 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = 'n@example.org'"), 1);
	run_at(e, moved + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default' AND "
	    "seat_idx = 0"), 1);
}

/* While paused nothing passes and nobody is reminded; when the pause has
 * run its length the game resumes and the deadlines move on by that long. */
static void
test_pause_auto_resume(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due, until;
	char at[32], end[32];
	struct schedule_stats s;

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	until = t0 + 3600 + 5 * 86400;
	iso(t0 + 3600, at);
	iso(until, end);
	exec(e, "UPDATE games SET paused_at = '%s', paused_until = '%s', paused_reason = "
	    "'the referee moves house'", at, end);
	s = run_at(e, due + 60);
	assert_int_equal(s.defaults + s.reminded + s.resumed, 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'"), 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox"), 0);
	s = run_at(e, until + 60);
	assert_int_equal(s.resumed, 1);
	assert_int_equal(s.defaults, 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM games WHERE paused_at = '' AND "
	    "paused_until = '' AND paused_reason = ''"), 1);
	/* Moved on by as long as the game stood still: until the run saw it. */
	assert_int_equal(open_due(e, 0), due + (until + 60 - (t0 + 3600)));
	assert_int_equal(open_due(e, 1), open_due(e, 0));
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'resume'"), 2);
	assert_true(contains(e, "resume", "n@example.org", "the referee moves house"));
	/* Then time runs as before. */
	s = run_at(e, open_due(e, 0) - 60);
	assert_int_equal(s.defaults, 0);
	s = run_at(e, open_due(e, 0) + 60);
	assert_int_equal(s.defaults, 2);
}

/* Orders by mail: when everyone waited for has answered, the game moves on
 * at once and the next deadline counts from the answer. */
static void
test_early_processing(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), last;
	struct order_list ol;
	struct play p;
	struct diag d;
	char *m;

	run_at(e, t0 + 60);
	for (int seat = 0; seat < 2; seat++) {
		assert_int_equal(play_load(&e->f.l, "bq-1", &p, &d), 1);
		order_list_init(&ol);
		p.rules->legal(p.st, seat, &ol);
		m = fx_order_mail(seat ? "s@example.org" : "n@example.org",
		    seat ? "s1@x" : "n1@x", "bq-1", seat ? "south" : "north",
		    e->f.tokens[seat], ol.v[0].text);
		fx_mail(&e->f, m);
		free(m);
		order_list_free(&ol);
		play_free(&p);
	}
	assert_int_equal(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'order'"), 2);
	run_at(e, t0 + 120);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE seq = 0 AND "
	    "status = 'met'"), 2);
	last = time_of(e, "SELECT at FROM events ORDER BY seq DESC LIMIT 1");
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'open'"), 1);
	assert_int_equal(time_of(e, "SELECT due_at FROM deadlines WHERE status = 'open'"),
	    last + 3 * 86400);
	assert_int_equal(count(e, "SELECT seq FROM deadlines WHERE status = 'open'"),
	    count(e, "SELECT MAX(seq) FROM events"));
	assert_int_equal(count(e, "SELECT SUM(missed) FROM seats"), 0);
}

/* A decision with a shorter time that opens after one with a longer time is
 * not due before it. */
static void
test_never_backwards(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), hole;

	fx_set(e, "deadline.hole", "5d");
	fx_set(e, "deadline.sowing", "1d");
	run_at(e, t0 + 60);
	hole = open_due(e, 0);
	assert_int_equal(hole, t0 + 5 * 86400);
	answer(e, 0, t0 + 3600);
	answer(e, 1, t0 + 3601);
	run_at(e, t0 + 7200);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM deadlines WHERE status = 'open'"), 1);
	assert_int_equal(time_of(e, "SELECT due_at FROM deadlines WHERE status = 'open'"),
	    hole);
}

static char *
dump(struct fx_env *e)
{
	sqlite3_stmt *tables = ledger_prep(&e->f.l, "SELECT name FROM sqlite_master WHERE "
	    "type = 'table' ORDER BY name");
	struct buf b = BUF_INIT;

	while (sqlite3_step(tables) == SQLITE_ROW) {
		char sql[200];
		sqlite3_stmt *st;

		snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", col_text(tables, 0));
		st = ledger_prep(&e->f.l, sql);
		buf_printf(&b, "== %s\n", col_text(tables, 0));
		while (sqlite3_step(st) == SQLITE_ROW) {
			for (int i = 0; i < sqlite3_column_count(st); i++)
				buf_printf(&b, "%s|", col_text(st, i));
			buf_adds(&b, "\n");
		}
		sqlite3_finalize(st);
	}
	sqlite3_finalize(tables);
	return buf_steal(&b);
}

static void
test_preview_changes_nothing(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	struct schedule_stats s;
	struct buf out = BUF_INIT;
	struct diag d;
	char *before, *after, now[32];

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	before = dump(e);
	iso(due + 60, now);
	memset(&s, 0, sizeof s);
	assert_int_equal(schedule_run(&e->f.l, &e->f.cfg, "bq-1", now, 1, &out, &s, &d), 0);
	after = dump(e);
	assert_string_equal(before, after);
	assert_int_equal(s.defaults, 2);
	assert_non_null(strstr(out.p, "north missed the deadline Tue 24 Nov 2026"));
	assert_non_null(strstr(out.p, "the referee plays HOLE"));
	assert_non_null(strstr(out.p, "waiting for "));
	free(before);
	free(after);
	buf_free(&out);
	/* The real run does what the preview said. */
	s = run_at(e, due + 60);
	assert_int_equal(s.defaults, 2);
}

static void
test_shift_and_set(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e), due;
	struct diag d;

	run_at(e, t0 + 60);
	due = open_due(e, 0);
	run_at(e, due - 3600);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'"), 2);
	assert_int_equal(deadline_shift(&e->f.l, e->p.g.id, 0, 3 * 86400, &d), 1);
	assert_int_equal(open_due(e, 0), due + 3 * 86400);
	assert_int_equal(open_due(e, 1), due);
	/* The old reminder came too early for the new deadline: a new one comes
	 * (south's default, and the report it makes, before its window). */
	run_at(e, due + 60);
	run_at(e, due + 2 * 86400 + 60);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND "
	    "to_addr = 'n@example.org'"), 2);
	assert_true(deadline_set(&e->f.l, e->p.g.id, -1, t0 - 86400, &d) < 0);
	assert_non_null(strstr(d.msg, "past"));
	assert_int_equal(deadline_set(&e->f.l, e->p.g.id, -1, due + 9 * 86400, &d), 1);
	assert_int_equal(open_due(e, 0), due + 9 * 86400);
}

/* Targi through defaults alone: the game goes on, replays from the ledger,
 * and nobody is told what was played for the other seat. */
static void
test_targi_defaults(void **state)
{
	struct fx_env *e = *state;
	time_t t = setup_at(e);
	struct play p;
	struct diag d;
	void *st;
	char hash[HASH_HEX];

	fx_set(e, "disorder_after", "0");
	run_at(e, t + 60);
	for (int i = 0; i < 30; i++) {
		time_t due = time_of(e, "SELECT MIN(due_at) FROM deadlines WHERE status = 'open'");

		if (due < 0)
			break;
		run_at(e, due + 60);
	}
	assert_true(count(e, "SELECT COUNT(*) FROM events WHERE kind = 'default'") >= 20);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM seats WHERE disorder = 1"), 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE to_addr = 'n@example.org' "
	    "AND body LIKE '%%For you, south%%'"), 0);
	assert_int_equal(count(e, "SELECT COUNT(*) FROM outbox WHERE to_addr = 's@example.org' "
	    "AND body LIKE '%%For you, north%%'"), 0);
	assert_true(count(e, "SELECT COUNT(*) FROM outbox WHERE to_addr = 's@example.org' "
	    "AND body LIKE '%%For you, south%%'") > 0);
	assert_int_equal(play_load(&e->f.l, "tg-1", &p, &d), 1);
	assert_int_equal(p.rules->check(p.st, &d), 0);
	st = xcalloc(1, p.rules->state_size);
	if (play_replay(&e->f.l, &p.g, -1, st, NULL, NULL, &d) < 0)
		fail_msg("replay: %s", d.msg);
	play_state_hash(p.rules, st, hash);
	assert_string_equal(hash, p.state_hash);
	free(st);
	play_free(&p);
}

static int
count_stmt(unsigned type, void *arg, void *p, void *x)
{
	(void)type;
	(void)p;
	(void)x;
	(*(long *)arg)++;
	return 0;
}

/* The statements a tick runs at t (triggers' statements included). */
static long
tick_cost(struct fx_env *e, time_t t)
{
	long n = 0;

	sqlite3_trace_v2(e->f.l.db, SQLITE_TRACE_STMT, count_stmt, &n);
	run_at(e, t);
	sqlite3_trace_v2(e->f.l.db, 0, NULL, NULL);
	return n;
}

/* A tick costs what is due, not what the ledger holds: with nine more idle
 * games it runs exactly the statements it ran with one, and a game with
 * nothing due is not even loaded (a broken one is left alone). */
static void
test_idle_games_cost_nothing(void **state)
{
	struct fx_env *e = *state;
	time_t t0 = setup_at(e);
	long one, ten;

	run_at(e, t0 + 60);
	one = tick_cost(e, t0 + 120);
	for (int i = 2; i <= 10; i++) {
		struct play p;
		char name[16];

		snprintf(name, sizeof name, "bq-%d", i);
		fx_game(&e->f, "buqruru", name, 0, 0, NULL, 0, &p);
		play_free(&p);
	}
	/* The new games are seen once, their deadlines opened... */
	run_at(e, t0 + 180);
	assert_int_equal(count(e, "SELECT COUNT(DISTINCT game_id) FROM deadlines WHERE "
	    "status = 'open'"), 10);
	/* ...then they are idle. */
	ten = tick_cost(e, t0 + 240);
	assert_int_equal(ten, one);
	/* What falls due is still done, in every game. */
	assert_int_equal(run_at(e, open_due(e, 0) - 3600).reminded, 2 * 10);
	exec(e, "UPDATE snapshots SET state = x'00' WHERE game_id = (SELECT id FROM games "
	    "WHERE name = 'bq-5')");
	exec(e, "DROP TRIGGER events_no_update");
	exec(e, "UPDATE events SET payload = 'nonsense', state_hash = 'x' WHERE seq = 0 AND "
	    "game_id = (SELECT id FROM games WHERE name = 'bq-5')");
	assert_int_equal(tick_cost(e, open_due(e, 0) - 1800), one);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_opens_from_ledger_time, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_reminder_once, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_default_applied, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_late_note_off, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_grace_period, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_missed_reset, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_undone_answer_not_met, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_civil_disorder, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_counts_in_the_readers_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_handover_restarts_the_deadline, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_vacation, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_pause_auto_resume, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_early_processing, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_never_backwards, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_preview_changes_nothing, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_shift_and_set, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_idle_games_cost_nothing, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_targi_defaults, setup_targi,
		    fx_env_teardown),
	};

	/* A frozen clock: the games start on Saturday 21 Nov 2026, 12:00 UTC. */
	setenv("AZALAI_NOW", "2026-11-21T12:00:00Z", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
