/* calendar: the iCalendar part (RFC 5545, published as RFC 5546's PUBLISH)
 * of a mail to a seat, made with libical: each decision the seat owes as an
 * event at its deadline in the seat's time zone (the campaign's unless it
 * chose one), with the reminder as an alarm. An event's UID is its
 * deadlines row (game, seat, the step that opened it), its SEQUENCE the
 * row's revision: a deadline moved (extended, after a pause, past a
 * vacation) goes out again with the same UID and a higher SEQUENCE, and
 * one closed (the decision made, the game over, the step undone) goes out
 * once more as cancelled, so the reader's calendar follows the game. */
#ifndef AZ_CALENDAR_H
#define AZ_CALENDAR_H

#include "core/config.h"
#include "core/diag.h"
#include "ledger/ledger.h"
#include "ledger/play.h"
#include "render/render.h"

/* The part a mail to seat of p queued at now carries, in r's language:
 * its open decisions, and those its calendar holds that changed since, into
 * *ics (free()d by the caller); NULL when there is nothing to say, or the
 * seat or the campaign turned calendars off, or the game is paused (its
 * deadlines stand still: the mail that resumes it carries them moved).
 * Records what the seat's calendar now holds, in the caller's
 * transaction, so the part must be queued with the mail. A part that
 * cannot be written (its template missing in the reader's language) is
 * left out and logged: the mail goes without it. -1 only when the ledger
 * fails. */
int calendar_part(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, const char *now, char **ics, struct diag *);

#endif
