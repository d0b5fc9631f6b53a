/* Position-building helpers shared by the Targui rule and fortune tests:
 * static functions, included once by each test program. */
#ifndef AZ_TEST_TARGUI_FIXTURE_H
#define AZ_TEST_TARGUI_FIXTURE_H

static const char names[MAX_SEATS][SEAT_NAME] = {
	"anna", "bruno", "chloe", "driss"
};

static struct tu_state *
fresh(int nseats, const char *const *kv, int nkv, uint64_t seed)
{
	struct tu_state *s = calloc(1, sizeof *s);
	struct optset o;
	struct diag d;

	assert_int_equal(opt_resolve(tu_options, &o, kv, nkv, &d), 0);
	if (tu_setup(s, nseats, names, &o, seed, NULL, &d) != 0)
		fail_msg("setup: %s", d.msg);
	return s;
}

/* A game in its first turn, setup choices made by the defaults. */
static struct tu_state *
game(int nseats, const char *const *kv, int nkv, uint64_t seed)
{
	struct tu_state *s = fresh(nseats, kv, nkv, seed);

	while (s->phase < PH_TURN) {
		struct order o;
		struct diag d;

		assert_int_equal(tu_default_order(s, s->chooser, &o), 0);
		if (tu_apply(s, s->chooser, &o, NULL, &d) != 0)
			fail_msg("%s: %s", o.text, d.msg);
	}
	return s;
}

/* Empties the board (camels back to the box) and gives each seat money;
 * each tribe keeps only its settlement, with one camel. */
static void
clear(struct tu_state *s, int money)
{
	for (int b = 1; b <= TU_BOXES; b++) {
		tu_kill_camels(s, b, s->camels[b]);
		s->owner[b] = TU_NONE;
	}
	for (int i = 0; i < s->nseats; i++) {
		s->minted += money - s->money[i];
		s->money[i] = money;
		s->nqueue[i] = 0;
		s->owner[s->settle_box[i]] = i;
		tu_add_camels(s, s->settle_box[i], 1);
	}
}

static void
put(struct tu_state *s, int box, int seat, int n)
{
	s->owner[box] = seat;
	tu_kill_camels(s, box, s->camels[box]);
	tu_add_camels(s, box, n);
}

/* Gives box terrain t by swapping cards with an unowned box outside the
 * first ring (tests build their positions in boxes 1-9), so the card counts
 * stay right. */
static void
terrain(struct tu_state *s, int box, int t)
{
	if (s->terrain[box] == t)
		return;
	assert_true(s->terrain[box] != T_SETTLEMENT &&
	    s->terrain[box] != T_SALTMINE);
	for (int b = 10; b <= TU_BOXES; b++)
		if (b != box && s->terrain[b] == t && s->owner[b] == TU_NONE) {
			s->terrain[b] = s->terrain[box];
			s->terrain[box] = t;
			return;
		}
	fail_msg("no free %s card to swap", tu_terrain_key[t]);
}

static void
ok(const struct tu_state *s)
{
	struct diag d;

	if (tu_check(s, &d) != 0)
		fail_msg("check: %s", d.msg);
}

#endif
