/* test_targi_fixture: hand-set Targi positions, shared by the Targi tests. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalog.h"
#include "games/targi/targi.h"

static struct tg_state G;
static struct evsink EV;

/* The English terms come from po/ (without them a term shows its key). */
static void
plug_catalogs(void)
{
	static int done;
	const char *srcdir = getenv("srcdir");

	if (done++)
		return;
	catalog_init(srcdir != NULL ? srcdir : ".");
	msg_use_catalog(&catalog_msg);
}

/* A message (a pending line, a view string) in English; four at a time. */
static __attribute__((unused)) const char *
en(const char *s)
{
	static char b[4][2048];
	static int i;

	i = (i + 1) % 4;
	msg_english(s, b[i], sizeof b[i]);
	return b[i];
}

static void __attribute__((unused))
fresh_opts(const char *const *kv, int nkv, uint64_t seed)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct optset o;
	struct diag d;

	plug_catalogs();
	memset(&G, 0, sizeof G);
	evsink_free(&EV);
	assert_int_equal(opt_resolve(targi_rules.options, &o, kv, nkv, &d), 0);
	if (tg_setup(&G, 2, names, &o, seed, &EV, &d) != 0)
		fail_msg("setup: %s", d.msg);
}

static void __attribute__((unused))
fresh(void)
{
	fresh_opts(NULL, 0, 1);
}

static int __attribute__((unused))
card(int id)
{
	for (int i = 0; i < G.ntribe; i++)
		if (G.tribe[i].id == id)
			return i;
	fail_msg("no tribe card %d", id);
	return -1;
}

/* Takes tribe card c out of wherever it is. */
static void __attribute__((unused))
lift_tribe(int c)
{
	for (int i = 0; i < G.ntdeck; i++)
		if (G.tdeck[i] == c) {
			memmove(&G.tdeck[i], &G.tdeck[i + 1], sizeof(int) * (size_t)(G.ntdeck - i - 1));
			G.ntdeck--;
			return;
		}
	for (int i = 0; i < G.ntdisc; i++)
		if (G.tdisc[i] == c) {
			memmove(&G.tdisc[i], &G.tdisc[i + 1], sizeof(int) * (size_t)(G.ntdisc - i - 1));
			G.ntdisc--;
			return;
		}
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (G.cen_type[i] == CEN_TRIBE && G.cen_card[i] == c) {
			/* Refill the spot from the deck top so nothing is lost. */
			G.cen_card[i] = G.tdeck[--G.ntdeck];
			return;
		}
	for (int s = 0; s < 2; s++) {
		if (G.pl[s].hand == c) {
			G.pl[s].hand = -1;
			return;
		}
		for (int i = 0; i < TG_SLOTS; i++)
			if (G.pl[s].display[i] == c) {
				G.pl[s].display[i] = -1;
				return;
			}
	}
	fail_msg("tribe card %d is nowhere", c);
}

static void __attribute__((unused))
to_display(int seat, int id, int slot)
{
	int c = card(id);

	lift_tribe(c);
	G.pl[seat].display[slot] = c;
}

static void __attribute__((unused))
to_hand(int seat, int id)
{
	int c = card(id);

	lift_tribe(c);
	assert_int_equal(G.pl[seat].hand, -1);
	G.pl[seat].hand = c;
	G.pl[seat].hand_secret = 1;	/* as if drawn face down */
}

static void __attribute__((unused))
to_central(int pos, int id)
{
	int c = card(id);

	lift_tribe(c);
	if (G.cen_type[pos] == CEN_TRIBE)
		G.tdeck[G.ntdeck++] = G.cen_card[pos];
	else if (G.cen_type[pos] == CEN_GOODS)
		G.gdeck[G.ngdeck++] = G.cen_card[pos];
	G.cen_type[pos] = CEN_TRIBE;
	G.cen_card[pos] = c;
	G.cen_down[pos] = 0;
}

static void __attribute__((unused))
tribe_on_top(int id)
{
	int c = card(id);

	lift_tribe(c);
	G.tdeck[G.ntdeck++] = c;
}

/* A goods card that gives res (D S P G VP) or a choice card. */
static int __attribute__((unused))
goods_card(int d, int s, int p, int g, int vp, int choice)
{
	for (int i = 0; i < G.ngoods; i++) {
		const struct tg_goodscard *x = &G.goods[i];

		if (x->choice == choice && (choice || (x->res[0] == d &&
		    x->res[1] == s && x->res[2] == p && x->res[3] == g &&
		    x->res[4] == vp)))
			return i;
	}
	fail_msg("no such goods card");
	return -1;
}

static void __attribute__((unused))
lift_goods(int c)
{
	for (int i = 0; i < G.ngdeck; i++)
		if (G.gdeck[i] == c) {
			memmove(&G.gdeck[i], &G.gdeck[i + 1], sizeof(int) * (size_t)(G.ngdeck - i - 1));
			G.ngdeck--;
			return;
		}
	for (int i = 0; i < G.ngdisc; i++)
		if (G.gdisc[i] == c) {
			memmove(&G.gdisc[i], &G.gdisc[i + 1], sizeof(int) * (size_t)(G.ngdisc - i - 1));
			G.ngdisc--;
			return;
		}
	for (int i = 0; i < TG_NCENTRAL; i++)
		if (G.cen_type[i] == CEN_GOODS && G.cen_card[i] == c) {
			G.cen_card[i] = G.gdeck[--G.ngdeck];
			return;
		}
	fail_msg("goods card %d is nowhere", c);
}

static void __attribute__((unused))
goods_to_central(int pos, int c)
{
	lift_goods(c);
	if (G.cen_type[pos] == CEN_TRIBE)
		G.tdeck[G.ntdeck++] = G.cen_card[pos];
	else if (G.cen_type[pos] == CEN_GOODS)
		G.gdeck[G.ngdeck++] = G.cen_card[pos];
	G.cen_type[pos] = CEN_GOODS;
	G.cen_card[pos] = c;
	G.cen_down[pos] = 0;
}

static void __attribute__((unused))
goods_on_top(int c)
{
	lift_goods(c);
	G.gdeck[G.ngdeck++] = c;
}

/* Sets seat's resources, keeping the supply balanced. */
static void __attribute__((unused))
set_res(int seat, int d, int s, int p, int g, int vp)
{
	int v[TG_NRES] = { d, s, p, g, vp };

	for (int k = 0; k < TG_NRES; k++)
		tg_give(&G, seat, k, v[k] - G.pl[seat].res[k]);
}

/* seat acts now (as start player) with Targi on the border cards listed
 * (0-terminated) and markers on the central positions listed (-1 ends). */
static void __attribute__((unused))
actions(int seat, const int *targi, const int *markers)
{
	memset(G.targi_at, -1, sizeof G.targi_at);
	memset(G.marker_at, -1, sizeof G.marker_at);
	for (int i = 0; targi[i] != 0; i++)
		G.targi_at[targi[i]] = seat;
	for (int i = 0; markers[i] >= 0; i++)
		G.marker_at[markers[i]] = seat;
	for (int s = 0; s < 2; s++) {
		G.pl[s].placed = G.pl[s].quota = 3;
		G.pl[s].fin = 0;
	}
	G.phase = PH_ACTIONS;
	G.sub = SUB_NONE;
	G.turn = G.start = seat;
}

static void __attribute__((unused))
ok(int seat, const char *line)
{
	struct order o;
	struct diag d;

	if (tg_parse(&G, seat, line, &o, &d) != 0)
		fail_msg("\"%s\" does not parse: %s", line, d.msg);
	if (tg_apply(&G, seat, &o, &EV, &d) != 0)
		fail_msg("\"%s\" refused: %s", line, d.msg);
	if (tg_check(&G, &d) != 0)
		fail_msg("after \"%s\": %s", line, d.msg);
}

/* The order is refused (at parse or apply) and the state is unchanged. */
static void __attribute__((unused))
refused(int seat, const char *line)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct order o;
	struct diag d;

	tg_serialize(&G, &a);
	if (tg_parse(&G, seat, line, &o, &d) == 0 &&
	    tg_apply(&G, seat, &o, &EV, &d) == 0)
		fail_msg("\"%s\" was accepted", line);
	assert_true(strlen(d.msg) > 10);
	tg_serialize(&G, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.p, b.p, a.len);
	buf_free(&a);
	buf_free(&b);
}

static int __attribute__((unused))
is_legal(int seat, const char *text)
{
	struct order_list l;
	int found = 0;

	order_list_init(&l);
	tg_legal(&G, seat, &l);
	for (size_t i = 0; i < l.n; i++)
		if (strcmp(l.v[i].text, text) == 0)
			found = 1;
	order_list_free(&l);
	return found;
}

static int __attribute__((unused))
last_event_has(const char *s)
{
	for (size_t i = 0; i < EV.n; i++)
		if (strstr(evline_text(&EV.v[i]), s) != NULL)
			return 1;
	return 0;
}

static int __attribute__((unused))
load_data(void)
{
	const char *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;

	snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
	if (tg_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return -1;
	}
	return 0;
}
