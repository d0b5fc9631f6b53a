#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/xmalloc.h"
#include "mail/address.h"
#include "mail/htmltext.h"
#include "mail/mailmsg.h"
#include "mail/mimeinit.h"

/* A mail can nest parts without end; deeper than this is not a player's. */
#define MAX_DEPTH 32

static GMimeParserOptions *popts;

void
mailmsg_global_init(void)
{
	static gsize done;
	/* Undeclared 8-bit header text: UTF-8 when it is, else the usual
	 * Western mail charsets; the last one maps every byte. */
	static const char *fallback[] = {
		"UTF-8", "windows-1252", "ISO-8859-1", NULL
	};

	if (g_once_init_enter(&done)) {
		mime_init();
		popts = g_mime_parser_options_new();
		g_mime_parser_options_set_fallback_charsets(popts, fallback);
		g_once_init_leave(&done, 1);
	}
}

void
mailmsg_init(struct mailmsg *m)
{
	memset(m, 0, sizeof *m);
}

void
mailmsg_free(struct mailmsg *m)
{
	free(m->from_addr);
	free(m->from_name);
	free(m->reply_to);
	free(m->return_path);
	free(m->message_id);
	free(m->in_reply_to);
	free(m->references);
	free(m->subject);
	free(m->date);
	free(m->auto_submitted);
	free(m->precedence);
	free(m->x_loop);
	for (size_t i = 0; i < m->nauthres; i++)
		free(m->authres[i]);
	free(m->authres);
	free(m->text);
	free(m->attachment_text);
	mailmsg_init(m);
}

/*
 * Text: whatever the bytes, what leaves this file is valid UTF-8.
 */

/* windows-1252 for 0x80..0x9f; its five holes keep their ISO-8859-1 (C1)
 * meaning so that no byte is lost. */
static const uint16_t cp1252[32] = {
	0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
	0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178
};

static void
put_utf8(struct buf *b, uint32_t cp)
{
	char s[4];

	if (cp < 0x80) {
		s[0] = (char)cp;
		buf_add(b, s, 1);
	} else if (cp < 0x800) {
		s[0] = (char)(0xc0 | cp >> 6);
		s[1] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, s, 2);
	} else if (cp < 0x10000) {
		s[0] = (char)(0xe0 | cp >> 12);
		s[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		s[2] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, s, 3);
	} else {
		s[0] = (char)(0xf0 | cp >> 18);
		s[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		s[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		s[3] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, s, 4);
	}
}

static uint32_t
cp1252_char(unsigned char c)
{
	if (c >= 0x80 && c < 0xa0)
		return cp1252[c - 0x80];
	return c;
}

/* Length of the well-formed UTF-8 sequence at p (no overlong forms, no
 * surrogates), or 0. */
static size_t
utf8_len(const unsigned char *p, size_t n)
{
	uint32_t cp, min;
	size_t len, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		cp = p[0] & 0x1f;
		min = 0x80;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		cp = p[0] & 0x0f;
		min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		cp = p[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* Appends s as UTF-8: well-formed UTF-8 as it is, every other byte read as
 * windows-1252. NUL bytes are dropped: they end C strings and mean nothing in
 * text. */
static void
add_text(struct buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, run = 0, k;

	if (n == 0) {
		buf_add(b, "", 0);    /* callers count on a buffer, even empty */
		return;
	}

	while (i < n) {
		if (p[i] != 0 && (k = utf8_len(p + i, n - i)) > 0) {
			i += k;
			continue;
		}
		buf_add(b, p + run, i - run);
		if (p[i] != 0)
			put_utf8(b, cp1252_char(p[i]));
		run = ++i;
	}
	buf_add(b, p + run, i - run);
}

static void
add_cp1252(struct buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != '\0')
			put_utf8(b, cp1252_char((unsigned char)s[i]));
}

static int
name_in(const char *name, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcasecmp(name, *list) == 0)
			return 1;
	return 0;
}

/* Appends n bytes in charset as UTF-8. A missing, unknown or lying charset
 * never loses a byte: what does not convert is read as windows-1252. */
static void
add_charset(struct buf *b, const char *s, size_t n, const char *charset)
{
	static const char *const utf8ish[] = {
		"utf-8", "utf8", "us-ascii", "ascii", "ansi_x3.4-1968",
		"unknown-8bit", "x-unknown", "unknown", NULL
	};
	static const char *const latin1ish[] = {
		"iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1",
		"l1", "cp819", "windows-1252", "cp1252", "x-cp1252", NULL
	};
	char out[4096], *in, *o;
	const char *canon;
	size_t inleft, oleft, r;
	iconv_t cd;

	if (charset == NULL || *charset == '\0' || name_in(charset, utf8ish)) {
		add_text(b, s, n);
		return;
	}
	/* Mail labelled ISO-8859-1 is windows-1252 in practice (curly quotes,
	 * the euro sign); the two agree on every printable Latin-1 byte. */
	canon = g_mime_charset_canon_name(charset);
	if (name_in(charset, latin1ish) ||
	    (canon != NULL && name_in(canon, latin1ish))) {
		add_cp1252(b, s, n);
		return;
	}
	cd = g_mime_iconv_open("UTF-8", charset);
	if (cd == (iconv_t)-1) {
		add_text(b, s, n);
		return;
	}
	in = (char *)s;
	inleft = n;
	while (inleft > 0) {
		o = out;
		oleft = sizeof out;
		r = iconv(cd, &in, &inleft, &o, &oleft);
		add_text(b, out, (size_t)(o - out));
		if (r != (size_t)-1 || (errno == E2BIG && o != out))
			continue;
		/* A byte the charset does not allow (or a cut sequence). */
		add_cp1252(b, in, 1);
		in++;
		inleft--;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	g_mime_iconv_close(cd);
}

/* C0 control characters other than TAB and LF become spaces. They mean
 * nothing in orders or press, and bytes 1 to 4 are the marks of the
 * referee's messages (msg.h): a line of a player's beginning with one would
 * render as a message, a term or an order of the referee's. A space, not
 * nothing, so that the words on either side stay two words, as orderblock
 * reads VT and FF. */
static void
blank_controls(char *s)
{
	for (unsigned char *p = (unsigned char *)s; *p != '\0'; p++)
		if (*p < 0x20 && *p != '\t' && *p != '\n')
			*p = ' ';
}

/* buf_steal of a buffer never written to gives no string; this does. */
static char *
take(struct buf *b)
{
	if (b->p == NULL)
		return xstrdup("");
	return buf_steal(b);
}

/* CRLF and lone CR become LF; a leading byte-order mark goes. */
static char *
finish_text(const char *s, size_t n)
{
	struct buf b = BUF_INIT;
	size_t i = 0, run;

	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	run = i;
	for (; i < n; i++) {
		if (s[i] != '\r')
			continue;
		buf_add(&b, s + run, i - run);
		buf_addc(&b, '\n');
		if (i + 1 < n && s[i + 1] == '\n')
			i++;
		run = i + 1;
	}
	buf_add(&b, s + run, n - run);
	return take(&b);
}

/*
 * format=flowed (RFC 3676): put back the lines the sender's client wrapped,
 * so that a long order line reads as one line again.
 */
static void
flowed_flush(struct buf *out, struct buf *para, int depth)
{
	int i;

	for (i = 0; i < depth; i++)
		buf_addc(out, '>');
	if (depth > 0 && para->len > 0)
		buf_addc(out, ' ');
	buf_add(out, para->p, para->len);
	buf_addc(out, '\n');
	buf_reset(para);
}

static char *
unflow(const char *s, int delsp)
{
	struct buf out = BUF_INIT, para = BUF_INIT;
	const char *line, *nl;
	size_t len;
	int depth, pdepth = 0, open = 0, soft;

	for (line = s; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line);
		for (depth = 0; line[depth] == '>'; depth++)
			;
		line += depth;
		len = (size_t)(nl - line);
		if (len > 0 && line[0] == ' ') {
			line++;
			len--;
		}
		soft = len > 0 && line[len - 1] == ' ' &&
		    !(len == 3 && memcmp(line, "-- ", 3) == 0);
		if (open && depth != pdepth)
			flowed_flush(&out, &para, pdepth);
		if (soft && delsp)
			len--;
		buf_add(&para, line, len);
		pdepth = depth;
		open = soft;
		if (!soft)
			flowed_flush(&out, &para, depth);
		if (*nl == '\0')
			break;
	}
	if (open)
		flowed_flush(&out, &para, pdepth);
	buf_free(&para);
	return take(&out);
}

/*
 * Headers.
 */

static void
lower_ascii(char *s)
{
	for (; *s != '\0'; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

/* A header value as one clean line of UTF-8 without surrounding space;
 * "" for NULL. */
static char *
clean_line(const char *v)
{
	struct buf b = BUF_INIT;
	size_t i, start = 0, end;

	if (v == NULL)
		return xstrdup("");
	add_text(&b, v, strlen(v));
	/* Line ends, tabs and the other control characters (blank_controls
	 * says why). */
	for (i = 0; i < b.len; i++)
		if ((unsigned char)b.p[i] < 0x20)
			b.p[i] = ' ';
	end = b.len;
	while (start < end && b.p[start] == ' ')
		start++;
	while (end > start && b.p[end - 1] == ' ')
		end--;
	memmove(b.p, b.p + start, end - start);
	b.p[end - start] = '\0';
	return take(&b);
}

/*
 * GMime 3.2.13, which we build against, joins adjacent base64 encoded-words
 * of one charset before decoding them, and a padded first word ("w6k=")
 * cuts the rest off: "=?utf-8?B?w6k=?= =?utf-8?B?w6k=?=" reads as one "é"
 * (upstream issue jstedfast/gmime#133); it also drops an unpadded last
 * group. Mail clients split long names and subjects exactly so, so each B
 * word is handed to GMime as the same bytes in a Q word, which joins
 * safely.
 */
static void
add_q_word(GString *out, const char *charset, size_t cslen,
    const char *b64, size_t b64len)
{
	unsigned char *bytes = xmalloc(b64len / 4 * 3 + 6);
	guint32 save = 0;
	size_t n, i;
	int st = 0;

	n = g_mime_encoding_base64_decode_step((const unsigned char *)b64,
	    b64len, bytes, &st, &save);
	/* Senders leave the padding off; the decoder only ends a group on
	 * it. */
	if (b64len % 4 != 0)
		n += g_mime_encoding_base64_decode_step(
		    (const unsigned char *)"===", 4 - b64len % 4, bytes + n,
		    &st, &save);
	g_string_append(out, "=?");
	g_string_append_len(out, charset, (gssize)cslen);
	g_string_append(out, "?Q?");
	for (i = 0; i < n; i++)
		g_string_append_printf(out, "=%02X", bytes[i]);
	g_string_append(out, "?=");
	free(bytes);
}

static char *
b_words_as_q(const char *v)
{
	GString *out = g_string_new(NULL);
	const char *p = v, *cs, *q, *end;

	while (*p != '\0') {
		if (p[0] != '=' || p[1] != '?') {
			g_string_append_c(out, *p++);
			continue;
		}
		cs = p + 2;
		for (q = cs; *q != '\0' && *q != '?' && *q != ' ' &&
		    *q != '\t' && q - cs < 64; q++)
			;
		if (q == cs || q[0] != '?' || (q[1] != 'B' && q[1] != 'b') ||
		    q[2] != '?' || (end = strstr(q + 3, "?=")) == NULL ||
		    strcspn(q + 3, " \t\r\n") < (size_t)(end - (q + 3))) {
			g_string_append_len(out, p, 2);
			p += 2;
			continue;
		}
		add_q_word(out, cs, (size_t)(q - cs), q + 3,
		    (size_t)(end - (q + 3)));
		p = end + 2;
	}
	return g_string_free(out, FALSE);
}

/* The header's raw value, unfolded, with B words made Q (above); NULL when
 * the header is absent. g_free it. */
static char *
raw_header(GMimeObject *o, const char *name)
{
	GMimeHeader *h;
	const char *raw;
	char *unfolded, *r;

	h = g_mime_header_list_get_header(g_mime_object_get_header_list(o),
	    name);
	if (h == NULL || (raw = g_mime_header_get_raw_value(h)) == NULL)
		return NULL;
	unfolded = g_mime_utils_header_unfold(raw);
	r = b_words_as_q(unfolded);
	g_free(unfolded);
	return r;
}

static char *
subject(GMimeObject *o)
{
	char *raw = raw_header(o, "Subject"), *dec, *r;

	if (raw == NULL)
		return xstrdup("");
	dec = g_mime_utils_header_decode_text(popts, raw);
	r = clean_line(dec);
	g_free(dec);
	g_free(raw);
	return r;
}

static char *
header(GMimeObject *o, const char *name)
{
	return clean_line(g_mime_object_get_header(o, name));
}

static char *
header_lower(GMimeObject *o, const char *name)
{
	char *s = header(o, name);

	lower_ascii(s);
	return s;
}

/* "<id>" or "id" -> "id". */
static char *
strip_angles(char *s)
{
	size_t n = strlen(s);

	if (n >= 2 && s[0] == '<' && s[n - 1] == '>') {
		memmove(s, s + 1, n - 2);
		s[n - 2] = '\0';
	}
	return s;
}

/* The first mailbox of l, also inside a group; with domain set, the first
 * that has a domain. */
static InternetAddressMailbox *
first_mailbox(InternetAddressList *l, int domain, int depth)
{
	InternetAddressMailbox *mb;
	InternetAddress *ia;
	int i, n;

	if (l == NULL || depth > 4)
		return NULL;
	n = internet_address_list_length(l);
	for (i = 0; i < n; i++) {
		ia = internet_address_list_get_address(l, i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia) && (!domain || address_has_domain(
		    internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)))))
			return INTERNET_ADDRESS_MAILBOX(ia);
		if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			mb = first_mailbox(internet_address_group_get_members(
			    INTERNET_ADDRESS_GROUP(ia)), domain, depth + 1);
			if (mb != NULL)
				return mb;
		}
	}
	return NULL;
}

static void
read_address(GMimeObject *o, const char *header_name, char **addr,
    char **name)
{
	char *raw = raw_header(o, header_name);
	InternetAddressList *l = NULL;
	InternetAddressMailbox *mb = NULL;

	/* A display name with a stray quote ("<b>A</b> "><i>x</i>" <a@p>)
	 * makes GMime read its words as mailboxes without a domain before
	 * the angle address: that address is the sender, not a word. */
	if (raw != NULL && (l = internet_address_list_parse(popts, raw)) != NULL &&
	    (mb = first_mailbox(l, 1, 0)) == NULL)
		mb = first_mailbox(l, 0, 0);
	*addr = clean_line(mb != NULL ?
	    internet_address_mailbox_get_addr(mb) : NULL);
	lower_ascii(*addr);
	if (name != NULL)
		*name = clean_line(mb != NULL ?
		    internet_address_get_name(INTERNET_ADDRESS(mb)) : NULL);
	if (l != NULL)
		g_object_unref(l);
	g_free(raw);
}

/* Return-Path: <addr>, <>, or (rarely) a bare address. */
static char *
return_path(GMimeObject *o)
{
	char *v = header(o, "Return-Path"), *lt, *gt, *colon, *r;

	if ((lt = strchr(v, '<')) != NULL &&
	    (gt = strchr(lt, '>')) != NULL) {
		*gt = '\0';
		r = lt + 1;
		/* An old source route, <@relay:user@host>. */
		if (*r == '@' && (colon = strchr(r, ':')) != NULL)
			r = colon + 1;
		r = clean_line(*r == '\0' ? "<>" : r);
	} else
		r = xstrndup(v, strcspn(v, " "));
	free(v);
	lower_ascii(r);
	return r;
}

static char *
first_message_id(GMimeObject *o, const char *name)
{
	const char *v = g_mime_object_get_header(o, name);
	GMimeReferences *refs;
	char *r = NULL;

	if (v == NULL)
		return xstrdup("");
	refs = g_mime_references_parse(popts, v);
	if (refs != NULL && g_mime_references_length(refs) > 0)
		r = clean_line(g_mime_references_get_message_id(refs, 0));
	if (refs != NULL)
		g_mime_references_free(refs);
	if (r == NULL || *r == '\0') {
		free(r);
		r = strip_angles(clean_line(v));
	}
	return r;
}

/* The first token of a header value, e.g. "auto-replied" of
 * "auto-replied; owner=x". */
static int
first_token_is(const char *v, const char *tok)
{
	size_t n = strcspn(v, " ;\t(");

	return n == strlen(tok) && strncmp(v, tok, n) == 0;
}

/*
 * Body.
 */

struct walk {
	GMimePart *text;
	GMimePart *html;
	struct buf att;
	int dsn;       /* a delivery status notification part was seen */
	int mdn;       /* a read receipt */
};

static int
part_is(GMimeObject *o, const char *type, const char *subtype)
{
	return g_mime_content_type_is_type(g_mime_object_get_content_type(o),
	    type, subtype);
}

static int
is_attachment(GMimePart *p)
{
	return g_mime_part_is_attachment(p) ||
	    g_mime_part_get_filename(p) != NULL;
}

/* The part's content decoded (transfer encoding and charset) to UTF-8 with
 * LF line ends. */
static char *
part_text(GMimePart *p)
{
	GMimeDataWrapper *w = g_mime_part_get_content(p);
	GMimeStream *out;
	GByteArray *a;
	struct buf b = BUF_INIT;
	const char *charset, *fmt, *delsp;
	char *t, *flat;

	if (w == NULL)
		return xstrdup("");
	out = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(w, out);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
	charset = g_mime_object_get_content_type_parameter(GMIME_OBJECT(p),
	    "charset");
	add_charset(&b, (const char *)a->data, a->len, charset);
	g_object_unref(out);
	t = finish_text(b.p != NULL ? b.p : "", b.len);
	buf_free(&b);

	fmt = g_mime_object_get_content_type_parameter(GMIME_OBJECT(p),
	    "format");
	if (fmt != NULL && strcasecmp(fmt, "flowed") == 0 &&
	    part_is(GMIME_OBJECT(p), "text", "plain")) {
		delsp = g_mime_object_get_content_type_parameter(
		    GMIME_OBJECT(p), "delsp");
		flat = unflow(t, delsp != NULL && strcasecmp(delsp, "yes") == 0);
		free(t);
		t = flat;
	}
	return t;
}

static void
walk(GMimeObject *o, struct walk *w, int depth)
{
	GMimeMultipart *mp;
	GMimePart *p;
	char *t;
	int i, n;

	if (o == NULL || depth > MAX_DEPTH)
		return;
	/* A forwarded or bounced mail is not the sender's orders. */
	if (GMIME_IS_MESSAGE_PART(o))
		return;
	if (part_is(o, "message", "delivery-status") ||
	    part_is(o, "message", "global-delivery-status"))
		w->dsn = 1;
	if (part_is(o, "message", "disposition-notification"))
		w->mdn = 1;
	if (GMIME_IS_MULTIPART(o)) {
		mp = GMIME_MULTIPART(o);
		n = g_mime_multipart_get_count(mp);
		for (i = 0; i < n; i++)
			walk(g_mime_multipart_get_part(mp, i), w, depth + 1);
		return;
	}
	if (!GMIME_IS_PART(o))
		return;
	p = GMIME_PART(o);
	if (part_is(o, "text", "plain")) {
		if (is_attachment(p)) {
			t = part_text(p);
			buf_adds(&w->att, t);
			if (t[0] != '\0' && t[strlen(t) - 1] != '\n')
				buf_addc(&w->att, '\n');
			free(t);
		} else if (w->text == NULL)
			w->text = p;
	} else if (part_is(o, "text", "html") && !is_attachment(p) &&
	    w->html == NULL)
		w->html = p;
}

static void
read_body(GMimeMessage *msg, struct mailmsg *m)
{
	GMimeObject *top = g_mime_message_get_mime_part(msg);
	struct walk w = { NULL, NULL, BUF_INIT, 0, 0 };
	const char *rt;
	char *html;

	walk(top, &w, 0);
	if (w.text != NULL)
		m->text = part_text(w.text);
	else if (w.html != NULL) {
		html = part_text(w.html);
		m->text = html_to_text(html, strlen(html));
		m->html_only = 1;
		free(html);
	} else
		m->text = xstrdup("");
	m->attachment_text = take(&w.att);
	blank_controls(m->text);
	blank_controls(m->attachment_text);

	if (top != NULL && part_is(top, "multipart", "report")) {
		rt = g_mime_object_get_content_type_parameter(top,
		    "report-type");
		if (rt != NULL && strcasecmp(rt, "delivery-status") == 0)
			w.dsn = 1;
		if (rt != NULL &&
		    strcasecmp(rt, "disposition-notification") == 0)
			w.mdn = 1;
	}
	if (w.dsn)
		m->is_bounce = 1;
	if (w.mdn)
		m->is_auto = 1;
}

/* Every Authentication-Results field in the order of the header block:
 * which of them counts depends on where it stands (authres.h). Only the
 * name as servers write it: GMime also reads "Authentication-Results :",
 * which a rule stripping forged fields by their name could miss. */
static void
read_authres(GMimeObject *o, struct mailmsg *m)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(o);
	int n = g_mime_header_list_get_count(hl);

	m->authres = xreallocarray(NULL, (size_t)n + 1, sizeof *m->authres);
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(hl, i);
		const char *raw = g_mime_header_get_raw_value(h);
		char *unfolded;

		if (strcasecmp(g_mime_header_get_raw_name(h), "Authentication-Results") != 0 ||
		    raw == NULL)
			continue;
		unfolded = g_mime_utils_header_unfold(raw);
		m->authres[m->nauthres++] = clean_line(unfolded);
		g_free(unfolded);
	}
}

static void
read_headers(GMimeMessage *msg, struct mailmsg *m)
{
	GMimeObject *o = GMIME_OBJECT(msg);
	const char *local;
	size_t n;

	read_address(o, "From", &m->from_addr, &m->from_name);
	read_address(o, "Reply-To", &m->reply_to, NULL);
	m->return_path = return_path(o);
	m->message_id = strip_angles(clean_line(
	    g_mime_message_get_message_id(msg)));
	m->in_reply_to = first_message_id(o, "In-Reply-To");
	m->references = header(o, "References");
	m->subject = subject(o);
	m->date = header(o, "Date");
	m->auto_submitted = header_lower(o, "Auto-Submitted");
	m->precedence = header_lower(o, "Precedence");
	m->x_loop = header(o, "X-Loop");
	read_authres(o, m);

	if (m->auto_submitted[0] != '\0' &&
	    !first_token_is(m->auto_submitted, "no"))
		m->is_auto = 1;
	if (first_token_is(m->precedence, "bulk") ||
	    first_token_is(m->precedence, "junk") ||
	    first_token_is(m->precedence, "list"))
		m->is_auto = 1;
	if (g_mime_object_get_header(o, "List-Id") != NULL ||
	    g_mime_object_get_header(o, "List-Unsubscribe") != NULL ||
	    g_mime_object_get_header(o, "X-Autoreply") != NULL ||
	    g_mime_object_get_header(o, "X-Autorespond") != NULL)
		m->is_auto = 1;

	n = strcspn(m->from_addr, "@");
	local = m->from_addr;
	if (strcmp(m->return_path, "<>") == 0 ||
	    (n == strlen("mailer-daemon") &&
	    strncmp(local, "mailer-daemon", n) == 0))
		m->is_bounce = 1;
}

int
mailmsg_parse(const char *raw, size_t len, size_t max_len, struct mailmsg *m,
    struct diag *d)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;

	mailmsg_free(m);
	if (len > max_len)
		return diag_set(d, 0, "the message is %zu bytes; the limit is "
		    "%zu", len, max_len);
	if (raw == NULL || len == 0)
		return diag_set(d, 0, "not a mail message: it is empty");
	mailmsg_global_init();

	stream = g_mime_stream_mem_new_with_buffer(raw, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	msg = g_mime_parser_construct_message(parser, popts);
	g_object_unref(parser);
	if (msg == NULL)
		return diag_set(d, 0, "not a mail message: it does not start "
		    "with header lines such as From: and Subject:");
	/* Real mail always carries header fields; bytes that GMime could
	 * only read as a body are not a mail. */
	if (g_mime_header_list_get_count(
	    g_mime_object_get_header_list(GMIME_OBJECT(msg))) == 0) {
		g_object_unref(msg);
		return diag_set(d, 0, "not a mail message: it has no header "
		    "lines such as From: and Subject:");
	}
	read_headers(msg, m);
	read_body(msg, m);
	g_object_unref(msg);
	return 0;
}

size_t
mailmsg_header_len(const char *raw, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (raw[i] == '\n' && (raw[i + 1] == '\n' ||
		    (raw[i + 1] == '\r' && i + 2 < len && raw[i + 2] == '\n')))
			return i + 1;
	return len;
}
