/* The games, seats, events and snapshots tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "ledger/ledger.h"
#include "ledger/seats.h"

/* snprintf(dst, n, "%s", s), cut alike, without printf's cost: loading a
 * game (every mail, play_load) copies some 35 columns, and snprintf took a
 * third of the time to read its rows. */
static void
copy(char *dst, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (len >= n)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

#define COPY(dst, s) copy((dst), sizeof (dst), (s))

int
ledger_game_insert(struct ledger *l, struct game_row *g, const char *setup_file,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l,
	    "INSERT INTO games (name, rules, options, seed, created_at, setup_file, "
	    "setup_file_name) VALUES (?,?,?,?,?,?,?)");

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, g->rules, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, g->options, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)g->seed);
	sqlite3_bind_text(st, 5, g->created_at, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, setup_file != NULL ? setup_file : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, g->setup_file_name, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	g->id = sqlite3_last_insert_rowid(l->db);
	COPY(g->status, "active");
	for (int i = 0; i < g->nseats; i++) {
		struct seat_row *s = &g->seats[i];

		if (seat_insert(l, g->id, i, s, d) < 0)
			return -1;
		s->idx = i;
		s->reported_seq = -1;
		s->pictures = 1;	/* the columns' defaults */
		s->calendar = 1;
		s->turning = -1;
	}
	return 0;
}

static int
load_seats(struct ledger *l, struct game_row *g, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT idx, name, address, kind, token_salt, "
	    "token_hash, reported_seq, bounces, last_bounce, missed, disorder, away_from, "
	    "away_to, away_used, notify, language, json, bot_level, pictures, timezone, calendar, "
	    "turning "
	    "FROM seats "
	    "WHERE game_id = ? "
	    "ORDER BY idx");
	int rc;

	sqlite3_bind_int64(st, 1, g->id);
	g->nseats = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && g->nseats < MAX_SEATS) {
		struct seat_row *s = &g->seats[g->nseats++];

		s->idx = sqlite3_column_int(st, 0);
		COPY(s->name, col_text(st, 1));
		COPY(s->address, col_text(st, 2));
		COPY(s->kind, col_text(st, 3));
		COPY(s->salt, col_text(st, 4));
		COPY(s->hash, col_text(st, 5));
		s->reported_seq = sqlite3_column_int64(st, 6);
		s->bounces = sqlite3_column_int(st, 7);
		COPY(s->last_bounce, col_text(st, 8));
		s->missed = sqlite3_column_int(st, 9);
		s->disorder = sqlite3_column_int(st, 10);
		COPY(s->away_from, col_text(st, 11));
		COPY(s->away_to, col_text(st, 12));
		s->away_used = (long)sqlite3_column_int64(st, 13);
		COPY(s->notify, col_text(st, 14));
		COPY(s->language, col_text(st, 15));
		s->json = sqlite3_column_int(st, 16);
		COPY(s->bot_level, col_text(st, 17));
		s->pictures = sqlite3_column_int(st, 18);
		COPY(s->timezone, col_text(st, 19));
		s->calendar = sqlite3_column_int(st, 20);
		s->turning = sqlite3_column_int(st, 21);
	}
	ledger_release(l, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return ledger_fail(l, d, "read seats");
	return 0;
}

static void
game_from_row(sqlite3_stmt *st, struct game_row *g)
{
	memset(g, 0, sizeof *g);
	g->id = sqlite3_column_int64(st, 0);
	COPY(g->name, col_text(st, 1));
	COPY(g->rules, col_text(st, 2));
	COPY(g->options, col_text(st, 3));
	g->seed = (uint64_t)sqlite3_column_int64(st, 4);
	COPY(g->status, col_text(st, 5));
	COPY(g->result, col_text(st, 6));
	COPY(g->created_at, col_text(st, 7));
	COPY(g->setup_file_name, col_text(st, 8));
	COPY(g->paused_at, col_text(st, 9));
	COPY(g->paused_until, col_text(st, 10));
	COPY(g->paused_reason, col_text(st, 11));
	COPY(g->end_reason, col_text(st, 12));
}

#define GAME_COLS "id, name, rules, options, seed, status, result, created_at, " \
	"setup_file_name, paused_at, paused_until, paused_reason, end_reason"

static int
game_where(struct ledger *l, sqlite3_stmt *st, struct game_row *g, struct diag *d)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW) {
		game_from_row(st, g);
		ledger_release(l, st);
		return load_seats(l, g, d) < 0 ? -1 : 1;
	}
	ledger_release(l, st);
	if (rc != SQLITE_DONE)
		return ledger_fail(l, d, "read game");
	return 0;
}

int
ledger_game_by_name(struct ledger *l, const char *name, struct game_row *g, struct diag *d)
{
	/* games_name_nocase serves the name in any case. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT " GAME_COLS " FROM games "
	    "WHERE name = ? COLLATE NOCASE");

	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	return game_where(l, st, g, d);
}

int
ledger_games_each(struct ledger *l, int (*fn)(void *, const struct game_row *), void *arg)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT " GAME_COLS " FROM games ORDER BY id");
	struct game_row *g = xmalloc(sizeof *g);
	int rc, stop = 0;

	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		game_from_row(st, g);
		if (load_seats(l, g, NULL) < 0)
			break;
		stop = fn(arg, g);
	}
	ledger_release(l, st);
	free(g);
	return 0;
}

int
ledger_games_turning_due(struct ledger *l, int64_t *after, char (*names)[64], int max,
    struct diag *d)
{
	/* games_turning holds exactly these rows. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT name, id FROM games WHERE status = 'over' "
	    "AND turning_done = 0 AND id > ? ORDER BY id LIMIT ?");
	int rc, n = 0;

	sqlite3_bind_int64(st, 1, *after);
	sqlite3_bind_int(st, 2, max);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
		snprintf(names[n++], 64, "%s", col_text(st, 0));
		*after = sqlite3_column_int64(st, 1);
	}
	ledger_release(l, st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return ledger_fail(l, d, "read the finished games");
	return n;
}

int
ledger_games_turning_left(struct ledger *l, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT count(*) FROM games WHERE status = 'over' "
	    "AND turning_done = 0");
	int rc, n = 0;

	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	ledger_release(l, st);
	if (rc != SQLITE_ROW)
		return ledger_fail(l, d, "count the finished games");
	return n;
}

int
ledger_game_turning_claim(struct ledger *l, int64_t id, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE games SET turning_done = 1 WHERE id = ? "
	    "AND turning_done = 0 AND status = 'over'");

	sqlite3_bind_int64(st, 1, id);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return sqlite3_changes(l->db) > 0;
}

int
ledger_game_had_bot(struct ledger *l, int64_t id)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM events WHERE game_id = ? AND "
	    "kind = 'bot' LIMIT 1");
	int found;

	sqlite3_bind_int64(st, 1, id);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return found;
}

int
ledger_game_setup_file(struct ledger *l, int64_t id, char **text, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT setup_file, setup_file_name FROM games "
	    "WHERE id = ?");
	int rc;

	*text = NULL;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW && col_text(st, 1)[0] != '\0')
		*text = xstrdup(col_text(st, 0));
	ledger_release(l, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return ledger_fail(l, d, "read the game's setup file");
	return 0;
}

int
ledger_game_set_status(struct ledger *l, int64_t id, const char *status, const char *result,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE games SET status = ?, result = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, status, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, result, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, id);
	return ledger_done(l, st, d);
}

int
ledger_game_update(struct ledger *l, const struct game_row *g, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE games SET status = ?, result = ?, "
	    "paused_at = ?, paused_until = ?, paused_reason = ?, end_reason = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, g->status, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, g->result, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, g->paused_at, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, g->paused_until, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, g->paused_reason, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, g->end_reason, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 7, g->id);
	return ledger_done(l, st, d);
}

int
ledger_game_set_seed_commit(struct ledger *l, int64_t id, const char *salt,
    const char *commit, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE games SET seed_salt = ?, seed_commit = ? "
	    "WHERE id = ?");

	sqlite3_bind_text(st, 1, salt, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, commit, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, id);
	return ledger_done(l, st, d);
}

int64_t
ledger_next_game_number(struct ledger *l, const char *rules)
{
	/* game_counts is the count of the games table, kept by triggers (008). */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT n FROM game_counts WHERE rules = ?");
	int64_t n = 0;
	char name[64];
	struct game_row *g = xmalloc(sizeof *g);

	sqlite3_bind_text(st, 1, rules, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	/* Count, then skip any name a game master took by hand. */
	do
		snprintf(name, sizeof name, "%s-%lld", rules, (long long)++n);
	while (ledger_game_by_name(l, name, g, NULL) == 1);
	free(g);
	return n;
}

int64_t
ledger_last_seq(struct ledger *l, int64_t game)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, hash FROM events WHERE game_id = ? "
	    "ORDER BY seq DESC LIMIT 1");
	int64_t seq = -1;

	sqlite3_bind_int64(st, 1, game);
	if (sqlite3_step(st) == SQLITE_ROW) {
		seq = sqlite3_column_int64(st, 0);
		/* What the game's next step chains to, read in this transaction:
		 * play_load reads the last step, then play_step appends, and the
		 * append need not ask again. */
		if (l->in_tx && !sqlite3_get_autocommit(l->db)) {
			l->last_valid = 1;
			l->last_game = game;
			l->last_seq = seq;
			COPY(l->last_hash, col_text(st, 1));
		}
	}
	ledger_release(l, st);
	return seq;
}

void
ledger_event_hash(const struct event_row *e, char out[HASH_HEX])
{
	char seqs[DEC_LEN], seats[DEC_LEN];
	const char *parts[8];

	/* "%lld" and "%d", without printf at every step. */
	parts[0] = e->prev_hash;
	parts[1] = dec_ll(seqs, (long long)e->seq);
	parts[2] = e->kind;
	parts[3] = dec_ll(seats, e->seat);
	parts[4] = e->payload;
	parts[5] = e->narrative;
	parts[6] = e->state_hash;
	parts[7] = e->at;
	sha256_parts_hex(out, 8, parts);
}

int
ledger_event_append(struct ledger *l, int64_t game, struct event_row *e, struct diag *d)
{
	sqlite3_stmt *st;

	/* The last step's event, from the handle while this transaction lasts:
	 * SQLite may have ended it on an error (a full disk), which
	 * get_autocommit tells. */
	if (l->last_valid && l->in_tx && l->last_game == game &&
	    !sqlite3_get_autocommit(l->db)) {
		e->seq = l->last_seq + 1;
		memcpy(e->prev_hash, l->last_hash, HASH_HEX);
	} else {
		st = ledger_stmt(l, "SELECT seq, hash FROM events WHERE game_id = ? "
		    "ORDER BY seq DESC LIMIT 1");
		sqlite3_bind_int64(st, 1, game);
		if (sqlite3_step(st) == SQLITE_ROW) {
			e->seq = sqlite3_column_int64(st, 0) + 1;
			COPY(e->prev_hash, col_text(st, 1));
		} else {
			e->seq = 0;
			memset(e->prev_hash, '0', HASH_HEX - 1);
			e->prev_hash[HASH_HEX - 1] = '\0';
		}
		ledger_release(l, st);
	}
	ledger_event_hash(e, e->hash);

	st = ledger_stmt(l, "INSERT INTO events (game_id, seq, kind, seat_idx, payload, "
	    "narrative, state_hash, prev_hash, hash, at) VALUES (?,?,?,?,?,?,?,?,?,?)");
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, e->seq);
	sqlite3_bind_text(st, 3, e->kind, -1, SQLITE_STATIC);
	if (e->seat >= 0)
		sqlite3_bind_int(st, 4, e->seat);
	else
		sqlite3_bind_null(st, 4);
	sqlite3_bind_text(st, 5, e->payload, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, e->narrative, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, e->state_hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, e->prev_hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, e->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 10, e->at, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0) {
		/* The statement left the ledger as it was, but whether SQLite
		 * kept the transaction is for the next append to read. */
		l->last_valid = 0;
		return -1;
	}
	/* Outside a transaction another writer may append next. */
	l->last_valid = l->in_tx;
	l->last_game = game;
	l->last_seq = e->seq;
	memcpy(l->last_hash, e->hash, HASH_HEX);
	return 0;
}

/* Every event in [from, to], but those skip names. */
static int
events_each(struct ledger *l, int64_t game, int64_t from, int64_t to,
    const struct undo_set *skip, int (*fn)(void *, const struct event_row *), void *arg,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, kind, seat_idx, payload, narrative, "
	    "state_hash, prev_hash, hash, at FROM events WHERE game_id = ? AND seq >= ? "
	    "AND (? < 0 OR seq <= ?) ORDER BY seq");
	struct event_row e;
	int rc, ret = 0;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, from);
	sqlite3_bind_int64(st, 3, to);
	sqlite3_bind_int64(st, 4, to);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t seq = sqlite3_column_int64(st, 0);

		if (skip != NULL && ledger_undone_by(skip, seq) >= 0)
			continue;
		memset(&e, 0, sizeof e);
		e.seq = seq;
		COPY(e.kind, col_text(st, 1));
		e.seat = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 2);
		e.payload = (char *)col_text(st, 3);
		e.narrative = (char *)col_text(st, 4);
		COPY(e.state_hash, col_text(st, 5));
		COPY(e.prev_hash, col_text(st, 6));
		COPY(e.hash, col_text(st, 7));
		COPY(e.at, col_text(st, 8));
		if ((ret = fn(arg, &e)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = ledger_fail(l, d, "read events");
	ledger_release(l, st);
	return ret < 0 ? -1 : 0;
}

int
ledger_events_each(struct ledger *l, int64_t game, int64_t from, int64_t to,
    int (*fn)(void *, const struct event_row *), void *arg, struct diag *d)
{
	/* The chain says what is undone, not the undone table: a row made by
	 * hand must not turn a game back. */
	struct undo_set u;
	int rc;

	if (ledger_undone_load(l, game, &u, d) < 0)
		return -1;
	rc = events_each(l, game, from, to, &u, fn, arg, d);
	ledger_undone_free(&u);
	return rc;
}

int
ledger_events_each_all(struct ledger *l, int64_t game, int64_t from, int64_t to,
    int (*fn)(void *, const struct event_row *), void *arg, struct diag *d)
{
	return events_each(l, game, from, to, NULL, fn, arg, d);
}

int
ledger_event_undone(struct ledger *l, int64_t game, int64_t seq)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM undone WHERE game_id = ? AND seq = ?");
	int rc;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, seq);
	rc = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return rc;
}

int
ledger_snapshot_get(struct ledger *l, int64_t game, int64_t *seq, void *p, size_t n,
    struct diag *d)
{
	sqlite3_stmt *st;
	int rc, found = 0;

	if (l->snap_pending && l->snap_game == game && ledger_snapshot_flush(l, d) < 0)
		return -1;
	st = ledger_stmt(l, "SELECT seq, state FROM snapshots WHERE game_id = ?");

	sqlite3_bind_int64(st, 1, game);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && (size_t)sqlite3_column_bytes(st, 1) == n) {
		*seq = sqlite3_column_int64(st, 0);
		memcpy(p, sqlite3_column_blob(st, 1), n);
		found = 1;
	} else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		found = ledger_fail(l, d, "read snapshot");
	}
	ledger_release(l, st);
	return found;
}
