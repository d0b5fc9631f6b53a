/* Targui (mis)fortune cards: one test per card, numbered as in the rule
 * text, plus the rules for tribes not in the game or without their
 * settlement and for a short camel supply. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targui/targui.h"

#include "test_targui_fixture.h"


static int
total_camels(const struct tu_state *s)
{
	int n = 0;

	for (int b = 1; b <= TU_BOXES; b++)
		n += s->camels[b];
	return n;
}

/* 1: the salt mine loses all its camels; the marker stays. */
static void
test_card1_salt_mine(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 1);

	(void)u;
	clear(s, 0);
	put(s, 1, 0, 7);
	terrain(s, 2, T_REG);
	put(s, 2, 0, 4);
	tu_fortune(s, 1, NULL);
	assert_int_equal(s->camels[1], 0);
	assert_int_equal(s->owner[1], 0);
	assert_int_equal(s->camels[2], 4);
	ok(s);
	free(s);
}

/* 2-5: 10 camels on the named tribe's settlement. */
static void
test_cards2to5_gifts(void **u)
{
	static const int tribe_of_card[] = { 0, 0, 3, 2, 0, 1 };
	const char *kv[] = { "tribes=blue,red,green,yellow" };

	(void)u;
	for (int c = 2; c <= 5; c++) {
		struct tu_state *s = game(4, kv, 1, (uint64_t)c);
		int seat = s->seat_of[tribe_of_card[c]];
		int before = total_camels(s);

		clear(s, 0);
		before = total_camels(s);
		tu_fortune(s, c, NULL);
		assert_int_equal(s->camels[s->settle_box[seat]], 11);
		assert_int_equal(total_camels(s), before + 10);
		ok(s);
		free(s);
	}
}

/* A gift for a tribe not in the game does nothing. */
static void
test_gift_absent_tribe(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 3);	/* green and yellow */
	int before;

	(void)u;
	clear(s, 0);
	before = total_camels(s);
	tu_fortune(s, 2, NULL);		/* Kel Ress, blue */
	tu_fortune(s, 3, NULL);		/* Kel Ilbakan, red */
	assert_int_equal(total_camels(s), before);
	tu_fortune(s, 4, NULL);		/* Kel Ahaggar, green: seat 0 */
	assert_int_equal(total_camels(s), before + 10);
	free(s);
}

/* Nothing for a tribe that lost its settlement, nor for the new owner. */
static void
test_gift_lost_settlement(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 3);
	int home = s->settle_box[0], before;

	(void)u;
	clear(s, 0);
	put(s, home, 1, 3);
	terrain(s, 5, T_REG);
	put(s, 5, 0, 1);
	before = total_camels(s);
	tu_fortune(s, 4, NULL);
	assert_int_equal(s->camels[home], 3);
	assert_int_equal(total_camels(s), before);
	free(s);
}

/* The box may run out of camels: the gift is what is left. */
static void
test_gift_short_supply(void **u)
{
	const char *kv[] = { "camels=25" };
	struct tu_state *s = game(2, kv, 1, 3);

	(void)u;
	clear(s, 0);
	put(s, s->settle_box[1], 1, 20);
	assert_int_equal(s->supply, 4);
	tu_fortune(s, 4, NULL);
	assert_int_equal(s->camels[s->settle_box[0]], 5);
	assert_int_equal(s->supply, 0);
	ok(s);
	free(s);
}

/* 6: three camels lost in each erg, at most those there. */
static void
test_card6_sandstorm(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 4);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_ERG);
	put(s, 2, 0, 5);
	terrain(s, 3, T_ERG);
	put(s, 3, 1, 2);
	terrain(s, 4, T_REG);
	put(s, 4, 1, 9);
	tu_fortune(s, 6, NULL);
	assert_int_equal(s->camels[2], 2);
	assert_int_equal(s->camels[3], 0);
	assert_int_equal(s->owner[3], 1);	/* the marker stays */
	assert_int_equal(s->camels[4], 9);
	ok(s);
	free(s);
}

/* 7: no more than 15 camels in a guelta. */
static void
test_card7_drought(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 5);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_GUELTA);
	put(s, 2, 0, 22);
	terrain(s, 3, T_GUELTA);
	put(s, 3, 1, 15);
	terrain(s, 4, T_REG);
	put(s, 4, 1, 30);
	tu_fortune(s, 7, NULL);
	assert_int_equal(s->camels[2], 15);
	assert_int_equal(s->camels[3], 15);
	assert_int_equal(s->camels[4], 30);
	ok(s);
	free(s);
}

/* 8: 10 silver for each tribe that holds its settlement. */
static void
test_card8_caravan(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 6);

	(void)u;
	clear(s, 2);
	put(s, s->settle_box[2], 0, 1);		/* the third lost it */
	terrain(s, 5, T_REG);
	put(s, 5, 2, 1);
	tu_fortune(s, 8, NULL);
	assert_int_equal(s->money[0], 12);
	assert_int_equal(s->money[1], 12);
	assert_int_equal(s->money[2], 2);
	ok(s);
	free(s);
}

/* 9: half the camels in every settlement die, odd numbers less one. */
static void
test_card9_plague(void **u)
{
	struct tu_state *s = game(3, NULL, 0, 7);

	(void)u;
	clear(s, 0);
	put(s, s->settle_box[0], 0, 9);
	put(s, s->settle_box[1], 1, 10);
	put(s, s->settle_box[2], 0, 1);		/* conquered: still hit */
	terrain(s, 5, T_REG);
	put(s, 5, 2, 8);
	tu_fortune(s, 9, NULL);
	assert_int_equal(s->camels[s->settle_box[0]], 5);	/* 4 die */
	assert_int_equal(s->camels[s->settle_box[1]], 5);
	assert_int_equal(s->camels[s->settle_box[2]], 1);
	assert_int_equal(s->camels[5], 8);
	ok(s);
	free(s);
}

/* 10: one camel killed in each territory. */
static void
test_card10_raid(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 8);

	(void)u;
	clear(s, 0);
	put(s, 1, 0, 3);
	terrain(s, 2, T_MOUNTAIN);
	put(s, 2, 1, 0);
	terrain(s, 3, T_FESH);
	put(s, 3, 1, 2);
	tu_fortune(s, 10, NULL);
	assert_int_equal(s->camels[1], 2);
	assert_int_equal(s->camels[2], 0);
	assert_int_equal(s->camels[3], 1);
	assert_int_equal(s->camels[s->settle_box[0]], 0);
	assert_int_equal(s->owner[s->settle_box[0]], 0);
	ok(s);
	free(s);
}

/* 11: five camels drown in each reg. */
static void
test_card11_rain(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 9);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_REG);
	put(s, 2, 0, 7);
	terrain(s, 3, T_REG);
	put(s, 3, 1, 4);
	terrain(s, 4, T_ERG);
	put(s, 4, 1, 7);
	tu_fortune(s, 11, NULL);
	assert_int_equal(s->camels[2], 2);
	assert_int_equal(s->camels[3], 0);
	assert_int_equal(s->camels[4], 7);
	ok(s);
	free(s);
}

/* 12: five camels born in each guelta with camels (option spring=owned:
 * in every owned guelta); never in one nobody holds. */
static void
test_card12_spring(void **u)
{
	const char *kv[] = { "spring=owned" };

	(void)u;
	for (int owned = 0; owned <= 1; owned++) {
		struct tu_state *s = game(2, kv, owned, 10);

		clear(s, 0);
		terrain(s, 2, T_GUELTA);
		put(s, 2, 0, 3);
		terrain(s, 3, T_GUELTA);
		put(s, 3, 1, 0);
		terrain(s, 4, T_GUELTA);
		terrain(s, 5, T_REG);
		put(s, 5, 1, 3);
		tu_fortune(s, 12, NULL);
		assert_int_equal(s->camels[2], 8);
		assert_int_equal(s->camels[3], owned ? 5 : 0);
		assert_int_equal(s->camels[4], 0);
		assert_int_equal(s->owner[4], TU_NONE);
		assert_int_equal(s->camels[5], 3);
		ok(s);
		free(s);
	}
}

/* 13: ergs have strategic value 3 for the rest of the round, in combat. */
static void
test_card13_ergs(void **u)
{
	static const int t[] = { 1, 1 };
	struct tu_dice dice = { t, 2, 0 };
	struct tu_state *s = game(2, NULL, 0, 11);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_ERG);
	put(s, 2, 0, 10);
	terrain(s, 3, T_REG);
	put(s, 3, 1, 10);
	assert_int_equal(tu_strategic(s, 2), 0);
	tu_fortune(s, 13, NULL);
	assert_int_equal(tu_strategic(s, 2), 3);
	assert_int_equal(tu_strategic(s, 3), 0);
	tu_do_attack(s, 0, 2, 3, 0, 1, TU_ALL, &dice, NULL);
	assert_int_equal(s->camels[3], 8);	/* (1 + 3) / 2 = 2 */
	assert_int_equal(s->camels[2], 10);	/* (1 + 0) / 2 = 0 */
	s->stack_pos = s->stack_n;
	tu_start_round(s, NULL);
	assert_int_equal(tu_strategic(s, 2), 0);
	free(s);
}

/* 14: ten camels die in each guelta. */
static void
test_card14_poison(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 12);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_GUELTA);
	put(s, 2, 0, 12);
	terrain(s, 3, T_GUELTA);
	put(s, 3, 1, 6);
	tu_fortune(s, 14, NULL);
	assert_int_equal(s->camels[2], 2);
	assert_int_equal(s->camels[3], 0);
	ok(s);
	free(s);
}

/* 15: the money of tribes holding their settlement is stolen; tribes
 * without keep theirs. raid=any: holding any settlement is enough. */
static void
test_card15_settlements_raided(void **u)
{
	const char *kv[] = { "raid=any" };

	(void)u;
	for (int any = 0; any <= 1; any++) {
		struct tu_state *s = game(3, kv, any, 13);

		clear(s, 7);
		put(s, s->settle_box[2], 1, 1);	/* the third lost it */
		terrain(s, 5, T_REG);
		put(s, 5, 2, 1);
		put(s, s->settle_box[1], 0, 1);	/* the second lost it too */
		tu_fortune(s, 15, NULL);
		assert_int_equal(s->money[0], 0);
		assert_int_equal(s->money[1], any ? 0 : 7);
		assert_int_equal(s->money[2], 7);
		ok(s);
		free(s);
	}
}

/* 15 with no money to steal: the news says so rather than "lose their
 * 0 silver", which no language's plural forms make read well. */
static void
test_card15_nothing_to_steal(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 13);
	struct evsink ev;
	int told = 0;

	(void)u;
	evsink_init(&ev);
	clear(s, 0);
	s->money[1] = 4;
	tu_fortune(s, 15, &ev);
	for (size_t i = 0; i < ev.n; i++) {
		char *t = msg_text("en", ev.v[i].enc);

		assert_null(strstr(t, "0 silver"));
		told += strstr(t, "have no silver to lose") != NULL;
		told += strstr(t, "lose their 4 silver") != NULL;
		free(t);
	}
	assert_int_equal(told, 2);
	evsink_free(&ev);
	free(s);
}

/* 16: a levy of 3 for each mountain at the end of this round only. */
static void
test_card16_mountains(void **u)
{
	struct tu_state *s = game(2, NULL, 0, 14);

	(void)u;
	clear(s, 0);
	terrain(s, 2, T_MOUNTAIN);
	put(s, 2, 0, 1);
	terrain(s, 3, T_MOUNTAIN);
	put(s, 3, 0, 0);
	assert_int_equal(tu_levy_of(s, 0), 4);
	tu_fortune(s, 16, NULL);
	assert_int_equal(tu_levy_of(s, 0), 10);
	tu_levy(s, NULL);
	assert_int_equal(s->money[0], 10);
	ok(s);
	/* (a new round forced by hand: the stack invariants do not hold) */
	s->stack_pos = s->stack_n;
	tu_start_round(s, NULL);
	assert_int_equal(tu_levy_of(s, 0), 4);
	free(s);
}

/* The data file numbers the cards as the rule text does. */
static void
test_card_data(void **u)
{
	struct tu_state *s = fresh(2, NULL, 0, 1);

	(void)u;
	for (int c = 1; c <= TU_FORTUNE; c++)
		assert_int_equal(s->card[c].number, c);
	assert_int_equal(s->card[1].effect, FX_CLEAR);
	assert_int_equal(s->card[1].terrain, T_SALTMINE);
	assert_int_equal(s->card[2].tribe, 3);		/* Kel Ress */
	assert_int_equal(s->card[3].tribe, 2);		/* Kel Ilbakan */
	assert_int_equal(s->card[4].tribe, 0);		/* Kel Ahaggar */
	assert_int_equal(s->card[5].tribe, 1);		/* Kel Ajjer */
	assert_int_equal(s->card[7].amount, 15);
	assert_int_equal(s->card[10].terrain, T_ANY);
	assert_int_equal(s->card[16].terrain, T_MOUNTAIN);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_data),
		cmocka_unit_test(test_card1_salt_mine),
		cmocka_unit_test(test_cards2to5_gifts),
		cmocka_unit_test(test_gift_absent_tribe),
		cmocka_unit_test(test_gift_lost_settlement),
		cmocka_unit_test(test_gift_short_supply),
		cmocka_unit_test(test_card6_sandstorm),
		cmocka_unit_test(test_card7_drought),
		cmocka_unit_test(test_card8_caravan),
		cmocka_unit_test(test_card9_plague),
		cmocka_unit_test(test_card10_raid),
		cmocka_unit_test(test_card11_rain),
		cmocka_unit_test(test_card12_spring),
		cmocka_unit_test(test_card13_ergs),
		cmocka_unit_test(test_card14_poison),
		cmocka_unit_test(test_card15_settlements_raided),
		cmocka_unit_test(test_card15_nothing_to_steal),
		cmocka_unit_test(test_card16_mountains),
	};
	const char *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;

	snprintf(dir, sizeof dir, "%s/data", srcdir ? srcdir : ".");
	if (tu_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
