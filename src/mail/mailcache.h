/* mailcache: a run's parsed mails, from the ingest that stored them to the
 * step that answers them, so that GMime reads each mail once (issue 16).
 *
 * Only a cache: whatever it does not hold, the answering step parses again,
 * with the same result. An entry is keyed by the mail's messages row id and
 * its content hash, and its value is a successful mailmsg_parse of exactly
 * the bytes that hash names, so a stale entry can only miss, never mislead
 * (mailcache.c says why). One per process, closed unless a run opens it. */
#ifndef AZ_MAILCACHE_H
#define AZ_MAILCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "mail/mailmsg.h"

/* At most this many mails, and about this many bytes of parsed text: past
 * either, a mail is simply parsed again when it is answered. */
#define MAILCACHE_MAX_MAILS 1024
#define MAILCACHE_MAX_BYTES (1024 * 1024)

/* From now on ingest parses whole the mails of at most max_message_bytes
 * (the limit the answering step reads them with) and keeps their parse. */
void mailcache_open(size_t max_message_bytes);

/* The limit given to mailcache_open; 0 when the cache is closed. */
size_t mailcache_limit(void);

/* Frees every entry left and closes the cache. */
void mailcache_close(void);

/* Keeps *m, a successful mailmsg_parse of the raw mail whose content hash
 * is hash, stored as row id. Takes the fields in every case (the struct is
 * left as after mailmsg_init); returns 1 when kept, 0 when the cache is
 * closed or full and the parse was freed. An older entry of the same id
 * is dropped. */
int mailcache_put(int64_t id, const char *hash, struct mailmsg *m);

/* Moves the parse of row id into *m (freed first) and returns 1 when the
 * cache holds one for that id and hash; else returns 0 and leaves *m. An
 * entry of that id with another hash is dropped. */
int mailcache_take(int64_t id, const char *hash, struct mailmsg *m);

/* Entries held, and their bytes (for tests). */
size_t mailcache_count(void);
size_t mailcache_bytes(void);

#endif
