/* targi: the private interface of the Targi engine, shared by its files and
 * its tests (which build positions by hand through these helpers).
 *
 * The whole game is one flat struct tg_state. Card definitions are copied
 * into it at setup, so a saved state never depends on the data files. */
#ifndef AZ_TARGI_H
#define AZ_TARGI_H

#include "core/msg.h"
#include "games/game.h"

/* Room for one encoded message (msg.h) with its nested fragments. */
#define TG_MSG	512

#define TG_SEATS	2
#define TG_NBORDER	16
#define TG_NCENTRAL	9
#define TG_MAXTRIBE	45	/* in one game; a mixed deck draws them */
#define TG_MAXGOODS	30	/* 19 printed, and a deck file's water cards */
#define TG_MAXDUNE	30
#define TG_DUNES	3	/* face-up sand dune places */
#define TG_ROWS		3
#define TG_COLS		4
#define TG_SLOTS	(TG_ROWS * TG_COLS)
#define TG_GOODS_LIMIT	10
#define TG_GOLD_LIMIT	3
#define TG_WATER_LIMIT	10
#define TG_RAIDS	4

/* Token totals of the box. The rules let a player note on paper what the
 * supply has run out of, so the supply may go below zero; the totals still
 * hold (supply + players = box). */
#define TG_TOTAL_GOODS	10	/* of each kind */
#define TG_TOTAL_GOLD	8
#define TG_TOTAL_VP	41	/* 6 x 1, 5 x 3, 4 x 5 */
#define TG_TOTAL_WATER	29	/* expansion: 10 x 1, 3 x 3, 2 x 5 */
#define TG_TOTAL_TOKENS	6	/* expansion: action tokens */

/* Spec indices. Water is no good (like gold) and only in the expansion. */
enum { TG_D, TG_S, TG_P, TG_G, TG_VP, TG_W, TG_NRES };
enum { SYM_OASIS, SYM_CAMEL, SYM_WELL, SYM_TENT, SYM_TARGIA, SYM_N };

enum tg_border_kind {
	BK_NOBLE = 1, BK_GOODS, BK_MERCHANT, BK_FATA, BK_SILVER, BK_CARAVAN,
	BK_EXPAND, BK_RAID, BK_WATER
};

enum tg_effect {
	EF_NONE,
	EF_END_PAIRS, EF_END_MORE_CARDS, EF_END_MIN_CARDS, EF_END_DIVERSE_ROWS,
	EF_END_RIGHTMOST, EF_DISCOUNT, EF_RAID_IMMUNE, EF_NOBLE_DISCOUNT,
	EF_RAID_BONUS, EF_ROBBER_PLACE, EF_GOODS_BONUS, EF_GOODS_NONE_BONUS,
	EF_ONCE_PER_DISPLAY, EF_PLAY_WITHOUT_NOBLE, EF_MERCHANT_1FOR1,
	EF_GOLD_ON_CARD, EF_ONCE_CHOICE, EF_ONCE_PER_EMPTY, EF_ONCE_MOVE,
	EF_OPPONENT_FEWER,
	/* the expansion's vocabulary (deck files) */
	EF_GAIN, EF_CHOOSE, EF_CONVERT, EF_PLACE_OPPOSITE, EF_DUNE_SHARED,
	EF_END_WATER, EF_N
};

/* When a tribe card's effect works (the expansion's symbols). */
enum tg_timing { TM_NONE, TM_ONCE, TM_PERMANENT, TM_TOKEN, TM_END };

/* What a sand dune (or a goods-like action) does for the Targi on it. */
enum tg_dune_action { DA_GAIN = 1, DA_CHOOSE, DA_CONVERT, DA_CARAVAN, DA_EXPAND };

struct tg_border {
	int kind;
	int gives;		/* BK_GOODS: TG_D/S/P */
	int goods, gold, vp;	/* BK_RAID */
	int good;		/* BK_RAID: only this good (-1 any) */
	int last;		/* BK_RAID: the game ends after it */
	int water;		/* BK_WATER: water it gives */
	int noble_gift;		/* BK_NOBLE: discarding gives 1 water, 1 good */
	int adjacent;		/* BK_FATA: only to a neighbouring card */
	int any_kinds;		/* BK_SILVER: 2 goods of any kinds, 1 VP */
	int discard_water;	/* BK_EXPAND: water to discard the drawn card */
	char name[24], shortname[12];
};

struct tg_goodscard {
	int res[TG_NRES];	/* what it gives */
	int choice;		/* 1: one good of the taker's choice */
};

/* Costs are specs (D S P G VP W; VP unused). */
struct tg_tribe {
	int id;
	int symbol, vp;
	int cost[TG_NRES];
	int has_alt, alt[TG_NRES];	/* "/": the other side */
	int has_extra, extra[TG_NRES], extra_vp;	/* "(...)": optional */
	int expansion;		/* from a deck file */
	int timing;		/* TM_* */
	int effect;
	int e_symbol, e_good, e_n, e_vp, e_gold, e_per;
	int e_give[TG_NRES], e_pay[TG_NRES];	/* EF_GAIN, EF_CONVERT */
};

struct tg_dune {
	int id;
	int action;		/* DA_* */
	int give[TG_NRES], pay[TG_NRES], n;
};

enum tg_phase { PH_ROUND, PH_RAID, PH_PLACE, PH_ACTIONS, PH_OVER };

/* An open decision inside a player's actions. */
enum tg_sub {
	SUB_NONE, SUB_MERCHANT, SUB_DRAWN, SUB_CARAVAN, SUB_ONCE, SUB_BONUS,
	SUB_LIMIT, SUB_FAVOUR, SUB_LASTRAID
};

enum { CEN_EMPTY, CEN_GOODS, CEN_TRIBE };

struct tg_player {
	char name[SEAT_NAME];
	int res[TG_NRES];	/* goods, gold, VP tokens */
	int card_gold;		/* gold lying on an EF_GOLD_ON_CARD card */
	int hand;		/* tribe card index or -1 */
	int hand_round;		/* round the hand card was taken */
	int display[TG_SLOTS];	/* row-major, -1 empty */
	int placed, quota;	/* Targi placed / to place this round */
	int prefer[12], nprefer;	/* placement preference list */
	/* The rest of a PLACE a b c plan, in order: each one placed when this
	 * seat's turn to place comes, while it is legal. Secret, like the
	 * standing orders; serialized only when there is one (old states keep
	 * their hashes). */
	int plan[2], nplan;
	int raid_mode;		/* RM_* standing answer */
	int limit_mode;		/* LM_* standing answer */
	int limit_order[3];
	/* this round */
	int got[3], got_any;	/* goods received from goods cards */
	int bonus_given[3];
	int ended;		/* sent END: declines what is left */
	int fin;		/* 0 acting, 1 bonus done, 2 limit done */
	int fewer_round;	/* round in which only 2 Targi may be placed */
	int raid_done;
	/* expansion */
	int favour;		/* 1: a Targi stands on the Targia's card */
	int tokens[TG_SLOTS];	/* action token on the display card there */
	int dune_at[TG_DUNES];	/* Targi of this seat on dune place i */
	/* The hand card was drawn and kept: no one else has seen it. Not in
	 * tg_serialize (the state's hash stays what it was); replay sets it. */
	int hand_secret;
};

enum { RM_ASK, RM_VP, RM_GOODS };
enum { LM_ASK, LM_ORDER, LM_MOST };

/* The game master's choices; all 0 is the base game. */
struct tg_opts {
	int targia, water, dunes, costs;
	int layout;		/* 1: 5 tribe and 4 goods cards in the centre */
	int last_card;		/* 1: last raid takes 1 gold or a row's last card */
	int targia_skip;	/* 1: the Targia skips the raid corners */
	int deck;		/* DECK_* */
	int tribe_top;		/* 1: the tribe deck's top card lies face up */
};
enum { DECK_BASE, DECK_MIXED, DECK_FILE };
enum { ORIGIN_PRINTED, ORIGIN_EXAMPLE, ORIGIN_FILE };

struct tg_state {
	int nseats;
	int open_hands;
	struct tg_opts x;
	int origin;		/* ORIGIN_* */
	char deck_name[64];
	struct rng rng;
	int ntribe, ngoods;
	struct tg_tribe tribe[TG_MAXTRIBE];
	struct tg_goodscard goods[TG_MAXGOODS];
	struct tg_border border[TG_NBORDER + 1];	/* 1-based */

	int phase;
	int round, start, robber, raids;
	int turn;		/* seat deciding now (raid, placement, actions) */
	int end_after_round;	/* a 12th card was displayed */
	int targi_at[TG_NBORDER + 1];	/* seat or -1 */
	int marker_at[TG_NCENTRAL];	/* seat or -1 */
	int cen_type[TG_NCENTRAL], cen_card[TG_NCENTRAL], cen_down[TG_NCENTRAL];
	int tdeck[TG_MAXTRIBE], ntdeck;	/* top is the last */
	int tdisc[TG_MAXTRIBE], ntdisc;
	int gdeck[TG_MAXGOODS], ngdeck;
	int gdisc[TG_MAXGOODS], ngdisc;
	int supply[TG_NRES];
	int sub, sub_card, sub_n;	/* open decision of the acting player */
	int sub_dune;		/* the dune place a sub-decision came from, or -1 */
	struct tg_player pl[TG_SEATS];

	/* expansion */
	int targia;		/* border card the Targia stands on, 0 off */
	int marker_also[TG_NCENTRAL];	/* a second seat's marker, or -1 */
	int ndune;
	struct tg_dune dune[TG_MAXDUNE];
	int ddeck[TG_MAXDUNE], nddeck;
	int ddisc[TG_MAXDUNE], nddisc;
	int dune_up[TG_DUNES];	/* dune card at face-up place i, or -1 */
	int dune_used[TG_DUNES];	/* the first of two Targi used it */
	int token_supply;	/* action tokens not lying on a card */

	int winner;		/* -1 draw */
	int score[TG_SEATS];
	char result[256];
};

/* Order kinds. Targets: border card n is n, central position p is 100 + p. */
enum tg_kind {
	K_PLACE = 1, K_PREFER, K_GIVE, K_TAKE, K_BUY, K_KEEP, K_DISCARD,
	K_NOBLE, K_HAND, K_PASS, K_TRADE, K_SILVER, K_MIRAGE, K_CARAVAN,
	K_EXPAND, K_CHOOSE, K_SWAP, K_END, K_DROP, K_STANDING,
	K_FAVOUR, K_EXCHANGE, K_USE, K_DUNE, K_REMOVE, K_WATER
};
/* Dune places in orders: PLACE DUNE i is target TG_DUNE(i). */
#define TG_DUNE(i)	(200 + (i))
#define TG_CEN(p)	(100 + (p))
#define TG_DRAWN	0

/* Argument layouts (see targi_orders.c): specs take TG_NRES slots.
 * K_PLACE: arg[0] target, arg[1..2] border cards planned for the seat's
 * next placements of the round (nargs says how many).
 * K_GIVE/K_CHOOSE/K_DROP: arg[0..5] spec.
 * K_BUY/K_NOBLE/K_HAND: arg[0] target (K_NOBLE: 1 discard), arg[1] row
 * (0-based), arg[2] 1 when PAY given, arg[3..8] payment spec, arg[9] 1 when
 * the optional "(...)" cost is paid too (EXTRA).
 * K_FAVOUR: arg[0] FV_*, arg[1] good. K_EXCHANGE: arg[0] what water buys.
 * K_USE: arg[0] card id, arg[1..6] goods chosen. K_DUNE: arg[0] place,
 * arg[1] good chosen or -1. K_REMOVE: arg[0] row. */
#define TG_PAY		3
#define TG_EXTRA	(TG_PAY + TG_NRES)
enum { FV_TAKE, FV_DRAW, FV_KEEP, FV_PASS };

/* targi_data.c */
int tg_load(const char *datadir, struct diag *);
int tg_data_copy(struct tg_state *, struct diag *);
const char *tg_symbol_name(int);
const char *tg_res_name(int, int n);
/* The player-visible names: terms (msg.h) rendered in the reader's
 * language. A place named otherwise in a game master's file keeps that
 * name (it is no printed card, so no catalog knows it). */
const char *tg_res_term(int);
/* n of resource r ("1 date", "2 dates") as a message (msg.h) into out:
 * the count chooses the noun's form in the reader's language. */
void tg_res_count(char *out, size_t n, int r, int count);
const char *tg_symbol_term(int);
const char *tg_place_name(const struct tg_state *, int n, char *, size_t);
const char *tg_place_short(const struct tg_state *, int n, char *, size_t);
/* A sentence already encoded (msg_nfmt) as a narrative line or a refusal. */
void tg_emit_enc(struct evsink *, uint32_t vis, const char *enc);
int tg_diag_enc(struct diag *, const char *enc);
int tg_symbol_parse(const char *);

/* targi_setup.c: setup and the round flow */
extern const struct game_option tg_options[];
int tg_setup(void *, int, const char[][SEAT_NAME], const struct optset *,
    uint64_t, struct evsink *, struct diag *);
void tg_advance(struct tg_state *, struct evsink *);
void tg_give(struct tg_state *, int seat, int res, int n);	/* supply -> seat */
void tg_take(struct tg_state *, int seat, int res, int n);	/* seat -> supply */
int tg_goods_total(const struct tg_player *);
int tg_draw_goods(struct tg_state *, struct evsink *);
int tg_draw_tribe(struct tg_state *);
int tg_spec_empty(const int spec[TG_NRES]);
void tg_raid_options(const struct tg_state *, int seat, struct order_list *);
void tg_raid_text(const struct tg_state *, char *, size_t);
int tg_raid_pay(struct tg_state *, int seat, const int spec[TG_NRES],
    struct evsink *, struct diag *);
int tg_limit_drop(struct tg_state *, int seat, const int spec[TG_NRES],
    struct evsink *, struct diag *);
void tg_limit_options(const struct tg_state *, int seat, struct order_list *);
void tg_end_round(struct tg_state *, struct evsink *);
void tg_finish_game(struct tg_state *, struct evsink *);

/* targi_place.c */
int tg_opposite(int n);
int tg_place_legal(const struct tg_state *, int seat, int n);
int tg_place(struct tg_state *, int seat, int n, struct evsink *,
    struct diag *);
int tg_place_plan(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
int tg_plan_next(struct tg_state *, int seat, struct evsink *);
void tg_set_markers(struct tg_state *, struct evsink *);
int tg_central_of(int col_card, int row_card);

/* targi_actions.c */
int tg_action(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
int tg_has_actions(const struct tg_state *, int seat);
int tg_token_only(const struct tg_state *, int seat);
void tg_action_orders(const struct tg_state *, int seat, struct order_list *);
int tg_payments(const struct tg_state *, int seat, int card, int via,
    int pays[][TG_NRES], int max);
void tg_replace_central(struct tg_state *, int pos, struct evsink *);
void tg_cost_text(const struct tg_tribe *, char *, size_t);
enum { VIA_CARD, VIA_NOBLE, VIA_HAND };
int tg_display_card(struct tg_state *, int seat, int card, int row,
    struct evsink *);
void tg_gain_goods_card(struct tg_state *, int seat, const int res[TG_NRES],
    struct evsink *);
int tg_row_free(const struct tg_player *, int row);
int tg_displayed(const struct tg_player *);

/* targi_effects.c: each effect kind once */
int tg_has_effect(const struct tg_state *, int seat, int effect);
int tg_effect_card(const struct tg_state *, int seat, int effect);
int tg_discount(const struct tg_state *, int seat, int card, int via);
int tg_extra_goods(const struct tg_state *, int seat, int via);
void tg_on_display(struct tg_state *, int seat, int card, struct evsink *);
void tg_goods_bonus(struct tg_state *, int seat, struct evsink *);
int tg_once_choices(const struct tg_state *, int seat, struct order_list *);
int tg_once_resolve(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
int tg_effect_score(const struct tg_state *, int seat, int slot);

/* targi_score.c */
struct tg_score {
	int tokens, cards, bonus, rows, water, total;
};
void tg_score(const struct tg_state *, int seat, struct tg_score *);

/* targi_orders.c */
int tg_parse(const void *, int, const char *, struct order *, struct diag *);
void tg_format(struct order *);
void tg_spec_text(const int spec[TG_NRES], char *, size_t);
void tg_spec_said(const int spec[TG_NRES], char *, size_t);
int tg_legal(const void *, int, struct order_list *);
int tg_default_order(const void *, int, struct order *);
void tg_pos_name(int pos, char out[3]);

/* targi_deck.c: a game master's deck file, and the deck of one game */
int tg_deck_build(struct tg_state *, const struct optset *, struct diag *);
int tg_load_effect_name(const char *);

/* targi_extra.c: the expansion's Targia, water and action tokens */
void tg_targia_move(struct tg_state *, struct evsink *);
int tg_favour(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
void tg_favour_orders(const struct tg_state *, int seat, struct order_list *);
int tg_free_order(const struct order *);
int tg_free_apply(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
void tg_free_orders(const struct tg_state *, int seat, struct order_list *);
int tg_last_round(const struct tg_state *);
int tg_token_wait(const struct tg_state *, int seat);
void tg_water_limit(struct tg_state *, int seat, struct evsink *);
int tg_lastraid_options(const struct tg_state *, int seat,
    struct order_list *);
int tg_lastraid_pay(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
/* What a raid payment gives up, by kind. */
enum { PAYS_GOODS = 1, PAYS_GOLD = 2, PAYS_VP = 4, PAYS_CARD = 8 };
int tg_pays_kind(const struct order *);
int tg_free_could_change(const struct tg_state *, int seat,
    const struct order_list *);

/* targi_dunes.c */
void tg_dunes_round(struct tg_state *, int after_raid, struct evsink *);
int tg_dune_place_legal(const struct tg_state *, int seat, int i);
int tg_dune_action(struct tg_state *, int seat, const struct order *,
    struct evsink *, struct diag *);
void tg_dune_orders(const struct tg_state *, int seat, struct order_list *);
void tg_dune_leave(struct tg_state *, int seat, int i, struct evsink *);
int tg_dune_has(const struct tg_state *, int seat);
void tg_dune_text(const struct tg_dune *, char *, size_t);

/* targi_view.c */
void tg_view(const void *, int, struct tval *);
int tg_order_spot(const void *, const struct order *, struct order_spot *);
const char *tg_symbol_abbr(int);
/* targi_help.c: placing help, scores now, end warnings, added to a view */
void tg_view_help(const struct tg_state *, int viewer, struct tval *root);

/* targi_secrets.c */
void tg_secrets(const void *, int, struct secrets *);
/* targi_redeal.c */
void tg_redeal(void *, int seat, struct rng *);
/* targi_score.c, for the bots */
double tg_reward(const void *, int seat);

/* targi_rules.c */
int tg_apply(void *, int, const struct order *, struct evsink *,
    struct diag *);
void tg_waiting_for(const void *, struct pending *);
void tg_serialize(const void *, struct buf *);
int tg_check(const void *, struct diag *);

extern const struct game_rules targi_rules;

#endif
