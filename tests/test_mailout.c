/* The bytes handed to SMTP: CRLF only, whatever line ends a player's text
 * had, so no lone "." after a bare LF or CR can end DATA early; headers
 * 7-bit, with an envelope that names the addresses they name. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <glib.h>
#include <gmime/gmime.h>
#include <string.h>

#include "mail/address.h"
#include "mail/mailout.h"
#include "mail/sender.h"

static void
wire_is(const char *in, const char *want)
{
	size_t n;
	char *out = mailout_crlf(in, strlen(in), &n);

	assert_int_equal(n, strlen(want));
	assert_string_equal(out, want);
	g_free(out);
}

static void
test_crlf(void **state)
{
	(void)state;
	wire_is("a\nb\n", "a\r\nb\r\n");
	wire_is("a\r\nb\r\n", "a\r\nb\r\n");
	wire_is("no end", "no end\r\n");
	wire_is("", "\r\n");
	/* The smuggling shapes: a lone dot after a bare LF, a bare CR, LF CR. */
	wire_is("x\n.\nMAIL FROM:<a@b>\n", "x\r\n.\r\nMAIL FROM:<a@b>\r\n");
	wire_is("x\r.\rDATA\r", "x\r\n.\r\nDATA\r\n");
	wire_is("x\n\r.\n", "x\r\n\r\n.\r\n");
	wire_is("x\r\r\n", "x\r\n\r\n");
}

static void
test_built_mail(void **state)
{
	struct outmail o = { 1, "press", "azalai", "referee@a.test", "p@a.test", "press",
	    "first\n.\nMAIL FROM:<referee@a.test>\r\nRCPT TO:<p@a.test>\rDATA\n.\nlast\n",
	    "", "azalai.1.x@a.test", "", "", "2026-11-21T12:00:00Z", "", NULL, NULL, NULL, NULL };
	size_t len, n;
	char *raw = mailout_build(&o, &len), *w = mailout_crlf(raw, len, &n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		if (w[i] == '\r')
			assert_true(i + 1 < n && w[i + 1] == '\n');
		if (w[i] == '\n')
			assert_true(i > 0 && w[i - 1] == '\r');
	}
	assert_non_null(strstr(w, "\r\nfirst\r\n.\r\nMAIL FROM:<referee@a.test>\r\n"
	    "RCPT TO:<p@a.test>\r\nDATA\r\n.\r\nlast\r\n"));
	g_free(w);
	g_free(raw);
}

/* GMime hands out the MIME type as a new string. */
static void
assert_type(GMimeObject *o, const char *want)
{
	char *type = g_mime_content_type_get_mime_type(g_mime_object_get_content_type(o));

	assert_string_equal(type, want);
	g_free(type);
}

/* The view.json a seat asked for: an attachment after the mail's own body
 * (text, or text and HTML as alternatives), which stays what a client shows. */
static void
test_json_attachment(void **state)
{
	const char *json = "{\"schema\" : \"azalai-view\", \"text\" : \"Zo\u00eb's \\\"x\\\"\"}\n";
	struct outmail o = { 1, "report", "azalai", "referee@a.test", "p@a.test", "report",
	    "the report\n", "<p>the report</p>", "azalai.2.x@a.test", "", "",
	    "2026-11-21T12:00:00Z", json, NULL, NULL, NULL, NULL };
	size_t len;
	char *raw;
	GMimeParser *parser;
	GMimeStream *stream;
	GMimeMessage *m;
	GMimeObject *top, *body, *att;
	GMimeStream *out;
	GByteArray *bytes;

	(void)state;
	for (int html = 1; html >= 0; html--) {
		o.html = html ? "<p>the report</p>" : "";
		raw = mailout_build(&o, &len);
		stream = g_mime_stream_mem_new_with_buffer(raw, len);
		parser = g_mime_parser_new_with_stream(stream);
		m = g_mime_parser_construct_message(parser, NULL);
		assert_non_null(m);
		top = g_mime_message_get_mime_part(m);
		assert_true(GMIME_IS_MULTIPART(top));
		assert_type(top, "multipart/mixed");
		assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(top)), 2);
		body = g_mime_multipart_get_part(GMIME_MULTIPART(top), 0);
		assert_type(body, html ? "multipart/alternative" : "text/plain");
		att = g_mime_multipart_get_part(GMIME_MULTIPART(top), 1);
		assert_type(att, "application/json");
		assert_string_equal(g_mime_object_get_content_type_parameter(att, "name"),
		    "view.json");
		assert_string_equal(g_mime_part_get_filename(GMIME_PART(att)), "view.json");
		assert_true(g_mime_content_disposition_is_attachment(
		    g_mime_object_get_content_disposition(att)));
		/* The bytes come back as they went in, whatever the encoding. */
		out = g_mime_stream_mem_new();
		g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(GMIME_PART(att)),
		    out);
		bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
		assert_int_equal(bytes->len, strlen(json));
		assert_memory_equal(bytes->data, json, strlen(json));
		g_object_unref(out);
		g_object_unref(m);
		g_object_unref(parser);
		g_object_unref(stream);
		g_free(raw);
	}
	/* No json, no attachment: the mail is what it was. */
	o.json = "";
	o.html = "";
	raw = mailout_build(&o, &len);
	assert_null(strstr(raw, "multipart/mixed"));
	assert_null(strstr(raw, "view.json"));
	g_free(raw);
}

/* The deadlines' calendar part: text/calendar with RFC 5546's method, after
 * the body and before view.json, in one multipart/mixed; its bytes (UTF-8
 * words in it) come back whole. */
static void
test_calendar_part(void **state)
{
	const char *ical = "BEGIN:VCALENDAR\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\n"
	    "SUMMARY:Targi t-1: du bist am Zug als n\u00f6rd\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
	struct outmail o = { 1, "report", "azalai", "referee@a.test", "p@a.test", "report",
	    "the report\n", "<p>the report</p>", "azalai.3.x@a.test", "", "",
	    "2026-11-21T12:00:00Z", "{}\n", NULL, NULL, NULL, ical };
	size_t len;
	char *raw = mailout_build(&o, &len);
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(raw, len), *out;
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);
	GMimeMessage *m = g_mime_parser_construct_message(parser, NULL);
	GMimeObject *top, *cal;
	GByteArray *bytes;

	(void)state;
	assert_non_null(m);
	top = g_mime_message_get_mime_part(m);
	assert_type(top, "multipart/mixed");
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(top)), 3);
	assert_type(g_mime_multipart_get_part(GMIME_MULTIPART(top), 0), "multipart/alternative");
	cal = g_mime_multipart_get_part(GMIME_MULTIPART(top), 1);
	assert_type(cal, "text/calendar");
	assert_string_equal(g_mime_object_get_content_type_parameter(cal, "method"), "PUBLISH");
	assert_string_equal(g_mime_object_get_content_type_parameter(cal, "charset"), "utf-8");
	assert_type(g_mime_multipart_get_part(GMIME_MULTIPART(top), 2), "application/json");
	out = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(GMIME_PART(cal)), out);
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
	/* Line ends are the message's (CRLF on the wire, mailout_crlf). */
	{
		char *want = g_strdup(ical), *w = want;

		for (const char *c = ical; *c != '\0'; c++)
			if (*c != '\r')
				*w++ = *c;
		*w = '\0';
		assert_int_equal(bytes->len, strlen(want));
		assert_memory_equal(bytes->data, want, strlen(want));
		g_free(want);
	}
	g_object_unref(out);
	g_object_unref(m);
	g_object_unref(parser);
	g_object_unref(stream);
	g_free(raw);
}

/* The header block of a built mail, up to its blank line (g_free it). */
static char *
headers_of(const struct outmail *o)
{
	size_t len;
	char *raw = mailout_build(o, &len), *end = strstr(raw, "\n\n");

	assert_non_null(end);
	end[1] = '\0';
	return raw;
}

/* The value of header name in h ("" when absent), unfolded. */
static void
header_value(const char *h, const char *name, char *out, size_t n)
{
	const char *p = h;
	size_t k = 0;

	out[0] = '\0';
	for (; *p != '\0'; p = strchr(p, '\n') + 1) {
		if (strncmp(p, name, strlen(name)) != 0 || p[strlen(name)] != ':')
			continue;
		p += strlen(name) + 1;
		while (*p == ' ')
			p++;
		for (; *p != '\0' && k + 1 < n; p++) {
			if (*p == '\n' && (p[1] == ' ' || p[1] == '\t'))
				continue;
			if (*p == '\n')
				break;
			out[k++] = *p == '\t' ? ' ' : *p;
		}
		out[k] = '\0';
		return;
	}
}

static void
assert_7bit(const char *h)
{
	for (const unsigned char *p = (const unsigned char *)h; *p != '\0'; p++)
		if (*p >= 0x80)
			fail_msg("an 8-bit byte in the headers:\n%s", h);
}

/* The ids a player's mail carried go into In-Reply-To and References only
 * when they are RFC 5322 msg-ids: 8-bit ones, ids with spaces, and bare
 * words are dropped; the referee's own ids, which a reply carries in its
 * References, still thread the answer. */
static void
test_reply_ids_are_msg_ids(void **state)
{
	struct outmail o = { 1, "ack", "azalai", "referee@a.test", "p@a.test", "Re: orders",
	    "accepted\n", "", "azalai.3.x@a.test", "\xc3\xa4.1@p.test",
	    "<\xc3\xbc@x.test> <azalai.1.x@a.test> (a comment) <a b@c.test> <bare>, "
	    "<ok.2@[127.0.0.1]><no@dots..test> <$weird!#id%@p.test>",
	    "2026-11-21T12:00:00Z", "", NULL, NULL, NULL, NULL };
	char *h, v[400];

	(void)state;
	h = headers_of(&o);
	assert_7bit(h);
	header_value(h, "In-Reply-To", v, sizeof v);
	assert_string_equal(v, "");
	header_value(h, "References", v, sizeof v);
	assert_string_equal(v, "<azalai.1.x@a.test> <ok.2@[127.0.0.1]> <$weird!#id%@p.test>");
	/* An answer to a mail is auto-replied whatever its id was. */
	header_value(h, "Auto-Submitted", v, sizeof v);
	assert_string_equal(v, "auto-replied");
	g_free(h);

	/* A valid id is the In-Reply-To and ends the References. */
	o.in_reply_to = "r1.x@p.test";
	h = headers_of(&o);
	assert_7bit(h);
	header_value(h, "In-Reply-To", v, sizeof v);
	assert_string_equal(v, "<r1.x@p.test>");
	header_value(h, "References", v, sizeof v);
	assert_string_equal(v, "<azalai.1.x@a.test> <ok.2@[127.0.0.1]> <$weird!#id%@p.test> "
	    "<r1.x@p.test>");
	g_free(h);

	/* Nothing valid at all: neither header. */
	o.in_reply_to = "<nested>@p.test";
	o.refs = "\xc3\xa4@p.test <x\ty@p.test>";
	h = headers_of(&o);
	header_value(h, "In-Reply-To", v, sizeof v);
	assert_string_equal(v, "");
	assert_null(strstr(h, "References:"));
	assert_null(strstr(h, "In-Reply-To:"));
	g_free(h);
}

/* A mail of a game threads under the reader's welcome (root): a report
 * replies to it, an answer replies to the mail it answers with the
 * welcome first in References (once), the welcome itself to nothing; its
 * subject has the game's tag once, and the mail the game's List-Id. */
static void
test_game_thread(void **state)
{
	struct outmail o = { 1, "report", "azalai", "referee@a.test", "p@a.test",
	    "Targi targi-1: round 2, step 5", "text\n", "", "azalai.5.x@a.test", "", "",
	    "2026-11-21T12:00:00Z", "", "targi-1", "azalai.1.w@a.test", NULL, NULL };
	char *h, v[400];

	(void)state;
	h = headers_of(&o);
	header_value(h, "In-Reply-To", v, sizeof v);
	assert_string_equal(v, "<azalai.1.w@a.test>");
	header_value(h, "References", v, sizeof v);
	assert_string_equal(v, "<azalai.1.w@a.test>");
	header_value(h, "Auto-Submitted", v, sizeof v);
	assert_string_equal(v, "auto-generated");
	header_value(h, "Subject", v, sizeof v);
	assert_string_equal(v, "[azalai targi-1] round 2, step 5");
	header_value(h, "List-Id", v, sizeof v);
	assert_string_equal(v, "\"azalai targi-1\" <targi-1.games.a.test>");
	assert_null(strstr(h, "List-Unsubscribe"));
	g_free(h);

	/* An answer to a fresh mail: under the welcome, replying to that mail. */
	o.kind = "ack";
	o.in_reply_to = "p1@p.test";
	h = headers_of(&o);
	header_value(h, "In-Reply-To", v, sizeof v);
	assert_string_equal(v, "<p1@p.test>");
	header_value(h, "References", v, sizeof v);
	assert_string_equal(v, "<azalai.1.w@a.test> <p1@p.test>");
	g_free(h);

	/* A reply to a report already holds the welcome: not twice. */
	o.refs = "<azalai.1.w@a.test> <azalai.4.x.code@a.test>";
	h = headers_of(&o);
	header_value(h, "References", v, sizeof v);
	assert_string_equal(v, "<azalai.1.w@a.test> <azalai.4.x.code@a.test> <p1@p.test>");
	g_free(h);

	/* The welcome starts the thread; a resent subject keeps one tag. */
	o.kind = "welcome";
	o.in_reply_to = o.refs = "";
	o.message_id = o.root;
	o.subject = "[azalai targi-1] you play seat a";
	o.unsubscribe = "mailto:referee@a.test?subject=x";
	h = headers_of(&o);
	assert_null(strstr(h, "In-Reply-To:"));
	assert_null(strstr(h, "References:"));
	header_value(h, "Subject", v, sizeof v);
	assert_string_equal(v, "[azalai targi-1] you play seat a");
	header_value(h, "List-Unsubscribe", v, sizeof v);
	assert_string_equal(v, "<mailto:referee@a.test?subject=x>");
	g_free(h);
}

static void
test_subject_tag(void **state)
{
	char *s, label[64];

	(void)state;
	s = mailout_subject("bq-1", "Buqruru bq-1: order not taken");
	assert_string_equal(s, "[azalai bq-1] order not taken");
	g_free(s);
	/* Only the opening "TITLE GAME: " goes, not the name elsewhere. */
	s = mailout_subject("bq-1", "press from bq-1: hello");
	assert_string_equal(s, "[azalai bq-1] press from bq-1: hello");
	g_free(s);
	s = mailout_subject("bq-1", "a: bq-1: x");
	assert_string_equal(s, "[azalai bq-1] a: bq-1: x");
	g_free(s);
	mailout_list_label("Game.One", label, sizeof label);
	assert_string_equal(label, "game.one");
	mailout_list_label(".a..b.", label, sizeof label);
	assert_string_equal(label, "-a.-b-");
	mailout_list_label("t\xc3\xa4", label, sizeof label);
	assert_string_equal(label, "t--");
}

/* The one spelling of an address that goes out (To, envelope, outbox row):
 * GMime's IDNA2008 A-labels for the domain, or a reason there is none. */
static void
ascii_is(const char *in, const char *want)
{
	char out[ADDRESS_MAX];
	struct diag d;

	diag_clear(&d);
	if (address_ascii(in, out, sizeof out, &d) < 0)
		fail_msg("%s: %s", in, d.msg);
	assert_string_equal(out, want);
}

static void
ascii_fails(const char *in, const char *why)
{
	char out[ADDRESS_MAX];
	struct diag d;

	diag_clear(&d);
	assert_int_equal(address_ascii(in, out, sizeof out, &d), -1);
	if (strstr(d.msg, why) == NULL)
		fail_msg("%s: \"%s\" does not say \"%s\"", in, d.msg, why);
}

static void
test_envelope_addresses(void **state)
{
	(void)state;
	ascii_is("tinhinan@ex\xc3\xa4mple.test", "tinhinan@xn--exmple-cua.test");
	ascii_is("a@Ex\xc3\xa4mple.TEST", "a@xn--exmple-cua.test");
	/* IDNA2008 as GMime writes To, not IDNA2003's "strasse". */
	ascii_is("a@stra\xc3\x9f" "e.test", "a@xn--strae-oqa.test");
	ascii_is("a@xn--exmple-cua.test", "a@xn--exmple-cua.test");
	ascii_is("Zoe@Example.ORG", "Zoe@Example.ORG");
	ascii_is("a@[192.0.2.1]", "a@[192.0.2.1]");
	ascii_is("\"a b\"@x.test", "\"a b\"@x.test");
	ascii_fails("j\xc3\xbcrgen@ex\xc3\xa4mple.test", "SMTPUTF8");
	ascii_fails("j\xc3\xbcrgen@example.test", "SMTPUTF8");
	ascii_fails("\"<b>a</b> \"", "no domain");
	ascii_fails("nobody", "no domain");
	ascii_fails("a@", "no domain");
	ascii_fails("@x.test", "no domain");
	ascii_fails("a@b@c.test", "not one mail address");
	ascii_fails("Bob <a@x.test>", "not one mail address");
	ascii_fails("a@x.test, b@y.test", "not one mail address");
	ascii_fails("a@x.test\r\nRCPT TO:<evil@y.test>", "not one mail address");
	/* Inside quotes too: no SMTP server takes a control in a local part,
	 * and a CR or LF would end the RCPT command or the To header. */
	ascii_fails("\"\x16" "e b\"@x.test", "control");
	ascii_fails("\"a\r\nRCPT TO:<evil@y.test>\"@x.test", "control");
	ascii_fails("\"a\tb\"@x.test", "control");
	ascii_fails("\"a\x7f\"@x.test", "control");
	ascii_fails("\"a@b\"", "no host name");
	ascii_fails("a@\xe2\x98\x83.net", "no host name");
	/* The same mailbox in either spelling, in any case. */
	assert_true(sender_same("bob@ex\xc3\xa4mple.test", "BOB@xn--exmple-cua.test"));
	assert_true(sender_same("bob@EX\xc3\x84MPLE.test", "bob@ex\xc3\xa4mple.test"));
	assert_false(sender_same("bob@ex\xc3\xa4mple.test", "bob@example.test"));
	assert_false(sender_same("nobody", "nobody@x.test"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_built_mail),
		cmocka_unit_test(test_json_attachment),
		cmocka_unit_test(test_calendar_part),
		cmocka_unit_test(test_reply_ids_are_msg_ids),
		cmocka_unit_test(test_game_thread),
		cmocka_unit_test(test_subject_tag),
		cmocka_unit_test(test_envelope_addresses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
