#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "core/hash.h"
#include "core/log.h"
#include "core/xmalloc.h"

/* One digest context per thread, for its life: fetching the algorithm
 * anew for every hash costs more than hashing a small state. */
static EVP_MD_CTX *
ctx_start(void)
{
	static _Thread_local EVP_MD_CTX *c;
	static _Thread_local EVP_MD *md;

	if (c == NULL && (c = EVP_MD_CTX_new()) == NULL) {
		log_error("internal: out of memory for a SHA-256 context");
		exit(EX_SOFTWARE);
	}
	if (md == NULL)
		md = EVP_MD_fetch(NULL, "SHA256", NULL);
	if (md == NULL || EVP_DigestInit_ex(c, md, NULL) != 1) {
		log_error("internal: libcrypto offers no SHA-256");
		exit(EX_SOFTWARE);
	}
	return c;
}

static void
ctx_hex(EVP_MD_CTX *c, char out[HASH_HEX])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	if (EVP_DigestFinal_ex(c, md, &n) != 1 || n != 32) {
		log_error("internal: SHA-256 failed");
		exit(EX_SOFTWARE);
	}
	for (unsigned int i = 0; i < n; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[2 * n] = '\0';
}

void
sha256_hex(const void *p, size_t n, char out[HASH_HEX])
{
	EVP_MD_CTX *c = ctx_start();

	EVP_DigestUpdate(c, p, n);
	ctx_hex(c, out);
}

static void
copy_ctx(EVP_MD_CTX *to, const EVP_MD_CTX *from)
{
	if (EVP_MD_CTX_copy_ex(to, from) != 1) {
		log_error("internal: cannot copy a SHA-256 context");
		exit(EX_SOFTWARE);
	}
}

void
sha256_stream_start(struct sha256_stream *s)
{
	EVP_MD_CTX *c = ctx_start();

	/* A context of its own: the thread's serves every other hash made
	 * between two pieces. */
	if ((s->ctx = EVP_MD_CTX_new()) == NULL) {
		log_error("internal: out of memory for a SHA-256 context");
		exit(EX_SOFTWARE);
	}
	copy_ctx(s->ctx, c);
}

void
sha256_stream_add(struct sha256_stream *s, const void *p, size_t n)
{
	EVP_DigestUpdate(s->ctx, p, n);
}

void
sha256_stream_hex(struct sha256_stream *s, char out[HASH_HEX])
{
	ctx_hex(s->ctx, out);
	EVP_MD_CTX_free(s->ctx);
	s->ctx = NULL;
}

struct buf *
sha256_resume_buf(struct sha256_resume *r)
{
	buf_reset(&r->b[r->cur]);
	return &r->b[r->cur];
}

void
sha256_resume_hex(struct sha256_resume *r, char out[HASH_HEX])
{
	/* SHA-256 works in blocks of 64 bytes, a stride is whole blocks: its
	 * state after the first k strides depends on those bytes only. Kept at
	 * every stride, not only where the last two buffers parted: a state
	 * whose early bytes (its dice) change every other step would otherwise
	 * hash its unchanged rest again at the next step. */
	enum { STRIDE = SHA256_RESUME_STRIDE };
	const struct buf *now = &r->b[r->cur], *last = &r->b[!r->cur];
	const unsigned char *p = (const unsigned char *)now->p;
	size_t n = now->len, m = last->len < n ? last->len : n, same = 0;
	int k, strides = (int)(n / STRIDE);
	EVP_MD_CTX *c = ctx_start();

	while (same + STRIDE <= m && memcmp(p + same, last->p + same, STRIDE) == 0)
		same += STRIDE;
	if (strides + 1 > r->cap) {
		int cap = strides + 1;

		r->at = xreallocarray(r->at, (size_t)cap, sizeof *r->at);
		for (k = r->cap; k < cap; k++)
			if ((r->at[k] = EVP_MD_CTX_new()) == NULL) {
				log_error("internal: out of memory for a SHA-256 context");
				exit(EX_SOFTWARE);
			}
		r->cap = cap;
	}
	/* at[k] stays right while its k strides are the same in both. */
	k = (int)(same / STRIDE);
	if (k > r->nat - 1)
		k = r->nat - 1;
	if (k < 0) {
		copy_ctx(r->at[0], c);
		k = 0;
	}
	for (; k < strides; k++) {
		copy_ctx(r->at[k + 1], r->at[k]);
		EVP_DigestUpdate(r->at[k + 1], p + (size_t)k * STRIDE, STRIDE);
	}
	r->nat = strides + 1;
	copy_ctx(c, r->at[strides]);
	EVP_DigestUpdate(c, p + (size_t)strides * STRIDE, n - (size_t)strides * STRIDE);
	ctx_hex(c, out);
	r->cur = !r->cur;
}

void
sha256_resume_free(struct sha256_resume *r)
{
	for (int k = 0; k < r->cap; k++)
		EVP_MD_CTX_free(r->at[k]);
	free(r->at);
	buf_free(&r->b[0]);
	buf_free(&r->b[1]);
	*r = (struct sha256_resume)SHA256_RESUME_INIT;
}

void
sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts)
{
	EVP_MD_CTX *c = ctx_start();

	for (int i = 0; i < n; i++) {
		size_t pl = strlen(parts[i]);
		char t[DEC_LEN], *len = dec_ull(t, pl);

		/* "%zu:" without printf, twice for every step's event. */
		t[DEC_LEN - 1] = ':';
		EVP_DigestUpdate(c, len, (size_t)(t + DEC_LEN - len));
		EVP_DigestUpdate(c, parts[i], pl);
	}
	ctx_hex(c, out);
}
