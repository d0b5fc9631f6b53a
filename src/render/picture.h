/* picture: a report's board picture, kept in the ledger's picture table
 * under its game and its name (game_id, cid: 019), and drawn before the
 * first mail that shows it is delivered: `azalai run` and `outbox flush`
 * call picture_draw_due, then outbox_deliver, which only reads what is
 * drawn. A row is the PNG, or what the PNG is drawn from: the SVG (rows of
 * before 017), or the recipe that makes the SVG again (017, struct
 * picture_recipe in outbox.h): the game (the row's own), the step, the
 * reader and the language. Every picture is named after its SVG
 * (report_cid), so a recipe is drawn only when the SVG it makes again has
 * the name the mail was written with: the very picture that reader was to
 * see at that step, or none. A mail draws from its own game's row of that
 * name, or one of game 0 (a PNG or SVG of before 019, whose game is not
 * known); never from another game's. A PNG drawn is found by its name in
 * any game (outbox_picture). The picture is made from the report's view
 * (report.h), never the other way round. */
#ifndef AZ_PICTURE_H
#define AZ_PICTURE_H

#include <stdint.h>

#include "core/buf.h"
#include "core/config.h"
#include "lang/lang.h"
#include "ledger/ledger.h"
#include "mail/outbox.h"
#include "render/report.h"

/* The SVG of recipe made again (the caller frees *svg), for cid: -1 with a
 * diag in words for a game master when it cannot be made or is not the
 * picture named cid (a step rolled back, the game gone, a template
 * changed since the mail was written; a pause begun or ended since changes
 * nothing). Never another picture. */
int picture_rebuild(struct ledger *, const struct config *, const struct picture_recipe *,
    const char *cid, char **svg, struct diag *);

/* Draws the picture kept under cid for game (or game 0) as its SVG or its
 * recipe into png and keeps the PNG in its stead: 1 when drawn, 0 when the
 * row holds nothing to draw (no row, or already drawn), -1 when it cannot
 * be drawn (logged; the row stays as it was). Opens no transaction: call
 * it with none open. */
int picture_draw(struct ledger *, const struct config *, int64_t game, const char *cid,
    struct buf *png);

/* Draws the pictures of the mails outbox_deliver sends in round r that are
 * not drawn yet (outbox_each_undrawn), one picture_draw each, in the order
 * the mails go; a picture that cannot be drawn is logged and its mail goes
 * without it. Call it with no transaction open, just before
 * outbox_deliver with the same round. */
void picture_draw_due(struct ledger *, const struct config *, const struct outbox_round *r);

#endif
