/* pngpal: what a mail's picture is made of. A palette PNG of the size
 * drawn, with no more colours than asked, colours kept close, what was
 * transparent still transparent, every row where it was, and a picture
 * of few colours exactly as drawn; read back with libpng's own reader. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "draw/pngpal.h"
#include "draw/raster.h"

static uint32_t
be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

struct pnginfo {
	uint32_t w, h;
	int depth, type, plte, trns;	/* plte: entries; trns: bytes of tRNS */
};

/* The chunks that make png a palette PNG, checked as a reader sees them. */
static struct pnginfo
palette_png_ok(const struct buf *png, int colors)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	const unsigned char *b = (const unsigned char *)png->p;
	struct pnginfo in = { 0, 0, 0, 0, -1, 0 };
	size_t at = 8;
	int idat = 0, iend = 0;

	assert_true(png->len > 8 + 25);
	assert_memory_equal(b, sig, 8);
	while (at + 12 <= png->len && !iend) {
		uint32_t n = be32(b + at);
		const unsigned char *t = b + at + 4, *data = b + at + 8;

		assert_true(at + 12 + n <= png->len);
		if (memcmp(t, "IHDR", 4) == 0) {
			assert_int_equal(at, 8);
			in.w = be32(data);
			in.h = be32(data + 4);
			in.depth = data[8];
			in.type = data[9];
		} else if (memcmp(t, "PLTE", 4) == 0) {
			assert_int_equal(n % 3, 0);
			in.plte = (int)(n / 3);
		} else if (memcmp(t, "tRNS", 4) == 0) {
			in.trns = (int)n;
		} else if (memcmp(t, "IDAT", 4) == 0) {
			idat = 1;
		} else if (memcmp(t, "IEND", 4) == 0) {
			iend = 1;
		}
		at += 12 + n;
	}
	assert_true(iend && idat);
	assert_int_equal(at, png->len);
	/* Colour type 3: indexed, 8 bits a pixel at most. */
	assert_int_equal(in.type, 3);
	assert_true(in.depth == 1 || in.depth == 2 || in.depth == 4 || in.depth == 8);
	assert_true(in.plte >= 1 && in.plte <= colors && in.plte <= 1 << in.depth);
	assert_true(in.trns <= in.plte);
	return in;
}

/* The PNG read back as RGBA, w x h; the caller frees it. */
static unsigned char *
rgba_of(const struct buf *png, uint32_t w, uint32_t h)
{
	png_image pi;
	unsigned char *px;

	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_memory(&pi, png->p, png->len));
	assert_int_equal(pi.width, w);
	assert_int_equal(pi.height, h);
	pi.format = PNG_FORMAT_RGBA;
	px = malloc(PNG_IMAGE_SIZE(pi));
	assert_non_null(px);
	if (!png_image_finish_read(&pi, NULL, px, 0, NULL))
		fail_msg("libpng: %s", pi.message);
	return px;
}

static int
near(int a, int b, int by)
{
	return a - b <= by && b - a <= by;
}

/* A board-like picture in cairo's RGB24, taller than a strip of rows: a
 * cream ground, two flat boxes across the first strips' border, and a ramp
 * of reds below, more colours than the smaller palettes hold. */
#define W 300
#define H 150

static uint32_t
board_px(int x, int y)
{
	if (x >= 20 && x < 120 && y >= 20 && y < 100)
		return 0x1f6f4fu;	/* green box */
	if (x >= 180 && x < 280 && y >= 40 && y < 130)
		return 0x7f603a1cu;	/* brown box, with junk in the unused byte */
	if (y >= 135 && y < 145)
		return (uint32_t)(x * 255 / (W - 1)) << 16 | 0x2020u;	/* ramp */
	return 0xf5ead0u;
}

static void
test_palette(void **state)
{
	static uint32_t px[H][W];
	static const int colors[] = { 256, 64, 16, 4, 2 };
	struct diag d;

	(void)state;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			px[y][x] = board_px(x, y);
	for (size_t i = 0; i < sizeof colors / sizeof colors[0]; i++) {
		struct buf png = BUF_INIT;
		struct pnginfo in;
		unsigned char *back;

		diag_clear(&d);
		if (png_palette_rgb24((const unsigned char *)px, W, H, W * 4, colors[i], &png,
		    &d) != 0)
			fail_msg("%d colours: %s", colors[i], d.msg);
		in = palette_png_ok(&png, colors[i]);
		assert_int_equal(in.w, W);
		assert_int_equal(in.h, H);
		/* Opaque in, no tRNS out. */
		assert_int_equal(in.trns, 0);
		back = rgba_of(&png, W, H);
		/* The flat colours, most of the picture, survive even in a
		 * small palette, each where it was; with room they are exact
		 * or nearly (libimagequant's fastest speed counts colours to
		 * 7 bits a channel). */
		for (int y = 0; colors[i] >= 16 && y < H; y++)
			for (int x = 0; x < W; x++) {
				const unsigned char *p = back + ((size_t)y * W + (size_t)x) * 4;
				uint32_t v = board_px(x, y);
				int by = colors[i] >= 64 ? 1 : 8;

				if (y >= 135 && y < 145)
					continue;	/* the ramp */
				if (!near(p[0], (int)(v >> 16 & 0xff), by) ||
				    !near(p[1], (int)(v >> 8 & 0xff), by) ||
				    !near(p[2], (int)(v & 0xff), by) || p[3] != 255)
					fail_msg("%d colours, (%d,%d): %02x%02x%02x%02x, not %06x",
					    colors[i], x, y, p[0], p[1], p[2], p[3],
					    (unsigned)(v & 0xffffff));
			}
		free(back);
		buf_free(&png);
	}
}

/* One colour: a palette of one entry, one bit a pixel. */
static void
test_one_colour(void **state)
{
	static uint32_t px[H][7];
	struct buf png = BUF_INIT;
	struct pnginfo in;
	unsigned char *back;
	struct diag d;

	(void)state;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < 7; x++)
			px[y][x] = 0x336699u;
	diag_clear(&d);
	if (png_palette_rgb24((const unsigned char *)px, 7, H, 7 * 4, 256, &png, &d) != 0)
		fail_msg("%s", d.msg);
	in = palette_png_ok(&png, 256);
	assert_int_equal(in.plte, 1);
	assert_int_equal(in.depth, 1);
	back = rgba_of(&png, 7, H);
	for (int i = 0; i < 7 * H; i++)
		assert_true(near(back[4 * i], 0x33, 1) && near(back[4 * i + 1], 0x66, 1) &&
		    near(back[4 * i + 2], 0x99, 1) && back[4 * i + 3] == 255);
	free(back);
	buf_free(&png);
}

/* Straight RGBA as libpng writes it: transparent margins round an opaque
 * box, and a half-transparent band. */
static void
clear_px(int x, int y, unsigned char *p)
{
	static const unsigned char margin[4] = { 0, 0, 0, 0 }, band[4] = { 255, 0, 0, 128 },
	    box[4] = { 0x20, 0x50, 0xa0, 255 };

	if (x < 10 || x >= W - 10 || y < 10 || y >= H - 10)
		memcpy(p, margin, 4);
	else if (y >= 60 && y < 70)
		memcpy(p, band, 4);
	else
		memcpy(p, box, 4);
}

static void
clear_ok(const struct buf *png)
{
	struct pnginfo in = palette_png_ok(png, 256);
	unsigned char *back;

	assert_int_equal(in.w, W);
	assert_true(in.trns > 0);
	back = rgba_of(png, W, H);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			const unsigned char *p = back + ((size_t)y * W + (size_t)x) * 4;
			unsigned char v[4];

			clear_px(x, y, v);
			if (v[3] == 0) {
				if (p[3] != 0)
					fail_msg("(%d,%d): alpha %d, was transparent", x, y, p[3]);
			} else if (v[3] == 255) {
				assert_int_equal(p[3], 255);
				assert_true(near(p[0], v[0], 2) && near(p[1], v[1], 2) &&
				    near(p[2], v[2], 2));
			} else {
				assert_true(near(p[3], v[3], 2));
				assert_true(near(p[0], 255, 4) && p[1] < 8 && p[2] < 8);
			}
		}
	free(back);
}

static void
test_transparent(void **state)
{
	static unsigned char px[H][W][4];
	struct buf big = BUF_INIT, png = BUF_INIT, again = BUF_INIT;
	png_image pi;
	png_alloc_size_t n;
	struct diag d;

	(void)state;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			clear_px(x, y, px[y][x]);
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	pi.width = W;
	pi.height = H;
	pi.format = PNG_FORMAT_RGBA;
	n = PNG_IMAGE_PNG_SIZE_MAX(pi);
	buf_grow(&big, n);
	assert_true(png_image_write_to_memory(&pi, big.p, &n, 0, px, 0, NULL));
	big.len = n;
	diag_clear(&d);
	if (png_palette(big.p, big.len, 256, &png, &d) != 0)
		fail_msg("%s", d.msg);
	clear_ok(&png);
	/* Made small again, a palette PNG is read as it is seen. */
	if (png_palette(png.p, png.len, 256, &again, &d) != 0)
		fail_msg("%s", d.msg);
	clear_ok(&again);
	buf_free(&again);
	buf_free(&png);
	buf_free(&big);
}

/* More colours than the palette holds in every direction: still a palette
 * PNG, close to the picture. */
static void
test_many_colours(void **state)
{
	enum { S = 256 };
	static uint32_t px[S][S];
	struct buf png = BUF_INIT;
	unsigned char *back;
	struct diag d;
	double err = 0;

	(void)state;
	for (int y = 0; y < S; y++)
		for (int x = 0; x < S; x++)
			px[y][x] = (uint32_t)x << 16 | (uint32_t)y << 8 | (uint32_t)((x + y) / 2);
	diag_clear(&d);
	if (png_palette_rgb24((const unsigned char *)px, S, S, S * 4, 256, &png, &d) != 0)
		fail_msg("%s", d.msg);
	assert_int_equal(palette_png_ok(&png, 256).w, S);
	back = rgba_of(&png, S, S);
	for (int y = 0; y < S; y++)
		for (int x = 0; x < S; x++) {
			const unsigned char *p = back + ((size_t)y * S + (size_t)x) * 4;

			err += abs(p[0] - x) + abs(p[1] - y) + abs(p[2] - (x + y) / 2);
			assert_int_equal(p[3], 255);
		}
	/* 65536 colours in 256: about 40 apart each way, 10 off on average. */
	assert_true(err / (S * S * 3) < 12);
	free(back);
	buf_free(&png);
}

/* A known SVG drawn as a mail's picture: flat boxes on pixel edges, in
 * colours a palette of 7 bits a channel would move (odd values), and
 * fewer of them than the palette holds: every pixel comes back exactly
 * the colour the SVG gave it, where it gave it. */
static const uint32_t swatch[] = { 0x010203, 0xfefdfb, 0x1f6f4f, 0x7f3a1d, 0xc0ffee, 0x5b5b5b };
#define NSW (sizeof swatch / sizeof swatch[0])

static void
test_exact_colours(void **state)
{
	char svg[2048];
	struct buf png = BUF_INIT;
	struct pnginfo in;
	unsigned char *back;
	struct diag d;
	size_t at;

	(void)state;
	at = (size_t)snprintf(svg, sizeof svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%zu\" height=\"20\" shape-rendering=\"crispEdges\">", 10 * NSW);
	for (size_t i = 0; i < NSW; i++)
		at += (size_t)snprintf(svg + at, sizeof svg - at, "<rect x=\"%zu\" y=\"0\" "
		    "width=\"10\" height=\"20\" fill=\"#%06x\"/>", 10 * i, (unsigned)swatch[i]);
	snprintf(svg + at, sizeof svg - at, "</svg>");
	diag_clear(&d);
	if (board_png_palette(svg, strlen(svg), 10 * NSW, 256, &png, &d) != 0)
		fail_msg("%s", d.msg);
	in = palette_png_ok(&png, 256);
	assert_int_equal(in.plte, NSW);
	back = rgba_of(&png, 10 * NSW, 20);
	for (int y = 0; y < 20; y++)
		for (size_t x = 0; x < 10 * NSW; x++) {
			const unsigned char *p = back + ((size_t)y * 10 * NSW + x) * 4;
			uint32_t v = swatch[x / 10];

			if (p[0] != (v >> 16 & 0xff) || p[1] != (v >> 8 & 0xff) ||
			    p[2] != (v & 0xff) || p[3] != 255)
				fail_msg("(%zu,%d): %02x%02x%02x%02x, not %06x", x, y, p[0], p[1],
				    p[2], p[3], (unsigned)v);
		}
	free(back);
	buf_free(&png);
}

/* An exact palette lists the commonest colours first, counted over every
 * row: a narrow box down many equal rows outnumbers a line across one. */
static void
test_commonest_first(void **state)
{
	enum { CW = 60, CH = 40 };
	static uint32_t px[CH][CW];
	static const uint32_t white = 0xffffffu, box = 0x405060u, line = 0x102030u;
	const unsigned char *b;
	struct buf png = BUF_INIT;
	struct diag d;
	size_t at = 8;

	(void)state;
	for (int y = 0; y < CH; y++)
		for (int x = 0; x < CW; x++)
			px[y][x] = y == 35 ? line : x < 4 && y < 30 ? box : white;
	diag_clear(&d);
	if (png_palette_rgb24((const unsigned char *)px, CW, CH, CW * 4, 256, &png, &d) != 0)
		fail_msg("%s", d.msg);
	assert_int_equal(palette_png_ok(&png, 256).plte, 3);
	b = (const unsigned char *)png.p;
	while (memcmp(b + at + 4, "PLTE", 4) != 0)
		at += 12 + be32(b + at);
	/* white 2,220 pixels, the box 120, the line 60 */
	for (int i = 0; i < 3; i++) {
		const unsigned char *e = b + at + 8 + 3 * i;
		uint32_t want = i == 0 ? white : i == 1 ? box : line;

		if (((uint32_t)e[0] << 16 | (uint32_t)e[1] << 8 | e[2]) != want)
			fail_msg("palette entry %d: %02x%02x%02x, not %06x", i, e[0], e[1], e[2],
			    (unsigned)want);
	}
	buf_free(&png);
}

static void
test_refused(void **state)
{
	static uint32_t px[4][4];
	struct buf png = BUF_INIT;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(png_palette_rgb24((const unsigned char *)px, 4, 4, 16, 1, &png, &d), -1);
	assert_non_null(strstr(d.msg, "colours"));
	assert_int_equal(png_palette_rgb24((const unsigned char *)px, 4, 4, 16, 257, &png, &d), -1);
	assert_int_equal(png_palette_rgb24((const unsigned char *)px, 0, 4, 16, 16, &png, &d), -1);
	assert_int_equal(png_palette_rgb24((const unsigned char *)px, 4, 4, 12, 16, &png, &d), -1);
	assert_int_equal(png_palette_rgb24((const unsigned char *)px, PNGPAL_MAX + 1, 1,
	    4 * (PNGPAL_MAX + 1), 16, &png, &d), -1);
	diag_clear(&d);
	assert_int_equal(png_palette("not a PNG", 9, 256, &png, &d), -1);
	assert_non_null(strstr(d.msg, "libpng"));
	assert_int_equal(png.len, 0);
	buf_free(&png);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_one_colour),
		cmocka_unit_test(test_transparent),
		cmocka_unit_test(test_many_colours),
		cmocka_unit_test(test_exact_colours),
		cmocka_unit_test(test_commonest_first),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
