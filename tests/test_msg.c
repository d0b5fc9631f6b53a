/* Messages: what an engine says is kept as its format and arguments, and
 * rendered in the reader's language only when a mail is written. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"

/* A catalog of two languages, enough to see every path of the renderer. */
static const char *
fake_get(const char *lang, const char *ctx, const char *id)
{
	static const char *const t[][4] = {
		{ "de", NULL, "Round %d begins; %s moves first.",
		    "Runde %d beginnt; %s zieht zuerst." },
		{ "de", NULL, "%s takes %s.", "%2$s nimmt sich %1$s." },
		{ "de", NULL, "%d %s", "%d %s" },
		{ "de", NULL, "[%-8s]", "[%-8s]" },
		{ "de", "term", "good.dates", "Datteln" },
		{ "en", "term", "good.dates", "dates" },
		{ "en", "term", "card.nobles", "Nobles" },
		{ "en", "term", "place.dune", "D\u00fcne" },
	};

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(t[i][0], lang) == 0 && strcmp(t[i][2], id) == 0 &&
		    ((ctx == NULL && t[i][1] == NULL) ||
		    (ctx != NULL && t[i][1] != NULL && strcmp(ctx, t[i][1]) == 0)))
			return t[i][3];
	return NULL;
}

static const char *
fake_nget(const char *lang, const char *id, const char *plural, unsigned long n)
{
	(void)plural;
	if (strcmp(lang, "de") == 0 && strcmp(id, "%lu camel") == 0)
		return n != 1 ? "%lu Kamele" : "%lu Kamel";
	return NULL;
}

static int
fake_wants(const char *lang)
{
	return strcmp(lang, "en") != 0;
}

static const struct msg_catalog fake = { fake_get, fake_nget, fake_wants };

static void
expect(const char *lang, const char *enc, const char *want)
{
	char *got = msg_text(lang, enc);

	assert_string_equal(got, want);
	free(got);
}

static void
test_plain_text_renders_as_itself(void **state)
{
	(void)state;
	msg_use_catalog(&fake);
	expect("de", "Ein Satz, von Hand.", "Ein Satz, von Hand.");
	expect("de", "", "");
}

static void
test_numbers_and_strings(void **state)
{
	char m[256];

	(void)state;
	msg_use_catalog(&fake);
	assert_int_equal(msg_fmt(m, sizeof m, "Round %d begins; %s moves first.", 12,
	    "amastan"), 0);
	assert_true(msg_is_encoded(m));
	expect("en", m, "Round 12 begins; amastan moves first.");
	expect("de", m, "Runde 12 beginnt; amastan zieht zuerst.");
	/* Each field ends where its length says: digits of the next field's
	 * length must not run into a number. */
	msg_fmt(m, sizeof m, "%d %s", 1, "2:ab");
	expect("en", m, "1 2:ab");
	msg_fmt(m, sizeof m, "%lld|%zu|%u|%c|%x|%%|%.2f", -5LL, (size_t)7, 3u, 'q', 255u, 1.5);
	expect("en", m, "-5|7|3|q|ff|%|1.50");
}

static void
test_translation_reorders_arguments(void **state)
{
	char m[256], t[64];

	(void)state;
	msg_use_catalog(&fake);
	msg_term(t, sizeof t, "good.dates");
	msg_fmt(m, sizeof m, "%s takes %s.", t, "tinhinan");
	expect("en", m, "dates takes tinhinan.");
	expect("de", m, "tinhinan nimmt sich Datteln.");
}

static void
test_fragments_nest(void **state)
{
	char inner[128], outer[256];

	(void)state;
	msg_use_catalog(&fake);
	msg_fmt(inner, sizeof inner, "%d %s", 3, TERM("good.dates"));
	msg_fmt(outer, sizeof outer, "%s takes %s.", inner, "amastan");
	expect("en", outer, "3 dates takes amastan.");
	expect("de", outer, "amastan nimmt sich 3 Datteln.");
}

static void
test_width_applies_to_the_rendered_text(void **state)
{
	char m[128];

	(void)state;
	msg_use_catalog(&fake);
	msg_fmt(m, sizeof m, "[%-8s]", TERM("good.dates"));
	expect("en", m, "[dates   ]");
	expect("de", m, "[Datteln ]");
	/* Characters, not bytes: a board column holds "Düne" like "Dune". */
	msg_fmt(m, sizeof m, "[%-6s|%3.2s|%-4.4s]", TERM("place.dune"),
	    TERM("place.dune"), TERM("place.dune"));
	expect("en", m, "[D\u00fcne  | D\u00fc|D\u00fcne]");
}

static void
test_plurals_follow_the_language(void **state)
{
	char m[128];

	(void)state;
	msg_use_catalog(&fake);
	msg_nfmt(m, sizeof m, 1, "%lu camel", "%lu camels", 1UL);
	expect("en", m, "1 camel");
	expect("de", m, "1 Kamel");
	msg_nfmt(m, sizeof m, 4, "%lu camel", "%lu camels", 4UL);
	expect("en", m, "4 camels");
	expect("de", m, "4 Kamele");
}

static void
test_missing_translation_is_counted_not_hidden(void **state)
{
	unsigned long before;
	char m[128];

	(void)state;
	msg_use_catalog(&fake);
	before = msg_missing();
	msg_fmt(m, sizeof m, "Nobody translated %s.", "this");
	expect("en", m, "Nobody translated this.");
	assert_int_equal(msg_missing(), before);
	expect("de", m, "Nobody translated this.");
	assert_int_equal(msg_missing(), before + 1);
	assert_string_equal(msg_missing_last(), "Nobody translated %s.");
	/* A term without a German name is missing too. */
	expect("de", TERM("card.nobles"), "Nobles");
	assert_int_equal(msg_missing(), before + 2);
}

/* Rendered texts are kept for the next reader: a missing translation must
 * still count every time, and another catalog must not see the old texts. */
static const char *
other_get(const char *lang, const char *ctx, const char *id)
{
	(void)ctx;
	return strcmp(lang, "de") == 0 && strcmp(id, "%s takes %s.") == 0 ?
	    "%s nimmt %s." : NULL;
}

static const struct msg_catalog other = { other_get, fake_nget, fake_wants };

static void
test_kept_renders_count_and_follow_the_catalog(void **state)
{
	unsigned long before;
	char m[128];

	(void)state;
	msg_use_catalog(&fake);
	msg_fmt(m, sizeof m, "Nobody translated %s either.", "this");
	before = msg_missing();
	expect("de", m, "Nobody translated this either.");
	expect("de", m, "Nobody translated this either.");
	assert_int_equal(msg_missing(), before + 2);
	msg_fmt(m, sizeof m, "%s takes %s.", "amastan", "tinhinan");
	expect("de", m, "tinhinan nimmt sich amastan.");
	expect("de", m, "tinhinan nimmt sich amastan.");
	msg_use_catalog(&other);
	expect("de", m, "amastan nimmt tinhinan.");
	msg_use_catalog(&fake);
	expect("de", m, "tinhinan nimmt sich amastan.");
}

static void
test_no_newline_or_tab_survives_encoding(void **state)
{
	char m[128];

	(void)state;
	msg_use_catalog(&fake);
	msg_fmt(m, sizeof m, "a\tb %s", "c\nd");
	assert_null(strchr(m, '\n'));
	assert_null(strchr(m, '\t'));
	expect("en", m, "a b c d");
}

static void
test_too_long_keeps_english(void **state)
{
	char m[24];

	(void)state;
	msg_use_catalog(&fake);
	assert_int_equal(msg_fmt(m, sizeof m, "Round %d begins; %s moves first.", 1,
	    "amastan"), -1);
	assert_false(msg_is_encoded(m));
	assert_string_equal(m, "Round 1 begins; amastan");
}

static void
test_broken_encodings_do_not_crash(void **state)
{
	static const char *const bad[] = {
		"\001", "\001s", "\001s9", "\001s99:abc", "\001s3:%s", "\001s3:%s5:ab",
		"\001p2:%d", "\001s2:%*d1:x", "\001s4:%99$", "\002", "\001s2:%n",
		"\001s12:%s%s%s%s%s%s1:\001",
		/* Found by fuzz_msg: a width of a billion asked for 2 GB. */
		"\001s13:%888888883s.32:ab", "\001s4:%*s.10:20000000001:x",
		"\001s13:s%83888888888",
		/* Found by fuzz_msg: a render to nothing, kept, copied from a
		 * buffer that held nothing (UBSan). */
		"\003:",
	};

	(void)state;
	msg_use_catalog(&fake);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *t = msg_text("de", bad[i]);

		assert_non_null(t);
		assert_true(strlen(t) < 1024);
		free(t);
	}
}

/* What a kept message said, whatever a catalog makes of it: its arguments
 * by the format that is its id, and nothing from another message, plain
 * text or a broken encoding. */
static void
test_arguments_read_back(void **state)
{
	char m[256], t[64], a[16];

	(void)state;
	msg_use_catalog(&fake);
	msg_term(t, sizeof t, "good.dates");
	msg_fmt(m, sizeof m, "%s takes %s.", t, "tinhinan");
	assert_int_equal(msg_arg(m, "%s takes %s.", 1, a, sizeof a), 0);
	assert_string_equal(a, "tinhinan");
	assert_int_equal(msg_arg(m, "%s takes %s.", 2, a, sizeof a), -1);
	assert_int_equal(msg_arg(m, "%s takes %s", 1, a, sizeof a), -1);
	assert_int_equal(msg_arg("tinhinan takes dates.", "%s takes %s.", 1, a, sizeof a), -1);
	assert_int_equal(msg_arg("\001s12:%s takes %s.9:ab", "%s takes %s.", 0, a, sizeof a),
	    -1);
	msg_fmt(m, sizeof m, "Round %d begins; %s moves first.", 12, "amastan");
	assert_int_equal(msg_arg(m, "Round %d begins; %s moves first.", 0, a, sizeof a), 0);
	assert_string_equal(a, "12");
	/* Cut to fit, as "%.*s" would. */
	assert_int_equal(msg_arg(m, "Round %d begins; %s moves first.", 1, a, 4), 0);
	assert_string_equal(a, "ama");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_text_renders_as_itself),
		cmocka_unit_test(test_numbers_and_strings),
		cmocka_unit_test(test_translation_reorders_arguments),
		cmocka_unit_test(test_fragments_nest),
		cmocka_unit_test(test_width_applies_to_the_rendered_text),
		cmocka_unit_test(test_plurals_follow_the_language),
		cmocka_unit_test(test_missing_translation_is_counted_not_hidden),
		cmocka_unit_test(test_kept_renders_count_and_follow_the_catalog),
		cmocka_unit_test(test_no_newline_or_tab_survives_encoding),
		cmocka_unit_test(test_too_long_keeps_english),
		cmocka_unit_test(test_broken_encodings_do_not_crash),
		cmocka_unit_test(test_arguments_read_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
