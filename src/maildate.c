#include <stdio.h>
#include <string.h>

#include <gmime/gmime.h>

#include "gmimelib.h"
#include "maildate.h"
#include "mailmsg.h"

/* The most of a header block read for its Date, as ingest.c reads for the
 * Message-ID. */
#define HEADER_MAX (256 * 1024)

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

void
maildate_of_raw(const char *raw, size_t len, char out[MAILDATE_MAX])
{
	struct mailmsg m;
	size_t hlen = mailmsg_header_len(raw, len);

	out[0] = '\0';
	if (hlen > HEADER_MAX)
		hlen = HEADER_MAX;
	mailmsg_init(&m);
	if (mailmsg_parse(raw, hlen, hlen + 1, &m, NULL) == 0)
		maildate_key(m.date, out);
	mailmsg_free(&m);
}

static void
sql_mail_date(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	char key[MAILDATE_MAX];
	const void *raw;

	(void)argc;
	raw = sqlite3_value_blob(argv[0]);
	maildate_of_raw(raw != NULL ? raw : "", (size_t)sqlite3_value_bytes(argv[0]), key);
	sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
}

int
maildate_sql(sqlite3 *db)
{
	/* DIRECTONLY: no view, trigger or index of a ledger may call it. */
	return sqlite3_create_function(db, "azalai_mail_date", 1, SQLITE_UTF8 |
	    SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, NULL, sql_mail_date, NULL, NULL);
}
