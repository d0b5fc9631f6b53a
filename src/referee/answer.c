#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "campaign/deadline-rows.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/catalog.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "lang/suggest.h"
#include "ledger/ordercode.h"
#include "ledger/play.h"
#include "ledger/token.h"
#include "mail/address.h"
#include "mail/authres.h"
#include "mail/bounce.h"
#include "mail/mailcache.h"
#include "mail/mailmsg.h"
#include "mail/messages.h"
#include "mail/orderblock.h"
#include "mail/outbox.h"
#include "mail/sender.h"
#include "referee/answer.h"
#include "referee/bots.h"
#include "referee/guessing.h"
#include "referee/mailcmd.h"
#include "referee/onetap.h"
#include "referee/people.h"
#include "referee/press.h"
#include "referee/stale.h"
#include "referee/tolerant.h"
#include "referee/tell.h"
#include "render/render.h"
#include "render/fold.h"
#include "render/report.h"


/* One message being answered. */
struct job {
	struct ledger *l;
	const struct config *c;
	struct process_stats *stats;
	int64_t id;
	const char *source;
	char hash[HASH_HEX];      /* its content hash, "" when not read */
	uint64_t whole;           /* the mail's bytes, of which the ledger may
	                             keep only the header block (mailbytes.h) */
	char now[32];
	struct mailmsg m;
	const char *text;         /* the text the orders were read from */
	const char *reply_to;     /* where answers go */
	char seat_to[256];        /* the seat's address on record, which reply_to
	                             may point at after orders() freed its play */
	char status[16];          /* the message's final status */
	char reason[512];
	int64_t game_id;
	int seat;
	int confirmed;            /* a held mail its seat confirmed: not foreign */
	enum authres_verdict dmarc; /* the mail server's on a From that is the
	                               seat's; FAIL and MISMATCH make it foreign */
	struct authres dmarc_by;  /* the field it came from */
	int64_t release;          /* the held mail this one confirms, 0 none */
	struct onetap tap;        /* a code, not the token, proves the seat */
	struct render *tmpl;      /* the run's templates, read and parsed once */
	/* Answers to mail no token proved: in the language of the report it
	 * answers or of its words, NULL for the configuration's. */
	const char *lang;
	char thread_lang[LANG_LEN];
	int thread;               /* game and seat came from the report answered */
};

/* A renderer for one mail's answers, through the run's templates. */
static void
job_render(struct job *j, struct render *r, const char *game, const char *lang)
{
	render_init_shared(r, j->tmpl, game, lang);
}

static int
set_status(struct job *j, const char *status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
set_status(struct job *j, const char *status, const char *fmt, ...)
{
	va_list ap;

	snprintf(j->status, sizeof j->status, "%s", status);
	va_start(ap, fmt);
	vsnprintf(j->reason, sizeof j->reason, fmt, ap);
	va_end(ap);
	return 0;
}

static int
finish(struct job *j, struct diag *d)
{
	return message_finish(j->l, j->id, j->status, j->reason,
	    j->m.from_addr != NULL ? j->m.from_addr : "", j->game_id, j->seat, d);
}

/* The game a mail named, for the examples of a reply about it: by its id,
 * not by walking every game (a rejected mail must not cost the whole
 * ledger). */
struct named_game {
	int64_t id;
	char rules[32], name[64];
};

static void
named_game(struct ledger *l, struct named_game *n)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT rules, name FROM games WHERE id = ?");

	sqlite3_bind_int64(st, 1, n->id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(n->rules, sizeof n->rules, "%s", col_text(st, 0));
		snprintf(n->name, sizeof n->name, "%s", col_text(st, 1));
	}
	ledger_release(l, st);
}

/* Whether the answers to mail no token proved have spent their budget.
 * Anyone can write From: anybody, so each such answer may go to a victim
 * of a spammer's, in the referee's name: per address they are limited
 * below, and all together by limits.stranger_replies_per_run and _per_day.
 * Past either, nothing more is answered; the log says so once a run. */
static int
strangers_spent(struct job *j, const char *since)
{
	const struct config *c = j->c;
	char why[sizeof j->reason];
	int day = 0;

	if (j->stats->strangers < c->stranger_replies_per_run &&
	    (day = outbox_strangers_since(j->l, since)) < c->stranger_replies_per_day)
		return 0;
	if (j->stats->strangers_unanswered++ == 0) {
		if (j->stats->strangers >= c->stranger_replies_per_run)
			log_warn("the budget of %d answers a run to mail no token proved is "
			    "spent: the rest of this run's are not answered "
			    "(limits.stranger_replies_per_run)", c->stranger_replies_per_run);
		else
			log_warn("the budget of %d answers a day to mail no token proved is "
			    "spent (%d since %s): the rest of this run's are not answered "
			    "(limits.stranger_replies_per_day)", c->stranger_replies_per_day, day,
			    since);
	}
	snprintf(why, sizeof why, "%s", j->reason);
	snprintf(j->reason, sizeof j->reason, "%.300s; not answered: the budget for answers "
	    "to mail no token proved is spent", why);
	return 1;
}

/* Answers about no game in particular go through the common templates.
 * They answer mail no token proved, so they say nothing of its own: not its
 * Subject, not its lines (problem says where, by line number), only the
 * Message-ID that threads them under it. */
static int
reply_common(struct job *j, const char *tmpl, const char *kind, struct tval *data,
    struct diag *d)
{
	/* A reply that named no game learns none from the thread. */
	struct named_game ng = { j->thread ? 0 : j->game_id, "", "" };

	struct render r;
	char *subject = NULL, *body = NULL, since[32];
	struct outbox_item it;
	int rc;

	/* No address to write to (none, or a word with no domain): nothing is
	 * rendered, and the strangers' budget is not spent on it. */
	if (!address_has_domain(j->reply_to)) {
		if (j->reply_to[0] == '\0')
			log_info("message %lld: no %s: the mail names no sender", (long long)j->id,
			    kind);
		else
			log_info("message %lld: no %s: \"%s\" is no address to answer",
			    (long long)j->id, kind, j->reply_to);
		tval_free(data);
		return 0;
	}
	clock_iso(clock_parse_iso(j->now) - 86400, since, sizeof since);
	if (outbox_count_since(j->l, j->reply_to, kind, since) >= (strcmp(kind, "help") == 0
	    ? j->c->help_replies_per_day : j->c->problem_replies_per_day)) {
		log_info("message %lld: not answering %s again today (%s)", (long long)j->id,
		    j->reply_to, kind);
		tval_free(data);
		return 0;
	}
	if (strangers_spent(j, since)) {
		tval_free(data);
		return 0;
	}
	tval_set_str(data, "referee", j->c->referee_address);
	{
		struct tval *games = tval_set_list(data, "games");

		for (int i = 0; game_table[i] != NULL; i++) {
			struct tval *g = tval_push_map(games);

			tval_set_str(g, "name", game_table[i]->name);
			tval_set_str(g, "title", game_table[i]->title);
		}
	}
	/* Examples come from the game the mail named (its own templates),
	 * generic when it named none we know. */
	if (ng.id > 0)
		named_game(j->l, &ng);
	if (ng.rules[0] != '\0')
		tval_set_str(data, "example_game", ng.name);
	job_render(j, &r, ng.rules[0] != '\0' ? ng.rules : NULL,
	    j->lang != NULL ? j->lang : j->c->language);
	ordertr_keywords(r.lang, ng.rules, data);
	rc = render_mail(&r, tmpl, data, &subject, &body, d);
	render_free(&r);
	tval_free(data);
	if (rc < 0)
		return -1;
	memset(&it, 0, sizeof it);
	it.seat = -1;
	it.kind = kind;
	it.to = j->reply_to;
	it.subject = subject;
	it.body = body;
	it.in_reply_to = j->m.message_id;
	/* Their References are their words too: the answer threads under
	 * their mail alone. */
	it.refs = "";
	rc = outbox_queue(j->l, j->c, &it, j->now, d);
	free(subject);
	free(body);
	j->stats->strangers += rc == 0;
	return rc;
}

/* A problem before we know who is writing: say what and where, nothing more.
 * said is a message (msg.h): the reply is rendered in the configuration's
 * language, the ledger and the log keep English. */
static int
problem_said(struct job *j, int line, const char *said)
{
	struct tval *data = tval_map();
	char msg[600], where[2 * DIAG_MSG];
	struct diag d;

	msg_english(said, msg, sizeof msg);
	if (line > 0) {
		msg_fmt(where, sizeof where, "line %d: %s", line, said);
		tval_set_str(data, "problem", where);
	} else {
		tval_set_str(data, "problem", said);
	}
	set_status(j, "rejected", "%s", msg);
	log_info("message %lld from %s rejected: %s", (long long)j->id,
	    j->reply_to[0] ? j->reply_to : "(no sender)", msg);
	diag_clear(&d);
	if (reply_common(j, "problem", "problem", data, &d) < 0) {
		log_error("message %lld: cannot queue the reply: %s", (long long)j->id, d.msg);
		return -1;
	}
	return 0;
}

static int
problem(struct job *j, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int
problem(struct job *j, int line, const char *fmt, ...)
{
	char said[2 * DIAG_MSG];
	va_list ap;

	va_start(ap, fmt);
	msg_vfmt(said, sizeof said, fmt, ap);
	va_end(ap);
	return problem_said(j, line, said);
}

static int
is_referee(const struct job *j, const char *addr)
{
	return sender_same(addr, j->c->referee_address);
}

/* X-Loop holds the referee's address as our mails write it: in A-labels. */
static int
our_loop(const struct job *j)
{
	char ascii[ADDRESS_MAX];

	if (j->m.x_loop[0] == '\0')
		return 0;
	return strcasestr(j->m.x_loop, j->c->referee_address) != NULL ||
	    (address_ascii(j->c->referee_address, ascii, sizeof ascii, NULL) == 0 &&
	    strcasestr(j->m.x_loop, ascii) != NULL);
}

/* Mail we must not answer: loops, auto-replies, bounces. */
static const char *
no_answer(const struct job *j)
{
	if (j->m.is_bounce)
		return "a bounce or delivery report";
	if (j->m.is_auto)
		return "an automatic mail (Auto-Submitted or Precedence)";
	if (is_referee(j, j->m.from_addr))
		return "a mail from the referee's own address";
	if (our_loop(j))
		return "a mail carrying our own X-Loop";
	return NULL;
}

/* A bounce is never answered, but it tells the game master that a seat's
 * mail does not arrive. Anyone can write a bounce that names an address;
 * only a Message-ID of ours proves which mail came back (bounce.h). A
 * bounce returns one mail: the first of ours it names, the most telling
 * (bounce_read's order), counts against the seat it went to, in its game,
 * and against nobody else. */
static int
record_bounce(struct job *j, const char *raw, size_t len, struct diag *d)
{
	struct bounce b;
	struct outbox_mail o;
	char why[300];
	int i, rc = 0;

	if (bounce_read(raw, len, &b, NULL) < 0)
		return 0;
	for (i = 0; i < b.nids && outbox_find(j->l, b.ids[i], &o) != 1; i++)
		;
	snprintf(why, sizeof why, "%s: bounce \"%.200s\"", j->now, j->m.subject);
	if (i == b.nids)
		log_info("message %lld is a bounce that names no mail the referee sent; "
		    "not counted", (long long)j->id);
	else if (bounce_nothing_failed(&b))
		log_info("message %lld is a delivery report on mail %lld to %s that says "
		    "no delivery failed; not counted", (long long)j->id, (long long)o.id, o.to);
	/* 0 seats when it went to no seat, or the seat has another address now. */
	else if (o.game_id <= 0 || o.seat < 0 ||
	    (rc = ledger_seat_bounce(j->l, o.game_id, o.seat, o.to, why, d)) == 0)
		log_info("message %lld is a bounce of mail %lld to %s, which went to no "
		    "seat or to an address its seat no longer has; not counted",
		    (long long)j->id, (long long)o.id, o.to);
	else if (rc > 0)
		log_warn("message %lld is a bounce of mail %lld to %s; counted against seat "
		    "%s of %s", (long long)j->id, (long long)o.id, o.to, o.seat_name, o.game);
	bounce_free(&b);
	return rc < 0 ? -1 : 0;
}

struct line_result {
	struct tval *lines;
	int accepted, rejected;
};

static void
add_line(struct line_result *lr, int lineno, const char *text, const char *status,
    const char *reason)
{
	struct tval *t = tval_push_map(lr->lines);

	tval_set_int(t, "lineno", lineno);
	tval_set_str(t, "text", text);
	/* The status word is the ledger's English: templates say it in the
	 * reader's words from these. */
	tval_set_bool(t, "accepted", strcmp(status, "accepted") == 0);
	tval_set_bool(t, "rejected", strcmp(status, "rejected") == 0);
	tval_set_bool(t, "skipped", strcmp(status, "skipped") == 0);
	tval_set_bool(t, "aside", strcmp(status, "aside") == 0);
	tval_set_str(t, "reason", reason);
	tval_set_bool(t, "has_reason", reason[0] != '\0');
}

static int
record_order(struct job *j, int seat, int lineno, const char *text, const char *status,
    const char *reason, int64_t event_seq, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(j->l, "INSERT INTO orders (message, game_id, seat_idx, "
	    "lineno, text, status, reason, event_seq) VALUES (?,?,?,?,?,?,?,?)");

	sqlite3_bind_int64(st, 1, j->id);
	sqlite3_bind_int64(st, 2, j->game_id);
	sqlite3_bind_int(st, 3, seat);
	sqlite3_bind_int(st, 4, lineno);
	sqlite3_bind_text(st, 5, text, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, status, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, reason, -1, SQLITE_STATIC);
	if (event_seq >= 0)
		sqlite3_bind_int64(st, 8, event_seq);
	else
		sqlite3_bind_null(st, 8);
	return ledger_done(j->l, st, d);
}
/* The commands of one mail, answered after the reply, each once. */
struct asks {
	enum mailcmd cmd[5];
	int count[5];
	int n;
};

static void
ask(struct asks *a, enum mailcmd cmd, int count, struct diag *od)
{
	for (int i = 0; i < a->n; i++)
		if (a->cmd[i] == cmd) {
			diag_set(od, 0, "asked already above: one answer");
			return;
		}
	if (a->n < (int)(sizeof a->cmd / sizeof a->cmd[0])) {
		a->cmd[a->n] = cmd;
		a->count[a->n++] = count;
	}
	switch (cmd) {
	case MAILCMD_HELP:
		diag_set(od, 0, "the order guide is in a separate mail");
		break;
	case MAILCMD_STATUS:
		diag_set(od, 0, "the status is in a separate mail");
		break;
	case MAILCMD_REPORT:
		diag_set(od, 0, "your report is in a separate mail");
		break;
	case MAILCMD_HISTORY:
		diag_set(od, 0, "the history is in a separate mail");
		break;
	case MAILCMD_LEGAL:
		diag_set(od, 0, "every legal order is in a separate mail");
		break;
	default:
		break;
	}
}

/* Why a game takes no orders now, in od; 0 when it takes them. */
static int
halted(const struct play *p, const struct campaign *c, struct diag *od)
{
	char since[CAMPAIGN_DATE], until[CAMPAIGN_DATE], why[2 * DIAG_MSG];

	if (strcmp(p->g.status, "ended") == 0)
		return p->g.end_reason[0] ? diag_set(od, 0, "the game master ended the game: %s",
		    p->g.end_reason) : diag_set(od, 0, "the game master ended the game");
	if (strcmp(p->g.status, "active") != 0)
		return diag_set(od, 0, "the game is over: %s", p->g.result);
	if (p->g.paused_at[0] == '\0')
		return 0;
	campaign_date(c, clock_parse_iso(p->g.paused_at), since, sizeof since);
	/* The game master's reason is their words, in no catalog. */
	if (p->g.paused_until[0] == '\0')
		return p->g.paused_reason[0] != '\0' ? diag_set(od, 0, "the game is paused since "
		    "%s: %s", since, p->g.paused_reason) : diag_set(od, 0, "the game is paused "
		    "since %s", since);
	if (p->g.paused_reason[0] != '\0')
		msg_fmt(why, sizeof why, "the game is paused since %s: %s", since,
		    p->g.paused_reason);
	else
		msg_fmt(why, sizeof why, "the game is paused since %s", since);
	campaign_date(c, clock_parse_iso(p->g.paused_until), until, sizeof until);
	return diag_set(od, 0, "%s; it resumes by %s at the latest", why, until);
}

/* "CONFIRM code": 1 with the code in out, 0 when the line is something else. */
static int
confirm_of(const char *line, char *out, size_t n)
{
	char kw[8], code[32], extra;

	if (sscanf(line, "%7s %31s %c", kw, code, &extra) != 2 ||
	    strcasecmp(kw, "confirm") != 0)
		return 0;
	snprintf(out, n, "%s", code);
	return 1;
}

/* The game orders of the mail (not commands, press or CONFIRM), for the
 * replay hash; returns how many. */
static size_t
order_texts(const struct orderblock *ob, char *const *canon, const char **out)
{
	size_t n = 0;
	char code[32];
	enum mailcmd cmd;
	int count;
	struct diag od;

	for (size_t i = 0; i < ob->nlines; i++) {
		const char *t = ob->lines[i].text;

		if (ob->lines[i].aside != OLINE_ORDER)
			continue;
		if (press_starts(t))
			press_skip(ob, &i);
		else if (!press_ends(t) && !confirm_of(canon[i], code, sizeof code) &&
		    mailcmd_of(canon[i], &cmd, &count, &od) == 0)
			out[n++] = canon[i];
	}
	return n;
}

/* A mail signed with the seat's token from another address: the seat is told
 * (held: with the code that releases it), the sender gets a bare receipt. */
static int
foreign_mail(struct job *j, struct play *p, struct render *r, int seat,
    const struct campaign *camp, const struct orderblock *ob, const char *sender,
    struct diag *d)
{
	struct tval *root, *list, *data;
	char code[SENDER_CODE], at[CAMPAIGN_DATE];
	const char *me = j->reply_to;
	int rc = 0;

	campaign_date_iso(camp, j->now, at, sizeof at);
	if (!camp->foreign_apply) {
		if (sender_hold(j->l, j->id, p->g.id, seat, j->m.from_addr, p->seq, j->now, code,
		    d) < 0)
			return -1;
		root = report_tree(j->l, p, seat, p->seq, r->lang);
		tval_set_str(root, "foreign_from", j->m.from_addr);
		tval_set_bool(root, "foreign_anon", j->m.from_addr[0] == '\0');
		tval_set_str(root, "foreign_at", at);
		tval_set_bool(root, "foreign_dmarc", j->dmarc != AUTHRES_UNKNOWN);
		tval_set_str(root, "code", code);
		tval_set_str(root, "gm", camp->gm);
		tval_set_bool(root, "has_gm", camp->gm[0] != '\0');
		list = tval_set_list(root, "foreign_lines");
		for (size_t i = 0; i < ob->nlines; i++)
			tval_set_str(tval_push_map(list), "text", ob->lines[i].text);
		if (tell_tree(j->l, j->c, r, p, seat, root, "held", "held", me, "", "",
		    j->now, d) < 0)
			return -1;
	}
	/* The sender learns that the mail arrived, and nothing of the game;
	 * the seat's own address has just been told more. */
	if (sender == NULL || sender[0] == '\0' || sender_same(sender, p->g.seats[seat].address))
		return 0;
	data = tval_map();
	j->reply_to = sender;
	rc = reply_common(j, "receipt", "receipt", data, d);
	j->reply_to = me;
	return rc;
}

/* A CONFIRM line: releases the seat's held mail after this one is answered. */
static int
confirm_line(struct job *j, const struct play *p, int seat, int foreign, const char *code,
    struct diag *od)
{
	int64_t msg = 0;
	char from[256];
	int rc;

	if (foreign || j->confirmed)
		return diag_set(od, 0, "%s is taken only in a mail from the seat's "
		    "address on record", ORDER("", "CONFIRM"));
	if (j->release > 0)
		return diag_set(od, 0, "one %s per mail: send the next one in another "
		    "mail", ORDER("", "CONFIRM"));
	rc = sender_find(j->l, p->g.id, seat, code, &msg, from, sizeof from);
	if (rc == 0)
		return diag_set(od, 0, "no mail of seat %s is held with the code %s",
		    p->g.seats[seat].name, code);
	if (rc == 2)
		return diag_set(od, 0, "the mail from %s held with this code was confirmed "
		    "already", from);
	j->release = msg;
	diag_set(od, 0, "the mail from %s held with this code is taken now; its answer "
	    "comes in a separate mail", from);
	return 0;
}

/* The line of a refused mail's order: the refusal's first word, which the
 * reply says in full above. */
static void
refused_line(const struct diag *refusal, struct diag *od)
{
	long long step;

	if (strncmp(refusal->msg, "replay", 6) == 0)
		diag_set(od, 0, "not applied: replay (see above)");
	else if (sscanf(refusal->msg, "STEP %lld:", &step) == 1)
		diag_set(od, 0, "not applied: %s %lld (see above)", ORDER("", "STEP"),
		    step);
	else
		diag_set(od, 0, "not applied: stale (see above)");
}

/* Whether the order at ob->lines[i] is a courtesy END or PASS closing the
 * mail after its earlier orders ended the turn (at_start: the state before
 * them; NULL until one was applied): then it is a no-op, said as such. */
static int
closes_nothing(const struct play *p, const void *at_start, const struct orderblock *ob,
    char *const *canon, size_t i, int seat, const struct order *o, struct diag *od)
{
	if (at_start == NULL || p->rules->closes_nothing == NULL)
		return 0;
	for (size_t k = i + 1; k < ob->nlines; k++) {
		enum mailcmd cmd;
		int count;
		struct diag skip;

		if (press_starts(ob->lines[k].text))
			break;
		if (ob->lines[k].aside != OLINE_ORDER)
			continue;
		if (mailcmd_of(canon[k], &cmd, &count, &skip) == 0)
			return 0;
	}
	if (!p->rules->closes_nothing(at_start, p->st, seat, o))
		return 0;
	diag_set(od, 0, "nothing to do: the lines above ended your turn already; "
	    "this line does not carry over to your next turn");
	return 1;
}

static char **
canonical_lines(const struct orderblock *ob, const char *lang, const char *game)
{
	char **v = xreallocarray(NULL, ob->nlines + 1, sizeof *v);
	/* A word of the seat's language may be longer or shorter than its
	 * keyword; a line cut here would be refused like any bad order. */
	char t[2 * ORDERBLOCK_MAX_LINE + 64];

	char now[LANG_LEN];

	for (size_t i = 0; i < ob->nlines; i++) {
		const char *s = ob->lines[i].text;
		size_t n = strcspn(s, " \t");
		struct diag ld;

		ordertr_to_english(lang, game, s, t, sizeof t);
		/* LANGUAGE de, in any language's word: the lines below it are
		 * read in German, as the seat will read from now on. */
		if (ordertr_is_common("LANGUAGE", s, n) &&
		    lang_parse(s + n + strspn(s + n, " \t"), now, &ld) == 0) {
			snprintf(t, sizeof t, "LANGUAGE %s", now);
			for (int k = 0; catalog_languages[k] != NULL; k++)
				if (strcmp(catalog_languages[k], now) == 0)
					lang = catalog_languages[k];
		}
		v[i] = xstrdup(t);
	}
	return v;
}

static void
lines_free(char **v, size_t n)
{
	for (size_t i = 0; v != NULL && i < n; i++)
		free(v[i]);
	free(v);
}

/* What the referee's own mail server found about a From that is the seat's
 * address (mailbox.authserv_id): failing DMARC, the mail is as foreign as
 * one from elsewhere; passing, it is a second proof beside the token, which
 * the log and the message's reason keep. */
static enum authres_verdict
dmarc_verdict(struct job *j, const char *on_record)
{
	enum authres_verdict v = authres_verdict(j->m.authres, j->m.nauthres,
	    j->c->mailbox_authserv_id, j->m.from_addr, &j->dmarc_by);

	if (v == AUTHRES_PASS)
		log_info("message %lld from %s: DMARC pass at %s, a second proof beside the "
		    "token", (long long)j->id, on_record, j->c->mailbox_authserv_id);
	return v;
}

/* A wrong token for seat, on line: answered as a problem until the seat has
 * had limits.token_failures_per_day of them in a day (guessing.h); the next
 * tells the game master and the log, once, and that day no more of them is
 * answered. The seat's own mails, with its token, go on as ever. */
static int
wrong_token(struct job *j, struct play *p, int seat, int line, struct diag *d)
{
	const char *name = p->g.seats[seat].name;
	char since[32];
	struct render r;
	int n, told;

	if (guessing_count(j->l, p->g.id, seat, j->now, &n, since, d) < 0)
		return -1;
	if (n <= j->c->token_failures_per_day)
		return problem(j, line, "that is not the token of seat %s in game %s; it is in "
		    "the welcome mail the referee sent that seat", name, p->g.name);
	set_status(j, "rejected", "not the token of seat %s; not answered: %d wrong tokens "
	    "for the seat since %s", name, n, since);
	log_info("message %lld from %s not answered: wrong token %d for seat %s of %s since "
	    "%s", (long long)j->id, j->reply_to[0] ? j->reply_to : "(no sender)", n, name,
	    p->g.name, since);
	if (n != j->c->token_failures_per_day + 1)
		return 0;
	/* The game master reads the configuration's language. */
	job_render(j, &r, p->rules->name, j->c->language);
	if (guessing_tell(j->l, j->c, &r, p, seat, n, since, j->now, &told, d) < 0) {
		render_free(&r);
		return -1;
	}
	render_free(&r);
	log_warn("%s %s: %d mails with a wrong token since %s: the seat is being guessed at; "
	    "no more of them is answered for a day from the first%s", p->g.name, name, n,
	    since, told ? "; the game master is told" : "; no game master to tell (azalai "
	    "set GAME gm ADDRESS)");
	return 0;
}

/* A mail with GAME and no SEAT from an observer of the game: its NOTIFY
 * line says how often it is told (people_watch_notify). An observer has
 * no token; its address on record, not failing DMARC, is all it shows,
 * and all it may change is how often it hears. 1 when the mail was the
 * observer's, 0 when it is not (a problem as before), -1 on error. */
static int
watcher_mail(struct job *j, struct play *p, const struct orderblock *ob, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(j->l, "SELECT address FROM watchers WHERE "
	    "game_id = ? AND address = ? COLLATE NOCASE");
	char address[256] = "", t[2 * ORDERBLOCK_MAX_LINE + 64], wl[LANG_LEN];
	static const char *const modes[] = { "every", "due", "digest" };
	enum authres_verdict v;
	int rc;

	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_text(st, 2, j->m.from_addr, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(address, sizeof address, "%s", col_text(st, 0));
	sqlite3_finalize(st);
	if (address[0] == '\0' || strcmp(j->source, "file") == 0)
		return 0;
	v = dmarc_verdict(j, address);
	if (v == AUTHRES_FAIL || v == AUTHRES_MISMATCH)
		return 0;
	for (size_t i = 0; i < ob->nlines; i++) {
		enum mailcmd cmd;
		int mode;
		struct diag od;

		if (ob->lines[i].aside != OLINE_ORDER)
			continue;
		ordertr_to_english(lang_watcher(j->l, j->c, p->g.id, address, wl), p->rules->name,
		    ob->lines[i].text, t, sizeof t);
		if (mailcmd_of(t, &cmd, &mode, &od) <= 0 || cmd != MAILCMD_NOTIFY)
			continue;
		j->reply_to = address;
		rc = people_watch_notify(j->l, j->c, p, address, modes[mode], j->now, d);
		if (rc == PEOPLE_ELEDGER)
			return -1;
		if (rc < 0)
			return 0;
		set_status(j, "done", "observer %s: notify %s", address, modes[mode]);
		return 1;
	}
	return 0;
}

static int
orders(struct job *j, struct orderblock *ob, struct diag *d)
{
	struct play p;
	struct render r;
	struct line_result lr = { tval_list(), 0, 0 };
	struct asks asks = { .n = 0 };
	struct campaign camp, mine;
	struct diag od0, refusal;
	int seat = -1, rc, stopped = 0, foreign, refused = 0, moved = 0;
	int64_t before, step = -1;
	struct tval *extra, *near = NULL;
	const char *sender, **texts;
	char hash[HASH_HEX], at[CAMPAIGN_DATE], **canon = NULL;
	size_t norders;
	void *at_start = NULL;
	int applied = 0;

	rc = play_load(j->l, ob->game, &p, d);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		tval_free(lr.lines);
		return problem(j, ob->game_line, "there is no game with the id on this line; "
		    "the game id is in the welcome mail");
	}
	j->game_id = p.g.id;
	if (ob->seat == NULL && (rc = watcher_mail(j, &p, ob, d)) != 0) {
		tval_free(lr.lines);
		play_free(&p);
		return rc < 0 ? -1 : 0;
	}
	if (ob->seat == NULL) {
		tval_free(lr.lines);
		rc = problem(j, ob->game_line, "%s %s is not followed by a %s line "
		    "naming your seat", ORDER("", "GAME"), p.g.name, ORDER("", "SEAT"));
		play_free(&p);
		return rc;
	}
	for (int s = 0; s < p.g.nseats; s++)
		if (strcasecmp(p.g.seats[s].name, ob->seat) == 0)
			seat = s;
	if (seat < 0) {
		/* Who plays is the seats' business: an unproven sender learns no names. */
		problem(j, ob->seat_line, "game %s has no seat of the name on this line; the "
		    "seat names are in the welcome mail", p.g.name);
		tval_free(lr.lines);
		play_free(&p);
		return 0;
	}
	if (!j->tap.ok && (ob->token == NULL || !token_check(ob->token,
	    p.g.seats[seat].salt, p.g.seats[seat].hash))) {
		tval_free(lr.lines);
		if (ob->token == NULL && j->thread)
			rc = problem(j, 0, "your mail answers a report of the referee but has "
			    "no %s line: write your seat's token (from the welcome mail) on a "
			    "line \"%s ...\" above your orders", ORDER("", "TOKEN"),
			    ORDER("", "TOKEN"));
		else if (ob->token == NULL)
			rc = problem(j, ob->seat_line, "no %s line: write your seat's token "
			    "(from the welcome mail) on a line \"%s ...\" under %s",
			    ORDER("", "TOKEN"), ORDER("", "TOKEN"), ORDER("", "SEAT"));
		else
			rc = wrong_token(j, &p, seat, ob->token_line, d);
		play_free(&p);
		return rc;
	}
	j->seat = seat;
	tolerant_mark(ob, p.rules->name);
	/* What the engines and the commands read: the lines in English, the
	 * seat's words made keywords. Replies quote the lines as written. */
	canon = canonical_lines(ob, seat_lang(j->c, &p, seat), p.rules->name);
	/* Every answer about the seat goes to its address on record, never to one
	 * the mail names: a token seen once must not open the seat's reports. A
	 * turn file has no sender and is answered there too. */
	/* A mail that names no sender is nobody's, not the seat's: only a turn
	 * file, which the game master hands in, has none by design. */
	foreign = !j->confirmed && strcmp(j->source, "file") != 0 &&
	    !sender_same(j->m.from_addr, p.g.seats[seat].address);
	sender = j->reply_to;
	/* A bot's seat has no mailbox: whoever holds its token is its player. */
	if (strchr(p.g.seats[seat].address, '@') == NULL)
		foreign = 0;
	else if (!foreign && !j->confirmed)
		j->dmarc = dmarc_verdict(j, p.g.seats[seat].address);
	foreign |= j->dmarc == AUTHRES_FAIL || j->dmarc == AUTHRES_MISMATCH;
	if (strchr(p.g.seats[seat].address, '@') != NULL || j->reply_to == NULL ||
	    j->reply_to[0] == '\0') {
		snprintf(j->seat_to, sizeof j->seat_to, "%s", p.g.seats[seat].address);
		j->reply_to = j->seat_to;
	}
	before = p.seq;
	job_render(j, &r, p.rules->name, lang_seat(j->c, &p, seat));
	if (campaign_load(j->l, p.g.id, &camp, d) < 0)
		goto fail;
	/* The times the answer shows are in the seat's zone; camp keeps the
	 * campaign's, which the deadlines are counted in. */
	mine = camp;
	campaign_for_seat(&mine, &p.g, seat);
	if (foreign) {
		char why[2 * AUTHRES_DOMAIN + 384];

		if (foreign_mail(j, &p, &r, seat, &mine, ob, sender, d) < 0)
			goto fail;
		if (j->dmarc != AUTHRES_UNKNOWN)
			snprintf(why, sizeof why, "from %s, the seat's address, but %s found DMARC "
			    "%s for %s", j->m.from_addr, j->c->mailbox_authserv_id,
			    j->dmarc_by.result, j->dmarc_by.header_from);
		else
			snprintf(why, sizeof why, "from %s, not %s", j->m.from_addr[0] != '\0' ?
			    j->m.from_addr : "no sender", p.g.seats[seat].address);
		log_warn("%s %s: message %lld signed with the seat's token came %s: %s", p.g.name,
		    p.g.seats[seat].name, (long long)j->id, why,
		    camp.foreign_apply ? "applied" : "held");
		if (!camp.foreign_apply) {
			set_status(j, "done", "held: signed with the token of seat %s but %s; "
			    "waits for the seat's CONFIRM", p.g.seats[seat].name, why);
			tval_free(lr.lines);
			render_free(&r);
			play_free(&p);
			lines_free(canon, ob->nlines);
			return 0;
		}
	}

	/* Which step the orders answer: the form's STEP line, else the referee
	 * mail they reply to, else (a held mail) the step when it came. */
	if (ob->step_line > 0)
		step = report_step_seq(j->l, &p, seat, ob->step);
	else if (strcmp(j->source, "file") != 0)
		step = stale_reply_step(j->l, p.g.id, seat, j->m.in_reply_to, j->m.references);
	if (step < 0 && j->confirmed)
		step = sender_held_step(j->l, j->id);
	texts = xreallocarray(NULL, ob->nlines + 1, sizeof *texts);
	norders = order_texts(ob, canon, texts);
	stale_orders_hash(texts, norders, hash);
	free(texts);
	diag_clear(&refusal);
	diag_clear(&od0);
	if (step >= 0 && norders > 0 && halted(&p, &mine, &od0) == 0) {
		if ((rc = stale_check(j->l, &p, seat, step, &refusal, d)) < 0)
			goto fail;
		if (rc == 0 && stale_replayed(j->l, p.g.id, seat, step, hash, j->id))
			diag_set(&refusal, 0, "replay: these orders for step %lld were applied "
			    "already, from an earlier mail; nothing in this mail was applied",
			    (long long)report_step_seen(j->l, &p, seat, step));
		refused = refusal.msg[0] != '\0';
		if (refused)
			log_info("%s %s: message %lld refused: %s", p.g.name,
			    p.g.seats[seat].name, (long long)j->id, refusal.msg);
	}

	at_start = xmalloc(p.rules->state_size);
	memcpy(at_start, p.st, p.rules->state_size);
	/* "Did you mean": for the line refused, the legal orders nearest it. */
	near = tval_list();

	/* Commands and press are answered wherever they stand and whatever the
	 * game's state; orders stop at the first rejected line. */
	for (size_t i = 0; i < ob->nlines; i++) {
		const struct oline *ln = &ob->lines[i];
		struct order o;
		struct diag od;
		const char *status = "accepted";
		enum mailcmd cmd;
		int stepped = 0, count, isc;
		char code[32];

		diag_clear(&od);
		memset(&o, 0, sizeof o);
		if (ln->aside != OLINE_ORDER) {
			status = "aside";
			if (ln->aside == OLINE_GREETING)
				diag_set(&od, 0, "read as a greeting, not as an order");
			else
				diag_set(&od, 0, "read as your signature, not as an order");
		} else if (confirm_of(canon[i], code, sizeof code)) {
			if (confirm_line(j, &p, seat, foreign, code, &od) < 0)
				status = "rejected";
		} else if ((isc = mailcmd_of(canon[i], &cmd, &count, &od)) > 0 &&
		    (cmd == MAILCMD_NOTIFY || cmd == MAILCMD_LANGUAGE || cmd == MAILCMD_JSON ||
		    cmd == MAILCMD_PICTURES || cmd == MAILCMD_TIMEZONE ||
		    cmd == MAILCMD_CALENDAR || cmd == MAILCMD_ANALYSIS)) {
			if (refused) {
				status = "skipped";
				diag_set(&od, 0, "not applied: the mail was refused");
			} else if (cmd == MAILCMD_TIMEZONE) {
				/* The zone as written: the line's case, not the canon's. */
				const char *z = ln->text + strcspn(ln->text, " \t");

				z += strspn(z, " \t");
				if ((rc = mailcmd_timezone(j->l, &p, seat, z, &od)) < 0) {
					*d = od;
					goto fail;
				}
				if (rc > 0)
					status = "rejected";
			} else if ((cmd == MAILCMD_NOTIFY ? mailcmd_notify(j->l, &p, seat, count, &od) :
			    cmd == MAILCMD_LANGUAGE ? mailcmd_language(j->l, &p, seat, count, &od) :
			    cmd == MAILCMD_PICTURES ? mailcmd_pictures(j->l, &p, seat, count, &od) :
			    cmd == MAILCMD_CALENDAR ? mailcmd_calendar(j->l, &p, seat, count, &od) :
			    cmd == MAILCMD_ANALYSIS ? mailcmd_analysis(j->l, &p, seat, count, &od) :
			    mailcmd_json(j->l, &p, seat, count, &od)) < 0) {
				*d = od;
				goto fail;
			}
		} else if (isc > 0) {
			ask(&asks, cmd, count, &od);
		} else if (isc < 0) {
			status = "rejected";
		} else if (refused && press_starts(ln->text)) {
			press_skip(ob, &i);
			status = "skipped";
			diag_set(&od, 0, "not relayed: the mail was refused");
		} else if (press_starts(ln->text)) {
			if ((rc = press_line(j->l, j->c, &r, &p, seat, &camp, ob, j->text, &i,
			    j->now, &od, d)) == -2)
				goto fail;
			if (rc < 0)
				status = "rejected";
		} else if (press_ends(ln->text)) {
			status = "rejected";
			diag_set(&od, 0, "%s ends a press; no %s line comes before it",
			    ORDER("", "ENDPRESS"), ORDER("", "PRESS TO"));
		} else if (stopped) {
			status = "skipped";
			diag_set(&od, 0, "not applied: an earlier line was rejected");
		} else if (refused) {
			status = "rejected";
			refused_line(&refusal, &od);
		} else if (halted(&p, &mine, &od) < 0) {
			status = "rejected";
		} else if (p.rules->parse(p.st, seat, canon[i], &o, &od) < 0) {
			status = "rejected";
			ordertr_requote(&od, canon[i], ln->text);
			suggest_at(r.lang, p.rules, p.st, seat, ln->text, near);
		} else if (closes_nothing(&p, applied ? at_start : NULL, ob, canon, i, seat, &o,
		    &od)) {
			status = "skipped";
		} else if ((rc = play_step(j->l, &p, "order", seat, &o, j->now, NULL, &od)) ==
		    PLAY_ELEDGER) {
			*d = od;
			goto fail;
		} else if (rc < 0) {
			status = "rejected";
			ordertr_requote(&od, o.text, ln->text);
			ordertr_requote(&od, canon[i], ln->text);
			suggest_at(r.lang, p.rules, p.st, seat, ln->text, near);
		} else {
			stepped = moved = 1;
			j->stats->steps++;
		}
		applied |= stepped;
		if (strcmp(status, "rejected") == 0) {
			stopped = 1;
			lr.rejected++;
			j->stats->rejected++;
		} else if (strcmp(status, "accepted") == 0) {
			lr.accepted++;
			j->stats->accepted++;
		}
		add_line(&lr, ln->lineno, ln->text, status, od.enc[0] != '\0' ? od.enc : od.msg);
		/* The ledger keeps a line set aside as skipped: it was not applied. */
		if (record_order(j, seat, ln->lineno, stepped ? o.text : ln->text,
		    strcmp(status, "aside") == 0 ? "skipped" : status, od.msg, stepped ? p.seq : -1, d) < 0)
			goto fail;
		log_info("%s %s line %d \"%s\": %s%s%s", p.g.name, p.g.seats[seat].name,
		    ln->lineno, ln->text, status, od.msg[0] ? ": " : "", od.msg);
	}
	if (step >= 0 && norders > 0 && stale_record(j->l, j->id, p.g.id, seat, step, hash,
	    moved, d) < 0)
		goto fail;
	/* A code plays its order once: once played, not once read. Refused
	 * (paused, stale, no longer legal), the tap may come again. */
	if (j->tap.ok && !applied && ordercode_release(j->l, j->id, d) < 0)
		goto fail;
	diag_clear(&od0);
	if (halted(&p, &mine, &od0) == 0 && (bots_play(j->l, &p, j->now,
	    &j->stats->steps, d) < 0 || play_update_status(j->l, &p, d) < 0))
		goto fail;
	/* The reports show the deadlines as these orders leave them. */
	if (deadline_sync(j->l, &p, &camp, d) < 0)
		goto fail;

	extra = tval_map();
	tval_set(extra, "lines", lr.lines);
	lr.lines = NULL;
	tval_set_int(extra, "accepted_count", lr.accepted);
	tval_set_int(extra, "rejected_count", lr.rejected);
	tval_set_bool(extra, "no_orders", ob->nlines == 0);
	/* The HTML report opens with the reply (reply.html) when these are set. */
	tval_set_bool(extra, "reply", 1);
	tval_set_bool(extra, "rejected", lr.rejected > 0);
	tval_set_bool(extra, "moved", p.seq > before);
	tval_set_bool(extra, "has_suggestions", near->n > 0);
	tval_set(extra, "suggestions", near);
	near = NULL;
	if (refused) {
		char *said = msg_text(lang_seat(j->c, &p, seat), refusal.enc);
		char *folded = fold_text(said, 70, "");

		tval_set_str(extra, "refused", folded);
		free(folded);
		free(said);
	}
	tval_set_bool(extra, "foreign", foreign);
	if (foreign) {
		campaign_date_iso(&mine, j->now, at, sizeof at);
		tval_set_str(extra, "foreign_from", j->m.from_addr);
		tval_set_bool(extra, "foreign_anon", j->m.from_addr[0] == '\0');
		tval_set_str(extra, "foreign_at", at);
		tval_set_bool(extra, "foreign_dmarc", j->dmarc != AUTHRES_UNKNOWN);
	}
	tval_set_bool(extra, "game_over", strcmp(p.g.status, "over") == 0);
	if (tell_seat(j->l, j->c, &r, &p, seat, lr.rejected ? "error" : "ack",
	    lr.rejected ? "error" : "ack", j->reply_to, extra, j->m.message_id,
	    j->m.references, j->now, d) < 0)
		goto fail;
	for (int k = 0; k < asks.n; k++)
		if (mailcmd_answer(j->l, j->c, &r, &p, seat, asks.cmd[k], asks.count[k],
		    j->reply_to, j->m.message_id, j->m.references, j->now, d) < 0)
			goto fail;
	if (tell_step(j->l, j->c, &r, &p, seat, j->now, d) < 0)
		goto fail;
	if (refused)
		set_status(j, "rejected", "%s", refusal.msg);
	else
		set_status(j, lr.rejected ? "rejected" : "done", "%d accepted, %d rejected%s%s",
		    lr.accepted, lr.rejected, j->dmarc == AUTHRES_PASS ? "; DMARC pass at " : "",
		    j->dmarc == AUTHRES_PASS ? j->c->mailbox_authserv_id : "");
	free(at_start);
	lines_free(canon, ob->nlines);
	render_free(&r);
	play_free(&p);
	return 0;
fail:
	free(at_start);
	lines_free(canon, ob->nlines);
	tval_free(lr.lines);
	tval_free(near);
	render_free(&r);
	play_free(&p);
	return -1;
}

/* A turn file has no headers: every header reads as absent (""), as for a
 * mail that lacks them, so nothing below meets a NULL. */
static void
turnfile_msg(struct mailmsg *m, const char *raw, size_t len)
{
	char **empty[] = { &m->from_addr, &m->from_name, &m->reply_to, &m->return_path,
		&m->message_id, &m->in_reply_to, &m->references, &m->subject, &m->date,
		&m->auto_submitted, &m->precedence, &m->x_loop, &m->attachment_text };

	for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++)
		*empty[i] = xstrdup("");
	m->text = xstrndup(raw, len);
}

static int release_held(struct job *, struct diag *);

uint64_t
answer_whole(sqlite3_stmt *st, int col, size_t len)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? len :
	    (uint64_t)sqlite3_column_int64(st, col);
}

/* A mail over limits.message_bytes, of which the ledger keeps the header
 * block only (or, stored before that, the whole): never parsed whole. Its
 * sender is told, when its header block is a mail's, in the language of the
 * seat whose report it answers (its body, whose words would say, is not
 * read); else it is unreadable, as any mail GMime cannot read. */
static int
too_large(struct job *j, const char *raw, size_t len)
{
	unsigned long long whole = j->whole;
	unsigned long long limit = (unsigned long long)j->c->max_message_bytes;
	size_t hlen = mailmsg_header_len(raw, len);
	char game[64], seat[SEAT_NAME], rules[32];

	if (mailmsg_parse(raw, hlen, hlen + 1, &j->m, NULL) < 0) {
		j->stats->ignored++;
		log_info("message %lld: unreadable, kept in the ledger: it is %llu bytes; the "
		    "limit is %llu", (long long)j->id, whole, limit);
		return set_status(j, "rejected", "it is %llu bytes; the limit is %llu", whole,
		    limit);
	}
	j->reply_to = j->m.reply_to[0] ? j->m.reply_to : j->m.from_addr;
	if (no_answer(j) != NULL) {
		j->stats->ignored++;
		return set_status(j, "ignored", "it is %llu bytes; the limit is %llu", whole,
		    limit);
	}
	if (j->lang == NULL && tolerant_thread(j->l, j->c, j->m.in_reply_to, j->m.references,
	    game, seat, rules, j->thread_lang))
		j->lang = j->thread_lang;
	return problem(j, 0, "your mail is too large: %llu bytes, where the referee reads at "
	    "most %llu; send your orders as plain text", whole, limit);
}

/* A reply with no GAME line to a report the referee sent a seat: read as
 * that seat's orders when it holds an order or a TOKEN line (else it is a
 * mail like any other that names no game, and ob stays). Answers about it
 * speak the seat's language. 1 when ob is now the reply's block, 0 when the
 * mail is no such reply, -1 when its lines are at fault (pd says where). */
static int
thread_block(struct job *j, struct orderblock *ob, struct diag *pd)
{
	char game[64], seat[SEAT_NAME], rules[32];
	struct orderblock rb;
	int meant = 0;

	if (strcmp(j->source, "file") == 0 || !tolerant_thread(j->l, j->c, j->m.in_reply_to,
	    j->m.references, game, seat, rules, j->thread_lang))
		return 0;
	j->lang = j->thread_lang;
	if (orderblock_parse_reply(j->m.text, &rb, pd) < 0) {
		orderblock_free(&rb);
		return -1;
	}
	tolerant_mark(&rb, rules);
	for (size_t i = 0; i < rb.nlines; i++)
		meant |= rb.lines[i].aside == OLINE_ORDER;
	if (rb.token == NULL && !meant) {
		orderblock_free(&rb);
		return 0;
	}
	orderblock_free(ob);
	*ob = rb;
	ob->found = 1;
	if (ob->game == NULL)
		ob->game = xstrdup(game);
	if (ob->seat == NULL)
		ob->seat = xstrdup(seat);
	j->thread = 1;
	return 1;
}

/* RFC 2369: the List-Unsubscribe of an observer's mails (outbox.c) is a
 * mail whose subject is "UNWATCH GAME", from the address that watches: it
 * stops the mails, and the observer is told so (people_unwatch). A From
 * that does not watch GAME, or that its mail server found forged, is read
 * as any other mail. 1 when done, 0 when not such a mail, -1 on a ledger
 * error. */
static int
unwatch(struct job *j, struct diag *d)
{
	char kw[16], game[64], extra;
	enum authres_verdict v;
	struct authres by;
	struct play p;
	struct diag pd;
	int rc;

	if (strcmp(j->source, "file") == 0 || j->m.from_addr[0] == '\0' ||
	    sscanf(j->m.subject, "%15s %63s %c", kw, game, &extra) != 2 ||
	    strcasecmp(kw, "UNWATCH") != 0)
		return 0;
	v = authres_verdict(j->m.authres, j->m.nauthres, j->c->mailbox_authserv_id,
	    j->m.from_addr, &by);
	if (v == AUTHRES_FAIL || v == AUTHRES_MISMATCH)
		return 0;
	if ((rc = play_load(j->l, game, &p, d)) <= 0)
		return rc;
	diag_clear(&pd);
	rc = people_unwatch(j->l, j->c, &p, j->m.from_addr, j->now, &pd);
	if (rc == 0) {
		j->game_id = p.g.id;
		set_status(j, "done", "%s no longer watches %s", j->m.from_addr, p.g.name);
	} else if (rc == PEOPLE_ELEDGER) {
		*d = pd;
	}
	play_free(&p);
	return rc == 0 ? 1 : rc == PEOPLE_ELEDGER ? -1 : 0;
}

static int
one(struct job *j, const char *raw, size_t len, struct diag *d)
{
	struct orderblock ob;
	struct diag pd;
	const char *why;
	int rc;

	diag_clear(&pd);
	mailmsg_init(&j->m);
	if (strcmp(j->source, "file") == 0) {
		/* A turn file is plain order text, not a mail: nobody to answer but the seat. */
		turnfile_msg(&j->m, raw, len);
	} else if (j->whole > (uint64_t)j->c->max_message_bytes || j->whole > len) {
		return too_large(j, raw, len);
	} else if (mailcache_take(j->id, j->hash, &j->m)) {
		/* Parsed by the ingest that stored it, from these very bytes. */
	} else if (mailmsg_parse(raw, len, (size_t)j->c->max_message_bytes, &j->m, &pd) < 0) {
		j->stats->ignored++;
		log_info("message %lld: unreadable, kept in the ledger: %s", (long long)j->id,
		    pd.msg);
		return set_status(j, "rejected", "%s", pd.msg);
	}
	/* A held mail the seat confirmed is answered to the seat (release_held
	 * sets it), even where it is refused before its seat is known: the
	 * stranger who sent it learns nothing of the game. */
	if (!j->confirmed)
		j->reply_to = j->m.reply_to[0] ? j->m.reply_to : j->m.from_addr;
	if ((why = no_answer(j)) != NULL) {
		if (j->m.is_bounce && record_bounce(j, raw, len, d) < 0)
			return -1;
		j->stats->ignored++;
		log_info("message %lld from %s not answered: %s", (long long)j->id,
		    j->m.from_addr[0] ? j->m.from_addr : "(no sender)", why);
		return set_status(j, "ignored", "%s", why);
	}

	if ((rc = unwatch(j, d)) != 0)
		return rc < 0 ? -1 : 0;

	memset(&ob, 0, sizeof ob);
	j->text = j->m.text;
	if (j->lang == NULL)
		j->lang = tolerant_lang(j->m.text);
	if (orderblock_parse(j->m.text, &ob, &pd) < 0) {
		orderblock_free(&ob);
		return problem_said(j, pd.line, pd.enc);
	}
	/* A turn file sent as an attachment is read when the body holds no orders. */
	if (!ob.found && !ob.help && j->m.attachment_text[0] != '\0') {
		orderblock_free(&ob);
		memset(&ob, 0, sizeof ob);
		j->text = j->m.attachment_text;
		if (orderblock_parse(j->m.attachment_text, &ob, &pd) < 0) {
			orderblock_free(&ob);
			return problem(j, pd.line, "in the attached file: %s", pd.enc);
		}
	}
	/* A one-tap link's code or a number answering a report, for the token. */
	if ((rc = onetap_read(j->l, &j->m, j->id, j->text, &ob, &j->tap, d)) != 0) {
		orderblock_free(&ob);
		return rc < 0 ? -1 : problem_said(j, j->tap.why.line, j->tap.why.enc);
	}
	/* A reply to a seat's report that names no game: the report says which. */
	if (!ob.found && !ob.help && thread_block(j, &ob, &pd) < 0) {
		orderblock_free(&ob);
		return problem_said(j, pd.line, pd.enc);
	}
	if (!ob.found) {
		struct tval *data = tval_map();

		ob.help |= orderblock_help_subject(j->m.subject);
		tval_set_bool(data, "asked", ob.help);
		set_status(j, "done", ob.help ? "help sent" : "names no game; help sent");
		orderblock_free(&ob);
		rc = reply_common(j, "help", "help", data, d);
		return rc;
	}
	rc = orders(j, &ob, d);
	orderblock_free(&ob);
	if (rc == 0 && j->release > 0)
		rc = release_held(j, d);
	return rc;
}

/* The held mail j confirmed is read again, as if it came from the seat, in
 * j's transaction; its own ledger row says what became of it. */
static int
release_held(struct job *j, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(j->l, "SELECT source, raw, whole_bytes FROM messages "
	    "WHERE id = ?");
	struct job h;
	char *raw = NULL, *source = NULL;
	size_t len = 0;
	uint64_t whole = 0;
	int rc;

	sqlite3_bind_int64(st, 1, j->release);
	if (sqlite3_step(st) == SQLITE_ROW) {
		source = xstrdup(col_text(st, 0));
		len = (size_t)sqlite3_column_bytes(st, 1);
		raw = xmalloc(len + 1);
		if (len > 0)
			memcpy(raw, sqlite3_column_blob(st, 1), len);
		raw[len] = '\0';
		whole = answer_whole(st, 2, len);
	}
	ledger_release(j->l, st);
	if (raw == NULL)
		return diag_set(d, 0, "message %lld: the held mail is not in the ledger",
		    (long long)j->release);
	memset(&h, 0, sizeof h);
	h.l = j->l;
	h.c = j->c;
	h.stats = j->stats;
	h.tmpl = j->tmpl;
	h.id = j->release;
	h.source = source;
	h.whole = whole;
	/* The seat's address on record, as the confirming mail's orders() kept
	 * it. */
	snprintf(h.seat_to, sizeof h.seat_to, "%s", j->reply_to);
	h.reply_to = h.seat_to;
	h.seat = -1;
	h.confirmed = 1;
	memcpy(h.now, j->now, sizeof h.now);
	rc = one(&h, raw, len, d);
	if (rc == 0)
		rc = sender_confirmed(j->l, h.id, j->now, d);
	if (rc == 0)
		rc = finish(&h, d);
	mailmsg_free(&h.m);
	free(raw);
	free(source);
	return rc;
}

int
answer_one(struct ledger *l, const struct config *c, struct render *tmpl,
    struct process_stats *s, const struct answer_mail *am, struct diag *d)
{
	struct job j;
	int rc;

	memset(&j, 0, sizeof j);
	j.l = l;
	j.c = c;
	j.stats = s;
	j.tmpl = tmpl;
	j.id = am->id;
	j.source = am->source;
	memcpy(j.hash, am->hash, sizeof j.hash);
	j.whole = am->whole;
	j.reply_to = "";
	j.seat = -1;
	memcpy(j.now, am->now, sizeof j.now);
	rc = one(&j, am->raw, am->len, d);
	if (rc == 0)
		rc = finish(&j, d);
	mailmsg_free(&j.m);
	return rc;
}
