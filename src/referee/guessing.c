#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "core/clock.h"
#include "core/msg.h"
#include "mail/outbox.h"
#include "referee/guessing.h"

/* The start of the day that ends at now: a count from before it is over. */
static void
day_before(const char *now, char out[32])
{
	clock_iso(clock_parse_iso(now) - 86400, out, 32);
}

int
guessing_count(struct ledger *l, int64_t game, int seat, const char *now, int *count,
    char *since, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "INSERT INTO token_failures (game_id, seat_idx, "
	    "since, count) VALUES (?1, ?2, ?3, 1) ON CONFLICT (game_id, seat_idx) DO UPDATE "
	    "SET count = CASE WHEN since > ?4 THEN count + 1 ELSE 1 END, "
	    "since = CASE WHEN since > ?4 THEN since ELSE excluded.since END "
	    "RETURNING count, since");
	char day[32];
	int rc;

	day_before(now, day);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, day, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*count = sqlite3_column_int(st, 0);
		snprintf(since, 32, "%s", col_text(st, 1));
		rc = sqlite3_step(st);
	}
	if (rc != SQLITE_DONE) {
		diag_set(d, 0, "cannot count a wrong token: %s", sqlite3_errmsg(l->db));
		ledger_release(l, st);
		return -1;
	}
	ledger_release(l, st);
	return 0;
}

int
guessing_seen(struct ledger *l, int64_t game, int seat, const char *now, char *since)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT count, since FROM token_failures WHERE "
	    "game_id = ? AND seat_idx = ? AND since > ?");
	char day[32];
	int n = 0;

	day_before(now, day);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, day, -1, SQLITE_STATIC);
	since[0] = '\0';
	if (sqlite3_step(st) == SQLITE_ROW) {
		n = sqlite3_column_int(st, 0);
		snprintf(since, 32, "%s", col_text(st, 1));
	}
	ledger_release(l, st);
	return n;
}

int
guessing_tell(struct ledger *l, const struct config *c, struct render *r,
    const struct play *p, int seat, int count, const char *since, const char *now,
    int *told, struct diag *d)
{
	struct campaign camp;
	struct tval *data;
	struct outbox_item it;
	char at[CAMPAIGN_DATE], said[128], *subject = NULL, *body = NULL;
	int rc;

	*told = 0;
	if (campaign_load(l, p->g.id, &camp, d) < 0)
		return -1;
	if (camp.gm[0] == '\0')
		return 0;
	campaign_date_iso(&camp, since, at, sizeof at);
	data = tval_map();
	tval_set_str(data, "game", p->g.name);
	tval_set_str(data, "seat", p->g.seats[seat].name);
	tval_set_str(data, "address", p->g.seats[seat].address);
	/* The verb agrees with the count, in the game master's language. */
	msg_nfmt(said, sizeof said, (unsigned long)count, "%d mail has", "%d mails have", count);
	tval_set_str(data, "mails_have", said);
	tval_set_int(data, "limit", c->token_failures_per_day);
	tval_set_str(data, "since", at);
	tval_set_str(data, "referee", c->referee_address);
	rc = render_mail(r, "guessing", data, &subject, &body, d);
	tval_free(data);
	if (rc == 0) {
		memset(&it, 0, sizeof it);
		it.game_id = p->g.id;
		it.seat = -1;
		it.kind = "guessing";
		it.to = camp.gm;
		it.subject = subject;
		it.body = body;
		rc = outbox_queue(l, c, &it, now, d);
	}
	free(subject);
	free(body);
	*told = rc == 0;
	return rc;
}
