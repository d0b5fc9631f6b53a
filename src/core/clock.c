#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/testhook.h"

static int frozen = -1;
static time_t frozen_at;

int
clock_valid_date(const struct tm *tm)
{
	/* strptime takes any day up to 31, and timegm would make 30 February
	 * into 2 March; GLib knows the calendar. */
	return tm->tm_year >= 1 - 1900 && tm->tm_year <= 9999 - 1900 && tm->tm_mon >= 0 &&
	    tm->tm_mon < 12 && tm->tm_mday >= 1 && g_date_valid_dmy((GDateDay)tm->tm_mday,
	    (GDateMonth)(tm->tm_mon + 1), (GDateYear)(tm->tm_year + 1900));
}

time_t
clock_parse_iso(const char *s)
{
	struct tm tm;
	char *end;

	memset(&tm, 0, sizeof tm);
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0' || !clock_valid_date(&tm))
		return -1;
	return timegm(&tm);
}

time_t
clock_now(void)
{
	if (frozen < 0) {
		const char *e = testhook_now();
		char *end;

		frozen = 0;
		if (e != NULL && *e != '\0') {
			long long v = strtoll(e, &end, 10);

			if (*end == '\0')
				frozen_at = (time_t)v;
			else
				frozen_at = clock_parse_iso(e);
			frozen = frozen_at >= 0;
		}
	}
	if (frozen)
		return frozen_at++;
	return time(NULL);
}

void
clock_iso(time_t t, char *out, size_t n)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

