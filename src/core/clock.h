/* clock: the one place the referee reads the time. In the test build
 * AZALAI_NOW freezes it (core/testhook.h) for golden tests; each read of a
 * frozen clock advances it by one second so stamps stay ordered. */
#ifndef AZ_CLOCK_H
#define AZ_CLOCK_H

#include <stddef.h>
#include <time.h>

time_t clock_now(void);
/* "2026-11-21T12:00:00Z" */
void clock_iso(time_t, char *, size_t);
/* Parses clock_iso's format; -1 when it does not match or names no day of
 * the calendar (30 February). */
time_t clock_parse_iso(const char *);
/* 1 when tm's year, month and day (as strptime fills them) are a real date. */
int clock_valid_date(const struct tm *);

#endif
