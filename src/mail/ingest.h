/* ingest: copies raw messages from a source into the ledger, once each.
 * A message is committed to the ledger before its mailbox is told it was
 * seen, so a crash loses nothing and the dedupe (Message-ID and Date, else
 * content hash) keeps a second copy out. */
#ifndef AZ_INGEST_H
#define AZ_INGEST_H

#include <stddef.h>
#include <stdint.h>

#include "core/config.h"
#include "ledger/ledger.h"
#include "mail/mailbytes.h"

struct ingest_stats {
	int taken;                /* new messages stored */
	int duplicates;           /* already in the ledger */
	int failed;               /* could not be read or stored */
	int aside;                /* not mails: set aside (a Maildir's FIFO, link, ...) */
};

/* Stores raw[0..len) from source (its place there: ref): 1 stored, 0 a
 * duplicate, -1 an error. A mail over limit bytes keeps its header block
 * only (mailbytes.h). Commits its own transaction, or works in the
 * caller's when one is open (a batch; the caller commits or rolls back). */
int ingest_store(struct ledger *, const char *source, const char *ref, const char *raw,
    size_t len, size_t limit, struct diag *);
/* The same for a mail read (and cut) already; its hash is the dedupe key
 * of a mail without a Message-ID. */
int ingest_keep(struct ledger *, const char *source, const char *ref,
    const struct mailbytes *, struct diag *);
/* Counts rc, ingest_store's answer, in s; returns rc. */
int ingest_count(struct ingest_stats *s, int rc);


#endif
