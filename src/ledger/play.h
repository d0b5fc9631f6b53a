/* play: one game in memory, kept in step with its events in the ledger.
 * Every change of a game's state goes through play_step, which appends the
 * event (hash-chained) and the snapshot in the caller's transaction. */
#ifndef AZ_PLAY_H
#define AZ_PLAY_H

#include "games/game.h"
#include "ledger/ledger.h"

struct play {
	struct game_row g;
	const struct game_rules *rules;
	void *st;
	int64_t seq;                /* the newest event */
	char state_hash[HASH_HEX];
};

void play_state_hash(const struct game_rules *, const void *st, char out[HASH_HEX]);
/* Encodes/decodes games.options ("name=value" lines). */
void play_options_text(const struct optset *, char *out, size_t);
int play_options_parse(const char *text, struct optset *);

/* Sets up a new game: g has name, rules, seats and seed filled; inserts it. */
int play_create(struct ledger *, struct game_row *, const struct optset *,
    const char *now, struct play *, struct diag *);
/* Loads the newest state: the snapshot when its hash matches the ledger,
 * otherwise by replay. 1 found, 0 no such game, -1 error. */
int play_load(struct ledger *, const char *name, struct play *, struct diag *);
void play_free(struct play *);

/* Applies order for seat as one step (kind: "order", "bot", "default", "admin").
 * On a rules error returns PLAY_ERULES with the engine's diag, on a ledger
 * error PLAY_ELEDGER; either way the game in memory is unchanged. */
#define PLAY_ERULES (-1)
#define PLAY_ELEDGER (-2)
int play_step(struct ledger *, struct play *, const char *kind, int seat,
    const struct order *, const char *now, struct evsink *, struct diag *);
/* The same, with the referee's notes (a missed deadline, civil disorder)
 * stored in the step's narrative before the engine's lines. */
int play_step_noted(struct ledger *, struct play *, const char *kind, int seat,
    const struct order *, const struct evsink *notes, const char *now,
    struct evsink *, struct diag *);

/* When the rules say the game is over, records it: status 'over', the result. */
int play_update_status(struct ledger *, struct play *, struct diag *);

/* Rebuilds the game from its events up to step upto (< 0: all), checking
 * each step's state hash. fn, when given, sees every step's state. */
int play_replay(struct ledger *, const struct game_row *, int64_t upto, void *st_out,
    int (*fn)(void *, int64_t seq, const void *st, const struct event_row *), void *arg,
    struct diag *);

/* The same, fed one live event at a time in the chain's order, for a reader
 * that walks the events itself: verify reads each event once, for the
 * chain and for the replay. step checks the event's state hash; init and
 * step return 0 or -1 with d set. */
struct replayer {
	const struct game_row *g;
	const struct game_rules *r;
	char *file;                 /* the game's setup file, NULL none */
	void *st;
};
int play_replayer_init(struct replayer *, struct ledger *, const struct game_row *,
    void *st, struct diag *);
int play_replayer_step(struct replayer *, const struct event_row *, struct diag *);
void play_replayer_free(struct replayer *);

/* Undoes the last `steps` live steps (moves; setup and steps undone before do
 * not count) and every step after the first of them: appends an 'admin'
 * step that names them (ledger.h) with the state the live steps before
 * them make, and lists them in the undone table, in the caller's
 * transaction. first and last get the oldest and newest move undone. 0,
 * PLAY_ERULES when there are not that many steps, PLAY_ELEDGER on a ledger
 * or replay error; p is unchanged on error. */
int play_rollback(struct ledger *, struct play *, int steps, const char *reason,
    const char *now, int64_t *first, int64_t *last, struct diag *);

/* Who reads which numbers of a rollback: say writes the rollback step's
 * narrative (play_rollback_line per group of readers) for the moves first
 * to last, `steps` of them, with p as it stood before. Readers number the
 * steps they may see (render/report.h), so only the caller can; with no
 * say every reader reads the ledger's numbers. */
struct rollback_say {
	void (*fn)(void *arg, const struct play *p, int64_t first, int64_t last, int steps,
	    const char *reason, struct buf *narrative);
	void *arg;
};
int play_rollback_said(struct ledger *, struct play *, int steps, const char *reason,
    const struct rollback_say *, const char *now, int64_t *first, int64_t *last,
    struct diag *);
/* Appends the narrative line, read by vis (game.h), that says steps steps,
 * first to last, were undone, and why. */
void play_rollback_line(struct buf *narrative, uint32_t vis, int steps, int64_t first,
    int64_t last, const char *reason);

#endif
