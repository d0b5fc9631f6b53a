/* targi_score: the final count: VP tokens, card VP, card bonuses, rows. */
#include "games/targi/targi.h"

void
tg_score(const struct tg_state *st, int seat, struct tg_score *sc)
{
	const struct tg_player *p = &st->pl[seat];
	int diverse_left = 0, diverse_vp = 2, c;

	sc->tokens = p->res[TG_VP];
	sc->cards = sc->bonus = sc->rows = 0;
	if ((c = tg_effect_card(st, seat, EF_END_DIVERSE_ROWS)) >= 0) {
		diverse_left = st->tribe[c].e_n;
		diverse_vp = st->tribe[c].e_vp;
	}
	for (int i = 0; i < TG_SLOTS; i++) {
		if (p->display[i] < 0)
			continue;
		sc->cards += st->tribe[p->display[i]].vp;
		sc->bonus += tg_effect_score(st, seat, i);
	}
	for (int r = 0; r < TG_ROWS; r++) {
		int seen[SYM_N] = { 0 }, kinds = 0, full = 1;

		for (int k = 0; k < TG_COLS; k++) {
			int card = p->display[r * TG_COLS + k];

			if (card < 0) {
				full = 0;
				break;
			}
			if (seen[st->tribe[card].symbol]++ == 0)
				kinds++;
		}
		if (!full)
			continue;
		if (kinds == 1)
			sc->rows += 4;
		else if (kinds == TG_COLS) {
			if (diverse_left > 0) {
				diverse_left--;
				sc->rows += diverse_vp;
			} else
				sc->rows += 2;
		}
	}
	/* The expansion: 1 VP for every 2 water. */
	sc->water = st->x.water ? p->res[TG_W] / 2 : 0;
	sc->total = sc->tokens + sc->cards + sc->bonus + sc->rows + sc->water;
}

/* For the bots: over, the winner 1 and a draw 1/2; before, the lead in
 * what would score now. */
double
tg_reward(const void *vst, int seat)
{
	const struct tg_state *st = vst;
	struct tg_score me, other;

	if (st->phase == PH_OVER)
		return st->winner == seat ? 1.0 : st->winner < 0 ? 0.5 : 0.0;
	tg_score(st, seat, &me);
	tg_score(st, 1 - seat, &other);
	return reward_lead((me.total - other.total) / 8.0);
}
