/* Buqruru in every language: random matches with the narrative on, and
 * every line a player may read rendered in German, Spanish and French from
 * the shipped catalogs (po/buqruru, po/common). A message or term the
 * catalogs lack, or a mark byte left in a rendered text (a message built
 * from pieces the renderer cannot see), fails the test and names it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalog.h"
#include "games/buqruru/buqruru.h"
#include "core/rng.h"
#include "testutil.h"

static const struct game_rules *R = &buqruru_rules;

static void
views(const struct bq_state *st)
{
	for (int viewer = -1; viewer < BQ_SEATS; viewer++) {
		struct tval *v = tval_map();

		R->view(st, viewer, v);
		tr_said_tree("view", v, NULL, NULL);
		tval_free(v);
	}
}

/* Orders a player might send, most of them refused in most states. */
static const char *const tries[] = {
	"", "HOLE", "HOLE a", "HOLE c", "HOLE e", "HOLE h", "HOLE z", "HOLE a b",
	"SOW", "SOW 0", "SOW 1", "SOW 2", "SOW 3", "SOW 5", "SOW 7", "SOW 49",
	"SOW x", "SOW 2 3", "SOW 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "SOW 4 4 4",
	"REFILL", "REFILL a", "REFILL e", "REFILL a b", "REFILL e f",
	"REFILL a b REMAINDER c", "REFILL e f REMAINDER g", "REFILL REMAINDER a",
	"REFILL REMAINDER e", "REFILL a REMAINDER", "REFILL a a", "REFILL a z",
	"REFILL a REMAINDER a", "REFILL a REMAINDER z", "REFILL REMAINDER a b",
	"REFILL h REMAINDER e", "REFILL d REMAINDER a", "REFILL a b c d",
	"REFILL e f g h", "JUMP a",
	"one two three four five six seven eight nine ten eleven twelve "
	"thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty "
	"twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six "
	"twenty-seven twenty-eight twenty-nine thirty thirty-one thirty-two "
	"thirty-three",
};

static void
refusals(const struct bq_state *st, struct rng *pick)
{
	for (int seat = 0; seat < BQ_SEATS; seat++)
		for (int k = 0; k < 6; k++) {
			const char *text = tries[rng_below(pick,
			    (uint32_t)(sizeof tries / sizeof tries[0]))];
			struct bq_state copy = *st;
			struct order o;
			struct diag d;

			diag_clear(&d);
			if (R->parse(st, seat, text, &o, &d) != 0 ||
			    R->apply(&copy, seat, &o, NULL, &d) != 0)
				tr_said("refusal", d.enc);
		}
	{
		/* Past the last seat, and an order of no kind. */
		struct bq_state copy = *st;
		struct order o;
		struct diag d;

		memset(&o, 0, sizeof o);
		o.kind = 99;
		diag_clear(&d);
		if (R->apply(&copy, 5, &o, NULL, &d) != 0)
			tr_said("refusal", d.enc);
		diag_clear(&d);
		if (R->apply(&copy, 0, &o, NULL, &d) != 0)
			tr_said("refusal", d.enc);
	}
}

static void
pending(const struct bq_state *st)
{
	struct pending p;

	R->waiting_for(st, &p);
	if (p.over)
		tr_said("result", p.result);
	for (int s = 0; s < BQ_SEATS; s++) {
		struct order_list l;
		struct tval *list;

		if (!(p.seats & (1u << s)))
			continue;
		list = tval_list();
		tr_said("what", p.what[s]);
		tr_said("own", pending_own(&p, s));
		order_list_init(&l);
		R->legal(st, s, &l);
		for (size_t i = 0; i < l.n; i++)
			tval_set_str(tval_push_map(list), "text", l.v[i].text);
		tr_said_tree("legal", list, NULL, NULL);
		tval_free(list);
		order_list_free(&l);
	}
}

static void
play_match(const char *const *kv, int nkv, uint64_t seed)
{
	static const char names[2][SEAT_NAME] = { "south", "north" };
	struct bq_state st;
	struct optset os;
	struct diag d;
	struct rng pick;
	struct evsink ev;

	diag_clear(&d);
	evsink_init(&ev);
	if (opt_resolve(R->options, &os, kv, nkv, &d) != 0)
		fail_msg("options: %s", d.msg);
	memset(&st, 0, sizeof st);
	if (R->setup(&st, 2, names, &os, seed, &ev, &d) != 0)
		fail_msg("setup: %s", d.msg);
	rng_seed(&pick, seed ^ 0x5bd1e995u);
	for (int n = 0; n < 20000; n++) {
		struct pending p;
		struct order_list l;
		int seat;

		for (size_t i = 0; i < ev.n; i++)
			tr_said("narrative", ev.v[i].enc);
		ev.n = 0;
		views(&st);
		pending(&st);
		refusals(&st, &pick);
		R->waiting_for(&st, &p);
		if (p.over)
			break;
		seat = (p.seats & 1u) && (!(p.seats & 2u) || rng_below(&pick, 2) == 0)
		    ? 0 : 1;
		order_list_init(&l);
		R->legal(&st, seat, &l);
		if (R->apply(&st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)],
		    &ev, &d) != 0)
			fail_msg("apply: %s", d.msg);
		order_list_free(&l);
	}
	for (size_t i = 0; i < ev.n; i++)
		tr_said("narrative", ev.v[i].enc);
	evsink_free(&ev);
}

/* Setup refusals reach the game master, who may read another language. */
static void
setup_refusals(void)
{
	static const char names[2][SEAT_NAME] = { "south", "north" };
	static const char same[2][SEAT_NAME] = { "south", "south" };
	static const char *const bad[][1] = { { "first=west" } };
	struct bq_state st;
	struct optset os;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(opt_resolve(R->options, &os, NULL, 0, &d), 0);
	assert_int_not_equal(R->setup(&st, 3, names, &os, 1, NULL, &d), 0);
	tr_said("setup", d.enc);
	assert_int_not_equal(R->setup(&st, 2, same, &os, 1, NULL, &d), 0);
	tr_said("setup", d.enc);
	assert_int_equal(opt_resolve(R->options, &os, bad[0], 1, &d), 0);
	assert_int_not_equal(R->setup(&st, 2, names, &os, 1, NULL, &d), 0);
	tr_said("setup", d.enc);
}

static void
test_every_line_translated(void **state)
{
	static const char *const sets[][8] = {
		{ "hole_choice=sealed", "direction=opposite", "groups=any",
		  "chain=after-last", "owner_capture=on", "opening=one-by-one",
		  "sowing_hole=per-round", "first_direction=ccw" },
		{ "hole_choice=open", "direction=shared-ccw",
		  "groups=divisors-1-4", "chain=to-sowing-hole",
		  "owner_capture=off", "opening=each-one-by-one",
		  "sowing_hole=whole-match", "first_direction=cw" },
		{ "hole_choice=sealed", "direction=shared-cw", "groups=any",
		  "chain=to-sowing-hole", "owner_capture=on", "opening=free",
		  "sowing_hole=whole-match", "first_direction=ccw" },
		{ "hole_choice=open", "direction=opposite",
		  "groups=divisors-1-4", "chain=after-last", "owner_capture=off",
		  "opening=free", "sowing_hole=per-round", "first_direction=cw" },
	};
	uint64_t seed = 7;

	(void)state;
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		for (int m = 0; m < 12; m++)
			play_match(sets[i], 8, seed++);
	setup_refusals();
	print_message("%ld texts rendered in de, es and fr\n", tr_rendered());
	assert_true(tr_rendered() > 3333);
}

/* A malformed order is refused with examples in the reader's order words
 * (numbers and hole letters as they are): no catalog spells one by hand.
 * The lines are in lower case: a refusal quotes the player's line as sent. */
static void
test_refusals_in_the_readers_words(void **state)
{
	static const char names[2][SEAT_NAME] = { "south", "north" };
	struct bq_state st;
	struct optset os;
	struct order o;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(opt_resolve(R->options, &os, NULL, 0, &d), 0);
	memset(&st, 0, sizeof st);
	assert_int_equal(R->setup(&st, 2, names, &os, 1, NULL, &d), 0);
	assert_int_not_equal(R->parse(&st, 0, "sow x", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("en", d.enc, "e.g. \"SOW 2\" or \"SOW 2 3\"", NULL);
	assert_reads("de", d.enc, "z. B. „SÄEN 2“ oder „SÄEN 2 3“", "SOW");
	assert_reads("es", d.enc, "SEMBRAR 2 3", "SOW");
	assert_reads("fr", d.enc, "DISTRIBUER 2 3", "SOW");
	assert_int_not_equal(R->parse(&st, 0, "hole", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "„MULDE ", "HOLE");
	assert_reads("es", d.enc, "CASILLA ", "HOLE");
	assert_reads("fr", d.enc, "CASE ", "HOLE");
	assert_int_not_equal(R->parse(&st, 0, "refill", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "dann REST und", "REMAINDER");
	assert_reads("de", d.enc, "„AUFFÜLLEN a b REST c“", "REFILL");
	assert_reads("es", d.enc, "RELLENAR a b RESTO c", "REFILL");
	assert_reads("fr", d.enc, "REMPLIR a b RESTE c", "REFILL");
	assert_int_not_equal(R->parse(&st, 0, "jump a", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "MULDE, SÄEN und AUFFÜLLEN", "HOLE");
	assert_reads("fr", d.enc, "« CASE a » ou « DISTRIBUER 2 »", "SOW");
	assert_int_equal(msg_missing(), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_line_translated),
		cmocka_unit_test(test_refusals_in_the_readers_words),
	};

	return cmocka_run_group_tests(tests, tr_load, NULL);
}
