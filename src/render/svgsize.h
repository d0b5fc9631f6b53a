/* svgsize: the size a board picture will be drawn at, read from the SVG's
 * root element without librsvg, so a report's HTML can be written before
 * its picture is drawn (the referee never loads the drawing libraries).
 * It answers only where board.c's board_draw is sure to agree: the root
 * <svg>'s width and height in px or as plain numbers, else, with neither,
 * its viewBox. Anything else (other units, percentages, entities, one of
 * the two alone) is refused, and the caller draws the picture to learn. */
#ifndef AZ_SVGSIZE_H
#define AZ_SVGSIZE_H

/* The height of the picture of svg drawn width pixels wide, as board_draw
 * makes it (width * h / w + 0.5, truncated) into *height: 0 when sure, -1
 * when not, or when board_draw would refuse the size (outside 1 to max). */
int svg_png_height(const char *svg, int width, int max, long *height);

#endif
