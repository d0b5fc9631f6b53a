#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/xmalloc.h"
#include "mail/mailcache.h"

/*
 * Why an entry can never hand the answering step another parse than the one
 * it would make itself:
 *
 * - A parse is a function of the bytes alone. mailmsg_parse reads nothing
 *   but raw[0..len) and GMime's options, set once per process; its max_len
 *   only decides whether it fails. Only successful parses are kept, of a
 *   mail no longer than the limit ingest was given, and the answering step
 *   takes one only for a mail within its own limit: there both would have
 *   read the same bytes the same way. A failed parse is never kept, so the
 *   answering step parses again and words its diagnostic as before.
 * - The key holds the bytes' SHA-256 (messages.content_hash, which is
 *   sha256 of raw for every source but a turn file; turn files are not
 *   parsed as mail and never kept). The raw text of a row is never updated.
 * - Row ids are not unique over a run: an insert that is rolled back (a
 *   batch in fetch_ingest that fails, a commit that fails) frees its id,
 *   and the next insert takes it again for another mail. Such a mail's
 *   put replaces the stale entry; when it has none (its parse failed, or it
 *   is over the limit), its content hash differs from the stale entry's,
 *   so take misses, drops the entry, and the mail is parsed again. The
 *   same hash would mean the same bytes, and the same parse.
 * - A row set aside, or left new by a failed answer, has its entry taken
 *   or left until mailcache_close; a second answer of a row (a group that
 *   could not be kept is answered again mail by mail) finds it taken and
 *   parses again. A child that process_alone forks has a copy of the cache
 *   and the same keys.
 *
 * Ids come in rising, so a chained table on the id's low bits spreads them.
 */

#define NBUCKETS 4096

struct entry {
	int64_t id;
	char hash[HASH_HEX];
	size_t bytes;
	struct mailmsg m;
	struct entry *next;
};

static struct entry *bucket[NBUCKETS];
static size_t limit, count, bytes;

/* With malloc's own word or two. */
static size_t
str_bytes(const char *s)
{
	return s != NULL ? strlen(s) + 1 + 16 : 0;
}

/* What the parse holds on the heap, near enough for a bound. */
static size_t
msg_bytes(const struct mailmsg *m)
{
	const char *f[] = { m->from_addr, m->from_name, m->reply_to, m->return_path,
		m->message_id, m->in_reply_to, m->references, m->subject, m->date,
		m->auto_submitted, m->precedence, m->x_loop, m->text, m->attachment_text };
	size_t n = sizeof(struct entry);

	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		n += str_bytes(f[i]);
	return n;
}

static struct entry **
slot(int64_t id)
{
	struct entry **p = &bucket[(uint64_t)id % NBUCKETS];

	while (*p != NULL && (*p)->id != id)
		p = &(*p)->next;
	return p;
}

static void
drop(struct entry **p)
{
	struct entry *e = *p;

	*p = e->next;
	count--;
	bytes -= e->bytes;
	mailmsg_free(&e->m);
	free(e);
}

void
mailcache_open(size_t max_message_bytes)
{
	mailcache_close();
	limit = max_message_bytes;
}

size_t
mailcache_limit(void)
{
	return limit;
}

void
mailcache_close(void)
{
	for (size_t i = 0; i < NBUCKETS && count > 0; i++)
		while (bucket[i] != NULL)
			drop(&bucket[i]);
	limit = 0;
}

int
mailcache_put(int64_t id, const char *hash, struct mailmsg *m)
{
	struct entry **p, *e;
	size_t n = msg_bytes(m);

	if (limit == 0 || strlen(hash) != HASH_HEX - 1) {
		mailmsg_free(m);
		return 0;
	}
	/* The stale parse of a row id a rollback freed. */
	if (*(p = slot(id)) != NULL)
		drop(p);
	if (count >= MAILCACHE_MAX_MAILS || n > MAILCACHE_MAX_BYTES - bytes) {
		mailmsg_free(m);
		return 0;
	}
	e = xmalloc(sizeof *e);
	e->id = id;
	memcpy(e->hash, hash, HASH_HEX);
	e->bytes = n;
	e->m = *m;
	e->next = bucket[(uint64_t)id % NBUCKETS];
	bucket[(uint64_t)id % NBUCKETS] = e;
	count++;
	bytes += n;
	mailmsg_init(m);
	return 1;
}

int
mailcache_take(int64_t id, const char *hash, struct mailmsg *m)
{
	struct entry **p, *e;

	if (count == 0 || *(p = slot(id)) == NULL)
		return 0;
	e = *p;
	if (hash == NULL || strcmp(e->hash, hash) != 0) {
		drop(p);
		return 0;
	}
	mailmsg_free(m);
	*m = e->m;
	mailmsg_init(&e->m);
	drop(p);
	return 1;
}

size_t
mailcache_count(void)
{
	return count;
}

size_t
mailcache_bytes(void)
{
	return bytes;
}
