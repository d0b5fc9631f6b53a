/* bounce: what a bounce can prove about the mail it returns.
 *
 * Anyone can write a mail from MAILER-DAEMON, and a delivery report is text
 * that can name any address. What a stranger cannot write is a Message-ID
 * the referee made: its unique part is random, and only the mail's
 * recipient and the servers on its way have seen it. So a bounce is read
 * for the Message-IDs of the mail it says came back, and the caller counts
 * it only against the seats the referee sent those mails to (outbox_find).
 * All MIME work is GMime's. */
#ifndef AZ_BOUNCE_H
#define AZ_BOUNCE_H

#include <stddef.h>

#include "core/diag.h"

/* More Message-IDs than this are not read: a real bounce returns one mail,
 * and the rest only cost look-ups. */
#define BOUNCE_MAX_IDS 32

struct bounce {
	char *ids[BOUNCE_MAX_IDS]; /* without <>, each once, in the order below */
	int nids;
	int recipients;    /* per-recipient fields of its delivery reports */
	int failed;        /* of those, the ones whose Action is "failed" */
};

/* Reads raw[0..len), a mail mailmsg_parse found to be a bounce. The
 * Message-IDs come from, in this order: a returned mail (message/rfc822,
 * message/global) or returned header block (text/rfc822-headers,
 * message/global-headers) anywhere in it but inside a returned mail; the
 * bounce's own In-Reply-To and References; "Message-ID:" lines in its
 * text/plain parts (bounces that quote the mail as text). The delivery
 * reports are message/delivery-status and message/global-delivery-status
 * parts (RFC 3464, 6533). -1 and a diag when raw is not a mail. */
int bounce_read(const char *raw, size_t len, struct bounce *, struct diag *);
void bounce_free(struct bounce *);

/* 1 when its delivery reports name recipients and none of them failed: a
 * delay warning, or a notice of delivery or relay, not a bounce. */
int bounce_nothing_failed(const struct bounce *);

#endif
