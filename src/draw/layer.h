/* layer: the part of a board's picture that many pictures share, drawn
 * once. A board's SVG may put everything it draws in two groups, first
 * <g id="board-base"> (what the game's kind, options, language and width
 * decide: the cards' faces, the legend) and then <g id="board-marks"> (the
 * position). The base is drawn once and kept; each picture is a copy of it
 * with the marks drawn over, the same pixels as the whole SVG drawn at
 * once, since the base comes first in the SVG and cairo draws in order. */
#ifndef AZ_LAYER_H
#define AZ_LAYER_H

#include <stddef.h>

#include <cairo.h>

#define LAYER_BASE "#board-base"
#define LAYER_MARKS "#board-marks"

/* The bytes of svg before its marks group, when it has both groups in that
 * order; else 0. Those bytes decide the base: they are its key, so what
 * the base uses (a style, a def) must come before the marks. */
size_t layer_split(const char *svg, size_t len);
/* The base kept for key at w x h pixels, or NULL. The caller copies it and
 * neither changes nor destroys it. */
cairo_surface_t *layer_find(const char *key, size_t len, int w, int h);
/* Keeps s, drawn from key, in place of the base used longest ago; s is the
 * layer's from now on. -1: s is too large to keep, and stays the caller's. */
int layer_keep(const char *key, size_t len, cairo_surface_t *s);
/* Forgets every base kept. */
void layer_forget(void);

#endif
