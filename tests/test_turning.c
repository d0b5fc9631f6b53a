/* A finished game's turning points (issue 33, item 6): the points name
 * only decisions the seat made itself (not a bot's move, a default or
 * another seat's order), the same on every analysis of the same game, the
 * largest drop first; a run mails them once, to the seats that want them
 * (the seat's ANALYSIS word, the campaign's turning_points), in the reader's
 * language (its order words too), each under its rank with the step its
 * reports used and a link to the archive's step when archive.url is set; two
 * runs that analysed the same game queue its mails once. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "core/clock.h"
#include "core/fsutil.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "games/bot.h"
#include "lang/ordertr.h"
#include "ledger/seats.h"
#include "referee/bots.h"
#include "referee/people.h"
#include "referee/turning.h"
#include "render/archive.h"
#include "render/report.h"
#include "testutil.h"

static const char *const addr[] = { "n@example.org", "s@example.org" };
static const char *const seat_name[] = { "north", "south" };

/* Plays e's game to its end (or steps steps, when more than 0) with every
 * step's kind as kinds[seat] says, a random legal order each, through
 * play_step: no mail, no bot search. */
static void
play_steps(struct fx_env *e, const char *const kinds[2], int default_every, int steps)
{
	struct order_list ol;
	struct rng r;
	struct diag d;
	char now[32];
	int n = 0;

	clock_iso(clock_now(), now, sizeof now);
	rng_seed(&r, 7);
	order_list_init(&ol);
	for (int guard = 0; guard < 5000 && (steps <= 0 || guard < steps); guard++) {
		int seat = fx_waited_seat(&e->p);
		const char *kind;

		if (seat < 0)
			break;
		ol.n = 0;
		assert_int_equal(e->p.rules->legal(e->p.st, seat, &ol), 0);
		assert_true(ol.n > 0);
		kind = kinds[seat];
		if (seat == 0 && default_every > 0 && ++n % default_every == 0)
			kind = "default";
		assert_int_equal(ledger_begin(&e->f.l, &d), 0);
		if (play_step(&e->f.l, &e->p, kind, seat,
		    &ol.v[rng_below(&r, (uint32_t)ol.n)], now, NULL, &d) < 0 ||
		    play_update_status(&e->f.l, &e->p, &d) < 0)
			fail_msg("play_step: %s", d.msg);
		assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	}
	order_list_free(&ol);
	fx_reload(e);
	if (steps <= 0)
		assert_string_equal(e->p.g.status, "over");
}

static void
play_out(struct fx_env *e, const char *const kinds[2], int default_every)
{
	play_steps(e, kinds, default_every, 0);
}

static struct turning_budget small = { 60, 40 };

/* The kind and seat of step seq of game, as the ledger has it. */
static void
event_of(struct fx_env *e, int64_t seq, char kind[16], int *seat)
{
	char sql[200];

	snprintf(sql, sizeof sql, "SELECT seat_idx FROM events WHERE game_id = %lld AND "
	    "seq = %lld", (long long)e->p.g.id, (long long)seq);
	*seat = (int)fx_count(&e->f, sql);
	snprintf(sql, sizeof sql, "SELECT kind = 'order' FROM events WHERE game_id = %lld "
	    "AND seq = %lld", (long long)e->p.g.id, (long long)seq);
	snprintf(kind, 16, "%s", fx_count(&e->f, sql) ? "order" : "other");
}

/* The oracle: every decision of seat judged again, one by one, with the
 * analysis's seeds; the points must be the largest of these drops. */
struct judged_all {
	const struct game_rules *r;
	const struct game_row *g;
	int seat, have_before, n;
	void *before;
	int64_t seq[400];
	double drop[400];
};

static int
judge_each(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	struct judged_all *j = arg;
	struct bot_verdict v;
	struct order o;
	struct diag d;

	if (j->have_before && strcmp(e->kind, "order") == 0 && e->seat == j->seat) {
		assert_int_equal(j->r->parse(j->before, e->seat, e->payload, &o, &d), 0);
		assert_int_equal(bot_judge(j->r, j->before, j->g->nseats, e->seat, &o,
		    turning_seed(j->g->seed, seq), small.iterations, small.playouts, &v, &d), 0);
		assert_true(j->n < 400);
		j->seq[j->n] = seq;
		j->drop[j->n++] = v.best - v.played;
	}
	memcpy(j->before, st, j->r->state_size);
	j->have_before = 1;
	return 0;
}

static void
the_largest_drops(struct fx_env *e, int seat, const struct turning_point *pts, int judged)
{
	struct judged_all j = { .r = e->p.rules, .g = &e->p.g, .seat = seat };
	void *st = xcalloc(1, e->p.rules->state_size);
	struct diag d;
	char sql[200];

	j.before = xcalloc(1, e->p.rules->state_size);
	assert_int_equal(play_replay(&e->f.l, &e->p.g, -1, st, judge_each, &j, &d), 0);
	/* Each of the seat's own orders judged, no default. */
	snprintf(sql, sizeof sql, "SELECT count(*) FROM events WHERE game_id = %lld AND "
	    "kind = 'order' AND seat_idx = %d", (long long)e->p.g.id, seat);
	assert_int_equal(judged, fx_count(&e->f, sql));
	assert_int_equal(j.n, judged);
	for (int i = 0; i < TURNING_POINTS; i++) {
		int best = -1;

		/* The largest drop left, the earlier step of two alike. */
		for (int k = 0; k < j.n; k++)
			if (j.drop[k] >= 0.02 && (best < 0 || j.drop[k] > j.drop[best]))
				best = k;
		if (best < 0) {
			assert_int_equal(pts[i].seq, 0);
			continue;
		}
		assert_int_equal(pts[i].seq, j.seq[best]);
		assert_true(pts[i].drop == j.drop[best]);
		j.drop[best] = -1;
	}
	free(j.before);
	free(st);
}

static void
only_own_decisions(void **state)
{
	static const char *const kinds[2] = { "order", "bot" };
	struct fx_env *e = *state;
	struct turning_point pts[2][TURNING_POINTS], again[2][TURNING_POINTS];
	int judged[2], judged2[2], named = 0;
	struct diag d;

	/* North decides; south is the referee's; every fifth of north's
	 * steps is a default the referee played for it. */
	play_out(e, kinds, 5);
	assert_int_equal(turning_analyse(&e->f.l, &e->p.g, VIS_SEAT(0) | VIS_SEAT(1), &small,
	    pts, judged, &d), 0);
	assert_true(judged[0] > 10);
	assert_int_equal(judged[1], 0);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < TURNING_POINTS; i++) {
			char kind[16];
			int seat;

			if (pts[s][i].seq == 0)
				continue;
			named++;
			event_of(e, pts[s][i].seq, kind, &seat);
			assert_string_equal(kind, "order");
			assert_int_equal(seat, s);
			assert_true(pts[s][i].drop >= 0.02);
			assert_true(pts[s][i].drop <= 1.0);
			if (i > 0)
				assert_true(pts[s][i].drop <= pts[s][i - 1].drop);
			assert_true(strcmp(pts[s][i].order, pts[s][i].best_order) != 0);
		}
	/* Random play loses something in a Targi game. */
	assert_int_equal(named, TURNING_POINTS);
	the_largest_drops(e, 0, pts[0], judged[0]);
	/* The same game, the same points: the judge's chance is the game's
	 * seed's, not the clock's. */
	assert_int_equal(turning_analyse(&e->f.l, &e->p.g, VIS_SEAT(0), &small, again,
	    judged2, &d), 0);
	assert_int_equal(judged2[0], judged[0]);
	assert_memory_equal(again[0], pts[0], sizeof pts[0]);
}

/* Plays e's game to its end by mail, a random legal order from the seat
 * waited for each time (a bot's seat moves by itself). Before that, the
 * seat who mails extra (command lines) alone when given. */
static void
mail_game(struct fx_env *e, int who, const char *extra)
{
	struct order_list ol;
	struct rng r;
	int mid = 0;

	rng_seed(&r, 11);
	order_list_init(&ol);
	for (int guard = 0; guard < 1000 && strcmp(e->p.g.status, "active") == 0; guard++) {
		int seat = fx_waited_seat(&e->p);
		char id[32], body[ORDER_TEXT + 64], *raw;

		assert_true(seat >= 0);
		ol.n = 0;
		e->p.rules->legal(e->p.st, seat, &ol);
		assert_true(ol.n > 0);
		snprintf(id, sizeof id, "%d@example.org", ++mid);
		if (mid == 1 && extra != NULL) {
			seat = who;
			snprintf(body, sizeof body, "%s\n", extra);
		} else
			snprintf(body, sizeof body, "%s\n", ol.v[rng_below(&r,
			    (uint32_t)ol.n)].text);
		raw = fx_order_mail(addr[seat], id, e->game, seat_name[seat],
		    e->f.tokens[seat], body);
		fx_mail(&e->f, raw);
		free(raw);
		fx_reload(e);
	}
	order_list_free(&ol);
	assert_string_equal(e->p.g.status, "over");
}

/* One mail from north with line alone, before its first order. */
static void
mail_out_first(struct fx_env *e, const char *line)
{
	char body[256], *raw;

	snprintf(body, sizeof body, "%s\n", line);
	raw = fx_order_mail(addr[0], "first@example.org", e->game, seat_name[0],
	    e->f.tokens[0], body);
	fx_mail(&e->f, raw);
	free(raw);
}

static long long
turning_mails(struct fx_env *e, const char *to)
{
	char sql[200];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM outbox WHERE kind = 'turning' AND "
	    "to_addr = '%s'", to);
	return fx_count(&e->f, sql);
}

static void
pass(struct fx_env *e, int games, int mails)
{
	struct turning_stats ts;
	struct diag d;

	if (turning_pass(&e->f.l, &e->f.cfg, &ts, &d) < 0)
		fail_msg("turning_pass: %s", d.msg);
	assert_int_equal(ts.games, games);
	assert_int_equal(ts.mails, mails);
	assert_int_equal(ts.left, 0);
}

/* A mail's words for one language: what each point's lines say; by, how
 * the archive's page in that language says whose a step was. */
struct said {
	const char *lang, *step, *result, *played, *by;
};

static const struct said english = { "en", "Step", "expected result", "You played:",
	" by north, " };
static const struct said german = { "de", "Schritt", "erwartetes Ergebnis",
	"Du hast gespielt:", " von north, " };
static const struct said spanish = { "es", "Paso", "resultado esperado", "Jugaste:",
	" de north, " };
static const struct said french = { "fr", "Étape", "résultat attendu",
	"Vous avez joué :", " (north), " };

/* body, the turning points mail to seat, says the points the analysis
 * finds, in their order: point i under rank i + 1, with the step number
 * the seat's reports used, what it played and what the judge would have
 * played in the reader's order words with their expected results, and,
 * when url is given, the link to the ledger's step on the archive page.
 * Returns how many points the mail names. */
static int
says_the_points(struct fx_env *e, int seat, const char *body, const struct said *w,
    const char *url)
{
	struct turning_point pts[2][TURNING_POINTS];
	struct turning_budget b;
	int judged[2], n = 0;
	struct diag d;

	/* The run's own budget: the same seed gives the same points. */
	turning_budget_default(&b);
	assert_int_equal(turning_analyse(&e->f.l, &e->p.g, VIS_SEAT(seat), &b, pts, judged,
	    &d), 0);
	for (int i = 0; i < TURNING_POINTS && pts[seat][i].seq > 0; i++, n++) {
		const struct turning_point *p = &pts[seat][i];
		char head[64], next[64], want[ORDER_TEXT * 3], tr[ORDER_TEXT * 2], *block;
		const char *at, *end;

		snprintf(head, sizeof head, "\n%d. %s %lld\n", i + 1, w->step,
		    (long long)report_step_seen(&e->f.l, &e->p, seat, p->seq));
		if ((at = strstr(body, head)) == NULL) {
			fail_msg("no \"%s\" in:\n%s", head + 1, body);
			return n;	/* fail_msg may not be known not to return */
		}
		snprintf(next, sizeof next, "\n%d. %s ", i + 2, w->step);
		end = strstr(at + 1, next);
		block = xstrndup(at, end != NULL ? (size_t)(end - at) : strlen(at));
		ordertr_to_lang(w->lang, e->p.rules->name, p->order, tr, sizeof tr);
		/* The reader's words, not the ledger's: the check would
		 * otherwise pass a mail in English. */
		if (strcmp(w->lang, "en") != 0)
			assert_string_not_equal(tr, p->order);
		snprintf(want, sizeof want, " %s (%s %lld)\n", tr, w->result,
		    (long long)(p->played * 100.0 + 0.5));
		if (strstr(block, want) == NULL)
			fail_msg("point %d: no \"%s\" in:%s", i + 1, want, block);
		ordertr_to_lang(w->lang, e->p.rules->name, p->best_order, tr, sizeof tr);
		snprintf(want, sizeof want, " %s (%s %lld)\n", tr, w->result,
		    (long long)(p->best * 100.0 + 0.5));
		if (strstr(block, want) == NULL)
			fail_msg("point %d: no \"%s\" in:%s", i + 1, want, block);
		if (url != NULL) {
			snprintf(want, sizeof want, "%s/games/%s.html#step-%lld\n", url,
			    e->p.g.name, (long long)p->seq);
			if (strstr(block, want) == NULL)
				fail_msg("point %d: no link %s in:%s", i + 1, want, block);
		}
		free(block);
	}
	{
		char more[64];

		snprintf(more, sizeof more, "\n%d. %s ", n + 1, w->step);
		assert_null(strstr(body, more));
	}
	return n;
}

/* The archive's page of the game, written now: each link of body (to url
 * and a step) opens the section of the step the mail says north played,
 * the order shown there the one said above the link, in the words of w. */
static void
the_links_open_the_points(struct fx_env *e, const char *body, const char *url,
    const struct said *w)
{
	struct archive_stats as;
	struct diag d;
	char dir[300], path[400], *page;
	const char *at;
	size_t len;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/site", e->f.dir);
	if (archive_write(&e->f.l, &e->f.cfg, dir, NULL, 0, NULL, 0, &as, &d) != 0)
		fail_msg("archive: %s", d.msg);
	snprintf(path, sizeof path, "%s/games/%s.html", dir, e->p.g.name);
	assert_int_equal(fs_read(path, &page, &len), 0);
	for (at = strstr(body, w->played); at != NULL; at = strstr(at, w->played)) {
		const char *order = at + strlen(w->played), *stop, *link, *sec, *end;
		char want[ORDER_TEXT + 40], *section;
		long long step;

		order += strspn(order, " ");
		snprintf(want, sizeof want, " (%s", w->result);
		assert_non_null(stop = strstr(order, want));
		assert_non_null(link = strstr(stop, url));
		step = strtoll(link + strlen(url), NULL, 10);
		snprintf(want, sizeof want, "<section class=\"step\" id=\"step-%lld\" ", step);
		if ((sec = strstr(page, want)) == NULL)
			fail_msg("no step %lld on the page", step);
		assert_non_null(end = strstr(sec, "</section>"));
		section = xstrndup(sec, (size_t)(end - sec));
		assert_non_null(strstr(section, w->by));
		snprintf(want, sizeof want, "<code>%.*s</code>", (int)(stop - order), order);
		if (strstr(section, want) == NULL)
			fail_msg("step %lld of the page is not %s:\n%s", step, want, section);
		free(section);
		at = link;
		n++;
	}
	assert_true(n > 0);
	free(page);
}

/* A step north never saw (south's standing order, issue 29) shifts the
 * ledger's numbers, which the archive page of the game over shows, from
 * the ones north's reports used: the mail names each point by north's
 * number and says the page's beside its link. */
static void
page_numbers_beside_the_link(void **state)
{
	static const char url[] = "https://example.org/az/games/tg-2.html#step-";
	struct fx_env *e = *state;
	const char *at;
	char *body;
	int differs = 0, points = 0;

	snprintf(e->f.cfg.archive_url, sizeof e->f.cfg.archive_url, "https://example.org/az");
	fx_set(e, "turning_points", "yes");
	mail_game(e, 1, "STANDING RAID GOODS");
	pass(e, 1, 2);
	body = fx_last_mail(&e->f, "turning", addr[0]);
	assert_non_null(body);
	for (at = strstr(body, ". Step "); at != NULL; at = strstr(at, ". Step ")) {
		long long said = strtoll(at + strlen(". Step "), NULL, 10), page;
		const char *link = strstr(at, url);
		char want[80];

		assert_non_null(link);
		page = strtoll(link + strlen(url), NULL, 10);
		points++;
		assert_true(said <= page);
		snprintf(want, sizeof want, "(step %lld on that page", page);
		if (said != page) {
			differs++;
			assert_non_null(strstr(link, want));
		} else {
			const char *next = strstr(link, ". Step ");
			const char *note = strstr(link, want);

			assert_true(note == NULL || (next != NULL && note > next));
		}
		at = link;
	}
	assert_true(points > 0);
	assert_true(differs > 0);
	the_links_open_the_points(e, body, url, &english);
	free(body);
}

/* A reader of another language follows the links of its mail to the
 * archive's site in that language: the step each opens says the order
 * the mail says was played, in the same words (the pages once said the
 * ledger's English), and the page counts the steps as the link does. */
static void
links_in_the_readers_words(struct fx_env *e, const struct said *w)
{
	static const char url[] = "https://example.org/az";
	char *body, link[160];

	snprintf(e->f.cfg.archive_url, sizeof e->f.cfg.archive_url, "%s", url);
	snprintf(e->f.cfg.language, sizeof e->f.cfg.language, "%s", w->lang);
	mail_game(e, 0, NULL);
	pass(e, 1, 1);
	body = fx_last_mail(&e->f, "turning", addr[0]);
	assert_non_null(body);
	assert_true(says_the_points(e, 0, body, w, url) > 0);
	snprintf(link, sizeof link, "%s/games/%s.html#step-", url, e->p.g.name);
	the_links_open_the_points(e, body, link, w);
	free(body);
}

static void
links_in_german(void **state)
{
	links_in_the_readers_words(*state, &german);
}

static void
links_in_spanish(void **state)
{
	links_in_the_readers_words(*state, &spanish);
}

static void
links_in_french(void **state)
{
	links_in_the_readers_words(*state, &french);
}

static void
mailed_once_to_the_player(void **state)
{
	struct fx_env *e = *state;
	char *body, want[160];
	int64_t seq;

	snprintf(e->f.cfg.archive_url, sizeof e->f.cfg.archive_url,
	    "https://example.org/az/");
	mail_game(e, 0, NULL);
	pass(e, 1, 1);
	assert_int_equal(turning_mails(e, addr[0]), 1);
	/* The bot's seat has no one to read it. */
	assert_int_equal(fx_count(&e->f, "SELECT count(*) FROM outbox WHERE kind = "
	    "'turning'"), 1);
	/* Once: the next run leaves the game alone. */
	pass(e, 0, 0);
	assert_int_equal(turning_mails(e, addr[0]), 1);
	body = fx_last_mail(&e->f, "turning", addr[0]);
	assert_non_null(body);
	assert_non_null(strstr(body, "Buqruru game bq-1 is over."));
	/* The link names a step north decided: this game's mail has points,
	 * or there would be no link to look at. */
	assert_null(strstr(body, "None of your decisions"));
	{
		const char *at = strstr(body, "https://example.org/az/games/bq-1.html#step-");
		char kind[16];
		int seat;

		assert_non_null(at);
		seq = strtoll(at + strlen("https://example.org/az/games/bq-1.html#step-"), NULL,
		    10);
		event_of(e, seq, kind, &seat);
		assert_string_equal(kind, "order");
		assert_int_equal(seat, 0);
		/* The configured URL's slash is not doubled. */
		snprintf(want, sizeof want, "az//games");
		assert_null(strstr(body, want));
	}
	/* Each point the analysis found, in its order, linked to its step. */
	assert_true(says_the_points(e, 0, body, &english, "https://example.org/az") > 0);
	free(body);
}

static void
analysis_off_by_mail(void **state)
{
	struct fx_env *e = *state;
	char *ack;

	/* A word other than on or off is refused where it stands, with the
	 * words that would do, and changes nothing. */
	mail_out_first(e, "ANALYSIS maybe");
	ack = fx_last_mail(&e->f, "error", addr[0]);
	assert_non_null(ack);
	assert_non_null(strstr(ack, "ANALYSIS takes ON (when the game is over"));
	free(ack);
	fx_reload(e);
	assert_int_equal(e->p.g.seats[0].turning, -1);
	mail_game(e, 0, "ANALYSIS OFF");
	fx_reload(e);
	assert_int_equal(e->p.g.seats[0].turning, 0);
	ack = fx_last_mail(&e->f, "ack", addr[0]);
	assert_non_null(ack);
	free(ack);
	pass(e, 1, 0);
	assert_int_equal(turning_mails(e, addr[0]), 0);
}

/* Between people the campaign's auto sends nothing (people_auto); the
 * seat's own ON gets it the mail all the same, and the other seat none. */
static void
analysis_on_by_mail(void **state)
{
	struct fx_env *e = *state;
	char *ack;

	mail_game(e, 0, "ANALYSIS ON");
	fx_reload(e);
	assert_int_equal(e->p.g.seats[0].turning, 1);
	assert_int_equal(e->p.g.seats[1].turning, -1);
	ack = fx_last_mail(&e->f, "ack", addr[0]);
	assert_non_null(ack);
	free(ack);
	pass(e, 1, 1);
	assert_int_equal(turning_mails(e, addr[0]), 1);
	assert_int_equal(turning_mails(e, addr[1]), 0);
}

static void
campaign_no(void **state)
{
	struct fx_env *e = *state;

	fx_set(e, "turning_points", "no");
	mail_game(e, 0, NULL);
	pass(e, 1, 0);
}

/* Between people, auto (the default) sends nothing: no seat was a bot's. */
static void
people_auto(void **state)
{
	struct fx_env *e = *state;
	static const char *const kinds[2] = { "order", "order" };

	play_out(e, kinds, 0);
	pass(e, 1, 0);
	assert_int_equal(fx_count(&e->f, "SELECT count(*) FROM outbox WHERE kind = "
	    "'turning'"), 0);
}

/* Yes sends to each, in its language. */
static void
people_only(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	char *body;

	fx_set(e, "turning_points", "yes");
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(seat_set_language(&e->f.l, e->p.g.id, 1, "de", &d), 0);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	fx_reload(e);
	{
		static const char *const kinds[2] = { "order", "order" };

		play_out(e, kinds, 0);
	}
	pass(e, 1, 2);
	body = fx_last_mail(&e->f, "turning", addr[1]);
	assert_non_null(body);
	assert_non_null(strstr(body, "Das Buqruru-Spiel bq-2 ist zu Ende."));
	/* The orders too are in the reader's words: SÄEN, not SOW. */
	assert_true(says_the_points(e, 1, body, &german, NULL) > 0);
	free(body);
	body = fx_last_mail(&e->f, "turning", addr[0]);
	assert_non_null(body);
	assert_true(says_the_points(e, 0, body, &english, NULL) > 0);
	free(body);
}

/* A run whose bots' time is spent leaves the game for the next, and says
 * how many wait; the next run with time does it. */
static void
waits_when_time_is_spent(void **state)
{
	struct fx_env *e = *state;
	struct turning_stats ts;
	struct diag d;

	mail_game(e, 0, NULL);
	bots_run_cap(0);
	assert_int_equal(turning_pass(&e->f.l, &e->f.cfg, &ts, &d), 0);
	assert_int_equal(ts.games, 0);
	assert_int_equal(ts.left, 1);
	assert_int_equal(turning_mails(e, addr[0]), 0);
	bots_run_cap(-1);
	pass(e, 1, 1);
}

/* Games whose analysis fails (here: rules no engine has), more than a run
 * reads at once and all older than the game played, fail in every run; the
 * game after them still gets its mail in the first run. */
static void
failures_block_no_one(void **state)
{
	struct fx_env *e = *state;
	struct turning_stats ts;
	struct diag d;
	char sql[256];

	for (int k = 1; k <= 200; k++) {
		snprintf(sql, sizeof sql, "INSERT INTO games (id, name, rules, options, seed, "
		    "status, created_at) VALUES (%d, 'broken-%d', 'nosuchgame', '', 1, 'over', "
		    "'2026-01-01T00:00:00Z')", -k, k);
		assert_int_equal(sqlite3_exec(e->f.l.db, sql, NULL, NULL, NULL), SQLITE_OK);
	}
	mail_game(e, 0, NULL);
	assert_int_equal(turning_pass(&e->f.l, &e->f.cfg, &ts, &d), -1);
	assert_int_equal(ts.games, 1);
	assert_int_equal(ts.left, 200);
	assert_int_equal(turning_mails(e, addr[0]), 1);
}

/* Two runs that both analysed a game (the analysis reads off the run lock)
 * queue its mails once: the game is claimed where they are queued. A game
 * rolled back to active since is not claimed at all. */
static void
claimed_once(void **state)
{
	static const char *const kinds[2] = { "order", "bot" };
	struct fx_env *e = *state;
	struct diag d;

	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(ledger_game_turning_claim(&e->f.l, e->p.g.id, &d), 0);
	ledger_rollback(&e->f.l);
	play_out(e, kinds, 0);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	assert_int_equal(ledger_game_turning_claim(&e->f.l, e->p.g.id, &d), 1);
	assert_int_equal(ledger_game_turning_claim(&e->f.l, e->p.g.id, &d), 0);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	pass(e, 0, 0);
}

/* A seat handed over to another player: the new one's mail names only
 * the decisions made since (doc/orders.md: never another player's order),
 * and the player the seat was taken from gets none. */
static void
handed_over(void **state)
{
	static const char *const kinds[2] = { "order", "bot" };
	struct fx_env *e = *state;
	struct turning_point pts[2][TURNING_POINTS];
	char token[TOKEN_LEN], now[32], sql[200];
	uint64_t fixed = 99;
	int64_t since;
	int judged[2];
	struct diag d;

	play_steps(e, kinds, 0, 60);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&e->f.l, &d), 0);
	if (people_replace(&e->f.l, &e->f.cfg, &e->p, 0, "m@example.org", &fixed, now, token,
	    &d) != 0)
		fail_msg("people_replace: %s", d.msg);
	assert_int_equal(ledger_commit(&e->f.l, &d), 0);
	fx_reload(e);
	since = fx_count(&e->f, "SELECT step FROM outbox WHERE kind = 'welcome' AND "
	    "to_addr = 'm@example.org'");
	snprintf(sql, sizeof sql, "SELECT count(*) FROM events WHERE game_id = %lld AND "
	    "kind = 'order' AND seat_idx = 0 AND seq <= %lld", (long long)e->p.g.id,
	    (long long)since);
	/* The first player decided, or the test shows nothing. */
	assert_true(fx_count(&e->f, sql) > 10);
	play_out(e, kinds, 0);
	assert_int_equal(turning_analyse(&e->f.l, &e->p.g, VIS_SEAT(0), &small, pts, judged,
	    &d), 0);
	snprintf(sql, sizeof sql, "SELECT count(*) FROM events WHERE game_id = %lld AND "
	    "kind = 'order' AND seat_idx = 0 AND seq > %lld", (long long)e->p.g.id,
	    (long long)since);
	assert_int_equal(judged[0], fx_count(&e->f, sql));
	for (int i = 0; i < TURNING_POINTS; i++)
		assert_true(pts[0][i].seq == 0 || pts[0][i].seq > since);
	pass(e, 1, 1);
	assert_int_equal(turning_mails(e, "m@example.org"), 1);
	assert_int_equal(turning_mails(e, addr[0]), 0);
}

static int
setup_bot(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-1", 0, 0x2);
}

static int
setup_targi(void **state)
{
	return fx_env_setup(state, "targi", "tg-1", 0, 0x2);
}

static int
setup_targi_people(void **state)
{
	return fx_env_setup(state, "targi", "tg-2", 0, 0);
}

static int
setup_people(void **state)
{
	return fx_env_setup(state, "buqruru", "bq-2", 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(only_own_decisions, setup_targi,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(mailed_once_to_the_player, setup_bot,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(analysis_off_by_mail, setup_bot,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(analysis_on_by_mail, setup_people,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(campaign_no, setup_bot, fx_env_teardown),
		cmocka_unit_test_setup_teardown(waits_when_time_is_spent, setup_bot,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(failures_block_no_one, setup_bot,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(page_numbers_beside_the_link,
		    setup_targi_people, fx_env_teardown),
		cmocka_unit_test_setup_teardown(links_in_german, setup_bot, fx_env_teardown),
		cmocka_unit_test_setup_teardown(links_in_spanish, setup_bot, fx_env_teardown),
		cmocka_unit_test_setup_teardown(links_in_french, setup_bot, fx_env_teardown),
		cmocka_unit_test_setup_teardown(claimed_once, setup_bot, fx_env_teardown),
		cmocka_unit_test_setup_teardown(handed_over, setup_targi, fx_env_teardown),
		cmocka_unit_test_setup_teardown(people_auto, setup_people, fx_env_teardown),
		cmocka_unit_test_setup_teardown(people_only, setup_people, fx_env_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
