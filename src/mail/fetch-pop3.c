/* POP3 and POP3S (STARTTLS too) through libcurl: UIDL lists the messages,
 * RETR fetches the ones the ledger has not taken, and DELE (unless
 * mailbox.seen is "keep") runs only after the commit. A UIDL already in the
 * ledger (source "pop3", source_ref the UIDL) is not fetched again, so a
 * kept mailbox costs one UIDL per run; the deletions take effect at QUIT,
 * and a run that dies first leaves them for the next, which deletes what the
 * ledger already holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "mail/curlx.h"
#include "mail/fetch.h"

size_t
pop3_parse_uidl(const char *resp, struct pop3_msg **msgs)
{
	const char *p = resp;
	size_t n = 0, cap = 0;

	*msgs = NULL;
	while (*p != '\0') {
		const char *eol = p + strcspn(p, "\r\n");
		long num;
		char uidl[72], line[100];
		int end = 0;

		/* "N UIDL": the UIDL is 1 to 70 printable characters (RFC 1939).
		 * Read within the line, so a line without a UIDL does not take
		 * the next line's number for one. */
		snprintf(line, sizeof line, "%.*s", (int)(eol - p), p);
		if ((size_t)(eol - p) < sizeof line &&
		    sscanf(line, "%ld %70[!-~]%n", &num, uidl, &end) == 2 && num > 0 &&
		    (line[end] == '\0' || line[end] == ' ' || line[end] == '\t')) {
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				*msgs = xreallocarray(*msgs, cap, sizeof **msgs);
			}
			(*msgs)[n].num = num;
			snprintf((*msgs)[n].uidl, sizeof (*msgs)[n].uidl, "%s", uidl);
			n++;
		}
		p = eol;
		while (*p == '\r' || *p == '\n')
			p++;
	}
	return n;
}

static int
known(struct ledger *l, const char *uidl)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT 1 FROM messages WHERE source = 'pop3' "
	    "AND source_ref = ?");
	int found;

	sqlite3_bind_text(st, 1, uidl, -1, SQLITE_STATIC);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return found;
}

static void
dele(CURL *h, const char *base, long num, struct buf *body, const char *where)
{
	char cmd[64];
	struct diag d;

	buf_reset(body);
	snprintf(cmd, sizeof cmd, "DELE %ld", num);
	curl_easy_setopt(h, CURLOPT_URL, base);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, cmd);
	curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
	if (curlx_perform(h, cmd, where, &d) < 0)
		log_warn("pop3: %s", d.msg);
	curl_easy_setopt(h, CURLOPT_NOBODY, 0L);
}

static int
pop3_fetch(const struct config *c, struct ledger *l, struct ingest_stats *s, struct diag *d)
{
	struct curlx_opts o = { c->mailbox_url, c->mailbox_user, c->mailbox_password,
	    c->mailbox_password_file, c->mailbox_tls, c->mailbox_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct buf body = BUF_INIT;
	struct pop3_msg *m = NULL;
	char base[CFG_PATH], url[CFG_PATH + 32], what[128];
	const char *host, *slash;
	int keep = strcmp(c->mailbox_seen, "keep") == 0, rc = -1;
	size_t n;
	CURL *h;

	if ((h = curlx_open(&o, "pop3", "pop3s", &body, d)) == NULL)
		return -1;
	host = strstr(c->mailbox_url, "://") + 3;
	slash = strchr(host, '/');
	snprintf(base, sizeof base, "%.*s/", (int)(slash ? slash - c->mailbox_url :
	    (long)strlen(c->mailbox_url)), c->mailbox_url);
	curl_easy_setopt(h, CURLOPT_URL, base);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "UIDL");
	if (curlx_perform(h, "reading the mailbox", c->mailbox_url, d) < 0)
		goto out;
	n = pop3_parse_uidl(body.p ? body.p : "", &m);
	for (size_t i = 0; i < n; i++) {
		int st;

		if (known(l, m[i].uidl)) {
			if (!keep)
				dele(h, base, m[i].num, &body, c->mailbox_url);
			continue;
		}
		buf_reset(&body);
		snprintf(url, sizeof url, "%s%ld", base, m[i].num);
		curl_easy_setopt(h, CURLOPT_URL, url);
		curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, NULL);
		snprintf(what, sizeof what, "fetching message %s", m[i].uidl);
		if (curlx_perform(h, what, c->mailbox_url, d) < 0)
			goto out;
		st = ingest_store(l, "pop3", m[i].uidl, body.p ? body.p : "", body.len,
		    (size_t)c->max_message_bytes, d);
		if (st < 0) {
			char msg[DIAG_MSG];

			s->failed++;
			snprintf(msg, sizeof msg, "%s", d->msg);
			diag_set(d, 0, "cannot store message %s from %s: %s", m[i].uidl,
			    c->mailbox_url, msg);
			goto out;
		}
		if (st > 0)
			s->taken++;
		else
			s->duplicates++;
		testhook_die_after_commit();
		if (!keep)
			dele(h, base, m[i].num, &body, c->mailbox_url);
	}
	rc = 0;
out:
	free(m);
	buf_free(&body);
	curlx_close(h);        /* QUIT: the deletions take effect */
	return rc;
}

const struct fetch fetch_pop3 = { "pop3", pop3_fetch };
