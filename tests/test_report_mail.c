/* Report mails as players receive them, for every game: a few orders go
 * through the real referee, and every report mail it queues is built as it
 * would be sent and read back with GMime: the reports to the seats and to a
 * watcher, and the acks and errors that carry one. Each must be
 * multipart/alternative of the text (first, exactly the text report) and
 * multipart/related of the HTML and the board picture; the HTML must show the picture by the image
 * part's own Content-ID; the picture must be a PNG of the promised width;
 * and neither the HTML nor the text may hold what its reader may not know.
 *
 * With AZ_REPORT_HTML_DIR set, the last report of each game is also written
 * there as GAME.html with the picture beside it as GAME.png (the cid:
 * reference made a file name, as a mail client resolves it), for the
 * browser test (tests/report-browser.sh). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "htmltext.h"
#include "mailmsg.h"
#include "mailout.h"
#include "people.h"
#include "report.h"
#include "testutil.h"
#include "xmalloc.h"

static const char *const seat_names[] = { "north", "south", "east", "west" };
static const char *const seat_addrs[] = { "n@example.org", "s@example.org", "e@example.org",
    "w@example.org" };

#define WATCHER "watch@example.org"

struct seen {
	long reports, replies, observers;
	char *last_html;          /* the newest report's HTML and picture */
	GByteArray *last_png;
	char last_cid[128];
};

static GMimeObject *
parse(const char *raw, size_t len)
{
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(raw, len);
	GMimeParser *ps = g_mime_parser_new_with_stream(in);
	GMimeMessage *m = g_mime_parser_construct_message(ps, NULL);
	GMimeObject *body;

	g_object_unref(ps);
	g_object_unref(in);
	assert_non_null(m);
	body = g_mime_message_get_mime_part(m);
	assert_non_null(body);
	g_object_ref(body);
	g_object_unref(m);
	return body;
}

static int
is_type(GMimeObject *o, const char *type, const char *subtype)
{
	return g_mime_content_type_is_type(g_mime_object_get_content_type(o), type, subtype);
}

/* The decoded bytes of a leaf part. */
static GByteArray *
part_bytes(GMimeObject *o)
{
	GMimeDataWrapper *dw = g_mime_part_get_content(GMIME_PART(o));
	GMimeStream *mem = g_mime_stream_mem_new();
	GByteArray *out = g_byte_array_new(), *b;

	g_mime_data_wrapper_write_to_stream(dw, mem);
	b = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	g_byte_array_append(out, b->data, b->len);
	g_object_unref(mem);
	return out;
}

static char *
part_text(GMimeObject *o)
{
	GByteArray *b = part_bytes(o);
	char *s = xstrndup((const char *)b->data, b->len);

	g_byte_array_free(b, TRUE);
	return s;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The secrets of reader in text, as written and as a reader's HTML
 * renders it (entities decoded), so an escaped apostrophe hides nothing. */
static void
no_secrets(const struct play *p, int reader, const char *what, const char *text)
{
	struct secrets h;
	char *plain = html_to_text(text, strlen(text));

	secrets_init(&h);
	p->rules->secrets(p->st, reader, &h);
	for (size_t i = 0; i < h.n; i++)
		if (secret_in(text, h.v[i]) != NULL || secret_in(plain, h.v[i]) != NULL)
			fail_msg("%s: the %s of a report to %s holds the secret \"%s\"",
			    p->g.name, what, reader >= 0 ? seat_names[reader] : "an observer",
			    h.v[i]);
	secrets_free(&h);
	free(plain);
}

static int
reader_of(const char *to)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(to, seat_addrs[i]) == 0)
			return i;
	return -1;
}

/* One queued report as it leaves: the tree, the picture, the secrets. */
static void
check_mail(const struct play *p, sqlite3_stmt *st, struct seen *sn)
{
	struct outmail o;
	GMimeObject *body, *text, *rel, *html, *img;
	GByteArray *png;
	const char *cid;
	char *raw, *t, *h, ref[160];
	size_t len;
	int reader;

	memset(&o, 0, sizeof o);
	o.kind = col_text(st, 1);
	o.to = col_text(st, 2);
	o.subject = col_text(st, 3);
	o.body = col_text(st, 4);
	o.html = col_text(st, 5);
	o.message_id = col_text(st, 6);
	o.in_reply_to = "";
	o.refs = "";
	o.created_at = "2026-11-21T12:00:00Z";
	o.from_name = "referee";
	o.from_addr = "referee@example.org";
	reader = reader_of(o.to);
	raw = mailout_build(&o, &len);
	body = parse(raw, len);

	if (!is_type(body, "multipart", "alternative"))
		fail_msg("%s: a report to %s is %s, not multipart/alternative", p->g.name, o.to,
		    g_mime_content_type_get_mime_type(g_mime_object_get_content_type(body)));
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(body)), 2);
	text = g_mime_multipart_get_part(GMIME_MULTIPART(body), 0);
	rel = g_mime_multipart_get_part(GMIME_MULTIPART(body), 1);
	assert_true(is_type(text, "text", "plain"));
	if (!is_type(rel, "multipart", "related"))
		fail_msg("%s: the HTML of a report to %s carries no picture "
		    "(no multipart/related)", p->g.name, o.to);
	assert_int_equal(g_mime_multipart_get_count(GMIME_MULTIPART(rel)), 2);
	html = g_mime_multipart_get_part(GMIME_MULTIPART(rel), 0);
	img = g_mime_multipart_get_part(GMIME_MULTIPART(rel), 1);
	assert_true(is_type(html, "text", "html"));
	assert_true(is_type(img, "image", "png"));

	/* The text is the text report, to the byte. */
	t = part_text(text);
	assert_string_equal(t, o.body);

	/* The HTML shows the picture by the image part's own name. */
	cid = g_mime_part_get_content_id(GMIME_PART(img));
	assert_non_null(cid);
	h = part_text(html);
	snprintf(ref, sizeof ref, "src=\"cid:%s\"", cid);
	if (strstr(h, ref) == NULL)
		fail_msg("%s: the HTML does not refer to the picture as %s", p->g.name, ref);

	/* A PNG: its signature, an IHDR of the promised width, some height. */
	png = part_bytes(img);
	assert_true(png->len > 33);
	assert_memory_equal(png->data, "\x89PNG\r\n\x1a\n", 8);
	assert_memory_equal(png->data + 12, "IHDR", 4);
	assert_int_equal(be32(png->data + 16), REPORT_PNG_WIDTH);
	assert_true(be32(png->data + 20) > 0 && be32(png->data + 20) <= 4096);

	/* A reply that carries the report says first, in both forms, what
	 * became of the orders. */
	if (strcmp(o.kind, "ack") == 0 || strcmp(o.kind, "error") == 0) {
		assert_non_null(strstr(t, "Line by line:"));
		if (strstr(h, "Line by line:") == NULL)
			fail_msg("%s: the HTML of an %s does not say what became of the orders",
			    p->g.name, o.kind);
		sn->replies++;
	}
	if (strcmp(o.kind, "observer") == 0)
		sn->observers++;

	no_secrets(p, reader, "text", t);
	no_secrets(p, reader, "HTML", h);

	sn->reports++;
	free(sn->last_html);
	sn->last_html = h;
	if (sn->last_png != NULL)
		g_byte_array_free(sn->last_png, TRUE);
	sn->last_png = png;
	snprintf(sn->last_cid, sizeof sn->last_cid, "%s", cid);
	free(t);
	g_object_unref(body);
	g_free(raw);
}

/* Every report queued since row *from, against the game as it stands. */
static void
check_new(struct fixture *f, const char *game, int64_t *from, struct seen *sn)
{
	struct play p;
	struct diag d;
	sqlite3_stmt *st;

	if (play_load(&f->l, game, &p, &d) != 1)
		fail_msg("play_load %s: %s", game, d.msg);
	st = ledger_prep(&f->l, "SELECT id, kind, to_addr, subject, body, html, message_id "
	    "FROM outbox WHERE id > ? AND kind IN ('report', 'observer', 'ack', 'error') "
	    "ORDER BY id");
	sqlite3_bind_int64(st, 1, *from);
	while (sqlite3_step(st) == SQLITE_ROW) {
		*from = sqlite3_column_int64(st, 0);
		check_mail(&p, st, sn);
	}
	sqlite3_finalize(st);
	play_free(&p);
}

/* The report as a page in a directory, its picture beside it. */
static void
write_page(const char *dir, const char *game, const struct seen *sn)
{
	char path[600], cidref[160], file[64];
	gchar **parts;
	gchar *page;
	FILE *fp;

	snprintf(cidref, sizeof cidref, "cid:%s", sn->last_cid);
	snprintf(file, sizeof file, "%s.png", game);
	parts = g_strsplit(sn->last_html, cidref, -1);
	page = g_strjoinv(file, parts);
	g_strfreev(parts);
	snprintf(path, sizeof path, "%s/%s.html", dir, game);
	assert_non_null(fp = fopen(path, "w"));
	fputs(page, fp);
	assert_int_equal(fclose(fp), 0);
	snprintf(path, sizeof path, "%s/%s", dir, file);
	assert_non_null(fp = fopen(path, "wb"));
	assert_int_equal(fwrite(sn->last_png->data, 1, sn->last_png->len, fp),
	    sn->last_png->len);
	assert_int_equal(fclose(fp), 0);
	g_free(page);
}

static void
play_game(const char *rules, int nseats)
{
	struct fixture f;
	struct play p;
	struct seen sn = { 0, 0, 0, NULL, NULL, "" };
	int64_t from = 0;
	char game[32], now[32];
	struct diag d;
	const char *dir = getenv("AZ_REPORT_HTML_DIR");

	mailmsg_global_init();
	fx_open(&f);
	snprintf(game, sizeof game, "%s-1", rules);
	fx_game(&f, rules, game, nseats, 0, NULL, 0, &p);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	if (people_watch(&f.l, &f.cfg, &p, WATCHER, NULL, now, &d) < 0)
		fail_msg("watch: %s", d.msg);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	play_free(&p);
	for (int mail = 0; mail < 8; mail++) {
		struct pending pd;
		struct order_list ol;
		char mid[64], *raw;
		int seat = -1;

		if (play_load(&f.l, game, &p, &d) != 1)
			fail_msg("play_load: %s", d.msg);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		for (int s = 0; s < p.g.nseats && seat < 0; s++)
			if (pd.seats & VIS_SEAT(s))
				seat = s;
		if (seat < 0) {
			play_free(&p);
			break;
		}
		order_list_init(&ol);
		p.rules->legal(p.st, seat, &ol);
		assert_true(ol.n > 0);
		snprintf(mid, sizeof mid, "%d.%s@example.org", mail, seat_names[seat]);
		raw = fx_order_mail(seat_addrs[seat], mid, game, seat_names[seat],
		    f.tokens[seat], ol.v[ol.n - 1].text);
		order_list_free(&ol);
		play_free(&p);
		fx_mail(&f, raw);
		free(raw);
		check_new(&f, game, &from, &sn);
	}
	if (sn.reports == 0 || sn.replies == 0 || sn.observers == 0)
		fail_msg("%s: %ld mails with a report, %ld replies, %ld to the watcher: "
		    "the game did not make every kind", rules, sn.reports, sn.replies,
		    sn.observers);
	if (dir != NULL && dir[0] != '\0')
		write_page(dir, rules, &sn);
	free(sn.last_html);
	if (sn.last_png != NULL)
		g_byte_array_free(sn.last_png, TRUE);
	fx_close(&f);
}

static void
test_buqruru(void **state)
{
	(void)state;
	play_game("buqruru", 2);
}

static void
test_targi(void **state)
{
	(void)state;
	play_game("targi", 2);
}

static void
test_targui(void **state)
{
	(void)state;
	play_game("targui", 3);
}

/* A mail queued before pictures (plain HTML in the outbox) still goes as
 * text and HTML, with the boundary it always had. */
static void
test_plain_html_row(void **state)
{
	struct outmail o = { 1, "report", "azalai", "referee@a.test", "p@a.test", "report",
	    "text\n", "<p>html</p>", "azalai.1.x@a.test", "", "", "2026-11-21T12:00:00Z", NULL };
	size_t len;
	char *raw = mailout_build(&o, &len);
	GMimeObject *body;

	(void)state;
	body = parse(raw, len);
	assert_true(is_type(body, "multipart", "alternative"));
	assert_true(is_type(g_mime_multipart_get_part(GMIME_MULTIPART(body), 1), "text",
	    "html"));
	assert_non_null(strstr(raw, "boundary=\"=-azalai-"));
	g_object_unref(body);
	g_free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buqruru),
		cmocka_unit_test(test_targi),
		cmocka_unit_test(test_targui),
		cmocka_unit_test(test_plain_html_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
