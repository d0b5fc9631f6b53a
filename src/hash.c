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

void
sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts)
{
	EVP_MD_CTX *c = ctx_start();

	for (int i = 0; i < n; i++) {
		size_t pl = strlen(parts[i]);
		char len[24];
		int l = snprintf(len, sizeof len, "%zu:", pl);

		EVP_DigestUpdate(c, len, (size_t)l);
		EVP_DigestUpdate(c, parts[i], pl);
	}
	ctx_hex(c, out);
}
