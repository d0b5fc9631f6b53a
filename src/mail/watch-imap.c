/* An IMAP folder through IDLE (RFC 2177) on one connection that stays open.
 *
 * libcurl has no IDLE: a transfer ends with its command's answer, and IDLE
 * answers only when the client says DONE. So libcurl opens the connection
 * with CURLOPT_CONNECT_ONLY, which for imap:// runs the whole protocol
 * connect (greeting, CAPABILITY, STARTTLS when tls is starttls, the login
 * or AUTHENTICATE), and the few commands after it (EXAMINE, IDLE, DONE,
 * NOOP) are written here through curl_easy_send and curl_easy_recv. TLS,
 * certificates, SASL and the password file stay libcurl's and curlx's, as
 * for fetch-imap.c; an IMAP library that does IDLE (libetpan) would be a
 * second TLS and login path for four commands of protocol.
 *
 * The folder is EXAMINEd (read-only: the watch changes no flag) and each
 * wait is one IDLE: "* n EXISTS" says mail landed, and the IDLE ends with
 * DONE before wait returns, so a silent connection is found at the latest
 * when that DONE goes unanswered. No wait lasts over 29 minutes, as RFC
 * 2177 asks. A server without IDLE is asked NOOP every
 * watch.poll_interval seconds on the same connection. The mail itself is
 * taken by the run that follows (fetch-imap.c, a connection of its own). */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/log.h"
#include "core/xmalloc.h"
#include "mail/curlx.h"
#include "mail/fetch.h"
#include "mail/watch.h"

#define IDLE_MAX_S (29 * 60)
/* A server's line longer than this is no answer to our commands. */
#define LINE_MAX_BYTES 65536

struct imapw {
	const struct config *c;
	CURL *h;
	curl_socket_t s;
	struct buf body;          /* curlx's: unused once connected */
	struct buf in;            /* what the server sent, not yet read */
	size_t pos;
	char base[CFG_PATH];
	char *folder;
	unsigned long uidvalidity;
	unsigned tag;
	int noidle;               /* the server refused IDLE: NOOP by the clock */
	int pending;              /* mail may have landed before the first wait */
	int timeout;              /* mailbox.timeout, in ms */
};

/* The folder's UIDVALIDITY the last connection saw: a new one after a
 * reconnect is said once, here, and the run that follows looks again. */
static unsigned long last_uidvalidity;

static void
im_close(void *ctx)
{
	struct imapw *w = ctx;

	buf_free(&w->in);
	buf_free(&w->body);
	free(w->folder);
	curlx_close(w->h);
	free(w);
}

static int
say(struct imapw *w, struct diag *d, const char *fmt, ...)
{
	char line[700];
	size_t off = 0, n, len;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line - 2, fmt, ap);
	va_end(ap);
	len = strlen(line);
	memcpy(line + len, "\r\n", 2);
	len += 2;
	while (off < len) {
		CURLcode rc = curl_easy_send(w->h, line + off, len - off, &n);

		if (rc == CURLE_AGAIN) {
			struct pollfd p = { w->s, POLLOUT, 0 };

			if (poll(&p, 1, w->timeout) == 0)
				return diag_set(d, 0, "the IMAP server at %s takes nothing we send",
				    w->c->mailbox_url);
			continue;
		}
		if (rc != CURLE_OK)
			return diag_set(d, 0, "the connection to %s broke: %s", w->c->mailbox_url,
			    curl_easy_strerror(rc));
		off += n;
	}
	return 0;
}

/* The next line the server sent, CRLF cut off, into *line (valid until the
 * next call): 1, or 0 when the deadline passed or a signal came first, or
 * -1 and d when the connection ended. */
static int
hear(struct imapw *w, const struct timespec *end, char **line, struct diag *d)
{
	for (;;) {
		char *nl = w->in.p ? memchr(w->in.p + w->pos, '\n', w->in.len - w->pos) : NULL;
		char b[4096];
		size_t n;
		CURLcode rc;

		if (nl != NULL) {
			*line = w->in.p + w->pos;
			w->pos = (size_t)(nl - w->in.p) + 1;
			*nl = '\0';
			if (nl > *line && nl[-1] == '\r')
				nl[-1] = '\0';
			return 1;
		}
		if (w->pos > 0) {
			memmove(w->in.p, w->in.p + w->pos, w->in.len - w->pos);
			w->in.len -= w->pos;
			w->in.p[w->in.len] = '\0';
			w->pos = 0;
		}
		if (w->in.len > LINE_MAX_BYTES)
			return diag_set(d, 0, "the IMAP server at %s sent a line of over %d bytes",
			    w->c->mailbox_url, LINE_MAX_BYTES);
		/* TLS may hold bytes already read off the socket: ask first. */
		rc = curl_easy_recv(w->h, b, sizeof b, &n);
		if (rc == CURLE_OK && n == 0)
			return diag_set(d, 0, "the IMAP server at %s closed the connection",
			    w->c->mailbox_url);
		if (rc == CURLE_OK) {
			buf_add(&w->in, b, n);
			continue;
		}
		if (rc != CURLE_AGAIN)
			return diag_set(d, 0, "the connection to %s broke: %s", w->c->mailbox_url,
			    curl_easy_strerror(rc));
		{
			struct pollfd p = { w->s, POLLIN, 0 };
			int r = poll(&p, 1, watch_left(end));

			if (r == 0 || (r < 0 && errno == EINTR))
				return 0;
			if (r < 0)
				return diag_set(d, 0, "cannot wait for %s: %s", w->c->mailbox_url,
				    strerror(errno));
		}
	}
}

/* "* 7 EXISTS": the folder holds more (or other) mail than it did. */
static int
exists(const char *line)
{
	unsigned long n;
	char word[8];

	return sscanf(line, "* %lu %7s", &n, word) == 2 && strcasecmp(word, "EXISTS") == 0;
}

/* "* BYE ...": the server is going, the reason in the line. */
static int
bye(const char *line)
{
	return strncasecmp(line, "* BYE", 5) == 0;
}

/* Reads to the tagged answer of the command tag, within mailbox.timeout:
 * 0 when it is OK, -2 and d when it is NO or BAD, -1 and d when the
 * connection failed. *mail is set on an EXISTS; with cont, a continuation
 * ("+ idling") ends the read too, with 1. */
static int
answer(struct imapw *w, const char *tag, int cont, int *mail, struct diag *d)
{
	struct timespec end;
	size_t tl = strlen(tag);
	char *line;
	int r;

	watch_deadline(&end, w->timeout);
	while ((r = hear(w, &end, &line, d)) > 0) {
		if (cont && line[0] == '+')
			return 1;
		if (exists(line))
			*mail = 1;
		else if (bye(line))
			return diag_set(d, 0, "the IMAP server at %s said: %s", w->c->mailbox_url,
			    line + 2);
		if (strncmp(line, tag, tl) == 0 && line[tl] == ' ') {
			if (strncasecmp(line + tl + 1, "OK", 2) == 0)
				return 0;
			diag_set(d, 0, "the IMAP server at %s answered: %s", w->c->mailbox_url,
			    line + tl + 1);
			return -2;
		}
		if (w->uidvalidity == 0 && strstr(line, "UIDVALIDITY ") != NULL) {
			unsigned long next;

			imap_parse_status(line, &w->uidvalidity, &next);
		}
	}
	if (r == 0)
		return diag_set(d, 0, "the IMAP server at %s did not answer within %d s",
		    w->c->mailbox_url, w->timeout / 1000);
	return -1;
}

static int
im_open(const struct config *c, void **ctx, struct diag *d)
{
	struct curlx_opts o = { c->mailbox_url, c->mailbox_user, c->mailbox_password,
	    c->mailbox_password_file, c->mailbox_tls, c->mailbox_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct imapw *w = xcalloc(1, sizeof *w);
	char tag[16];
	int mail = 0;

	w->c = c;
	w->timeout = (c->mailbox_timeout > 0 ? c->mailbox_timeout : 60) * 1000;
	if ((w->h = curlx_open(&o, "imap", "imaps", &w->body, d)) == NULL) {
		free(w);
		return -1;
	}
	if (imap_url_folder(c->mailbox_url, w->base, sizeof w->base, &w->folder, d) < 0)
		goto fail;
	curl_easy_setopt(w->h, CURLOPT_URL, w->base);
	curl_easy_setopt(w->h, CURLOPT_CONNECT_ONLY, 1L);
	/* A peer gone without a word is found by the kernel between IDLEs. */
	curl_easy_setopt(w->h, CURLOPT_TCP_KEEPALIVE, 1L);
	if (curlx_perform(w->h, "logging in", c->mailbox_url, d) < 0 ||
	    curl_easy_getinfo(w->h, CURLINFO_ACTIVESOCKET, &w->s) != CURLE_OK ||
	    w->s == CURL_SOCKET_BAD) {
		if (d != NULL && d->msg[0] == '\0')
			diag_set(d, 0, "no connection to %s", c->mailbox_url);
		goto fail;
	}
	snprintf(tag, sizeof tag, "w%u", ++w->tag);
	if (say(w, d, "%s EXAMINE \"%s\"", tag, w->folder) < 0 ||
	    answer(w, tag, 0, &mail, d) < 0)
		goto fail;
	if (w->uidvalidity == 0) {
		diag_set(d, 0, "the IMAP server at %s gave no UIDVALIDITY for %s",
		    c->mailbox_url, w->folder);
		goto fail;
	}
	if (last_uidvalidity != 0 && last_uidvalidity != w->uidvalidity) {
		log_warn("watch: the UIDVALIDITY of %s at %s changed from %lu to %lu",
		    w->folder, c->mailbox_url, last_uidvalidity, w->uidvalidity);
		w->pending = 1;
	}
	last_uidvalidity = w->uidvalidity;
	*ctx = w;
	return 0;
fail:
	im_close(w);
	return -1;
}

/* Without IDLE: NOOP every poll interval until mail shows or time is up. */
static int
poll_noop(struct imapw *w, const struct timespec *end, struct diag *d)
{
	int every = (w->c->watch_poll > 0 ? w->c->watch_poll : 60) * 1000;

	for (;;) {
		struct timespec next;
		char tag[16], *line;
		int mail = 0, r;

		watch_deadline(&next, every);
		if (watch_left(end) < every)
			next = *end;
		/* Nothing is asked meanwhile: a line now is a BYE, or the end. */
		if ((r = hear(w, &next, &line, d)) < 0)
			return -1;
		if (r > 0 && bye(line))
			return diag_set(d, 0, "the IMAP server at %s said: %s", w->c->mailbox_url,
			    line + 2);
		snprintf(tag, sizeof tag, "w%u", ++w->tag);
		if (say(w, d, "%s NOOP", tag) < 0 || answer(w, tag, 0, &mail, d) < 0)
			return -1;
		if (mail)
			return 1;
		if (watch_left(end) == 0)
			return 0;
	}
}

static int
im_wait(void *ctx, int timeout_s, struct diag *d)
{
	struct imapw *w = ctx;
	struct timespec end;
	char tag[16], *line;
	int mail = 0, r;

	if (w->pending) {
		w->pending = 0;
		return 1;
	}
	watch_deadline(&end, (timeout_s < IDLE_MAX_S ? timeout_s : IDLE_MAX_S) * 1000L);
	if (w->noidle)
		return poll_noop(w, &end, d);
	snprintf(tag, sizeof tag, "w%u", ++w->tag);
	if (say(w, d, "%s IDLE", tag) < 0)
		return -1;
	if ((r = answer(w, tag, 1, &mail, d)) < 0) {
		/* A tagged NO or BAD: no IDLE here. */
		if (r != -2)
			return -1;
		log_warn("watch: the IMAP server at %s does not IDLE (%s); asking every %d s",
		    w->c->mailbox_url, d->msg, w->c->watch_poll);
		diag_clear(d);
		w->noidle = 1;
		return mail ? 1 : poll_noop(w, &end, d);
	}
	while (!mail && (r = hear(w, &end, &line, d)) > 0) {
		if (exists(line))
			mail = 1;
		else if (bye(line))
			return diag_set(d, 0, "the IMAP server at %s said: %s", w->c->mailbox_url,
			    line + 2);
	}
	if (r < 0)
		return -1;
	if (say(w, d, "DONE") < 0 || answer(w, tag, 0, &mail, d) < 0)
		return -1;
	return mail;
}

const struct watch watch_imap = { "imap", im_open, im_wait, im_close };
