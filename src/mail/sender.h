/* sender: who an order mail came from, against the seat's address on record.
 * Answers about a seat go only to that address; a mail signed with the seat's
 * token from elsewhere is told to the seat and, unless the campaign says
 * foreign_sender: apply, held until the seat confirms it. The rules, for
 * players, are in doc/orders.md. */
#ifndef AZ_SENDER_H
#define AZ_SENDER_H

#include <stdint.h>

#include "core/diag.h"
#include "ledger/ledger.h"

#define SENDER_CODE 12   /* "xxxxx-xxxxx" + NUL */

/* 1 when addr is the address on record. The whole address is compared
 * without regard to case: mail providers treat the local part so, and From
 * is no proof of anything (the token is), so nothing is gained by being
 * stricter than the mailbox is. A domain is the same in Unicode and in
 * IDNA A-labels. */
int sender_same(const char *addr, const char *on_record);

/* The code the seat sends back (CONFIRM code) to release a held mail: drawn
 * from the seat's token hash, which never leaves the ledger, and the mail's
 * content hash, so only the notice sent to the seat carries it. */
void sender_code(const char *seat_hash, const char *content_hash, char out[SENDER_CODE]);

/* Holds message for seat, from `from`, which came when the game was at step;
 * code gets the code. In the caller's transaction. */
int sender_hold(struct ledger *, int64_t message, int64_t game_id, int seat,
    const char *from, int64_t step, const char *now, char code[SENDER_CODE],
    struct diag *);

/* The held mail of seat with code (any case): 1 held (*message set), 2 already
 * confirmed, 0 none. */
int sender_find(struct ledger *, int64_t game_id, int seat, const char *code,
    int64_t *message, char *from, size_t fromsz);

/* The step the game was at when message was held; -1 when it was not. */
int64_t sender_held_step(struct ledger *, int64_t message);

/* 1 when message is held and not confirmed yet, else 0. */
int sender_still_held(struct ledger *, int64_t message);

/* Marks message confirmed, in the caller's transaction. */
int sender_confirmed(struct ledger *, int64_t message, const char *now, struct diag *);

#endif
