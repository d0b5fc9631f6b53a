#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/tval.h"
#include "core/xmalloc.h"
#include "ledger/deadlines.h"
#include "mail/mailout.h"
#include "render/calendar.h"

/* The most rows one part carries: a seat owes one decision at a time, and
 * a few more only when steps were undone. */
#define CALENDAR_ROWS 16

struct row {
	int64_t seq, revision;
	time_t due;
	int open;
};

/* The seat's rows its calendar should hear of: the open ones while the game
 * waits for it, and those it was told of that changed since. */
static int
rows_to_tell(struct ledger *l, const struct play *p, int seat, struct row *rows)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, due_at, status, revision FROM deadlines "
	    "WHERE game_id = ? AND seat_idx = ? AND (status = 'open' OR (told >= 0 AND "
	    "told < revision)) ORDER BY seq");
	struct pending pd;
	int n = 0, waited, halted;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	/* The reports' own rule (report.c): a row the schedule has not closed
	 * yet is no one's deadline. A paused game's deadlines stand still
	 * until it resumes, which moves them and says so. */
	halted = p->g.paused_at[0] != '\0' || strcmp(p->g.status, "ended") == 0;
	waited = !halted && (pd.seats & VIS_SEAT(seat)) != 0;
	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_int(st, 2, seat);
	while (sqlite3_step(st) == SQLITE_ROW && n < CALENDAR_ROWS) {
		struct row *w = &rows[n];

		w->seq = sqlite3_column_int64(st, 0);
		w->due = clock_parse_iso(col_text(st, 1));
		w->open = strcmp(col_text(st, 2), "open") == 0;
		w->revision = sqlite3_column_int64(st, 3);
		if (w->due == (time_t)-1 || (w->open && !waited))
			continue;
		n++;
	}
	ledger_release(l, st);
	return n;
}

/* t as the event says it: local time with the zone's TZID, or UTC when the
 * reader reads UTC (z NULL). */
static icalproperty *
dtstart(time_t t, icaltimezone *z)
{
	struct icaltimetype tt;
	icalproperty *pr;

	if (z == NULL)
		return icalproperty_new_dtstart(icaltime_from_timet_with_zone(t, 0,
		    icaltimezone_get_utc_timezone()));
	tt = icaltime_from_timet_with_zone(t, 0, z);
	tt.zone = NULL;
	pr = icalproperty_new_dtstart(tt);
	icalproperty_add_parameter(pr, icalparameter_new_tzid(icaltimezone_get_location(z)));
	return pr;
}

/* The zone's VTIMEZONE under its plain IANA name (libical's own carries a
 * prefix no other program writes), from a day before from on (a day's
 * start, so every mail of a day carries the same): the rules of a century
 * ago only make the mail longer. */
static icalcomponent *
vtimezone(icaltimezone *z, time_t from)
{
	icalcomponent *vtz = icalcomponent_new_clone(icaltimezone_get_component(z));
	icalproperty *id = icalcomponent_get_first_property(vtz, ICAL_TZID_PROPERTY);

	if (id != NULL)
		icalproperty_set_tzid(id, icaltimezone_get_location(z));
	icaltimezone_truncate_vtimezone(vtz, icaltime_from_timet_with_zone(from - 86400, 0,
	    icaltimezone_get_utc_timezone()), icaltime_null_time(), 0);
	return vtz;
}

/* The words of one event, in the reader's language (calendar.mustache:
 * its subject the SUMMARY, its body the DESCRIPTION). */
static int
words(struct render *r, const struct play *p, int seat, const struct campaign *camp,
    const struct row *w, char **summary, char **description, struct diag *d)
{
	struct tval *t = tval_map();
	char when[CAMPAIGN_DATE];
	int rc;

	campaign_date(camp, w->due, when, sizeof when);
	tval_set_str(t, "title", p->rules->title);
	tval_set_str(t, "game_id", p->g.name);
	tval_set_str(t, "seat", p->g.seats[seat].name);
	tval_set_str(t, "deadline", when);
	tval_set_bool(t, "open", w->open);
	rc = render_mail(r, "calendar", t, summary, description, d);
	tval_free(t);
	if (rc == 0) {
		size_t n = strlen(*description);

		while (n > 0 && ((*description)[n - 1] == '\n' || (*description)[n - 1] == ' '))
			(*description)[--n] = '\0';
	}
	return rc;
}

static icalcomponent *
event(const struct config *c, const struct play *p, int seat, const struct campaign *camp,
    const struct row *w, icaltimezone *z, time_t now, const char *summary,
    const char *description)
{
	icalcomponent *ev = icalcomponent_new_vevent();
	const char *at = strrchr(c->referee_address, '@');
	char label[128], uid[384], *org;
	icalproperty *o;

	/* One decision, one UID, whatever its mails: the row's key. */
	mailout_list_label(p->g.name, label, sizeof label);
	snprintf(uid, sizeof uid, "deadline-%lld-seat%d.%s@%s", (long long)w->seq, seat, label,
	    at != NULL ? at + 1 : "localhost");
	icalcomponent_add_property(ev, icalproperty_new_uid(uid));
	icalcomponent_add_property(ev, icalproperty_new_dtstamp(icaltime_from_timet_with_zone(now,
	    0, icaltimezone_get_utc_timezone())));
	icalcomponent_add_property(ev, icalproperty_new_sequence((int)w->revision));
	org = g_strdup_printf("mailto:%s", c->referee_address);
	o = icalproperty_new_organizer(org);
	g_free(org);
	if (c->referee_name[0] != '\0')
		icalproperty_add_parameter(o, icalparameter_new_cn(c->referee_name));
	icalcomponent_add_property(ev, o);
	/* A point in time: no DTEND (RFC 5545 3.6.1), and no time taken. */
	icalcomponent_add_property(ev, dtstart(w->due, z));
	icalcomponent_add_property(ev, icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT));
	icalcomponent_add_property(ev, icalproperty_new_summary(summary));
	icalcomponent_add_property(ev, icalproperty_new_description(description));
	icalcomponent_add_property(ev, icalproperty_new_status(w->open ? ICAL_STATUS_CONFIRMED :
	    ICAL_STATUS_CANCELLED));
	if (w->open && camp->remind > 0) {
		icalcomponent *al = icalcomponent_new_valarm();

		icalcomponent_add_property(al, icalproperty_new_trigger(
		    icaltriggertype_from_int(-(int)camp->remind)));
		icalcomponent_add_property(al, icalproperty_new_action(ICAL_ACTION_DISPLAY));
		icalcomponent_add_property(al, icalproperty_new_description(summary));
		icalcomponent_add_component(ev, al);
	}
	return ev;
}

int
calendar_part(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int seat, const char *now, char **ics, struct diag *d)
{
	struct row rows[CALENDAR_ROWS];
	struct campaign camp;
	icalcomponent *cal;
	icaltimezone *z = NULL;
	time_t t = clock_parse_iso(now), from;
	char *s;
	int n;

	*ics = NULL;
	if (seat < 0 || seat >= p->g.nseats || !p->g.seats[seat].calendar)
		return 0;
	if (campaign_load(l, p->g.id, &camp, NULL) < 0)
		campaign_defaults(&camp);
	if (!camp.calendar || (n = rows_to_tell(l, p, seat, rows)) == 0)
		return 0;
	campaign_for_seat(&camp, &p->g, seat);
	if (strcmp(camp.timezone, "UTC") != 0)
		z = icaltimezone_get_builtin_timezone(camp.timezone);
	if (t == (time_t)-1)
		t = clock_now();

	cal = icalcomponent_new_vcalendar();
	icalcomponent_add_property(cal, icalproperty_new_prodid("-//azalai//referee//EN"));
	icalcomponent_add_property(cal, icalproperty_new_version("2.0"));
	icalcomponent_add_property(cal, icalproperty_new_method(ICAL_METHOD_PUBLISH));
	from = t;
	for (int i = 0; i < n; i++)
		if (rows[i].due < from)
			from = rows[i].due;
	if (z != NULL)
		icalcomponent_add_component(cal, vtimezone(z, from - from % 86400));
	for (int i = 0; i < n; i++) {
		char *summary, *description;
		struct diag why;

		/* A calendar that cannot be written costs the mail its
		 * calendar, never the mail: the deadline is in its text. */
		diag_clear(&why);
		if (words(r, p, seat, &camp, &rows[i], &summary, &description, &why) < 0) {
			log_warn("%s: no calendar part in the mail to %s: %s", p->g.name,
			    p->g.seats[seat].name, why.msg);
			icalcomponent_free(cal);
			return 0;
		}
		icalcomponent_add_component(cal, event(c, p, seat, &camp, &rows[i], z, t,
		    summary, description));
		free(summary);
		free(description);
	}
	/* What the seat's calendar holds once this mail is read. */
	for (int i = 0; i < n; i++)
		if (deadline_row_told(l, p->g.id, seat, rows[i].seq, rows[i].revision, d) < 0) {
			icalcomponent_free(cal);
			return -1;
		}
	s = icalcomponent_as_ical_string_r(cal);
	*ics = xstrdup(s);
	icalmemory_free_buffer(s);
	icalcomponent_free(cal);
	return 0;
}
