/* Authentication-Results read as a sender would attack them: only the
 * pinned server's fields count, only its first verdict, and nothing
 * written inside a comment, a quoted string or another property reads as a
 * verdict. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "mail/authres.h"

#define ID "mx.example.org"

/* Reads field as ID's: want_ours, then the dmarc results, the first one's
 * result and domain (NULL: none), and whether reading stopped at a fault. */
static void
reads(const char *field, int want_ours, int ndmarc, const char *result, const char *from,
    int broken)
{
	struct authres a;
	int rc = authres_read(field, ID, &a);

	if (rc != want_ours || a.ndmarc != ndmarc || a.broken != broken ||
	    strcmp(a.result, result != NULL ? result : "") != 0 ||
	    strcmp(a.header_from, from != NULL ? from : "") != 0)
		fail_msg("%s\nread %d: %d dmarc, \"%s\" for \"%s\", broken %d", field, rc, a.ndmarc,
		    a.result, a.header_from, a.broken);
}

static void
test_what_servers_write(void **state)
{
	(void)state;
	/* OpenDMARC */
	reads(ID "; dmarc=fail (p=reject dis=none) header.from=example.org", 1, 1, "fail",
	    "example.org", 0);
	/* One field for every method, folded, with a signature's characters. */
	reads(ID ";\r\n\tdkim=pass (2048-bit key) header.d=example.org header.s=s1 "
	    "header.b=\"aB+/9=\";\r\n\tspf=pass (mx: domain of x@example.org designates "
	    "192.0.2.1) smtp.mailfrom=x@example.org;\r\n\tdmarc=pass (policy=reject) "
	    "header.from=example.org", 1, 1, "pass", "example.org", 0);
	reads(ID " 1; dmarc/1=pass policy.dmarc=reject header.from=example.org", 1, 1, "pass",
	    "example.org", 0);
	reads("MX.Example.ORG; DMARC=Fail header.From=Example.ORG", 1, 1, "fail",
	    "example.org", 0);
	reads(ID "; dmarc=none header.from=n@example.org", 1, 1, "none", "example.org", 0);
	reads(ID "; none", 1, 0, NULL, NULL, 0);
	reads(ID "; dkim=pass header.d=example.org", 1, 0, NULL, NULL, 0);
	reads(ID "; dmarc=pass", 1, 1, "pass", NULL, 0);
}

static void
test_another_server_counts_for_nothing(void **state)
{
	(void)state;
	reads("other.example; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads(ID ".evil.example; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads("x" ID "; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads("mx.example.or; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	/* OpenDMARC's AuthservIDWithJobID: not the id alone. */
	reads(ID "/4XyZ; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads(ID "\"x\"; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads("(" ID ") other.example; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	/* RFC 8601 allows these spellings; a strip rule matching the bare id
	 * would miss them, so they are no server's. */
	reads("(c) " ID "; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads("\"" ID "\"; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
	reads(" \t" ID "(c); dmarc=pass header.from=example.org", 1, 1, "pass", "example.org", 0);
	reads("", 0, 0, NULL, NULL, 0);
	reads("; dmarc=pass header.from=example.org", 0, 0, NULL, NULL, 0);
}

static void
test_no_verdict_hides_in_comments_or_quotes(void **state)
{
	(void)state;
	reads(ID "; spf=pass (; dmarc=pass header.from=example.org) smtp.mailfrom=a@b.example",
	    1, 0, NULL, NULL, 0);
	reads(ID "; spf=pass (a (b) \\) ; dmarc=pass header.from=example.org) "
	    "smtp.mailfrom=a@b.example", 1, 0, NULL, NULL, 0);
	reads(ID "; dkim=fail reason=\"; dmarc=pass header.from=example.org\"", 1, 0, NULL, NULL,
	    0);
	reads(ID "; spf=pass smtp.mailfrom=\"; dmarc=pass header.from=example.org\"@evil.example; "
	    "dmarc=fail header.from=example.org", 1, 1, "fail", "example.org", 0);
	reads(ID "; spf=pass smtp.mailfrom=\"\\\"; dmarc=pass\"@evil.example", 1, 0, NULL, NULL, 0);
}

static void
test_faults_end_the_reading(void **state)
{
	char longer[400];

	(void)state;
	reads(ID, 1, 0, NULL, NULL, 1);
	reads(ID " 2; dmarc=pass header.from=example.org", 1, 0, NULL, NULL, 1);
	reads(ID "; dmarc=pass header.from=example.org (unclosed", 1, 0, NULL, NULL, 1);
	reads(ID "; dmarc=pass header.from=\"example.org", 1, 0, NULL, NULL, 1);
	reads(ID "; dmarc=pass header", 1, 0, NULL, NULL, 1);
	reads(ID "; dmarc=pass header.from", 1, 0, NULL, NULL, 1);
	reads(ID "; dmarc=", 1, 0, NULL, NULL, 1);
	reads(ID "; =pass", 1, 0, NULL, NULL, 1);
	reads(ID "; nonsense", 1, 0, NULL, NULL, 1);
	/* What was read whole before the fault stands. */
	reads(ID "; dmarc=fail header.from=example.org; spf=pass smtp.mailfrom=<x>", 1, 1, "fail",
	    "example.org", 1);
	/* A domain too long to keep is not kept cut (a cut one could be
	 * another). */
	memset(longer, 'a', sizeof longer);
	snprintf(longer + 300, sizeof longer - 300, ".example.org");
	{
		char field[600];
		struct authres a;

		snprintf(field, sizeof field, ID "; dmarc=pass header.from=%s", longer);
		assert_int_equal(authres_read(field, ID, &a), 1);
		assert_int_equal(a.ndmarc, 0);
		assert_true(a.broken);
	}
}

static void
test_one_field_two_verdicts(void **state)
{
	struct authres a;

	(void)state;
	assert_int_equal(authres_read(ID "; dmarc=fail header.from=example.org; dmarc=pass "
	    "header.from=example.org", ID, &a), 1);
	assert_int_equal(a.ndmarc, 2);
	assert_true(a.disagree);
	assert_string_equal(a.result, "fail");
	assert_int_equal(authres_read(ID "; dmarc=pass header.from=example.org; dmarc=pass "
	    "header.from=EXAMPLE.org", ID, &a), 1);
	assert_false(a.disagree);
	/* A header.from written after the first is not the one checked. */
	reads(ID "; dmarc=pass header.from=evil.example header.from=example.org", 1, 1, "pass",
	    "evil.example", 0);
}

static enum authres_verdict
verdict(const char *id, const char *from, int n, ...)
{
	char *v[8];
	va_list ap;

	va_start(ap, n);
	for (int i = 0; i < n; i++)
		v[i] = va_arg(ap, char *);
	va_end(ap);
	return authres_verdict(v, (size_t)n, id, from, NULL);
}

static void
test_the_first_verdict_of_the_pinned_server_decides(void **state)
{
	const char *from = "n@example.org";
	struct authres a;
	char *two[] = { "other.example; dmarc=pass header.from=example.org",
		ID "; dkim=pass header.d=example.org; dmarc=fail header.from=example.org" };

	(void)state;
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=pass header.from=example.org"),
	    AUTHRES_PASS);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=fail header.from=example.org"),
	    AUTHRES_FAIL);
	/* Above: another server's field. Below: what the sender wrote. */
	assert_int_equal(verdict(ID, from, 3, "other.example; dmarc=pass header.from=example.org",
	    ID "; dmarc=fail header.from=example.org",
	    ID "; dmarc=pass header.from=example.org"), AUTHRES_FAIL);
	assert_int_equal(verdict(ID, from, 2, ID "; dmarc=pass header.from=example.org",
	    ID "; dmarc=fail header.from=example.org"), AUTHRES_PASS);
	/* The server's topmost field has no verdict: none lower down is the
	 * server's more surely than one the sender wrote. */
	assert_int_equal(verdict(ID, from, 2, ID "; spf=pass smtp.mailfrom=n@example.org",
	    ID "; dmarc=fail header.from=example.org"), AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, from, 2, ID "; none",
	    ID "; dmarc=pass header.from=example.org"), AUTHRES_UNKNOWN);
	assert_int_equal(authres_verdict(two, 2, ID, from, &a), AUTHRES_FAIL);
	assert_string_equal(a.header_from, "example.org");
	/* The verdict is about another From, or says two things. */
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=pass header.from=evil.example"),
	    AUTHRES_MISMATCH);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=pass header.from=example.org; "
	    "dmarc=fail header.from=example.org"), AUTHRES_MISMATCH);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=pass header.from=sub.example.org"),
	    AUTHRES_MISMATCH);
	/* A header.from that is no domain is not the From's domain, however
	 * leniently an address reader would take it (found by fuzz_authres). */
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=fail header.from=example.org]"),
	    AUTHRES_MISMATCH);
	/* One domain in two spellings: GMime reads a From's A-labels back as
	 * Unicode, the server writes header.from as it saw it. */
	assert_int_equal(verdict(ID, "n@ex\xc3\xa4mple.test", 1,
	    ID "; dmarc=fail header.from=xn--exmple-cua.test"), AUTHRES_FAIL);
	assert_int_equal(verdict(ID, "n@xn--exmple-cua.test", 1,
	    ID "; dmarc=pass header.from=EX\xc3\xa4MPLE.test"), AUTHRES_PASS);
	assert_int_equal(verdict(ID, "n@ex\xc3\xa4mple.test", 1,
	    ID "; dmarc=pass header.from=xn--exmple-cub.test"), AUTHRES_MISMATCH);
	/* Nothing to go by. */
	assert_int_equal(verdict(ID, from, 2, ID "; none",
	    "other.example; dmarc=fail header.from=example.org"), AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=none header.from=example.org"),
	    AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=bestguesspass header.from=example.org"),
	    AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, from, 1, ID "; dmarc=fail"), AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, "", 1, ID "; dmarc=fail header.from=example.org"),
	    AUTHRES_UNKNOWN);
	assert_int_equal(verdict("", from, 1, ID "; dmarc=fail header.from=example.org"),
	    AUTHRES_UNKNOWN);
	assert_int_equal(verdict(ID, from, 0), AUTHRES_UNKNOWN);
	/* Nor when it cannot be read. */
	assert_int_equal(verdict(ID, from, 2, ID "; dkim=pass (unclosed",
	    ID "; dmarc=pass header.from=example.org"), AUTHRES_UNKNOWN);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_what_servers_write),
		cmocka_unit_test(test_another_server_counts_for_nothing),
		cmocka_unit_test(test_no_verdict_hides_in_comments_or_quotes),
		cmocka_unit_test(test_faults_end_the_reading),
		cmocka_unit_test(test_one_field_two_verdicts),
		cmocka_unit_test(test_the_first_verdict_of_the_pinned_server_decides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
