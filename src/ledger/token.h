/* token: the secret each seat proves itself with (From alone is forgeable).
 * The ledger keeps only a salted hash. */
#ifndef AZ_TOKEN_H
#define AZ_TOKEN_H

#include <stdint.h>

#include "core/hash.h"

#define TOKEN_LEN 20   /* "xxxx-xxxx-xxxx-xxxx" + NUL */
#define SALT_LEN 17    /* 16 hex + NUL */

/* Fills token and salt from getrandom(), or, when fixed != NULL (tests and
 * golden runs with AZALAI_SEED, core/testhook.h), from that deterministic
 * stream. */
int token_new(char token[TOKEN_LEN], char salt[SALT_LEN], uint64_t *fixed);
void token_hash(const char *token, const char *salt, char out[HASH_HEX]);
/* 1 when token matches, compared in constant time. */
int token_check(const char *token, const char *salt, const char *hash);
/* 64 random bits from the kernel (game seeds), or from fixed as above. */
int random_u64(uint64_t *, uint64_t *fixed);

#endif
