#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "hash.h"
#include "mailmsg.h"
#include "mailout.h"

/* RFC 3834: a mail sent because a mail came in answers it (it threads under
 * it), or is one of the answers that exist only for one. */
static int
is_reply(const struct outmail *o)
{
	static const char *const kinds[] = { "ack", "error", "help", "problem", "status",
	    "history", "legal", "receipt", NULL };

	if (o->in_reply_to != NULL && o->in_reply_to[0] != '\0')
		return 1;
	for (int i = 0; kinds[i] != NULL; i++)
		if (strcmp(o->kind, kinds[i]) == 0)
			return 1;
	return 0;
}

static GMimeTextPart *
text_part(const char *subtype, const char *text)
{
	GMimeTextPart *tp = g_mime_text_part_new_with_subtype(subtype);

	g_mime_text_part_set_text(tp, text);
	g_mime_part_set_content_encoding(GMIME_PART(tp),
	    g_mime_part_get_best_content_encoding(GMIME_PART(tp),
	    GMIME_ENCODING_CONSTRAINT_7BIT));
	return tp;
}

char *
mailout_build(const struct outmail *o, size_t *len)
{
	GMimeMessage *m;
	GMimeTextPart *tp;
	GMimeObject *obj;
	GDateTime *dt;
	time_t t = clock_parse_iso(o->created_at);
	char *s;

	mailmsg_global_init();
	m = g_mime_message_new(TRUE);
	obj = GMIME_OBJECT(m);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, o->from_name, o->from_addr);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO, NULL, o->to);
	g_mime_message_set_subject(m, o->subject, "utf-8");
	dt = g_date_time_new_from_unix_utc(t >= 0 ? (gint64)t : 0);
	g_mime_message_set_date(m, dt);
	g_date_time_unref(dt);
	g_mime_message_set_message_id(m, o->message_id);
	if (o->in_reply_to[0] != '\0') {
		char *irt = g_strdup_printf("<%s>", o->in_reply_to);
		char *refs = o->refs[0] != '\0' ? g_strdup_printf("%s %s", o->refs, irt)
		    : g_strdup(irt);

		g_mime_object_set_header(obj, "In-Reply-To", irt, NULL);
		g_mime_object_set_header(obj, "References", refs, NULL);
		g_free(irt);
		g_free(refs);
	}
	/* RFC 3834: say we are a machine, so vacation programs do not answer. */
	g_mime_object_set_header(obj, "Auto-Submitted",
	    is_reply(o) ? "auto-replied" : "auto-generated", NULL);
	g_mime_object_set_header(obj, "X-Loop", o->from_addr, NULL);
	g_mime_object_set_header(obj, "X-Azalai-Kind", o->kind, NULL);

	tp = text_part("plain", o->body);
	if (o->html != NULL && o->html[0] != '\0') {
		/* Text first: clients show the last part they understand. */
		GMimeMultipart *alt = g_mime_multipart_new_with_subtype("alternative");
		GMimeTextPart *hp = text_part("html", o->html);
		char h[HASH_HEX], boundary[40];

		/* From the Message-ID, not at random: a resend is the same bytes. */
		sha256_hex(o->message_id, strlen(o->message_id), h);
		snprintf(boundary, sizeof boundary, "=-azalai-%.24s", h);
		g_mime_multipart_set_boundary(alt, boundary);

		g_mime_multipart_add(alt, GMIME_OBJECT(tp));
		g_mime_multipart_add(alt, GMIME_OBJECT(hp));
		g_mime_message_set_mime_part(m, GMIME_OBJECT(alt));
		g_object_unref(hp);
		g_object_unref(alt);
	} else {
		g_mime_message_set_mime_part(m, GMIME_OBJECT(tp));
	}
	g_object_unref(tp);

	s = g_mime_object_to_string(obj, NULL);
	g_object_unref(m);
	*len = strlen(s);
	return s;
}

char *
mailout_crlf(const char *raw, size_t len, size_t *outlen)
{
	/* At most every byte a line break that doubles, plus a final CRLF. */
	char *out = g_malloc(2 * len + 3), *o = out;

	/* libcurl dot-stuffs only lines that begin after CRLF, and a server
	 * may end DATA at a lone "." after a bare LF or CR: so no bare one
	 * may reach it, whatever a player put in the text. GMime's
	 * unix2dos filter leaves a lone CR alone, hence this loop. */
	for (size_t i = 0; i < len; i++) {
		if (raw[i] == '\r' || raw[i] == '\n') {
			if (raw[i] == '\r' && i + 1 < len && raw[i + 1] == '\n')
				i++;
			*o++ = '\r';
			*o++ = '\n';
		} else {
			*o++ = raw[i];
		}
	}
	if (o == out || o[-1] != '\n') {
		*o++ = '\r';
		*o++ = '\n';
	}
	*o = '\0';
	*outlen = (size_t)(o - out);
	return out;
}
