/* azalai inbox: the messages runs could not get through (held, see
 * process.c), for the game master to read, release or drop. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "mail/mailmsg.h"
#include "mail/messages.h"

static const char inbox_usage[] =
    "usage: azalai inbox [list]\n"
    "       azalai inbox show ID\n"
    "       azalai inbox release ID\n"
    "       azalai inbox drop ID\n\n"
    "A mail on which runs died or failed limits.message_attempts times is held:\n"
    "the referee goes on without it. list: the held mails (id, sender, subject,\n"
    "attempts, last error); show: one mail as it came in (only the header block\n"
    "of one over limits.message_bytes); release: back in the queue for the next\n"
    "run, its attempts forgotten; drop: given up, kept in the ledger.\n";

int
inbox_held(struct ledger *l)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT count(*) FROM messages WHERE "
	    "status = 'new' AND aside = 'held'");
	int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;

	sqlite3_finalize(st);
	return n;
}

/* A header a stranger wrote goes to the game master's terminal: no control
 * characters (escape sequences), and not longer than a line. */
static void
put_field(const char *s, size_t max)
{
	size_t n = 0;

	for (; *s != '\0' && n < max; s++, n++)
		putchar((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
	if (*s != '\0')
		fputs("...", stdout);
}

static int
list(struct ledger *l)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT id, source, raw, attempts, last_error, "
	    "aside_at FROM messages WHERE status = 'new' AND aside = 'held' ORDER BY id");
	int n = 0;

	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *raw = sqlite3_column_blob(st, 2);
		size_t len = (size_t)sqlite3_column_bytes(st, 2);
		struct mailmsg m;

		/* The headers only: the whole mail may be what crashes a run. */
		mailmsg_init(&m);
		if (strcmp(col_text(st, 1), "file") != 0 && raw != NULL)
			mailmsg_parse(raw, mailmsg_header_len(raw, len),
			    mailmsg_header_len(raw, len) + 1, &m, NULL);
		printf("%lld  from ", (long long)sqlite3_column_int64(st, 0));
		put_field(m.from_addr != NULL && m.from_addr[0] ? m.from_addr :
		    strcmp(col_text(st, 1), "file") == 0 ? "(a turn file)" : "(no sender)", 100);
		printf("  \"");
		put_field(m.subject != NULL ? m.subject : "", 60);
		printf("\"  %d attempts, held since %s\n    last error: ",
		    sqlite3_column_int(st, 3), col_text(st, 5));
		put_field(col_text(st, 4)[0] ? col_text(st, 4) : "(none recorded: the run died)",
		    300);
		putchar('\n');
		mailmsg_free(&m);
		n++;
	}
	sqlite3_finalize(st);
	if (n == 0)
		printf("no mail is held\n");
	return EX_OK;
}

static int
show(struct ledger *l, int64_t id)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT raw, whole_bytes FROM messages WHERE id = ?");
	int rc = EX_OK;

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) != SQLITE_ROW)
		rc = cli_fail(EX_DATAERR, "there is no message %lld", (long long)id);
	else if (fwrite(sqlite3_column_blob(st, 0), 1, (size_t)sqlite3_column_bytes(st, 0),
	    stdout) != (size_t)sqlite3_column_bytes(st, 0) || fflush(stdout) != 0)
		rc = cli_fail(EX_IOERR, "cannot write the message to standard output");
	else if (sqlite3_column_type(st, 1) != SQLITE_NULL)
		/* Beside the mail, not in it: what is printed is what was kept. */
		fprintf(stderr, "azalai: the body of message %lld was not kept: the mail was "
		    "%lld bytes, over limits.message_bytes, and only its header block is in "
		    "the ledger\n", (long long)id, (long long)sqlite3_column_int64(st, 1));
	sqlite3_finalize(st);
	return rc;
}

/* release and drop act on a held message only, so that neither can touch a
 * mail that was answered or is waiting its turn. */
static int
change(struct cli *c, const char *what, int64_t id)
{
	sqlite3_stmt *st;
	char now[32], aside[16] = "";
	struct diag d;
	int found = 0;

	diag_clear(&d);
	if (ledger_begin(&c->l, &d) < 0)
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	st = ledger_prep(&c->l, "SELECT status, aside FROM messages WHERE id = ?");
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		found = strcmp(col_text(st, 0), "new") == 0 ? 1 : -1;
		snprintf(aside, sizeof aside, "%s", col_text(st, 1));
	}
	sqlite3_finalize(st);
	if (found == 0 || found < 0 || strcmp(aside, "held") != 0) {
		ledger_rollback(&c->l);
		if (found == 0)
			return cli_fail(EX_DATAERR, "there is no message %lld", (long long)id);
		return cli_fail(EX_DATAERR, "message %lld is not held (it is %s); see "
		    "\"azalai inbox\"", (long long)id, found < 0 ? "answered" :
		    aside[0] ? aside : "waiting for the next run");
	}
	clock_iso(clock_now(), now, sizeof now);
	if ((strcmp(what, "release") == 0 ? message_release(&c->l, id, now, &d)
	    : message_drop(&c->l, id, now, &d)) < 0 || ledger_commit(&c->l, &d) < 0) {
		ledger_rollback(&c->l);
		return cli_fail(EX_TEMPFAIL, "%s", d.msg);
	}
	if (strcmp(what, "release") == 0)
		printf("message %lld goes back to the queue; the next run takes it\n",
		    (long long)id);
	else
		printf("message %lld dropped; it stays in the ledger\n", (long long)id);
	return EX_OK;
}

int
cmd_inbox(struct cli *c, int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "list";
	int64_t id = 0;
	int rc;

	if (cli_wants_help(argc, argv, inbox_usage))
		return EX_OK;
	if (strcmp(what, "list") == 0) {
		if (argc > 2)
			return cli_fail(EX_USAGE, "inbox list takes no arguments");
	} else if (strcmp(what, "show") == 0 || strcmp(what, "release") == 0 ||
	    strcmp(what, "drop") == 0) {
		char *end;
		long long v;

		if (argc != 3)
			return cli_fail(EX_USAGE, "usage: azalai inbox %s ID", what);
		v = strtoll(argv[2], &end, 10);
		if (argv[2][0] == '\0' || *end != '\0' || v <= 0)
			return cli_fail(EX_USAGE, "inbox %s: \"%s\" is not a message number",
			    what, argv[2]);
		id = v;
	} else
		return cli_fail(EX_USAGE, "inbox: \"%s\"? say list, show, release or drop",
		    what);
	/* Changing the queue waits for the run lock, so no run is taking it. */
	if ((rc = cli_open(c, strcmp(what, "release") == 0 || strcmp(what, "drop") == 0))
	    != 0) {
		if (cli_lock_busy)
			return cli_fail(EX_TEMPFAIL, "another azalai run holds the ledger");
		return rc;
	}
	if (strcmp(what, "list") == 0)
		return list(&c->l);
	if (strcmp(what, "show") == 0)
		return show(&c->l, id);
	return change(c, what, id);
}
