#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "referee/press.h"
#include "referee/tell.h"
#include "render/render.h"
#include "render/report.h"

#define SCRUBBED "[token removed]"

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next word of *s, split at blanks and commas; 0 at the end. */
static size_t
next_word(const char **s, const char **w)
{
	const char *p = *s;
	size_t n;

	while (blank(*p) || *p == ',')
		p++;
	n = strcspn(p, " \t,");
	*w = p;
	*s = p + n;
	return n;
}

static int
word_is(const char *w, size_t n, const char *kw)
{
	return n == strlen(kw) && strncasecmp(w, kw, n) == 0;
}

/* The press words (PRESS, TO, ALL, ANONYMOUS, ENDPRESS) in English or in
 * any language azalai ships: a press line is read before the referee knows
 * whose mail it is, as the header lines are. */
static int
press_word(const char *w, size_t n, const char *kw)
{
	return n > 0 && ordertr_is_common(kw, w, n);
}

int
press_starts(const char *line)
{
	const char *s = line, *w;
	size_t n = next_word(&s, &w);

	if (!press_word(w, n, "PRESS"))
		return 0;
	n = next_word(&s, &w);
	return press_word(w, n, "TO");
}

int
press_ends(const char *line)
{
	const char *s = line, *w;
	size_t n = next_word(&s, &w);

	/* One word alone on its line, as the line was trimmed. */
	return n == strlen(line) && press_word(w, n, "ENDPRESS");
}

const char *
press_word_named(const char *name)
{
	static const char *const kws[] = { "PRESS", "TO", "ALL", "ANONYMOUS", "ENDPRESS" };

	for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
		if (press_word(name, strlen(name), kws[i]))
			return kws[i];
	return NULL;
}

static void
seat_names(const struct game_row *g, int except, struct buf *b)
{
	for (int s = 0; s < g->nseats; s++)
		if (s != except)
			buf_printf(b, "%s%s", b->len ? ", " : "", g->seats[s].name);
	buf_adds(b, "");
}

int
press_header(const char *line, const struct game_row *g, int from,
    const struct campaign *c, struct press *pr, struct diag *d)
{
	const char *s = line, *w;
	size_t n;
	int names = 0;
	uint32_t bots = 0;

	memset(pr, 0, sizeof *pr);
	if (!c->press)
		return diag_set(d, 0, "this game takes no press (the game master's setting)");
	next_word(&s, &w);              /* PRESS */
	next_word(&s, &w);              /* TO */
	while ((n = next_word(&s, &w)) > 0) {
		int seat = -1;

		if (press_word(w, n, "ANONYMOUS")) {
			pr->anonymous = 1;
			continue;
		}
		if (pr->anonymous)
			return diag_set(d, 0, "%s comes last, after the seats",
			    ORDER("", "ANONYMOUS"));
		if (press_word(w, n, "ALL")) {
			pr->all = 1;
			continue;
		}
		for (int i = 0; i < g->nseats; i++)
			if (word_is(w, n, g->seats[i].name))
				seat = i;
		if (seat < 0) {
			struct buf b = BUF_INIT;

			seat_names(g, -1, &b);
			diag_set(d, 0, "game %s has no seat \"%.*s\"; its seats are %s", g->name,
			    (int)(n > 32 ? 32 : n), w, b.p);
			buf_free(&b);
			return -1;
		}
		if (seat == from)
			return diag_set(d, 0, "press to your own seat is not relayed; name the "
			    "others");
		names++;
		if (strcmp(g->seats[seat].kind, "bot") == 0)
			bots |= VIS_SEAT(seat);
		else
			pr->to |= VIS_SEAT(seat);
	}
	if (pr->all && names > 0)
		return diag_set(d, 0, "%s stands alone: %s, or %s and the seats",
		    ORDER("", "ALL"), ORDER("", "PRESS TO ALL"), ORDER("", "PRESS TO"));
	if (!pr->all && names == 0) {
		struct buf b = BUF_INIT;

		seat_names(g, from, &b);
		diag_set(d, 0, "%s names the seats it goes to (of %s) or %s",
		    ORDER("", "PRESS TO"), b.p, ORDER("", "ALL"));
		buf_free(&b);
		return -1;
	}
	if (pr->anonymous && !c->press_anonymous)
		return diag_set(d, 0, "this game relays no anonymous press; leave out %s "
		    "to send it signed", ORDER("", "ANONYMOUS"));
	if (pr->all) {
		for (int i = 0; i < g->nseats; i++)
			if (i != from && strcmp(g->seats[i].kind, "bot") != 0)
				pr->to |= VIS_SEAT(i);
	} else if (pr->to == 0) {
		/* Two sentences, not one with the words put in: the catalogs
		 * translate whole messages. */
		if (names > 1)
			return diag_set(d, 0, "the referee plays those seats: a bot reads "
			    "no press");
		return diag_set(d, 0, "the referee plays that seat: a bot reads no press");
	}
	return 0;
}

/* Appends line to out with every case-insensitive needle replaced. */
static int
scrub(struct buf *out, const char *line, size_t len, const char *needle)
{
	size_t k = strlen(needle), i = 0;
	int hits = 0;

	while (i < len) {
		if (k > 0 && i + k <= len && strncasecmp(line + i, needle, k) == 0) {
			buf_adds(out, SCRUBBED);
			i += k;
			hits++;
		} else {
			buf_addc(out, line[i++]);
		}
	}
	return hits;
}

static int
token_line(const char *s)
{
	const char *w;
	size_t n = next_word(&s, &w);

	return press_word(w, n, "TOKEN") ||
	    (n > 1 && w[n - 1] == ':' && press_word(w, n - 1, "TOKEN"));
}

int
press_text(struct press *pr, const char *body, int first, int last, const char *token,
    struct diag *d)
{
	struct buf b = BUF_INIT, one = BUF_INIT, two = BUF_INIT;
	char bare[80];
	const char *line = body != NULL ? body : "", *nl;
	int lineno = 0;
	size_t k = 0, keep = 0;

	/* The token without its '-' is as good as the token to whoever reads it. */
	for (const char *t = token != NULL ? token : ""; *t != '\0' && k < sizeof bare - 1; t++)
		if (*t != '-')
			bare[k++] = *t;
	bare[k] = '\0';
	if (strncmp(line, "\xef\xbb\xbf", 3) == 0)
		line += 3;
	for (; *line != '\0' && lineno < last; line = *nl != '\0' ? nl + 1 : nl) {
		const char *s;
		size_t len;

		nl = line + strcspn(line, "\n");
		if (++lineno < first)
			continue;
		len = (size_t)(nl - line);
		while (len > 0 && (line[len - 1] == '\r' || blank(line[len - 1])))
			len--;
		for (s = line; s < line + len && blank(*s); s++)
			;
		if (s < line + len && *s == '>')
			continue;
		buf_reset(&one);
		buf_add(&one, line, len);
		buf_adds(&one, "");
		if (token_line(one.p)) {
			pr->scrubbed++;
			continue;
		}
		buf_reset(&two);
		pr->scrubbed += scrub(&two, one.p, one.len, token != NULL ? token : "");
		buf_adds(&two, "");
		if (strlen(bare) >= 8)
			pr->scrubbed += scrub(&b, two.p, two.len, bare);
		else
			buf_add(&b, two.p, two.len);
		/* Blank lines count only between lines of text. */
		if (len > 0 || b.len > 0) {
			buf_addc(&b, '\n');
			if (len > 0)
				keep = b.len;
		}
	}
	buf_free(&one);
	buf_free(&two);
	if (keep == 0) {
		buf_free(&b);
		return diag_set(d, 0, "the press has no text: write it on the lines after "
		    "%s, and %s on the line after it", ORDER("", "PRESS TO"),
		    ORDER("", "ENDPRESS"));
	}
	b.len = keep - 1;       /* the template ends the last line */
	buf_adds(&b, "");
	free(pr->text);
	pr->text = buf_steal(&b);
	return 0;
}

/* Who it went to, as every reader of it is told. */
static void
to_text(const struct game_row *g, const struct press *pr, struct buf *b)
{
	if (pr->all) {
		buf_adds(b, TERM("common.press.all"));
		return;
	}
	for (int s = 0; s < g->nseats; s++)
		if (pr->to & VIS_SEAT(s))
			buf_printf(b, "%s%s", b->len ? ", " : "", g->seats[s].name);
	buf_adds(b, "");
}

/* step: the game's step as the reader numbers it (report_step_seen). */
static struct tval *
press_tree(const struct play *p, int64_t step, int from, const struct press *pr,
    const char *to)
{
	struct tval *root = tval_map();

	tval_set_str(root, "game_id", p->g.name);
	tval_set_str(root, "title", p->rules->title);
	tval_set_int(root, "step", step);
	tval_set_str(root, "from", pr->anonymous ? TERM("common.press.anonymous") :
	    p->g.seats[from].name);
	tval_set_str(root, "sender", p->g.seats[from].name);
	tval_set_bool(root, "anonymous", pr->anonymous);
	tval_set_bool(root, "all", pr->all);
	tval_set_str(root, "to", to);
	tval_set_str(root, "text", pr->text);
	return root;
}

struct watcher_addr {
	char a[256];
};

int
press_relay(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int from, const struct press *pr, const struct campaign *cp,
    const char *now, int *sent, struct diag *d)
{
	struct buf to = BUF_INIT;
	struct watcher_addr *w = NULL;
	size_t nw = 0, cap = 0;
	int rc = 0;

	*sent = 0;
	to_text(&p->g, pr, &to);
	for (int s = 0; s < p->g.nseats && rc == 0; s++) {
		struct tval *root;

		if (!(pr->to & VIS_SEAT(s)) || strcmp(p->g.seats[s].kind, "bot") == 0)
			continue;
		lang_render_for(r, l, c, p, s, NULL);
		root = press_tree(p, report_step_seen(l, p, s, p->seq), from, pr, to.p);
		tval_set_str(root, "seat", p->g.seats[s].name);
		tval_set_bool(root, "can_reply", !pr->anonymous);
		rc = tell_tree(l, c, r, p, s, root, "press", "press",
		    p->g.seats[s].address, "", "", now, d);
		*sent += rc == 0;
	}
	if (rc == 0 && pr->all) {
		sqlite3_stmt *st = ledger_prep(l, "SELECT address FROM watchers WHERE "
		    "game_id = ? ORDER BY added_at, address");

		sqlite3_bind_int64(st, 1, p->g.id);
		while (sqlite3_step(st) == SQLITE_ROW) {
			if (nw == cap) {
				cap = cap ? cap * 2 : 8;
				w = xreallocarray(w, cap, sizeof w[0]);
			}
			snprintf(w[nw++].a, sizeof w[0].a, "%s", col_text(st, 0));
		}
		sqlite3_finalize(st);
	}
	for (size_t i = 0; i < nw && rc == 0; i++) {
		struct tval *root;

		lang_render_for(r, l, c, p, -1, w[i].a);
		root = press_tree(p, report_step_seen(l, p, -1, p->seq), from, pr, to.p);
		tval_set_bool(root, "observer", 1);
		rc = tell_tree(l, c, r, p, -1, root, "press", "press", w[i].a, "", "",
		    now, d);
		*sent += rc == 0;
	}
	/* The game master reads all press, and knows who sent it. */
	if (rc == 0 && cp->press_copy_gm && cp->gm[0] != '\0') {
		struct tval *root;

		/* The game master reads the configuration's language. */
		lang_render_for(r, l, c, p, -1, NULL);
		/* The game master's step is the ledger's, as the CLI says it. */
		root = press_tree(p, p->seq, from, pr, to.p);
		tval_set_bool(root, "gm_copy", 1);
		rc = tell_tree(l, c, r, p, -1, root, "press", "press", cp->gm, "", "",
		    now, d);
		*sent += rc == 0;
	}
	free(w);
	buf_free(&to);
	return rc;
}

void
press_free(struct press *pr)
{
	free(pr->text);
	memset(pr, 0, sizeof *pr);
}

/* od says the message said (already encoded). */
static void
diag_said(struct diag *od, const char *said)
{
	snprintf(od->enc, sizeof od->enc, "%s", said);
	msg_english(said, od->msg, sizeof od->msg);
}

int
press_line(struct ledger *l, const struct config *cfg, struct render *r, struct play *p,
    int seat, const struct campaign *c, const struct orderblock *ob, const char *text,
    size_t *i, const char *now, struct diag *od, struct diag *d)
{
	const struct oline *ln = &ob->lines[*i];
	size_t end = *i + 1;
	int last, sent;
	struct press pr;
	struct buf to = BUF_INIT;
	char said[DIAG_MSG];

	while (end < ob->nlines && !press_ends(ob->lines[end].text) &&
	    !press_starts(ob->lines[end].text))
		end++;
	last = end < ob->nlines ? ob->lines[end].lineno - 1 : ob->lines[ob->nlines - 1].lineno;
	*i = end < ob->nlines && press_ends(ob->lines[end].text) ? end : end - 1;
	if (press_header(ln->text, &p->g, seat, c, &pr, od) < 0 ||
	    press_text(&pr, text, ln->lineno + 1, last, ob->token, od) < 0) {
		press_free(&pr);
		return -1;
	}
	if (press_relay(l, cfg, r, p, seat, &pr, c, now, &sent, d) < 0) {
		press_free(&pr);
		return -2;
	}
	for (int s = 0; s < p->g.nseats; s++)
		if (pr.to & VIS_SEAT(s))
			buf_printf(&to, "%s%s", to.len ? ", " : "", p->g.seats[s].name);
	buf_adds(&to, "");
	if (pr.all && pr.anonymous)
		msg_fmt(said, sizeof said, "relayed unsigned to all (the players and the "
		    "observers)");
	else if (pr.all)
		msg_fmt(said, sizeof said, "relayed to all (the players and the observers)");
	else if (pr.anonymous)
		msg_fmt(said, sizeof said, "relayed unsigned to %s", to.p);
	else
		msg_fmt(said, sizeof said, "relayed to %s", to.p);
	if (pr.scrubbed)
		diag_set(od, 0, "%s; your token was taken out of the text", said);
	else
		diag_said(od, said);
	log_info("%s %s: press to %s, %d mail(s)", p->g.name, p->g.seats[seat].name,
	    pr.all ? "all" : to.p, sent);
	buf_free(&to);
	press_free(&pr);
	return 0;
}

void
press_skip(const struct orderblock *ob, size_t *i)
{
	size_t end = *i + 1;

	while (end < ob->nlines && !press_ends(ob->lines[end].text) &&
	    !press_starts(ob->lines[end].text))
		end++;
	*i = end < ob->nlines && press_ends(ob->lines[end].text) ? end : end - 1;
}
