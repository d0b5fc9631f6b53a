#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "ingest.h"
#include "log.h"
#include "process.h"
#include "testutil.h"
#include "xmalloc.h"

void
fx_open(struct fixture *f)
{
	const char *src = getenv("srcdir");
	char path[400];
	struct diag d;

	memset(f, 0, sizeof *f);
	snprintf(f->dir, sizeof f->dir, "/tmp/azalai-test-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	config_defaults(&f->cfg);
	snprintf(f->cfg.datadir, sizeof f->cfg.datadir, "%s", src != NULL ? src : ".");
	snprintf(f->cfg.ledger, sizeof f->cfg.ledger, "%s/ledger.db", f->dir);
	snprintf(f->cfg.deliver_outdir, sizeof f->cfg.deliver_outdir, "%s/outbox", f->dir);
	snprintf(f->cfg.referee_address, sizeof f->cfg.referee_address, "referee@example.org");
	snprintf(path, sizeof path, "%s", f->cfg.ledger);
	log_open(LOG_TO_NONE, NULL);
	diag_clear(&d);
	if (games_load(f->cfg.datadir, &d) < 0)
		fail_msg("games_load: %s", d.msg);
	if (ledger_open(&f->l, path, &d) < 0)
		fail_msg("ledger_open: %s", d.msg);
}

void
fx_close(struct fixture *f)
{
	char cmd[300];

	ledger_close(&f->l);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
}

void
fx_game(struct fixture *f, const char *rules, const char *name, int nseats,
    unsigned bots, const char *const *opts, int nopts, struct play *p)
{
	struct game_row g;
	struct optset o;
	struct diag d;
	uint64_t fixed = 42;
	static const char *const names[] = { "north", "south", "east", "west" };
	static const char *const addrs[] = { "n@example.org", "s@example.org",
	    "e@example.org", "w@example.org" };
	const struct game_rules *r = game_find(rules);
	char now[32];

	assert_non_null(r);
	memset(&g, 0, sizeof g);
	diag_clear(&d);
	snprintf(g.name, sizeof g.name, "%s", name);
	snprintf(g.rules, sizeof g.rules, "%s", rules);
	g.seed = 0x5eed;
	g.nseats = nseats > 0 ? nseats : r->min_seats;
	for (int i = 0; i < g.nseats; i++) {
		snprintf(g.seats[i].name, SEAT_NAME, "%s", names[i]);
		snprintf(g.seats[i].address, sizeof g.seats[i].address, "%s",
		    (bots >> i) & 1 ? "bot" : addrs[i]);
		snprintf(g.seats[i].kind, sizeof g.seats[i].kind, "%s",
		    (bots >> i) & 1 ? "bot" : "human");
		assert_int_equal(token_new(f->tokens[i], g.seats[i].salt, &fixed), 0);
		token_hash(f->tokens[i], g.seats[i].salt, g.seats[i].hash);
	}
	if (opt_resolve(r->options, &o, (const char *const *)opts, nopts, &d) < 0)
		fail_msg("options: %s", d.msg);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&f->l, &d), 0);
	if (play_create(&f->l, &g, &o, now, p, &d) < 0)
		fail_msg("play_create: %s", d.msg);
	assert_int_equal(ledger_commit(&f->l, &d), 0);
}

int
fx_mail(struct fixture *f, const char *raw)
{
	struct diag d;
	struct process_stats s;
	int rc;

	diag_clear(&d);
	rc = ingest_store(&f->l, "test", "", raw, strlen(raw), NULL, &d);
	assert_true(rc >= 0);
	memset(&s, 0, sizeof s);
	assert_int_equal(process_pending(&f->l, &f->cfg, &s, &d), 0);
	return rc;
}

char *
fx_order_mail(const char *from, const char *mid, const char *game, const char *seat,
    const char *token, const char *orders)
{
	char *s;

	xasprintf(&s, "From: Player <%s>\nTo: referee@example.org\nSubject: orders\n"
	    "Message-ID: <%s>\nDate: Sat, 21 Nov 2026 10:00:00 +0000\n\n"
	    "GAME %s\nSEAT %s\nTOKEN %s\n%s", from, mid, game, seat, token, orders);
	return s;
}

long long
fx_count(struct fixture *f, const char *sql)
{
	sqlite3_stmt *st = ledger_prep(&f->l, sql);
	long long n = -1;

	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

char *
fx_last_mail(struct fixture *f, const char *kind, const char *to)
{
	sqlite3_stmt *st = ledger_prep(&f->l, "SELECT body FROM outbox WHERE kind = ? AND "
	    "to_addr = ? ORDER BY id DESC LIMIT 1");
	char *body = NULL;

	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		body = xstrdup(col_text(st, 0));
	sqlite3_finalize(st);
	return body;
}

int
fx_env_setup(void **state, const char *rules, const char *name, int nseats, unsigned bots)
{
	struct fx_env *e = xcalloc(1, sizeof *e);

	fx_open(&e->f);
	snprintf(e->game, sizeof e->game, "%s", name);
	fx_game(&e->f, rules, e->game, nseats, bots, NULL, 0, &e->p);
	*state = e;
	return 0;
}

int
fx_env_teardown(void **state)
{
	struct fx_env *e = *state;

	play_free(&e->p);
	fx_close(&e->f);
	free(e);
	return 0;
}
