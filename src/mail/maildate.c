#include <stdio.h>
#include <string.h>

#include <gmime/gmime.h>

#include "mail/maildate.h"
#include "mail/mailmsg.h"

void
maildate_key(const char *header, char out[MAILDATE_MAX])
{
	GDateTime *dt, *utc;
	char *s;

	out[0] = '\0';
	if (header == NULL || header[0] == '\0')
		return;
	mailmsg_global_init();
	if ((dt = g_mime_utils_header_decode_date(header)) == NULL)
		return;
	utc = g_date_time_to_utc(dt);
	g_date_time_unref(dt);
	if (utc == NULL)
		return;
	/* Years before 1000 or after 9999 would not sort as text, and are no
	 * mail's: they name the mail as if it had no Date. */
	s = g_date_time_get_year(utc) >= 1000 && g_date_time_get_year(utc) <= 9999 ?
	    g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ") : NULL;
	g_date_time_unref(utc);
	if (s != NULL && strlen(s) < MAILDATE_MAX)
		memcpy(out, s, strlen(s) + 1);
	g_free(s);
}
