/* The YAML config: defaults, nested and dotted keys, errors with lines. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/config.h"

static char file[64];

static void
write_config(const char *text)
{
	FILE *f;
	int fd;

	snprintf(file, sizeof file, "/tmp/azalai-config-XXXXXX");
	fd = mkstemp(file);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
}

static void
test_defaults(void **state)
{
	struct config c;

	(void)state;
	config_defaults(&c);
	assert_string_equal(c.ledger, "azalai.db");
	assert_string_equal(c.mailbox_type, "maildir");
	assert_string_equal(c.deliver_method, "outdir");
	assert_int_equal(c.lock_timeout, 10);
	assert_true(c.max_message_bytes > 0);
}

static void
test_missing_file(void **state)
{
	struct config c;
	struct diag d;

	(void)state;
	config_defaults(&c);
	assert_int_equal(config_load(&c, "/nonexistent/azalai.yaml", 0, &d), 0);
	assert_int_equal(config_load(&c, "/nonexistent/azalai.yaml", 1, &d), -1);
	assert_non_null(strstr(d.msg, "/nonexistent/azalai.yaml"));
}

static void
test_nested_and_dotted(void **state)
{
	struct config c;
	struct diag d;

	(void)state;
	write_config("# a comment\nledger: /var/lib/azalai/l.db\nreferee:\n"
	    "  address: judge@example.org\nlog.to: syslog\nlimits:\n  message_bytes: 1000\n");
	config_defaults(&c);
	assert_int_equal(config_load(&c, file, 1, &d), 0);
	unlink(file);
	assert_string_equal(c.ledger, "/var/lib/azalai/l.db");
	assert_string_equal(c.referee_address, "judge@example.org");
	assert_string_equal(c.log_to, "syslog");
	assert_int_equal(c.max_message_bytes, 1000);
	assert_string_equal(c.mailbox_type, "maildir");  /* untouched: default */
}

static void
expect_error(const char *text, int line, const char *words)
{
	struct config c;
	struct diag d;
	char want[32];

	write_config(text);
	config_defaults(&c);
	diag_clear(&d);
	assert_int_equal(config_load(&c, file, 1, &d), -1);
	unlink(file);
	snprintf(want, sizeof want, "line %d", line);
	if (strstr(d.msg, want) == NULL || strstr(d.msg, words) == NULL)
		fail_msg("\"%s\" lacks \"%s\" or \"%s\"", d.msg, want, words);
}

static void
test_errors(void **state)
{
	(void)state;
	expect_error("ledger: x\nmailbox:\n  pth: y\n", 3, "mailbox.pth");
	expect_error("lock_timeout: soon\n", 1, "whole number");
	expect_error("log:\n  to: carrier-pigeon\n", 2, "accepted value");
	expect_error("- a\n- b\n", 1, "mapping");
	expect_error("ledger: [a, b]\n", 1, "must be a value or a mapping");
	expect_error("ledger: x\n  lock_timeout: 3\n", 2, "mapping values");
	/* An int key takes no more than an int holds: 2^32 + 1 attempts
	 * read as 1, 3000000000 seconds as a negative wait. */
	expect_error("limits:\n  message_attempts: 4294967297\n", 2, "too large");
	expect_error("lock_timeout: 3000000000\n", 1, "too large");
}

/* config_print writes YAML that config_load reads back to the same values,
 * whatever a value holds. */
static void
test_print_reads_back(void **state)
{
	static const char *const awkward[] = { "\"quoted\": and # not a comment",
	    "- leading dash", "  leading and trailing spaces  ", "line\nbreak\r\n",
	    "Zo\xc3\xab \xe2\x80\x94 \xf0\x9f\x90\xaa", "", "'single'", "tab\there",
	    "[not, a, list]", "{not: a map}", "*alias", "&anchor !tag", "null", "~",
	    "yes", "0x1F", "%directive", "@at `tick`", "---", "...", "a\\b", "\x7f\x01" };
	struct config c, back;
	struct diag d;
	FILE *f;

	(void)state;
	for (size_t i = 0; i < sizeof awkward / sizeof awkward[0]; i++) {
		config_defaults(&c);
		snprintf(c.ledger, sizeof c.ledger, "%s", awkward[i]);
		snprintf(c.referee_name, sizeof c.referee_name, "%s", awkward[i]);
		snprintf(c.deliver_sendmail, sizeof c.deliver_sendmail, "x%s", awkward[i]);
		c.max_message_bytes = 12345;
		snprintf(file, sizeof file, "/tmp/azalai-config-XXXXXX");
		assert_true((f = fdopen(mkstemp(file), "w")) != NULL);
		diag_clear(&d);
		assert_int_equal(config_print(&c, f, &d), 0);
		fclose(f);
		/* Back over other values, so that nothing passes by staying put. */
		config_defaults(&back);
		snprintf(back.ledger, sizeof back.ledger, "other");
		if (config_load(&back, file, 1, &d) < 0)
			fail_msg("value %zu: %s", i, d.msg);
		unlink(file);
		assert_string_equal(back.ledger, c.ledger);
		assert_string_equal(back.referee_name, c.referee_name);
		assert_string_equal(back.deliver_sendmail, c.deliver_sendmail);
		assert_int_equal(back.max_message_bytes, 12345);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_nested_and_dotted),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_print_reads_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
