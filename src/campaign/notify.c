#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "campaign/notify.h"
#include "core/clock.h"
#include "ledger/seats.h"

const char *
notify_mode(const struct play *p, const struct campaign *c, int seat)
{
	const char *own = p->g.seats[seat].notify;

	return own[0] != '\0' ? own : c->notify;
}

int
notify_now(const char *mode, int waited, int over)
{
	if (over || strcmp(mode, "every") == 0)
		return 1;
	return strcmp(mode, "due") == 0 && waited;
}

int
notify_set(struct ledger *l, struct play *p, int seat, const char *mode, struct diag *d)
{
	if (seat_set_notify(l, p->g.id, seat, mode, d) < 0)
		return -1;
	snprintf(p->g.seats[seat].notify, sizeof p->g.seats[seat].notify, "%s", mode);
	return 0;
}

void
notify_says(const char *mode, struct diag *od)
{
	if (strcmp(mode, "every") == 0)
		diag_set(od, 0, "from now on you get a report after every step");
	else if (strcmp(mode, "due") == 0)
		diag_set(od, 0, "from now on you get a report when a decision of yours is due, "
		    "with what happened since");
	else
		diag_set(od, 0, "from now on you get at most one report a day, with what "
		    "happened since");
}

time_t
notify_last_report(struct ledger *l, const struct play *p, int seat)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT MAX(created_at) FROM outbox WHERE "
	    "game_id = ? AND seat_idx = ? AND kind IN ('welcome', 'report', 'ack', 'error')");
	time_t t = -1;

	sqlite3_bind_int64(st, 1, p->g.id);
	sqlite3_bind_int(st, 2, seat);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		t = clock_parse_iso(col_text(st, 0));
	sqlite3_finalize(st);
	return t;
}

int
notify_digest_due(struct ledger *l, const struct play *p, const struct campaign *c,
    int seat, const char *now)
{
	const struct seat_row *s = &p->g.seats[seat];
	time_t last, t = clock_parse_iso(now);

	if (strcmp(s->kind, "human") != 0 || s->reported_seq >= p->seq ||
	    strcmp(notify_mode(p, c, seat), "digest") != 0)
		return 0;
	last = notify_last_report(l, p, seat);
	return last < 0 || t < 0 || t - last >= NOTIFY_DIGEST_SECS;
}
