#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/hash.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "referee/stale.h"
#include "render/report.h"

static int64_t
step_of_mail(struct ledger *l, int64_t game_id, int seat, const char *mid, size_t len)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT step FROM outbox WHERE message_id = ? AND "
	    "game_id = ? AND seat_idx = ? AND step IS NOT NULL");
	int64_t step = -1;

	sqlite3_bind_text(st, 1, mid, (int)len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	if (sqlite3_step(st) == SQLITE_ROW)
		step = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	return step;
}

int64_t
stale_reply_step(struct ledger *l, int64_t game_id, int seat, const char *in_reply_to,
    const char *refs)
{
	int64_t step = -1;
	const char *p;

	if (in_reply_to != NULL && in_reply_to[0] != '\0' &&
	    (step = step_of_mail(l, game_id, seat, in_reply_to, strlen(in_reply_to))) >= 0)
		return step;
	/* References lists the thread oldest first: the newest mail of ours in
	 * it is the one answered. */
	for (p = refs != NULL ? refs : ""; (p = strchr(p, '<')) != NULL; ) {
		const char *end = strchr(++p, '>');
		int64_t s;

		if (end == NULL)
			break;
		if ((s = step_of_mail(l, game_id, seat, p, (size_t)(end - p))) >= 0)
			step = s;
		p = end + 1;
	}
	return step;
}

/* Walks the live steps of the game, holding the seat's decision after the
 * answered step up against each later one. */
struct walk {
	const struct game_rules *r;
	int seat;
	int64_t step;
	int waited0;             /* waited for after step */
	char kind0[24], what0[1024];
	int next_open;           /* in advance: the seat's next decision has opened */
	char kind_next[24];
	int64_t ended;           /* the step that closed it, -1 while open */
	char why[512];
};

static int
walk_one(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	struct walk *w = arg;
	struct pending pd;
	int waited;

	memset(&pd, 0, sizeof pd);
	w->r->waiting_for(st, &pd);
	waited = !pd.over && (pd.seats & VIS_SEAT(w->seat)) != 0;
	if (seq <= w->step) {
		w->waited0 = waited;
		snprintf(w->kind0, sizeof w->kind0, "%s", waited ? pd.kind[w->seat] : "");
		/* The pending line is a message (msg.h), kept as one so that
		 * the refusal says it in the reader's language; one too long
		 * to keep whole is said in English rather than cut. */
		if (waited && strlen(pending_own(&pd, w->seat)) < sizeof w->what0)
			snprintf(w->what0, sizeof w->what0, "%s", pending_own(&pd, w->seat));
		else if (waited)
			msg_english(pending_own(&pd, w->seat), w->what0, sizeof w->what0);
		else
			w->what0[0] = '\0';
		return 0;
	}
	if (strcmp(e->kind, "admin") == 0) {
		msg_fmt(w->why, sizeof w->why, "the game master changed the game");
	} else if (e->seat == w->seat && strcmp(e->kind, "default") == 0) {
		msg_fmt(w->why, sizeof w->why, "its deadline passed and the default "
		    "order was played for you");
	} else if (e->seat == w->seat && strcmp(e->kind, "bot") == 0) {
		msg_fmt(w->why, sizeof w->why, "the referee played for you");
	} else if (w->waited0) {
		if (!waited && e->seat == w->seat)
			msg_fmt(w->why, sizeof w->why, "you answered it");
		else if (!waited)
			msg_fmt(w->why, sizeof w->why, "it is no longer yours to make");
		else if (strcmp(pd.kind[w->seat], w->kind0) != 0)
			msg_fmt(w->why, sizeof w->why, "you were asked something new");
	} else if (waited && !w->next_open) {
		/* Orders in advance answer the next decision, whenever it opens. */
		w->next_open = 1;
		snprintf(w->kind_next, sizeof w->kind_next, "%s", pd.kind[w->seat]);
	} else if (w->next_open && (!waited || strcmp(pd.kind[w->seat], w->kind_next) != 0)) {
		msg_fmt(w->why, sizeof w->why, "your next decision after it came and "
		    "was made");
	}
	if (w->why[0] == '\0')
		return 0;
	w->ended = seq;
	return 1;
}

int
stale_check(struct ledger *l, const struct play *p, int seat, int64_t step,
    struct diag *od, struct diag *d)
{
	struct walk w;
	struct pending pd;
	char first[2048], now[1024];
	int64_t answered, ended, at;
	void *st;
	int rc;

	/* Every step number said is the one the seat reads (report.h). */
	if (step > p->seq)
		/* Rendered in English, it still begins "STEP n:", which
		 * answer.c's refused_line reads. */
		return diag_set(od, 0, "%s %lld: game %s is at step %lld; copy the %s "
		    "line of your newest report", ORDER("", "STEP"),
		    (long long)report_step_seen(l, p, seat, step), p->g.name,
		    (long long)report_step_seen(l, p, seat, p->seq), ORDER("", "STEP")), 1;
	if (step == p->seq)
		return 0;
	memset(&w, 0, sizeof w);
	w.r = p->rules;
	w.seat = seat;
	w.step = step;
	w.ended = -1;
	st = xcalloc(1, p->rules->state_size);
	rc = play_replay(l, &p->g, -1, st, walk_one, &w, d);
	free(st);
	if (rc < 0)
		return -1;
	if (w.ended < 0)
		return 0;
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	/* Three sentences, each a message of its own. */
	answered = report_step_seen(l, p, seat, step);
	ended = report_step_seen(l, p, seat, w.ended);
	at = report_step_seen(l, p, seat, p->seq);
	if (w.waited0)
		/* The pending line is a sentence of its own (it ends with its
		 * own period): it comes last. */
		msg_fmt(first, sizeof first, "stale: this mail answers step %lld; that decision "
		    "has passed (%s, step %lld). You were asked then: %s", (long long)answered,
		    w.why, (long long)ended, w.what0);
	else
		msg_fmt(first, sizeof first, "stale: this mail answers step %lld, when nothing "
		    "was asked of you (orders in advance); %s (step %lld).", (long long)answered,
		    w.why, (long long)ended);
	if (!pd.over && (pd.seats & VIS_SEAT(seat)))
		msg_fmt(now, sizeof now, "The game is at step %lld and asks you: %s",
		    (long long)at, pending_own(&pd, seat));
	else
		msg_fmt(now, sizeof now, "The game is at step %lld and waits for no order of "
		    "yours.", (long long)at);
	diag_set(od, 0, "%s %s Nothing in this mail was applied; answer the report below.",
	    first, now);
	return 1;
}

void
stale_orders_hash(const char *const *lines, size_t n, char out[65])
{
	struct buf b = BUF_INIT;

	/* Case and inner blanks do not make other orders. */
	for (size_t i = 0; i < n; i++) {
		int blank = 0;

		for (const char *c = lines[i]; *c != '\0'; c++) {
			if (*c == ' ' || *c == '\t') {
				blank = 1;
				continue;
			}
			if (blank)
				buf_addc(&b, ' ');
			blank = 0;
			buf_addc(&b, *c >= 'a' && *c <= 'z' ? (char)(*c - 'a' + 'A') : *c);
		}
		buf_addc(&b, '\n');
	}
	sha256_hex(b.p != NULL ? b.p : "", b.len, out);
	buf_free(&b);
}

int
stale_replayed(struct ledger *l, int64_t game_id, int seat, int64_t step, const char *hash,
    int64_t message)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM order_steps WHERE game_id = ? AND "
	    "seat_idx = ? AND step = ? AND orders_hash = ? AND applied = 1 AND message != ?");
	int found;

	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int64(st, 3, step);
	sqlite3_bind_text(st, 4, hash, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, message);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return found;
}

int
stale_record(struct ledger *l, int64_t message, int64_t game_id, int seat, int64_t step,
    const char *hash, int applied, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO order_steps (message, game_id, "
	    "seat_idx, step, orders_hash, applied) VALUES (?,?,?,?,?,?) ON CONFLICT(message) "
	    "DO UPDATE SET step = excluded.step, orders_hash = excluded.orders_hash, "
	    "applied = excluded.applied");

	sqlite3_bind_int64(st, 1, message);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int64(st, 4, step);
	sqlite3_bind_text(st, 5, hash, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 6, applied);
	return ledger_done(l, st, d);
}
