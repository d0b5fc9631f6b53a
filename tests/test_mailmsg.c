#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "mail/bounce.h"
#include "core/buf.h"
#include "core/diag.h"
#include "core/hash.h"
#include "mail/mailbytes.h"
#include "mail/mailmsg.h"
#include "mail/mbox.h"
#include "core/xmalloc.h"

/* Every field of a parsed mail; a NULL string means "". */
struct want {
	const char *from_addr, *from_name, *reply_to, *return_path;
	const char *message_id, *in_reply_to, *references, *subject, *date;
	const char *auto_submitted, *precedence, *x_loop;
	int is_bounce, is_auto;
	const char *text, *attachment_text;
	int html_only;
};

static char *
load(const char *name, size_t *len)
{
	const char *srcdir = getenv("srcdir");
	char path[1024];
	struct buf b = BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "%s/tests/mail/%s",
	    srcdir != NULL ? srcdir : ".", name);
	f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	*len = b.len;
	buf_addc(&b, '\0');
	return buf_steal(&b);
}

static void
field(const char *name, const char *got, const char *want)
{
	if (want == NULL)
		want = "";
	assert_non_null(got);
	if (!g_utf8_validate(got, -1, NULL))
		fail_msg("%s is not valid UTF-8", name);
	if (strcmp(got, want) != 0)
		fail_msg("%s: got \"%s\", want \"%s\"", name, got, want);
}

static void
check(const struct mailmsg *m, const struct want *w)
{
	field("from_addr", m->from_addr, w->from_addr);
	field("from_name", m->from_name, w->from_name);
	field("reply_to", m->reply_to, w->reply_to);
	field("return_path", m->return_path, w->return_path);
	field("message_id", m->message_id, w->message_id);
	field("in_reply_to", m->in_reply_to, w->in_reply_to);
	field("references", m->references, w->references);
	field("subject", m->subject, w->subject);
	field("date", m->date, w->date);
	field("auto_submitted", m->auto_submitted, w->auto_submitted);
	field("precedence", m->precedence, w->precedence);
	field("x_loop", m->x_loop, w->x_loop);
	field("text", m->text, w->text);
	field("attachment_text", m->attachment_text, w->attachment_text);
	assert_int_equal(m->is_bounce, w->is_bounce);
	assert_int_equal(m->is_auto, w->is_auto);
	assert_int_equal(m->html_only, w->html_only);
}

static void
expect_mail(const char *file, const struct want *w)
{
	struct mailmsg m;
	struct diag d;
	size_t len;
	char *raw = load(file, &len);

	mailmsg_init(&m);
	diag_clear(&d);
	if (mailmsg_parse(raw, len, 1 << 20, &m, &d) != 0)
		fail_msg("%s: %s", file, d.msg);
	check(&m, w);
	mailmsg_free(&m);
	assert_null(m.text);
	free(raw);
}

static void
expect_refused(const char *raw, size_t len, size_t max, const char *msg)
{
	struct mailmsg m;
	struct diag d;

	mailmsg_init(&m);
	diag_clear(&d);
	assert_int_equal(mailmsg_parse(raw, len, max, &m, &d), -1);
	assert_string_equal(d.msg, msg);
	assert_null(m.from_addr);
	assert_null(m.text);
	mailmsg_free(&m);
}

static void
t_plain_utf8(void **state)
{
	struct want w = {
		.from_addr = "zoe@example.org",
		.from_name = "Zo\xc3\xa9 Ag Amastan",
		.return_path = "zoe@example.org",
		.message_id = "20250304.1@example.org",
		.subject = "Orders for buqruru-1",
		.date = "Tue, 4 Mar 2025 09:15:00 +0100",
		.text = "GAME buqruru-1\nSEAT zo\xc3\xa9\nTOKEN 7f3a-91c2\n"
		    "SOW 3  # from my third pit\n",
	};

	(void)state;
	expect_mail("plain-utf8.eml", &w);
}

static void
t_crlf(void **state)
{
	struct want w = {
		.from_addr = "amastan@example.net", .from_name = "Amastan",
		.message_id = "crlf@example.net", .subject = "crlf",
		.text = "GAME buqruru-1\nSEAT amastan\n",
	};

	(void)state;
	expect_mail("crlf.eml", &w);
}

static void
t_latin1_body(void **state)
{
	/* 0x93/0x94/0x80 are windows-1252 curly quotes and euro. */
	struct want w = {
		.from_addr = "didier@example.fr", .from_name = "Didier",
		.message_id = "l1@example.fr", .subject = "tour",
		.text = "D\xc3\xa9p\xc3\xb4t: 3 chameaux, 2 \xc3\xa9pices\n"
		    "\xe2\x80\x9c" "cit\xc3\xa9\xe2\x80\x9d \xe2\x82\xac\n",
	};

	(void)state;
	expect_mail("latin1-body.eml", &w);
}

static void
t_subject_q_latin1(void **state)
{
	struct want w = {
		.from_addr = "andre@example.fr", .from_name = "Andr\xc3\xa9",
		.message_id = "q1@example.fr",
		.subject = "Ordres pour la partie \xc3\xa9t\xc3\xa9",
		.text = "x\n",
	};

	(void)state;
	expect_mail("subject-q-latin1.eml", &w);
}

static void
t_subject_b_latin1(void **state)
{
	/* The display name is two B words, the first padded. */
	struct want w = {
		.from_addr = "andre@example.fr",
		.from_name = "Andr\xc3\xa9 L\xc3\xa9",
		.message_id = "b1@example.fr",
		.subject = "D\xc3\xa9p\xc3\xb4t \xc3\xa0 Agadez",
		.text = "x\n",
	};

	(void)state;
	expect_mail("subject-b-latin1.eml", &w);
}

static void
t_subject_q_utf8(void **state)
{
	struct want w = {
		.from_addr = "tin@example.net", .message_id = "q8@example.net",
		.subject = "Tin Hinan \xe2\x80\x94 tour 2 fin",
		.text = "x\n",
	};

	(void)state;
	expect_mail("subject-q-utf8.eml", &w);
}

static void
t_subject_b_utf8(void **state)
{
	/* Two folded B words; the space inside the first one is kept, the
	 * folding between them is not. */
	struct want w = {
		.from_addr = "tin@example.net", .message_id = "b8@example.net",
		.subject = "\xe2\xb5\x9c\xe2\xb5\x89\xe2\xb5\x8f "
		    "\xe2\xb5\x80\xe2\xb5\x89\xe2\xb5\x8f\xe2\xb4\xb0"
		    "\xe2\xb5\x8f \xe2\x9c\x93",
		.text = "x\n",
	};

	(void)state;
	expect_mail("subject-b-utf8.eml", &w);
}

static void
t_odd_encoded_words(void **state)
{
	/* A one-letter and an empty B word, an unpadded one: no crash, and
	 * the good words still read. */
	const char *raw = "From: =?utf-8?B?p?= <a@example.org>\n"
	    "Subject: =?utf-8?B?\?= x =?utf-8?b?w6k?=\n\ny\n";
	struct mailmsg m;

	(void)state;
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(raw, strlen(raw), SIZE_MAX, &m, NULL),
	    0);
	assert_string_equal(m.from_addr, "a@example.org");
	assert_string_equal(m.from_name, "");
	assert_string_equal(m.subject, "x \xc3\xa9");
	mailmsg_free(&m);
}

static void
t_quoted_printable(void **state)
{
	struct want w = {
		.from_addr = "qp@example.org", .message_id = "qp@example.org",
		.subject = "qp",
		.text = "GAME buqruru-1\nSEAT caf\xc3\xa9\nTOKEN a=b\n"
		    "A very long order line that the sender's client broke "
		    "with a soft line break in the middle\n",
	};

	(void)state;
	expect_mail("quoted-printable.eml", &w);
}

static void
t_base64(void **state)
{
	struct want w = {
		.from_addr = "b64@example.org", .message_id = "b64@example.org",
		.subject = "b64",
		.text = "GAME targi-7\nSEAT tamghart\nTOKEN 0bad-cafe\n"
		    "TAKE 2 sel\n",
	};

	(void)state;
	expect_mail("base64.eml", &w);
}

static void
t_alternative(void **state)
{
	struct want w = {
		.from_addr = "alt@example.org", .from_name = "Alt",
		.message_id = "alt@example.org", .subject = "alt",
		.text = "GAME targi-7\nSEAT plain\n",
	};

	(void)state;
	expect_mail("alternative.eml", &w);
}

static void
t_html_only(void **state)
{
	struct want w = {
		.from_addr = "html@example.org", .from_name = "Html",
		.message_id = "html@example.org", .subject = "html",
		.text = "GAME targi-7\nSEAT tamghart\nTOKEN 0bad-cafe\n"
		    "PLACE 3 & 5\n"
		    "SAY <hi> \"all\" \xc3\xa9\xc3\xa9 &unknown; 1 < 2\n"
		    "last\n"
		    "> GAME targi-7\n> SEAT other\n",
		.html_only = 1,
	};

	(void)state;
	expect_mail("html-only.eml", &w);
}

/* HTML cut short anywhere: what a browser would show, no crash. */
static void
t_html_cut_short(void **state)
{
	static const struct {
		const char *html, *text;
	} cases[] = {
		{ "a<title>t</title", "a\n" },
		{ "a<style>p{}", "a\n" },
		{ "a<br", "a\n" },
		{ "a<!-- b", "a\n" },
		{ "a<b c='>", "a\n" },
		{ "a&amp", "a&amp\n" },
		/* libxml2 drops a "&#" or "&#x" that no digit follows, and
		 * references to NUL, surrogates and beyond Unicode (browsers
		 * show U+FFFD); &#150; is windows-1252's en dash, as in HTML5. */
		{ "a&#", "a\n" },
		{ "a&#xZZ;b", "aZZ;b\n" },
		{ "a&#0;&#xD800;&#x110000;&#150;&#160;b", "a\xe2\x80\x93 b\n" },
		{ "<pre>a  b\n c</pre>x", "a  b\n c\nx\n" },
		{ "<blockquote><blockquote>q</blockquote></blockquote>", ">> q\n" },
		{ "</blockquote></pre>a", "a\n" },
	};
	struct mailmsg m;
	struct buf raw = BUF_INIT;
	size_t i;

	(void)state;
	mailmsg_init(&m);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		buf_reset(&raw);
		buf_printf(&raw, "From: h@example.org\n"
		    "Content-Type: text/html; charset=utf-8\n\n%s",
		    cases[i].html);
		assert_int_equal(mailmsg_parse(raw.p, raw.len, SIZE_MAX, &m,
		    NULL), 0);
		if (strcmp(m.text, cases[i].text) != 0)
			fail_msg("%s: got \"%s\"", cases[i].html, m.text);
		assert_int_equal(m.html_only, 1);
	}
	mailmsg_free(&m);
	buf_free(&raw);
}

static void
expect_html(const char *html, const char *want)
{
	struct mailmsg m;
	struct buf raw = BUF_INIT;

	mailmsg_init(&m);
	buf_printf(&raw, "From: h@example.org\n"
	    "Content-Type: text/html; charset=utf-8\n\n%s", html);
	assert_int_equal(mailmsg_parse(raw.p, raw.len, SIZE_MAX, &m, NULL), 0);
	if (strcmp(m.text, want) != 0)
		fail_msg("%s: got \"%s\"", html, m.text);
	assert_int_equal(m.html_only, 1);
	mailmsg_free(&m);
	buf_free(&raw);
}

/* Pages as mail programs write them, read as a browser shows them. */
static void
t_html_pages(void **state)
{
	(void)state;
	/* A CR is white space to a browser, and mailmsg.h promises LF only. */
	expect_html("GAME x&#13;SEAT y", "GAME x SEAT y\n");
	expect_html("<pre>a&#13;&#10;b&#13;</pre>", "a \nb \n");
	expect_html("GAME&nbsp;x&#160;y", "GAME x y\n");
	/* Every named entity of HTML, not five. */
	expect_html("<p>caf&eacute; caf&#233; &#x1F42A; &hellip;</p>",
	    "caf\xc3\xa9 caf\xc3\xa9 \xf0\x9f\x90\xaa \xe2\x80\xa6\n");
	/* Unclosed blocks still end their lines. */
	expect_html("<div>GAME x<div>SEAT y<p>PLACE 3<li>PLACE 4",
	    "GAME x\nSEAT y\nPLACE 3\nPLACE 4\n");
	/* A script's text is never an order, closed or not. */
	expect_html("a<script>GAME no</script>b<script>SEAT no", "ab\n");
	expect_html("<ul><li>a<ul><li>b<li>c</ul><li>d</ul>", "a\nb\nc\nd\n");
	expect_html("<table><tr><th>seat</th><th>orders</th></tr>"
	    "<tr><td>anna</td><td>PLACE 3</td></tr></table>",
	    "seat orders\nanna PLACE 3\n");
}

/* Whatever a numeric reference names, the text holds no control character
 * but LF (and a tab kept inside <pre>): no CR, no other C0 control, no DEL,
 * no C1 control. */
static void
t_html_no_controls(void **state)
{
	struct mailmsg m;
	struct buf raw = BUF_INIT;

	(void)state;
	mailmsg_init(&m);
	for (int cp = 0; cp < 0xa0; cp++) {
		const unsigned char *p;

		buf_reset(&raw);
		buf_printf(&raw, "From: h@example.org\n"
		    "Content-Type: text/html; charset=utf-8\n\n"
		    "a&#%d;b<pre>c&#%d;d</pre>", cp, cp);
		assert_int_equal(mailmsg_parse(raw.p, raw.len, SIZE_MAX, &m,
		    NULL), 0);
		for (p = (const unsigned char *)m.text; *p != '\0'; p++)
			if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f ||
			    (p[0] == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0))
				fail_msg("&#%d; leaves byte 0x%02x in \"%s\"", cp,
				    *p == 0xc2 ? p[1] : *p, m.text);
	}
	mailmsg_free(&m);
	buf_free(&raw);
}

struct ranges {
	size_t n, begin[4], end[4];
};

static int
note_range(void *arg, size_t begin, size_t end)
{
	struct ranges *r = arg;

	if (r->n == 4)
		return 7;
	r->begin[r->n] = begin;
	r->end[r->n++] = end;
	return 0;
}

/* mbox_split hands out each message's own bytes, without its "From "
 * line, and stops when told to. */
static void
t_mbox_split(void **state)
{
	static const char mbox[] =
	    "From a@example.org Mon Nov 23 04:00:00 2026\n"
	    "Subject: one\n\n>From here\nbody\n\n"
	    "From b@example.org Mon Nov 23 04:01:00 2026\n"
	    "Subject: two\n\nGAME x\n";
	struct ranges r = { 0, { 0 }, { 0 } };
	const char *one = strstr(mbox, "Subject: one"), *two = strstr(mbox, "Subject: two");

	(void)state;
	assert_int_equal(mbox_split(mbox, strlen(mbox), note_range, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.begin[0], (size_t)(one - mbox));
	assert_true(r.end[0] <= (size_t)(strstr(mbox, "From b") - mbox));
	assert_true(r.end[0] > (size_t)(strstr(mbox, "body") - mbox));
	assert_int_equal(r.begin[1], (size_t)(two - mbox));
	assert_int_equal(r.end[1], strlen(mbox));

	r.n = 4;
	assert_int_equal(mbox_split(mbox, strlen(mbox), note_range, &r), 7);
	r.n = 0;
	assert_int_equal(mbox_split("", 0, note_range, &r), 0);
	assert_int_equal(r.n, 0);
}

static void
t_nested(void **state)
{
	/* The forwarded message/rfc822 comes first and is skipped; the
	 * text/plain inside the inner alternative wins over its HTML. The
	 * line break before a boundary belongs to the boundary. */
	struct want w = {
		.from_addr = "nest@example.org", .message_id = "nest@example.org",
		.subject = "Fwd: nested",
		.text = "GAME targui-2\nSEAT imzad",
	};

	(void)state;
	expect_mail("nested.eml", &w);
}

static void
t_attachment(void **state)
{
	/* One text/plain attachment by disposition, one by name only (and in
	 * ISO-8859-1, without a final newline); the binary one is not text. */
	struct want w = {
		.from_addr = "turn@example.org", .message_id = "turn@example.org",
		.subject = "turn file",
		.text = "See the attached turn file.\n",
		.attachment_text = "GAME buqruru-1\nSEAT zoe\n"
		    "TOKEN 7f3a\nSOW 3 # \xc3\xa9\n",
	};

	(void)state;
	expect_mail("attachment.eml", &w);
}

static void
t_auto_reply(void **state)
{
	struct want w = {
		.from_addr = "zoe@example.org", .from_name = "Zoe",
		.message_id = "ooo@example.org",
		.in_reply_to = "report-5@azalai.example",
		.subject = "Out of office: Orders for buqruru-1",
		.auto_submitted = "auto-replied", .x_loop = "zoe@example.org",
		.is_auto = 1,
		.text = "I am away until Monday.\n",
	};

	(void)state;
	expect_mail("auto-reply.eml", &w);
}

static void
t_bulk(void **state)
{
	struct want w = {
		.from_addr = "news@example.com", .from_name = "News",
		.message_id = "news@example.com", .subject = "Weekly news",
		.precedence = "bulk", .is_auto = 1, .text = "Hello.\n",
	};

	(void)state;
	expect_mail("bulk.eml", &w);
}

static void
t_list(void **state)
{
	/* Auto-Submitted: no does not make it automatic; List-Id does. */
	struct want w = {
		.from_addr = "someone@example.com", .from_name = "Someone",
		.message_id = "list@example.com",
		.subject = "[tuareg-games] hi", .auto_submitted = "no",
		.is_auto = 1, .text = "GAME buqruru-1\n",
	};

	(void)state;
	expect_mail("list.eml", &w);
}

/* list.eml without its List-Id, its Auto-Submitted set to value: a person
 * who writes "no" (RFC 3834: not automatic) is read; any other value is
 * automatic and never answered. */
static int
auto_of(const char *value)
{
	size_t len;
	char *raw = load("list.eml", &len), *l = strstr(raw, "List-Id:"), *a, *mail;
	struct mailmsg m;
	struct diag d;
	int is_auto;

	assert_non_null(l);
	memmove(l, strchr(l, '\n') + 1, strlen(strchr(l, '\n') + 1) + 1);
	a = strstr(raw, "Auto-Submitted: no\n");
	assert_non_null(a);
	*a = '\0';
	xasprintf(&mail, "%sAuto-Submitted: %s\n%s", raw, value,
	    a + strlen("Auto-Submitted: no\n"));
	assert_null(strstr(mail, "List-"));
	mailmsg_init(&m);
	diag_clear(&d);
	if (mailmsg_parse(mail, strlen(mail), 1 << 20, &m, &d) != 0)
		fail_msg("%s", d.msg);
	is_auto = m.is_auto;
	mailmsg_free(&m);
	free(mail);
	free(raw);
	return is_auto;
}

static void
t_auto_submitted(void **state)
{
	(void)state;
	assert_int_equal(auto_of("no"), 0);
	assert_int_equal(auto_of("No (a person wrote this)"), 0);
	assert_int_equal(auto_of("auto-replied"), 1);
	assert_int_equal(auto_of("auto-generated"), 1);
}

static void
t_bounce(void **state)
{
	/* The returned mail inside holds a GAME line: it must not be read. */
	struct want w = {
		.from_addr = "mailer-daemon@mx.example.org",
		.from_name = "Mail Delivery Subsystem",
		.return_path = "<>",
		.message_id = "bounce@mx.example.org",
		.subject = "Undelivered Mail Returned to Sender",
		.is_bounce = 1,
		.text = "This is the mail system at host mx.example.org.\n"
		    "I'm sorry to have to inform you that your message could "
		    "not be delivered.\n",
	};

	(void)state;
	expect_mail("bounce.eml", &w);
}

/* What a bounce proves: the Message-IDs of what it returns, in bounce.h's
 * order, never one from inside the returned mail; and what its reports
 * say of each recipient. */
static void
t_bounce_proof(void **state)
{
	static const char *const want[] = { "h@x", "r@x", "i@x", "a@x", "q@x" };
	const char *raw =
	    "From: MAILER-DAEMON@mx.example.net\r\nIn-Reply-To: <i@x>\r\n"
	    "References: <a@x>\r\n <i@x>\r\nContent-Type: multipart/mixed; boundary=M\r\n\r\n"
	    "--M\r\nContent-Type: multipart/report; report-type=delivery-status; "
	    "boundary=R\r\n\r\n"
	    "--R\r\nContent-Type: text/plain\r\n\r\nYour mail:\r\n  > message-id: <q@x>\r\n"
	    "--R\r\nContent-Type: message/global-delivery-status\r\n\r\n"
	    "Reporting-MTA: dns; mx.example.net\r\n\r\n"
	    "Final-Recipient: rfc822; one@example.org\r\nAction: delayed\r\n \r\n"
	    "Final-Recipient: rfc822;\r\n two@example.org\r\nAction: FAILED (for good)\r\n\r\n"
	    "--R\r\nContent-Type: message/global-headers\r\n\r\n"
	    "From: referee@example.org\r\nMessage-ID: <h@x>\r\n\r\n"
	    "--R\r\nContent-Type: message/rfc822\r\n\r\nMessage-ID: <r@x>\r\n"
	    "References: <inner@x>\r\nContent-Type: text/plain\r\n\r\n"
	    "Message-ID: <inner@x>\r\n--R--\r\n--M--\r\n";
	const char *delayed = "From: MAILER-DAEMON@x\nContent-Type: message/delivery-status\n\n"
	    "Reporting-MTA: dns; x\n\nFinal-Recipient: rfc822; s@example.org\n"
	    "Action: delayed\n";
	struct bounce b;
	struct buf many = BUF_INIT;
	char *file;
	size_t len;

	(void)state;
	assert_int_equal(bounce_read(raw, strlen(raw), &b, NULL), 0);
	assert_int_equal(b.nids, 5);
	for (int i = 0; i < 5; i++)
		assert_string_equal(b.ids[i], want[i]);
	assert_int_equal(b.recipients, 2);
	assert_int_equal(b.failed, 1);
	assert_false(bounce_nothing_failed(&b));
	bounce_free(&b);

	assert_int_equal(bounce_read(delayed, strlen(delayed), &b, NULL), 0);
	assert_int_equal(b.nids, 0);
	assert_true(bounce_nothing_failed(&b));
	bounce_free(&b);

	/* Nothing at all (its part's content is empty, not ""). */
	assert_int_equal(bounce_read("From: MAILER-DAEMON@x\n\n", 23, &b, NULL), 0);
	assert_int_equal(b.nids, 0);
	assert_false(bounce_nothing_failed(&b));
	bounce_free(&b);

	/* A report of a mail that returns none of its header. */
	file = load("bounce.eml", &len);
	assert_int_equal(bounce_read(file, len, &b, NULL), 0);
	assert_int_equal(b.nids, 0);
	assert_int_equal(b.failed, 1);
	bounce_free(&b);
	free(file);

	/* Only so many look-ups. */
	buf_adds(&many, "From: MAILER-DAEMON@x\nReferences:");
	for (int i = 0; i < 3 * BOUNCE_MAX_IDS; i++)
		buf_printf(&many, " <%d@x>", i);
	buf_adds(&many, "\n\nsorry\n");
	assert_int_equal(bounce_read(many.p, many.len, &b, NULL), 0);
	assert_int_equal(b.nids, BOUNCE_MAX_IDS);
	assert_string_equal(b.ids[0], "0@x");
	bounce_free(&b);
	buf_free(&many);
}

static void
t_bounce_by_sender_only(void **state)
{
	struct mailmsg m;
	const char *a = "From: MAILER-DAEMON\nSubject: failure\n\nsorry\n";
	const char *b = "Return-Path: <>\nFrom: x@example.org\n\nsorry\n";
	const char *c = "Return-Path: <x@example.org>\nFrom: mailer@example.org"
	    "\n\nhello\n";

	(void)state;
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(a, strlen(a), SIZE_MAX, &m, NULL), 0);
	assert_string_equal(m.from_addr, "mailer-daemon");
	assert_int_equal(m.is_bounce, 1);
	assert_int_equal(mailmsg_parse(b, strlen(b), SIZE_MAX, &m, NULL), 0);
	assert_string_equal(m.return_path, "<>");
	assert_int_equal(m.is_bounce, 1);
	assert_int_equal(mailmsg_parse(c, strlen(c), SIZE_MAX, &m, NULL), 0);
	assert_string_equal(m.return_path, "x@example.org");
	assert_int_equal(m.is_bounce, 0);
	assert_int_equal(m.is_auto, 0);
	mailmsg_free(&m);
}

static void
t_read_receipt(void **state)
{
	struct want w = {
		.from_addr = "zoe@example.org", .message_id = "mdn@example.org",
		.subject = "Read: Report", .is_auto = 1,
		.text = "Your message was read.",
	};

	(void)state;
	expect_mail("read-receipt.eml", &w);
}

static void
t_no_body(void **state)
{
	struct want w = {
		.from_addr = "empty@example.org",
		.message_id = "empty@example.org", .subject = "nothing",
	};

	(void)state;
	expect_mail("no-body.eml", &w);
}

static void
t_garbage_file(void **state)
{
	size_t len;
	char *raw = load("garbage.eml", &len);

	(void)state;
	expect_refused(raw, len, SIZE_MAX, "not a mail message: it does not "
	    "start with header lines such as From: and Subject:");
	free(raw);
}

static void
t_not_mail(void **state)
{
	const char *body_only = "\n\nGAME buqruru-1\n";

	(void)state;
	expect_refused("", 0, SIZE_MAX, "not a mail message: it is empty");
	expect_refused(body_only, strlen(body_only), SIZE_MAX,
	    "not a mail message: it has no header lines such as From: and "
	    "Subject:");
}

/* Random bytes, and mail cut or spoiled at random: never a crash, and what
 * is returned is valid UTF-8. */
/* What mailmsg.h promises of every mail it reads: each string field set,
 * valid UTF-8 with LF line ends, and each header field one line. */
static void
sane_text(const char *name, const char *s, int line)
{
	if (s == NULL)
		fail_msg("%s is not set", name);
	if (!g_utf8_validate(s, -1, NULL))
		fail_msg("%s is not valid UTF-8", name);
	for (const char *c = s; *c != '\0'; c++)
		if (*c == '\r' || (line && (unsigned char)*c < 0x20))
			fail_msg("%s holds byte %#x: \"%s\"", name, (unsigned)(unsigned char)*c,
			    s);
}

static void
sane(const struct mailmsg *m)
{
	sane_text("from_addr", m->from_addr, 1);
	sane_text("from_name", m->from_name, 1);
	sane_text("reply_to", m->reply_to, 1);
	sane_text("return_path", m->return_path, 1);
	sane_text("message_id", m->message_id, 1);
	sane_text("in_reply_to", m->in_reply_to, 1);
	sane_text("references", m->references, 1);
	sane_text("subject", m->subject, 1);
	sane_text("date", m->date, 1);
	sane_text("auto_submitted", m->auto_submitted, 1);
	sane_text("precedence", m->precedence, 1);
	sane_text("x_loop", m->x_loop, 1);
	sane_text("text", m->text, 0);
	sane_text("attachment_text", m->attachment_text, 0);
}

/* Line ends of old Macs, a lone CR, in the body: LF all the same. */
static void
t_lone_cr(void **state)
{
	static const char raw[] = "From: Amastan <amastan@example.net>\r\n"
	    "Message-ID: <cr@example.net>\r\nSubject: cr\r\n\r\n"
	    "GAME buqruru-1\rSEAT amastan\r\rHOLE a\r\n";
	struct mailmsg m;
	struct diag d;

	(void)state;
	mailmsg_init(&m);
	diag_clear(&d);
	assert_int_equal(mailmsg_parse(raw, sizeof raw - 1, 1 << 20, &m, &d), 0);
	sane(&m);
	assert_string_equal(m.text, "GAME buqruru-1\nSEAT amastan\n\nHOLE a\n");
	mailmsg_free(&m);
}

static void
t_random_bytes(void **state)
{
	static const char *const files[] = {
		"nested.eml", "html-only.eml", "attachment.eml", "bounce.eml",
		"flowed.eml"
	};
	struct mailmsg m;
	struct diag d;
	char buf[2048], *raw;
	size_t len, n, i;
	uint32_t x = 12345;
	int round;

	(void)state;
	mailmsg_init(&m);
	for (round = 0; round < 400; round++) {
		if (round % 2 == 0) {
			n = 1 + round * 5 % sizeof buf;
			for (i = 0; i < n; i++) {
				x = x * 1103515245u + 12345u;
				buf[i] = (char)(x >> 16);
			}
			raw = xmalloc(n);
			memcpy(raw, buf, n);
			len = n;
		} else {
			raw = load(files[round / 2 % 5], &len);
			for (i = 0; i < 8; i++) {
				x = x * 1103515245u + 12345u;
				raw[(x >> 8) % len] = (char)(x >> 16);
			}
			len -= (x >> 4) % (len / 2 + 1);
		}
		diag_clear(&d);
		if (mailmsg_parse(raw, len, SIZE_MAX, &m, &d) == 0) {
			sane(&m);
		} else
			assert_true(strncmp(d.msg, "not a mail message: ",
			    20) == 0);
		free(raw);
	}
	mailmsg_free(&m);
}

static void
t_size_limit(void **state)
{
	const char *head = "From: big@example.org\nSubject: big\n\n";
	size_t body = 10 * 1024 * 1024, len, max = 1024 * 1024;
	struct mailmsg m;
	struct diag d;
	char want[128], *raw;

	(void)state;
	len = strlen(head) + body;
	raw = xmalloc(len);
	memcpy(raw, head, strlen(head));
	memset(raw + strlen(head), 'x', body);
	for (size_t i = strlen(head) + 70; i < len; i += 71)
		raw[i] = '\n';
	snprintf(want, sizeof want, "the message is %zu bytes; the limit is "
	    "%zu", len, max);
	expect_refused(raw, len, max, want);

	/* One byte over the limit is refused; at the limit it is read. */
	snprintf(want, sizeof want, "the message is %zu bytes; the limit is "
	    "%zu", len, len - 1);
	expect_refused(raw, len, len - 1, want);
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(raw, len, len, &m, &d), 0);
	assert_string_equal(m.subject, "big");
	assert_int_equal(strlen(m.text), body);
	mailmsg_free(&m);
	free(raw);
}

/* mb as mailbytes_read makes it from raw[0..len), through a file. */
static void
read_through_file(const char *raw, size_t len, size_t limit, uint64_t most,
    struct mailbytes *mb)
{
	FILE *f = tmpfile();

	assert_non_null(f);
	assert_int_equal(fwrite(raw, 1, len, f), len);
	assert_int_equal(fflush(f), 0);
	rewind(f);
	assert_int_equal(mailbytes_read(fileno(f), limit, most, mb), 0);
	fclose(f);
}

/* A mail over the limit keeps its header block, with the size and the
 * SHA-256 of the whole, read from memory or a file alike; one within it is
 * kept whole; a header block that never ends is cut at the most read. */
static void
t_mailbytes(void **state)
{
	const char *head = "From: big@example.org\nMessage-ID: <big@x>\n\n";
	size_t len = 3 * 1024 * 1024, limit = 1024 * 1024, hlen = strlen(head) - 1;
	struct mailbytes mb, cut;
	char hash[HASH_HEX], *raw = xmalloc(len);

	(void)state;
	memcpy(raw, head, strlen(head));
	memset(raw + strlen(head), 'x', len - strlen(head));
	sha256_hex(raw, len, hash);
	read_through_file(raw, len, limit, UINT64_MAX, &mb);
	mailbytes_cut(raw, len, limit, &cut);
	assert_false(mailbytes_whole(&mb));
	assert_int_equal(mb.len, hlen);
	assert_int_equal(cut.len, hlen);
	assert_memory_equal(mb.raw, head, hlen);
	assert_int_equal(mb.raw[hlen], '\0');
	assert_int_equal(mb.whole, len);
	assert_int_equal(cut.whole, len);
	assert_string_equal(mb.hash, hash);
	assert_string_equal(cut.hash, hash);
	mailbytes_free(&mb);
	mailbytes_free(&cut);

	/* At the limit: whole. */
	read_through_file(raw, len, len, UINT64_MAX, &mb);
	assert_true(mailbytes_whole(&mb));
	assert_int_equal(mb.len, len);
	assert_memory_equal(mb.raw, raw, len);
	assert_string_equal(mb.hash, hash);
	mailbytes_free(&mb);

	/* No more than most bytes are read. */
	read_through_file(raw, len, limit, 100, &mb);
	assert_int_equal(mb.whole, 100);
	assert_true(mailbytes_whole(&mb));
	sha256_hex(raw, 100, hash);
	assert_string_equal(mb.hash, hash);
	mailbytes_free(&mb);

	/* No blank line: the header block kept is MAILBYTES_HEADER_MAX. */
	memset(raw, 'x', len);
	read_through_file(raw, len, limit, UINT64_MAX, &mb);
	mailbytes_cut(raw, len, limit, &cut);
	assert_int_equal(mb.len, MAILBYTES_HEADER_MAX);
	assert_int_equal(cut.len, MAILBYTES_HEADER_MAX);
	mailbytes_free(&mb);
	mailbytes_free(&cut);
	free(raw);
}

static void
t_message_ids(void **state)
{
	struct want w = {
		.from_addr = "ids@example.org", .reply_to = "team@example.org",
		.message_id = "abc.123@Example.org",
		.in_reply_to = "report-7@azalai.example",
		.references = "<report-5@azalai.example> "
		    "<report-6@azalai.example> <report-7@azalai.example>",
		.subject = "ids", .text = "x\n",
	};

	(void)state;
	expect_mail("msgid.eml", &w);
}

static void
t_stray_quote_name(void **state)
{
	/* A display name with a stray quote: GMime splits the header into four
	 * mailboxes, three of them words of the name without a domain. The
	 * angle address is the sender, not the first word. */
	struct want w = {
		.from_addr = "a@p.test", .reply_to = "team@p.test",
		.message_id = "stray@p.test", .subject = "stray quote", .text = "x\n",
	};

	(void)state;
	expect_mail("from-stray-quote.eml", &w);
}

static void
t_no_message_id(void **state)
{
	struct want w = {
		.from_addr = "noid@example.org", .in_reply_to = "not-an-id",
		.subject = "no id", .text = "x\n",
	};

	(void)state;
	expect_mail("no-msgid.eml", &w);
}

static void
t_bogus_charset(void **state)
{
	/* Unknown charset: UTF-8 where the bytes are UTF-8, the rest read as
	 * windows-1252. */
	struct want w = {
		.from_addr = "bogus@example.org",
		.message_id = "bogus@example.org", .subject = "bogus",
		.text = "caf\xc3\xa9 caf\xc3\xa9\n",
	};

	(void)state;
	expect_mail("bogus-charset.eml", &w);
}

static void
t_no_charset(void **state)
{
	/* No charset at all, raw 8-bit in the subject next to an encoded
	 * word with a bogus charset, and a NUL byte in the body. */
	struct want w = {
		.from_addr = "nocs@example.org",
		.message_id = "nocs@example.org",
		.subject = "caf\xc3\xa9 \xc3\xa9t\xc3\xa9",
		.text = "th\xc3\xa9 th\xc3\xa9!\n",
	};

	(void)state;
	expect_mail("no-charset.eml", &w);
}

static void
t_flowed(void **state)
{
	struct want w = {
		.from_addr = "flow@example.org",
		.message_id = "flow@example.org", .subject = "flowed",
		.text = "GAME targi-7\nSEAT tamghart\n"
		    "PLACE 3 5 # this comment was long enough that the client "
		    "wrapped it at seventy-two columns\n"
		    ">not a quote but stuffed\n"
		    "> quoted line\n-- \nsig\n",
	};

	(void)state;
	expect_mail("flowed.eml", &w);
}

static void
t_mbox_from_line(void **state)
{
	struct want w = {
		.from_addr = "zoe@example.org",
		.message_id = "mbox@example.org", .subject = "from line",
		.text = "GAME buqruru-1\n",
	};

	(void)state;
	expect_mail("mbox-from.eml", &w);
}

static void
t_utf16(void **state)
{
	struct want w = {
		.from_addr = "u16@example.org",
		.message_id = "u16@example.org", .subject = "u16",
		.text = "GAME targi-7\nSEAT tamghart\n",
	};

	(void)state;
	expect_mail("utf16.eml", &w);
}

static void
t_broken_shift_jis(void **state)
{
	/* A cut double-byte character at the end is kept as windows-1252. */
	struct want w = {
		.from_addr = "sj@example.org",
		.message_id = "sj@example.org", .subject = "sj",
		.text = "\xe6\x97\xa5\xe6\x9c\xac\xe2\x80\x9a\n",
	};

	(void)state;
	expect_mail("shift-jis-broken.eml", &w);
}

static void
t_invalid_utf8(void **state)
{
	/* Declared UTF-8, but an overlong form, a surrogate and a stray
	 * continuation byte: each bad byte is read as windows-1252. */
	const char *raw = "From: x@example.org\n"
	    "Content-Type: text/plain; charset=utf-8\n\n"
	    "a\xc0\xaf" "b\xed\xa0\x80" "c\x80\xe2\x82\xac\n";
	struct mailmsg m;

	(void)state;
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(raw, strlen(raw), SIZE_MAX, &m, NULL),
	    0);
	assert_string_equal(m.text, "a\xc3\x80\xc2\xaf"
	    "b\xc3\xad\xc2\xa0\xe2\x82\xac"
	    "c\xe2\x82\xac\xe2\x82\xac\n");
	mailmsg_free(&m);
}

static void
t_global_init_twice(void **state)
{
	(void)state;
	mailmsg_global_init();
	mailmsg_global_init();
	t_crlf(state);
}

static void
t_reuse(void **state)
{
	/* Parsing into a filled struct frees what it held (ASan checks). */
	const char *a = "From: a@example.org\nSubject: one\n\nfirst\n";
	const char *b = "From: b@example.org\n\nsecond\n";
	struct mailmsg m;

	(void)state;
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(a, strlen(a), SIZE_MAX, &m, NULL), 0);
	assert_int_equal(mailmsg_parse(b, strlen(b), SIZE_MAX, &m, NULL), 0);
	assert_string_equal(m.from_addr, "b@example.org");
	assert_string_equal(m.subject, "");
	assert_string_equal(m.text, "second\n");
	assert_int_equal(mailmsg_parse(a, strlen(a), 3, &m, NULL), -1);
	assert_null(m.subject);
	mailmsg_free(&m);
}

/* Every Authentication-Results field of the mail's own header block, in
 * its order and whatever the case of its name, unfolded; none of a part's
 * or of a forwarded mail's, nor one with space before its colon. */
static void
t_authentication_results(void **state)
{
	static const char *const want[] = {
		"mx.example.net; dmarc=fail (p=reject dis=none) header.from=example.org",
		"mx.example.net; spf=pass smtp.mailfrom=example.org",
		"mx.example.net; dmarc=pass header.from=example.org",
	};
	struct mailmsg m;
	struct diag d;
	size_t len;
	char *raw = load("authres.eml", &len);

	(void)state;
	mailmsg_init(&m);
	assert_int_equal(mailmsg_parse(raw, len, 1 << 20, &m, &d), 0);
	assert_int_equal(m.nauthres, 3);
	for (size_t i = 0; i < 3; i++) {
		/* Unfolded: the fold's line end and tab read as spaces. */
		char *got = xstrdup(m.authres[i]), *p, *q;

		for (p = q = got; *p != '\0'; p++)
			if (!(*p == ' ' && p[1] == ' '))
				*q++ = *p;
		*q = '\0';
		assert_string_equal(got, want[i]);
		free(got);
	}
	mailmsg_free(&m);
	assert_null(m.authres);
	assert_int_equal(m.nauthres, 0);
	free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_plain_utf8),
		cmocka_unit_test(t_crlf),
		cmocka_unit_test(t_latin1_body),
		cmocka_unit_test(t_subject_q_latin1),
		cmocka_unit_test(t_subject_b_latin1),
		cmocka_unit_test(t_subject_q_utf8),
		cmocka_unit_test(t_subject_b_utf8),
		cmocka_unit_test(t_odd_encoded_words),
		cmocka_unit_test(t_quoted_printable),
		cmocka_unit_test(t_base64),
		cmocka_unit_test(t_alternative),
		cmocka_unit_test(t_html_only),
		cmocka_unit_test(t_html_cut_short),
		cmocka_unit_test(t_html_pages),
		cmocka_unit_test(t_html_no_controls),
		cmocka_unit_test(t_mbox_split),
		cmocka_unit_test(t_nested),
		cmocka_unit_test(t_attachment),
		cmocka_unit_test(t_auto_reply),
		cmocka_unit_test(t_bulk),
		cmocka_unit_test(t_list),
		cmocka_unit_test(t_auto_submitted),
		cmocka_unit_test(t_bounce),
		cmocka_unit_test(t_bounce_by_sender_only),
		cmocka_unit_test(t_bounce_proof),
		cmocka_unit_test(t_read_receipt),
		cmocka_unit_test(t_no_body),
		cmocka_unit_test(t_garbage_file),
		cmocka_unit_test(t_not_mail),
		cmocka_unit_test(t_lone_cr),
		cmocka_unit_test(t_random_bytes),
		cmocka_unit_test(t_size_limit),
		cmocka_unit_test(t_mailbytes),
		cmocka_unit_test(t_message_ids),
		cmocka_unit_test(t_no_message_id),
		cmocka_unit_test(t_stray_quote_name),
		cmocka_unit_test(t_bogus_charset),
		cmocka_unit_test(t_no_charset),
		cmocka_unit_test(t_flowed),
		cmocka_unit_test(t_mbox_from_line),
		cmocka_unit_test(t_utf16),
		cmocka_unit_test(t_broken_shift_jis),
		cmocka_unit_test(t_invalid_utf8),
		cmocka_unit_test(t_global_init_twice),
		cmocka_unit_test(t_reuse),
		cmocka_unit_test(t_authentication_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
