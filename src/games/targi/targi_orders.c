/* targi_orders: the order language of Targi: reading a line, writing the
 * canonical spelling, the legal orders now, and the deadline default. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/targi/targi.h"

#define MAXW 32

struct words {
	int n;
	char w[MAXW][32];
};

static int
split(const char *line, struct words *ws)
{
	ws->n = 0;
	while (*line != '\0') {
		int i = 0;

		while (*line != '\0' && (isspace((unsigned char)*line) || *line == ','))
			line++;
		if (*line == '\0')
			break;
		if (ws->n == MAXW)
			return -1;
		while (*line != '\0' && !isspace((unsigned char)*line) && *line != ',') {
			if (i < 31)
				ws->w[ws->n][i++] = (char)toupper((unsigned char)*line);
			line++;
		}
		ws->w[ws->n][i] = '\0';
		ws->n++;
	}
	return 0;
}

static int
is(const char *w, const char *kw)
{
	return strcmp(w, kw) == 0;
}

void
tg_pos_name(int pos, char out[3])
{
	out[0] = (char)('A' + pos % 3);
	out[1] = (char)('1' + pos / 3);
	out[2] = '\0';
}

/* "7", "#7" -> 7; "B2" -> TG_CEN(4); -1 otherwise. */
static int
target(const char *w)
{
	char *end;
	long v;

	if (strlen(w) == 2 && w[0] >= 'A' && w[0] <= 'C' && w[1] >= '1' && w[1] <= '3')
		return TG_CEN((w[1] - '1') * 3 + (w[0] - 'A'));
	if (*w == '#')
		w++;
	if (!isdigit((unsigned char)*w))
		return -1;
	v = strtol(w, &end, 10);
	if (*end != '\0' || v < 1 || v > TG_NBORDER)
		return -1;
	return (int)v;
}

static int
kind_word(const char *w)
{
	static const struct {
		const char *w;
		int k;
	} t[] = {
		{ "D", TG_D }, { "DATE", TG_D }, { "DATES", TG_D },
		{ "S", TG_S }, { "SALT", TG_S },
		{ "P", TG_P }, { "PEPPER", TG_P },
		{ "G", TG_G }, { "GOLD", TG_G },
		{ "VP", TG_VP }, { "W", TG_W }, { "WATER", TG_W }, { NULL, 0 }
	};

	for (int i = 0; t[i].w != NULL; i++)
		if (strcmp(t[i].w, w) == 0)
			return t[i].k;
	return -1;
}

static int
good_word(const char *w)
{
	int k = kind_word(w);

	return k >= 0 && k < TG_G ? k : -1;
}

/* Reads amounts from words [i, n): "2D 1S", "2 dates", "DDS", "gold",
 * "VP", "NONE". -1 on anything else. */
static int
spec(const struct words *ws, int i, int n, int out[TG_NRES])
{
	memset(out, 0, sizeof(int) * TG_NRES);
	if (i < n && (is(ws->w[i], "NONE") || is(ws->w[i], "NOTHING")))
		return i + 1 == n ? 0 : -1;
	if (i >= n)
		return -1;
	for (; i < n; i++) {
		const char *w = ws->w[i];
		int cnt = 1, k;

		if (isdigit((unsigned char)*w)) {
			cnt = 0;
			/* Refused as soon as it is too big: a long run of
			 * digits would overflow an int. */
			while (isdigit((unsigned char)*w))
				if ((cnt = cnt * 10 + (*w++ - '0')) > 99)
					return -1;
			if (*w == '\0') {
				if (++i >= n)
					return -1;
				w = ws->w[i];
			}
		}
		if ((k = kind_word(w)) >= 0) {
			out[k] += cnt;
			continue;
		}
		if (cnt != 1 || isdigit((unsigned char)ws->w[i][0]))
			return -1;
		/* Letters: "DDS" is 2 dates and 1 salt. */
		for (; *w != '\0'; w++) {
			char one[2] = { *w, '\0' };

			if ((k = kind_word(one)) < 0 || k == TG_VP)
				return -1;
			out[k]++;
		}
	}
	return 0;
}

void
tg_spec_text(const int s[TG_NRES], char *out, size_t sz)
{
	static const char *const letter[TG_NRES] = { "D", "S", "P", "G", "VP", "W" };
	size_t len = 0;

	out[0] = '\0';
	for (int k = 0; k < TG_NRES; k++) {
		if (s[k] <= 0)
			continue;
		len += (size_t)snprintf(out + len, len < sz ? sz - len : 0, "%s%d%s",
		    len ? " " : "", s[k], letter[k]);
		if (len >= sz)
			return;
	}
	if (len == 0)
		snprintf(out, sz, "NONE");
}

/* tg_spec_text as a message argument: in the reader's letters ("1SP"). */
void
tg_spec_said(const int s[TG_NRES], char *out, size_t sz)
{
	char t[ORDER_TEXT];

	tg_spec_text(s, t, sizeof t);
	msg_order(out, sz, "targi", t);
}

static const char *const goodletter[] = { "D", "S", "P", "G" };

static void
targ_text(int t, char *out, size_t sz)
{
	if (t >= TG_DUNE(0))
		snprintf(out, sz, "DUNE %d", t - TG_DUNE(0) + 1);
	else if (t >= 100) {
		char p[3];

		tg_pos_name(t - 100, p);
		snprintf(out, sz, "%s", p);
	} else
		snprintf(out, sz, "%d", t);
}

static void
slot_text(int s, char *out, size_t sz)
{
	snprintf(out, sz, "%d-%d", s / TG_COLS + 1, s % TG_COLS + 1);
}

/* Writes o->text from kind and args: the one spelling parse reads back. */
void
tg_format(struct order *o)
{
	char a[96], b[48], c[96];
	const int *g = o->arg;

	switch (o->kind) {
	case K_PLACE: {
		size_t len;

		targ_text(g[0], a, sizeof a);
		len = (size_t)snprintf(o->text, sizeof o->text, "PLACE %s", a);
		for (int i = 1; i < o->nargs && i < 3 && len < sizeof o->text; i++)
			len += (size_t)snprintf(o->text + len, sizeof o->text - len,
			    " %d", g[i]);
		break;
	}
	case K_PREFER: {
		size_t len = (size_t)snprintf(o->text, sizeof o->text, "PREFER");

		if (o->nargs == 0)
			snprintf(o->text + len, sizeof o->text - len, " NONE");
		for (int i = 0; i < o->nargs && len < sizeof o->text; i++)
			len += (size_t)snprintf(o->text + len, sizeof o->text - len,
			    " %d", g[i]);
		break;
	}
	case K_GIVE:
		if (g[TG_VP])
			snprintf(o->text, sizeof o->text, "GIVE VP");
		else {
			tg_spec_text(g, a, sizeof a);
			snprintf(o->text, sizeof o->text, "GIVE %s", a);
		}
		break;
	case K_CHOOSE:
	case K_DROP:
		tg_spec_text(g, a, sizeof a);
		snprintf(o->text, sizeof o->text, "%s %s",
		    o->kind == K_CHOOSE ? "CHOOSE" : "DROP", a);
		break;
	case K_TAKE:
		targ_text(g[0], a, sizeof a);
		snprintf(o->text, sizeof o->text, "TAKE %s%s%s", a,
		    g[1] >= 0 ? " " : "", g[1] >= 0 ? goodletter[g[1]] : "");
		break;
	case K_BUY:
	case K_NOBLE:
	case K_HAND:
		if (o->kind == K_NOBLE && g[0] == 1) {
			snprintf(o->text, sizeof o->text, "NOBLE DISCARD%s%s",
			    g[2] > 0 ? " " : "", g[2] > 0 ? goodletter[g[2] - 1] : "");
			break;
		}
		if (o->kind == K_BUY && g[0] != TG_DRAWN) {
			targ_text(g[0], b, sizeof b);
			snprintf(a, sizeof a, "BUY %s", b);
		} else
			snprintf(a, sizeof a, "%s", o->kind == K_BUY ? "BUY" :
			    o->kind == K_NOBLE ? "NOBLE" : "HAND");
		c[0] = '\0';
		if (g[2]) {
			tg_spec_text(&g[TG_PAY], b, sizeof b);
			snprintf(c, sizeof c, " PAY %s", b);
		}
		snprintf(o->text, sizeof o->text, "%s ROW %d%s%s", a, g[1] + 1, c,
		    g[TG_EXTRA] ? " EXTRA" : "");
		break;
	case K_KEEP:
	case K_DISCARD:
	case K_PASS:
		a[0] = '\0';
		if (g[0] != 0)
			targ_text(g[0], a, sizeof a);
		snprintf(o->text, sizeof o->text, "%s%s%s",
		    o->kind == K_KEEP ? "KEEP" : o->kind == K_DISCARD ? "DISCARD" : "PASS",
		    g[0] != 0 ? " " : "", a);
		break;
	case K_TRADE:
		snprintf(o->text, sizeof o->text, "TRADE %d%s FOR 1%s", g[1],
		    goodletter[g[0]], goodletter[g[2]]);
		break;
	case K_SILVER:
		if (g[0] == TG_NRES) {
			int s[TG_NRES] = { g[2], g[3], g[4], 0, 0, 0 };

			tg_spec_text(s, a, sizeof a);
			snprintf(o->text, sizeof o->text, "SILVERSMITH %s", a);
		} else
			snprintf(o->text, sizeof o->text, "SILVERSMITH %d%s", g[1],
			    goodletter[g[0]]);
		break;
	case K_FAVOUR:
		snprintf(o->text, sizeof o->text, "FAVOUR%s%s%s",
		    g[0] == FV_DRAW ? " PAY" : g[0] == FV_KEEP ? " KEEP" :
		    g[0] == FV_PASS ? " PASS" : "",
		    g[1] >= 0 ? " " : "", g[1] >= 0 ? goodletter[g[1]] : "");
		break;
	case K_EXCHANGE:
		snprintf(o->text, sizeof o->text, "EXCHANGE %dW FOR 1%s",
		    g[0] == TG_G ? 3 : 2, goodletter[g[0]]);
		break;
	case K_USE:
	case K_DUNE: {
		int any = 0;

		for (int k = 0; k < TG_NRES; k++)
			any |= g[1 + k] != 0;
		tg_spec_text(&g[1], a, sizeof a);
		if (o->kind == K_USE)
			snprintf(o->text, sizeof o->text, "USE %d%s%s", g[0],
			    any ? " " : "", any ? a : "");
		else
			snprintf(o->text, sizeof o->text, "DUNE %d%s%s", g[0] + 1,
			    any ? " " : "", any ? a : "");
		break;
	}
	case K_REMOVE:
		snprintf(o->text, sizeof o->text, "REMOVE ROW %d", g[0] + 1);
		break;
	case K_MIRAGE:
		targ_text(TG_CEN(g[0]), a, sizeof a);
		targ_text(TG_CEN(g[1]), b, sizeof b);
		snprintf(o->text, sizeof o->text, "MIRAGE %s %s", a, b);
		break;
	case K_CARAVAN:
		snprintf(o->text, sizeof o->text, "CARAVAN%s%s", g[0] >= 0 ? " " : "",
		    g[0] >= 0 ? goodletter[g[0]] : "");
		break;
	case K_EXPAND:
		snprintf(o->text, sizeof o->text, "EXPAND");
		break;
	case K_SWAP:
		slot_text(g[0], a, sizeof a);
		slot_text(g[1], b, sizeof b);
		snprintf(o->text, sizeof o->text, "SWAP %s %s", a, b);
		break;
	case K_END:
		snprintf(o->text, sizeof o->text, "END");
		break;
	case K_STANDING:
		if (g[0] == 0)
			snprintf(o->text, sizeof o->text, "STANDING RAID %s",
			    g[1] == RM_VP ? "VP" : g[1] == RM_GOODS ? "GOODS" : "ASK");
		else if (g[1] == LM_ORDER)
			snprintf(o->text, sizeof o->text, "STANDING LIMIT %s %s %s",
			    goodletter[g[2]], goodletter[g[3]], goodletter[g[4]]);
		else
			snprintf(o->text, sizeof o->text, "STANDING LIMIT %s",
			    g[1] == LM_MOST ? "MOST" : "ASK");
		break;
	default:
		snprintf(o->text, sizeof o->text, "?");
	}
}

/* A usage: a message id (N_) whose order words and examples are ORDER()
 * arguments, so every reader sees the words they write, and no catalog
 * spells an order by hand. */
static void usage_msg(char *out, size_t n, const char *usage, ...)
    __attribute__((format(printf, 3, 4)));
static void
usage_msg(char *out, size_t n, const char *usage, ...)
{
	va_list ap;

	va_start(ap, usage);
	msg_vfmt(out, n, usage, ap);
	va_end(ap);
}

/* u: an encoded usage (usage_msg) or an ORDER(). */
static int
bad_as(struct diag *d, const char *u)
{
	return diag_set(d, 0, "Write it as: %s.", u);
}

static int bad(struct diag *d, const char *usage, ...)
    __attribute__((format(printf, 2, 3)));
static int
bad(struct diag *d, const char *usage, ...)
{
	char u[TG_MSG];
	va_list ap;

	va_start(ap, usage);
	msg_vfmt(u, sizeof u, usage, ap);
	va_end(ap);
	return bad_as(d, u);
}

/* [ROW r] [PAY spec] from words [i, n) into arg[1..6]; u is the encoded
 * usage (usage_msg). */
static int
row_pay(const struct words *ws, int i, struct order *o, const char *u,
    struct diag *d)
{
	int s[TG_NRES], n;

	if (i + 1 >= ws->n || !is(ws->w[i], "ROW") || strlen(ws->w[i + 1]) != 1 ||
	    ws->w[i + 1][0] < '1' || ws->w[i + 1][0] > '3')
		return diag_set(d, 0, "Say which row of your display takes the card (%s 1, 2 or 3); write it as: %s.",
		    ORDER("targi", "ROW"), u);
	o->arg[1] = ws->w[i + 1][0] - '1';
	i += 2;
	n = ws->n;
	if (n > i && is(ws->w[n - 1], "EXTRA")) {
		o->arg[TG_EXTRA] = 1;
		n--;
	}
	if (i == n)
		return 0;
	if (!is(ws->w[i], "PAY") || spec(ws, i + 1, n, s) < 0 || s[TG_VP])
		return diag_set(d, 0, "After the row, say what you pay, e.g. %s (and %s for an optional cost); write it as: %s.",
		    ORDER("targi", "PAY 1D 2S 1G"), ORDER("targi", "EXTRA"), u);
	o->arg[2] = 1;
	memcpy(&o->arg[TG_PAY], s, sizeof(int) * TG_NRES);
	return 0;
}

static int
dune_word(const char *w)
{
	if (strlen(w) == 1 && w[0] >= '1' && w[0] < '1' + TG_DUNES)
		return w[0] - '1';
	return -1;
}

static int
slot_word(const char *w)
{
	if (strlen(w) == 3 && w[0] >= '1' && w[0] <= '3' && w[1] == '-' &&
	    w[2] >= '1' && w[2] <= '4')
		return (w[0] - '1') * TG_COLS + (w[2] - '1');
	return -1;
}

/* PLACE a [b [c]]: up to three different border cards into arg[]. */
static int
place_plan(const struct words *ws, struct order *o)
{
	if (ws->n > 4)
		return -1;
	for (o->nargs = 0; o->nargs < ws->n - 1; o->nargs++) {
		int t = target(ws->w[o->nargs + 1]);

		if (t < 1 || t > TG_NBORDER)
			return -1;
		for (int i = 0; i < o->nargs; i++)
			if (o->arg[i] == t)
				return -1;
		o->arg[o->nargs] = t;
	}
	return 0;
}

/* Whether the game has the expansion's sand dunes; a parse with no state
 * (of a line alone) may name them. */
static int
dunes(const void *vst)
{
	return vst == NULL || ((const struct tg_state *)vst)->x.dunes;
}

int
tg_parse(const void *vst, int seat, const char *line, struct order *o,
    struct diag *d)
{
	struct words ws;
	const char *v;
	int s[TG_NRES], t;

	(void)seat;
	memset(o, 0, sizeof *o);
	o->nargs = ORDER_ARGS;
	if (split(line, &ws) < 0)
		return diag_set(d, 0, "That line is too long for one order.");
	if (ws.n == 0)
		return diag_set(d, 0, "Empty order.");
	v = ws.w[0];
	if (is(v, "PLACE")) {
		o->kind = K_PLACE;
		o->nargs = 1;
		if (ws.n == 3 && is(ws.w[1], "DUNE") && (t = dune_word(ws.w[2])) >= 0)
			o->arg[0] = TG_DUNE(t);
		else if ((ws.n < 2 || (ws.n == 2 &&
		    ((t = target(ws.w[1])) < 1 || t > TG_NBORDER))) && dunes(vst))
			return bad(d, N_("%s followed by a border card number, e.g. %s (or %s for a sand dune)"),
			    ORDER("targi", "PLACE"), ORDER("targi", "PLACE 5"),
			    ORDER("targi", "PLACE DUNE 2"));
		/* A base game has no dunes: its players never heard of them. */
		else if (ws.n < 2 || (ws.n == 2 &&
		    ((t = target(ws.w[1])) < 1 || t > TG_NBORDER)))
			return bad(d, N_("%s followed by a border card number, e.g. %s"),
			    ORDER("targi", "PLACE"), ORDER("targi", "PLACE 5"));
		else if (place_plan(&ws, o) < 0)
			return bad(d, N_("%s followed by up to three different border card numbers, this placement first, e.g. %s or %s"),
			    ORDER("targi", "PLACE"), ORDER("targi", "PLACE 5"),
			    ORDER("targi", "PLACE 5 13 2"));
	} else if (is(v, "PREFER")) {
		o->kind = K_PREFER;
		o->nargs = 0;
		if (ws.n == 2 && is(ws.w[1], "NONE"))
			goto done;
		if (ws.n < 2 || ws.n > 13)
			return bad(d, N_("%s followed by 1 to 12 border card numbers, best first, e.g. %s"),
			    ORDER("targi", "PREFER"),
			    ORDER("targi", "PREFER 5 13 2"));
		for (int i = 1; i < ws.n; i++) {
			if ((t = target(ws.w[i])) < 1 || t > TG_NBORDER)
				return bad(d, N_("%s followed by border card numbers 1 to 16, e.g. %s"),
				    ORDER("targi", "PREFER"),
				    ORDER("targi", "PREFER 5 13 2"));
			o->arg[o->nargs++] = t;
		}
	} else if (is(v, "GIVE")) {
		o->kind = K_GIVE;
		o->nargs = TG_NRES;
		if (spec(&ws, 1, ws.n, s) < 0)
			return bad(d, N_("%s, %s, or %s followed by goods, e.g. %s"),
			    ORDER("targi", "GIVE VP"),
			    ORDER("targi", "GIVE 1G"), ORDER("targi", "GIVE"),
			    ORDER("targi", "GIVE 1D 1S"));
		if (s[TG_VP]) {
			if (s[TG_D] + s[TG_S] + s[TG_P] + s[TG_G])
				return bad(d, N_("%s alone, or %s goods or gold without %s"),
				    ORDER("targi", "GIVE VP"),
				    ORDER("targi", "GIVE"),
				    ORDER("targi", "VP"));
			s[TG_VP] = 1;
		}
		memcpy(o->arg, s, sizeof s);
	} else if (is(v, "CHOOSE") || is(v, "DROP")) {
		o->kind = is(v, "CHOOSE") ? K_CHOOSE : K_DROP;
		o->nargs = TG_NRES;
		if (spec(&ws, 1, ws.n, s) < 0 ||
		    (o->kind == K_DROP && (s[TG_G] || s[TG_VP])))
			return o->kind == K_CHOOSE ?
			    bad(d, N_("%s followed by what you take, e.g. %s, %s or %s"),
			    ORDER("targi", "CHOOSE"), ORDER("targi", "CHOOSE 1D 1S"),
			    ORDER("targi", "CHOOSE 1G"), ORDER("targi", "CHOOSE 1VP")) :
			    bad(d, N_("%s followed by the goods you put back, e.g. %s"),
			    ORDER("targi", "DROP"), ORDER("targi", "DROP 2D 1P"));
		memcpy(o->arg, s, sizeof s);
	} else if (is(v, "TAKE")) {
		o->kind = K_TAKE;
		o->arg[1] = -1;
		if (ws.n < 2 || ws.n > 3 || (t = target(ws.w[1])) < 0)
			return bad(d, N_("%s followed by a border card number (%s) or a central card (%s, or %s for a card of free choice)"),
			    ORDER("targi", "TAKE"), ORDER("targi", "TAKE 2"),
			    ORDER("targi", "TAKE B2"),
			    ORDER("targi", "TAKE B2 S"));
		o->arg[0] = t;
		if (ws.n == 3 && (o->arg[1] = good_word(ws.w[2])) < 0)
			return bad(d, N_("%s, %s or %s to choose the good"),
			    ORDER("targi", "TAKE B2 D"),
			    ORDER("targi", "TAKE B2 S"),
			    ORDER("targi", "TAKE B2 P"));
	} else if (is(v, "BUY")) {
		char u[TG_MSG];
		int i = 1;

		usage_msg(u, sizeof u, N_("%s (a central card) or %s (the card you drew), optionally followed by %s and what you pay"),
		    ORDER("targi", "BUY B2 ROW 1"), ORDER("targi", "BUY ROW 1"), ORDER("targi", "PAY"));
		o->kind = K_BUY;
		if (ws.n > 1 && !is(ws.w[1], "ROW")) {
			if ((t = target(ws.w[1])) < 100)
				return bad_as(d, u);
			o->arg[0] = t;
			i = 2;
		}
		if (row_pay(&ws, i, o, u, d) < 0)
			return -1;
	} else if (is(v, "KEEP") || is(v, "DISCARD") || is(v, "PASS")) {
		o->kind = is(v, "KEEP") ? K_KEEP : is(v, "DISCARD") ? K_DISCARD : K_PASS;
		if (o->kind == K_PASS && ws.n == 3 && is(ws.w[1], "DUNE") &&
		    (t = dune_word(ws.w[2])) >= 0) {
			o->arg[0] = TG_DUNE(t);
			goto done;
		}
		if (ws.n > 2)
			return o->kind == K_PASS ?
			    bad(d, N_("%s followed by a card you leave unused (%s, %s), or %s alone to skip a card's offer"),
			    ORDER("targi", "PASS"), ORDER("targi", "PASS 5"),
			    ORDER("targi", "PASS B2"), ORDER("targi", "PASS")) :
			    bad(d, N_("%s or %s followed by a central card (%s), or alone for the card you drew"),
			    ORDER("targi", "KEEP"), ORDER("targi", "DISCARD"), ORDER("targi", "KEEP B2"));
		if (ws.n == 2) {
			if ((t = target(ws.w[1])) < 0 ||
			    (o->kind != K_PASS && t < 100))
				return o->kind == K_PASS ?
				    bad(d, N_("%s or %s"), ORDER("targi", "PASS 5"), ORDER("targi", "PASS B2")) :
				    bad(d, N_("%s or %s (a central card), or %s/%s alone for the drawn card"),
				    ORDER("targi", "KEEP B2"), ORDER("targi", "DISCARD B2"),
				    ORDER("targi", "KEEP"), ORDER("targi", "DISCARD"));
			o->arg[0] = t;
		}
	} else if (is(v, "NOBLE")) {
		char u[TG_MSG];

		usage_msg(u, sizeof u, N_("%s (optionally %s and what you pay) or %s"),
		    ORDER("targi", "NOBLE ROW 1"), ORDER("targi", "PAY"), ORDER("targi", "NOBLE DISCARD"));
		o->kind = K_NOBLE;
		if (ws.n == 2 && is(ws.w[1], "DISCARD"))
			o->arg[0] = 1;
		else if (ws.n == 3 && is(ws.w[1], "DISCARD") &&
		    good_word(ws.w[2]) >= 0) {
			o->arg[0] = 1;
			o->arg[2] = good_word(ws.w[2]) + 1;
		} else if (row_pay(&ws, 1, o, u, d) < 0)
			return -1;
	} else if (is(v, "HAND")) {
		char u[TG_MSG];

		usage_msg(u, sizeof u, N_("%s, optionally followed by %s and what you pay"),
		    ORDER("targi", "HAND ROW 1"), ORDER("targi", "PAY"));
		o->kind = K_HAND;
		if (row_pay(&ws, 1, o, u, d) < 0)
			return -1;
	} else if (is(v, "TRADE")) {
		int f = -1, g2[TG_NRES], kinds = 0, k = -1, k2 = -1;

		o->kind = K_TRADE;
		for (int i = 1; i < ws.n; i++)
			if (is(ws.w[i], "FOR"))
				f = i;
		if (f < 0 || spec(&ws, 1, f, s) < 0 || spec(&ws, f + 1, ws.n, g2) < 0)
			return bad(d, N_("%s, %s (or %s with the tribe card that allows it)"),
			    ORDER("targi", "TRADE 3D FOR 1G"),
			    ORDER("targi", "TRADE 2S FOR 1P"),
			    ORDER("targi", "TRADE 1D FOR 1S"));
		for (int i = 0; i < TG_NRES; i++)
			if (s[i]) {
				kinds++;
				k = i;
			}
		if (kinds != 1 || k > TG_P)
			return bad(d, N_("%s goods of one kind, e.g. %s"),
			    ORDER("targi", "TRADE"),
			    ORDER("targi", "TRADE 3D FOR 1G"));
		kinds = 0;
		for (int i = 0; i < TG_NRES; i++)
			if (g2[i]) {
				kinds++;
				k2 = i;
			}
		if (kinds != 1 || k2 > TG_G || g2[k2] != 1)
			return bad(d, N_("the Merchant gives 1 gold or 1 good: %s or %s"),
			    ORDER("targi", "TRADE 3D FOR 1G"),
			    ORDER("targi", "TRADE 2D FOR 1S"));
		o->arg[0] = k;
		o->arg[1] = s[k];
		o->arg[2] = k2;
	} else if (is(v, "SILVERSMITH")) {
		int kinds = 0, k = -1;

		o->kind = K_SILVER;
		if (spec(&ws, 1, ws.n, s) < 0)
			return bad(d, N_("%s, %s, %s or %s"),
			    ORDER("targi", "SILVERSMITH 2D"),
			    ORDER("targi", "SILVERSMITH 4S"),
			    ORDER("targi", "SILVERSMITH 1G"),
			    ORDER("targi", "SILVERSMITH 2G"));
		for (int i = 0; i < TG_NRES; i++)
			if (s[i]) {
				kinds++;
				k = i;
			}
		if (kinds > 1 && s[TG_G] + s[TG_VP] + s[TG_W] == 0) {
			o->arg[0] = TG_NRES;
			o->arg[2] = s[TG_D];
			o->arg[3] = s[TG_S];
			o->arg[4] = s[TG_P];
			goto done;
		}
		if (kinds != 1 || k > TG_G)
			return bad(d, N_("%s with one kind, e.g. %s or %s"),
			    ORDER("targi", "SILVERSMITH"),
			    ORDER("targi", "SILVERSMITH 2D"),
			    ORDER("targi", "SILVERSMITH 1G"));
		o->arg[0] = k;
		o->arg[1] = s[k];
	} else if (is(v, "MIRAGE")) {
		int a, b, i = 1;

		o->kind = K_MIRAGE;
		if (ws.n == 4 && is(ws.w[2], "TO"))
			i = 0;
		if ((ws.n != 3 && i) || (a = target(ws.w[1])) < 100 ||
		    (b = target(ws.w[i ? 2 : 3])) < 100)
			return bad(d, N_("%s followed by the card your marker leaves and the card it moves to, e.g. %s"),
			    ORDER("targi", "MIRAGE"),
			    ORDER("targi", "MIRAGE A1 C3"));
		o->arg[0] = a - 100;
		o->arg[1] = b - 100;
	} else if (is(v, "CARAVAN")) {
		o->kind = K_CARAVAN;
		o->arg[0] = -1;
		if (ws.n > 2 || (ws.n == 2 && (o->arg[0] = good_word(ws.w[1])) < 0))
			return bad(d, N_("%s, or %s to take salt if the card offers a choice"),
			    ORDER("targi", "CARAVAN"),
			    ORDER("targi", "CARAVAN S"));
	} else if (is(v, "EXPAND")) {
		o->kind = K_EXPAND;
		if (ws.n != 1)
			return bad_as(d, ORDER("targi", "EXPAND"));
	} else if (is(v, "SWAP")) {
		o->kind = K_SWAP;
		if (ws.n != 3 || (o->arg[0] = slot_word(ws.w[1])) < 0 ||
		    (o->arg[1] = slot_word(ws.w[2])) < 0)
			return bad(d, N_("%s followed by two display places as row-place, e.g. %s"),
			    ORDER("targi", "SWAP"),
			    ORDER("targi", "SWAP 1-4 2-1"));
	} else if (is(v, "FAVOUR") || is(v, "FAVOR")) {
		int i = 1;

		o->kind = K_FAVOUR;
		o->arg[0] = FV_TAKE;
		o->arg[1] = -1;
		if (ws.n > 1 && is(ws.w[1], "PAY"))
			o->arg[0] = FV_DRAW;
		else if (ws.n > 1 && (is(ws.w[1], "KEEP") || is(ws.w[1], "TAKE")))
			o->arg[0] = FV_KEEP;
		else if (ws.n > 1 && is(ws.w[1], "PASS"))
			o->arg[0] = FV_PASS;
		if (o->arg[0] != FV_TAKE)
			i = 2;
		if (ws.n > i + 1 || (ws.n == i + 1 &&
		    (o->arg[1] = good_word(ws.w[i])) < 0) ||
		    (ws.n == i && o->arg[0] != FV_KEEP && o->arg[0] != FV_PASS) ||
		    (o->arg[0] == FV_PASS && ws.n != 2))
			return bad(d, N_("%s (take a good), %s (pay a good, turn up a goods card), %s (take the card turned up) or %s"),
			    ORDER("targi", "FAVOUR D"), ORDER("targi", "FAVOUR PAY D"),
			    ORDER("targi", "FAVOUR KEEP [S]"), ORDER("targi", "FAVOUR PASS"));
	} else if (is(v, "EXCHANGE")) {
		int f = -1, g2[TG_NRES], k2 = -1, kinds = 0;

		o->kind = K_EXCHANGE;
		for (int i = 1; i < ws.n; i++)
			if (is(ws.w[i], "FOR"))
				f = i;
		if (f < 0 || spec(&ws, 1, f, s) < 0 || spec(&ws, f + 1, ws.n, g2) < 0)
			return bad(d, N_("%s or %s"),
			    ORDER("targi", "EXCHANGE 3W FOR 1G"),
			    ORDER("targi", "EXCHANGE 2W FOR 1D"));
		for (int i = 0; i < TG_NRES; i++)
			if (g2[i]) {
				kinds++;
				k2 = i;
			}
		if (kinds != 1 || k2 > TG_G || g2[k2] != 1 ||
		    s[TG_W] != (k2 == TG_G ? 3 : 2) ||
		    s[TG_D] + s[TG_S] + s[TG_P] + s[TG_G] + s[TG_VP] != 0)
			return bad(d, N_("%s or %s (3 water buy 1 gold, 2 water 1 good)"),
			    ORDER("targi", "EXCHANGE 3W FOR 1G"),
			    ORDER("targi", "EXCHANGE 2W FOR 1D"));
		o->arg[0] = k2;
	} else if (is(v, "USE") || is(v, "DUNE")) {
		char *end;
		long id;

		o->kind = is(v, "USE") ? K_USE : K_DUNE;
		if (ws.n < 2 || (id = strtol(ws.w[1], &end, 10), *end != '\0') ||
		    id < 1 || id > 100000 ||
		    (o->kind == K_DUNE && (id > TG_DUNES)) ||
		    (ws.n > 2 && spec(&ws, 2, ws.n, s) < 0))
			return o->kind == K_USE ?
			    bad(d, N_("%s followed by the number of your tribe card with an action token, e.g. %s (%s when it lets you choose)"),
			    ORDER("targi", "USE"), ORDER("targi", "USE 301"), ORDER("targi", "USE 301 1D 1S")) :
			    bad(d, N_("%s followed by the sand dune (1 to 3) your Targi stands on, e.g. %s (%s when it lets you choose)"),
			    ORDER("targi", "DUNE"), ORDER("targi", "DUNE 2"), ORDER("targi", "DUNE 2 1D 1S"));
		o->arg[0] = o->kind == K_USE ? (int)id : (int)id - 1;
		if (ws.n > 2)
			memcpy(&o->arg[1], s, sizeof s);
	} else if (is(v, "REMOVE")) {
		o->kind = K_REMOVE;
		if (ws.n != 3 || !is(ws.w[1], "ROW") || strlen(ws.w[2]) != 1 ||
		    ws.w[2][0] < '1' || ws.w[2][0] > '3')
			return bad(d, N_("%s (the last card of that row goes at the last raid)"),
			    ORDER("targi", "REMOVE ROW 2"));
		o->arg[0] = ws.w[2][0] - '1';
	} else if (is(v, "END") || is(v, "DONE")) {
		o->kind = K_END;
		if (ws.n != 1)
			return bad_as(d, ORDER("targi", "END"));
	} else if (is(v, "STANDING")) {
		o->kind = K_STANDING;
		if (ws.n == 3 && is(ws.w[1], "RAID") &&
		    (is(ws.w[2], "VP") || is(ws.w[2], "GOODS") || is(ws.w[2], "ASK"))) {
			o->arg[0] = 0;
			o->arg[1] = is(ws.w[2], "VP") ? RM_VP : is(ws.w[2], "GOODS") ?
			    RM_GOODS : RM_ASK;
		} else if (ws.n == 3 && is(ws.w[1], "LIMIT") &&
		    (is(ws.w[2], "MOST") || is(ws.w[2], "ASK"))) {
			o->arg[0] = 1;
			o->arg[1] = is(ws.w[2], "MOST") ? LM_MOST : LM_ASK;
		} else if (ws.n == 5 && is(ws.w[1], "LIMIT")) {
			int seen = 0;

			o->arg[0] = 1;
			o->arg[1] = LM_ORDER;
			for (int i = 0; i < 3; i++) {
				int k = good_word(ws.w[2 + i]);

				if (k < 0 || (seen & (1 << k)))
					return bad(d, N_("%s followed by D, S and P in the order you give them up, e.g. %s"),
					    ORDER("targi", "STANDING LIMIT"),
					    ORDER("targi", "STANDING LIMIT D S P"));
				seen |= 1 << k;
				o->arg[2 + i] = k;
			}
		} else
			return bad(d, N_("%s|%s|%s, or %s|%s, or %s"),
			    ORDER("targi", "STANDING RAID VP"),
			    ORDER("targi", "GOODS"), ORDER("targi", "ASK"),
			    ORDER("targi", "STANDING LIMIT MOST"),
			    ORDER("targi", "ASK"),
			    ORDER("targi", "STANDING LIMIT D S P"));
	} else
		return diag_set(d, 0, "Unknown order \"%s\"; Targi orders are %s and %s (with the expansion also %s and %s).",
		    ws.w[0], ORDER("targi", "PLACE, PREFER, GIVE, TAKE, BUY, KEEP, DISCARD, "
		    "NOBLE, HAND, TRADE, SILVERSMITH, MIRAGE, CARAVAN, EXPAND, CHOOSE, SWAP, PASS, "
		    "END, DROP"), ORDER("targi", "STANDING"),
		    ORDER("targi", "FAVOUR, EXCHANGE, USE, DUNE"), ORDER("targi", "REMOVE"));
done:
	tg_format(o);
	return 0;
}

int
tg_legal(const void *vst, int seat, struct order_list *l)
{
	const struct tg_state *st = vst;
	size_t n0 = l->n;

	if (st->phase == PH_OVER || seat < 0 || seat >= TG_SEATS || st->turn != seat)
		return 0;
	switch (st->phase) {
	case PH_RAID:
		if (!st->pl[seat].raid_done) {
			size_t before = l->n;

			tg_raid_options(st, seat, l);
			/* Asked although it cannot pay (water could): it may
			 * decline, and the opponent takes the VP. */
			if (l->n == before && !(st->border[st->robber].last && st->x.last_card)) {
				struct order *o = order_list_add(l);

				memset(o, 0, sizeof *o);
				o->kind = K_GIVE;
				o->nargs = TG_NRES;
			}
		}
		break;
	case PH_PLACE:
		for (int n = 1; n <= TG_NBORDER + TG_DUNES; n++) {
			int t = n <= TG_NBORDER ? n : TG_DUNE(n - TG_NBORDER - 1);

			if (tg_place_legal(st, seat, t)) {
				struct order *o = order_list_add(l);

				o->kind = K_PLACE;
				o->nargs = 1;
				o->arg[0] = t;
			}
		}
		break;
	case PH_ACTIONS:
		tg_action_orders(st, seat, l);
		break;
	}
	if (l->n > 0)
		tg_free_orders(st, seat, l);
	/* The helpers list kind and args only: the engine itself (raids, the
	 * goods limit) uses them without ever showing a text. */
	if (!l->bare)
		for (size_t i = n0; i < l->n; i++)
			tg_format(&l->v[i]);
	return 0;
}

/* At a missed deadline: raids take goods (or gold) before VP, placement
 * takes the lowest free card, an open card decision keeps the card in hand
 * if the hand is free (else discards it), a choice takes the first listed,
 * the display move is skipped, and the rest of the actions are declined. */
int
tg_default_order(const void *vst, int seat, struct order *out)
{
	const struct tg_state *st = vst;
	struct order_list l;
	int rc = -1;

	order_list_init(&l);
	l.bare = 1;
	tg_legal(st, seat, &l);
	/* Water exchanges and action tokens are the player's to spend. */
	while (l.n > 0 && tg_free_order(&l.v[l.n - 1]))
		l.n--;
	if (l.n == 0)
		goto done;
	*out = l.v[0];
	rc = 0;
	for (size_t i = 0; i < l.n; i++) {
		const struct order *o = &l.v[i];

		if (st->phase == PH_RAID && o->kind == K_GIVE && !o->arg[TG_VP]) {
			*out = *o;
			break;
		}
		if (st->phase == PH_ACTIONS &&
		    (o->kind == K_END || o->kind == K_KEEP ||
		    (o->kind == K_PASS && o->arg[0] == 0) ||
		    (o->kind == K_FAVOUR && o->arg[0] == FV_KEEP)))
			*out = *o;
	}
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && out->kind != K_KEEP)
		for (size_t i = 0; i < l.n; i++)
			if (l.v[i].kind == K_DISCARD)
				*out = l.v[i];
	tg_format(out);
done:
	order_list_free(&l);
	return rc;
}
