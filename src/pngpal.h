/* pngpal: a picture for a mail made small. librsvg and cairo write 32-bit
 * colour; a board is mostly flat colours, and libgd's quantizer turns it
 * into an 8-bit palette PNG at about a quarter of the bytes, with no
 * difference a reader sees. */
#ifndef AZ_PNGPAL_H
#define AZ_PNGPAL_H

#include "buf.h"
#include "diag.h"

/* The PNG in (len bytes) with at most colors colours (2..256), alpha kept,
 * appended to out. -1 with a diag when in is no PNG libgd can read. */
int png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *);

#endif
