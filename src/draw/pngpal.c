#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>
#include <png.h>

#include "draw/pngpal.h"

/* Rows mapped to the palette at a time. libimagequant converts a picture
 * it maps to floating point whole, 16 bytes a pixel (12.5 MB for Targi's
 * board, 640x1218: four times the picture). Mapped a strip at a time it
 * holds one strip's worth (0.6 MB), maps each pixel alike, and the PNG is
 * written as the strips come, with no picture-sized buffer of palette
 * indices either. A strip costs libimagequant a search tree of the
 * palette: at 64 rows no time a measurement sees. */
#define STRIP 64

/* The picture as libimagequant reads it, from row y0 on. */
struct px {
	const unsigned char *p;
	size_t stride;
	int xrgb;	/* cairo's RGB24 (native words, top byte unused), else RGBA bytes */
	int y0;
};

static void
px_row(liq_color out[], int y, int w, void *arg)
{
	const struct px *s = arg;
	const unsigned char *row = s->p + (size_t)(s->y0 + y) * s->stride;

	if (!s->xrgb) {
		memcpy(out, row, (size_t)w * sizeof out[0]);
		return;
	}
	for (int x = 0; x < w; x++) {
		uint32_t v = ((const uint32_t *)(const void *)row)[x];

		out[x].r = (unsigned char)(v >> 16);
		out[x].g = (unsigned char)(v >> 8);
		out[x].b = (unsigned char)v;
		out[x].a = 255;
	}
}

/* What writing the PNG holds, in one place: libpng's errors longjmp back to
 * png_rows, and its caller frees what is left. */
struct job {
	jmp_buf jb;
	char msg[160];
	struct px src;
	int w, h;
	liq_attr *attr;
	liq_result *res;
	liq_image *strip;
	unsigned char *rows;	/* STRIP rows of palette indices */
	png_structp png;
	png_infop info;
	liq_palette pal;	/* as written in PLTE */
	png_color plte[256];
	png_byte trns[256];
	int ntrns;		/* entries of trns written: to the last not opaque */
};

static void
png_fail(png_structp png, png_const_charp msg)
{
	struct job *j = png_get_error_ptr(png);

	snprintf(j->msg, sizeof j->msg, "libpng: %s", msg);
	longjmp(j->jb, 1);
}

static void
png_warn(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

static void
png_data(png_structp png, png_bytep p, size_t n)
{
	buf_add(png_get_io_ptr(png), p, n);
}

static void
png_flush(png_structp png)
{
	(void)png;
}

/* The palette as libpng takes it. Taken before mapping: with no dithering
 * libimagequant keeps it as it is, which png_palette_out checks at the end. */
static void
png_plte(struct job *j)
{
	j->pal = *liq_get_palette(j->res);
	for (unsigned i = 0; i < j->pal.count; i++) {
		j->plte[i].red = j->pal.entries[i].r;
		j->plte[i].green = j->pal.entries[i].g;
		j->plte[i].blue = j->pal.entries[i].b;
		j->trns[i] = j->pal.entries[i].a;
		if (j->trns[i] != 255)
			j->ntrns = (int)i + 1;
	}
}

/* The PNG's header, then each strip mapped and written. -1 with j->msg. */
static int
png_rows(struct job *j, struct buf *out)
{
	png_plte(j);
	if (setjmp(j->jb))
		return -1;
	j->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, j, png_fail, png_warn);
	if (j->png == NULL || (j->info = png_create_info_struct(j->png)) == NULL) {
		snprintf(j->msg, sizeof j->msg, "libpng: out of memory");
		return -1;
	}
	png_set_write_fn(j->png, out, png_data, png_flush);
	/* The fewest bits a pixel the palette needs, as libgd wrote it. */
	png_set_IHDR(j->png, j->info, (png_uint_32)j->w, (png_uint_32)j->h,
	    j->pal.count <= 2 ? 1 : j->pal.count <= 4 ? 2 : j->pal.count <= 16 ? 4 : 8,
	    PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(j->png, j->info, j->plte, (int)j->pal.count);
	/* The board's rounded corners and margins are transparent: keep them so. */
	if (j->ntrns > 0)
		png_set_tRNS(j->png, j->info, j->trns, j->ntrns, NULL);
	/* zlib's levels 1 to 3 (its fast matcher) deflate a board in under
	 * half the instructions of level 6, for about a seventh more bytes;
	 * level 3 is the smallest of those three at the same cost (callgrind,
	 * 640 pixels wide: Targi 58M instructions and 43 KB at 6, 24M and
	 * 50 KB at 3). The mail stays well under 100 KB. A palette's indices
	 * gain nothing from PNG's filters. */
	png_set_compression_level(j->png, 3);
	png_set_filter(j->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_write_info(j->png, j->info);
	png_set_packing(j->png);
	for (int y = 0; y < j->h; y += STRIP) {
		int n = j->h - y < STRIP ? j->h - y : STRIP;
		unsigned char *rp[STRIP];

		for (int k = 0; k < n; k++)
			rp[k] = j->rows + (size_t)k * (size_t)j->w;
		j->src.y0 = y;
		j->strip = liq_image_create_custom(j->attr, px_row, &j->src, j->w, n, 0);
		if (j->strip == NULL ||
		    liq_write_remapped_image_rows(j->res, j->strip, rp) != LIQ_OK) {
			snprintf(j->msg, sizeof j->msg, "libimagequant cannot map rows %d to %d",
			    y, y + n - 1);
			return -1;
		}
		liq_image_destroy(j->strip);
		j->strip = NULL;
		for (int k = 0; k < n; k++)
			png_write_row(j->png, rp[k]);
	}
	png_write_end(j->png, j->info);
	return 0;
}

static int
same_palette(const liq_palette *a, const liq_palette *b)
{
	return a->count == b->count &&
	    memcmp(a->entries, b->entries, a->count * sizeof a->entries[0]) == 0;
}

/* The whole picture's palette, from libimagequant's histogram of its
 * colours (it reads the rows one at a time, none is copied). */
static liq_error
palette_of(struct job *j, int colors)
{
	liq_histogram *hist;
	liq_image *img;
	liq_error e;

	if ((j->attr = liq_attr_create()) == NULL)
		return LIQ_OUT_OF_MEMORY;
	/* Speed 10, libimagequant's fastest: a board is mostly flat colours,
	 * and its slower speeds cost several times the time for no difference
	 * a reader sees. */
	if ((e = liq_set_max_colors(j->attr, colors)) != LIQ_OK ||
	    (e = liq_set_speed(j->attr, 10)) != LIQ_OK)
		return e;
	if ((img = liq_image_create_custom(j->attr, px_row, &j->src, j->w, j->h, 0)) == NULL)
		return LIQ_OUT_OF_MEMORY;
	if ((hist = liq_histogram_create(j->attr)) == NULL) {
		liq_image_destroy(img);
		return LIQ_OUT_OF_MEMORY;
	}
	e = liq_histogram_add_image(hist, j->attr, img);
	liq_image_destroy(img);
	if (e == LIQ_OK)
		e = liq_histogram_quantize(hist, j->attr, &j->res);
	liq_histogram_destroy(hist);
	/* No dithering: it would speckle the flat colours and cost bytes. */
	if (e == LIQ_OK)
		e = liq_set_dithering_level(j->res, 0);
	return e;
}

/* s's picture, w x h, made a palette of at most colors colours and written
 * as PNG to out. */
static int
png_palette_out(struct px *s, int w, int h, int colors, struct buf *out, struct diag *d)
{
	struct job *j;
	size_t before = out->len;
	liq_error e;
	int rc = 0;

	/* The jmp_buf and the palette are most of a page: not on the stack. */
	if ((j = calloc(1, sizeof *j)) == NULL ||
	    (j->rows = malloc((size_t)STRIP * (size_t)w)) == NULL) {
		free(j);
		return diag_set(d, 0, "picture: out of memory");
	}
	j->src = *s;
	j->w = w;
	j->h = h;
	e = palette_of(j, colors);
	if (e != LIQ_OK)
		rc = diag_set(d, 0, "picture: libimagequant cannot make a palette (error %d)",
		    (int)e);
	else if (png_rows(j, out) < 0)
		rc = diag_set(d, 0, "picture: %s", j->msg);
	else if (!same_palette(liq_get_palette(j->res), &j->pal))
		/* A libimagequant that refines the palette while it maps would
		 * make the PLTE written before the rows wrong. */
		rc = diag_set(d, 0, "picture: libimagequant changed the palette while mapping");
	if (j->png != NULL)
		png_destroy_write_struct(&j->png, j->info != NULL ? &j->info : NULL);
	if (j->strip != NULL)
		liq_image_destroy(j->strip);
	if (j->res != NULL)
		liq_result_destroy(j->res);
	if (j->attr != NULL)
		liq_attr_destroy(j->attr);
	free(j->rows);
	free(j);
	if (rc < 0) {
		out->len = before;
		if (out->p != NULL)
			out->p[before] = '\0';
	}
	return rc;
}

int
png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *d)
{
	png_image pi;
	struct px s;
	unsigned char *px;
	int rc;

	if (colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %d colours is out of range", colors);
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, in, len))
		return diag_set(d, 0, "picture: libpng cannot read the PNG (%zu bytes): %s",
		    len, pi.message);
	if (pi.width < 1 || pi.width > PNGPAL_MAX || pi.height < 1 || pi.height > PNGPAL_MAX) {
		png_image_free(&pi);
		return diag_set(d, 0, "picture: %ux%u pixels is out of range", pi.width,
		    pi.height);
	}
	/* Straight RGBA, as libimagequant takes it. */
	pi.format = PNG_FORMAT_RGBA;
	if ((px = malloc(PNG_IMAGE_SIZE(pi))) == NULL) {
		png_image_free(&pi);
		return diag_set(d, 0, "picture: out of memory");
	}
	if (!png_image_finish_read(&pi, NULL, px, 0, NULL)) {
		rc = diag_set(d, 0, "picture: libpng cannot read the PNG (%zu bytes): %s", len,
		    pi.message);
		png_image_free(&pi);
		free(px);
		return rc;
	}
	s.p = px;
	s.stride = PNG_IMAGE_ROW_STRIDE(pi);
	s.xrgb = 0;
	s.y0 = 0;
	rc = png_palette_out(&s, (int)pi.width, (int)pi.height, colors, out, d);
	free(px);
	return rc;
}

int
png_palette_rgb24(const unsigned char *px, int w, int h, int stride, int colors,
    struct buf *out, struct diag *d)
{
	struct px s;

	if (w < 1 || w > PNGPAL_MAX || h < 1 || h > PNGPAL_MAX || stride < 4 * w ||
	    colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %dx%d pixels or %d colours is out of range",
		    w, h, colors);
	s.p = px;
	s.stride = (size_t)stride;
	s.xrgb = 1;
	s.y0 = 0;
	return png_palette_out(&s, w, h, colors, out, d);
}
