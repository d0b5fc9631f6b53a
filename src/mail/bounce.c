#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "core/xmalloc.h"
#include "mail/bounce.h"
#include "mail/mailmsg.h"

/* As in mailmsg.c: deeper than this is no mail server's doing. */
#define MAX_DEPTH 32
/* Groups of fields read from one delivery report. */
#define MAX_GROUPS 256

static int
is(GMimeObject *o, const char *type, const char *subtype)
{
	return g_mime_content_type_is_type(g_mime_object_get_content_type(o), type, subtype);
}

static int
has_id(const struct bounce *b, const char *id)
{
	for (int i = 0; i < b->nids; i++)
		if (strcmp(b->ids[i], id) == 0)
			return 1;
	return 0;
}

/* v: a Message-ID field's value. */
static void
add_id(struct bounce *b, const char *v)
{
	char *id;

	if (v == NULL || b->nids >= BOUNCE_MAX_IDS)
		return;
	id = g_mime_utils_decode_message_id(v);
	if (id != NULL && id[0] != '\0' && !has_id(b, id))
		b->ids[b->nids++] = xstrdup(id);
	g_free(id);
}

/* v: an In-Reply-To or References field's value. */
static void
add_refs(struct bounce *b, const char *v)
{
	GMimeReferences *r;

	if (v == NULL || (r = g_mime_references_parse(NULL, v)) == NULL)
		return;
	for (int i = 0; i < g_mime_references_length(r); i++)
		add_id(b, g_mime_references_get_message_id(r, i));
	g_mime_references_free(r);
}

/* The part's content with its transfer encoding undone, as a string. */
static char *
content(GMimeObject *o)
{
	GMimeDataWrapper *w = g_mime_part_get_content(GMIME_PART(o));
	GMimeStream *out = g_mime_stream_mem_new();
	GByteArray *a;
	char *s;

	if (w != NULL)
		g_mime_data_wrapper_write_to_stream(w, out);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
	/* An empty part's array may have no data at all. */
	s = a->len > 0 ? g_strndup((const char *)a->data, a->len) : g_strdup("");
	g_object_unref(out);
	return s;
}

/* The first block of header fields in s[0..n), read as GMime reads a
 * part's header; NULL when s holds none. */
static GMimeObject *
fields(const char *s, size_t n)
{
	GMimeStream *st = g_mime_stream_mem_new_with_buffer(s, n);
	GMimeParser *p = g_mime_parser_new_with_stream(st);
	GMimeObject *o;

	g_object_unref(st);
	o = g_mime_parser_construct_part(p, NULL);
	g_object_unref(p);
	return o;
}

static int
blank(const char *line, size_t n)
{
	return strspn(line, " \t\r") >= n;
}

/* A delivery report is groups of fields apart by blank lines (RFC 3464
 * 2.1): one about the message, then one per recipient, which alone have
 * an Action. */
static void
read_report(struct bounce *b, const char *s)
{
	const char *p = s, *start = NULL;
	int groups = 0;

	while (groups < MAX_GROUPS) {
		size_t n = strcspn(p, "\n");
		int end = p[n] == '\0';

		if (start == NULL && !blank(p, n))
			start = p;
		if (start != NULL && (blank(p, n) || end)) {
			GMimeObject *o = fields(start, (size_t)(p + n - start));
			const char *action;

			if (o != NULL && (action = g_mime_object_get_header(o, "Action")) != NULL) {
				action += strspn(action, " \t");
				b->recipients++;
				if (strncasecmp(action, "failed", 6) == 0 && (action[6] == '\0' ||
				    strchr(" \t(;", action[6]) != NULL))
					b->failed++;
			}
			if (o != NULL)
				g_object_unref(o);
			start = NULL;
			groups++;
		}
		if (end)
			break;
		p += n + 1;
	}
}

/* Bounces that quote the returned mail as text quote its Message-ID line,
 * perhaps indented or marked as a quotation. */
static void
quoted_ids(struct bounce *b, const char *s)
{
	for (const char *p = s; *p != '\0'; ) {
		size_t n = strcspn(p, "\n");
		const char *q = p + strspn(p, " \t>");

		if (strncasecmp(q, "Message-ID:", 11) == 0) {
			char *v = g_strndup(q + 11, n - (size_t)(q + 11 - p));

			add_id(b, v);
			g_free(v);
		}
		p += n + (p[n] != '\0');
	}
}

/* Pass 0 reads returned mails, returned headers and delivery reports;
 * pass 1 the text. */
static void
walk(GMimeObject *o, struct bounce *b, int depth, int pass)
{
	char *s;

	if (o == NULL || depth > MAX_DEPTH)
		return;
	/* Not entered: what the returned mail holds is its writer's. */
	if (GMIME_IS_MESSAGE_PART(o)) {
		GMimeMessage *m = g_mime_message_part_get_message(GMIME_MESSAGE_PART(o));

		if (pass == 0 && m != NULL)
			add_id(b, g_mime_message_get_message_id(m));
		return;
	}
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);
		int n = g_mime_multipart_get_count(mp);

		for (int i = 0; i < n; i++)
			walk(g_mime_multipart_get_part(mp, i), b, depth + 1, pass);
		return;
	}
	if (!GMIME_IS_PART(o))
		return;
	if (pass == 0 && (is(o, "text", "rfc822-headers") || is(o, "message", "global-headers"))) {
		GMimeObject *h;

		s = content(o);
		if ((h = fields(s, strlen(s))) != NULL) {
			add_id(b, g_mime_object_get_header(h, "Message-ID"));
			g_object_unref(h);
		}
		g_free(s);
	} else if (pass == 0 && (is(o, "message", "delivery-status") ||
	    is(o, "message", "global-delivery-status"))) {
		s = content(o);
		read_report(b, s);
		g_free(s);
	} else if (pass == 1 && is(o, "text", "plain")) {
		s = content(o);
		quoted_ids(b, s);
		g_free(s);
	}
}

int
bounce_read(const char *raw, size_t len, struct bounce *b, struct diag *d)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;
	GMimeObject *top;

	memset(b, 0, sizeof *b);
	mailmsg_global_init();
	stream = g_mime_stream_mem_new_with_buffer(raw, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	if (msg == NULL)
		return diag_set(d, 0, "not a mail message");
	top = g_mime_message_get_mime_part(msg);
	walk(top, b, 0, 0);
	add_refs(b, g_mime_object_get_header(GMIME_OBJECT(msg), "In-Reply-To"));
	add_refs(b, g_mime_object_get_header(GMIME_OBJECT(msg), "References"));
	walk(top, b, 0, 1);
	g_object_unref(msg);
	return 0;
}

void
bounce_free(struct bounce *b)
{
	for (int i = 0; i < b->nids; i++)
		free(b->ids[i]);
	memset(b, 0, sizeof *b);
}

int
bounce_nothing_failed(const struct bounce *b)
{
	return b->recipients > 0 && b->failed == 0;
}
