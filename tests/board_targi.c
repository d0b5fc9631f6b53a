/* test_board's Targi checks: the border's 16 cards and who stands on them,
 * the centre card by card (a face-down card shows no number, read from the
 * state, not the view), the players' supplies, hand cards and displays. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targi/targi.h"
#include "test_board.h"

/* Fails unless text is the number want. */
static void
num_is(char *text, int want, const char *what)
{
	char n[16];

	snprintf(n, sizeof n, "%d", want);
	text_is(text, n, what);
	free(text);
}

static void
central(const struct tg_state *st, int viewer, struct pic *p)
{
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char pos[3], what[64];
		xmlNodePtr c, m;

		tg_pos_name(i, pos);
		snprintf(what, sizeof what, "viewer %d, central %s", viewer, pos);
		c = pic_id(p, "cen-%s", pos);
		assert_non_null(c);
		assert_int_equal(has_class(c, "empty"), st->cen_type[i] == CEN_EMPTY);
		assert_int_equal(has_class(c, "down"), st->cen_type[i] != CEN_EMPTY &&
		    st->cen_down[i]);
		if (st->cen_type[i] == CEN_EMPTY)
			;
		else if (st->cen_down[i]) {
			char *all = node_text(c);

			/* Only its place and a "?": no number, no goods. */
			if (strspn(all, "ABC123? \n") != strlen(all))
				fail_msg("%s: face down, it shows \"%s\"", what, all);
			free(all);
		} else if (st->cen_type[i] == CEN_GOODS) {
			const struct tg_goodscard *g = &st->goods[st->cen_card[i]];
			char spec[48], *t;

			if (g->choice)
				snprintf(spec, sizeof spec, "D/S/P");
			else
				tg_spec_text(g->res, spec, sizeof spec);
			t = class_text(c, "goodstext", what);
			text_is(t, spec, what);
			free(t);
		} else {
			num_is(class_text(c, "id", what), st->tribe[st->cen_card[i]].id, what);
		}
		m = pic_id(p, "marker-%s", pos);
		assert_int_equal(m != NULL, st->marker_at[i] >= 0);
		if (m != NULL) {
			char seat[16];

			snprintf(seat, sizeof seat, "seat%d", st->marker_at[i]);
			assert_true(has_class(m, seat));
		}
		assert_int_equal(pic_id(p, "marker2-%s", pos) != NULL, st->marker_also[i] >= 0);
	}
}

static void
player(const struct tg_state *st, int viewer, int s, struct pic *p)
{
	const struct tg_player *pl = &st->pl[s];
	static const struct { const char *id; int res; } sup[] = {
		{ "D", TG_D }, { "S", TG_S }, { "P", TG_P }, { "G", TG_G }, { "VP", TG_VP },
	};
	char what[64];
	int hand_seen = pl->hand >= 0 && (s == viewer || st->open_hands ||
	    viewer == VIEW_ALL || !pl->hand_secret);
	xmlNodePtr hand;

	for (size_t k = 0; k < sizeof sup / sizeof sup[0]; k++) {
		xmlNodePtr n = pic_id(p, "sup-%d-%s", s, sup[k].id);
		char *t;

		assert_non_null(n);
		t = node_text(n);
		if (atoi(t) != pl->res[sup[k].res])
			fail_msg("seat %d's %s: the picture says \"%s\", the state %d", s,
			    sup[k].id, t, pl->res[sup[k].res]);
		free(t);
	}
	assert_int_equal(pic_id(p, "sup-%d-W", s) != NULL, st->x.water != 0);
	/* The hand card: its number only where the reader may see it. */
	snprintf(what, sizeof what, "viewer %d, seat %d's hand", viewer, s);
	hand = pic_id(p, "hand-%d", s);
	assert_non_null(hand);
	if (hand_seen) {
		num_is(class_text(hand, "id", what), st->tribe[pl->hand].id, what);
	} else {
		char *t = node_text(hand);

		if (strspn(t, "? \n") != strlen(t))
			fail_msg("%s: hidden, it shows \"%s\"", what, t);
		free(t);
		assert_int_equal(count_class(hand, "back"), pl->hand >= 0);
	}
	for (int i = 0; i < TG_SLOTS; i++) {
		int c = pl->display[i];
		xmlNodePtr n = pic_id(p, "disp-%d-%d-%d", s, i / TG_COLS, i % TG_COLS);

		snprintf(what, sizeof what, "seat %d's display %d", s, i);
		assert_int_equal(n != NULL, c >= 0);
		if (c < 0)
			continue;
		num_is(class_text(n, "did", what), st->tribe[c].id, what);
		assert_int_equal(count_class(n, "token"), pl->tokens[i] != 0);
	}
}

/* Drawn 360 px wide, the board, the dunes and both displays fit the
 * smallest common phone screen, 640 px high: a player sees the whole table
 * without scrolling (issue 31); the legend may follow below. */
static void
fits_a_phone(struct pic *p)
{
	static const char *const parts[] = { "border-", "cen-", "dune-", "player-" };
	xmlNodePtr root = xmlDocGetRootElement(p->doc);
	xmlChar *w = xmlGetProp(root, (const xmlChar *)"width");
	double width = w != NULL ? atof((const char *)w) : 0, low = 0;
	GHashTableIter it;
	gpointer k, v;

	xmlFree(w);
	assert_true(width > 0);
	g_hash_table_iter_init(&it, p->ids);
	while (g_hash_table_iter_next(&it, &k, &v))
		for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
			if (strncmp(k, parts[i], strlen(parts[i])) == 0)
				low = MAX(low, pic_bottom(v));
	if (low * 360 / width > 640)
		fail_msg("drawn 360 px wide, the board and displays end %.0f px down, "
		    "below a 640 px phone screen", low * 360 / width);
}

/* Border card n's marks: drawn over its face, apart from it (the face is
 * the same in every picture, the drawing's base layer), at the same place. */
static xmlNodePtr
marks_of(struct pic *p, int n)
{
	xmlNodePtr m = pic_id(p, "on-border-%d", n);
	char what[32];

	snprintf(what, sizeof what, "border card %d", n);
	same_place(m, pic_id(p, "border-%d", n), what);
	return m;
}

/* Whether the element with id sits right on border card n. */
static int
in_border(struct pic *p, const char *id, int n)
{
	xmlNodePtr e = pic_id(p, "%s", id);

	return e != NULL && e->parent == marks_of(p, n);
}

void
board_check_targi(const void *vst, int viewer, struct pic *p)
{
	const struct tg_state *st = vst;
	int over = st->phase == PH_OVER;

	assert_int_equal(pic_prefixed(p, "border-"), TG_NBORDER);
	for (int n = 1; n <= TG_NBORDER; n++) {
		xmlNodePtr b = pic_id(p, "border-%d", n), t = pic_id(p, "targi-%d", n);
		char what[32];

		snprintf(what, sizeof what, "border card %d", n);
		assert_non_null(b);
		num_is(class_text(b, "num", what), n, what);
		assert_int_equal(t != NULL, st->targi_at[n] >= 0);
		if (t != NULL) {
			char seat[16];

			snprintf(seat, sizeof seat, "seat%d", st->targi_at[n]);
			assert_true(t->parent == marks_of(p, n) && has_class(t, seat));
		}
	}
	if (!over)
		assert_true(in_border(p, "robber", st->robber));
	else
		assert_null(pic_id(p, "robber"));
	if (st->x.targia && st->targia > 0 && !over)
		assert_true(in_border(p, "targia", st->targia));
	else
		assert_null(pic_id(p, "targia"));
	central(st, viewer, p);
	fits_a_phone(p);
	for (int i = 0; i < TG_DUNES; i++) {
		int up = st->x.dunes && st->dune_up[i] >= 0;

		assert_int_equal(pic_id(p, "dune-%d", i + 1) != NULL, up);
		for (int s = 0; s < TG_SEATS; s++)
			assert_int_equal(pic_id(p, "dune-%d-targi-%d", i + 1, s) != NULL,
			    up && st->pl[s].dune_at[i]);
	}
	for (int s = 0; s < TG_SEATS; s++)
		player(st, viewer, s, p);
}
