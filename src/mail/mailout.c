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

/* An attachment: data as a part of type/subtype named filename. */
static GMimePart *
attachment(const char *type, const char *subtype, const char *filename, const char *data)
{
	GMimePart *part = g_mime_part_new_with_type(type, subtype);
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(data, strlen(data));
	GMimeDataWrapper *content = g_mime_data_wrapper_new_with_stream(stream,
	    GMIME_CONTENT_ENCODING_DEFAULT);

	g_mime_part_set_content(part, content);
	g_mime_part_set_filename(part, filename);
	g_mime_object_set_disposition(GMIME_OBJECT(part), GMIME_DISPOSITION_ATTACHMENT);
	g_mime_part_set_content_encoding(part, g_mime_part_get_best_content_encoding(part,
	    GMIME_ENCODING_CONSTRAINT_7BIT));
	g_object_unref(content);
	g_object_unref(stream);
	return part;
}

/* One multipart/mixed of the message's body and the n parts after it: the
 * body stays what a reader sees, the parts are files to open or save. */
static void
attach(GMimeMessage *m, const char *message_id, GMimePart **parts, int n)
{
	GMimeMultipart *mixed = g_mime_multipart_new_with_subtype("mixed");
	char h[HASH_HEX], boundary[48];

	/* From the Message-ID, as the alternative's: a resend is the same bytes. */
	sha256_hex(message_id, strlen(message_id), h);
	snprintf(boundary, sizeof boundary, "=-azalai-mixed-%.24s", h);
	g_mime_multipart_set_boundary(mixed, boundary);
	g_mime_multipart_add(mixed, g_mime_message_get_mime_part(m));
	for (int i = 0; i < n; i++) {
		g_mime_multipart_add(mixed, GMIME_OBJECT(parts[i]));
		g_object_unref(parts[i]);
	}
	g_mime_message_set_mime_part(m, GMIME_OBJECT(mixed));
	g_object_unref(mixed);
}

/* In-Reply-To and References of a mail. An answer to the mail whose
 * Message-ID is irt (without <>) and whose References were refs (as it
 * wrote them) replies to it: of both, the ids that are RFC 5322 msg-ids,
 * in their order, irt last. Any other (8-bit bytes, spaces, a second "@")
 * would leave our headers no longer 7-bit, or no longer headers. The
 * referee's own ids, which a player's mail carries in its References,
 * always pass. root, the reader's welcome mail in the game, comes first
 * when refs did not hold it: an answer to a fresh mail (no References)
 * still threads in the game, and a mail that answers none replies to the
 * welcome. In-Reply-To stays the mail answered, never an older one: a
 * reply code is read from it or from the last References alone. */
static void
thread(GMimeObject *obj, const char *irt, const char *refs, const char *root)
{
	GString *r = g_string_new(NULL);
	const char *p = refs != NULL ? refs : "", *lt, *gt;
	char *top = NULL;

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
	if (root != NULL && address_msg_id(root, strlen(root))) {
		top = g_strdup_printf("<%s>", root);
		if (strstr(r->str, top) == NULL) {
			if (r->len > 0)
				g_string_prepend_c(r, ' ');
			g_string_prepend(r, top);
		}
	}
	if (irt != NULL && address_msg_id(irt, strlen(irt))) {
		char *id = g_strdup_printf("<%s>", irt);

		g_mime_object_set_header(obj, "In-Reply-To", id, NULL);
		g_string_append_printf(r, "%s%s", r->len > 0 ? " " : "", id);
		g_free(id);
	} else if (top != NULL) {
		g_mime_object_set_header(obj, "In-Reply-To", top, NULL);
	}
	if (r->len > 0)
		g_mime_object_set_header(obj, "References", r->str, NULL);
	g_free(top);
	g_string_free(r, TRUE);
}

#define TAG_HEAD "[azalai "

char *
mailout_subject(const char *game, const char *subject)
{
	size_t n = strlen(game);
	const char *rest = subject, *p;
	char *tag = g_strdup_printf(TAG_HEAD "%s] ", game), *s;

	if (strncmp(subject, tag, strlen(tag)) == 0) {
		g_free(tag);
		return g_strdup(subject);
	}
	/* The templates begin "Targi targi-1: ": the tag says it already, and
	 * what follows is the part that differs from mail to mail. */
	p = n > 0 ? strstr(subject, game) : NULL;
	if (p != NULL && p[n] == ':' && p[n + 1] == ' ' && (p == subject ||
	    (p[-1] == ' ' && memchr(subject, ' ', (size_t)(p - 1 - subject)) == NULL &&
	    memchr(subject, ':', (size_t)(p - subject)) == NULL)))
		rest = p + n + 2;
	s = g_strconcat(tag, rest, NULL);
	g_free(tag);
	return s;
}

void
mailout_list_label(const char *game, char *out, size_t n)
{
	size_t k = 0;

	/* A game's name is letters, digits, "_", "." and "-"; a dot-atom has
	 * no dot first, last or twice, and no 8-bit byte. */
	for (const char *p = game; *p != '\0' && k + 1 < n; p++) {
		unsigned char ch = (unsigned char)*p;

		if (ch == '.' && k > 0 && out[k - 1] != '.' && p[1] != '\0')
			out[k++] = '.';
		else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' ||
		    ch == '-')
			out[k++] = (char)ch;
		else if (ch >= 'A' && ch <= 'Z')
			out[k++] = (char)(ch - 'A' + 'a');
		else
			out[k++] = '-';
	}
	if (k == 0 && n > 1)
		out[k++] = '-';
	out[k < n ? k : n - 1] = '\0';
}

/* RFC 2919: one list per game, so a reader's filter keeps a game apart. */
static void
list_id(GMimeObject *obj, const char *game, const char *from_addr)
{
	const char *at = strrchr(from_addr, '@');
	char label[128], *v;

	mailout_list_label(game, label, sizeof label);
	v = g_strdup_printf("\"azalai %s\" <%s.games.%s>", label, label,
	    at != NULL ? at + 1 : "localhost");
	g_mime_object_set_header(obj, "List-Id", v, NULL);
	g_free(v);
}

char *
mailout_build(const struct outmail *o, size_t *len)
{
	GMimeMessage *m;
	GMimeObject *obj, *body;
	GMimePart *parts[2];
	GDateTime *dt;
	int n = 0;
	time_t t = clock_parse_iso(o->created_at);
	char *s;

	mailmsg_global_init();
	m = g_mime_message_new(TRUE);
	obj = GMIME_OBJECT(m);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, o->from_name, o->from_addr);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO, NULL, o->to);
	if (o->game != NULL && o->game[0] != '\0') {
		char *subject = mailout_subject(o->game, o->subject);

		g_mime_message_set_subject(m, subject, "utf-8");
		g_free(subject);
	} else {
		g_mime_message_set_subject(m, o->subject, "utf-8");
	}
	dt = g_date_time_new_from_unix_utc(t >= 0 ? (gint64)t : 0);
	g_mime_message_set_date(m, dt);
	g_date_time_unref(dt);
	g_mime_message_set_message_id(m, o->message_id);
	/* The welcome mail itself is the top of the reader's thread. */
	if (o->root != NULL && strcmp(o->root, o->message_id) == 0)
		thread(obj, o->in_reply_to, o->refs, NULL);
	else
		thread(obj, o->in_reply_to, o->refs, o->root);
	if (o->game != NULL && o->game[0] != '\0')
		list_id(obj, o->game, o->from_addr);
	/* RFC 2369: what a reader's client offers as "unsubscribe". No
	 * List-Unsubscribe-Post (RFC 8058): that is for an https URI, and the
	 * referee is reached by mail alone. */
	if (o->unsubscribe != NULL && o->unsubscribe[0] != '\0') {
		/* As written: a URI has no place to fold, and GMime would
		 * encode it as a word of RFC 2047 that no client reads. */
		char *v = g_strdup_printf(" <%s>\n", o->unsubscribe);
		GMimeHeader *h;

		g_mime_object_set_header(obj, "List-Unsubscribe", "", NULL);
		h = g_mime_header_list_get_header(g_mime_object_get_header_list(obj),
		    "List-Unsubscribe");
		g_mime_header_set_raw_value(h, v);
		g_free(v);
	}
	/* RFC 3834: say we are a machine, so vacation programs do not answer. */
	g_mime_object_set_header(obj, "Auto-Submitted",
	    is_reply(o) ? "auto-replied" : "auto-generated", NULL);
	g_mime_object_set_header(obj, "X-Loop", o->from_addr, NULL);
	g_mime_object_set_header(obj, "X-Azalai-Kind", o->kind, NULL);

	body = mailout_body(o);
	g_mime_message_set_mime_part(m, body);
	g_object_unref(body);
	if (o->ical != NULL && o->ical[0] != '\0') {
		GMimeContentType *ct;

		parts[n] = attachment("text", "calendar", "deadline.ics", o->ical);
		/* RFC 5546's method and the text's charset: a client shows an
		 * event it can add, not a file. */
		ct = g_mime_object_get_content_type(GMIME_OBJECT(parts[n++]));
		g_mime_content_type_set_parameter(ct, "charset", "utf-8");
		g_mime_content_type_set_parameter(ct, "method", "PUBLISH");
	}
	if (o->json != NULL && o->json[0] != '\0')
		parts[n++] = attachment("application", "json", "view.json", o->json);
	if (n > 0)
		attach(m, o->message_id, parts, n);

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
