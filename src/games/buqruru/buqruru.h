/* buqruru: the Tuareg two-row mancala, as read in doc/rules-notes.md.
 *
 * Holes are numbered 0..7 and named a..h. The first seat owns a..d, the
 * second e..h. Drawn from above with the first seat's row at the bottom
 * (a at the left) and the second seat's row at the top (h at the left),
 * index order a, b, ..., h, a runs counter-clockwise; that is why a
 * direction is just +1 (counter-clockwise) or -1 (clockwise). */
#ifndef AZ_BUQRURU_H
#define AZ_BUQRURU_H

#include "core/msg.h"
#include "games/game.h"

#define BQ_SEATS	2
#define BQ_HOLES	8
#define BQ_ROW		4
#define BQ_TOTAL	48
#define BQ_FULL		6	/* counters a refill puts in a hole */
#define BQ_HALF		24	/* a full row: more than this moves first */
/* The rules never end a round in which nobody captures; a referee must.
 * After this many sowings in a row that capture nothing the round ends as
 * if both sowing holes were empty (see doc/rules-notes.md). */
#define BQ_QUIET	40
/* Nor do they end a match that no one loses, and in bot play some go on
 * past 1000 rounds; after this many the match ends, the donkeys owed being
 * the score (see doc/rules-notes.md). */
#define BQ_ROUNDS	200
#define BQ_MAX_GROUP	BQ_TOTAL
#define BQ_MAX_SIZES	ORDER_ARGS

enum bq_hole_choice { BQ_SEALED, BQ_OPEN };
enum bq_direction { BQ_DIR_OPPOSITE, BQ_DIR_SHARED_CCW, BQ_DIR_SHARED_CW };
enum bq_groups { BQ_GROUPS_ANY, BQ_GROUPS_DIV };
enum bq_chain { BQ_CHAIN_AFTER_LAST, BQ_CHAIN_TO_SOWING };
enum bq_opening { BQ_OPEN_FIRST, BQ_OPEN_EACH, BQ_OPEN_FREE };
enum bq_hole_keep { BQ_HOLE_ROUND, BQ_HOLE_MATCH };
enum bq_groups_when { BQ_LARGE_OVER_LAP, BQ_LARGE_OVER_SIX, BQ_LARGE_ALWAYS };
enum bq_round_end { BQ_END_BOTH_EMPTY, BQ_END_NEW_HOLES };
#define BQ_CAPTURE_MAX	8	/* the last hole and the chain take 2..8 */
enum bq_phase { BQ_PH_HOLE = 1, BQ_PH_SOW, BQ_PH_REFILL, BQ_PH_OVER };

/* Order kinds and their arguments:
 * BQ_HOLE   arg[0] = hole.
 * BQ_SOW    arg[0..nargs-1] = group size per lap (nargs 0: one by one).
 * BQ_REFILL arg[0] = remainder hole or -1, arg[1..nargs-1] = the holes
 *           that get six, in ascending order. */
enum bq_kind { BQ_HOLE = 1, BQ_SOW, BQ_REFILL };

/* The whole state of one match: flat, no pointers (see game.h). */
struct bq_state {
	char seat[BQ_SEATS][SEAT_NAME];
	int hole_choice;	/* enum bq_hole_choice */
	int direction;		/* enum bq_direction, as chosen */
	int first_dir;		/* the first seat's direction when opposite */
	int dir[BQ_SEATS];	/* +1 counter-clockwise, -1 clockwise */
	int groups;		/* enum bq_groups */
	int chain;		/* enum bq_chain */
	int owner_capture;	/* 0 or 1 */
	int first;		/* seat that moves first in round 1 */
	int opening;		/* enum bq_opening */
	int hole_keep;		/* enum bq_hole_keep */
	int groups_when;	/* enum bq_groups_when */
	int owner_limit;	/* owner's capture up to this, 0: no limit */
	int round_end;		/* enum bq_round_end */
	struct rng rng;		/* unused by the rules; kept for the seam */

	int board[BQ_HOLES];
	int erased[BQ_HOLES];	/* 0 or 1 */
	int store[BQ_SEATS];
	int donkeys[BQ_SEATS];	/* donkeys seat i owes its opponent */
	int sowing[BQ_SEATS];	/* this round's sowing hole, -1 unchosen */
	int phase;		/* enum bq_phase */
	int turn;		/* SOW: seat to sow; HOLE open: seat to choose */
	int round;
	int starter;		/* seat that moves first this round */
	int refill_seat;	/* REFILL: seat that must choose, else -1 */
	int quiet;		/* sowings in a row that captured nothing */
	int loser;		/* OVER: seat that lost every hole, else -1 */
	int opened[BQ_SEATS];	/* 1 once the seat has sown in this match */
	int kept[BQ_SEATS];	/* hole_keep=whole-match: the seat's hole, or -1 */
	int sown;		/* sowings so far this round */
	int rechoice;		/* 1: new sowing holes chosen mid-round */
	int resume;		/* rechoice: the seat to sow once they are */
};

/* One sowing worked out in full before anything changes. */
struct bq_sowing {
	int seat, from, lifted;
	int nk, k[BQ_MAX_SIZES];	/* sizes as ordered; nk 0 means 1 */
	int laps;			/* laps begun */
	int last;
	int before[BQ_HOLES], after[BQ_HOLES];
	int mover[BQ_HOLES];		/* what the mover takes from each hole */
	int chain[BQ_HOLES], nchain;	/* holes the chain took, in order */
	int owner[BQ_HOLES];		/* what the row's owner takes */
	int last_taken;
};

/* board.c: geometry. */
int bq_owner(int hole);
char bq_letter(int hole);
int bq_hole_of(const char *word);	/* "c" or "C" -> 2, else -1 */
int bq_step(const struct bq_state *, int dir, int hole);
int bq_row(const struct bq_state *, int seat, int out[BQ_ROW]);
int bq_live(const struct bq_state *, int seat);
int bq_on_board(const struct bq_state *);
int bq_capturable(int n);
int bq_large(const struct bq_state *, int lifted);
/* Room for a list or a sentence kept as a message (msg.h). */
#define BQ_LIST 400
#define BQ_MSG 512
const char *bq_dir_name(int dir, char *out, size_t n);
const char *bq_other(const struct bq_state *, int seat);
void bq_holes_text(const struct bq_state *, int seat, struct buf *);
void bq_list_add(char *acc, size_t n, const char *item);

/* sow.c: one move, its captures, and the turns that follow. */
int bq_group_ok(const struct bq_state *, int lifted, int k);
int bq_plan(const struct bq_state *, int seat, const int *k, int nk,
    struct bq_sowing *, struct diag *);
void bq_commit(struct bq_state *, const struct bq_sowing *, int forced,
    struct evsink *);
int bq_forced(const struct bq_state *);
/* A match under the rules of before groups_when, owner_limit and
 * round_end (their old values, which a game stored before them reads):
 * it plays, and hashes, exactly as it did, so its steps still replay and
 * verify; none of the later referee rules (a round's first sowing waits
 * for its player, the round limit) applies to it. */
static inline int
bq_legacy(const struct bq_state *st)
{
	return st->groups_when == BQ_LARGE_ALWAYS && st->owner_limit == BQ_CAPTURE_MAX &&
	    st->round_end == BQ_END_BOTH_EMPTY;
}
int bq_opening(const struct bq_state *, int seat);
int bq_sizes(const struct bq_state *, int seat);
void bq_advance(struct bq_state *, struct evsink *);

/* round.c: choosing sowing holes, ending a round, refilling. */
void bq_start_round(struct bq_state *, struct evsink *);
void bq_new_holes(struct bq_state *, struct evsink *);
int bq_choosable(const struct bq_state *, int hole);
int bq_hole_check(const struct bq_state *, int seat, int hole, struct diag *);
void bq_choose_hole(struct bq_state *, int seat, int hole, struct evsink *);
void bq_end_round(struct bq_state *, const char *why, struct evsink *);
int bq_refill_each(const struct bq_state *, int seat,
    void (*fn)(void *, unsigned fullmask, int rem), void *arg);
void bq_refill_need(const struct bq_state *, int seat, int *full, int *rem);
/* How many legal refills seat has, counting no further than most. */
int bq_refill_count(const struct bq_state *, int seat, int most);
int bq_refill_ok(const struct bq_state *, int seat, unsigned fullmask,
    int rem, struct diag *);
void bq_refill_default(const struct bq_state *, int seat, unsigned *fullmask,
    int *rem);
void bq_refill(struct bq_state *, int seat, unsigned fullmask, int rem,
    struct evsink *);

/* orders.c: the order language. */
int bq_parse(const void *, int seat, const char *line, struct order *,
    struct diag *);
void bq_format(struct order *);
void bq_refill_order(struct order *, unsigned fullmask, int rem);
int bq_legal(const void *, int seat, struct order_list *);
int bq_default_order(const void *, int seat, struct order *);
int bq_waited(const struct bq_state *, int seat);

/* view.c */
void bq_view(const void *, int viewer, struct tval *root);
int bq_order_spot(const void *, const struct order *, struct order_spot *);

/* secrets.c */
void bq_secrets(const void *, int viewer, struct secrets *);
/* redeal.c */
void bq_redeal(void *, int seat, struct rng *);
double bq_reward(const void *, int seat);

/* state.c */
void bq_serialize(const void *, struct buf *);
int bq_check(const void *, struct diag *);

extern const struct game_rules buqruru_rules;

#endif
