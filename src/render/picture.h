/* picture: a report's board picture, kept in the ledger's
 * picture table under its game and its name (game_id, cid: 019), and drawn
 * when the first mail that shows it is sent. A row is the PNG, or what the
 * PNG is drawn from: the SVG (rows of before 017), or the recipe that makes
 * the SVG again (017): the game (the row's own), the step, the reader and
 * the language. Every picture is named after its SVG (picture_cid), so a
 * recipe is drawn only when the SVG it makes again has the name the mail
 * was written with: the very picture that reader was to see at that step,
 * or none. A mail draws from its own game's row of that name, or one of
 * game 0 (a PNG or SVG of before 019, whose game is not known); never
 * from another game's. A PNG drawn is found by its name in any game
 * (outbox_picture). */
#ifndef AZ_PICTURE_H
#define AZ_PICTURE_H

#include <stdint.h>

#include "core/buf.h"
#include "core/config.h"
#include "lang/lang.h"
#include "ledger/ledger.h"
#include "render/report.h"

struct picture_recipe {
	int64_t game;             /* games.id */
	int64_t step;             /* the step the report showed */
	int viewer;               /* the seat reading it; -1: an observer */
	int open;                 /* the game was over or ended: all shown */
	char lang[LANG_LEN];      /* the reader's language */
};

/* The name of the picture drawn from svg at the size of report mails:
 * "board.<24 hex of sha256(svg, "WxC")>@azalai". */
void picture_cid(const char *svg, char cid[REPORT_CID_MAX]);

/* The SVG of recipe made again (the caller frees *svg), for cid: -1 with a
 * diag in words for a game master when it cannot be made or is not the
 * picture named cid (a step rolled back, the game gone, a template
 * changed since the mail was written). Never another picture. */
int picture_rebuild(struct ledger *, const struct config *, const struct picture_recipe *,
    const char *cid, char **svg, struct diag *);

/* Draws the picture kept under cid for game (or game 0) as its SVG or its
 * recipe into png and keeps the PNG in its stead: 1 when drawn, 0 when the
 * row holds nothing to draw (no row, or already drawn), -1 when it cannot
 * be drawn (logged; the row stays as it was). Opens no transaction: call
 * it with none open. */
int picture_draw(struct ledger *, const struct config *, int64_t game, const char *cid,
    struct buf *png);

#endif
