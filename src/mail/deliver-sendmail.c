/* Pipes each mail to sendmail -t, as cron mailers do, with the referee's
 * address as the envelope sender. */
#include <errno.h>
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <sysexits.h>

#include "mail/deliver.h"

static int
sendmail_send(const struct config *c, long long id, const char *kind, const char *from,
    const char *to, const char *raw, size_t len, char *cause, size_t causelen)
{
	FILE *p;
	int status;
	void (*old)(int);
	char *q, *cmd;
	int e;

	(void)id;
	(void)kind;
	/* sendmail -t takes the recipients from the headers, which are 7-bit,
	 * but the envelope sender from -f only: without it, bounces would go
	 * to the Unix user running the referee, not back to its mailbox. */
	(void)to;
	q = g_shell_quote(from);
	cmd = g_strdup_printf("%s -f %s", c->deliver_sendmail, q);
	g_free(q);
	old = signal(SIGPIPE, SIG_IGN);
	p = popen(cmd, "w");
	e = errno;
	g_free(cmd);
	if (p == NULL) {
		snprintf(cause, causelen, "cannot run %s: %s", c->deliver_sendmail,
		    strerror(e));
		signal(SIGPIPE, old);
		return DELIVER_TEMPFAIL;
	}
	fwrite(raw, 1, len, p);
	status = pclose(p);
	signal(SIGPIPE, old);
	if (status == -1 || !WIFEXITED(status)) {
		snprintf(cause, causelen, "%s did not finish", c->deliver_sendmail);
		return DELIVER_TEMPFAIL;
	}
	if (WEXITSTATUS(status) != 0) {
		snprintf(cause, causelen, "%s exited with status %d", c->deliver_sendmail,
		    WEXITSTATUS(status));
		/* sysexits: 75 is the MTA's "try again later". */
		return WEXITSTATUS(status) == EX_TEMPFAIL ? DELIVER_TEMPFAIL : DELIVER_PERMFAIL;
	}
	return DELIVER_OK;
}

const struct deliver deliver_sendmail = { "sendmail", sendmail_send };
