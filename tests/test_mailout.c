/* The bytes handed to SMTP: CRLF only, whatever line ends a player's text
 * had, so no lone "." after a bare LF or CR can end DATA early. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <glib.h>
#include <string.h>

#include "mailout.h"

static void
wire_is(const char *in, const char *want)
{
	size_t n;
	char *out = mailout_crlf(in, strlen(in), &n);

	assert_int_equal(n, strlen(want));
	assert_string_equal(out, want);
	g_free(out);
}

static void
test_crlf(void **state)
{
	(void)state;
	wire_is("a\nb\n", "a\r\nb\r\n");
	wire_is("a\r\nb\r\n", "a\r\nb\r\n");
	wire_is("no end", "no end\r\n");
	wire_is("", "\r\n");
	/* The smuggling shapes: a lone dot after a bare LF, a bare CR, LF CR. */
	wire_is("x\n.\nMAIL FROM:<a@b>\n", "x\r\n.\r\nMAIL FROM:<a@b>\r\n");
	wire_is("x\r.\rDATA\r", "x\r\n.\r\nDATA\r\n");
	wire_is("x\n\r.\n", "x\r\n\r\n.\r\n");
	wire_is("x\r\r\n", "x\r\n\r\n");
}

static void
test_built_mail(void **state)
{
	struct outmail o = { 1, "press", "azalai", "referee@a.test", "p@a.test", "press",
	    "first\n.\nMAIL FROM:<referee@a.test>\r\nRCPT TO:<p@a.test>\rDATA\n.\nlast\n",
	    "", "azalai.1.x@a.test", "", "", "2026-11-21T12:00:00Z" };
	size_t len, n;
	char *raw = mailout_build(&o, &len), *w = mailout_crlf(raw, len, &n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		if (w[i] == '\r')
			assert_true(i + 1 < n && w[i + 1] == '\n');
		if (w[i] == '\n')
			assert_true(i > 0 && w[i - 1] == '\r');
	}
	assert_non_null(strstr(w, "\r\nfirst\r\n.\r\nMAIL FROM:<referee@a.test>\r\n"
	    "RCPT TO:<p@a.test>\r\nDATA\r\n.\r\nlast\r\n"));
	g_free(w);
	g_free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_built_mail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
