#include <stdio.h>
#include <string.h>

#include "campaign/campaign-said.h"
#include "core/msg.h"
#include "lang/ordertr.h"

#define SAID 512

static const char *const days[] = { "sun", "mon", "tue", "wed", "thu", "fri", "sat" };

/* One unit of a duration, in the reader's plural form. */
static void
unit(char *out, size_t n, unsigned long v, int which)
{
	switch (which) {
	case 0:
		msg_nfmt(out, n, v, "%lu day", "%lu days", v);
		break;
	case 1:
		msg_nfmt(out, n, v, "%lu hour", "%lu hours", v);
		break;
	case 2:
		msg_nfmt(out, n, v, "%lu minute", "%lu minutes", v);
		break;
	default:
		msg_nfmt(out, n, v, "%lu second", "%lu seconds", v);
		break;
	}
}

/* s seconds (> 0) as "1 day and 12 hours": its non-zero units, largest
 * first. One format per number of units, so that a language joins a list
 * as it does ("1 día, 2 horas y 3 minutos"), not pair by pair. */
static void
duration(char *out, size_t n, long s)
{
	unsigned long v[4] = { (unsigned long)s / 86400, (unsigned long)s % 86400 / 3600,
	    (unsigned long)s % 3600 / 60, (unsigned long)s % 60 };
	char part[4][SAID / 4];
	int k = 0;

	for (int i = 0; i < 4; i++)
		if (v[i] != 0)
			unit(part[k++], sizeof part[0], v[i], i);
	switch (k) {
	case 1:
		snprintf(out, n, "%s", part[0]);
		break;
	case 2:
		msg_fmt(out, n, "%s and %s", part[0], part[1]);
		break;
	case 3:
		msg_fmt(out, n, "%s, %s and %s", part[0], part[1], part[2]);
		break;
	case 4:
		msg_fmt(out, n, "%s, %s, %s and %s", part[0], part[1], part[2], part[3]);
		break;
	default:
		snprintf(out, n, "%s", "");
		break;
	}
}

static void
line(struct buf *b, const char *m)
{
	buf_printf(b, "%s\n", m);
}

/* The weekdays a deadline may fall on, Monday first, as day names. */
static void
weekdays(const struct campaign *c, struct buf *b)
{
	char list[SAID] = "", m[SAID];

	if (c->weekdays == 0x7f) {
		msg_fmt(m, sizeof m, "Deadlines may fall on any day of the week.");
		line(b, m);
		return;
	}
	for (int k = 1; k <= 7; k++) {
		char key[32], day[64], prev[SAID];

		if (!(c->weekdays & (1 << (k % 7))))
			continue;
		snprintf(key, sizeof key, "common.date.%s", days[k % 7]);
		msg_term(day, sizeof day, key);
		snprintf(prev, sizeof prev, "%s", list);
		if (prev[0] == '\0')
			snprintf(list, sizeof list, "%s", day);
		else
			msg_fmt(list, sizeof list, "%s, %s", prev, day);
	}
	msg_fmt(m, sizeof m, "Deadlines fall only on these days: %s.", list);
	line(b, m);
}

static void
deadlines(const struct campaign *c, struct buf *b)
{
	char m[SAID], d[SAID], kind[64], key[64];

	duration(d, sizeof d, c->deadline);
	msg_fmt(m, sizeof m, "Each decision is due %s after the report that asks for it.", d);
	line(b, m);
	for (int i = 0; i < c->nkinds; i++) {
		snprintf(key, sizeof key, "common.kind.%s", c->kind[i]);
		msg_term(kind, sizeof kind, key);
		duration(d, sizeof d, c->kind_secs[i]);
		msg_fmt(m, sizeof m, "A decision of the kind \"%s\" is due %s after it.", kind, d);
		line(b, m);
	}
	if (c->snap >= 0)
		msg_fmt(m, sizeof m, "A deadline moves on to the next %02d:%02d.", c->snap / 60,
		    c->snap % 60);
	else
		msg_fmt(m, sizeof m, "A deadline is not moved to a time of day.");
	line(b, m);
	weekdays(c, b);
	if (c->remind > 0) {
		duration(d, sizeof d, c->remind);
		msg_fmt(m, sizeof m, "The player waited for is reminded %s before the deadline.", d);
	} else
		msg_fmt(m, sizeof m, "Nobody is reminded before a deadline.");
	line(b, m);
	if (c->grace > 0) {
		duration(d, sizeof d, c->grace);
		msg_fmt(m, sizeof m, "Orders still count for %s after a deadline; then the "
		    "default order is played.", d);
	} else
		msg_fmt(m, sizeof m, "At the deadline the default order is played.");
	line(b, m);
}

void
campaign_said(const struct campaign *c, const char *lang, struct buf *b)
{
	char m[SAID];

	/* The zone is STATUS's first line already. */
	deadlines(c, b);
	if (c->late_note)
		msg_fmt(m, sizeof m, "When a deadline passes, the other players are told.");
	else
		msg_fmt(m, sizeof m, "When a deadline passes, the other players are not told.");
	line(b, m);
	if (c->disorder_after > 0) {
		msg_nfmt(m, sizeof m, (unsigned long)c->disorder_after,
		    "After %d missed deadline in a row a seat goes into civil disorder; "
		    "the referee plays it then.",
		    "After %d missed deadlines in a row a seat goes into civil disorder; "
		    "the referee plays it then.",
		    c->disorder_after);
	} else
		msg_fmt(m, sizeof m, "A seat never goes into civil disorder.");
	line(b, m);
	msg_nfmt(m, sizeof m, (unsigned long)c->vacation_days,
	    "A seat may be away %d day in all.", "A seat may be away %d days in all.",
	    c->vacation_days);
	line(b, m);
	msg_nfmt(m, sizeof m, (unsigned long)c->pause_days,
	    "A pause ends by itself after %d day.", "A pause ends by itself after %d days.",
	    c->pause_days);
	line(b, m);
	if (!c->press)
		msg_fmt(m, sizeof m, "Players may not send press to each other.");
	else if (c->press_anonymous)
		msg_fmt(m, sizeof m, "Players may send press to each other, signed or not.");
	else
		msg_fmt(m, sizeof m, "Players may send press to each other, always signed.");
	line(b, m);
	if (c->press_copy_gm) {
		msg_fmt(m, sizeof m, "The game master gets a copy of all press.");
		line(b, m);
	}
	if (!c->calendar) {
		msg_fmt(m, sizeof m, "Mails carry no calendar entries for deadlines in this "
		    "game.");
		line(b, m);
	}
	if (c->gm[0] != '\0')
		msg_fmt(m, sizeof m, "The game master: %s.", c->gm);
	else
		msg_fmt(m, sizeof m, "This game has no game master.");
	line(b, m);
	if (c->foreign_apply)
		msg_fmt(m, sizeof m, "Orders with a seat's token from another address are "
		    "applied at once (the seat is told).");
	else
		msg_fmt(m, sizeof m, "Orders with a seat's token from another address wait "
		    "until the seat confirms them from its own address.");
	line(b, m);
	/* The word a seat writes after NOTIFY, as STATUS says its own. */
	msg_fmt(m, sizeof m, "A seat that has not chosen is told: %s.",
	    ordertr_word(lang, "", c->notify));
	line(b, m);
}
