/* drawn_whole: see drawn_whole.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "draw/layer.h"
#include "draw/raster.h"
#include "drawn_whole.h"

int
drawn_whole(const char *svg, int width, const struct buf *png)
{
	char *whole = strdup(svg), *m;
	struct buf w = BUF_INIT;
	struct diag d;
	int same;

	assert_non_null(whole);
	m = strstr(whole, "id=\"board-marks\"");
	assert_non_null(m);
	memcpy(m, "id=\"board-markz\"", 16);
	assert_true(layer_split(svg, strlen(svg)) > 0);
	assert_int_equal(layer_split(whole, strlen(whole)), 0);
	diag_clear(&d);
	if (board_png(whole, strlen(whole), width, &w, &d) != 0)
		fail_msg("board_png: %s", d.msg);
	same = w.len == png->len && memcmp(w.p, png->p, w.len) == 0;
	buf_free(&w);
	free(whole);
	return same;
}
