/* board: the board of a game as a picture, drawn from a per-viewer view.
 *
 * The picture is an SVG made by the game's template board.svg
 * (templates/<game>/board.svg.mustache, language-neutral, looked up like
 * every template, so a game master can restyle it) from the same tree the
 * text report shows: what a reader may not see is not in the tree, so it
 * cannot be in the picture. Mail clients rarely show SVG, hence the PNG,
 * which azalai-draw makes (render/drawer.h). */
#ifndef AZ_BOARD_H
#define AZ_BOARD_H

#include <stddef.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/drawproto.h"
#include "core/tval.h"
#include "render/render.h"

/* Widest PNG azalai-draw makes, in pixels (either side). */
#define BOARD_PNG_MAX DRAWPROTO_SIDE_MAX

/* The board picture of a view: the game's template board.svg
 * (templates/<game>/board.svg.mustache, looked up like other templates)
 * rendered with XML escaping; its words are the view's "pic" map, which
 * board_svg_render sets (terms, said in the renderer's language). The result is checked to be well-formed XML
 * with an <svg> root; a template that is missing, malformed or makes
 * anything else gives -1 and a diag naming it. The caller frees *svg. */
int board_svg(struct render *, struct tval *view, char **svg, struct diag *);
/* board_svg in its two halves: the template rendered, and the check. A
 * caller that hands the SVG to librsvg only later may leave the check to
 * it: librsvg parses the same XML, and refuses what is malformed. */
int board_svg_render(struct render *, struct tval *view, char **svg, struct diag *);
int board_svg_check(struct render *, const char *svg, struct diag *);

#endif
