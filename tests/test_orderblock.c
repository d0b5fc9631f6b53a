#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "lang/catalog.h"
#include "core/diag.h"
#include "core/msg.h"
#include "mail/orderblock.h"

/* Parses text, which must succeed, and checks the header block. A NULL
 * want_* means the field must be missing. */
static void
parse_ok(const char *text, struct orderblock *ob, const char *game,
    const char *seat, const char *token)
{
	struct diag d;

	diag_clear(&d);
	if (orderblock_parse(text, ob, &d) != 0)
		fail_msg("line %d: %s", d.line, d.msg);
	if (game == NULL)
		assert_null(ob->game);
	else
		assert_string_equal(ob->game, game);
	if (seat == NULL)
		assert_null(ob->seat);
	else
		assert_string_equal(ob->seat, seat);
	if (token == NULL)
		assert_null(ob->token);
	else
		assert_string_equal(ob->token, token);
	assert_int_equal(ob->found, game != NULL);
}

/* The order lines as "lineno:text|lineno:text|". */
static void
expect_lines(const struct orderblock *ob, const char *want)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < ob->nlines; i++)
		buf_printf(&b, "%d:%s|", ob->lines[i].lineno, ob->lines[i].text);
	assert_string_equal(b.p != NULL ? b.p : "", want);
	buf_free(&b);
}

#define BAD_GAME "the word after GAME is not a game id: a game id is 1 to 32 letters, " \
	"digits, '_', '.' or '-', starting with a letter or digit"
#define BAD_SEAT "the word after SEAT is not a seat name: a seat name is 1 to 32 " \
	"letters, digits, '_', '.' or '-', starting with a letter or digit"
#define BAD_TOKEN "the word after TOKEN is not a token: a token is 1 to 64 letters, " \
	"digits or '-', as in the mail that started the game"

static void
parse_fails(const char *text, int line, const char *msg)
{
	struct orderblock ob;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(orderblock_parse(text, &ob, &d), -1);
	assert_int_equal(d.line, line);
	assert_string_equal(d.msg, msg);
	orderblock_free(&ob);
}

static void
t_simple(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("GAME buqruru-1\nSEAT zoe\nTOKEN 7f3a-91c2\nSOW 3\nSOW 5\n",
	    &ob, "buqruru-1", "zoe", "7f3a-91c2");
	assert_int_equal(ob.game_line, 1);
	assert_int_equal(ob.seat_line, 2);
	assert_int_equal(ob.token_line, 3);
	assert_int_equal(ob.help, 0);
	expect_lines(&ob, "4:SOW 3|5:SOW 5|");
	orderblock_free(&ob);
	assert_null(ob.lines);
	assert_int_equal(ob.nlines, 0);
}

static void
t_case_and_order(void **state)
{
	struct orderblock ob;

	(void)state;
	/* Keywords in any case, TOKEN before SEAT; values keep their case;
	 * no newline after the last line. */
	parse_ok("game Targi-7\ntOKEN AbC-9\nSeat Tamghart\nplace 3 5",
	    &ob, "Targi-7", "Tamghart", "AbC-9");
	assert_int_equal(ob.token_line, 2);
	assert_int_equal(ob.seat_line, 3);
	expect_lines(&ob, "4:place 3 5|");
	orderblock_free(&ob);
}

static void
t_comments_blanks_space(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("# my orders for this turn\n"
	    "\n"
	    "  GAME\tbuqruru-1   # the game\n"
	    "   \t\n"
	    "# seat next\n"
	    "SEAT zoe#no space before the comment\n"
	    "TOKEN 7f3a\n"
	    "  SOW 3   # from my third pit  \n"
	    "#SOW 4\n"
	    "\tSOW  5\t\n",
	    &ob, "buqruru-1", "zoe", "7f3a");
	assert_int_equal(ob.game_line, 3);
	assert_int_equal(ob.seat_line, 6);
	/* Inner spacing of an order is the engine's business. */
	expect_lines(&ob, "8:SOW 3|10:SOW  5|");
	orderblock_free(&ob);
}

static void
t_quotes_ignored(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("> GAME other-1\n"
	    ">SEAT x\n"
	    "GAME buqruru-1\n"
	    "  > SEAT quoted\n"
	    "SEAT zoe\n"
	    "TOKEN 7f3a\n"
	    ">> SOW 1\n"
	    "SOW 2\n"
	    "\t> SOW 3\n",
	    &ob, "buqruru-1", "zoe", "7f3a");
	expect_lines(&ob, "8:SOW 2|");
	orderblock_free(&ob);
}

static void
t_signature(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("GAME buqruru-1\nSEAT zoe\nTOKEN 7f3a\nSOW 2\n-- \n"
	    "Zoe Ag Amastan\nSOW 9\n", &ob, "buqruru-1", "zoe", "7f3a");
	expect_lines(&ob, "4:SOW 2|");
	orderblock_free(&ob);

	/* "--" without the space, too; with CRLF. */
	parse_ok("GAME buqruru-1\r\nSEAT zoe\r\nSOW 2\r\n--\r\nSOW 9\r\n",
	    &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:SOW 2|");
	orderblock_free(&ob);

	/* Not separators: other dashes, or text after them. */
	parse_ok("GAME buqruru-1\nSEAT zoe\n---\n-- x\n --\nSOW 1\n",
	    &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:---|4:-- x|5:--|6:SOW 1|");
	orderblock_free(&ob);

	/* A signature before any GAME line: nothing is found. */
	parse_ok("Hello\n-- \nGAME buqruru-1\nSEAT zoe\n", &ob, NULL, NULL,
	    NULL);
	orderblock_free(&ob);
}

static void
t_crlf(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("GAME buqruru-1\r\nSEAT zoe\r\nTOKEN 7f3a\r\n\r\nSOW 3\r\n"
	    "SOW 4 # c\r\n", &ob, "buqruru-1", "zoe", "7f3a");
	expect_lines(&ob, "5:SOW 3|6:SOW 4|");
	orderblock_free(&ob);
}

static void
t_report_quoted_back(void **state)
{
	struct orderblock ob;

	(void)state;
	/* A reply that kept the report unquoted (as some clients forward
	 * it) and filled in the form at the bottom: the report's own GAME
	 * lines are not followed by SEAT or TOKEN. */
	parse_ok("Buqruru -- turn 5\n"
	    "GAME buqruru-1\n"
	    "Board:\n"
	    "  4  0  3  2  1  5  0  2\n"
	    "GAME buqruru-1 is waiting for zoe\n"
	    "Your orders (fill in and send back):\n"
	    "GAME buqruru-1\n"
	    "\n"
	    "SEAT zoe\n"
	    "TOKEN 7f3a-91c2\n"
	    "# write one order per line below\n"
	    "SOW 3\n",
	    &ob, "buqruru-1", "zoe", "7f3a-91c2");
	assert_int_equal(ob.game_line, 7);
	expect_lines(&ob, "12:SOW 3|");
	orderblock_free(&ob);

	/* The same with the report quoted by '>' and the form below it. */
	parse_ok("On Tue, 4 Mar 2025, azalai wrote:\n"
	    "> Buqruru -- turn 5\n"
	    "> GAME buqruru-1\n"
	    "> SEAT zoe\n"
	    "> TOKEN 7f3a-91c2\n"
	    "\n"
	    "GAME buqruru-1\n"
	    "SEAT zoe\n"
	    "TOKEN 7f3a-91c2\n"
	    "SOW 3\n",
	    &ob, "buqruru-1", "zoe", "7f3a-91c2");
	assert_int_equal(ob.game_line, 7);
	expect_lines(&ob, "10:SOW 3|");
	orderblock_free(&ob);
}

static void
t_top_posted(void **state)
{
	struct orderblock ob;

	(void)state;
	/* Orders on top, the client's attribution line and the quoted
	 * report below: neither is an order. */
	parse_ok("GAME buqruru-1\n"
	    "SEAT zoe\n"
	    "TOKEN 7f3a-91c2\n"
	    "SOW 3\n"
	    "\n"
	    "On Tue, 4 Mar 2025 at 09:15, azalai <referee@azalai.example> "
	    "wrote:\n"
	    "\n"
	    "> Buqruru -- turn 5\n"
	    "> GAME buqruru-1\n"
	    "> SEAT zoe\n"
	    "> TOKEN 7f3a-91c2\n",
	    &ob, "buqruru-1", "zoe", "7f3a-91c2");
	expect_lines(&ob, "4:SOW 3|");
	orderblock_free(&ob);

	/* Outlook puts the original below a marker, unquoted. */
	parse_ok("GAME buqruru-1\nSEAT zoe\nSOW 3\n\n"
	    "-----Original Message-----\nFrom: azalai\nGAME buqruru-1\n"
	    "SEAT zoe\n", &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:SOW 3|");
	orderblock_free(&ob);
	parse_ok("GAME buqruru-1\nSEAT zoe\nSOW 3\n"
	    "________________________________\nFrom: azalai\nSOW 4\n",
	    &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:SOW 3|");
	orderblock_free(&ob);

	/* A line ending in ':' is an order line when no quote follows. */
	parse_ok("GAME buqruru-1\nSEAT zoe\nSAY well:\nSOW 3\n",
	    &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:SAY well:|4:SOW 3|");
	orderblock_free(&ob);
}

static void
t_first_game_line_fallback(void **state)
{
	struct orderblock ob;

	(void)state;
	/* No GAME line is followed by SEAT or TOKEN: the first one counts;
	 * what comes before it is ignored, what follows is orders. */
	parse_ok("Hello referee,\nGAME buqruru-1\nSOW 3\nGAME buqruru-2\n",
	    &ob, "buqruru-1", NULL, NULL);
	assert_int_equal(ob.game_line, 2);
	assert_int_equal(ob.seat_line, 0);
	assert_int_equal(ob.token_line, 0);
	expect_lines(&ob, "3:SOW 3|4:GAME buqruru-2|");
	orderblock_free(&ob);

	/* A GAME line followed by SEAT wins over an earlier one. */
	parse_ok("GAME buqruru-1\nSOW 3\nGAME buqruru-2\nSEAT zoe\nSOW 4\n",
	    &ob, "buqruru-2", "zoe", NULL);
	assert_int_equal(ob.game_line, 3);
	expect_lines(&ob, "5:SOW 4|");
	orderblock_free(&ob);

	/* A SEAT line after an order is an order line. */
	parse_ok("GAME buqruru-1\nSEAT zoe\nSOW 3\nSEAT amastan\n",
	    &ob, "buqruru-1", "zoe", NULL);
	expect_lines(&ob, "3:SOW 3|4:SEAT amastan|");
	orderblock_free(&ob);
}

static void
t_game_line_shape(void **state)
{
	struct orderblock ob;

	(void)state;
	/* GAME lines are exactly two words. */
	parse_ok("GAME\nGAME buqruru 1\nGame on, everyone\nGAME buqruru-1\n"
	    "SOW 1\n", &ob, "buqruru-1", NULL, NULL);
	assert_int_equal(ob.game_line, 4);
	orderblock_free(&ob);

	/* A SEAT line of three words does not make its GAME line the
	 * header; a GAME line with one is chosen as the first GAME line and
	 * the SEAT line is then an error. */
	parse_fails("GAME buqruru-1\nSEAT zoe amastan\n", 2,
	    "a SEAT line is the word SEAT and one seat name, as in "
	    "\"SEAT amastan\"");
}

static void
t_help(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("HELP\n", &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 1);
	orderblock_free(&ob);
	parse_ok("> quoted\n\n  help?  # please\nI am lost\n", &ob, NULL,
	    NULL, NULL);
	assert_int_equal(ob.help, 1);
	orderblock_free(&ob);
	parse_ok("Help me with buqruru\n", &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 1);
	orderblock_free(&ob);

	/* Not help: not the first line, a longer word, nothing at all. */
	parse_ok("Hello\nHELP\n", &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 0);
	orderblock_free(&ob);
	parse_ok("helpful\n", &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 0);
	orderblock_free(&ob);
	parse_ok("", &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 0);
	assert_int_equal(ob.nlines, 0);
	orderblock_free(&ob);
	parse_ok(NULL, &ob, NULL, NULL, NULL);
	assert_int_equal(ob.help, 0);
	orderblock_free(&ob);

	/* With a GAME line, HELP is an order line for the caller. */
	parse_ok("HELP\nGAME buqruru-1\nSEAT zoe\nHELP\n", &ob, "buqruru-1",
	    "zoe", NULL);
	assert_int_equal(ob.help, 0);
	expect_lines(&ob, "4:HELP|");
	orderblock_free(&ob);
}

static void
t_help_subject(void **state)
{
	(void)state;
	assert_int_equal(orderblock_help_subject("HELP"), 1);
	assert_int_equal(orderblock_help_subject("  help"), 1);
	assert_int_equal(orderblock_help_subject("Re: help"), 1);
	assert_int_equal(orderblock_help_subject("Fwd: RE: Help!"), 1);
	assert_int_equal(orderblock_help_subject("FW:help with targi"), 1);
	assert_int_equal(orderblock_help_subject("helpful"), 0);
	assert_int_equal(orderblock_help_subject("Re: orders"), 0);
	assert_int_equal(orderblock_help_subject("Re:"), 0);
	assert_int_equal(orderblock_help_subject(""), 0);
	assert_int_equal(orderblock_help_subject(NULL), 0);
}

static void
t_duplicates(void **state)
{
	struct orderblock ob;
	struct diag d;

	(void)state;
	parse_fails("GAME buqruru-1\nSEAT zoe\nTOKEN 7f3a\n\nSEAT amastan\n", 5,
	    "this is a second SEAT line (the first is line 2); give the seat "
	    "once");
	parse_fails("hi\nGAME buqruru-1\nTOKEN 7f3a\nSEAT zoe\nTOKEN 7f3a\n", 5,
	    "this is a second TOKEN line (the first is line 3); give the "
	    "token once");

	/* On an error the block keeps what came before it. */
	diag_clear(&d);
	assert_int_equal(orderblock_parse("GAME buqruru-1\nSEAT zoe\n"
	    "SEAT zoe\n", &ob, &d), -1);
	assert_string_equal(ob.game, "buqruru-1");
	assert_string_equal(ob.seat, "zoe");
	assert_int_equal(ob.found, 1);
	orderblock_free(&ob);
}

static void
t_bad_header_words(void **state)
{
	(void)state;
	parse_fails("GAME buqruru-1\nSEAT\n", 2,
	    "a SEAT line is the word SEAT and one seat name, as in "
	    "\"SEAT amastan\"");
	parse_fails("GAME buqruru-1\nSEAT zoe\ntoken 7f3a 91c2\n", 3,
	    "a TOKEN line is the word TOKEN and one token, as in "
	    "\"TOKEN 7f3a-91c2\"");
}

static void
t_game_ids(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("GAME a\nSEAT B\n", &ob, "a", "B", NULL);
	orderblock_free(&ob);
	parse_ok("GAME 0123456789abcdefghij_.-ABCDEFGHI\n"
	    "SEAT 0123456789abcdefghij_.-ABCDEFGHI\n", &ob,
	    "0123456789abcdefghij_.-ABCDEFGHI",
	    "0123456789abcdefghij_.-ABCDEFGHI", NULL);
	orderblock_free(&ob);

	/* Said by line, never in the words of a mail no token has proved
	 * yet (issue 35). */
	parse_fails("GAME b@d\nSEAT zoe\n", 1, BAD_GAME);
	parse_fails("x\nGAME -buqruru\nSEAT zoe\n", 2, BAD_GAME);
	/* 33 characters. */
	parse_fails("GAME 0123456789abcdefghij_.-ABCDEFGHIJ\n", 1, BAD_GAME);
}

static void
t_seat_names(void **state)
{
	(void)state;
	parse_fails("GAME buqruru-1\nSEAT zo\xc3\xa9\n", 2, BAD_SEAT);
	parse_fails("GAME buqruru-1\nTOKEN 7f3a\nSEAT _zoe\n", 3, BAD_SEAT);
	parse_fails("GAME buqruru-1\nSEAT "
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9xyz\n", 2, BAD_SEAT);
}

static void
t_tokens(void **state)
{
	struct orderblock ob;
	char text[256];

	(void)state;
	snprintf(text, sizeof text, "GAME g\nTOKEN %s\n",
	    "0123456789012345678901234567890123456789012345678901234567890-AZ");
	parse_ok(text, &ob, "g", NULL,
	    "0123456789012345678901234567890123456789012345678901234567890-AZ");
	orderblock_free(&ob);

	snprintf(text, sizeof text, "GAME g\nTOKEN %s\n",
	    "0123456789012345678901234567890123456789012345678901234567890-AZb");
	parse_fails(text, 2, BAD_TOKEN);
	parse_fails("GAME g\nTOKEN 7f3a_91c2\n", 2, BAD_TOKEN);
}

static void
t_long_lines(void **state)
{
	struct orderblock ob;
	struct buf b = BUF_INIT;
	char msg[128];
	int i;

	(void)state;
	/* 1000 bytes are allowed, 1001 are not, CRs do not count. */
	buf_adds(&b, "GAME g\nSEAT s\nSAY ");
	for (i = 0; i < 996; i++)
		buf_addc(&b, 'x');
	buf_adds(&b, "\r\n");
	parse_ok(b.p, &ob, "g", "s", NULL);
	assert_int_equal(ob.nlines, 1);
	assert_int_equal(strlen(ob.lines[0].text), 1000);
	orderblock_free(&ob);
	b.len -= 2;
	buf_adds(&b, "y\nSOW 1\n");
	snprintf(msg, sizeof msg, "the line is 1001 bytes long; a line may "
	    "have at most 1000");
	parse_fails(b.p, 3, msg);

	/* A long comment counts: the limit is on the line as sent. */
	buf_reset(&b);
	buf_adds(&b, "GAME g\nSEAT s\nSOW 1\nSOW 2 #");
	for (i = 0; i < 1000; i++)
		buf_addc(&b, 'c');
	buf_adds(&b, "\n");
	snprintf(msg, sizeof msg, "the line is 1007 bytes long; a line may "
	    "have at most 1000");
	parse_fails(b.p, 4, msg);

	/* Long lines before the GAME line, quoted or after the signature
	 * are not read, so they are not errors. */
	buf_reset(&b);
	for (i = 0; i < 3000; i++)
		buf_addc(&b, 'p');
	buf_adds(&b, "\n> ");
	for (i = 0; i < 3000; i++)
		buf_addc(&b, 'q');
	buf_adds(&b, "\nGAME g\nSEAT s\nSOW 1\n-- \n");
	for (i = 0; i < 3000; i++)
		buf_addc(&b, 's');
	parse_ok(b.p, &ob, "g", "s", NULL);
	expect_lines(&ob, "5:SOW 1|");
	orderblock_free(&ob);

	/* A long header line. */
	buf_reset(&b);
	buf_adds(&b, "GAME g\nSEAT s ");
	for (i = 0; i < 1000; i++)
		buf_addc(&b, ' ');
	buf_adds(&b, "\n");
	parse_fails(b.p, 2, "the line is 1007 bytes long; a line may have at "
	    "most 1000");
	buf_free(&b);
}

static void
t_order_count(void **state)
{
	struct orderblock ob;
	struct buf b = BUF_INIT;
	int i;

	(void)state;
	buf_adds(&b, "GAME g\nSEAT s\nTOKEN t\n");
	for (i = 0; i < 500; i++)
		buf_printf(&b, "SOW %d\n\n", i);
	parse_ok(b.p, &ob, "g", "s", "t");
	assert_int_equal(ob.nlines, 500);
	assert_int_equal(ob.lines[499].lineno, 3 + 2 * 499 + 1);
	assert_string_equal(ob.lines[499].text, "SOW 499");
	orderblock_free(&ob);
	buf_adds(&b, "# comments and quotes do not count\n> x\nSOW 500\n");
	parse_fails(b.p, 1006, "a mail may carry at most 500 order lines; "
	    "send the rest in another mail");
	buf_free(&b);
}

static void
t_bom_and_nbsp(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("\xef\xbb\xbfGAME\xc2\xa0g\nSEAT\xc2\xa0\xc2\xa0s\n"
	    "\xc2\xa0SOW\xc2\xa0" "1\xc2\xa0\n", &ob, "g", "s", NULL);
	expect_lines(&ob, "3:SOW 1|");
	orderblock_free(&ob);
}

static void
t_no_game(void **state)
{
	struct orderblock ob;

	(void)state;
	parse_ok("Hello referee,\nwhen is my next turn?\n> GAME g\n> SEAT s\n",
	    &ob, NULL, NULL, NULL);
	assert_int_equal(ob.found, 0);
	assert_int_equal(ob.help, 0);
	assert_int_equal(ob.nlines, 0);
	assert_int_equal(ob.game_line, 0);
	orderblock_free(&ob);
}

/* A refused header line names the header words as the reader writes them,
 * the same word the sentence uses for the thing ("SCHLÜSSEL", a Schlüssel). */
static void
t_header_words_in_reader_language(void **state)
{
	static const char *const want[][2] = {
		{ "de", "eine SCHLÜSSEL-Zeile ist das Wort SCHLÜSSEL und ein Schlüssel, wie in "
		    "„SCHLÜSSEL 7f3a-91c2“" },
		{ "es", "una línea CLAVE es la palabra CLAVE y una clave, como en "
		    "«CLAVE 7f3a-91c2»" },
		{ "fr", "une ligne JETON est le mot JETON et un jeton, comme dans "
		    "« JETON 7f3a-91c2 »" },
		{ "en", "a TOKEN line is the word TOKEN and one token, as in "
		    "\"TOKEN 7f3a-91c2\"" },
	};
	const char *src = getenv("srcdir");
	struct orderblock ob;
	struct diag d;

	(void)state;
	catalog_init(src != NULL ? src : ".");
	msg_use_catalog(&catalog_msg);
	diag_clear(&d);
	assert_int_equal(orderblock_parse("GAME bq-1\nSEAT zoe\nTOKEN\nSOW\n", &ob, &d), -1);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char *t = msg_text(want[i][0], d.enc);

		assert_string_equal(t, want[i][1]);
		free(t);
	}
	orderblock_free(&ob);
	msg_use_catalog(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_simple),
		cmocka_unit_test(t_case_and_order),
		cmocka_unit_test(t_comments_blanks_space),
		cmocka_unit_test(t_quotes_ignored),
		cmocka_unit_test(t_signature),
		cmocka_unit_test(t_crlf),
		cmocka_unit_test(t_report_quoted_back),
		cmocka_unit_test(t_top_posted),
		cmocka_unit_test(t_first_game_line_fallback),
		cmocka_unit_test(t_game_line_shape),
		cmocka_unit_test(t_help),
		cmocka_unit_test(t_help_subject),
		cmocka_unit_test(t_duplicates),
		cmocka_unit_test(t_bad_header_words),
		cmocka_unit_test(t_game_ids),
		cmocka_unit_test(t_seat_names),
		cmocka_unit_test(t_tokens),
		cmocka_unit_test(t_long_lines),
		cmocka_unit_test(t_order_count),
		cmocka_unit_test(t_bom_and_nbsp),
		cmocka_unit_test(t_no_game),
		cmocka_unit_test(t_header_words_in_reader_language),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
