/* Folding prose for the text part of a mail: lines no wider than asked,
 * counted in characters a reader sees, and never broken where the
 * reader's language does not allow it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "render/fold.h"

/* Each line of s: at most width characters, and none begins with a sign
 * French glues to the word before. */
static void
assert_lines(const char *s, size_t width)
{
	const char *p = s;

	while (*p != '\0') {
		size_t n = strcspn(p, "\n"), cols = 0;

		for (size_t i = 0; i < n; i++)
			if (((unsigned char)p[i] & 0xc0) != 0x80)
				cols++;
		assert_true(cols <= width);
		assert_true(strchr(";:!?", p[strspn(p, " ")]) == NULL || p[strspn(p, " ")] == '\0');
		assert_true(strncmp(p + strspn(p, " "), "\xc2\xbb", 2) != 0);
		p += n;
		if (*p == '\n')
			p++;
	}
}

static void
english_folds_at_spaces(void **state)
{
	char *s = fold_text("Waiting for amastan: choosing a sowing hole: a, b, c or d (sealed).",
	    30, "  ");

	(void)state;
	assert_string_equal(s,
	    "Waiting for amastan: choosing\n"
	    "  a sowing hole: a, b, c or d\n"
	    "  (sealed).");
	assert_lines(s, 30);
	free(s);
}

/* The mail this came from: "(argent restant\n    : 0)" in a Targui
 * report, and Buqruru's options starting a line with "; ". */
static void
french_high_signs_stay_with_their_word(void **state)
{
	char *s = fold_text("Les Kel Ajjer achètent 15 chameaux sur la case 31 (argent restant : 0).",
	    66, "    ");

	(void)state;
	assert_string_equal(s,
	    "Les Kel Ajjer achètent 15 chameaux sur la case 31 (argent\n"
	    "    restant : 0).");
	free(s);
	s = fold_text("a ; b ; c ; d ; e ; f ; g ; h ; i ; j ; k ; l ; m ; n ; o ; p ; q", 9, "");
	assert_lines(s, 9);
	free(s);
	s = fold_text("Vraiment ? Oui ! Voici : « 2 dattes » et « 1 sel » ; fin.", 12, "");
	assert_lines(s, 12);
	assert_null(strstr(s, "«\n"));
	assert_string_equal(s, "Vraiment ?\nOui !\nVoici :\n« 2 dattes »\net\n« 1 sel » ;\nfin.");
	free(s);
}

/* Accented letters are two bytes but one column: a line of 20 letters
 * with six é fits 20 columns. */
static void
width_counts_characters(void **state)
{
	char *s = fold_text("été été été été été été", 23, "");

	(void)state;
	assert_string_equal(s, "été été été été été été");
	free(s);
}

/* Reports read "6\npièces", "30\nNov", "2026,\n12:00 UTC" and "4.\nKel
 * Ilbakan": a count of one to three digits (or an ordinal) goes with the
 * word after it, a year with the word before it, a time with both; a list
 * of numbers or a number before a sign may still break. */
static void
a_count_stays_with_its_noun(void **state)
{
	char *s = fold_text("Les Kel Ajjer ont 6 pièces", 19, "");

	(void)state;
	assert_string_equal(s, "Les Kel Ajjer ont\n6 pièces");
	free(s);
	s = fold_text("due by Mon 30 Nov 2026", 13, "");
	assert_string_equal(s, "due by Mon\n30 Nov 2026");
	free(s);
	/* The mails this came from: a Spanish deadline, a German turn order. */
	s = fold_text("antes del martes, 24 de noviembre de 2026, 12:00 UTC, el árbitro", 40, "");
	assert_string_equal(s, "antes del martes, 24 de noviembre\nde 2026, 12:00 UTC, el árbitro");
	free(s);
	s = fold_text("Zugfolge: 3. Schicksalskarte 6, 4. Kel Ilbakan", 34, "");
	assert_string_equal(s, "Zugfolge: 3. Schicksalskarte 6,\n4. Kel Ilbakan");
	free(s);
	s = fold_text("MOVE 31 13 10", 8, "");
	assert_string_equal(s, "MOVE 31\n13 10");
	free(s);
	s = fold_text("holes 2026 cards", 10, "");
	assert_string_equal(s, "holes 2026\ncards");
	free(s);
	s = fold_text("score (4 VP)", 6, "");
	assert_string_equal(s, "score\n(4 VP)");
	free(s);
	s = fold_text("x1 cards", 3, "");
	assert_string_equal(s, "x1\ncards");
	free(s);
}

static void
a_long_word_stands_alone(void **state)
{
	char *s = fold_text("see https://example.org/a/very/long/path/to/a/page now", 20, "  ");

	(void)state;
	assert_string_equal(s, "see\n  https://example.org/a/very/long/path/to/a/page\n  now");
	free(s);
	s = fold_text("   ", 20, "");
	assert_string_equal(s, "");
	free(s);
}

/* A report's text part: the long prose lines fold, the rest keeps the
 * template's layout (the lines below are a Targi report's). */
static void
a_mail_folds_its_prose_only(void **state)
{
	const char *mail =
	    "YOUR TURN: Place Targi 1 of 3 on a border card (PLACE n), or this one and your next ones at once (PLACE n n n).\n"
	    "Copy one of these orders into your reply.\n"
	    "   1  PLACE 3\n"
	    "  tinhinan would score 4 now (4 VP tokens, 0 on cards, 0 from card bonuses, 0 from rows)\n"
	    "Chain head at step 178: f438a6e37c376407f7da9b802147d22c3dacb1fadbd0de537f7be126ac25e1b0\n"
	    "Your secret token:   zssn-34rq-cd22-f67f and a long tail that runs past the width of it\n"
	    "\n"
	    "LA PARTIE EST FINIE. Les Kel Ajjer (ajjer) gagnent avec un tribut de 6 pièces d'argent et 35 chameaux ; argent en caisse : 6.\n"
	    "GAME targi-1\n";
	char *s = fold_prose(mail, 72);

	(void)state;
	assert_string_equal(s,
	    "YOUR TURN: Place Targi 1 of 3 on a border card (PLACE n), or this one\n"
	    "and your next ones at once (PLACE n n n).\n"
	    "Copy one of these orders into your reply.\n"
	    "   1  PLACE 3\n"
	    "  tinhinan would score 4 now (4 VP tokens, 0 on cards, 0 from card\n"
	    "    bonuses, 0 from rows)\n"
	    "Chain head at step 178: f438a6e37c376407f7da9b802147d22c3dacb1fadbd0de537f7be126ac25e1b0\n"
	    "Your secret token:   zssn-34rq-cd22-f67f and a long tail that runs past the width of it\n"
	    "\n"
	    "LA PARTIE EST FINIE. Les Kel Ajjer (ajjer) gagnent avec un tribut de\n"
	    "6 pièces d'argent et 35 chameaux ; argent en caisse : 6.\n"
	    "GAME targi-1\n");
	free(s);
	s = fold_prose("south is away from Mon 23 Nov 2026 00:00 CET to Mon 30 Nov 2026 00:00 CET.\n", 72);
	assert_string_equal(s, "south is away from Mon 23 Nov 2026 00:00 CET to Mon\n"
	    "30 Nov 2026 00:00 CET.\n");
	free(s);
	s = fold_prose("no newline at the end, and short", 72);
	assert_string_equal(s, "no newline at the end, and short");
	free(s);
}

/* The secrets scan (secret_in) reads text parts: a hidden fact the fold
 * parts over two lines is still found there, and still as a whole word. */
static void
a_folded_fact_is_still_found(void **state)
{
	char *s = fold_prose("  tinhinan keeps in hand what nobody else may see at all now: the tribe "
	    "card 20, drawn last round.\n", 72);

	(void)state;
	assert_non_null(strstr(s, "tribe\n    card 20"));
	assert_non_null(secret_in(s, "tribe card 20"));
	assert_null(secret_in(s, "tribe card 2"));
	assert_null(secret_in(s, "the card 20"));
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(english_folds_at_spaces),
		cmocka_unit_test(french_high_signs_stay_with_their_word),
		cmocka_unit_test(width_counts_characters),
		cmocka_unit_test(a_count_stays_with_its_noun),
		cmocka_unit_test(a_long_word_stands_alone),
		cmocka_unit_test(a_mail_folds_its_prose_only),
		cmocka_unit_test(a_folded_fact_is_still_found),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
