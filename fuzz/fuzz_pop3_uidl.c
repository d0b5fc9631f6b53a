/* libFuzzer target: a POP3 server's answer to UIDL through
 * pop3_parse_uidl, as fetch-pop3.c reads it. Aborts when an entry breaks
 * what RFC 1939 allows and the fetcher relies on: a message number below 1,
 * a UIDL empty, longer than 70 characters or holding a character outside
 * 0x21-0x7E, or more entries than the answer has lines. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mail/fetch.h"
#include "core/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pop3_msg *m;
	size_t n, lines = 1;
	char *resp = xmalloc(size + 1);

	memcpy(resp, data, size);
	resp[size] = '\0';
	for (size_t i = 0; i < size; i++)
		if (data[i] == '\n' || data[i] == '\r')
			lines++;
	n = pop3_parse_uidl(resp, &m);
	if (n > lines)
		abort();
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(m[i].uidl);

		if (m[i].num < 1 || len < 1 || len > 70)
			abort();
		for (size_t k = 0; k < len; k++)
			if (m[i].uidl[k] < 0x21 || m[i].uidl[k] > 0x7e)
				abort();
	}
	free(m);
	free(resp);
	return 0;
}
