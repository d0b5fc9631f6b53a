/* raster: a board's SVG drawn by librsvg on a cairo surface, written as a
 * PNG. Only azalai-draw (and the tests of the drawing) link this. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "core/xmalloc.h"
#include "draw/layer.h"
#include "draw/pngpal.h"
#include "draw/raster.h"

static cairo_status_t
png_out(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* The SVG's size in its own units: width and height when it gives them in
 * absolute units, else its viewBox. */
static int
svg_size(RsvgHandle *h, double *w, double *ht)
{
	gboolean has_w, has_h, has_vb;
	RsvgLength lw, lh;
	RsvgRectangle vb;

	if (rsvg_handle_get_intrinsic_size_in_pixels(h, w, ht) && *w > 0 && *ht > 0)
		return 0;
	rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
	if (has_vb && vb.width > 0 && vb.height > 0) {
		*w = vb.width;
		*ht = vb.height;
		return 0;
	}
	return -1;
}

/* h's element id (all of it: NULL) drawn on surf, on white first if asked. */
static int
paint(RsvgHandle *h, cairo_surface_t *surf, const char *id, int white, struct diag *d)
{
	cairo_t *cr = cairo_create(surf);
	GError *err = NULL;
	RsvgRectangle vp;
	int rc = 0;

	if (white) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
	}
	vp.x = 0;
	vp.y = 0;
	vp.width = cairo_image_surface_get_width(surf);
	vp.height = cairo_image_surface_get_height(surf);
	if (!(id != NULL ? rsvg_handle_render_layer(h, cr, id, &vp, &err) :
	    rsvg_handle_render_document(h, cr, &vp, &err))) {
		rc = diag_set(d, 0, "board picture: librsvg cannot draw the SVG: %s",
		    err != NULL ? err->message : "unknown error");
		g_clear_error(&err);
	} else if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		rc = diag_set(d, 0, "board picture: cairo: %s",
		    cairo_status_to_string(cairo_status(cr)));
	}
	cairo_destroy(cr);
	return rc;
}

/* A board in two layers: its base as kept (drawn and kept the first time
 * its bytes come), then the marks over it. The base's text and cards were
 * most of a Targi picture's drawing. */
static int
paint_layers(RsvgHandle *h, const char *svg, size_t split, cairo_surface_t *surf,
    struct diag *d)
{
	int w = cairo_image_surface_get_width(surf), ht = cairo_image_surface_get_height(surf);
	cairo_surface_t *base = layer_find(svg, split, w, ht), *own = NULL;
	int rc;

	if (base == NULL) {
		base = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, ht);
		if (paint(h, base, LAYER_BASE, 1, d) < 0) {
			cairo_surface_destroy(base);
			return -1;
		}
		cairo_surface_flush(base);
		if (layer_keep(svg, split, base) < 0)
			own = base;
	}
	cairo_surface_flush(surf);
	memcpy(cairo_image_surface_get_data(surf), cairo_image_surface_get_data(base),
	    (size_t)cairo_image_surface_get_stride(base) * (size_t)ht);
	cairo_surface_mark_dirty(surf);
	rc = paint(h, surf, LAYER_MARKS, 0, d);
	if (own != NULL)
		cairo_surface_destroy(own);
	return rc;
}

/* The pixels a picture is drawn on, kept for the next one: a base's copy
 * or a white paint covers all of them first. A surface of its own was a
 * fresh mapping each time, which the kernel zeroed page by page only for
 * the copy or the paint to overwrite it: those page faults were half of
 * the drawing program's, and its kernel time a quarter of a delivery
 * run's CPU. One picture at a time: board_draw's callers destroy its
 * surface before they return. Larger than WORK_MAX: drawn on a surface
 * of its own, so that the program stays small. */
#define WORK_MAX (8u << 20)
static unsigned char *work;
static size_t work_len;

static cairo_surface_t *
work_surface(int w, int h)
{
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	size_t need = (size_t)stride * (size_t)h;

	if (need > WORK_MAX)
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (need > work_len) {
		free(work);
		work = xmalloc(need);
		work_len = need;
	}
	return cairo_image_surface_create_for_data(work, CAIRO_FORMAT_RGB24, w, h, stride);
}

/* The SVG drawn on white, width pixels wide; the caller destroys *out
 * before it draws the next one. */
static int
board_draw(const char *svg, size_t len, int width, cairo_surface_t **out, struct diag *d)
{
	GError *err = NULL;
	RsvgHandle *h;
	cairo_surface_t *surf;
	size_t split;
	double w, ht, height;
	int rc;

	*out = NULL;
	if (width < 1 || width > RASTER_MAX)
		return diag_set(d, 0, "board picture: width %d is outside 1 to %d pixels",
		    width, RASTER_MAX);
	/* No base file: the SVG can reach nothing outside itself. */
	h = rsvg_handle_new_from_data((const guint8 *)svg, len, &err);
	if (h == NULL) {
		rc = diag_set(d, 0, "board picture: librsvg cannot read the SVG: %s",
		    err != NULL ? err->message : "unknown error");
		g_clear_error(&err);
		return rc;
	}
	if (svg_size(h, &w, &ht) < 0) {
		g_object_unref(h);
		return diag_set(d, 0, "board picture: the SVG has neither a size nor a viewBox");
	}
	height = width * ht / w + 0.5;
	if (height < 1 || height > RASTER_MAX) {
		g_object_unref(h);
		return diag_set(d, 0, "board picture: %d pixels wide it would be %.0f high "
		    "(at most %d)", width, height, RASTER_MAX);
	}
	/* Opaque on white: a third smaller than with an alpha channel, and a
	 * picture without a background of its own stays readable in a mail
	 * client's dark mode. */
	surf = work_surface(width, (int)height);
	split = layer_split(svg, len);
	rc = split > 0 ? paint_layers(h, svg, split, surf, d) : paint(h, surf, NULL, 1, d);
	g_object_unref(h);
	if (rc < 0)
		cairo_surface_destroy(surf);
	else
		*out = surf;
	return rc;
}

int
board_png(const char *svg, size_t len, int width, struct buf *png, struct diag *d)
{
	cairo_surface_t *surf;
	size_t before = png->len;
	cairo_status_t cs;
	int rc = 0;

	if (board_draw(svg, len, width, &surf, d) < 0)
		return -1;
	cs = cairo_surface_write_to_png_stream(surf, png_out, png);
	if (cs != CAIRO_STATUS_SUCCESS) {
		png->len = before;
		if (png->p != NULL)
			png->p[before] = '\0';
		rc = diag_set(d, 0, "board picture: writing the PNG: %s",
		    cairo_status_to_string(cs));
	}
	cairo_surface_destroy(surf);
	return rc;
}

int
board_png_palette(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *d)
{
	cairo_surface_t *surf;
	int rc;

	if (board_draw(svg, len, width, &surf, d) < 0)
		return -1;
	/* Straight from cairo's pixels: writing a 32-bit PNG only to read it
	 * back cost most of the time of a report with a picture, and the
	 * pixels read back were these. */
	cairo_surface_flush(surf);
	rc = png_palette_rgb24(cairo_image_surface_get_data(surf),
	    cairo_image_surface_get_width(surf), cairo_image_surface_get_height(surf),
	    cairo_image_surface_get_stride(surf), colors, png, d);
	cairo_surface_destroy(surf);
	return rc;
}
