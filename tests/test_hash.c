/* sha256_resume: the digest of each buffer in a row, however much of it the
 * last one shared, is sha256_hex's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/log.h"

static uint32_t seed = 12345;

static uint32_t
next(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8;
}

static void
check(struct sha256_resume *r, const unsigned char *p, size_t n)
{
	char want[HASH_HEX], got[HASH_HEX];
	struct buf *b = sha256_resume_buf(r);

	buf_add(b, p, n);
	sha256_hex(p, n, want);
	sha256_resume_hex(r, got);
	assert_string_equal(got, want);
}

/* Buffers that change at a random place (often early, as dice do), now and
 * then grow or shrink, around the strides the digest is kept at. */
static void
test_resume_matches(void **state)
{
	enum { MAX = 6 * SHA256_RESUME_STRIDE + 100 };
	static unsigned char v[MAX];
	struct sha256_resume r = SHA256_RESUME_INIT;
	size_t n = 3 * SHA256_RESUME_STRIDE + 7;

	(void)state;
	for (size_t i = 0; i < MAX; i++)
		v[i] = (unsigned char)next();
	check(&r, v, 0);
	for (int step = 0; step < 2000; step++) {
		uint32_t what = next() % 8;

		if (what == 0)
			n = next() % MAX;
		else if (what < 4)
			v[next() % 80] ^= 1;
		else if (what < 7 && n > 0)
			v[next() % n] ^= (unsigned char)(1 + next() % 255);
		/* what == 7: the same buffer again. */
		check(&r, v, n);
	}
	/* Exactly on strides, and one byte either side. */
	for (size_t k = 0; k < 5; k++)
		for (int d = -1; d <= 1; d++)
			if ((long)(k * SHA256_RESUME_STRIDE) + d >= 0) {
				check(&r, v, k * SHA256_RESUME_STRIDE + (size_t)(long)d);
				v[k * SHA256_RESUME_STRIDE / 2] ^= 0x55;
				check(&r, v, k * SHA256_RESUME_STRIDE + (size_t)(long)d);
			}
	sha256_resume_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resume_matches),
	};

	log_open(LOG_TO_NONE, NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
