#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "ledger/watchers.h"
#include "referee/notice.h"
#include "referee/tell.h"
#include "render/render.h"
#include "render/report.h"

/* The newest step a watcher has had a report of; -1 when none. */
static int64_t
watcher_seq(struct ledger *l, int64_t game, const char *to)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT reported_seq FROM watchers WHERE "
	    "game_id = ? AND address = ?");
	int64_t seq = -1;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, to, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		seq = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	return seq;
}

static int
mark_reported(struct ledger *l, struct play *p, int seat, const char *to, struct diag *d)
{
	if (seat >= 0) {
		p->g.seats[seat].reported_seq = p->seq;
		return ledger_seat_set_reported(l, p->g.id, seat, p->seq, d);
	}
	return watcher_set_reported(l, p->g.id, to, p->seq, d);
}

int
notice_one(struct ledger *l, const struct config *c, struct render *r, struct play *p,
    int seat, const char *to, const char *tmpl, const char *kind, const struct tval *extra,
    int report, const char *now, struct diag *d)
{
	int64_t since = p->seq;
	struct tval *root;
	int rc;

	if (report)
		since = seat >= 0 ? p->g.seats[seat].reported_seq : watcher_seq(l, p->g.id, to);
	lang_render_for(r, l, c, p, seat, to);
	root = report_tree(l, p, seat, since, r->lang);
	for (size_t i = 0; extra != NULL && i < extra->n; i++)
		tval_set(root, extra->keys[i], tval_copy(extra->items[i]));
	rc = tell_tree(l, c, r, p, seat, root, tmpl, kind, to, "", "", now, d);
	if (rc == 0 && report)
		rc = mark_reported(l, p, seat, to, d);
	return rc;
}

/* notice_one with what own adds for this reader, if anything. */
static int
notice_own_one(struct ledger *l, const struct config *c, struct render *r, struct play *p,
    int seat, const char *to, const char *tmpl, const char *kind, const struct tval *extra,
    const struct notice_own *own, int report, const char *now, struct diag *d)
{
	struct tval *mine;
	int rc = 0;

	if (own == NULL)
		return notice_one(l, c, r, p, seat, to, tmpl, kind, extra, report, now, d);
	mine = extra != NULL ? tval_copy(extra) : tval_map();
	if (own->fn(own->arg, seat, mine))
		rc = notice_one(l, c, r, p, seat, to, tmpl, kind, mine, report, now, d);
	tval_free(mine);
	return rc;
}

int
notice_everyone(struct ledger *l, const struct config *c, struct render *r, struct play *p,
    int skip, const char *tmpl, const char *kind, const struct tval *extra,
    const struct notice_own *own, int report, const char *now, struct diag *d)
{
	sqlite3_stmt *st;
	char **to = NULL;
	size_t n = 0;
	int rc = 0;

	for (int s = 0; s < p->g.nseats; s++) {
		if (s == skip || strcmp(p->g.seats[s].kind, "human") != 0)
			continue;
		if (notice_own_one(l, c, r, p, s, p->g.seats[s].address, tmpl, kind, extra, own,
		    report, now, d) < 0)
			return -1;
	}
	/* Collected first: queueing writes to the ledger the query reads. */
	st = ledger_stmt(l, "SELECT address FROM watchers WHERE game_id = ? ORDER BY "
	    "added_at, address");
	sqlite3_bind_int64(st, 1, p->g.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		to = xreallocarray(to, n + 1, sizeof *to);
		to[n++] = xstrdup(col_text(st, 0));
	}
	ledger_release(l, st);
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			rc = notice_own_one(l, c, r, p, -1, to[i], tmpl, kind, extra, own, report,
			    now, d);
		free(to[i]);
	}
	free(to);
	return rc;
}
