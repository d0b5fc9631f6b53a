/* layer: a board drawn as a kept base and its marks over a copy is the
 * board drawn whole, pixel for pixel, whichever bases were kept before;
 * a base is used again only for the same bytes at the same size. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "draw/layer.h"
#include "draw/raster.h"
#include "drawn_whole.h"

/* A board in two layers: text, a stroked card and a dashed line in the
 * base, and marks that cross the base's edges and text, anti-aliased. */
static char *
board(const char *ground, const char *word, int cx)
{
	char *s = malloc(2048);

	assert_non_null(s);
	if (snprintf(s, 2048, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" "
	    "height=\"120\" viewBox=\"0 0 200 120\" font-family=\"DejaVu Sans\">"
	    "<style>.card { fill: #ecd9b0; stroke: #6b4f23; stroke-width: 2; }"
	    " .x .pawn { fill: #0072b2; }</style>"
	    "<g id=\"board-base\"><rect x=\"0\" y=\"0\" width=\"200\" height=\"120\" "
	    "fill=\"%s\"/><rect class=\"card\" x=\"10.5\" y=\"10.5\" width=\"90\" "
	    "height=\"60\" rx=\"8\"/><text x=\"16\" y=\"40\" font-size=\"17\">%s</text>"
	    "<path d=\"M 5 100 L 195 100\" stroke=\"#b9a27a\" stroke-dasharray=\"6 4\"/>"
	    "</g><g id=\"board-marks\"><g class=\"x\"><circle class=\"pawn\" cx=\"%d\" "
	    "cy=\"42\" r=\"16.3\" stroke=\"#1a1a1a\" stroke-width=\"2\"/></g>"
	    "<text x=\"60\" y=\"90\" font-size=\"22\" fill=\"#005a3c\">7 VP</text></g>"
	    "</svg>", ground, word, cx) >= 2048)
		fail_msg("the board is longer than its buffer");
	return s;
}

/* svg drawn width pixels wide, as a 32-bit PNG. */
static void
draw(const char *svg, int width, struct buf *png)
{
	struct diag d;

	buf_reset(png);
	diag_clear(&d);
	if (board_png(svg, strlen(svg), width, png, &d) != 0)
		fail_msg("%s", d.msg);
}

/* svg drawn in layers is svg drawn whole. */
static void
same_as_whole(const char *svg, int width, const char *what)
{
	struct buf a = BUF_INIT;

	draw(svg, width, &a);
	if (!drawn_whole(svg, width, &a))
		fail_msg("%s: drawn in layers, %d px wide, it is not the board drawn whole",
		    what, width);
	buf_free(&a);
}

static void
test_split(void **state)
{
	static const char *const none[] = {
		"<svg><g id=\"board-base\"></g></svg>",
		"<svg><g id=\"board-marks\"></g><g id=\"board-base\"></g></svg>",
		"<svg><g id=\"board-marks\"></g></svg>",
		"<svg><g id=\"board-base\" class=\"a\"></g><g id=\"board-marks\"></g></svg>",
		"",
	};
	const char *two = "<svg><g id=\"board-base\"></g><g id=\"board-marks\"></g></svg>";

	(void)state;
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
		assert_int_equal(layer_split(none[i], strlen(none[i])), 0);
	assert_int_equal(layer_split(two, strlen(two)), strstr(two, "<g id=\"board-marks\"")
	    - two);
	/* Cut before the marks' tag is whole: no split. */
	assert_int_equal(layer_split(two, (size_t)(strstr(two, "marks") - two)), 0);
}

/* The first picture draws the base, the next ones copy it: each is the
 * board drawn whole, with the marks elsewhere. */
static void
test_same_pixels(void **state)
{
	(void)state;
	layer_forget();
	for (int cx = 30; cx <= 150; cx += 40) {
		char *s = board("#fbf6ec", "Oase", cx);

		same_as_whole(s, 333, "marks moved");
		free(s);
	}
}

/* A base kept is not another's, though its bytes are as many: the ground's
 * colour or a word differs. */
static void
test_other_base(void **state)
{
	char *a = board("#fbf6ec", "Oase", 70), *b = board("#fbf6ed", "Oase", 70),
	    *c = board("#fbf6ec", "Oasi", 70);

	(void)state;
	layer_forget();
	assert_int_equal(strlen(a), strlen(b));
	same_as_whole(a, 300, "a");
	same_as_whole(b, 300, "another ground");
	same_as_whole(c, 300, "another word");
	same_as_whole(a, 300, "a again");
	free(a);
	free(b);
	free(c);
}

/* Nor is it the same base at another width. */
static void
test_other_width(void **state)
{
	char *a = board("#fbf6ec", "Oase", 70);

	(void)state;
	layer_forget();
	same_as_whole(a, 300, "300 px");
	same_as_whole(a, 301, "301 px");
	same_as_whole(a, 150, "150 px");
	same_as_whole(a, 300, "300 px again");
	assert_non_null(layer_find(a, layer_split(a, strlen(a)), 300, 180));
	free(a);
}

/* A base too large to keep is drawn each time, and still right. */
static void
test_large_base(void **state)
{
	char *a = board("#fbf6ec", "Oase", 70);

	(void)state;
	layer_forget();
	same_as_whole(a, 2000, "2000 px");
	assert_null(layer_find(a, layer_split(a, strlen(a)), 2000, 1200));
	same_as_whole(a, 2000, "2000 px again");
	free(a);
}

/* More bases than are kept, then the first again: it is drawn anew, not
 * taken from a slot another took over. */
static void
test_many_bases(void **state)
{
	static const char *const grounds[] = { "#ffffff", "#fffffe", "#fffffd", "#fffffc",
		"#fffffb", "#fffffa", "#ffffff", "#fffffb" };

	(void)state;
	layer_forget();
	for (size_t i = 0; i < sizeof grounds / sizeof grounds[0]; i++) {
		char *s = board(grounds[i], "Salz", 50 + (int)i * 10);

		same_as_whole(s, 240, grounds[i]);
		free(s);
	}
	layer_forget();
}

/* A picture is drawn where the one before it was: nothing of that one
 * shows, in a board without a ground of its own or in layers. */
static void
test_nothing_left(void **state)
{
	static const char bare[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" "
	    "height=\"60\"><circle cx=\"30\" cy=\"30\" r=\"20\" fill=\"#0072b2\"/></svg>";
	char *dark = board("#1a1a1a", "Nacht", 90), *light = board("#fbf6ec", "Tag", 40);
	struct buf first = BUF_INIT, again = BUF_INIT, tmp = BUF_INIT;

	(void)state;
	layer_forget();
	draw(bare, 100, &first);
	draw(dark, 400, &tmp);
	draw(bare, 100, &again);
	if (first.len != again.len || memcmp(first.p, again.p, first.len) != 0)
		fail_msg("a board without a ground shows the dark board drawn before it");
	draw(dark, 400, &tmp);
	same_as_whole(light, 240, "a light board after a dark one");
	buf_free(&first);
	buf_free(&again);
	buf_free(&tmp);
	free(dark);
	free(light);
	layer_forget();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_same_pixels),
		cmocka_unit_test(test_other_base),
		cmocka_unit_test(test_other_width),
		cmocka_unit_test(test_large_base),
		cmocka_unit_test(test_many_bases),
		cmocka_unit_test(test_nothing_left),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
