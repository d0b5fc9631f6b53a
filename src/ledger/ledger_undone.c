/* Which steps of a game its rollbacks undid, as the chain says: each
 * rollback step names them under its hash (ledger.h). Replay and verify
 * read them here; the undone table only indexes the same for the readers
 * that list steps, and verify holds it to what is read here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/xmalloc.h"
#include "ledger/ledger.h"

void
ledger_undo_payload(char out[LEDGER_UNDO_PAYLOAD], int64_t first, int64_t last)
{
	snprintf(out, LEDGER_UNDO_PAYLOAD, "undo %lld to %lld", (long long)first,
	    (long long)last);
}

/* The first step a rollback step of before 020 undid, from the first line
 * of its narrative; -1 when it names none. These are the only sentences
 * such steps were written with, kept here as they were whatever the
 * rollback says today: as messages (since 79e5440, with the first step
 * the first argument or, in the plural, the second), and before that as
 * plain English. */
static int64_t
legacy_first(const char *narrative)
{
	static const struct {
		const char *fmt;
		int arg;
	} said[] = {
		{ "The game master undid step %lld: %s", 0 },
		{ "The game master undid step %lld.", 0 },
		{ "The game master undid %d steps, %lld to %lld: %s", 1 },
		{ "The game master undid %d steps, %lld to %lld.", 1 },
	};
	const char *tab = strchr(narrative, '\t');
	char *line, num[24];
	long long first = -1;
	int steps;

	if (tab == NULL)
		return -1;
	line = xstrndup(tab + 1, strcspn(tab + 1, "\n"));
	for (size_t i = 0; i < sizeof said / sizeof said[0] && first < 0; i++)
		if (msg_arg(line, said[i].fmt, said[i].arg, num, sizeof num) == 0 &&
		    sscanf(num, "%lld", &first) != 1)
			first = -1;
	if (first < 0 && sscanf(line, "The game master undid step %lld", &first) != 1 &&
	    sscanf(line, "The game master undid %d steps, %lld to", &steps, &first) != 2)
		first = -1;
	free(line);
	return first;
}

/* The steps the rollback step at seq undid: 0, or -1 when it names none
 * before it. Only the canonical payload is read as one. */
static int
undo_range(int64_t seq, const char *payload, const char *narrative, int64_t *first,
    int64_t *last)
{
	char again[LEDGER_UNDO_PAYLOAD];
	long long a, b;

	if (payload[0] == '\0') {
		*first = legacy_first(narrative);
		*last = seq - 1;
	} else {
		if (sscanf(payload, "undo %lld to %lld", &a, &b) != 2)
			return -1;
		ledger_undo_payload(again, a, b);
		if (strcmp(again, payload) != 0)
			return -1;
		*first = a;
		*last = b;
	}
	/* Step 0 sets the game up; nothing undoes it. */
	return *first >= 1 && *first <= *last && *last < seq ? 0 : -1;
}

int
ledger_undone_load(struct ledger *l, int64_t game, struct undo_set *u, struct diag *d)
{
	/* events_admin (020) holds the rollback steps alone. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, payload, narrative FROM events "
	    "WHERE game_id = ? AND kind = 'admin' ORDER BY seq");
	int rc, ret = 0;

	memset(u, 0, sizeof *u);
	sqlite3_bind_int64(st, 1, game);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct undo x;

		x.by = sqlite3_column_int64(st, 0);
		if (undo_range(x.by, col_text(st, 1), col_text(st, 2), &x.first,
		    &x.last) < 0) {
			ret = diag_set(d, 0, "step %lld is a rollback that names no steps "
			    "before it to undo (its payload: \"%s\")", (long long)x.by,
			    col_text(st, 1));
			break;
		}
		if (u->n == u->cap) {
			u->cap = u->cap == 0 ? 4 : 2 * u->cap;
			u->v = xreallocarray(u->v, u->cap, sizeof *u->v);
		}
		u->v[u->n++] = x;
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = ledger_fail(l, d, "read the rollback steps");
	ledger_release(l, st);
	if (ret < 0)
		ledger_undone_free(u);
	return ret < 0 ? -1 : 0;
}

int64_t
ledger_undone_by(const struct undo_set *u, int64_t seq)
{
	for (size_t i = 0; i < u->n; i++)
		if (seq >= u->v[i].first && seq <= u->v[i].last)
			return u->v[i].by;
	return -1;
}

void
ledger_undone_free(struct undo_set *u)
{
	free(u->v);
	memset(u, 0, sizeof *u);
}
