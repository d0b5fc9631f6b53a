/* Targui in every language: random games with the narrative on, queued and
 * refused orders, and every line a player may read rendered in German,
 * Spanish and French from the shipped catalogs (po/targui, po/common). A
 * message or term the catalogs lack, or a mark byte left in a rendered text
 * (a message built from pieces the renderer cannot see), fails the test and
 * names it. The English card names of the catalog must be those of the data
 * file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalog.h"
#include "games/targui/targui.h"
#include "core/rng.h"
#include "testutil.h"

static long refused, queued;

static void
views(const struct tu_state *s, int all)
{
	for (int viewer = -1; viewer < s->nseats; viewer++) {
		struct tval *v = tval_map();

		tu_view(s, viewer, v);
		tr_said_tree("view", v, NULL, NULL);
		tval_free(v);
	}
	if (all) {
		struct tval *v = tval_map();

		tu_view(s, VIEW_ALL, v);
		tr_said_tree("view", v, NULL, NULL);
		tval_free(v);
	}
}

/* A German reader's prompt holds no English order word: each is ORDER(),
 * and a buffer too small for one would fall back to the English format. */
static void
no_english_orders(const char *where, const char *enc)
{
	static const char *const kw[] = {
		"SECTOR", "SETTLE", "MOVE", "ATTACK", "BUY", "PASS", "END",
		"CANCEL", "STOP", "AFTER", "ENTER", "ALL",
	};
	char *t = msg_text("de", enc);

	for (const char *p = t; *p != '\0'; ) {
		size_t n = 0;

		while (p[n] >= 'A' && p[n] <= 'Z')
			n++;
		for (size_t i = 0; n > 0 && i < sizeof kw / sizeof kw[0]; i++)
			if (strlen(kw[i]) == n && strncmp(p, kw[i], n) == 0)
				fail_msg("%s: the English order word %s in \"%s\"",
				    where, kw[i], t);
		p += n > 0 ? n : 1;
		while (n > 0 && *p != '\0' && *p >= 'A' && *p <= 'Z')
			p++;
	}
	free(t);
}

static void
pending(const struct tu_state *s)
{
	struct pending p;

	tu_waiting_for(s, &p);
	if (p.over)
		tr_said("result", p.result);
	for (int i = 0; i < s->nseats; i++) {
		struct order_list l;
		struct tval *list;

		if (!(p.seats & VIS_SEAT(i)))
			continue;
		list = tval_list();
		tr_said("what", p.what[i]);
		tr_said("own", pending_own(&p, i));
		no_english_orders("what", p.what[i]);
		no_english_orders("own", pending_own(&p, i));
		order_list_init(&l);
		tu_legal(s, i, &l);
		tu_legal_summary(s, i, &l, list);
		tr_said_tree("legal", list, NULL, NULL);
		tval_free(list);
		order_list_free(&l);
	}
}

static const char *const tries[] = {
	"", "SECTOR", "SECTOR E", "SECTOR A", "SECTOR B", "SECTOR C", "SECTOR D",
	"SETTLE", "SETTLE 99", "SETTLE x", "SETTLE 21", "SETTLE 2", "SETTLE 40",
	"MOVE", "MOVE 1 2 3", "MOVE 21 22 ALL", "MOVE 21 22 0", "MOVE 21 22 x",
	"MOVE 24 25 1", "MOVE 1 49 1", "MOVE 50 1 1", "MOVE 2 1 1", "MOVE 1 24 1",
	"ATTACK", "ATTACK 21 22", "ATTACK 21 22 STOP", "ATTACK 21 22 STOP x",
	"ATTACK 21 22 AFTER x", "ATTACK 21 22 ENTER x", "ATTACK 21 22 FOO 1",
	"ATTACK 21 22 STOP 3 AFTER 2 ENTER ALL", "ATTACK 1 1", "ATTACK 22 99",
	"BUY", "BUY 21 4", "BUY 1 1", "BUY 21 x", "BUY 21 999", "BUY 21 0",
	"BUY 99 1", "PASS", "END", "CANCEL", "PASS 1", "JUMP 3",
	"a b c d e f g h i j k l m n o p q r s t u v w x y z",
};

/* An order from one of seat's own boxes: legal or not, often queued. */
static void
own_order(const struct tu_state *s, int seat, struct rng *pick, char *out,
    size_t n)
{
	int boxes[TU_BOXES], nb = 0, b, to, k;

	for (int i = 1; i <= TU_BOXES; i++)
		if (s->owner[i] == seat)
			boxes[nb++] = i;
	if (nb == 0) {
		snprintf(out, n, "PASS");
		return;
	}
	b = boxes[rng_below(pick, (uint32_t)nb)];
	to = 1 + (int)rng_below(pick, TU_BOXES);
	for (int t = 1; t <= TU_BOXES; t++)
		if (tu_adjacent(s, b, t) && rng_below(pick, 3) == 0)
			to = t;
	k = 1 + (int)rng_below(pick, 40);
	switch (rng_below(pick, 5)) {
	case 0:
		snprintf(out, n, "MOVE %d %d %d", b, to, k);
		break;
	case 1:
		snprintf(out, n, "ATTACK %d %d STOP %d AFTER %d", b, to, k % 5,
		    k % 3);
		break;
	case 2:
		snprintf(out, n, "BUY %d %d", b, k);
		break;
	case 3:
		snprintf(out, n, "MOVE %d %d ALL", b, to);
		break;
	default:
		snprintf(out, n, "ATTACK %d %d", b, to);
		break;
	}
}

static int
send(struct tu_state *s, int seat, const char *text, struct evsink *ev)
{
	struct order o;
	struct diag d;
	int rc;

	diag_clear(&d);
	rc = tu_parse(s, seat, text, &o, &d);
	if (rc == 0)
		rc = tu_apply(s, seat, &o, ev, &d);
	if (d.enc[0] != '\0') {
		tr_said("reply", d.enc);
		refused += rc != 0;
		queued += rc == 0;
	}
	return rc;
}

static void
refusals(const struct tu_state *s, struct rng *pick)
{
	struct tu_state *copy = malloc(sizeof *copy);
	char text[96];

	for (int seat = 0; seat < s->nseats + 1; seat++)
		for (int k = 0; k < 4; k++) {
			memcpy(copy, s, sizeof *copy);
			if (k % 2 == 0)
				snprintf(text, sizeof text, "%s", tries[rng_below(pick,
				    (uint32_t)(sizeof tries / sizeof tries[0]))]);
			else
				own_order(s, seat, pick, text, sizeof text);
			send(copy, seat, text, NULL);
		}
	free(copy);
}

static void
play_game(const char *const *kv, int nkv, int nseats, uint64_t seed)
{
	static const char names[MAX_SEATS][SEAT_NAME] = {
		"anna", "bruno", "chloe", "driss"
	};
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset os;
	struct diag d;
	struct rng pick;
	struct evsink ev;

	diag_clear(&d);
	evsink_init(&ev);
	if (opt_resolve(tu_options, &os, kv, nkv, &d) != 0)
		fail_msg("options: %s", d.msg);
	if (tu_setup(s, nseats, names, &os, seed, &ev, &d) != 0)
		fail_msg("setup: %s", d.msg);
	rng_seed(&pick, seed ^ 0x2545f4914f6cdd1dull);
	for (int n = 0; n < 5000; n++) {
		struct pending p;
		struct order_list l;
		int seat = -1;

		for (size_t i = 0; i < ev.n; i++)
			tr_said("narrative", ev.v[i].enc);
		ev.n = 0;
		if (n % 3 == 0)
			views(s, 0);
		pending(s);
		refusals(s, &pick);
		tu_waiting_for(s, &p);
		if (p.over)
			break;
		for (int i = 0; i < s->nseats; i++)
			if (p.seats & VIS_SEAT(i))
				seat = i;
		/* Another tribe queues an order for its next turn, or
		 * cancels its queue. */
		if (s->phase == PH_TURN && rng_below(&pick, 3) == 0) {
			int other = (int)rng_below(&pick, (uint32_t)s->nseats);
			char text[96];

			if (other != seat) {
				if (rng_below(&pick, 8) == 0)
					snprintf(text, sizeof text, "CANCEL");
				else
					own_order(s, other, &pick, text, sizeof text);
				send(s, other, text, &ev);
			}
		}
		order_list_init(&l);
		tu_legal(s, seat, &l);
		if (tu_apply(s, seat, &l.v[rng_below(&pick, (uint32_t)l.n)], &ev,
		    &d) != 0)
			fail_msg("apply: %s", d.msg);
		order_list_free(&l);
	}
	for (size_t i = 0; i < ev.n; i++)
		tr_said("narrative", ev.v[i].enc);
	/* The result names the levy, the camels and the money; a random
	 * game seldom ends on 1 silver, so every count is tried. */
	for (int m = 0; s->phase == PH_OVER && m < 3; m++) {
		for (int i = 0; i < s->nseats; i++)
			s->money[i] = m;
		ev.n = 0;
		tu_final_result(s, &ev);
		tr_said("result", s->result);
	}
	ev.n = 0;
	views(s, 1);
	pending(s);
	evsink_free(&ev);
	free(s);
}

static void
setup_refusals(void)
{
	static const char names[MAX_SEATS][SEAT_NAME] = {
		"anna", "bruno", "chloe", "driss"
	};
	static const char *const bad[][2] = {
		{ "tribes=green,purple", NULL }, { "tribes=green,green", NULL },
		{ "tribes=green", NULL }, { "tribes=green,red,blue", NULL },
		{ "fortune=1,x", NULL }, { "fortune=1,2,2", NULL },
		{ "fortune=2,3", NULL }, { "fortune=1,2,3", "rounds=3" },
		{ "fortune=1,6,7", "rounds=5" }, { "rounds=17", NULL },
		{ "rounds=x", NULL }, { "camels=3", NULL }, { "fortune=1,99", NULL },
	};
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset os;
	struct diag d;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		diag_clear(&d);
		if (opt_resolve(tu_options, &os, bad[i], bad[i][1] ? 2 : 1, &d) != 0 ||
		    tu_setup(s, 2, names, &os, 1, NULL, &d) != 0)
			tr_said("setup", d.enc);
	}
	assert_int_equal(opt_resolve(tu_options, &os, NULL, 0, &d), 0);
	assert_int_not_equal(tu_setup(s, 5, names, &os, 1, NULL, &d), 0);
	tr_said("setup", d.enc);
	free(s);
}

static void
test_every_line_translated(void **state)
{
	static const char *const sets[][5] = {
		{ "rounds=16", "camels=450", "sectors=any", "spring=occupied",
		  "raid=own" },
		{ "rounds=6", "camels=unlimited", "sectors=opposite",
		  "spring=owned", "raid=any" },
		{ "rounds=16", "camels=40", "sectors=any", "spring=owned",
		  "raid=any" },
	};
	uint64_t seed = 11;

	(void)state;
	for (int nseats = 2; nseats <= 4; nseats++)
		for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
			for (int m = 0; m < 2; m++)
				play_game(sets[i], 5, nseats, seed++);
	setup_refusals();
	print_message("%ld texts rendered in de, es and fr (%ld refusals, %ld "
	    "queued)\n", tr_rendered(), refused, queued);
	assert_true(refused > 1000);
	assert_true(queued > 10);
}

/* The catalog's English card names are the data file's. */
static void
test_card_names(void **state)
{
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset os;
	struct diag d;
	static const char names[MAX_SEATS][SEAT_NAME] = { "anna", "bruno" };

	(void)state;
	assert_int_equal(opt_resolve(tu_options, &os, NULL, 0, &d), 0);
	assert_int_equal(tu_setup(s, 2, names, &os, 1, NULL, &d), 0);
	for (int c = 1; c <= TU_FORTUNE; c++) {
		char key[64];
		char *t;

		tu_fortune_term(c, key, sizeof key);
		t = msg_text("en", key);
		assert_string_equal(t, s->card[c].name);
		free(t);
	}
	free(s);
}

/* A malformed order is refused with its form in the reader's order words,
 * numbers as they are: no catalog spells an order by hand. The lines are in
 * lower case: a refusal may quote the player's line as sent. */
static void
test_refusals_in_the_readers_words(void **state)
{
	static const char names[2][SEAT_NAME] = { "anna", "bruno" };
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset os;
	struct order o;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(opt_resolve(tu_options, &os, NULL, 0, &d), 0);
	assert_int_equal(tu_setup(s, 2, names, &os, 1, NULL, &d), 0);
	assert_int_not_equal(tu_parse(s, 0, "move 21", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("en", d.enc, "Write MOVE <from> <to> <camels>|ALL, e.g. MOVE 21 22 5.", NULL);
	assert_reads("de", d.enc, "Schreibe ZIEHEN <von> <nach> <Kamele>|ALLE, z. B. ZIEHEN 21 22 5.", "MOVE");
	assert_reads("es", d.enc, "MOVER 21 22 5", "MOVE ");
	assert_reads("fr", d.enc, "DÉPLACER 21 22 5", "MOVE");
	assert_int_not_equal(tu_parse(s, 0, "buy 21", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "KAUFEN 21 4", "BUY");
	assert_reads("es", d.enc, "COMPRAR 21 4", "BUY");
	assert_reads("fr", d.enc, "|TOUS, ", "ALL");
	assert_int_not_equal(tu_parse(s, 0, "attack 21", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "ANGRIFF <von> <nach> [STOPP <Kamele>] [NACH <Schlagabtausche>] [EINRÜCKEN <Kamele>|ALLE]", "ATTACK");
	assert_reads("fr", d.enc, "[ARRÊT ", "STOP");
	assert_int_not_equal(tu_parse(s, 0, "hop", &o, &d), 0);
	assert_quotes_orders(d.enc);
	assert_reads("de", d.enc, "SEKTOR, SIEDELN, ZIEHEN, ANGRIFF, KAUFEN, PASSEN, ENDE oder WIDERRUF", "SETTLE");
	assert_reads("es", d.enc, "ASENTAR", "SETTLE");
	assert_int_equal(msg_missing(), 0);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_names),
		cmocka_unit_test(test_every_line_translated),
		cmocka_unit_test(test_refusals_in_the_readers_words),
	};

	return cmocka_run_group_tests(tests, tr_load, NULL);
}
