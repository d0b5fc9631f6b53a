/* drawproto: the frames between the referee (src/render/drawer.c) and its
 * drawing program, azalai-draw (src/draw/main.c). Both are built from this
 * tree, so the frames are in native byte order:
 *   request   u32 svg bytes, i32 width, i32 colours, u32 CPU seconds, SVG
 *   answer    u32 kind (DRAWPROTO_PNG or DRAWPROTO_ERR), u32 bytes, the bytes
 * The program reads requests on its descriptor 0, a socket, until EOF. */
#ifndef AZ_DRAWPROTO_H
#define AZ_DRAWPROTO_H

/* The program's name in $(pkglibexecdir). */
#define DRAWPROTO_PROGRAM "azalai-draw"
/* The largest SVG sent and the largest PNG taken back. */
#define DRAWPROTO_SVG_MAX (4u << 20)
#define DRAWPROTO_PNG_MAX (32u << 20)
/* Widest picture, in pixels (either side): render/board.h's BOARD_PNG_MAX
 * and draw/raster.h's RASTER_MAX are this. */
#define DRAWPROTO_SIDE_MAX 4096

enum { DRAWPROTO_PNG = 1, DRAWPROTO_ERR = 2 };

#endif
