#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cryptolib.h"
#include "hash.h"
#include "log.h"

/* One digest context per thread, for its life: fetching the algorithm
 * anew for every hash costs more than hashing a small state. */
static EVP_MD_CTX *
ctx_start(void)
{
	static _Thread_local EVP_MD_CTX *c;
	static _Thread_local EVP_MD *md;

	if (c == NULL) {
		struct diag d;

		diag_clear(&d);
		if (cryptolib_load(&d) < 0) {
			log_error("internal: %s", d.msg);
			exit(EX_SOFTWARE);
		}
	}
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

struct buf *
sha256_resume_buf(struct sha256_resume *r)
{
	buf_reset(&r->b[r->cur]);
	return &r->b[r->cur];
}

void
sha256_resume_hex(struct sha256_resume *r, char out[HASH_HEX])
{
	/* SHA-256 works in blocks of 64 bytes: its state after the first k
	 * blocks depends on those bytes only. */
	enum { BLOCK = 64 };
	const struct buf *now = &r->b[r->cur], *last = &r->b[!r->cur];
	const unsigned char *p = (const unsigned char *)now->p;
	size_t n = now->len, m = last->len < n ? last->len : n, same = 0;
	EVP_MD_CTX *c = ctx_start(), *at = r->at;

	if (at == NULL && (at = r->at = EVP_MD_CTX_new()) == NULL) {
		log_error("internal: out of memory for a SHA-256 context");
		exit(EX_SOFTWARE);
	}
	while (same + BLOCK <= m && memcmp(p + same, last->p + same, BLOCK) == 0)
		same += BLOCK;
	if (r->done > same || r->done == 0) {
		/* Not all the blocks hashed before are still here: from the start. */
		if (EVP_MD_CTX_copy_ex(at, c) != 1)
			goto fail;
		r->done = 0;
	}
	if (same > r->done)
		EVP_DigestUpdate(at, p + r->done, same - r->done);
	r->done = same;
	if (EVP_MD_CTX_copy_ex(c, at) != 1)
		goto fail;
	EVP_DigestUpdate(c, p + same, n - same);
	ctx_hex(c, out);
	r->cur = !r->cur;
	return;
fail:
	log_error("internal: cannot copy a SHA-256 context");
	exit(EX_SOFTWARE);
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
