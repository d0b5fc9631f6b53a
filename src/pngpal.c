#include <gd.h>
#include <stdint.h>

#include "drawlib.h"
#include "pngpal.h"

/* im made a palette of at most colors colours and written as PNG to out;
 * im is destroyed. */
static int
palette_out(gdImagePtr im, int colors, struct buf *out, struct diag *d)
{
	void *png;
	int n = 0;

	/* The board's rounded corners and margins are transparent: keep them so. */
	gdImageSaveAlpha(im, 1);
	/* Dithering would speckle the flat colours and cost bytes. */
	if (!gdImageTrueColorToPalette(im, 0, colors)) {
		gdImageDestroy(im);
		return diag_set(d, 0, "picture: libgd cannot make a palette");
	}
	/* zlib's levels 1 to 3 (its fast matcher) deflate a board in under half
	 * the instructions of level 6, for about a seventh more bytes; level 3
	 * is the smallest of those three at the same cost (callgrind, 640 pixels
	 * wide: Targi 58M instructions and 43 KB at 6, 24M and 50 KB at 3). The
	 * mail stays well under 100 KB. libpng already filters a palette image
	 * with NONE alone and libgd sets no other filter, so nothing to gain
	 * there. */
	png = gdImagePngPtrEx(im, &n, 3);
	gdImageDestroy(im);
	if (png == NULL || n <= 0)
		return diag_set(d, 0, "picture: libgd cannot write the PNG");
	buf_add(out, png, (size_t)n);
	gdFree(png);
	return 0;
}

int
png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *d)
{
	gdImagePtr im;

	if (drawlib_load(d) < 0)
		return -1;
	if (len > (size_t)0x7fffffff || colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %zu bytes or %d colours is out of range", len,
		    colors);
	if ((im = gdImageCreateFromPngPtr((int)len, (void *)(uintptr_t)in)) == NULL)
		return diag_set(d, 0, "picture: libgd cannot read the PNG (%zu bytes)", len);
	return palette_out(im, colors, out, d);
}

int
png_palette_rgb24(const unsigned char *px, int w, int h, int stride, int colors,
    struct buf *out, struct diag *d)
{
	gdImagePtr im;

	if (drawlib_load(d) < 0)
		return -1;
	if (w < 1 || h < 1 || stride < 4 * w || colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %dx%d pixels or %d colours is out of range",
		    w, h, colors);
	if ((im = gdImageCreateTrueColor(w, h)) == NULL)
		return diag_set(d, 0, "picture: libgd cannot make a %dx%d image", w, h);
	/* As libgd reads an opaque PNG: alpha 0 (opaque), red, green, blue, the
	 * layout of cairo's RGB24 once its unused top byte is cleared. */
	for (int y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);

		for (int x = 0; x < w; x++)
			im->tpixels[y][x] = (int)(row[x] & 0xffffffu);
	}
	return palette_out(im, colors, out, d);
}
