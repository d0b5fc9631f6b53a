#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "ledger/ordercode.h"
#include "mail/sender.h"
#include "referee/onetap.h"
#include "referee/tolerant.h"
#include "render/taps.h"

/* Game and seat names of a code, and its game's rules, from the ledger. */
static int
names_of(struct ledger *l, const struct ordercode *oc, char *game, size_t ng, char *seat,
    size_t ns, char rules[32])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT g.name, s.name, g.rules FROM games g JOIN "
	    "seats s ON s.game_id = g.id AND s.idx = ? WHERE g.id = ?");
	int found = 0;

	sqlite3_bind_int(st, 1, oc->seat);
	sqlite3_bind_int64(st, 2, oc->game_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(game, ng, "%s", col_text(st, 0));
		snprintf(seat, ns, "%s", col_text(st, 1));
		snprintf(rules, 32, "%s", col_text(st, 2));
		found = 1;
	}
	ledger_release(l, st);
	return found;
}

/* Whether a and b are one line, as a mail client may re-space or re-case it. */
static int
same_line(const char *a, const char *b)
{
	for (;;) {
		while (isspace((unsigned char)*a) && isspace((unsigned char)a[1]))
			a++;
		while (isspace((unsigned char)*b) && isspace((unsigned char)b[1]))
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (isspace((unsigned char)*a) != isspace((unsigned char)*b) ||
		    (!isspace((unsigned char)*a) &&
		    tolower((unsigned char)*a) != tolower((unsigned char)*b)))
			return 0;
		a++;
		b++;
	}
}

/* "CODE x" at ob's line i: 1 with the code in out. */
static int
code_line(const char *line, char *out, size_t n)
{
	char kw[8], code[64], extra;

	if (sscanf(line, "%7s %63s %c", kw, code, &extra) != 2 ||
	    strcasecmp(kw, TAPS_CODE_WORD) != 0)
		return 0;
	snprintf(out, n, "%s", code);
	return 1;
}

/* The order line of a link's mail: its one line besides CODE, or -1. A
 * greeting above it or a signature below it (the "Sent from my phone" a
 * mail client adds to every mail it writes) is no second order. */
static long
only_order(struct orderblock *ob, size_t codeat, const char *rules)
{
	long at = -1;

	tolerant_mark(ob, rules);
	for (size_t i = 0; i < ob->nlines; i++) {
		if (i == codeat || ob->lines[i].aside != OLINE_ORDER)
			continue;
		if (at >= 0)
			return -1;
		at = (long)i;
	}
	return at;
}

static void
drop_line(struct orderblock *ob, size_t i)
{
	free(ob->lines[i].text);
	memmove(&ob->lines[i], &ob->lines[i + 1], (ob->nlines - i - 1) * sizeof ob->lines[0]);
	ob->nlines--;
}

/* The seat's address now, from the ledger; "" when it has none. */
static void
address_of(struct ledger *l, const struct ordercode *oc, char *out, size_t n)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT address FROM seats WHERE game_id = ? AND "
	    "idx = ?");

	sqlite3_bind_int64(st, 1, oc->game_id);
	sqlite3_bind_int(st, 2, oc->seat);
	snprintf(out, n, "%s", sqlite3_step(st) == SQLITE_ROW ? col_text(st, 0) : "");
	ledger_release(l, st);
}

/* Whether the seat still has the address an order's code went to: a code
 * is the seat's player's, and a seat handed to someone else (azalai seat
 * ... replace) must not be played by its former player's unused links.
 * A code made before codes kept the address (address "") is not checked. */
static int
same_holder(struct ledger *l, const struct ordercode *oc)
{
	char address[256];

	if (oc->address == NULL || oc->address[0] == '\0')
		return 1;
	address_of(l, oc, address, sizeof address);
	return strcasecmp(address, oc->address) == 0;
}

/* An unsubscribe link's mail (taps_unsubscribe): its one line besides CODE
 * must be the one it asks for, and the seat must still have the address
 * the link went to, so a former player's old mail changes nothing of the
 * new one's. Unlike an order's, such a code is not spent: what it asks,
 * asked twice, is done once, and a second tap of the button is answered
 * as the first. */
static int
unsub_mail(struct ledger *l, struct orderblock *ob, size_t at, struct ordercode *oc,
    struct onetap *t)
{
	char game[64], seat[64], rules[32];
	int line = ob->lines[at].lineno;
	long order;

	if (!names_of(l, oc, game, sizeof game, seat, sizeof seat, rules) ||
	    ob->game == NULL || strcasecmp(ob->game, game) != 0 || ob->seat == NULL ||
	    strcasecmp(ob->seat, seat) != 0)
		diag_set(&t->why, line, "this code was given for another game or seat");
	else if (!same_holder(l, oc))
		diag_set(&t->why, line, "this code came in a mail to the seat's former "
		    "address: it changes the seat no more; write the lines with your token");
	else if ((order = only_order(ob, at, rules)) < 0 ||
	    !same_line(ob->lines[order].text, oc->orders))
		diag_set(&t->why, line, "this code asks only for the one line of its "
		    "unsubscribe link, unchanged (%s); send other lines with your token",
		    oc->orders);
	else {
		drop_line(ob, at);
		t->ok = 1;
		return 0;
	}
	return 1;
}

/* A one-tap order: oc, the code found, is freed here. */
static int
link_mail(struct ledger *l, int64_t message, struct orderblock *ob, size_t at,
    struct ordercode *ocp, struct onetap *t, struct diag *d)
{
	struct ordercode oc = *ocp;
	char game[64], seat[64], rules[32];
	int line = ob->lines[at].lineno;
	long order;
	int rc = 1;

	/* A code is spent when its order is played: a mail from a stranger's
	 * address held for the seat's CONFIRM has played nothing, so the
	 * seat's own tap takes the code from it (and that mail, confirmed,
	 * is then refused as used). */
	if (oc.used_by != 0 && oc.used_by != message && !sender_still_held(l, oc.used_by))
		diag_set(&t->why, line, "this code was used already, by an earlier mail: a "
		    "code plays its order once");
	else if (!names_of(l, &oc, game, sizeof game, seat, sizeof seat, rules) ||
	    ob->game == NULL || strcasecmp(ob->game, game) != 0 || ob->seat == NULL ||
	    strcasecmp(ob->seat, seat) != 0)
		diag_set(&t->why, line, "this code was given for another game or seat");
	else if (!same_holder(l, &oc))
		diag_set(&t->why, line, "this code came in a mail to the seat's former "
		    "player: it plays nothing any more; write the orders with your token");
	else if (ob->step_line == 0 || ob->step != oc.shown_step)
		diag_set(&t->why, line, "this code was given for another step: it plays its "
		    "order only at the step of the report it came in");
	else if ((order = only_order(ob, at, rules)) < 0 ||
	    !same_line(ob->lines[order].text, oc.orders))
		diag_set(&t->why, line, "this code plays only the one order of its link, "
		    "unchanged; send other orders with your token");
	else if (ordercode_use(l, &oc, message, d) < 0)
		rc = -1;
	else {
		drop_line(ob, at);
		t->ok = 1;
		rc = 0;
	}
	ordercode_free(&oc);
	return rc;
}

/* The mail of a code that came in a link: a one-tap order's, or an
 * unsubscribe link's. */
static int
code_mail(struct ledger *l, int64_t message, struct orderblock *ob, size_t at,
    const char *code, struct onetap *t, struct diag *d)
{
	struct ordercode oc;
	int rc;

	if (ordercode_find(l, code, "link", &oc))
		return link_mail(l, message, ob, at, &oc, t, d);
	if (ordercode_find(l, code, "unsub", &oc)) {
		rc = unsub_mail(l, ob, at, &oc, t);
		ordercode_free(&oc);
		return rc;
	}
	diag_set(&t->why, ob->lines[at].lineno, "this is not a code the referee gave: a "
	    "code comes in a link of a report and plays only that link's order");
	return 1;
}

/* The first meaningful line of text (not blank, not quoted): a number, or
 * ORDER (in any language's words) and a number; its line number, or 0. */
static int
number_line(const char *text, int *n)
{
	int lineno = 0;

	for (const char *s = text != NULL ? text : ""; *s != '\0';) {
		const char *e = strchr(s, '\n');
		size_t len = e != NULL ? (size_t)(e - s) : strlen(s);
		char line[128], word[64], rest[8];
		int num, got;

		lineno++;
		while (len > 0 && isspace((unsigned char)*s)) {
			s++;
			len--;
		}
		if (len > 0 && *s != '>') {
			if (len >= sizeof line)
				return 0;
			snprintf(line, sizeof line, "%.*s", (int)len, s);
			if ((got = sscanf(line, "%d%7s", &num, rest)) >= 1 &&
			    (got == 1 || strcmp(rest, ".") == 0 || strcmp(rest, ")") == 0) &&
			    isdigit((unsigned char)line[0])) {
				*n = num;
				return lineno;
			}
			if (sscanf(line, "%63s %d%7s", word, &num, rest) == 2 &&
			    ordertr_is_common(TAPS_ORDER_WORD, word, strlen(word))) {
				*n = num;
				return lineno;
			}
			return 0;
		}
		s = e != NULL ? e + 1 : s + len;
	}
	return 0;
}

/* The reply code of Message-ID id (n bytes, without <>) when the referee
 * wrote it (its last dot-part before '@'): 1 with oc filled. */
static int
id_code(struct ledger *l, const char *id, size_t n, struct ordercode *oc)
{
	const char *at = memchr(id, '@', n), *dot;
	char code[ORDERCODE_LEN + 1];

	if (at == NULL)
		return 0;
	for (dot = at; dot > id && *dot != '.'; dot--)
		;
	if (*dot != '.' || at - dot - 1 != ORDERCODE_LEN - 1)
		return 0;
	snprintf(code, sizeof code, "%.*s", (int)(at - dot - 1), dot + 1);
	return ordercode_find(l, code, "reply", oc);
}

/* The code of the report m answers: the one its In-Reply-To names, else
 * the last of its References. Never an older one: References holds the
 * whole thread (the welcome, earlier reports whose codes may be unspent),
 * and a number answers the mail it replies to, nothing before it. */
static int
reply_code(struct ledger *l, const struct mailmsg *m, struct ordercode *oc)
{
	const char *refs = m->references != NULL ? m->references : "", *lt, *gt;

	if (m->in_reply_to != NULL && m->in_reply_to[0] != '\0' &&
	    id_code(l, m->in_reply_to, strlen(m->in_reply_to), oc))
		return 1;
	gt = strrchr(refs, '>');
	if (gt == NULL)
		return 0;
	for (lt = gt; lt > refs && *lt != '<'; lt--)
		;
	return *lt == '<' && id_code(l, lt + 1, (size_t)(gt - lt - 1), oc);
}

static int
number_mail(struct ledger *l, const struct mailmsg *m, int64_t message, int line, int n,
    struct orderblock *ob, struct onetap *t, struct diag *d)
{
	struct ordercode oc;
	char game[64], seat[64], rules[32], choice[2 * ORDERBLOCK_MAX_LINE];
	int rc = 1;

	if (!reply_code(l, m, &oc)) {
		diag_set(&t->why, line, "a number alone plays a choice of your report only "
		    "in a reply to that report, which your mail client marks as such; this "
		    "mail answers no report of the referee's that numbers choices: press Reply "
		    "on the report, or write the order with the %s, %s and %s lines",
		    ORDER("", "GAME"), ORDER("", "SEAT"), ORDER("", "TOKEN"));
		return 1;
	}
	/* Spent when its order is played, as a link's code (link_mail). */
	if (oc.used_by != 0 && oc.used_by != message && !sender_still_held(l, oc.used_by))
		diag_set(&t->why, line, "the report this mail answers was answered by number "
		    "already, by an earlier mail: a number plays once; reply to your newest "
		    "report");
	else if (!taps_choice(oc.orders, n, choice, sizeof choice))
		diag_set(&t->why, line, "the report this mail answers has no choice %d", n);
	else if (!names_of(l, &oc, game, sizeof game, seat, sizeof seat, rules))
		diag_set(&t->why, line, "the game of the report this mail answers is gone");
	else if (!same_holder(l, &oc))
		diag_set(&t->why, line, "the report this mail answers went to the seat's "
		    "former player: its numbers play nothing any more; write the order with "
		    "the %s, %s and %s lines", ORDER("", "GAME"), ORDER("", "SEAT"),
		    ORDER("", "TOKEN"));
	else if (ordercode_use(l, &oc, message, d) < 0)
		rc = -1;
	else {
		orderblock_free(ob);
		ob->found = 1;
		ob->game = xstrdup(game);
		ob->seat = xstrdup(seat);
		ob->game_line = ob->seat_line = line;
		ob->step = oc.shown_step;
		ob->step_line = line;
		ob->lines = xcalloc(1, sizeof ob->lines[0]);
		ob->lines[0].lineno = line;
		ob->lines[0].text = xstrdup(choice);
		ob->nlines = 1;
		t->ok = 1;
		rc = 0;
	}
	ordercode_free(&oc);
	return rc;
}

int
onetap_read(struct ledger *l, const struct mailmsg *m, int64_t message, const char *text,
    struct orderblock *ob, struct onetap *t, struct diag *d)
{
	char code[64];
	int line, n;

	memset(t, 0, sizeof *t);
	if (ob->found) {
		for (size_t i = 0; i < ob->nlines; i++)
			if (code_line(ob->lines[i].text, code, sizeof code))
				return code_mail(l, message, ob, i, code, t, d);
		return 0;
	}
	if ((line = number_line(text, &n)) == 0)
		return 0;
	return number_mail(l, m, message, line, n, ob, t, d);
}
