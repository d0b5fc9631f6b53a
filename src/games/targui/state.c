/* Targui state as a whole: canonical bytes for the step hash, and the
 * invariants every state must keep (camels, money, cards, board). */
#include <string.h>

#include "games/targui/targui.h"

/* A small staging area: the state is a few thousand integers, and one
 * buf_add per integer is most of the cost of a random playout. */
struct w {
	struct buf *b;
	size_t n;
	unsigned char tmp[2048];
};

static void
flush(struct w *w)
{
	buf_add(w->b, w->tmp, w->n);
	w->n = 0;
}

static void
put(struct w *w, uint64_t v, int bytes)
{
	if (w->n + 8 > sizeof w->tmp)
		flush(w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* All 8 bytes in one store; only the first ones count, the rest are
	 * written over by what follows or never flushed. */
	memcpy(w->tmp + w->n, &v, 8);
	w->n += (size_t)bytes;
#else
	for (int i = 0; i < bytes; i++)
		w->tmp[w->n++] = (unsigned char)(v >> (8 * i));
#endif
}

static void
put_bytes(struct w *w, const void *p, size_t n)
{
	const unsigned char *c = p;

	if (n <= sizeof w->tmp - w->n) {
		memcpy(w->tmp + w->n, c, n);
		w->n += n;
		return;
	}
	while (n > 0) {
		size_t k = sizeof w->tmp - w->n;

		if (k == 0) {
			flush(w);
			continue;
		}
		if (k > n)
			k = n;
		memcpy(w->tmp + w->n, c, k);
		w->n += k;
		c += k;
		n -= k;
	}
}

static void
add_i(struct w *b, int64_t v)
{
	put(b, (uint64_t)v, 8);
}

static void
add_s(struct w *b, const char *s, size_t max)
{
	size_t n = strnlen(s, max);

	put(b, n, 4);
	put_bytes(b, s, n);
}

static void
add_v(struct w *b, const int32_t *v, int n)
{
	/* Little-endian 32-bit integers are their own canonical bytes. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 1)
		put(b, (uint32_t)v[0], 4);
	else if (n > 0)
		put_bytes(b, v, (size_t)n * 4);
#else
	for (int i = 0; i < n; i++)
		put(b, (uint32_t)v[i], 4);
#endif
}

static void serialize(const struct tu_state *, struct w *);

void
tu_serialize(const void *st, struct buf *b)
{
	struct w w;

	w.b = b;
	w.n = 0;
	serialize(st, &w);
	flush(&w);
}

static void
serialize(const struct tu_state *s, struct w *b)
{
	add_s(b, "targui/1", 8);
	add_i(b, s->nseats);
	for (int i = 0; i < s->nseats; i++)
		add_s(b, s->names[i], SEAT_NAME);
	add_v(b, s->tribe_of, MAX_SEATS);
	add_v(b, s->seat_of, TU_TRIBES);
	add_i(b, s->opt_opposite);
	add_i(b, s->opt_camels);
	add_i(b, s->opt_rounds);
	add_i(b, s->opt_spring_owned);
	add_i(b, s->opt_raid_any);
	for (int i = 0; i < 4; i++)
		put(b, s->rng.s[i], 8);
	for (int t = 0; t < T_NTERRAIN; t++) {
		add_i(b, s->terr[t].count);
		add_i(b, s->terr[t].economic);
		add_i(b, s->terr[t].strategic);
	}
	for (int c = 1; c <= TU_FORTUNE; c++) {
		const struct tu_fortune *f = &s->card[c];

		add_i(b, f->number);
		add_i(b, f->effect);
		add_i(b, f->terrain);
		add_i(b, f->amount);
		add_i(b, f->tribe);
		add_s(b, f->name, TU_CARDNAME);
	}
	for (int r = 0; r < TU_SIDE; r++)
		add_v(b, s->layout[r], TU_SIDE);
	for (int k = 0; k < TU_SECTORS; k++)
		add_v(b, s->sector[k], TU_SECTOR_BOXES);
	for (int k = 0; k < 3; k++)
		add_v(b, s->three[k], 3);
	add_i(b, s->salt_box);
	add_i(b, s->phase);
	add_i(b, s->chooser);
	add_v(b, s->sector_of, MAX_SEATS);
	add_v(b, s->settle_box, MAX_SEATS);
	add_v(b, s->replaced, MAX_SEATS);
	add_i(b, s->dealt);
	add_v(b, s->terrain, TU_BOXES + 1);
	add_v(b, s->owner, TU_BOXES + 1);
	add_v(b, s->camels, TU_BOXES + 1);
	add_v(b, s->money, MAX_SEATS);
	add_i(b, s->minted);
	add_i(b, s->spent);
	add_i(b, s->stolen);
	add_i(b, s->supply);
	add_i(b, s->camels_in);
	add_i(b, s->camels_out);
	add_v(b, s->out, MAX_SEATS);
	add_i(b, s->round);
	add_i(b, s->die);
	add_v(b, s->stack, TU_STACK);
	add_i(b, s->stack_n);
	add_i(b, s->stack_pos);
	add_v(b, s->hand, MAX_SEATS);
	add_v(b, s->deck, TU_FORTUNE);
	add_i(b, s->deck_n);
	add_i(b, s->deck_pos);
	add_v(b, s->strat_over, T_NTERRAIN);
	add_v(b, s->eco_over, T_NTERRAIN);
	add_v(b, s->last_levy, MAX_SEATS);
	add_i(b, s->cur);
	add_i(b, s->step);
	add_i(b, s->part);
	add_i(b, s->parts);
	for (int i = 0; i < MAX_SEATS; i++) {
		add_i(b, s->nqueue[i]);
		for (int k = 0; k < TU_QUEUE; k++) {
			add_i(b, s->queue[i][k].kind);
			add_i(b, s->queue[i][k].nargs);
			add_v(b, s->queue[i][k].arg, 6);
		}
		add_s(b, s->reject[i], sizeof s->reject[i]);
	}
	for (int k = 0; k < TU_ROLLS; k++) {
		const struct tu_roll *r = &s->rolls[k];

		add_v(b, &r->round, 1);
		add_v(b, &r->kind, 1);
		add_v(b, &r->seat, 1);
		add_v(b, &r->value, 1);
		add_v(b, &r->total, 1);
		add_v(b, &r->loss, 1);
		add_v(b, &r->box, 1);
	}
	add_i(b, s->nrolls);
	add_i(b, s->turns);
	add_i(b, s->winner);
	add_s(b, s->result, sizeof s->result);
}

static int
check_board(const struct tu_state *s, struct diag *d)
{
	int seen[T_NTERRAIN] = { 0 };
	int64_t camels = 0;

	for (int b = 1; b <= TU_BOXES; b++) {
		int o = s->owner[b];

		if (o < TU_NONE || o >= s->nseats)
			return diag_set(d, 0, "box %d has owner %d", b, o);
		if (s->camels[b] < 0 || (o == TU_NONE && s->camels[b] != 0))
			return diag_set(d, 0, "box %d holds %d camels without "
			    "an owner", b, s->camels[b]);
		if (o != TU_NONE && s->out[o])
			return diag_set(d, 0, "box %d is held by a tribe that is "
			    "out", b);
		camels += s->camels[b];
		if (!s->dealt)
			continue;
		if (s->terrain[b] < 0 || s->terrain[b] >= T_NTERRAIN)
			return diag_set(d, 0, "box %d has no terrain", b);
		if (s->terrain[b] == T_CHOTT && o != TU_NONE)
			return diag_set(d, 0, "chott %d is owned", b);
		if ((b == s->salt_box) != (s->terrain[b] == T_SALTMINE))
			return diag_set(d, 0, "the salt mine is not in box %d",
			    s->salt_box);
		seen[s->terrain[b]]++;
	}
	if (camels != s->camels_in - s->camels_out)
		return diag_set(d, 0, "%lld camels on the board but %lld in and "
		    "%lld out", (long long)camels, (long long)s->camels_in,
		    (long long)s->camels_out);
	if (s->opt_camels && (s->supply < 0 || camels + s->supply !=
	    s->opt_camels))
		return diag_set(d, 0, "%lld camels on the board and %d in the "
		    "box make not %d", (long long)camels, s->supply,
		    s->opt_camels);
	if (!s->dealt)
		return 0;
	for (int i = 0; i < s->nseats; i++) {
		if (s->settle_box[i] == 0)
			continue;
		seen[T_SETTLEMENT]--;
		seen[s->replaced[i]]++;
		if (s->terrain[s->settle_box[i]] != T_SETTLEMENT)
			return diag_set(d, 0, "seat %d's settlement is gone", i);
	}
	for (int t = 0; t < T_NTERRAIN; t++) {
		int want = t == T_SETTLEMENT ? 0 : s->terr[t].count;

		if (seen[t] != want)
			return diag_set(d, 0, "%d %s cards in play, not %d",
			    seen[t], tu_terrain_key[t], want);
	}
	return 0;
}

static int
check_round(const struct tu_state *s, struct diag *d)
{
	int fortune = 0, turned = 0;

	if (s->stack_n < 1 || s->stack_n > TU_STACK || s->stack_pos < 0 ||
	    s->stack_pos > s->stack_n)
		return diag_set(d, 0, "the stack is broken");
	for (int i = 0; i < s->nseats; i++) {
		int n = 0;

		for (int k = 0; k < s->stack_n; k++)
			n += s->stack[k] == i;
		if (n + s->hand[i] != TU_TRIBAL)
			return diag_set(d, 0, "seat %d has %d tribal cards", i,
			    n + s->hand[i]);
	}
	for (int k = 0; k < s->stack_n; k++) {
		fortune += s->stack[k] == TU_FORTUNE_CARD;
		turned += k < s->stack_pos && s->stack[k] == TU_FORTUNE_CARD;
	}
	if (fortune != 1)
		return diag_set(d, 0, "the stack holds %d fortune cards",
		    fortune);
	if (s->deck_pos != s->round - 1 + turned)
		return diag_set(d, 0, "%d fortune cards used in round %d",
		    s->deck_pos, s->round);
	if (s->cur != TU_NONE && (s->cur < 0 || s->cur >= s->nseats ||
	    s->out[s->cur] || s->step < ST_MOVE || s->step > ST_BUY ||
	    s->part < 0 || s->part >= s->parts))
		return diag_set(d, 0, "the turn is broken");
	return 0;
}

int
tu_check(const void *st, struct diag *d)
{
	const struct tu_state *s = st;
	int64_t money = 0;

	if (s->nseats < 2 || s->nseats > TU_TRIBES)
		return diag_set(d, 0, "%d seats", s->nseats);
	for (int i = 0; i < s->nseats; i++) {
		if (s->money[i] < 0)
			return diag_set(d, 0, "seat %d has %d silver", i,
			    s->money[i]);
		if (s->nqueue[i] < 0 || s->nqueue[i] > TU_QUEUE)
			return diag_set(d, 0, "seat %d's queue is broken", i);
		money += s->money[i];
		if (s->phase >= PH_TURN && !s->out[i] &&
		    tu_territories_of(s, i) == 0)
			return diag_set(d, 0, "seat %d holds nothing but is in",
			    i);
	}
	if (money != s->minted - s->spent - s->stolen)
		return diag_set(d, 0, "%lld silver held, %lld paid out, %lld "
		    "spent, %lld stolen", (long long)money,
		    (long long)s->minted, (long long)s->spent,
		    (long long)s->stolen);
	if (check_board(s, d) < 0)
		return -1;
	if (s->deck_n < 1 || s->deck_n > TU_FORTUNE || s->deck_pos < 0 ||
	    s->deck_pos > s->deck_n)
		return diag_set(d, 0, "the fortune deck is broken");
	if (s->phase == PH_TURN || (s->phase == PH_OVER && s->round > 0))
		return check_round(s, d);
	return 0;
}
