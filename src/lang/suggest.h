/* suggest: "did you mean" -- the legal orders nearest to an order line the
 * game refused, for the refusal to offer.
 *
 * Only orders the game takes are ever offered: those legal() lists, and
 * the line itself with its keywords mended when the game takes that (a
 * spelling legal() does not list, as Buqruru's SOW 1). The line is read
 * the way mail clients and hurried players leave it: any case, accents or
 * none, smart quotes, non-breaking spaces, a quoted reply's "> ", spaces
 * lost or doubled, and the order words of any language azalai ships. It
 * is compared word by word with each legal order: a keyword by its edit
 * distance (letters dropped, doubled, swapped) to the nearest of its
 * spellings in every language, a number as a number. No mail, no SQL. */
#ifndef AZ_SUGGEST_H
#define AZ_SUGGEST_H

#include <stddef.h>

#include "core/tval.h"
#include "games/game.h"

#define SUGGEST_MAX 3

/* The indices in legal of up to max orders nearest to line (nearest
 * first; of equals, the one legal lists first) in pick; returns how many.
 * An order too far from the line to be what the player meant is not
 * offered, so a line of no order at all gets none. */
size_t suggest_orders(const char *game, const char *line, const struct order_list *legal,
    size_t *pick, size_t max);

/* The same, up to SUGGEST_MAX, pushed onto list as {n, text}: n counts
 * from 1, text is the order in lang's order words (ordertr.h). */
void suggest_list(const char *lang, const char *game, const char *line,
    const struct order_list *legal, struct tval *list);

/* The same for what seat may do in the state st of a game of rules, the
 * line with its keywords mended first when it parses and applies there:
 * none when nothing is asked of the seat. */
void suggest_at(const char *lang, const struct game_rules *, const void *st, int seat,
    const char *line, struct tval *list);

#endif
