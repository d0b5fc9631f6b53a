/* Shared by the drawing's tests: a board drawn in layers against the same
 * board drawn whole. */
#ifndef AZ_TESTS_DRAWN_WHOLE_H
#define AZ_TESTS_DRAWN_WHOLE_H

#include "core/buf.h"

/* 1 when png (board_png's, width pixels wide) is svg drawn whole: the same
 * SVG with its marks group renamed, so that it has no layers. */
int drawn_whole(const char *svg, int width, const struct buf *png);

#endif
