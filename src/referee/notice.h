/* notice: the referee's mails about a game that answer no order: a seat
 * handed over, a pause, a rollback, an observer welcomed. Every recipient is
 * rendered with its own view (a seat its own, an observer the public one),
 * so a notice that carries the report shows nothing it may not see. */
#ifndef AZ_NOTICE_H
#define AZ_NOTICE_H

#include "core/config.h"
#include "ledger/play.h"
#include "render/render.h"

/* Queues tmpl for seat (-1: an observer) at to; extra (not consumed) is
 * merged at the root. With report, the mail carries the news since the
 * recipient's last report and the recipient is recorded as reported (a
 * watcher by its address); otherwise the seat's report state is left alone. */
int notice_one(struct ledger *, const struct config *, struct render *, struct play *,
    int seat, const char *to, const char *tmpl, const char *kind,
    const struct tval *extra, int report, const char *now, struct diag *);

/* What one reader's notice says besides extra: own (NULL: nothing) fills a
 * copy of extra for seat (-1: an observer) and returns 0 when that reader
 * is to have no notice at all. */
struct notice_own {
	int (*fn)(void *arg, int seat, struct tval *extra);
	void *arg;
};

/* notice_one for every seat a person plays (not `skip`, -1: none) and every
 * watcher of the game. */
int notice_everyone(struct ledger *, const struct config *, struct render *,
    struct play *, int skip, const char *tmpl, const char *kind,
    const struct tval *extra, const struct notice_own *own, int report, const char *now,
    struct diag *);

#endif
