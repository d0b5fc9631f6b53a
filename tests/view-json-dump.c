/* Test driver for tests/view-json.sh: plays random games of every game
 * through the real referee (order mails in, process_pending) and prints, at
 * many steps, every reader's view as `azalai show --as SEAT --json` writes it
 * (report_tree, view_json), beside what each reader may not know then
 * (game_rules.secrets, the other seats' tokens, the seed and its
 * commitment's salt while the game runs). The script checks the JSON against doc/view-schema.json and for
 * those secrets. Test-only; never installed.
 *
 * usage: view-json-dump GAMES [SEED]
 * Output, one record a line:
 *   G <rules> <setup>                  a new game
 *   S <viewer> <secret>                for the step that follows
 *   V <viewer> <json>                  viewer: seat index, -1 observer
 * and cmocka's own lines, which begin with "[". */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/audit.h"
#include "core/clock.h"
#include "core/hash.h"
#include "render/report.h"
#include "core/rng.h"
#include "testutil.h"
#include "ledger/token.h"
#include "render/viewjson.h"
#include "core/xmalloc.h"
#include "srcfile.h"

#define MAXMAILS 2500

struct setup {
	const char *rules, *name;
	int nseats;
	const char *kv[4];
	int nkv;
	int deck;		/* Targi: 1 the example deck */
};

static const struct setup setups[] = {
	{ "targi", "targi-base", 2, { NULL }, 0, 0 },
	{ "targi", "targi-modules", 2, { "targia=yes", "water=yes", "dunes=yes" }, 3, 1 },
	{ "targi", "targi-expansion-setup", 2, { "setup=expansion", "last_raid=card" }, 2, 0 },
	{ "targi", "targi-example-deck", 2, { "expansion=yes" }, 1, 1 },
	{ "targi", "targi-open-hands", 2, { "open_hands=yes", "start=random" }, 2, 0 },
	{ "targui", "targui-2", 2, { NULL }, 0, 0 },
	{ "targui", "targui-3", 3, { NULL }, 0, 0 },
	{ "targui", "targui-4", 4, { NULL }, 0, 0 },
	{ "buqruru", "buqruru-sealed", 2, { NULL }, 0, 0 },
	{ "buqruru", "buqruru-open", 2, { "hole_choice=open" }, 1, 0 },
	{ "buqruru", "buqruru-shared", 2, { "direction=shared-cw", "groups=divisors-1-4",
	    "chain=to-sowing-hole", "owner_capture=off" }, 4, 0 },
};

static const char *const names[] = { "north", "south", "east", "west" };
static const char *const addrs[] = { "n@example.org", "s@example.org", "e@example.org",
    "w@example.org" };

struct run {
	struct fixture f;
	struct rng pick;
	char game[32];
	char tokens[MAX_SEATS][TOKEN_LEN];
	uint64_t seed;
	int nseats, mid;
	long games;
};

static char *deck;

static void
load(struct run *r, struct play *p)
{
	struct diag d;

	if (play_load(&r->f.l, r->game, p, &d) != 1)
		fail_msg("play_load %s: %s", r->game, d.msg);
}

static void
new_game(struct run *r, const struct setup *su)
{
	const struct game_rules *rules = game_find(su->rules);
	struct game_row *g = xcalloc(1, sizeof *g);
	struct optset o;
	struct play p;
	struct diag d;
	uint64_t fixed = rng_next(&r->pick);
	char now[32];

	snprintf(r->game, sizeof r->game, "g%ld", r->games++);
	snprintf(g->name, sizeof g->name, "%s", r->game);
	snprintf(g->rules, sizeof g->rules, "%s", su->rules);
	r->seed = g->seed = rng_next(&r->pick);
	r->nseats = g->nseats = su->nseats;
	for (int i = 0; i < g->nseats; i++) {
		snprintf(g->seats[i].name, SEAT_NAME, "%s", names[i]);
		snprintf(g->seats[i].address, sizeof g->seats[i].address, "%s", addrs[i]);
		snprintf(g->seats[i].kind, sizeof g->seats[i].kind, "human");
		assert_int_equal(token_new(r->tokens[i], g->seats[i].salt, &fixed), 0);
		token_hash(r->tokens[i], g->seats[i].salt, g->seats[i].hash);
	}
	if (opt_resolve(rules->options, &o, su->kv, su->nkv, &d) < 0)
		fail_msg("%s: options: %s", su->name, d.msg);
	if (su->deck) {
		o.file = deck;
		snprintf(o.file_name, sizeof o.file_name, "example-deck.yaml");
	}
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&r->f.l, &d), 0);
	if (play_create(&r->f.l, g, &o, now, &p, &d) < 0)
		fail_msg("play_create: %s", d.msg);
	if (audit_commit(&r->f.l, g, &fixed, &d) < 0)
		fail_msg("audit_commit: %s", d.msg);
	assert_int_equal(ledger_commit(&r->f.l, &d), 0);
	play_free(&p);
	free(g);
	printf("G %s %s\n", su->rules, su->name);
}

/* Every reader's view of the game as it stands, with its secrets. */
static void
dump(struct run *r)
{
	struct play p;
	char salt[AUDIT_SALT], commit[HASH_HEX];
	int active;

	load(r, &p);
	active = strcmp(p.g.status, "active") == 0;
	/* The commitment's salt, with the commitment shown, would let anyone
	 * try every seed before the end (ledger/audit.c): a secret too. */
	if (audit_seed_load(&r->f.l, p.g.id, salt, commit, NULL) < 0 || salt[0] == '\0')
		fail_msg("%s: no seed commitment", r->game);
	for (int v = -1; v < p.g.nseats; v++) {
		struct secrets s;

		secrets_init(&s);
		p.rules->secrets(p.st, v, &s);
		/* Once a game is over every reader sees it all. */
		for (size_t i = 0; active && i < s.n; i++)
			printf("S %d %s\n", v, s.v[i]);
		for (int t = 0; t < r->nseats; t++)
			if (t != v)
				printf("S %d %s\n", v, r->tokens[t]);
		if (active)
			printf("S %d %llu\nS %d %llx\nS %d %s\n", v, (unsigned long long)r->seed, v,
			    (unsigned long long)r->seed, v, salt);
		secrets_free(&s);
	}
	for (int v = -1; v < p.g.nseats; v++) {
		struct tval *root = report_tree(&r->f.l, &p, v, p.seq - 1, r->f.cfg.language);
		struct buf out = BUF_INIT;
		struct diag d;

		if (view_json_lang(r->f.cfg.language, p.rules->name, p.g.name, p.seq, v, root, 0,
		    &out, &d) < 0)
			fail_msg("%s step %lld: view_json: %s", r->game, (long long)p.seq, d.msg);
		printf("V %d %s", v, out.p);
		buf_free(&out);
		tval_free(root);
	}
	play_free(&p);
}

/* One mail of seat: mostly a legal order, now and then an order out of turn
 * (Targui queues it, Targi notes a standing order). */
static void
compose(struct run *r, const struct play *p, int seat, uint32_t waited, struct buf *b)
{
	struct order_list ol;

	if (!(waited & VIS_SEAT(seat))) {
		static const char *const standing[] = { "STANDING RAID GOODS\n",
		    "STANDING RAID VP\n", "STANDING LIMIT MOST\n", "PREFER 5 13 2\n" };

		if (strcmp(p->rules->name, "targi") == 0)
			buf_adds(b, standing[rng_below(&r->pick, 4)]);
		else
			buf_adds(b, "PASS\n");
		return;
	}
	order_list_init(&ol);
	p->rules->legal(p->st, seat, &ol);
	if (ol.n > 0)
		buf_printf(b, "%s\n", ol.v[rng_below(&r->pick, (uint32_t)ol.n)].text);
	order_list_free(&ol);
}

static void
play_game(struct run *r, const struct setup *su)
{
	new_game(r, su);
	dump(r);
	for (int n = 0; n < MAXMAILS; n++) {
		struct play p;
		struct pending pd;
		struct buf b = BUF_INIT;
		int seat;
		char mid[48], *m;

		load(r, &p);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		if (pd.over || strcmp(p.g.status, "active") != 0) {
			play_free(&p);
			break;
		}
		seat = (int)rng_below(&r->pick, (uint32_t)r->nseats);
		if (pd.seats != 0 && rng_below(&r->pick, 100) >= 10)
			while (!(pd.seats & VIS_SEAT(seat)))
				seat = (int)rng_below(&r->pick, (uint32_t)r->nseats);
		compose(r, &p, seat, pd.seats, &b);
		play_free(&p);
		snprintf(mid, sizeof mid, "m%d.%s@view-json", r->mid++, r->game);
		m = fx_order_mail(addrs[seat], mid, r->game, names[seat], r->tokens[seat], b.p);
		fx_mail(&r->f, m);
		free(m);
		buf_free(&b);
		/* Many steps, not all: the schema check is the slow part. */
		if (rng_below(&r->pick, 100) < 20)
			dump(r);
	}
	dump(r);
}

static void
run_all(void **state)
{
	const long *arg = *state;
	long games = arg[0];

	if ((deck = src_read("data/targi/example-deck.yaml")) == NULL)
		fail_msg("cannot read data/targi/example-deck.yaml");
	for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
		struct run *r = xcalloc(1, sizeof *r);

		fx_open(&r->f);
		assert_int_equal(sqlite3_exec(r->f.l.db, "PRAGMA synchronous = OFF", NULL,
		    NULL, NULL), SQLITE_OK);
		rng_seed(&r->pick, (uint64_t)arg[1] * 7919 + i);
		for (long g = 0; g < games; g++)
			play_game(r, &setups[i]);
		fx_close(&r->f);
		free(r);
	}
	free(deck);
}

int
main(int argc, char **argv)
{
	static long arg[2];
	const struct CMUnitTest t[] = {
		cmocka_unit_test_prestate(run_all, arg),
	};

	if (argc < 2 || atol(argv[1]) < 1) {
		fprintf(stderr, "usage: view-json-dump GAMES [SEED]\n");
		return 64;
	}
	arg[0] = atol(argv[1]);
	arg[1] = argc > 2 ? atol(argv[2]) : 1;
	return _cmocka_run_group_tests("view-json-dump", t, 1, NULL, NULL);
}
