/* Targi tribe card effects: each of the 30 effect cards, by its own test. */
#include "test_targi_fixture.h"

/* seat, holding plenty, takes tribe card id from B1 into row (first legal
 * payment); a Targi on #2 keeps the turn with seat afterwards. */
static void
buy(int seat, int id, int row)
{
	struct order_list l;
	char prefix[32];
	size_t i;

	to_central(1, id);
	actions(seat, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	order_list_init(&l);
	tg_legal(&G, seat, &l);
	snprintf(prefix, sizeof prefix, "BUY B1 ROW %d", row + 1);
	for (i = 0; i < l.n; i++)
		if (strncmp(l.v[i].text, prefix, strlen(prefix)) == 0)
			break;
	if (i == l.n)
		fail_msg("cannot buy %d", id);
	ok(seat, l.v[i].text);
	order_list_free(&l);
}

static int
bonus(int seat)
{
	struct tg_score sc;

	tg_score(&G, seat, &sc);
	return sc.bonus;
}

static int
rows(int seat)
{
	struct tg_score sc;

	tg_score(&G, seat, &sc);
	return sc.rows;
}

/* Cards of a symbol without effects, for filling displays. */
static const int plain[SYM_N][3] = {
	{ 20, 21, 22 },		/* oasis */
	{ 23, 24, 25 },		/* camel rider */
	{ 26, 27, 28 },		/* well */
	{ 29, 210, 211 },	/* tent */
	{ 212, 213, 214 },	/* targia */
};

/* The discount card of each symbol: a fourth card of it that scores no
 * bonus of its own. */
static const int discount_of[SYM_N] = { 228, 224, 225, 226, 227 };
/* And one more, for the opponent's display. */
static const int other_of[SYM_N] = { 229, 234, 232, 230, 231 };

static void
pairs_card(int id, int sym)
{
	fresh();
	to_display(0, id, 0);
	to_display(0, plain[sym][0], 1);
	assert_int_equal(bonus(0), 0);
	to_display(0, plain[sym][1], 2);
	assert_int_equal(bonus(0), 1);
	to_display(0, plain[sym][2], 4);
	assert_int_equal(bonus(0), 1);
	/* The opponent's cards of the symbol do not count (a card of his
	 * own, not one lifted from this display): with it there would be
	 * two pairs. */
	to_display(1, other_of[sym], 0);
	assert_int_equal(bonus(0), 1);
	/* "per 2": a second pair is a second VP, not one VP for having any. */
	to_display(0, discount_of[sym], 5);
	assert_int_equal(bonus(0), 2);
}

static void test_215_pairs_of_wells(void **s) { (void)s; pairs_card(215, SYM_WELL); }
static void test_216_pairs_of_tents(void **s) { (void)s; pairs_card(216, SYM_TENT); }
static void test_217_pairs_of_targias(void **s) { (void)s; pairs_card(217, SYM_TARGIA); }
static void test_218_pairs_of_oases(void **s) { (void)s; pairs_card(218, SYM_OASIS); }
static void test_219_pairs_of_camel_riders(void **s) { (void)s; pairs_card(219, SYM_CAMEL); }

static void
test_220_more_cards(void **state)
{
	(void)state;
	fresh();
	to_display(0, 220, 0);
	to_display(1, 20, 0);
	assert_int_equal(bonus(0), 0);		/* 1 against 1 */
	to_display(0, 21, 1);
	assert_int_equal(bonus(0), 1);
}

static void
test_221_ten_cards(void **state)
{
	static const int ids[] = { 20, 21, 22, 23, 24, 25, 26, 27, 28 };

	(void)state;
	fresh();
	to_display(0, 221, 0);
	for (int i = 0; i < 8; i++)
		to_display(0, ids[i], i + 1);
	assert_int_equal(bonus(0), 0);		/* 9 cards */
	to_display(0, ids[8], 9);
	assert_int_equal(bonus(0), 1);
	/* "10 or more": a fuller display keeps it. */
	to_display(0, 29, 10);
	assert_int_equal(bonus(0), 1);
	to_display(0, 210, 11);
	assert_int_equal(bonus(0), 1);
}

static void
test_222_diverse_rows(void **state)
{
	(void)state;
	fresh();
	/* Row 1: 222 (targia), oasis, camel, well; row 2 and 3 diverse too. */
	to_display(0, 222, 0);
	to_display(0, 20, 1);
	to_display(0, 23, 2);
	to_display(0, 26, 3);
	assert_int_equal(rows(0), 4);
	to_display(0, 21, 4);
	to_display(0, 24, 5);
	to_display(0, 27, 6);
	to_display(0, 29, 7);
	assert_int_equal(rows(0), 8);
	to_display(0, 22, 8);
	to_display(0, 25, 9);
	to_display(0, 28, 10);
	to_display(0, 210, 11);
	assert_int_equal(rows(0), 4 + 4 + 2);	/* at most two rows */
}

static void
test_223_rightmost(void **state)
{
	(void)state;
	fresh();
	to_display(0, 20, 0);
	to_display(0, 21, 1);
	to_display(0, 223, 2);
	assert_int_equal(bonus(0), 0);
	to_display(0, 22, 3);
	assert_int_equal(bonus(0), 0);		/* full row, but not rightmost */
	fresh();
	to_display(0, 20, 4);
	to_display(0, 21, 5);
	to_display(0, 22, 6);
	to_display(0, 223, 7);
	assert_int_equal(bonus(0), 2);
}

/* A discount card: later cards of its symbol cost one good less. */
static void
discount_card(int id, int sym)
{
	int target = plain[sym][2];	/* costs 5 goods */
	const struct tg_tribe *t;
	int before;

	fresh();
	set_res(0, 5, 5, 5, 3, 4);
	to_display(0, id, 0);
	t = &G.tribe[card(target)];
	before = tg_goods_total(&G.pl[0]);
	buy(0, target, 1);
	assert_int_equal(before - tg_goods_total(&G.pl[0]),
	    t->cost[0] + t->cost[1] + t->cost[2] - 1);
	/* Another symbol pays in full. */
	fresh();
	set_res(0, 5, 5, 5, 3, 4);
	to_display(0, id, 0);
	target = plain[(sym + 1) % SYM_N][2];
	t = &G.tribe[card(target)];
	before = tg_goods_total(&G.pl[0]);
	buy(0, target, 1);
	assert_int_equal(before - tg_goods_total(&G.pl[0]),
	    t->cost[0] + t->cost[1] + t->cost[2]);
}

static void test_224_camel_discount(void **s) { (void)s; discount_card(224, SYM_CAMEL); }
static void test_225_well_discount(void **s) { (void)s; discount_card(225, SYM_WELL); }
static void test_226_tent_discount(void **s) { (void)s; discount_card(226, SYM_TENT); }
static void test_227_targia_discount(void **s) { (void)s; discount_card(227, SYM_TARGIA); }
static void test_228_oasis_discount(void **s) { (void)s; discount_card(228, SYM_OASIS); }

static void
test_discount_choice_listed(void **state)
{
	(void)state;
	fresh();
	to_display(0, 224, 0);
	to_central(1, 23);		/* D S G, camel rider */
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1S 1G"));
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1D 1G"));
	assert_false(is_legal(0, "BUY B1 ROW 1 PAY 1D 1S 1G"));
	/* "1 good less" leaves out a good, never the gold (rules-notes,
	 * "Payments and discounts"). */
	assert_false(is_legal(0, "BUY B1 ROW 1 PAY 1D 1S"));
	refused(0, "BUY B1 ROW 1 PAY 1D 1S");
	/* A cost of gold alone stays whole: Camel rider 220 costs G. */
	fresh();
	to_display(0, 224, 0);
	to_central(1, 220);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1G"));
	set_res(0, 2, 2, 2, 0, 4);
	refused(0, "BUY B1 ROW 1");
	/* So does the gold side of a "/" cost: Tent 226 (D 2P / G) through
	 * the Noble with card 230. */
	fresh();
	G.robber = 2;
	to_display(0, 230, 0);
	to_hand(0, 226);
	actions(0, (const int[]){ 1, 3, 0 }, (const int[]){ -1 });
	assert_true(is_legal(0, "NOBLE ROW 1 PAY 1G"));
	assert_true(is_legal(0, "NOBLE ROW 1 PAY 2P"));
	ok(0, "NOBLE ROW 1 PAY 1G");
	assert_int_equal(G.pl[0].res[TG_G], 0);
}

static void
raid_to_round4(void)
{
	while (G.round < 4 || (G.phase == PH_RAID && G.turn != 0)) {
		struct order o;
		struct diag d;

		if (G.phase == PH_RAID && G.turn == 0)
			break;
		assert_int_equal(tg_default_order(&G, G.turn, &o), 0);
		assert_int_equal(tg_apply(&G, G.turn, &o, &EV, &d), 0);
	}
}

static void
test_229_raid_immune(void **state)
{
	(void)state;
	fresh();
	to_display(0, 229, 0);
	while (G.round < 4 || G.phase == PH_RAID) {
		struct order o;
		struct diag d;

		assert_int_equal(tg_default_order(&G, G.turn, &o), 0);
		assert_int_equal(tg_apply(&G, G.turn, &o, &EV, &d), 0);
	}
	assert_int_equal(G.pl[0].raid_done, 1);
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_int_equal(tg_goods_total(&G.pl[0]), 6);
	assert_true(last_event_has("anna pays nothing"));
	/* With card 231 too she still takes nothing: 231 pays after a raid
	 * is paid, and 229 pays none (rules-notes, "Tribe card effects"). */
	fresh();
	to_display(0, 229, 0);
	to_display(0, 231, 1);
	raid_to_round4();
	assert_int_equal(G.pl[0].raid_done, 1);
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_false(last_event_has("after the raid"));
}

static void
test_230_noble_discount(void **state)
{
	(void)state;
	fresh();
	G.robber = 2;
	to_display(0, 230, 0);
	to_hand(0, 27);			/* S P 2D */
	actions(0, (const int[]){ 1, 3, 0 }, (const int[]){ -1 });
	assert_true(is_legal(0, "NOBLE ROW 1 PAY 1D 1S 1P"));
	assert_false(is_legal(0, "NOBLE ROW 1 PAY 2D 1S 1P"));
	ok(0, "NOBLE ROW 1 PAY 2D 1S");
	assert_int_equal(G.pl[0].res[TG_P], 2);
	/* The discount is for the Noble only. */
	to_central(1, 24);
	G.marker_at[1] = 0;
	assert_false(is_legal(0, "BUY B1 ROW 2 PAY 1D 1S"));
	/* With a symbol discount it adds up (rules-notes, "Payments and
	 * discounts"): the Well 27 through the Noble costs 2 goods less. */
	fresh();
	G.robber = 2;
	to_display(0, 225, 0);		/* Wells cost 1 good less */
	to_display(0, 230, 1);
	to_hand(0, 27);			/* S P 2D, a Well */
	actions(0, (const int[]){ 1, 3, 0 }, (const int[]){ -1 });
	assert_true(is_legal(0, "NOBLE ROW 1 PAY 2D"));
	assert_true(is_legal(0, "NOBLE ROW 1 PAY 1S 1P"));
	assert_false(is_legal(0, "NOBLE ROW 1 PAY 2D 1S"));
	ok(0, "NOBLE ROW 1 PAY 1D 1P");
	assert_int_equal(tg_goods_total(&G.pl[0]), 6 - 2);
}

static void
test_231_raid_bonus(void **state)
{
	(void)state;
	fresh();
	to_display(0, 231, 0);
	raid_to_round4();
	assert_int_equal(G.phase, PH_RAID);
	ok(0, "GIVE VP");
	/* Gave 1 VP, took 1 VP. */
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_true(last_event_has("after the raid"));
	/* A raid she cannot pay is not paid: no VP from the card. */
	fresh();
	to_display(0, 231, 0);
	set_res(0, 0, 0, 0, 0, 0);
	raid_to_round4();
	assert_int_equal(G.pl[0].raid_done, 1);
	assert_int_equal(G.pl[0].res[TG_VP], 0);
	assert_true(last_event_has("anna cannot pay, so bert receives 1 VP"));
	assert_false(last_event_has("after the raid"));
}

static void
test_232_robber_place(void **state)
{
	(void)state;
	fresh();
	ok(0, "PLACE 5");
	refused(1, "PLACE 1");
	to_display(1, 232, 0);
	/* Only the robber's limit goes: a Targi still may not stand on
	 * another's card, opposite the opponent's, or on a raid corner. */
	refused(1, "PLACE 5");
	refused(1, "PLACE 15");
	refused(1, "PLACE 4");
	ok(1, "PLACE 1");
	assert_int_equal(G.targi_at[1], 1);
}

static void
goods_bonus_card(int id, int good)
{
	int res[TG_NRES] = { 0 }, other[TG_NRES] = { 0 };

	fresh();
	to_display(0, id, 0);
	actions(0, (const int[]){ 2, 3, 6, 0 }, (const int[]){ -1 });
	set_res(0, 0, 0, 0, 0, 4);
	/* Border cards are not goods cards. */
	ok(0, good == TG_D ? "TAKE 2" : good == TG_S ? "TAKE 3" : "TAKE 6");
	assert_int_equal(G.pl[0].res[good], 1);
	other[(good + 1) % 3] = 1;
	tg_gain_goods_card(&G, 0, other, NULL);
	assert_int_equal(G.pl[0].res[good], 1);
	res[good] = 2;
	tg_gain_goods_card(&G, 0, res, NULL);
	assert_int_equal(G.pl[0].res[good], 1 + 2 + 1);
	/* Once a round. */
	tg_gain_goods_card(&G, 0, res, NULL);
	assert_int_equal(G.pl[0].res[good], 1 + 2 + 1 + 2);
	assert_int_equal(tg_check(&G, NULL), 0);
}

static void test_233_salt_bonus(void **s) { (void)s; goods_bonus_card(233, TG_S); }
static void test_234_pepper_bonus(void **s) { (void)s; goods_bonus_card(234, TG_P); }
static void test_235_dates_bonus(void **s) { (void)s; goods_bonus_card(235, TG_D); }

static void
test_233_bonus_when_played_after_the_goods(void **state)
{
	int g = -1;

	(void)state;
	fresh();
	g = goods_card(0, 1, 0, 0, 0, 0);
	goods_to_central(0, g);
	to_central(1, 233);
	set_res(0, 2, 4, 2, 1, 4);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 0, 1, -1 });
	ok(0, "TAKE A1");
	assert_int_equal(G.pl[0].res[TG_S], 5);
	ok(0, "BUY B1 ROW 1");
	/* Paid 2S, then the bonus for this round's salt. */
	assert_int_equal(G.pl[0].res[TG_S], 5 - 2 + 1);
}

/* The Caravan's card is a goods card too (rules-notes, "Caravan"; 003:
 * only border cards showing goods are not goods cards). */
static void
test_233_bonus_from_the_caravan(void **state)
{
	(void)state;
	fresh();
	to_display(0, 233, 0);
	goods_on_top(goods_card(0, 1, 0, 0, 0, 0));
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN");
	assert_int_equal(G.pl[0].res[TG_S], 2 + 1 + 1);
	/* A card of free choice named salt counts the same. */
	fresh();
	to_display(0, 233, 0);
	goods_on_top(goods_card(0, 0, 0, 0, 0, 1));
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN");
	ok(0, "CHOOSE S");
	assert_int_equal(G.pl[0].res[TG_S], 2 + 1 + 1);
}

static void
test_236_no_goods_bonus(void **state)
{
	(void)state;
	fresh();
	to_display(0, 236, 0);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	G.targi_at[3] = 1;		/* bert still has to act */
	ok(0, "TAKE 2");		/* a border card: no goods card */
	assert_int_equal(G.sub, SUB_BONUS);
	assert_true(is_legal(0, "CHOOSE 1P"));
	ok(0, "CHOOSE 1P");
	assert_int_equal(G.pl[0].res[TG_P], 3);
	assert_int_equal(G.turn, 1);
	/* With a good from a goods card there is no bonus. */
	fresh();
	to_display(0, 236, 0);
	goods_to_central(0, goods_card(1, 0, 0, 0, 0, 0));
	actions(0, (const int[]){ 0 }, (const int[]){ 0, -1 });
	G.targi_at[3] = 1;
	ok(0, "TAKE A1");
	assert_int_equal(G.sub, SUB_NONE);
	assert_int_equal(G.turn, 1);
	/* 003, FAQ: "Las monedas de oro no son consideradas mercancías": goods
	 * cards that gave only gold and a VP gave no good, so the bonus is due. */
	fresh();
	to_display(0, 236, 0);
	goods_to_central(0, goods_card(0, 0, 0, 1, 0, 0));
	goods_to_central(2, goods_card(0, 0, 0, 0, 1, 0));
	actions(0, (const int[]){ 0 }, (const int[]){ 0, 2, -1 });
	G.targi_at[3] = 1;
	ok(0, "TAKE A1");
	ok(0, "TAKE C1");
	assert_int_equal(G.pl[0].res[TG_G], 2);
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	assert_int_equal(G.sub, SUB_BONUS);
	ok(0, "CHOOSE 1S");
	assert_int_equal(G.pl[0].res[TG_S], 3);
	assert_int_equal(G.turn, 1);
}

static void
test_237_goods_per_display(void **state)
{
	(void)state;
	fresh();
	to_display(0, 20, 0);
	to_display(0, 21, 1);
	to_display(0, 22, 4);
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 237, 0);
	/* 4 cards now: 2 goods of choice. */
	assert_int_equal(G.sub, SUB_ONCE);
	refused(0, "CHOOSE 3D");
	refused(0, "TAKE 2");
	ok(0, "CHOOSE 1D 1P");
	assert_int_equal(G.pl[0].res[TG_D], 3 - 1 + 1);
	assert_int_equal(G.pl[0].res[TG_P], 3 - 1 + 1);
}

static void
test_238_hand_without_noble(void **state)
{
	(void)state;
	fresh();
	to_display(0, 238, 0);
	to_hand(0, 23);			/* D S G */
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	refused(0, "HAND ROW 1 PAY 1D 1S 1G");	/* one good more */
	assert_true(is_legal(0, "HAND ROW 1 PAY 2D 1S 1G"));
	ok(0, "HAND ROW 1 PAY 1D 1S 1P 1G");
	assert_int_equal(G.pl[0].display[1], card(23));
	assert_int_equal(G.pl[0].hand, -1);
	/* Without the card only the Noble plays the hand card. */
	fresh();
	to_hand(0, 23);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	refused(0, "HAND ROW 1 PAY 1D 1S 1P 1G");
	/* The card stands in for the Noble, not for the later round
	 * (rules-notes: "Hand cards wait a round"): a card kept this round
	 * waits, though it could be paid. */
	fresh();
	to_display(0, 238, 0);
	to_central(1, 23);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	G.targi_at[3] = 1;		/* bert still has to act */
	ok(0, "KEEP B1");
	assert_int_equal(G.pl[0].hand, card(23));
	assert_false(is_legal(0, "HAND ROW 1 PAY 1D 1S 1P 1G"));
	refused(0, "HAND ROW 1 PAY 1D 1S 1P 1G");
	ok(0, "TAKE 2");
	/* Nothing left to do: anna's actions are over, the card still held. */
	assert_int_equal(G.pl[0].hand, card(23));
	assert_int_equal(G.round, 1);
	assert_int_equal(G.turn, 1);
}

static void
test_239_merchant_one_for_one(void **state)
{
	(void)state;
	fresh();
	to_display(0, 239, 0);
	actions(0, (const int[]){ 5, 2, 0 }, (const int[]){ -1 });
	assert_true(is_legal(0, "TRADE 1D FOR 1S"));
	ok(0, "TRADE 1D FOR 1S");
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_S], 3);
	refused(0, "TRADE 1S FOR 1S");
}

static void
test_240_gold_on_card(void **state)
{
	int supply;

	(void)state;
	fresh();
	set_res(0, 3, 3, 3, 0, 4);
	to_hand(0, 21);
	to_display(0, 20, 4);
	supply = G.supply[TG_G];
	to_central(1, 240);
	G.pl[0].res[TG_G] = 1;		/* for 240's own gold cost */
	G.supply[TG_G]--;
	supply = G.supply[TG_G];
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.pl[0].card_gold, 1);
	assert_int_equal(G.supply[TG_G], supply - 1 + 1);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	/* The next gold cost uses the card's gold. */
	to_central(3, 26);		/* S D G */
	G.marker_at[3] = 0;
	ok(0, "BUY A2 ROW 1");
	assert_int_equal(G.pl[0].card_gold, 0);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	assert_int_equal(tg_check(&G, NULL), 0);
}

static void
test_241_once_choice(void **state)
{
	static const char *const c[] = { "CHOOSE 3S", "CHOOSE 1G", "CHOOSE 1VP" };

	(void)state;
	for (int i = 0; i < 3; i++) {
		fresh();
		set_res(0, 3, 3, 3, 1, 4);
		buy(0, 241, 0);
		assert_int_equal(G.sub, SUB_ONCE);
		refused(0, "CHOOSE 2G");
		refused(0, "CHOOSE 2D");
		ok(0, c[i]);
	}
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	fresh();
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 241, 0);
	ok(0, "CHOOSE 1D 1S 1P");
	assert_int_equal(tg_goods_total(&G.pl[0]), 9 - 4 + 3);
}

static void
test_242_goods_per_empty(void **state)
{
	(void)state;
	fresh();
	to_display(0, 20, 0);
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 242, 1);
	/* 2 cards shown, 10 empty spaces: 5 goods. */
	assert_int_equal(G.sub, SUB_ONCE);
	assert_int_equal(G.sub_n, 5);
	ok(0, "CHOOSE 5S");
	assert_int_equal(G.pl[0].res[TG_S], 3 - 1 + 5);
}

static void
test_243_move_two_cards(void **state)
{
	(void)state;
	fresh();
	to_display(0, 20, 0);
	to_display(0, 21, 1);
	to_display(0, 22, 4);
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 243, 0);			/* lands on 1-3 */
	assert_int_equal(G.sub, SUB_ONCE);
	refused(0, "SWAP 1-4 1-1");	/* empty place first */
	refused(0, "SWAP 1-1 3-2");	/* would leave gaps */
	ok(0, "SWAP 1-3 2-1");
	assert_int_equal(G.pl[0].display[4], card(243));
	assert_int_equal(G.pl[0].display[2], card(22));
	/* Moving a last card into an empty row is allowed. */
	fresh();
	to_display(0, 20, 0);
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 243, 0);
	ok(0, "SWAP 1-2 3-1");
	assert_int_equal(G.pl[0].display[8], card(243));
	assert_int_equal(G.pl[0].display[1], -1);
	/* Or left alone. */
	fresh();
	to_display(0, 20, 0);
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 243, 0);
	ok(0, "PASS");
	assert_int_equal(G.sub, SUB_NONE);
}

static void
test_244_opponent_fewer_targi(void **state)
{
	(void)state;
	fresh();
	set_res(0, 3, 3, 3, 1, 4);
	buy(0, 244, 0);
	ok(0, "END");
	/* Next round bert places 2 Targi, anna 3. */
	assert_int_equal(G.round, 2);
	assert_int_equal(G.pl[1].quota, 2);
	assert_int_equal(G.pl[0].quota, 3);
	assert_int_equal(G.turn, 1);
	ok(1, "PLACE 3");
	ok(0, "PLACE 5");
	ok(1, "PLACE 6");
	ok(0, "PLACE 7");
	ok(0, "PLACE 13");
	assert_int_equal(G.phase, PH_ACTIONS);
	/* Only the next round. */
	ok(1, "END");
	ok(0, "END");
	assert_int_equal(G.round, 3);
	assert_int_equal(G.pl[1].quota, 3);
}

static void
test_every_effect_card_is_in_the_data(void **state)
{
	int effects = 0, plain_cards = 0, sym[SYM_N] = { 0 };

	(void)state;
	fresh();
	assert_int_equal(G.ntribe, 45);
	assert_int_equal(G.ngoods, 19);
	for (int i = 0; i < G.ntribe; i++) {
		effects += G.tribe[i].effect != EF_NONE;
		plain_cards += G.tribe[i].effect == EF_NONE;
		sym[G.tribe[i].symbol]++;
	}
	assert_int_equal(effects, 30);
	assert_int_equal(plain_cards, 15);
	for (int s = 0; s < SYM_N; s++)
		assert_int_equal(sym[s], 9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_215_pairs_of_wells),
		cmocka_unit_test(test_216_pairs_of_tents),
		cmocka_unit_test(test_217_pairs_of_targias),
		cmocka_unit_test(test_218_pairs_of_oases),
		cmocka_unit_test(test_219_pairs_of_camel_riders),
		cmocka_unit_test(test_220_more_cards),
		cmocka_unit_test(test_221_ten_cards),
		cmocka_unit_test(test_222_diverse_rows),
		cmocka_unit_test(test_223_rightmost),
		cmocka_unit_test(test_224_camel_discount),
		cmocka_unit_test(test_225_well_discount),
		cmocka_unit_test(test_226_tent_discount),
		cmocka_unit_test(test_227_targia_discount),
		cmocka_unit_test(test_228_oasis_discount),
		cmocka_unit_test(test_discount_choice_listed),
		cmocka_unit_test(test_229_raid_immune),
		cmocka_unit_test(test_230_noble_discount),
		cmocka_unit_test(test_231_raid_bonus),
		cmocka_unit_test(test_232_robber_place),
		cmocka_unit_test(test_233_salt_bonus),
		cmocka_unit_test(test_233_bonus_when_played_after_the_goods),
		cmocka_unit_test(test_233_bonus_from_the_caravan),
		cmocka_unit_test(test_234_pepper_bonus),
		cmocka_unit_test(test_235_dates_bonus),
		cmocka_unit_test(test_236_no_goods_bonus),
		cmocka_unit_test(test_237_goods_per_display),
		cmocka_unit_test(test_238_hand_without_noble),
		cmocka_unit_test(test_239_merchant_one_for_one),
		cmocka_unit_test(test_240_gold_on_card),
		cmocka_unit_test(test_241_once_choice),
		cmocka_unit_test(test_242_goods_per_empty),
		cmocka_unit_test(test_243_move_two_cards),
		cmocka_unit_test(test_244_opponent_fewer_targi),
		cmocka_unit_test(test_every_effect_card_is_in_the_data),
	};

	if (load_data() != 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
