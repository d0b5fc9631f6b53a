/* outbox: mails the ledger has queued, and their delivery. A mail is queued
 * in the same transaction as the events that caused it; delivery is a
 * separate step that marks the attempt first, so a run that dies after
 * sending and before recording resends the same mail (same Message-ID) and
 * the ledger shows it. */
#ifndef AZ_OUTBOX_H
#define AZ_OUTBOX_H

#include <stdint.h>

#include "config.h"
#include "ledger.h"

struct outbox_item {
	int64_t game_id;          /* 0 when the mail is about no game */
	int seat;                 /* -1 when none */
	const char *kind;
	const char *to;
	const char *subject;
	const char *body;
	const char *html;         /* an HTML alternative, NULL or "" when none */
	const char *in_reply_to;  /* "" when none */
	const char *refs;
	int has_step;             /* the mail shows the seat's game at step */
	int64_t step;
	const char *json;         /* the view.json attachment, NULL or "" when none */
};

int outbox_queue(struct ledger *, const struct config *, const struct outbox_item *,
    const char *now, struct diag *);
/* Sends what is due; counts what was sent and what failed. */
int outbox_deliver(struct ledger *, const struct config *, int *sent, int *failed,
    struct diag *);
void outbox_list(struct ledger *, int all);
/* Mails of kind to address queued since the ISO time `since`. */
int outbox_count_since(struct ledger *, const char *to, const char *kind, const char *since);

#endif
