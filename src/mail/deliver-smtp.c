/* SMTP, SMTPS and STARTTLS with AUTH through libcurl. The envelope sender is
 * the referee's address and the one recipient is the outbox row's, both
 * 7-bit as the From and To spell them: libcurl's own IDN conversion (in the
 * locale's charset) and its SMTPUTF8 are never reached. A 5xx
 * answer is permanent; a 4xx, a server that is down or a timeout is
 * retried on a later run. A refused login is a config problem, not the
 * recipient's, so it is retried too. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "mail/address.h"
#include "mail/curlx.h"
#include "mail/deliver.h"
#include "mail/mailout.h"

struct upload {
	const char *p;
	size_t left;
};

static size_t
feed(char *dst, size_t size, size_t n, void *arg)
{
	struct upload *u = arg;
	size_t k = size * n < u->left ? size * n : u->left;

	memcpy(dst, u->p, k);
	u->p += k;
	u->left -= k;
	return k;
}

static int
smtp_send(const struct config *c, long long id, const char *kind, const char *from,
    const char *to, const char *raw, size_t len, char *cause, size_t causelen)
{
	struct curlx_opts o = { c->deliver_url, c->deliver_user, c->deliver_password,
	    c->deliver_password_file, c->deliver_tls, c->deliver_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct upload u;
	struct curl_slist *rcpt = NULL;
	struct buf body = BUF_INIT;
	struct diag d;
	char path[ADDRESS_MAX + 2], *wire;
	size_t wirelen;
	CURLcode rc;
	long code = 0;
	CURL *h;

	(void)id;
	(void)kind;
	if ((h = curlx_open(&o, "smtp", "smtps", &body, &d)) == NULL) {
		snprintf(cause, causelen, "%s", d.msg);
		return DELIVER_TEMPFAIL;
	}
	/* The ledger and the other transports keep LF; the wire is CRLF only,
	 * which libcurl then dot-stuffs. */
	wire = mailout_crlf(raw, len, &wirelen);
	u.p = wire;
	u.left = wirelen;
	snprintf(path, sizeof path, "<%s>", from);
	rcpt = curl_slist_append(rcpt, to);
	curl_easy_setopt(h, CURLOPT_MAIL_FROM, path);
	curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(h, CURLOPT_READFUNCTION, feed);
	curl_easy_setopt(h, CURLOPT_READDATA, &u);
	curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, (curl_off_t)wirelen);
	/* One mail per connection: a connection kept for reuse is closed later
	 * with a QUIT that a silent server would make wait once more. */
	curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L);
	rc = curlx_run(h);
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	curl_slist_free_all(rcpt);
	curlx_close(h);
	g_free(wire);
	buf_free(&body);
	if (rc == CURLE_OK)
		return DELIVER_OK;
	if (code > 0)
		snprintf(cause, causelen, "SMTP server %s: %s (answered %ld)", c->deliver_url,
		    curl_easy_strerror(rc), code);
	else
		snprintf(cause, causelen, "SMTP server %s: %s", c->deliver_url,
		    curl_easy_strerror(rc));
	if (code >= 500 && code < 600 && rc != CURLE_LOGIN_DENIED)
		return DELIVER_PERMFAIL;
	return DELIVER_TEMPFAIL;
}

const struct deliver deliver_smtp = { "smtp", smtp_send };
