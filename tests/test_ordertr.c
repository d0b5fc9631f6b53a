#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lang/catalog.h"
#include "core/diag.h"
#include "games/game.h"
#include "core/msg.h"
#include "mail/orderblock.h"
#include "lang/ordertr.h"
#include "testutil.h"
#include "core/tval.h"
#include "core/xmalloc.h"

/* The words are tests/ordertr/po/: a few of German, French and Targi,
 * compiled by make check into the build tree, where the tests run. */

static void
to_en(const char *lang, const char *game, const char *line, const char *want, int rc)
{
	char out[256];

	assert_int_equal(ordertr_to_english(lang, game, line, out, sizeof out), rc);
	assert_string_equal(out, want);
}

static void
keywords_and_cards(void **state)
{
	(void)state;
	to_en("de", "buqruru", "SÄEN 2 3", "SOW 2 3", 1);
	to_en("de", "buqruru", "säen 2", "SOW 2", 1);
	/* Any keyboard: without the umlaut, or as German writes it without. */
	to_en("de", "buqruru", "saen 2", "SOW 2", 1);
	to_en("de", "buqruru", "Saen", "SOW", 1);
	to_en("de", "buqruru", "AUFFÜLLEN a b REST c", "REFILL a b REMAINDER c", 1);
	to_en("de", "buqruru", "auffullen  a,b rest c", "REFILL  a,b REMAINDER c", 1);
	to_en("fr", "buqruru", "sème 1", "SOW 1", 1);
	to_en("fr", "buqruru", "SEME 1", "SOW 1", 1);
	to_en("fr", "buqruru", "case c", "HOLE c", 1);
	/* Whole words only; English always works; another game's words do not. */
	to_en("de", "buqruru", "SÄENX 2", "SÄENX 2", 0);
	to_en("de", "buqruru", "SOW 2", "SOW 2", 0);
	to_en("de", "targi", "SÄEN 2", "SÄEN 2", 0);
	to_en("en", "buqruru", "SÄEN 2", "SÄEN 2", 0);
	/* The common words (mail commands) in every game. */
	to_en("de", "targi", "hilfe", "HELP", 1);
	to_en("de", "buqruru", "Züge", "LEGAL", 1);
	to_en("de", "buqruru", "ZUGE", "LEGAL", 1);
}

static void
longest_phrase_first(void **state)
{
	(void)state;
	/* "FATA" alone is END; "FATA MORGANA" is the Mirage card. */
	to_en("de", "targi", "FATA MORGANA 3", "MIRAGE 3", 1);
	to_en("de", "targi", "fata   morgana", "MIRAGE", 1);
	to_en("de", "targi", "FATA", "END", 1);
	to_en("de", "targi", "SETZEN 5", "PLACE 5", 1);
	/* French SEAT is "PLACE": Targi's English PLACE stays PLACE. */
	to_en("fr", "targi", "PLACE 5", "PLACE 5", 0);
}

static void
back_and_forth(void **state)
{
	static const char *const lines[] = { "SOW", "SOW 2 3", "HOLE c",
		"REFILL a b REMAINDER c", "REFILL REMAINDER g", NULL };
	char shown[256], back[256];

	(void)state;
	assert_int_equal(ordertr_to_lang("de", "buqruru", "REFILL a b REMAINDER c", shown,
	    sizeof shown), 1);
	assert_string_equal(shown, "AUFFÜLLEN a b REST c");
	/* The first alternative is the one shown. */
	assert_int_equal(ordertr_to_lang("fr", "buqruru", "SOW 2", shown, sizeof shown), 1);
	assert_string_equal(shown, "SEMER 2");
	assert_int_equal(ordertr_to_lang("de", "targi", "MIRAGE 3", shown, sizeof shown), 1);
	assert_string_equal(shown, "FATA MORGANA 3");
	assert_int_equal(ordertr_to_lang("en", "buqruru", "SOW 2", shown, sizeof shown), 0);
	assert_string_equal(shown, "SOW 2");
	for (int i = 0; lines[i] != NULL; i++) {
		for (int l = 0; l < 2; l++) {
			const char *lang = l == 0 ? "de" : "fr";
			struct order o;
			struct diag d;

			ordertr_to_lang(lang, "buqruru", lines[i], shown, sizeof shown);
			assert_string_not_equal(shown, lines[i]);
			ordertr_to_english(lang, "buqruru", shown, back, sizeof back);
			assert_string_equal(back, lines[i]);
			/* And the engine reads it as the English line. */
			diag_clear(&d);
			assert_int_equal(game_find("buqruru")->parse(NULL, 0, back, &o, &d), 0);
			assert_string_equal(o.text, lines[i]);
		}
	}
	assert_string_equal(ordertr_word("de", "buqruru", "SOW"), "SÄEN");
	assert_string_equal(ordertr_word("de", "buqruru", "GAME"), "SPIEL");
	assert_string_equal(ordertr_word("es", "buqruru", "SOW"), "SOW");
}

static void
too_long(void **state)
{
	char out[8];

	(void)state;
	assert_int_equal(ordertr_to_english("de", "buqruru", "SÄEN 1 2 3 4", out, sizeof out),
	    -1);
	assert_int_equal(ordertr_to_lang("de", "buqruru", "SOW 1 2 3", out, sizeof out), -1);
}

static void
refusal_quotes_the_player(void **state)
{
	struct order o;
	struct diag d;
	char canon[256];
	const char *wrote = "MULDE x";

	(void)state;
	ordertr_to_english("de", "buqruru", wrote, canon, sizeof canon);
	assert_string_equal(canon, "HOLE x");
	diag_clear(&d);
	assert_int_equal(game_find("buqruru")->parse(NULL, 0, canon, &o, &d), -1);
	assert_non_null(strstr(d.msg, "\"HOLE x\""));
	ordertr_requote(&d, canon, wrote);
	assert_non_null(strstr(d.msg, "\"MULDE x\""));
	assert_null(strstr(d.msg, "HOLE x"));
	/* The message (what a reader's language renders) says it too. */
	{
		char *en = msg_text("en", d.enc);

		assert_string_equal(en, d.msg);
		free(en);
	}
}

static void
header_words_any_language(void **state)
{
	struct orderblock ob;
	struct diag d;

	(void)state;
	assert_true(ordertr_is_common("SEAT", "platz", 5));
	assert_true(ordertr_is_common("SEAT", "Place", 5));
	assert_true(ordertr_is_common("SEAT", "SEAT", 4));
	assert_false(ordertr_is_common("SEAT", "spiel", 5));
	diag_clear(&d);
	assert_int_equal(orderblock_parse("Spiel buqruru-1\nPlatz zoe\nMarke ab-cd\n"
	    "Schritt 4\nSÄEN 2\n", &ob, &d), 0);
	assert_true(ob.found);
	assert_string_equal(ob.game, "buqruru-1");
	assert_string_equal(ob.seat, "zoe");
	assert_string_equal(ob.token, "ab-cd");
	assert_int_equal(ob.step, 4);
	assert_int_equal((int)ob.nlines, 1);
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("PARTIE buqruru-1\nJETON ab\n", &ob, &d), 0);
	assert_string_equal(ob.token, "ab");
	orderblock_free(&ob);
	assert_int_equal(orderblock_parse("Hilfe!\n", &ob, &d), 0);
	assert_true(ob.help);
	orderblock_free(&ob);
}

static void
template_keywords(void **state)
{
	struct tval *root = tval_map(), *kw;

	(void)state;
	ordertr_keywords("de", "buqruru", root);
	kw = tval_get(root, "kw");
	assert_string_equal(tval_get(kw, "GAME")->str, "SPIEL");
	assert_string_equal(tval_get(kw, "SOW")->str, "SÄEN");
	assert_string_equal(tval_get(kw, "TOKEN")->str, "MARKE");
	tval_free(root);
	root = tval_map();
	ordertr_keywords("en", "buqruru", root);
	kw = tval_get(root, "kw");
	assert_string_equal(tval_get(kw, "GAME")->str, "GAME");
	assert_string_equal(tval_get(kw, "SOW")->str, "SOW");
	assert_string_equal(tval_get(kw, "STEP")->str, "STEP");
	tval_free(root);
	root = tval_map();
	ordertr_keywords("de", "targi", root);
	assert_string_equal(tval_get(tval_get(root, "kw"), "MIRAGE")->str, "FATA MORGANA");
	tval_free(root);
}

/* A German seat's whole mail through the referee: a data directory whose
 * German templates are the English ones (the real ones come with the
 * catalogs) and whose catalogs are tests/ordertr/po, as compiled. */
static void
german_mail_through_the_referee(void **state)
{
	const char *src = getenv("srcdir");
	struct fixture f;
	struct play p;
	struct order_list ol;
	struct order o;
	char data[300], cmd[2400], shown[256], built[300], *raw, *body;
	const char *game;

	(void)state;
	if (src == NULL)
		src = ".";
	assert_non_null(getcwd(built, sizeof built));
	fx_open(&f);
	snprintf(data, sizeof data, "%s/data", f.dir);
	snprintf(cmd, sizeof cmd, "mkdir -p %s/templates/common %s/templates/buqruru && "
	    "for g in common buqruru; do ln -s %s/templates/$g/en %s/templates/$g/de; "
	    "ln -s %s/templates/$g/en %s/templates/$g/en; done && ln -s %s/data %s/data && "
	    "ln -s %s/tests/ordertr/po %s/po", data, data, src, data, src, data, src, data,
	    built, data);
	assert_int_equal(system(cmd), 0);
	snprintf(f.cfg.datadir, sizeof f.cfg.datadir, "%s", data);
	snprintf(f.cfg.language, sizeof f.cfg.language, "de");
	catalog_init(data);
	fx_game(&f, "buqruru", "bq-1", 2, 0, NULL, 0, &p);
	game = p.rules->name;

	/* The first legal order, in German, under German header words. */
	order_list_init(&ol);
	p.rules->legal(p.st, 0, &ol);
	assert_true(ol.n > 0);
	o = ol.v[0];
	order_list_free(&ol);
	assert_int_equal(ordertr_to_lang("de", game, o.text, shown, sizeof shown), 1);
	xasprintf(&raw, "From: <n@example.org>\nTo: referee@example.org\nSubject: z\n"
	    "Message-ID: <de1@example.org>\n\nSpiel bq-1\nPlatz north\nMarke %s\n%s\n",
	    f.tokens[0], shown);
	fx_mail(&f, raw);
	free(raw);
	/* Accepted, and kept in English. */
	{
		char q[600];

		snprintf(q, sizeof q, "SELECT COUNT(*) FROM orders WHERE status = 'accepted' "
		    "AND text = '%s'", o.text);
		assert_int_equal(fx_count(&f, q), 1);
	}
	body = fx_last_mail(&f, "ack", "n@example.org");
	assert_non_null(body);
	/* The reply quotes the line as written; the form is in German. */
	assert_non_null(strstr(body, shown));
	assert_non_null(strstr(body, "SPIEL bq-1"));
	assert_non_null(strstr(body, "SCHRITT "));
	free(body);

	/* A refused line is quoted as the player wrote it. */
	xasprintf(&raw, "From: <s@example.org>\nTo: referee@example.org\nSubject: z\n"
	    "Message-ID: <de2@example.org>\n\nSPIEL bq-1\nPLATZ south\nMARKE %s\n"
	    "MULDE zz\n", f.tokens[1]);
	fx_mail(&f, raw);
	free(raw);
	body = fx_last_mail(&f, "error", "s@example.org");
	assert_non_null(body);
	assert_non_null(strstr(body, "\"MULDE zz\""));
	assert_null(strstr(body, "HOLE zz"));
	free(body);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM orders WHERE status = 'rejected' "
	    "AND text = 'MULDE zz'"), 1);
	play_free(&p);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keywords_and_cards),
		cmocka_unit_test(longest_phrase_first),
		cmocka_unit_test(back_and_forth),
		cmocka_unit_test(too_long),
		cmocka_unit_test(refusal_quotes_the_player),
		cmocka_unit_test(header_words_any_language),
		cmocka_unit_test(template_keywords),
		cmocka_unit_test(german_mail_through_the_referee),
	};
	char cwd[900], dir[1024];

	if (getcwd(cwd, sizeof cwd) == NULL)
		return 1;
	snprintf(dir, sizeof dir, "%s/tests/ordertr", cwd);
	catalog_init(dir);
	msg_use_catalog(&catalog_msg);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
