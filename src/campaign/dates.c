#include <stdio.h>

#include <glib.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "core/clock.h"
#include "core/msg.h"

void
campaign_date(const struct campaign *c, time_t t, char *out, size_t n)
{
	/* The names are terms and the order a message: each language says a
	 * date its own way (po/common). GLib's own names would follow the
	 * process's locale, which a referee of many languages never sets. */
	static const char *const days[] = { TERM("common.date.mon"), TERM("common.date.tue"),
		TERM("common.date.wed"), TERM("common.date.thu"), TERM("common.date.fri"),
		TERM("common.date.sat"), TERM("common.date.sun") };
	static const char *const months[] = { TERM("common.date.jan"),
		TERM("common.date.feb"), TERM("common.date.mar"), TERM("common.date.apr"),
		TERM("common.date.may"), TERM("common.date.jun"), TERM("common.date.jul"),
		TERM("common.date.aug"), TERM("common.date.sep"), TERM("common.date.oct"),
		TERM("common.date.nov"), TERM("common.date.dec") };
	GDateTime *local = campaign_local(c, t);
	char *zone = local != NULL ? g_date_time_format(local, "%Z") : NULL;

	if (local == NULL || zone == NULL)
		snprintf(out, n, "%s", "");
	else if (g_date_time_get_day_of_month(local) == 1)
		/* French writes the first of a month "1er décembre". */
		msg_fmt(out, n, "%s 01 %s %d %02d:%02d %s",
		    days[g_date_time_get_day_of_week(local) - 1],
		    months[g_date_time_get_month(local) - 1], g_date_time_get_year(local),
		    g_date_time_get_hour(local), g_date_time_get_minute(local), zone);
	else
		msg_fmt(out, n, "%s %02d %s %d %02d:%02d %s",
		    days[g_date_time_get_day_of_week(local) - 1],
		    g_date_time_get_day_of_month(local),
		    months[g_date_time_get_month(local) - 1], g_date_time_get_year(local),
		    g_date_time_get_hour(local), g_date_time_get_minute(local), zone);
	g_free(zone);
	if (local != NULL)
		g_date_time_unref(local);
}

void
campaign_date_english(const struct campaign *c, time_t t, char *out, size_t n)
{
	char m[CAMPAIGN_DATE];

	campaign_date(c, t, m, sizeof m);
	msg_english(m, out, n);
}

void
campaign_date_iso(const struct campaign *c, const char *iso, char *out, size_t n)
{
	time_t t = iso[0] != '\0' ? clock_parse_iso(iso) : -1;

	if (t == -1)
		snprintf(out, n, "%s", iso);
	else
		campaign_date(c, t, out, n);
}
