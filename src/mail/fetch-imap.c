/* IMAP and IMAPS (STARTTLS too) through libcurl: STATUS for UIDVALIDITY,
 * UID SEARCH for what is new since the last UID the ledger remembers, one
 * UID FETCH per message, and only after the commit the \Seen flag, a move
 * or a delete, and only after that the UID saved as taken.
 *
 * libcurl fetches with BODY[], which lets the server set \Seen as it sends;
 * the flag is a courtesy to people reading the mailbox, not our memory.
 * What was taken is the ledger's last UID for this UIDVALIDITY, so a message
 * fetched but not committed is fetched again on the next run (its \Seen is
 * taken back when the commit fails). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "mail/curlx.h"
#include "mail/fetch.h"
#include "mail/mailbox-state.h"

int
imap_parse_status(const char *resp, unsigned long *uidvalidity, unsigned long *uidnext)
{
	const char *p;
	int found = -1;

	*uidvalidity = 0;
	*uidnext = 0;
	if ((p = strstr(resp, "UIDVALIDITY ")) != NULL) {
		*uidvalidity = strtoul(p + 12, NULL, 10);
		found = *uidvalidity > 0 ? 0 : -1;
	}
	if ((p = strstr(resp, "UIDNEXT ")) != NULL)
		*uidnext = strtoul(p + 8, NULL, 10);
	return found;
}

static int
cmp_ul(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

size_t
imap_parse_search(const char *resp, unsigned long after, unsigned long **uids)
{
	const char *p = resp;
	size_t n = 0, cap = 0;

	*uids = NULL;
	while ((p = strstr(p, "* SEARCH")) != NULL) {
		char *end;

		p += 8;
		for (;;) {
			unsigned long u;

			while (*p == ' ')
				p++;
			if (*p < '0' || *p > '9')
				break;
			u = strtoul(p, &end, 10);
			p = end;
			/* "UID n:*" names the last message even when it is older. */
			if (u <= after)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				*uids = xreallocarray(*uids, cap, sizeof **uids);
			}
			(*uids)[n++] = u;
		}
	}
	if (n > 1)
		qsort(*uids, n, sizeof **uids, cmp_ul);
	return n;
}

unsigned long
imap_state_last(struct ledger *l, const char *key, unsigned long uidvalidity)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT value FROM mailbox_state WHERE mailbox = ?");
	unsigned long v = 0, last = 0;

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sscanf(col_text(st, 0), "%lu %lu", &v, &last) == 2 && v != uidvalidity) {
		log_warn("%s: UIDVALIDITY changed from %lu to %lu; looking at every message "
		    "again, the ones already taken are recognised", key, v, uidvalidity);
		last = 0;
	}
	sqlite3_finalize(st);
	return last;
}

int
imap_state_save(struct ledger *l, const char *key, unsigned long uidvalidity,
    unsigned long last, struct diag *d)
{
	char val[64];

	if (ledger_begin(l, d) < 0)
		return -1;
	snprintf(val, sizeof val, "%lu %lu", uidvalidity, last);
	if (mailbox_state_put(l, key, val, d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	return ledger_commit(l, d);
}

int
imap_url_folder(const char *url, char *base, size_t n, char **folder, struct diag *d)
{
	const char *host = strstr(url, "://") + 3, *slash = strchr(host, '/');

	/* imap://host:port/FOLDER: the folder is the path, INBOX when empty. */
	if (slash == NULL || slash[1] == '\0') {
		snprintf(base, n, "%.*s/", (int)(slash ? slash - url : (long)strlen(url)), url);
		*folder = xstrdup("INBOX");
	} else {
		int len;
		char *f;

		snprintf(base, n, "%.*s", (int)(slash - url + 1), url);
		/* libcurl ignores the handle here since 7.82. */
		f = curl_easy_unescape(NULL, slash + 1, 0, &len);
		*folder = xstrdup(f);
		curl_free(f);
		if ((*folder)[strlen(*folder) - 1] == '/')
			(*folder)[strlen(*folder) - 1] = '\0';
	}
	if (strpbrk(*folder, "\"\\\r\n") != NULL) {
		diag_set(d, 0, "the folder name \"%s\" has characters we do not send", *folder);
		free(*folder);
		*folder = NULL;
		return -1;
	}
	return 0;
}

/* Runs one IMAP command on the selected folder; its untagged answer lands in body. */
static int
command(CURL *h, const char *url, const char *cmd, struct buf *body, const char *where,
    struct diag *d)
{
	char what[700];

	buf_reset(body);
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, cmd);
	snprintf(what, sizeof what, "the IMAP command %s", cmd);
	return curlx_perform(h, what, where, d);
}

struct imap {
	const struct config *c;
	struct ledger *l;
	CURL *h;
	struct buf body;
	char base[CFG_PATH], folderurl[CFG_PATH + 8], key[CFG_PATH + 300], ref[64];
	char *folder;
	unsigned long uidvalidity, *uids;
	size_t n, next;
};

static void
imap_close(void *src)
{
	struct imap *m = src;

	free(m->uids);
	free(m->folder);
	buf_free(&m->body);
	curlx_close(m->h);
	free(m);
}

static int
imap_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	struct curlx_opts o = { c->mailbox_url, c->mailbox_user, c->mailbox_password,
	    c->mailbox_password_file, c->mailbox_tls, c->mailbox_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct imap *m = xcalloc(1, sizeof *m);
	char cmd[600];
	const char *host, *slash;
	unsigned long uidnext, last;

	(void)path;
	m->c = c;
	m->l = l;
	if ((m->h = curlx_open(&o, "imap", "imaps", &m->body, d)) == NULL) {
		free(m);
		return -1;
	}
	*src = m;
	if (imap_url_folder(c->mailbox_url, m->base, sizeof m->base, &m->folder, d) < 0)
		goto fail;
	host = strstr(c->mailbox_url, "://") + 3;
	slash = strchr(host, '/');
	snprintf(m->folderurl, sizeof m->folderurl, "%s%s", m->base, slash && slash[1] ?
	    slash + 1 : "INBOX");
	snprintf(m->key, sizeof m->key, "imap:%s@%s", c->mailbox_user, c->mailbox_url);

	snprintf(cmd, sizeof cmd, "STATUS \"%s\" (UIDVALIDITY UIDNEXT)", m->folder);
	buf_reset(&m->body);
	curl_easy_setopt(m->h, CURLOPT_URL, m->base);
	curl_easy_setopt(m->h, CURLOPT_CUSTOMREQUEST, cmd);
	if (curlx_perform(m->h, "reading the mailbox", c->mailbox_url, d) < 0)
		goto fail;
	if (imap_parse_status(m->body.p ? m->body.p : "", &m->uidvalidity, &uidnext) < 0) {
		diag_set(d, 0, "the IMAP server at %s gave no UIDVALIDITY for %s",
		    c->mailbox_url, m->folder);
		goto fail;
	}
	last = imap_state_last(l, m->key, m->uidvalidity);
	if (uidnext > 0 && uidnext <= last + 1)
		return 0;
	snprintf(cmd, sizeof cmd, "UID SEARCH UID %lu:*", last + 1);
	if (command(m->h, m->folderurl, cmd, &m->body, c->mailbox_url, d) < 0)
		goto fail;
	m->n = imap_parse_search(m->body.p ? m->body.p : "", last, &m->uids);
	return 0;
fail:
	imap_close(m);
	return -1;
}

static int
imap_next(void *src, struct fetch_mail *fm, struct ingest_stats *s, struct diag *d)
{
	struct imap *m = src;
	char url[CFG_PATH + 64], what[64];
	unsigned long uid;

	(void)s;
	if (m->next == m->n)
		return 0;
	uid = m->uids[m->next++];
	buf_reset(&m->body);
	snprintf(url, sizeof url, "%s/;UID=%lu", m->folderurl, uid);
	curl_easy_setopt(m->h, CURLOPT_URL, url);
	curl_easy_setopt(m->h, CURLOPT_CUSTOMREQUEST, NULL);
	snprintf(what, sizeof what, "fetching message UID %lu", uid);
	if (curlx_perform(m->h, what, m->c->mailbox_url, d) < 0)
		return -1;
	snprintf(m->ref, sizeof m->ref, "%lu/%lu", m->uidvalidity, uid);
	mailbytes_cut(m->body.p ? m->body.p : "", m->body.len,
	    (size_t)m->c->max_message_bytes, &fm->mb);
	fm->ref = m->ref;
	fm->at = uid;
	return 1;
}

/* What mailbox.seen asks of a mail the ledger holds. Taken either way: a
 * mailbox that will not do it only warns. */
static void
tidy(struct imap *m, unsigned long uid, struct diag *d)
{
	const struct config *c = m->c;
	char cmd[600];

	if (strcmp(c->mailbox_seen, "move") == 0 && c->mailbox_move_to[0] != '\0') {
		snprintf(cmd, sizeof cmd, "UID MOVE %lu \"%s\"", uid, c->mailbox_move_to);
	} else if (strcmp(c->mailbox_seen, "delete") == 0) {
		snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS (\\Seen \\Deleted)", uid);
	} else if (strcmp(c->mailbox_seen, "keep") == 0) {
		return;
	} else {
		snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS (\\Seen)", uid);
	}
	if (command(m->h, m->folderurl, cmd, &m->body, c->mailbox_url, d) < 0)
		log_warn("imap: %s", d->msg);
	else if (strcmp(c->mailbox_seen, "delete") == 0) {
		snprintf(cmd, sizeof cmd, "UID EXPUNGE %lu", uid);
		if (command(m->h, m->folderurl, cmd, &m->body, c->mailbox_url, d) < 0)
			log_warn("imap: %s", d->msg);
	}
}

static int
imap_done(void *src, const char *ref, unsigned long long at, int stored, struct diag *d)
{
	struct imap *m = src;
	const struct config *c = m->c;
	unsigned long uid = (unsigned long)at;
	char cmd[600];

	(void)ref;
	if (stored < 0) {
		char msg[DIAG_MSG];

		snprintf(msg, sizeof msg, "%s", d->msg);
		snprintf(cmd, sizeof cmd, "UID STORE %lu -FLAGS (\\Seen)", uid);
		command(m->h, m->folderurl, cmd, &m->body, c->mailbox_url, NULL);
		return diag_set(d, 0, "cannot store message UID %lu from %s: %s", uid,
		    c->mailbox_url, msg);
	}
	testhook_die_after_commit();
	if (m->next == 1)
		testhook_pause_after_commit();
	tidy(m, uid, d);
	/* The UID is saved after the mailbox heard, not before: a run that
	 * dies in between leaves a mail moved or deleted already, or one the
	 * next run fetches again, finds held (the ledger's dedupe) and tidies
	 * then. Saved first, it was never looked at again and stayed in the
	 * INBOX. */
	if (imap_state_save(m->l, m->key, m->uidvalidity, uid, d) < 0)
		return -1;
	testhook_die_after_uid();
	return FETCH_NEXT;
}

const struct fetch fetch_imap = { "imap", 1, 1, imap_open, imap_next, imap_done,
    imap_close };
