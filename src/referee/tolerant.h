/* tolerant: what players write around their orders. A greeting above the
 * first order and a signature below the last are read and said, not
 * refused; a reply to a seat's report finds its game and seat through the
 * referee's own Message-ID, so it needs no GAME or SEAT line (the TOKEN
 * still proves who wrote); mail no token proved is answered in the language
 * its words are written in. The rules, for players, are in doc/orders.md. */
#ifndef AZ_TOLERANT_H
#define AZ_TOLERANT_H

#include "lang/lang.h"
#include "ledger/ledger.h"
#include "mail/orderblock.h"

/* Marks ob's lines before its first order and after its last (oline.aside)
 * when they are no order of game in any language nor one letter away from
 * one. A mail with no order at all keeps every line an order: what it meant
 * is refused line by line, as ever. */
void tolerant_mark(struct orderblock *, const char *game);

/* The seat of the referee mail that in_reply_to (an id without <>) or else the newest id in
 * refs names (the outbox's message_id, never the id's text): 1 with its
 * game's name and rules, the seat's name and language, 0 when none is a
 * mail to a seat. */
int tolerant_thread(struct ledger *, const struct config *, const char *in_reply_to,
    const char *refs, char game[64], char seat[32], char rules[32], char lang[LANG_LEN]);

/* The language of the first order word of text that is not English (lines
 * quoted with '>' left out), or NULL: English keywords are everyone's. */
const char *tolerant_lang(const char *text);

#endif
