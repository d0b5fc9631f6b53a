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
