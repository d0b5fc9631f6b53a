/* libFuzzer target: any bytes rendered as a message, as a ledger's narrative
 * line is when a mail is written. Encodings come from msg_fmt, but a ledger
 * is a file on disk: a damaged one must render, not crash. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct buf b = BUF_INIT;

	memcpy(s, data, size);
	s[size] = '\0';
	msg_render("de", s, &b);
	msg_render("en", s, &b);
	buf_free(&b);
	free(s);
	return 0;
}
