/* taps: the choices of a report that asks its seat to decide (issue 30),
 * numbered in the text part and as one-tap mailto: links (RFC 6068) in
 * the HTML part. Each link's body holds GAME, SEAT, STEP, the order in
 * the reader's words and a single-use code bound to them (ordercode.h),
 * never the seat's token; the report's Message-ID carries one more code,
 * for a reply that names a choice by its number. */
#ifndef AZ_TAPS_H
#define AZ_TAPS_H

#include "core/config.h"
#include "core/tval.h"
#include "ledger/ordercode.h"
#include "ledger/play.h"

#define TAPS_MAX 12           /* choices a report numbers; LEGAL has the rest */
#define TAPS_LINK_MAX 1500    /* characters of a link, which every common
                                 client opens whole */

/* The keyword a reply may write before a choice's number ("ORDER 3"). */
#define TAPS_ORDER_WORD "ORDER"
/* The keyword of the code's line in a link's body. */
#define TAPS_CODE_WORD "CODE"

/* Adds "choices" (number, label, the number as the text part aligns it,
 * text and href, the link; no href when it would be longer than
 * TAPS_LINK_MAX; meaning, when the game explains the order:
 * rules->order_meanings), "has_choices", "choices_more" and, unless root's
 * "legal_short" says the report summarises the orders, "choices_rest" (the
 * orders beyond the numbered ones, each a text) and "has_rest" to root,
 * a report for seat of p in lang (its kw map already set) that shows the
 * step as shown, when it is the seat's turn; with the code for the report's
 * Message-ID in mid_code ("" when it asks nothing). The codes are kept in
 * the caller's transaction. Each of root's "suggestions" (did you mean)
 * that is a numbered choice gets "numbered", its "label" and "href", and
 * root "suggestions_numbered" and "suggestions_linked" say whether any. */
int taps_add(struct ledger *, const struct config *, const char *lang,
    const struct play *p, int seat, long long shown, struct tval *root,
    char mid_code[ORDERCODE_LEN], struct diag *);

/* The line an unsubscribe link asks for, in English (NOTIFY's quietest
 * mode: a seat cannot leave its game by mail, doc/orders.md). */
#define TAPS_UNSUB_LINE "NOTIFY digest"

/* The List-Unsubscribe URI (RFC 2369) of a mail to seat of p at address
 * to, in lang, in *out (free it): a mailto: to the referee whose mail
 * asks, in the reader's words, for TAPS_UNSUB_LINE, with a code for the
 * token (ordercode.h, kind "unsub", kept in the caller's transaction)
 * bound to the seat at that address. A code is needed because the seat is
 * changed by no From alone, which anyone can write. *out NULL when to is
 * not the seat's address (a seat's former player), the seat has no
 * mailbox, or the referee's address cannot be put in a mailto:. */
int taps_unsubscribe(struct ledger *, const struct config *, const char *lang,
    const struct play *p, int seat, const char *to, char **out, struct diag *);

/* Marks in root's view where seat's numbered choices act, for the board
 * picture: the item each names (rules->order_spot) gets "choice", its
 * number ("3", or "3/4/5" and "+" for several), and root "has_spots".
 * Made from the state alone, as the numbers are, so that a picture made
 * again from its recipe (render/picture.c) is the same. How many were
 * marked: 0 when none, or the game has no spots. */
int taps_spots(const struct config *, const struct play *p, int seat, struct tval *root);

/* The choices of the text of a 'reply' code, one a line: the n-th (from 1)
 * in out; 0 when there is none. */
int taps_choice(const char *choices, int n, char *out, size_t size);

#endif
