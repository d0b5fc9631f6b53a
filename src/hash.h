/* hash: SHA-256 in hex, through libcrypto (it uses the processor's SHA
 * instructions where there are some). */
#ifndef AZ_HASH_H
#define AZ_HASH_H

#include <stddef.h>

#define HASH_HEX 65

void sha256_hex(const void *, size_t, char out[HASH_HEX]);
/* sha256 of the concatenation of n NUL-terminated parts, each prefixed by its
 * length so that ("ab","c") and ("a","bc") differ. */
void sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts);

#endif
