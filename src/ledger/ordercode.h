/* ordercode: the single-use codes of one-tap orders and of replies by
 * number (issue 30), and the codes of unsubscribe links. A code is random
 * (the kernel's CSPRNG), bound to a game, a seat, the step a report showed
 * and what it may play there: one order (a mailto: link's), the report's
 * numbered choices (the code its Message-ID carries), or the one line an
 * unsubscribe link asks for; and each only while the seat keeps the address
 * it went to. The ledger keeps its SHA-256 only; the table order_codes is
 * this file's. */
#ifndef AZ_ORDERCODE_H
#define AZ_ORDERCODE_H

#include <stdint.h>

#include "ledger/ledger.h"

#define ORDERCODE_LEN 27   /* 26 letters and digits (130 bits) + NUL */

struct ordercode {
	int64_t game_id;
	int seat;
	int64_t seq;              /* the ledger step of the report */
	long long shown_step;     /* the STEP it printed */
	char kind[8];             /* "link", "reply" or "unsub" */
	char *orders;             /* the order, or the choices one a line */
	char *address;            /* the seat's address it went to ("": made
	                           * before codes kept it) */
	int64_t used_by;          /* the message that played it; 0: unused */
	char hash[65];
};

/* A new code of kind for seat of game at seq (shown as shown_step), bound
 * to orders and to the seat's address it goes to, kept hashed in the
 * caller's transaction; the code in out. */
int ordercode_new(struct ledger *, int64_t game_id, int seat, int64_t seq,
    long long shown_step, const char *kind, const char *orders, const char *address,
    char out[ORDERCODE_LEN], struct diag *);

/* 1 with *oc filled (ordercode_free it) when code is one of kind, else 0. */
int ordercode_find(struct ledger *, const char *code, const char *kind,
    struct ordercode *oc);
void ordercode_free(struct ordercode *);

/* Marks oc played by message, in the caller's transaction. */
int ordercode_use(struct ledger *, const struct ordercode *oc, int64_t message,
    struct diag *);
/* Gives back the codes message used: its order was not played (the game
 * paused, the step passed), so the code may play it later, still once. */
int ordercode_release(struct ledger *, int64_t message, struct diag *);

#endif
