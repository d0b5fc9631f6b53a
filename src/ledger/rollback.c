/* rollback: a game master undoes steps. Events are append-only, so nothing is
 * deleted: a new 'admin' step names the steps it undoes in its payload (the
 * chain alone says what is undone, ledger.h) and carries the rebuilt state
 * (its hash is what replay checks from then on); the undone table lists
 * the same steps for the readers that list steps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/tval.h"
#include "core/xmalloc.h"
#include "ledger/deadlines.h"
#include "ledger/play.h"

/* The seq of the steps-th newest live move, -1 when there are fewer;
 * newest gets the newest one's. */
static int64_t
nth_live_move(struct ledger *l, int64_t game, int steps, int *have, int64_t *newest)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT seq FROM events e WHERE game_id = ? "
	    "AND seq > 0 AND seat_idx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM undone u "
	    "WHERE u.game_id = e.game_id AND u.seq = e.seq) ORDER BY seq DESC");
	int64_t seq = -1;
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == 0)
			*newest = sqlite3_column_int64(st, 0);
		if (++n == steps)
			seq = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	*have = n;
	return seq;
}

/* The undone table, the index of what the rollback step at by says. */
static int
mark_undone(struct ledger *l, int64_t game, int64_t first, int64_t last, int64_t by,
    struct diag *d)
{
	sqlite3_stmt *st;

	/* A step an earlier rollback undid keeps that rollback: the first. */
	st = ledger_prep(l, "INSERT INTO undone (game_id, seq, rollback_seq) SELECT game_id, "
	    "seq, ? FROM events e WHERE game_id = ? AND seq BETWEEN ? AND ? AND NOT EXISTS "
	    "(SELECT 1 FROM undone u WHERE u.game_id = e.game_id AND u.seq = e.seq)");
	sqlite3_bind_int64(st, 1, by);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int64(st, 3, first);
	sqlite3_bind_int64(st, 4, last);
	if (ledger_done(l, st, d) < 0)
		return -1;
	/* A decision opened by an undone step is no longer asked for. */
	return deadline_cancel_steps(l, game, first, last, d);
}

/* A message, so that every reader reads it in their language; the game
 * master's reason is their own words. */
void
play_rollback_line(struct buf *narrative, uint32_t vis, int steps, int64_t first,
    int64_t last, const char *reason)
{
	char said[2048];

	if (steps == 1 && reason[0] != '\0')
		msg_fmt(said, sizeof said, "The game master undid step %lld: %s",
		    (long long)first, reason);
	else if (steps == 1)
		msg_fmt(said, sizeof said, "The game master undid step %lld.",
		    (long long)first);
	else if (reason[0] != '\0')
		msg_fmt(said, sizeof said, "The game master undid %d steps, %lld to %lld: %s",
		    steps, (long long)first, (long long)last, reason);
	else
		msg_fmt(said, sizeof said, "The game master undid %d steps, %lld to %lld.",
		    steps, (long long)first, (long long)last);
	buf_printf(narrative, "%08x\t%s\n", vis, said);
}

int
play_rollback(struct ledger *l, struct play *p, int steps, const char *reason,
    const char *now, int64_t *first, int64_t *last, struct diag *d)
{
	return play_rollback_said(l, p, steps, reason, NULL, now, first, last, d);
}

int
play_rollback_said(struct ledger *l, struct play *p, int steps, const char *reason,
    const struct rollback_say *say, const char *now, int64_t *first, int64_t *last,
    struct diag *d)
{
	void *st;
	struct event_row e;
	struct pending pd;
	struct buf line = BUF_INIT;
	char payload[LEDGER_UNDO_PAYLOAD];
	int have, rc;

	if (steps < 1) {
		diag_set(d, 0, "undo at least one step");
		return PLAY_ERULES;
	}
	*first = nth_live_move(l, p->g.id, steps, &have, last);
	if (*first < 0) {
		if (have == 1)
			diag_set(d, 0, "game %s has 1 step that can be undone, not %d",
			    p->g.name, steps);
		else
			diag_set(d, 0, "game %s has %d steps that can be undone, not %d",
			    p->g.name, have, steps);
		return PLAY_ERULES;
	}
	/* Everything from the first undone move on goes, the steps of the
	 * game master between the moves too (their state hashes are those of
	 * the undone line of play): what is left is the game as the live
	 * steps before the first made it. */
	st = xcalloc(1, p->rules->state_size);
	if (play_replay(l, &p->g, *first - 1, st, NULL, NULL, d) < 0) {
		free(st);
		return PLAY_ELEDGER;
	}

	memset(&e, 0, sizeof e);
	snprintf(e.kind, sizeof e.kind, "admin");
	e.seat = -1;
	ledger_undo_payload(payload, *first, p->seq);
	e.payload = payload;
	if (say != NULL)
		say->fn(say->arg, p, *first, *last, steps, reason, &line);
	else
		play_rollback_line(&line, VIS_ALL, steps, *first, *last, reason);
	e.narrative = line.p != NULL ? line.p : "";
	play_state_hash(p->rules, st, e.state_hash);
	snprintf(e.at, sizeof e.at, "%s", now);
	rc = ledger_event_append(l, p->g.id, &e, d);
	buf_free(&line);
	if (rc == 0)
		rc = mark_undone(l, p->g.id, *first, p->seq, e.seq, d);
	if (rc == 0)
		rc = ledger_snapshot_put(l, p->g.id, e.seq, st, p->rules->state_size, d);
	/* A game that ended in the undone steps goes on. */
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(st, &pd);
	if (rc == 0 && !pd.over && strcmp(p->g.status, "over") == 0)
		rc = ledger_game_set_status(l, p->g.id, "active", "", d);
	if (rc < 0) {
		free(st);
		return PLAY_ELEDGER;
	}
	if (!pd.over && strcmp(p->g.status, "over") == 0) {
		snprintf(p->g.status, sizeof p->g.status, "active");
		p->g.result[0] = '\0';
	}
	/* The view parts kept for the old state (report.c) go with it. */
	tval_memo_forget();
	free(p->st);
	p->st = st;
	p->seq = e.seq;
	memcpy(p->state_hash, e.state_hash, HASH_HEX);
	return 0;
}
