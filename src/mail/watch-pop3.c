/* A POP3 mailbox by the clock: POP3 has no push, and a session sees the
 * mailbox as it was at login, so a connection kept open would never see
 * new mail. The watch holds no connection; every watch.poll_interval
 * seconds it says mail may have landed, and the run that follows polls
 * with its one connection (fetch-pop3.c: UIDL, then RETR of what is new). */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "mail/curlx.h"
#include "mail/watch.h"

struct pop3w {
	int every;                /* seconds between polls */
};

static int
p3_open(const struct config *c, void **ctx, struct diag *d)
{
	struct pop3w *w;

	/* A URL that can never work is said now, not at every poll. */
	if (curlx_check_url(c->mailbox_url, "pop3", "pop3s", c->mailbox_tls, d) < 0)
		return -1;
	w = xcalloc(1, sizeof *w);
	w->every = c->watch_poll > 0 ? c->watch_poll : 60;
	*ctx = w;
	return 0;
}

static int
p3_wait(void *ctx, int timeout_s, struct diag *d)
{
	struct pop3w *w = ctx;
	struct timespec end;
	int poll_due = w->every <= timeout_s;

	(void)d;
	watch_deadline(&end, (poll_due ? w->every : timeout_s) * 1000L);
	/* Only a signal ends the sleep early; it is then no poll. */
	while (watch_left(&end) > 0)
		if (poll(NULL, 0, watch_left(&end)) < 0 && errno == EINTR)
			return 0;
	return poll_due;
}

static void
p3_close(void *ctx)
{
	free(ctx);
}

const struct watch watch_pop3 = { "pop3", p3_open, p3_wait, p3_close };
