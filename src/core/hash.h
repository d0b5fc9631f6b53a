/* hash: SHA-256 in hex, through libcrypto (it uses the processor's SHA
 * instructions where there are some). */
#ifndef AZ_HASH_H
#define AZ_HASH_H

#include <stddef.h>

#include "core/buf.h"

#define HASH_HEX 65

void sha256_hex(const void *, size_t, char out[HASH_HEX]);
/* The digest of bytes that come in pieces (a mail read from a file, which
 * is never held whole): start, add each piece, then hex, which frees it. */
struct sha256_stream {
	void *ctx;
};
void sha256_stream_start(struct sha256_stream *);
void sha256_stream_add(struct sha256_stream *, const void *, size_t);
void sha256_stream_hex(struct sha256_stream *, char out[HASH_HEX]);

/* sha256 of the concatenation of n NUL-terminated parts, each prefixed by its
 * length so that ("ab","c") and ("a","bc") differ. */
void sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts);

/* The digest of one buffer after another that mostly begins as the one
 * before (a game's state, step after step: its cards and board seldom
 * change), the same as sha256_hex's: the digest's state is kept every
 * SHA256_RESUME_STRIDE bytes of the last buffer, and only what follows the
 * last of those both buffers share is hashed again. */
#define SHA256_RESUME_STRIDE 512
struct sha256_resume {
	void **at;		/* at[k]: the digest after k strides of the last buffer */
	int nat, cap;		/* at[0 .. nat - 1] hold the last buffer's */
	struct buf b[2];	/* this buffer and the last */
	int cur;
};
#define SHA256_RESUME_INIT { NULL, 0, 0, { BUF_INIT, BUF_INIT }, 0 }
/* The buffer to fill, empty. */
struct buf *sha256_resume_buf(struct sha256_resume *);
/* The digest of that buffer. */
void sha256_resume_hex(struct sha256_resume *, char out[HASH_HEX]);
/* Frees what the digests kept; r is empty again. */
void sha256_resume_free(struct sha256_resume *r);

#endif
