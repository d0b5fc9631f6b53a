/* cryptolib: libcrypto's SHA-256, opened by the first hash.
 *
 * Linked, libcrypto cost every run of azalai some 3.5 million instructions
 * of relocation before main, a fifth of an idle "azalai run" that hashes
 * nothing (issue 16, P2). Include this after <openssl/evp.h>: the calls
 * below then go through the pointers cryptolib_load fills. */
#ifndef AZ_CRYPTOLIB_H
#define AZ_CRYPTOLIB_H

#include <openssl/evp.h>

#include "core/diag.h"

#define CRYPTOLIB_FUNCS(F) \
	F(EVP_DigestFinal_ex) \
	F(EVP_DigestInit_ex) \
	F(EVP_DigestUpdate) \
	F(EVP_MD_CTX_copy_ex) \
	F(EVP_MD_CTX_free) \
	F(EVP_MD_CTX_new) \
	F(EVP_MD_fetch)

#define CRYPTOLIB_MEMBER(name) __typeof__(name) *name;
struct cryptolib {
	CRYPTOLIB_FUNCS(CRYPTOLIB_MEMBER)
};
#undef CRYPTOLIB_MEMBER

extern struct cryptolib cryptolib_fns;

/* Opens libcrypto once; -1 and a diag when it cannot be. */
int cryptolib_load(struct diag *);

#ifndef CRYPTOLIB_NO_REDIRECT
#define EVP_DigestFinal_ex (cryptolib_fns.EVP_DigestFinal_ex)
#define EVP_DigestInit_ex (cryptolib_fns.EVP_DigestInit_ex)
#define EVP_DigestUpdate (cryptolib_fns.EVP_DigestUpdate)
#define EVP_MD_CTX_copy_ex (cryptolib_fns.EVP_MD_CTX_copy_ex)
#define EVP_MD_CTX_free (cryptolib_fns.EVP_MD_CTX_free)
#define EVP_MD_CTX_new (cryptolib_fns.EVP_MD_CTX_new)
#define EVP_MD_fetch (cryptolib_fns.EVP_MD_fetch)
#endif

#endif
