/* libFuzzer target: a compiled catalog (src/lang/catbin.h) as catalog.c maps it,
 * through catbin_read. Whatever it accepts must be safe to read whole: every
 * string an entry names ends inside the file (AddressSanitizer checks). The
 * seed is a catalog of two entries: the checksum refuses most changes, so the
 * fuzzer mostly checks that a refusal never reads out of bounds. */
#include <glib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lang/catbin.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	GBytes *b = g_bytes_new(data, size);
	struct catbin c;
	volatile size_t sum = 0;

	if (catbin_read(&c, b, "fuzz", "de", NULL) == 0) {
		for (gsize i = 0; i < c.n; i++) {
			sum += strlen(c.strings + c.entries[i].key);
			sum += strlen(c.strings + c.entries[i].form);
			if (c.entries[i].plural != CATBIN_NONE)
				sum += strlen(c.strings + c.entries[i].plural);
		}
		for (size_t i = 0; c.domains[i] != NULL; i++)
			sum += strlen(c.domains[i]);
		catbin_close(&c);
	}
	g_bytes_unref(b);
	return 0;
}
