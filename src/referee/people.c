#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign/dates.h"
#include "campaign/deadline-rows.h"
#include "campaign/notify.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/msg.h"
#include "games/bot.h"
#include "lang/lang.h"
#include "ledger/deadlines.h"
#include "ledger/seats.h"
#include "ledger/watchers.h"
#include "mail/address.h"
#include "referee/bots.h"
#include "referee/notice.h"
#include "referee/people.h"
#include "referee/tell.h"
#include "render/report.h"

#define DAY 86400L

int
people_seat(const struct play *p, const char *name, struct diag *d)
{
	struct buf names = BUF_INIT;

	for (int i = 0; i < p->g.nseats; i++)
		if (strcasecmp(p->g.seats[i].name, name) == 0)
			return i;
	for (int i = 0; i < p->g.nseats; i++)
		buf_printf(&names, "%s%s", i ? ", " : "", p->g.seats[i].name);
	diag_set(d, 0, "game %s has no seat \"%s\"; its seats are %s", p->g.name, name, names.p);
	buf_free(&names);
	return -1;
}

static int
refuse(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
refuse(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vset(d, 0, fmt, ap);
	va_end(ap);
	return PEOPLE_REFUSED;
}

static int
running(const struct play *p, struct diag *d)
{
	if (strcmp(p->g.status, "active") == 0)
		return 1;
	if (strcmp(p->g.status, "ended") == 0)
		refuse(d, "game %s was ended: %s", p->g.name, p->g.end_reason);
	else
		refuse(d, "game %s is over: %s", p->g.name, p->g.result);
	return 0;
}

/* Every one of these mails is about one game; the renderer knows its templates. */
struct mailer {
	struct ledger *l;
	const struct config *c;
	struct play *p;
	struct render rd;
	const char *now;
	struct diag *d;
};

static void
mailer_init(struct mailer *m, struct ledger *l, const struct config *c, struct play *p,
    const char *now, struct diag *d)
{
	m->l = l;
	m->c = c;
	m->p = p;
	m->now = now;
	m->d = d;
	render_init(&m->rd, c->datadir, p->rules->name, c->language);
}

static int
mailer_done(struct mailer *m, int rc)
{
	render_free(&m->rd);
	return rc < 0 ? PEOPLE_ELEDGER : 0;
}

/* The times a notice shows. One notice goes to many readers, and each
 * reads them in its own zone: the seat's TIMEZONE, else the campaign's. */
struct times {
	const struct campaign *camp;
	const struct game_row *g;
	const char *key[2];
	time_t at[2];
	int n;
};

static void
times_add(struct times *w, const char *key, time_t at)
{
	w->key[w->n] = key;
	w->at[w->n++] = at;
}

/* A notice_own: the times in seat's zone (-1, an observer: the campaign's). */
static int
times_for(void *arg, int seat, struct tval *extra)
{
	const struct times *w = arg;
	struct campaign c = *w->camp;
	char buf[CAMPAIGN_DATE];

	campaign_for_seat(&c, w->g, seat);
	for (int i = 0; i < w->n; i++) {
		campaign_date(&c, w->at[i], buf, sizeof buf);
		tval_set_str(extra, w->key[i], buf);
	}
	return 1;
}

static int
tell(struct mailer *m, int seat, const char *to, const char *tmpl, const char *kind,
    const struct tval *extra, int report)
{
	return notice_one(m->l, m->c, &m->rd, m->p, seat, to, tmpl, kind, extra, report,
	    m->now, m->d);
}

/* tell with the times w in the reader's zone. */
static int
tell_times(struct mailer *m, int seat, const char *to, const char *tmpl, const char *kind,
    const struct tval *extra, struct times *w)
{
	struct tval *mine = tval_copy(extra);
	int rc;

	times_for(w, seat, mine);
	rc = tell(m, seat, to, tmpl, kind, mine, 0);
	tval_free(mine);
	return rc;
}

/* The notice to every player but skip and every observer; w (or NULL): the
 * times each reads in its own zone. */
static int
tell_all(struct mailer *m, int skip, const char *tmpl, const char *kind,
    const struct tval *extra, struct times *w, int report)
{
	struct notice_own own = { times_for, w };

	return notice_everyone(m->l, m->c, &m->rd, m->p, skip, tmpl, kind, extra,
	    w != NULL ? &own : NULL, report, m->now, m->d);
}

/* The game may end while bots move. */
static int
bots_move(struct mailer *m)
{
	int steps = 0;

	if (bots_play(m->l, m->p, m->now, &steps, m->d) < 0 ||
	    play_update_status(m->l, m->p, m->d) < 0)
		return -1;
	/* The run that would close the deadlines the moves met looks at
	 * running games only: once the moves finish the game, close them now,
	 * or it shows an open deadline for ever. */
	if (steps > 0 && strcmp(m->p->g.status, "over") == 0) {
		struct campaign camp;

		if (campaign_load(m->l, m->p->g.id, &camp, m->d) < 0 ||
		    deadline_sync(m->l, m->p, &camp, m->d) < 0)
			return -1;
	}
	return 0;
}

int
people_welcome(struct ledger *l, const struct config *c, struct render *rd, struct play *p,
    int seat, const char *token, const char *now, struct diag *d)
{
	struct tval *extra = tval_map();
	struct tval *seats = tval_set_list(extra, "seats");

	tval_set_str(extra, "token", token);
	for (int k = 0; k < p->g.nseats; k++) {
		struct tval *s = tval_push_map(seats);

		tval_set_str(s, "name", p->g.seats[k].name);
		tval_set_bool(s, "bot", strcmp(p->g.seats[k].kind, "bot") == 0);
		tval_set_str(s, "level", bots_level_said(&p->g.seats[k]));
		tval_set_bool(s, "you", k == seat);
	}
	return tell_seat(l, c, rd, p, seat, "welcome", "welcome",
	    p->g.seats[seat].address, extra, "", "", now, d);
}

int
people_replace(struct ledger *l, const struct config *c, struct play *p, int seat,
    const char *address, uint64_t *fixed, const char *now, char token[TOKEN_LEN],
    struct diag *d)
{
	struct seat_row *s = &p->g.seats[seat];
	char old[sizeof s->address];
	int same, was_disorder = s->disorder, rc;
	struct mailer m;
	struct tval *extra;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (!address_valid(address))
		return refuse(d, "\"%s\" is not a mail address", address);
	if (token_new(token, s->salt, fixed) < 0)
		return refuse(d, "no randomness from the kernel");
	token_hash(token, s->salt, s->hash);
	/* A seat the referee plays keeps its player's address (seat ... human
	 * gives it back): that player is the one the seat is taken from. */
	snprintf(old, sizeof old, "%s", s->address);
	/* The same address: a player who lost the token gets a new one. */
	same = strcasecmp(old, address) == 0;
	snprintf(s->address, sizeof s->address, "%s", address);
	snprintf(s->kind, sizeof s->kind, "human");
	s->missed = 0;
	s->disorder = 0;
	if (!same) {
		/* A new person has a vacation allowance of their own. */
		s->away_from[0] = s->away_to[0] = '\0';
		s->away_used = 0;
	}
	if (seat_set_holder(l, p->g.id, seat, s, d) < 0)
		return PEOPLE_ELEDGER;
	if (!same) {
		/* Bounces tell about an address, not a seat: the new player starts clean. */
		if (seat_clear_bounces(l, p->g.id, seat, d) < 0 ||
		    seat_reset_choices(l, p->g.id, seat, s, d) < 0 ||
		    deadline_seat_handed_over(l, p->g.id, seat, d) < 0)
			return PEOPLE_ELEDGER;
		s->bounces = 0;
		s->last_bounce[0] = '\0';
	}
	log_info("%s: seat %s %s", p->g.name, s->name, same ? "has a new token" :
	    "was handed over to a new player");

	if (!same && deadline_restart(l, p, seat, now, d) < 0)
		return PEOPLE_ELEDGER;
	mailer_init(&m, l, c, p, now, d);
	rc = people_welcome(l, c, &m.rd, p, seat, token, now, d);
	if (rc == 0 && !same) {
		extra = tval_map();
		tval_set_str(extra, "who", s->name);
		tval_set_bool(extra, "replaced", 1);
		tval_set_bool(extra, "was_disorder", was_disorder);
		if (address_valid(old))
			rc = tell(&m, -1, old, "handed-over", "handover", extra, 0);
		if (rc == 0)
			rc = tell_all(&m, seat, "seat-news", "seat", extra, NULL, 0);
		tval_free(extra);
	}
	return mailer_done(&m, rc);
}

int
people_set_bot(struct ledger *l, const struct config *c, struct play *p, int seat, int level,
    const char *now, struct diag *d)
{
	struct seat_row *s = &p->g.seats[seat];
	int was_disorder = s->disorder, rc, bot = level >= 0;
	int64_t before = p->seq;
	struct mailer m;
	struct tval *extra;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (bot && strcmp(s->kind, "bot") == 0 && bots_level(s) == level)
		return refuse(d, "seat %s of game %s is already played by the referee (bot:%s)",
		    s->name, p->g.name, s->bot_level);
	if (bot)
		snprintf(s->bot_level, sizeof s->bot_level, "%s", bot_level_name(level));
	if (bot && strcmp(s->kind, "bot") == 0) {
		/* Who moves is unchanged, so nobody is told. */
		if (seat_set_holder(l, p->g.id, seat, s, d) < 0)
			return PEOPLE_ELEDGER;
		log_info("%s: seat %s is played by the referee at level %s", p->g.name,
		    s->name, s->bot_level);
		return 0;
	}
	if (!bot && strcmp(s->kind, "human") == 0 && !s->disorder)
		return refuse(d, "seat %s of game %s is already played by its player", s->name,
		    p->g.name);
	if (!bot && !address_valid(s->address))
		return refuse(d, "seat %s of game %s has no player's address; give it one "
		    "with \"azalai seat %s %s replace ADDRESS\"", s->name, p->g.name, p->g.name,
		    s->name);
	snprintf(s->kind, sizeof s->kind, "%s", bot ? "bot" : "human");
	if (!bot) {
		s->disorder = 0;
		s->missed = 0;
	}
	if (seat_set_holder(l, p->g.id, seat, s, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: seat %s is played by %s", p->g.name, s->name,
	    bot ? "the referee" : "its player again");

	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_str(extra, "who", s->name);
	tval_set_bool(extra, bot ? "to_bot" : "to_human", 1);
	tval_set_bool(extra, "was_disorder", was_disorder);
	if (bot) {
		/* Its player hears it first, before the referee's moves are reported. */
		rc = address_valid(s->address) ? tell(&m, -1, s->address, "seat-bot", "seat",
		    extra, 0) : 0;
		if (rc == 0)
			rc = bots_move(&m);
		/* When the referee moved at once, the news comes with its report. */
		tval_set_bool(extra, "with_report", p->seq > before);
		if (rc == 0)
			rc = tell_all(&m, seat, "seat-news", "seat", extra, NULL, p->seq > before);
	} else {
		rc = deadline_restart(l, p, seat, now, d);
		if (rc == 0)
			rc = tell(&m, seat, s->address, "seat-human", "seat", extra, 1);
		if (rc == 0)
			rc = tell_all(&m, seat, "seat-news", "seat", extra, NULL, 0);
	}
	tval_free(extra);
	return mailer_done(&m, rc);
}

time_t
people_parse_time(const struct campaign *camp, const char *s)
{
	unsigned y, mo, da, h = 0, mi = 0;
	int n = 0, len = (int)strlen(s);
	GTimeZone *tz;
	GDateTime *dt;
	time_t t;

	if (len >= 20 && s[len - 1] == 'Z')
		return clock_parse_iso(s);
	if (sscanf(s, "%4u-%2u-%2u%n", &y, &mo, &da, &n) != 3 || n != 10)
		return -1;
	if (s[10] != '\0') {
		int k = 0;

		if ((s[10] != 'T' && s[10] != ' ') ||
		    sscanf(s + 11, "%2u:%2u%n", &h, &mi, &k) != 2 || k != 5 ||
		    s[16] != '\0')
			return -1;
	}
	if (y < 1970 || mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59)
		return -1;
	/* GLib refuses 31 November (no date), and moves a time the clocks skip
	 * to the first instant after the gap. */
	tz = campaign_zone(camp);
	dt = g_date_time_new(tz, (int)y, (int)mo, (int)da, (int)h, (int)mi, 0);
	t = dt != NULL ? (time_t)g_date_time_to_unix(dt) : -1;
	if (dt != NULL)
		g_date_time_unref(dt);
	g_time_zone_unref(tz);
	return t;
}

/* Seconds of the seat's current vacation taken by now. */
static long
taken(const struct seat_row *s, time_t now)
{
	time_t from, to;

	if (s->away_from[0] == '\0' || (from = clock_parse_iso(s->away_from)) < 0 ||
	    (to = clock_parse_iso(s->away_to)) < 0 || now <= from)
		return 0;
	return (long)((now < to ? now : to) - from);
}

static long
days_up(long secs)
{
	return (secs + DAY - 1) / DAY;
}

static int
away_mails(struct mailer *m, int seat, const struct campaign *camp, time_t from, time_t to,
    int back)
{
	struct tval *extra = tval_map();
	const struct seat_row *s = &m->p->g.seats[seat];
	struct times w = { camp, &m->p->g, { NULL, NULL }, { 0, 0 }, 0 };
	char said[128];
	int rc;

	tval_set_str(extra, "who", s->name);
	tval_set_bool(extra, back ? "back" : "away", 1);
	if (!back) {
		times_add(&w, "from", from);
		times_add(&w, "to", to);
		tval_set_int(extra, "days_used", days_up(s->away_used + (long)(to - from)));
		/* Rendered in each reader's language, with its plural form. */
		msg_nfmt(said, sizeof said, (unsigned long)camp->vacation_days,
		    "%d day of vacation", "%d days of vacation", camp->vacation_days);
		tval_set_str(extra, "vacation_days", said);
	}
	rc = tell_times(m, seat, s->address, "away", "away", extra, &w);
	if (rc == 0)
		rc = tell_all(m, seat, "seat-news", "seat", extra, &w, 0);
	tval_free(extra);
	return rc;
}

int
people_away(struct ledger *l, const struct config *c, struct play *p, int seat, time_t from,
    time_t to, const char *now, struct diag *d)
{
	struct seat_row *s = &p->g.seats[seat];
	time_t t = clock_parse_iso(now);
	struct campaign camp;
	struct mailer m;
	long used, want;
	char a[CAMPAIGN_DATE], b[CAMPAIGN_DATE];

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (strcmp(s->kind, "human") != 0)
		return refuse(d, "seat %s of game %s is played by the referee; a vacation is "
		    "for a player", s->name, p->g.name);
	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return PEOPLE_ELEDGER;
	/* Dates as messages: the refusal reads in its reader's language. */
	campaign_date(&camp, from, a, sizeof a);
	campaign_date(&camp, to, b, sizeof b);
	if (to <= from)
		return refuse(d, "the vacation must end after it begins (%s to %s)", a, b);
	if (to <= t)
		return refuse(d, "the vacation %s to %s is over already", a, b);
	if (from < t)
		from = t;
	/* What the current vacation took so far counts; the rest of it is replaced. */
	used = s->away_used + taken(s, t);
	want = (long)(to - from);
	if (used + want > camp.vacation_days * DAY)
		return refuse(d, "seat %s of game %s may be away %d day%s in all (campaign "
		    "setting vacation_max_days); it has taken %ld, and %s to %s is %ld more",
		    s->name, p->g.name, camp.vacation_days, camp.vacation_days == 1 ? "" : "s",
		    days_up(used), a, b, days_up(want));
	s->away_used = used;
	clock_iso(from, s->away_from, sizeof s->away_from);
	clock_iso(to, s->away_to, sizeof s->away_to);
	if (seat_set_holder(l, p->g.id, seat, s, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: seat %s is away from %s to %s", p->g.name, s->name, s->away_from,
	    s->away_to);
	mailer_init(&m, l, c, p, now, d);
	return mailer_done(&m, away_mails(&m, seat, &camp, from, to, 0));
}

int
people_back(struct ledger *l, const struct config *c, struct play *p, int seat,
    const char *now, struct diag *d)
{
	struct seat_row *s = &p->g.seats[seat];
	time_t t = clock_parse_iso(now);
	struct campaign camp;
	struct mailer m;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (s->away_to[0] == '\0' || clock_parse_iso(s->away_to) <= t)
		return refuse(d, "seat %s of game %s is not away", s->name, p->g.name);
	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return PEOPLE_ELEDGER;
	s->away_used += taken(s, t);
	s->away_from[0] = s->away_to[0] = '\0';
	if (seat_set_holder(l, p->g.id, seat, s, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: seat %s is back", p->g.name, s->name);
	mailer_init(&m, l, c, p, now, d);
	return mailer_done(&m, away_mails(&m, seat, &camp, 0, 0, 1));
}

int
people_pause(struct ledger *l, const struct config *c, struct play *p, long secs,
    const char *reason, const char *now, struct diag *d)
{
	time_t t = clock_parse_iso(now);
	struct campaign camp;
	struct mailer m;
	struct times w = { NULL, NULL, { NULL, NULL }, { 0, 0 }, 0 };
	struct tval *extra;
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (p->g.paused_at[0] != '\0')
		return refuse(d, "game %s is paused already (since %s: %s)", p->g.name,
		    p->g.paused_at, p->g.paused_reason);
	if (reason[0] == '\0')
		return refuse(d, "say why the game pauses: the players are told");
	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return PEOPLE_ELEDGER;
	if (camp.pause_days == 0)
		return refuse(d, "game %s allows no pause (campaign setting pause_max_days 0)",
		    p->g.name);
	if (secs <= 0 || secs > camp.pause_days * DAY)
		secs = camp.pause_days * DAY;
	snprintf(p->g.paused_at, sizeof p->g.paused_at, "%s", now);
	clock_iso(t + secs, p->g.paused_until, sizeof p->g.paused_until);
	snprintf(p->g.paused_reason, sizeof p->g.paused_reason, "%s", reason);
	if (ledger_game_update(l, &p->g, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s paused until %s: %s", p->g.name, p->g.paused_until, reason);
	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_str(extra, "reason", reason);
	w.camp = &camp;
	w.g = &p->g;
	times_add(&w, "until", t + secs);
	rc = tell_all(&m, -1, "paused", "pause", extra, &w, 0);
	tval_free(extra);
	return mailer_done(&m, rc);
}

int
people_resume(struct ledger *l, const struct config *c, struct play *p, int by_itself,
    const char *now, struct diag *d)
{
	time_t t = clock_parse_iso(now), since;
	struct mailer m;
	struct tval *extra;
	int rc;

	if (p->g.paused_at[0] == '\0')
		return refuse(d, "game %s is not paused", p->g.name);
	since = clock_parse_iso(p->g.paused_at);
	/* Deadlines stood still while the game did. */
	if (since >= 0 && t > since && deadline_shift(l, p->g.id, -1, (long)(t - since), d) < 0)
		return PEOPLE_ELEDGER;
	extra = tval_map();
	tval_set_str(extra, "reason", p->g.paused_reason);
	tval_set_bool(extra, "by_itself", by_itself);
	p->g.paused_at[0] = p->g.paused_until[0] = p->g.paused_reason[0] = '\0';
	if (ledger_game_update(l, &p->g, d) < 0) {
		tval_free(extra);
		return PEOPLE_ELEDGER;
	}
	log_info("%s resumed%s", p->g.name, by_itself ? " by itself" : "");
	mailer_init(&m, l, c, p, now, d);
	rc = tell_all(&m, -1, "resumed", "resume", extra, NULL, 0);
	tval_free(extra);
	return mailer_done(&m, rc);
}

int
people_language(struct ledger *l, struct play *p, int seat, const char *language,
    struct diag *d)
{
	char lang[LANG_LEN];

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (lang_parse(language, lang, d) < 0)
		return PEOPLE_REFUSED;
	if (lang_set_seat(l, p, seat, lang, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: seat %s reads %s", p->g.name, p->g.seats[seat].name, lang);
	return 0;
}

int
people_notify(struct ledger *l, const struct config *c, struct play *p, int seat,
    const char *mode, const char *now, struct diag *d)
{
	struct mailer ml;
	char m[8];
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (notify_parse(mode, m, d) < 0)
		return PEOPLE_REFUSED;
	if (notify_set(l, p, seat, m, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: seat %s is told %s", p->g.name, p->g.seats[seat].name, m);
	/* A switch sends what the new mode owes: from digest to due while a
	 * decision is due, the report of it now, not at the next step. */
	mailer_init(&ml, l, c, p, now, d);
	rc = tell_owed(l, c, &ml.rd, p, seat, now, d);
	return mailer_done(&ml, rc);
}

int
people_end(struct ledger *l, const struct config *c, struct play *p, const char *reason,
    const char *now, struct diag *d)
{
	struct mailer m;
	struct tval *extra;
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (reason[0] == '\0')
		return refuse(d, "say why the game ends: the players are told");
	snprintf(p->g.status, sizeof p->g.status, "ended");
	snprintf(p->g.result, sizeof p->g.result, "%s", reason);
	snprintf(p->g.end_reason, sizeof p->g.end_reason, "%s", reason);
	p->g.paused_at[0] = p->g.paused_until[0] = p->g.paused_reason[0] = '\0';
	if (ledger_game_update(l, &p->g, d) < 0)
		return PEOPLE_ELEDGER;
	if (deadline_cancel_game(l, p->g.id, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s ended by the game master: %s", p->g.name, reason);
	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_str(extra, "reason", reason);
	/* The reader's last report, with what it had not heard yet: nothing
	 * is owed after it, so no later mail (press, a command) sends one. */
	rc = tell_all(&m, -1, "ended", "end", extra, NULL, 1);
	tval_free(extra);
	return mailer_done(&m, rc);
}

int
people_watch(struct ledger *l, const struct config *c, struct play *p, const char *address,
    const char *language, const char *now, struct diag *d)
{
	sqlite3_stmt *st;
	struct mailer m;
	char lang[LANG_LEN] = "";
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (!address_valid(address))
		return refuse(d, "\"%s\" is not a mail address", address);
	if (language != NULL && language[0] != '\0' && lang_parse(language, lang, d) < 0)
		return PEOPLE_REFUSED;
	st = ledger_prep(l, "SELECT 1 FROM watchers WHERE game_id = ? AND address = ? "
	    "COLLATE NOCASE");
	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW && lang[0] == '\0')
		return refuse(d, "%s watches game %s already", address, p->g.name);
	if (rc == SQLITE_ROW) {
		/* An observer that watches already chooses its language again. */
		if (watcher_set_language(l, p->g.id, address, lang, d) < 0)
			return PEOPLE_ELEDGER;
		log_info("%s: %s reads %s", p->g.name, address, lang);
		return 0;
	}
	/* The first report tells what happened in the newest step. */
	if (watcher_add(l, p->g.id, address, now, p->seq - 1, lang, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: %s watches", p->g.name, address);
	mailer_init(&m, l, c, p, now, d);
	return mailer_done(&m, tell(&m, -1, address, "watching", "watch", NULL, 1));
}

int
people_watch_notify(struct ledger *l, const struct config *c, struct play *p,
    const char *address, const char *mode, const char *now, struct diag *d)
{
	struct mailer m;
	struct tval *extra;
	char md[8];
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	if (notify_parse(mode, md, d) < 0)
		return PEOPLE_REFUSED;
	if ((rc = watcher_set_notify(l, p->g.id, address, md, d)) < 0)
		return PEOPLE_ELEDGER;
	if (rc == 0)
		return refuse(d, "%s does not watch game %s", address, p->g.name);
	log_info("%s: %s is told %s", p->g.name, address, md);
	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_bool(extra, "notify_every", strcmp(md, "every") == 0);
	tval_set_bool(extra, "notify_due", strcmp(md, "due") == 0);
	tval_set_bool(extra, "notify_digest", strcmp(md, "digest") == 0);
	rc = tell(&m, -1, address, "watch-notify", "watch", extra, 0);
	tval_free(extra);
	/* A switch sends what the new mode owes (a digest held back). */
	if (rc == 0)
		rc = tell_watchers(l, c, &m.rd, p, now, d);
	return mailer_done(&m, rc);
}

int
people_unwatch(struct ledger *l, const struct config *c, struct play *p, const char *address,
    const char *now, struct diag *d)
{
	struct mailer m;
	sqlite3_stmt *st = ledger_prep(l, "SELECT 1 FROM watchers WHERE game_id = ? AND "
	    "address = ? COLLATE NOCASE");
	int rc;

	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return refuse(d, "%s does not watch game %s", address, p->g.name);
	/* Told while it still watches: in the language it chose. */
	mailer_init(&m, l, c, p, now, d);
	rc = tell(&m, -1, address, "unwatched", "watch", NULL, 0);
	if (rc == 0 && watcher_remove(l, p->g.id, address, d) < 0)
		rc = -1;
	if (rc == 0)
		log_info("%s: %s no longer watches", p->g.name, address);
	return mailer_done(&m, rc);
}

int
people_set(struct ledger *l, const struct config *c, struct play *p, const char *key,
    const char *value, const char *now, struct diag *d)
{
	struct campaign camp;
	struct mailer m;
	struct tval *extra;
	int rc;

	if (!running(p, d))
		return PEOPLE_REFUSED;
	campaign_defaults(&camp);
	/* A wrong key or value is the game master's to fix, not a ledger error. */
	if (campaign_apply(&camp, key, value, d) < 0 ||
	    campaign_check_kind(p->rules, key, d) < 0)
		return PEOPLE_REFUSED;
	if (campaign_set(l, p->g.id, key, value, d) < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: setting %s = %s", p->g.name, key, value);
	/* The game master's address is no business of the players. */
	if (strcmp(key, "gm") == 0)
		return 0;
	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_str(extra, "key", key);
	tval_set_str(extra, "value", value);
	rc = tell_all(&m, -1, "setting", "setting", extra, NULL, 0);
	tval_free(extra);
	return mailer_done(&m, rc);
}

/* What a reader reads of a rollback: the undone moves it saw, numbered as
 * it numbers steps (report_step_seen); another seat's queued order is no
 * step it saw, so it is neither named nor counted. */
struct undo_seen {
	int64_t lo, hi;
	int n;                      /* moves it saw undone; 0: none */
	uint32_t vis;               /* say_undone: the readers that read the same */
};

struct undo_told {
	struct ledger *l;
	struct undo_seen seen[MAX_SEATS + 1];   /* [0] the observer, [1 + seat] */
	int viewer;
	int failed;                 /* a ledger error while counting (d says it) */
	struct diag *d;
};

static int
count_seen(void *arg, const struct event_row *e)
{
	struct undo_told *u = arg;

	if (e->seat >= 0 && !report_step_hidden(e->narrative, u->viewer))
		u->seen[u->viewer + 1].n++;
	return 0;
}

/* One line per group of readers that read the same numbers; a reader that
 * saw none of the moves reads none, so the rollback is a step it may not
 * see either. Called before the moves are marked undone. */
static void
say_undone(void *arg, const struct play *p, int64_t first, int64_t last, int steps,
    const char *reason, struct buf *out)
{
	struct undo_told *u = arg;
	struct undo_seen *g[MAX_SEATS + 1];
	int ng = 0;

	(void)steps;
	for (int v = -1; v < p->g.nseats; v++) {
		struct undo_seen *s = &u->seen[v + 1];
		int k;

		s->lo = report_step_seen(u->l, p, v, first - 1) + 1;
		s->hi = report_step_seen(u->l, p, v, last);
		s->n = 0;
		s->vis = 0;
		u->viewer = v;
		if (ledger_events_each(u->l, p->g.id, first, last, count_seen, u, u->d) < 0)
			u->failed = 1;
		if (s->n <= 0)
			continue;
		for (k = 0; k < ng && !(g[k]->lo == s->lo && g[k]->hi == s->hi &&
		    g[k]->n == s->n); k++)
			;
		if (k == ng)
			g[ng++] = s;
		g[k]->vis |= v >= 0 ? VIS_SEAT(v) : 0x80000000u;
	}
	/* Every reader alike, as in nearly every game: one line for all. */
	if (ng == 1 && g[0]->vis == (0x80000000u | (VIS_SEAT(p->g.nseats) - 1)))
		g[0]->vis = VIS_ALL;
	for (int k = 0; k < ng; k++)
		play_rollback_line(out, g[k]->vis, g[k]->n, g[k]->lo, g[k]->hi, reason);
}

/* A reader's rollback notice, in its numbers; none when it saw no move undone. */
static int
own_undone(void *arg, int seat, struct tval *extra)
{
	const struct undo_seen *s = &((struct undo_told *)arg)->seen[seat + 1];

	tval_set_int(extra, "first", s->lo);
	tval_set_int(extra, "last", s->hi);
	tval_set_bool(extra, "one", s->n == 1);
	tval_set_int(extra, "steps", s->n);
	return s->n > 0;
}

int
people_rollback(struct ledger *l, const struct config *c, struct play *p, int steps,
    const char *reason, const char *now, int64_t *first, int64_t *last, struct diag *d)
{
	struct mailer m;
	struct tval *extra;
	struct undo_told u = { .l = l, .d = d };
	struct rollback_say say = { say_undone, &u };
	struct notice_own own = { own_undone, &u };
	int rc;

	if (strcmp(p->g.status, "ended") == 0)
		return refuse(d, "game %s was ended: %s", p->g.name, p->g.end_reason);
	/* The final report opened the seed and the decks: played on, the game
	 * would have no secret left. */
	if (strcmp(p->g.status, "over") == 0)
		return refuse(d, "game %s is over and its final report revealed the seed "
		    "and every hidden card: it cannot go on", p->g.name);
	rc = play_rollback_said(l, p, steps, reason, &say, now, first, last, d);
	if (rc == 0 && u.failed)
		return PEOPLE_ELEDGER;
	if (rc == PLAY_ERULES)
		return PEOPLE_REFUSED;
	if (rc < 0)
		return PEOPLE_ELEDGER;
	log_info("%s: steps %lld to %lld undone: %s", p->g.name, (long long)*first,
	    (long long)*last, reason);
	mailer_init(&m, l, c, p, now, d);
	extra = tval_map();
	tval_set_str(extra, "reason", reason);
	tval_set_bool(extra, "has_reason", reason[0] != '\0');
	/* The referee's own seats move on at once: the notice's report has it all. */
	rc = bots_move(&m);
	if (rc == 0)
		rc = notice_everyone(l, c, &m.rd, p, -1, "rollback", "rollback", extra, &own, 1,
		    now, d);
	tval_free(extra);
	return mailer_done(&m, rc);
}
