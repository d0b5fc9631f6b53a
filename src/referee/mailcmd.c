#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign/campaign-said.h"
#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "campaign/notify.h"
#include "core/clock.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/catalog.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "ledger/seats.h"
#include "referee/bots.h"
#include "referee/mailcmd.h"
#include "referee/tell.h"
#include "referee/turning.h"
#include "render/fold.h"
#include "render/report.h"
#include "render/reportjson.h"

static const struct {
	const char *word;
	enum mailcmd cmd;
} words[] = {
	{ "HELP", MAILCMD_HELP },
	{ "STATUS", MAILCMD_STATUS },
	{ "REPORT", MAILCMD_REPORT },
	{ "HISTORY", MAILCMD_HISTORY },
	{ "LEGAL", MAILCMD_LEGAL },
	{ "NOTIFY", MAILCMD_NOTIFY },
	{ "LANGUAGE", MAILCMD_LANGUAGE },
	{ "JSON", MAILCMD_JSON },
	{ "PICTURES", MAILCMD_PICTURES },
	{ "TIMEZONE", MAILCMD_TIMEZONE },
	{ "CALENDAR", MAILCMD_CALENDAR },
	{ "ANALYSIS", MAILCMD_ANALYSIS },
};

static const char *const notify_modes[] = { "every", "due", "digest" };

#define HISTORY_MAX 100000

/* 1 with *on when arg is on or off (any case; the words the reader wrote
 * were made English before), else 0. */
static int
on_off(const char *arg, int *on)
{
	if (strcasecmp(arg, "on") != 0 && strcasecmp(arg, "off") != 0)
		return 0;
	*on = strcasecmp(arg, "on") == 0;
	return 1;
}

int
mailcmd_of(const char *line, enum mailcmd *cmd, int *count, struct diag *d)
{
	size_t n = strcspn(line, " \t");
	const char *arg = line + n;
	char kw[64];

	while (*arg == ' ' || *arg == '\t')
		arg++;
	*count = 0;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (strlen(words[i].word) != n || strncasecmp(line, words[i].word, n) != 0)
			continue;
		*cmd = words[i].cmd;
		if (*cmd == MAILCMD_NOTIFY) {
			char mode[8];

			if (notify_parse(arg, mode, NULL) == 0)
				for (int k = 0; k < 3; k++)
					if (strcmp(mode, notify_modes[k]) == 0) {
						*count = k;
						return 1;
					}
			/* The modes are order words too: a reader sees the ones
			 * they write. */
			return diag_set(d, 0, "%s takes %s (a report after every step), "
			    "%s (when you have a decision to make) or %s (at most one "
			    "report a day), as in \"%s\"", ORDER("", "NOTIFY"),
			    ORDER("", "every"), ORDER("", "due"), ORDER("", "digest"),
			    ORDER("", "NOTIFY due"));
		}
		if (*cmd == MAILCMD_LANGUAGE) {
			char lang[LANG_LEN];

			if (*arg == '\0')
				return diag_set(d, 0, "%s takes the language you read, as in "
				    "\"%s de\": en (English), de (Deutsch), es (español) or "
				    "fr (français)", ORDER("", "LANGUAGE"),
				    ORDER("", "LANGUAGE"));
			if (lang_parse(arg, lang, d) < 0)
				return -1;
			for (int k = 0; catalog_languages[k] != NULL; k++)
				if (strcmp(lang, catalog_languages[k]) == 0)
					*count = k;
			return 1;
		}
		if (*cmd == MAILCMD_JSON)
			return reportjson_parse(arg, count, d) < 0 ? -1 : 1;
		if (*cmd == MAILCMD_PICTURES) {
			if (on_off(arg, count))
				return 1;
			return diag_set(d, 0, "%s takes %s (your reports show the board as "
			    "a picture) or %s (text alone, a much smaller mail), as in \"%s\"",
			    ORDER("", "PICTURES"), ORDER("", "ON"), ORDER("", "OFF"),
			    ORDER("", "PICTURES OFF"));
		}
		if (*cmd == MAILCMD_CALENDAR) {
			if (on_off(arg, count))
				return 1;
			return diag_set(d, 0, "%s takes %s (your mails carry your deadlines "
			    "as calendar entries) or %s (none), as in \"%s\"",
			    ORDER("", "CALENDAR"), ORDER("", "ON"), ORDER("", "OFF"),
			    ORDER("", "CALENDAR OFF"));
		}
		if (*cmd == MAILCMD_ANALYSIS) {
			if (on_off(arg, count))
				return 1;
			return diag_set(d, 0, "%s takes %s (when the game is over, a mail "
			    "names your decisions that cost you most) or %s (no such mail), "
			    "as in \"%s\"", ORDER("", "ANALYSIS"), ORDER("", "ON"),
			    ORDER("", "OFF"), ORDER("", "ANALYSIS OFF"));
		}
		if (*cmd == MAILCMD_TIMEZONE) {
			/* The zone itself is checked when set: its name is no word. */
			if (*arg != '\0' && strcspn(arg, " \t") == strlen(arg))
				return 1;
			return diag_set(d, 0, "%s takes one time zone, as in \"%s "
			    "Europe/Berlin\" or \"%s UTC\"", ORDER("", "TIMEZONE"),
			    ORDER("", "TIMEZONE"), ORDER("", "TIMEZONE"));
		}
		if (*arg == '\0')
			return 1;
		if (*cmd == MAILCMD_HISTORY) {
			char *end;
			long v = strtol(arg, &end, 10);

			if (*arg >= '0' && *arg <= '9' && *end == '\0' && v > 0 &&
			    v <= HISTORY_MAX) {
				*count = (int)v;
				return 1;
			}
			return diag_set(d, 0, "%s stands alone (every step) or takes "
			    "a number of newest steps, as in \"%s\"", ORDER("", "HISTORY"),
			    ORDER("", "HISTORY 10"));
		}
		msg_order(kw, sizeof kw, "", words[i].word);
		return diag_set(d, 0, "%s stands alone on its line", kw);
	}
	*cmd = MAILCMD_NONE;
	return 0;
}

const char *
mailcmd_name(enum mailcmd cmd)
{
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (words[i].cmd == cmd)
			return words[i].word;
	return "";
}

/* One sentence per setting in the reader's words, folded for the template
 * to indent. */
static void
settings_list(const struct campaign *c, const char *lang, struct tval *root)
{
	struct tval *list = tval_set_list(root, "settings");
	struct buf b = BUF_INIT;
	char *save = NULL;

	campaign_said(c, lang, &b);
	buf_adds(&b, "");
	for (char *ln = strtok_r(b.p, "\n", &save); ln != NULL; ln = strtok_r(NULL, "\n", &save)) {
		char *said = msg_text(lang, ln);
		char *folded = fold_text(said, 66, "    ");

		tval_set_str(tval_push_map(list), "line", folded);
		free(folded);
		free(said);
	}
	buf_free(&b);
}

static struct tval *
status_tree(struct ledger *l, struct play *p, int seat, const char *lang)
{
	struct tval *root = report_tree(l, p, seat, p->seq, lang), *list;
	const struct seat_row *me = &p->g.seats[seat];
	struct campaign c, mine;
	char t[CAMPAIGN_DATE];

	if (campaign_load(l, p->g.id, &c, NULL) < 0)
		campaign_defaults(&c);
	/* The dates in the seat's zone; the settings listed are the game's. */
	mine = c;
	campaign_for_seat(&mine, &p->g, seat);
	tval_set_bool(root, "game_over", strcmp(p->g.status, "over") == 0);
	tval_set_str(root, "game_result", p->g.result);
	tval_set_bool(root, "running", strcmp(p->g.status, "active") == 0 &&
	    p->g.paused_at[0] == '\0');
	list = tval_set_list(root, "seats");
	for (int s = 0; s < p->g.nseats; s++) {
		const struct seat_row *sr = &p->g.seats[s];
		struct tval *m = tval_push_map(list);

		tval_set_str(m, "name", sr->name);
		tval_set_bool(m, "you", s == seat);
		tval_set_bool(m, "bot", strcmp(sr->kind, "bot") == 0 && !sr->disorder);
		tval_set_str(m, "level", bots_level_said(sr));
		tval_set_bool(m, "disorder", sr->disorder != 0);
		tval_set_bool(m, "away", sr->away_to[0] != '\0');
		campaign_date_iso(&mine, sr->away_from, t, sizeof t);
		tval_set_str(m, "away_from", t);
		campaign_date_iso(&mine, sr->away_to, t, sizeof t);
		tval_set_str(m, "away_to", t);
	}
	/* Said as the word the reader writes for it (NOTIFY's argument). */
	tval_set_str(root, "your_notify", ordertr_word(lang, "", notify_mode(p, &c, seat)));
	tval_set_str(root, "your_language", lang);
	tval_set_bool(root, "your_analysis", turning_wanted(l, &p->g, seat, &c));
	tval_set_str(root, "your_timezone", mine.timezone);
	tval_set_bool(root, "your_pictures", me->pictures);
	tval_set_bool(root, "your_calendar", me->calendar);
	tval_set_int(root, "missed", me->missed);
	{
		char m[256], *said;

		msg_nfmt(m, sizeof m, (unsigned long)me->missed,
		    "You missed %d deadline in a row, up to the last one.",
		    "You missed %d deadlines in a row, up to the last one.", me->missed);
		said = msg_text(lang, m);
		tval_set_str(root, "missed_said", said);
		free(said);
	}
	tval_set_bool(root, "has_missed", me->missed > 0);
	tval_set_int(root, "disorder_after", c.disorder_after);
	tval_set_bool(root, "has_disorder_after", c.disorder_after > 0);
	tval_set_bool(root, "in_disorder", me->disorder != 0);
	settings_list(&c, lang, root);
	return root;
}

struct history_ctx {
	struct ledger *l;
	const struct play *p;
	const struct campaign *c;
	int viewer;
	const char *lang;
	int64_t hidden;             /* steps before this one the viewer may not see */
	struct tval *list;
};

/* The order text is shown to its own seat only: a sealed choice or a
 * standing order is the seat's secret; the others read the narrative. */
static int
history_one(void *arg, const struct event_row *e)
{
	struct history_ctx *h = arg;
	struct tval *m;
	const char *who = e->seat >= 0 && e->seat < h->p->g.nseats ?
	    h->p->g.seats[e->seat].name : "";
	int mine = e->seat >= 0 && e->seat == h->viewer;
	int undone = ledger_event_undone(h->l, h->p->g.id, e->seq);
	char t[CAMPAIGN_DATE], order[2 * ORDER_TEXT + 64], what[4 * ORDER_TEXT];

	/* Another seat's queued or standing order, undone or not: not even
	 * its line, or the reader could count them. */
	if (report_step_hidden(e->narrative, h->viewer)) {
		h->hidden++;
		return 0;
	}
	m = tval_push_map(h->list);
	campaign_date_iso(h->c, e->at, t, sizeof t);
	tval_set_int(m, "seq", e->seq - h->hidden);
	tval_set_str(m, "at", t);
	/* The ledger keeps the order in English; its own seat reads it in its
	 * order words, as the lines to copy. */
	if (mine && ordertr_to_lang(h->lang, h->p->rules->name, e->payload, order,
	    sizeof order) < 0)
		snprintf(order, sizeof order, "%s", e->payload);
	if (strcmp(e->kind, "setup") == 0)
		msg_fmt(what, sizeof what, "the game is set up");
	else if (strcmp(e->kind, "admin") == 0)
		msg_fmt(what, sizeof what, "the game master");
	else if (mine && strcmp(e->kind, "order") == 0)
		msg_fmt(what, sizeof what, "you: %s", order);
	else if (mine && strcmp(e->kind, "default") == 0)
		msg_fmt(what, sizeof what, "you: %s (the default order: your deadline passed)",
		    order);
	else if (mine)
		msg_fmt(what, sizeof what, "you (the referee's bot): %s", order);
	else if (strcmp(e->kind, "order") == 0)
		msg_fmt(what, sizeof what, "%s: order", who);
	else if (strcmp(e->kind, "default") == 0)
		msg_fmt(what, sizeof what, "%s: the default order (deadline passed)", who);
	else
		msg_fmt(what, sizeof what, "%s: the referee's bot", who);
	tval_set_str(m, "what", what);
	tval_set_bool(m, "undone", undone);
	if (!undone)
		report_narrative(e->narrative, h->viewer, h->lang, tval_set_list(m, "lines"));
	return 0;
}

static struct tval *
history_tree(struct ledger *l, struct play *p, int seat, int count, const char *lang,
    struct diag *d)
{
	struct tval *root = tval_map();
	struct campaign c;
	struct history_ctx h;
	/* The newest count steps the seat reads, in its own numbers
	 * (report_step_seen): from is the first real step past the last one
	 * it reads as number last - count. */
	int64_t last = report_step_seen(l, p, seat, p->seq);
	int64_t from = count > 0 && last - count + 1 > 0 ?
	    report_step_seq(l, p, seat, last - count) + 1 : 0;

	if (campaign_load(l, p->g.id, &c, NULL) < 0)
		campaign_defaults(&c);
	campaign_for_seat(&c, &p->g, seat);
	tval_set_str(root, "game_id", p->g.name);
	tval_set_str(root, "title", p->rules->title);
	tval_set_str(root, "seat", p->g.seats[seat].name);
	tval_set_int(root, "step", last);
	tval_set_str(root, "timezone", c.timezone);
	tval_set_bool(root, "partial", from > 0);
	h.hidden = from > 0 ? from - 1 - report_step_seen(l, p, seat, from - 1) : 0;
	tval_set_int(root, "from", from - h.hidden);
	h.l = l;
	h.p = p;
	h.c = &c;
	h.viewer = seat;
	h.lang = lang;
	h.list = tval_set_list(root, "steps");
	if (ledger_events_each_all(l, p->g.id, from, p->seq, history_one, &h, d) < 0) {
		tval_free(root);
		return NULL;
	}
	return root;
}

/* Every order legal() gives the seat, bare, one per line: the report shows
 * a summary, and a script or a player who wants to copy an exact line asks
 * for these. Nothing when the seat is not waited for or the game is halted,
 * like the report's list. */
static struct tval *
legal_tree(struct ledger *l, const struct play *p, int seat, const char *lang)
{
	struct tval *root = tval_map(), *list = tval_set_list(root, "orders");
	struct pending pd;
	int halted = p->g.paused_at[0] != '\0' || strcmp(p->g.status, "ended") == 0;

	tval_set_str(root, "game_id", p->g.name);
	tval_set_str(root, "title", p->rules->title);
	tval_set_str(root, "seat", p->g.seats[seat].name);
	tval_set_int(root, "step", report_step_seen(l, p, seat, p->seq));
	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	tval_set_str(root, "you_what", pending_own(&pd, seat));
	tval_set_bool(root, "due", !halted && (pd.seats & VIS_SEAT(seat)));
	if (!halted && (pd.seats & VIS_SEAT(seat))) {
		struct order_list ol;

		order_list_init(&ol);
		p->rules->legal(p->st, seat, &ol);
		for (size_t i = 0; i < ol.n; i++)
			tval_set_str(tval_push_map(list), "text", ol.v[i].text);
		order_list_free(&ol);
		report_orders_lang(list, lang, p->rules->name);
	}
	return root;
}

/* The step the seat's own last live step came after, so REPORT tells again
 * what happened since the seat last acted (-1: the whole game). */
static int64_t
since_own_step(struct ledger *l, const struct play *p, int seat)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT MAX(seq) FROM events e WHERE game_id = ? "
	    "AND seat_idx = ? AND seq > 0 AND NOT EXISTS (SELECT 1 FROM undone u "
	    "WHERE u.game_id = e.game_id AND u.seq = e.seq)");
	int64_t since = -1;

	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_int(st, 2, seat);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		since = sqlite3_column_int64(st, 0) - 1;
	ledger_release(l, st);
	return since;
}

int
mailcmd_notify(struct ledger *l, struct play *p, int seat, int mode, struct diag *od)
{
	const char *m = notify_modes[mode >= 0 && mode < 3 ? mode : 0];

	if (notify_set(l, p, seat, m, od) < 0)
		return -1;
	notify_says(m, od);
	return 0;
}

int
mailcmd_language(struct ledger *l, struct play *p, int seat, int lang, struct diag *od)
{
	if (lang_set_seat(l, p, seat, catalog_languages[lang], od) < 0)
		return -1;
	/* Said in the new language: the ack is rendered in it. */
	diag_set(od, 0, "from now on the referee writes to you in English");
	return 0;
}

int
mailcmd_pictures(struct ledger *l, struct play *p, int seat, int on, struct diag *od)
{
	if (seat_set_pictures(l, p->g.id, seat, on, od) < 0)
		return -1;
	p->g.seats[seat].pictures = on != 0;
	/* Two calls, not one with "?:": xgettext takes one literal per call. */
	if (on)
		diag_set(od, 0, "from now on your reports show the board as a picture");
	else
		diag_set(od, 0, "from now on your reports carry no picture: the board "
		    "is shown as text");
	return 0;
}

int
mailcmd_calendar(struct ledger *l, struct play *p, int seat, int on, struct diag *od)
{
	if (seat_set_calendar(l, p->g.id, seat, on, od) < 0)
		return -1;
	p->g.seats[seat].calendar = on != 0;
	if (on)
		diag_set(od, 0, "from now on your mails carry your deadlines as calendar "
		    "entries");
	else
		diag_set(od, 0, "from now on your mails carry no calendar entries");
	return 0;
}

int
mailcmd_analysis(struct ledger *l, struct play *p, int seat, int on, struct diag *od)
{
	if (seat_set_turning(l, p->g.id, seat, on, od) < 0)
		return -1;
	p->g.seats[seat].turning = on != 0;
	if (on)
		diag_set(od, 0, "when this game is over, a mail names the decisions that "
		    "cost you most");
	else
		diag_set(od, 0, "when this game is over, no mail names the decisions that "
		    "cost you most");
	return 0;
}

int
mailcmd_timezone(struct ledger *l, struct play *p, int seat, const char *zone,
    struct diag *od)
{
	char z[sizeof p->g.seats[0].timezone];

	if (strcasecmp(zone, "campaign") == 0) {
		z[0] = '\0';
	} else if (campaign_zone_name(zone, z, sizeof z) < 0) {
		diag_set(od, 0, "\"%s\" is not a time zone the referee knows: write a name "
		    "such as Europe/Berlin, America/New_York or UTC", zone);
		return 1;
	}
	if (seat_set_timezone(l, p->g.id, seat, z, od) < 0)
		return -1;
	snprintf(p->g.seats[seat].timezone, sizeof p->g.seats[seat].timezone, "%s", z);
	if (z[0] == '\0')
		diag_set(od, 0, "from now on every time you read is in the game's time zone");
	else
		diag_set(od, 0, "from now on every time you read is in the time zone %s", z);
	return 0;
}

int
mailcmd_json(struct ledger *l, struct play *p, int seat, int on, struct diag *od)
{
	if (reportjson_set(l, p, seat, on, od) < 0)
		return -1;
	reportjson_says(on, od);
	return 0;
}

int
mailcmd_answer(struct ledger *l, const struct config *c, struct render *r, struct play *p,
    int seat, enum mailcmd cmd, int count, const char *to, const char *in_reply_to,
    const char *refs, const char *now, struct diag *d)
{
	struct tval *root;
	int rc;

	lang_render_for(r, l, c, p, seat, NULL);
	switch (cmd) {
	case MAILCMD_HELP:
		return tell_tree(l, c, r, p, seat, report_tree(l, p, seat, p->seq, r->lang),
		    "help", "help", to, in_reply_to, refs, now, d);
	case MAILCMD_STATUS:
		return tell_tree(l, c, r, p, seat, status_tree(l, p, seat, r->lang), "status",
		    "status", to, in_reply_to, refs, now, d);
	case MAILCMD_REPORT:
		root = report_tree(l, p, seat, since_own_step(l, p, seat), r->lang);
		rc = tell_tree(l, c, r, p, seat, root, "report", "report", to,
		    in_reply_to, refs, now, d);
		if (rc == 0 && p->g.seats[seat].reported_seq < p->seq) {
			rc = ledger_seat_set_reported(l, p->g.id, seat, p->seq, d);
			p->g.seats[seat].reported_seq = p->seq;
		}
		return rc;
	case MAILCMD_HISTORY:
		if ((root = history_tree(l, p, seat, count, r->lang, d)) == NULL)
			return -1;
		return tell_tree(l, c, r, p, seat, root, "history", "history", to,
		    in_reply_to, refs, now, d);
	case MAILCMD_LEGAL:
		return tell_tree(l, c, r, p, seat, legal_tree(l, p, seat, r->lang), "legal",
		    "legal", to, in_reply_to, refs, now, d);
	case MAILCMD_NOTIFY:	/* answered in the ack */
	case MAILCMD_LANGUAGE:
	case MAILCMD_JSON:
	case MAILCMD_PICTURES:
	case MAILCMD_TIMEZONE:
	case MAILCMD_CALENDAR:
	case MAILCMD_ANALYSIS:
	case MAILCMD_NONE:
		break;
	}
	return 0;
}
