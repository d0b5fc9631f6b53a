/* onetap: an order mail that a code authenticates instead of the seat's
 * token (issue 30): a one-tap link's mail (its CODE line, bound to one
 * order at one step of one seat), a reply by number to a report (the code
 * its Message-ID carried, which the reply's In-Reply-To or References give
 * back), or an unsubscribe link's mail (a CODE line bound to NOTIFY digest
 * for a seat at one address). An order's code plays once, only what it
 * was made for; an unsubscribe code is not spent, since what it asks is
 * the same asked twice. Everything else about the mail (the address on
 * record, a foreign sender, a stale or replayed mail) is judged as for any
 * order mail. The codes are made by render/taps.h. */
#ifndef AZ_ONETAP_H
#define AZ_ONETAP_H

#include <stdint.h>

#include "ledger/ledger.h"
#include "mail/mailmsg.h"
#include "mail/orderblock.h"

struct onetap {
	int ok;                   /* a code authenticates the mail */
	struct diag why;          /* when a code was given but cannot: why */
};

/* Reads the code of message m (its order block ob, read from text): with
 * a valid one, ob becomes the order it plays (a number made the choice's
 * line; the CODE line gone, GAME, SEAT and STEP those of the code) and the
 * code is spent on this message, in the caller's transaction: 0 and t->ok.
 * 0 and !t->ok when the mail carries no code and no number; 1 when it
 * does but the code cannot play it (t->why, for the sender); -1 on a
 * ledger error (d). */
int onetap_read(struct ledger *, const struct mailmsg *m, int64_t message,
    const char *text, struct orderblock *ob, struct onetap *t, struct diag *d);

#endif
