#include <gd.h>
#include <stdint.h>

#include "pngpal.h"

int
png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *d)
{
	gdImagePtr im;
	void *png;
	int n = 0;

	if (len > (size_t)0x7fffffff || colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %zu bytes or %d colours is out of range", len,
		    colors);
	if ((im = gdImageCreateFromPngPtr((int)len, (void *)(uintptr_t)in)) == NULL)
		return diag_set(d, 0, "picture: libgd cannot read the PNG (%zu bytes)", len);
	/* The board's rounded corners and margins are transparent: keep them so. */
	gdImageSaveAlpha(im, 1);
	/* Dithering would speckle the flat colours and cost bytes. */
	if (!gdImageTrueColorToPalette(im, 0, colors)) {
		gdImageDestroy(im);
		return diag_set(d, 0, "picture: libgd cannot make a palette");
	}
	/* zlib's level 9 saves a tenth of the bytes for three times the time
	 * (contrib/bench/report-mail): not worth it on every report. */
	png = gdImagePngPtrEx(im, &n, 6);
	gdImageDestroy(im);
	if (png == NULL || n <= 0)
		return diag_set(d, 0, "picture: libgd cannot write the PNG");
	buf_add(out, png, (size_t)n);
	gdFree(png);
	return 0;
}
