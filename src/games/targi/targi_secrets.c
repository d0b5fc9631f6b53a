/* targi_secrets: the tribe cards a viewer may not know, in every form the
 * reports name a tribe card ("tribe card 20", "20 Camel, 2 VP", "20 Cam
 * 2VP", "hand card 20"). The tribe deck is never reshuffled, so a card in
 * it, face down in the centre or drawn and kept has never been public.
 * A goods card is named only by what it gives ("2D"), which many cards
 * share: a face-down one is listed with its place ("B2: goods card: 2D", as
 * the central cards are listed), the goods deck's order and the sand dunes
 * are not: no string could tell one card of them from another. Another
 * seat's standing orders and the rest of its PLACE plan are secret too. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

static void
card(const struct tg_state *st, int c, struct secrets *out)
{
	const struct tg_tribe *t = &st->tribe[c];

	secret_add(out, "tribe card %d", t->id);
	secret_add(out, "hand card %d", t->id);
	secret_add(out, "%d %s, %d VP", t->id, tg_symbol_name(t->symbol), t->vp);
	secret_add(out, "%d %s %dVP", t->id, tg_symbol_abbr(t->symbol), t->vp);
}

/* A list of border cards noted for p: its PLACE plan or PREFER list. */
static void
cards(const struct tg_player *p, int kind, const int *v, int n,
    struct secrets *out)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = kind;
	o.nargs = n;
	for (int i = 0; i < n; i++)
		o.arg[i] = v[i];
	tg_format(&o);
	secret_add(out, "Noted for %s: %s", p->name, o.text);
}

/* Another seat's standing orders, as they were noted ("Noted for anna:
 * STANDING RAID VP"); the defaults (ASK, no preference) were never sent. */
static void
standing(const struct tg_state *st, int s, struct secrets *out)
{
	const struct tg_player *p = &st->pl[s];
	struct order o;

	if (p->raid_mode != RM_ASK) {
		memset(&o, 0, sizeof o);
		o.kind = K_STANDING;
		o.nargs = 2;
		o.arg[1] = p->raid_mode;
		tg_format(&o);
		secret_add(out, "Noted for %s: %s", p->name, o.text);
	}
	if (p->limit_mode != LM_ASK) {
		memset(&o, 0, sizeof o);
		o.kind = K_STANDING;
		o.nargs = 5;
		o.arg[0] = 1;
		o.arg[1] = p->limit_mode;
		for (int i = 0; i < 3; i++)
			o.arg[2 + i] = p->limit_order[i];
		tg_format(&o);
		secret_add(out, "Noted for %s: %s", p->name, o.text);
	}
	if (p->nplan > 0)
		cards(p, K_PLACE, p->plan, p->nplan, out);
	if (p->nprefer > 0)
		cards(p, K_PREFER, p->prefer, p->nprefer, out);
}

void
tg_secrets(const void *vst, int viewer, struct secrets *out)
{
	const struct tg_state *st = vst;

	/* Once the game is over nothing is secret any more. */
	if (st->phase == PH_OVER)
		return;
	/* With tribe_top the deck's top card lies face up: public. */
	for (int i = 0; i < st->ntdeck - (st->x.tribe_top ? 1 : 0); i++)
		card(st, st->tdeck[i], out);
	for (int i = 0; i < TG_NCENTRAL; i++) {
		const struct tg_goodscard *g;
		char pos[3], spec[48];

		if (!st->cen_down[i])
			continue;
		if (st->cen_type[i] == CEN_TRIBE) {
			card(st, st->cen_card[i], out);
			continue;
		}
		g = &st->goods[st->cen_card[i]];
		tg_pos_name(i, pos);
		if (g->choice)
			snprintf(spec, sizeof spec, "D/S/P");
		else
			tg_spec_text(g->res, spec, sizeof spec);
		secret_add(out, "%s: goods card: %s", pos, spec);
	}
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && viewer != st->turn &&
	    !st->x.tribe_top)
		card(st, st->sub_card, out);
	for (int s = 0; s < TG_SEATS; s++) {
		if (s == viewer)
			continue;
		if (!st->open_hands && st->pl[s].hand >= 0 && st->pl[s].hand_secret)
			card(st, st->pl[s].hand, out);
		standing(st, s, out);
	}
}
