/* The game master's commands on the course of a game: pause, resume, end,
 * watch, unwatch, set, rollback. The work is in people.c; here are the
 * command lines, the transaction, and what is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "campaign/campaign.h"
#include "campaign/notify-word.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "referee/people.h"

int
cli_game_begin(struct cli *c, const char *game, struct play *p)
{
	struct diag d;
	int rc;

	memset(p, 0, sizeof *p);
	if ((rc = cli_open(c, 1)) != 0)
		return cli_lock_busy ? cli_fail(EX_TEMPFAIL, "another azalai run holds the "
		    "ledger; try again") : rc;
	diag_clear(&d);
	if (ledger_begin(&c->l, &d) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	if ((rc = play_load(&c->l, game, p, &d)) <= 0) {
		ledger_rollback(&c->l);
		return rc < 0 ? cli_fail(EX_SOFTWARE, "%s", d.msg)
		    : cli_fail(EX_DATAERR, "there is no game \"%s\"", game);
	}
	return 0;
}

int
cli_game_end(struct cli *c, struct play *p, int rc, const struct diag *d)
{
	struct diag cd;

	play_free(p);
	if (rc == 0) {
		diag_clear(&cd);
		if (ledger_commit(&c->l, &cd) == 0)
			return EX_OK;
		ledger_rollback(&c->l);
		return cli_fail(EX_TEMPFAIL, "%s", cd.msg);
	}
	ledger_rollback(&c->l);
	return cli_fail(rc == PEOPLE_REFUSED ? EX_DATAERR : EX_SOFTWARE, "%s", d->msg);
}

/* The words from argv[from] on, joined by spaces. */
static void
join(int argc, char **argv, int from, char *out, size_t n)
{
	size_t k = 0;

	out[0] = '\0';
	for (int i = from; i < argc && k < n; i++)
		k += (size_t)snprintf(out + k, n - k, "%s%s", i > from ? " " : "", argv[i]);
}

static void
now_iso(char *out, size_t n)
{
	clock_iso(clock_now(), out, n);
}

static const char pause_usage[] =
    "usage: azalai pause GAME [--for DURATION] REASON...\n\n"
    "Pauses GAME: the referee takes no orders and no deadline passes until\n"
    "\"azalai resume GAME\", or until the pause has lasted DURATION (2d, 36h), at\n"
    "most the campaign's pause_max_days (the default and the cap). Every player\n"
    "and observer is told the reason and when the game resumes by itself.\n";

int
cmd_pause(struct cli *c, int argc, char **argv)
{
	const char *game = NULL, *dur = NULL;
	char reason[256], now[32];
	long secs = 0;
	struct play p;
	struct diag d;
	int rc, i;

	if (cli_wants_help(argc, argv, pause_usage))
		return EX_OK;
	/* --for may come before or after GAME; the reason's words are no options. */
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--for") == 0 && i + 1 < argc)
			dur = argv[++i];
		else if (strncmp(argv[i], "--for=", 6) == 0)
			dur = argv[i] + 6;
		else if (game == NULL)
			game = argv[i];
		else
			break;
	}
	if (game == NULL || i == argc)
		return cli_fail(EX_USAGE, "name the game and say why: azalai pause GAME "
		    "[--for DURATION] REASON...");
	if (dur != NULL && (secs = campaign_parse_duration(dur)) <= 0)
		return cli_fail(EX_USAGE, "--for \"%s\": write a duration such as 2d, 36h or "
		    "1d12h", dur);
	join(argc, argv, i, reason, sizeof reason);
	if ((rc = cli_game_begin(c, game, &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	rc = people_pause(&c->l, &c->cfg, &p, secs, reason, now, &d);
	if (rc == 0)
		printf("%s paused until %s: %s\n", p.g.name, p.g.paused_until, reason);
	return cli_game_end(c, &p, rc, &d);
}

/* The commands that name one game and nothing else. */
static int
one_game(int argc, char **argv, const char *usage, const char **game)
{
	if (cli_wants_help(argc, argv, usage))
		return -1;
	if (argc != 2)
		return cli_fail(EX_USAGE, "%s", usage);
	*game = argv[1];
	return 0;
}

int
cmd_resume(struct cli *c, int argc, char **argv)
{
	static const char usage[] = "usage: azalai resume GAME\n\nEnds the pause of GAME: "
	    "the referee takes orders again, and every open\ndeadline moves on by as long as "
	    "the game stood still. Everyone is told.\n";
	const char *game = NULL;
	char now[32];
	struct play p;
	struct diag d;
	int rc;

	if ((rc = one_game(argc, argv, usage, &game)) != 0)
		return rc < 0 ? EX_OK : rc;
	if ((rc = cli_game_begin(c, game, &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	rc = people_resume(&c->l, &c->cfg, &p, 0, now, &d);
	if (rc == 0)
		printf("%s resumed\n", p.g.name);
	return cli_game_end(c, &p, rc, &d);
}

int
cmd_end(struct cli *c, int argc, char **argv)
{
	static const char usage[] = "usage: azalai end GAME REASON...\n\nAbandons GAME "
	    "before its end: it takes no more orders, its deadlines are\ncancelled, and "
	    "every player and observer is told the reason, which the\nledger keeps.\n";
	char reason[256], now[32];
	struct play p;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, usage))
		return EX_OK;
	if (argc < 3)
		return cli_fail(EX_USAGE, "name the game and say why: azalai end GAME REASON...");
	join(argc, argv, 2, reason, sizeof reason);
	if ((rc = cli_game_begin(c, argv[1], &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	rc = people_end(&c->l, &c->cfg, &p, reason, now, &d);
	if (rc == 0)
		printf("%s ended: %s\n", p.g.name, reason);
	return cli_game_end(c, &p, rc, &d);
}

static int
watch_cmd(struct cli *c, int argc, char **argv, int on)
{
	static const char watch_usage[] = "usage: azalai watch GAME ADDRESS [LANGUAGE] "
	    "[every | due | digest]\n\n"
	    "Makes ADDRESS an observer of GAME: it gets the public report (what\nevery player "
	    "may see) now and after each step, in LANGUAGE (en, de, es, fr;\nthe "
	    "configuration's language otherwise). An observer already watching\nchanges its "
	    "language so. every (the default), due (when the game comes\nround to a player "
	    "again: about once a round) or digest (at most once a\nday) says how often; the "
	    "observer may choose so itself by mail (NOTIFY).\n";
	static const char unwatch_usage[] = "usage: azalai unwatch GAME ADDRESS\n\nStops the "
	    "reports to an observer of GAME, and tells it so.\n";
	const char *lang = NULL, *mode = NULL;
	char now[32], md[8];
	struct play p;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, on ? watch_usage : unwatch_usage))
		return EX_OK;
	if (argc != 3 && !(on && (argc == 4 || argc == 5)))
		return cli_fail(EX_USAGE, "%s", on ? "usage: azalai watch GAME ADDRESS [LANGUAGE] "
		    "[every | due | digest]" : "usage: azalai unwatch GAME ADDRESS");
	/* The modes and the languages share no word: either may come first. */
	for (int i = 3; i < argc; i++) {
		if (notify_parse(argv[i], md, NULL) == 0 && mode == NULL)
			mode = argv[i];
		else if (lang == NULL)
			lang = argv[i];
		else
			return cli_fail(EX_USAGE, "watch: \"%s\" is no language nor one of "
			    "every, due, digest", argv[i]);
	}
	if ((rc = cli_game_begin(c, argv[1], &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	if (!on)
		rc = people_unwatch(&c->l, &c->cfg, &p, argv[2], now, &d);
	else if (mode != NULL && lang == NULL)
		/* Watching already: the mode alone changes. */
		rc = people_watch_notify(&c->l, &c->cfg, &p, argv[2], mode, now, &d);
	else
		rc = PEOPLE_REFUSED;
	if (on && (lang != NULL || mode == NULL || rc == PEOPLE_REFUSED)) {
		diag_clear(&d);
		rc = people_watch(&c->l, &c->cfg, &p, argv[2], lang, now, &d);
		if (rc == 0 && mode != NULL)
			rc = people_watch_notify(&c->l, &c->cfg, &p, argv[2], mode, now, &d);
	}
	if (rc == 0)
		printf(on ? "%s watches %s%s%s%s%s\n" : "%s no longer watches %s%s%s%s%s\n",
		    argv[2], p.g.name, lang != NULL ? " in " : "", lang != NULL ? lang : "",
		    mode != NULL ? ", told " : "", mode != NULL ? mode : "");
	return cli_game_end(c, &p, rc, &d);
}

int
cmd_watch(struct cli *c, int argc, char **argv)
{
	return watch_cmd(c, argc, argv, 1);
}

int
cmd_unwatch(struct cli *c, int argc, char **argv)
{
	return watch_cmd(c, argc, argv, 0);
}

int
cmd_set(struct cli *c, int argc, char **argv)
{
	static const char usage[] = "usage: azalai set GAME KEY VALUE\n\nChanges one "
	    "campaign setting of GAME (the keys are in azalai(1),\nCAMPAIGN SETTINGS); "
	    "\"azalai show GAME\" lists them all. The players are\ntold (of every key but "
	    "gm). A running deadline keeps its time.\n";
	char value[256], now[32];
	struct play p;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, usage))
		return EX_OK;
	if (argc < 4)
		return cli_fail(EX_USAGE, "usage: azalai set GAME KEY VALUE");
	join(argc, argv, 3, value, sizeof value);
	if ((rc = cli_game_begin(c, argv[1], &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	rc = people_set(&c->l, &c->cfg, &p, argv[2], value, now, &d);
	if (rc == 0) {
		struct campaign camp;
		struct buf notes = BUF_INIT;

		printf("%s: %s = %s\n", p.g.name, argv[2], value);
		/* The setting stands; the game master may not have meant what
		 * it does to the reminders. */
		if ((strcmp(argv[2], "reminder") == 0 || strncmp(argv[2], "deadline", 8) == 0) &&
		    campaign_load(&c->l, p.g.id, &camp, NULL) == 0 &&
		    campaign_reminder_notes(&camp, &notes) > 0)
			fprintf(stderr, "%s: %s", p.g.name, notes.p);
		buf_free(&notes);
	}
	return cli_game_end(c, &p, rc, &d);
}

int
cmd_rollback(struct cli *c, int argc, char **argv)
{
	static const char usage[] = "usage: azalai rollback GAME STEPS [REASON...]\n\n"
	    "Undoes the last STEPS moves of GAME (the referee's moves for bot seats\n"
	    "count; steps undone before do not). The undone steps stay in the ledger,\n"
	    "named by the game master's new step in the chain; the game goes on from\n"
	    "the position before them, a seat played by the referee moves at once if\n"
	    "it is its turn, and every player and observer gets a report saying so.\n"
	    "\"azalai replay GAME\" lists the steps.\n";
	char reason[256], now[32], *end;
	int64_t first, last;
	long steps;
	struct play p;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, usage))
		return EX_OK;
	if (argc < 3)
		return cli_fail(EX_USAGE, "usage: azalai rollback GAME STEPS [REASON...]");
	steps = strtol(argv[2], &end, 10);
	if (*end != '\0' || steps < 1 || steps > 1000000)
		return cli_fail(EX_USAGE, "STEPS \"%s\": write how many steps to undo (1 or "
		    "more)", argv[2]);
	join(argc, argv, 3, reason, sizeof reason);
	if ((rc = cli_game_begin(c, argv[1], &p)) != 0)
		return rc;
	now_iso(now, sizeof now);
	diag_clear(&d);
	rc = people_rollback(&c->l, &c->cfg, &p, (int)steps, reason, now, &first, &last, &d);
	if (rc == 0 && steps == 1)
		printf("%s: undid step %lld; the game is at step %lld\n", p.g.name,
		    (long long)first, (long long)p.seq);
	else if (rc == 0)
		printf("%s: undid %ld steps, %lld to %lld; the game is at step %lld\n",
		    p.g.name, steps, (long long)first, (long long)last, (long long)p.seq);
	return cli_game_end(c, &p, rc, &d);
}
