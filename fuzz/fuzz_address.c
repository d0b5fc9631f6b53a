/* libFuzzer target: any string through address.h, as the From, Reply-To,
 * In-Reply-To and References of a stranger's mail meet it (sender.c and
 * authres.c compare From addresses by address_ascii, mailout.c threads by
 * address_msg_id) and as a campaign file's seat addresses do.
 *
 * Aborts when address_ascii gives a spelling that is not 7-bit or holds a
 * control (a CR or LF would end the To header or the RCPT command early),
 * overruns its buffer, changes the local part or has no domain, or refuses
 * without saying why; when address_valid takes a string address_ascii
 * refuses or that holds a space or a quote; when address_msg_id takes
 * bytes that would not sit inside <> in a header unquoted: no '@', 8-bit,
 * a control or a space (a second '@' may stand in a [literal]). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/xmalloc.h"
#include "mail/address.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* 7-bit, and (unless space may stand) no control and no space. */
static int
clean(const char *s, size_t n, int space)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < ' ' + !space || (unsigned char)s[i] >= 0x7f)
			return 0;
	return 1;
}

static void
ascii(const char *s)
{
	char out[ADDRESS_MAX + 1];
	const char *at;
	struct diag d;
	size_t local;

	out[ADDRESS_MAX] = 0x5a;
	diag_clear(&d);
	if (address_ascii(s, out, ADDRESS_MAX, &d) < 0) {
		if (d.msg[0] == '\0' || address_valid(s))
			abort();
		return;
	}
	if ((unsigned char)out[ADDRESS_MAX] != 0x5a || strnlen(out, ADDRESS_MAX) == ADDRESS_MAX)
		abort();
	if (!clean(out, strlen(out), 1) || !address_has_domain(out))
		abort();
	/* The local part goes out as it was written; only the domain is
	 * spelled in A-labels. */
	at = strrchr(out, '@');
	local = (size_t)(at - out);
	if (strrchr(s, '@') - s != (ptrdiff_t)local || strncmp(s, out, local) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	if (address_msg_id((const char *)data, size) &&
	    (!clean((const char *)data, size, 0) || memchr(data, '@', size) == NULL))
		abort();
	/* A NUL ends a header value before its end; GMime reads up to it.
	 * A domain literal and an open comment ("a@[x](") make GMime 3.2's
	 * internet_address_list_parse leak a GString of its own, which would
	 * stop every run: left to GMime. */
	if (strlen(s) == size && !(strchr(s, '[') != NULL && strchr(s, '(') != NULL)) {
		if (address_valid(s) && strpbrk(s, " \t\r\n\"") != NULL)
			abort();
		ascii(s);
	}
	free(s);
	return 0;
}
