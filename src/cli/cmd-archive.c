/* archive: the games as a static web site (archive.h). */
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/archive.h"

static const char archive_usage[] =
    "usage: azalai archive [GAME...] DIR\n\n"
    "Writes a static web site into DIR: DIR/index.html lists the games (or\n"
    "the GAMEs named) with their players, dates, state and result, and\n"
    "DIR/games/GAME.html steps through each game, a board and what happened\n"
    "at each step. The pages load nothing from elsewhere: open them from the\n"
    "disk or copy DIR to any web host. A running game shows only what an\n"
    "observer may see; a game that is over shows everything, its seed too.\n"
    "The pages, their states and dates too, are in the configuration's\n"
    "language. Only files whose contents changed are written.\n";

int
cmd_archive(struct cli *c, int argc, char **argv)
{
	struct archive_stats s;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, archive_usage))
		return EX_OK;
	if (argc < 2)
		return cli_fail(EX_USAGE, "name the directory: azalai archive [GAME...] DIR");
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return cli_fail(EX_USAGE, "archive takes no option \"%s\"", argv[i]);
	if (argv[argc - 1][0] == '\0')
		return cli_fail(EX_USAGE, "the directory name is empty");
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	/* One read transaction: a run writing meanwhile cannot tear the site. */
	if (ledger_read_begin(&c->l, NULL) < 0)
		return cli_fail(EX_TEMPFAIL, "cannot read the ledger: %s",
		    sqlite3_errmsg(c->l.db));
	diag_clear(&d);
	rc = archive_write(&c->l, &c->cfg, argv[argc - 1], argv + 1, argc - 2, NULL,
	    isatty(STDERR_FILENO), &s, &d);
	ledger_read_end(&c->l);
	switch (rc) {
	case 0:
		break;
	case ARCHIVE_EGAME:
		return cli_fail(EX_DATAERR, "%s", d.msg);
	case ARCHIVE_EWRITE:
		return cli_fail(EX_CANTCREAT, "%s", d.msg);
	case ARCHIVE_ELEDGER:
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	default:
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	}
	printf("%s: %ld game%s, %ld file%s written", argv[argc - 1], s.games,
	    s.games == 1 ? "" : "s", s.written, s.written == 1 ? "" : "s");
	if (s.pictures > 0)
		printf(", %ld picture%s", s.pictures, s.pictures == 1 ? "" : "s");
	printf("\n");
	if (s.failed > 0)
		return cli_fail(EX_DATAERR, "%ld game%s could not be archived", s.failed,
		    s.failed == 1 ? "" : "s");
	return EX_OK;
}
