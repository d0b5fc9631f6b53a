/* test_board's Buqruru checks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/buqruru/buqruru.h"
#include "test_board.h"

/* Buqruru: every hole's count is the text of its count element, erased
 * holes show none, the sowing hole is marked exactly where the state lets
 * this reader see it (checked against the state, not the view), the stores
 * are right. */
/* The number n as text, in a buffer of the caller's. */
static const char *
num(char *buf, size_t size, int n)
{
	snprintf(buf, size, "%d", n);
	return buf;
}

void
board_check_buqruru(const void *vst, int viewer, struct pic *p)
{
	const struct bq_state *st = vst;

	assert_int_equal(pic_prefixed(p, "pit-"), BQ_HOLES);
	for (int h = 0; h < BQ_HOLES; h++) {
		char n[16], what[64];
		int s = bq_owner(h), shown;
		int may_see = st->sowing[s] == h && (st->phase != BQ_PH_HOLE ||
		    st->hole_choice == BQ_OPEN || viewer == s || viewer == VIEW_ALL ||
		    bq_live(st, s) == 1);
		xmlNodePtr pit = pic_id(p, "pit-%c", bq_letter(h));

		assert_non_null(pit);
		snprintf(what, sizeof what, "viewer %d, hole %c", viewer, bq_letter(h));
		assert_int_equal(has_class(pit, "erased"), st->erased[h] != 0);
		if (st->erased[h]) {
			assert_int_equal(count_class(pit, "count"), 0);
		} else {
			char *t = class_text(pit, "count", what);

			text_is(t, num(n, sizeof n, st->board[h]), what);
			free(t);
		}
		shown = has_class(pit, "sowing");
		if (shown != may_see)
			fail_msg("%s %s as the sowing hole", what,
			    shown ? "is marked" : "is not marked");
	}
	for (int s = 0; s < BQ_SEATS; s++) {
		char n[16], *t;
		xmlNodePtr store = pic_id(p, "store-%s", s == 0 ? "bottom" : "top");

		assert_non_null(store);
		t = node_text(store);
		text_is(t, num(n, sizeof n, st->store[s]), "a store");
		free(t);
	}
}
