/* board: the board of a game as a picture, drawn from a per-viewer view.
 *
 * The picture is an SVG made by the game's template board.svg
 * (templates/<game>/board.svg.mustache, language-neutral, looked up like
 * every template, so a game master can restyle it) from the same tree the
 * text report shows: what a reader may not see is not in the tree, so it
 * cannot be in the picture. Mail clients rarely show SVG, hence the PNG. */
#ifndef AZ_BOARD_H
#define AZ_BOARD_H

#include <stddef.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/tval.h"
#include "render/render.h"

/* Widest PNG board_png makes, in pixels (either side). */
#define BOARD_PNG_MAX 4096

/* The board picture of a view: the game's template board.svg
 * (templates/<game>/board.svg.mustache, language-neutral, looked up like other templates)
 * rendered with XML escaping. The result is checked to be well-formed XML
 * with an <svg> root; a template that is missing, malformed or makes
 * anything else gives -1 and a diag naming it. The caller frees *svg. */
int board_svg(struct render *, const struct tval *view, char **svg, struct diag *);
/* board_svg in its two halves: the template rendered, and the check. A
 * caller that hands the SVG to librsvg only later may leave the check to
 * it: librsvg parses the same XML, and refuses what is malformed. */
int board_svg_render(struct render *, const struct tval *view, char **svg, struct diag *);
int board_svg_check(struct render *, const char *svg, struct diag *);

/* SVG to PNG with librsvg + cairo, width in pixels (height from the SVG's aspect).
 * The PNG is appended to png. Nothing outside the SVG is loaded. */
int board_png(const char *svg, size_t len, int width, struct buf *png, struct diag *);
/* The same picture as board_png passed through png_palette (at most colors
 * colours), without the 32-bit PNG in between. */
int board_png_palette(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *);

#endif
