/* POP3 and POP3S (STARTTLS too) through libcurl: UIDL lists the messages,
 * RETR fetches the ones the ledger has not taken, and DELE (unless
 * mailbox.seen is "keep") runs only after the commit. A UIDL already in the
 * ledger for this mailbox (source "pop3", source_ref "USER@URL UIDL") is not
 * fetched again, so a kept mailbox costs one UIDL per run; the deletions
 * take effect at QUIT, and a run that dies first leaves them for the next,
 * which deletes what the ledger already holds.
 *
 * A UIDL names a mail only within its mailbox: Dovecot's %u or two
 * mailboxes of one UIDVALIDITY give another account's mails the same ones.
 * Known without the user and URL, a new mail of the next account was taken
 * for an old one and deleted unread. Rows stored before hold the bare UIDL:
 * whose mailbox they came from is unknown, so their mails are fetched again,
 * and the ledger's dedupe (Message-ID and Date, or the bytes) keeps the
 * second copy out; one that comes back with the same bytes is then marked
 * as this mailbox's, so a kept mailbox fetches it once, not every run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "mail/curlx.h"
#include "mail/fetch.h"
#include "mail/messages.h"

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
known(struct ledger *l, const char *ref)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT 1 FROM messages WHERE source = 'pop3' "
	    "AND source_ref = ?");
	int found;

	sqlite3_bind_text(st, 1, ref, -1, SQLITE_STATIC);
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

/* NOOP on the connection a mail came by, after it came: libcurl ends a
 * RETR at the server's end of the connection as at the final "." line, so
 * a mail cut short there would be taken as whole, and deleted (by the next
 * connection libcurl opens, or the next run). Only a connection that still
 * answers, with no other opened meanwhile, brought the mail to its end. */
static int
still_there(CURL *h, const char *base, const char *what, const char *where,
    struct diag *d)
{
	long opened = 0;
	int rc;

	curl_easy_setopt(h, CURLOPT_URL, base);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "NOOP");
	curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
	rc = curlx_perform(h, what, where, d);
	curl_easy_setopt(h, CURLOPT_NOBODY, 0L);
	if (rc < 0)
		return -1;
	curl_easy_getinfo(h, CURLINFO_NUM_CONNECTS, &opened);
	if (opened > 0)
		return diag_set(d, 0, "%s at %s failed: the server closed the connection "
		    "before the end of the mail", what, where);
	return 0;
}

struct pop3 {
	const struct config *c;
	struct ledger *l;
	CURL *h;
	struct buf body;
	char base[CFG_PATH];
	int keep;                 /* mailbox.seen: keep */
	struct pop3_msg *m;
	size_t n, next;
	/* The mail in hand: its source_ref and its bytes' hash. */
	char ref[CFG_PATH + 400];
	char hash[HASH_HEX];
	const char *uidl;
};

/* A UIDL is known only with the mailbox it came from, as IMAP's state is
 * ("imap:USER@URL"); the UIDL has no space, so it is what the last one
 * leaves. */
static void
pop3_ref(const struct pop3 *p, const char *uidl, char *ref, size_t n)
{
	snprintf(ref, n, "%s@%s %s", p->c->mailbox_user, p->c->mailbox_url, uidl);
}

static void
pop3_close(void *src)
{
	struct pop3 *p = src;

	free(p->m);
	buf_free(&p->body);
	curlx_close(p->h);        /* QUIT: the deletions take effect */
	free(p);
}

static int
pop3_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	struct curlx_opts o = { c->mailbox_url, c->mailbox_user, c->mailbox_password,
	    c->mailbox_password_file, c->mailbox_tls, c->mailbox_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct pop3 *p = xcalloc(1, sizeof *p);
	const char *host, *slash;

	(void)path;
	p->c = c;
	p->l = l;
	p->keep = strcmp(c->mailbox_seen, "keep") == 0;
	if ((p->h = curlx_open(&o, "pop3", "pop3s", &p->body, d)) == NULL) {
		free(p);
		return -1;
	}
	host = strstr(c->mailbox_url, "://") + 3;
	slash = strchr(host, '/');
	snprintf(p->base, sizeof p->base, "%.*s/", (int)(slash ? slash - c->mailbox_url :
	    (long)strlen(c->mailbox_url)), c->mailbox_url);
	curl_easy_setopt(p->h, CURLOPT_URL, p->base);
	curl_easy_setopt(p->h, CURLOPT_CUSTOMREQUEST, "UIDL");
	if (curlx_perform(p->h, "reading the mailbox", c->mailbox_url, d) < 0) {
		pop3_close(p);
		return -1;
	}
	p->n = pop3_parse_uidl(p->body.p ? p->body.p : "", &p->m);
	*src = p;
	return 0;
}

static int
pop3_next(void *src, struct fetch_mail *fm, struct ingest_stats *s, struct diag *d)
{
	struct pop3 *p = src;
	char url[CFG_PATH + 32], what[128];
	const struct pop3_msg *m;

	(void)s;
	for (;;) {
		if (p->next == p->n)
			return 0;
		m = &p->m[p->next++];
		pop3_ref(p, m->uidl, p->ref, sizeof p->ref);
		if (!known(p->l, p->ref))
			break;
		if (!p->keep)
			dele(p->h, p->base, m->num, &p->body, p->c->mailbox_url);
	}
	buf_reset(&p->body);
	snprintf(url, sizeof url, "%s%ld", p->base, m->num);
	curl_easy_setopt(p->h, CURLOPT_URL, url);
	curl_easy_setopt(p->h, CURLOPT_CUSTOMREQUEST, NULL);
	snprintf(what, sizeof what, "fetching message %s", m->uidl);
	if (curlx_perform(p->h, what, p->c->mailbox_url, d) < 0 ||
	    still_there(p->h, p->base, what, p->c->mailbox_url, d) < 0)
		return -1;
	mailbytes_cut(p->body.p ? p->body.p : "", p->body.len,
	    (size_t)p->c->max_message_bytes, &fm->mb);
	memcpy(p->hash, fm->mb.hash, sizeof p->hash);
	p->uidl = m->uidl;
	fm->ref = p->ref;
	fm->at = (unsigned long long)m->num;
	return 1;
}

static int
pop3_done(void *src, const char *ref, unsigned long long at, int stored, struct diag *d)
{
	struct pop3 *p = src;
	struct diag e;

	if (stored < 0) {
		char msg[DIAG_MSG];

		snprintf(msg, sizeof msg, "%s", d->msg);
		return diag_set(d, 0, "cannot store message %s from %s: %s", p->uidl,
		    p->c->mailbox_url, msg);
	}
	testhook_die_after_commit();
	/* Held already: its row, when it has these bytes and this UIDL, is this
	 * mailbox's from now on. Failing costs only a fetch again next run. */
	if (stored == 0 && message_rename_ref(p->l, "pop3", p->hash, p->uidl, ref, &e) < 0)
		log_warn("pop3: %s", e.msg);
	if (!p->keep)
		dele(p->h, p->base, (long)at, &p->body, p->c->mailbox_url);
	return FETCH_NEXT;
}

const struct fetch fetch_pop3 = { "pop3", 1, 1, pop3_open, pop3_next, pop3_done,
    pop3_close };
