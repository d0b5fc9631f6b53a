/* A mail server on loopback that stops answering at one chosen point, for
 * the timeout tests: "smtp" takes the whole mail after DATA and then says
 * nothing; "imap" logs in and then ignores every command. Each connection
 * is served by a child that ends when the client goes away.
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
	int s, one = 1;

	if (argc != 3 || (strcmp(argv[1], "smtp") != 0 && strcmp(argv[1], "imap") != 0)) {
		fprintf(stderr, "usage: silent-server smtp|imap PORTFILE\n");
		return 64;
	}
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
			else
				imap(f);
			_exit(0);
		}
		close(c);
	}
}
