/* Targui random playouts: complete games by uniformly random legal orders.
 * After every apply the invariants hold; in the first games every listed
 * legal order applies cleanly and reads back from its text; every game ends
 * within a bound and replays from its orders to the same state hashes.
 * AZ_PLAYOUTS (or the first argument) sets the number of games. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/targui/targui.h"

#define MAX_STEPS 20000
#define FULL_GAMES 60	/* games that try every legal order at every step */

static int playouts = 10000;

struct played {
	int seat;
	char text[ORDER_TEXT];
	uint64_t hash;
};

/* FNV-style mixing eight bytes at a time: the hash only has to tell
 * states apart within one test run. */
static uint64_t
hash_bytes(const struct buf *b)
{
	uint64_t h = 1469598103934665603ull;
	size_t i = 0;

	for (; i + 8 <= b->len; i += 8) {
		uint64_t v;

		memcpy(&v, b->p + i, 8);
		h = (h ^ v) * 1099511628211ull;
		h ^= h >> 29;
	}
	for (; i < b->len; i++)
		h = (h ^ (unsigned char)b->p[i]) * 1099511628211ull;
	return h;
}

static uint64_t
hash_state(const struct tu_state *s, int twice)
{
	struct buf b = BUF_INIT, b2 = BUF_INIT;
	uint64_t h;

	tu_serialize(s, &b);
	if (twice) {
		tu_serialize(s, &b2);
		assert_int_equal(b.len, b2.len);
		assert_memory_equal(b.p, b2.p, b.len);
		buf_free(&b2);
	}
	h = hash_bytes(&b);
	buf_free(&b);
	return h;
}

static const char *const variants[][3] = {
	{ NULL, NULL, NULL },
	{ "camels=unlimited", "rounds=12", NULL },
	{ "sectors=opposite", "spring=owned", "raid=any" },
	{ "camels=60", "rounds=6", NULL },
	{ "tribes=blue,red,yellow,green", "fortune=1,9,10,12,14,15,16,13", NULL },
	{ "tribes=red,blue,green,yellow", NULL, NULL },
};

static void
setup_game(struct tu_state *s, int g, int nseats)
{
	static const char names[MAX_SEATS][SEAT_NAME] = {
		"anna", "bruno", "chloe", "driss"
	};
	const char *kv[3];
	int nkv = 0, v = g % 6;
	struct optset o;
	struct diag d;

	for (int i = 0; i < 3; i++)
		if (variants[v][i] != NULL) {
			if (strncmp(variants[v][i], "tribes=", 7) == 0 &&
			    nseats < 4) {
				static char t[64];
				int commas = 0;

				/* keep the first nseats tribes */
				snprintf(t, sizeof t, "%s", variants[v][i]);
				for (char *p = t; *p != '\0'; p++)
					if (*p == ',' && ++commas == nseats) {
						*p = '\0';
						break;
					}
				kv[nkv++] = t;
				continue;
			}
			kv[nkv++] = variants[v][i];
		}
	assert_int_equal(opt_resolve(tu_options, &o, kv, nkv, &d), 0);
	memset(s, 0, sizeof *s);
	if (tu_setup(s, nseats, names, &o, (uint64_t)g * 7919 + 1, NULL,
	    &d) != 0)
		fail_msg("setup: %s", d.msg);
}

static void
same_order(const struct order *a, const struct order *b)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->nargs, b->nargs);
	for (int i = 0; i < a->nargs; i++)
		assert_int_equal(a->arg[i], b->arg[i]);
	assert_string_equal(a->text, b->text);
}

static int
waited_seat(const struct tu_state *s, struct pending *p)
{
	tu_waiting_for(s, p);
	if (p->over)
		return -1;
	for (int i = 0; i < s->nseats; i++)
		if (p->seats & VIS_SEAT(i))
			return i;
	fail_msg("nobody is waited for and the game is not over");
	return -1;
}

static void
try_all(const struct tu_state *s, int seat, const struct order_list *l)
{
	struct tu_state *t = malloc(sizeof *t);
	struct order def;
	struct diag d;

	/* the deadline default is always legal */
	assert_int_equal(tu_default_order(s, seat, &def), 0);
	memcpy(t, s, sizeof *t);
	if (tu_apply(t, seat, &def, NULL, &d) != 0)
		fail_msg("default \"%s\" refused: %s", def.text, d.msg);

	for (size_t k = 0; k < l->n; k++) {
		struct order o;

		if (tu_parse(s, seat, l->v[k].text, &o, &d) != 0)
			fail_msg("legal \"%s\" does not parse: %s",
			    l->v[k].text, d.msg);
		same_order(&l->v[k], &o);
		memcpy(t, s, sizeof *t);
		if (tu_apply(t, seat, &l->v[k], NULL, &d) != 0)
			fail_msg("legal \"%s\" refused: %s", l->v[k].text,
			    d.msg);
		if (tu_check(t, &d) != 0)
			fail_msg("after \"%s\": %s", l->v[k].text, d.msg);
	}
	free(t);
}

static void
play_one(int g, struct played *log, int *nlog, struct rng *pick)
{
	struct tu_state *s = malloc(sizeof *s);
	int nseats = 2 + g % 3, steps = 0;
	struct pending p;
	struct diag d;
	int seat;

	setup_game(s, g, nseats);
	if (tu_check(s, &d) != 0)
		fail_msg("after setup: %s", d.msg);
	while ((seat = waited_seat(s, &p)) >= 0) {
		struct order_list l;
		struct order o;

		order_list_init(&l);
		tu_legal(s, seat, &l);
		assert_true(l.n > 0);
		for (int i = 0; i < nseats; i++)
			if (i != seat) {
				struct order_list l2;

				order_list_init(&l2);
				tu_legal(s, i, &l2);
				assert_int_equal(l2.n, 0);
				order_list_free(&l2);
			}
		if (g < FULL_GAMES)
			try_all(s, seat, &l);
		o = l.v[rng_below(pick, (uint32_t)l.n)];
		order_list_free(&l);
		if (tu_apply(s, seat, &o, NULL, &d) != 0)
			fail_msg("game %d: \"%s\" refused: %s", g, o.text,
			    d.msg);
		if (tu_check(s, &d) != 0)
			fail_msg("game %d step %d after \"%s\": %s", g, steps,
			    o.text, d.msg);
		log[*nlog].seat = seat;
		snprintf(log[*nlog].text, ORDER_TEXT, "%s", o.text);
		log[*nlog].hash = hash_state(s, g < FULL_GAMES);
		(*nlog)++;
		if (++steps > MAX_STEPS)
			fail_msg("game %d does not end", g);
		if (g < FULL_GAMES && steps % 50 == 0)
			for (int v = -1; v < nseats; v++) {
				struct tval *root = tval_map();

				tu_view(s, v, root);
				tval_free(root);
			}
	}
	assert_true(s->phase == PH_OVER);
	assert_true(p.result[0] != '\0');
	free(s);
}

static void
replay(int g, const struct played *log, int nlog)
{
	struct tu_state *s = malloc(sizeof *s);
	struct diag d;

	setup_game(s, g, 2 + g % 3);
	for (int k = 0; k < nlog; k++) {
		struct order o;

		if (tu_parse(s, log[k].seat, log[k].text, &o, &d) != 0 ||
		    tu_apply(s, log[k].seat, &o, NULL, &d) != 0)
			fail_msg("replay of game %d step %d: %s", g, k, d.msg);
		assert_true(hash_state(s, 0) == log[k].hash);
	}
	free(s);
}

static void
test_playouts(void **unused)
{
	struct played *log = malloc(MAX_STEPS * sizeof *log + sizeof *log);
	struct rng pick;
	int seats[5] = { 0 };
	long total = 0;
	clock_t t0;
	double secs;

	(void)unused;
	rng_seed(&pick, 42);
	t0 = clock();
	for (int g = 0; g < playouts; g++) {
		int nlog = 0;

		play_one(g, log, &nlog, &pick);
		replay(g, log, nlog);
		seats[2 + g % 3]++;
		total += nlog;
	}
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	print_message("%d games (%d/%d/%d with 2/3/4 tribes), %ld orders, "
	    "%.1f s with checks and replay\n", playouts, seats[2], seats[3],
	    seats[4], total, secs);
	free(log);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_playouts),
	};
	const char *env = getenv("AZ_PLAYOUTS"), *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;

	if (argc > 1)
		playouts = atoi(argv[1]);
	else if (env != NULL && *env != '\0')
		playouts = atoi(env);
	if (playouts <= 0) {
		fprintf(stderr, "AZ_PLAYOUTS must be a positive number of games\n");
		return 1;
	}
	snprintf(dir, sizeof dir, "%s/data", srcdir ? srcdir : ".");
	if (tu_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
