/* Commands about mail: ingest, run, outbox. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/fsutil.h"
#include "core/log.h"
#include "mail/fetch.h"
#include "mail/ingest.h"
#include "mail/mailcache.h"
#include "mail/outbox.h"
#include "referee/process.h"
#include "referee/retention.h"
#include "referee/schedule.h"
#include "referee/turning.h"
#include "render/archive.h"
#include "render/picture.h"

static void
log_summary(const char *what, const struct ingest_stats *in, const struct process_stats *ps)
{
	log_info("%s: %d messages taken in (%d already seen, %d unreadable, %d files set "
	    "aside); %d processed: %d orders accepted, %d rejected, %d steps resolved, %d not "
	    "answered", what, in->taken, in->duplicates, in->failed, in->aside, ps->messages,
	    ps->accepted, ps->rejected, ps->steps, ps->ignored);
}

/* Ingest keeps the parse of each mail it stores for process_pending, right
 * after it in the same run, which reads the mail with the same limit. */
static void
open_cache(const struct cli *c)
{
	if (c->cfg.max_message_bytes > 0)
		mailcache_open((size_t)c->cfg.max_message_bytes);
}

/* Sends what is due, finished first: the pictures of each round are drawn
 * here, by the render layer, so that delivery only sends what the ledger
 * holds. Never under the run lock, which the caller has let go: drawing and
 * a slow server keep no ingest waiting. One deliverer at a time, under a
 * lock of its own (LEDGER.deliver.lock), so no mail goes twice; a caller
 * that finds it taken within wait seconds leaves its mails to the holder
 * (returns 1), which looks again for mail queued after its last round
 * once it has let go, and takes the lock again for it: a mail queued
 * while a delivery goes waits for no timer. */
static int
deliver(struct cli *c, int wait, int *sent, int *failed, struct diag *d)
{
	struct outbox_round r = { 0, 0, "" };
	char path[CFG_PATH + 16];
	int fd, rc = 0, s, f;

	*sent = *failed = 0;
	snprintf(path, sizeof path, "%s.deliver.lock", c->cfg.ledger);
	while (outbox_round_next(&c->l, &r)) {
		if ((fd = fs_lock(path, wait)) < 0) {
			if (errno == EWOULDBLOCK)
				return 1;
			return diag_set(d, 0, "cannot lock %s: %s", path, strerror(errno));
		}
		do {
			picture_draw_due(&c->l, &c->cfg, &r);
			rc = outbox_deliver(&c->l, &c->cfg, &r, &s, &f, d);
			*sent += s;
			*failed += f;
		} while (rc == 0 && outbox_round_next(&c->l, &r));
		fs_unlock(fd);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The site, by one run at a time: runs no longer share the run lock here,
 * and one that wrote an older page after another's newer one, then its
 * record of what the pages show, would leave the page stale for good.
 * 1 when another run held it for lock_timeout. */
static int
refresh_site(struct cli *c, struct archive_stats *as, struct diag *d)
{
	char path[CFG_PATH + 16];
	int fd, rc;

	memset(as, 0, sizeof *as);
	if (c->cfg.archive_dir[0] == '\0')
		return 0;
	snprintf(path, sizeof path, "%s.archive.lock", c->cfg.ledger);
	if ((fd = fs_lock(path, c->cfg.lock_timeout)) < 0) {
		if (errno == EWOULDBLOCK)
			return 1;
		return diag_set(d, 0, "cannot lock %s: %s", path, strerror(errno));
	}
	rc = archive_refresh(&c->l, &c->cfg, as, d);
	fs_unlock(fd);
	return rc < 0 ? -1 : 0;
}

static const char ingest_usage[] =
    "usage: azalai ingest --maildir DIR | --mbox FILE | --stdin | --file TURNFILE\n\n"
    "Takes order mails in, once each, resolves them and delivers the answers at\n"
    "once; those the mail server does not take now wait in the outbox for the\n"
    "next \"azalai run\" or \"azalai outbox flush\". --stdin reads one message\n"
    "(for an MTA pipe) and exits 75 (EX_TEMPFAIL) when the ledger is busy, so the\n"
    "MTA tries again. A turn file is plain order text (GAME/SEAT/TOKEN and orders).\n";

int
cmd_ingest(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "maildir", required_argument, NULL, 'm' },
		{ "mbox", required_argument, NULL, 'b' },
		{ "stdin", no_argument, NULL, 's' },
		{ "file", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 }
	};
	struct ingest_stats in = { 0, 0, 0, 0 };
	struct process_stats ps;
	const struct fetch *f = NULL;
	const char *arg = NULL;
	struct diag d;
	int ch, rc, sent, failed;

	if (cli_wants_help(argc, argv, ingest_usage))
		return EX_OK;
	optind = 0;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (ch == '?')
			return cli_fail(EX_USAGE, "see \"azalai ingest --help\"");
		if (f != NULL)
			return cli_fail(EX_USAGE, "ingest takes one source at a time");
		f = ch == 'm' ? &fetch_maildir : ch == 'b' ? &fetch_mbox : ch == 's' ?
		    &fetch_stdin : &fetch_turnfile;
		arg = optarg;
	}
	if (f == NULL || optind != argc)
		return cli_fail(EX_USAGE, "name one source: --maildir DIR, --mbox FILE, "
		    "--stdin or --file TURNFILE");
	if ((rc = cli_open(c, 1)) != 0) {
		if (cli_lock_busy) {
			/* An MTA retries on 75; a person is told to. */
			log_info("ingest: another azalai run holds the ledger; try again later");
			return EX_TEMPFAIL;
		}
		/* An MTA bounces a mail on any other code: the order would be lost
		 * to a setting the game master can still fix. */
		return f == &fetch_stdin ? EX_TEMPFAIL : rc;
	}
	diag_clear(&d);
	/* What this run stores it answers next: GMime reads each mail once. */
	open_cache(c);
	if (fetch_ingest(f, &c->cfg, arg, &c->l, &in, &d) < 0) {
		mailcache_close();
		return cli_fail(f == &fetch_stdin ? EX_TEMPFAIL : EX_NOINPUT, "%s", d.msg);
	}
	memset(&ps, 0, sizeof ps);
	rc = process_pending(&c->l, &c->cfg, &ps, &d);
	mailcache_close();
	if (rc < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	log_summary("ingest", &in, &ps);
	/* The answers at once, the mail being ours already: whatever comes of
	 * their delivery, the next run retries it, and the MTA must not give
	 * the mail again. */
	cli_unlock(c);
	if ((rc = deliver(c, 0, &sent, &failed, &d)) < 0)
		log_error("ingest: %s", d.msg);
	else if (rc == 0)
		log_info("ingest: %d mails sent, %d not sent", sent, failed);
	return in.failed > 0 ? EX_IOERR : EX_OK;
}

/* One run of the referee, as the cron job does it: "azalai run" and the
 * watcher (cmd-watch.c) share it. */
int
run_once(struct cli *c)
{
	struct ingest_stats in = { 0, 0, 0, 0 };
	struct process_stats ps;
	struct schedule_stats ss;
	struct diag d;
	struct archive_stats as;
	struct retention_stats rs;
	struct turning_stats ts;
	const struct fetch *f;
	int rc, sent = 0, failed = 0, fetch_failed = 0, schedule_failed = 0, archive_failed = 0;

	/* An idle tick (no mail, nothing due) reads no game data, catalog or
	 * GMime's tables: issue 16's P2. */
	c->lazy = 1;
	if ((rc = cli_open(c, 1)) != 0) {
		if (cli_lock_busy) {
			log_info("run: another azalai run is still going; leaving the work to it");
			return EX_OK;
		}
		return rc;
	}
	diag_clear(&d);
	open_cache(c);
	/* A server that is down: what the ledger already holds is still
	 * answered and the outbox delivered, then the run says it failed. A
	 * mailbox on this machine that cannot be read is the game master's
	 * to fix first. */
	if ((f = fetch_find(c->cfg.mailbox_type)) != NULL &&
	    fetch_ingest(f, &c->cfg, c->cfg.mailbox_path, &c->l, &in, &d) < 0) {
		if (!f->remote) {
			mailcache_close();
			return cli_fail(EX_NOINPUT, "%s", d.msg);
		}
		log_error("run: %s", d.msg);
		fetch_failed = 1;
	}
	memset(&ps, 0, sizeof ps);
	rc = process_pending(&c->l, &c->cfg, &ps, &d);
	mailcache_close();
	if (rc < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	/* Time after mail: orders that arrived before a deadline count. A game
	 * whose deadlines fail is logged and left for the next run; the others'
	 * mails still go out. */
	memset(&ss, 0, sizeof ss);
	if (schedule_run(&c->l, &c->cfg, NULL, NULL, 0, NULL, &ss, &d) < 0)
		schedule_failed = 1;
	/* The next writer may start while this run draws, sends and writes
	 * the site. */
	cli_unlock(c);
	/* Games over get their turning points with this run's mails. The
	 * analysis only reads, so it runs off the lock; each game is claimed
	 * where its mails are queued. */
	if (turning_pass(&c->l, &c->cfg, &ts, &d) < 0)
		schedule_failed = 1;
	else if (ts.games > 0 || ts.left > 0)
		log_info("run: turning points of %d finished games, %d mails, %d games left "
		    "for the next run", ts.games, ts.mails, ts.left);
	if (deliver(c, 0, &sent, &failed, &d) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	/* What was delivered long enough ago goes; keeping it a run longer
	 * harms nothing, so a failure is logged and the run goes on. */
	if (retention_prune(&c->l, &c->cfg, &rs, &d) < 0)
		log_error("run: retention: %s", d.msg);
	/* Last: the site shows what this run did; a site that cannot be
	 * written never holds back the mails. */
	if ((rc = refresh_site(c, &as, &d)) < 0) {
		log_error("run: archive %s: %s", c->cfg.archive_dir, d.msg);
		archive_failed = 1;
	} else if (rc > 0) {
		log_info("run: another run is writing the site %s; the next run brings it "
		    "up to date", c->cfg.archive_dir);
	} else if (c->cfg.archive_dir[0] != '\0') {
		log_info("run: archive %s: %ld games, %ld rendered, %ld files written, "
		    "%ld pictures", c->cfg.archive_dir, as.games, as.rendered, as.written,
		    as.pictures);
	}
	log_summary("run", &in, &ps);
	log_info("run: %d deadlines opened, %d reminders, %d passed (%d late notes), %d seats "
	    "into civil disorder, %d pauses ended, %d steps", ss.opened, ss.reminded,
	    ss.defaults, ss.late_notes, ss.disorders, ss.resumed, ss.steps);
	log_info("run: %d mails sent, %d not sent", sent, failed);
	return failed > 0 || fetch_failed || schedule_failed || archive_failed || as.failed > 0
	    ? EX_TEMPFAIL : EX_OK;
}

int
cmd_run(struct cli *c, int argc, char **argv)
{
	if (cli_wants_help(argc, argv, "usage: azalai run [--watch]\n\nThe cron job: takes in "
	    "the configured mailbox, resolves every order, queues\nthe reports and delivers the "
	    "outbox. A second run while one is going waits\nlock_timeout seconds, then "
	    "leaves the work to the first and exits 0.\n--watch stays running and runs so "
	    "whenever mail lands in the mailbox\n(inotify, IMAP IDLE, POP3 every "
	    "watch.poll_interval s), and every\nwatch.full_check s; SIGTERM ends it.\n"))
		return EX_OK;
	if (argc == 2 && strcmp(argv[1], "--watch") == 0)
		return run_watching(c);
	if (argc > 1)
		return cli_fail(EX_USAGE, "run takes no arguments but --watch");
	return run_once(c);
}

int
cmd_outbox(struct cli *c, int argc, char **argv)
{
	const char *what = "list";
	int all = 0, rc, sent = 0, failed = 0;
	struct diag d;

	if (cli_wants_help(argc, argv, "usage: azalai outbox [list|flush] [--all]\n\n"
	    "list: the mails not yet sent (--all: every mail); flush: deliver now.\n"))
		return EX_OK;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--all") == 0)
			all = 1;
		else if (strcmp(argv[i], "list") == 0 || strcmp(argv[i], "flush") == 0)
			what = argv[i];
		else
			return cli_fail(EX_USAGE, "outbox: \"%s\"? say list or flush", argv[i]);
	}
	/* Delivery takes a lock of its own (deliver), not the run lock. */
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	if (strcmp(what, "list") == 0) {
		outbox_list(&c->l, all);
		return EX_OK;
	}
	diag_clear(&d);
	if ((rc = deliver(c, c->cfg.lock_timeout, &sent, &failed, &d)) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	if (rc > 0)
		return cli_fail(EX_TEMPFAIL, "another azalai is delivering the outbox; it "
		    "sends these mails too");
	printf("%d sent, %d not sent\n", sent, failed);
	return failed > 0 ? EX_TEMPFAIL : EX_OK;
}
