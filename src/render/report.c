#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "campaign/notify.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "ledger/audit.h"
#include "mail/outbox.h"
#include "render/board.h"
#include "render/drawer.h"
#include "render/fold.h"
#include "render/report.h"
#include "render/taps.h"
#include "render/reportjson.h"
#include "render/svgsize.h"

/* A view's prose that a template shows as lines of at most width columns
 * (Buqruru's options_text as options_lines): folded here, once the text is
 * in the reader's language, where that language allows a break. The
 * HTML part takes it whole as para, so a phone wraps it at its own width
 * rather than cutting it at the mail's wrap points. */
static void
view_lines(struct tval *root, const char *from, const char *to,
    const char *para, size_t width, const char *lang)
{
	const struct tval *v = tval_get(root, from);
	struct tval *list;
	char *text, *folded;
	const char *p;

	if (v == NULL || v->type != TV_STR || tval_get(root, to) != NULL)
		return;
	text = msg_text(lang, v->str);
	tval_set_str(root, para, text);
	list = tval_set_list(root, to);
	folded = fold_text(text, width, "");
	for (p = folded; *p != '\0';) {
		size_t n = strcspn(p, "\n");
		char *line = xstrndup(p, n);

		tval_set_str(tval_push_map(list), "line", line);
		free(line);
		p += n;
		if (*p == '\n')
			p++;
	}
	free(folded);
	free(text);
}

/* Observers see what every seat may see: the public lines. */
static uint32_t
vis_mask(int viewer)
{
	return viewer >= 0 ? VIS_SEAT(viewer) : 0x80000000u;
}

void
report_narrative(const char *narrative, int viewer, const char *lang, struct tval *list)
{
	const char *p = narrative;
	uint32_t mask = vis_mask(viewer);

	while (*p != '\0') {
		const char *nl = strchr(p, '\n'), *tab = strchr(p, '\t');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		uint32_t vis;

		if (tab != NULL && tab < p + len && sscanf(p, "%x", &vis) == 1 &&
		    (vis & mask) != 0) {
			char *enc = xstrndup(tab + 1, len - (size_t)(tab + 1 - p));
			char *text = msg_text(lang, enc);
			char *folded = fold_text(text, 66, "    ");

			tval_set_str(tval_push_map(list), "text", folded);
			free(folded);
			free(text);
			free(enc);
		}
		p += len + (nl != NULL);
	}
}

/* fn with the narrative of each live event of game with seq in [from, to],
 * in order, until it returns non-zero: what ledger_events_each passes over
 * (events a rollback undid) this does too, and the rest of an event (its
 * payload and hashes), which news does not show, is not read. */
static void
narratives_each(struct ledger *l, int64_t game, int64_t from, int64_t to,
    int (*fn)(void *, const char *), void *arg)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT narrative FROM events WHERE game_id = ? "
	    "AND seq >= ? AND seq <= ? AND NOT EXISTS (SELECT 1 FROM undone u "
	    "WHERE u.game_id = events.game_id AND u.seq = events.seq) ORDER BY seq");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, from);
	sqlite3_bind_int64(st, 3, to);
	while (sqlite3_step(st) == SQLITE_ROW)
		if (fn(arg, col_text(st, 0)) != 0)
			break;
	ledger_release(l, st);
}

struct news_ctx {
	struct tval *list;
	int viewer;
	const char *lang;
};

static int
news_one(void *arg, const char *narrative)
{
	struct news_ctx *n = arg;

	report_narrative(narrative, n->viewer, n->lang, n->list);
	return 0;
}

struct seen_ctx {
	uint32_t mask;
	int any;
};

/* Whether a line of the narrative is one report_narrative would show to
 * mask; the first stops the walk. The same test, without writing lines. */
static int
visible_one(void *arg, const char *narrative)
{
	struct seen_ctx *sc = arg;

	for (const char *p = narrative; *p != '\0';) {
		const char *nl = strchr(p, '\n'), *tab = strchr(p, '\t');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		uint32_t vis;

		if (tab != NULL && tab < p + len && sscanf(p, "%x", &vis) == 1 &&
		    (vis & sc->mask) != 0) {
			sc->any = 1;
			return 1;
		}
		p += len + (nl != NULL);
	}
	return 0;
}

/* A step viewer may not see (another seat's queued or standing order) must
 * not even be hinted at by a mail with a higher step number. */
int
report_has_news(struct ledger *l, const struct play *p, int viewer, int64_t since)
{
	struct seen_ctx sc = { vis_mask(viewer), 0 };

	narratives_each(l, p->g.id, since + 1, p->seq, visible_one, &sc);
	return sc.any;
}

/* Calls fn with the seq of each step up to `to` that viewer may not see: a
 * narrative with lines, none of them viewer's (another seat's queued or
 * standing order). A step a rollback undid counts as well: the reader never
 * saw it, and counting it once undone would move the reader's numbers by
 * as many such steps as there were. A line every reader sees makes a step
 * seen: such narratives, nearly all, are left to SQLite. Stops when fn
 * returns 0. */
static void
hidden_each(struct ledger *l, int64_t game, int viewer, int64_t to,
    int (*fn)(void *, int64_t), void *arg)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, narrative FROM events WHERE "
	    "game_id = ? AND seq <= ? AND narrative <> '' AND "
	    "instr(narrative, 'ffffffff' || char(9)) = 0 ORDER BY seq");

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, to);
	while (sqlite3_step(st) == SQLITE_ROW)
		if (report_step_hidden(col_text(st, 1), viewer) &&
		    fn(arg, sqlite3_column_int64(st, 0)) == 0)
			break;
	ledger_release(l, st);
}

int
report_step_hidden(const char *narrative, int viewer)
{
	struct seen_ctx sc = { vis_mask(viewer), 0 };

	if (narrative == NULL || narrative[0] == '\0')
		return 0;
	visible_one(&sc, narrative);
	return !sc.any;
}

static int
count_one(void *arg, int64_t seq)
{
	(void)seq;
	++*(int64_t *)arg;
	return 1;
}

int64_t
report_step_seen(struct ledger *l, const struct play *p, int viewer, int64_t seq)
{
	int64_t hidden = 0;

	if (viewer == VIEW_ALL)
		return seq;
	hidden_each(l, p->g.id, viewer, seq < p->seq ? seq : p->seq, count_one, &hidden);
	return seq - hidden;
}

/* Each hidden step at or just after the candidate moves it on by one. */
static int
shift_one(void *arg, int64_t seq)
{
	int64_t *s = arg;

	if (seq > *s + 1)
		return 0;
	++*s;
	return 1;
}

int64_t
report_step_seq(struct ledger *l, const struct play *p, int viewer, int64_t seen)
{
	int64_t s = seen;

	if (viewer == VIEW_ALL || seen < 0)
		return seen;
	hidden_each(l, p->g.id, viewer, p->seq, shift_one, &s);
	return s;
}

/* "2026-11-21T12:00:00Z" and its NUL */
#define DUE_AT 24

/* The open deadline of each seat, in campaign time ("" when none), and as
 * the ledger has it (ISO 8601 in UTC), for a program to compare. */
static void
open_deadlines(struct ledger *l, const struct play *p, const struct campaign *c,
    char due[MAX_SEATS][CAMPAIGN_DATE], char at[MAX_SEATS][DUE_AT], char kind[MAX_SEATS][24])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seat_idx, kind, due_at FROM deadlines "
	    "WHERE game_id = ? AND status = 'open' ORDER BY seq");

	memset(due, 0, MAX_SEATS * sizeof due[0]);
	memset(kind, 0, MAX_SEATS * sizeof kind[0]);
	memset(at, 0, MAX_SEATS * sizeof at[0]);
	sqlite3_bind_int64(st, 1, p->g.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int s = sqlite3_column_int(st, 0);

		if (s < 0 || s >= p->g.nseats)
			continue;
		campaign_date_iso(c, col_text(st, 2), due[s], sizeof due[s]);
		if (clock_parse_iso(col_text(st, 2)) != -1)
			clock_iso(clock_parse_iso(col_text(st, 2)), at[s], sizeof at[s]);
		snprintf(kind[s], sizeof kind[s], "%s", col_text(st, 1));
	}
	ledger_release(l, st);
}

/* What the campaign adds to every report: a pause or an end by the game
 * master, and the deadlines. */
static void
campaign_keys(struct ledger *l, const struct play *p, int viewer, uint32_t waited,
    struct tval *root, char due[MAX_SEATS][CAMPAIGN_DATE], char at[MAX_SEATS][DUE_AT])
{
	struct campaign c;
	char kind[MAX_SEATS][24], t[CAMPAIGN_DATE];
	struct tval *list;

	if (campaign_load(l, p->g.id, &c, NULL) < 0)
		campaign_defaults(&c);
	campaign_for_seat(&c, &p->g, viewer);
	tval_set_str(root, "timezone", c.timezone);
	tval_set_bool(root, "paused", p->g.paused_at[0] != '\0');
	campaign_date_iso(&c, p->g.paused_at, t, sizeof t);
	tval_set_str(root, "paused_since", t);
	campaign_date_iso(&c, p->g.paused_until, t, sizeof t);
	tval_set_str(root, "paused_until", t);
	tval_set_bool(root, "has_paused_until", t[0] != '\0');
	tval_set_str(root, "paused_reason", p->g.paused_reason);
	tval_set_bool(root, "has_paused_reason", p->g.paused_reason[0] != '\0');
	tval_set_bool(root, "ended", strcmp(p->g.status, "ended") == 0);
	tval_set_str(root, "end_reason", p->g.end_reason);
	tval_set_bool(root, "has_end_reason", p->g.end_reason[0] != '\0');

	open_deadlines(l, p, &c, due, at, kind);
	list = tval_set_list(root, "deadlines");
	for (int s = 0; s < p->g.nseats; s++) {
		struct tval *m;

		/* A row the schedule has not closed yet is no one's deadline. */
		if (!(waited & VIS_SEAT(s)))
			due[s][0] = at[s][0] = '\0';
		if (due[s][0] == '\0')
			continue;
		m = tval_push_map(list);
		tval_set_str(m, "seat", p->g.seats[s].name);
		tval_set_str(m, "what", kind[s]);
		tval_set_str(m, "due", due[s]);
		tval_set_str(m, "due_at", at[s]);
		tval_set_bool(m, "yours", s == viewer);
	}
	tval_set_str(root, "your_deadline", viewer >= 0 ? due[viewer] : "");
	tval_set_bool(root, "has_your_deadline", viewer >= 0 && due[viewer][0] != '\0');
	tval_set_str(root, "your_deadline_at", viewer >= 0 ? at[viewer] : "");
}

void
report_orders_lang(struct tval *list, const char *lang, const char *game)
{
	for (size_t i = 0; i < list->n; i++) {
		struct tval *text = tval_get(list->items[i], "text");
		char t[2 * ORDER_TEXT + 64];

		if (text == NULL || text->type != TV_STR || msg_is_encoded(text->str))
			continue;
		if (ordertr_to_lang(lang, game, text->str, t, sizeof t) > 0)
			tval_set_str(list->items[i], "text", t);
	}
}

/* What the parts of a view every reader sees alike (tval_memo_get) are kept
 * for: this state of this game (its digest, step and place in memory), and
 * whether it is shown openly (the game is over). The seats of a step and
 * the sender's reply read one state: its board is built once. */
static void
memo_key(const struct play *p)
{
	struct {
		int64_t game, seq;
		const void *rules, *st;
		int open;
		char hash[HASH_HEX];
	} k;

	/* Compared as bytes: the padding too. */
	memset(&k, 0, sizeof k);
	k.game = p->g.id;
	k.seq = p->seq;
	k.rules = p->rules;
	k.st = p->st;
	k.open = audit_open(&p->g);
	memcpy(k.hash, p->state_hash, HASH_HEX);
	tval_memo_key(&k, sizeof k);
}

struct tval *
report_tree(struct ledger *l, const struct play *p, int viewer, int64_t since,
    const char *lang)
{
	struct tval *root = tval_map(), *list, *all;
	struct pending pd;
	struct news_ctx n;
	char due[MAX_SEATS][CAMPAIGN_DATE], at[MAX_SEATS][DUE_AT];
	/* Nobody moves in a paused or ended game: no "your move" that would be refused. */
	int halted = p->g.paused_at[0] != '\0' || strcmp(p->g.status, "ended") == 0;
	int short_list;

	/* Test hook (tests/test_secrets.c): a leak planted on purpose, to see
	 * the leak test catch it. Every reader sees the first seat's view. */
	int eyes = testhook_plant_leak() ? 0 : viewer;

	/* Once a game is over nothing is secret: every reader sees it all. */
	memo_key(p);
	p->rules->view(p->st, audit_open(&p->g) ? VIEW_ALL : eyes, root);
	tval_memo_key(NULL, 0);
	view_lines(root, "options_text", "options_lines", "options_para", 66,
	    lang);
	tval_set_str(root, "game_id", p->g.name);
	tval_set_str(root, "title", p->rules->title);
	/* An observer has no seat: null, which a template's {{#seat}} skips. */
	if (viewer >= 0)
		tval_set_str(root, "seat", p->g.seats[viewer].name);
	else
		tval_set(root, "seat", tval_new(TV_NULL));
	tval_set_int(root, "step", report_step_seen(l, p, viewer, p->seq));
	tval_set_bool(root, "observer", viewer < 0);
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	if (strcmp(p->g.status, "ended") == 0)
		pd.seats = 0;
	campaign_keys(l, p, viewer, pd.seats, root, due, at);

	n.list = tval_set_list(root, "news");
	n.viewer = eyes;
	n.lang = lang;
	narratives_each(l, p->g.id, since + 1, p->seq, news_one, &n);

	list = tval_set_list(root, "waiting");
	for (int s = 0; s < p->g.nseats; s++) {
		struct tval *w;
		char *what, *said;

		if (!(pd.seats & VIS_SEAT(s)))
			continue;
		said = msg_text(lang, pd.what[s]);
		what = fold_text(said, 56, "  ");
		free(said);

		w = tval_push_map(list);
		tval_set_str(w, "seat", p->g.seats[s].name);
		tval_set_str(w, "what", what);
		/* The seat reads its own decision as you_what instead. */
		tval_set_bool(w, "mine", s == viewer);
		tval_set_str(w, "due", due[s]);
		tval_set_str(w, "due_at", at[s]);
		tval_set_bool(w, "has_due", due[s][0] != '\0');
		free(what);
	}
	tval_set_bool(root, "your_turn", !halted && viewer >= 0 &&
	    (pd.seats & VIS_SEAT(viewer)));
	tval_set_str(root, "you_what", viewer >= 0 ? pending_own(&pd, viewer) : "");
	list = tval_set_list(root, "legal");
	all = tval_set_list(root, "legal_all");
	short_list = 0;
	if (!halted && viewer >= 0 && (pd.seats & VIS_SEAT(viewer))) {
		struct order_list ol;

		order_list_init(&ol);
		p->rules->legal(p->st, viewer, &ol);
		if (p->rules->legal_summary != NULL)
			short_list = p->rules->legal_summary(p->st, viewer, &ol, list);
		else
			for (size_t i = 0; i < ol.n; i++)
				tval_set_str(tval_push_map(list), "text", ol.v[i].text);
		/* What LEGAL mails, for a program: no summary to scrape. */
		for (size_t i = 0; i < ol.n; i++)
			tval_set_str(tval_push_map(all), "text", ol.v[i].text);
		order_list_free(&ol);
		/* Lines to copy are in the reader's words. */
		if (short_list <= 0)
			report_orders_lang(list, lang, p->rules->name);
		report_orders_lang(all, lang, p->rules->name);
	}
	/* The lines are a summary, not orders to copy: LEGAL mails those. */
	tval_set_bool(root, "legal_short", short_list > 0);
	tval_set_bool(root, "over", pd.over);
	tval_set_str(root, "result", pd.result);
	audit_report_keys(l, p, root);
	return root;
}

void
report_cid(const char *svg, char cid[REPORT_CID_MAX])
{
	char h[HASH_HEX], size[32];
	const char *parts[2];

	/* Named after what it draws and at what size (the SVG, width and
	 * colours; not the PNG bytes, which depend on the libraries' versions):
	 * the same picture has the same name, the HTML can be rendered before
	 * the mail has its Message-ID, a picture the ledger keeps is reused
	 * only where it would be drawn the same, and a recipe is drawn only
	 * when it makes that very SVG again. */
	snprintf(size, sizeof size, "%dx%d", REPORT_PNG_WIDTH, REPORT_PNG_COLOURS);
	parts[0] = svg;
	parts[1] = size;
	sha256_parts_hex(h, 2, parts);
	snprintf(cid, REPORT_CID_MAX, "board.%.24s@azalai", h);
}

/* PNG width and height from its IHDR chunk; 0 when it is no PNG. */
static void
png_size(const struct buf *png, long *w, long *h)
{
	const unsigned char *p = (const unsigned char *)png->p;

	*w = *h = 0;
	if (png->len < 24 || memcmp(p, "\x89PNG\r\n\x1a\n", 8) != 0 ||
	    memcmp(p + 12, "IHDR", 4) != 0)
		return;
	*w = (long)p[16] << 24 | (long)p[17] << 16 | (long)p[18] << 8 | p[19];
	*h = (long)p[20] << 24 | (long)p[21] << 16 | (long)p[22] << 8 | p[23];
}

/* The board picture of root as a PNG, named cid after the SVG it is drawn
 * from, and its size; 0 with an empty png when the game draws none.
 * Drawing is the costly part of a report: a picture the ledger l (may be
 * NULL) already keeps under that name is taken from it, so each board is
 * drawn once. With later (not NULL), a picture whose size the SVG tells for
 * sure (svgsize.h) is not drawn now: its SVG goes into *later, png stays
 * empty, and it is drawn before the mail is sent (picture_draw_due, from
 * the recipe tell_tree keeps in the SVG's stead). A picture
 * that cannot be drawn costs the mail its picture, not the mail: the text
 * and the HTML still go, and the log says why. In azalai the drawing is done
 * by a process of its own (drawer.h), which neither holds the ledger nor
 * makes the referee hold the drawing libraries. */
static void
board_picture(struct render *r, struct ledger *l, struct tval *root, struct buf *png,
    char cid[REPORT_CID_MAX], char **later, long *w, long *ht)
{
	struct diag d;
	char *svg = NULL;

	*w = *ht = 0;
	if (board_svg_render(r, root, &svg, &d) < 0)
		goto fail;
	report_cid(svg, cid);
	if (l != NULL && outbox_picture(l, cid, png)) {
		png_size(png, w, ht);
		free(svg);
		return;
	}
	/* The HTML needs the size now; drawn later, it must be the size the
	 * drawing will have, or the picture is drawn now. Drawn later, it is
	 * checked as XML there too: librsvg parses it and refuses what is
	 * malformed, so the check here would parse every picture twice (a
	 * fifth of an ingest), and either way a broken template costs the
	 * mail its picture and the log says why. */
	if (later != NULL && svg_png_height(svg, REPORT_PNG_WIDTH, BOARD_PNG_MAX, ht) == 0) {
		*w = REPORT_PNG_WIDTH;
		*later = svg;
		return;
	}
	if (board_svg_check(r, svg, &d) < 0)
		goto fail;
	if (drawer_png(svg, strlen(svg), REPORT_PNG_WIDTH, REPORT_PNG_COLOURS, png, &d) < 0)
		goto fail;
	png_size(png, w, ht);
	free(svg);
	return;
fail:
	log_warn("%s: no board picture in the report: %s",
	    tval_get(root, "game_id") != NULL ? tval_get(root, "game_id")->str : "?", d.msg);
	buf_free(png);
	free(svg);
}

int
report_html(struct render *r, struct ledger *l, struct tval *root, const char *tmpl,
    int picture, char **html, struct buf *png, char cid[REPORT_CID_MAX], char **later,
    struct diag *d)
{
	long w = 0, ht = 0;

	*html = NULL;
	cid[0] = '\0';
	if (later != NULL)
		*later = NULL;
	/* The page is rendered once, after the picture it shows. */
	if (!render_has_html(r, tmpl))
		return 0;
	if (picture)
		board_picture(r, l, root, png, cid, later, &w, &ht);
	if (png->len > 0 || (later != NULL && *later != NULL)) {
		tval_set_str(root, "board_cid", cid);
		tval_set_int(root, "board_width", w);
		tval_set_int(root, "board_height", ht);
	}
	if (render_html(r, tmpl, root, html, d) < 0) {
		buf_free(png);
		if (later != NULL) {
			free(*later);
			*later = NULL;
		}
		return -1;
	}
	return 0;
}

int
report_mail(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int seat, struct tval *root, const char *tmpl, size_t view_keys,
    struct report_mail *m, struct diag *d)
{
	int rc;

	memset(m, 0, sizeof *m);
	tval_set_str(root, "referee", c->referee_address);
	/* The JSON before the templates' own keys join the tree (kw, the
	 * picture's board_cid and size): those are how a mail is written, not
	 * what the reader may see, and doc/view-schema.json has no place for
	 * them. */
	rc = reportjson_attachment(r->lang, p, seat, view_keys, root, &m->json, d);
	ordertr_keywords(r->lang, p->rules->name, root);
	/* After the JSON: codes are how this mail answers, not the view. */
	if (rc == 0)
		rc = taps_add(l, c, r->lang, p, seat, seat >= 0 ?
		    report_step_seen(l, p, seat, p->seq) : 0, root, m->mid_code, d);
	/* The picture numbers the choices where they act, as its recipe will. */
	if (rc == 0)
		taps_spots(c, p, seat, root);
	if (rc == 0)
		rc = render_mail(r, tmpl, root, &m->subject, &m->body, d);
	if (rc == 0)
		rc = report_html(r, l, root, tmpl, strcmp(c->report_pictures, "no") != 0 &&
		    (seat < 0 || seat >= p->g.nseats || p->g.seats[seat].pictures),
		    &m->html, &m->png, m->cid, &m->later, d);
	tval_free(root);
	if (rc < 0) {
		report_mail_free(m);
		return -1;
	}
	return 0;
}

void
report_mail_free(struct report_mail *m)
{
	free(m->later);
	free(m->subject);
	free(m->body);
	free(m->html);
	free(m->json);
	buf_free(&m->png);
	memset(m, 0, sizeof *m);
}
