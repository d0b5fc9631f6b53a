/* The game master's tools: rollback (replay gives exactly the states before
 * the undone steps, and the game plays on and replays whole), seats handed
 * over (the old token stops working), vacations within the cap, pauses,
 * ends, observers, settings, and campaign files whose errors name the line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/address.h"
#include "campaign/campaign-file.h"
#include "core/clock.h"
#include "ledger/seats.h"
#include "referee/bots.h"
#include "referee/people.h"
#include "testutil.h"
#include "core/xmalloc.h"

#define NOW "2026-11-21T12:00:00Z"

/* ---- rollback ------------------------------------------------------------ */

struct live {
	int n;
	int64_t seq[4096];
	int seat[4096];
	char hash[4096][HASH_HEX];
};

static int
live_one(void *arg, const struct event_row *e)
{
	struct live *v = arg;

	assert_true(v->n < 4096);
	v->seq[v->n] = e->seq;
	v->seat[v->n] = e->seat;
	memcpy(v->hash[v->n], e->state_hash, HASH_HEX);
	v->n++;
	return 0;
}

/* The chain over every event, undone ones included, links and recomputes. */
static int
chain_one(void *arg, const struct event_row *e)
{
	char *prev = arg, h[HASH_HEX];

	ledger_event_hash(e, h);
	assert_string_equal(prev, e->prev_hash);
	assert_string_equal(h, e->hash);
	memcpy(prev, e->hash, HASH_HEX);
	return 0;
}

/* Undoes k moves and checks the state is the one the live line had before
 * the k-th newest move. */
static void
undo_and_check(struct fixture *f, struct play *p, int k)
{
	struct live *before = xcalloc(1, sizeof *before);
	int64_t first, last, seq_before = p->seq;
	int i, moves = 0;
	struct diag d;

	assert_int_equal(ledger_events_each(&f->l, p->g.id, 0, -1, live_one, before, &d), 0);
	for (i = before->n - 1; i > 0; i--)
		if (before->seat[i] >= 0 && ++moves == k)
			break;
	assert_true(i > 0);
	assert_int_equal(ledger_begin(&f->l, &d), 0);
	if (play_rollback(&f->l, p, k, "test", NOW, &first, &last, &d) < 0)
		fail_msg("rollback %d: %s", k, d.msg);
	assert_int_equal(ledger_commit(&f->l, &d), 0);
	assert_int_equal(first, before->seq[i]);
	assert_int_equal(last, seq_before);
	assert_int_equal(p->seq, seq_before + 1);
	assert_string_equal(p->state_hash, before->hash[i - 1]);
	/* What the ledger gives back is that state too. */
	{
		struct play again;

		assert_int_equal(play_load(&f->l, p->g.name, &again, &d), 1);
		assert_string_equal(again.state_hash, before->hash[i - 1]);
		assert_memory_equal(again.st, p->st, p->rules->state_size);
		play_free(&again);
	}
	free(before);
}

/* The chain's rollback steps, and the undone table lists what they undid,
 * each step with the first rollback that undid it, and nothing else. */
static void
undone_is_chain(struct fixture *f, const struct play *p, size_t rollbacks)
{
	sqlite3_stmt *st = ledger_prep(&f->l, "SELECT rollback_seq FROM undone WHERE "
	    "game_id = ? AND seq = ?");
	struct undo_set u;
	struct diag d;
	long long listed = 0;

	assert_int_equal(ledger_undone_load(&f->l, p->g.id, &u, &d), 0);
	assert_int_equal(u.n, rollbacks);
	for (int64_t seq = 0; seq <= p->seq; seq++) {
		int64_t by = ledger_undone_by(&u, seq);

		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, p->g.id);
		sqlite3_bind_int64(st, 2, seq);
		if (sqlite3_step(st) == SQLITE_ROW) {
			assert_int_equal(sqlite3_column_int64(st, 0), by);
			listed++;
		} else {
			assert_int_equal(by, -1);
		}
	}
	sqlite3_finalize(st);
	assert_int_equal(fx_count(f, "SELECT COUNT(*) FROM undone"), listed);
	ledger_undone_free(&u);
}

static void
rollback_property(const char *rules, int nseats)
{
	struct fixture f;
	struct play p;
	struct diag d;
	void *st;
	char prev[HASH_HEX];
	static const int ks[] = { 1, 5, 2, 17 };

	fx_open(&f);
	fx_game(&f, rules, "rb", nseats, 0xf, NULL, 0, &p);
	fx_bots(&f, &p);
	for (size_t r = 0; r < sizeof ks / sizeof ks[0]; r++) {
		undo_and_check(&f, &p, ks[r]);
		/* The bots play on from there, a new line of play, to the end. */
		fx_bots(&f, &p);
	}
	assert_true(fx_count(&f, "SELECT COUNT(*) FROM undone") >= 25);
	undone_is_chain(&f, &p, 4);
	/* The whole game replays from the ledger to the state played. */
	st = xcalloc(1, p.rules->state_size);
	if (play_replay(&f.l, &p.g, -1, st, NULL, NULL, &d) < 0)
		fail_msg("%s", d.msg);
	assert_memory_equal(st, p.st, p.rules->state_size);
	free(st);
	memset(prev, '0', HASH_HEX - 1);
	prev[HASH_HEX - 1] = '\0';
	assert_int_equal(ledger_events_each_all(&f.l, p.g.id, 0, -1, chain_one, prev, &d), 0);
	play_free(&p);
	fx_close(&f);
}

static void
test_rollback_buqruru(void **state)
{
	(void)state;
	rollback_property("buqruru", 0);
}

static void
test_rollback_targi(void **state)
{
	(void)state;
	rollback_property("targi", 0);
}

static void
test_rollback_too_far(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	int64_t first, last, seq;

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "rb", 0, 0x2, NULL, 0, &p);
	fx_bots(&f, &p);
	seq = p.seq;
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(play_rollback(&f.l, &p, (int)seq + 1, "", NOW, &first, &last, &d),
	    PLAY_ERULES);
	ledger_rollback(&f.l);
	assert_non_null(strstr(d.msg, "can be undone"));
	assert_int_equal(p.seq, seq);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM undone"), 0);
	play_free(&p);
	fx_close(&f);
}

/* ---- a game of two people ------------------------------------------------ */

static int
has_mail(struct fixture *f, const char *kind, const char *to)
{
	char *body = fx_last_mail(f, kind, to);

	free(body);
	return body != NULL;
}

static int
setup(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0);
}

/* Runs one people_* call in a transaction; returns its result. */
#define TX(e, call) tx_end((e), ledger_begin(&(e)->f.l, &d) == 0 ? (call) : -9, &d)

static int
tx_end(struct fx_env *e, int rc, struct diag *d)
{
	if (rc == 0)
		assert_int_equal(ledger_commit(&e->f.l, d), 0);
	else
		ledger_rollback(&e->f.l);
	fx_reload(e);
	return rc;
}

static char *
legal(struct fx_env *e, int seat)
{
	struct order_list ol;
	char *s;

	order_list_init(&ol);
	e->p.rules->legal(e->p.st, seat, &ol);
	assert_true(ol.n > 0);
	xasprintf(&s, "%s\n", ol.v[0].text);
	order_list_free(&ol);
	return s;
}

static void
test_replace(void **state)
{
	struct fx_env *e = *state;
	char token[TOKEN_LEN], *m, *o, *body;
	uint64_t fixed = 99;
	struct diag d;
	long long events;

	/* The old address bounced; a new token for it keeps the count. */
	assert_int_equal(ledger_seat_bounce(&e->f.l, e->p.g.id, 0, "n@example.org", "gone", &d),
	    1);
	assert_int_equal(TX(e, people_replace(&e->f.l, &e->f.cfg, &e->p, 0, "n@example.org",
	    &fixed, NOW, token, &d)), 0);
	assert_int_equal(e->p.g.seats[0].bounces, 1);
	assert_int_equal(TX(e, people_replace(&e->f.l, &e->f.cfg, &e->p, 0, "nova@example.org",
	    &fixed, NOW, token, &d)), 0);
	assert_string_equal(e->p.g.seats[0].address, "nova@example.org");
	/* The bounces were the old address's: the new player starts clean, and a
	 * mail to the old address failing late is not counted against them. */
	assert_int_equal(e->p.g.seats[0].bounces, 0);
	assert_string_equal(e->p.g.seats[0].last_bounce, "");
	assert_int_equal(ledger_seat_bounce(&e->f.l, e->p.g.id, 0, "n@example.org", "late", &d),
	    0);
	assert_int_equal(ledger_seat_bounce(&e->f.l, e->p.g.id, 0, "nova@example.org", "new",
	    &d), 1);
	fx_reload(e);
	assert_int_equal(e->p.g.seats[0].bounces, 1);
	body = fx_last_mail(&e->f, "welcome", "nova@example.org");
	assert_non_null(strstr(body, token));
	free(body);
	/* The old player and the others learn the seat changed; not who took it. */
	body = fx_last_mail(&e->f, "handover", "n@example.org");
	assert_non_null(body);
	assert_null(strstr(body, "nova"));
	assert_null(strstr(body, token));
	free(body);
	body = fx_last_mail(&e->f, "seat", "s@example.org");
	assert_non_null(strstr(body, "north"));
	assert_null(strstr(body, "nova"));
	free(body);

	events = fx_count(&e->f, "SELECT COUNT(*) FROM events");
	o = legal(e, 0);
	m = fx_order_mail("nova@example.org", "old@x", "bq-1", "north", e->f.tokens[0], o);
	fx_mail(&e->f, m);
	free(m);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), events);
	body = fx_last_mail(&e->f, "problem", "nova@example.org");
	assert_non_null(body);
	assert_non_null(strstr(body, "not the token"));
	free(body);
	m = fx_order_mail("nova@example.org", "new@x", "bq-1", "north", token, o);
	fx_mail(&e->f, m);
	free(m);
	free(o);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events"), events + 1);
}

/* A new player is told the campaign's way, not the old player's: notify,
 * view.json, pictures, calendar, zone and turning points go back to the
 * campaign's, and no reminder or calendar event of the old player's counts
 * as theirs. The same player with a new token keeps every choice; the
 * seat's language is the game master's and stays. */
static void
test_replace_resets_choices(void **state)
{
	static const char choices[] = "SELECT COUNT(*) FROM seats WHERE idx = 0 AND "
	    "notify = 'digest' AND json = 1 AND pictures = 0 AND calendar = 0 AND "
	    "timezone = 'Asia/Tokyo' AND turning = 0 AND language = 'de'";
	struct fx_env *e = *state;
	char token[TOKEN_LEN];
	uint64_t fixed = 5;
	struct diag d;
	const struct seat_row *s;

	assert_int_equal(sqlite3_exec(e->f.l.db, "UPDATE seats SET notify = 'digest', "
	    "json = 1, pictures = 0, calendar = 0, timezone = 'Asia/Tokyo', turning = 0, "
	    "language = 'de' WHERE idx = 0", NULL, NULL, NULL), SQLITE_OK);
	/* An open deadline the old player was reminded of, and one closed
	 * since their calendar last heard of it. */
	assert_int_equal(sqlite3_exec(e->f.l.db, "INSERT INTO deadlines (game_id, seat_idx, "
	    "seq, kind, due_at, reminded_at, told) VALUES (1, 0, 0, 'sowing', "
	    "'2099-01-01T12:00:00Z', '2026-11-20T12:00:00Z', 0); INSERT INTO deadlines "
	    "(game_id, seat_idx, seq, kind, due_at, status, revision, told) VALUES (1, 0, "
	    "-1, 'sowing', '2026-11-19T12:00:00Z', 'met', 1, 0)", NULL, NULL, NULL),
	    SQLITE_OK);
	fx_reload(e);
	assert_int_equal(TX(e, people_replace(&e->f.l, &e->f.cfg, &e->p, 0, "n@example.org",
	    &fixed, NOW, token, &d)), 0);
	assert_int_equal(fx_count(&e->f, choices), 1);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM deadlines WHERE seq = 0 AND "
	    "reminded_at <> ''"), 1);
	assert_int_equal(TX(e, people_replace(&e->f.l, &e->f.cfg, &e->p, 0, "nova@example.org",
	    &fixed, NOW, token, &d)), 0);
	assert_int_equal(fx_count(&e->f, choices), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM seats WHERE idx = 0 AND "
	    "notify = '' AND json = 0 AND pictures = 1 AND calendar = 1 AND timezone = '' "
	    "AND turning = -1 AND language = 'de'"), 1);
	/* Not reminded; the closed one is no cancellation for a calendar
	 * that never held it (the welcome's calendar part told the open). */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM deadlines WHERE seat_idx = 0 "
	    "AND reminded_at <> ''"), 0);
	/* (fx_count gives -1 for no row too: the row is counted.) */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM deadlines WHERE seq = -1 "
	    "AND told = -1"), 1);
	/* What the run holds in memory is the ledger's. */
	s = &e->p.g.seats[0];
	assert_string_equal(s->notify, "");
	assert_string_equal(s->timezone, "");
	assert_int_equal(s->json, 0);
	assert_int_equal(s->pictures, 1);
	assert_int_equal(s->calendar, 1);
	assert_int_equal(s->turning, -1);
	assert_string_equal(s->language, "de");
}

/* A seat the referee plays while the game master looks for a new player
 * still has its old player, who is told of the handover (doc/campaigns.md). */
static void
test_replace_from_bot(void **state)
{
	struct fx_env *e = *state;
	char token[TOKEN_LEN], *body;
	uint64_t fixed = 7;
	struct diag d;

	assert_int_equal(TX(e, people_set_bot(&e->f.l, &e->f.cfg, &e->p, 1, 0, NOW, &d)), 0);
	assert_int_equal(TX(e, people_replace(&e->f.l, &e->f.cfg, &e->p, 1, "sol@example.org",
	    &fixed, NOW, token, &d)), 0);
	body = fx_last_mail(&e->f, "handover", "s@example.org");
	assert_non_null(body);
	assert_null(strstr(body, "sol@"));
	assert_null(strstr(body, token));
	free(body);
}

static void
test_bot_and_human(void **state)
{
	struct fx_env *e = *state;
	struct diag d;

	assert_int_equal(TX(e, people_set_bot(&e->f.l, &e->f.cfg, &e->p, 1, -1, NOW, &d)),
	    PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "already played by its player"));
	/* South is waited for: the referee moves for it at once. */
	assert_int_equal(TX(e, people_set_bot(&e->f.l, &e->f.cfg, &e->p, 1, 0, NOW, &d)), 0);
	assert_string_equal(e->p.g.seats[1].kind, "bot");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM events WHERE kind = 'bot'"), 1);
	assert_true(has_mail(&e->f, "seat", "s@example.org"));
	/* A seat in civil disorder comes back to its player. */
	assert_int_equal(sqlite3_exec(e->f.l.db, "UPDATE seats SET disorder = 1, missed = 3 "
	    "WHERE idx = 1", NULL, NULL, NULL), SQLITE_OK);
	fx_reload(e);
	assert_int_equal(TX(e, people_set_bot(&e->f.l, &e->f.cfg, &e->p, 1, -1, NOW, &d)), 0);
	assert_string_equal(e->p.g.seats[1].kind, "human");
	assert_int_equal(e->p.g.seats[1].disorder, 0);
	assert_int_equal(e->p.g.seats[1].missed, 0);
	{
		char *body = fx_last_mail(&e->f, "seat", "s@example.org");

		assert_non_null(strstr(body, "no longer in civil disorder"));
		free(body);
	}
}

static void
test_parse_time(void **state)
{
	struct campaign c;

	(void)state;
	campaign_defaults(&c);
	assert_int_equal(people_parse_time(&c, "2026-12-01"), clock_parse_iso(
	    "2026-12-01T00:00:00Z"));
	snprintf(c.timezone, sizeof c.timezone, "Europe/Berlin");
	assert_int_equal(people_parse_time(&c, "2026-12-01"), clock_parse_iso(
	    "2026-11-30T23:00:00Z"));
	/* Summer time: two hours ahead of UTC. */
	assert_int_equal(people_parse_time(&c, "2026-07-01T18:30"), clock_parse_iso(
	    "2026-07-01T16:30:00Z"));
	assert_int_equal(people_parse_time(&c, "2026-07-01T18:30:00Z"), clock_parse_iso(
	    "2026-07-01T18:30:00Z"));
	/* A time the clocks skip is the first instant after the gap, as for
	 * deadlines. */
	assert_int_equal(people_parse_time(&c, "2027-03-28T02:30"), clock_parse_iso(
	    "2027-03-28T01:00:00Z"));
	assert_int_equal(people_parse_time(&c, "2026-11-31"), -1);
	assert_int_equal(people_parse_time(&c, "tomorrow"), -1);
	assert_int_equal(people_parse_time(&c, "2026-12-01T25:00"), -1);
}

static long long
away_used(struct fx_env *e)
{
	return fx_count(&e->f, "SELECT away_used FROM seats WHERE idx = 0");
}

static void
test_away_cap(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	time_t t = clock_parse_iso("2026-11-25T00:00:00Z");

	/* The TO must come after the FROM. */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t, t, NOW, &d)),
	    PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "must end after"));
	/* 10 days from the 25th, then 5 of them are taken by the 30th... */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t, t + 10 * 86400,
	    NOW, &d)), 0);
	assert_string_equal(e->p.g.seats[0].away_from, "2026-11-25T00:00:00Z");
	assert_string_equal(e->p.g.seats[0].away_to, "2026-12-05T00:00:00Z");
	assert_true(has_mail(&e->f, "away", "n@example.org"));
	{
		char *b = fx_last_mail(&e->f, "away", "n@example.org");

		/* The cap is a count said through the catalogs. */
		assert_non_null(b);
		assert_non_null(strstr(b, "allows 14 days of vacation\nin all; with this one you "
		    "have used 10."));
		free(b);
	}
	/* ... and 10 more would make 15 of 14. */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t + 15 * 86400,
	    t + 25 * 86400, "2026-11-30T00:00:00Z", &d)), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "away 14 days in all"));
	assert_non_null(strstr(d.msg, "it has taken 5"));
	assert_non_null(strstr(d.msg, "10 more"));
	assert_int_equal(away_used(e), 0);
	/* 9 more make 14: allowed; the 5 taken are kept. */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t + 15 * 86400,
	    t + 24 * 86400, "2026-11-30T00:00:00Z", &d)), 0);
	assert_int_equal(away_used(e), 5 * 86400);
	/* Back two days into it: 7 days taken in all. */
	assert_int_equal(TX(e, people_back(&e->f.l, &e->f.cfg, &e->p, 0,
	    "2026-12-12T00:00:00Z", &d)), 0);
	assert_int_equal(away_used(e), 7 * 86400);
	assert_string_equal(e->p.g.seats[0].away_to, "");
	assert_int_equal(TX(e, people_back(&e->f.l, &e->f.cfg, &e->p, 0,
	    "2026-12-12T00:00:00Z", &d)), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "is not away"));
	/* A vacation not yet begun, replaced, costs nothing. */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t + 30 * 86400,
	    t + 37 * 86400, "2026-12-12T00:00:00Z", &d)), 0);
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 0, t + 30 * 86400,
	    t + 37 * 86400, "2026-12-12T00:00:00Z", &d)), 0);
	assert_int_equal(away_used(e), 7 * 86400);
}

static void
test_pause_resume_end(void **state)
{
	struct fx_env *e = *state;
	struct diag d;

	assert_int_equal(TX(e, people_resume(&e->f.l, &e->f.cfg, &e->p, 0, NOW, &d)),
	    PEOPLE_REFUSED);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 0, "", NOW, &d)),
	    PEOPLE_REFUSED);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 0, "the oasis is dry",
	    NOW, &d)), 0);
	assert_string_equal(e->p.g.paused_at, NOW);
	/* No length given: the campaign's longest, 28 days. */
	assert_string_equal(e->p.g.paused_until, "2026-12-19T12:00:00Z");
	assert_string_equal(e->p.g.paused_reason, "the oasis is dry");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'pause'"), 2);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 3600, "again", NOW, &d)),
	    PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "paused already"));

	/* Resumed two days on: the open deadline moves two days later. */
	assert_int_equal(sqlite3_exec(e->f.l.db, "INSERT INTO deadlines (game_id, seat_idx, "
	    "seq, kind, due_at) VALUES (1, 0, 0, 'sowing', '2026-11-24T12:00:00Z')", NULL,
	    NULL, NULL), SQLITE_OK);
	assert_int_equal(TX(e, people_resume(&e->f.l, &e->f.cfg, &e->p, 0,
	    "2026-11-23T12:00:00Z", &d)), 0);
	assert_string_equal(e->p.g.paused_at, "");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM deadlines WHERE due_at = "
	    "'2026-11-26T12:00:00Z' AND status = 'open'"), 1);

	/* A pause longer than the campaign allows is cut to it. */
	assert_int_equal(TX(e, campaign_set(&e->f.l, e->p.g.id, "pause_max_days", "3", &d)), 0);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 10 * 86400, "storm",
	    NOW, &d)), 0);
	assert_string_equal(e->p.g.paused_until, "2026-11-24T12:00:00Z");

	assert_int_equal(TX(e, people_end(&e->f.l, &e->f.cfg, &e->p, "nobody plays", NOW, &d)),
	    0);
	assert_string_equal(e->p.g.status, "ended");
	assert_string_equal(e->p.g.end_reason, "nobody plays");
	assert_string_equal(e->p.g.paused_at, "");
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM deadlines WHERE status = "
	    "'cancelled'"), 1);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 0, "x", NOW, &d)),
	    PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "was ended: nobody plays"));
}

/* One notice, two readers: each reads its times in its own zone. */
static void
test_times_in_each_readers_zone(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	time_t t = clock_parse_iso("2026-11-25T00:00:00Z");
	char *b;

	assert_int_equal(TX(e, seat_set_timezone(&e->f.l, e->p.g.id, 0, "Asia/Tokyo", &d)),
	    0);
	fx_reload(e);
	assert_int_equal(TX(e, people_pause(&e->f.l, &e->f.cfg, &e->p, 0, "the oasis is dry",
	    NOW, &d)), 0);
	/* 28 days on: 2026-12-19 12:00 UTC, 21:00 in Tokyo. */
	b = fx_last_mail(&e->f, "pause", "n@example.org");
	assert_non_null(b);
	assert_non_null(strstr(b, "19 Dec 2026 21:00 JST"));
	assert_null(strstr(b, "UTC"));
	free(b);
	b = fx_last_mail(&e->f, "pause", "s@example.org");
	assert_non_null(b);
	assert_non_null(strstr(b, "19 Dec 2026 12:00 UTC"));
	free(b);
	assert_int_equal(TX(e, people_resume(&e->f.l, &e->f.cfg, &e->p, 0, NOW, &d)), 0);

	/* South goes away; north hears of it in Tokyo's hours. */
	assert_int_equal(TX(e, people_away(&e->f.l, &e->f.cfg, &e->p, 1, t, t + 2 * 86400,
	    NOW, &d)), 0);
	b = fx_last_mail(&e->f, "seat", "n@example.org");
	assert_non_null(b);
	assert_non_null(text_has(b, "25 Nov 2026 09:00 JST"));
	assert_non_null(text_has(b, "27 Nov 2026 09:00 JST"));
	free(b);
	b = fx_last_mail(&e->f, "away", "s@example.org");
	assert_non_null(b);
	assert_non_null(strstr(b, "25 Nov 2026 00:00 UTC"));
	free(b);
}

static void
test_watch_set_rollback_mails(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	int64_t first, last;
	char *body, *o, *m;

	assert_int_equal(TX(e, people_watch(&e->f.l, &e->f.cfg, &e->p, "fan@example.org", NULL, NOW,
	    &d)), 0);
	assert_int_equal(TX(e, people_watch(&e->f.l, &e->f.cfg, &e->p, "FAN@example.org", NULL, NOW,
	    &d)), PEOPLE_REFUSED);
	assert_int_equal(TX(e, people_watch(&e->f.l, &e->f.cfg, &e->p, "fan", NULL, NOW, &d)),
	    PEOPLE_REFUSED);
	assert_true(has_mail(&e->f, "watch", "fan@example.org"));

	assert_int_equal(TX(e, people_set(&e->f.l, &e->f.cfg, &e->p, "deadlin", "2d", NOW,
	    &d)), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "unknown campaign setting"));
	assert_int_equal(TX(e, people_set(&e->f.l, &e->f.cfg, &e->p, "deadline", "2d", NOW,
	    &d)), 0);
	body = fx_last_mail(&e->f, "setting", "fan@example.org");
	assert_non_null(strstr(body, "deadline: 2d"));
	free(body);
	assert_int_equal(TX(e, people_set(&e->f.l, &e->f.cfg, &e->p, "gm", "gm@example.org",
	    NOW, &d)), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE body LIKE "
	    "'%gm@example.org%'"), 0);

	/* North moves; the rollback tells everyone, with no trace of the move. */
	o = legal(e, 0);
	m = fx_order_mail("n@example.org", "r@x", "bq-1", "north", e->f.tokens[0], o);
	fx_mail(&e->f, m);
	free(m);
	free(o);
	fx_reload(e);
	assert_int_equal(e->p.seq, 1);
	assert_int_equal(TX(e, people_rollback(&e->f.l, &e->f.cfg, &e->p, 1, "misread order",
	    NOW, &first, &last, &d)), 0);
	assert_int_equal(first, 1);
	assert_int_equal(last, 1);
	assert_int_equal(e->p.seq, 2);
	body = fx_last_mail(&e->f, "rollback", "n@example.org");
	assert_non_null(strstr(body, "The game master undid step 1: misread order"));
	assert_null(strstr(body, "You chose"));
	free(body);
	assert_true(has_mail(&e->f, "rollback", "s@example.org"));
	assert_true(has_mail(&e->f, "rollback", "fan@example.org"));

	assert_int_equal(TX(e, people_unwatch(&e->f.l, &e->f.cfg, &e->p, "fan@example.org",
	    NOW, &d)), 0);
	assert_int_equal(TX(e, people_unwatch(&e->f.l, &e->f.cfg, &e->p, "fan@example.org",
	    NOW, &d)), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "does not watch"));
}

/* ---- campaign files ------------------------------------------------------ */

static const char good[] =
    "# a campaign\n"
    "game: targi\n"
    "name: desert-cup-1\n"
    "seats:\n"
    "  - name: anna\n"
    "    address: anna@example.org\n"
    "  - name: bob\n"
    "    address: bot\n"
    "options: { start: random }\n"
    "settings: { timezone: Europe/Berlin, deadline: 2d, deadline.placement: 1d,\n"
    "            deadline.snap: \"20:00\", deadline.days: mon-fri, gm: gm@x.org }\n"
    "watchers: [ fan@example.org ]\n";

static int
load_text(struct fixture *f, const char *text, struct campaign_file *cf, struct diag *d)
{
	char path[400];
	FILE *fp;

	snprintf(path, sizeof path, "%s/c.yaml", f->dir);
	assert_non_null(fp = fopen(path, "w"));
	fputs(text, fp);
	fclose(fp);
	diag_clear(d);
	return campaign_file_load(path, cf, d);
}

/* A campaign file's text with from changed to to: refused, the error
 * naming the file and saying want. */
struct broken {
	const char *from, *to, *want;
};

static void
refused(struct fixture *f, const char *text, const struct broken *b, struct campaign_file *cf)
{
	const char *at = strstr(text, b->from);
	struct diag d;
	char *bad;

	assert_non_null(at);
	xasprintf(&bad, "%.*s%s%s", (int)(at - text), text, b->to, at + strlen(b->from));
	memset(cf, 0, sizeof *cf);
	if (load_text(f, bad, cf, &d) == 0)
		fail_msg("%s -> %s was taken", b->from, b->to);
	if (strstr(d.msg, b->want) == NULL || strstr(d.msg, "c.yaml, ") == NULL)
		fail_msg("%s -> %s: \"%s\" does not say \"%s\"", b->from, b->to, d.msg,
		    b->want);
	free(bad);
}

static void
test_campaign_file_good(void **state)
{
	struct fixture f;
	struct campaign_file *cf = xcalloc(1, sizeof *cf);
	struct diag d;

	(void)state;
	fx_open(&f);
	if (load_text(&f, good, cf, &d) < 0)
		fail_msg("%s", d.msg);
	assert_string_equal(cf->rules, "targi");
	assert_string_equal(cf->name, "desert-cup-1");
	assert_int_equal(cf->nseats, 2);
	assert_string_equal(cf->seat_name[1], "bob");
	assert_string_equal(cf->seat_address[1], "bot");
	assert_int_equal(cf->nopts, 1);
	assert_string_equal(cf->opt[0], "start=random");
	assert_int_equal(cf->nsettings, 6);
	assert_string_equal(cf->key[3], "deadline.snap");
	assert_string_equal(cf->value[3], "20:00");
	assert_int_equal(cf->nwatchers, 1);
	assert_string_equal(cf->watcher[0], "fan@example.org");
	free(cf);
	fx_close(&f);
}

/* A seat's own choices and an observer's way of being told, in the file
 * as azalai seat and azalai watch say them; a wrong one names its line. */
static void
test_campaign_file_choices(void **state)
{
	static const char text[] =
	    "game: buqruru\n"
	    "seats:\n"
	    "  - name: anna\n"
	    "    address: anna@example.org\n"
	    "    timezone: europe/berlin\n"
	    "    pictures: off\n"
	    "    json: yes\n"
	    "    calendar: Off\n"
	    "    analysis: on\n"
	    "  - name: bob\n"
	    "    address: bob@example.org\n"
	    "watchers:\n"
	    "  - address: fan@example.org\n"
	    "    notify: Digest\n";
	static const struct broken cases[] = {
		{ "pictures: off", "pictures: maybe", "line 6: pictures: write on or off, not "
		    "\"maybe\"" },
		{ "timezone: europe/berlin", "timezone: Mars/Base", "line 5: \"Mars/Base\" is "
		    "not a time zone" },
		{ "notify: Digest", "notify: weekly", "line 14: " },
		{ "notify: Digest", "colour: red", "line 14: a watcher has no \"colour\"" },
		{ "json: yes", "json: [ on ]", "line 7: json: write one value" },
	};
	struct fixture f;
	struct campaign_file *cf = xcalloc(1, sizeof *cf);
	struct diag d;

	(void)state;
	fx_open(&f);
	if (load_text(&f, text, cf, &d) < 0)
		fail_msg("%s", d.msg);
	assert_string_equal(cf->seat_timezone[0], "Europe/Berlin");
	assert_int_equal(cf->seat_pictures[0], 0);
	assert_int_equal(cf->seat_json[0], 1);
	assert_int_equal(cf->seat_calendar[0], 0);
	assert_int_equal(cf->seat_analysis[0], 1);
	/* Not said: as a seat is without the file. */
	assert_string_equal(cf->seat_timezone[1], "");
	assert_int_equal(cf->seat_pictures[1], -1);
	assert_int_equal(cf->seat_json[1], -1);
	assert_int_equal(cf->seat_calendar[1], -1);
	assert_int_equal(cf->seat_analysis[1], -1);
	assert_string_equal(cf->watcher_notify[0], "digest");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		refused(&f, text, &cases[i], cf);
	free(cf);
	fx_close(&f);
}

/* Each broken line of the good file is named in the error. */
static void
test_campaign_file_errors(void **state)
{
	static const struct broken cases[] = {
		{ "game: targi", "game: targx", "line 2: there is no game \"targx\"" },
		{ "name: desert-cup-1", "name: desert cup", "line 3: game name \"desert cup\"" },
		{ "  - name: anna", "  - nam: anna", "line 5: a seat has no \"nam\"" },
		{ "    address: anna@example.org", "    address: anna", "line 6: \"anna\" is "
		    "not a mail address" },
		{ "    address: anna@example.org", "    address: anna..x@example.org",
		    "line 6: \"anna..x@example.org\" is not a mail address" },
		{ "  - name: bob", "  - name: anna", "line 7: two seats are called anna" },
		{ "    address: bot\n", "    address: bot:grandmaster\n", "line 8: \"grandmaster\" "
		    "is no bot level" },
		{ "{ start: random }", "{ start: often }", "line 9: option start: \"often\"" },
		{ "{ start: random }", "{ starts: random }", "line 9: " },
		{ "deadline: 2d", "deadline: 2x", "line 10: deadline \"2x\"" },
		{ "Europe/Berlin", "Europe/Nowhere", "line 10: timezone \"Europe/Nowhere\"" },
		{ "mon-fri", "mon-frx", "line 11: deadline.days \"mon-frx\"" },
		{ "[ fan@example.org ]", "[ fan ]", "line 12: watcher \"fan\"" },
		{ "watchers:", "watcher:", "line 12: unknown key \"watcher\"" },
		{ "options: { start: random }", "deck: d.yaml", "line 9: cannot read the deck" },
		{ "  - name: bob\n    address: bot\n", "", "line 4: targi needs 2 seats, not 1" },
		{ "seats:", "seats: [", "line 5: did not find expected node" },
	};
	struct fixture f;
	struct campaign_file *cf = xcalloc(1, sizeof *cf);

	(void)state;
	fx_open(&f);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		refused(&f, good, &cases[i], cf);
	free(cf);
	fx_close(&f);
}

/* One bare address, the one GMime would mail to, or none; one 7-bit mail
 * can carry (a Unicode domain has A-labels, a Unicode local part needs
 * SMTPUTF8). */
static void
test_address_valid(void **state)
{
	static const char *const fine[] = { "a@x", "anna@example.org",
	    "first.last+tag@mail.example.org", "zoe@ex\xc3\xa4mple.org", "a@[192.0.2.1]" };
	static const char *const bad[] = { "", "a", "a@", "@x", "a@b@c", "a(b)@x", "a@x>",
	    "<a@x>", "Ann <a@x>", "a@x, b@y", "a@x b@y", "\"a b\"@x", "a..b@x", ".a@x",
	    "a@x.", "a;b@x", "a@x\n", "bot", "zo\xc3\xab@example.org" };

	(void)state;
	for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++)
		if (!address_valid(fine[i]))
			fail_msg("\"%s\" refused", fine[i]);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (address_valid(bad[i]))
			fail_msg("\"%s\" taken", bad[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rollback_buqruru),
		cmocka_unit_test(test_rollback_targi),
		cmocka_unit_test(test_rollback_too_far),
		cmocka_unit_test_setup_teardown(test_replace, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_replace_resets_choices, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_replace_from_bot, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_bot_and_human, setup, fx_env_teardown),
		cmocka_unit_test(test_parse_time),
		cmocka_unit_test_setup_teardown(test_away_cap, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_pause_resume_end, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_times_in_each_readers_zone, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_watch_set_rollback_mails, setup,
		    fx_env_teardown),
		cmocka_unit_test(test_campaign_file_good),
		cmocka_unit_test(test_campaign_file_choices),
		cmocka_unit_test(test_campaign_file_errors),
		cmocka_unit_test(test_address_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
