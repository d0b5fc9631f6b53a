#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
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
#include "referee/notice.h"
#include "referee/people.h"
#include "referee/process.h"
#include "referee/schedule.h"
#include "referee/tell.h"
#include "render/render.h"
#include "render/report.h"

/* One open deadline row. */
struct drow {
	int seat;
	int64_t seq;
	char kind[24];
	time_t due;
	int reminded;
};

#define MAX_OPEN 16

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

/* What happens goes to the log, and to the preview's list; what a preview
 * only imagines stays out of the log. */
static void
say(struct run *u, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (u->out != NULL)
		buf_printf(u->out, "  %s\n", msg);
	if (!u->dry)
		log_info("%s: %s", u->p->g.name, msg);
}

static void
fmt_time(const struct run *u, time_t t, char *out, size_t n)
{
	lang_date_english(&u->c, t, out, n);
}

static int
set_iso(struct ledger *l, const char *sql, int64_t game, int seat, int64_t seq,
    const char *text, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, sql);

	sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int64(st, 4, seq);
	return ledger_done(l, st, d);
}

static int
row_status(struct run *u, const struct drow *w, const char *status, struct diag *d)
{
	return set_iso(u->l, "UPDATE deadlines SET status = ? WHERE game_id = ? AND "
	    "seat_idx = ? AND seq = ?", u->p->g.id, w->seat, w->seq, status, d);
}

static int
row_due(struct ledger *l, int64_t game, const struct drow *w, time_t due, struct diag *d)
{
	char iso[32];

	clock_iso(due, iso, sizeof iso);
	return set_iso(l, "UPDATE deadlines SET due_at = ? WHERE game_id = ? AND "
	    "seat_idx = ? AND seq = ?", game, w->seat, w->seq, iso, d);
}

/* A deadline row from the first five columns of st: seat_idx, seq, kind,
 * due_at, reminded_at. */
static void
read_row(sqlite3_stmt *st, struct drow *w)
{
	w->seat = sqlite3_column_int(st, 0);
	w->seq = sqlite3_column_int64(st, 1);
	snprintf(w->kind, sizeof w->kind, "%s", col_text(st, 2));
	w->due = clock_parse_iso(col_text(st, 3));
	w->reminded = col_text(st, 4)[0] != '\0';
	/* A row this build cannot read is shown as due now, not lost. */
	if (w->due < 0)
		w->due = 0;
}

/* The open rows of a game (seat -1: all), soonest first. */
static int
open_rows(struct ledger *l, int64_t game, int seat, struct drow *v)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seat_idx, seq, kind, due_at, reminded_at "
	    "FROM deadlines WHERE game_id = ? AND status = 'open' AND (? < 0 OR "
	    "seat_idx = ?) ORDER BY due_at, seat_idx");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, seat);
	while (n < MAX_OPEN && sqlite3_step(st) == SQLITE_ROW)
		read_row(st, &v[n++]);
	ledger_release(l, st);
	return n;
}

/* The open rows of a game, soonest first, each with the kind of its seat's
 * first live step since the row opened ("" when none): one statement for
 * what reconcile reads, not one more per row. */
static int
open_rows_since(struct ledger *l, int64_t game, struct drow *v, char (*since)[16])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT d.seat_idx, d.seq, d.kind, d.due_at, "
	    "d.reminded_at, (SELECT e.kind FROM events e WHERE e.game_id = d.game_id AND "
	    "e.seat_idx = d.seat_idx AND e.seq > d.seq AND NOT EXISTS (SELECT 1 FROM undone "
	    "u WHERE u.game_id = e.game_id AND u.seq = e.seq) ORDER BY e.seq LIMIT 1) "
	    "FROM deadlines d WHERE d.game_id = ? AND d.status = 'open' "
	    "ORDER BY d.due_at, d.seat_idx");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	while (n < MAX_OPEN && sqlite3_step(st) == SQLITE_ROW) {
		read_row(st, &v[n]);
		snprintf(since[n], sizeof since[n], "%s", col_text(st, 5));
		n++;
	}
	ledger_release(l, st);
	return n;
}

static time_t
query_time(struct run *u, const char *sql, int64_t seq)
{
	sqlite3_stmt *st = ledger_stmt(u->l, sql);
	time_t t = 0;

	sqlite3_bind_int64(st, 1, u->p->g.id);
	sqlite3_bind_int64(st, 2, seq);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		t = clock_parse_iso(col_text(st, 0));
	ledger_release(u->l, st);
	return t > 0 ? t : 0;
}

/* A deadline never goes back: each new one is at least the latest of the
 * decisions before it (those of the same step are independent). */
static time_t
floor_for(struct run *u)
{
	return query_time(u, "SELECT MAX(due_at) FROM deadlines WHERE game_id = ? AND "
	    "seq < ? AND status != 'cancelled'", u->p->seq);
}

/* When the game's last step was taken, and floor_for's answer, in one
 * statement. */
static time_t
step_times(struct run *u, time_t *low)
{
	sqlite3_stmt *st = ledger_stmt(u->l, "SELECT (SELECT at FROM events WHERE "
	    "game_id = ?1 AND seq = ?2), (SELECT MAX(due_at) FROM deadlines WHERE "
	    "game_id = ?1 AND seq < ?2 AND status != 'cancelled')");
	time_t at = 0, t;

	*low = 0;
	sqlite3_bind_int64(st, 1, u->p->g.id);
	sqlite3_bind_int64(st, 2, u->p->seq);
	if (sqlite3_step(st) == SQLITE_ROW) {
		if (sqlite3_column_type(st, 0) != SQLITE_NULL &&
		    (t = clock_parse_iso(col_text(st, 0))) > 0)
			at = t;
		if (sqlite3_column_type(st, 1) != SQLITE_NULL &&
		    (t = clock_parse_iso(col_text(st, 1))) > 0)
			*low = t;
	}
	ledger_release(u->l, st);
	return at;
}

static int
away_at(const struct seat_row *s, time_t t)
{
	time_t from = clock_parse_iso(s->away_from), to = clock_parse_iso(s->away_to);

	return from >= 0 && to >= 0 && from <= t && t < to;
}

static int
set_missed(struct run *u, int seat, int missed, int disorder, struct diag *d)
{
	struct seat_row *s = &u->p->g.seats[seat];
	sqlite3_stmt *st = ledger_stmt(u->l, "UPDATE seats SET missed = ?, disorder = ?, "
	    "kind = ? WHERE game_id = ? AND idx = ?");

	s->missed = missed;
	if (disorder) {
		s->disorder = 1;
		snprintf(s->kind, sizeof s->kind, "bot");
	}
	sqlite3_bind_int(st, 1, s->missed);
	sqlite3_bind_int(st, 2, s->disorder);
	sqlite3_bind_text(st, 3, s->kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, u->p->g.id);
	sqlite3_bind_int(st, 5, seat);
	return ledger_done(u->l, st, d);
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

/* A deadline falling in the seat's vacation moves to after it, as if the
 * decision opened the day the player is back. */
static int
honour_vacation(struct run *u, struct drow *w, struct diag *d)
{
	const struct seat_row *s = &u->p->g.seats[w->seat];
	time_t to = clock_parse_iso(s->away_to);
	time_t due;
	char when[64];

	if (!away_at(s, w->due))
		return 0;
	due = deadline_due(&u->c, w->kind, to, floor_for(u));
	if (due <= w->due)
		return 0;
	if (row_due(u->l, u->p->g.id, w, due, d) < 0)
		return -1;
	w->due = due;
	fmt_time(u, due, when, sizeof when);
	say(u, "%s is away: the deadline moves to %s", s->name, when);
	return 0;
}

/* Brings the deadlines rows in line with whom the game waits for. */
static int
reconcile(struct run *u, struct diag *d)
{
	struct drow v[MAX_OPEN];
	struct pending pd;
	char since[MAX_OPEN][16];
	uint32_t has = 0;
	time_t opened = -1, low = 0;
	int n;

	memset(&pd, 0, sizeof pd);
	u->p->rules->waiting_for(u->p->st, &pd);
	n = open_rows_since(u->l, u->p->g.id, v, since);
	for (int i = 0; i < n; i++) {
		struct seat_row *s = &u->p->g.seats[v[i].seat];
		const char *kind = since[i];

		if (kind[0] != '\0') {
			/* Answered (or played by the bot): the deadline was met. */
			if (row_status(u, &v[i], "met", d) < 0)
				return -1;
			if (strcmp(kind, "order") == 0 && s->missed > 0 &&
			    set_missed(u, v[i].seat, 0, 0, d) < 0)
				return -1;
		} else if (pd.over || !(pd.seats & VIS_SEAT(v[i].seat)) ||
		    strcmp(s->kind, "human") != 0) {
			if (row_status(u, &v[i], "cancelled", d) < 0)
				return -1;
		} else {
			has |= VIS_SEAT(v[i].seat);
			if (honour_vacation(u, &v[i], d) < 0)
				return -1;
		}
	}
	if (pd.over)
		return 0;
	for (int s = 0; s < u->p->g.nseats; s++) {
		sqlite3_stmt *st;
		struct drow w;
		char iso[32], when[64], what[DIAG_MSG];

		if (!(pd.seats & VIS_SEAT(s)) || (has & VIS_SEAT(s)) ||
		    strcmp(u->p->g.seats[s].kind, "human") != 0)
			continue;
		memset(&w, 0, sizeof w);
		w.seat = s;
		w.seq = u->p->seq;
		snprintf(w.kind, sizeof w.kind, "%s", pd.kind[s]);
		/* Opened when the step was taken, not when a run noticed it. The
		 * floor is the same for every seat: the rows this loop writes are
		 * of this step, and floor_for reads those before it. */
		if (opened < 0)
			opened = step_times(u, &low);
		w.due = deadline_due(&u->c, w.kind, opened, low);
		clock_iso(w.due, iso, sizeof iso);
		/* A row cancelled at this very step (the seat was a bot for a
		 * while) opens again. */
		st = ledger_stmt(u->l, "INSERT INTO deadlines (game_id, seat_idx, seq, kind, "
		    "due_at) VALUES (?,?,?,?,?) ON CONFLICT(game_id, seat_idx, seq) DO UPDATE "
		    "SET kind = excluded.kind, due_at = excluded.due_at, reminded_at = '', "
		    "late_noted_at = '', status = 'open'");
		sqlite3_bind_int64(st, 1, u->p->g.id);
		sqlite3_bind_int(st, 2, s);
		sqlite3_bind_int64(st, 3, w.seq);
		sqlite3_bind_text(st, 4, w.kind, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, iso, -1, SQLITE_STATIC);
		if (ledger_done(u->l, st, d) < 0)
			return -1;
		u->stats->opened++;
		fmt_time(u, w.due, when, sizeof when);
		msg_english(pd.what[s], what, sizeof what);
		say(u, "%s: %s (%s) is due %s", u->p->g.seats[s].name, w.kind, what, when);
		if (honour_vacation(u, &w, d) < 0)
			return -1;
	}
	return 0;
}

int
schedule_reconcile(struct ledger *l, struct play *p, const char *now, struct diag *d)
{
	return schedule_reconcile_with(l, p, NULL, now, d);
}

int
schedule_reconcile_with(struct ledger *l, struct play *p, const struct campaign *c,
    const char *now, struct diag *d)
{
	struct schedule_stats stats;
	struct run u;

	if (p->g.paused_at[0] != '\0' || strcmp(p->g.status, "active") != 0)
		return 0;
	memset(&u, 0, sizeof u);
	memset(&stats, 0, sizeof stats);
	u.l = l;
	u.p = p;
	u.stats = &stats;
	snprintf(u.now, sizeof u.now, "%s", now);
	u.t = clock_parse_iso(now);
	if (c != NULL)
		u.c = *c;
	else if (campaign_load(l, p->g.id, &u.c, d) < 0)
		return -1;
	return reconcile(&u, d);
}

/* A seat handed to a person (a new player, or its own back from the bot) is
 * given the whole time for its open decision from now, not from when the
 * decision opened, which may be days ago. */
int
schedule_restart(struct ledger *l, struct play *p, int seat, const char *now,
    struct diag *d)
{
	struct schedule_stats stats;
	struct drow v[MAX_OPEN];
	struct run u;
	int n;

	if (schedule_reconcile(l, p, now, d) < 0)
		return -1;
	if (p->g.paused_at[0] != '\0' || strcmp(p->g.status, "active") != 0)
		return 0;
	memset(&u, 0, sizeof u);
	memset(&stats, 0, sizeof stats);
	u.l = l;
	u.p = p;
	u.stats = &stats;
	snprintf(u.now, sizeof u.now, "%s", now);
	u.t = clock_parse_iso(now);
	if (campaign_load(l, p->g.id, &u.c, d) < 0)
		return -1;
	n = open_rows(l, p->g.id, seat, v);
	for (int i = 0; i < n; i++) {
		time_t due = deadline_due(&u.c, v[i].kind, u.t, floor_for(&u));

		sqlite3_stmt *st;

		if (due <= v[i].due)
			continue;
		if (row_due(l, p->g.id, &v[i], due, d) < 0)
			return -1;
		/* The new player has not been reminded of anything yet. */
		st = ledger_stmt(l, "UPDATE deadlines SET reminded_at = '' WHERE game_id = ? "
		    "AND seat_idx = ? AND seq = ?");
		sqlite3_bind_int64(st, 1, p->g.id);
		sqlite3_bind_int(st, 2, seat);
		sqlite3_bind_int64(st, 3, v[i].seq);
		if (ledger_done(l, st, d) < 0)
			return -1;
	}
	return 0;
}

/* The deadline of w passed: the game's default order is played for the seat. */
static int
pass(struct run *u, const struct drow *w, struct diag *d)
{
	struct seat_row *s = &u->p->g.seats[w->seat];
	int missed = s->missed + 1, disorder;
	struct evsink notes;
	struct order o;
	char when[LANG_DATE], logged[LANG_DATE], name[SEAT_NAME];
	char played[ORDER_TEXT + 40];
	int rc;

	disorder = u->c.disorder_after > 0 && missed >= u->c.disorder_after;
	memset(&o, 0, sizeof o);
	if (u->p->rules->default_order(u->p->st, w->seat, &o) < 0)
		return diag_set(d, 0, "game %s: the rules give no default order for seat %s",
		    u->p->g.name, s->name);
	snprintf(name, sizeof name, "%s", s->name);
	lang_date(&u->c, w->due, when, sizeof when);
	/* The order itself may name what only the seat may see (a card in hand):
	 * everyone learns that the referee played, the seat learns what. */
	evsink_init(&notes);
	ev_emit(&notes, VIS_ALL, "%s did not answer by %s; the referee played the "
	    "default order for %s.", name, when, name);
	/* The order in the seat's own order words, as it would write it. */
	msg_order(played, sizeof played, u->p->rules->name, o.text);
	ev_emit(&notes, VIS_SEAT(w->seat), "For you, %s, the referee played: %s.", name,
	    played);
	if (disorder)
		ev_emit(&notes, VIS_ALL, "%s has missed %d deadlines in a row and is in civil "
		    "disorder: the referee plays the seat until a player takes it over.",
		    name, missed);
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
	if (row_status(u, w, "passed", d) < 0 || set_missed(u, w->seat, missed, disorder, d) < 0)
		return -1;
	if (disorder) {
		struct tval *x = tval_map();

		u->stats->disorders++;
		say(u, "%s has missed %d deadlines in a row: civil disorder, a bot plays the "
		    "seat", name, missed);
		tval_set_int(x, "missed", missed);
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
			tval_set_str(x, "deadline", when);
			tval_set_int(x, "missed", missed);
			tval_set_bool(x, "disorder", disorder);
			if (notify(u, k, "late", "late", x, d) < 0)
				return -1;
			u->stats->late_notes++;
			say(u, "%s is told that %s is late", u->p->g.seats[k].name, name);
		}
		if (set_iso(u->l, "UPDATE deadlines SET late_noted_at = ? WHERE game_id = ? "
		    "AND seat_idx = ? AND seq = ?", u->p->g.id, w->seat, w->seq, u->now, d) < 0)
			return -1;
	}
	if (process_bots(u->l, u->p, u->now, &u->stats->steps, d) < 0 ||
	    play_update_status(u->l, u->p, d) < 0)
		return -1;
	return 0;
}

static int
remind(struct run *u, const struct drow *w, struct diag *d)
{
	const struct seat_row *s = &u->p->g.seats[w->seat];
	struct tval *x;
	char when[LANG_DATE], def[ORDER_TEXT], said[2 * ORDER_TEXT + 64];

	if (w->reminded || u->c.remind <= 0 || u->t < w->due - u->c.remind ||
	    u->t >= w->due || away_at(s, u->t) || strcmp(s->kind, "human") != 0)
		return 0;
	if (default_text(u->p, w->seat, def, sizeof def) < 0)
		return diag_set(d, 0, "game %s: the rules give no default order for seat %s",
		    u->p->g.name, s->name);
	lang_date(&u->c, w->due, when, sizeof when);
	/* In the seat's order words, as the lines to copy below it. */
	if (ordertr_to_lang(lang_seat(u->cfg, u->p, w->seat), u->p->rules->name, def, said,
	    sizeof said) < 0)
		snprintf(said, sizeof said, "%s", def);
	x = tval_map();
	tval_set_str(x, "deadline", when);
	tval_set_str(x, "default_order", said);
	tval_set_int(x, "missed", s->missed);
	tval_set_int(x, "disorder_after", u->c.disorder_after);
	tval_set_bool(x, "disorder_next", u->c.disorder_after > 0 &&
	    s->missed + 1 >= u->c.disorder_after);
	if (notify(u, w->seat, "reminder", "reminder", x, d) < 0)
		return -1;
	if (set_iso(u->l, "UPDATE deadlines SET reminded_at = ? WHERE game_id = ? AND "
	    "seat_idx = ? AND seq = ?", u->p->g.id, w->seat, w->seq, u->now, d) < 0)
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
	struct drow v[MAX_OPEN];
	struct pending pd;
	int n = open_rows(u->l, u->p->g.id, -1, v);

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
	if (process_bots(u->l, u->p, u->now, &u->stats->steps, d) < 0 ||
	    play_update_status(u->l, u->p, d) < 0)
		return -1;
	/* Each default is a step and may open decisions; new deadlines lie after
	 * now, so this ends when every due one has passed. */
	for (guard = 0; guard < 1000; guard++) {
		struct drow v[MAX_OPEN];
		int n;

		if (reconcile(u, d) < 0)
			return -1;
		if (strcmp(u->p->g.status, "active") != 0)
			break;
		n = open_rows(u->l, u->p->g.id, -1, v);
		if (n == 0 || v[0].due > u->t)
			break;
		if (pass(u, &v[0], d) < 0)
			return -1;
	}
	if (guard == 1000)
		return diag_set(d, 0, "game %s: deadlines did not stop passing", u->p->g.name);
	if (strcmp(u->p->g.status, "active") == 0) {
		struct drow v[MAX_OPEN];
		int n = open_rows(u->l, u->p->g.id, -1, v);

		for (int i = 0; i < n; i++)
			if (remind(u, &v[i], d) < 0)
				return -1;
	}
	if (u->p->seq > before && !u->dry &&
	    tell_step(u->l, u->cfg, &u->r, u->p, -1, u->now, d) < 0)
		return -1;
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

struct names {
	char (*v)[64];
	size_t n, cap;
};

static int
collect(void *arg, const struct game_row *g)
{
	struct names *nm = arg;

	if (strcmp(g->status, "active") != 0)
		return 0;
	if (nm->n == nm->cap) {
		nm->cap = nm->cap ? nm->cap * 2 : 16;
		nm->v = xreallocarray(nm->v, nm->cap, sizeof *nm->v);
	}
	snprintf(nm->v[nm->n++], sizeof nm->v[0], "%s", g->name);
	return 0;
}

/* The game is up to date: the next tick passes it over until something
 * changes or falls due (schedule_dirty, 008). Last in the game's transaction,
 * after every write that marks it. */
static int
clean(struct ledger *l, int64_t game, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "DELETE FROM schedule_dirty WHERE game_id = ?");

	sqlite3_bind_int64(st, 1, game);
	return ledger_done(l, st, d);
}

/* The longest reminder any game has (a reminder is due that long before its
 * deadline): each distinct value once, by the settings_key index. */
static long
longest_reminder(struct ledger *l)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT value FROM settings WHERE key = "
	    "'reminder' AND value > ? ORDER BY value LIMIT 1");
	struct campaign c;
	char last[64] = "";
	long most;

	campaign_defaults(&c);
	most = c.remind;
	for (;;) {
		long secs;

		sqlite3_bind_text(st, 1, last, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(st) != SQLITE_ROW)
			break;
		snprintf(last, sizeof last, "%s", col_text(st, 0));
		if ((secs = campaign_parse_duration(last)) > most)
			most = secs;
		sqlite3_reset(st);
	}
	ledger_release(l, st);
	return most;
}

/* The games a tick must visit, by id: those with a deadline passed or a
 * reminder possibly due, a pause ending, or a change since the last tick
 * (schedule_dirty). Each part is one indexed range: an idle game costs
 * nothing. */
static int
due_games(struct ledger *l, time_t t, struct names *nm, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT name, status FROM games WHERE id IN ("
	    "SELECT game_id FROM deadlines WHERE status = 'open' AND due_at <= ?1 AND "
	    "(reminded_at = '' OR due_at <= ?2) "
	    "UNION SELECT id FROM games WHERE paused_at != '' AND paused_until <= ?2 AND "
	    "paused_until != '' "
	    "UNION SELECT game_id FROM schedule_dirty) ORDER BY id");
	char now[32], horizon[32];
	int rc;

	clock_iso(t, now, sizeof now);
	clock_iso(t + longest_reminder(l), horizon, sizeof horizon);
	sqlite3_bind_text(st, 1, horizon, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, now, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (nm->n == nm->cap) {
			nm->cap = nm->cap ? nm->cap * 2 : 16;
			nm->v = xreallocarray(nm->v, nm->cap, sizeof *nm->v);
		}
		snprintf(nm->v[nm->n++], sizeof nm->v[0], "%s", col_text(st, 0));
	}
	ledger_release(l, st);
	if (rc != SQLITE_DONE)
		return ledger_fail(l, d, "find the games with something due");
	return 0;
}

/* A digest seat with steps it has not seen is due within a day: its game
 * stays on the tick's list (schedule_dirty) until the digest has gone out.
 * Only such games cost a visit per tick; idle ones still cost nothing. */
static int
digest_pending(const struct run *u)
{
	for (int s = 0; s < u->p->g.nseats; s++)
		if (strcmp(u->p->g.seats[s].kind, "human") == 0 &&
		    u->p->g.seats[s].reported_seq < u->p->seq &&
		    strcmp(notify_mode(u->p, &u->c, s), "digest") == 0)
			return 1;
	return 0;
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
		if (!dry_run && (clean(l, p.g.id, d) < 0 || ledger_commit(l, d) < 0))
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
	if (rc == 0 && !dry_run && (digest_pending(&u) || clean(l, p.g.id, d) == 0))
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
	struct names nm = { NULL, 0, 0 };
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
	else if (due_games(l, clock_parse_iso(now), &nm, d) < 0)
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

/* Moves the open rows later by secs, or (secs 0) to due. */
static int
move_rows(struct ledger *l, int64_t game_id, int seat, long secs, time_t due,
    struct diag *d)
{
	struct drow v[MAX_OPEN];
	struct campaign c;
	time_t now = clock_now();
	int n = open_rows(l, game_id, seat, v);

	if (campaign_load(l, game_id, &c, d) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		time_t t = secs != 0 ? v[i].due + secs : due;

		if (row_due(l, game_id, &v[i], t, d) < 0)
			return -1;
		/* A reminder sent for the old deadline was early for the new one:
		 * the player hears again when the new one draws near. */
		if (v[i].reminded && c.remind > 0 && t - c.remind > now &&
		    set_iso(l, "UPDATE deadlines SET reminded_at = ? WHERE game_id = ? AND "
		    "seat_idx = ? AND seq = ?", game_id, v[i].seat, v[i].seq, "", d) < 0)
			return -1;
	}
	return n;
}

int
schedule_shift(struct ledger *l, int64_t game_id, int seat, long secs, struct diag *d)
{
	if (secs == 0)
		return 0;
	return move_rows(l, game_id, seat, secs, 0, d);
}

int
schedule_set(struct ledger *l, int64_t game_id, int seat, time_t due, struct diag *d)
{
	char iso[32];

	if (due < clock_now()) {
		clock_iso(due, iso, sizeof iso);
		return diag_set(d, 0, "%s is in the past: a deadline can only be set ahead", iso);
	}
	return move_rows(l, game_id, seat, 0, due, d);
}
