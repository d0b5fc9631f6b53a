#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "mail/orderblock.h"

#define NAME_MAX_LEN 32
#define TOKEN_MAX_LEN 64

/* A meaningful line: not quoted, not in the signature, not empty once the
 * comment is gone. */
struct cline {
	int lineno;
	size_t rawlen;     /* bytes of the whole line, comment included */
	char *text;
};

struct clines {
	struct cline *v;
	size_t n, cap;
};

struct word {
	const char *p;
	size_t len;
};

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static int
is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

static void
clines_free(struct clines *cl)
{
	size_t i;

	for (i = 0; i < cl->n; i++)
		free(cl->v[i].text);
	free(cl->v);
}

enum { L_BLANK, L_KEPT, L_QUOTE, L_END };

/* Where a mail client starts the mail being answered without quoting it
 * (Outlook): nothing after it is the sender's. s has no leading blanks. */
static int
is_original_marker(const char *s)
{
	size_t n = strlen(s), i;

	while (n > 0 && is_blank(s[n - 1]))
		n--;
	if (n == 26 && strncasecmp(s, "-----Original Message-----", n) == 0)
		return 1;
	for (i = 0; i < n && s[i] == '_'; i++)
		;
	return n >= 20 && i == n;
}

/* Whether s opens with one of the words of list, any case. */
static int
opens_with(const char *s, const char *const *list)
{
	s += strspn(s, " \t");
	for (; *list != NULL; list++)
		if (strncasecmp(s, *list, strlen(*list)) == 0)
			return 1;
	return 0;
}

/* Outlook starts the mail being answered with its header, unquoted and
 * without a rule above it in text: "From: ..." right over "Sent: ..." (in
 * the client's language). line is one line, next the text after it. */
static int
is_original_header(const char *line, const char *next)
{
	static const char *const from[] = { "From:", "Von:", "De:", "De :", "Da:", NULL };
	static const char *const sent[] = { "Sent:", "Date:", "Gesendet:", "Datum:",
		"Enviado:", "Enviado el:", "Fecha:", "Envoyé :", "Envoyé:", "Date :",
		"Inviato:", NULL };

	return opens_with(line, from) && next != NULL && opens_with(next, sent);
}

/* Reads line[0..len) (CRs dropped) and keeps it when it means something. */
static int
add_line(struct clines *cl, struct buf *tmp, const char *line, size_t len,
    int lineno)
{
	const char *s, *e;
	size_t i, rawlen = 0;

	buf_reset(tmp);
	for (i = 0; i < len; i++) {
		if (line[i] == '\r')
			continue;
		rawlen++;
		/* A no-break space (clients put them in for runs of spaces)
		 * separates words like any space. */
		if ((unsigned char)line[i] == 0xc2 && i + 1 < len &&
		    (unsigned char)line[i + 1] == 0xa0) {
			buf_addc(tmp, ' ');
			rawlen++;
			i++;
			continue;
		}
		buf_addc(tmp, line[i]);
	}
	buf_addc(tmp, '\0');
	tmp->len--;
	for (s = tmp->p; is_blank(*s); s++)
		;
	if (strcmp(tmp->p, "-- ") == 0 || strcmp(tmp->p, "--") == 0 ||
	    is_original_marker(s))
		return L_END;
	if (*s == '>')
		return L_QUOTE;
	e = strchr(s, '#');
	if (e == NULL)
		e = tmp->p + tmp->len;
	while (e > s && is_blank(e[-1]))
		e--;
	if (e == s)
		return L_BLANK;
	if (cl->n == cl->cap) {
		cl->cap = cl->cap ? cl->cap * 2 : 64;
		cl->v = xreallocarray(cl->v, cl->cap, sizeof cl->v[0]);
	}
	cl->v[cl->n].lineno = lineno;
	cl->v[cl->n].rawlen = rawlen;
	cl->v[cl->n].text = xstrndup(s, (size_t)(e - s));
	cl->n++;
	return L_KEPT;
}

static void
read_lines(const char *text, struct clines *cl)
{
	struct buf tmp = BUF_INIT;
	const char *line, *nl;
	int lineno = 0, kind, last = L_BLANK;
	size_t n;

	line = text;
	if (strncmp(line, "\xef\xbb\xbf", 3) == 0)
		line += 3;
	for (; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line);
		kind = is_original_header(line, *nl != '\0' ? nl + 1 : NULL) ? L_END :
		    add_line(cl, &tmp, line, (size_t)(nl - line), ++lineno);
		if (kind == L_END)
			break;
		/* "On 4 March, azalai wrote:" right above the quote it
		 * introduces is the client's, not the sender's. */
		if (kind == L_QUOTE && last == L_KEPT &&
		    (n = strlen(cl->v[cl->n - 1].text)) > 0 &&
		    cl->v[cl->n - 1].text[n - 1] == ':') {
			free(cl->v[cl->n - 1].text);
			cl->n--;
		}
		if (kind != L_BLANK)
			last = kind;
		if (*nl == '\0')
			break;
	}
	buf_free(&tmp);
}

/* Splits s into words; returns how many (stops counting at max + 1). */
static size_t
words(const char *s, struct word *w, size_t max)
{
	size_t n = 0;

	for (;;) {
		while (is_blank(*s))
			s++;
		if (*s == '\0' || n > max)
			return n;
		if (n < max) {
			w[n].p = s;
			w[n].len = 0;
		}
		while (*s != '\0' && !is_blank(*s))
			s++;
		if (n < max)
			w[n].len = (size_t)(s - w[n].p);
		n++;
	}
}

/* kw is lower case; its word in any language counts too (ordertr.h): a
 * mail is read before anyone knows whose it is. */
static int
word_is(const struct word *w, const char *kw)
{
	char up[16];
	size_t i;

	if (w->len == strlen(kw) && strncasecmp(w->p, kw, w->len) == 0)
		return 1;
	for (i = 0; kw[i] != '\0' && i + 1 < sizeof up; i++)
		up[i] = (char)(kw[i] - 'a' + 'A');
	up[i] = '\0';
	return ordertr_is_common(up, w->p, w->len);
}

/* "KW value": exactly two words, the first kw. */
static int
is_pair(const char *s, const char *kw)
{
	struct word w[2];

	return words(s, w, 2) == 2 && word_is(&w[0], kw);
}

static int
starts_with_kw(const char *s, const char *kw)
{
	struct word w[1];

	return words(s, w, 1) >= 1 && word_is(&w[0], kw);
}

static int
valid_name(const char *s, size_t n)
{
	size_t i;

	if (n < 1 || n > NAME_MAX_LEN || !is_alnum(s[0]))
		return 0;
	for (i = 1; i < n; i++)
		if (!is_alnum(s[i]) && s[i] != '_' && s[i] != '.' &&
		    s[i] != '-')
			return 0;
	return 1;
}

static int
valid_token(const char *s, size_t n)
{
	size_t i;

	if (n < 1 || n > TOKEN_MAX_LEN)
		return 0;
	for (i = 0; i < n; i++)
		if (!is_alnum(s[i]) && s[i] != '-')
			return 0;
	return 1;
}

static int
too_long(const struct cline *c, struct diag *d)
{
	if (c->rawlen <= ORDERBLOCK_MAX_LINE)
		return 0;
	return diag_set(d, c->lineno, "the line is %zu bytes long; a line may "
	    "have at most %d", c->rawlen, ORDERBLOCK_MAX_LINE);
}

static int
help_word(const struct word *w)
{
	size_t n = w->len;

	while (n > 0 && strchr("?!.,:;", w->p[n - 1]) != NULL)
		n--;
	return (n == 4 && strncasecmp(w->p, "help", 4) == 0) ||
	    ordertr_is_common("HELP", w->p, n);
}

static int
is_header_kw(const char *s)
{
	return starts_with_kw(s, "seat") || starts_with_kw(s, "token") ||
	    starts_with_kw(s, "step");
}

/* STEP n: the step of the report whose form the mail was written on. */
static int
step_line(struct orderblock *ob, const struct cline *c, struct diag *d)
{
	struct word w[2];
	long long n = 0;

	if (ob->step_line != 0)
		return diag_set(d, c->lineno, "this is a second %s line (the first "
		    "is line %d); give the step once", ORDER("", "STEP"), ob->step_line);
	if (words(c->text, w, 2) != 2)
		return diag_set(d, c->lineno, "a %s line is the word %s and the "
		    "step number of the report you answer, as in \"%s\"", ORDER("", "STEP"),
		    ORDER("", "STEP"), ORDER("", "STEP 14"));
	for (size_t i = 0; i < w[1].len; i++) {
		if (w[1].p[i] < '0' || w[1].p[i] > '9' || i >= 12)
			return diag_set(d, c->lineno, "the word after %s is not a step: "
			    "a step is the number on the %s line of your report",
			    ORDER("", "STEP"), ORDER("", "STEP"));
		n = n * 10 + (w[1].p[i] - '0');
	}
	ob->step = n;
	ob->step_line = c->lineno;
	return 0;
}

/* One SEAT, TOKEN or STEP line of the header block. */
static int
header_line(struct orderblock *ob, const struct cline *c, struct diag *d)
{
	struct word w[2];
	int seat;

	seat = starts_with_kw(c->text, "seat");
	if (too_long(c, d) < 0)
		return -1;
	if (starts_with_kw(c->text, "step"))
		return step_line(ob, c, d);
	if (words(c->text, w, 2) != 2)
		/* Two calls, not one with "?:": xgettext takes one literal per
		 * call. */
		return seat ? diag_set(d, c->lineno, "a %s line is the word %s and one "
		    "seat name, as in \"%s amastan\"", ORDER("", "SEAT"), ORDER("", "SEAT"),
		    ORDER("", "SEAT")) :
		    diag_set(d, c->lineno, "a %s line is the word %s and one token, as "
		    "in \"%s 7f3a-91c2\"", ORDER("", "TOKEN"), ORDER("", "TOKEN"),
		    ORDER("", "TOKEN"));
	if (seat) {
		if (ob->seat != NULL)
			return diag_set(d, c->lineno, "this is a second %s "
			    "line (the first is line %d); give the seat once",
			    ORDER("", "SEAT"), ob->seat_line);
		if (!valid_name(w[1].p, w[1].len))
			return diag_set(d, c->lineno, "the word after %s is not a "
			    "seat name: a seat name is 1 to 32 letters, digits, "
			    "'_', '.' or '-', starting with a letter or digit",
			    ORDER("", "SEAT"));
		ob->seat = xstrndup(w[1].p, w[1].len);
		ob->seat_line = c->lineno;
		return 0;
	}
	if (ob->token != NULL)
		return diag_set(d, c->lineno, "this is a second %s line (the "
		    "first is line %d); give the token once", ORDER("", "TOKEN"),
		    ob->token_line);
	if (!valid_token(w[1].p, w[1].len))
		return diag_set(d, c->lineno, "the word after %s is not a token: a "
		    "token is 1 to 64 letters, digits or '-', as in the mail that "
		    "started the game", ORDER("", "TOKEN"));
	ob->token = xstrndup(w[1].p, w[1].len);
	ob->token_line = c->lineno;
	return 0;
}

/* Appends c to ob's order lines (cap: their room). */
static int
order_line(struct orderblock *ob, const struct cline *c, size_t *cap, struct diag *d)
{
	if (too_long(c, d) < 0)
		return -1;
	if (ob->nlines == ORDERBLOCK_MAX_ORDERS)
		return diag_set(d, c->lineno, "a mail may carry at most %d order lines; "
		    "send the rest in another mail", ORDERBLOCK_MAX_ORDERS);
	if (ob->nlines == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		ob->lines = xreallocarray(ob->lines, *cap, sizeof ob->lines[0]);
	}
	ob->lines[ob->nlines].lineno = c->lineno;
	ob->lines[ob->nlines].aside = OLINE_ORDER;
	ob->lines[ob->nlines].text = xstrdup(c->text);
	ob->nlines++;
	return 0;
}

/* The header block starts at the first GAME line that a SEAT, TOKEN or STEP
 * line follows: a report quoted back without '>' may hold other GAME lines,
 * but only the filled-in form has those under it. */
static long
find_game(const struct clines *cl)
{
	long first = -1;
	size_t i;

	for (i = 0; i < cl->n; i++) {
		if (!is_pair(cl->v[i].text, "game"))
			continue;
		if (first < 0)
			first = (long)i;
		if (i + 1 < cl->n && (is_pair(cl->v[i + 1].text, "seat") ||
		    is_pair(cl->v[i + 1].text, "token") ||
		    is_pair(cl->v[i + 1].text, "step")))
			return (long)i;
	}
	return first;
}

static int
parse_block(const struct clines *cl, struct orderblock *ob, struct diag *d)
{
	const struct cline *c;
	struct word w[2];
	size_t i, cap = 0;
	long g;

	g = find_game(cl);
	if (g < 0) {
		ob->help = cl->n > 0 && words(cl->v[0].text, w, 1) >= 1 &&
		    help_word(&w[0]);
		return 0;
	}
	ob->found = 1;
	c = &cl->v[g];
	words(c->text, w, 2);
	ob->game_line = c->lineno;
	if (too_long(c, d) < 0)
		return -1;
	if (!valid_name(w[1].p, w[1].len))
		return diag_set(d, c->lineno, "the word after %s is not a game id: "
		    "a game id is 1 to 32 letters, digits, '_', '.' or '-', "
		    "starting with a letter or digit", ORDER("", "GAME"));
	ob->game = xstrndup(w[1].p, w[1].len);

	for (i = (size_t)g + 1; i < cl->n; i++) {
		c = &cl->v[i];
		if (!is_header_kw(c->text))
			break;
		if (header_line(ob, c, d) < 0)
			return -1;
	}
	for (; i < cl->n; i++) {
		c = &cl->v[i];
		if (order_line(ob, c, &cap, d) < 0)
			return -1;
	}
	return 0;
}

/* A reply with no GAME line: SEAT, TOKEN and STEP lines wherever they
 * stand, every other line an order. */
static int
parse_reply(const struct clines *cl, struct orderblock *ob, struct diag *d)
{
	size_t i, cap = 0;

	for (i = 0; i < cl->n; i++) {
		const struct cline *c = &cl->v[i];

		if (is_header_kw(c->text)) {
			if (header_line(ob, c, d) < 0)
				return -1;
			continue;
		}
		if (order_line(ob, c, &cap, d) < 0)
			return -1;
	}
	return 0;
}

void
orderblock_free(struct orderblock *ob)
{
	size_t i;

	free(ob->game);
	free(ob->seat);
	free(ob->token);
	for (i = 0; i < ob->nlines; i++)
		free(ob->lines[i].text);
	free(ob->lines);
	memset(ob, 0, sizeof *ob);
}

/* The lines of text read by one of the two block readers above. */
static int
parse_with(const char *text, struct orderblock *ob, struct diag *d,
    int (*parse)(const struct clines *, struct orderblock *, struct diag *))
{
	struct clines cl = { NULL, 0, 0 };
	int r;

	memset(ob, 0, sizeof *ob);
	read_lines(text != NULL ? text : "", &cl);
	r = parse(&cl, ob, d);
	clines_free(&cl);
	return r;
}

int
orderblock_parse(const char *text, struct orderblock *ob, struct diag *d)
{
	return parse_with(text, ob, d, parse_block);
}

int
orderblock_parse_reply(const char *text, struct orderblock *ob, struct diag *d)
{
	return parse_with(text, ob, d, parse_reply);
}

int
orderblock_help_subject(const char *subject)
{
	struct word w[1];
	const char *s = subject;

	if (s == NULL)
		return 0;
	/* Replies and forwards: "Re: Re: Fwd: help". */
	for (;;) {
		while (is_blank(*s))
			s++;
		if (strncasecmp(s, "re:", 3) == 0)
			s += 3;
		else if (strncasecmp(s, "fwd:", 4) == 0)
			s += 4;
		else if (strncasecmp(s, "fw:", 3) == 0)
			s += 3;
		else
			break;
	}
	return words(s, w, 1) >= 1 && help_word(&w[0]);
}
