/* watch: a mailbox that can be waited on, for "azalai run --watch"
 * (cli/cmd-watch.c). Each kind of mailbox is one file, watch-*.c, as each
 * source is one fetch-*.c: a Maildir through inotify, an IMAP folder
 * through IDLE (RFC 2177) on one connection of its own, a POP3 mailbox
 * (no push in POP3) by the clock. A watch only says that mail may have
 * landed; the run that follows takes it in through struct fetch, so what
 * "azalai run" proves (once only, nothing lost under kill -9) holds. */
#ifndef AZ_WATCH_H
#define AZ_WATCH_H

#include "core/config.h"
#include "core/diag.h"

/* A mailbox that can be waited on. */
struct watch {
	const char *type;   /* the mailbox.type it watches: maildir, imap, pop3 */
	/* Opens what wait needs (an inotify descriptor, a connection). */
	int (*open)(const struct config *, void **ctx, struct diag *);
	/* Blocks until mail may have landed (1) or timeout_s passed (0);
	 * -1 with a diag when the watch broke (the caller closes, waits
	 * with back-off, reopens, and logs the break once, not per try). */
	int (*wait)(void *ctx, int timeout_s, struct diag *);
	void (*close)(void *ctx);
};
const struct watch *watch_find(const char *type);

extern const struct watch watch_maildir;
extern const struct watch watch_imap;
extern const struct watch watch_pop3;

/* For the watches: a deadline ms milliseconds from now on the monotonic
 * clock, and the milliseconds left until one (0 once it has passed). */
#include <time.h>
void watch_deadline(struct timespec *, long ms);
int watch_left(const struct timespec *);

/* A wait ends early, returning 0, when a signal arrives (the watcher's
 * stop): the watches install no handler of their own. */

#endif
