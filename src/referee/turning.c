#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "games/bot.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "ledger/play.h"
#include "mail/address.h"
#include "mail/outbox.h"
#include "referee/bots.h"
#include "referee/notice.h"
#include "referee/turning.h"
#include "render/render.h"
#include "render/report.h"

/* Games one run looks at; the rest wait for the next. */
#define TURNING_BATCH 64
/* A drop smaller than this is the playouts' noise, not a mistake. */
#define TURNING_NOISE 0.02

void
turning_budget_default(struct turning_budget *b)
{
	/* The bots' strongest level searches as much per decision; a whole
	 * Targi game (about 80 decisions a seat) stays well inside a minute. */
	b->iterations = bot_level_budget(BOT_ISMCTS);
	b->playouts = 200;
}

struct walk {
	const struct game_rules *r;
	const struct game_row *g;
	const struct turning_budget *b;
	uint32_t seats;
	int64_t since[MAX_SEATS];	/* each seat's player's first step */
	void *before;			/* the state before the step walked */
	int have_before;
	struct turning_point (*pts)[TURNING_POINTS];
	int *judged;
};

/* Keeps p among seat's points when it lost more than one of them. */
static void
keep(struct turning_point *pts, const struct turning_point *p)
{
	int at = TURNING_POINTS;

	while (at > 0 && (pts[at - 1].seq == 0 || pts[at - 1].drop < p->drop))
		at--;
	if (at == TURNING_POINTS)
		return;
	memmove(&pts[at + 1], &pts[at], sizeof *pts * (size_t)(TURNING_POINTS - 1 - at));
	pts[at] = *p;
}

static int
step(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	struct walk *w = arg;
	struct order o;
	struct bot_verdict v;
	struct diag d;

	/* Only what the seat itself decided: the referee's defaults, a bot's
	 * moves and the game master's steps are no one's mistakes, and the
	 * orders of a player the seat was taken from are not the mail's
	 * reader's. */
	if (w->have_before && strcmp(e->kind, "order") == 0 && e->seat >= 0 &&
	    e->seat < w->g->nseats && (w->seats & VIS_SEAT(e->seat)) &&
	    seq > w->since[e->seat] &&
	    w->r->parse(w->before, e->seat, e->payload, &o, &d) == 0 &&
	    bot_judge(w->r, w->before, w->g->nseats, e->seat, &o,
	    turning_seed(w->g->seed, seq), w->b->iterations,
	    w->b->playouts, &v, &d) == 0) {
		struct turning_point p = { .seq = seq, .drop = v.best - v.played,
		    .played = v.played, .best = v.best };

		w->judged[e->seat]++;
		snprintf(p.order, sizeof p.order, "%s", e->payload);
		snprintf(p.best_order, sizeof p.best_order, "%s", v.best_order.text);
		if (p.drop >= TURNING_NOISE)
			keep(w->pts[e->seat], &p);
	}
	memcpy(w->before, st, w->r->state_size);
	w->have_before = 1;
	return 0;
}

uint64_t
turning_seed(uint64_t game_seed, int64_t seq)
{
	/* Not the bots' own seeds for the same steps. */
	return bots_seed(game_seed ^ 0x7475726e696e67ULL, seq);
}

int
turning_analyse(struct ledger *l, const struct game_row *g, uint32_t seats,
    const struct turning_budget *b, struct turning_point pts[][TURNING_POINTS],
    int *judged, struct diag *d)
{
	struct walk w = { .g = g, .b = b, .seats = seats, .pts = pts, .judged = judged };
	void *st;
	int rc;

	if ((w.r = game_find(g->rules)) == NULL)
		return diag_set(d, 0, "game %s uses rules \"%s\" this azalai does not know",
		    g->name, g->rules);
	memset(pts, 0, sizeof *pts * (size_t)g->nseats);
	memset(judged, 0, sizeof *judged * (size_t)g->nseats);
	for (int s = 0; s < g->nseats; s++)
		w.since[s] = (seats & VIS_SEAT(s)) ? outbox_seat_player_since(l, g->id, s,
		    g->seats[s].address) : -1;
	w.before = xcalloc(1, w.r->state_size);
	st = xcalloc(1, w.r->state_size);
	rc = play_replay(l, g, -1, st, step, &w, d);
	free(st);
	free(w.before);
	return rc < 0 ? -1 : 0;
}

int
turning_wanted(struct ledger *l, const struct game_row *g, int seat,
    const struct campaign *c)
{
	const struct seat_row *s = &g->seats[seat];

	if (strcmp(s->kind, "human") != 0 || !address_valid(s->address))
		return 0;
	if (s->turning >= 0)
		return s->turning;
	if (c->turning >= 0)
		return c->turning;
	/* A seat the referee holds now may not have moved yet. */
	for (int i = 0; i < g->nseats; i++)
		if (strcmp(g->seats[i].kind, "bot") == 0)
			return 1;
	return ledger_game_had_bot(l, g->id);
}

/* The mail's keys for seat: its points in its own words and step numbers. */
static struct tval *
points_keys(struct ledger *l, const struct config *cfg, struct play *p, int seat,
    const struct turning_point *pts)
{
	struct tval *x = tval_map(), *list = tval_set_list(x, "points");
	const char *lang = lang_seat(cfg, p, seat);
	int n = 0;

	for (int i = 0; i < TURNING_POINTS && pts[i].seq > 0; i++, n++) {
		struct tval *m = tval_push_map(list);
		char said[ORDER_TEXT * 2];
		int64_t seen = report_step_seen(l, p, seat, pts[i].seq);

		tval_set_int(m, "rank", i + 1);
		tval_set_int(m, "step", seen);
		ordertr_to_lang(lang, p->rules->name, pts[i].order, said, sizeof said);
		tval_set_str(m, "order", said);
		ordertr_to_lang(lang, p->rules->name, pts[i].best_order, said, sizeof said);
		tval_set_str(m, "best", said);
		/* Whole points of a hundred: the judge's precision is no finer. */
		tval_set_int(m, "played_pct", (long long)(pts[i].played * 100.0 + 0.5));
		tval_set_int(m, "best_pct", (long long)(pts[i].best * 100.0 + 0.5));
		if (cfg->archive_url[0] != '\0') {
			const char *u = cfg->archive_url;
			size_t k = strlen(u);

			/* The page of a game over numbers its steps as the
			 * ledger does (archive.c). */
			tval_set_strf(m, "link", "%.*s/games/%s.html#step-%lld",
			    (int)(k > 0 && u[k - 1] == '/' ? k - 1 : k), u, p->g.name,
			    (long long)pts[i].seq);
			tval_set_bool(m, "has_link", 1);
			/* The page counts the steps this seat never saw (the
			 * other seat's sealed orders, steps undone): its
			 * number is said beside the link when it differs. */
			tval_set_int(m, "page_step", pts[i].seq);
			tval_set_bool(m, "page_differs", seen != pts[i].seq);
		}
	}
	tval_set_bool(x, "has_points", n > 0);
	return x;
}

/* One game: analysed, then claimed and its mails queued in one
 * transaction. */
static int
one_game(struct ledger *l, const struct config *cfg, const char *name,
    const struct turning_budget *b, struct turning_stats *stats, struct diag *d)
{
	struct turning_point (*pts)[TURNING_POINTS] = NULL;
	struct campaign c;
	struct play p;
	struct render rd;
	uint32_t seats = 0;
	char now[32];
	int judged[MAX_SEATS], rc, all = 0, claimed, mails = 0;

	if ((rc = play_load(l, name, &p, d)) <= 0)
		return rc;
	if (campaign_load(l, p.g.id, &c, d) < 0) {
		play_free(&p);
		return -1;
	}
	for (int s = 0; s < p.g.nseats; s++)
		if (turning_wanted(l, &p.g, s, &c))
			seats |= VIS_SEAT(s);
	if (seats != 0) {
		double start = bots_clock();

		pts = xcalloc((size_t)p.g.nseats, sizeof *pts);
		rc = turning_analyse(l, &p.g, seats, b, pts, judged, d);
		bots_spend(start);
		if (rc < 0)
			goto out;
		for (int s = 0; s < p.g.nseats; s++)
			all += judged[s];
		log_info("%s: turning points of %d decisions judged in %.1f s", name, all,
		    bots_clock() - start);
	}
	/* The analysis read without the run lock: the game is claimed in the
	 * transaction that queues its mails, so a second run that analysed it
	 * too, or a rollback since, queues nothing. */
	testhook_pause_before_claim();
	if ((rc = ledger_begin(l, d)) < 0)
		goto out;
	if ((claimed = ledger_game_turning_claim(l, p.g.id, d)) <= 0) {
		ledger_rollback(l);
		rc = claimed;
		goto out;
	}
	clock_iso(clock_now(), now, sizeof now);
	render_init(&rd, cfg->datadir, p.rules->name, cfg->language);
	for (int s = 0; s < p.g.nseats && rc == 0; s++) {
		struct tval *x;

		if (!(seats & VIS_SEAT(s)))
			continue;
		x = points_keys(l, cfg, &p, s, pts[s]);
		rc = notice_one(l, cfg, &rd, &p, s, p.g.seats[s].address, "turning", "turning",
		    x, 0, now, d);
		tval_free(x);
		if (rc == 0)
			mails++;
	}
	render_free(&rd);
	if (rc == 0)
		rc = ledger_commit(l, d);
	else
		ledger_rollback(l);
	if (rc == 0) {
		stats->games++;
		stats->mails += mails;
	}
out:
	free(pts);
	play_free(&p);
	return rc;
}

int
turning_pass(struct ledger *l, const struct config *cfg, struct turning_stats *stats,
    struct diag *d)
{
	char (*names)[64] = xcalloc(TURNING_BATCH, sizeof *names);
	struct turning_budget b;
	int64_t after = INT64_MIN;
	int n, rc = 0, seen = 0;

	memset(stats, 0, sizeof *stats);
	turning_budget_default(&b);
	/* Page by page through every game due, not one batch: games whose
	 * analysis keeps failing would otherwise fill the batch of every run
	 * and keep the games after them waiting for ever. */
	do {
		if ((n = ledger_games_turning_due(l, &after, names, TURNING_BATCH, d)) > 0 &&
		    seen == 0 && games_ready(d) < 0)
			n = -1;
		seen += n > 0 ? n : 0;
		for (int i = 0; i < n && !bots_time_spent(); i++) {
			struct diag gd;

			diag_clear(&gd);
			/* One game's trouble leaves the others their turn. */
			if (one_game(l, cfg, names[i], &b, stats, &gd) < 0) {
				log_error("%s: turning points left for the next run: %s",
				    names[i], gd.msg);
				if (rc == 0)
					*d = gd;
				rc = -1;
			}
		}
	} while (n == TURNING_BATCH && !bots_time_spent());
	free(names);
	/* Counted, not the games seen less the games done: a game whose
	 * analysis failed waits too, and so do those a spent budget left. */
	if (seen > 0 && (stats->left = ledger_games_turning_left(l, d)) < 0)
		return -1;
	return n < 0 ? -1 : rc;
}
