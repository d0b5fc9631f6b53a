/* Targi rules, one test per rule, from hand-set positions. */
#include "test_targi_fixture.h"

static void
test_setup(void **state)
{
	int goods = 0, tribe = 0;

	(void)state;
	fresh();
	for (int i = 0; i < TG_NCENTRAL; i++) {
		assert_int_equal(G.cen_type[i], i % 2 == 0 ? CEN_GOODS : CEN_TRIBE);
		assert_int_equal(G.cen_down[i], 0);
		goods += G.cen_type[i] == CEN_GOODS;
		tribe += G.cen_type[i] == CEN_TRIBE;
	}
	assert_int_equal(goods, 5);
	assert_int_equal(tribe, 4);
	assert_int_equal(G.ntdeck, 45 - 4);
	assert_int_equal(G.ngdeck, 19 - 5);
	for (int s = 0; s < 2; s++) {
		assert_int_equal(G.pl[s].res[TG_D], 2);
		assert_int_equal(G.pl[s].res[TG_S], 2);
		assert_int_equal(G.pl[s].res[TG_P], 2);
		assert_int_equal(G.pl[s].res[TG_G], 1);
		assert_int_equal(G.pl[s].res[TG_VP], 4);
		assert_int_equal(G.pl[s].hand, -1);
	}
	for (int n = 1; n <= 16; n++)
		assert_int_equal(G.border[n].kind == BK_RAID, n % 4 == 0);
	assert_int_equal(G.round, 1);
	assert_int_equal(G.robber, 1);
	assert_int_equal(G.phase, PH_PLACE);
	assert_int_equal(G.start, 0);
	assert_int_equal(G.turn, 0);
	assert_int_equal(tg_check(&G, NULL), 0);
	{
		const char *kv[] = { "start=second" };

		fresh_opts(kv, 1, 1);
		assert_int_equal(G.start, 1);
		assert_int_equal(G.turn, 1);
	}
}

static void
test_setup_needs_two_seats(void **state)
{
	const char names[3][SEAT_NAME] = { "a", "b", "c" };
	struct tg_state *st = calloc(1, sizeof *st);
	struct diag d;

	(void)state;
	assert_int_equal(tg_setup(st, 3, names, NULL, 1, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "two"));
	free(st);
}

static void
test_placement_rules(void **state)
{
	(void)state;
	fresh();
	refused(0, "PLACE 1");		/* the robber's card */
	refused(0, "PLACE 4");		/* a corner */
	refused(0, "PLACE 17");
	refused(1, "PLACE 5");		/* not bert's turn */
	ok(0, "PLACE 5");
	assert_int_equal(G.turn, 1);
	refused(1, "PLACE 5");		/* occupied */
	refused(1, "PLACE 15");		/* opposite anna's Targi */
	ok(1, "PLACE 2");
	refused(0, "PLACE 10");		/* opposite bert's Targi */
	ok(0, "PLACE 15");		/* opposite her own: allowed */
	ok(1, "PLACE 3");
	ok(0, "PLACE 11");
	ok(1, "PLACE 6");
	/* All six placed: markers set, actions begin with the start player. */
	assert_int_equal(G.phase, PH_ACTIONS);
	assert_int_equal(G.turn, 0);
	/* anna: 5 and 15 face each other, so one crossing with 11 (A1). */
	assert_int_equal(G.marker_at[0], 0);
	for (int i = 1; i < 9; i++)
		assert_int_not_equal(G.marker_at[i], 0);
	/* bert: 2 and 3 are both columns; 6 crosses them in row 2. */
	assert_int_equal(G.marker_at[3 + 1], 1);
	assert_int_equal(G.marker_at[3 + 2], 1);
}

static void
test_no_marker_without_crossing(void **state)
{
	(void)state;
	fresh();
	/* Three columns for anna, three rows for bert: no crossing at all. */
	ok(0, "PLACE 2");
	ok(1, "PLACE 5");
	ok(0, "PLACE 3");
	ok(1, "PLACE 6");
	ok(0, "PLACE 11");
	ok(1, "PLACE 13");
	assert_int_equal(G.phase, PH_ACTIONS);
	for (int i = 0; i < 9; i++)
		assert_int_equal(G.marker_at[i], -1);
}

static void
test_preference_list(void **state)
{
	(void)state;
	fresh();
	/* bert sends his list early; it places for him when his turn comes. */
	ok(1, "PREFER 5 13 2 3");
	ok(0, "PLACE 5");
	/* 5 is taken and 13 is free: bert's Targi went to 13 by itself. */
	assert_int_equal(G.targi_at[13], 1);
	assert_int_equal(G.turn, 0);
	refused(0, "PLACE 7");		/* 7 faces bert's 13 */
	ok(0, "PLACE 6");
	/* 2 is free and legal for bert */
	assert_int_equal(G.targi_at[2], 1);
	ok(0, "PLACE 14");
	assert_int_equal(G.targi_at[3], 1);
	assert_int_equal(G.phase, PH_ACTIONS);
	/* The list is used up with the placement. */
	assert_int_equal(G.pl[1].nprefer, 0);
}

/* PLACE a b c: a now, b and c each when the seat's turn to place comes. */
static void
test_placement_plan(void **state)
{
	(void)state;
	fresh();
	ok(0, "PLACE 5 13 2");
	assert_int_equal(G.targi_at[5], 0);
	assert_int_equal(G.turn, 1);
	/* bert places; anna's 13 goes down at once, no mail asked of her. */
	ok(1, "PLACE 3");
	assert_int_equal(G.targi_at[13], 0);
	assert_int_equal(G.turn, 1);
	ok(1, "PLACE 6");
	assert_int_equal(G.targi_at[2], 0);
	assert_int_equal(G.pl[0].nplan, 0);
	ok(1, "PLACE 14");
	assert_int_equal(G.phase, PH_ACTIONS);
	/* A plan the rules refuse now is refused whole, and says why. */
	fresh();
	refused(0, "PLACE 5 4");
	refused(0, "PLACE 5 5");
	refused(0, "PLACE 5 13 2 3");
	refused(0, "PLACE 5 1");	/* the robber's card */
	ok(0, "PLACE 2");
	refused(1, "PLACE 3 10");	/* 10 faces anna's 2 */
	ok(1, "PLACE 3 7");
	ok(0, "PLACE 6");
	refused(0, "PLACE 9 11");	/* two cards, one Targi left */
}

/* The opponent took the plan's next card: the seat is asked, as without a
 * plan, and the rest of the plan is dropped. */
static void
test_placement_plan_taken(void **state)
{
	struct pending pd;

	(void)state;
	fresh();
	ok(0, "PLACE 5 13 2");
	evsink_free(&EV);
	ok(1, "PLACE 13");
	assert_int_equal(G.turn, 0);
	assert_int_equal(G.pl[0].placed, 1);
	assert_int_equal(G.pl[0].nplan, 0);
	tg_waiting_for(&G, &pd);
	assert_int_equal(pd.seats, VIS_SEAT(0));
	assert_string_equal(pd.kind[0], "placement");
	for (size_t i = 0; i < EV.n; i++)
		if (strstr(evline_text(&EV.v[i]), "plan") != NULL)
			assert_int_equal(EV.v[i].vis, VIS_SEAT(0));
	/* 2 was not placed in 13's stead: anna chooses. */
	assert_int_equal(G.targi_at[2], -1);
	ok(0, "PLACE 6");
	ok(1, "PLACE 3");
	assert_int_equal(G.turn, 0);
	/* A dropped plan leaves the preference list its say. */
	fresh();
	ok(0, "PLACE 5 13 2");
	ok(0, "PREFER 14");
	ok(1, "PLACE 13");
	assert_int_equal(G.targi_at[14], 0);
	assert_int_equal(G.targi_at[2], -1);
	assert_int_equal(G.turn, 1);
}

/* The plan's later cards are anna's secret until they are placed: bert's
 * events never name them, and the secrets hook lists the note. */
static void
test_placement_plan_hidden(void **state)
{
	struct secrets sec;
	int found = 0;

	(void)state;
	fresh();
	evsink_free(&EV);
	ok(0, "PLACE 5 13 2");
	for (size_t i = 0; i < EV.n; i++) {
		const char *t = evline_text(&EV.v[i]);

		if (secret_in(t, "13") != NULL || secret_in(t, "2") != NULL)
			assert_int_equal(EV.v[i].vis, VIS_SEAT(0));
	}
	secrets_init(&sec);
	tg_secrets(&G, 1, &sec);
	for (size_t i = 0; i < sec.n; i++)
		found |= strcmp(sec.v[i], "Noted for anna: PLACE 13 2") == 0;
	assert_true(found);
	secrets_free(&sec);
	/* anna's own secrets hold none of her plan. */
	secrets_init(&sec);
	tg_secrets(&G, 0, &sec);
	for (size_t i = 0; i < sec.n; i++)
		assert_null(strstr(sec.v[i], "Noted for anna"));
	secrets_free(&sec);
	/* Once placed, the plan's rest is all that stays secret. */
	ok(1, "PLACE 3");
	secrets_init(&sec);
	tg_secrets(&G, 1, &sec);
	found = 0;
	for (size_t i = 0; i < sec.n; i++)
		found |= strcmp(sec.v[i], "Noted for anna: PLACE 2") == 0;
	assert_true(found);
	secrets_free(&sec);
}

static void
test_robber_and_start_player_move(void **state)
{
	(void)state;
	fresh();
	ok(0, "PLACE 2");
	ok(1, "PLACE 3");
	ok(0, "PLACE 5");
	ok(1, "PLACE 6");
	ok(0, "PLACE 7");
	ok(1, "PLACE 14");
	ok(0, "END");
	ok(1, "END");
	assert_int_equal(G.round, 2);
	assert_int_equal(G.robber, 2);
	assert_int_equal(G.start, 1);
	assert_int_equal(G.turn, 1);
	assert_int_equal(G.phase, PH_PLACE);
	refused(1, "PLACE 2");
}

/* Brings the game to the start of round r with everyone declining. */
static void
to_round(int r)
{
	while (G.round < r && G.phase != PH_OVER) {
		struct order o;
		struct diag d;
		int s = G.turn;

		assert_int_equal(tg_default_order(&G, s, &o), 0);
		assert_int_equal(tg_apply(&G, s, &o, &EV, &d), 0);
	}
}

static void
test_raid_choices(void **state)
{
	(void)state;
	fresh();
	to_round(4);
	/* Round 4: the robber reached corner 4; the start player (anna in
	 * rounds 1 and 3... round 4 is bert's) is asked first. */
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.robber, 4);
	assert_int_equal(G.turn, G.start);
	assert_true(is_legal(G.start, "GIVE VP"));
	assert_true(is_legal(G.start, "GIVE 1D"));
	refused(G.start, "GIVE 2D");
	refused(1 - G.start, "GIVE VP");
	ok(G.start, "GIVE 1S");
	assert_int_equal(G.pl[G.start].res[TG_S], 1);
	assert_int_equal(G.turn, 1 - G.start);
	ok(1 - G.start, "GIVE VP");
	assert_int_equal(G.pl[1 - G.start].res[TG_VP], 3);
	/* Paid: the robber moves on at once and placement begins. */
	assert_int_equal(G.robber, 5);
	assert_int_equal(G.phase, PH_PLACE);
	assert_int_equal(G.raids, 1);
}

/* Raid 2 asks 2 goods or 1 VP, raid 3 3 goods or 2 VP (the card data);
 * the goods may be of any kinds, and fewer do not pay. */
static void
test_raids_2_and_3(void **state)
{
	(void)state;
	fresh();
	to_round(6);
	set_res(0, 2, 2, 2, 1, 4);
	set_res(1, 2, 2, 2, 1, 4);
	to_round(7);
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.robber, 8);
	assert_int_equal(G.turn, 0);		/* round 7 is anna's to start */
	assert_true(is_legal(0, "GIVE 1D 1S"));
	assert_false(is_legal(0, "GIVE 1D"));
	assert_false(is_legal(0, "GIVE 3D"));
	refused(0, "GIVE 1D");
	ok(0, "GIVE VP");
	assert_int_equal(G.pl[0].res[TG_VP], 3);
	ok(1, "GIVE 2P");
	assert_int_equal(G.pl[1].res[TG_P], 0);
	assert_int_equal(G.pl[1].res[TG_VP], 4);
	assert_int_equal(G.robber, 9);
	to_round(9);
	set_res(0, 2, 2, 2, 1, 4);
	set_res(1, 2, 2, 2, 1, 4);
	to_round(10);
	assert_int_equal(G.phase, PH_RAID);
	assert_int_equal(G.robber, 12);
	assert_int_equal(G.turn, 1);
	assert_true(is_legal(1, "GIVE 1D 1S 1P"));
	refused(1, "GIVE 2D");
	ok(1, "GIVE VP");
	assert_int_equal(G.pl[1].res[TG_VP], 4 - 2);
	ok(0, "GIVE 2D 1S");
	assert_int_equal(tg_goods_total(&G.pl[0]), 6 - 3);
	assert_int_equal(G.pl[0].res[TG_VP], 4);
	assert_int_equal(G.phase, PH_PLACE);
}

static void
test_raid_cannot_pay(void **state)
{
	int s;

	(void)state;
	fresh();
	to_round(3);
	s = G.start == 0 ? 1 : 0;	/* round 4's start player */
	set_res(s, 0, 0, 0, 0, 0);
	to_round(4);
	/* s cannot pay: the opponent gets the VP, and s is not asked. */
	assert_int_equal(G.pl[s].raid_done, 1);
	assert_int_equal(G.pl[1 - s].res[TG_VP], 4 + 1);
	assert_true(last_event_has("cannot pay"));
	assert_int_equal(G.turn, 1 - s);
}

/* A raid is paid by one of its choices in full or not at all: a player
 * short of both keeps what he has and the opponent takes the raid's VP
 * (rules-notes, "Raids that cannot be paid"). */
static void
test_raid_part_is_not_paid(void **state)
{
	(void)state;
	fresh();
	to_round(6);
	set_res(0, 1, 0, 0, 0, 0);	/* raid 2 asks 2 goods or 1 VP */
	set_res(1, 2, 2, 2, 1, 4);
	to_round(7);
	assert_int_equal(G.robber, 8);
	assert_int_equal(G.pl[0].raid_done, 1);
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_VP], 0);
	assert_int_equal(G.pl[1].res[TG_VP], 4 + 1);
	assert_true(last_event_has("anna cannot pay, so bert receives 1 VP"));
	assert_int_equal(G.turn, 1);
	ok(1, "GIVE VP");
	to_round(9);
	set_res(0, 2, 2, 2, 1, 4);
	set_res(1, 1, 1, 0, 0, 1);	/* raid 3 asks 3 goods or 2 VP */
	to_round(10);
	assert_int_equal(G.robber, 12);
	assert_int_equal(G.pl[1].raid_done, 1);
	assert_int_equal(tg_goods_total(&G.pl[1]), 2);
	assert_int_equal(G.pl[1].res[TG_VP], 1);
	assert_int_equal(G.pl[0].res[TG_VP], 4 + 2);
	assert_true(last_event_has("bert cannot pay, so anna receives 2 VP"));
	assert_int_equal(G.turn, 0);
}

static void
test_standing_raid_orders(void **state)
{
	(void)state;
	fresh();
	ok(0, "STANDING RAID VP");
	ok(1, "STANDING RAID GOODS");
	to_round(4);
	/* Neither is asked: anna gave VP, bert his most plentiful good. */
	assert_int_equal(G.phase, PH_PLACE);
	assert_int_equal(G.pl[0].res[TG_VP], 3);
	assert_int_equal(G.pl[1].res[TG_VP], 4);
	assert_int_equal(tg_goods_total(&G.pl[1]), 5);
	/* Standing orders hold until changed. */
	ok(0, "STANDING RAID ASK");
	assert_int_equal(G.pl[0].raid_mode, RM_ASK);
}

static void
test_last_raid_ends_game(void **state)
{
	(void)state;
	fresh();
	ok(0, "STANDING RAID GOODS");
	ok(1, "STANDING RAID VP");
	to_round(12);
	set_res(0, 2, 2, 2, 1, 4);
	set_res(1, 2, 2, 2, 1, 5);
	to_round(13);
	assert_int_equal(G.phase, PH_OVER);
	assert_int_equal(G.raids, 4);
	assert_int_equal(G.robber, 16);
	/* anna paid 1 gold at the last raid, bert 3 VP. */
	assert_int_equal(G.pl[0].res[TG_G], 0);
	assert_int_equal(G.pl[1].res[TG_VP], 2);
	assert_true(last_event_has("Raid 4: bert gives up 3 VP"));
	assert_true(last_event_has("The game is over."));
}

static void
test_last_raid_cannot_pay_gives_3vp(void **state)
{
	(void)state;
	fresh();
	to_round(12);
	set_res(0, 2, 0, 0, 0, 2);	/* no gold, too few VP */
	set_res(1, 2, 0, 0, 0, 7);
	ok(1, "STANDING RAID VP");
	to_round(13);
	assert_int_equal(G.phase, PH_OVER);
	/* bert paid 3 VP of his own and received anna's 3. */
	assert_int_equal(G.pl[1].res[TG_VP], 7);
	assert_int_equal(G.pl[0].res[TG_VP], 2);
	assert_true(last_event_has("anna cannot pay, so bert receives 3 VP"));
}

static void
test_goods_border_and_central(void **state)
{
	int g2d, gch, pos_down;

	(void)state;
	fresh();
	g2d = goods_card(2, 0, 0, 0, 0, 0);
	gch = goods_card(0, 0, 0, 0, 0, 1);
	goods_to_central(0, g2d);
	goods_to_central(2, gch);
	actions(0, (const int[]){ 2, 6, 0 }, (const int[]){ 0, 2, -1 });
	refused(0, "TAKE 3");		/* no Targi there */
	ok(0, "TAKE 2");
	assert_int_equal(G.pl[0].res[TG_D], 3);
	assert_int_equal(G.targi_at[2], -1);
	ok(0, "TAKE A1");
	assert_int_equal(G.pl[0].res[TG_D], 5);
	/* The used goods card is discarded and a tribe card lies face down. */
	assert_int_equal(G.cen_type[0], CEN_TRIBE);
	assert_int_equal(G.cen_down[0], 1);
	assert_int_equal(G.gdisc[G.ngdisc - 1], g2d);
	refused(0, "TAKE C1");		/* the choice must be named */
	ok(0, "TAKE C1 P");
	assert_int_equal(G.pl[0].res[TG_P], 3);
	pos_down = 2;
	/* A declined card stays. */
	ok(0, "PASS 6");
	assert_int_equal(G.pl[0].res[TG_P], 3);
	/* bert has nothing to do: the round ends and face-down cards turn up. */
	assert_int_equal(G.round, 2);
	assert_int_equal(G.cen_down[0], 0);
	assert_int_equal(G.cen_down[pos_down], 0);
}

static void
test_declined_central_card_stays(void **state)
{
	int c;

	(void)state;
	fresh();
	to_central(1, 23);
	c = G.cen_card[1];
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	ok(0, "PASS B1");
	assert_int_equal(G.cen_card[1], c);
	assert_int_equal(G.cen_type[1], CEN_TRIBE);
	assert_int_equal(G.marker_at[1], -1);
}

static void
test_tribe_card_buy_keep_discard(void **state)
{
	(void)state;
	fresh();
	to_central(1, 23);		/* D S G */
	to_central(3, 27);		/* S P 2D */
	to_central(5, 24);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, 3, 5, -1 });
	refused(0, "BUY B1 ROW 4");
	ok(0, "BUY B1 ROW 2");
	assert_int_equal(G.pl[0].display[4], card(23));
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_S], 1);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	/* Replaced by a goods card face down. */
	assert_int_equal(G.cen_type[1], CEN_GOODS);
	assert_int_equal(G.cen_down[1], 1);
	refused(0, "BUY A2 ROW 1");	/* cannot pay 2 dates */
	ok(0, "KEEP A2");
	assert_int_equal(G.pl[0].hand, card(27));
	refused(0, "KEEP C2");		/* one hand card only */
	ok(0, "DISCARD C2");
	assert_int_equal(G.tdisc[G.ntdisc - 1], card(24));
}

static void
test_display_fills_left_to_right(void **state)
{
	(void)state;
	fresh();
	to_display(0, 20, 8);
	to_display(0, 21, 9);
	to_display(0, 22, 10);
	to_central(1, 220);		/* cost 1 gold */
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	ok(0, "BUY B1 ROW 3");
	assert_int_equal(G.pl[0].display[11], card(220));
	/* A full row takes no more. */
	G.marker_at[1] = 0;
	G.pl[0].fin = 0;
	G.phase = PH_ACTIONS;
	G.turn = 0;
	to_central(1, 224);
	tg_give(&G, 0, TG_G, 1);
	refused(0, "BUY B1 ROW 3");
}

static void
test_payment_choices(void **state)
{
	(void)state;
	fresh();
	to_central(1, 226);		/* D 2P or 1 gold */
	set_res(0, 2, 2, 2, 1, 4);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1D 2P"));
	assert_true(is_legal(0, "BUY B1 ROW 1 PAY 1G"));
	refused(0, "BUY B1 ROW 1");	/* two ways to pay: say which */
	refused(0, "BUY B1 ROW 1 PAY 2D 1P");
	ok(0, "BUY B1 ROW 1 PAY 1G");
	assert_int_equal(G.pl[0].res[TG_G], 0);
	assert_int_equal(G.pl[0].res[TG_P], 2);
}

static void
test_hand_card_cannot_be_swapped(void **state)
{
	(void)state;
	fresh();
	to_hand(0, 21);
	to_central(1, 23);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	assert_false(is_legal(0, "KEEP B1"));
	refused(0, "KEEP B1");
	refused(0, "NOBLE DISCARD");	/* only with a Targi on the Noble */
	ok(0, "DISCARD B1");
	assert_int_equal(G.pl[0].hand, card(21));
}

static void
test_noble(void **state)
{
	(void)state;
	fresh();
	G.robber = 2;
	to_hand(0, 21);			/* S D G */
	actions(0, (const int[]){ 1, 0 }, (const int[]){ -1 });
	ok(0, "NOBLE ROW 1");
	assert_int_equal(G.pl[0].display[0], card(21));
	assert_int_equal(G.pl[0].hand, -1);
	assert_int_equal(G.pl[0].res[TG_G], 0);
	fresh();
	G.robber = 2;
	to_hand(0, 21);
	actions(0, (const int[]){ 1, 0 }, (const int[]){ -1 });
	ok(0, "NOBLE DISCARD");
	assert_int_equal(G.pl[0].hand, -1);
	assert_int_equal(G.tdisc[G.ntdisc - 1], card(21));
	/* Without a hand card the Noble can only be passed. */
	fresh();
	G.robber = 2;
	actions(0, (const int[]){ 1, 0 }, (const int[]){ -1 });
	refused(0, "NOBLE ROW 1");
	assert_true(is_legal(0, "PASS 1"));
}

static void
test_hand_card_waits_for_a_later_round(void **state)
{
	(void)state;
	fresh();
	G.robber = 2;
	to_central(1, 21);
	set_res(0, 0, 0, 0, 0, 4);	/* cannot pay now: keeps it */
	actions(0, (const int[]){ 1, 3, 0 }, (const int[]){ 1, -1 });
	ok(0, "KEEP B1");
	set_res(0, 2, 2, 2, 1, 4);
	refused(0, "NOBLE ROW 1");
	assert_false(is_legal(0, "NOBLE ROW 1 PAY 1D 1S 1G"));
	assert_true(is_legal(0, "NOBLE DISCARD"));
	ok(0, "PASS 1");
	assert_int_equal(G.pl[0].hand, card(21));
	/* A card kept from the Tribal expansion waits the same way. */
	fresh();
	G.robber = 2;
	tribe_on_top(21);
	actions(0, (const int[]){ 1, 14, 0 }, (const int[]){ -1 });
	ok(0, "EXPAND");
	ok(0, "KEEP");
	assert_int_equal(G.pl[0].hand, card(21));
	refused(0, "NOBLE ROW 1");
	assert_false(is_legal(0, "NOBLE ROW 1"));
	assert_true(is_legal(0, "NOBLE DISCARD"));
}

static void
test_merchant(void **state)
{
	(void)state;
	fresh();
	set_res(0, 5, 2, 0, 0, 4);
	actions(0, (const int[]){ 5, 2, 0 }, (const int[]){ -1 });
	ok(0, "TRADE 3D FOR 1G");
	ok(0, "TRADE 2D FOR 1P");
	ok(0, "TRADE 2S FOR 1D");	/* any number of times */
	assert_int_equal(G.pl[0].res[TG_D], 1);
	assert_int_equal(G.pl[0].res[TG_S], 0);
	assert_int_equal(G.pl[0].res[TG_P], 1);
	assert_int_equal(G.pl[0].res[TG_G], 1);
	refused(0, "TRADE 1D FOR 1S");	/* 1 for 1 needs tribe card 239 */
	refused(0, "TRADE 2D FOR 1D");
	refused(0, "TRADE 2P FOR 1D");	/* too few */
	/* Another card ends the visit. */
	ok(0, "TAKE 2");
	assert_int_equal(G.targi_at[5], -1);
	refused(0, "TRADE 2D FOR 1S");
}

static void
test_fata_morgana(void **state)
{
	(void)state;
	fresh();
	to_central(7, 23);
	actions(0, (const int[]){ 9, 0 }, (const int[]){ 0, -1 });
	G.marker_at[8] = 1;		/* bert's marker */
	G.cen_down[2] = 1;
	refused(0, "MIRAGE A1 C3");	/* occupied */
	refused(0, "MIRAGE A1 C1");	/* face down */
	refused(0, "MIRAGE B1 B3");	/* no marker of hers on B1 */
	ok(0, "MIRAGE A1 B3");
	assert_int_equal(G.marker_at[0], -1);
	assert_int_equal(G.marker_at[7], 0);
	assert_int_equal(G.targi_at[9], -1);
	ok(0, "BUY B3 ROW 1");
	assert_int_equal(G.pl[0].display[0], card(23));
}

static void
test_silversmith(void **state)
{
	static const char *const x[] = { "SILVERSMITH 2D", "SILVERSMITH 4S",
	    "SILVERSMITH 1G", "SILVERSMITH 2G" };
	static const int vp[] = { 1, 3, 2, 4 };

	(void)state;
	for (int i = 0; i < 4; i++) {
		fresh();
		set_res(0, 4, 4, 4, 2, 4);
		actions(0, (const int[]){ 10, 2, 0 }, (const int[]){ -1 });
		ok(0, x[i]);
		assert_int_equal(G.pl[0].res[TG_VP], 4 + vp[i]);
		/* Once only. */
		refused(0, "SILVERSMITH 2P");
	}
	fresh();
	actions(0, (const int[]){ 10, 2, 0 }, (const int[]){ -1 });
	refused(0, "SILVERSMITH 3D");
	refused(0, "SILVERSMITH 2G");	/* anna has 1 gold */
}

static void
test_caravan(void **state)
{
	int gc;

	(void)state;
	fresh();
	gc = goods_card(0, 1, 1, 0, 0, 0);
	goods_on_top(gc);
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN");
	assert_int_equal(G.pl[0].res[TG_S], 3);
	assert_int_equal(G.pl[0].res[TG_P], 3);
	assert_int_equal(G.gdisc[G.ngdisc - 1], gc);
	/* A choice card asks, unless the good was named in advance. */
	fresh();
	goods_on_top(goods_card(0, 0, 0, 0, 0, 1));
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN");
	assert_int_equal(G.sub, SUB_CARAVAN);
	refused(0, "TAKE 2");
	ok(0, "CHOOSE D");
	assert_int_equal(G.pl[0].res[TG_D], 3);
	fresh();
	goods_on_top(goods_card(0, 0, 0, 0, 0, 1));
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN P");
	assert_int_equal(G.pl[0].res[TG_P], 3);
}

static void
test_tribal_expansion(void **state)
{
	(void)state;
	fresh();
	tribe_on_top(23);
	actions(0, (const int[]){ 14, 2, 0 }, (const int[]){ -1 });
	evsink_free(&EV);
	ok(0, "EXPAND");
	assert_int_equal(G.sub, SUB_DRAWN);
	/* Only anna learns which card it is. */
	for (size_t i = 0; i < EV.n; i++)
		if (strstr(evline_text(&EV.v[i]), "23") != NULL)
			assert_int_equal(EV.v[i].vis, VIS_SEAT(0));
	refused(0, "TAKE 2");
	ok(0, "BUY ROW 3");
	assert_int_equal(G.pl[0].display[8], card(23));
	fresh();
	tribe_on_top(23);
	actions(0, (const int[]){ 14, 2, 0 }, (const int[]){ -1 });
	ok(0, "EXPAND");
	ok(0, "KEEP");
	assert_int_equal(G.pl[0].hand, card(23));
	/* With a hand card held the drawn card cannot be kept too (001: "nur
	 * eine Stammeskarte auf der Hand"): display it or discard it. */
	fresh();
	to_hand(0, 21);
	tribe_on_top(23);
	set_res(0, 0, 0, 0, 0, 4);
	actions(0, (const int[]){ 14, 2, 0 }, (const int[]){ -1 });
	ok(0, "EXPAND");
	assert_false(is_legal(0, "KEEP"));
	refused(0, "KEEP");
	ok(0, "DISCARD");
	assert_int_equal(G.pl[0].hand, card(21));
	assert_int_equal(G.tdisc[G.ntdisc - 1], card(23));
}

static void
test_goods_deck_reshuffles(void **state)
{
	(void)state;
	fresh();
	/* Everything left in the goods deck goes to the discards. */
	while (G.ngdeck > 0)
		G.gdisc[G.ngdisc++] = G.gdeck[--G.ngdeck];
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN D");
	assert_true(last_event_has("shuffled"));
	assert_int_equal(G.ngdeck + G.ngdisc, 19 - 5);
}

/* 003: "Si el mazo de cartas de mercancía se queda vacío, se barajan
 * inmediatamente las cartas de mercancía descartadas": the discards become
 * the new deck when the last card is drawn, so a card discarded after that
 * (here the Caravan's own card) waits in the new discard pile. */
static void
test_goods_deck_reshuffles_at_once(void **state)
{
	int last, before;

	(void)state;
	fresh();
	while (G.ngdeck > 1)
		G.gdisc[G.ngdisc++] = G.gdeck[--G.ngdeck];
	last = G.gdeck[0];
	before = G.ngdisc;
	actions(0, (const int[]){ 13, 2, 0 }, (const int[]){ -1 });
	ok(0, "CARAVAN D");
	assert_int_equal(G.ngdeck, before);
	assert_int_equal(G.ngdisc, 1);
	assert_int_equal(G.gdisc[0], last);
	for (int i = 0; i < G.ngdeck; i++)
		assert_int_not_equal(G.gdeck[i], last);
}

/* Refilling the centre draws from the goods deck too: its reshuffle is
 * narrated as the Caravan's is (issue 29). */
static void
test_centre_refill_reshuffle_is_narrated(void **state)
{
	(void)state;
	fresh();
	while (G.ngdeck > 1)
		G.gdisc[G.ngdisc++] = G.gdeck[--G.ngdeck];
	to_central(1, 21);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ 1, -1 });
	assert_false(last_event_has("shuffled"));
	ok(0, "DISCARD B1");
	assert_int_equal(G.cen_type[1], CEN_GOODS);
	assert_int_equal(G.ngdisc, 0);
	assert_true(last_event_has("The goods discards are shuffled into a new goods deck."));
}

static void
test_limit(void **state)
{
	(void)state;
	fresh();
	set_res(0, 5, 5, 2, 5, 4);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	ok(0, "TAKE 2");
	/* 13 goods and 5 gold: gold goes back by itself, goods need a choice. */
	assert_int_equal(G.pl[0].res[TG_G], 3);
	assert_int_equal(G.sub, SUB_LIMIT);
	refused(0, "DROP 2D");
	refused(0, "DROP 3P");
	ok(0, "DROP 2D 1S");
	assert_int_equal(tg_goods_total(&G.pl[0]), 10);
	assert_int_equal(G.turn, 1);
	/* A standing answer settles it without asking. */
	fresh();
	ok(0, "STANDING LIMIT P S D");
	set_res(0, 5, 5, 2, 1, 4);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	ok(0, "TAKE 2");
	assert_int_equal(G.pl[0].res[TG_P], 0);
	assert_int_equal(G.pl[0].res[TG_S], 4);
	assert_int_equal(G.pl[0].res[TG_D], 6);
	assert_int_equal(G.turn, 1);
}

static void
test_twelfth_card_ends_after_round(void **state)
{
	static const int ids[] = { 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 210 };

	(void)state;
	fresh();
	for (int i = 0; i < 11; i++)
		to_display(0, ids[i], i);
	to_central(1, 220);
	actions(0, (const int[]){ 0 }, (const int[]){ 1, -1 });
	G.targi_at[2] = 1;
	ok(0, "BUY B1 ROW 3");
	assert_int_equal(G.end_after_round, 1);
	/* The other player still has his turn. */
	assert_int_not_equal(G.phase, PH_OVER);
	assert_int_equal(G.turn, 1);
	ok(1, "END");
	assert_int_equal(G.phase, PH_OVER);
}

static void
test_scoring_example(void **state)
{
	/* The rules' example: 3 VP tokens, 21 card VP, +1 for two Wells
	 * (215), +2 for the Camel rider 223 ending a full row, +4 for the row
	 * of Oases, +2 for the row of four symbols, nothing for the last row
	 * (a symbol twice): 33. */
	static const int ids[] = { 215, 228, 229, 20,  26, 29, 212, 223,
	    27, 24, 224, 226 };
	struct tg_score sc;

	(void)state;
	fresh();
	for (int i = 0; i < 12; i++)
		to_display(0, ids[i], i);
	set_res(0, 2, 2, 2, 1, 3);
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.tokens, 3);
	assert_int_equal(sc.cards, 21);
	assert_int_equal(sc.bonus, 3);
	assert_int_equal(sc.rows, 6);
	assert_int_equal(sc.total, 33);
}

/* 001: "Reihen mit weniger als vier Karten ... bringen keine zusätzlichen
 * Siegpunkte": three Oases, a lone card and three symbols score no row
 * bonus until a row is full. */
static void
test_incomplete_rows_score_nothing(void **state)
{
	struct tg_score sc;

	(void)state;
	fresh();
	to_display(0, 20, 0);
	to_display(0, 21, 1);
	to_display(0, 22, 2);
	to_display(0, 23, 4);
	to_display(0, 26, 8);
	to_display(0, 29, 9);
	to_display(0, 212, 10);
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.rows, 0);
	to_display(0, 228, 3);		/* a fourth Oasis */
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.rows, 4);
	to_display(0, 24, 5);		/* row 2: two cards, one symbol */
	tg_score(&G, 0, &sc);
	assert_int_equal(sc.rows, 4);
}

static void
test_tie_breaks(void **state)
{
	(void)state;
	fresh();
	set_res(0, 1, 1, 1, 2, 5);
	set_res(1, 3, 3, 3, 1, 5);
	tg_finish_game(&G, NULL);
	assert_int_equal(G.winner, 0);		/* more gold */
	fresh();
	set_res(0, 1, 1, 1, 1, 5);
	set_res(1, 3, 3, 3, 1, 5);
	tg_finish_game(&G, NULL);
	assert_int_equal(G.winner, 1);		/* more goods */
	fresh();
	tg_finish_game(&G, NULL);
	assert_int_equal(G.winner, -1);		/* a draw */
	assert_non_null(strstr(en(G.result), "draw"));
	fresh();
	set_res(1, 3, 3, 3, 1, 6);
	tg_finish_game(&G, NULL);
	assert_int_equal(G.winner, 1);
	/* Gold lying on card 240 is not the player's gold (rules-notes, "Game
	 * end"): equal gold, so more goods wins. */
	fresh();
	G.pl[0].card_gold = 1;
	G.supply[TG_G]--;
	set_res(1, 3, 3, 3, 1, 4);
	tg_finish_game(&G, NULL);
	assert_int_equal(G.winner, 1);
	assert_non_null(strstr(en(G.result), "more goods"));
}

static void
test_parse_canonical(void **state)
{
	static const char *const in[][2] = {
		{ "place 5", "PLACE 5" },
		{ "Take b2 salt", "TAKE B2 S" },
		{ "buy a1 row 2 pay 2 dates, s g", "BUY A1 ROW 2 PAY 2D 1S 1G" },
		{ "give vp", "GIVE VP" },
		{ "give dd", "GIVE 2D" },
		{ "trade 3 pepper for gold", "TRADE 3P FOR 1G" },
		{ "silversmith 2g", "SILVERSMITH 2G" },
		{ "mirage a1 to c3", "MIRAGE A1 C3" },
		{ "noble discard", "NOBLE DISCARD" },
		{ "done", "END" },
		{ "prefer 5 #13 2", "PREFER 5 13 2" },
		{ "standing limit most", "STANDING LIMIT MOST" },
		{ "swap 1-4 2-1", "SWAP 1-4 2-1" },
		{ "choose 1vp", "CHOOSE 1VP" },
		{ "drop 1d 1p", "DROP 1D 1P" },
	};
	static const char *const badl[] = {
		"PLACE", "TAKE Z9", "BUY B2", "BUY B2 ROW 5", "TRADE 3D",
		"GIVE 1D VP", "FLY 3", "STANDING RAID SOMETIMES", "SWAP 1-5 1-1",
		"DROP 1G",
		/* Found by fuzz_targi: a count past int overflowed; 2^32 + 5
		 * wrapped to 5. */
		"GIVE 4294967301D",
	};
	struct order o, back;
	struct diag d;

	(void)state;
	fresh();
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
		if (tg_parse(&G, 0, in[i][0], &o, &d) != 0)
			fail_msg("%s: %s", in[i][0], d.msg);
		assert_string_equal(o.text, in[i][1]);
		assert_int_equal(tg_parse(&G, 0, o.text, &back, &d), 0);
		assert_string_equal(back.text, o.text);
		assert_memory_equal(back.arg, o.arg, sizeof o.arg);
	}
	for (size_t i = 0; i < sizeof badl / sizeof badl[0]; i++) {
		assert_int_equal(tg_parse(&G, 0, badl[i], &o, &d), -1);
		assert_true(strlen(d.msg) > 10);
	}
}

/* A face-down goods card turned up is named, as the centre lists it. */
static void
test_turn_up_names_goods(void **state)
{
	struct tg_goodscard *g;
	char pos[3], spec[48], want[80];

	(void)state;
	fresh();
	assert_int_equal(G.cen_type[0], CEN_GOODS);
	G.cen_down[0] = 1;
	g = &G.goods[G.cen_card[0]];
	g->choice = 0;
	memset(g->res, 0, sizeof g->res);
	g->res[TG_S] = 3;
	tg_pos_name(0, pos);
	tg_spec_text(g->res, spec, sizeof spec);
	snprintf(want, sizeof want, "%s turns up: goods card %s.", pos, spec);
	tg_end_round(&G, &EV);
	assert_true(last_event_has(want));
}

static void
test_waiting_for(void **state)
{
	struct pending p;

	(void)state;
	fresh();
	tg_waiting_for(&G, &p);
	assert_int_equal(p.seats, VIS_SEAT(0));
	assert_string_equal(p.kind[0], "placement");
	set_res(0, 5, 5, 2, 1, 4);
	actions(0, (const int[]){ 2, 0 }, (const int[]){ -1 });
	tg_waiting_for(&G, &p);
	assert_string_equal(p.kind[0], "actions");
	ok(0, "TAKE 2");
	tg_waiting_for(&G, &p);
	assert_string_equal(p.kind[0], "limit");
	assert_non_null(strstr(en(p.own[0]), "put back 3"));
	assert_string_equal(en(p.what[0]), "holding 13 goods: putting back 3.");
}

static void
dump(const struct tval *v, struct buf *b)
{
	switch (v->type) {
	case TV_STR:
		buf_printf(b, "%s\n", en(v->str));
		break;
	case TV_NUM:
		buf_printf(b, "%g\n", v->num);
		break;
	case TV_LIST:
	case TV_MAP:
		for (size_t i = 0; i < v->n; i++) {
			if (v->keys != NULL)
				buf_printf(b, "%s:", v->keys[i]);
			dump(v->items[i], b);
		}
		break;
	default:
		break;
	}
}

static char *
view_text(int viewer)
{
	struct tval *root = tval_map();
	struct buf b = BUF_INIT;

	tg_view(&G, viewer, root);
	dump(root, &b);
	tval_free(root);
	return buf_steal(&b);
}

static void
test_view_hides_what_it_must(void **state)
{
	char *a, *b, *o, *line;

	(void)state;
	fresh();
	to_hand(0, 243);
	to_hand(1, 244);
	a = view_text(0);
	b = view_text(1);
	o = view_text(-1);
	/* Each sees his own hand card, not the other's. */
	assert_non_null(strstr(a, "243 Oasis"));
	assert_null(strstr(a, "244 Tent"));
	assert_non_null(strstr(b, "244 Tent"));
	assert_null(strstr(b, "243 Oasis"));
	assert_null(strstr(o, "243 Oasis"));
	assert_null(strstr(o, "244 Tent"));
	/* The board is there, each line short enough for any mail client. */
	assert_non_null(strstr(a, "| 1 Noble"));
	for (line = strtok(a, "\n"); line != NULL; line = strtok(NULL, "\n"))
		if (strncmp(line, "line:", 5) == 0)
			assert_true(strlen(line + 5) < 72);
	free(a);
	free(b);
	free(o);
	/* A card taken face up from the centre was seen by both: the other
	 * reads it, the observer too; "hidden" is for a secret hand alone. */
	G.pl[1].hand_secret = 0;
	a = view_text(0);
	o = view_text(-1);
	assert_non_null(strstr(a, "244 Tent"));
	assert_non_null(strstr(o, "244 Tent"));
	free(a);
	free(o);
	/* Open hands show both. */
	{
		const char *kv[] = { "open_hands=yes" };

		fresh_opts(kv, 1, 1);
		to_hand(1, 244);
		a = view_text(0);
		assert_non_null(strstr(a, "244 Tent"));
		free(a);
	}
	/* A face-down card and the deck order are never shown. */
	fresh();
	tribe_on_top(241);
	actions(0, (const int[]){ 14, 2, 0 }, (const int[]){ 0, -1 });
	ok(0, "EXPAND");
	a = view_text(0);
	b = view_text(1);
	assert_non_null(strstr(a, "241 Targia"));
	assert_null(strstr(b, "241 Targia"));
	free(a);
	free(b);
	ok(0, "DISCARD");
	ok(0, "TAKE A1");
	assert_int_equal(G.cen_down[0], 1);
	b = view_text(1);
	assert_non_null(strstr(b, "face down"));
	{
		char needle[32];

		snprintf(needle, sizeof needle, "%d %s", G.tribe[G.cen_card[0]].id,
		    tg_symbol_name(G.tribe[G.cen_card[0]].symbol));
		assert_null(strstr(b, needle));
	}
	free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_setup_needs_two_seats),
		cmocka_unit_test(test_placement_rules),
		cmocka_unit_test(test_no_marker_without_crossing),
		cmocka_unit_test(test_preference_list),
		cmocka_unit_test(test_placement_plan),
		cmocka_unit_test(test_placement_plan_taken),
		cmocka_unit_test(test_placement_plan_hidden),
		cmocka_unit_test(test_robber_and_start_player_move),
		cmocka_unit_test(test_raid_choices),
		cmocka_unit_test(test_raids_2_and_3),
		cmocka_unit_test(test_raid_cannot_pay),
		cmocka_unit_test(test_raid_part_is_not_paid),
		cmocka_unit_test(test_standing_raid_orders),
		cmocka_unit_test(test_last_raid_ends_game),
		cmocka_unit_test(test_last_raid_cannot_pay_gives_3vp),
		cmocka_unit_test(test_goods_border_and_central),
		cmocka_unit_test(test_declined_central_card_stays),
		cmocka_unit_test(test_tribe_card_buy_keep_discard),
		cmocka_unit_test(test_display_fills_left_to_right),
		cmocka_unit_test(test_payment_choices),
		cmocka_unit_test(test_hand_card_cannot_be_swapped),
		cmocka_unit_test(test_noble),
		cmocka_unit_test(test_hand_card_waits_for_a_later_round),
		cmocka_unit_test(test_merchant),
		cmocka_unit_test(test_fata_morgana),
		cmocka_unit_test(test_silversmith),
		cmocka_unit_test(test_caravan),
		cmocka_unit_test(test_tribal_expansion),
		cmocka_unit_test(test_goods_deck_reshuffles),
		cmocka_unit_test(test_goods_deck_reshuffles_at_once),
		cmocka_unit_test(test_centre_refill_reshuffle_is_narrated),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_twelfth_card_ends_after_round),
		cmocka_unit_test(test_scoring_example),
		cmocka_unit_test(test_incomplete_rows_score_nothing),
		cmocka_unit_test(test_tie_breaks),
		cmocka_unit_test(test_parse_canonical),
		cmocka_unit_test(test_turn_up_names_goods),
		cmocka_unit_test(test_waiting_for),
		cmocka_unit_test(test_view_hides_what_it_must),
	};

	if (load_data() != 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
