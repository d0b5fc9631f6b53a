#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/notify.h"
#include "core/clock.h"
#include "core/xmalloc.h"
#include "lang/lang.h"
#include "ledger/audit.h"
#include "ledger/watchers.h"
#include "mail/outbox.h"
#include "referee/tell.h"
#include "render/calendar.h"
#include "render/report.h"
#include "render/reportjson.h"
#include "render/taps.h"

int
tell_tree(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int seat, struct tval *root, const char *tmpl, const char *kind,
    const char *to, const char *in_reply_to, const char *refs, const char *now,
    struct diag *d)
{
	/* A report's tree is the view and nothing else. */
	return tell_tree_view(l, c, r, p, seat, root, strcmp(tmpl, "report") == 0 ?
	    REPORT_VIEW_ALL_KEYS : 0, tmpl, kind, to, in_reply_to, refs, now, d);
}

int
tell_tree_view(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int seat, struct tval *root, size_t view_keys, const char *tmpl,
    const char *kind, const char *to, const char *in_reply_to, const char *refs,
    const char *now, struct diag *d)
{
	struct report_mail m;
	struct outbox_item it;
	struct picture_recipe rec;
	char *ical, *unsub;
	int rc;

	if (report_mail(l, c, r, p, seat, root, tmpl, view_keys, &m, d) < 0)
		return -1;
	if (calendar_part(l, c, r, p, seat, now, &ical, d) < 0) {
		report_mail_free(&m);
		return -1;
	}
	if (taps_unsubscribe(l, c, r->lang, p, seat, to, &unsub, d) < 0) {
		report_mail_free(&m);
		free(ical);
		return -1;
	}
	memset(&it, 0, sizeof it);
	it.game_id = p->g.id;
	it.seat = seat;
	it.kind = kind;
	it.to = to;
	it.subject = m.subject;
	it.body = m.body;
	it.html = m.html;
	it.json = m.json;
	it.ical = ical;
	it.unsubscribe = unsub;
	it.png = m.png.p;
	it.png_len = m.png.len;
	/* Not the SVG but what it is made from: an SVG is most of what an
	 * ingest would write. A mail that shows a picture (its template has
	 * an HTML part: report, ack, error, observer) has as its tree the
	 * report tree of this reader at this step, plus keys of its own (the
	 * reply, the watcher) that board.svg does not read; picture_draw
	 * makes the picture again from the report tree alone, and draws it
	 * only if it is the SVG named cid. */
	if (m.later != NULL) {
		memset(&rec, 0, sizeof rec);
		rec.game = p->g.id;
		rec.step = p->seq;
		rec.viewer = seat;
		rec.open = audit_open(&p->g);
		snprintf(rec.lang, sizeof rec.lang, "%s", r->lang);
		it.recipe = &rec;
	}
	it.cid = m.cid;
	it.mid_code = m.mid_code;
	it.in_reply_to = in_reply_to;
	it.refs = refs;
	/* A reply to a seat's mail answers the step it showed. */
	it.has_step = seat >= 0;
	it.step = p->seq;
	rc = outbox_queue(l, c, &it, now, d);
	report_mail_free(&m);
	free(ical);
	free(unsub);
	return rc;
}

int
tell_seat(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, int seat, const char *tmpl, const char *kind, const char *to,
    struct tval *extra, const char *in_reply_to, const char *refs, const char *now,
    struct diag *d)
{
	struct tval *root;
	size_t view_keys;
	int rc;

	lang_render_for(r, l, c, p, seat, to);
	root = report_tree(l, p, seat, seat >= 0 ? p->g.seats[seat].reported_seq : p->seq,
	    r->lang);
	/* Every mail here shows the report below its own words (an ack's
	 * "your move" under `due` is the only mail of that step): a seat that
	 * asked for JSON gets the view with each, not with reports alone. */
	view_keys = root->n;
	for (size_t i = 0; extra != NULL && i < extra->n; i++) {
		/* A key of the view the mail replaces is the mail's, not the view's. */
		if (tval_get(root, extra->keys[i]) != NULL)
			view_keys = 0;
		tval_set(root, extra->keys[i], extra->items[i]);
		extra->items[i] = NULL;
	}
	tval_free(extra);
	rc = tell_tree_view(l, c, r, p, seat, root, view_keys, tmpl, kind, to, in_reply_to,
	    refs, now, d);
	if (rc == 0 && seat >= 0) {
		rc = ledger_seat_set_reported(l, p->g.id, seat, p->seq, d);
		p->g.seats[seat].reported_seq = p->seq;
	}
	return rc;
}

struct watcher {
	char address[256];
	char lang[LANG_LEN];
	char notify[8];
	int64_t reported_seq;
};

/* 1 when a seat waited for now has made a step after since: the game has
 * come round to a player again. */
static int
round_since(struct ledger *l, const struct play *p, uint32_t waited, int64_t since)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM events WHERE game_id = ? AND "
	    "seat_idx = ? AND seq > ? LIMIT 1");
	int found = 0;

	for (int s = 0; s < p->g.nseats && !found; s++) {
		if (!(waited & VIS_SEAT(s)))
			continue;
		sqlite3_bind_int64(st, 1, p->g.id);
		sqlite3_bind_int(st, 2, s);
		sqlite3_bind_int64(st, 3, since);
		found = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_reset(st);
	}
	ledger_release(l, st);
	return found;
}

/* 1 when an observer's digest is due: a day since its last report. */
static int
watcher_digest_due(struct ledger *l, const struct play *p, const char *address,
    const char *now)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT MAX(created_at) FROM outbox WHERE "
	    "game_id = ? AND to_addr = ? COLLATE NOCASE AND kind IN ('observer', 'watch')");
	time_t last = -1, t = clock_parse_iso(now);

	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		last = clock_parse_iso(col_text(st, 0));
	sqlite3_finalize(st);
	return last < 0 || t < 0 || t - last >= NOTIFY_DIGEST_SECS;
}

/* The observers' reports: digests (from tell_digests) or those of every
 * and due (after a step). Every observer hears the end. An observer in
 * due hears when the game comes round to a player again (once a round,
 * not at each step), in digest at most once a day. How many, or -1. */
static int
watchers_tell(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, int digests, const char *now, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT address, reported_seq, language, notify "
	    "FROM watchers WHERE game_id = ? AND reported_seq < ? ORDER BY added_at, address");
	struct watcher *w = NULL;
	struct pending pd;
	size_t n = 0, cap = 0;
	int rc = 0, over, told = 0;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	over = pd.over || strcmp(p->g.status, "ended") == 0;
	/* Read them all first: each is updated as its mail is queued. */
	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_int64(st, 2, p->seq);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			w = xreallocarray(w, cap, sizeof w[0]);
		}
		snprintf(w[n].address, sizeof w[n].address, "%s", col_text(st, 0));
		w[n].reported_seq = sqlite3_column_int64(st, 1);
		snprintf(w[n].lang, sizeof w[n].lang, "%s", col_text(st, 2)[0] != '\0' ?
		    col_text(st, 2) : c->language);
		snprintf(w[n].notify, sizeof w[n].notify, "%s", col_text(st, 3));
		n++;
	}
	ledger_release(l, st);
	for (size_t i = 0; i < n && rc == 0; i++) {
		int digest = strcmp(w[i].notify, "digest") == 0;
		struct tval *root;

		if (!report_has_news(l, p, -1, w[i].reported_seq))
			continue;
		if (digests ? !digest || over || !watcher_digest_due(l, p, w[i].address, now) :
		    !over && (digest || (strcmp(w[i].notify, "due") == 0 &&
		    !round_since(l, p, pd.seats, w[i].reported_seq))))
			continue;
		render_lang(r, w[i].lang);
		root = report_tree(l, p, -1, w[i].reported_seq, r->lang);

		tval_set_str(root, "watcher", w[i].address);
		rc = tell_tree(l, c, r, p, -1, root, "observer", "observer", w[i].address,
		    "", "", now, d);
		if (rc < 0)
			break;
		rc = watcher_set_reported(l, p->g.id, w[i].address, p->seq, d);
		told++;
	}
	free(w);
	return rc < 0 ? -1 : told;
}

int
tell_watchers(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, const char *now, struct diag *d)
{
	return watchers_tell(l, c, r, p, 0, now, d) < 0 ? -1 : 0;
}

/* 1 when the referee played a default for seat after step since: a seat
 * told only of its own decisions hears of those made for it. */
static int
defaulted_since(struct ledger *l, int64_t game, int seat, int64_t since)
{
	/* Kept compiled: asked for each seat of each step. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM events WHERE game_id = ? AND "
	    "seat_idx = ? AND kind = 'default' AND seq > ? LIMIT 1");
	int found;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int64(st, 3, since);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return found;
}

/* 1 when seat's mode says it hears of the newest step now. */
static int
owed_now(struct ledger *l, struct play *p, const struct campaign *camp,
    const struct pending *pd, int over, int s)
{
	return strcmp(p->g.seats[s].kind, "human") == 0 &&
	    p->g.seats[s].reported_seq < p->seq &&
	    report_has_news(l, p, s, p->g.seats[s].reported_seq) &&
	    notify_now(notify_mode(p, camp, s), (pd->seats & VIS_SEAT(s)) != 0 ||
	    defaulted_since(l, p->g.id, s, p->g.seats[s].reported_seq), over);
}

int
tell_step(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, int skip, const char *now, struct diag *d)
{
	struct campaign camp;
	struct pending pd;
	int over;

	/* The end notice was every reader's last report; a ledger from before
	 * it counted as one may still owe some, which nobody wants now. */
	if (strcmp(p->g.status, "ended") == 0)
		return 0;
	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return -1;
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	over = pd.over;
	for (int s = 0; s < p->g.nseats; s++) {
		if (s == skip || !owed_now(l, p, &camp, &pd, over, s))
			continue;
		if (tell_seat(l, c, r, p, s, "report", "report", p->g.seats[s].address,
		    NULL, "", "", now, d) < 0)
			return -1;
	}
	return tell_watchers(l, c, r, p, now, d);
}

int
tell_owed(struct ledger *l, const struct config *c, struct render *r, struct play *p,
    int seat, const char *now, struct diag *d)
{
	struct campaign camp;
	struct pending pd;
	int owed;

	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return -1;
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	owed = strcmp(notify_mode(p, &camp, seat), "digest") == 0 ?
	    notify_digest_due(l, p, &camp, seat, now) :
	    owed_now(l, p, &camp, &pd, pd.over || strcmp(p->g.status, "ended") == 0, seat);
	if (!owed)
		return 0;
	if (tell_seat(l, c, r, p, seat, "report", "report", p->g.seats[seat].address, NULL,
	    "", "", now, d) < 0)
		return -1;
	return 1;
}

int
tell_digests(struct ledger *l, const struct config *cfg, struct render *r,
    struct play *p, const char *now, struct diag *d)
{
	struct campaign c;
	int n = 0, k;

	if (campaign_load(l, p->g.id, &c, d) < 0)
		return -1;
	for (int s = 0; s < p->g.nseats; s++) {
		if (!notify_digest_due(l, p, &c, s, now))
			continue;
		if (tell_seat(l, cfg, r, p, s, "report", "report", p->g.seats[s].address,
		    NULL, "", "", now, d) < 0)
			return -1;
		n++;
	}
	if ((k = watchers_tell(l, cfg, r, p, 1, now, d)) < 0)
		return -1;
	return n + k;
}
