/* Pipes each mail to sendmail -t, as cron mailers do. */
#include <errno.h>
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

	(void)id;
	(void)kind;
	/* sendmail -t: the envelope comes from the headers, which are 7-bit. */
	(void)from;
	(void)to;
	old = signal(SIGPIPE, SIG_IGN);
	if ((p = popen(c->deliver_sendmail, "w")) == NULL) {
		snprintf(cause, causelen, "cannot run %s: %s", c->deliver_sendmail,
		    strerror(errno));
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
