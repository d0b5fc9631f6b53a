#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/deadline-rows.h"
#include "campaign/dates.h"
#include "campaign/deadline.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/lang.h"
#include "ledger/seats.h"

/* One game's rows being brought in line with whom it waits for. */
struct sync {
	struct ledger *l;
	struct play *p;
	const struct campaign *c;
	int dry;
	struct buf *out;
	int opened;
};

void
deadline_say(struct buf *out, int dry, const char *game, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (out != NULL)
		buf_printf(out, "  %s\n", msg);
	if (!dry)
		log_info("%s: %s", game, msg);
}

int
deadline_set_status(struct ledger *l, int64_t game, const struct deadline_row *w,
    const char *status, struct diag *d)
{
	return deadline_row_status(l, game, w->seat, w->seq, status, d);
}

int
deadline_set_due(struct ledger *l, int64_t game, const struct deadline_row *w, time_t due,
    struct diag *d)
{
	char iso[32];

	clock_iso(due, iso, sizeof iso);
	return deadline_row_due(l, game, w->seat, w->seq, iso, d);
}

/* A deadline row from the first five columns of st: seat_idx, seq, kind,
 * due_at, reminded_at. */
static void
read_row(sqlite3_stmt *st, struct deadline_row *w)
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

int
deadline_open_rows(struct ledger *l, int64_t game, int seat, struct deadline_row *v)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seat_idx, seq, kind, due_at, reminded_at "
	    "FROM deadlines WHERE game_id = ? AND status = 'open' AND (? < 0 OR "
	    "seat_idx = ?) ORDER BY due_at, seat_idx");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, seat);
	while (n < DEADLINE_OPEN_MAX && sqlite3_step(st) == SQLITE_ROW)
		read_row(st, &v[n++]);
	ledger_release(l, st);
	return n;
}

/* The open rows of a game, soonest first, each with the kind of its seat's
 * first live step since the row opened ("" when none): one statement for
 * what reconcile reads, not one more per row. */
static int
open_rows_since(struct ledger *l, int64_t game, struct deadline_row *v, char (*since)[16])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT d.seat_idx, d.seq, d.kind, d.due_at, "
	    "d.reminded_at, (SELECT e.kind FROM events e WHERE e.game_id = d.game_id AND "
	    "e.seat_idx = d.seat_idx AND e.seq > d.seq AND NOT EXISTS (SELECT 1 FROM undone "
	    "u WHERE u.game_id = e.game_id AND u.seq = e.seq) ORDER BY e.seq LIMIT 1) "
	    "FROM deadlines d WHERE d.game_id = ? AND d.status = 'open' "
	    "ORDER BY d.due_at, d.seat_idx");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	while (n < DEADLINE_OPEN_MAX && sqlite3_step(st) == SQLITE_ROW) {
		read_row(st, &v[n]);
		snprintf(since[n], sizeof since[n], "%s", col_text(st, 5));
		n++;
	}
	ledger_release(l, st);
	return n;
}

static time_t
query_time(struct sync *u, const char *sql, int64_t seq)
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
floor_for(struct sync *u)
{
	return query_time(u, "SELECT MAX(due_at) FROM deadlines WHERE game_id = ? AND "
	    "seq < ? AND status != 'cancelled'", u->p->seq);
}

/* When the game's last step was taken, and floor_for's answer, in one
 * statement. */
static time_t
step_times(struct sync *u, time_t *low)
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

int
deadline_away_at(const struct seat_row *s, time_t t)
{
	time_t from = clock_parse_iso(s->away_from), to = clock_parse_iso(s->away_to);

	return from >= 0 && to >= 0 && from <= t && t < to;
}

int
deadline_seat_missed(struct ledger *l, struct play *p, int seat, int missed, int disorder,
    const char *level, struct diag *d)
{
	struct seat_row *s = &p->g.seats[seat];

	s->missed = missed;
	if (disorder) {
		s->disorder = 1;
		snprintf(s->kind, sizeof s->kind, "bot");
		if (level != NULL)
			snprintf(s->bot_level, sizeof s->bot_level, "%s", level);
	}
	return seat_set_missed(l, p->g.id, seat, s, d);
}

/* A deadline falling in the seat's vacation moves to after it, as if the
 * decision opened the day the player is back. */
static int
honour_vacation(struct sync *u, struct deadline_row *w, struct diag *d)
{
	const struct seat_row *s = &u->p->g.seats[w->seat];
	time_t to = clock_parse_iso(s->away_to);
	time_t due;
	char when[64];

	if (!deadline_away_at(s, w->due))
		return 0;
	due = deadline_due(u->c, w->kind, to, floor_for(u));
	if (due <= w->due)
		return 0;
	if (deadline_set_due(u->l, u->p->g.id, w, due, d) < 0)
		return -1;
	w->due = due;
	campaign_date_english(u->c, due, when, sizeof when);
	deadline_say(u->out, u->dry, u->p->g.name, "%s is away: the deadline moves to %s",
	    s->name, when);
	return 0;
}

/* Brings the deadlines rows in line with whom the game waits for. */
static int
reconcile(struct sync *u, struct diag *d)
{
	struct deadline_row v[DEADLINE_OPEN_MAX];
	struct pending pd;
	char since[DEADLINE_OPEN_MAX][16];
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
			if (deadline_set_status(u->l, u->p->g.id, &v[i], "met", d) < 0)
				return -1;
			if (strcmp(kind, "order") == 0 && s->missed > 0 &&
			    deadline_seat_missed(u->l, u->p, v[i].seat, 0, 0, NULL, d) < 0)
				return -1;
		} else if (pd.over || !(pd.seats & VIS_SEAT(v[i].seat)) ||
		    strcmp(s->kind, "human") != 0) {
			if (deadline_set_status(u->l, u->p->g.id, &v[i], "cancelled",
			    d) < 0)
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
		struct deadline_row w;
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
		w.due = deadline_due(u->c, w.kind, opened, low);
		clock_iso(w.due, iso, sizeof iso);
		/* A row cancelled at this very step (the seat was a bot for a
		 * while) opens again. */
		if (deadline_row_open(u->l, u->p->g.id, s, w.seq, w.kind, iso, d) < 0)
			return -1;
		u->opened++;
		campaign_date_english(u->c, w.due, when, sizeof when);
		msg_english(pd.what[s], what, sizeof what);
		deadline_say(u->out, u->dry, u->p->g.name, "%s: %s (%s) is due %s",
		    u->p->g.seats[s].name, w.kind, what, when);
		if (honour_vacation(u, &w, d) < 0)
			return -1;
	}
	return 0;
}

int
deadline_reconcile(struct ledger *l, struct play *p, const struct campaign *c,
    struct buf *out, int dry, int *opened, struct diag *d)
{
	struct sync u = { l, p, c, dry, out, 0 };
	int rc = reconcile(&u, d);

	*opened += u.opened;
	return rc;
}

int
deadline_sync(struct ledger *l, struct play *p, const struct campaign *c, struct diag *d)
{
	struct campaign own;
	struct sync u;

	/* A game just over still has the rows its last moves met or left:
	 * reconcile closes them all (and opens none). */
	if (p->g.paused_at[0] != '\0' || (strcmp(p->g.status, "active") != 0 &&
	    strcmp(p->g.status, "over") != 0))
		return 0;
	memset(&u, 0, sizeof u);
	u.l = l;
	u.p = p;
	if (c == NULL) {
		if (campaign_load(l, p->g.id, &own, d) < 0)
			return -1;
		c = &own;
	}
	u.c = c;
	return reconcile(&u, d);
}

/* A seat handed to a person (a new player, or its own back from the bot) is
 * given the whole time for its open decision from now, not from when the
 * decision opened, which may be days ago. */
int
deadline_restart(struct ledger *l, struct play *p, int seat, const char *now,
    struct diag *d)
{
	struct deadline_row v[DEADLINE_OPEN_MAX];
	struct campaign c;
	struct sync u;
	time_t t;
	int n;

	if (deadline_sync(l, p, NULL, d) < 0)
		return -1;
	if (p->g.paused_at[0] != '\0' || strcmp(p->g.status, "active") != 0)
		return 0;
	memset(&u, 0, sizeof u);
	u.l = l;
	u.p = p;
	t = clock_parse_iso(now);
	if (campaign_load(l, p->g.id, &c, d) < 0)
		return -1;
	u.c = &c;
	n = deadline_open_rows(l, p->g.id, seat, v);
	for (int i = 0; i < n; i++) {
		time_t due = deadline_due(&c, v[i].kind, t, floor_for(&u));

		if (due <= v[i].due)
			continue;
		if (deadline_set_due(l, p->g.id, &v[i], due, d) < 0)
			return -1;
		/* The new player has not been reminded of anything yet. */
		if (deadline_set_reminded(l, p->g.id, seat, v[i].seq, "", d) < 0)
			return -1;
	}
	return 0;
}

/* Moves the open rows later by secs, or (secs 0) to due. */
static int
move_rows(struct ledger *l, int64_t game_id, int seat, long secs, time_t due,
    struct diag *d)
{
	struct deadline_row v[DEADLINE_OPEN_MAX];
	struct campaign c;
	time_t now = clock_now();
	int n = deadline_open_rows(l, game_id, seat, v);

	if (campaign_load(l, game_id, &c, d) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		time_t t = secs != 0 ? v[i].due + secs : due;

		if (deadline_set_due(l, game_id, &v[i], t, d) < 0)
			return -1;
		/* A reminder sent for the old deadline was early for the new one:
		 * the player hears again when the new one draws near. */
		if (v[i].reminded && c.remind > 0 && t - c.remind > now &&
		    deadline_set_reminded(l, game_id, v[i].seat, v[i].seq, "", d) < 0)
			return -1;
	}
	return n;
}

int
deadline_shift(struct ledger *l, int64_t game_id, int seat, long secs, struct diag *d)
{
	if (secs == 0)
		return 0;
	return move_rows(l, game_id, seat, secs, 0, d);
}

int
deadline_set(struct ledger *l, int64_t game_id, int seat, time_t due, struct diag *d)
{
	char iso[32];

	if (due < clock_now()) {
		clock_iso(due, iso, sizeof iso);
		return diag_set(d, 0, "%s is in the past: a deadline can only be set ahead", iso);
	}
	return move_rows(l, game_id, seat, 0, due, d);
}

int
deadline_game_clean(struct ledger *l, int64_t game, struct diag *d)
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

int
deadline_games_due(struct ledger *l, time_t t, struct game_names *nm, struct diag *d)
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
