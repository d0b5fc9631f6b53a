/* Commands about mail: ingest, run, outbox. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/log.h"
#include "mail/fetch.h"
#include "mail/ingest.h"
#include "mail/mailcache.h"
#include "mail/outbox.h"
#include "referee/process.h"
#include "referee/retention.h"
#include "referee/schedule.h"
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

/* The mails due now, finished first: their pictures are drawn here, by
 * the render layer, so that delivery only sends what the ledger holds. One
 * reading of the clock for both, so every mail sent had its picture tried. */
static int
deliver(struct cli *c, int *sent, int *failed, struct diag *d)
{
	char now[32];

	clock_iso(clock_now(), now, sizeof now);
	picture_draw_due(&c->l, &c->cfg, now);
	return outbox_deliver(&c->l, &c->cfg, now, sent, failed, d);
}

static const char ingest_usage[] =
    "usage: azalai ingest --maildir DIR | --mbox FILE | --stdin | --file TURNFILE\n\n"
    "Takes order mails in, once each, and resolves them; the answers wait in the\n"
    "outbox for \"azalai run\" or \"azalai outbox flush\". --stdin reads one message\n"
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
	int ch, rc;

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
	if (deliver(c, &sent, &failed, &d) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	/* What was delivered long enough ago goes; keeping it a run longer
	 * harms nothing, so a failure is logged and the run goes on. */
	if (retention_prune(&c->l, &c->cfg, &rs, &d) < 0)
		log_error("run: retention: %s", d.msg);
	/* Last: the site shows what this run did; a site that cannot be
	 * written never holds back the mails. */
	if (archive_refresh(&c->l, &c->cfg, &as, &d) < 0) {
		log_error("run: archive %s: %s", c->cfg.archive_dir, d.msg);
		archive_failed = 1;
	} else if (c->cfg.archive_dir[0] != '\0') {
		log_info("run: archive %s: %ld games, %ld rendered, %ld files written",
		    c->cfg.archive_dir, as.games, as.rendered, as.written);
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
	if ((rc = cli_open(c, strcmp(what, "flush") == 0)) != 0) {
		if (cli_lock_busy)
			return cli_fail(EX_TEMPFAIL, "another azalai run holds the ledger");
		return rc;
	}
	if (strcmp(what, "list") == 0) {
		outbox_list(&c->l, all);
		return EX_OK;
	}
	diag_clear(&d);
	if (deliver(c, &sent, &failed, &d) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	printf("%d sent, %d not sent\n", sent, failed);
	return failed > 0 ? EX_TEMPFAIL : EX_OK;
}
