/* Targi view and templates: the report renders for every viewer through a
 * whole game, its board fits a mail line, and nothing hidden shows. */
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
#include "render/mustache.h"
#include "srcfile.h"

/* Strings holding messages render in English, terms from po/. */
static const struct mustache_partials english = { NULL, NULL, "en" };

static char *report_tmpl, *help_tmpl;

/* The report of viewer, with the keys the referee adds. */
static char *
render(const struct tg_state *st, int viewer, const char *tmpl)
{
	struct tval *root = tval_map(), *l;
	struct order_list ol;
	struct pending pd;
	struct buf out = BUF_INIT;
	struct diag d;

	tg_view(st, viewer, root);
	tval_set_str(root, "title", "Targi");
	tval_set_str(root, "game_id", "targi-1");
	tval_set_str(root, "seat", viewer >= 0 ? st->pl[viewer].name : "observer");
	tval_set_int(root, "step", 1);
	tval_set_list(root, "news");
	tg_waiting_for(st, &pd);
	l = tval_set_list(root, "waiting");
	for (int s = 0; s < 2; s++)
		if (pd.seats & VIS_SEAT(s)) {
			struct tval *m = tval_push_map(l);

			tval_set_str(m, "seat", st->pl[s].name);
			tval_set_str(m, "what", pd.what[s]);
		}
	tval_set_bool(root, "your_turn", viewer >= 0 && (pd.seats & VIS_SEAT(viewer)));
	tval_set_str(root, "you_what", viewer >= 0 ? pending_own(&pd, viewer) : "");
	tval_set_bool(root, "over", pd.over);
	tval_set_str(root, "result", pd.result);
	l = tval_set_list(root, "legal");
	order_list_init(&ol);
	if (viewer >= 0)
		tg_legal(st, viewer, &ol);
	for (size_t i = 0; i < ol.n; i++)
		tval_set_str(tval_push_map(l), "text", ol.v[i].text);
	order_list_free(&ol);
	if (mustache_render(tmpl, root, &english, MUSTACHE_ESCAPE_NONE, &out, &d) != 0)
		fail_msg("render: %s", d.msg);
	tval_free(root);
	return buf_steal(&out);
}

static void
check_report(const struct tg_state *st, int viewer)
{
	char *r = render(st, viewer, report_tmpl), *line, *save = NULL;
	int board = 0;

	for (line = strtok_r(r, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '+' || line[0] == '|') {
			board++;
			assert_true(strlen(line) < 72);
		}
	}
	assert_int_equal(board, 5 * 4 + 1);
	free(r);
	/* The other player's secret hand card and a drawn card stay hidden
	 * (a card taken face up from the centre is no secret). */
	r = render(st, viewer, report_tmpl);
	for (int s = 0; s < 2; s++) {
		char needle[48];

		if (st->pl[s].hand < 0 || s == viewer || !st->pl[s].hand_secret)
			continue;
		snprintf(needle, sizeof needle, "%d %s, ", st->tribe[st->pl[s].hand].id,
		    tg_symbol_name(st->tribe[st->pl[s].hand].symbol));
		if (strstr(r, needle) != NULL) {
			/* Only allowed if that card is also public somewhere. */
			int pub = 0;

			for (int i = 0; i < 9; i++)
				pub |= st->cen_type[i] == CEN_TRIBE && !st->cen_down[i] &&
				    st->cen_card[i] == st->pl[s].hand;
			assert_true(pub);
		}
	}
	if (st->phase == PH_ACTIONS && st->sub == SUB_DRAWN && viewer != st->turn)
		assert_null(strstr(r, "YOU DREW"));
	free(r);
}

static void
test_reports_through_a_game(void **state)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct tg_state *st = calloc(1, sizeof *st);
	struct rng pick;
	struct diag d;
	int reports = 0;

	(void)state;
	rng_seed(&pick, 7);
	for (int g = 0; g < 3; g++) {
		memset(st, 0, sizeof *st);
		assert_int_equal(tg_setup(st, 2, names, NULL, (uint64_t)g + 11, NULL, &d), 0);
		for (;;) {
			struct pending pd;
			struct order_list l;
			int seat;

			for (int v = -1; v < 2; v++)
				check_report(st, v);
			reports += 3;
			tg_waiting_for(st, &pd);
			if (pd.over)
				break;
			seat = (pd.seats & 1) ? 0 : 1;
			order_list_init(&l);
			tg_legal(st, seat, &l);
			assert_true(l.n > 0);
			assert_int_equal(tg_apply(st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)],
			    NULL, &d), 0);
			order_list_free(&l);
		}
		{
			char *r = render(st, 0, report_tmpl);

			assert_non_null(strstr(r, "THE GAME IS OVER"));
			assert_non_null(strstr(r, "final score"));
			free(r);
		}
	}
	assert_true(reports > 100);
	free(st);
}

/* The expansion's report: the Targia, the dunes, water and action tokens,
 * and the cards' origin in every report. */
static void
test_expansion_report(void **state)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	const char *kv[] = { "expansion=yes" };
	struct tg_state *st = calloc(1, sizeof *st);
	struct rng pick;
	struct optset o;
	struct diag d;
	int reports = 0;
	char *deck;

	(void)state;
	assert_non_null(deck = src_read("data/targi/example-deck.yaml"));
	assert_int_equal(opt_resolve(targi_rules.options, &o, kv, 1, &d), 0);
	o.file = deck;
	snprintf(o.file_name, sizeof o.file_name, "example-deck.yaml");
	rng_seed(&pick, 5);
	for (int g = 0; g < 3; g++) {
		memset(st, 0, sizeof *st);
		assert_int_equal(tg_setup(st, 2, names, &o, (uint64_t)g + 3, NULL, &d), 0);
		for (;;) {
			struct pending pd;
			struct order_list l;
			int seat;

			for (int v = -1; v < 2; v++) {
				char *r;

				check_report(st, v);
				r = render(st, v, report_tmpl);
				assert_non_null(strstr(r, "Cards: the example deck example-deck.yaml (not the printed cards)."));
				assert_non_null(strstr(r, "SAND DUNES"));
				if (st->phase != PH_OVER)
					assert_non_null(strstr(r, "The Targia stands on"));
				assert_non_null(strstr(r, "  water: "));
				free(r);
				reports++;
			}
			tg_waiting_for(st, &pd);
			if (pd.over)
				break;
			seat = (pd.seats & 1) ? 0 : 1;
			order_list_init(&l);
			tg_legal(st, seat, &l);
			assert_true(l.n > 0);
			assert_int_equal(tg_apply(st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)],
			    NULL, &d), 0);
			order_list_free(&l);
		}
	}
	assert_true(reports > 100);
	/* The base game's report shows no module, but says where its cards come from. */
	{
		char *r;

		memset(st, 0, sizeof *st);
		assert_int_equal(tg_setup(st, 2, names, NULL, 1, NULL, &d), 0);
		r = render(st, 0, report_tmpl);
		assert_non_null(strstr(r, "Cards: the printed cards."));
		assert_null(strstr(r, "SAND DUNES"));
		assert_null(strstr(r, "Targia stands"));
		assert_null(strstr(r, "water"));
		free(r);
	}
	free(deck);
	free(st);
}

static char *
render_help(void)
{
	struct tval *root = tval_map();
	struct buf out = BUF_INIT;
	struct diag d;

	tval_set_str(root, "title", "Targi");
	if (mustache_render(help_tmpl, root, &english, MUSTACHE_ESCAPE_NONE, &out, &d) != 0)
		fail_msg("render: %s", d.msg);
	tval_free(root);
	return buf_steal(&out);
}

static void
test_help_renders(void **state)
{
	char *r;

	(void)state;
	r = render_help();
	assert_non_null(strstr(r, "PLACE 5"));
	assert_non_null(strstr(r, "STANDING RAID VP"));
	assert_non_null(strstr(r, "DROP 2D 1P"));
	assert_non_null(strstr(r, "PLACE DUNE 2"));
	assert_non_null(strstr(r, "EXCHANGE 3W FOR 1G"));
	free(r);
}

/* A line of r that has every one of the words, or NULL. */
static const char *
line_with(const char *r, const char *a, const char *b, const char *c)
{
	static char ln[512];

	for (const char *p = r; *p != '\0';) {
		size_t n = strcspn(p, "\n");

		snprintf(ln, sizeof ln, "%.*s", (int)(n < sizeof ln - 1 ? n : sizeof ln - 1), p);
		if (strstr(ln, a) != NULL && (b == NULL || strstr(ln, b) != NULL) &&
		    (c == NULL || strstr(ln, c) != NULL))
			return ln;
		p += n;
		if (*p == '\n')
			p++;
	}
	return NULL;
}

/* Placing: each PLACE says which central card it would cross with the
 * Targi already placed (a column card's and a row card's lines meet);
 * every player's score if the game ended now; a warning before the
 * round that opens with the last raid and for 11 displayed cards. */
static void
test_placing_help(void **state)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct tg_state *st = calloc(1, sizeof *st);
	struct diag d;
	int me, last = -1, vp = 0;
	char *r, want[96];
	const char *ln;

	(void)state;
	assert_int_equal(tg_setup(st, 2, names, NULL, 5, NULL, &d), 0);
	assert_int_equal(st->phase, PH_PLACE);
	me = st->turn;
	/* Card 2 is the top middle one (column B), card 6 the right middle
	 * one (row 2), card 14 the left middle one: 2 with 6 or 14 meets at
	 * B2; 1 and 3 are columns too, so they meet nothing of card 2. */
	st->targi_at[2] = me;
	st->pl[me].placed = 1;
	st->robber = 3;
	r = render(st, me, report_tmpl);
	ln = line_with(r, "  B2: ", NULL, NULL);
	assert_non_null(ln);
	{
		char cen[256];

		snprintf(cen, sizeof cen, "%s", ln + 6);
		if (strchr(cen, '[') != NULL)
			*strchr(cen, '[') = '\0';
		while (cen[0] != '\0' && cen[strlen(cen) - 1] == ' ')
			cen[strlen(cen) - 1] = '\0';
		if ((ln = line_with(r, "PLACE 6 ", "B2", cen)) == NULL)
			fail_msg("no crossing B2 (%s) for PLACE 6 in:\n%s", cen, r);
		assert_non_null(strstr(ln, "your Targi on 2"));
		assert_non_null(line_with(r, "PLACE 14 ", "B2", cen));
	}
	if ((ln = line_with(r, "PLACE 1 ", NULL, NULL)) == NULL ||
	    strstr(ln, "no crossing") == NULL)
		fail_msg("PLACE 1 should make no crossing:\n%s", r);
	free(r);
	/* The other player is not told where anna's placements would cross. */
	r = render(st, 1 - me, report_tmpl);
	assert_null(line_with(r, "PLACE 6 ", "B2", NULL));
	free(r);

	/* The score if the game ended now: VP tokens and the displayed cards. */
	for (int i = 0; i < 3; i++)
		st->pl[1 - me].display[i] = i;
	st->pl[1 - me].res[TG_VP] = 3;
	vp = 3;
	for (int i = 0; i < 3; i++)
		vp += st->tribe[i].vp;
	r = render(st, me, report_tmpl);
	snprintf(want, sizeof want, "%s would score %d now", st->pl[1 - me].name, vp);
	if (strstr(r, want) == NULL)
		fail_msg("\"%s\" is not in:\n%s", want, r);
	assert_null(strstr(r, "last raid"));
	assert_null(strstr(r, "11 cards"));
	free(r);

	/* The robber one card short of the last raid: next round ends it. */
	for (int n = 1; n <= TG_NBORDER; n++)
		if (st->border[n].kind == BK_RAID && st->border[n].last)
			last = n;
	assert_true(last > 1);
	st->robber = last - 1;
	for (int i = 0; i < TG_SLOTS - 1; i++)
		st->pl[1 - me].display[i] = i;
	r = render(st, me, report_tmpl);
	assert_non_null(line_with(r, "Next round opens with the last raid", NULL, NULL));
	snprintf(want, sizeof want, "%s has 11 cards", st->pl[1 - me].name);
	assert_non_null(line_with(r, want, "12th", NULL));
	free(r);
	free(st);
}

int
main(void)
{
	const char *srcdir = getenv("srcdir");
	char dir[1024];
	struct diag d;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reports_through_a_game),
		cmocka_unit_test(test_help_renders),
		cmocka_unit_test(test_expansion_report),
		cmocka_unit_test(test_placing_help),
	};
	int rc;

	snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
	if (tg_load(dir, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return 1;
	}
	catalog_init(srcdir != NULL ? srcdir : ".");
	msg_use_catalog(&catalog_msg);
	if ((report_tmpl = src_read("templates/targi/en/report.mustache")) == NULL ||
	    (help_tmpl = src_read("templates/targi/en/help.mustache")) == NULL) {
		fprintf(stderr, "cannot read the Targi templates\n");
		return 1;
	}
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(report_tmpl);
	free(help_tmpl);
	return rc;
}
