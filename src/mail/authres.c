#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mail/address.h"
#include "mail/authres.h"

/* A place in one field, and whether reading met a fault. */
struct rd {
	const char *p;
	int bad;
};

/* Where a word or value goes, or nowhere (s NULL: read past, whatever its
 * length). Cut to fit it would be another word, so a longer one is a
 * fault. */
struct sink {
	char *s;
	size_t n, len;
	int over;
};

static void
sink_init(struct sink *k, char *s, size_t n)
{
	k->s = s;
	k->n = n;
	k->len = 0;
	k->over = 0;
	if (s != NULL)
		s[0] = '\0';
}

static void
put(struct sink *k, char c)
{
	if (k->s == NULL)
		return;
	if (c >= 'A' && c <= 'Z')
		c = (char)(c - 'A' + 'a');
	if (k->len + 1 >= k->n) {
		k->over = 1;
		return;
	}
	k->s[k->len++] = c;
	k->s[k->len] = '\0';
}

static int
is_wsp(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* RFC 2045's token: printable, no space, none of its specials. Bytes above
 * ASCII pass, for an authserv-id in UTF-8 (RFC 8601 section 2.5). */
static int
token_char(char c)
{
	unsigned char u = (unsigned char)c;

	return u > ' ' && u != 0x7f && strchr("()<>@,;:\\\"/[]?=", c) == NULL;
}

static int
ldh_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    c == '-';
}

/* CFWS: white space and comments; comments nest, and "\" quotes the next
 * character in them. */
static void
cfws(struct rd *r)
{
	int depth = 0;

	while (*r->p != '\0') {
		if (depth == 0 && is_wsp(*r->p))
			r->p++;
		else if (*r->p == '(') {
			depth++;
			r->p++;
		} else if (depth == 0)
			return;
		else if (*r->p == '\\' && r->p[1] != '\0')
			r->p += 2;
		else if (*r->p++ == ')')
			depth--;
	}
	if (depth > 0)
		r->bad = 1;
}

/* A keyword (RFC 5321's Let-dig and hyphens); an empty one is a fault. */
static void
keyword(struct rd *r, char *out, size_t n)
{
	const char *start = r->p;
	struct sink k;

	sink_init(&k, out, n);
	while (ldh_char(*r->p))
		put(&k, *r->p++);
	r->bad |= r->p == start || k.over;
}

static void
quoted(struct rd *r, struct sink *k)
{
	for (r->p++; *r->p != '"'; r->p++) {
		if (*r->p == '\0') {
			r->bad = 1;
			return;
		}
		if (*r->p == '\\' && r->p[1] != '\0')
			r->p++;
		put(k, *r->p);
	}
	r->p++;
}

/* A value (RFC 2045): a token or a quoted string. */
static void
value(struct rd *r, char *out, size_t n)
{
	struct sink k;

	sink_init(&k, out, n);
	if (*r->p == '"')
		quoted(r, &k);
	else {
		r->bad |= !token_char(*r->p);
		while (token_char(*r->p))
			put(&k, *r->p++);
	}
	r->bad |= k.over;
}

/* A property's value: a value, or an address or domain name, which may
 * hold quoted parts ("a b"@example.org). */
static void
pvalue(struct rd *r, char *out, size_t n)
{
	struct sink k;

	const char *start = r->p;

	sink_init(&k, out, n);
	while (*r->p != '\0' && !r->bad) {
		if (*r->p == '"')
			quoted(r, &k);
		else if (token_char(*r->p) || *r->p == '@' || *r->p == '/' || *r->p == '=' ||
		    *r->p == ':' || *r->p == '[' || *r->p == ']')
			put(&k, *r->p++);
		else
			break;
	}
	r->bad |= r->p == start || k.over;
}

/* One dmarc result read whole: the first is kept, any other that differs
 * makes the field contradict itself. */
static void
dmarc_result(struct authres *a, const char *result, const char *from)
{
	const char *at = strrchr(from, '@');

	if (at != NULL)
		from = at + 1;
	if (a->ndmarc++ == 0) {
		memcpy(a->result, result, strlen(result) + 1);
		memcpy(a->header_from, from, strlen(from) + 1);
	} else if (strcmp(a->result, result) != 0 || strcmp(a->header_from, from) != 0)
		a->disagree = 1;
}

/* resinfo (RFC 8601 section 2.2) after its ";": a method and its result,
 * then the reason and the properties. */
static void
resinfo(struct rd *r, struct authres *a)
{
	char method[AUTHRES_WORD], result[AUTHRES_WORD], ptype[AUTHRES_WORD];
	char prop[AUTHRES_WORD], from[AUTHRES_DOMAIN] = "";
	int dmarc, has_from = 0;

	keyword(r, method, sizeof method);
	cfws(r);
	if (r->bad)
		return;
	if (*r->p == '/') {
		r->p++;
		cfws(r);
		keyword(r, NULL, 0);
		cfws(r);
	}
	if (*r->p != '=') {
		/* "; none": no result at all, and nothing after it. */
		r->bad |= strcmp(method, "none") != 0 || *r->p != '\0';
		return;
	}
	r->p++;
	cfws(r);
	keyword(r, result, sizeof result);
	dmarc = strcmp(method, "dmarc") == 0;
	for (cfws(r); !r->bad && *r->p != ';' && *r->p != '\0'; cfws(r)) {
		keyword(r, ptype, sizeof ptype);
		cfws(r);
		if (r->bad)
			return;
		if (strcmp(ptype, "reason") == 0 && *r->p == '=') {
			r->p++;
			cfws(r);
			value(r, NULL, 0);
			continue;
		}
		if (*r->p != '.') {
			r->bad = 1;
			return;
		}
		r->p++;
		cfws(r);
		keyword(r, prop, sizeof prop);
		cfws(r);
		if (r->bad || *r->p != '=') {
			r->bad = 1;
			return;
		}
		r->p++;
		cfws(r);
		/* The first header.from; one written after it is not what was
		 * checked. */
		if (dmarc && !has_from && strcmp(ptype, "header") == 0 &&
		    strcmp(prop, "from") == 0) {
			pvalue(r, from, sizeof from);
			has_from = 1;
		} else
			pvalue(r, NULL, 0);
	}
	if (dmarc && !r->bad)
		dmarc_result(a, result, from);
}

int
authres_read(const char *field, const char *authserv_id, struct authres *out)
{
	struct rd r = { field, 0 };
	char id[AUTHRES_DOMAIN], version[AUTHRES_WORD];

	memset(out, 0, sizeof *out);
	/* A server writes its id bare, first, and ends it with a space, a
	 * comment or ";": any other spelling is a sender's, which the
	 * operator's rule stripping forged fields (azalai.yaml(5)) need not
	 * foresee. */
	while (is_wsp(*r.p))
		r.p++;
	if (!token_char(*r.p))
		return 0;
	value(&r, id, sizeof id);
	if (r.bad || authserv_id[0] == '\0' || strcasecmp(id, authserv_id) != 0 ||
	    !(is_wsp(*r.p) || *r.p == ';' || *r.p == '(' || *r.p == '\0'))
		return 0;
	cfws(&r);
	if (*r.p >= '0' && *r.p <= '9') {
		keyword(&r, version, sizeof version);
		/* Only version 1 is defined; another says something else. */
		r.bad |= strcmp(version, "1") != 0;
		cfws(&r);
	}
	/* A field holds at least "; none" or one result. */
	r.bad |= *r.p != ';';
	while (!r.bad && *r.p == ';') {
		r.p++;
		cfws(&r);
		resinfo(&r, out);
	}
	out->broken = r.bad || *r.p != '\0';
	return 1;
}

/* 1 when the verdict's header.from is the From's domain. The server names
 * the domain as it saw it, in A-labels or U-labels, and GMime gives the
 * From back in U-labels: both are compared in A-labels. A header.from
 * with a byte no domain holds ("example.org]") is no domain: the address
 * reader would read past it and call it the same. */
static int
same_domain(const char *header_from, const char *from_addr)
{
	char a[ADDRESS_MAX], b[ADDRESS_MAX + 2], h[ADDRESS_MAX + 2];

	for (const unsigned char *c = (const unsigned char *)header_from; *c != '\0'; c++)
		if (*c < 0x80 && !isalnum(*c) && *c != '-' && *c != '.')
			return 0;
	if (address_ascii(from_addr, a, sizeof a, NULL) < 0)
		return 0;
	snprintf(b, sizeof b, "x@%s", header_from);
	if (address_ascii(b, h, sizeof h, NULL) < 0)
		return 0;
	return strcasecmp(strrchr(a, '@') + 1, h + 2) == 0;
}

enum authres_verdict
authres_verdict(char *const *values, size_t n, const char *authserv_id, const char *from_addr,
    struct authres *found)
{
	struct authres a, none;
	const char *at = from_addr != NULL ? strrchr(from_addr, '@') : NULL;

	if (found == NULL)
		found = &none;
	memset(found, 0, sizeof *found);
	if (authserv_id == NULL || authserv_id[0] == '\0')
		return AUTHRES_UNKNOWN;
	for (size_t i = 0; i < n; i++) {
		if (authres_read(values[i], authserv_id, &a) == 0)
			continue;
		*found = a;
		if (a.ndmarc == 0 || at == NULL || a.header_from[0] == '\0')
			return AUTHRES_UNKNOWN;
		if (a.disagree || !same_domain(a.header_from, from_addr))
			return AUTHRES_MISMATCH;
		if (strcmp(a.result, "pass") == 0)
			return AUTHRES_PASS;
		if (strcmp(a.result, "fail") == 0)
			return AUTHRES_FAIL;
		return AUTHRES_UNKNOWN;
	}
	return AUTHRES_UNKNOWN;
}
