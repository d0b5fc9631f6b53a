/* libFuzzer target: any bytes through mailmsg_parse and on into
 * orderblock_parse, as the referee reads a mail, its Date through
 * maildate_key, as the ledger keys it, and a bounce through bounce_read.
 * Aborts when a promise of mailmsg.h, maildate.h or bounce.h is broken: a
 * field that is not valid UTF-8, a CR left in the text, a Date key that is
 * neither "" nor UTC to the second, a bounce's Message-ID empty, twice or
 * one too many, more failed recipients than recipients. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "mail/bounce.h"
#include "core/diag.h"
#include "mail/maildate.h"
#include "mail/mailmsg.h"
#include "mail/orderblock.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* "" or "YYYY-MM-DDTHH:MM:SSZ": the key must sort as the time it names. */
static void
date_key(const char *header)
{
	char key[MAILDATE_MAX];
	static const char form[] = "dddd-dd-ddTdd:dd:ddZ";

	maildate_key(header, key);
	if (key[0] == '\0')
		return;
	if (strlen(key) != sizeof form - 1)
		abort();
	for (size_t i = 0; form[i] != '\0'; i++)
		if (form[i] == 'd' ? key[i] < '0' || key[i] > '9' : key[i] != form[i])
			abort();
}

static void
proof(const uint8_t *data, size_t size)
{
	struct bounce b;

	if (bounce_read((const char *)data, size, &b, NULL) != 0)
		abort();
	if (b.nids < 0 || b.nids > BOUNCE_MAX_IDS || b.failed < 0 || b.failed > b.recipients)
		abort();
	for (int i = 0; i < b.nids; i++) {
		if (b.ids[i] == NULL || b.ids[i][0] == '\0')
			abort();
		for (int k = 0; k < i; k++)
			if (strcmp(b.ids[i], b.ids[k]) == 0)
				abort();
	}
	bounce_free(&b);
}

static void
utf8(const char *s)
{
	if (s == NULL || !g_utf8_validate(s, -1, NULL))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct orderblock ob;
	struct mailmsg m;
	struct diag d;

	mailmsg_init(&m);
	diag_clear(&d);
	if (mailmsg_parse((const char *)data, size, 1 << 20, &m, &d) != 0) {
		if (d.msg[0] == '\0' || m.text != NULL)
			abort();
		return 0;
	}
	utf8(m.from_addr);
	utf8(m.from_name);
	utf8(m.reply_to);
	utf8(m.return_path);
	utf8(m.message_id);
	utf8(m.in_reply_to);
	utf8(m.references);
	utf8(m.subject);
	utf8(m.date);
	date_key(m.date);
	utf8(m.auto_submitted);
	utf8(m.precedence);
	utf8(m.x_loop);
	utf8(m.text);
	utf8(m.attachment_text);
	if (strchr(m.text, '\r') != NULL || strchr(m.attachment_text, '\r'))
		abort();
	orderblock_parse(m.text, &ob, &d);
	orderblock_free(&ob);
	if (m.is_bounce)
		proof(data, size);
	mailmsg_free(&m);
	return 0;
}
