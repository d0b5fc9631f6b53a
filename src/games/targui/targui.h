/* targui: private interface of the Targui engine (Jumbo 1988).
 *
 * Shared by the engine's files and by its tests, which build positions by
 * hand. The referee sees only targui_rules. Seats own territories; a seat
 * plays one tribe (tribe_of), so fortune cards that name a tribe find their
 * seat through seat_of. Boxes are numbered 1..49 as in the rule text's fig. 2;
 * arrays indexed by box have TU_BOXES + 1 entries and ignore index 0. */
#ifndef AZ_TARGUI_H
#define AZ_TARGUI_H

#include <stdint.h>

#include "core/msg.h"
#include "games/game.h"

#define TU_BOXES	49
#define TU_SIDE		7
#define TU_TRIBES	4
#define TU_FORTUNE	16
#define TU_TRIBAL	5	/* tribal cards per tribe */
#define TU_STACK	(MAX_SEATS * TU_TRIBAL + 1)
#define TU_QUEUE	8
#define TU_ROLLS	64
#define TU_CARDNAME	64
#define TU_SECTORS	4
#define TU_SECTOR_BOXES	8
#define TU_NONE		(-1)
#define TU_ALL		(-1)	/* "ALL" as an order's count */
#define TU_FORTUNE_CARD	(-2)	/* in the round's stack */

enum tu_terrain {
	T_SETTLEMENT, T_SALTMINE, T_GUELTA, T_REG, T_ERG, T_FESH, T_MOUNTAIN,
	T_CHOTT, T_NTERRAIN
};
#define T_ANY	T_NTERRAIN	/* a fortune card aimed at every territory */

enum tu_effect {
	FX_CLEAR,	/* all camels on that terrain go back to the box */
	FX_GIFT,	/* amount camels on a named tribe's settlement */
	FX_LOSE,	/* amount camels lost on each such territory */
	FX_CAP,		/* no more than amount camels on each such territory */
	FX_SILVER,	/* each tribe holding its settlement receives amount */
	FX_HALVE,	/* half the camels there die, rounding the loss down */
	FX_BORN,	/* amount camels born on each such territory */
	FX_STRATEGIC,	/* strategic value becomes amount for the round */
	FX_STEAL,	/* money of tribes holding their settlement is stolen */
	FX_LEVY,	/* economic value becomes amount for this round's levy */
	FX_NEFFECT
};

enum tu_phase { PH_SECTOR, PH_SETTLE, PH_TURN, PH_OVER };
enum tu_step { ST_MOVE, ST_BUY };

enum tu_order_kind {
	O_SECTOR = 1, O_SETTLE, O_MOVE, O_ATTACK, O_BUY, O_PASS, O_END,
	O_CANCEL
};

enum tu_roll_kind { R_ROUND, R_ATTACK, R_DEFENCE };

struct tu_terrain_info {
	int32_t count, economic, strategic;
};

struct tu_fortune {
	int32_t number, effect, terrain, amount, tribe;
	char name[TU_CARDNAME];
};

/* A queued order for a tribe's next turn: the same args as struct order. */
struct tu_qorder {
	int32_t kind, nargs, arg[6];
};

struct tu_roll {
	int32_t round, kind, seat, value, total, loss, box;
};

struct tu_state {
	int32_t nseats;
	char names[MAX_SEATS][SEAT_NAME];
	int32_t tribe_of[MAX_SEATS];	/* seat -> tribe */
	int32_t seat_of[TU_TRIBES];	/* tribe -> seat or TU_NONE */

	/* options, resolved */
	int32_t opt_opposite;		/* 2 players: opposite sectors */
	int32_t opt_camels;		/* camel supply, 0: unlimited */
	int32_t opt_rounds;
	int32_t opt_spring_owned;	/* card 12 also on empty owned gueltas */
	int32_t opt_raid_any;		/* card 15 hits any settlement held */

	struct rng rng;

	/* copied from data at setup */
	struct tu_terrain_info terr[T_NTERRAIN];
	struct tu_fortune card[TU_FORTUNE + 1];	/* by number, [0] unused */
	int32_t layout[TU_SIDE][TU_SIDE];
	int32_t row[TU_BOXES + 1], col[TU_BOXES + 1];
	int32_t sector[TU_SECTORS][TU_SECTOR_BOXES];
	int32_t three[3][3];
	int32_t salt_box;

	int32_t phase;
	int32_t chooser;		/* seat choosing in setup */
	int32_t sector_of[MAX_SEATS];	/* TU_NONE until chosen */
	int32_t settle_box[MAX_SEATS];	/* 0 until chosen */
	int32_t replaced[MAX_SEATS];	/* terrain of the card it replaced */
	int32_t dealt;

	int32_t terrain[TU_BOXES + 1];
	int32_t owner[TU_BOXES + 1];	/* seat or TU_NONE */
	int32_t camels[TU_BOXES + 1];

	int32_t money[MAX_SEATS];	/* in silver; 1 gold = 5 silver */
	int64_t minted, spent, stolen;	/* money accounting */
	int32_t supply;			/* camels in the box (finite supply) */
	int64_t camels_in, camels_out;	/* camel accounting */
	int32_t out[MAX_SEATS];

	int32_t round;
	int32_t die;			/* this round's throw */
	int32_t stack[TU_STACK];	/* seat or TU_FORTUNE_CARD */
	int32_t stack_n, stack_pos;
	int32_t hand[MAX_SEATS];	/* tribal cards not yet handed in */
	int32_t deck[TU_FORTUNE];	/* fortune cards, top at deck_pos */
	int32_t deck_n, deck_pos;
	/* cards 13 and 16: values changed for this round, or -1 */
	int32_t strat_over[T_NTERRAIN], eco_over[T_NTERRAIN];
	int32_t last_levy[MAX_SEATS];

	int32_t cur;			/* seat on turn */
	int32_t step, part, parts;	/* parts: 2 for a double turn */

	struct tu_qorder queue[MAX_SEATS][TU_QUEUE];
	int32_t nqueue[MAX_SEATS];
	char reject[MAX_SEATS][200];

	struct tu_roll rolls[TU_ROLLS];
	int32_t nrolls;			/* total ever; ring index nrolls % TU_ROLLS */

	int32_t turns;			/* turns played, for bounds */
	int32_t winner;			/* seat, TU_NONE: no winner */
	char result[256];
};

/* Dice for an attack: fixed throws (tests) or the state's rng. */
struct tu_dice {
	const int *fixed;
	int nfixed, pos;
};

extern const char *const tu_tribe_name[TU_TRIBES];
extern const char *const tu_tribe_colour[TU_TRIBES];
extern const char tu_tribe_letter[TU_TRIBES];
extern const char *const tu_terrain_key[T_NTERRAIN];
extern const char *const tu_terrain_name[T_NTERRAIN];
/* The same names as terms (msg.h), for what players read. */
extern const char *const tu_terrain_term[T_NTERRAIN];
extern const char *const tu_colour_term[TU_TRIBES];
/* Room for a sentence kept as a message. */
#define TU_MSG 512
/* "targui.fortune.<number>": a fortune card's printed name as a term. */
const char *tu_fortune_term(int number, char *out, size_t len);
extern const struct game_option tu_options[];

/* data.c: the loaded tables (read-only after load). */
int tu_load(const char *datadir, struct diag *);
/* Reads the files again even when loaded (tests of broken data). */
int tu_load_data(const char *datadir, struct diag *);
int tu_loaded(void);
void tu_copy_data(struct tu_state *);

/* setup.c */
int tu_setup(void *st, int nseats, const char names[][SEAT_NAME],
    const struct optset *, uint64_t seed, struct evsink *, struct diag *);
int tu_sector_allowed(const struct tu_state *, int seat, int sector,
    struct diag *);
int tu_settle_allowed(const struct tu_state *, int seat, int box,
    struct diag *);
void tu_choose_sector(struct tu_state *, int seat, int sector,
    struct evsink *);
void tu_choose_settle(struct tu_state *, int seat, int box, struct evsink *);
void tu_deal(struct tu_state *, struct evsink *);

/* board.c */
int tu_adjacent(const struct tu_state *, int a, int b);
int tu_box_ok(int box);
int tu_strategic(const struct tu_state *, int box);
int tu_economic(const struct tu_state *, int box);
int tu_holds_settlement(const struct tu_state *, int seat);
int tu_camels_of(const struct tu_state *, int seat);
int tu_territories_of(const struct tu_state *, int seat);
int tu_alive(const struct tu_state *);
void tu_add_camels(struct tu_state *, int box, int n);
void tu_kill_camels(struct tu_state *, int box, int n);
int tu_supply_left(const struct tu_state *);
void tu_roll_note(struct tu_state *, int kind, int seat, int value,
    int total, int loss, int box);
int tu_throw(struct tu_state *, struct tu_dice *);
void tu_money_text(int silver, char *out, size_t len);

/* move.c: movement, attack, buying. Each check fills d and returns -1. */
int tu_check_ever(const struct tu_state *, const struct order *, struct diag *);
int tu_check_move(const struct tu_state *, int seat, int from, int to, int n,
    struct diag *);
void tu_do_move(struct tu_state *, int seat, int from, int to, int n,
    struct evsink *);
int tu_check_attack(const struct tu_state *, int seat, int from, int to,
    struct diag *);
/* stop: give up when fewer than stop camels are left; after: give up after
 * that many exchanges (0: never); enter: camels moving in (TU_ALL). */
void tu_do_attack(struct tu_state *, int seat, int from, int to, int stop,
    int after, int enter, struct tu_dice *, struct evsink *);
int tu_check_buy(const struct tu_state *, int seat, int box, int n,
    struct diag *);
void tu_do_buy(struct tu_state *, int seat, int box, int n, struct evsink *);
int tu_buy_max(const struct tu_state *, int seat);

/* levy.c */
int tu_levy_of(const struct tu_state *, int seat);
void tu_levy(struct tu_state *, struct evsink *);
void tu_final_result(struct tu_state *, struct evsink *);
int tu_in_draw(const struct tu_state *, int seat);

/* fortune.c */
void tu_fortune(struct tu_state *, int number, struct evsink *);
int tu_fortune_parse_set(const char *, int *cards, int *n, struct diag *);

/* round.c */
void tu_start_round(struct tu_state *, struct evsink *);
void tu_advance(struct tu_state *, struct evsink *);
void tu_check_out(struct tu_state *, struct evsink *);
int tu_can_act(const struct tu_state *, int seat);

/* orders.c */
int tu_parse(const void *st, int seat, const char *line, struct order *,
    struct diag *);
void tu_order_text(struct order *);
int tu_apply(void *st, int seat, const struct order *, struct evsink *,
    struct diag *);
int tu_apply_turn(struct tu_state *, int seat, const struct order *,
    struct tu_dice *, struct evsink *, struct diag *);
void tu_waiting_for(const void *st, struct pending *);
int tu_legal(const void *st, int seat, struct order_list *);
int tu_default_order(const void *st, int seat, struct order *);
int tu_closes_nothing(const void *at_start, const void *now, int seat,
    const struct order *);

/* summary.c */
int tu_legal_summary(const void *st, int seat, const struct order_list *,
    struct tval *);

/* view.c */
void tu_view(const void *st, int viewer, struct tval *root);
int tu_order_spot(const void *st, const struct order *, struct order_spot *);

/* secrets.c */
void tu_secrets(const void *st, int viewer, struct secrets *);
/* redeal.c */
void tu_redeal(void *, int seat, struct rng *);
double tu_reward(const void *, int seat);

/* state.c */
void tu_serialize(const void *st, struct buf *);
int tu_check(const void *st, struct diag *);

extern const struct game_rules targui_rules;

#endif
