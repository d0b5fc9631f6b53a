/* libFuzzer target: Authentication-Results fields through authres_read and
 * authres_verdict, as process.c reads a mail's.
 *
 * The input, cut at each newline, is the fields of one mail, top first; the
 * first field is also read whole. Aborts when what comes back breaks
 * authres.h's promises (a result or domain that is not lower-case, a
 * disagreement between fewer than two results, a verdict with no field
 * behind it or for another domain than the From's), or when the input,
 * quoted as a comment or a quoted string in a field of the pinned server's,
 * reads as a dmarc result. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mail/authres.h"
#include "core/buf.h"
#include "core/xmalloc.h"

#define ID "mx.example.org"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Ended inside its array, lower-case, and (a keyword) letters, digits and
 * hyphens only. */
static void
check_word(const char *s, size_t n, int keyword)
{
	size_t len = strnlen(s, n);

	if (len == n)
		abort();
	for (size_t i = 0; i < len; i++)
		if ((s[i] >= 'A' && s[i] <= 'Z') || (keyword && !((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '-')))
			abort();
}

static void
check(const struct authres *a)
{
	check_word(a->result, sizeof a->result, 1);
	check_word(a->header_from, sizeof a->header_from, 0);
	if (a->ndmarc < 0 || (a->disagree && a->ndmarc < 2) ||
	    (a->ndmarc == 0 && (a->result[0] != '\0' || a->header_from[0] != '\0')) ||
	    strchr(a->header_from, '@') != NULL)
		abort();
}

/* The input quoted inside a field of ID's whose only result is spf: no
 * dmarc result may come out of it, and the field must read whole. */
static void
quoted_in(const char *s, const char *open, char close)
{
	struct buf b = BUF_INIT;
	struct authres a;

	buf_adds(&b, ID "; spf=pass ");
	buf_adds(&b, open);
	for (; *s != '\0'; s++) {
		if (*s == '\\' || *s == '"' || *s == '(' || *s == ')')
			buf_addc(&b, '\\');
		buf_addc(&b, *s);
	}
	buf_addc(&b, close);
	buf_adds(&b, " smtp.mailfrom=example.org");
	if (authres_read(b.p, ID, &a) != 1 || a.ndmarc != 0 || a.broken)
		abort();
	buf_free(&b);
}

/* The From's domain as a server may name it: "example.org", or rooted
 * ("example.org.", the same name in the DNS). A name with a non-ASCII byte
 * is left to IDNA, which maps some of them (full-width letters) to it. */
static int
names_example_org(const char *d)
{
	for (const char *c = d; *c != '\0'; c++)
		if ((unsigned char)*c >= 0x80)
			return 1;
	return strcmp(d, "example.org") == 0 || strcmp(d, "example.org.") == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1), *v[64], *p;
	struct authres a;
	enum authres_verdict vd;
	size_t n = 0;

	memcpy(s, data, size);
	s[size] = '\0';
	/* A NUL ends a header value before its end; that is GMime's to read. */
	if (strlen(s) != size) {
		free(s);
		return 0;
	}
	if (authres_read(s, ID, &a) == 1)
		check(&a);
	else if (a.ndmarc != 0 || a.broken)
		abort();
	quoted_in(s, "(", ')');
	quoted_in(s, "reason=\"", '"');
	for (p = s; p != NULL && n < sizeof v / sizeof v[0]; n++) {
		v[n] = p;
		if ((p = strchr(p, '\n')) != NULL)
			*p++ = '\0';
	}
	vd = authres_verdict(v, n, ID, "n@example.org", &a);
	check(&a);
	if ((vd == AUTHRES_PASS || vd == AUTHRES_FAIL) &&
	    (a.ndmarc == 0 || !names_example_org(a.header_from)))
		abort();
	if (vd == AUTHRES_PASS && strcmp(a.result, "pass") != 0)
		abort();
	if (vd == AUTHRES_FAIL && strcmp(a.result, "fail") != 0)
		abort();
	if (vd != AUTHRES_UNKNOWN && vd != AUTHRES_PASS && vd != AUTHRES_FAIL &&
	    vd != AUTHRES_MISMATCH)
		abort();
	free(s);
	return 0;
}
