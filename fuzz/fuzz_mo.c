/* libFuzzer target: a compiled catalog (a GNU .mo, src/lang/mo.h) as
 * catalog.c maps it, through mo_read. Whatever it accepts must be safe to
 * read whole as catalog.c reads it: every entry's original and every form of
 * its translation end inside the file (AddressSanitizer checks). The seed is
 * a catalog msgfmt made: a header with Plural-Forms, a message with a
 * context and a plural one. */
#include <glib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lang/mo.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	GBytes *b = g_bytes_new(data, size);
	volatile size_t sum = 0;
	struct mo m;

	if (mo_read(&m, b, "fuzz", NULL) == 0) {
		for (uint32_t i = 0; i < m.n; i++) {
			struct mo_msg msg;
			const char *f;

			mo_get(&m, i, &msg);
			sum += strlen(msg.id);
			for (unsigned k = 0; (f = mo_form(&msg, k)) != NULL; k++)
				sum += strlen(f);
		}
		if (m.plural_forms != NULL)
			sum += strlen(m.plural_forms);
		mo_close(&m);
	}
	g_bytes_unref(b);
	return 0;
}
