#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign.h"
#include "clock.h"
#include "log.h"
#include "mailcmd.h"
#include "mailmsg.h"
#include "orderblock.h"
#include "outbox.h"
#include "play.h"
#include "press.h"
#include "process.h"
#include "render.h"
#include "report.h"
#include "schedule.h"
#include "token.h"
#include "xmalloc.h"

/* One message being answered. */
struct job {
	struct ledger *l;
	const struct config *c;
	struct process_stats *stats;
	int64_t id;
	const char *source;
	char now[32];
	struct mailmsg m;
	const char *text;         /* the text the orders were read from */
	const char *reply_to;     /* where answers go */
	char status[16];          /* the message's final status */
	char reason[512];
	int64_t game_id;
	int seat;
};

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
	sqlite3_stmt *st = ledger_stmt(j->l, "UPDATE messages SET status = ?, reason = ?, "
	    "from_addr = ?, game_id = ?, seat_idx = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, j->status, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, j->reason, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, j->m.from_addr != NULL ? j->m.from_addr : "", -1,
	    SQLITE_STATIC);
	if (j->game_id > 0)
		sqlite3_bind_int64(st, 4, j->game_id);
	else
		sqlite3_bind_null(st, 4);
	if (j->seat >= 0)
		sqlite3_bind_int(st, 5, j->seat);
	else
		sqlite3_bind_null(st, 5);
	sqlite3_bind_int64(st, 6, j->id);
	return ledger_done(j->l, st, d);
}

/* Answers about no game in particular go through the common templates and
 * are rate-limited per sender, since anyone can provoke them. */
static int
reply_common(struct job *j, const char *tmpl, const char *kind, struct tval *data,
    struct diag *d)
{
	struct render r;
	char *subject = NULL, *body = NULL, since[32];
	struct outbox_item it;
	int rc;

	clock_iso(clock_parse_iso(j->now) - 86400, since, sizeof since);
	if (j->reply_to[0] == '\0' ||
	    outbox_count_since(j->l, j->reply_to, kind, since) >= (strcmp(kind, "help") == 0
	    ? j->c->help_replies_per_day : j->c->problem_replies_per_day)) {
		log_info("message %lld: not answering %s again today (%s)", (long long)j->id,
		    j->reply_to[0] ? j->reply_to : "no sender", kind);
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
	render_init(&r, j->c->datadir, NULL, j->c->language);
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
	it.refs = j->m.references;
	rc = outbox_queue(j->l, j->c, &it, j->now, d);
	free(subject);
	free(body);
	return rc;
}

/* A problem before we know who is writing: say what and where, nothing more. */
static int
problem(struct job *j, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int
problem(struct job *j, int line, const char *fmt, ...)
{
	struct tval *data = tval_map();
	char msg[600];
	va_list ap;
	struct diag d;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (line > 0)
		tval_set_strf(data, "problem", "line %d: %s", line, msg);
	else
		tval_set_str(data, "problem", msg);
	tval_set_str(data, "subject", j->m.subject);
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
is_referee(const struct job *j, const char *addr)
{
	return addr != NULL && strcasecmp(addr, j->c->referee_address) == 0;
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
	if (j->m.x_loop[0] != '\0' && strcasestr(j->m.x_loop, j->c->referee_address) != NULL)
		return "a mail carrying our own X-Loop";
	return NULL;
}

static int
addr_char(int c)
{
	return c != '\0' && (isalnum(c) || strchr("._%+-", c) != NULL);
}

/* addr stands in text as a whole address, not inside a longer one
 * ("a@x.org" is not in "aa@x.org" nor in "a@x.org.uk"; "a@x.org." is). */
static int
mentions(const char *text, const char *addr)
{
	size_t n = strlen(addr);

	if (n == 0)
		return 0;
	for (const char *p = strcasestr(text, addr); p != NULL; p = strcasestr(p + 1, addr)) {
		unsigned char before = p == text ? ' ' : (unsigned char)p[-1];
		unsigned char after = (unsigned char)p[n];

		if (addr_char(before))
			continue;
		if (after == '.' && addr_char((unsigned char)p[n + 1]))
			continue;
		if (after != '.' && addr_char(after))
			continue;
		return 1;
	}
	return 0;
}

/* A bounce is never answered, but it tells the game master that a seat's
 * mail does not arrive: count it against every seat whose address it names. */
static int
record_bounce(struct job *j, const char *raw, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(j->l, "SELECT DISTINCT s.address FROM seats s JOIN "
	    "games g ON g.id = s.game_id WHERE g.status = 'active' AND s.kind = 'human'");
	struct buf seats = BUF_INIT;
	char why[300];
	int rc = 0;

	snprintf(why, sizeof why, "%s: bounce \"%.200s\"", j->now, j->m.subject);
	while (rc >= 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *addr = col_text(st, 0);

		if (!mentions(raw, addr) || is_referee(j, addr))
			continue;
		if ((rc = ledger_seat_bounce(j->l, 0, -1, addr, why, d)) > 0)
			buf_printf(&seats, "%s%s", seats.len ? ", " : "", addr);
	}
	ledger_release(j->l, st);
	if (rc >= 0 && seats.len > 0)
		log_warn("message %lld is a bounce about %s; counted against those seats",
		    (long long)j->id, seats.p);
	buf_free(&seats);
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
	tval_set_str(t, "status", status);
	tval_set_bool(t, "accepted", strcmp(status, "accepted") == 0);
	tval_set_bool(t, "rejected", strcmp(status, "rejected") == 0);
	tval_set_bool(t, "skipped", strcmp(status, "skipped") == 0);
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

int
process_bots(struct ledger *l, struct play *p, const char *now, int *steps, struct diag *d)
{
	/* Bounded: a game always ends, but a bug must not spin a cron job forever. */
	for (int guard = 0; guard < 100000; guard++) {
		struct pending pd;
		struct order_list ol;
		struct rng r;
		int seat = -1;

		memset(&pd, 0, sizeof pd);
		p->rules->waiting_for(p->st, &pd);
		if (pd.over)
			return 0;
		for (int s = 0; s < p->g.nseats && seat < 0; s++)
			if ((pd.seats & VIS_SEAT(s)) && strcmp(p->g.seats[s].kind, "bot") == 0)
				seat = s;
		if (seat < 0)
			return 0;
		order_list_init(&ol);
		if (p->rules->legal(p->st, seat, &ol) < 0 || ol.n == 0) {
			order_list_free(&ol);
			return diag_set(d, 0, "game %s: the bot of seat %s has no legal order",
			    p->g.name, p->g.seats[seat].name);
		}
		/* The bot's choices are recorded as events; its dice need only be fair. */
		rng_seed(&r, p->g.seed ^ (uint64_t)(p->seq + 1) * 0x9e3779b97f4a7c15ULL);
		if (play_step(l, p, "bot", seat, &ol.v[rng_below(&r, (uint32_t)ol.n)], now,
		    NULL, d) < 0) {
			order_list_free(&ol);
			return -1;
		}
		order_list_free(&ol);
		(*steps)++;
	}
	return diag_set(d, 0, "game %s: bots did not stop", p->g.name);
}

/* The commands of one mail, answered after the reply, each once. */
struct asks {
	enum mailcmd cmd[4];
	int count[4];
	int n;
};

static void
ask(struct asks *a, enum mailcmd cmd, int count, struct diag *od)
{
	static const char *const what[] = {
		[MAILCMD_HELP] = "the order guide",
		[MAILCMD_STATUS] = "the status",
		[MAILCMD_REPORT] = "your report",
		[MAILCMD_HISTORY] = "the history",
	};

	for (int i = 0; i < a->n; i++)
		if (a->cmd[i] == cmd) {
			snprintf(od->msg, sizeof od->msg, "asked already above: one answer");
			return;
		}
	if (a->n < (int)(sizeof a->cmd / sizeof a->cmd[0])) {
		a->cmd[a->n] = cmd;
		a->count[a->n++] = count;
	}
	snprintf(od->msg, sizeof od->msg, "%s is in a separate mail", what[cmd]);
}

/* Why a game takes no orders now, in od; 0 when it takes them. */
static int
halted(const struct play *p, const struct campaign *c, struct diag *od)
{
	char since[64], until[64];

	if (strcmp(p->g.status, "ended") == 0)
		return diag_set(od, 0, "the game master ended the game%s%s",
		    p->g.end_reason[0] ? ": " : "", p->g.end_reason);
	if (strcmp(p->g.status, "active") != 0)
		return diag_set(od, 0, "the game is over: %s", p->g.result);
	if (p->g.paused_at[0] == '\0')
		return 0;
	campaign_format_time(c, clock_parse_iso(p->g.paused_at), since, sizeof since);
	until[0] = '\0';
	if (p->g.paused_until[0] != '\0')
		campaign_format_time(c, clock_parse_iso(p->g.paused_until), until,
		    sizeof until);
	return diag_set(od, 0, "the game is paused since %s%s%s%s%s%s", since,
	    p->g.paused_reason[0] ? ": " : "", p->g.paused_reason,
	    until[0] ? "; it resumes by " : "", until, until[0] ? " at the latest" : "");
}

/* A PRESS line at ob->lines[*i]: relays it, or says in od why not (-1).
 * *i moves past its text and its ENDPRESS. -2 on a ledger error (in d). */
static int
press_line(struct job *j, struct play *p, struct render *r, int seat,
    const struct campaign *c, const struct orderblock *ob, size_t *i, struct diag *od,
    struct diag *d)
{
	const struct oline *ln = &ob->lines[*i];
	size_t end = *i + 1;
	int last, sent;
	struct press pr;
	struct buf to = BUF_INIT;

	while (end < ob->nlines && !press_ends(ob->lines[end].text) &&
	    !press_starts(ob->lines[end].text))
		end++;
	last = end < ob->nlines ? ob->lines[end].lineno - 1 : ob->lines[ob->nlines - 1].lineno;
	*i = end < ob->nlines && press_ends(ob->lines[end].text) ? end : end - 1;
	if (press_header(ln->text, &p->g, seat, c, &pr, od) < 0 ||
	    press_text(&pr, j->text, ln->lineno + 1, last, ob->token, od) < 0) {
		press_free(&pr);
		return -1;
	}
	if (press_relay(j->l, j->c, r, p, seat, &pr, c, j->now, &sent, d) < 0) {
		press_free(&pr);
		return -2;
	}
	for (int s = 0; s < p->g.nseats; s++)
		if (pr.to & VIS_SEAT(s))
			buf_printf(&to, "%s%s", to.len ? ", " : "", p->g.seats[s].name);
	buf_adds(&to, "");
	diag_set(od, 0, "relayed%s to %s%s%s", pr.anonymous ? " unsigned" : "",
	    pr.all ? "all" : to.p, pr.all ? " (the players and the observers)" : "",
	    pr.scrubbed ? "; your token was taken out of the text" : "");
	log_info("%s %s: press to %s, %d mail(s)", p->g.name, p->g.seats[seat].name,
	    pr.all ? "all" : to.p, sent);
	buf_free(&to);
	press_free(&pr);
	return 0;
}

static int
orders(struct job *j, struct orderblock *ob, struct diag *d)
{
	struct play p;
	struct render r;
	struct line_result lr = { tval_list(), 0, 0 };
	struct asks asks = { .n = 0 };
	struct campaign camp;
	struct diag od0;
	int seat = -1, rc, stopped = 0;
	int64_t before;
	struct tval *extra;

	rc = play_load(j->l, ob->game, &p, d);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		tval_free(lr.lines);
		return problem(j, ob->game_line, "there is no game \"%s\"", ob->game);
	}
	j->game_id = p.g.id;
	if (ob->seat == NULL) {
		tval_free(lr.lines);
		play_free(&p);
		return problem(j, ob->game_line, "GAME %s is not followed by a SEAT line "
		    "naming your seat", ob->game);
	}
	for (int s = 0; s < p.g.nseats; s++)
		if (strcasecmp(p.g.seats[s].name, ob->seat) == 0)
			seat = s;
	if (seat < 0) {
		struct buf names = BUF_INIT;

		for (int s = 0; s < p.g.nseats; s++)
			buf_printf(&names, "%s%s", s ? ", " : "", p.g.seats[s].name);
		problem(j, ob->seat_line, "game %s has no seat \"%s\"; its seats are %s",
		    p.g.name, ob->seat, names.p);
		buf_free(&names);
		tval_free(lr.lines);
		play_free(&p);
		return 0;
	}
	if (ob->token == NULL || !token_check(ob->token, p.g.seats[seat].salt,
	    p.g.seats[seat].hash)) {
		tval_free(lr.lines);
		play_free(&p);
		if (ob->token == NULL)
			return problem(j, ob->seat_line, "no TOKEN line: write your seat's token "
			    "(from the welcome mail) on a line \"TOKEN ...\" under SEAT");
		return problem(j, ob->token_line, "that is not the token of seat %s in game %s; "
		    "it is in the welcome mail the referee sent that seat", ob->seat, ob->game);
	}
	j->seat = seat;
	/* A turn file has no sender: its answers go to the seat it proved to be. */
	if (j->reply_to[0] == '\0')
		j->reply_to = p.g.seats[seat].address;
	before = p.seq;
	render_init(&r, j->c->datadir, p.rules->name, j->c->language);
	if (campaign_load(j->l, p.g.id, &camp, d) < 0)
		goto fail;

	/* Commands and press are answered wherever they stand and whatever the
	 * game's state; orders stop at the first rejected line. */
	for (size_t i = 0; i < ob->nlines; i++) {
		const struct oline *ln = &ob->lines[i];
		struct order o;
		struct diag od;
		const char *status = "accepted";
		enum mailcmd cmd;
		int stepped = 0, count, isc;

		diag_clear(&od);
		memset(&o, 0, sizeof o);
		if ((isc = mailcmd_of(ln->text, &cmd, &count, &od)) > 0) {
			ask(&asks, cmd, count, &od);
		} else if (isc < 0) {
			status = "rejected";
		} else if (press_starts(ln->text)) {
			if ((rc = press_line(j, &p, &r, seat, &camp, ob, &i, &od, d)) == -2)
				goto fail;
			if (rc < 0)
				status = "rejected";
		} else if (press_ends(ln->text)) {
			status = "rejected";
			snprintf(od.msg, sizeof od.msg, "ENDPRESS ends a press; no PRESS TO line "
			    "comes before it");
		} else if (stopped) {
			status = "skipped";
			snprintf(od.msg, sizeof od.msg, "not applied: an earlier line was rejected");
		} else if (halted(&p, &camp, &od) < 0) {
			status = "rejected";
		} else if (p.rules->parse(p.st, seat, ln->text, &o, &od) < 0) {
			status = "rejected";
		} else if ((rc = play_step(j->l, &p, "order", seat, &o, j->now, NULL, &od)) ==
		    PLAY_ELEDGER) {
			*d = od;
			goto fail;
		} else if (rc < 0) {
			status = "rejected";
		} else {
			stepped = 1;
			j->stats->steps++;
		}
		if (strcmp(status, "rejected") == 0) {
			stopped = 1;
			lr.rejected++;
			j->stats->rejected++;
		} else if (strcmp(status, "accepted") == 0) {
			lr.accepted++;
			j->stats->accepted++;
		}
		add_line(&lr, ln->lineno, ln->text, status, od.msg);
		if (record_order(j, seat, ln->lineno, stepped ? o.text : ln->text, status,
		    od.msg, stepped ? p.seq : -1, d) < 0)
			goto fail;
		log_info("%s %s line %d \"%s\": %s%s%s", p.g.name, p.g.seats[seat].name,
		    ln->lineno, ln->text, status, od.msg[0] ? ": " : "", od.msg);
	}
	diag_clear(&od0);
	if (halted(&p, &camp, &od0) == 0 && (process_bots(j->l, &p, j->now,
	    &j->stats->steps, d) < 0 || play_update_status(j->l, &p, d) < 0))
		goto fail;
	/* The reports show the deadlines as these orders leave them. */
	if (schedule_reconcile(j->l, &p, j->now, d) < 0)
		goto fail;

	extra = tval_map();
	tval_set(extra, "lines", lr.lines);
	lr.lines = NULL;
	tval_set_int(extra, "accepted_count", lr.accepted);
	tval_set_int(extra, "rejected_count", lr.rejected);
	tval_set_bool(extra, "no_orders", ob->nlines == 0);
	tval_set_bool(extra, "moved", p.seq > before);
	if (report_queue_one(j->l, j->c, &r, &p, seat, lr.rejected ? "error" : "ack",
	    lr.rejected ? "error" : "ack", j->reply_to, extra, j->m.message_id,
	    j->m.references, j->now, d) < 0)
		goto fail;
	for (int k = 0; k < asks.n; k++)
		if (mailcmd_answer(j->l, j->c, &r, &p, seat, asks.cmd[k], asks.count[k],
		    j->reply_to, j->m.message_id, j->m.references, j->now, d) < 0)
			goto fail;
	if (report_queue_all(j->l, j->c, &r, &p, seat, j->now, d) < 0)
		goto fail;
	set_status(j, lr.rejected ? "rejected" : "done", "%d accepted, %d rejected",
	    lr.accepted, lr.rejected);
	render_free(&r);
	play_free(&p);
	return 0;
fail:
	tval_free(lr.lines);
	render_free(&r);
	play_free(&p);
	return -1;
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
		free(j->m.text);
		j->m.text = xstrndup(raw, len);
	} else if (mailmsg_parse(raw, len, (size_t)j->c->max_message_bytes, &j->m, &pd) < 0) {
		if (len > (size_t)j->c->max_message_bytes) {
			/* Too big to read, but the sender deserves to know. */
			size_t hlen = mailmsg_header_len(raw, len);

			mailmsg_free(&j->m);
			mailmsg_init(&j->m);
			mailmsg_parse(raw, hlen, hlen + 1, &j->m, NULL);
			j->reply_to = j->m.reply_to[0] ? j->m.reply_to : j->m.from_addr;
			if (no_answer(j) != NULL) {
				j->stats->ignored++;
				return set_status(j, "ignored", "%s", pd.msg);
			}
			return problem(j, 0, "%s; send your orders as plain text", pd.msg);
		}
		j->stats->ignored++;
		log_info("message %lld: unreadable, kept in the ledger: %s", (long long)j->id,
		    pd.msg);
		return set_status(j, "rejected", "%s", pd.msg);
	}
	j->reply_to = j->m.reply_to[0] ? j->m.reply_to : j->m.from_addr;
	if ((why = no_answer(j)) != NULL) {
		if (j->m.is_bounce && record_bounce(j, raw, d) < 0)
			return -1;
		j->stats->ignored++;
		log_info("message %lld from %s not answered: %s", (long long)j->id,
		    j->m.from_addr[0] ? j->m.from_addr : "(no sender)", why);
		return set_status(j, "ignored", "%s", why);
	}

	memset(&ob, 0, sizeof ob);
	j->text = j->m.text;
	if (orderblock_parse(j->m.text, &ob, &pd) < 0) {
		orderblock_free(&ob);
		return problem(j, pd.line, "%s", pd.msg);
	}
	/* A turn file sent as an attachment is read when the body holds no orders. */
	if (!ob.found && !ob.help && j->m.attachment_text[0] != '\0') {
		orderblock_free(&ob);
		memset(&ob, 0, sizeof ob);
		j->text = j->m.attachment_text;
		if (orderblock_parse(j->m.attachment_text, &ob, &pd) < 0) {
			orderblock_free(&ob);
			return problem(j, pd.line, "in the attached file: %s", pd.msg);
		}
	}
	if (!ob.found) {
		struct tval *data = tval_map();

		ob.help |= orderblock_help_subject(j->m.subject);
		tval_set_str(data, "subject", j->m.subject);
		tval_set_bool(data, "asked", ob.help);
		set_status(j, "done", ob.help ? "help sent" : "names no game; help sent");
		orderblock_free(&ob);
		rc = reply_common(j, "help", "help", data, d);
		return rc;
	}
	rc = orders(j, &ob, d);
	orderblock_free(&ob);
	return rc;
}

int
process_pending(struct ledger *l, const struct config *c, struct process_stats *s,
    struct diag *d)
{
	sqlite3_stmt *st;
	int64_t last = 0;

	for (;;) {
		struct job j;
		char *raw, *source;
		size_t len;
		int rc;

		st = ledger_stmt(l, "SELECT id, source, raw FROM messages WHERE status = 'new' "
		    "AND id > ? ORDER BY id LIMIT 1");
		sqlite3_bind_int64(st, 1, last);
		if (sqlite3_step(st) != SQLITE_ROW) {
			ledger_release(l, st);
			return 0;
		}
		memset(&j, 0, sizeof j);
		j.l = l;
		j.c = c;
		j.stats = s;
		j.id = last = sqlite3_column_int64(st, 0);
		source = xstrdup(col_text(st, 1));
		len = (size_t)sqlite3_column_bytes(st, 2);
		raw = xmalloc(len + 1);
		if (len > 0)
			memcpy(raw, sqlite3_column_blob(st, 2), len);
		raw[len] = '\0';
		ledger_release(l, st);
		j.source = source;
		j.reply_to = "";
		j.seat = -1;
		clock_iso(clock_now(), j.now, sizeof j.now);
		s->messages++;

		if (ledger_begin(l, d) < 0) {
			free(raw);
			free(source);
			return -1;
		}
		rc = one(&j, raw, len, d);
		if (rc == 0)
			rc = finish(&j, d);
		if (rc == 0)
			rc = ledger_commit(l, d);
		else
			ledger_rollback(l);
		if (rc < 0)
			log_error("message %lld left for the next run: %s", (long long)j.id, d->msg);
		mailmsg_free(&j.m);
		free(raw);
		free(source);
	}
}
