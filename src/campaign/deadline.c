#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "campaign/deadline.h"
#include "core/clock.h"

#define DAY 86400

/* The wall clock at t, as seconds of a calendar without zones: comparable
 * with a wanted wall time. */
static gint64
wall(GTimeZone *tz, gint64 t)
{
	return t + g_time_zone_get_offset(tz,
	    g_time_zone_find_interval(tz, G_TIME_TYPE_UNIVERSAL, t));
}

/* The instants whose wall clock reads w (two in an overlap, sorted); in a
 * gap none reads w and GLib moves w to the first instant after it. Returns
 * how many. */
static int
instants(GTimeZone *tz, gint64 w, time_t out[2])
{
	static const GTimeType types[2] = { G_TIME_TYPE_DAYLIGHT, G_TIME_TYPE_STANDARD };
	int n = 0;

	for (int i = 0; i < 2; i++) {
		gint64 local = w;
		int iv = g_time_zone_adjust_time(tz, types[i], &local);
		time_t x = (time_t)(local - g_time_zone_get_offset(tz, iv));

		if (n == 0 || out[0] != x)
			out[n++] = x;
	}
	if (n == 2 && out[0] > out[1]) {
		time_t t = out[0];

		out[0] = out[1];
		out[1] = t;
	}
	return n;
}

/* Days since 1 Jan 1970 (a Thursday) of a wall time, and their weekday,
 * 0 Sunday. */
static gint64
day_of(gint64 w)
{
	return w >= 0 ? w / DAY : -((-w + DAY - 1) / DAY);
}

static int
weekday(gint64 day)
{
	return (int)(((day + 4) % 7 + 7) % 7);
}

time_t
deadline_due(const struct campaign *c, const char *kind, time_t opened, time_t floor)
{
	time_t t = opened + campaign_deadline_for(c, kind), best = -1;
	int days = (c->weekdays & 0x7f) != 0 ? c->weekdays & 0x7f : 0x7f;
	GTimeZone *tz;
	gint64 today;
	long tod;

	if (c->snap < 0 && days == 0x7f)
		return t > floor ? t : floor;
	tz = campaign_zone(c);
	today = day_of(wall(tz, t));
	if (c->snap < 0 && (days & (1 << weekday(today)))) {
		g_time_zone_unref(tz);
		return t > floor ? t : floor;
	}
	/* Without a snap time a deadline on a day not allowed moves to the start
	 * of the next allowed one: keeping its time of day would put a later
	 * Sunday morning before an earlier Saturday night. */
	tod = c->snap >= 0 ? c->snap * 60L : 0;
	/* From the day before (a change of offset at midnight can put the
	 * previous day's snap time after t) through more than a week. */
	for (int k = -1; k <= 8 && best < 0; k++) {
		time_t x[2];
		int n;

		if (!(days & (1 << weekday(today + k))))
			continue;
		n = instants(tz, (today + k) * DAY + tod, x);
		for (int i = 0; i < n && best < 0; i++)
			if (x[i] >= t)
				best = x[i];
	}
	g_time_zone_unref(tz);
	if (best < 0)
		best = t;
	return best > floor ? best : floor;
}

time_t
deadline_parse_time(const struct campaign *c, const char *s, time_t now)
{
	struct tm tm;
	const char *end;
	GTimeZone *tz;
	time_t x[2];
	long secs;

	if (s[0] == '+') {
		if ((secs = campaign_parse_duration(s + 1)) <= 0)
			return -1;
		return now + secs;
	}
	if (clock_parse_iso(s) >= 0)
		return clock_parse_iso(s);
	memset(&tm, 0, sizeof tm);
	end = strptime(s, "%Y-%m-%d", &tm);
	if (end != NULL && (*end == ' ' || *end == 'T'))
		end = strptime(end + 1, "%H:%M", &tm);
	if (end == NULL || *end != '\0' || !clock_valid_date(&tm))
		return -1;
	/* timegm reads no zone: it gives the wall time as a calendar count. */
	tz = campaign_zone(c);
	instants(tz, timegm(&tm), x);
	g_time_zone_unref(tz);
	return x[0];
}
