/* ordertr: order lines between a seat's language and the canonical English
 * the engines parse.
 *
 * The words come from the catalogs (catalog.h): msgctxt "order.<game>" and
 * "order.common", msgid the English keyword or card name, msgstr the
 * language's word(s), alternatives separated by '|' (the first is the one
 * shown). Reading is case-insensitive on whole words (split at spaces and
 * commas), the longest phrase first, and takes a word with its accents or
 * without them ("saen" or "säen"). English keywords pass unchanged, so
 * English always works. The ledger keeps the English text. */
#ifndef AZ_ORDERTR_H
#define AZ_ORDERTR_H

#include <stddef.h>

#include "core/config.h"
#include "core/diag.h"
#include "core/tval.h"
#include "ledger/play.h"

/* The language seat reads and writes (seat -1: an observer). The one place
 * that says it: the campaign's language until seats carry their own. */
const char *seat_lang(const struct config *, const struct play *, int seat);

/* Writes line into out (size n) with every word or phrase of lang (of game's
 * order words and the common ones) made its English keyword. Returns 1 when
 * anything was replaced, 0 when out holds line as it was, -1 (out holds line,
 * cut) when the result did not fit. */
int ordertr_to_english(const char *lang, const char *game, const char *line, char *out,
    size_t n);
/* The other way, for what players read: every English keyword of line made
 * the word lang shows for it. Same returns. */
int ordertr_to_lang(const char *lang, const char *game, const char *line, char *out,
    size_t n);
/* The word lang shows for the English keyword kw of game (or a common one);
 * kw itself when the catalogs have none. */
const char *ordertr_word(const char *lang, const char *game, const char *kw);
/* Whether the word w (len bytes) is the common keyword kw ("SEAT"), in
 * English or in any language azalai ships: the order block's header lines
 * are read before anyone knows whose mail it is. */
int ordertr_is_common(const char *kw, const char *w, size_t len);
/* A diag that quotes canon (the English line the engine read) quotes orig
 * (what the player wrote) instead. */
void ordertr_requote(struct diag *, const char *canon, const char *orig);
/* Sets root's map "kw": for every order word of game and every common one
 * (those of any language, and the header words GAME SEAT STEP TOKEN HELP
 * LEGAL CONFIRM, the press words PRESS TO ALL ANONYMOUS ENDPRESS), the
 * English keyword (spaces as '_') to the word lang shows:
 * templates write {{kw.SOW}}. */
void ordertr_keywords(const char *lang, const char *game, struct tval *root);

#endif
