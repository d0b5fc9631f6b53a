/* Targi in every language: random games with the narrative on, and every
 * line a reader may get -- the narrative, the pending decisions, the refusal
 * of a wrong order, every string of the view -- rendered in German, Spanish
 * and French from po/targi. A message or term a catalog lacks fails the test
 * with its id; so does a rendered text that still holds a mark byte (a
 * message nested where it cannot render). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targi/targi.h"
#include "lang/ordertr.h"
#include "testutil.h"
#include "srcfile.h"

#define GAMES 3
#define MAXSTEPS 4000

static char *test_deck, *example_deck;

struct variant {
	const char *kv[4];
	int nkv;
	int deck;		/* 0 none, 1 the test deck, 2 the example deck */
};

static const struct variant variants[] = {
	{ { NULL }, 0, 0 },
	{ { "targia=yes" }, 1, 0 },
	{ { "water=yes", "setup=expansion", "last_raid=card" }, 3, 0 },
	{ { "dunes=yes" }, 1, 1 },
	{ { "costs=yes", "deck=file" }, 2, 1 },
	{ { "expansion=yes" }, 1, 2 },
	{ { "expansion=yes", "tribe_top=hidden" }, 2, 2 },
};

/* Orders a player may get wrong, beside the other seat's legal ones. */
static const char *const wrong[] = {
	"", "FOO", "PLACE", "PLACE 4", "PLACE 99", "PLACE 1", "PLACE DUNE 3",
	"PREFER 99", "PREFER", "GIVE", "GIVE VP 1D", "GIVE 1G", "GIVE 9D",
	"TAKE", "TAKE 2", "TAKE 5", "TAKE B2", "TAKE B2 X", "TAKE B2 S", "TAKE 13",
	"BUY", "BUY B2", "BUY B2 ROW 1", "BUY B2 ROW 9", "BUY B2 ROW 1 PAY 9D",
	"BUY ROW 1", "BUY B2 ROW 1 EXTRA", "BUY A1 ROW 2 PAY 1G",
	"KEEP", "KEEP B2", "KEEP 5", "DISCARD", "DISCARD B2", "DISCARD X1",
	"NOBLE", "NOBLE ROW 1", "NOBLE DISCARD", "NOBLE DISCARD S",
	"HAND ROW 1", "PASS", "PASS 5", "PASS B2", "PASS DUNE 2", "PASS 1 2 3",
	"TRADE", "TRADE 3D FOR 1G", "TRADE 2D FOR 1D", "TRADE 1D FOR 1S",
	"TRADE 3D FOR 1S", "TRADE 4D FOR 1G", "TRADE 3X FOR 1G",
	"SILVERSMITH", "SILVERSMITH 2D", "SILVERSMITH 3D", "SILVERSMITH 1D 1S",
	"SILVERSMITH 2G", "MIRAGE", "MIRAGE A1 C3", "MIRAGE A1 A1",
	"CARAVAN", "CARAVAN X", "EXPAND", "EXPAND 2", "CHOOSE", "CHOOSE 1D",
	"CHOOSE 9D", "CHOOSE 1W", "CHOOSE -1D", "SWAP", "SWAP 1-1 2-3", "SWAP 1-1",
	"END", "END 1", "DROP", "DROP 1D", "DROP 1G", "STANDING", "STANDING RAID",
	"STANDING LIMIT X", "STANDING LIMIT D D P", "FAVOUR", "FAVOUR D",
	"FAVOUR PAY D", "FAVOUR KEEP", "FAVOUR KEEP S", "FAVOUR PASS", "FAVOUR X",
	"EXCHANGE", "EXCHANGE 3W FOR 1G", "EXCHANGE 2W FOR 1D", "EXCHANGE 1W FOR 1D",
	"USE", "USE 301", "USE 301 1D", "USE 999999", "DUNE", "DUNE 2", "DUNE 2 1D",
	"DUNE 9", "REMOVE", "REMOVE ROW 2", "REMOVE ROW 9",
};

/* Whether s is English words that no catalog can reach: not a message,
 * and a word of three letters or more that is no player's name. */
static int
plain_words(const char *s)
{
	int run = 0;

	if (msg_is_encoded(s) || strcmp(s, "anna") == 0 || strcmp(s, "bert") == 0)
		return 0;
	for (const char *p = s; *p != '\0'; p++) {
		run = *p >= 'a' && *p <= 'z' ? run + 1 : 0;
		if (run >= 3)
			return 1;
	}
	return 0;
}

/* Renders s in every language; where says what s was, for the failure. */
static void
render_all(const char *where, const char *s)
{
	if (plain_words(s))
		fail_msg("plain English, not a message: \"%s\" (%s)", s, where);
	tr_said(where, s);
}

static void
render_views(const struct tg_state *st)
{
	static const int viewers[] = { 0, 1, -1, VIEW_ALL };

	for (size_t i = 0; i < sizeof viewers / sizeof viewers[0]; i++) {
		struct tval *root = tval_map();

		tg_view(st, viewers[i], root);
		/* "phase" names the phase for templates to test; it is never shown. */
		tr_said_tree("the view", root, "phase", render_all);
		tval_free(root);
	}
}

static void
render_events(const struct evsink *ev, size_t from)
{
	for (size_t i = from; i < ev->n; i++) {
		if (ev->v[i].enc[0] != MSG_MARK)
			fail_msg("a narrative line that is no message: %s", evline_text(&ev->v[i]));
		render_all(evline_text(&ev->v[i]), ev->v[i].enc);
	}
}

static void
render_pending(const struct tg_state *st)
{
	struct pending pd;

	tg_waiting_for(st, &pd);
	if (pd.over) {
		render_all("the result", pd.result);
		return;
	}
	for (int s = 0; s < TG_SEATS; s++)
		if (pd.seats & VIS_SEAT(s)) {
			render_all("pending what", pd.what[s]);
			render_all("pending own", pending_own(&pd, s));
		}
}

/* Tries line for seat on a copy of st; renders the refusal, or what the
 * order said when it was right after all. */
static void
try_order(const struct tg_state *st, struct tg_state *tmp, int seat,
    const char *line)
{
	struct order o;
	struct diag d;
	struct evsink ev;

	diag_clear(&d);
	if (tg_parse(st, seat, line, &o, &d) != 0) {
		assert_true(d.enc[0] != '\0');
		render_all(line, d.enc);
		return;
	}
	memcpy(tmp, st, sizeof *st);
	evsink_init(&ev);
	if (tg_apply(tmp, seat, &o, &ev, &d) != 0) {
		assert_true(d.enc[0] != '\0');
		render_all(line, d.enc);
	} else
		render_events(&ev, 0);
	evsink_free(&ev);
}

static void
play_one(const struct variant *c, uint64_t seed)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct tg_state *st = calloc(1, sizeof *st), *tmp = malloc(sizeof *st);
	struct optset o;
	struct diag d;
	struct evsink ev;
	struct rng pick;
	int n;

	rng_seed(&pick, seed * 31 + 7);
	assert_int_equal(opt_resolve(targi_rules.options, &o, c->kv, c->nkv, &d), 0);
	if (c->deck) {
		o.file = c->deck == 1 ? test_deck : example_deck;
		snprintf(o.file_name, sizeof o.file_name, "%s",
		    c->deck == 1 ? "test_targi_deck.yaml" : "example-deck.yaml");
	}
	evsink_init(&ev);
	if (tg_setup(st, 2, names, &o, seed, &ev, &d) != 0)
		fail_msg("setup: %s", d.msg);
	render_events(&ev, 0);
	for (n = 0; n < MAXSTEPS; n++) {
		struct pending pd;
		struct order_list l, other;
		size_t k, from = ev.n;
		int seat;

		render_pending(st);
		if (n % 4 == 0)
			render_views(st);
		tg_waiting_for(st, &pd);
		if (pd.over)
			break;
		seat = (pd.seats & 1) ? 0 : 1;
		order_list_init(&l);
		tg_legal(st, seat, &l);
		assert_true(l.n > 0);
		/* Some wrong orders, and the right orders of the wrong seat. */
		for (int i = 0; i < 6; i++)
			try_order(st, tmp, rng_below(&pick, 2),
			    wrong[rng_below(&pick, sizeof wrong / sizeof wrong[0])]);
		order_list_init(&other);
		tg_legal(st, seat, &other);
		if (other.n > 0)
			try_order(st, tmp, 1 - seat,
			    other.v[rng_below(&pick, (uint32_t)other.n)].text);
		order_list_free(&other);
		k = rng_below(&pick, (uint32_t)l.n);
		/* Odd games buy what they can, so effects and 12th cards come up. */
		if (seed % 2 == 1)
			for (size_t i = 0; i < l.n; i++)
				if (l.v[i].kind == K_BUY || l.v[i].kind == K_NOBLE ||
				    l.v[i].kind == K_EXPAND || l.v[i].kind == K_USE ||
				    l.v[i].kind == K_DUNE || l.v[i].kind == K_FAVOUR)
					k = i;
		if (tg_apply(st, seat, &l.v[k], &ev, &d) != 0)
			fail_msg("legal \"%s\" refused: %s", l.v[k].text, d.msg);
		render_events(&ev, from);
		order_list_free(&l);
	}
	assert_true(n < MAXSTEPS);
	render_views(st);
	evsink_free(&ev);
	free(tmp);
	free(st);
}

static void
test_every_line_in_every_language(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof variants / sizeof variants[0]; c++)
		for (uint64_t g = 1; g <= GAMES; g++)
			play_one(&variants[c], g + 100 * c);
	printf("# %ld texts rendered in %d languages, none missing\n",
	    tr_rendered(), TR_NLANGS);
	assert_int_equal(msg_missing(), 0);
}

/* s rendered for a German reader holds the German order word de and not
 * the English one en (as a word: "SETZE" holds no "PLACE" by chance). */
static void
german_words(const char *s, const char *de, const char *en)
{
	char *t = msg_text("de", s);

	if (strstr(t, de) == NULL)
		fail_msg("no \"%s\" in \"%s\"", de, t);
	if (strstr(t, en) != NULL)
		fail_msg("the English \"%s\" in \"%s\"", en, t);
	free(t);
}

/* Rule messages quote orders as the reader writes them: the engine names the
 * English order, the referee renders it in the reader's order words. */
static void
test_rule_messages_quote_the_readers_words(void **state)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct tg_state *st = calloc(1, sizeof *st);
	struct optset o;
	struct diag d;
	struct evsink ev;
	struct pending pd;
	struct order ord;
	char *t;

	(void)state;
	assert_int_equal(opt_resolve(targi_rules.options, &o, NULL, 0, &d), 0);
	evsink_init(&ev);
	if (tg_setup(st, 2, names, &o, 1, &ev, &d) != 0)
		fail_msg("setup: %s", d.msg);
	tg_waiting_for(st, &pd);
	assert_true(pd.seats & 1);
	german_words(pending_own(&pd, 0), "(SETZE n)", "PLACE");
	/* English readers keep the English keyword. */
	t = msg_text("en", pending_own(&pd, 0));
	assert_non_null(strstr(t, "(PLACE n)"));
	free(t);
	diag_clear(&d);
	assert_int_not_equal(tg_parse(st, 0, "HOP 3", &ord, &d), 0);
	german_words(d.enc, "DAUERAUFTRAG", "STANDING");
	german_words(d.enc, "SETZE, ", "PREFER");
	t = msg_text("en", d.enc);
	assert_non_null(strstr(t, "Targi orders are PLACE, PREFER, GIVE"));
	assert_non_null(strstr(t, "DROP and STANDING (with the expansion also FAVOUR, "
	    "EXCHANGE, USE, DUNE and REMOVE)."));
	free(t);
	evsink_free(&ev);
	free(st);
}

/* A malformed order is refused with its usage, whose example orders are in
 * the reader's order words and whose numbers stay as they are: no catalog
 * spells an order by hand. */
static void
test_usage_in_the_readers_words(void **state)
{
	struct order ord;
	struct diag d;
	char m[TG_MSG];

	(void)state;
	diag_clear(&d);
	assert_int_not_equal(tg_parse(NULL, 0, "PLACE 99", &ord, &d), 0);
	assert_reads("en", d.enc, "Write it as: PLACE followed by a border card number, e.g. "
	    "PLACE 5 (or PLACE DUNE 2 for a sand dune).", NULL);
	assert_reads("de", d.enc, "SETZE gefolgt von der Nummer einer Randkarte, z. B. SETZE 5 "
	    "(oder SETZE DÜNE 2 ", "PLACE");
	assert_reads("es", d.enc, "COLOCA 5", "PLACE");
	assert_reads("es", d.enc, "COLOCA DUNA 2", "DUNE");
	assert_reads("fr", d.enc, "PLACE DUNE 2", NULL);
	/* A game's own usage: dunes only where the expansion's dunes lie. */
	{
		struct tg_state *st = calloc(1, sizeof *st);

		diag_clear(&d);
		assert_int_not_equal(tg_parse(st, 0, "PLACE 99", &ord, &d), 0);
		assert_reads("en", d.enc, "Write it as: PLACE followed by a border card number, "
		    "e.g. PLACE 5.", "DUNE");
		assert_reads("de", d.enc, "SETZE gefolgt von der Nummer einer Randkarte, z. B. "
		    "SETZE 5.", "DÜNE");
		assert_reads("es", d.enc, "COLOCA 5.", "DUNA");
		assert_reads("fr", d.enc, "PLACE 5.", "DUNE");
		st->x.dunes = 1;
		diag_clear(&d);
		assert_int_not_equal(tg_parse(st, 0, "PLACE", &ord, &d), 0);
		assert_reads("de", d.enc, "(oder SETZE DÜNE 2 ", "PLACE");
		free(st);
	}
	diag_clear(&d);
	assert_int_not_equal(tg_parse(NULL, 0, "TAKE", &ord, &d), 0);
	assert_reads("de", d.enc, "(NIMM 2)", "TAKE");
	assert_reads("de", d.enc, "NIMM B2 S", "TAKE");
	assert_reads("es", d.enc, "(TOMA 2)", "TAKE");
	assert_reads("fr", d.enc, "(PRENDS 2)", "TAKE");
	diag_clear(&d);
	assert_int_not_equal(tg_parse(NULL, 0, "USE X", &ord, &d), 0);
	assert_reads("de", d.enc, "NUTZE 301 1D 1S", "USE");
	assert_reads("es", d.enc, "USA 301 1D 1S", "USE");
	assert_reads("fr", d.enc, "UTILISE 301", "USE");
	/* A usage of a row: the row word and the whole usage in the reader's. */
	diag_clear(&d);
	assert_int_not_equal(tg_parse(NULL, 0, "BUY B2", &ord, &d), 0);
	assert_reads("de", d.enc, "(REIHE 1, 2 oder 3)", "ROW");
	assert_reads("de", d.enc, "KAUFE B2 REIHE 1", "BUY");
	assert_reads("es", d.enc, "COMPRA FILA 1", "BUY");
	assert_reads("fr", d.enc, "ACHÈTE B2 RANGÉE 1", "BUY");
	diag_clear(&d);
	assert_int_not_equal(tg_parse(NULL, 0, "HAND ROW 1 PAY X", &ord, &d), 0);
	assert_reads("de", d.enc, "z. B. ZAHLE 1D 2S 1G (und EXTRA ", "PAY");
	assert_reads("fr", d.enc, "PAIE 1D 2S 1G", "PAY");
	/* A rule message with numbers: the count picks the plural, the card's
	 * number stays a number beside the reader's order word. */
	msg_nfmt(m, sizeof m, 2, "Sand dune %d gives %d good of your choice: %s %d followed by them, e.g. %s %d %s.",
	    "Sand dune %d gives %d goods of your choice: %s %d followed by them, e.g. %s %d %s.",
	    3, 2, ORDER("targi", "DUNE"), 3, ORDER("targi", "DUNE"), 3, "1D 1S");
	assert_reads("de", m, "Sanddüne 3 gibt 2 Waren nach Wahl: DÜNE 3 ", "DUNE");
	assert_reads("de", m, "DÜNE 3 1D 1S.", NULL);
	assert_reads("es", m, "DUNA 3 1D 1S", "DUNE ");
	msg_nfmt(m, sizeof m, 1, "Tribe card %d: choose %d good (%s).",
	    "Tribe card %d: choose %d goods (%s).", 301, 1, ORDER("targi", "CHOOSE ..."));
	assert_reads("de", m, "301", "CHOOSE");
	assert_reads("de", m, "(WÄHLE ...)", "CHOOSE");
	assert_reads("fr", m, "(CHOISIS ...)", "CHOOSE");
	assert_reads("en", m, "Tribe card 301: choose 1 good (CHOOSE ...).", NULL);
	assert_int_equal(msg_missing(), 0);
}

/* Goods by their names in the reader's language ("2 dattes sel"), as the
 * help's amounts allow in English ("2 dates salt"): the order words of
 * the catalogs make them the engine's words. */
static void
test_goods_in_the_readers_words(void **state)
{
	static const char *const lines[][3] = {
		{ "de", "2 datteln salz", "2D 1S" }, { "de", "dattel pfeffer gold", "1D 1P 1G" },
		{ "es", "2 dátiles sal", "2D 1S" }, { "es", "datiles pimienta oro", "1D 1P 1G" },
		{ "fr", "2 dattes sel", "2D 1S" }, { "fr", "datte poivre or", "1D 1P 1G" },
		{ "fr", "eau", "1W" }, { "es", "agua", "1W" }, { "de", "wasser", "1W" },
		{ "en", "2 dates salt", "2D 1S" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		char line[128], en[128];
		struct order o;
		struct diag d;

		snprintf(line, sizeof line, "%s %s", ordertr_word(lines[i][0], "targi", "GIVE"),
		    lines[i][1]);
		ordertr_to_english(lines[i][0], "targi", line, en, sizeof en);
		diag_clear(&d);
		if (tg_parse(NULL, 0, en, &o, &d) != 0)
			fail_msg("%s \"%s\" (read as \"%s\"): %s", lines[i][0], line, en, d.msg);
		if (strstr(o.text, lines[i][2]) == NULL)
			fail_msg("%s \"%s\" is \"%s\", not %s", lines[i][0], line, o.text,
			    lines[i][2]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_line_in_every_language),
		cmocka_unit_test(test_rule_messages_quote_the_readers_words),
		cmocka_unit_test(test_usage_in_the_readers_words),
		cmocka_unit_test(test_goods_in_the_readers_words),
	};
	int rc;

	test_deck = src_read("tests/test_targi_deck.yaml");
	example_deck = src_read("data/targi/example-deck.yaml");
	if (test_deck == NULL || example_deck == NULL) {
		fprintf(stderr, "cannot read the deck files\n");
		return 1;
	}
	rc = cmocka_run_group_tests(tests, tr_load, NULL);
	free(test_deck);
	free(example_deck);
	return rc;
}
