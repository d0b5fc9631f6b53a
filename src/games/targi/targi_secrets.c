/* targi_secrets: the tribe cards a viewer may not know, in every form the
 * reports name a tribe card ("tribe card 20", "20 Camel, 2 VP", "20 Cam
 * 2VP", "hand card 20"). The tribe deck is never reshuffled, so a card in
 * it, face down in the centre or drawn and kept has never been public.
 * Goods cards and sand dunes are left out: a report names them by what they
 * give ("2D"), which many cards share, so no string could tell one apart. */
#include "targi.h"

static void
card(const struct tg_state *st, int c, struct secrets *out)
{
	const struct tg_tribe *t = &st->tribe[c];

	secret_add(out, "tribe card %d", t->id);
	secret_add(out, "hand card %d", t->id);
	secret_add(out, "%d %s, %d VP", t->id, tg_symbol_name(t->symbol), t->vp);
	secret_add(out, "%d %s %dVP", t->id, tg_symbol_abbr(t->symbol), t->vp);
}

void
tg_secrets(const void *vst, int viewer, struct secrets *out)
{
	const struct tg_state *st = vst;

	/* Once the game is over nothing is secret any more. */
	if (st->phase == PH_OVER)
		return;
	for (int i = 0; i < st->ntdeck; i++)
		card(st, st->tdeck[i], out);
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (st->cen_down[i] && st->cen_type[i] == CEN_TRIBE)
			card(st, st->cen_card[i], out);
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && viewer != st->turn)
		card(st, st->sub_card, out);
	for (int s = 0; s < TG_SEATS; s++)
		if (s != viewer && !st->open_hands && st->pl[s].hand >= 0 &&
		    st->pl[s].hand_secret)
			card(st, st->pl[s].hand, out);
}
