#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "core/rng.h"
#include "ledger/token.h"

int
random_u64(uint64_t *out, uint64_t *fixed)
{
	if (fixed != NULL) {
		struct rng r;

		rng_seed(&r, (*fixed)++);
		*out = rng_next(&r);
		return 0;
	}
	if (getrandom(out, sizeof *out, 0) != (ssize_t)sizeof *out)
		return -1;
	return 0;
}

int
token_new(char token[TOKEN_LEN], char salt[SALT_LEN], uint64_t *fixed)
{
	/* No 0/o/1/l: tokens are copied by hand from mails. */
	static const char alpha[] = "23456789abcdefghijkmnpqrstuvwxyz";
	uint64_t a, b, s;
	int k = 0;

	if (random_u64(&a, fixed) < 0 || random_u64(&b, fixed) < 0 ||
	    random_u64(&s, fixed) < 0)
		return -1;
	for (int i = 0; i < 16; i++) {
		uint64_t *src = i < 8 ? &a : &b;

		if (i > 0 && i % 4 == 0)
			token[k++] = '-';
		token[k++] = alpha[*src & 31];
		*src >>= 5;
	}
	token[k] = '\0';
	snprintf(salt, SALT_LEN, "%016llx", (unsigned long long)s);
	return 0;
}

void
token_hash(const char *token, const char *salt, char out[HASH_HEX])
{
	char norm[80];
	size_t i;
	const char *parts[2];

	/* Players retype tokens: case does not matter. */
	for (i = 0; token[i] != '\0' && i < sizeof norm - 1; i++)
		norm[i] = (char)tolower((unsigned char)token[i]);
	norm[i] = '\0';
	parts[0] = salt;
	parts[1] = norm;
	sha256_parts_hex(out, 2, parts);
}

int
token_check(const char *token, const char *salt, const char *hash)
{
	char h[HASH_HEX];
	unsigned diff = 0;

	token_hash(token, salt, h);
	if (strlen(hash) != HASH_HEX - 1)
		return 0;
	for (int i = 0; i < HASH_HEX - 1; i++)
		diff |= (unsigned)(h[i] ^ hash[i]);
	return diff == 0;
}
