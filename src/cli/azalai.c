/* azalai: a play-by-email referee. This file reads the global options and
 * hands the rest of the command line to the command it names. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "cli/cli.h"
#include "core/datadir.h"
#include "core/log.h"
#include "games/game.h"
#include "ledger/ledger.h"
#include "mail/curlx.h"

static const struct command {
	const char *name;
	int (*fn)(struct cli *, int, char **);
	int needs_ledger;
	const char *summary;
} commands[] = {
	{ "init", cmd_init, 1, "create the ledger, the mailbox and the outbox directory" },
	{ "new", cmd_new, 1, "start a game: new GAME --seat NAME=ADDRESS ..." },
	{ "list", cmd_list, 1, "list the games" },
	{ "show", cmd_show, 1, "show a game: show GAME [--as SEAT]" },
	{ "ingest", cmd_ingest, 1, "take in orders: ingest --maildir DIR | --mbox FILE | "
	    "--stdin | --file TURNFILE" },
	{ "run", cmd_run, 1, "fetch, resolve, report and deliver (the cron job)" },
	{ "inbox", cmd_inbox, 1, "mails the runs could not get through: inbox "
	    "[list | show ID | release ID | drop ID]" },
	{ "outbox", cmd_outbox, 1, "the mails waiting to go: outbox [list|flush] [--all]" },
	{ "replay", cmd_replay, 1, "replay a game: replay GAME [--step N] [--as SEAT]" },
	{ "verify", cmd_verify, 1, "check games against their seed and hash chain: "
	    "verify [GAME [--head HASH]]" },
	{ "archive", cmd_archive, 1, "the games as a static web site: archive [GAME...] DIR" },
	{ "process", cmd_process, 1, "apply what is due now in a game: process GAME" },
	{ "preview", cmd_preview, 1, "what processing would do, changing nothing: "
	    "preview GAME [--at TIME]" },
	{ "deadline", cmd_deadline, 1, "show or move deadlines: deadline GAME "
	    "[set TIME | extend DURATION] [SEAT]" },
	{ "seat", cmd_seat, 1, "change a seat: seat GAME SEAT replace ADDRESS | bot[:LEVEL] | "
	    "human | away FROM TO | back" },
	{ "pause", cmd_pause, 1, "pause a game: pause GAME [--for DURATION] REASON..." },
	{ "resume", cmd_resume, 1, "end a pause: resume GAME" },
	{ "end", cmd_end, 1, "abandon a game: end GAME REASON..." },
	{ "watch", cmd_watch, 1, "add an observer: watch GAME ADDRESS [LANGUAGE]" },
	{ "unwatch", cmd_unwatch, 1, "remove an observer: unwatch GAME ADDRESS" },
	{ "set", cmd_set, 1, "change a campaign setting: set GAME KEY VALUE" },
	{ "rollback", cmd_rollback, 1, "undo steps: rollback GAME STEPS [REASON...]" },
	{ "config", cmd_config, 0, "print the configuration in force" },
	{ NULL, NULL, 0, NULL }
};

static void
usage(FILE *f)
{
	fprintf(f, "usage: azalai [--config FILE] [--ledger FILE] [--datadir DIR] COMMAND "
	    "[ARGS]\n\n"
	    "commands:\n");
	for (int i = 0; commands[i].name != NULL; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n\"azalai COMMAND --help\" tells more; see azalai(1).\n");
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "ledger", required_argument, NULL, 'l' },
		{ "datadir", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *config_path = NULL, *ledger = NULL, *datadir = NULL;
	struct cli c;
	struct diag d;
	int ch, rc;

	/* "+": options after the command belong to the command. */
	while ((ch = getopt_long(argc, argv, "+c:l:d:hV", opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			config_path = optarg;
			break;
		case 'l':
			ledger = optarg;
			break;
		case 'd':
			datadir = optarg;
			break;
		case 'h':
			usage(stdout);
			return EX_OK;
		case 'V':
			printf("azalai %s\n", PACKAGE_VERSION);
			return EX_OK;
		default:
			usage(stderr);
			return EX_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1) {
		usage(stderr);
		return EX_USAGE;
	}

	/* The ledger (raw mail, token hashes, the seeds of every hidden card),
	 * its WAL and lock, the log and the outbox are the owner's alone. */
	umask(umask(077) | 077);
	memset(&c, 0, sizeof c);
	c.lockfd = -1;
	config_defaults(&c.cfg);
	diag_clear(&d);
	if (config_path == NULL)
		config_path = getenv("AZALAI_CONFIG");
	if (config_load(&c.cfg, config_path != NULL ? config_path : "azalai.yaml",
	    config_path != NULL, &d) < 0)
		return cli_fail(EX_CONFIG, "%s", d.msg);
	if (ledger != NULL)
		snprintf(c.cfg.ledger, sizeof c.cfg.ledger, "%s", ledger);
	if (datadir != NULL && *datadir == '\0')
		return cli_fail(EX_USAGE, "--datadir wants a directory");
	if (datadir_find(c.cfg.datadir, sizeof c.cfg.datadir, datadir, c.cfg.datadir) < 0)
		return cli_fail(EX_USAGE, "the data directory's name is too long");
	if (strcmp(c.cfg.log_to, "file") == 0)
		log_open(LOG_TO_FILE, c.cfg.log_file);
	else if (strcmp(c.cfg.log_to, "syslog") == 0)
		log_open(LOG_TO_SYSLOG, NULL);
	else if (strcmp(c.cfg.log_to, "none") == 0)
		log_open(LOG_TO_NONE, NULL);
	else if (strcmp(c.cfg.log_to, "auto") == 0)
		log_open(LOG_TO_AUTO, NULL);

	for (int i = 0; commands[i].name != NULL; i++) {
		if (strcmp(commands[i].name, argv[0]) != 0)
			continue;
		rc = commands[i].fn(&c, argc, argv);
		/* What a service manager or an MTA does next depends on why: a
		 * full or failing disk passes (retry), a transport setting that
		 * cannot work does not (a person must fix it). */
		if (rc != EX_OK && ledger_io_failed())
			rc = EX_TEMPFAIL;
		else if (rc == EX_TEMPFAIL && (curlx_misconfigured() || games_misconfigured()))
			rc = EX_CONFIG;
		cli_close(&c);
		log_close();
		return rc;
	}
	usage(stderr);
	return cli_fail(EX_USAGE, "unknown command \"%s\"", argv[0]);
}
