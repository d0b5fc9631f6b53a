/* targi_help: what a reader needs to decide, added to the view: where each
 * legal PLACE would cross the reader's Targi already placed, every
 * player's score if the game ended now, and a warning before the round
 * that ends the game. Everything comes from the rule functions (legal
 * placements, crossings, the final count), so the help says what the
 * referee will do. */
#include <stdio.h>

#include "games/targi/targi.h"

/* A help line nests the central card's text (itself a message). */
#define HELP_MSG 4096

/* The central card at pos as the view's "central" list words it. */
static const char *
central_text(const struct tval *root, int pos)
{
	const struct tval *cen = tval_get(root, "central"), *t;

	if (cen == NULL || cen->type != TV_LIST || (size_t)pos >= cen->n)
		return "";
	t = tval_get(cen->items[pos], "text");
	return t != NULL && t->str != NULL ? t->str : "";
}

static void
place_help(const struct tg_state *st, int viewer, struct tval *root)
{
	struct tval *list = tval_set_list(root, "place_help");
	struct order_list ol;
	int placed = 0;

	for (int c = 1; c <= TG_NBORDER; c++)
		placed += st->targi_at[c] == viewer;
	/* Before the first Targi every line would say "no crossing". */
	if (placed == 0)
		return;
	order_list_init(&ol);
	tg_legal(st, viewer, &ol);
	for (size_t i = 0; i < ol.n; i++) {
		int n = ol.v[i].arg[0], crossings = 0;

		if (ol.v[i].kind != K_PLACE || n < 1 || n > TG_NBORDER)
			continue;
		char acc[HELP_MSG], one[HELP_MSG], both[HELP_MSG], pn[TG_MSG];

		char line[sizeof ol.v[i].text + 16];

		/* The reader's order words, as the legal lines above show. */
		msg_order(line, sizeof line, "targi", ol.v[i].text);
		tg_place_name(st, n, pn, sizeof pn);
		for (int c = 1; c <= TG_NBORDER; c++) {
			int pos;
			char name[3];

			if (st->targi_at[c] != viewer || (pos = tg_central_of(n, c)) < 0)
				continue;
			tg_pos_name(pos, name);
			msg_fmt(one, sizeof one, "with your Targi on %d, crossing %s: %s",
			    c, name, central_text(root, pos));
			if (crossings++ == 0)
				snprintf(acc, sizeof acc, "%s", one);
			else {
				msg_fmt(both, sizeof both, "%s; %s", acc, one);
				snprintf(acc, sizeof acc, "%s", both);
			}
		}
		if (crossings == 0)
			msg_fmt(one, sizeof one, "%s (%s): no crossing with your Targi placed so far",
			    line, pn);
		else
			msg_fmt(one, sizeof one, "%s (%s): %s", line, pn, acc);
		tval_set_str(tval_push_map(list), "text", one);
	}
	tval_set_bool(root, "has_place_help", list->n > 0);
	order_list_free(&ol);
}

void
tg_view_help(const struct tg_state *st, int viewer, struct tval *root)
{
	struct tval *pl = tval_get(root, "players"), *warn;
	int next = st->robber + 1;
	char m[TG_MSG];

	if (st->phase == PH_OVER)
		return;
	for (int s = 0; s < TG_SEATS && pl != NULL && (size_t)s < pl->n; s++) {
		struct tg_score sc;

		tg_score(st, s, &sc);
		if (st->x.water)
			msg_fmt(m, sizeof m, "%s would score %d now (%d VP tokens, %d on cards, %d from card bonuses, %d from rows, %d from water)",
			    st->pl[s].name, sc.total, sc.tokens, sc.cards, sc.bonus, sc.rows, sc.water);
		else
			msg_fmt(m, sizeof m, "%s would score %d now (%d VP tokens, %d on cards, %d from card bonuses, %d from rows)",
			    st->pl[s].name, sc.total, sc.tokens, sc.cards, sc.bonus, sc.rows);
		tval_set_str(pl->items[s], "estimate", m);
	}
	warn = tval_set_list(root, "end_warnings");
	if (st->phase == PH_RAID && st->border[st->robber].last) {
		msg_fmt(m, sizeof m, "This raid is the last: the game ends with it.");
		tval_set_str(tval_push_map(warn), "text", m);
	}
	else if (!st->end_after_round && next <= TG_NBORDER &&
	    st->border[next].kind == BK_RAID && st->border[next].last) {
		msg_fmt(m, sizeof m, "Next round opens with the last raid (card %d), which ends the game.",
		    next);
		tval_set_str(tval_push_map(warn), "text", m);
	}
	for (int s = 0; s < TG_SEATS && !st->end_after_round; s++)
		if (tg_displayed(&st->pl[s]) == TG_SLOTS - 1) {
			msg_fmt(m, sizeof m, "%s has 11 cards on display: a 12th ends the game after that round.",
			    st->pl[s].name);
			tval_set_str(tval_push_map(warn), "text", m);
		}
	if (st->phase == PH_PLACE && viewer >= 0 && viewer < TG_SEATS &&
	    st->turn == viewer && st->pl[viewer].placed < st->pl[viewer].quota)
		place_help(st, viewer, root);
}
