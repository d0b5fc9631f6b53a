#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/xmalloc.h"
#include "mail/ingest.h"
#include "mail/mailbytes.h"
#include "mail/mailcache.h"
#include "mail/maildate.h"
#include "mail/mailmsg.h"
#include "mail/messages.h"

/* The Message-ID is read from the header block alone: cheap even for a
 * message far over the size limit, which must still be stored and answered.
 * The Date that names the mail with it comes from the same parse. */
static char *
header_message_id(const char *raw, size_t len, char date[MAILDATE_MAX])
{
	struct mailmsg m;
	char *mid = NULL;
	size_t hlen = mailmsg_header_len(raw, len);

	if (hlen > MAILBYTES_HEADER_MAX)
		hlen = MAILBYTES_HEADER_MAX;
	mailmsg_init(&m);
	if (mailmsg_parse(raw, hlen, hlen + 1, &m, NULL) == 0) {
		if (m.message_id[0] != '\0')
			mid = xstrdup(m.message_id);
		maildate_key(m.date, date);
	}
	mailmsg_free(&m);
	return mid;
}

/* When this run answers what it stores (mailcache_open), a mail within the
 * size limit is parsed whole here, once: its Message-ID is taken from that
 * parse, and the parse waits in the cache for the answering step. GMime
 * reads the header block of a mail the same way with or without its body
 * (the blank line and the end of the bytes both end it), so the Message-ID
 * and the Date are the header block's. A header block longer than
 * header_message_id reads is left to it, as is a mail the whole parse
 * fails on. */
static char *
message_id(const char *raw, size_t len, struct mailmsg *m, char date[MAILDATE_MAX])
{
	size_t limit = mailcache_limit();

	if (limit > 0 && len <= limit &&
	    mailmsg_header_len(raw, len) <= MAILBYTES_HEADER_MAX &&
	    mailmsg_parse(raw, len, limit, m, NULL) == 0) {
		maildate_key(m->date, date);
		return m->message_id[0] != '\0' ? xstrdup(m->message_id) : NULL;
	}
	return header_message_id(raw, len, date);
}

int
ingest_keep(struct ledger *l, const char *source, const char *ref,
    const struct mailbytes *mb, struct diag *d)
{
	char now[32], date[MAILDATE_MAX] = "";
	struct mailmsg m;
	char *mid;
	int64_t id;
	int stored, own;

	mailmsg_init(&m);
	/* A turn file is not a mail. Only a mail kept whole is parsed whole
	 * (for mailcache, whose keys name the bytes parsed). */
	mid = strcmp(source, "file") == 0 ? NULL : mailbytes_whole(mb) ?
	    message_id(mb->raw, mb->len, &m, date) : header_message_id(mb->raw, mb->len, date);
	/* In the caller's transaction when it holds one (a batch). */
	own = !l->in_tx;
	if (own && ledger_begin(l, d) < 0) {
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	/* A mail stored already meets one of the two unique indexes and is not
	 * stored again: one statement, not a look and then an insert. A mail
	 * with a Message-ID is known by it and its Date (messages_mid), one
	 * without by its bytes (messages_hash, the hash of the whole also
	 * when only its header block is kept); the same bytes have the same
	 * Message-ID and Date, read the same way each time (sql/018). */
	clock_iso(clock_now(), now, sizeof now);
	if ((stored = message_insert(l, source, ref, mid, mb, now, date, &id, d)) < 0) {
		if (own)
			ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	if (stored == 0) {
		if (own)
			ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return 0;
	}
	if (own && ledger_commit(l, d) < 0) {
		ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	/* Kept even if the caller's batch is rolled back later: the row id
	 * may then come again, for another mail (mailcache.c says why that
	 * is safe). */
	if (m.text != NULL)
		mailcache_put(id, mb->hash, &m);
	free(mid);
	return 1;
}

int
ingest_store(struct ledger *l, const char *source, const char *ref, const char *raw,
    size_t len, size_t limit, struct diag *d)
{
	struct mailbytes mb;

	mailbytes_cut(raw, len, limit, &mb);
	return ingest_keep(l, source, ref, &mb, d);
}

int
ingest_count(struct ingest_stats *s, int rc)
{
	if (rc > 0)
		s->taken++;
	else if (rc == 0)
		s->duplicates++;
	else
		s->failed++;
	return rc;
}
