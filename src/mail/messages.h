/* messages: the one file that writes the messages table, every mail taken
 * in and where it stands in the queue (tests/table-owners.sh). */
#ifndef AZ_MESSAGES_H
#define AZ_MESSAGES_H

#include <stdint.h>

#include "core/diag.h"
#include "ledger/ledger.h"
#include "mail/mailbytes.h"

/* Stores the mail mb, unless a mail stored already meets one of the two
 * unique indexes (ingest.c says which). mid may be NULL. 1 stored (*id
 * is its row), 0 known already, -1 on a ledger error. */
int message_insert(struct ledger *, const char *source, const char *ref, const char *mid,
    const struct mailbytes *mb, const char *received_at, const char *mail_date,
    int64_t *id, struct diag *);
/* The answer: status and reason, the sender read, the game and seat
 * (game 0, seat -1: none). */
int message_finish(struct ledger *, int64_t id, const char *status, const char *reason,
    const char *from, int64_t game, int seat, struct diag *);
/* The row of source whose bytes hash to hash is known by ref from now on,
 * when its source_ref is tail or ends in " tail" (POP3: the same UIDL, kept
 * bare by older code or with another mailbox's user and URL). */
int message_rename_ref(struct ledger *, const char *source, const char *hash,
    const char *tail, const char *ref, struct diag *);
/* Why the last attempt at message id failed. */
int message_set_error(struct ledger *, int64_t id, const char *why, struct diag *);
int message_count_attempt(struct ledger *, int64_t id, struct diag *);
/* Every waiting message not tried yet counts one attempt: this run's. */
int message_count_first_attempts(struct ledger *, struct diag *);
/* Sets aside, held since at, every waiting message tried max times. */
int message_hold_spent(struct ledger *, const char *at, int max, struct diag *);
/* A held message goes back to the queue (release) or aside for good (drop). */
int message_release(struct ledger *, int64_t id, const char *at, struct diag *);
int message_drop(struct ledger *, int64_t id, const char *at, struct diag *);

#endif
