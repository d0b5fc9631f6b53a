/* test_board's Targui checks: all 49 boxes, and in each the camels of the
 * tribe holding it (letter, colour class, count), the settlements, and each
 * tribe's camels in all. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targui/targui.h"
#include "test_board.h"

void
board_check_targui(const void *vst, int viewer, struct pic *p)
{
	const struct tu_state *s = vst;

	(void)viewer;
	assert_int_equal(pic_prefixed(p, "box-"), TU_BOXES);
	for (int b = 1; b <= TU_BOXES; b++) {
		int o = s->dealt ? s->owner[b] : TU_NONE, settler = TU_NONE;
		/* The box's face (its terrain and number, the same in every
		 * picture) and what is on it, drawn over it at the same place. */
		xmlNodePtr box = pic_id(p, "on-box-%d", b), held = pic_id(p, "held-%d", b);
		char want[32], what[32];

		snprintf(what, sizeof what, "box %d", b);
		same_place(box, pic_id(p, "box-%d", b), what);
		assert_int_equal(held != NULL, o != TU_NONE);
		if (o != TU_NONE) {
			char *t = node_text(held);

			assert_true(held->parent == box);
			snprintf(want, sizeof want, "%c %d", tu_tribe_letter[s->tribe_of[o]],
			    s->camels[b]);
			text_is(t, want, what);
			free(t);
			snprintf(want, sizeof want, "tribe%d", s->tribe_of[o]);
			assert_true(has_class(held, want));
		}
		for (int i = 0; i < s->nseats; i++)
			if (s->dealt && s->terrain[b] == T_SETTLEMENT && s->settle_box[i] == b)
				settler = i;
		assert_int_equal(count_class(box, "settlement"), settler != TU_NONE);
		if (settler != TU_NONE) {
			xmlNodePtr n;

			snprintf(want, sizeof want, "tribe%d", s->tribe_of[settler]);
			for (n = box->children; n != NULL && !has_class(n, "settlement");
			    n = n->next)
				;
			assert_true(has_class(n, want));
		}
	}
	for (int i = 0; i < s->nseats; i++) {
		char want[16], *t;
		xmlNodePtr n = pic_id(p, "tribe-%d-camels", i);

		assert_non_null(n);
		snprintf(want, sizeof want, "%d", tu_camels_of(s, i));
		t = node_text(n);
		text_is(t, want, "a tribe's camels");
		free(t);
	}
}
