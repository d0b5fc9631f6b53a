#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "campaign/campaign.h"
#include "games/game.h"
#include "lang/catalog.h"
#include "core/clock.h"
#include "mail/ingest.h"
#include "referee/bots.h"
#include "core/log.h"
#include "core/msg.h"
#include "mail/outbox.h"
#include "render/picture.h"
#include "referee/process.h"
#include "testutil.h"
#include "core/xmalloc.h"

/* The games and, as the program's start-up has them (cli.c), the catalogs. */
static void
load_games(const char *datadir)
{
	struct diag d;

	catalog_init(datadir);
	msg_use_catalog(&catalog_msg);
	diag_clear(&d);
	if (games_load(datadir, &d) < 0)
		fail_msg("games_load: %s", d.msg);
}

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
	load_games(f->cfg.datadir);
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
	g.seed = f->seed != 0 ? f->seed : 0x5eed;
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
fx_bots(struct fixture *f, struct play *p)
{
	struct diag d;
	char now[32];
	int steps = 0;

	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&f->l, &d), 0);
	if (bots_play(&f->l, p, now, &steps, &d) < 0)
		fail_msg("%s", d.msg);	/* it names the game */
	assert_int_equal(ledger_commit(&f->l, &d), 0);
	return steps;
}

int
fx_mail(struct fixture *f, const char *raw)
{
	struct diag d;
	struct process_stats s;
	int rc;

	diag_clear(&d);
	rc = ingest_store(&f->l, "test", "", raw, strlen(raw), (size_t)f->cfg.max_message_bytes,
	    &d);
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

void
fx_reload(struct fx_env *e)
{
	struct diag d;

	play_free(&e->p);
	if (play_load(&e->f.l, e->game, &e->p, &d) != 1)
		fail_msg("play_load %s: %s", e->game, d.msg);
}

void
fx_set(struct fx_env *e, const char *key, const char *value)
{
	struct diag d;

	diag_clear(&d);
	if (campaign_set(&e->f.l, e->p.g.id, key, value, &d) < 0)
		fail_msg("%s: %s", key, d.msg);
}

const char *const tr_langs[TR_NLANGS] = { "de", "es", "fr" };
static long tr_count;

int
tr_load(void **state)
{
	const char *src = getenv("srcdir");
	struct diag d;

	(void)state;
	diag_clear(&d);
	load_games(src != NULL ? src : ".");
	for (size_t i = 0; i < TR_NLANGS; i++)
		if (catalog_use(tr_langs[i], &d) < 0)
			fail_msg("%s: %s", tr_langs[i], d.msg);
	return 0;
}

/* Plural nouns of the catalogs that a count of one must not stand before:
 * "1 pièces" means the sentence took its plural form from another count
 * (a message with two numbers has one form), or a number was written
 * without the catalog's plural forms. */
static const char *const tr_plurals[TR_NLANGS] = {
	" Waren Kamele Kamelen Steine Karten Runden Mulden Fristen Überfälle"
	" Tage Tagen Stämme Reihen Mails Züge Silberstücke ",
	" camellos mercancías fichas plazos rondas días casillas cartas lances"
	" burros veces turnos filas correos asaltos monedas ",
	" chameaux marchandises pions pièces échéances cartes manches jours"
	" cases échanges ânes tours rangées raids courriels ",
};

static void
tr_agrees(const char *where, size_t lang, const char *t)
{
	/* French takes the singular with 0 too (plural=(n > 1)). */
	const char *counts = strcmp(tr_langs[lang], "fr") == 0 ? "01" : "1";

	for (const char *p = t; *p != '\0'; p++) {
		char word[64];
		size_t n;

		if (strchr(counts, *p) == NULL || p[1] != ' ' ||
		    (p > t && (isalnum((unsigned char)p[-1]) || strchr(".,/-", p[-1]) != NULL)))
			continue;
		n = strcspn(p + 2, " ,.;:)'");
		if (n == 0 || n + 3 > sizeof word)
			continue;
		snprintf(word, sizeof word, " %.*s ", (int)n, p + 2);
		if (strstr(tr_plurals[lang], word) != NULL)
			fail_msg("%s: a count of %c before a plural in the %s text \"%s\"",
			    where, *p, tr_langs[lang], t);
	}
}

void
tr_said(const char *where, const char *s)
{
	for (size_t i = 0; i < TR_NLANGS; i++) {
		unsigned long before = msg_missing();
		char *t = msg_text(tr_langs[i], s);
		const char *id;

		if (msg_missing() != before) {
			/* A term is a dotted key without spaces ("card.213"). */
			id = msg_missing_last();
			fail_msg("%s: no %s translation of the %s \"%s\" (rendered \"%s\")",
			    where, tr_langs[i], strchr(id, '.') != NULL &&
			    strchr(id, ' ') == NULL ? "term" : "message", id, t);
		}
		if (strchr(t, MSG_MARK) != NULL || strchr(t, TERM_MARK) != NULL ||
		    strchr(t, ORDER_MARK) != NULL)
			fail_msg("%s: a mark is left in the %s text \"%s\"", where,
			    tr_langs[i], t);
		tr_agrees(where, i, t);
		free(t);
	}
	tr_count++;
}

static void
said_tree(const char *where, const struct tval *v, const char *key, const char *skip,
    void (*say)(const char *, const char *))
{
	switch (v->type) {
	case TV_STR:
		if (skip == NULL || key == NULL || strcmp(key, skip) != 0)
			say(where, v->str);
		break;
	case TV_LIST:
	case TV_MAP:
		for (size_t i = 0; i < v->n; i++)
			said_tree(where, v->items[i], v->keys != NULL ? v->keys[i] : key,
			    skip, say);
		break;
	default:
		break;
	}
}

void
tr_said_tree(const char *where, const struct tval *v, const char *skip,
    void (*say)(const char *, const char *))
{
	said_tree(where, v, NULL, skip, say != NULL ? say : tr_said);
}

long
tr_rendered(void)
{
	return tr_count;
}

void
assert_reads(const char *lang, const char *s, const char *want, const char *avoid)
{
	char *t = msg_text(lang, s);

	if (strstr(t, want) == NULL)
		fail_msg("%s: no \"%s\" in \"%s\"", lang, want, t);
	if (avoid != NULL && strstr(t, avoid) != NULL)
		fail_msg("%s: the English \"%s\" in \"%s\"", lang, avoid, t);
	free(t);
}

void
assert_quotes_orders(const char *enc)
{
	if (strchr(enc, ORDER_MARK) == NULL)
		fail_msg("no ORDER() in the refusal \"%s\"", enc);
}

void
fx_play_turn(struct fixture *f, const char *game)
{
	static const char *const addr[] = { "n@example.org", "s@example.org" };
	static const char *const seat_name[] = { "north", "south" };
	struct play p;
	struct pending pd;
	struct order_list ol;
	struct diag d;
	char *raw;
	int seat;

	if (play_load(&f->l, game, &p, &d) != 1)
		fail_msg("play_load: %s", d.msg);
	memset(&pd, 0, sizeof pd);
	p.rules->waiting_for(p.st, &pd);
	seat = pd.seats & VIS_SEAT(0) ? 0 : 1;
	order_list_init(&ol);
	p.rules->legal(p.st, seat, &ol);
	assert_true(ol.n > 0);
	raw = fx_order_mail(addr[seat], "1@example.org", game, seat_name[seat],
	    f->tokens[seat], ol.v[0].text);
	order_list_free(&ol);
	play_free(&p);
	fx_mail(f, raw);
	free(raw);
}

int
fx_waited_seat(const struct play *p)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	for (int s = 0; s < p->g.nseats; s++)
		if (pd.seats & VIS_SEAT(s))
			return s;
	return -1;
}

int
fx_deliver(struct fixture *f, int *sent, int *failed, struct diag *d)
{
	struct outbox_round r = { 0, 0, "" };

	*sent = *failed = 0;
	if (!outbox_round_next(&f->l, &r))
		return 0;
	picture_draw_due(&f->l, &f->cfg, &r);
	return outbox_deliver(&f->l, &f->cfg, &r, sent, failed, d);
}

char *
fx_sent_file(const struct fixture *f, long long id, size_t *len)
{
	char pattern[32], path[600], *data = NULL;
	const char *name;
	gsize n = 0;
	GDir *dir;

	/* outdir names each file after its row, zero-padded, then a dash. */
	snprintf(pattern, sizeof pattern, "%06lld-", id);
	snprintf(path, sizeof path, "%s/outbox", f->dir);
	assert_non_null(dir = g_dir_open(path, 0, NULL));
	while ((name = g_dir_read_name(dir)) != NULL)
		if (strncmp(name, pattern, strlen(pattern)) == 0) {
			snprintf(path, sizeof path, "%s/outbox/%s", f->dir, name);
			assert_true(g_file_get_contents(path, &data, &n, NULL));
		}
	g_dir_close(dir);
	assert_non_null(data);
	if (len != NULL)
		*len = n;
	return data;
}

const char *
text_has(const char *text, const char *words)
{
	if (*words == '\0')
		return text;
	for (const char *t = text; *t != '\0'; t++)
		if (folded_at(t, words) > 0)
			return t;
	return NULL;
}
