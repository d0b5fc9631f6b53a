#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign.h"
#include "clock.h"
#include "xmalloc.h"

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
	c->vacation_days = 14;
	c->pause_days = 28;
	c->press = 1;
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

static const char *const daynames[] = { "sun", "mon", "tue", "wed", "thu", "fri", "sat" };

static int
day_index(const char *s, size_t n)
{
	for (int i = 0; i < 7; i++)
		if (n >= 3 && strncasecmp(s, daynames[i], 3) == 0)
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

static int
valid_timezone(const char *tz)
{
	char path[300], magic[4];
	FILE *f;
	int ok;

	if (strcmp(tz, "UTC") == 0)
		return 1;
	if (tz[0] == '\0' || tz[0] == '/' || strstr(tz, "..") != NULL ||
	    strlen(tz) >= 64)
		return 0;
	snprintf(path, sizeof path, "/usr/share/zoneinfo/%s", tz);
	/* A zone is a TZif file: not a directory (Europe), not zone.tab; else
	 * localtime would fall back to UTC without a word. */
	if ((f = fopen(path, "rb")) == NULL)
		return 0;
	ok = fread(magic, 1, sizeof magic, f) == sizeof magic &&
	    memcmp(magic, "TZif", sizeof magic) == 0;
	fclose(f);
	return ok;
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
	} else if (strcmp(key, "late_note") == 0 || strcmp(key, "press") == 0 ||
	    strcmp(key, "press_anonymous") == 0 || strcmp(key, "press_copy_gm") == 0) {
		if ((n = parse_bool(v)) < 0)
			return diag_set(d, 0, "%s \"%s\": write yes or no", key, v);
		if (strcmp(key, "late_note") == 0)
			c->late_note = n;
		else if (strcmp(key, "press") == 0)
			c->press = n;
		else if (strcmp(key, "press_anonymous") == 0)
			c->press_anonymous = n;
		else
			c->press_copy_gm = n;
	} else if (strcmp(key, "disorder_after") == 0) {
		if ((n = parse_count(v, 100)) < 0)
			return diag_set(d, 0, "disorder_after \"%s\": write how many missed "
			    "deadlines in a row (0: never)", v);
		c->disorder_after = n;
	} else if (strcmp(key, "vacation_max_days") == 0 ||
	    strcmp(key, "pause_max_days") == 0) {
		if ((n = parse_count(v, 366)) < 0)
			return diag_set(d, 0, "%s \"%s\": write a number of days (0 to 366)",
			    key, v);
		if (key[0] == 'v')
			c->vacation_days = n;
		else
			c->pause_days = n;
	} else if (strcmp(key, "gm") == 0) {
		if (v[0] != '\0' && strchr(v, '@') == NULL)
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

int
campaign_set(struct ledger *l, int64_t game_id, const char *key, const char *value,
    struct diag *d)
{
	struct campaign c;
	sqlite3_stmt *st;

	campaign_defaults(&c);
	if (campaign_apply(&c, key, value, d) < 0)
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

/* localtime_r, mktime and friends read the zone from TZ: the campaign's is
 * set for the length of one computation, then the caller's is put back. */
char *
campaign_tz_enter(const struct campaign *c)
{
	char *old = getenv("TZ") != NULL ? xstrdup(getenv("TZ")) : NULL;

	setenv("TZ", c->timezone, 1);
	tzset();
	return old;
}

void
campaign_tz_leave(char *old)
{
	if (old != NULL) {
		setenv("TZ", old, 1);
		free(old);
	} else {
		unsetenv("TZ");
	}
	tzset();
}

void
campaign_format_time(const struct campaign *c, time_t t, char *out, size_t n)
{
	char *old = campaign_tz_enter(c);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(out, n, "%a %d %b %Y %H:%M %Z", &tm);
	campaign_tz_leave(old);
}

void
campaign_format_iso(const struct campaign *c, const char *iso, char *out, size_t n)
{
	time_t t = iso[0] != '\0' ? clock_parse_iso(iso) : -1;

	if (t == -1)
		snprintf(out, n, "%s", iso);
	else
		campaign_format_time(c, t, out, n);
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
				buf_printf(b, "%s%s", first ? "" : ",", daynames[i]);
				first = 0;
			}
		}
	}
	buf_adds(b, "\nreminder: ");
	describe_duration(b, c->remind);
	buf_printf(b, "\nlate_note: %s\ndisorder_after: %d\nvacation_max_days: %d\n"
	    "pause_max_days: %d\npress: %s\npress_anonymous: %s\npress_copy_gm: %s\n"
	    "gm: %s\n", c->late_note ? "yes" : "no", c->disorder_after, c->vacation_days,
	    c->pause_days, c->press ? "yes" : "no", c->press_anonymous ? "yes" : "no",
	    c->press_copy_gm ? "yes" : "no", c->gm[0] ? c->gm : "none");
}
