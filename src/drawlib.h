/* drawlib: librsvg, cairo and libgd, opened on the first picture.
 *
 * Linked the usual way they cost every run of azalai their start-up (about
 * 15 ms on the machines we use, most of an idle "azalai run": relocating
 * some sixty libraries and libgd's image codecs initialising themselves)
 * though only a report with a board picture uses them. Include this after
 * <cairo.h>, <librsvg/rsvg.h> and <gd.h>: the calls below then go through
 * the pointers drawlib_load fills, and the code reads as before. */
#ifndef AZ_DRAWLIB_H
#define AZ_DRAWLIB_H

#include <cairo.h>
#include <gd.h>
#include <librsvg/rsvg.h>

#include "diag.h"

#define DRAWLIB_RSVG(F) \
	F(rsvg_handle_new_from_data) \
	F(rsvg_handle_get_intrinsic_size_in_pixels) \
	F(rsvg_handle_get_intrinsic_dimensions) \
	F(rsvg_handle_render_document)
#define DRAWLIB_CAIRO(F) \
	F(cairo_create) \
	F(cairo_destroy) \
	F(cairo_image_surface_create) \
	F(cairo_image_surface_get_data) \
	F(cairo_image_surface_get_height) \
	F(cairo_image_surface_get_stride) \
	F(cairo_image_surface_get_width) \
	F(cairo_paint) \
	F(cairo_set_source_rgb) \
	F(cairo_status) \
	F(cairo_status_to_string) \
	F(cairo_surface_destroy) \
	F(cairo_surface_flush) \
	F(cairo_surface_write_to_png_stream)
#define DRAWLIB_GD(F) \
	F(gdFree) \
	F(gdImageCreateFromPngPtr) \
	F(gdImageCreateTrueColor) \
	F(gdImageDestroy) \
	F(gdImagePngPtrEx) \
	F(gdImageSaveAlpha) \
	F(gdImageTrueColorToPalette)

#define DRAWLIB_MEMBER(name) __typeof__(name) *name;
struct drawlib {
	DRAWLIB_RSVG(DRAWLIB_MEMBER)
	DRAWLIB_CAIRO(DRAWLIB_MEMBER)
	DRAWLIB_GD(DRAWLIB_MEMBER)
};
#undef DRAWLIB_MEMBER

extern struct drawlib drawlib_fns;

/* Opens the three libraries once; -1 and a diag when one is missing. */
int drawlib_load(struct diag *);

#ifndef DRAWLIB_NO_REDIRECT
#define rsvg_handle_new_from_data (drawlib_fns.rsvg_handle_new_from_data)
#define rsvg_handle_get_intrinsic_size_in_pixels \
	(drawlib_fns.rsvg_handle_get_intrinsic_size_in_pixels)
#define rsvg_handle_get_intrinsic_dimensions (drawlib_fns.rsvg_handle_get_intrinsic_dimensions)
#define rsvg_handle_render_document (drawlib_fns.rsvg_handle_render_document)
#define cairo_create (drawlib_fns.cairo_create)
#define cairo_destroy (drawlib_fns.cairo_destroy)
#define cairo_image_surface_create (drawlib_fns.cairo_image_surface_create)
#define cairo_image_surface_get_data (drawlib_fns.cairo_image_surface_get_data)
#define cairo_image_surface_get_height (drawlib_fns.cairo_image_surface_get_height)
#define cairo_image_surface_get_stride (drawlib_fns.cairo_image_surface_get_stride)
#define cairo_image_surface_get_width (drawlib_fns.cairo_image_surface_get_width)
#define cairo_paint (drawlib_fns.cairo_paint)
#define cairo_set_source_rgb (drawlib_fns.cairo_set_source_rgb)
#define cairo_status (drawlib_fns.cairo_status)
#define cairo_status_to_string (drawlib_fns.cairo_status_to_string)
#define cairo_surface_destroy (drawlib_fns.cairo_surface_destroy)
#define cairo_surface_flush (drawlib_fns.cairo_surface_flush)
#define cairo_surface_write_to_png_stream (drawlib_fns.cairo_surface_write_to_png_stream)
#define gdFree (drawlib_fns.gdFree)
#define gdImageCreateFromPngPtr (drawlib_fns.gdImageCreateFromPngPtr)
#define gdImageCreateTrueColor (drawlib_fns.gdImageCreateTrueColor)
#define gdImageDestroy (drawlib_fns.gdImageDestroy)
#define gdImagePngPtrEx (drawlib_fns.gdImagePngPtrEx)
#define gdImageSaveAlpha (drawlib_fns.gdImageSaveAlpha)
#define gdImageTrueColorToPalette (drawlib_fns.gdImageTrueColorToPalette)
#endif

#endif
