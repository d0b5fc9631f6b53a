#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign/campaign.h"
#include "campaign/notify-word.h"
#include "games/bot.h"
#include "mail/address.h"

void
campaign_defaults(struct campaign *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->timezone, sizeof c->timezone, "UTC");
	c->deadline = 3 * 86400;
	c->snap = -1;
	c->weekdays = 0x7f;
	c->remind = 86400;
	c->late_note = 1;
	c->disorder_after = 3;
	/* The strongest level: its budget holds within the time cap. */
	snprintf(c->disorder_bot, sizeof c->disorder_bot, "%s", bot_level_name(BOT_ISMCTS));
	c->vacation_days = 14;
	c->pause_days = 28;
	c->press = 1;
	c->calendar = 1;
	/* A player who lost to a bot wants to learn from it; between people,
	 * a game's analysis is theirs to ask for. */
	c->turning = -1;
	/* A player of a slow game wants mail when there is something to decide,
	 * not after each of the other players' steps. */
	snprintf(c->notify, sizeof c->notify, "due");
}

long
campaign_parse_duration(const char *s)
{
	long total = 0;
	int any = 0;

	if (strcasecmp(s, "none") == 0 || strcmp(s, "0") == 0)
		return 0;
	while (*s != '\0') {
		char *end;
		long n = strtol(s, &end, 10), unit;

		if (end == s || n < 0 || n > 10000000)
			return -1;
		switch (*end) {
		case 'd': unit = 86400; end++; break;
		case 'h': unit = 3600; end++; break;
		case 'm': unit = 60; end++; break;
		case 's': unit = 1; end++; break;
		case '\0': unit = any ? -1 : 1; break;
		default: return -1;
		}
		if (unit < 0)
			return -1;
		total += n * unit;
		if (total > 366L * 86400)
			return -1;
		any = 1;
		s = end;
	}
	return any ? total : -1;
}

static int
parse_bool(const char *v)
{
	if (strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0 ||
	    strcasecmp(v, "on") == 0)
		return 1;
	if (strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0 ||
	    strcasecmp(v, "off") == 0)
		return 0;
	return -1;
}

static const char *const daynames[] = { "sunday", "monday", "tuesday", "wednesday",
	"thursday", "friday", "saturday" };

/* A day is its name or the start of it, three letters at least ("mon",
 * "thurs", "friday"); "frie" is no day. */
static int
day_index(const char *s, size_t n)
{
	for (int i = 0; i < 7; i++)
		if (n >= 3 && n <= strlen(daynames[i]) && strncasecmp(s, daynames[i], n) == 0)
			return i;
	return -1;
}

/* "all", "mon-fri", "sat,sun", "mon-wed,fri": a mask, bit 0 Sunday; -1 bad. */
static int
parse_days(const char *v)
{
	int mask = 0;

	if (strcasecmp(v, "all") == 0)
		return 0x7f;
	while (*v != '\0') {
		size_t n = strcspn(v, ",");
		const char *dash = memchr(v, '-', n);
		int a, b;

		if (dash != NULL) {
			a = day_index(v, (size_t)(dash - v));
			b = day_index(dash + 1, n - (size_t)(dash + 1 - v));
		} else {
			a = b = day_index(v, n);
		}
		if (a < 0 || b < 0)
			return -1;
		/* A range may wrap the week: "fri-mon". */
		for (int i = a;; i = (i + 1) % 7) {
			mask |= 1 << i;
			if (i == b)
				break;
		}
		v += n + (v[n] == ',');
	}
	return mask != 0 ? mask : -1;
}

/* An IANA name the zone database holds. GLib would also take a POSIX rule
 * ("UTC+3" is three hours behind UTC), an offset or a path, so the name must
 * be Area/Location words, each starting with a capital letter as the
 * database's zones do (its other files, zone.tab or posixrules, do not), and
 * be a file there; "Europe" is a directory, which GLib refuses. */
static int
valid_timezone(const char *tz)
{
	const char *dir = g_getenv("TZDIR");
	GTimeZone *z;
	char *path;
	int ok;

	if (strlen(tz) >= sizeof ((struct campaign *)0)->timezone)
		return 0;
	for (const char *p = tz; *p != '\0'; p++) {
		if (p == tz || p[-1] == '/') {
			if (*p < 'A' || *p > 'Z')
				return 0;
		} else if (!isalnum((unsigned char)*p) && strchr("/_+-", *p) == NULL) {
			return 0;
		}
	}
	if (tz[0] == '\0' || tz[strlen(tz) - 1] == '/')
		return 0;
	path = g_build_filename(dir != NULL ? dir : "/usr/share/zoneinfo", tz, NULL);
	ok = g_file_test(path, G_FILE_TEST_IS_REGULAR);
	g_free(path);
	if (!ok || (z = g_time_zone_new_identifier(tz)) == NULL)
		return 0;
	g_time_zone_unref(z);
	return 1;
}

int
campaign_zone_name(const char *zone, char *out, size_t n)
{
	char v[sizeof ((struct campaign *)0)->timezone];
	int up = 1;

	if (strlen(zone) >= sizeof v)
		return -1;
	if (valid_timezone(zone)) {
		snprintf(out, n, "%s", zone);
		return 0;
	}
	/* A player writes "europe/berlin" or "UTC"; the database spells each
	 * word with a capital. */
	for (size_t i = 0; i <= strlen(zone); i++) {
		v[i] = up ? (char)toupper((unsigned char)zone[i]) :
		    (char)tolower((unsigned char)zone[i]);
		up = zone[i] == '/' || zone[i] == '_' || zone[i] == '-';
	}
	if (!valid_timezone(v)) {
		for (size_t i = 0; v[i] != '\0'; i++)
			v[i] = (char)toupper((unsigned char)v[i]);
		if (!valid_timezone(v))
			return -1;
	}
	snprintf(out, n, "%s", v);
	return 0;
}

void
campaign_for_seat(struct campaign *c, const struct game_row *g, int seat)
{
	if (seat >= 0 && seat < g->nseats && g->seats[seat].timezone[0] != '\0')
		snprintf(c->timezone, sizeof c->timezone, "%s", g->seats[seat].timezone);
}

static int
parse_count(const char *v, int max)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (end == v || *end != '\0' || n < 0 || n > max)
		return -1;
	return (int)n;
}

int
campaign_apply(struct campaign *c, const char *key, const char *v, struct diag *d)
{
	long secs;
	int n;

	if (strcmp(key, "timezone") == 0) {
		if (!valid_timezone(v))
			return diag_set(d, 0, "timezone \"%s\": not a time zone this machine "
			    "knows (an IANA name such as Europe/Berlin, or UTC)", v);
		snprintf(c->timezone, sizeof c->timezone, "%s", v);
	} else if (strcmp(key, "deadline") == 0 || strncmp(key, "deadline.", 9) == 0) {
		const char *sub = key[8] == '.' ? key + 9 : "";

		if (strcmp(sub, "snap") == 0) {
			unsigned h, m;
			char extra;

			if (strcasecmp(v, "none") == 0) {
				c->snap = -1;
			} else if (sscanf(v, "%u:%u%c", &h, &m, &extra) == 2 && h < 24 && m < 60) {
				c->snap = (int)(h * 60 + m);
			} else {
				return diag_set(d, 0, "deadline.snap \"%s\": write a time of "
				    "day as HH:MM, or none", v);
			}
		} else if (strcmp(sub, "days") == 0) {
			if ((n = parse_days(v)) < 0)
				return diag_set(d, 0, "deadline.days \"%s\": write days as "
				    "mon-fri, sat,sun or all", v);
			c->weekdays = n;
		} else {
			if ((secs = campaign_parse_duration(v)) <= 0)
				return diag_set(d, 0, "%s \"%s\": write a duration such as 2d, "
				    "36h or 1d12h (at most a year)", key, v);
			if (sub[0] == '\0') {
				c->deadline = secs;
				return 0;
			}
			if (strlen(sub) >= sizeof c->kind[0])
				return diag_set(d, 0, "%s: no decision has so long a name", key);
			for (n = 0; n < c->nkinds; n++)
				if (strcmp(c->kind[n], sub) == 0)
					break;
			if (n == c->nkinds) {
				if (c->nkinds == CAMPAIGN_KINDS)
					return diag_set(d, 0, "%s: at most %d kinds of decision",
					    key, CAMPAIGN_KINDS);
				c->nkinds++;
			}
			snprintf(c->kind[n], sizeof c->kind[n], "%s", sub);
			c->kind_secs[n] = secs;
		}
	} else if (strcmp(key, "reminder") == 0) {
		if ((secs = campaign_parse_duration(v)) < 0)
			return diag_set(d, 0, "reminder \"%s\": write how long before the "
			    "deadline (such as 1d or 12h), or none", v);
		c->remind = secs;
	} else if (strcmp(key, "grace") == 0) {
		if (strcasecmp(v, "none") == 0)
			secs = 0;
		else if ((secs = campaign_parse_duration(v)) < 0 || secs > 7 * 86400)
			return diag_set(d, 0, "grace \"%s\": write how long after the "
			    "deadline orders still count (such as 2h or 1d, at most 7d), or "
			    "none", v);
		c->grace = secs;
	} else if (strcmp(key, "late_note") == 0 || strcmp(key, "press") == 0 ||
	    strcmp(key, "press_anonymous") == 0 || strcmp(key, "press_copy_gm") == 0 ||
	    strcmp(key, "calendar") == 0) {
		if ((n = parse_bool(v)) < 0)
			return diag_set(d, 0, "%s \"%s\": write yes or no", key, v);
		if (strcmp(key, "late_note") == 0)
			c->late_note = n;
		else if (strcmp(key, "press") == 0)
			c->press = n;
		else if (strcmp(key, "press_anonymous") == 0)
			c->press_anonymous = n;
		else if (strcmp(key, "calendar") == 0)
			c->calendar = n;
		else
			c->press_copy_gm = n;
	} else if (strcmp(key, "turning_points") == 0) {
		if (strcasecmp(v, "auto") == 0)
			n = -1;
		else if ((n = parse_bool(v)) < 0)
			return diag_set(d, 0, "turning_points \"%s\": write auto (when a bot "
			    "played in the game), yes or no", v);
		c->turning = n;
	} else if (strcmp(key, "disorder_after") == 0) {
		if ((n = parse_count(v, 100)) < 0)
			return diag_set(d, 0, "disorder_after \"%s\": write how many missed "
			    "deadlines in a row (0: never)", v);
		c->disorder_after = n;
	} else if (strcmp(key, "disorder_bot") == 0) {
		if (bot_level_find(v) < 0)
			return diag_set(d, 0, "disorder_bot \"%s\": write a bot level: random, "
			    "greedy, mc or ismcts", v);
		snprintf(c->disorder_bot, sizeof c->disorder_bot, "%s", v);
	} else if (strcmp(key, "vacation_max_days") == 0 ||
	    strcmp(key, "pause_max_days") == 0) {
		if ((n = parse_count(v, 366)) < 0)
			return diag_set(d, 0, "%s \"%s\": write a number of days (0 to 366)",
			    key, v);
		if (key[0] == 'v')
			c->vacation_days = n;
		else
			c->pause_days = n;
	} else if (strcmp(key, "foreign_sender") == 0) {
		if (strcasecmp(v, "hold") == 0)
			c->foreign_apply = 0;
		else if (strcasecmp(v, "apply") == 0)
			c->foreign_apply = 1;
		else
			return diag_set(d, 0, "foreign_sender \"%s\": write hold (the seat "
			    "confirms such a mail first) or apply", v);
	} else if (strcmp(key, "notify") == 0) {
		return notify_parse(v, c->notify, d);
	} else if (strcmp(key, "gm") == 0) {
		if (v[0] != '\0' && !address_valid(v))
			return diag_set(d, 0, "gm \"%s\": not a mail address", v);
		snprintf(c->gm, sizeof c->gm, "%s", v);
	} else {
		return diag_set(d, 0, "unknown campaign setting \"%s\" (see azalai(1), "
		    "CAMPAIGN SETTINGS)", key);
	}
	return 0;
}

int
campaign_load(struct ledger *l, int64_t game_id, struct campaign *c, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT key, value FROM settings WHERE game_id = ? "
	    "ORDER BY key");
	int rc;

	campaign_defaults(c);
	sqlite3_bind_int64(st, 1, game_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		/* Checked when stored; a row this build no longer reads is skipped, not fatal. */
		campaign_apply(c, col_text(st, 0), col_text(st, 1), NULL);
	}
	ledger_release(l, st);
	if (rc != SQLITE_DONE)
		return ledger_fail(l, d, "read the campaign settings");
	return 0;
}

/* A typo in deadline.KIND would otherwise be kept and never used. */
int
campaign_check_kind(const struct game_rules *r, const char *key, struct diag *d)
{
	const char *kind = key + 9;
	struct buf names = BUF_INIT;
	int rc;

	if (r == NULL || r->decision_kinds == NULL || strncmp(key, "deadline.", 9) != 0 ||
	    strcmp(kind, "snap") == 0 || strcmp(kind, "days") == 0)
		return 0;
	for (int i = 0; r->decision_kinds[i] != NULL; i++)
		if (strcmp(r->decision_kinds[i], kind) == 0)
			return 0;
	for (int i = 0; r->decision_kinds[i] != NULL; i++)
		buf_printf(&names, "%s%s", i ? ", " : "", r->decision_kinds[i]);
	rc = diag_set(d, 0, "%s: %s has no decision \"%s\"; its kinds are %s", key,
	    r->title, kind, names.p);
	buf_free(&names);
	return rc;
}

static int
deadline_kind_known(struct ledger *l, int64_t game_id, const char *key, struct diag *d)
{
	const struct game_rules *r = NULL;
	sqlite3_stmt *st = ledger_prep(l, "SELECT rules FROM games WHERE id = ?");

	sqlite3_bind_int64(st, 1, game_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		r = game_find(col_text(st, 0));
	sqlite3_finalize(st);
	return campaign_check_kind(r, key, d);
}

int
campaign_set(struct ledger *l, int64_t game_id, const char *key, const char *value,
    struct diag *d)
{
	struct campaign c;
	sqlite3_stmt *st;

	campaign_defaults(&c);
	if (campaign_apply(&c, key, value, d) < 0 || deadline_kind_known(l, game_id, key, d) < 0)
		return -1;
	st = ledger_stmt(l, "INSERT INTO settings (game_id, key, value) VALUES (?,?,?) "
	    "ON CONFLICT(game_id, key) DO UPDATE SET value = excluded.value");
	sqlite3_bind_int64(st, 1, game_id);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, value, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

long
campaign_deadline_for(const struct campaign *c, const char *kind)
{
	for (int i = 0; i < c->nkinds; i++)
		if (strcmp(c->kind[i], kind) == 0)
			return c->kind_secs[i];
	return c->deadline;
}

GTimeZone *
campaign_zone(const struct campaign *c)
{
	GTimeZone *tz = g_time_zone_new_identifier(c->timezone);

	/* Checked when set; a zone removed from the machine since reads as UTC. */
	return tz != NULL ? tz : g_time_zone_new_utc();
}

GDateTime *
campaign_local(const struct campaign *c, time_t t)
{
	GTimeZone *tz = campaign_zone(c);
	GDateTime *utc = g_date_time_new_from_unix_utc((gint64)t);
	GDateTime *local = utc != NULL ? g_date_time_to_timezone(utc, tz) : NULL;

	if (utc != NULL)
		g_date_time_unref(utc);
	g_time_zone_unref(tz);
	return local;
}

static void
describe_duration(struct buf *b, long s)
{
	if (s == 0) {
		buf_adds(b, "none");
		return;
	}
	if (s >= 86400)
		buf_printf(b, "%ldd", s / 86400);
	if (s % 86400 >= 3600)
		buf_printf(b, "%ldh", s % 86400 / 3600);
	if (s % 3600 >= 60)
		buf_printf(b, "%ldm", s % 3600 / 60);
	if (s % 60 != 0)
		buf_printf(b, "%lds", s % 60);
}

int
campaign_reminder_notes(const struct campaign *c, struct buf *b)
{
	int n = 0;

	if (c->remind <= 0)
		return 0;
	for (int i = -1; i < c->nkinds; i++) {
		long secs = i < 0 ? c->deadline : c->kind_secs[i];

		if (secs > c->remind)
			continue;
		buf_printf(b, "note: %s%s ", i < 0 ? "deadline" : "deadline.",
		    i < 0 ? "" : c->kind[i]);
		describe_duration(b, secs);
		buf_adds(b, " is no longer than the reminder (");
		describe_duration(b, c->remind);
		buf_adds(b, "): its reminder falls due as the deadline opens, so it goes "
		    "only to a player whose last mail did not show the deadline; set a "
		    "shorter reminder to remind everyone\n");
		n++;
	}
	return n;
}

void
campaign_describe(const struct campaign *c, struct buf *b)
{
	buf_printf(b, "timezone: %s\ndeadline: ", c->timezone);
	describe_duration(b, c->deadline);
	buf_adds(b, "\n");
	for (int i = 0; i < c->nkinds; i++) {
		buf_printf(b, "deadline.%s: ", c->kind[i]);
		describe_duration(b, c->kind_secs[i]);
		buf_adds(b, "\n");
	}
	if (c->snap >= 0)
		buf_printf(b, "deadline.snap: %02d:%02d\n", c->snap / 60, c->snap % 60);
	else
		buf_adds(b, "deadline.snap: none\n");
	buf_adds(b, "deadline.days: ");
	if (c->weekdays == 0x7f) {
		buf_adds(b, "all");
	} else {
		int first = 1;

		/* Monday first, as a week reads. */
		for (int k = 1; k <= 7; k++) {
			int i = k % 7;

			if (c->weekdays & (1 << i)) {
				buf_printf(b, "%s%.3s", first ? "" : ",", daynames[i]);
				first = 0;
			}
		}
	}
	buf_adds(b, "\nreminder: ");
	describe_duration(b, c->remind);
	buf_printf(b, "\nlate_note: %s\ndisorder_after: %d\ndisorder_bot: %s\n"
	    "vacation_max_days: %d\n"
	    "pause_max_days: %d\npress: %s\npress_anonymous: %s\npress_copy_gm: %s\n"
	    "gm: %s\nforeign_sender: %s\nnotify: %s\n", c->late_note ? "yes" : "no",
	    c->disorder_after, c->disorder_bot, c->vacation_days, c->pause_days, c->press ? "yes" : "no",
	    c->press_anonymous ? "yes" : "no", c->press_copy_gm ? "yes" : "no",
	    c->gm[0] ? c->gm : "none", c->foreign_apply ? "apply" : "hold", c->notify);
	buf_adds(b, "grace: ");
	describe_duration(b, c->grace);
	buf_printf(b, "\ncalendar: %s\n", c->calendar ? "yes" : "no");
	buf_printf(b, "turning_points: %s\n", c->turning < 0 ? "auto" : c->turning ? "yes" :
	    "no");
}
