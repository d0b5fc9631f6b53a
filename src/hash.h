/* hash: SHA-256 in hex, through libcrypto (it uses the processor's SHA
 * instructions where there are some). */
#ifndef AZ_HASH_H
#define AZ_HASH_H

#include <stddef.h>

#include "buf.h"

#define HASH_HEX 65

void sha256_hex(const void *, size_t, char out[HASH_HEX]);
/* sha256 of the concatenation of n NUL-terminated parts, each prefixed by its
 * length so that ("ab","c") and ("a","bc") differ. */
void sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts);

/* The digest of one buffer after another that mostly begins as the one
 * before (a game's state, step after step: its cards and board seldom
 * change), the same as sha256_hex's: the digest's state after the blocks
 * both share is kept, and only what follows them is hashed again. */
struct sha256_resume {
	void *at;		/* the digest after done bytes of the last buffer */
	size_t done;
	struct buf b[2];	/* this buffer and the last */
	int cur;
};
#define SHA256_RESUME_INIT { NULL, 0, { BUF_INIT, BUF_INIT }, 0 }
/* The buffer to fill, empty. */
struct buf *sha256_resume_buf(struct sha256_resume *);
/* The digest of that buffer. */
void sha256_resume_hex(struct sha256_resume *, char out[HASH_HEX]);

#endif
