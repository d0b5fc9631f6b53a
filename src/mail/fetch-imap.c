/* IMAP and IMAPS (STARTTLS too) through libcurl: STATUS for UIDVALIDITY,
 * UID SEARCH for what is new since the last UID the ledger remembers, one
 * UID FETCH per message, and only after the commit the \Seen flag, a move
 * or a delete.
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

static int
imap_fetch(const struct config *c, struct ledger *l, struct ingest_stats *s, struct diag *d)
{
	struct curlx_opts o = { c->mailbox_url, c->mailbox_user, c->mailbox_password,
	    c->mailbox_password_file, c->mailbox_tls, c->mailbox_timeout,
	    strcmp(c->tls_verify, "yes") == 0 };
	struct buf body = BUF_INIT;
	char base[CFG_PATH], folderurl[CFG_PATH + 8], url[CFG_PATH + 64], cmd[600];
	char key[CFG_PATH + 300], *folder;
	const char *host, *slash;
	unsigned long uidvalidity, uidnext, last, *uids = NULL;
	size_t n;
	CURL *h;
	int rc = -1;

	if ((h = curlx_open(&o, "imap", "imaps", &body, d)) == NULL)
		return -1;
	/* imap://host:port/FOLDER: the folder is the path, INBOX when empty. */
	host = strstr(c->mailbox_url, "://") + 3;
	slash = strchr(host, '/');
	if (slash == NULL || slash[1] == '\0') {
		snprintf(base, sizeof base, "%.*s/", (int)(slash ? slash - c->mailbox_url :
		    (long)strlen(c->mailbox_url)), c->mailbox_url);
		folder = xstrdup("INBOX");
	} else {
		int len;
		char *f;

		snprintf(base, sizeof base, "%.*s", (int)(slash - c->mailbox_url + 1),
		    c->mailbox_url);
		f = curl_easy_unescape(h, slash + 1, 0, &len);
		folder = xstrdup(f);
		curl_free(f);
		if (folder[strlen(folder) - 1] == '/')
			folder[strlen(folder) - 1] = '\0';
	}
	if (strpbrk(folder, "\"\\\r\n") != NULL) {
		diag_set(d, 0, "the folder name \"%s\" has characters we do not send", folder);
		goto out;
	}
	snprintf(folderurl, sizeof folderurl, "%s%s", base, slash && slash[1] ? slash + 1 :
	    "INBOX");
	snprintf(key, sizeof key, "imap:%s@%s", c->mailbox_user, c->mailbox_url);

	snprintf(cmd, sizeof cmd, "STATUS \"%s\" (UIDVALIDITY UIDNEXT)", folder);
	buf_reset(&body);
	curl_easy_setopt(h, CURLOPT_URL, base);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, cmd);
	if (curlx_perform(h, "reading the mailbox", c->mailbox_url, d) < 0)
		goto out;
	if (imap_parse_status(body.p ? body.p : "", &uidvalidity, &uidnext) < 0) {
		diag_set(d, 0, "the IMAP server at %s gave no UIDVALIDITY for %s",
		    c->mailbox_url, folder);
		goto out;
	}
	last = imap_state_last(l, key, uidvalidity);
	if (uidnext > 0 && uidnext <= last + 1) {
		rc = 0;
		goto out;
	}
	snprintf(cmd, sizeof cmd, "UID SEARCH UID %lu:*", last + 1);
	if (command(h, folderurl, cmd, &body, c->mailbox_url, d) < 0)
		goto out;
	n = imap_parse_search(body.p ? body.p : "", last, &uids);
	for (size_t i = 0; i < n; i++) {
		char ref[64];
		int st;

		buf_reset(&body);
		snprintf(url, sizeof url, "%s/;UID=%lu", folderurl, uids[i]);
		curl_easy_setopt(h, CURLOPT_URL, url);
		curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, NULL);
		snprintf(cmd, sizeof cmd, "fetching message UID %lu", uids[i]);
		if (curlx_perform(h, cmd, c->mailbox_url, d) < 0)
			goto out;
		snprintf(ref, sizeof ref, "%lu/%lu", uidvalidity, uids[i]);
		st = ingest_store(l, "imap", ref, body.p ? body.p : "", body.len,
		    (size_t)c->max_message_bytes, d);
		if (st < 0) {
			char msg[DIAG_MSG];

			s->failed++;
			snprintf(msg, sizeof msg, "%s", d->msg);
			snprintf(cmd, sizeof cmd, "UID STORE %lu -FLAGS (\\Seen)", uids[i]);
			command(h, folderurl, cmd, &body, c->mailbox_url, NULL);
			diag_set(d, 0, "cannot store message UID %lu from %s: %s", uids[i],
			    c->mailbox_url, msg);
			goto out;
		}
		if (st > 0)
			s->taken++;
		else
			s->duplicates++;
		testhook_die_after_commit();
		if (i == 0)
			testhook_pause_after_commit();
		if (imap_state_save(l, key, uidvalidity, uids[i], d) < 0)
			goto out;
		if (strcmp(c->mailbox_seen, "move") == 0 && c->mailbox_move_to[0] != '\0') {
			snprintf(cmd, sizeof cmd, "UID MOVE %lu \"%s\"", uids[i],
			    c->mailbox_move_to);
		} else if (strcmp(c->mailbox_seen, "delete") == 0) {
			snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS (\\Seen \\Deleted)",
			    uids[i]);
		} else if (strcmp(c->mailbox_seen, "keep") == 0) {
			continue;
		} else {
			snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS (\\Seen)", uids[i]);
		}
		/* Taken and remembered: a mailbox that will not mark it only warns. */
		if (command(h, folderurl, cmd, &body, c->mailbox_url, d) < 0)
			log_warn("imap: %s", d->msg);
		else if (strcmp(c->mailbox_seen, "delete") == 0) {
			snprintf(cmd, sizeof cmd, "UID EXPUNGE %lu", uids[i]);
			if (command(h, folderurl, cmd, &body, c->mailbox_url, d) < 0)
				log_warn("imap: %s", d->msg);
		}
	}
	rc = 0;
out:
	free(uids);
	free(folder);
	buf_free(&body);
	curlx_close(h);
	return rc;
}

const struct fetch fetch_imap = { "imap", imap_fetch };

const struct fetch *
fetch_find(const char *type)
{
	if (strcmp(type, "imap") == 0)
		return &fetch_imap;
	if (strcmp(type, "pop3") == 0)
		return &fetch_pop3;
	return NULL;
}
