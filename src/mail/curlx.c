#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "core/fsutil.h"
#include "mail/curlx.h"

static int misconfigured;

int
curlx_misconfigured(void)
{
	return misconfigured;
}

void
curlx_note(CURLcode rc)
{
	switch (rc) {
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_ISSUER_ERROR:
	case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_URL_MALFORMAT:
		misconfigured = 1;
		break;
	default:
		break;
	}
}

int
curlx_password(const char *password, const char *file, char *out, size_t outlen,
    struct diag *d)
{
	struct stat sb;
	char *raw;
	size_t len, n;

	out[0] = '\0';
	if (password != NULL && password[0] != '\0') {
		if (strlen(password) >= outlen)
			return diag_set(d, 0, "the password in the config is too long");
		memcpy(out, password, strlen(password) + 1);
		return 0;
	}
	if (file == NULL || file[0] == '\0')
		return 0;
	if (stat(file, &sb) < 0 || fs_read(file, &raw, &len) < 0)
		return diag_set(d, 0, "cannot read the password file %s: %s", file,
		    strerror(errno));
	if ((sb.st_mode & 077) != 0) {
		free(raw);
		return diag_set(d, 0, "the password file %s can be read by others; "
		    "chmod 600 it", file);
	}
	n = strcspn(raw, "\r\n");
	if (n >= outlen) {
		free(raw);
		return diag_set(d, 0, "the password in %s is too long", file);
	}
	memcpy(out, raw, n);
	out[n] = '\0';
	free(raw);
	return 0;
}

static int
has_scheme(const char *url, const char *scheme)
{
	size_t n = strlen(scheme);

	return strncasecmp(url, scheme, n) == 0 && strncmp(url + n, "://", 3) == 0;
}

int
curlx_check_url(const char *url, const char *plain, const char *secure, const char *tls,
    struct diag *d)
{
	if (url == NULL || url[0] == '\0')
		return diag_set(d, 0, "no server is configured: set a %s:// or %s:// url",
		    plain, secure);
	if (has_scheme(url, secure)) {
		if (strcmp(tls, "tls") != 0)
			return diag_set(d, 0, "%s is TLS from the first byte: set tls to "
			    "\"tls\", or use %s:// for \"%s\"", url, plain, tls);
		return 0;
	}
	if (has_scheme(url, plain)) {
		if (strcmp(tls, "tls") == 0)
			return diag_set(d, 0, "tls is \"tls\" but %s is not a %s:// url",
			    url, secure);
		return 0;
	}
	return diag_set(d, 0, "%s is not a %s:// or %s:// url", url, plain, secure);
}

/* The wall-clock bound of one handle. libcurl waits for a command's answer
 * (the one after SMTP DATA, the QUIT or LOGOUT on closing) outside
 * CURLOPT_TIMEOUT; the progress callback runs about once a second in those
 * waits too, so it ends any of them once the deadline has passed. */
struct watch {
	long timeout;
	double deadline;
	int fired;
};

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
watchdog(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
    curl_off_t ulnow)
{
	struct watch *w = arg;

	(void)dltotal;
	(void)dlnow;
	(void)ultotal;
	(void)ulnow;
	if (now_s() <= w->deadline)
		return 0;
	w->fired = 1;
	return 1;
}

static struct watch *
watch_of(CURL *h)
{
	char *p = NULL;

	curl_easy_getinfo(h, CURLINFO_PRIVATE, &p);
	return (struct watch *)(void *)p;
}

static size_t
collect(char *p, size_t size, size_t n, void *arg)
{
	buf_add(arg, p, size * n);
	return size * n;
}

CURL *
curlx_open(const struct curlx_opts *o, const char *plain, const char *secure,
    struct buf *body, struct diag *d)
{
	static int inited;
	char pw[256];
	CURL *h;
	struct watch *w;
	long timeout = o->timeout > 0 ? o->timeout : 60;

	if (curlx_check_url(o->url, plain, secure, o->tls, d) < 0) {
		misconfigured = 1;
		return NULL;
	}
	if (curlx_password(o->password, o->password_file, pw, sizeof pw, d) < 0) {
		misconfigured = 1;
		return NULL;
	}
	if (!inited) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		inited = 1;
	}
	if ((h = curl_easy_init()) == NULL || (w = calloc(1, sizeof *w)) == NULL) {
		curl_easy_cleanup(h);
		diag_set(d, 0, "cannot start libcurl");
		return NULL;
	}
	w->timeout = timeout;
	w->deadline = now_s() + (double)timeout;
	curl_easy_setopt(h, CURLOPT_PRIVATE, (void *)w);
	curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, watchdog);
	curl_easy_setopt(h, CURLOPT_XFERINFODATA, w);
	curl_easy_setopt(h, CURLOPT_URL, o->url);
	if (o->user != NULL && o->user[0] != '\0')
		curl_easy_setopt(h, CURLOPT_USERNAME, o->user);
	if (pw[0] != '\0')
		curl_easy_setopt(h, CURLOPT_PASSWORD, pw);
	explicit_bzero(pw, sizeof pw);
	/* starttls must upgrade or fail: never fall back to the clear. */
	if (strcmp(o->tls, "starttls") == 0)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, o->verify ? 1L : 0L);
	curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, o->verify ? 2L : 0L);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, timeout);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, timeout);
	/* The answer after SMTP DATA (and any IMAP/POP3 reply) is awaited
	 * outside the transfer timeout, 120 s by default: bound it too. */
	curl_easy_setopt(h, CURLOPT_SERVER_RESPONSE_TIMEOUT, timeout);
	/* A server that stops sending is dropped after timeout seconds of silence. */
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, timeout);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, collect);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, body);
	if (getenv("AZALAI_CURL_VERBOSE") != NULL)
		curl_easy_setopt(h, CURLOPT_VERBOSE, 1L);
	return h;
}

void
curlx_close(CURL *h)
{
	struct watch *w;

	if (h == NULL)
		return;
	w = watch_of(h);
	/* The closing QUIT commits POP3 deletions: it gets a timeout of its
	 * own, unless the server already failed to answer in time. */
	if (!w->fired)
		w->deadline = now_s() + (double)w->timeout;
	curl_easy_cleanup(h);
	free(w);
}

CURLcode
curlx_run(CURL *h)
{
	struct watch *w = watch_of(h);
	CURLcode rc;

	w->fired = 0;
	w->deadline = now_s() + (double)w->timeout;
	rc = curl_easy_perform(h);
	curlx_note(rc);
	return rc == CURLE_ABORTED_BY_CALLBACK && w->fired ? CURLE_OPERATION_TIMEDOUT : rc;
}

int
curlx_perform(CURL *h, const char *what, const char *where, struct diag *d)
{
	CURLcode rc = curlx_run(h);
	long code = 0;

	if (rc == CURLE_OK)
		return 0;
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (code > 0)
		return diag_set(d, 0, "%s at %s failed: %s (server said %ld)", what, where,
		    curl_easy_strerror(rc), code);
	return diag_set(d, 0, "%s at %s failed: %s", what, where, curl_easy_strerror(rc));
}
