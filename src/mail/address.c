#include <gmime/gmime.h>
#include <string.h>

#include "mail/address.h"
#include "mail/mimeinit.h"

/* The one mailbox GMime reads in s, or NULL. Unref *l when it is set. */
static InternetAddressMailbox *
one_mailbox(const char *s, InternetAddressList **l)
{
	InternetAddress *a;

	mime_init();
	if ((*l = internet_address_list_parse(NULL, s)) == NULL ||
	    internet_address_list_length(*l) != 1)
		return NULL;
	a = internet_address_list_get_address(*l, 0);
	return INTERNET_ADDRESS_IS_MAILBOX(a) ? INTERNET_ADDRESS_MAILBOX(a) : NULL;
}

int
address_valid(const char *s)
{
	InternetAddressList *l;
	InternetAddressMailbox *mb;
	char ascii[ADDRESS_MAX];
	int ok = 0;

	if (s[0] == '\0' || strpbrk(s, " \t\r\n\"") != NULL)
		return 0;
	/* What GMime would mail to must be what was written. */
	if ((mb = one_mailbox(s, &l)) != NULL)
		ok = strcmp(internet_address_mailbox_get_addr(mb), s) == 0 &&
		    address_has_domain(s);
	if (l != NULL)
		g_object_unref(l);
	/* An address 7-bit mail cannot carry would take a seat no mail reaches. */
	return ok && address_ascii(s, ascii, sizeof ascii, NULL) == 0;
}

int
address_has_domain(const char *s)
{
	const char *at = strrchr(s, '@');

	return at != NULL && at > s && at[1] != '\0';
}

/* Runs of letters, digits and the bytes of extra, joined by single dots:
 * a host name's labels, or RFC 5322's dot-atom-text. */
static int
dotted(const char *s, size_t n, const char *extra)
{
	size_t run = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.') {
			if (run == 0)
				return 0;
			run = 0;
		} else if (g_ascii_isalnum(s[i]) || (s[i] != '\0' && strchr(extra, s[i]) != NULL)) {
			run++;
		} else {
			return 0;
		}
	}
	return run > 0;
}

/* A domain literal, "[192.0.2.1]": printable ASCII but brackets and
 * backslashes inside brackets. */
static int
literal(const char *s, size_t n)
{
	if (n < 2 || s[0] != '[' || s[n - 1] != ']')
		return 0;
	for (size_t i = 1; i + 1 < n; i++)
		if (s[i] < 33 || s[i] > 126 || strchr("[]\\", s[i]) != NULL)
			return 0;
	return 1;
}

/* What SMTP takes after the "@": a host name or a literal. */
static int
domain_ok(const char *d)
{
	return literal(d, strlen(d)) || dotted(d, strlen(d), "-");
}

int
address_msg_id(const char *s, size_t n)
{
	static const char atext[] = "!#$%&'*+-/=?^_`{|}~";
	const char *at = memchr(s, '@', n);
	size_t left, right;

	if (at == NULL)
		return 0;
	left = (size_t)(at - s);
	right = n - left - 1;
	return dotted(s, left, atext) && (literal(at + 1, right) || dotted(at + 1, right, atext));
}

static int
local_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

/* A control (a tab, a CR, a DEL): GMime keeps it inside a quoted local
 * part, but SMTP's quoted-string has none, and a CR or LF would end the
 * RCPT command or the To header where the address stands. */
static int
local_control(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 1;
	return 0;
}

int
address_ascii(const char *s, char *out, size_t n, struct diag *d)
{
	InternetAddressList *l;
	InternetAddressMailbox *mb;
	const char *idn = NULL, *at = NULL;
	size_t local;
	int rc = -1;

	if (!address_has_domain(s))
		return diag_set(d, 0, "%s has no domain: it is no address to send mail to", s);
	local = (size_t)(strrchr(s, '@') - s);
	/* GMime's A-labels, not another library's: IDNA2003 and IDNA2008
	 * spell some names differently (straße), and GMime spells the To. */
	if ((mb = one_mailbox(s, &l)) != NULL)
		idn = internet_address_mailbox_get_idn_addr(mb);
	if (idn == NULL || (at = strrchr(idn, '@')) == NULL || (size_t)(at - idn) != local ||
	    strncmp(idn, s, local) != 0) {
		diag_set(d, 0, "%s is not one mail address", s);
	} else if (local_control(s, local)) {
		diag_set(d, 0, "the local part of %s holds a control character, which no mail "
		    "server takes", s);
	} else if (!local_ascii(s, local)) {
		diag_set(d, 0, "the local part of %s is not ASCII: only SMTPUTF8 could carry "
		    "it, with 8-bit headers, and the referee sends 7-bit mail", s);
	} else if (!domain_ok(at + 1)) {
		diag_set(d, 0, "the domain of %s is no host name, not even in IDNA A-labels", s);
	} else if (strlen(idn) >= n) {
		diag_set(d, 0, "%s is too long", s);
	} else {
		memcpy(out, idn, strlen(idn) + 1);
		rc = 0;
	}
	if (l != NULL)
		g_object_unref(l);
	return rc;
}
