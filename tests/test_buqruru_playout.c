/* Random playouts of whole Buqruru matches over many option sets: every
 * listed order must parse back to itself and apply, every state must pass
 * check(), and every match must end. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/buqruru/buqruru.h"

/* what is read by every seat and observer: it may not speak to one. */
static int
speaks_to_reader(const char *what)
{
	static const char *const words[] = { "you", "You", "YOU" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		for (const char *q = strstr(what, words[i]); q != NULL;
		    q = strstr(q + 1, words[i]))
			if (q == what || q[-1] == ' ' || q[-1] == '(')
				return 1;
	return 0;
}

#define MATCHES_PER_SET	17	/* x 128 option sets = 2176 matches */
#define MAX_DECISIONS	20000	/* far above the longest match seen */

static const struct game_rules *R = &buqruru_rules;

struct tally {
	long matches, decisions, rounds, refills, max_decisions;
	long donkeys;
};

static void
same_order(const struct order *a, const struct order *b)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->nargs, b->nargs);
	for (int i = 0; i < a->nargs; i++)
		assert_int_equal(a->arg[i], b->arg[i]);
	assert_string_equal(a->text, b->text);
}

static void
check_ok(const struct bq_state *st)
{
	struct diag d;

	diag_clear(&d);
	if (R->check(st, &d) != 0)
		fail_msg("check failed: %s", d.msg);
}

static void
same_bytes(const struct bq_state *st)
{
	struct bq_state copy;
	struct buf a = BUF_INIT, b = BUF_INIT;

	memcpy(&copy, st, sizeof copy);
	R->serialize(st, &a);
	R->serialize(&copy, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.p, b.p, a.len);
	buf_free(&a);
	buf_free(&b);
}

/* Every order of l parses back to itself and applies to a copy of st. */
static void
all_apply(const struct bq_state *st, int seat, const struct order_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct bq_state copy;
		struct order back;
		struct diag d;

		diag_clear(&d);
		if (R->parse(st, seat, l->v[i].text, &back, &d) != 0)
			fail_msg("\"%s\" does not parse: %s", l->v[i].text, d.msg);
		same_order(&l->v[i], &back);
		memcpy(&copy, st, sizeof copy);
		if (R->apply(&copy, seat, &l->v[i], NULL, &d) != 0)
			fail_msg("listed \"%s\" does not apply: %s", l->v[i].text,
			    d.msg);
		check_ok(&copy);
	}
}

/* Every viewer's tree builds; no one but its maker sees a sealed choice. */
static void
views(const struct bq_state *st, int skip)
{
	for (int viewer = -1; viewer < 2; viewer++) {
		struct tval *v;

		if (viewer == skip)
			continue;
		v = tval_map();

		R->view(st, viewer, v);
		for (int s = 0; s < 2; s++) {
			const char *key = s == 0 ? "bottom" : "top";
			const char *shown = tval_get(tval_get(v, key), "sowing")->str;
			int hidden = st->phase == BQ_PH_HOLE &&
			    st->hole_choice == BQ_SEALED && viewer != s &&
			    bq_live(st, s) > 1;

			if (hidden)
				assert_string_equal(shown, "");
		}
		tval_free(v);
	}
}

static void
play_match(const char *const *kv, int nkv, uint64_t seed, struct tally *t)
{
	static const char names[2][SEAT_NAME] = { "south", "north" };
	struct bq_state st;
	struct optset os;
	struct diag d;
	struct rng pick;
	struct evsink ev;
	long n = 0;

	diag_clear(&d);
	evsink_init(&ev);
	if (opt_resolve(R->options, &os, kv, nkv, &d) != 0)
		fail_msg("options: %s", d.msg);
	memset(&st, 0, sizeof st);
	if (R->setup(&st, 2, names, &os, seed, &ev, &d) != 0)
		fail_msg("setup: %s", d.msg);
	rng_seed(&pick, seed ^ 0x9e3779b97f4a7c15ull);
	check_ok(&st);
	for (;;) {
		struct pending p;
		struct order_list l;
		struct order def;
		int seat, waited[2], nw = 0, round = st.round;

		R->waiting_for(&st, &p);
		if (p.over) {
			assert_int_equal(p.seats, 0);
			assert_true(p.result[0] != '\0');
			break;
		}
		assert_true(p.seats != 0);
		for (int s = 0; s < 2; s++) {
			order_list_init(&l);
			assert_int_equal(R->legal(&st, s, &l), 0);
			if (p.seats & (1u << s)) {
				assert_true(l.n > 0);
				assert_true(p.what[s][0] != '\0');
				assert_false(speaks_to_reader(p.what[s]));
				waited[nw++] = s;
			} else
				assert_int_equal(l.n, 0);
			order_list_free(&l);
		}
		seat = waited[rng_below(&pick, (uint32_t)nw)];
		order_list_init(&l);
		R->legal(&st, seat, &l);
		all_apply(&st, seat, &l);

		/* The deadline default is legal too. */
		assert_int_equal(R->default_order(&st, seat, &def), 0);
		{
			struct bq_state copy = st;

			if (R->apply(&copy, seat, &def, NULL, &d) != 0)
				fail_msg("default \"%s\" does not apply: %s",
				    def.text, d.msg);
		}
		if (st.phase == BQ_PH_REFILL)
			t->refills++;
		if (R->apply(&st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)],
		    &ev, &d) != 0)
			fail_msg("apply: %s", d.msg);
		order_list_free(&l);
		check_ok(&st);
		same_bytes(&st);
		/* Views cost more than the rules. A sealed choice can leak only
		 * while one seat has chosen and the other has not: check all of
		 * those states and a sample of the rest. */
		if (st.phase == BQ_PH_HOLE &&
		    (st.sowing[0] < 0) != (st.sowing[1] < 0))
			views(&st, st.sowing[0] >= 0 ? 0 : 1);
		else if (n % 64 == 0)
			views(&st, -2);
		for (size_t i = 0; i < ev.n; i++)
			assert_true(evline_text(&ev.v[i])[0] != '\0');
		ev.n = 0;
		t->rounds += st.round - round;
		if (++n > MAX_DECISIONS)
			fail_msg("match %llu did not end in %d decisions",
			    (unsigned long long)seed, MAX_DECISIONS);
	}
	evsink_free(&ev);
	t->matches++;
	t->decisions += n;
	t->donkeys += st.donkeys[0] + st.donkeys[1];
	if (n > t->max_decisions)
		t->max_decisions = n;
}

static void
test_playouts(void **state)
{
	static const char *const hole[] = { "hole_choice=sealed",
	    "hole_choice=open" };
	static const char *const dir[][2] = {
		{ "direction=opposite", "first_direction=ccw" },
		{ "direction=opposite", "first_direction=cw" },
		{ "direction=shared-ccw", "first_direction=ccw" },
		{ "direction=shared-cw", "first_direction=ccw" },
	};
	static const char *const groups[] = { "groups=any",
	    "groups=divisors-1-4" };
	static const char *const chain[] = { "chain=after-last",
	    "chain=to-sowing-hole" };
	static const char *const owner[] = { "owner_capture=on",
	    "owner_capture=off" };
	static const char *const first[] = { "first=south", "first=north" };
	static const char *const opening[] = { "opening=one-by-one",
	    "opening=each-one-by-one", "opening=free" };
	static const char *const keep[] = { "sowing_hole=per-round",
	    "sowing_hole=whole-match" };
	struct tally t;
	uint64_t seed = 1;
	int set = 0;

	(void)state;
	memset(&t, 0, sizeof t);
	for (int a = 0; a < 2; a++)
	for (int b = 0; b < 4; b++)
	for (int c = 0; c < 2; c++)
	for (int e = 0; e < 2; e++)
	for (int f = 0; f < 2; f++)
	for (int g = 0; g < 2; g++) {
		/* The later options cycle through the sets: each pair meets
		 * every value of the others often enough. */
		const char *kv[9] = { hole[a], dir[b][0], dir[b][1], groups[c],
		    chain[e], owner[f], first[g], opening[set % 3],
		    keep[(set / 3) % 2] };

		set++;
		for (int m = 0; m < MATCHES_PER_SET; m++)
			play_match(kv, 9, seed++, &t);
	}
	assert_true(t.matches >= 2000);
	/* The playouts must reach the parts of the rules that need a choice
	 * between rounds, not only the first round. */
	assert_true(t.refills > 0);
	assert_true(t.rounds > t.matches);
	assert_true(t.donkeys >= 2 * t.matches);
	print_message("%ld matches, %ld decisions (longest %ld), %ld rounds, "
	    "%ld refill choices\n", t.matches, t.decisions, t.max_decisions,
	    t.rounds, t.refills);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
