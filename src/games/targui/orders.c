/* Targui orders: the order language, applying orders (or queueing them for
 * the tribe's next turn), who is waited for, the legal orders and the
 * default at a deadline. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/targui/targui.h"

#define NTOK 16

static const char *
tribe(const struct tu_state *s, int seat)
{
	return tu_tribe_name[s->tribe_of[seat]];
}

static int
tokens(const char *line, char tok[][24], int max)
{
	int n = 0;

	while (*line != '\0') {
		size_t len;

		while (isspace((unsigned char)*line))
			line++;
		if (*line == '\0')
			break;
		len = strcspn(line, " \t\r\n");
		if (n == max)
			return -1;
		snprintf(tok[n++], sizeof tok[0], "%.*s",
		    len > 23 ? 23 : (int)len, line);
		line += len;
	}
	return n;
}

static int
number(const char *t, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*t))
		return -1;
	v = strtol(t, &end, 10);
	if (*end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int
count(const char *t, int *out)
{
	if (strcasecmp(t, "ALL") == 0) {
		*out = TU_ALL;
		return 0;
	}
	return number(t, 1, 9999, out);
}

static int
box(const char *t, int *out, struct diag *d)
{
	if (number(t, 1, TU_BOXES, out) < 0)
		return diag_set(d, 0, "\"%s\" is not a box: boxes are numbered "
		    "1 to 49.", t);
	return 0;
}

/* Hand-built rather than printf'd: legal() writes thousands of these in a
 * random playout. */
static char *
app(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

static char *
app_int(char *p, int v)
{
	char t[12];
	int n = 0;

	*p++ = ' ';
	if (v == TU_ALL)
		return app(p, "ALL");
	do
		t[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0 && n < 11);
	while (n > 0)
		*p++ = t[--n];
	return p;
}

void
tu_order_text(struct order *o)
{
	static const char *const word[] = {
		"", "SECTOR", "SETTLE", "MOVE", "ATTACK", "BUY", "PASS", "END",
		"CANCEL"
	};
	const int *a = o->arg;
	char *p = o->text;

	if (o->kind < O_SECTOR || o->kind > O_CANCEL) {
		o->text[0] = '\0';
		return;
	}
	p = app(p, word[o->kind]);
	switch (o->kind) {
	case O_SECTOR:
		*p++ = ' ';
		*p++ = (char)('A' + a[0]);
		break;
	case O_SETTLE:
		p = app_int(p, a[0]);
		break;
	case O_MOVE:
		p = app_int(app_int(app_int(p, a[0]), a[1]), a[2]);
		break;
	case O_BUY:
		p = app_int(app_int(p, a[0]), a[1]);
		break;
	case O_ATTACK:
		p = app_int(app_int(p, a[0]), a[1]);
		if (a[2] > 0)
			p = app_int(app(p, " STOP"), a[2]);
		if (a[3] > 0)
			p = app_int(app(p, " AFTER"), a[3]);
		if (a[4] != TU_ALL)
			p = app_int(app(p, " ENTER"), a[4]);
		break;
	default:
		break;
	}
	*p = '\0';
}

static int
parse_attack(char tok[][24], int n, struct order *o, struct diag *d)
{
	char form[TU_MSG];

	/* The pattern of the order, its placeholders said in words. */
	msg_fmt(form, sizeof form, "%s <from> <to> [%s <camels>] "
	    "[%s <exchanges>] [%s <camels>|%s]", ORDER("targui", "ATTACK"), ORDER("targui", "STOP"),
	    ORDER("targui", "AFTER"), ORDER("targui", "ENTER"), ORDER("targui", "ALL"));
	if (n < 3)
		return diag_set(d, 0, "Write %s.", form);
	if (box(tok[1], &o->arg[0], d) < 0 || box(tok[2], &o->arg[1], d) < 0)
		return -1;
	o->arg[2] = 0;
	o->arg[3] = 0;
	o->arg[4] = TU_ALL;
	o->nargs = 5;
	for (int i = 3; i < n; i += 2) {
		int slot;

		if (strcasecmp(tok[i], "STOP") == 0)
			slot = 2;
		else if (strcasecmp(tok[i], "AFTER") == 0)
			slot = 3;
		else if (strcasecmp(tok[i], "ENTER") == 0)
			slot = 4;
		else
			return diag_set(d, 0, "\"%s\" is not part of an attack: "
			    "write %s.", tok[i], form);
		if (i + 1 == n)
			return diag_set(d, 0, "%s needs a number: write %s.",
			    tok[i], form);
		if (slot == 4 ? count(tok[i + 1], &o->arg[4]) < 0 :
		    number(tok[i + 1], 0, 9999, &o->arg[slot]) < 0) {
			if (slot == 3)
				return diag_set(d, 0, "\"%s\" after %s is not a "
				    "number of exchanges.", tok[i + 1], tok[i]);
			return diag_set(d, 0, "\"%s\" after %s is not a number "
			    "of camels.", tok[i + 1], tok[i]);
		}
	}
	return 0;
}

int
tu_parse(const void *st, int seat, const char *line, struct order *o,
    struct diag *d)
{
	char tok[NTOK][24];
	int n;

	(void)st;
	(void)seat;
	memset(o, 0, sizeof *o);
	if ((n = tokens(line, tok, NTOK)) == 0)
		return diag_set(d, 0, "The order is empty.");
	if (n < 0)
		return diag_set(d, 0, "The order is too long.");
	if (strcasecmp(tok[0], "SECTOR") == 0) {
		o->kind = O_SECTOR;
		o->nargs = 1;
		if (n != 2 || strlen(tok[1]) != 1 ||
		    toupper((unsigned char)tok[1][0]) < 'A' ||
		    toupper((unsigned char)tok[1][0]) > 'D')
			return diag_set(d, 0, "Write %s A, B, C or D.",
			    ORDER("targui", "SECTOR"));
		o->arg[0] = toupper((unsigned char)tok[1][0]) - 'A';
	} else if (strcasecmp(tok[0], "SETTLE") == 0) {
		o->kind = O_SETTLE;
		o->nargs = 1;
		if (n != 2)
			return diag_set(d, 0, "Write %s <box>, e.g. %s.",
			    ORDER("targui", "SETTLE"), ORDER("targui", "SETTLE 21"));
		if (box(tok[1], &o->arg[0], d) < 0)
			return -1;
	} else if (strcasecmp(tok[0], "MOVE") == 0) {
		o->kind = O_MOVE;
		o->nargs = 3;
		if (n != 3 && n != 4)
			return diag_set(d, 0, "Write %s <from> <to> "
			    "<camels>|%s, e.g. %s.", ORDER("targui", "MOVE"), ORDER("targui", "ALL"),
			    ORDER("targui", "MOVE 21 22 5"));
		if (box(tok[1], &o->arg[0], d) < 0 ||
		    box(tok[2], &o->arg[1], d) < 0)
			return -1;
		o->arg[2] = TU_ALL;
		if (n == 4 && count(tok[3], &o->arg[2]) < 0)
			return diag_set(d, 0, "\"%s\" is not a number of camels: "
			    "give a number from 1 or %s.", tok[3], ORDER("targui", "ALL"));
	} else if (strcasecmp(tok[0], "ATTACK") == 0) {
		o->kind = O_ATTACK;
		if (parse_attack(tok, n, o, d) < 0)
			return -1;
	} else if (strcasecmp(tok[0], "BUY") == 0) {
		o->kind = O_BUY;
		o->nargs = 2;
		if (n != 3)
			return diag_set(d, 0, "Write %s <box> <camels>|%s, "
			    "e.g. %s.", ORDER("targui", "BUY"), ORDER("targui", "ALL"), ORDER("targui", "BUY 21 4"));
		if (box(tok[1], &o->arg[0], d) < 0)
			return -1;
		if (count(tok[2], &o->arg[1]) < 0)
			return diag_set(d, 0, "\"%s\" is not a number of camels: "
			    "give a number from 1 or %s.", tok[2], ORDER("targui", "ALL"));
	} else if (strcasecmp(tok[0], "PASS") == 0 ||
	    strcasecmp(tok[0], "END") == 0 ||
	    strcasecmp(tok[0], "CANCEL") == 0) {
		o->kind = strcasecmp(tok[0], "PASS") == 0 ? O_PASS :
		    strcasecmp(tok[0], "END") == 0 ? O_END : O_CANCEL;
		if (n != 1)
			return diag_set(d, 0, "%s takes nothing after it.",
			    tok[0]);
	} else
		return diag_set(d, 0, "\"%s\" is not a Targui order: use %s, "
		    "%s, %s, %s, %s, %s, %s or %s.", tok[0], ORDER("targui", "SECTOR"),
		    ORDER("targui", "SETTLE"), ORDER("targui", "MOVE"), ORDER("targui", "ATTACK"),
		    ORDER("targui", "BUY"), ORDER("targui", "PASS"), ORDER("targui", "END"), ORDER("targui", "CANCEL"));
	tu_order_text(o);
	return 0;
}

static void
end_turn(struct tu_state *s)
{
	s->reject[s->cur][0] = '\0';
	s->cur = TU_NONE;
	s->turns++;
}

static void
finish_part(struct tu_state *s)
{
	if (++s->part < s->parts)
		s->step = ST_MOVE;
	else
		end_turn(s);
}

/* One order of the tribe on turn; checks everything before changing s. */
int
tu_apply_turn(struct tu_state *s, int seat, const struct order *o,
    struct tu_dice *dice, struct evsink *ev, struct diag *d)
{
	const int *a = o->arg;

	if ((o->kind == O_MOVE || o->kind == O_ATTACK) && s->step != ST_MOVE)
		return diag_set(d, 0, "You have moved this turn already: send "
		    "%s, %s or %s.", ORDER("targui", "BUY"), ORDER("targui", "PASS"), ORDER("targui", "END"));
	switch (o->kind) {
	case O_MOVE:
		if (tu_check_move(s, seat, a[0], a[1], a[2], d) < 0)
			return -1;
		tu_do_move(s, seat, a[0], a[1], a[2], ev);
		s->step = ST_BUY;
		break;
	case O_ATTACK:
		if (tu_check_attack(s, seat, a[0], a[1], d) < 0)
			return -1;
		tu_do_attack(s, seat, a[0], a[1], a[2], a[3], a[4], dice, ev);
		s->step = ST_BUY;
		break;
	case O_BUY:
		if (tu_check_buy(s, seat, a[0], a[1], d) < 0)
			return -1;
		tu_do_buy(s, seat, a[0], a[1], ev);
		finish_part(s);
		break;
	case O_PASS:
		ev_emit(ev, VIS_ALL, "The %s pass.", tribe(s, seat));
		if (s->step == ST_MOVE)
			s->step = ST_BUY;
		else
			finish_part(s);
		break;
	case O_END:
		ev_emit(ev, VIS_ALL, "The %s end their turn.", tribe(s, seat));
		end_turn(s);
		break;
	default: {
		char said[ORDER_TEXT + 16];

		msg_order(said, sizeof said, "targui", o->text);
		return diag_set(d, 0, "%s is not an order for a turn.", said);
	}
	}
	return 0;
}

static int
apply_setup(struct tu_state *s, int seat, const struct order *o,
    struct evsink *ev, struct diag *d)
{
	int want = o->kind == O_SECTOR ? PH_SECTOR : PH_SETTLE;

	if (o->kind == O_SECTOR && s->nseats == 3)
		return diag_set(d, 0, "With 3 tribes there are no sectors: "
		    "send %s with one of your three boxes.", ORDER("targui", "SETTLE"));
	if (s->phase != want && s->phase == PH_SECTOR)
		return diag_set(d, 0, "Sectors are chosen first: send %s A, "
		    "B, C or D.", ORDER("targui", "SECTOR"));
	if (s->phase != want && o->kind == O_SECTOR)
		return diag_set(d, 0, "The sectors have been chosen already.");
	if (s->phase != want)
		return diag_set(d, 0, "The settlements have been placed "
		    "already.");
	if (s->chooser != seat)
		return diag_set(d, 0, "It is the %s's turn to choose.",
		    tribe(s, s->chooser));
	if (o->kind == O_SECTOR) {
		if (tu_sector_allowed(s, seat, o->arg[0], d) < 0)
			return -1;
		tu_choose_sector(s, seat, o->arg[0], ev);
	} else {
		if (tu_settle_allowed(s, seat, o->arg[0], d) < 0)
			return -1;
		tu_choose_settle(s, seat, o->arg[0], ev);
	}
	s->chooser++;
	return 0;
}

int
tu_apply(void *st, int seat, const struct order *o, struct evsink *ev,
    struct diag *d)
{
	struct tu_state *s = st;
	struct tu_qorder *q;
	char said[ORDER_TEXT + 16];

	if (seat < 0 || seat >= s->nseats)
		return diag_set(d, 0, "There is no such seat in this game.");
	if (s->phase == PH_OVER)
		return diag_set(d, 0, "The game is over.");
	if (o->kind == O_CANCEL) {
		memset(s->queue[seat], 0, sizeof s->queue[seat]);
		s->nqueue[seat] = 0;
		ev_emit(ev, VIS_SEAT(seat), "Your queued orders are cancelled.");
		return 0;
	}
	if (s->out[seat])
		return diag_set(d, 0, "Your tribe is out of the game.");
	if (o->kind == O_SECTOR || o->kind == O_SETTLE) {
		if (apply_setup(s, seat, o, ev, d) < 0)
			return -1;
		tu_advance(s, ev);
		return 0;
	}
	if (o->kind < O_MOVE || o->kind > O_END)
		return diag_set(d, 0, "That is not a Targui order.");
	if (s->phase == PH_TURN && s->cur == seat) {
		if (tu_apply_turn(s, seat, o, NULL, ev, d) < 0)
			return -1;
		if (s->cur == seat)
			s->reject[seat][0] = '\0';
		tu_advance(s, ev);
		return 0;
	}
	if (tu_check_ever(s, o, d) < 0)
		return -1;
	if (s->nqueue[seat] == TU_QUEUE)
		return diag_set(d, 0, "You have %d orders queued already; send "
		    "%s to start again.", TU_QUEUE, ORDER("targui", "CANCEL"));
	q = &s->queue[seat][s->nqueue[seat]++];
	q->kind = o->kind;
	q->nargs = o->nargs;
	for (int i = 0; i < o->nargs && i < 6; i++)
		q->arg[i] = o->arg[i];
	/* The tribe named: the leak test tells one tribe's queue from another's. */
	msg_order(said, sizeof said, "targui", o->text);
	ev_emit(ev, VIS_SEAT(seat), "Queued for the next turn of the %s: %s",
	    tu_tribe_name[s->tribe_of[seat]], said);
	/* The sender's reply line says where the order went. */
	diag_set(d, 0, "queued for your next turn");
	return 0;
}

/* END or PASS closing a mail after the mail's orders ended the turn (a turn
 * ended since at_start): queued, it would end or shorten the next turn. */
int
tu_closes_nothing(const void *at_start, const void *now, int seat,
    const struct order *o)
{
	const struct tu_state *a = at_start, *s = now;

	(void)seat;
	return (o->kind == O_END || o->kind == O_PASS) && s->turns != a->turns;
}

void
tu_waiting_for(const void *st, struct pending *p)
{
	const struct tu_state *s = st;
	int w;

	memset(p, 0, sizeof *p);
	if (s->phase == PH_OVER) {
		p->over = 1;
		/* s->result is a message already (msg.h). */
		snprintf(p->result, sizeof p->result, "%s", s->result);
		return;
	}
	if (s->phase == PH_SECTOR) {
		w = s->chooser;
		snprintf(p->kind[w], sizeof p->kind[w], "sector");
		msg_fmt(p->what[w], sizeof p->what[w], "choosing the sector "
		    "for the settlement.");
		msg_fmt(p->own[w], sizeof p->own[w], "Choose the sector for "
		    "your settlement: %s A, B, C or D (top-left, top-right, "
		    "bottom-left, bottom-right).", ORDER("targui", "SECTOR"));
	} else if (s->phase == PH_SETTLE) {
		struct buf b = BUF_INIT;

		w = s->chooser;
		for (int box = 1; box <= TU_BOXES; box++)
			if (tu_settle_allowed(s, w, box, NULL) == 0)
				buf_printf(&b, " %d", box);
		snprintf(p->kind[w], sizeof p->kind[w], "settlement");
		/* b holds " 21 22 23": the boxes, each after a space. */
		msg_fmt(p->what[w], sizeof p->what[w], "choosing the box for "
		    "the settlement, one of %s.", b.p ? b.p + 1 : "");
		msg_fmt(p->own[w], sizeof p->own[w], "Choose the box for your "
		    "settlement: %s <box>, one of %s.", ORDER("targui", "SETTLE"),
		    b.p ? b.p + 1 : "");
		buf_free(&b);
	} else {
		char can[TU_MSG], own[TU_MSG];

		w = s->cur;
		if (w == TU_NONE)
			return;
		snprintf(p->kind[w], sizeof p->kind[w], "turn");
		if (s->step == ST_MOVE)
			msg_fmt(can, sizeof can, "%s or %s, then %s; or %s or %s",
			    ORDER("targui", "MOVE"), ORDER("targui", "ATTACK"), ORDER("targui", "BUY"),
			    ORDER("targui", "PASS"), ORDER("targui", "END"));
		else
			msg_fmt(can, sizeof can, "%s camels, or %s or %s",
			    ORDER("targui", "BUY"), ORDER("targui", "PASS"), ORDER("targui", "END"));
		if (s->parts != 2) {
			msg_fmt(p->what[w], sizeof p->what[w], "turn in round %d.",
			    s->round);
			msg_fmt(own, sizeof own, "%s (round %d).", can, s->round);
		} else if (s->part) {
			msg_fmt(p->what[w], sizeof p->what[w], "double (second "
			    "half) turn in round %d.", s->round);
			msg_fmt(own, sizeof own, "%s (round %d, second half of a double "
			    "turn).", can, s->round);
		} else {
			msg_fmt(p->what[w], sizeof p->what[w], "double (first half) "
			    "turn in round %d.", s->round);
			msg_fmt(own, sizeof own, "%s (round %d, first half of a double "
			    "turn).", can, s->round);
		}
		/* A failed queued order is the seat's own, said before. */
		if (s->reject[w][0] != '\0')
			msg_fmt(p->own[w], sizeof p->own[w], "%s %s", s->reject[w],
			    own);
		else
			snprintf(p->own[w], sizeof p->own[w], "%s", own);
	}
	p->seats = VIS_SEAT(w);
}

static void
add(struct order_list *l, int kind, int nargs, int a0, int a1, int a2,
    int a3, int a4)
{
	struct order *o = order_list_add(l);

	o->kind = kind;
	o->nargs = nargs;
	o->arg[0] = a0;
	o->arg[1] = a1;
	o->arg[2] = a2;
	o->arg[3] = a3;
	o->arg[4] = a4;
	if (!l->bare)
		tu_order_text(o);
}

static void
legal_buys(const struct tu_state *s, int seat, struct order_list *l)
{
	int max = tu_buy_max(s, seat);

	if (max == 0)
		return;
	for (int b = 1; b <= TU_BOXES; b++) {
		if (s->owner[b] != seat || s->terrain[b] == T_SALTMINE)
			continue;
		add(l, O_BUY, 2, b, 1, 0, 0, 0);
		if (max > 1)
			add(l, O_BUY, 2, b, max, 0, 0, 0);
	}
}

static void
legal_moves(const struct tu_state *s, int seat, struct order_list *l)
{
	for (int f = 1; f <= TU_BOXES; f++) {
		int c = s->camels[f], r = s->row[f], k = s->col[f];

		if (s->owner[f] != seat || c == 0)
			continue;
		/* tu_adjacent inlined: this loop runs 49 times per box owned,
		 * at every step of a random playout. */
		for (int t = 1; t <= TU_BOXES; t++) {
			if (t == f || s->row[t] < r - 1 || s->row[t] > r + 1 ||
			    s->col[t] < k - 1 || s->col[t] > k + 1 ||
			    s->terrain[t] == T_CHOTT)
				continue;
			if (s->owner[t] != TU_NONE && s->owner[t] != seat &&
			    s->camels[t] > 0) {
				add(l, O_ATTACK, 5, f, t, 0, 0, TU_ALL);
				add(l, O_ATTACK, 5, f, t, c / 2 + 1, 0, 1);
				add(l, O_ATTACK, 5, f, t, 0, 1, TU_ALL);
				continue;
			}
			add(l, O_MOVE, 3, f, t, c, 0, 0);
			if (c > 1)
				add(l, O_MOVE, 3, f, t, 1, 0, 0);
			if (c > 3)
				add(l, O_MOVE, 3, f, t, c / 2, 0, 0);
		}
	}
}

int
tu_legal(const void *st, int seat, struct order_list *l)
{
	const struct tu_state *s = st;

	if (s->phase == PH_SECTOR && s->chooser == seat) {
		for (int k = 0; k < TU_SECTORS; k++)
			if (tu_sector_allowed(s, seat, k, NULL) == 0)
				add(l, O_SECTOR, 1, k, 0, 0, 0, 0);
	} else if (s->phase == PH_SETTLE && s->chooser == seat) {
		for (int b = 1; b <= TU_BOXES; b++)
			if (tu_settle_allowed(s, seat, b, NULL) == 0)
				add(l, O_SETTLE, 1, b, 0, 0, 0, 0);
	} else if (s->phase == PH_TURN && s->cur == seat) {
		if (s->step == ST_MOVE)
			legal_moves(s, seat, l);
		legal_buys(s, seat, l);
		add(l, O_PASS, 0, 0, 0, 0, 0, 0);
		add(l, O_END, 0, 0, 0, 0, 0, 0);
	}
	return 0;
}

/* At a deadline: the first sector or box allowed; on a turn, END (the tribe
 * does nothing, which never harms it beyond the lost turn). */
int
tu_default_order(const void *st, int seat, struct order *o)
{
	const struct tu_state *s = st;
	struct order_list l;

	memset(o, 0, sizeof *o);
	if (s->phase == PH_TURN) {
		o->kind = O_END;
		tu_order_text(o);
		return s->cur == seat ? 0 : -1;
	}
	order_list_init(&l);
	tu_legal(st, seat, &l);
	if (l.n == 0) {
		order_list_free(&l);
		return -1;
	}
	*o = l.v[0];
	order_list_free(&l);
	return 0;
}
