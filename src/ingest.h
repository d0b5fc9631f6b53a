/* ingest: copies raw messages from a source into the ledger, once each.
 * A message is committed to the ledger before its mailbox is told it was
 * seen, so a crash loses nothing and the dedupe (Message-ID and Date, else
 * content hash) keeps a second copy out. */
#ifndef AZ_INGEST_H
#define AZ_INGEST_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "ledger.h"
#include "mailbytes.h"

struct ingest_stats {
	int taken;                /* new messages stored */
	int duplicates;           /* already in the ledger */
	int failed;               /* could not be read or stored */
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

/* Makes azalai_mail_date(raw) known to SQL on db: the Date that keys a
 * stored mail (maildate.h), read from its header block as ingest_store
 * reads it, for migration 018 to key the mails stored before it. 0, or an
 * SQLite error code. */
int ingest_sql(sqlite3 *db);

/* Each source's mails, limit being limits.message_bytes; a turn file must
 * be within it. */
int ingest_maildir(struct ledger *, const char *dir, size_t limit, struct ingest_stats *,
    struct diag *);
int ingest_mbox(struct ledger *, const char *path, size_t limit, struct ingest_stats *,
    struct diag *);
int ingest_fd(struct ledger *, int fd, const char *source, size_t limit,
    struct ingest_stats *, struct diag *);
int ingest_turnfile(struct ledger *, const char *path, size_t limit, struct ingest_stats *,
    struct diag *);

#endif
