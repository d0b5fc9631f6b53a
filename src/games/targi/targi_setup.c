/* targi_setup: setup, the round flow (robber, raids, placement turns, the
 * order of actions, limits, end of round and of game) and token transfers. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/targi/targi.h"

void
tg_give(struct tg_state *st, int seat, int res, int n)
{
	st->pl[seat].res[res] += n;
	st->supply[res] -= n;
}

void
tg_take(struct tg_state *st, int seat, int res, int n)
{
	st->pl[seat].res[res] -= n;
	st->supply[res] += n;
}

int
tg_goods_total(const struct tg_player *p)
{
	return p->res[TG_D] + p->res[TG_S] + p->res[TG_P];
}

static void
goods_reshuffle(struct tg_state *st, struct evsink *ev)
{
	if (st->ngdeck > 0 || st->ngdisc == 0)
		return;
	memcpy(st->gdeck, st->gdisc, sizeof(int) * (size_t)st->ngdisc);
	st->ngdeck = st->ngdisc;
	st->ngdisc = 0;
	rng_shuffle_int(&st->rng, st->gdeck, st->ngdeck);
	ev_emit(ev, VIS_ALL, "The goods discards are shuffled into a new goods deck.");
}

/* The top goods card, or -1. 003: the discards are shuffled
 * "inmediatamente" when the deck runs out, so the card just drawn (and
 * anything discarded after it) waits for the next time. A deck that ran
 * out with no discards is refilled at the next draw from what was
 * discarded since. */
int
tg_draw_goods(struct tg_state *st, struct evsink *ev)
{
	int card;

	goods_reshuffle(st, ev);
	if (st->ngdeck == 0)
		return -1;
	card = st->gdeck[--st->ngdeck];
	goods_reshuffle(st, ev);
	return card;
}

int
tg_spec_empty(const int spec[TG_NRES])
{
	for (int k = 0; k < TG_NRES; k++)
		if (spec[k] != 0)
			return 0;
	return 1;
}

int
tg_draw_tribe(struct tg_state *st)
{
	if (st->ntdeck == 0)
		return -1;
	return st->tdeck[--st->ntdeck];
}

static const char *const start_choices[] = { "first", "second", "random", NULL };
static const char *const yesno[] = { "no", "yes", NULL };
static const char *const deck_choices[] = { "auto", "base", "mixed", "file", NULL };
static const char *const setup_choices[] = { "base", "expansion", NULL };
static const char *const lastraid_choices[] = { "vp", "card", NULL };
static const char *const corner_choices[] = { "stand", "skip", NULL };
static const char *const top_choices[] = { "revealed", "hidden", NULL };

const struct game_option tg_options[] = {
	{ "start", "first", start_choices,
	    "Who is the first start player: the first seat, the second, or drawn at random." },
	{ "open_hands", "no", yesno,
	    "Show each player's hand card to the other player too." },
	{ "expansion", "no", yesno,
	    "The whole expansion (Kosmos 2016): every module below; needs a deck file (--deck)." },
	{ "targia", "no", yesno,
	    "Expansion module: the Targia walks counter-clockwise and grants a favour." },
	{ "water", "no", yesno,
	    "Expansion module: water (start with 2, exchange at any time, 1 VP per 2)." },
	{ "dunes", "no", yesno,
	    "Expansion module: sand dunes (the cards come from the deck file)." },
	{ "costs", "no", yesno,
	    "Expansion module: alternative \"/\" and optional \"(...)\" costs of the deck file's cards." },
	{ "setup", "base", setup_choices,
	    "expansion: 5 tribe and 4 goods cards in the centre, 1 of each good to start." },
	{ "last_raid", "vp", lastraid_choices,
	    "card: the last raid takes 1 gold or the last card of a display row (expansion)." },
	{ "targia_corners", "stand", corner_choices,
	    "skip: the Targia steps over the raid corners." },
	{ "tribe_top", "revealed", top_choices,
	    "With the expansion setup: the tribe deck's top card lies face up beside the Tribal expansion (002), or stays hidden." },
	{ "deck", "auto", deck_choices,
	    "Tribe cards: base (printed), mixed (9 of each symbol from the printed and the file's), file (the file's list); auto is file with expansion=yes, else base." },
	{ NULL, NULL, NULL, NULL }
};

static int
yes(const struct optset *o, const char *name)
{
	const char *v = o != NULL ? opt_get(o, name) : NULL;

	return v != NULL && strcmp(v, "yes") == 0;
}

static int
is_opt(const struct optset *o, const char *name, const char *val)
{
	const char *v = o != NULL ? opt_get(o, name) : NULL;

	return v != NULL && strcmp(v, val) == 0;
}

/* expansion=yes switches every module on; each may also be chosen alone. */
static void
read_opts(struct tg_opts *x, const struct optset *o)
{
	int all = yes(o, "expansion");

	memset(x, 0, sizeof *x);
	x->targia = all || yes(o, "targia");
	x->water = all || yes(o, "water");
	x->dunes = all || yes(o, "dunes");
	x->costs = all || yes(o, "costs");
	x->layout = all || is_opt(o, "setup", "expansion");
	x->last_card = all || is_opt(o, "last_raid", "card");
	x->targia_skip = is_opt(o, "targia_corners", "skip");
	/* 002, setup: "The remaining Tribe cards are placed next to the #14
	 * Border card (Tribal Expansion), the top card is revealed." */
	x->tribe_top = x->layout && !is_opt(o, "tribe_top", "hidden");
	if (is_opt(o, "deck", "mixed"))
		x->deck = DECK_MIXED;
	else if (is_opt(o, "deck", "file") || (all && !is_opt(o, "deck", "base")))
		x->deck = DECK_FILE;
	else
		x->deck = DECK_BASE;
}

int
tg_setup(void *vst, int nseats, const char names[][SEAT_NAME],
    const struct optset *opts, uint64_t seed, struct evsink *ev,
    struct diag *d)
{
	struct tg_state *st = vst;
	const char *o;
	int i, s;

	if (nseats != TG_SEATS)
		return diag_set(d, 0, "Targi is a game for exactly two players.");
	if (tg_data_copy(st, d) < 0)
		return -1;
	rng_seed(&st->rng, seed);
	read_opts(&st->x, opts);
	if (tg_deck_build(st, opts, d) < 0)
		return -1;
	st->nseats = nseats;
	o = opts != NULL ? opt_get(opts, "open_hands") : NULL;
	st->open_hands = o != NULL && strcmp(o, "yes") == 0;
	o = opts != NULL ? opt_get(opts, "start") : NULL;
	if (o != NULL && strcmp(o, "second") == 0)
		st->start = 1;
	else if (o != NULL && strcmp(o, "random") == 0)
		st->start = (int)rng_below(&st->rng, 2);
	else
		st->start = 0;

	for (i = 0; i < st->ntribe; i++)
		st->tdeck[i] = i;
	st->ntdeck = st->ntribe;
	rng_shuffle_int(&st->rng, st->tdeck, st->ntdeck);
	for (i = 0; i < st->ngoods; i++)
		st->gdeck[i] = i;
	st->ngdeck = st->ngoods;
	rng_shuffle_int(&st->rng, st->gdeck, st->ngdeck);
	/* Goods in the corners and the middle, tribe cards between (the
	 * expansion: the other way round). */
	for (i = 0; i < TG_NCENTRAL; i++) {
		st->marker_also[i] = -1;
		if (i % 2 == st->x.layout) {
			st->cen_type[i] = CEN_GOODS;
			st->cen_card[i] = tg_draw_goods(st, ev);
		} else {
			st->cen_type[i] = CEN_TRIBE;
			st->cen_card[i] = tg_draw_tribe(st);
		}
		st->cen_down[i] = 0;
		st->marker_at[i] = -1;
	}
	for (i = 0; i <= TG_NBORDER; i++)
		st->targi_at[i] = -1;
	st->supply[TG_D] = st->supply[TG_S] = st->supply[TG_P] = TG_TOTAL_GOODS;
	st->supply[TG_G] = TG_TOTAL_GOLD;
	st->supply[TG_VP] = TG_TOTAL_VP;
	st->supply[TG_W] = TG_TOTAL_WATER;
	st->token_supply = TG_TOTAL_TOKENS;
	for (i = 0; i < st->ndune; i++)
		st->ddeck[i] = i;
	st->nddeck = st->ndune;
	rng_shuffle_int(&st->rng, st->ddeck, st->nddeck);
	for (i = 0; i < TG_DUNES; i++)
		st->dune_up[i] = -1;
	st->sub_dune = -1;
	for (s = 0; s < TG_SEATS; s++) {
		struct tg_player *p = &st->pl[s];

		snprintf(p->name, sizeof p->name, "%s", names[s]);
		p->hand = -1;
		for (i = 0; i < TG_SLOTS; i++)
			p->display[i] = -1;
		tg_give(st, s, TG_D, st->x.layout ? 1 : 2);
		tg_give(st, s, TG_S, st->x.layout ? 1 : 2);
		tg_give(st, s, TG_P, st->x.layout ? 1 : 2);
		tg_give(st, s, TG_G, 1);
		tg_give(st, s, TG_VP, 4);
		if (st->x.water)
			tg_give(st, s, TG_W, 2);
		p->limit_order[0] = TG_D;
		p->limit_order[1] = TG_S;
		p->limit_order[2] = TG_P;
	}
	st->winner = -1;
	st->phase = PH_ROUND;
	ev_emit(ev, VIS_ALL, "Targi begins: %s against %s; %s is the start player.",
	    st->pl[0].name, st->pl[1].name, st->pl[st->start].name);
	if (st->origin == ORIGIN_EXAMPLE)
		ev_emit(ev, VIS_ALL, "The cards beyond the printed ones come from the example deck %s: it is not the printed expansion.",
		    st->deck_name);
	else if (st->origin == ORIGIN_FILE)
		ev_emit(ev, VIS_ALL, "The cards beyond the printed ones come from the game master's file %s.",
		    st->deck_name);
	if (st->origin != ORIGIN_PRINTED && st->x.deck == DECK_BASE)
		ev_emit(ev, VIS_ALL, "The tribe cards are the printed ones (deck=base); any in the file are left out.");
	if (st->x.dunes)
		tg_dunes_round(st, 2, ev);
	tg_advance(st, ev);
	return 0;
}

/* ---- raids ---- */

static void
add_give(struct order_list *l, const int spec[TG_NRES])
{
	struct order *o = order_list_add(l);

	o->kind = K_GIVE;
	o->nargs = TG_NRES;
	memcpy(o->arg, spec, sizeof(int) * TG_NRES);
}

/* Every way seat can pay the current raid (empty: it cannot pay). */
void
tg_raid_options(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_border *b = &st->border[st->robber];
	const struct tg_player *p = &st->pl[seat];
	int spec[TG_NRES] = { 0 };

	if (b->last && st->x.last_card) {
		tg_lastraid_options(st, seat, l);
		return;
	}
	if (b->goods > 0 && tg_goods_total(p) >= b->goods) {
		for (int dd = 0; dd <= b->goods; dd++)
			for (int ss = 0; dd + ss <= b->goods; ss++) {
				int pp = b->goods - dd - ss;

				if (dd > p->res[TG_D] || ss > p->res[TG_S] ||
				    pp > p->res[TG_P])
					continue;
				/* A raid that names its good takes only that. */
				if (b->good >= 0 && (dd + ss + pp) !=
				    (b->good == TG_D ? dd : b->good == TG_S ? ss : pp))
					continue;
				memset(spec, 0, sizeof spec);
				spec[TG_D] = dd;
				spec[TG_S] = ss;
				spec[TG_P] = pp;
				add_give(l, spec);
			}
	}
	if (b->gold > 0 && p->res[TG_G] >= b->gold) {
		memset(spec, 0, sizeof spec);
		spec[TG_G] = b->gold;
		add_give(l, spec);
	}
	if (b->vp > 0 && p->res[TG_VP] >= b->vp) {
		memset(spec, 0, sizeof spec);
		spec[TG_VP] = 1;
		add_give(l, spec);
	}
}

/* What the raid under the robber asks, in words. */
void
tg_raid_text(const struct tg_state *st, char *out, size_t sz)
{
	const struct tg_border *b = &st->border[st->robber];

	if (b->last && st->x.last_card)
		msg_fmt(out, sz, "1 gold or the last card of a display row");
	else if (b->gold)
		msg_fmt(out, sz, "%d gold or %d VP", b->gold, b->vp);
	else if (b->good >= 0) {
		char g[TG_MSG];

		tg_res_count(g, sizeof g, b->good, b->goods);
		msg_fmt(out, sz, "%s or %d VP", g, b->vp);
	} else
		msg_nfmt(out, sz, (unsigned long)b->goods, "%d good or %d VP",
		    "%d goods or %d VP", b->goods, b->vp);
}

/* Spends n goods starting with the kind held most (ties: D, S, P). */
static void
most_plentiful(const struct tg_player *p, int n, int spec[TG_NRES])
{
	int have[3];

	memset(spec, 0, sizeof(int) * TG_NRES);
	memcpy(have, p->res, sizeof have);
	while (n-- > 0) {
		int k = 0;

		for (int i = 1; i < 3; i++)
			if (have[i] > have[k])
				k = i;
		have[k]--;
		spec[k]++;
	}
}

int
tg_raid_pay(struct tg_state *st, int seat, const int spec[TG_NRES],
    struct evsink *ev, struct diag *d)
{
	const struct tg_border *b = &st->border[st->robber];
	struct order_list l;
	char txt[TG_MSG], bn[TG_MSG];
	int ok = 0;

	/* Named for the narrative and a refusal only: a playout has neither. */
	if (ev != NULL || d != NULL)
		tg_place_name(st, st->robber, bn, sizeof bn);
	else
		bn[0] = '\0';
	order_list_init(&l);
	tg_raid_options(st, seat, &l);
	for (size_t i = 0; i < l.n; i++)
		if (memcmp(l.v[i].arg, spec, sizeof(int) * TG_NRES) == 0)
			ok = 1;
	/* GIVE NONE: asked because water could pay, the player keeps it. */
	if (l.n == 0 && tg_spec_empty(spec)) {
		order_list_free(&l);
		tg_give(st, 1 - seat, TG_VP, b->vp);
		ev_emit(ev, VIS_ALL, "%s: %s gives nothing, so %s receives %d VP.",
		    bn, st->pl[seat].name, st->pl[1 - seat].name, b->vp);
		st->pl[seat].raid_done = 1;
		return 0;
	}
	if (!ok) {
		struct buf bb = BUF_INIT;

		for (size_t i = 0; i < l.n; i++) {
			tg_format(&l.v[i]);
			buf_printf(&bb, "%s\"%s\"", i ? ", " : "", l.v[i].text);
		}
		char what[TG_MSG];

		tg_raid_text(st, what, sizeof what);
		if (bb.p != NULL)
			diag_set(d, 0, "%s asks for %s; you can answer %s.", bn,
			    what, bb.p);
		else
			diag_set(d, 0, "%s asks for %s; you can answer nothing.", bn,
			    what);
		buf_free(&bb);
		order_list_free(&l);
		return -1;
	}
	order_list_free(&l);
	txt[0] = '\0';
	if (spec[TG_VP]) {
		tg_take(st, seat, TG_VP, b->vp);
		if (ev != NULL)
			msg_fmt(txt, sizeof txt, "%d VP", b->vp);
	} else {
		for (int k = 0; k < TG_VP; k++)
			if (spec[k] > 0)
				tg_take(st, seat, k, spec[k]);
		if (ev != NULL)
			tg_spec_text(spec, txt, sizeof txt);
	}
	ev_emit(ev, VIS_ALL, "%s: %s gives up %s.", bn, st->pl[seat].name, txt);
	st->pl[seat].raid_done = 1;
	if (tg_has_effect(st, seat, EF_RAID_BONUS)) {
		int c = tg_effect_card(st, seat, EF_RAID_BONUS);

		tg_give(st, seat, TG_VP, st->tribe[c].e_vp);
		ev_emit(ev, VIS_ALL, "%s takes %d VP after the raid (tribe card %d).",
		    st->pl[seat].name, st->tribe[c].e_vp, st->tribe[c].id);
	}
	return 0;
}

/* Settles seat's raid when no choice is open (or a standing answer makes
 * it); 1 when settled, 0 when seat must decide. */
static int
raid_auto(struct tg_state *st, int seat, struct evsink *ev)
{
	const struct tg_border *b = &st->border[st->robber];
	struct tg_player *p = &st->pl[seat];
	struct order_list l;
	int spec[TG_NRES], vpopt = -1, other = -1, rc = 0;
	char bn[TG_MSG];

	/* The narrative's only: a playout keeps none. */
	if (ev != NULL)
		tg_place_name(st, st->robber, bn, sizeof bn);
	else
		bn[0] = '\0';
	if (tg_has_effect(st, seat, EF_RAID_IMMUNE)) {
		ev_emit(ev, VIS_ALL, "%s: %s pays nothing (tribe card %d).", bn,
		    p->name, st->tribe[tg_effect_card(st, seat, EF_RAID_IMMUNE)].id);
		p->raid_done = 1;
		return 1;
	}
	order_list_init(&l);
	tg_raid_options(st, seat, &l);
	if (b->last && st->x.last_card) {
		/* Gold or a card: nothing to give is nothing taken. */
		if (l.n == 0) {
			ev_emit(ev, VIS_ALL, "%s: %s has neither gold nor a display card to give.",
			    bn, p->name);
			p->raid_done = 1;
			rc = 1;
		} else if ((l.n == 1 && (p->raid_mode != RM_ASK ||
		    !tg_free_could_change(st, seat, &l))) || p->raid_mode == RM_GOODS) {
			rc = tg_lastraid_pay(st, seat, &l.v[0], ev, NULL) == 0;
		}
		order_list_free(&l);
		return rc;
	}
	/* Water or a token could change what is given up: the player is
	 * asked, unless a standing RAID answer says how raids are paid. */
	if (l.n <= 1 && p->raid_mode == RM_ASK && tg_free_could_change(st, seat, &l))
		goto out;
	if (l.n == 0) {
		tg_give(st, 1 - seat, TG_VP, b->vp);
		ev_emit(ev, VIS_ALL, "%s: %s cannot pay, so %s receives %d VP.",
		    bn, p->name, st->pl[1 - seat].name, b->vp);
		p->raid_done = 1;
		order_list_free(&l);
		return 1;
	}
	for (size_t i = 0; i < l.n; i++) {
		if (l.v[i].arg[TG_VP])
			vpopt = (int)i;
		else
			other = (int)i;
	}
	if (l.n == 1)
		memcpy(spec, l.v[0].arg, sizeof spec);
	else if (p->raid_mode == RM_VP && vpopt >= 0)
		memcpy(spec, l.v[vpopt].arg, sizeof spec);
	else if (p->raid_mode != RM_ASK && other >= 0) {
		if (b->gold || b->good >= 0)
			memcpy(spec, l.v[other].arg, sizeof spec);
		else
			most_plentiful(p, b->goods, spec);
	} else if (p->raid_mode != RM_ASK && vpopt >= 0)
		memcpy(spec, l.v[vpopt].arg, sizeof spec);
	else
		goto out;
	rc = tg_raid_pay(st, seat, spec, ev, NULL) == 0;
out:
	order_list_free(&l);
	return rc;
}

/* ---- end-of-round limit ---- */

void
tg_limit_options(const struct tg_state *st, int seat, struct order_list *l)
{
	const struct tg_player *p = &st->pl[seat];
	int ex = tg_goods_total(p) - TG_GOODS_LIMIT;

	if (ex <= 0)
		return;
	for (int dd = 0; dd <= ex; dd++)
		for (int ss = 0; dd + ss <= ex; ss++) {
			int pp = ex - dd - ss;
			struct order *o;

			if (dd > p->res[TG_D] || ss > p->res[TG_S] || pp > p->res[TG_P])
				continue;
			o = order_list_add(l);
			o->kind = K_DROP;
			o->nargs = TG_NRES;
			o->arg[TG_D] = dd;
			o->arg[TG_S] = ss;
			o->arg[TG_P] = pp;
		}
}

int
tg_limit_drop(struct tg_state *st, int seat, const int spec[TG_NRES],
    struct evsink *ev, struct diag *d)
{
	struct tg_player *p = &st->pl[seat];
	int ex = tg_goods_total(p) - TG_GOODS_LIMIT;
	char txt[64];

	if (spec[TG_G] || spec[TG_VP] || spec[TG_W] ||
	    spec[TG_D] + spec[TG_S] + spec[TG_P] != ex)
		return diag_set(d, 0, "You hold %d goods and must put back exactly %d of them (dates, salt or pepper).",
		    tg_goods_total(p), ex);
	for (int k = 0; k < 3; k++)
		if (spec[k] < 0 || spec[k] > p->res[k]) {
			char back[TG_MSG];

			tg_res_count(back, sizeof back, k, spec[k]);
			return diag_set(d, 0, "You cannot put back %s: you have %d.",
			    back, p->res[k]);
		}
	for (int k = 0; k < 3; k++)
		tg_take(st, seat, k, spec[k]);
	tg_spec_text(spec, txt, sizeof txt);
	ev_emit(ev, VIS_ALL, "%s puts back %s to keep 10 goods.", p->name, txt);
	return 0;
}

/* Gold over the limit goes back by itself (there is nothing to choose);
 * goods wait for a choice unless only one way or a standing answer fits.
 * 1 when the limit is settled. */
static int
limit_auto(struct tg_state *st, int seat, struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	struct order_list l;
	int spec[TG_NRES] = { 0 }, ex, rc = 1;

	if (p->res[TG_G] > TG_GOLD_LIMIT) {
		int n = p->res[TG_G] - TG_GOLD_LIMIT;

		tg_take(st, seat, TG_G, n);
		ev_emit(ev, VIS_ALL, "%s puts back %d gold to keep 3.", p->name, n);
	}
	tg_water_limit(st, seat, ev);
	ex = tg_goods_total(p) - TG_GOODS_LIMIT;
	if (ex <= 0)
		return 1;
	order_list_init(&l);
	tg_limit_options(st, seat, &l);
	if (l.n == 1) {
		memcpy(spec, l.v[0].arg, sizeof spec);
	} else if (p->limit_mode == LM_MOST) {
		most_plentiful(p, ex, spec);
	} else if (p->limit_mode == LM_ORDER) {
		int left = ex;

		for (int i = 0; i < 3; i++) {
			int k = p->limit_order[i];
			int n = p->res[k] < left ? p->res[k] : left;

			spec[k] = n;
			left -= n;
		}
	} else
		rc = 0;
	order_list_free(&l);
	if (rc)
		tg_limit_drop(st, seat, spec, ev, NULL);
	return rc;
}

/* ---- the round ---- */

static void
round_start(struct tg_state *st, struct evsink *ev)
{
	char pn[TG_MSG];

	st->round++;
	st->robber = st->round == 1 ? 1 : st->robber + 1;
	if (ev != NULL)
		tg_place_name(st, st->robber, pn, sizeof pn);
	ev_emit(ev, VIS_ALL, "Round %d: the robber moves to %d (%s); %s is the start player.",
	    st->round, st->robber, pn,
	    st->pl[st->start].name);
	if (st->x.targia)
		tg_targia_move(st, ev);
	for (int s = 0; s < TG_SEATS; s++) {
		struct tg_player *p = &st->pl[s];

		p->favour = 0;
		memset(p->got, 0, sizeof p->got);
		p->got_any = 0;
		memset(p->bonus_given, 0, sizeof p->bonus_given);
		p->ended = 0;
		p->fin = 0;
		p->placed = 0;
		p->quota = p->fewer_round == st->round ? 2 : 3;
		p->raid_done = 0;
		if (p->quota < 3)
			ev_emit(ev, VIS_ALL, "%s may place only %d Targi this round.",
			    p->name, p->quota);
	}
	st->turn = st->start;
	if (st->border[st->robber].kind == BK_RAID) {
		st->raids++;
		st->phase = PH_RAID;
	} else {
		st->phase = PH_PLACE;
		if (st->x.dunes)
			tg_dunes_round(st, 0, ev);
	}
}

void
tg_end_round(struct tg_state *st, struct evsink *ev)
{
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char pos[3];

		if (!st->cen_down[i])
			continue;
		st->cen_down[i] = 0;
		tg_pos_name(i, pos);
		if (st->cen_type[i] == CEN_TRIBE)
			ev_emit(ev, VIS_ALL, "%s turns up: tribe card %d (%s).", pos,
			    st->tribe[st->cen_card[i]].id,
			    tg_symbol_term(st->tribe[st->cen_card[i]].symbol));
		else {
			const struct tg_goodscard *g = &st->goods[st->cen_card[i]];
			char spec[48];

			/* Named as the centre's card list names it. */
			if (g->choice)
				snprintf(spec, sizeof spec, "D/S/P");
			else
				tg_spec_text(g->res, spec, sizeof spec);
			ev_emit(ev, VIS_ALL, "%s turns up: goods card %s.", pos, spec);
		}
	}
	if (st->end_after_round) {
		tg_finish_game(st, ev);
		return;
	}
	st->start = 1 - st->start;
	st->phase = PH_ROUND;
}

void
tg_finish_game(struct tg_state *st, struct evsink *ev)
{
	struct tg_score sc[TG_SEATS];
	int w = -1;

	for (int s = 0; s < TG_SEATS; s++) {
		tg_score(st, s, &sc[s]);
		st->score[s] = sc[s].total;
		if (st->x.water)
			ev_emit(ev, VIS_ALL, "%s scores %d: %d VP tokens, %d on cards, %d from card bonuses, %d from rows, %d from water.",
			    st->pl[s].name, sc[s].total, sc[s].tokens, sc[s].cards,
			    sc[s].bonus, sc[s].rows, sc[s].water);
		else
			ev_emit(ev, VIS_ALL, "%s scores %d: %d VP tokens, %d on cards, %d from card bonuses, %d from rows.",
			    st->pl[s].name, sc[s].total, sc[s].tokens, sc[s].cards,
			    sc[s].bonus, sc[s].rows);
	}
	if (sc[0].total != sc[1].total)
		w = sc[0].total > sc[1].total ? 0 : 1;
	else if (st->pl[0].res[TG_G] != st->pl[1].res[TG_G])
		w = st->pl[0].res[TG_G] > st->pl[1].res[TG_G] ? 0 : 1;
	else if (tg_goods_total(&st->pl[0]) != tg_goods_total(&st->pl[1]))
		w = tg_goods_total(&st->pl[0]) > tg_goods_total(&st->pl[1]) ? 0 : 1;
	st->winner = w;
	if (w < 0)
		msg_fmt(st->result, sizeof st->result,
		    "A draw: %.31s %d, %.31s %d, equal in gold and goods.",
		    st->pl[0].name, sc[0].total, st->pl[1].name, sc[1].total);
	else if (sc[0].total == sc[1].total &&
	    st->pl[0].res[TG_G] != st->pl[1].res[TG_G])
		msg_fmt(st->result, sizeof st->result,
		    "%.31s wins on the tie-break (more gold): %.31s %d, %.31s %d.",
		    st->pl[w].name,
		    st->pl[0].name, sc[0].total, st->pl[1].name, sc[1].total);
	else if (sc[0].total == sc[1].total)
		msg_fmt(st->result, sizeof st->result,
		    "%.31s wins on the tie-break (more goods): %.31s %d, %.31s %d.",
		    st->pl[w].name,
		    st->pl[0].name, sc[0].total, st->pl[1].name, sc[1].total);
	else
		msg_fmt(st->result, sizeof st->result, "%.31s wins: %.31s %d, %.31s %d.",
		    st->pl[w].name, st->pl[0].name, sc[0].total, st->pl[1].name,
		    sc[1].total);
	ev_emit(ev, VIS_ALL, "The game is over. %s", st->result);
	st->phase = PH_OVER;
}

static int
place_auto(struct tg_state *st, int seat, struct evsink *ev)
{
	struct tg_player *p = &st->pl[seat];
	int n, cnt = 0, only = 0;

	if (tg_plan_next(st, seat, ev))
		return 1;
	for (int i = 0; i < p->nprefer; i++)
		if (tg_place_legal(st, seat, p->prefer[i]))
			return tg_place(st, seat, p->prefer[i], ev, NULL) == 0;
	for (n = 1; n <= TG_NBORDER; n++)
		if (tg_place_legal(st, seat, n)) {
			cnt++;
			only = n;
		}
	for (n = 0; n < TG_DUNES; n++)
		if (tg_place_legal(st, seat, TG_DUNE(n))) {
			cnt++;
			only = TG_DUNE(n);
		}
	if (cnt == 1)
		return tg_place(st, seat, only, ev, NULL) == 0;
	if (cnt == 0) {
		/* Cannot happen on the printed board; never stall on it. */
		ev_emit(ev, VIS_ALL, "%s has no card left to place a Targi on.", p->name);
		p->quota = p->placed;
		return 1;
	}
	return 0;
}

/* Runs the game on until someone must decide or the game is over. */
void
tg_advance(struct tg_state *st, struct evsink *ev)
{
	for (;;) {
		struct tg_player *p;
		int s;

		switch (st->phase) {
		case PH_OVER:
			return;
		case PH_ROUND:
			round_start(st, ev);
			break;
		case PH_RAID:
			for (int i = 0; i < TG_SEATS; i++) {
				s = (st->start + i) % TG_SEATS;
				if (st->pl[s].raid_done)
					continue;
				st->turn = s;
				if (!raid_auto(st, s, ev))
					return;
			}
			if (st->border[st->robber].last) {
				tg_finish_game(st, ev);
				return;
			}
			st->robber++;
			{
				char pn[TG_MSG];

				ev_emit(ev, VIS_ALL, "The robber moves on to %d (%s).",
				    st->robber, tg_place_name(st, st->robber, pn, sizeof pn));
			}
			if (st->x.dunes)
				tg_dunes_round(st, 1, ev);
			st->phase = PH_PLACE;
			st->turn = st->start;
			break;
		case PH_PLACE:
			if (st->pl[0].placed >= st->pl[0].quota &&
			    st->pl[1].placed >= st->pl[1].quota) {
				tg_set_markers(st, ev);
				st->pl[0].nprefer = st->pl[1].nprefer = 0;
				st->pl[0].nplan = st->pl[1].nplan = 0;
				st->phase = PH_ACTIONS;
				st->turn = st->start;
				st->sub = SUB_NONE;
				break;
			}
			s = st->turn;
			if (st->pl[s].placed >= st->pl[s].quota) {
				st->turn = 1 - s;
				break;
			}
			if (!place_auto(st, s, ev))
				return;
			break;
		case PH_ACTIONS:
			s = st->turn;
			p = &st->pl[s];
			if (st->sub == SUB_LIMIT) {
				if (!limit_auto(st, s, ev))
					return;
				st->sub = SUB_NONE;
				p->fin = 2;
			}
			if (st->sub != SUB_NONE && st->sub != SUB_MERCHANT)
				return;
			if (p->fin == 0) {
				if (tg_has_actions(st, s))
					return;
				st->sub = SUB_NONE;
				p->fin = 1;
				if (tg_has_effect(st, s, EF_GOODS_NONE_BONUS) &&
				    !p->got_any) {
					st->sub = SUB_BONUS;
					st->sub_card = tg_effect_card(st, s,
					    EF_GOODS_NONE_BONUS);
					st->sub_n = st->tribe[st->sub_card].e_n;
					return;
				}
			}
			if (p->fin == 1) {
				if (!limit_auto(st, s, ev)) {
					st->sub = SUB_LIMIT;
					return;
				}
				p->fin = 2;
			}
			if (s == st->start)
				st->turn = 1 - s;
			else
				tg_end_round(st, ev);
			break;
		}
	}
}
