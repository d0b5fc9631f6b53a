/* svgsize: the height a board picture will have, read from its SVG before
 * it is drawn, must be the one board_draw gives, or no answer at all. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/board.h"
#include "render/drawer.h"
#include "core/buf.h"
#include "render/svgsize.h"

#define END " xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"10\" height=\"10\"/></svg>"

static long
sure(const char *root)
{
	char svg[1024];
	long h = -7;

	snprintf(svg, sizeof svg, "%s%s", root, END);
	if (svg_png_height(svg, 640, BOARD_PNG_MAX, &h) != 0)
		fail_msg("not sure of %s", svg);
	return h;
}

static void
unsure(const char *root)
{
	char svg[1024];
	long h = -7;

	snprintf(svg, sizeof svg, "%s%s", root, END);
	if (svg_png_height(svg, 640, BOARD_PNG_MAX, &h) != -1)
		fail_msg("sure (%ld) of %s", h, svg);
}

/* PNG height from its IHDR. */
static long
png_height(const struct buf *b)
{
	const unsigned char *p = (const unsigned char *)b->p;

	assert_true(b->len > 24);
	return (long)p[20] << 24 | (long)p[21] << 16 | (long)p[22] << 8 | p[23];
}

static void
test_sure(void **state)
{
	(void)state;
	assert_int_equal(sure("<svg width=\"520\" height=\"330\" viewBox=\"0 0 1 1\""), 406);
	assert_int_equal(sure("<svg width='520px' height='990px'"), 1218);
	/* stroke-width, a width attribute, a colon elsewhere: no CSS size. */
	assert_int_equal(sure("<svg width=\"520\" height=\"330\"><style>.a{stroke-width: 2;"
	    "line-height :1}</style><rect width=\"3\"/><a xlink:href=\"#\"/></svg><svg"), 406);
	assert_int_equal(sure("<?xml version=\"1.0\"?>\n<!-- a board -->\n"
	    "<svg viewBox=\"-1,-2 520 1060\""), 1305);
	assert_int_equal(sure("<svg\n\twidth = \"510.0\"\theight=\"620\" viewBox=\"0 0 510 620\""),
	    778);
}

static void
test_unsure(void **state)
{
	(void)state;
	unsure("<svg width=\"52em\" height=\"33em\"");
	unsure("<svg width=\"100%\" height=\"330\" viewBox=\"0 0 520 330\"");
	unsure("<svg width=\"520mm\" height=\"330mm\"");
	unsure("<svg width=\"520\" viewBox=\"0 0 520 330\"");
	unsure("<svg height=\"330\" viewBox=\"0 0 520 330\"");
	unsure("<svg");
	unsure("<svg width=\"5.2e2\" height=\"330\"");
	unsure("<svg width=\"+520\" height=\"330\"");
	unsure("<svg width=\" 520\" height=\"330\"");
	unsure("<svg width=\"520.\" height=\"330\"");
	unsure("<svg width=\"0\" height=\"330\" viewBox=\"0 0 520 330\"");
	unsure("<svg width=\"&w;\" height=\"330\"");
	unsure("<svg width=\"520\" width=\"521\" height=\"330\"");
	unsure("<svg viewBox=\"0 0 520\"");
	unsure("<svg viewBox=\"0 0 520 330 1\"");
	unsure("<svg viewBox=\"0 0 -520 330\"");
	unsure("<svg viewBox=\"0 0 520 330\" style=\"width: 100px\"");
	unsure("<svg width=\"520\" height=\"330\"><style>svg { height: 99px }</style></svg><svg");
	unsure("<svg width=\"520\" height=\"330\"><style>svg{width\n\t :1px}</style></svg><svg");
	unsure("<svg width=\"520\" height=\"330\"><style>.a{fill:red;height:2px}</style><svg");
	unsure("<!DOCTYPE svg [<!ENTITY w \"9\">]><svg width=\"520\" height=\"330\"");
	unsure("<svg:svg width=\"520\" height=\"330\"");
	unsure("<svgx width=\"520\" height=\"330\"");
	unsure("<svg width=\"1\" height=\"9000\"");
	unsure("<svg width=\"9000\" height=\"1\"");
}

/* What it is sure of, azalai-draw draws at that height. */
static void
test_agrees(void **state)
{
	static const char *const roots[] = {
		"<svg width=\"520\" height=\"330\" viewBox=\"0 0 520 330\"",
		"<svg width=\"520px\" height=\"1060.5\"",
		"<svg viewBox=\"0 0 333 777\"",
		"<svg width=\"7\" height=\"3\" viewBox=\"0 0 520 330\"",
	};

	(void)state;
	for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++) {
		char svg[1024];
		struct buf png = BUF_INIT;
		struct diag d;
		long h;

		snprintf(svg, sizeof svg, "%s%s", roots[i], END);
		assert_int_equal(svg_png_height(svg, 640, BOARD_PNG_MAX, &h), 0);
		if (drawer_png(svg, strlen(svg), 640, 256, &png, &d) < 0)
			fail_msg("%s: %s", svg, d.msg);
		assert_int_equal(png_height(&png), h);
		buf_free(&png);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sure),
		cmocka_unit_test(test_unsure),
		cmocka_unit_test(test_agrees),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
