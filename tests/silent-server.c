/* A mail server on loopback that stops answering at one chosen point, for
 * the timeout and fetch tests: "smtp" takes the whole mail after DATA and
 * then says nothing; "imap" logs in and then ignores every command; "mute"
 * takes the connection and never greets. "imap-stall" and "pop3-stall"
 * serve a mailbox of two mails, the first whole and the second cut off
 * after its header and then silence; "imap-cut" and "pop3-cut" close the
 * connection there instead. Each connection is served by a child that ends
 * when the client goes away; every command heard goes to standard error,
 * so a test sees what a fetcher took and let go.
 *
 *   silent-server MODE PORTFILE     (writes the port, then serves forever) */
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

/* The mailbox of the fetch modes: the second mail stops after its
 * Message-ID, so a fetcher that took what it got as the whole would keep
 * the real mail out as a duplicate. */
static const char *const mails[] = {
	"From: a@azalai.test\r\nMessage-ID: <1@silent>\r\nSubject: one\r\n\r\nHELP\r\n",
	"From: b@azalai.test\r\nMessage-ID: <2@silent>\r\nSubject: two\r\n\r\n"
	    "HELP\r\nthe rest of the mail\r\n",
};
static const size_t cut = 44;     /* the bytes of the second mail sent */
static int closing;               /* "-cut": close there, not fall silent */

static void
say(FILE *f, const char *s)
{
	fputs(s, f);
	fflush(f);
}

static void
smtp(FILE *f)
{
	char line[1024];
	int data = 0;

	say(f, "220 silent ESMTP\r\n");
	while (fgets(line, sizeof line, f) != NULL) {
		if (data) {
			if (strcmp(line, ".\r\n") == 0)
				data = 2;
			continue;
		}
		if (strncasecmp(line, "EHLO", 4) == 0)
			say(f, "250-silent\r\n250 8BITMIME\r\n");
		else if (strncasecmp(line, "DATA", 4) == 0) {
			say(f, "354 go on\r\n");
			data = 1;
		} else if (strncasecmp(line, "QUIT", 4) == 0) {
			say(f, "221 bye\r\n");
			return;
		} else
			say(f, "250 ok\r\n");
	}
}

/* Reads until the client goes away, answering nothing. */
static void
mute(FILE *f)
{
	char line[1024];

	while (fgets(line, sizeof line, f) != NULL)
		fputs(line, stderr);
}

/* The second mail, cut: the connection ends, or falls silent. */
static void
cut_off(FILE *f)
{
	fwrite(mails[1], 1, cut, f);
	fflush(f);
	if (!closing)
		mute(f);
}

static void
imap_fetch(FILE *f)
{
	char line[1024], tag[64];
	unsigned long uid;

	/* No AUTH=: libcurl then logs in with LOGIN, one line. */
	say(f, "* OK [CAPABILITY IMAP4rev1] silent\r\n");
	while (fgets(line, sizeof line, f) != NULL) {
		fputs(line, stderr);
		if (sscanf(line, "%63s", tag) != 1)
			continue;
		if (strstr(line, "CAPABILITY") != NULL)
			say(f, "* CAPABILITY IMAP4rev1\r\n");
		else if (strstr(line, " STATUS ") != NULL)
			say(f, "* STATUS INBOX (UIDNEXT 3 UIDVALIDITY 7)\r\n");
		else if (strstr(line, " SELECT ") != NULL || strstr(line, " EXAMINE ") != NULL)
			say(f, "* 2 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n");
		else if (strstr(line, " UID SEARCH ") != NULL)
			say(f, "* SEARCH 1 2\r\n");
		else if (sscanf(line, "%*s UID FETCH %lu", &uid) == 1 && (uid == 1 || uid == 2)) {
			fprintf(f, "* %lu FETCH (UID %lu BODY[] {%zu}\r\n", uid, uid,
			    strlen(mails[uid - 1]));
			if (uid == 2) {
				cut_off(f);
				return;
			}
			fprintf(f, "%s)\r\n", mails[0]);
		}
		fprintf(f, "%s OK done\r\n", tag);
		fflush(f);
		if (strstr(line, "LOGOUT") != NULL)
			return;
	}
}

static void
pop3(FILE *f)
{
	char line[1024];

	say(f, "+OK silent\r\n");
	while (fgets(line, sizeof line, f) != NULL) {
		fputs(line, stderr);
		if (strncmp(line, "CAPA", 4) == 0)
			say(f, "+OK\r\nUSER\r\nUIDL\r\n.\r\n");
		else if (strncmp(line, "UIDL", 4) == 0)
			say(f, "+OK\r\n1 u1\r\n2 u2\r\n.\r\n");
		else if (strncmp(line, "RETR 1", 6) == 0) {
			say(f, "+OK\r\n");
			say(f, mails[0]);
			say(f, ".\r\n");
		} else if (strncmp(line, "RETR 2", 6) == 0) {
			say(f, "+OK\r\n");
			cut_off(f);
			return;
		} else
			say(f, "+OK\r\n");
		if (strncmp(line, "QUIT", 4) == 0)
			return;
	}
}

static void
imap(FILE *f)
{
	char line[1024], tag[64];

	/* No AUTH=: offered PLAIN, libcurl would send AUTHENTICATE, met by
	 * silence before the login. */
	say(f, "* OK [CAPABILITY IMAP4rev1] silent\r\n");
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%63s", tag) != 1)
			continue;
		if (strstr(line, "LOGIN") != NULL || strstr(line, "CAPABILITY") != NULL) {
			if (strstr(line, "CAPABILITY") != NULL)
				say(f, "* CAPABILITY IMAP4rev1\r\n");
			fprintf(f, "%s OK done\r\n", tag);
			fflush(f);
		}
		/* Anything else (SELECT, EXAMINE, SEARCH, LOGOUT): no answer. */
	}
}

int
main(int argc, char **argv)
{
	struct sockaddr_in a;
	socklen_t alen = sizeof a;
	FILE *pf;
	static const char *const modes[] = { "smtp", "imap", "mute", "imap-stall",
	    "imap-cut", "pop3-stall", "pop3-cut" };
	size_t i;
	int s, one = 1;

	for (i = 0; argc == 3 && i < sizeof modes / sizeof modes[0]; i++)
		if (strcmp(argv[1], modes[i]) == 0)
			break;
	if (argc != 3 || i == sizeof modes / sizeof modes[0]) {
		fprintf(stderr, "usage: silent-server smtp|imap|mute|imap-stall|imap-cut|"
		    "pop3-stall|pop3-cut PORTFILE\n");
		return 64;
	}
	closing = strstr(argv[1], "-cut") != NULL;
	setvbuf(stderr, NULL, _IOLBF, 0);
	signal(SIGCHLD, SIG_IGN);
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((s = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
	    bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 16) < 0 ||
	    getsockname(s, (struct sockaddr *)&a, &alen) < 0) {
		perror("silent-server");
		return 71;
	}
	if ((pf = fopen(argv[2], "w")) == NULL) {
		perror(argv[2]);
		return 73;
	}
	fprintf(pf, "%d\n", ntohs(a.sin_port));
	fclose(pf);
	for (;;) {
		int c = accept(s, NULL, NULL);
		FILE *f;

		if (c < 0)
			continue;
		if (fork() == 0) {
			close(s);
			if ((f = fdopen(c, "r+")) == NULL)
				_exit(1);
			if (strcmp(argv[1], "smtp") == 0)
				smtp(f);
			else if (strcmp(argv[1], "imap") == 0)
				imap(f);
			else if (strcmp(argv[1], "mute") == 0)
				mute(f);
			else if (strncmp(argv[1], "imap-", 5) == 0)
				imap_fetch(f);
			else
				pop3(f);
			_exit(0);
		}
		close(c);
	}
}
