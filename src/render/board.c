/* board: a view through the game's board.svg template, and SVG to PNG.
 * A game master edits the template, so its output is parsed before anyone
 * gets it: a picture that is not XML would break every HTML mail and web
 * page it goes into, and librsvg would refuse it only later, per mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "draw/drawlib.h"
#include "draw/pngpal.h"
#include "mail/xmllib.h"
#include "render/board.h"
#include "render/mustache.h"

/* The root element's name, kept by the first start tag the parser meets. */
static void
root_name(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
    int nns, const xmlChar **ns, int nattr, int ndefaulted, const xmlChar **attrs)
{
	char *root = ((xmlParserCtxtPtr)ctx)->_private;

	(void)prefix; (void)uri; (void)nns; (void)ns; (void)nattr; (void)ndefaulted;
	(void)attrs;
	if (root[0] == '\0')
		snprintf(root, 64, "%s", (const char *)localname);
}

/* Whether svg is well-formed XML whose root is <svg>; diag otherwise. Every
 * report's picture passes here, so the parser checks without building the
 * tree nobody reads (building it was most of the check's cost): the
 * parser's own callbacks for elements, text and comments are switched off,
 * and the first element's name is kept. */
static int
svg_check(const char *game, const char *svg, struct diag *d)
{
	xmlParserCtxtPtr ctx;
	xmlDocPtr doc;
	char root[64] = "";
	int rc = 0;

	if (xmllib_load(d) < 0)
		return -1;
	if ((ctx = xmlNewParserCtxt()) == NULL)
		return diag_set(d, 0, "board picture of %s: out of memory", game);
	ctx->_private = root;
	ctx->sax->startElementNs = root_name;
	ctx->sax->endElementNs = NULL;
	ctx->sax->characters = NULL;
	ctx->sax->ignorableWhitespace = NULL;
	ctx->sax->cdataBlock = NULL;
	ctx->sax->comment = NULL;
	ctx->sax->processingInstruction = NULL;
	/* No network, no entities from outside, no chatter on stderr. */
	doc = xmlCtxtReadMemory(ctx, svg, (int)strlen(svg), "board.svg", "UTF-8",
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL) {
		xmlErrorPtr e = xmlCtxtGetLastError(ctx);
		char msg[200] = "not XML";

		if (e != NULL && e->message != NULL) {
			size_t n;

			snprintf(msg, sizeof msg, "%s", e->message);
			n = strlen(msg);
			while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
				msg[--n] = '\0';
		}
		rc = diag_set(d, e != NULL ? e->line : 0, "template board.svg of %s "
		    "makes malformed XML at line %d of its output: %s", game,
		    e != NULL ? e->line : 0, msg);
	} else if (strcmp(root, "svg") != 0) {
		rc = diag_set(d, 0, "template board.svg of %s makes <%s>, not <svg>",
		    game, root[0] != '\0' ? root : "nothing");
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return rc;
}

int
board_svg_render(struct render *r, const struct tval *view, char **svg, struct diag *d)
{
	*svg = NULL;
	return render_doc(r, "board.svg", view, MUSTACHE_ESCAPE_HTML, svg, d) < 0 ? -1 : 0;
}

int
board_svg_check(struct render *r, const char *svg, struct diag *d)
{
	return svg_check(r->game[0] ? r->game : "common", svg, d);
}

int
board_svg(struct render *r, const struct tval *view, char **svg, struct diag *d)
{
	if (board_svg_render(r, view, svg, d) < 0)
		return -1;
	if (board_svg_check(r, *svg, d) < 0) {
		free(*svg);
		*svg = NULL;
		return -1;
	}
	return 0;
}

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

/* The SVG drawn on white, width pixels wide; the caller destroys *out. */
static int
board_draw(const char *svg, size_t len, int width, cairo_surface_t **out, struct diag *d)
{
	GError *err = NULL;
	RsvgHandle *h;
	cairo_surface_t *surf;
	cairo_t *cr;
	RsvgRectangle vp;
	double w, ht, height;
	int rc = 0;

	*out = NULL;
	if (drawlib_load(d) < 0)
		return -1;
	if (width < 1 || width > BOARD_PNG_MAX)
		return diag_set(d, 0, "board picture: width %d is outside 1 to %d pixels",
		    width, BOARD_PNG_MAX);
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
	if (height < 1 || height > BOARD_PNG_MAX) {
		g_object_unref(h);
		return diag_set(d, 0, "board picture: %d pixels wide it would be %.0f high "
		    "(at most %d)", width, height, BOARD_PNG_MAX);
	}
	/* Opaque on white: a third smaller than with an alpha channel, and a
	 * picture without a background of its own stays readable in a mail
	 * client's dark mode. */
	surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, (int)height);
	cr = cairo_create(surf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	vp.x = 0;
	vp.y = 0;
	vp.width = width;
	vp.height = (int)height;
	if (!rsvg_handle_render_document(h, cr, &vp, &err)) {
		rc = diag_set(d, 0, "board picture: librsvg cannot draw the SVG: %s",
		    err != NULL ? err->message : "unknown error");
		g_clear_error(&err);
	} else if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		rc = diag_set(d, 0, "board picture: cairo: %s",
		    cairo_status_to_string(cairo_status(cr)));
	}
	cairo_destroy(cr);
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
