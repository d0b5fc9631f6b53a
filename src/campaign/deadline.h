/* deadline: when a decision is due. Pure arithmetic over the campaign's rule,
 * in its time zone (DST changes included). */
#ifndef AZ_DEADLINE_H
#define AZ_DEADLINE_H

#include <time.h>

#include "campaign/campaign.h"

/* A decision of kind opened at `opened` is due after the campaign's duration
 * for that kind, then moved forward to the snap time of day and to an allowed
 * weekday; never before `floor` (the game's last deadline, 0 none). */
time_t deadline_due(const struct campaign *, const char *kind, time_t opened, time_t floor);
/* A time a game master writes: ISO 8601 UTC ("2026-11-24T19:00:00Z"), the
 * campaign's local time ("2026-11-24 20:00", a date alone is its midnight),
 * or "+DURATION" from now ("+2d"). -1 when unreadable. A local time that the
 * clocks skip (a change to summer time) is the first instant after the gap. */
time_t deadline_parse_time(const struct campaign *, const char *, time_t now);

#endif
