#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "deadline.h"

/* The wall clock at t, as seconds of a calendar without zones: comparable
 * with a wanted wall time, and t's UTC offset is wall(t) - t. */
static time_t
wall(time_t t)
{
	struct tm tm;

	localtime_r(&t, &tm);
	return timegm(&tm);
}

/* The instants whose wall clock reads w (two in an overlap, sorted); in a
 * gap none reads w, and the first instant after it is given. Returns how
 * many. The offsets a day either side cover any change of offset near w. */
static int
instants(time_t w, time_t out[2])
{
	time_t off[3] = { wall(w - 86400) - (w - 86400), wall(w) - w,
	    wall(w + 86400) - (w + 86400) };
	time_t lo = w - off[0], hi = w - off[0];
	int n = 0;

	for (int i = 0; i < 3; i++) {
		time_t x = w - off[i];
		int seen = 0;

		if (x < lo)
			lo = x;
		if (x > hi)
			hi = x;
		for (int k = 0; k < n; k++)
			seen |= out[k] == x;
		if (!seen && n < 2 && wall(x) == w)
			out[n++] = x;
	}
	if (n == 2 && out[0] > out[1]) {
		time_t t = out[0];

		out[0] = out[1];
		out[1] = t;
	}
	if (n > 0)
		return n;
	/* A gap: the wall clock jumps over w somewhere in [lo, hi]. */
	while (lo < hi) {
		time_t mid = lo + (hi - lo) / 2;

		if (wall(mid) >= w)
			hi = mid;
		else
			lo = mid + 1;
	}
	out[0] = lo;
	return 1;
}

time_t
deadline_due(const struct campaign *c, const char *kind, time_t opened, time_t floor)
{
	time_t t = opened + campaign_deadline_for(c, kind), best = -1;
	int days = (c->weekdays & 0x7f) != 0 ? c->weekdays & 0x7f : 0x7f;
	long tod;
	struct tm tm;
	char *old;

	if (c->snap < 0 && days == 0x7f)
		return t > floor ? t : floor;
	old = campaign_tz_enter(c);
	localtime_r(&t, &tm);
	if (c->snap < 0 && (days & (1 << tm.tm_wday))) {
		campaign_tz_leave(old);
		return t > floor ? t : floor;
	}
	/* Without a snap time a deadline on a day not allowed moves to the start
	 * of the next allowed one: keeping its time of day would put a later
	 * Sunday morning before an earlier Saturday night. */
	tod = c->snap >= 0 ? c->snap * 60L : 0;
	/* From the day before (a change of offset at midnight can put the
	 * previous day's snap time after t) through more than a week. */
	for (int k = -1; k <= 8 && best < 0; k++) {
		struct tm day = tm;
		time_t w, x[2];
		int n;

		day.tm_mday += k;
		day.tm_hour = day.tm_min = day.tm_sec = 0;
		w = timegm(&day);	/* normalises the date; w is midnight's wall time */
		gmtime_r(&w, &day);
		if (!(days & (1 << day.tm_wday)))
			continue;
		n = instants(w + tod, x);
		for (int i = 0; i < n && best < 0; i++)
			if (x[i] >= t)
				best = x[i];
	}
	campaign_tz_leave(old);
	if (best < 0)
		best = t;
	return best > floor ? best : floor;
}

time_t
deadline_parse_time(const struct campaign *c, const char *s, time_t now)
{
	struct tm tm;
	const char *end;
	time_t x[2];
	char *old;
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
	if (end == NULL || *end != '\0')
		return -1;
	old = campaign_tz_enter(c);
	instants(timegm(&tm), x);
	campaign_tz_leave(old);
	return x[0];
}
