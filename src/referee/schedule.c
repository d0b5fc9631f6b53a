#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "campaign/deadline-rows.h"
#include "campaign/deadline.h"
#include "campaign/notify.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "ledger/play.h"
#include "mail/outbox.h"
#include "referee/bots.h"
#include "referee/notice.h"
#include "referee/people.h"
#include "referee/schedule.h"
#include "referee/tell.h"
#include "render/render.h"
#include "render/report.h"

/* One game being brought up to date. */
struct run {
	struct ledger *l;
	const struct config *cfg;
	char now[32];
	time_t t;
	int dry;
	struct buf *out;
	struct schedule_stats *stats;
	struct play *p;
	struct campaign c;
	struct render r;
};

static void
say(struct run *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* deadline_say, for the game being brought up to date. */
static void
say(struct run *u, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	deadline_say(u->out, u->dry, u->p->g.name, "%s", msg);
}

static void
fmt_time(const struct run *u, time_t t, char *out, size_t n)
{
	campaign_date_english(&u->c, t, out, n);
}

/* t as seat reads it: in its own zone when it chose one. */
static void
seat_date(const struct run *u, int seat, time_t t, char *out, size_t n)
{
	struct campaign c = u->c;

	campaign_for_seat(&c, &u->p->g, seat);
	campaign_date(&c, t, out, n);
}

/* The grace keys of a reminder or late note: the time after the deadline
 * until which orders still count. */
static void
grace_keys(const struct run *u, int seat, time_t due, struct tval *x)
{
	char end[CAMPAIGN_DATE];

	tval_set_bool(x, "has_grace", u->c.grace > 0);
	if (u->c.grace > 0) {
		seat_date(u, seat, due + u->c.grace, end, sizeof end);
		tval_set_str(x, "grace_end", end);
	}
}

/* 1 when a reminder of w would tell the seat nothing its last mail did
 * not: a report, welcome or answer sent within the reminder's window
 * already showed this deadline (with a one-day deadline and a one-day
 * reminder, the report that opened it). A seat one miss from civil
 * disorder is warned all the same: no report says that. */
static int
reminder_stale(const struct run *u, const struct deadline_row *w)
{
	const struct seat_row *s = &u->p->g.seats[w->seat];
	time_t last;

	if (u->c.disorder_after > 0 && s->missed + 1 >= u->c.disorder_after)
		return 0;
	last = notify_last_report(u->l, u->p, w->seat);
	return last >= 0 && last >= w->due - u->c.remind;
}

/* Mail to a seat about its deadlines; extra is consumed. A preview queues
 * and logs nothing. */
static int
notify(struct run *u, int seat, const char *tmpl, const char *kind, struct tval *extra,
    struct diag *d)
{
	int rc = 0;

	if (!u->dry)
		rc = notice_one(u->l, u->cfg, &u->r, u->p, seat, u->p->g.seats[seat].address,
		    tmpl, kind, extra, 0, u->now, d);
	tval_free(extra);
	return rc;
}

static int
default_text(const struct play *p, int seat, char *out, size_t n)
{
	struct order o;

	memset(&o, 0, sizeof o);
	if (p->rules->default_order(p->st, seat, &o) < 0)
		return -1;
	snprintf(out, n, "%s", o.text);
	return 0;
}

/* The deadline of w passed: the game's default order is played for the seat. */
static int
pass(struct run *u, const struct deadline_row *w, struct diag *d)
{
	struct seat_row *s = &u->p->g.seats[w->seat];
	int missed = s->missed + 1, disorder;
	struct evsink notes;
	struct order o;
	char when[CAMPAIGN_DATE], logged[CAMPAIGN_DATE], name[SEAT_NAME];
	char played[ORDER_TEXT + 40], count_said[128];
	int rc;

	disorder = u->c.disorder_after > 0 && missed >= u->c.disorder_after;
	memset(&o, 0, sizeof o);
	if (u->p->rules->default_order(u->p->st, w->seat, &o) < 0)
		return diag_set(d, 0, "game %s: the rules give no default order for seat %s",
		    u->p->g.name, s->name);
	snprintf(name, sizeof name, "%s", s->name);
	campaign_date(&u->c, w->due, when, sizeof when);
	/* The order itself may name what only the seat may see (a card in hand):
	 * everyone learns that the referee played, the seat learns what. */
	evsink_init(&notes);
	ev_emit(&notes, VIS_ALL, "%s did not answer by %s; the referee played the "
	    "default order for %s.", name, when, name);
	/* The order in the seat's own order words, as it would write it. */
	msg_order(played, sizeof played, u->p->rules->name, o.text);
	ev_emit(&notes, VIS_SEAT(w->seat), "For you, %s, the referee played: %s.", name,
	    played);
	if (disorder) {
		char said[512];

		/* A campaign may put a seat in disorder after one miss. */
		msg_nfmt(said, sizeof said, (unsigned long)missed,
		    "%s has missed %d deadline in a row and is in civil disorder: "
		    "the referee plays the seat until a player takes it over.",
		    "%s has missed %d deadlines in a row and is in civil disorder: "
		    "the referee plays the seat until a player takes it over.", name, missed);
		ev_emit(&notes, VIS_ALL, "%s", said);
	}
	rc = play_step_noted(u->l, u->p, "default", w->seat, &o, &notes, u->now, NULL, d);
	evsink_free(&notes);
	if (rc == PLAY_ERULES) {
		char why[sizeof d->msg];

		snprintf(why, sizeof why, "%s", d->msg);
		return diag_set(d, 0, "game %s: the default order \"%s\" of seat %s does not "
		    "apply: %s", u->p->g.name, o.text, name, why);
	}
	if (rc < 0)
		return -1;
	u->stats->defaults++;
	u->stats->steps++;
	/* when stays the reader's: the late notes below say it. */
	fmt_time(u, w->due, logged, sizeof logged);
	say(u, "%s missed the deadline %s (%s): the referee plays %s", name, logged, w->kind,
	    o.text);
	if (deadline_set_status(u->l, u->p->g.id, w, "passed", d) < 0 ||
	    deadline_seat_missed(u->l, u->p, w->seat, missed, disorder,
	    u->c.disorder_bot, d) < 0)
		return -1;
	if (disorder) {
		struct tval *x = tval_map();

		u->stats->disorders++;
		say(u, "%s has missed %d deadlines in a row: civil disorder, a bot plays the "
		    "seat", name, missed);
		/* Counts are messages: each reader's mail renders them in
		 * the reader's language with its plural form. */
		msg_nfmt(count_said, sizeof count_said, (unsigned long)missed, "%d time in a row",
		    "%d times in a row", missed);
		tval_set_str(x, "missed_times", count_said);
		tval_set_str(x, "gm", u->c.gm);
		tval_set_bool(x, "has_gm", u->c.gm[0] != '\0');
		if (notify(u, w->seat, "disorder", "disorder", x, d) < 0)
			return -1;
	}
	if (u->c.late_note) {
		for (int k = 0; k < u->p->g.nseats; k++) {
			struct tval *x;

			if (k == w->seat || strcmp(u->p->g.seats[k].kind, "human") != 0)
				continue;
			x = tval_map();
			tval_set_str(x, "late_seat", name);
			seat_date(u, k, w->due, when, sizeof when);
			tval_set_str(x, "deadline", when);
			grace_keys(u, k, w->due, x);
			msg_nfmt(count_said, sizeof count_said, (unsigned long)missed,
			    "%d deadline in a row", "%d deadlines in a row", missed);
			tval_set_str(x, "missed_deadlines", count_said);
			tval_set_bool(x, "disorder", disorder);
			if (notify(u, k, "late", "late", x, d) < 0)
				return -1;
			u->stats->late_notes++;
			say(u, "%s is told that %s is late", u->p->g.seats[k].name, name);
		}
		if (deadline_set_late_noted(u->l, u->p->g.id, w->seat, w->seq, u->now, d) < 0)
			return -1;
	}
	if (bots_play(u->l, u->p, u->now, &u->stats->steps, d) < 0 ||
	    play_update_status(u->l, u->p, d) < 0)
		return -1;
	return 0;
}

static int
remind(struct run *u, const struct deadline_row *w, struct diag *d)
{
	const struct seat_row *s = &u->p->g.seats[w->seat];
	struct tval *x;
	char when[CAMPAIGN_DATE], def[ORDER_TEXT], said[2 * ORDER_TEXT + 64];

	if (w->reminded || u->c.remind <= 0 || u->t < w->due - u->c.remind ||
	    u->t >= w->due || deadline_away_at(s, u->t) || strcmp(s->kind, "human") != 0)
		return 0;
	if (reminder_stale(u, w)) {
		/* Marked all the same: it is not looked at again each tick. */
		if (!u->dry && deadline_set_reminded(u->l, u->p->g.id, w->seat, w->seq, u->now,
		    d) < 0)
			return -1;
		fmt_time(u, w->due, when, sizeof when);
		say(u, "%s needs no reminder of the deadline %s: its last mail told it",
		    s->name, when);
		return 0;
	}
	if (default_text(u->p, w->seat, def, sizeof def) < 0)
		return diag_set(d, 0, "game %s: the rules give no default order for seat %s",
		    u->p->g.name, s->name);
	seat_date(u, w->seat, w->due, when, sizeof when);
	/* In the seat's order words, as the lines to copy below it. */
	if (ordertr_to_lang(lang_seat(u->cfg, u->p, w->seat), u->p->rules->name, def, said,
	    sizeof said) < 0)
		snprintf(said, sizeof said, "%s", def);
	x = tval_map();
	tval_set_str(x, "deadline", when);
	tval_set_str(x, "default_order", said);
	tval_set_int(x, "missed", s->missed);
	msg_nfmt(said, sizeof said, (unsigned long)u->c.disorder_after,
	    "that makes %d missed deadline in a row",
	    "that makes %d missed deadlines in a row", u->c.disorder_after);
	tval_set_str(x, "disorder_after_said", said);
	tval_set_bool(x, "disorder_next", u->c.disorder_after > 0 &&
	    s->missed + 1 >= u->c.disorder_after);
	grace_keys(u, w->seat, w->due, x);
	if (notify(u, w->seat, "reminder", "reminder", x, d) < 0)
		return -1;
	if (deadline_set_reminded(u->l, u->p->g.id, w->seat, w->seq, u->now, d) < 0)
		return -1;
	u->stats->reminded++;
	fmt_time(u, w->due, when, sizeof when);
	say(u, "%s is reminded of the deadline %s", s->name, when);
	return 0;
}

/* A pause that has run its length ends by itself. 1 when the game is
 * (still) paused. */
static int
pause_check(struct run *u, struct diag *d)
{
	struct game_row *g = &u->p->g;
	time_t until = clock_parse_iso(g->paused_until);
	char when[64];

	if (g->paused_at[0] == '\0')
		return 0;
	if (until < 0 || u->t < until) {
		if (until >= 0)
			fmt_time(u, until, when, sizeof when);
		say(u, "paused (%s): nothing is due; it resumes by itself %s", g->paused_reason,
		    until >= 0 ? when : "never: the game master resumes it");
		return 1;
	}
	say(u, "the pause (%s) has run its length: the game resumes", g->paused_reason);
	/* The game master's resume, by itself: deadlines move on by as long as
	 * the game stood still, and everyone is told. */
	if (people_resume(u->l, u->cfg, u->p, 1, u->now, d) < 0)
		return -1;
	u->stats->resumed++;
	return 0;
}

/* What the game waits for now, for the preview. */
static void
describe_waiting(struct run *u)
{
	struct deadline_row v[DEADLINE_OPEN_MAX];
	struct pending pd;
	int n = deadline_open_rows(u->l, u->p->g.id, -1, v);

	memset(&pd, 0, sizeof pd);
	u->p->rules->waiting_for(u->p->st, &pd);
	if (pd.over) {
		char said[DIAG_MSG];

		msg_english(pd.result, said, sizeof said);
		buf_printf(u->out, "  the game is over: %s\n", said);
		return;
	}
	for (int s = 0; s < u->p->g.nseats; s++) {
		char when[64] = "no deadline", def[ORDER_TEXT];

		if (!(pd.seats & VIS_SEAT(s)))
			continue;
		for (int i = 0; i < n; i++)
			if (v[i].seat == s)
				fmt_time(u, v[i].due, when, sizeof when);
		if (default_text(u->p, s, def, sizeof def) < 0)
			snprintf(def, sizeof def, "(none)");
		if (strcmp(u->p->g.seats[s].kind, "human") != 0)
			buf_printf(u->out, "  waiting for %s: %s; the bot plays it\n",
			    u->p->g.seats[s].name, pd.kind[s]);
		else
			buf_printf(u->out, "  waiting for %s: %s, due %s; default %s\n",
			    u->p->g.seats[s].name, pd.kind[s], when, def);
	}
}

static int
run_game(struct run *u, struct diag *d)
{
	int64_t before = u->p->seq;
	int guard, rc;

	if (campaign_load(u->l, u->p->g.id, &u->c, d) < 0)
		return -1;
	if ((rc = pause_check(u, d)) != 0)
		return rc < 0 ? -1 : 0;
	/* A seat just handed to the bot may be the one waited for. */
	if (bots_play(u->l, u->p, u->now, &u->stats->steps, d) < 0 ||
	    play_update_status(u->l, u->p, d) < 0)
		return -1;
	/* Each default is a step and may open decisions; new deadlines lie after
	 * now, so this ends when every due one has passed. */
	for (guard = 0; guard < 1000; guard++) {
		struct deadline_row v[DEADLINE_OPEN_MAX];
		int n;

		if (deadline_reconcile(u->l, u->p, &u->c, u->out, u->dry, &u->stats->opened,
		    d) < 0)
			return -1;
		if (strcmp(u->p->g.status, "active") != 0)
			break;
		n = deadline_open_rows(u->l, u->p->g.id, -1, v);
		/* The default is played once the grace after the deadline has
		 * passed too: an order in the grace still counts. */
		if (n == 0 || v[0].due + u->c.grace > u->t)
			break;
		if (pass(u, &v[0], d) < 0)
			return -1;
	}
	if (guard == 1000)
		return diag_set(d, 0, "game %s: deadlines did not stop passing", u->p->g.name);
	if (u->p->seq > before && !u->dry &&
	    tell_step(u->l, u->cfg, &u->r, u->p, -1, u->now, d) < 0)
		return -1;
	/* After the reports: a deadline a report of this tick shows needs
	 * no reminder besides it (reminder_stale). */
	if (strcmp(u->p->g.status, "active") == 0) {
		struct deadline_row v[DEADLINE_OPEN_MAX];
		int n = deadline_open_rows(u->l, u->p->g.id, -1, v);

		for (int i = 0; i < n; i++)
			if (remind(u, &v[i], d) < 0)
				return -1;
	}
	if (u->p->seq > before && u->dry)
		say(u, "the seats get a report of what happened (step %lld on) as their "
		    "notify settings ask", (long long)before + 1);
	if (!u->dry && tell_digests(u->l, u->cfg, &u->r, u->p, u->now, d) < 0)
		return -1;
	for (int s = 0; u->dry && s < u->p->g.nseats; s++)
		if (notify_digest_due(u->l, u->p, &u->c, s, u->now))
			say(u, "seat %s gets its daily digest", u->p->g.seats[s].name);
	if (u->out != NULL)
		describe_waiting(u);
	return 0;
}

static int
collect(void *arg, const struct game_row *g)
{
	struct game_names *nm = arg;

	if (strcmp(g->status, "active") != 0)
		return 0;
	if (nm->n == nm->cap) {
		nm->cap = nm->cap ? nm->cap * 2 : 16;
		nm->v = xreallocarray(nm->v, nm->cap, sizeof *nm->v);
	}
	snprintf(nm->v[nm->n++], sizeof nm->v[0], "%s", g->name);
	return 0;
}

/* A digest seat with steps it has not seen is due within a day: its game
 * stays on the tick's list (schedule_dirty) until the digest has gone out.
 * Only such games cost a visit per tick; idle ones still cost nothing. */
static int
digest_pending(const struct run *u)
{
	sqlite3_stmt *st;
	int found;

	for (int s = 0; s < u->p->g.nseats; s++)
		if (strcmp(u->p->g.seats[s].kind, "human") == 0 &&
		    u->p->g.seats[s].reported_seq < u->p->seq &&
		    strcmp(notify_mode(u->p, &u->c, s), "digest") == 0)
			return 1;
	/* An observer in digest, the same. */
	st = ledger_stmt(u->l, "SELECT 1 FROM watchers WHERE game_id = ? AND "
	    "notify = 'digest' AND reported_seq < ? LIMIT 1");
	sqlite3_bind_int64(st, 1, u->p->g.id);
	sqlite3_bind_int64(st, 2, u->p->seq);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(u->l, st);
	return found;
}

static int
one_game(struct ledger *l, const struct config *cfg, const char *name, const char *now,
    int dry_run, struct buf *out, struct schedule_stats *stats, struct diag *d)
{
	struct run u;
	struct play p;
	int rc;

	memset(&u, 0, sizeof u);
	u.l = l;
	u.cfg = cfg;
	u.dry = dry_run;
	u.out = out;
	u.stats = stats;
	u.p = &p;
	snprintf(u.now, sizeof u.now, "%s", now);
	u.t = clock_parse_iso(now);
	if (ledger_begin(l, d) < 0)
		return -1;
	rc = play_load(l, name, &p, d);
	if (rc == 0)
		rc = diag_set(d, 0, "there is no game \"%s\"", name);
	if (rc < 0) {
		ledger_rollback(l);
		return -1;
	}
	if (out != NULL)
		buf_printf(out, "%s at %s:\n", p.g.name, now);
	if (strcmp(p.g.status, "active") != 0) {
		if (out != NULL)
			buf_printf(out, "  the game is %s: nothing is due\n", p.g.status);
		if (!dry_run && (deadline_game_clean(l, p.g.id, d) < 0 || ledger_commit(l, d) < 0))
			rc = -1;
		else
			rc = 0;
		if (l->in_tx)
			ledger_rollback(l);
		play_free(&p);
		return rc;
	}
	render_init(&u.r, cfg->datadir, p.rules->name, cfg->language);
	rc = run_game(&u, d);
	/* A bot still to move ran out of the run's time: the next tick
	 * visits the game again. */
	if (rc == 0 && !dry_run && (digest_pending(&u) || bots_waited(&p) ||
	    deadline_game_clean(l, p.g.id, d) == 0))
		rc = ledger_commit(l, d);
	else
		ledger_rollback(l);
	render_free(&u.r);
	play_free(&p);
	return rc;
}

int
schedule_run(struct ledger *l, const struct config *cfg, const char *game, const char *now,
    int dry_run, struct buf *out, struct schedule_stats *stats, struct diag *d)
{
	struct game_names nm = { NULL, 0, 0 };
	char nowbuf[32];
	int rc = 0;

	if (now == NULL) {
		clock_iso(clock_now(), nowbuf, sizeof nowbuf);
		now = nowbuf;
	}
	if (clock_parse_iso(now) < 0)
		return diag_set(d, 0, "\"%s\" is not a time (2026-11-24T19:00:00Z)", now);
	if (game != NULL)
		return games_ready(d) < 0 ? -1 : one_game(l, cfg, game, now, dry_run, out, stats, d);
	/* A preview shows every game; a tick visits only what is due. */
	if (out != NULL)
		ledger_games_each(l, collect, &nm);
	else if (deadline_games_due(l, clock_parse_iso(now), &nm, d) < 0)
		return -1;
	/* Nothing due: no game's data or catalog is read (games_defer). */
	if (nm.n > 0 && games_ready(d) < 0) {
		free(nm.v);
		return -1;
	}
	for (size_t i = 0; i < nm.n; i++) {
		struct diag gd;

		diag_clear(&gd);
		/* One game's trouble leaves the others their turn. */
		if (one_game(l, cfg, nm.v[i], now, dry_run, out, stats, &gd) < 0) {
			log_error("%s: deadlines left for the next run: %s", nm.v[i], gd.msg);
			if (rc == 0)
				*d = gd;
			rc = -1;
		}
	}
	free(nm.v);
	return rc;
}
