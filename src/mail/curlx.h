/* curlx: what the IMAP, POP3 and SMTP transports share about libcurl:
 * the URL and TLS setting agreeing, credentials from the config or a file,
 * timeouts on every connection, and the response gathered in a buffer. */
#ifndef AZ_CURLX_H
#define AZ_CURLX_H

#include <stddef.h>

#include <curl/curl.h>

#include "core/buf.h"
#include "core/diag.h"

struct curlx_opts {
	const char *url;
	const char *user;
	const char *password;
	const char *password_file;
	const char *tls;          /* none, starttls, tls */
	int timeout;              /* seconds; 0 means 60 */
	int verify;               /* check the server's certificate */
};

/* 1 once a transport met a setting that can never work (a URL whose scheme
 * and tls disagree, a certificate tls_verify rejects): the run's failure is
 * then a configuration error (exit 78), not a temporary one. */
int curlx_misconfigured(void);
/* Notes rc when it says the configuration, not the server, is wrong. */
void curlx_note(CURLcode rc);

/* The password: the inline one, else the first line of the file (a file
 * others can read is refused). out is "" when neither is set. */
int curlx_password(const char *password, const char *file, char *out, size_t outlen,
    struct diag *);
/* The URL must use the plain scheme (tls none or starttls) or the secure one
 * (tls tls), so a typo never sends a password in the clear. */
int curlx_check_url(const char *url, const char *plain, const char *secure, const char *tls,
    struct diag *);
/* A handle with the URL, credentials, TLS and timeouts set, writing into
 * body; no wait for a server, answers and closing included, outlasts the
 * timeout. NULL with d filled when the settings do not agree. */
CURL *curlx_open(const struct curlx_opts *, const char *plain, const char *secure,
    struct buf *body, struct diag *);
void curlx_close(CURL *);
/* curl_easy_perform bounded by the timeout, including the waits for an
 * answer that libcurl keeps outside CURLOPT_TIMEOUT. */
CURLcode curlx_run(CURL *);
/* One transfer. 0 or -1 with a sentence naming what and where. */
int curlx_perform(CURL *, const char *what, const char *where, struct diag *);

#endif
