/* libFuzzer target: any bytes through mbox_split, as fetch-mbox.c reads an
 * mbox file. Aborts when a message range breaks the promise of mbox.h: out
 * of the file, empty, or overlapping the one before it. (A range may start
 * "From :": that is an obsolete-syntax From header, not a separator.) */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mail/mbox.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

struct seen {
	const char *raw;
	size_t len, last;
};

static int
each(void *arg, size_t begin, size_t end)
{
	struct seen *s = arg;

	if (begin < s->last || end <= begin || end > s->len) {
		fprintf(stderr, "message [%zu, %zu) after %zu in %zu bytes\n", begin, end,
		    s->last, s->len);
		abort();
	}
	s->last = end;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct seen s = { (const char *)data, size, 0 };

	if (mbox_split((const char *)data, size, each, &s) != 0)
		abort();
	return 0;
}
