/* dates: a time as a reader reads it, in the campaign's zone and in the
 * reader's language (its words are terms of po/common, msg.h). */
#ifndef AZ_DATES_H
#define AZ_DATES_H

#include <stddef.h>
#include <time.h>

#include "campaign/campaign.h"

/* A time for a reader, in the campaign's zone: a message (msg.h) that
 * renders in the reader's language, its weekday and month names terms and
 * its order a message of po/common ("Tue 24 Nov 2026 20:00 CET", "Dienstag,
 * 24. November 2026, 20:00 CET"). out holds CAMPAIGN_DATE bytes. */
#define CAMPAIGN_DATE 256
void campaign_date(const struct campaign *, time_t, char *out, size_t);
/* campaign_date rendered in English, for logs and the command line ("Tue 24
 * Nov 2026 20:00 CET"): the same message, so English reads the same
 * everywhere. */
void campaign_date_english(const struct campaign *, time_t, char *out, size_t);
/* The same as campaign_date for an ISO UTC time from the ledger; "" (or
 * unreadable) stays as is. */
void campaign_date_iso(const struct campaign *, const char *iso, char *out, size_t);

#endif
