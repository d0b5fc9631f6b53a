/* Commands about time: process (apply what is due), preview (what would be
 * applied), deadline (show, set, extend). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sysexits.h>

#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "campaign/deadline-rows.h"
#include "campaign/deadline.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/msg.h"
#include "referee/notice.h"
#include "referee/schedule.h"

static void
log_stats(const char *what, const char *game, const struct schedule_stats *s)
{
	log_info("%s%s%s: %d deadlines opened, %d reminders, %d passed (%d late notes), "
	    "%d seats into civil disorder, %d pauses ended, %d steps", what,
	    game != NULL ? " " : "", game != NULL ? game : "", s->opened, s->reminded,
	    s->defaults, s->late_notes, s->disorders, s->resumed, s->steps);
}

/* cli_open under the run lock, with the refusal a person reads when busy. */
static int
open_locked(struct cli *c)
{
	int rc = cli_open(c, 1);

	if (rc != 0 && cli_lock_busy)
		return cli_fail(EX_TEMPFAIL, "another azalai run holds the ledger; try again");
	return rc;
}

/* Loads the game or says why not: EX_OK, or the exit code. */
static int
load_game(struct cli *c, const char *name, struct play *p)
{
	struct diag d;
	int rc;

	diag_clear(&d);
	if ((rc = play_load(&c->l, name, p, &d)) < 0)
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	if (rc == 0)
		return cli_fail(EX_DATAERR, "there is no game \"%s\"", name);
	return EX_OK;
}

static const char process_usage[] =
    "usage: azalai process GAME\n\n"
    "Applies what is due now in GAME, as \"azalai run\" does for every game: opens\n"
    "the deadlines of new decisions, reminds, plays the default order of each\n"
    "deadline that has passed (civil disorder after too many in a row), ends a\n"
    "pause that has run its length. The mails wait in the outbox for \"azalai run\"\n"
    "or \"azalai outbox flush\".\n";

int
cmd_process(struct cli *c, int argc, char **argv)
{
	struct schedule_stats s;
	struct play p;
	struct diag d;
	int rc;

	if (cli_wants_help(argc, argv, process_usage))
		return EX_OK;
	if (argc != 2)
		return cli_fail(EX_USAGE, "name one game: azalai process GAME");
	if ((rc = open_locked(c)) != 0)
		return rc;
	if ((rc = load_game(c, argv[1], &p)) != EX_OK)
		return rc;
	if (strcmp(p.g.status, "active") != 0) {
		rc = cli_fail(EX_DATAERR, "game %s is %s: nothing to process", p.g.name,
		    p.g.status);
		play_free(&p);
		return rc;
	}
	memset(&s, 0, sizeof s);
	diag_clear(&d);
	rc = schedule_run(&c->l, &c->cfg, p.g.name, NULL, 0, NULL, &s, &d);
	log_stats("process", p.g.name, &s);
	if (rc < 0) {
		play_free(&p);
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	}
	printf("%s: deadlines passed %d, reminders %d, late notes %d, into civil "
	    "disorder %d, pauses ended %d, steps %d\n", p.g.name, s.defaults, s.reminded,
	    s.late_notes, s.disorders, s.resumed, s.steps);
	play_free(&p);
	return EX_OK;
}

static const char preview_usage[] =
    "usage: azalai preview GAME [--at TIME]\n\n"
    "Prints what processing GAME would do now, or at TIME, and changes nothing:\n"
    "the deadlines that would pass with the default orders played, reminders,\n"
    "the end of a pause; then, for each seat waited for, the decision, its\n"
    "deadline and its default order. TIME: 2026-11-24T19:00:00Z (UTC),\n"
    "\"2026-11-24 20:00\" (the campaign's zone) or +DURATION from now (+2d).\n";

int
cmd_preview(struct cli *c, int argc, char **argv)
{
	struct schedule_stats s;
	struct buf out = BUF_INIT;
	struct campaign camp;
	const char *at = NULL;
	struct play p;
	struct diag d;
	char iso[32];
	time_t t;
	int rc;

	if (cli_wants_help(argc, argv, preview_usage))
		return EX_OK;
	if (argc == 4 && strcmp(argv[2], "--at") == 0)
		at = argv[3];
	else if (argc != 2)
		return cli_fail(EX_USAGE, "azalai preview GAME [--at TIME]");
	/* Locked: the preview writes in a transaction it rolls back. */
	if ((rc = open_locked(c)) != 0)
		return rc;
	if ((rc = load_game(c, argv[1], &p)) != EX_OK)
		return rc;
	diag_clear(&d);
	if (campaign_load(&c->l, p.g.id, &camp, &d) < 0) {
		play_free(&p);
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	}
	t = clock_now();
	if (at != NULL && (t = deadline_parse_time(&camp, at, t)) < 0) {
		play_free(&p);
		return cli_fail(EX_USAGE, "--at \"%s\": write 2026-11-24T19:00:00Z, "
		    "\"2026-11-24 20:00\" (%s) or +2d", at, camp.timezone);
	}
	clock_iso(t, iso, sizeof iso);
	memset(&s, 0, sizeof s);
	rc = schedule_run(&c->l, &c->cfg, p.g.name, iso, 1, &out, &s, &d);
	play_free(&p);
	if (rc < 0) {
		buf_free(&out);
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	}
	fputs(out.p != NULL ? out.p : "", stdout);
	buf_free(&out);
	return EX_OK;
}

static const char deadline_usage[] =
    "usage: azalai deadline GAME\n"
    "       azalai deadline GAME set TIME [SEAT]\n"
    "       azalai deadline GAME extend DURATION [SEAT]\n\n"
    "Shows the open deadlines of GAME, or moves them (all, or SEAT's): set to\n"
    "TIME (2026-11-24T19:00:00Z in UTC, \"2026-11-24 20:00\" in the campaign's\n"
    "zone, or +DURATION from now), extend by DURATION (12h, 2d, 1d12h). Each\n"
    "seat whose deadline moved is mailed the new one.\n";

static int
show_deadlines(struct cli *c, struct play *p, const struct campaign *camp)
{
	sqlite3_stmt *st = ledger_prep(&c->l, "SELECT seat_idx, kind, due_at, reminded_at "
	    "FROM deadlines WHERE game_id = ? AND status = 'open' ORDER BY due_at, seat_idx");
	int n = 0;

	sqlite3_bind_int64(st, 1, p->g.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int seat = sqlite3_column_int(st, 0);
		char when[64];

		campaign_date_english(camp, clock_parse_iso(col_text(st, 2)), when, sizeof when);
		printf("%-8s %-10s due %s (%s)%s%s\n", seat < p->g.nseats ?
		    p->g.seats[seat].name : "?", col_text(st, 1), when, col_text(st, 2),
		    col_text(st, 3)[0] ? ", reminded " : "", col_text(st, 3));
		n++;
	}
	sqlite3_finalize(st);
	if (n == 0)
		printf("%s has no open deadline%s\n", p->g.name, strcmp(p->g.status, "active")
		    ? " (the game is not running)" : " (\"azalai process\" opens them)");
	return EX_OK;
}

/* Mails each seat of `who` (a mask) its open deadline. */
static int
tell_moved(struct cli *c, struct play *p, const struct campaign *camp, uint32_t who,
    const char *now, struct diag *d)
{
	struct render r;
	int rc = 0;

	render_init(&r, c->cfg.datadir, p->rules->name, c->cfg.language);
	for (int s = 0; rc == 0 && s < p->g.nseats; s++) {
		sqlite3_stmt *st;
		struct tval *x;
		char when[CAMPAIGN_DATE], said[CAMPAIGN_DATE];

		if (!(who & VIS_SEAT(s)) || strcmp(p->g.seats[s].kind, "human") != 0)
			continue;
		st = ledger_prep(&c->l, "SELECT due_at FROM deadlines WHERE game_id = ? AND "
		    "seat_idx = ? AND status = 'open' ORDER BY due_at LIMIT 1");
		sqlite3_bind_int64(st, 1, p->g.id);
		sqlite3_bind_int(st, 2, s);
		if (sqlite3_step(st) != SQLITE_ROW) {
			sqlite3_finalize(st);
			continue;
		}
		campaign_date(camp, clock_parse_iso(col_text(st, 0)), when, sizeof when);
		sqlite3_finalize(st);
		x = tval_map();
		tval_set_str(x, "deadline", when);
		rc = notice_one(&c->l, &c->cfg, &r, p, s, p->g.seats[s].address, "deadline",
		    "deadline", x, 0, now, d);
		tval_free(x);
		msg_english(when, said, sizeof said);
		if (rc == 0)
			printf("%s: deadline %s\n", p->g.seats[s].name, said);
	}
	render_free(&r);
	return rc;
}

int
cmd_deadline(struct cli *c, int argc, char **argv)
{
	struct campaign camp;
	struct play p;
	struct diag d;
	int rc, seat = -1, n;
	uint32_t who = 0;
	time_t now, due = 0;
	long secs = 0;
	char iso[32];

	if (cli_wants_help(argc, argv, deadline_usage))
		return EX_OK;
	if (argc < 2 || argc == 3 || argc > 5 || (argc > 2 && strcmp(argv[2], "set") != 0 &&
	    strcmp(argv[2], "extend") != 0))
		return cli_fail(EX_USAGE, "azalai deadline GAME [set TIME | extend DURATION] "
		    "[SEAT]");
	if ((rc = open_locked(c)) != 0)
		return rc;
	if ((rc = load_game(c, argv[1], &p)) != EX_OK)
		return rc;
	diag_clear(&d);
	if (campaign_load(&c->l, p.g.id, &camp, &d) < 0) {
		rc = cli_fail(EX_SOFTWARE, "%s", d.msg);
		goto done;
	}
	if (argc == 2) {
		rc = show_deadlines(c, &p, &camp);
		goto done;
	}
	if (argc == 5) {
		for (int s = 0; s < p.g.nseats; s++)
			if (strcasecmp(p.g.seats[s].name, argv[4]) == 0)
				seat = s;
		if (seat < 0) {
			rc = cli_fail(EX_USAGE, "game %s has no seat \"%s\"", p.g.name, argv[4]);
			goto done;
		}
	}
	if (strcmp(p.g.status, "active") != 0) {
		rc = cli_fail(EX_DATAERR, "game %s is %s: it has no deadlines to move", p.g.name,
		    p.g.status);
		goto done;
	}
	now = clock_now();
	clock_iso(now, iso, sizeof iso);
	if (strcmp(argv[2], "set") == 0 &&
	    (due = deadline_parse_time(&camp, argv[3], now)) < 0) {
		rc = cli_fail(EX_USAGE, "set \"%s\": write 2026-11-24T19:00:00Z, "
		    "\"2026-11-24 20:00\" (%s) or +2d", argv[3], camp.timezone);
		goto done;
	}
	if (strcmp(argv[2], "set") == 0 && due < now) {
		char when[64];

		campaign_date_english(&camp, due, when, sizeof when);
		rc = cli_fail(EX_DATAERR, "set \"%s\": %s is in the past", argv[3], when);
		goto done;
	}
	if (strcmp(argv[2], "extend") == 0 && (secs = campaign_parse_duration(argv[3])) <= 0) {
		rc = cli_fail(EX_USAGE, "extend \"%s\": write a duration such as 12h, 2d or "
		    "1d12h", argv[3]);
		goto done;
	}
	if (ledger_begin(&c->l, &d) < 0) {
		rc = cli_fail(EX_TEMPFAIL, "%s", d.msg);
		goto done;
	}
	{
		sqlite3_stmt *st = ledger_prep(&c->l, "SELECT seat_idx FROM deadlines WHERE "
		    "game_id = ? AND status = 'open' AND (? < 0 OR seat_idx = ?)");

		sqlite3_bind_int64(st, 1, p.g.id);
		sqlite3_bind_int(st, 2, seat);
		sqlite3_bind_int(st, 3, seat);
		while (sqlite3_step(st) == SQLITE_ROW)
			who |= VIS_SEAT(sqlite3_column_int(st, 0));
		sqlite3_finalize(st);
	}
	n = secs > 0 ? deadline_shift(&c->l, p.g.id, seat, secs, &d)
	    : deadline_set(&c->l, p.g.id, seat, due, &d);
	if (n == 0) {
		ledger_rollback(&c->l);
		rc = cli_fail(EX_DATAERR, "%s%s has no open deadline to move (\"azalai "
		    "deadline %s\" lists them)", seat >= 0 ? "seat " : "game ",
		    seat >= 0 ? p.g.seats[seat].name : p.g.name, p.g.name);
		goto done;
	}
	if (n < 0 || tell_moved(c, &p, &camp, who, iso, &d) < 0 ||
	    ledger_commit(&c->l, &d) < 0) {
		ledger_rollback(&c->l);
		rc = cli_fail(EX_TEMPFAIL, "%s", d.msg);
		goto done;
	}
	log_info("deadline %s %s %s%s%s: %d deadlines moved", p.g.name, argv[2], argv[3],
	    seat >= 0 ? " for " : "", seat >= 0 ? p.g.seats[seat].name : "", n);
	rc = EX_OK;
done:
	play_free(&p);
	return rc;
}
