#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

#include "core/clock.h"
#include "core/hash.h"
#include "mail/address.h"
#include "mail/mailmsg.h"
#include "mail/mailout.h"

#define RELATED_HEAD "Content-Type: multipart/related"

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

/* Boundaries from the Message-ID (and a role), not at random: a resend is
 * the same bytes. */
static void
set_boundary(GMimeMultipart *mp, const char *seed, const char *role)
{
	char h[HASH_HEX], boundary[48];
	char *both = g_strconcat(seed, role, NULL);

	sha256_hex(both, strlen(both), h);
	g_free(both);
	snprintf(boundary, sizeof boundary, "=-azalai-%.24s", h);
	g_mime_multipart_set_boundary(mp, boundary);
}

/* The HTML alternative as the outbox keeps it: plain HTML, or a whole
 * multipart/related entity (mailout_related) that carries the pictures. */
static GMimeObject *
html_alternative(const char *html)
{
	if (strncmp(html, RELATED_HEAD, strlen(RELATED_HEAD)) == 0) {
		GMimeStream *in = g_mime_stream_mem_new_with_buffer(html, strlen(html));
		GMimeParser *ps = g_mime_parser_new_with_stream(in);
		GMimeObject *rel = g_mime_parser_construct_part(ps, NULL);

		g_object_unref(ps);
		g_object_unref(in);
		if (rel != NULL)
			return rel;
	}
	return GMIME_OBJECT(text_part("html", html));
}

GMimeObject *
mailout_body(const struct outmail *o)
{
	GMimeMultipart *alt;
	GMimeObject *tp, *hp;

	mailmsg_global_init();
	tp = GMIME_OBJECT(text_part("plain", o->body));
	if (o->html == NULL || o->html[0] == '\0')
		return tp;
	/* Text first: clients show the last part they understand, and the
	 * text is what a player copies the form from. */
	alt = g_mime_multipart_new_with_subtype("alternative");
	/* The Message-ID alone, as before pictures: old mails resend the same. */
	set_boundary(alt, o->message_id, "");
	hp = html_alternative(o->html);
	g_mime_multipart_add(alt, tp);
	g_mime_multipart_add(alt, hp);
	g_object_unref(tp);
	g_object_unref(hp);
	return GMIME_OBJECT(alt);
}

char *
mailout_related(const char *html, const void *png, size_t len, const char *cid)
{
	GMimeMultipart *rel;
	GMimeTextPart *hp;
	GMimePart *img;
	GMimeStream *mem;
	GMimeDataWrapper *dw;
	GMimeContentType *ct;
	char *s;

	/* Before any GMime object: the queue side may be the first to use it. */
	mailmsg_global_init();
	rel = g_mime_multipart_new_with_subtype("related");
	hp = text_part("html", html);
	img = g_mime_part_new_with_type("image", "png");
	mem = g_mime_stream_mem_new_with_buffer(png, len);
	dw = g_mime_data_wrapper_new_with_stream(mem, GMIME_CONTENT_ENCODING_DEFAULT);
	ct = g_mime_object_get_content_type(GMIME_OBJECT(rel));
	/* RFC 2387: the root is the HTML; clients that know it show the
	 * picture in place and not again as an attachment. */
	g_mime_content_type_set_parameter(ct, "type", "text/html");
	set_boundary(rel, cid, "related");
	g_mime_part_set_content(img, dw);
	g_mime_part_set_content_encoding(img, GMIME_CONTENT_ENCODING_BASE64);
	g_mime_part_set_content_id(img, cid);
	g_mime_part_set_filename(img, "board.png");
	g_mime_object_set_disposition(GMIME_OBJECT(img), GMIME_DISPOSITION_INLINE);
	g_mime_multipart_add(rel, GMIME_OBJECT(hp));
	g_mime_multipart_add(rel, GMIME_OBJECT(img));
	s = g_mime_object_to_string(GMIME_OBJECT(rel), NULL);
	g_object_unref(dw);
	g_object_unref(mem);
	g_object_unref(img);
	g_object_unref(hp);
	g_object_unref(rel);
	return s;
}

/* The outbox keeps a picture by name: this line, then the HTML page as
 * report_html rendered it. mailout_related over the page and the stored PNG
 * is the entity the row would otherwise hold, byte for byte, since it is a
 * function of the three alone. */
#define PICTURE_HEAD "X-Azalai-Picture: "

char *
mailout_picture_ref(const char *html, const char *cid)
{
	return g_strdup_printf(PICTURE_HEAD "%s\n%s", cid, html);
}

const char *
mailout_picture_cid(const char *stored, char *cid, size_t n)
{
	const char *p, *nl;

	if (stored == NULL || strncmp(stored, PICTURE_HEAD, strlen(PICTURE_HEAD)) != 0)
		return NULL;
	p = stored + strlen(PICTURE_HEAD);
	nl = strchr(p, '\n');
	if (nl == NULL || (size_t)(nl - p) >= n)
		return NULL;
	memcpy(cid, p, (size_t)(nl - p));
	cid[nl - p] = '\0';
	return nl + 1;
}

/* Puts the message's body and one file after it in a multipart/mixed: the
 * body stays what a reader sees, the file is an attachment to save. */
static void
attach(GMimeMessage *m, const char *message_id, const char *type, const char *subtype,
    const char *filename, const char *data)
{
	GMimeMultipart *mixed = g_mime_multipart_new_with_subtype("mixed");
	GMimePart *part = g_mime_part_new_with_type(type, subtype);
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(data, strlen(data));
	GMimeDataWrapper *content = g_mime_data_wrapper_new_with_stream(stream,
	    GMIME_CONTENT_ENCODING_DEFAULT);
	char h[HASH_HEX], boundary[48];

	g_mime_part_set_content(part, content);
	g_mime_part_set_filename(part, filename);
	g_mime_object_set_disposition(GMIME_OBJECT(part), GMIME_DISPOSITION_ATTACHMENT);
	g_mime_part_set_content_encoding(part, g_mime_part_get_best_content_encoding(part,
	    GMIME_ENCODING_CONSTRAINT_7BIT));
	/* From the Message-ID, as the alternative's: a resend is the same bytes. */
	sha256_hex(message_id, strlen(message_id), h);
	snprintf(boundary, sizeof boundary, "=-azalai-mixed-%.24s", h);
	g_mime_multipart_set_boundary(mixed, boundary);
	g_mime_multipart_add(mixed, g_mime_message_get_mime_part(m));
	g_mime_multipart_add(mixed, GMIME_OBJECT(part));
	g_mime_message_set_mime_part(m, GMIME_OBJECT(mixed));
	g_object_unref(mixed);
	g_object_unref(part);
	g_object_unref(content);
	g_object_unref(stream);
}

/* In-Reply-To and References of an answer to the mail whose Message-ID is
 * irt (without <>) and whose References were refs (as it wrote them): of
 * both, the ids that are RFC 5322 msg-ids, in their order, irt last. Any
 * other (8-bit bytes, spaces, a second "@") would leave our headers no
 * longer 7-bit, or no longer headers. The referee's own ids, which a
 * player's mail carries in its References, always pass. */
static void
thread(GMimeObject *obj, const char *irt, const char *refs)
{
	GString *r = g_string_new(NULL);
	const char *p = refs, *lt, *gt;

	while ((lt = strchr(p, '<')) != NULL && (gt = strchr(lt + 1, '>')) != NULL) {
		/* "<a <b@c>": the inner one is the id. */
		const char *inner = memchr(lt + 1, '<', (size_t)(gt - lt - 1));

		if (inner != NULL) {
			p = inner;
			continue;
		}
		if (address_msg_id(lt + 1, (size_t)(gt - lt - 1)))
			g_string_append_printf(r, "%s%.*s", r->len > 0 ? " " : "",
			    (int)(gt - lt + 1), lt);
		p = gt + 1;
	}
	if (address_msg_id(irt, strlen(irt))) {
		char *id = g_strdup_printf("<%s>", irt);

		g_mime_object_set_header(obj, "In-Reply-To", id, NULL);
		g_string_append_printf(r, "%s%s", r->len > 0 ? " " : "", id);
		g_free(id);
	}
	if (r->len > 0)
		g_mime_object_set_header(obj, "References", r->str, NULL);
	g_string_free(r, TRUE);
}

char *
mailout_build(const struct outmail *o, size_t *len)
{
	GMimeMessage *m;
	GMimeObject *obj, *body;
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
	if (o->in_reply_to[0] != '\0')
		thread(obj, o->in_reply_to, o->refs);
	/* RFC 3834: say we are a machine, so vacation programs do not answer. */
	g_mime_object_set_header(obj, "Auto-Submitted",
	    is_reply(o) ? "auto-replied" : "auto-generated", NULL);
	g_mime_object_set_header(obj, "X-Loop", o->from_addr, NULL);
	g_mime_object_set_header(obj, "X-Azalai-Kind", o->kind, NULL);

	body = mailout_body(o);
	g_mime_message_set_mime_part(m, body);
	g_object_unref(body);
	if (o->json != NULL && o->json[0] != '\0')
		attach(m, o->message_id, "application", "json", "view.json", o->json);

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
