/* campaign: a game's settings for slow play (deadlines, reminders, civil
 * disorder, vacation, pauses, press), kept per game in the settings table;
 * every key has a built-in default. */
#ifndef AZ_CAMPAIGN_H
#define AZ_CAMPAIGN_H

#include <glib.h>
#include <stdint.h>
#include <time.h>

#include "core/buf.h"
#include "core/diag.h"
#include "ledger/ledger.h"

#define CAMPAIGN_KINDS 16

struct campaign {
	char timezone[64];          /* "timezone": IANA name, "UTC" */
	long deadline;              /* "deadline": seconds for any decision ("3d") */
	int nkinds;                 /* "deadline.KIND": per decision kind ("placement") */
	char kind[CAMPAIGN_KINDS][24];
	long kind_secs[CAMPAIGN_KINDS];
	int snap;                   /* "deadline.snap": minute of the local day a
	                             * deadline is moved forward to ("20:00"), -1 none */
	int weekdays;               /* "deadline.days": bit 0 Sunday .. bit 6 Saturday
	                             * ("mon-fri", "sat,sun", "all") */
	long remind;                /* "reminder": seconds before the deadline, 0 none */
	long grace;                 /* "grace": seconds after a deadline during which
	                             * orders still count, before the default is
	                             * played; 0 none */
	int late_note;              /* "late_note": tell the others when one passes */
	int disorder_after;         /* "disorder_after": missed in a row, 0 never */
	char disorder_bot[8];       /* "disorder_bot": the bot level (games/bot.h)
	                             * that plays a seat in civil disorder */
	int vacation_days;          /* "vacation_max_days": per seat and game */
	int pause_days;             /* "pause_max_days": a pause ends by itself */
	int press;                  /* "press": players may send press */
	int press_anonymous;        /* "press_anonymous": unsigned press allowed */
	int press_copy_gm;          /* "press_copy_gm": the game master gets a copy */
	char gm[256];               /* "gm": the game master's address, "" none */
	int foreign_apply;          /* "foreign_sender": apply (1) or hold (0) the
	                             * orders of a mail signed with a seat's token
	                             * from another address than the seat's */
	char notify[8];             /* "notify": how a seat is told unless it chose
	                             * (every, due, digest; see notify.h) */
	int calendar;               /* "calendar": a seat's mails carry its deadlines
	                             * as iCalendar events (unless it chose not) */
	int turning;                /* "turning_points": each human seat gets its
	                             * turning points when the game is over: 1 yes,
	                             * 0 no, -1 auto (when a bot played in it),
	                             * unless the seat chose */
};

void campaign_defaults(struct campaign *);
/* The defaults overlaid with the game's settings rows. */
int campaign_load(struct ledger *, int64_t game_id, struct campaign *, struct diag *);
/* Checks key and value (the diag says what is wrong with which) and stores it. */
int campaign_set(struct ledger *, int64_t game_id, const char *key, const char *value,
    struct diag *);
/* Applies key=value to c without the ledger (campaign files check before
 * anything is written). */
int campaign_apply(struct campaign *, const char *key, const char *value, struct diag *);
/* deadline.KIND: -1 (in d) when the game of rules has no decision KIND. */
int campaign_check_kind(const struct game_rules *, const char *key, struct diag *);
/* Seconds for the decision kind. */
long campaign_deadline_for(const struct campaign *, const char *kind);
/* "30m", "12h", "3d", "1d12h", "90" (seconds); -1 when unreadable. */
long campaign_parse_duration(const char *);
/* The campaign's zone, for GLib's GDateTime (the process's TZ is never
 * read or changed); g_time_zone_unref when done. */
GTimeZone *campaign_zone(const struct campaign *);
/* t in the campaign's zone (NULL when GLib cannot hold it); g_date_time_unref
 * when done. Times are written for readers by campaign_date (dates.h). */
GDateTime *campaign_local(const struct campaign *, time_t);
/* The zone a reader wrote ("europe/berlin", "UTC") as the machine's name
 * for it in out ("Europe/Berlin"); -1 when the machine knows no such zone. */
int campaign_zone_name(const char *zone, char *out, size_t n);
/* c as the reader of game g at seat (-1: no seat) reads it: in the seat's
 * own time zone when it chose one. */
void campaign_for_seat(struct campaign *c, const struct game_row *g, int seat);
/* Adds to b one line for the game master per deadline (the general one,
 * each deadline.KIND) no longer than the reminder: its reminder would come
 * with the report that opens it. Returns how many. */
int campaign_reminder_notes(const struct campaign *, struct buf *b);
/* Every setting as "key: value" lines in a fixed order, as the game master
 * writes them (azalai show); STATUS says them in sentences (campaign-said.h). */
void campaign_describe(const struct campaign *, struct buf *);

#endif
