/* pngpal: a picture for a mail made small. librsvg and cairo write 32-bit
 * colour; a board is mostly flat colours, written as an 8-bit palette PNG
 * (by libpng) at about a quarter of the bytes. A picture of no more
 * colours than the palette holds keeps each exactly; one of more has its
 * palette made by libimagequant, with no difference a reader sees. */
#ifndef AZ_PNGPAL_H
#define AZ_PNGPAL_H

#include "core/buf.h"
#include "core/diag.h"
#include "core/drawproto.h"

/* The largest width or height taken. */
#define PNGPAL_MAX DRAWPROTO_SIDE_MAX

/* The PNG in (len bytes) with at most colors colours (2..256), alpha kept,
 * appended to out. -1 with a diag when in is no PNG libpng can read. */
int png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *);
/* The same from w x h pixels in cairo's RGB24 layout (native 32-bit words
 * xRGB, stride bytes from one row to the next), as if they had been
 * written to a PNG and read back. The pixels are read while the PNG is
 * made, not copied. */
int png_palette_rgb24(const unsigned char *px, int w, int h, int stride, int colors,
    struct buf *out, struct diag *);

#endif
