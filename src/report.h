/* report: what a seat (or an observer) is shown of a game, as the value tree
 * the templates read, and the mails that carry it. */
#ifndef AZ_REPORT_H
#define AZ_REPORT_H

#include "config.h"
#include "play.h"
#include "render.h"

/* The view of viewer (-1: observer) plus the referee's keys: game_id, title,
 * seat, step, news (events after `since` that viewer may see), waiting,
 * your_turn, you_what, legal, over, result, referee. */
struct tval *report_tree(struct ledger *, const struct play *, int viewer, int64_t since);

/* Queues the report of every human seat that has not seen the newest step,
 * except `skip` (-1: none), and records it as reported. */
int report_queue_all(struct ledger *, const struct config *, struct render *,
    struct play *, int skip, const char *now, struct diag *);

/* Renders `tmpl` for seat with `extra` keys merged at the root (extra is
 * consumed), queues it, and records the seat as reported. */
int report_queue_one(struct ledger *, const struct config *, struct render *,
    struct play *, int seat, const char *tmpl, const char *kind, const char *to,
    struct tval *extra, const char *in_reply_to, const char *refs, const char *now,
    struct diag *);

#endif
