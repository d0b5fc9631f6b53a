/* raster: the board picture's SVG (render/board.h makes it) to PNG, in
 * azalai-draw: librsvg, cairo, and for a mail libimagequant and libpng. */
#ifndef AZ_RASTER_H
#define AZ_RASTER_H

#include <stddef.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/drawproto.h"

/* Widest PNG made, in pixels (either side). */
#define RASTER_MAX DRAWPROTO_SIDE_MAX

/* SVG to PNG with librsvg + cairo, width in pixels (height from the SVG's
 * aspect), on white. The PNG is appended to png. Nothing outside the SVG is
 * loaded. */
int board_png(const char *svg, size_t len, int width, struct buf *png, struct diag *);
/* The same picture as board_png passed through png_palette (at most colors
 * colours), without the 32-bit PNG in between: what a mail carries. */
int board_png_palette(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *);

#endif
