/* ledger: the one SQLite file that holds every game, message, order, event and
 * outgoing mail. Opening it makes the schema (sql/001_schema.sql) or applies
 * the numbered migrations after it, or upgrades a ledger of before 0.1. */
#ifndef AZ_LEDGER_H
#define AZ_LEDGER_H

#include <sqlite3.h>
#include <stdint.h>

#include "core/diag.h"
#include "core/hash.h"
#include "games/game.h"
#include "ledger/token.h"

/* A statement kept compiled for the life of the handle (ledger_stmt). */
struct ledger_cached {
	const char *key;          /* the caller's literal */
	sqlite3_stmt *st;
	int in_use;
};

#define LEDGER_CACHE 96

struct ledger {
	sqlite3 *db;
	int in_tx;
	int in_savepoint;         /* ledger_savepoint's, not yet ended */
	int ncached;
	struct ledger_cached cached[LEDGER_CACHE];
	/* The newest snapshot of a game stepped in this transaction, written
	 * once at commit (or when another game's comes) rather than each step. */
	int snap_pending;
	int64_t snap_game, snap_seq;
	void *snap;
	size_t snap_n, snap_cap;
	/* The newest event of the game last appended to in this transaction,
	 * as written: its next step chains to it without reading it back. It
	 * dies with the transaction (ledger_commit, ledger_rollback, or SQLite
	 * rolling back on its own), so no other writer can have come between,
	 * and with a savepoint undone (ledger_rollback_to). */
	int last_valid;
	int64_t last_game, last_seq;
	char last_hash[HASH_HEX];
};

/* What ledger_open returns when the file is there but is not a ledger this
 * azalai takes: another program's, one of before 0.1 older than the one
 * step it upgrades, or one of a newer azalai (d says what to do). */
#define LEDGER_REFUSED (-2)
/* 0, LEDGER_REFUSED, or -1 when the file cannot be opened, made or
 * migrated. Every connection is in SQLite's defensive mode and does not
 * trust the schema: nothing it runs can edit sqlite_schema by hand. */
int ledger_open(struct ledger *, const char *path, struct diag *);
/* 1 once SQLite has met a full disk or an I/O error in this process: the
 * command's failure is then temporary (exit 75), whatever it was. */
int ledger_io_failed(void);
void ledger_close(struct ledger *);
int ledger_user_version(struct ledger *);

/* BEGIN IMMEDIATE: a run takes the write lock for the whole transaction. */
int ledger_begin(struct ledger *, struct diag *);
int ledger_commit(struct ledger *, struct diag *);
void ledger_rollback(struct ledger *);
/* A read transaction, a deferred BEGIN: what a reader reads agrees with
 * itself while a run writes. Nothing is written in it; ledger_read_end
 * ends it. Not one of the handle's (in_tx stays 0). */
int ledger_read_begin(struct ledger *, struct diag *);
void ledger_read_end(struct ledger *);
/* One savepoint inside the transaction (no nesting): what is written after
 * it can be undone alone. The snapshot waiting for the commit is written
 * first, so that undoing the savepoint undoes only its own. */
int ledger_savepoint(struct ledger *, struct diag *);
/* Ends the savepoint: its writes join the transaction. */
int ledger_savepoint_keep(struct ledger *, struct diag *);
/* Undoes everything since the savepoint and ends it; 0 when the transaction
 * goes on, -1 when it is gone (SQLite rolls back a whole transaction by
 * itself on a full disk or an I/O error): the caller rolls it back. */
int ledger_rollback_to(struct ledger *, struct diag *);

/* Prepares sql or exits: a statement that does not compile is a bug, not input. */
sqlite3_stmt *ledger_prep(struct ledger *, const char *sql);
/* The same, kept compiled for the life of the handle: hot paths. The
 * statement comes reset with no bindings; give it back with ledger_release
 * (or ledger_done), never sqlite3_finalize. sql is a string literal (its
 * address is the key). A statement still handed out
 * (the same SQL in a nested use) is never handed out twice: a fresh one is. */
sqlite3_stmt *ledger_stmt(struct ledger *, const char *sql);
void ledger_release(struct ledger *, sqlite3_stmt *);
/* Runs a prepared statement that returns no rows, then finalises it (or
 * gives it back, when it came from ledger_stmt). */
int ledger_done(struct ledger *, sqlite3_stmt *, struct diag *);
int ledger_fail(struct ledger *, struct diag *, const char *what);

/* Column text that is never NULL. */
const char *col_text(sqlite3_stmt *, int);

struct seat_row {
	int idx;
	char name[SEAT_NAME];
	char address[256];
	char kind[8];             /* "human" or "bot" */
	char salt[SALT_LEN];
	char hash[HASH_HEX];
	int64_t reported_seq;
	int bounces;              /* mail to this seat that came back or failed */
	char last_bounce[256];
	int missed;               /* deadlines missed in a row */
	int disorder;             /* 1: in civil disorder, a bot plays it */
	char away_from[32], away_to[32];	/* vacation, ISO UTC; "" when none */
	long away_used;           /* seconds of vacation taken before away_from */
	char notify[8];           /* every, due, digest; "": the campaign's (notify.h) */
	char language[16];        /* en, de, es, fr; "": the configuration's (lang.h) */
	int json;                 /* its reports carry view.json (reportjson.h) */
	char bot_level[8];        /* who plays it when the referee does (games/bot.h) */
	int pictures;             /* its reports' HTML carries the board picture */
	char timezone[64];        /* its own zone for every time it reads; "": the campaign's */
	int calendar;             /* its mails carry its deadlines as iCalendar events */
	int turning;              /* the turning points mail at the end: 1 yes, 0 no,
	                           * -1 as the campaign says */
};

struct game_row {
	int64_t id;
	char name[64];
	char rules[32];
	char options[2048];
	uint64_t seed;
	char status[16];
	char result[512];   /* a message (msg.h) or plain text */
	char created_at[32];
	char setup_file_name[128];	/* the game master's file read at setup, "" none */
	char paused_at[32];       /* "" when running */
	char paused_until[32];
	char paused_reason[256];
	char end_reason[256];
	int nseats;
	struct seat_row seats[MAX_SEATS];
};

/* setup_file: the text of setup_file_name, or NULL. */
int ledger_game_insert(struct ledger *, struct game_row *, const char *setup_file,
    struct diag *);
/* 1 found, 0 not found, -1 error. */
int ledger_game_by_name(struct ledger *, const char *name, struct game_row *, struct diag *);
/* The text of the game master's file the game was set up with (NULL when none;
 * the caller frees it). 0, or -1 on a ledger error. */
int ledger_game_setup_file(struct ledger *, int64_t id, char **text, struct diag *);
int ledger_game_set_status(struct ledger *, int64_t id, const char *status,
    const char *result, struct diag *);
/* Writes g's status, result, pause and end reason. */
int ledger_game_update(struct ledger *, const struct game_row *g, struct diag *);
/* The commitment to the game's seed (audit.h), kept until the end. */
int ledger_game_set_seed_commit(struct ledger *, int64_t id, const char *salt,
    const char *commit, struct diag *);
/* seats.c writes these, as every write of the seats table (seats.h). */
int ledger_seat_set_reported(struct ledger *, int64_t game, int idx, int64_t seq,
    struct diag *);
/* Counts a bounce or a failed delivery against seat idx of game, when
 * address is NULL or still the seat's. Returns how many seats (0 or 1). */
int ledger_seat_bounce(struct ledger *, int64_t game, int idx, const char *address,
    const char *why, struct diag *);
/* The next free number for "<rules>-N". */
int64_t ledger_next_game_number(struct ledger *, const char *rules);
/* Calls fn for each game (ordered by id); stops early when fn returns non-zero. */
int ledger_games_each(struct ledger *, int (*fn)(void *, const struct game_row *), void *);
/* Finished games whose turning points are not done yet (referee/turning.h),
 * oldest first from the one after id *after: up to max names, and *after
 * moved to the last one's id; the count, -1 on error. */
int ledger_games_turning_due(struct ledger *, int64_t *after, char (*names)[64], int max,
    struct diag *);
/* How many of those there are, -1 on error. */
int ledger_games_turning_left(struct ledger *, struct diag *);
/* Marks a game over as having its turning points done, in the caller's
 * transaction: 1 when this call did, 0 when it was done already or the
 * game is no longer over (another run, a rollback), -1 on error. */
int ledger_game_turning_claim(struct ledger *, int64_t id, struct diag *);
/* 1 when the referee played a step of the game (an event of kind 'bot'). */
int ledger_game_had_bot(struct ledger *, int64_t id);

struct event_row {
	int64_t seq;
	char kind[16];
	int seat;                 /* -1 when none */
	char *payload;
	char *narrative;
	char state_hash[HASH_HEX];
	char prev_hash[HASH_HEX];
	char hash[HASH_HEX];
	char at[32];
};

/* The hash of an event: its fields and the hash of the one before it. */
void ledger_event_hash(const struct event_row *, char out[HASH_HEX]);
/* Appends the next step; fills seq and the chained hashes. */
int ledger_event_append(struct ledger *, int64_t game, struct event_row *, struct diag *);
/* Calls fn for each live event with seq in [from, to] (to < 0: to the end):
 * the events the chain's rollback steps undid (ledger_undone_load) are
 * passed over, as replay must; the undone table is not read. */
int ledger_events_each(struct ledger *, int64_t game, int64_t from, int64_t to,
    int (*fn)(void *, const struct event_row *), void *, struct diag *);
/* The same over every event, undone ones included (the hash chain). */
int ledger_events_each_all(struct ledger *, int64_t game, int64_t from, int64_t to,
    int (*fn)(void *, const struct event_row *), void *, struct diag *);
/* 1 when the undone table lists step seq: an index of what the chain's
 * rollback steps undid, for the readers that list steps; verify holds it
 * to the chain. */
int ledger_event_undone(struct ledger *, int64_t game, int64_t seq);

/* A rollback is a step of kind "admin" in the chain. It undoes the steps
 * FIRST to LAST before it and names them in its payload, under its hash:
 * "undo FIRST to LAST". One written before schema version 20 has an empty
 * payload; its narrative names FIRST, and LAST is the step before it. */
#define LEDGER_UNDO_PAYLOAD 64
void ledger_undo_payload(char out[LEDGER_UNDO_PAYLOAD], int64_t first, int64_t last);

struct undo {
	int64_t first, last;      /* the steps undone */
	int64_t by;               /* the rollback step */
};
struct undo_set {
	struct undo *v;           /* by the rollback's step, oldest first */
	size_t n, cap;
};
/* The steps the rollback steps of game undid, read from the chain alone.
 * 0, or -1 when a rollback step names no steps before it (d names it). */
int ledger_undone_load(struct ledger *, int64_t game, struct undo_set *, struct diag *);
/* The rollback step that first undid step seq (a later one may have undone
 * it again), -1 when none did. */
int64_t ledger_undone_by(const struct undo_set *, int64_t seq);
void ledger_undone_free(struct undo_set *);
int64_t ledger_last_seq(struct ledger *, int64_t game);

/* In a transaction the write waits for the commit (ledger_commit flushes it);
 * the newest put of a game wins, as it would have. */
int ledger_snapshot_put(struct ledger *, int64_t game, int64_t seq, const void *,
    size_t, struct diag *);
int ledger_snapshot_flush(struct ledger *, struct diag *);
/* The state of game at seq as this transaction's last put left it, n bytes,
 * or NULL: it stays as it is until the next put for that game. */
const void *ledger_snapshot_held(const struct ledger *, int64_t game, int64_t seq, size_t n);
/* 1 found (state copied when its size matches), 0 none, -1 error. */
int ledger_snapshot_get(struct ledger *, int64_t game, int64_t *seq, void *, size_t,
    struct diag *);

#endif
