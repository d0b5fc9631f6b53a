#include <gmime/gmime.h>
#include <string.h>

#include "address.h"
#include "gmimelib.h"
#include "mailmsg.h"

int
address_valid(const char *s)
{
	InternetAddressList *l;
	int ok = 0;

	if (s[0] == '\0' || strpbrk(s, " \t\r\n\"") != NULL)
		return 0;
	/* GMime opened (gmimelib) and initialised, once. */
	mailmsg_global_init();
	if ((l = internet_address_list_parse(NULL, s)) == NULL)
		return 0;
	if (internet_address_list_length(l) == 1) {
		InternetAddress *a = internet_address_list_get_address(l, 0);

		if (INTERNET_ADDRESS_IS_MAILBOX(a)) {
			const char *addr = internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(a));
			/* What GMime would mail to must be what was written. */
			ok = strcmp(addr, s) == 0 && address_has_domain(s);
		}
	}
	g_object_unref(l);
	return ok;
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
