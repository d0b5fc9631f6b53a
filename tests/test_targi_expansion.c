/* The Targi expansion (rule text 002_*): one test per rule and per special
 * situation, from hand-set positions and from cards written for the test
 * (the printed expansion cards are not known). */
#include "test_targi_fixture.h"
#include "srcfile.h"

/* A deck file written for these tests: no water, so each module can be
 * tried alone; 9 cards of each symbol so that deck=file accepts it. */
static char deck[16384];

static void
build_deck(void)
{
	static const char *const sym[5] = {
		"oasis", "camel_rider", "well", "tent", "targia"
	};
	size_t len = 0;

	len += (size_t)snprintf(deck + len, sizeof deck - len,
	    "name: unit test deck\n"
	    "dunes:\n"
	    "  - {id: 1, action: gain, gives: 1G}\n"
	    "  - {id: 2, action: choose, n: 2}\n"
	    "  - {id: 3, action: convert, pay: 2D, gives: 2VP}\n"
	    "  - {id: 4, action: caravan}\n"
	    "  - {id: 5, action: expand}\n"
	    "  - {id: 6, action: gain, gives: 1VP}\n"
	    "tribe:\n"
	    "  - {id: 401, symbol: oasis, vp: 2, cost: D G, alt: 2S}\n"
	    "  - {id: 402, symbol: oasis, vp: 1, cost: D, extra: 2P, extra_vp: 3}\n"
	    "  - {id: 403, symbol: well, vp: 1, cost: S, effect: {kind: gain, gives: 1G 1VP}}\n"
	    "  - {id: 404, symbol: well, vp: 1, cost: S, effect: {kind: choose, n: 2, timing: token}}\n"
	    "  - {id: 405, symbol: tent, vp: 1, cost: P, effect: {kind: convert, pay: 2D, gives: 1G, timing: token}}\n"
	    "  - {id: 406, symbol: tent, vp: 1, cost: P, effect: {kind: dune_shared}}\n"
	    "  - {id: 407, symbol: targia, vp: 1, cost: D, effect: {kind: place_opposite}}\n"
	    "  - {id: 408, symbol: targia, vp: 1, cost: D, effect: {kind: gain, gives: 2D, timing: token}}\n"
	    "  - {id: 409, symbol: oasis, vp: 1, cost: D, effect: {kind: gain, gives: 1VP, timing: token}}\n");
	/* Fill up to 9 of each symbol with plain cards. */
	{
		int have[5] = { 3, 0, 2, 2, 2 }, id = 410;

		for (int s = 0; s < 5; s++)
			for (; have[s] < 9; have[s]++)
				len += (size_t)snprintf(deck + len, sizeof deck - len,
				    "  - {id: %d, symbol: %s, vp: 1, cost: D S}\n",
				    id++, sym[s]);
	}
}

static int
xsetup(const char *const *kv, int nkv, const char *file, const char *name,
    uint64_t seed, struct diag *d)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct optset o;

	memset(&G, 0, sizeof G);
	evsink_free(&EV);
	assert_int_equal(opt_resolve(targi_rules.options, &o, kv, nkv, d), 0);
	o.file = file;
	snprintf(o.file_name, sizeof o.file_name, "%s", name != NULL ? name : "");
	return tg_setup(&G, 2, names, &o, seed, &EV, d);
}

static void
xfresh(const char *const *kv, int nkv, const char *file)
{
	struct diag d;

	if (xsetup(kv, nkv, file, "deck.yaml", 1, &d) != 0)
		fail_msg("setup: %s", d.msg);
	assert_int_equal(tg_check(&G, &d), 0);
}

static void
expect_setup_error(const char *const *kv, int nkv, const char *file,
    const char *what, int line)
{
	struct diag d;

	diag_clear(&d);
	assert_int_equal(xsetup(kv, nkv, file, "deck.yaml", 1, &d), -1);
	if (strstr(d.msg, what) == NULL)
		fail_msg("expected \"%s\" in: %s", what, d.msg);
	if (line > 0) {
		char l[32];

		snprintf(l, sizeof l, "deck.yaml line %d:", line);
		if (strstr(d.msg, l) == NULL)
			fail_msg("expected \"%s\" in: %s", l, d.msg);
		assert_int_equal(d.line, line);
	}
}

static void
to_round(int r)
{
	while (G.round < r && G.phase != PH_OVER) {
		struct order o;
		struct diag d;
		int s = G.turn;

		assert_int_equal(tg_default_order(&G, s, &o), 0);
		assert_int_equal(tg_apply(&G, s, &o, &EV, &d), 0);
		assert_int_equal(tg_check(&G, &d), 0);
	}
}

static void
set_water(int seat, int n)
{
	tg_give(&G, seat, TG_W, n - G.pl[seat].res[TG_W]);
}

static int
tribe_count(int symbol)
{
	int n = 0;

	for (int i = 0; i < G.ntribe; i++)
		n += G.tribe[i].symbol == symbol;
	return n;
}

/* ---- the Targia ---- */

static void
test_targia_starts_on_15_and_walks_counter_clockwise(void **state)
{
	const char *kv[] = { "targia=yes" };
	size_t robber = 0, targia = 0;

	(void)state;
	xfresh(kv, 1, NULL);
	assert_int_equal(G.targia, 15);
	to_round(2);
	assert_int_equal(G.targia, 14);
	/* The robber moves first, then the Targia. */
	for (size_t i = 0; i < EV.n; i++) {
		if (strstr(evline_text(&EV.v[i]), "Round 2: the robber") != NULL)
			robber = i + 1;
		if (strstr(evline_text(&EV.v[i]), "Targia moves to 14") != NULL)
			targia = i + 1;
	}
	assert_true(robber > 0 && targia > robber);
	to_round(4);
	/* Stands on the raid corner 12 in round 4: the next card. */
	assert_int_equal(G.targia, 12);
	to_round(5);
	assert_int_equal(G.targia, 11);
}

static void
test_targia_skip_corners_option(void **state)
{
	const char *kv[] = { "targia=yes", "targia_corners=skip" };

	(void)state;
	xfresh(kv, 2, NULL);
	to_round(4);
	assert_int_equal(G.targia, 11);
}

/* Round 12 played out by END: the robber has passed raids 4, 8 and 12 and
 * stands on 15, the Targia on `at`; round 13 turns up the last raid. */
static void
to_round_13(int at)
{
	G.round = 12;
	G.robber = 15;
	G.raids = 3;
	G.targia = at;
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	evsink_free(&EV);	/* round 1 said "moves to 15" too */
	ok(0, "END");
	assert_int_equal(G.round, 13);
	assert_int_equal(G.robber, 16);
}

/* Past #1 she goes on to #16: "the next card" counter-clockwise. In a game
 * only skip gets her there (round 12 on #1, round 13 on #15, the last raid's
 * round); by default she is on #3 in round 13, so the wrap is walked by
 * hand too. */
static void
test_targia_wraps_from_1(void **state)
{
	const char *dflt[] = { "targia=yes" };
	const char *skip[] = { "targia=yes", "targia_corners=skip" };

	(void)state;
	xfresh(skip, 2, NULL);
	to_round_13(1);
	assert_int_equal(G.targia, 15);
	assert_true(last_event_has("The Targia moves to 15"));

	xfresh(dflt, 1, NULL);
	to_round_13(4);
	assert_int_equal(G.targia, 3);
	G.round = 14;
	G.targia = 1;
	tg_targia_move(&G, NULL);
	assert_int_equal(G.targia, 16);
	tg_targia_move(&G, NULL);
	assert_int_equal(G.targia, 15);
}

static void
test_targia_never_blocks(void **state)
{
	const char *kv[] = { "targia=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	assert_true(is_legal(0, "PLACE 15"));
	ok(0, "PLACE 15");
	assert_int_equal(G.pl[0].favour, 1);
	assert_int_equal(G.pl[1].favour, 0);
	ok(1, "PLACE 2");
	assert_int_equal(G.pl[1].favour, 0);
}

static void
test_favour_take_a_good(void **state)
{
	const char *kv[] = { "targia=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 15, 0 }, (const int[]){ -1 });
	G.pl[0].favour = 1;
	set_res(0, 0, 0, 0, 0, 4);
	assert_true(is_legal(0, "FAVOUR P"));
	ok(0, "FAVOUR P");
	assert_int_equal(G.pl[0].res[TG_P], 1);
	/* One favour only, in addition to the card's own action. */
	refused(0, "FAVOUR S");
	ok(0, "TAKE 15");
	assert_int_equal(G.pl[0].res[TG_S], 1);
}

static void
test_favour_needs_the_targia_card(void **state)
{
	const char *kv[] = { "targia=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	refused(0, "FAVOUR P");
	assert_false(is_legal(0, "FAVOUR P"));
}

static void
test_favour_pay_and_turn_up_until_taken(void **state)
{
	const char *kv[] = { "targia=yes" };
	int two_d = goods_card(2, 0, 0, 0, 0, 0), gold = goods_card(0, 0, 0, 1, 0, 0);

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 15, 0 }, (const int[]){ -1 });
	G.pl[0].favour = 1;
	set_res(0, 1, 1, 1, 0, 4);
	goods_on_top(two_d);
	goods_on_top(gold);
	ok(0, "FAVOUR PAY D");
	assert_int_equal(G.pl[0].res[TG_D], 0);
	assert_int_equal(G.sub, SUB_FAVOUR);
	assert_int_equal(G.sub_card, gold);
	/* Not taken: pay another good for the next card. */
	refused(0, "FAVOUR PAY D");
	ok(0, "FAVOUR PAY S");
	assert_int_equal(G.pl[0].res[TG_S], 0);
	assert_int_equal(G.sub_card, two_d);
	assert_int_equal(G.gdisc[G.ngdisc - 1], gold);
	assert_true(is_legal(0, "FAVOUR KEEP"));
	ok(0, "FAVOUR KEEP");
	assert_int_equal(G.pl[0].res[TG_D], 2);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	assert_int_equal(G.sub, SUB_NONE);
	assert_int_equal(G.pl[0].favour, 0);
}

/* The favour "is lost with END": gone as soon as the player ends his
 * actions, and never carried into the next round. */
static void
test_favour_lost_with_end(void **state)
{
	const char *kv[] = { "targia=yes" };
	struct tval *v;

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 15, 0 }, (const int[]){ -1 });
	G.targi_at[2] = 1;
	G.pl[0].favour = 1;
	ok(0, "TAKE 15");
	ok(0, "END");
	assert_int_equal(G.turn, 1);
	assert_int_equal(G.pl[0].favour, 0);
	v = tval_map();
	tg_view(&G, 1, v);
	assert_null(tval_get(tval_get(v, "players")->items[0], "favour"));
	tval_free(v);
	ok(1, "END");
	assert_int_equal(G.round, 2);
	assert_int_equal(G.pl[0].favour, 0);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	assert_false(is_legal(0, "FAVOUR P"));
	refused(0, "FAVOUR P");
}

static void
test_favour_choice_card_names_one_good(void **state)
{
	const char *kv[] = { "targia=yes" };
	int choice = goods_card(0, 0, 0, 0, 0, 1);

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 15, 0 }, (const int[]){ -1 });
	G.pl[0].favour = 1;
	set_res(0, 1, 0, 0, 0, 4);
	goods_on_top(choice);
	ok(0, "FAVOUR PAY D");
	refused(0, "FAVOUR KEEP");
	ok(0, "FAVOUR KEEP S");
	assert_int_equal(G.pl[0].res[TG_S], 1);
}

/* ---- water ---- */

static void
test_water_start_and_supply(void **state)
{
	const char *kv[] = { "water=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	assert_int_equal(G.pl[0].res[TG_W], 2);
	assert_int_equal(G.pl[1].res[TG_W], 2);
	assert_int_equal(G.supply[TG_W], TG_TOTAL_WATER - 4);
	/* Water is counted: a token out of nowhere is found. */
	G.pl[0].res[TG_W]++;
	assert_int_equal(tg_check(&G, NULL), -1);
}

static void
test_water_exchange_at_any_time(void **state)
{
	const char *kv[] = { "water=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	set_res(0, 0, 0, 0, 0, 4);
	set_water(0, 5);
	/* During placement, which leaves placement open. */
	assert_true(is_legal(0, "EXCHANGE 3W FOR 1G"));
	ok(0, "EXCHANGE 3W FOR 1G");
	assert_int_equal(G.pl[0].res[TG_G], 1);
	assert_int_equal(G.pl[0].res[TG_W], 2);
	ok(0, "EXCHANGE 2W FOR 1P");
	assert_int_equal(G.pl[0].res[TG_P], 1);
	assert_int_equal(G.phase, PH_PLACE);
	assert_int_equal(G.turn, 0);
	refused(0, "EXCHANGE 2W FOR 1D");
	refused(0, "EXCHANGE 2W FOR 1G");
	/* Not the player's turn: not now. */
	set_water(1, 4);
	refused(1, "EXCHANGE 2W FOR 1D");
	/* Never the deadline's choice. */
	{
		struct order o;

		assert_int_equal(tg_default_order(&G, 0, &o), 0);
		assert_int_equal(o.kind, K_PLACE);
	}
}

static void
test_water_exchange_needs_the_module(void **state)
{
	(void)state;
	fresh();
	refused(0, "EXCHANGE 2W FOR 1D");
	assert_false(is_legal(0, "EXCHANGE 2W FOR 1D"));
}

static void
test_water_limit_at_the_end_of_a_turn(void **state)
{
	const char *kv[] = { "water=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 2, 3, 0 }, (const int[]){ -1 });
	set_water(0, 13);
	ok(0, "TAKE 2");
	assert_int_equal(G.pl[0].res[TG_W], 13);
	ok(0, "END");
	assert_int_equal(G.pl[0].res[TG_W], 10);
	assert_true(last_event_has("pours away 3 water"));
}

static void
test_water_scores_one_vp_per_two(void **state)
{
	const char *kv[] = { "water=yes" };
	struct tg_score sc;

	(void)state;
	xfresh(kv, 1, NULL);
	set_water(0, 7);
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.water, 3);
	assert_int_equal(sc.total, 4 + 3);
	/* Without the module water scores nothing (there is none). */
	fresh();
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.water, 0);
}

/* The estimate's parts add up to its total: the water figure is shown
 * (issue 29). */
static void
test_water_in_the_score_estimate(void **state)
{
	const char *kv[] = { "water=yes" };
	struct tval *v = tval_map();
	const struct tval *pl, *est;

	(void)state;
	xfresh(kv, 1, NULL);
	set_res(0, 0, 0, 0, 0, 4);
	set_water(0, 5);
	tg_view(&G, 0, v);
	pl = tval_get(v, "players");
	assert_non_null(pl);
	est = tval_get(pl->items[0], "estimate");
	assert_non_null(est);
	assert_string_equal(en(est->str), "anna would score 6 now (4 VP tokens, "
	    "0 on cards, 0 from card bonuses, 0 from rows, 2 from water)");
	tval_free(v);
}

/* 002: "Water, like gold, is not a good", and a tie goes to "the most
 * gold", then "the most Goods": water counts 1 VP for every 2 and nothing
 * in the tie-break. */
static void
test_water_is_no_good_in_the_tie_break(void **state)
{
	const char *kv[] = { "water=yes" };

	(void)state;
	xfresh(kv, 1, NULL);
	/* anna 5 VP and 3 goods; bert 4 VP, 2 goods and 3 water (1 VP, the
	 * odd one scores nothing): 5 each, 1 gold each. */
	set_res(0, 1, 1, 1, 1, 5);
	set_water(0, 0);
	set_res(1, 1, 1, 0, 1, 4);
	set_water(1, 3);
	tg_finish_game(&G, &EV);
	assert_int_equal(G.score[0], 5);
	assert_int_equal(G.score[1], 5);
	assert_int_equal(G.winner, 0);
	assert_non_null(strstr(en(G.result), "more goods"));
}

static void
test_water_as_alternative_cost(void **state)
{
	const char *kv[] = { "water=yes", "costs=yes", "deck=file" };
	const char *w = "tribe:\n"
	    "  - {id: 501, symbol: oasis, vp: 2, cost: D G, alt: 3W}\n";
	char file[16384];

	(void)state;
	snprintf(file, sizeof file, "%s", deck);
	/* The unit deck with its first card swapped for a water one. */
	{
		char *p = strstr(file, "  - {id: 401,");
		char *e = strchr(p, '\n') + 1;
		char rest[16384];

		snprintf(rest, sizeof rest, "%s", e);
		snprintf(p, sizeof file - (size_t)(p - file), "%s%s", w + 7, rest);
	}
	xfresh(kv, 3, file);
	to_central(1, 501);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 0, 0, 0, 0, 4);
	set_water(0, 3);
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 3W"));
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.pl[0].res[TG_W], 0);
	assert_int_equal(G.pl[0].display[0], card(501));
}

/* ---- alternative and optional costs ---- */

static void
test_slash_cost_either_side(void **state)
{
	const char *kv[] = { "costs=yes", "deck=file" };

	(void)state;
	xfresh(kv, 2, deck);
	to_central(1, 401);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 1, 2, 0, 1, 4);
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1D 1G"));
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 2S"));
	refused(0, "BUY B1 ROW 1");
	refused(0, "BUY B1 ROW 1 PAY 1D 1S");
	ok(0, "BUY B1 ROW 1 PAY 2S");
	assert_int_equal(G.pl[0].res[TG_S], 0);
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_G], 1);
}

static void
test_bracket_cost_is_optional_and_pays_vp_once(void **state)
{
	const char *kv[] = { "costs=yes", "deck=file" };
	struct tg_score sc;

	(void)state;
	xfresh(kv, 2, deck);
	to_central(1, 402);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 1, 0, 2, 0, 4);
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1D"));
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1D EXTRA"));
	ok(0, "BUY B1 ROW 1 EXTRA");
	assert_int_equal(G.pl[0].res[TG_P], 0);
	assert_int_equal(G.pl[0].res[TG_VP], 4 + 3);
	tg_score(&G, 0, &sc);
	/* The card counts 1 VP; the bracket's 3 are the tokens, not again. */
	assert_int_equal(sc.cards, 1);
	assert_int_equal(sc.tokens, 7);
	/* Without the goods for the bracket, EXTRA is refused. */
	xfresh(kv, 2, deck);
	to_central(1, 402);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 1, 0, 1, 0, 4);
	assert_false(is_legal(0, "BUY B1 ROW 1 PAY 1D EXTRA"));
	refused(0, "BUY B1 ROW 1 EXTRA");
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.pl[0].res[TG_VP], 4);
}

static void
test_costs_module_needed_for_such_cards(void **state)
{
	const char *kv[] = { "deck=file" };

	(void)state;
	/* Line 10: card 401, the first with a "/" cost. */
	expect_setup_error(kv, 1, deck, "costs=yes", 10);
}

/* ---- sand dunes ---- */

static void
test_dunes_three_face_up_at_setup(void **state)
{
	const char *kv[] = { "dunes=yes" };

	(void)state;
	xfresh(kv, 1, deck);
	for (int i = 0; i < TG_DUNES; i++)
		assert_true(G.dune_up[i] >= 0);
	assert_int_equal(G.nddeck, 6 - 3);
	assert_true(is_legal(0, "PLACE DUNE 1"));
}

static void
test_dune_makes_no_crossing(void **state)
{
	const char *kv[] = { "dunes=yes" };
	int markers = 0;

	(void)state;
	xfresh(kv, 1, deck);
	ok(0, "PLACE 2");
	ok(1, "PLACE 3");
	ok(0, "PLACE 5");
	ok(1, "PLACE 6");
	ok(0, "PLACE DUNE 2");
	ok(1, "PLACE 7");
	assert_int_equal(G.phase, PH_ACTIONS);
	for (int i = 0; i < TG_NCENTRAL; i++)
		markers += G.marker_at[i] == 0;
	/* 2 and 5 cross once; the dune gives none: one marker fewer. */
	assert_int_equal(markers, 1);
	assert_int_equal(G.pl[0].dune_at[1], 1);
	assert_true(is_legal(0, "PASS DUNE 2"));
}

static void
test_dune_holds_one_targi(void **state)
{
	const char *kv[] = { "dunes=yes" };

	(void)state;
	xfresh(kv, 1, deck);
	ok(0, "PLACE DUNE 1");
	assert_false(is_legal(1, "PLACE DUNE 1"));
	refused(1, "PLACE DUNE 1");
	ok(1, "PLACE DUNE 2");
	/* A player may take another dune later. */
	assert_true(is_legal(0, "PLACE DUNE 3"));
	refused(0, "PLACE DUNE 1");
}

static int
dune_with(int id)
{
	for (int i = 0; i < G.ndune; i++)
		if (G.dune[i].id == id)
			return i;
	fail_msg("no dune %d", id);
	return -1;
}

/* Puts dune id face up at place i, and a Targi of seat on it. */
static void
dune_at(int i, int id, int seat)
{
	int c = dune_with(id);

	for (int k = 0; k < G.nddeck; k++)
		if (G.ddeck[k] == c) {
			G.ddeck[k] = G.dune_up[i];
			G.dune_up[i] = c;
			break;
		}
	for (int k = 0; k < TG_DUNES; k++)
		if (k != i && G.dune_up[k] == c) {
			G.dune_up[k] = G.dune_up[i];
			G.dune_up[i] = c;
		}
	assert_int_equal(G.dune_up[i], c);
	if (seat >= 0)
		G.pl[seat].dune_at[i] = 1;
}

static void
test_dune_used_once_then_discarded(void **state)
{
	const char *kv[] = { "dunes=yes" };

	(void)state;
	xfresh(kv, 1, deck);
	actions(0, (const int[]){ 0 }, (const int[]){ -1 });
	dune_at(0, 1, 0);
	dune_at(1, 2, 0);
	set_res(0, 0, 0, 0, 0, 4);
	ok(0, "DUNE 1");
	assert_int_equal(G.pl[0].res[TG_G], 1);
	assert_int_equal(G.dune_up[0], -1);
	assert_int_equal(G.ddisc[G.nddisc - 1], dune_with(1));
	refused(0, "DUNE 1");
	/* A choice dune names the goods. */
	refused(0, "DUNE 2 1D");
	ok(0, "DUNE 2 1D 1P");
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_P], 1);
}

static void
test_declined_dune_is_discarded_too(void **state)
{
	const char *kv[] = { "dunes=yes" };

	(void)state;
	xfresh(kv, 1, deck);
	actions(0, (const int[]){ 0 }, (const int[]){ -1 });
	dune_at(0, 3, 0);
	set_res(0, 1, 0, 0, 0, 4);
	/* Convert dune: cannot pay 2D, may only decline. */
	assert_false(is_legal(0, "DUNE 1"));
	refused(0, "DUNE 1");
	ok(0, "PASS DUNE 1");
	assert_int_equal(G.dune_up[0], -1);
	assert_int_equal(G.ddisc[G.nddisc - 1], dune_with(3));
}

static void
test_one_dune_turned_up_when_none_shows(void **state)
{
	const char *kv[] = { "dunes=yes" };
	int showing = 0;

	(void)state;
	xfresh(kv, 1, deck);
	for (int i = 0; i < TG_DUNES; i++) {
		if (G.dune_up[i] >= 0)
			G.ddisc[G.nddisc++] = G.dune_up[i];
		G.dune_up[i] = -1;
	}
	to_round(2);
	for (int i = 0; i < TG_DUNES; i++)
		showing += G.dune_up[i] >= 0;
	assert_int_equal(showing, 1);
	/* Showing dunes stay from round to round. */
	to_round(3);
	showing = 0;
	for (int i = 0; i < TG_DUNES; i++)
		showing += G.dune_up[i] >= 0;
	assert_int_equal(showing, 1);
}

static void
test_raid_renews_the_dunes(void **state)
{
	const char *kv[] = { "dunes=yes" };
	int before[TG_DUNES], same = 0;

	(void)state;
	xfresh(kv, 1, deck);
	to_round(3);
	memcpy(before, G.dune_up, sizeof before);
	to_round(4);	/* the robber reaches raid 1 */
	assert_int_equal(G.raids, 1);
	while (G.phase == PH_RAID) {
		struct order o;
		struct diag d;
		int s = G.turn;

		assert_int_equal(tg_default_order(&G, s, &o), 0);
		assert_int_equal(tg_apply(&G, s, &o, &EV, &d), 0);
	}
	for (int i = 0; i < TG_DUNES; i++) {
		assert_true(G.dune_up[i] >= 0);
		same += G.dune_up[i] == before[i];
	}
	/* Six dunes: the three old ones went to the discards first. */
	assert_int_equal(same, 0);
	for (int i = 0; i < TG_DUNES; i++) {
		int found = 0;

		for (int k = 0; k < G.nddisc; k++)
			found |= G.ddisc[k] == before[i];
		if (!found)
			fail_msg("the old sand dune %d is not in the discards",
			    G.dune[before[i]].id);
	}
	assert_int_equal(tg_check(&G, NULL), 0);
	assert_true(last_event_has("sand dunes are renewed"));
}

/* 002, Note: "If there are no sand dune cards in play before a raid,
 * there is no need to place a single one, because 3 new ones will be
 * placed anyway." A raid round turns up only the three after the raid. */
static void
test_no_dune_turned_up_before_a_raid(void **state)
{
	const char *kv[] = { "dunes=yes" };
	int ndisc, turned = 0;
	size_t from;

	(void)state;
	xfresh(kv, 1, deck);
	to_round(3);
	for (int i = 0; i < TG_DUNES; i++) {
		if (G.dune_up[i] >= 0)
			G.ddisc[G.nddisc++] = G.dune_up[i];
		G.dune_up[i] = -1;
	}
	ndisc = G.nddisc;
	from = EV.n;
	to_round(4);	/* the robber reaches raid 1 */
	assert_int_equal(G.raids, 1);
	while (G.phase == PH_RAID) {
		struct order o;
		struct diag d;
		int s = G.turn;

		assert_int_equal(tg_default_order(&G, s, &o), 0);
		assert_int_equal(tg_apply(&G, s, &o, &EV, &d), 0);
	}
	assert_true(last_event_has("sand dunes are renewed"));
	for (size_t i = from; i < EV.n; i++)
		turned += strstr(evline_text(&EV.v[i]), " turns up: ") != NULL &&
		    strstr(evline_text(&EV.v[i]), "Sand dune") != NULL;
	assert_int_equal(turned, 3);
	/* Nothing showed, so nothing went to the discards. */
	assert_int_equal(G.nddisc, ndisc);
	for (int i = 0; i < TG_DUNES; i++)
		assert_true(G.dune_up[i] >= 0);
	assert_int_equal(tg_check(&G, NULL), 0);
}

static void
test_second_targi_on_a_dune_start_player_uses_it(void **state)
{
	const char *kv[] = { "dunes=yes", "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 3, deck);
	to_display(1, 406, 0);
	ok(0, "PLACE DUNE 1");
	assert_true(is_legal(1, "PLACE DUNE 1"));
	ok(1, "PLACE DUNE 1");
	assert_false(is_legal(0, "PLACE DUNE 1"));
	/* Fix what the dune does, then act. */
	actions(0, (const int[]){ 0 }, (const int[]){ -1 });
	dune_at(0, 6, 0);
	G.pl[1].dune_at[0] = 1;
	set_res(0, 0, 0, 0, 0, 4);
	set_res(1, 0, 0, 0, 0, 4);
	ok(0, "DUNE 1");
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	/* Not discarded while the second Targi stands on it. */
	assert_true(G.dune_up[0] >= 0);
	assert_int_equal(G.turn, 1);
	refused(1, "DUNE 1");
	assert_false(is_legal(1, "DUNE 1"));
	ok(1, "PASS DUNE 1");
	assert_int_equal(G.pl[1].res[TG_VP], 4);
	assert_int_equal(G.dune_up[0], -1);
}

static void
test_second_targi_on_a_dune_when_the_first_declines(void **state)
{
	const char *kv[] = { "dunes=yes", "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 3, deck);
	to_display(1, 406, 0);
	actions(0, (const int[]){ 0 }, (const int[]){ -1 });
	dune_at(0, 6, 0);
	G.pl[1].dune_at[0] = 1;
	G.pl[0].placed = G.pl[1].placed = 1;
	set_res(1, 0, 0, 0, 0, 4);
	ok(0, "PASS DUNE 1");
	assert_true(G.dune_up[0] >= 0);
	assert_int_equal(G.turn, 1);
	ok(1, "DUNE 1");
	assert_int_equal(G.pl[1].res[TG_VP], 5);
	assert_int_equal(G.dune_up[0], -1);
}

static void
test_both_markers_on_one_central_card(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };
	int pos;

	(void)state;
	xfresh(kv, 2, deck);
	to_display(1, 407, 0);
	/* anna: 3 (column C) and 15 (row 1) cross on C1; bert, allowed to
	 * stand opposite her, 9 (column C) and 5 (row 1): C1 too. */
	ok(0, "PLACE 3");
	assert_true(is_legal(1, "PLACE 9"));
	ok(1, "PLACE 9");
	ok(0, "PLACE 15");
	ok(1, "PLACE 5");
	ok(0, "PLACE 2");
	ok(1, "PLACE 10");
	pos = 2;
	assert_int_equal(G.marker_at[pos], 0);
	assert_int_equal(G.marker_also[pos], 1);
	assert_true(last_event_has("uses it first"));
	/* The start player uses it: the second player gets nothing. */
	goods_to_central(pos, goods_card(0, 0, 0, 1, 0, 0));
	set_res(0, 0, 0, 0, 0, 4);
	assert_false(is_legal(1, "TAKE C1"));
	ok(0, "TAKE C1");
	assert_int_equal(G.pl[0].res[TG_G], 1);
	assert_int_equal(G.marker_at[pos], -1);
	assert_int_equal(G.marker_also[pos], -1);
}

static void
test_both_markers_first_declines(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 2, deck);
	to_display(1, 407, 0);
	ok(0, "PLACE 3");
	ok(1, "PLACE 9");
	ok(0, "PLACE 15");
	ok(1, "PLACE 5");
	ok(0, "PLACE 2");
	ok(1, "PLACE 10");
	ok(0, "PASS C1");
	assert_int_equal(G.marker_at[2], 1);
	assert_int_equal(G.marker_also[2], -1);
	ok(0, "END");
	assert_int_equal(G.turn, 1);
	assert_true(is_legal(1, "PASS C1"));
}

/* ---- tribe card timing ---- */

static void
test_once_when_played(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 2, deck);
	to_central(1, 403);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 0, 1, 0, 0, 4);
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.pl[0].res[TG_G], 1);
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	assert_int_equal(G.pl[0].tokens[0], 0);
}

static void
test_action_token_used_later(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 2, deck);
	to_central(1, 404);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 0, 1, 0, 0, 4);
	ok(0, "BUY B1 ROW 1");
	/* The token lies on the card; nothing came yet. */
	assert_int_equal(G.pl[0].tokens[0], 1);
	assert_int_equal(G.token_supply, TG_TOTAL_TOKENS - 1);
	assert_int_equal(tg_goods_total(&G.pl[0]), 0);
	/* Next round, during placement: any time of the owner's choosing. */
	assert_int_equal(G.phase, PH_PLACE);
	to_round(2);
	if (G.turn != 0)
		ok(1, "PLACE 3");
	refused(0, "USE 404 1D");
	assert_true(is_legal(0, "USE 404 2D"));
	ok(0, "USE 404 1D 1P");
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_P], 1);
	assert_int_equal(G.pl[0].tokens[0], 0);
	assert_int_equal(G.token_supply, TG_TOTAL_TOKENS);
	refused(0, "USE 404 1D 1P");
	assert_int_equal(G.phase, PH_PLACE);
}

/* 002 line 104: the token's ability "once, immediately or at any time
 * during a future turn": right after the card is played, while the player
 * still has an action left, it may be used. */
static void
test_action_token_used_at_once(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 2, deck);
	to_central(1, 404);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	set_res(0, 0, 1, 0, 0, 4);
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.phase, PH_ACTIONS);
	assert_int_equal(G.turn, 0);
	assert_int_equal(G.pl[0].tokens[0], 1);
	assert_true(is_legal(0, "USE 404 2D"));
	ok(0, "USE 404 1D 1S");
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_S], 1);
	assert_int_equal(G.pl[0].tokens[0], 0);
	assert_int_equal(G.token_supply, TG_TOTAL_TOKENS);
	refused(0, "USE 404 2D");
}

/* 002 line 104: "immediately or at any time during a future turn". A token
 * card bought as the last action of the game's last round (a 12th card, or
 * the round before the last raid) has no future turn: its owner is waited
 * for until he uses it or ENDs, and the deadline's answer is END. */
static void
last_round_buy(int twelfth)
{
	const char *kv[] = { "deck=file", "costs=yes" };
	struct order o;
	struct pending pd;

	xfresh(kv, 2, deck);
	if (twelfth)
		G.end_after_round = 1;
	else {
		G.round = 12;
		G.robber = 15;
		G.raids = 3;
	}
	to_central(1, 409);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	set_res(0, 1, 0, 0, 0, 4);
	ok(0, "BUY B1 ROW 1");
	assert_int_equal(G.phase, PH_ACTIONS);
	assert_int_equal(G.turn, 0);
	assert_int_equal(G.pl[0].tokens[0], 1);
	assert_true(is_legal(0, "USE 409"));
	assert_true(is_legal(0, "END"));
	assert_int_equal(tg_default_order(&G, 0, &o), 0);
	assert_int_equal(o.kind, K_END);
	tg_waiting_for(&G, &pd);
	assert_true(pd.seats & VIS_SEAT(0));
	assert_non_null(strstr(pd.own[0], "action token"));
	refused(0, "PASS B1");
}

static void
test_action_token_last_round_used(void **state)
{
	(void)state;
	last_round_buy(1);
	ok(0, "USE 409");
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	assert_int_equal(G.pl[0].tokens[0], 0);
	/* Nothing left to wait for: bert has no cards, the game ends. */
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.score[0], 5 + 1);

	last_round_buy(0);
	ok(0, "USE 409");
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	assert_int_equal(G.round, 13);
}

static void
test_action_token_last_round_ended(void **state)
{
	(void)state;
	last_round_buy(1);
	ok(0, "END");
	assert_int_equal(G.pl[0].tokens[0], 1);
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.score[0], 4 + 1);

	last_round_buy(0);
	ok(0, "END");
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_int_equal(G.round, 13);
}

static void
test_action_token_convert(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };

	(void)state;
	xfresh(kv, 2, deck);
	to_display(0, 405, 0);
	G.pl[0].tokens[0] = 1;
	G.token_supply--;
	set_res(0, 1, 0, 0, 0, 4);
	assert_false(is_legal(0, "USE 405"));
	refused(0, "USE 405");
	set_res(0, 2, 0, 0, 0, 4);
	ok(0, "USE 405");
	assert_int_equal(G.pl[0].res[TG_D], 0);
	assert_int_equal(G.pl[0].res[TG_G], 1);
}

static void
test_end_of_game_effect(void **state)
{
	const char *kv[] = { "water=yes", "deck=file" };
	const char *file = "tribe:\n"
	    "  - {id: 601, symbol: oasis, vp: 1, cost: D, effect: {kind: end_water, per: 3, vp: 2}}\n";
	char all[16384];
	struct tg_score sc;

	(void)state;
	/* The unit deck's oasis 401 swapped for 601. */
	snprintf(all, sizeof all, "%s", deck);
	{
		char *p = strstr(all, "  - {id: 401,"), *e = strchr(p, '\n') + 1;
		char rest[16384];

		snprintf(rest, sizeof rest, "%s", e);
		snprintf(p, sizeof all - (size_t)(p - all), "%s%s", file + 7, rest);
	}
	{
		const char *kv2[] = { "water=yes", "deck=file", "costs=yes" };

		(void)kv;
		xfresh(kv2, 3, all);
	}
	to_display(0, 601, 0);
	set_water(0, 7);
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.bonus, 4);
	assert_int_equal(sc.water, 3);
}

/* ---- setup and end ---- */

static void
test_expansion_setup(void **state)
{
	const char *kv[] = { "setup=expansion", "water=yes" };
	int goods = 0, tribe = 0;

	(void)state;
	xfresh(kv, 2, NULL);
	for (int i = 0; i < TG_NCENTRAL; i++) {
		goods += G.cen_type[i] == CEN_GOODS;
		tribe += G.cen_type[i] == CEN_TRIBE;
		/* Alternating: tribe cards in the corners and the middle. */
		assert_int_equal(G.cen_type[i], i % 2 == 0 ? CEN_TRIBE : CEN_GOODS);
	}
	assert_int_equal(goods, 4);
	assert_int_equal(tribe, 5);
	for (int s = 0; s < 2; s++) {
		assert_int_equal(G.pl[s].res[TG_D], 1);
		assert_int_equal(G.pl[s].res[TG_S], 1);
		assert_int_equal(G.pl[s].res[TG_P], 1);
		assert_int_equal(G.pl[s].res[TG_G], 1);
		assert_int_equal(G.pl[s].res[TG_W], 2);
		assert_int_equal(G.pl[s].res[TG_VP], 4);
	}
}

/* The id of the tribe card a view shows face up on the deck, or -1. */
static int
shown_top(int viewer)
{
	struct tval *v = tval_map();
	const struct tval *t, *id;
	int r = -1;

	tg_view(&G, viewer, v);
	if ((t = tval_get(v, "tribe_top")) != NULL && (id = tval_get(t, "id")) != NULL)
		r = (int)id->num;
	tval_free(v);
	return r;
}

/* 002, setup: "The remaining Tribe cards are placed next to the #14 Border
 * card (Tribal Expansion), the top card is revealed." Every reader sees the
 * top card, and the next one once it is drawn; tribe_top=hidden and the
 * base setup keep it hidden. */
static void
test_expansion_tribe_top_revealed(void **state)
{
	const char *kv[] = { "setup=expansion" };
	const char *hidden[] = { "setup=expansion", "tribe_top=hidden" };
	int top;

	(void)state;
	xfresh(kv, 1, NULL);
	top = G.tribe[G.tdeck[G.ntdeck - 1]].id;
	for (int v = -1; v < 2; v++)
		assert_int_equal(shown_top(v), top);
	actions(0, (const int[]){ 14, 0 }, (const int[]){ -1 });
	ok(0, "EXPAND");
	assert_true(last_event_has("face up on the deck"));
	assert_int_equal(G.tribe[G.sub_card].id, top);
	assert_int_equal(shown_top(1), G.tribe[G.tdeck[G.ntdeck - 1]].id);
	xfresh(hidden, 2, NULL);
	assert_int_equal(shown_top(1), -1);
	xfresh(NULL, 0, NULL);
	assert_int_equal(shown_top(1), -1);
}

static void
test_twelfth_card_ends_after_the_other_player(void **state)
{
	const char *kv[] = { "setup=expansion" };

	(void)state;
	xfresh(kv, 1, NULL);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	G.targi_at[6] = 1;
	G.end_after_round = 1;
	ok(0, "END");
	/* The second player still finishes his turn. */
	assert_int_equal(G.phase, PH_ACTIONS);
	assert_int_equal(G.turn, 1);
	ok(1, "END");
	assert_int_equal(G.phase, PH_OVER);
}

static void
to_last_raid(void)
{
	while (G.round < 13) {
		struct order o;
		struct diag d;
		int s = G.turn;

		assert_int_equal(tg_default_order(&G, s, &o), 0);
		assert_int_equal(tg_apply(&G, s, &o, &EV, &d), 0);
	}
}

static void
test_last_raid_gold_or_a_rows_last_card(void **state)
{
	const char *kv[] = { "last_raid=card" };

	(void)state;
	/* Nothing to give: nothing is taken, and no VP go instead. */
	xfresh(kv, 1, NULL);
	to_round(12);
	set_res(0, 0, 0, 0, 0, 4);
	set_res(1, 0, 0, 0, 0, 4);
	to_last_raid();
	assert_int_equal(G.phase, PH_OVER);
	assert_true(last_event_has("neither gold nor a display card"));
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_int_equal(G.pl[1].res[TG_VP], 4);

	/* Gold and cards: a choice (the start player of round 13 pays at once:
	 * gold only). */
	xfresh(kv, 1, NULL);
	to_round(12);
	to_display(G.start, 20, 0);
	to_display(G.start, 21, 1);
	to_display(G.start, 22, 4);
	set_res(G.start, 0, 0, 0, 1, 4);
	{
		int s = G.start;

		to_last_raid();
		assert_int_equal(G.start, 1 - s);
		assert_int_equal(G.turn, s);
	}
	assert_int_equal(G.phase, PH_RAID);
	assert_true(is_legal(G.turn, "GIVE 1G"));
	assert_true(is_legal(G.turn, "REMOVE ROW 1"));
	assert_true(is_legal(G.turn, "REMOVE ROW 2"));
	assert_false(is_legal(G.turn, "REMOVE ROW 3"));
	assert_false(is_legal(G.turn, "GIVE VP"));
	{
		int s = G.turn;

		ok(s, "REMOVE ROW 1");
		/* The rightmost card of row 1 went, the gold stays. */
		assert_int_equal(G.pl[s].display[1], -1);
		assert_int_equal(G.pl[s].display[0], card(20));
		assert_int_equal(G.pl[s].res[TG_G], 1);
		assert_int_equal(G.tdisc[G.ntdisc - 1], card(21));
	}
}

/* doc/rules-notes.md, Expansion, Game end: with last_raid=card "Card 231
 * still pays 1 VP after it, card 229 still saves the player." */
static void
test_last_raid_card_keeps_229_and_231(void **state)
{
	const char *kv[] = { "last_raid=card" };

	(void)state;
	xfresh(kv, 1, NULL);
	to_round(12);
	to_display(0, 231, 0);
	to_display(1, 229, 0);
	set_res(0, 0, 0, 0, 1, 4);
	set_res(1, 0, 0, 0, 1, 4);
	to_last_raid();
	/* Whoever moves first, bert pays nothing (229) and anna chooses. */
	if (G.phase == PH_RAID && G.turn == 1)
		fail_msg("bert is asked to pay the last raid despite card 229");
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.turn, 0);
	assert_true(is_legal(0, "GIVE 1G"));
	ok(0, "GIVE 1G");
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	assert_int_equal(G.pl[1].res[TG_G], 1);
	assert_int_equal(G.pl[1].display[0], card(229));
	assert_true(last_event_has("pays nothing (tribe card 229)"));
}

/* ---- the deck ---- */

static void
test_mixed_deck_from_the_printed_cards(void **state)
{
	const char *kv[] = { "deck=mixed" };

	(void)state;
	xfresh(kv, 1, NULL);
	assert_int_equal(G.ntribe, 45);
	for (int s = 0; s < SYM_N; s++)
		assert_int_equal(tribe_count(s), 9);
}

static void
test_mixed_deck_with_the_files_cards(void **state)
{
	const char *kv[] = { "deck=mixed", "costs=yes" };
	int from_file = 0, ids[45];

	(void)state;
	xfresh(kv, 2, deck);
	assert_int_equal(G.ntribe, 45);
	for (int s = 0; s < SYM_N; s++)
		assert_int_equal(tribe_count(s), 9);
	for (int i = 0; i < G.ntribe; i++) {
		from_file += G.tribe[i].expansion;
		ids[i] = G.tribe[i].id;
	}
	/* 90 cards, 45 drawn: some of each kind, about half. */
	assert_true(from_file > 5 && from_file < 40);
	/* The same seed draws the same deck (replay). */
	xfresh(kv, 2, deck);
	for (int i = 0; i < G.ntribe; i++)
		assert_int_equal(G.tribe[i].id, ids[i]);
}

static void
test_listed_deck_needs_nine_of_each_symbol(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes" };
	char file[16384];

	(void)state;
	xfresh(kv, 2, deck);
	for (int s = 0; s < SYM_N; s++)
		assert_int_equal(tribe_count(s), 9);
	/* One oasis card fewer. */
	snprintf(file, sizeof file, "%s", deck);
	{
		char *p = strstr(file, "symbol: oasis, vp: 1, cost: D S}");

		memcpy(p, "symbol: tent, ", 14);
		memmove(p + 14, p + 15, strlen(p + 15) + 1);
	}
	expect_setup_error(kv, 2, file, "9 of each symbol; Oasis has 8", 9);
	/* {base: id} lists a printed card. */
	xfresh(kv, 2, deck);
}

static void
test_expansion_needs_a_deck_file(void **state)
{
	const char *all[] = { "expansion=yes" }, *dunes[] = { "dunes=yes" };
	const char *file[] = { "deck=file" };

	(void)state;
	expect_setup_error(all, 1, NULL, "doc/targi-deck.md", 0);
	expect_setup_error(dunes, 1, NULL, "doc/targi-deck.md", 0);
	expect_setup_error(file, 1, NULL, "deck file", 0);
}

static void
test_deck_file_errors_name_the_line(void **state)
{
	const char *kv[] = { "dunes=yes", "deck=file", "costs=yes" };

	(void)state;
	expect_setup_error(kv, 3, "name: x\ncolour: red\n", "unknown key", 2);
	expect_setup_error(kv, 3, "tribe:\n  - {id: 1, symbol: oasis, vp: 1, cost: 2X}\n",
	    "cost must list", 2);
	expect_setup_error(kv, 3, "tribe:\n  - {id: 1, symbol: oasis, vp: 1, cost: D}\n"
	    "  - {id: 2, symbol: blue, vp: 1, cost: D}\n", "symbol must be", 3);
	expect_setup_error(kv, 3, "tribe:\n\n  - {id: 1, symbol: oasis, vp: 1, cost: D,\n"
	    "     effect: {kind: fly}}\n", "unknown effect kind", 4);
	expect_setup_error(kv, 3, "tribe:\n  - {id: 1, symbol: oasis, vp: 1, cost: D}\n"
	    "  - {id: 1, symbol: oasis, vp: 1, cost: D}\n", "same id", 3);
	expect_setup_error(kv, 3, "dunes:\n  - {id: 1, action: gain, gives: 1G}\n"
	    "  - {id: 2, action: dance}\n", "unknown sand dune action", 3);
	expect_setup_error(kv, 3, "dunes:\n  - {id: 1, action: convert, gives: 1G}\n",
	    "convert needs pay", 2);
	expect_setup_error(kv, 3, "tribe: [\n  {id: 1\n", "deck.yaml line", 0);
	expect_setup_error(kv, 3, "tribe:\n  - {id: 1, symbol: oasis, vp: 1, cost: D, effect: {kind: gain, gives: 1W}}\n",
	    "water=yes", 2);
	expect_setup_error(kv, 3, "tribe:\n  - {id: 20, symbol: oasis, vp: 1, cost: D}\n",
	    "printed base game card", 2);
	expect_setup_error(kv, 3, "tribe:\n  - {base: 999}\n", "printed base game card", 2);
	{
		const char *dunes[] = { "dunes=yes" };

		expect_setup_error(dunes, 1, "dunes:\n  - {id: 1, action: gain, gives: 1G}\n",
		    "at least 3", 0);
	}
}

static void
test_deck_file_with_printed_cards_by_id(void **state)
{
	const char *kv[] = { "deck=file" };
	char file[16384];
	size_t len;

	(void)state;
	len = (size_t)snprintf(file, sizeof file, "tribe:\n");
	for (int id = 20; id <= 244; id++) {
		if (id > 29 && id < 210)
			continue;
		len += (size_t)snprintf(file + len, sizeof file - len,
		    "  - {base: %d}\n", id);
	}
	xfresh(kv, 1, file);
	assert_int_equal(G.ntribe, 45);
	assert_int_equal(G.origin, ORIGIN_FILE);
	assert_string_equal(G.deck_name, "deck.yaml");
}

/* Names from a game master's file are cut to fit the state, but never in the
 * middle of a UTF-8 character (that would put broken text into mail). */
static void
test_names_cut_at_characters(void **state)
{
	char out[10];

	(void)state;
	str_copy(out, sizeof out, "Fatal \xc3\x84\xc3\x84\xc3\x84");
	assert_string_equal(out, "Fatal \xc3\x84");
	str_copy(out, sizeof out, "Fata \xc3\x84\xc3\x84\xc3\x84");
	assert_string_equal(out, "Fata \xc3\x84\xc3\x84");
	str_copy(out, sizeof out, "short");
	assert_string_equal(out, "short");
	str_copy(out, sizeof out, "123456789012");
	assert_string_equal(out, "123456789");
}

static void
test_origin_of_the_cards(void **state)
{
	const char *kv[] = { "dunes=yes" };
	struct tval *root;

	(void)state;
	xfresh(kv, 1, deck);
	assert_int_equal(G.origin, ORIGIN_FILE);
	root = tval_map();
	tg_view(&G, 0, root);
	assert_string_equal(en(tval_get(root, "deck_origin")->str),
	    "the game master's file deck.yaml");
	tval_free(root);
	/* The plain base game says it too. */
	fresh();
	root = tval_map();
	tg_view(&G, 0, root);
	assert_string_equal(en(tval_get(root, "deck_origin")->str), "the printed cards");
	tval_free(root);
	/* A module without a file: the printed cards. */
	{
		const char *w[] = { "water=yes" };

		xfresh(w, 1, NULL);
	}
	root = tval_map();
	tg_view(&G, 0, root);
	assert_string_equal(en(tval_get(root, "deck_origin")->str), "the printed cards");
	tval_free(root);
}

static void
test_example_deck_loads_and_says_so(void **state)
{
	const char *kv[] = { "expansion=yes" };
	char *text;
	struct tval *root;

	(void)state;
	assert_non_null(text = src_read("data/targi/example-deck.yaml"));
	{
		struct diag d;

		if (xsetup(kv, 1, text, "example-deck.yaml", 1, &d) != 0)
			fail_msg("example deck: %s", d.msg);
	}
	assert_int_equal(G.origin, ORIGIN_EXAMPLE);
	assert_true(last_event_has("example deck example-deck.yaml: it is not the printed expansion"));
	assert_int_equal(G.ndune, 20);
	assert_int_equal(G.ngoods, 19 + 5);
	for (int s = 0; s < SYM_N; s++)
		assert_int_equal(tribe_count(s), 9);
	assert_int_equal(G.border[13].kind, BK_WATER);
	root = tval_map();
	tg_view(&G, 1, root);
	assert_non_null(strstr(en(tval_get(root, "deck_origin")->str), "not the printed cards"));
	assert_int_equal((int)tval_get(root, "targia")->num, 15);
	tval_free(root);
	free(text);
}

/* ---- the expansion's known border cards (from the example deck) ---- */

static void
test_expansion_border_cards(void **state)
{
	const char *kv[] = { "water=yes" };
	const char *file = "border:\n"
	    "  - {n: 1, name: Noble, action: noble, discard_gift: true}\n"
	    "  - {n: 9, name: Fata Morgana, action: fata_morgana, adjacent: true}\n"
	    "  - {n: 10, name: Silversmith, action: silversmith, any_kinds: true}\n"
	    "  - {n: 13, name: Water hole, action: water, water: 2}\n";

	(void)state;
	xfresh(kv, 1, file);
	/* Noble: a discarded hand card gives 1 water and 1 good. */
	actions(0, (const int[]){ 1, 10, 13, 0 }, (const int[]){ -1 });
	to_hand(0, 20);
	set_res(0, 1, 1, 0, 0, 4);
	refused(0, "NOBLE DISCARD");
	ok(0, "NOBLE DISCARD P");
	assert_int_equal(G.pl[0].res[TG_P], 1);
	assert_int_equal(G.pl[0].res[TG_W], 1);
	/* Silversmith: 2 goods of any kinds for 1 VP. */
	assert_true(is_legal(0, "SILVERSMITH 1D 1S"));
	ok(0, "SILVERSMITH 1D 1P");
	assert_int_equal(G.pl[0].res[TG_VP], 5);
	/* The water hole. */
	ok(0, "TAKE 13");
	assert_int_equal(G.pl[0].res[TG_W], 3);
	/* Fata Morgana: only to a neighbouring card. */
	actions(0, (const int[]){ 9, 0 }, (const int[]){ 0, -1 });
	for (int i = 0; i < TG_NCENTRAL; i++)
		G.cen_down[i] = 0;
	refused(0, "MIRAGE A1 C3");
	refused(0, "MIRAGE A1 B2");
	assert_false(is_legal(0, "MIRAGE A1 C3"));
	ok(0, "MIRAGE A1 B1");
}

static void
test_raid_names_its_good(void **state)
{
	const char *file = "border:\n"
	    "  - {n: 4, name: Raid 1, action: raid, goods: 1, good: S, vp: 1}\n";

	(void)state;
	xfresh(NULL, 0, file);
	to_round(4);
	assert_int_equal(G.phase, PH_RAID);
	set_res(G.turn, 2, 1, 2, 0, 4);
	assert_true(is_legal(G.turn, "GIVE 1S"));
	assert_false(is_legal(G.turn, "GIVE 1D"));
	refused(G.turn, "GIVE 1D");
	ok(G.turn, "GIVE 1S");
}

/* 002: water may be exchanged "at any time" (3 water for 1 gold, 2 for any
 * good). A raid that water could pay is not settled without asking: with no
 * goods, no VP and 6 water the player is asked, may exchange and pay, or
 * give nothing (GIVE NONE) and let the opponent take the VP. */
static void
test_raid_asks_when_water_could_pay(void **state)
{
	const char *kv[] = { "water=yes" };
	int s, vp;

	(void)state;
	xfresh(kv, 1, NULL);
	to_round(3);
	s = G.start == 0 ? 1 : 0;	/* round 4's start player */
	set_res(s, 0, 0, 0, 0, 0);
	set_water(s, 6);
	to_round(4);
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.turn, s);
	assert_int_equal(G.pl[s].raid_done, 0);
	assert_true(is_legal(s, "GIVE NONE"));
	/* The exchange leaves one way to pay, which is then settled. */
	ok(s, "EXCHANGE 2W FOR 1D");
	assert_int_equal(G.pl[s].res[TG_W], 4);
	assert_int_equal(G.pl[s].res[TG_D], 0);
	assert_int_equal(G.pl[s].raid_done, 1);
	assert_true(last_event_has("gives up 1D"));

	/* Declined: the opponent takes the VP, as when nothing can pay. */
	xfresh(kv, 1, NULL);
	to_round(3);
	s = G.start == 0 ? 1 : 0;
	set_res(s, 0, 0, 0, 0, 0);
	set_water(s, 6);
	to_round(4);
	vp = G.pl[1 - s].res[TG_VP];
	ok(s, "GIVE NONE");
	assert_int_equal(G.pl[1 - s].res[TG_VP], vp + 1);
	assert_int_equal(G.pl[s].res[TG_W], 6);

	/* With one water nothing changes: settled without asking. */
	xfresh(kv, 1, NULL);
	to_round(3);
	s = G.start == 0 ? 1 : 0;
	set_res(s, 0, 0, 0, 0, 0);
	set_water(s, 1);
	to_round(4);
	assert_int_equal(G.pl[s].raid_done, 1);
	assert_true(last_event_has("cannot pay"));
}

/* Puts tribe card id on seat's display at slot with its action token. */
static void
to_display_token(int seat, int id, int slot)
{
	to_display(seat, id, slot);
	G.pl[seat].tokens[slot] = 1;
	G.token_supply--;
}

/* Seat s is asked at a raid; after the free order (an exchange, a token)
 * it is asked still, and then pays. */
static void
asked_then_pays(int s, const char *free_order, const char *pay)
{
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.turn, s);
	assert_int_equal(G.pl[s].raid_done, 0);
	assert_true(is_legal(s, free_order));
	ok(s, free_order);
	assert_int_equal(G.pl[s].raid_done, 0);
	ok(s, pay);
}

/* Both players at the last raid (last_raid=card, water) with no gold, 4
 * VP, tribe card 20 + seat alone on display and `water` water; standing:
 * a standing RAID answer both give before. */
static void
last_raid_with_water(int water, const char *standing)
{
	const char *kv[] = { "last_raid=card", "water=yes" };

	xfresh(kv, 2, NULL);
	to_round(12);
	for (int s = 0; s < 2; s++) {
		to_display(s, 20 + s, 0);
		set_res(s, 0, 0, 0, 0, 4);
		set_water(s, water);
		if (standing != NULL)
			ok(s, standing);
	}
	to_last_raid();
}

/* Issue 29 (1): with last_raid=card, 0 gold, one display card and 3 water
 * the player may exchange 3 water for 1 gold (002: "You may trade at any
 * time") and keep the card: asked, not settled. Settled as before when
 * water cannot buy the gold, or when a standing RAID answer speaks. */
static void
test_last_raid_asks_when_water_could_keep_the_card(void **state)
{
	int s;

	(void)state;
	last_raid_with_water(3, NULL);
	s = G.turn;
	assert_true(is_legal(s, "REMOVE ROW 1"));
	/* Gold or the card after it: still the player's choice. */
	asked_then_pays(s, "EXCHANGE 3W FOR 1G", "GIVE 1G");
	assert_int_equal(G.pl[s].display[0], card(20 + s));
	assert_int_equal(G.pl[s].res[TG_G], 0);

	/* Two water buy no gold: the card goes without asking. */
	last_raid_with_water(2, NULL);
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.pl[0].display[0], -1);
	assert_int_equal(G.pl[1].display[0], -1);

	/* A standing answer settles it from what is held. */
	last_raid_with_water(3, "STANDING RAID GOODS");
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.pl[0].display[0], -1);
	assert_int_equal(G.pl[0].res[TG_W], 3);
}

/* Round 4's start player, with no goods, 1 VP and tribe card id with its
 * token on display, at raid 1; standing: a standing RAID answer first. */
static int
raid_with_token(int id, const char *standing)
{
	const char *kv[] = { "deck=file", "costs=yes" };
	int s;

	xfresh(kv, 2, deck);
	to_round(3);
	s = G.start == 0 ? 1 : 0;
	set_res(s, 0, 0, 0, 0, 1);
	to_display_token(s, id, 0);
	if (standing != NULL)
		ok(s, standing);
	to_round(4);
	return s;
}

/* Issue 29 (2): an unused action token may be used "at any time during a
 * future turn" (002). With no goods, 1 VP and a token that gives 2 dates
 * the player could give a date instead of the VP: asked, not settled. */
static void
test_raid_asks_when_a_token_could_pay(void **state)
{
	int s;

	(void)state;
	s = raid_with_token(408, NULL);
	assert_true(is_legal(s, "GIVE VP"));
	asked_then_pays(s, "USE 408", "GIVE 1D");
	assert_int_equal(G.pl[s].res[TG_VP], 1);
	assert_int_equal(G.pl[s].res[TG_D], 1);

	/* Nothing to pay with but a convert token that cannot pay for itself
	 * (2 dates for 1 gold, and no dates): settled. */
	s = raid_with_token(405, NULL);
	assert_int_equal(G.pl[s].raid_done, 1);
	assert_int_equal(G.pl[s].res[TG_VP], 0);

	/* A standing answer settles it; the token stays. */
	s = raid_with_token(408, "STANDING RAID VP");
	assert_int_equal(G.pl[s].raid_done, 1);
	assert_int_equal(G.pl[s].res[TG_VP], 0);
	assert_int_equal(G.pl[s].tokens[0], 1);
}

/* Issue 29 (1, 2): at the last raid a convert token that buys gold (2 dates
 * for 1 gold) could keep the only display card: asked. */
static void
test_last_raid_asks_when_a_token_could_keep_the_card(void **state)
{
	const char *kv[] = { "deck=file", "costs=yes", "last_raid=card" };
	int s;

	(void)state;
	xfresh(kv, 3, deck);
	to_round(12);
	for (s = 0; s < 2; s++) {
		to_display_token(s, s == 0 ? 405 : 408, 0);
		set_res(s, s == 0 ? 2 : 0, 0, 0, 0, 4);
	}
	to_last_raid();
	assert_int_equal(G.phase, PH_RAID);
	s = G.turn;
	if (s == 1) {
		/* 2 dates buy no gold: seat 1's card goes without asking. */
		assert_int_equal(G.pl[1].display[0], -1);
		assert_int_equal(G.turn, 0);
		s = 0;
	}
	assert_int_equal(G.pl[0].raid_done, 0);
	ok(0, "USE 405");
	ok(0, "GIVE 1G");
	assert_int_equal(G.pl[0].display[0], card(405));
	assert_int_equal(G.phase, PH_OVER);
}

/* ---- orders read back as they are written ---- */

static void
test_new_orders_canonical(void **state)
{
	static const char *const lines[] = {
		"PLACE DUNE 2", "PASS DUNE 3", "DUNE 1", "DUNE 2 1D 1S",
		"FAVOUR D", "FAVOUR PAY S", "FAVOUR KEEP", "FAVOUR KEEP P",
		"FAVOUR PASS", "EXCHANGE 3W FOR 1G", "EXCHANGE 2W FOR 1S",
		"USE 404", "USE 404 1D 1P", "REMOVE ROW 2", "NOBLE DISCARD S",
		"SILVERSMITH 1D 1S", "BUY B2 ROW 1 PAY 1D 2W EXTRA",
		"BUY ROW 3 EXTRA", NULL
	};

	(void)state;
	fresh();
	for (int i = 0; lines[i] != NULL; i++) {
		struct order o, back;
		struct diag d;

		if (tg_parse(&G, 0, lines[i], &o, &d) != 0)
			fail_msg("\"%s\": %s", lines[i], d.msg);
		assert_string_equal(o.text, lines[i]);
		assert_int_equal(tg_parse(&G, 0, o.text, &back, &d), 0);
		assert_memory_equal(back.arg, o.arg, sizeof o.arg);
	}
	{
		struct order o;
		struct diag d;

		assert_int_equal(tg_parse(&G, 0, "favor pay d", &o, &d), 0);
		assert_string_equal(o.text, "FAVOUR PAY D");
		assert_int_equal(tg_parse(&G, 0, "EXCHANGE 2W FOR 1G", &o, &d), -1);
		assert_int_equal(tg_parse(&G, 0, "PLACE DUNE 4", &o, &d), -1);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_targia_starts_on_15_and_walks_counter_clockwise),
		cmocka_unit_test(test_targia_skip_corners_option),
		cmocka_unit_test(test_targia_wraps_from_1),
		cmocka_unit_test(test_targia_never_blocks),
		cmocka_unit_test(test_favour_take_a_good),
		cmocka_unit_test(test_favour_needs_the_targia_card),
		cmocka_unit_test(test_favour_pay_and_turn_up_until_taken),
		cmocka_unit_test(test_favour_choice_card_names_one_good),
		cmocka_unit_test(test_favour_lost_with_end),
		cmocka_unit_test(test_water_start_and_supply),
		cmocka_unit_test(test_water_exchange_at_any_time),
		cmocka_unit_test(test_water_exchange_needs_the_module),
		cmocka_unit_test(test_water_limit_at_the_end_of_a_turn),
		cmocka_unit_test(test_water_scores_one_vp_per_two),
		cmocka_unit_test(test_water_in_the_score_estimate),
		cmocka_unit_test(test_water_is_no_good_in_the_tie_break),
		cmocka_unit_test(test_water_as_alternative_cost),
		cmocka_unit_test(test_slash_cost_either_side),
		cmocka_unit_test(test_bracket_cost_is_optional_and_pays_vp_once),
		cmocka_unit_test(test_costs_module_needed_for_such_cards),
		cmocka_unit_test(test_dunes_three_face_up_at_setup),
		cmocka_unit_test(test_dune_makes_no_crossing),
		cmocka_unit_test(test_dune_holds_one_targi),
		cmocka_unit_test(test_dune_used_once_then_discarded),
		cmocka_unit_test(test_declined_dune_is_discarded_too),
		cmocka_unit_test(test_one_dune_turned_up_when_none_shows),
		cmocka_unit_test(test_raid_renews_the_dunes),
		cmocka_unit_test(test_no_dune_turned_up_before_a_raid),
		cmocka_unit_test(test_second_targi_on_a_dune_start_player_uses_it),
		cmocka_unit_test(test_second_targi_on_a_dune_when_the_first_declines),
		cmocka_unit_test(test_both_markers_on_one_central_card),
		cmocka_unit_test(test_both_markers_first_declines),
		cmocka_unit_test(test_once_when_played),
		cmocka_unit_test(test_action_token_used_later),
		cmocka_unit_test(test_action_token_used_at_once),
		cmocka_unit_test(test_action_token_last_round_used),
		cmocka_unit_test(test_action_token_last_round_ended),
		cmocka_unit_test(test_action_token_convert),
		cmocka_unit_test(test_end_of_game_effect),
		cmocka_unit_test(test_expansion_setup),
		cmocka_unit_test(test_twelfth_card_ends_after_the_other_player),
		cmocka_unit_test(test_last_raid_gold_or_a_rows_last_card),
		cmocka_unit_test(test_last_raid_card_keeps_229_and_231),
		cmocka_unit_test(test_mixed_deck_from_the_printed_cards),
		cmocka_unit_test(test_mixed_deck_with_the_files_cards),
		cmocka_unit_test(test_listed_deck_needs_nine_of_each_symbol),
		cmocka_unit_test(test_expansion_needs_a_deck_file),
		cmocka_unit_test(test_deck_file_errors_name_the_line),
		cmocka_unit_test(test_deck_file_with_printed_cards_by_id),
		cmocka_unit_test(test_origin_of_the_cards),
		cmocka_unit_test(test_names_cut_at_characters),
		cmocka_unit_test(test_example_deck_loads_and_says_so),
		cmocka_unit_test(test_expansion_border_cards),
		cmocka_unit_test(test_raid_names_its_good),
		cmocka_unit_test(test_new_orders_canonical),
		cmocka_unit_test(test_expansion_tribe_top_revealed),
		cmocka_unit_test(test_raid_asks_when_water_could_pay),
		cmocka_unit_test(test_last_raid_asks_when_water_could_keep_the_card),
		cmocka_unit_test(test_raid_asks_when_a_token_could_pay),
		cmocka_unit_test(test_last_raid_asks_when_a_token_could_keep_the_card),
	};
	int rc;

	if (load_data() != 0)
		return 1;
	build_deck();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	evsink_free(&EV);
	return rc;
}
