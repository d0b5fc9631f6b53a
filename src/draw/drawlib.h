/* drawlib: librsvg, cairo, libimagequant and libpng, opened on the first
 * picture.
 *
 * Linked the usual way they cost every run of azalai their start-up (about
 * 15 ms on the machines we use, most of an idle "azalai run": relocating
 * some sixty libraries) though only a report with a board picture uses
 * them. Include this after <cairo.h>, <librsvg/rsvg.h>, <libimagequant.h>
 * and <png.h>: the calls below then go through the pointers drawlib_load
 * fills, and the code reads as before. */
#ifndef AZ_DRAWLIB_H
#define AZ_DRAWLIB_H

#include <cairo.h>
#include <libimagequant.h>
#include <librsvg/rsvg.h>
#include <png.h>

#include "core/diag.h"

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
#define DRAWLIB_LIQ(F) \
	F(liq_attr_create) \
	F(liq_attr_destroy) \
	F(liq_set_max_colors) \
	F(liq_set_speed) \
	F(liq_histogram_create) \
	F(liq_histogram_add_image) \
	F(liq_histogram_quantize) \
	F(liq_histogram_destroy) \
	F(liq_image_create_custom) \
	F(liq_image_destroy) \
	F(liq_set_dithering_level) \
	F(liq_write_remapped_image_rows) \
	F(liq_get_palette) \
	F(liq_result_destroy)
#define DRAWLIB_PNG(F) \
	F(png_image_begin_read_from_memory) \
	F(png_image_finish_read) \
	F(png_image_free) \
	F(png_create_write_struct) \
	F(png_create_info_struct) \
	F(png_destroy_write_struct) \
	F(png_set_write_fn) \
	F(png_get_io_ptr) \
	F(png_get_error_ptr) \
	F(png_set_IHDR) \
	F(png_set_PLTE) \
	F(png_set_tRNS) \
	F(png_set_compression_level) \
	F(png_set_filter) \
	F(png_set_packing) \
	F(png_write_info) \
	F(png_write_row) \
	F(png_write_end)

#define DRAWLIB_MEMBER(name) __typeof__(name) *name;
struct drawlib {
	DRAWLIB_RSVG(DRAWLIB_MEMBER)
	DRAWLIB_CAIRO(DRAWLIB_MEMBER)
	DRAWLIB_LIQ(DRAWLIB_MEMBER)
	DRAWLIB_PNG(DRAWLIB_MEMBER)
};
#undef DRAWLIB_MEMBER

extern struct drawlib drawlib_fns;

/* Opens the four libraries once; -1 and a diag when one is missing. */
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
#define liq_attr_create (drawlib_fns.liq_attr_create)
#define liq_attr_destroy (drawlib_fns.liq_attr_destroy)
#define liq_set_max_colors (drawlib_fns.liq_set_max_colors)
#define liq_set_speed (drawlib_fns.liq_set_speed)
#define liq_histogram_create (drawlib_fns.liq_histogram_create)
#define liq_histogram_add_image (drawlib_fns.liq_histogram_add_image)
#define liq_histogram_quantize (drawlib_fns.liq_histogram_quantize)
#define liq_histogram_destroy (drawlib_fns.liq_histogram_destroy)
#define liq_image_create_custom (drawlib_fns.liq_image_create_custom)
#define liq_image_destroy (drawlib_fns.liq_image_destroy)
#define liq_set_dithering_level (drawlib_fns.liq_set_dithering_level)
#define liq_write_remapped_image_rows (drawlib_fns.liq_write_remapped_image_rows)
#define liq_get_palette (drawlib_fns.liq_get_palette)
#define liq_result_destroy (drawlib_fns.liq_result_destroy)
#define png_image_begin_read_from_memory (drawlib_fns.png_image_begin_read_from_memory)
#define png_image_finish_read (drawlib_fns.png_image_finish_read)
#define png_image_free (drawlib_fns.png_image_free)
#define png_create_write_struct (drawlib_fns.png_create_write_struct)
#define png_create_info_struct (drawlib_fns.png_create_info_struct)
#define png_destroy_write_struct (drawlib_fns.png_destroy_write_struct)
#define png_set_write_fn (drawlib_fns.png_set_write_fn)
#define png_get_io_ptr (drawlib_fns.png_get_io_ptr)
#define png_get_error_ptr (drawlib_fns.png_get_error_ptr)
#define png_set_IHDR (drawlib_fns.png_set_IHDR)
#define png_set_PLTE (drawlib_fns.png_set_PLTE)
#define png_set_tRNS (drawlib_fns.png_set_tRNS)
#define png_set_compression_level (drawlib_fns.png_set_compression_level)
#define png_set_filter (drawlib_fns.png_set_filter)
#define png_set_packing (drawlib_fns.png_set_packing)
#define png_write_info (drawlib_fns.png_write_info)
#define png_write_row (drawlib_fns.png_write_row)
#define png_write_end (drawlib_fns.png_write_end)
#endif

#endif
