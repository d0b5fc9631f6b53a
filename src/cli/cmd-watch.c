/* run --watch: the referee stays running, waits on the configured mailbox
 * (mail/watch.h) and, when mail may have landed or at the latest every
 * watch.full_check seconds (deadlines, reminders, a wake-up missed), runs
 * once exactly as "azalai run" does (run_once). The run lock is taken for
 * each run and given back before the next wait, so an MTA's "ingest
 * --stdin" or the timer's "run" never waits on an idle watcher. Mail that
 * lands while a run goes wakes the next run, after it: one at a time.
 *
 * A watch that breaks (a server gone, a connection dropped) is said once in
 * the log, tried again after 1, 2, 4 ... up to watch.backoff_max seconds in
 * silence, and said once more when it works again; meanwhile the runs by
 * the clock go on, so the ledger's own work is never held up by a mailbox.
 * SIGTERM or SIGINT lets the run going finish, then ends the watcher. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sysexits.h>

#include "cli/cli.h"
#include "core/log.h"
#include "games/game.h"
#include "ledger/ledger.h"
#include "mail/curlx.h"
#include "mail/watch.h"

static volatile sig_atomic_t stopping;

static void
stop(int sig)
{
	(void)sig;
	stopping = 1;
}

/* One run, the lock given back after it: 0 to go on, else the exit code
 * (what a person must fix, as "azalai run" would say it). A run that found
 * the lock held by another run is made again: that one may have read the
 * mailbox before the mail that woke us landed. */
static int
one_run(struct cli *c)
{
	int rc;

	do {
		rc = run_once(c);
		cli_close(c);
	} while (rc == EX_OK && cli_lock_busy && !stopping);
	if (rc != EX_OK && ledger_io_failed())
		rc = EX_TEMPFAIL;
	if (rc == EX_OK || (rc == EX_TEMPFAIL && !curlx_misconfigured() &&
	    !games_misconfigured()))
		return 0;
	return rc == EX_TEMPFAIL ? EX_CONFIG : rc;
}

/* Sleeps ms, or less when a signal comes. */
static void
nap(int ms)
{
	struct timespec end;

	watch_deadline(&end, ms);
	while (!stopping && watch_left(&end) > 0)
		poll(NULL, 0, watch_left(&end));
}

int
run_watching(struct cli *c)
{
	const struct watch *w = watch_find(c->cfg.mailbox_type);
	const char *where = strcmp(c->cfg.mailbox_type, "maildir") == 0 ?
	    c->cfg.mailbox_path : c->cfg.mailbox_url;
	int every = c->cfg.watch_full_check > 0 ? c->cfg.watch_full_check : 300;
	int most = c->cfg.watch_backoff_max > 0 ? c->cfg.watch_backoff_max : 1;
	int backoff = 0, broken = 0, due = 1, rc, r;
	struct sigaction sa;
	struct timespec full;
	void *ctx = NULL;
	struct diag d;

	if (w == NULL)
		return cli_fail(EX_CONFIG, "run --watch: a mailbox of type \"%s\" cannot be "
		    "watched (maildir, imap or pop3 can)", c->cfg.mailbox_type);
	/* No SA_RESTART: a signal ends the wait it comes in. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	log_info("run --watch: watching the %s mailbox %s", w->type, where);
	watch_deadline(&full, 0);
	while (!stopping) {
		if (ctx == NULL) {
			diag_clear(&d);
			if (w->open(&c->cfg, &ctx, &d) == 0) {
				if (broken)
					log_info("run --watch: %s is watched again", where);
				/* What landed while nothing watched. */
				due |= broken;
				broken = 0;
				backoff = 0;
			} else {
				ctx = NULL;
				if (!broken)
					log_error("run --watch: %s; trying again, at most every %d s "
					    "(the runs every %d s go on)", d.msg, most, every);
				broken = 1;
				backoff = backoff == 0 ? 1 : backoff * 2 > most ? most : backoff * 2;
			}
		}
		if (due || watch_left(&full) == 0) {
			if ((rc = one_run(c)) != 0)
				goto out;
			watch_deadline(&full, every * 1000L);
			due = 0;
		}
		if (stopping)
			break;
		if (ctx == NULL) {
			int left = watch_left(&full);

			nap(backoff * 1000 < left ? backoff * 1000 : left);
			continue;
		}
		diag_clear(&d);
		r = w->wait(ctx, (watch_left(&full) + 999) / 1000, &d);
		if (r < 0) {
			w->close(ctx);
			ctx = NULL;
			if (!stopping)
				log_error("run --watch: lost %s: %s; trying again, at most every "
				    "%d s", where, d.msg, most);
			broken = 1;
		}
		due = r > 0;
	}
	rc = EX_OK;
out:
	if (ctx != NULL)
		w->close(ctx);
	log_info("run --watch: stopped watching %s", where);
	return rc;
}
