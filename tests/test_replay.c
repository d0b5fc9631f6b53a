/* Whole games by bots through the ledger: every step legal and conserving,
 * every decision of a kind the game lists, and replay from the events gives
 * every stored state hash again. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "referee/bots.h"
#include "testutil.h"

static int
check_step(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	const struct game_rules *r = arg;
	struct diag d;

	struct pending pd;

	(void)e;
	diag_clear(&d);
	if (r->check(st, &d) < 0)
		fail_msg("step %lld: %s", (long long)seq, d.msg);
	/* Every decision waited for is one a game master can set deadline.KIND of. */
	r->waiting_for(st, &pd);
	for (int s = 0; s < MAX_SEATS; s++) {
		int known = 0;

		if (!(pd.seats & VIS_SEAT(s)))
			continue;
		for (int k = 0; r->decision_kinds != NULL && r->decision_kinds[k] != NULL; k++)
			known |= strcmp(r->decision_kinds[k], pd.kind[s]) == 0;
		if (!known)
			fail_msg("step %lld: %s waits for \"%s\", not in its decision_kinds",
			    (long long)seq, r->name, pd.kind[s]);
	}
	return 0;
}

static void
playouts(const char *rules, int nseats, const char *const *opts, int nopts, int games)
{
	struct fixture f;

	fx_open(&f);
	for (int i = 0; i < games; i++) {
		struct play p, again;
		struct pending pd;
		struct diag d;
		char name[32];
		void *st;

		snprintf(name, sizeof name, "g-%d", i);
		/* A seed of its own: the same seed is the same game, bots too. */
		f.seed = 0x5eed + (uint64_t)i;
		fx_game(&f, rules, name, nseats, 0xf, opts, nopts, &p);
		assert_true(fx_bots(&f, &p) > 0);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		assert_true(pd.over);

		st = calloc(1, p.rules->state_size);
		if (play_replay(&f.l, &p.g, -1, st, check_step, (void *)p.rules, &d) < 0)
			fail_msg("game %d: %s", i, d.msg);
		assert_memory_equal(st, p.st, p.rules->state_size);
		free(st);
		/* Loading from the snapshot gives the same state as playing did. */
		assert_int_equal(play_load(&f.l, name, &again, &d), 1);
		assert_string_equal(again.state_hash, p.state_hash);
		play_free(&again);
		play_free(&p);
	}
	fx_close(&f);
}

static void
test_buqruru_default(void **state)
{
	(void)state;
	playouts("buqruru", 0, NULL, 0, 1000);
}

static void
test_buqruru_variants(void **state)
{
	static const char *const v1[] = { "direction=shared-ccw", "chain=to-sowing-hole",
	    "hole_choice=open" };
	static const char *const v2[] = { "groups=divisors-1-4", "owner_capture=off",
	    "first_direction=cw" };

	(void)state;
	playouts("buqruru", 0, v1, 3, 500);
	playouts("buqruru", 0, v2, 3, 500);
}

static void
test_targi(void **state)
{
	(void)state;
	playouts("targi", 0, NULL, 0, 60);
}

/* A greedy bot can trade back and forth for ever: at Targi's Merchant with
 * the tribe card that trades 1 good for 1, every such trade is as good as
 * the one before. bots_play cuts a run of the same decision after
 * BOT_SAME_DECISION (12) steps with the deadline order. In the game of seed
 * 14 both greedy seats do it (found by playing seeds 1-300; without the cut
 * its bots never stop); the test checks that the run is still there, or it
 * would test nothing. */
static void
test_bots_stop_trading_back(void **state)
{
	struct fixture f;
	struct pending pd;
	struct play p;
	struct diag d;
	void *st;

	(void)state;
	fx_open(&f);
	f.seed = 14;
	fx_game(&f, "targi", "back", 2, 0x3, NULL, 0, &p);
	for (int s = 0; s < 2; s++)
		snprintf(p.g.seats[s].bot_level, sizeof p.g.seats[s].bot_level, "greedy");
	fx_bots(&f, &p);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	assert_true(pd.over);
	if (fx_count(&f, "SELECT count(*) FROM events WHERE payload GLOB 'TRADE 1? FOR 1?'") < 12)
		fail_msg("seed 14 no longer has the greedy bots trade 1 for 1 back and "
		    "forth: find a seed that does");
	/* The cut is an order like the others: replay gives the same game. */
	st = calloc(1, p.rules->state_size);
	if (play_replay(&f.l, &p.g, -1, st, NULL, NULL, &d) < 0)
		fail_msg("replay: %s", d.msg);
	assert_memory_equal(st, p.st, p.rules->state_size);
	free(st);
	play_free(&p);
	fx_close(&f);
}

static void
test_targui_2_3_4(void **state)
{
	static const char *const shorter[] = { "rounds=4" };

	(void)state;
	playouts("targui", 2, shorter, 1, 20);
	playouts("targui", 3, shorter, 1, 20);
	playouts("targui", 4, NULL, 0, 10);
}

/* No two orders of the list are one move: the same state after them and
 * the same narrative (two orders may meet in one position by different
 * ways, and the story tells them apart). A move listed twice is offered
 * twice ("did you mean", the LEGAL mail) and weighs double in a random
 * playout. */
static void
same_move_twice(const struct game_rules *r, const void *st, int seat,
    const struct order_list *l)
{
	struct buf *after = calloc(l->n, sizeof *after);
	void *tmp = malloc(r->state_size);
	struct diag d;

	for (size_t i = 0; i < l->n; i++) {
		struct evsink ev;

		evsink_init(&ev);
		memcpy(tmp, st, r->state_size);
		if (r->apply(tmp, seat, &l->v[i], &ev, &d) < 0)
			fail_msg("%s: legal \"%s\" refused: %s", r->name, l->v[i].text, d.msg);
		r->serialize(tmp, &after[i]);
		for (size_t e = 0; e < ev.n; e++)
			buf_printf(&after[i], "\n%x %s", (unsigned)ev.v[e].vis, ev.v[e].enc);
		evsink_free(&ev);
		for (size_t j = 0; j < i; j++)
			if (after[j].len == after[i].len &&
			    memcmp(after[j].p, after[i].p, after[i].len) == 0)
				fail_msg("%s: legal lists \"%s\" and \"%s\", one move",
				    r->name, l->v[j].text, l->v[i].text);
	}
	for (size_t i = 0; i < l->n; i++)
		buf_free(&after[i]);
	free(after);
	free(tmp);
}

/* Engine alone, every game: a bare legal list (what a random playout asks
 * for) is the full list without its texts, order_text writes the very text
 * the full list has, and an order refused by apply leaves the state and the
 * narrative as they were, byte for byte (the orders tried are the ones that
 * were legal a step earlier, so refusals come from deep in the rules), and
 * no move is listed twice. */
static void
bare_playouts(const struct game_rules *r, int nseats, int games)
{
	char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
	void *st = malloc(r->state_size), *tmp = malloc(r->state_size);
	struct order_list full, bare, prev;
	struct optset o;
	struct rng pick;
	struct diag d;
	int refused = 0;

	assert_int_equal(opt_resolve(r->options, &o, NULL, 0, &d), 0);
	rng_seed(&pick, 7);
	order_list_init(&prev);
	for (int g = 0; g < games; g++) {
		memset(st, 0, r->state_size);
		assert_int_equal(r->setup(st, nseats,
		    (const char (*)[SEAT_NAME])names, &o, (uint64_t)g + 1, NULL, &d), 0);
		prev.n = 0;
		for (int step = 0; step < 100000; step++) {
			struct pending pd;
			struct order *k;
			int seat = -1;

			memset(&pd, 0, sizeof pd);
			r->waiting_for(st, &pd);
			if (pd.over)
				break;
			for (int s = 0; s < nseats && seat < 0; s++)
				if (pd.seats & VIS_SEAT(s))
					seat = s;
			order_list_init(&full);
			order_list_init(&bare);
			bare.bare = 1;
			assert_int_equal(r->legal(st, seat, &full), 0);
			assert_int_equal(r->legal(st, seat, &bare), 0);
			assert_true(full.n > 0);
			assert_int_equal(bare.n, full.n);
			for (size_t i = 0; i < full.n; i++) {
				assert_int_equal(bare.v[i].kind, full.v[i].kind);
				assert_int_equal(bare.v[i].nargs, full.v[i].nargs);
				assert_memory_equal(bare.v[i].arg, full.v[i].arg,
				    sizeof full.v[i].arg);
				assert_string_equal(bare.v[i].text, "");
				r->order_text(&bare.v[i]);
				assert_string_equal(bare.v[i].text, full.v[i].text);
			}
			same_move_twice(r, st, seat, &full);
			for (size_t i = 0; i < prev.n && i < 24; i++) {
				struct evsink ev;

				evsink_init(&ev);
				memcpy(tmp, st, r->state_size);
				if (r->apply(tmp, seat, &prev.v[i], &ev, &d) < 0) {
					assert_memory_equal(tmp, st, r->state_size);
					assert_int_equal(ev.n, 0);
					refused++;
				}
				evsink_free(&ev);
			}
			k = &full.v[rng_below(&pick, (uint32_t)full.n)];
			assert_int_equal(r->apply(st, seat, k, NULL, &d), 0);
			order_list_free(&prev);
			prev = full;
			order_list_free(&bare);
		}
		assert_int_equal(r->check(st, &d), 0);
	}
	/* The refusals must really have been tried. */
	assert_true(refused > games);
	order_list_free(&prev);
	free(tmp);
	free(st);
}

static void
test_bare_legal(void **state)
{
	struct fixture f;

	(void)state;
	fx_open(&f);
	bare_playouts(game_find("buqruru"), 2, 200);
	bare_playouts(game_find("targi"), 2, 20);
	bare_playouts(game_find("targui"), 3, 5);
	fx_close(&f);
}

/* A tampered step is caught by replay. */
static void
test_replay_catches_tampering(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	void *st;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "t-1", 0, 0x3, NULL, 0, &p);
	fx_bots(&f, &p);
	/* Rewrite history behind the triggers' back, as a broken tool might. */
	assert_int_equal(sqlite3_exec(f.l.db, "DROP TRIGGER events_no_update; UPDATE events "
	    "SET state_hash = 'bad' WHERE seq = 2", NULL, NULL, NULL), SQLITE_OK);
	st = calloc(1, p.rules->state_size);
	diag_clear(&d);
	assert_int_equal(play_replay(&f.l, &p.g, -1, st, NULL, NULL, &d), -1);
	assert_non_null(strstr(d.msg, "step 2"));
	free(st);
	play_free(&p);
	fx_close(&f);
}

/* The state of game at step seq, rebuilt from the events. */
static void *
state_at(struct fixture *f, const struct play *p, int64_t seq)
{
	void *st = calloc(1, p->rules->state_size);
	struct diag d;

	if (play_replay(&f->l, &p->g, seq, st, NULL, NULL, &d) < 0)
		fail_msg("replay: %s", d.msg);
	return st;
}

/* Another connection puts st as game's snapshot, its step number left. */
static void
swap_snapshot(struct fixture *f, int64_t game, const void *st, size_t n)
{
	struct ledger other;
	sqlite3_stmt *s;
	struct diag d;

	assert_int_equal(ledger_open(&other, f->cfg.ledger, &d), 0);
	s = ledger_prep(&other, "UPDATE snapshots SET state = ? WHERE game_id = ?");
	sqlite3_bind_blob(s, 1, st, (int)n, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, game);
	assert_int_equal(ledger_done(&other, s, &d), 0);
	assert_int_equal(sqlite3_changes(other.db), 1);
	ledger_close(&other);
}

/* play_load hashes again no snapshot this process wrote or read before, as
 * long as its bytes are the same (play.c, known_hash); another writer
 * putting an older state under the newest step is still caught. */
static void
test_load_snapshot_swapped(void **state)
{
	struct fixture f;
	struct play p, again;
	struct diag d;
	char now[32];
	int steps = 0;
	void *older;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "k-1", 0, 0x3, NULL, 0, &p);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(bots_play(&f.l, &p, now, &steps, &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	assert_true(steps > 1);
	/* Twice: the second load finds the bytes the first hashed. */
	for (int i = 0; i < 2; i++) {
		assert_int_equal(play_load(&f.l, "k-1", &again, &d), 1);
		assert_int_equal(again.seq, p.seq);
		assert_memory_equal(again.st, p.st, p.rules->state_size);
		assert_string_equal(again.state_hash, p.state_hash);
		play_free(&again);
	}
	older = state_at(&f, &p, p.seq - 1);
	assert_memory_not_equal(older, p.st, p.rules->state_size);
	swap_snapshot(&f, p.g.id, older, p.rules->state_size);
	/* The older state does not hash as the newest step says: the events
	 * decide, and the newest state comes back. */
	assert_int_equal(play_load(&f.l, "k-1", &again, &d), 1);
	assert_int_equal(again.seq, p.seq);
	assert_memory_equal(again.st, p.st, p.rules->state_size);
	assert_string_equal(again.state_hash, p.state_hash);
	play_free(&again);
	free(older);
	play_free(&p);
	fx_close(&f);
}

/* Steps undone with their savepoint leave nothing believed: the load gives
 * the state before them, and when another connection plays the same steps
 * again and then puts an older state under the newest, the events decide. */
static void
test_load_after_savepoint_undone(void **state)
{
	struct fixture f;
	struct play p, again;
	struct diag d;
	char now[32], setup_hash[HASH_HEX];
	int steps = 0;
	void *setup, *older, *newest;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "k-2", 0, 0x3, NULL, 0, &p);
	setup = malloc(p.rules->state_size);
	memcpy(setup, p.st, p.rules->state_size);
	memcpy(setup_hash, p.state_hash, HASH_HEX);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(ledger_savepoint(&f.l, &d), 0);
	assert_int_equal(bots_play(&f.l, &p, now, &steps, &d), 0);
	assert_true(steps > 1);
	assert_int_equal(ledger_rollback_to(&f.l, &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	play_free(&p);
	assert_int_equal(play_load(&f.l, "k-2", &again, &d), 1);
	assert_int_equal(again.seq, 0);
	assert_memory_equal(again.st, setup, again.rules->state_size);
	assert_string_equal(again.state_hash, setup_hash);
	/* The same steps again, kept this time. */
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(bots_play(&f.l, &again, now, &steps, &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	newest = state_at(&f, &again, -1);
	assert_memory_equal(newest, again.st, again.rules->state_size);
	older = state_at(&f, &again, again.seq - 1);
	swap_snapshot(&f, again.g.id, older, again.rules->state_size);
	play_free(&again);
	assert_int_equal(play_load(&f.l, "k-2", &again, &d), 1);
	assert_memory_equal(again.st, newest, again.rules->state_size);
	play_free(&again);
	free(setup);
	free(older);
	free(newest);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buqruru_default),
		cmocka_unit_test(test_buqruru_variants),
		cmocka_unit_test(test_targi),
		cmocka_unit_test(test_bots_stop_trading_back),
		cmocka_unit_test(test_targui_2_3_4),
		cmocka_unit_test(test_replay_catches_tampering),
		cmocka_unit_test(test_load_snapshot_swapped),
		cmocka_unit_test(test_load_after_savepoint_undone),
		cmocka_unit_test(test_bare_legal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
