/* mailbytes: a mail as the ledger keeps it. A mail within
 * limits.message_bytes is kept whole. Of a longer one only its header block
 * is kept, with the size and the SHA-256 of the whole: the header block is
 * what answers it ("too large") and what knows it again (its Message-ID and
 * Date; the hash, when it has no Message-ID), and nothing reads its body.
 * Read from a file or a pipe, a mail is never held whole past the limit, so
 * what a run holds stays bounded, whatever it is given to read. */
#ifndef AZ_MAILBYTES_H
#define AZ_MAILBYTES_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"
#include "core/hash.h"

/* The most of a header block kept or read for its Message-ID. */
#define MAILBYTES_HEADER_MAX (256 * 1024)

struct mailbytes {
	const char *raw;          /* what is kept: raw[0..len), NUL after it */
	size_t len;
	uint64_t whole;           /* the mail's bytes: len when it is kept whole */
	char hash[HASH_HEX];      /* SHA-256 of the whole mail */
	struct buf own;           /* raw's bytes when they were read */
};

/* mb of raw[0..len) (not copied: raw must outlive mb), cut to its header
 * block when longer than limit. */
void mailbytes_cut(const char *raw, size_t len, size_t limit, struct mailbytes *mb);

/* mb of what fd holds up to its end or its first `most` bytes, cut as
 * mailbytes_cut cuts, hashed as it is read; at most limit bytes (or
 * MAILBYTES_HEADER_MAX, the larger) are held. 0, or -1 with errno (mb then
 * holds nothing). */
int mailbytes_read(int fd, size_t limit, uint64_t most, struct mailbytes *mb);

/* The mail is kept whole. */
int mailbytes_whole(const struct mailbytes *mb);

void mailbytes_free(struct mailbytes *mb);

#endif
