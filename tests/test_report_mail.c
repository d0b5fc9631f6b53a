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
 * browser tests (tests/report-browser.sh, tests/report-axe.sh), in the
 * language AZ_REPORT_LANG names (the configuration's default without). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/clock.h"
#include "mail/htmltext.h"
#include "mail/mailmsg.h"
#include "mail/mailout.h"
#include "mail/outbox.h"
#include "referee/people.h"
#include "render/picture.h"
#include "render/report.h"
#include "testutil.h"
#include "core/xmalloc.h"

/* Whether the mails are in English: AZ_REPORT_LANG (tests/report-axe.sh)
 * may ask for another language, whose words these checks do not know. */
static int
english(void)
{
	const char *lang = getenv("AZ_REPORT_LANG");

	return lang == NULL || lang[0] == '\0' || strcmp(lang, "en") == 0;
}

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
check_mail(struct ledger *l, const struct config *c, const struct play *p, sqlite3_stmt *st,
    struct seen *sn)
{
	struct outmail o;
	GMimeObject *body, *text, *rel, *html, *img;
	GByteArray *png;
	struct buf drawn = BUF_INIT;
	const char *cid;
	char *raw, *t, *h, *full, ref[160], named[128];
	size_t len;
	int reader;

	memset(&o, 0, sizeof o);
	o.kind = col_text(st, 1);
	o.to = col_text(st, 2);
	o.subject = col_text(st, 3);
	o.body = col_text(st, 4);
	/* The row names its picture, kept once in the ledger, and the mail
	 * gets it back as it goes. */
	if (mailout_picture_cid(col_text(st, 5), named, sizeof named) == NULL)
		fail_msg("%s: a report to %s keeps its picture in the row", p->g.name, o.to);
	/* Drawn before it goes, as picture_draw_due does for `azalai run`. */
	if (!outbox_picture(l, named, &drawn))
		picture_draw(l, c, p->g.id, named, &drawn);
	buf_free(&drawn);
	full = outbox_html(l, p->g.id, col_text(st, 5));
	o.html = full;
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

	/* The text is the text report, to the byte (in English: another
	 * language's may go quoted-printable, and i18n-mail reads those). */
	t = part_text(text);
	if (english())
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
		if (english())
			assert_non_null(strstr(t, "Line by line:"));
		if (english() && strstr(h, "Line by line:") == NULL)
			fail_msg("%s: the HTML of an %s does not say what became of the orders",
			    p->g.name, o.kind);
		sn->replies++;
	}
	if (strcmp(o.kind, "observer") == 0)
		sn->observers++;

	no_secrets(p, reader, "text", t);
	no_secrets(p, reader, "HTML", h);

	sn->reports++;
	assert_string_equal(cid, named);
	/* The browser test reads the newest page that asks its seat to
	 * decide (its one-tap links), else the newest. */
	if (sn->last_html != NULL && strstr(sn->last_html, "href=\"mailto:") != NULL &&
	    strstr(h, "href=\"mailto:") == NULL) {
		free(h);
		g_byte_array_free(png, TRUE);
		h = NULL;
		png = NULL;
	}
	if (h != NULL) {
		const char *cs = g_mime_object_get_content_type_parameter(html, "charset");

		/* The page says it is UTF-8; the part may have gone in another
		 * charset (ISO-8859-1 when that holds every letter). */
		if (cs != NULL && g_ascii_strcasecmp(cs, "utf-8") != 0) {
			gchar *u = g_convert(h, -1, "UTF-8", cs, NULL, NULL, NULL);

			assert_non_null(u);
			free(h);
			h = xstrdup(u);
			g_free(u);
		}
		free(sn->last_html);
		sn->last_html = h;
		if (sn->last_png != NULL)
			g_byte_array_free(sn->last_png, TRUE);
		sn->last_png = png;
		snprintf(sn->last_cid, sizeof sn->last_cid, "%s", cid);
	}
	free(t);
	g_object_unref(body);
	g_free(raw);
	g_free(full);
}

static long long
count(struct ledger *l, const char *sql)
{
	sqlite3_stmt *st = ledger_prep(l, sql);
	long long n;

	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
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
		check_mail(&f->l, &f->cfg, &p, st, sn);
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
	/* AZ_REPORT_LANG: the pages in that language (tests/report-axe.sh). */
	if (getenv("AZ_REPORT_LANG") != NULL && getenv("AZ_REPORT_LANG")[0] != '\0')
		snprintf(f.cfg.language, sizeof f.cfg.language, "%s", getenv("AZ_REPORT_LANG"));
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
	/* Every picture a row names is kept, and none twice. */
	assert_int_equal(count(&f.l, "SELECT COUNT(DISTINCT substr(html, 1, instr(html, "
	    "char(10)))) FROM outbox WHERE html LIKE 'X-Azalai-Picture: %'"),
	    count(&f.l, "SELECT COUNT(*) FROM picture"));
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
	    "text\n", "<p>html</p>", "azalai.1.x@a.test", "", "", "2026-11-21T12:00:00Z", NULL, NULL, NULL, NULL, NULL };
	size_t len;
	char *raw = mailout_build(&o, &len);
	GMimeObject *body;

	(void)state;
	body = parse(raw, len);
	assert_true(is_type(body, "multipart", "alternative"));
	assert_true(is_type(g_mime_multipart_get_part(GMIME_MULTIPART(body), 1), "text",
	    "html"));
	/* The first 24 hex digits of SHA-256("azalai.1.x@a.test"), as mails
	 * queued by every version so far have it. */
	assert_non_null(strstr(raw, "boundary=\"=-azalai-6a2f64c8d8c486d6fbe34173\""));
	g_object_unref(body);
	g_free(raw);
}

/* The file outbox_deliver wrote for row id. */
static GByteArray *
delivered(const struct fixture *f, long long id)
{
	size_t len;
	char *data = fx_sent_file(f, id, &len);

	return g_byte_array_new_take((guint8 *)data, len);
}

/* Row id as outbox_deliver would have built it with html as the row's HTML
 * alternative: the mail as it went before pictures were kept apart. */
/* The threading headers (the game, the reader's welcome, the
 * List-Unsubscribe) are outbox_deliver's own: taken as it wrote them, from
 * got, the mail delivered; the bytes compared are the rest. */
static GByteArray *
as_inline(const struct fixture *f, long long id, const char *html, const GByteArray *got)
{
	sqlite3_stmt *st = ledger_prep((struct ledger *)&f->l, "SELECT o.kind, o.to_addr, "
	    "o.subject, o.body, o.message_id, o.in_reply_to, o.refs, o.created_at, o.json, "
	    "COALESCE(g.name, '') FROM outbox o LEFT JOIN games g ON g.id = o.game_id "
	    "WHERE o.id = ?");
	struct outmail o;
	char *raw, *head = g_strndup((const char *)got->data, got->len), root[256] = "",
	    unsub[1024] = "", *p;
	size_t len;
	GByteArray *out;

	if ((p = strstr(head, "\nIn-Reply-To: <")) != NULL)
		sscanf(p, "\nIn-Reply-To: <%255[^>]", root);
	if ((p = strstr(head, "\nList-Unsubscribe: <")) != NULL)
		sscanf(p, "\nList-Unsubscribe: <%1023[^>]", unsub);
	g_free(head);

	sqlite3_bind_int64(st, 1, id);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	memset(&o, 0, sizeof o);
	o.id = id;
	o.kind = col_text(st, 0);
	o.to = col_text(st, 1);
	o.subject = col_text(st, 2);
	o.body = col_text(st, 3);
	o.message_id = col_text(st, 4);
	o.in_reply_to = col_text(st, 5);
	o.refs = col_text(st, 6);
	o.created_at = col_text(st, 7);
	o.json = col_text(st, 8);
	o.game = col_text(st, 9);
	o.root = root;
	o.unsubscribe = unsub;
	o.from_name = f->cfg.referee_name;
	o.from_addr = f->cfg.referee_address;
	o.html = html;
	raw = mailout_build(&o, &len);
	out = g_byte_array_new();
	g_byte_array_append(out, (const guint8 *)raw, (guint)len);
	g_free(raw);
	sqlite3_finalize(st);
	return out;
}

/* Row id went out as the mail with html inline would have: byte for byte. */
static void
assert_sent_inline(const struct fixture *f, long long id, const char *html)
{
	GByteArray *got = delivered(f, id), *exp = as_inline(f, id, html, got);

	assert_int_equal(got->len, exp->len);
	assert_memory_equal(got->data, exp->data, exp->len);
	g_byte_array_free(got, TRUE);
	g_byte_array_free(exp, TRUE);
}

/* The picture kept once and put back when the mail goes: the bytes
 * delivered are those of the row as it was kept before (the whole
 * multipart/related entity inline), and such an old row still goes as it
 * is. Two seats shown the same board share one picture row, and a board
 * already kept is not drawn again. */
static void
test_picture_kept_once(void **state)
{
	struct fixture f;
	struct play p;
	struct render r;
	struct tval *root;
	struct buf png = BUF_INIT, again = BUF_INIT;
	struct outbox_item it;
	char *page = NULL, *inline_html, cid[REPORT_CID_MAX], cid2[REPORT_CID_MAX];
	struct diag d;
	int sent = 0, failed = 0;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	render_init(&r, f.cfg.datadir, p.rules->name, "en");
	root = report_tree(&f.l, &p, 0, p.seq, "en");
	tval_set_str(root, "referee", f.cfg.referee_address);
	assert_int_equal(report_html(&r, &f.l, root, "report", 1, &page, &png, cid, NULL,
	    &d), 0);
	assert_non_null(page);
	assert_true(png.len > 0);
	inline_html = mailout_related(page, png.p, png.len, cid);

	assert_int_equal(ledger_begin(&f.l, &d), 0);
	memset(&it, 0, sizeof it);
	it.game_id = p.g.id;
	it.kind = "report";
	it.subject = "report";
	it.body = "text\n";
	it.in_reply_to = "";
	it.refs = "";
	it.json = "";
	/* 1: as it is kept now; 2: another seat, the same board; 3: a row of
	 * before, the picture inline. */
	it.seat = 0;
	it.to = "n@example.org";
	it.html = page;
	it.png = png.p;
	it.png_len = png.len;
	it.cid = cid;
	assert_int_equal(outbox_queue(&f.l, &f.cfg, &it, "2026-11-21T12:00:00Z", &d), 0);
	it.seat = 1;
	it.to = "s@example.org";
	assert_int_equal(outbox_queue(&f.l, &f.cfg, &it, "2026-11-21T12:00:00Z", &d), 0);
	it.seat = 0;
	it.to = "n@example.org";
	it.html = inline_html;
	it.png = NULL;
	it.png_len = 0;
	it.cid = NULL;
	assert_int_equal(outbox_queue(&f.l, &f.cfg, &it, "2026-11-21T12:00:00Z", &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);

	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture"), 1);
	assert_int_equal(count(&f.l, "SELECT length(png) FROM picture"), (long long)png.len);
	/* The rows that name it hold no picture bytes. */
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM outbox WHERE id IN (1, 2) AND "
	    "instr(html, 'image/png') = 0"), 2);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM outbox WHERE id = 3 AND "
	    "instr(html, 'image/png') > 0"), 1);

	/* Each delivered as the row kept the old way would be: the same
	 * bytes; row 3, kept the old way, goes as it is. */
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 3);
	assert_int_equal(failed, 0);
	for (long long id = 1; id <= 3; id++) {
		GByteArray *got = delivered(&f, id);

		assert_non_null(strstr((const char *)got->data, "Content-Type: image/png"));
		g_byte_array_free(got, TRUE);
		assert_sent_inline(&f, id, inline_html);
	}

	/* A board already kept is taken from the ledger, not drawn: what is
	 * kept under its name comes back. */
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE picture SET png = x'89504e47'", NULL,
	    NULL, NULL), SQLITE_OK);
	free(page);
	page = NULL;
	tval_free(root);
	root = report_tree(&f.l, &p, 0, p.seq, "en");
	tval_set_str(root, "referee", f.cfg.referee_address);
	assert_int_equal(report_html(&r, &f.l, root, "report", 1, &page, &again, cid2,
	    NULL, &d), 0);
	assert_string_equal(cid2, cid);
	assert_int_equal(again.len, 4);
	assert_memory_equal(again.p, "\x89PNG", 4);

	g_free(inline_html);
	free(page);
	buf_free(&png);
	buf_free(&again);
	tval_free(root);
	render_free(&r);
	play_free(&p);
	fx_close(&f);
}

/* A report about game for seat, to address to, with its page and the SVG of
 * its picture as they were rendered. */
static void
report_item(struct outbox_item *it, int64_t game, int seat, const char *to,
    const char *page, const char *svg)
{
	memset(it, 0, sizeof *it);
	it->game_id = game;
	it->kind = "report";
	it->subject = "report";
	it->body = "text\n";
	it->in_reply_to = "";
	it->refs = "";
	it->json = "";
	it->seat = seat;
	it->to = to;
	it->html = page;
	it->svg = svg;
}

/* Queues a report to seat of p whose picture is kept as its SVG alone, or
 * (kept 1) one the ledger already keeps drawn: the page (free it) and cid. */
static char *
queue_report(struct fixture *f, const struct play *p, int seat, const char *to, int kept,
    char cid[REPORT_CID_MAX])
{
	struct render r;
	struct tval *root;
	struct buf png = BUF_INIT;
	struct outbox_item it;
	struct diag d;
	char *page = NULL, *svg = NULL;

	render_init(&r, f->cfg.datadir, p->rules->name, "en");
	root = report_tree(&f->l, p, seat, p->seq, "en");
	tval_set_str(root, "referee", f->cfg.referee_address);
	assert_int_equal(report_html(&r, &f->l, root, "report", 1, &page, &png, cid,
	    &svg, &d), 0);
	/* Not drawn, its size in the SVG and the page, or the one kept. */
	assert_non_null(page);
	if (kept) {
		assert_null(svg);
		assert_true(png.len > 0);
	} else {
		assert_non_null(svg);
		assert_int_equal(png.len, 0);
		assert_non_null(strstr(page, "width=\"640\""));
	}
	report_item(&it, p->g.id, seat, to, page, svg);
	it.png = png.p;
	it.png_len = png.len;
	it.cid = cid;
	assert_int_equal(ledger_begin(&f->l, &d), 0);
	assert_int_equal(outbox_queue(&f->l, &f->cfg, &it, "2026-11-21T12:00:00Z", &d), 0);
	assert_int_equal(ledger_commit(&f->l, &d), 0);
	free(svg);
	buf_free(&png);
	tval_free(root);
	render_free(&r);
	return page;
}

/* The page of seat drawn the way it was before pictures waited for the
 * sending, inline: what the mail must be, byte for byte. */
static char *
drawn_now(struct fixture *f, const struct play *p, int seat)
{
	struct render r;
	struct tval *root;
	struct buf png = BUF_INIT;
	struct diag d;
	char *page = NULL, *s, cid[REPORT_CID_MAX];

	render_init(&r, f->cfg.datadir, p->rules->name, "en");
	root = report_tree(&f->l, p, seat, p->seq, "en");
	tval_set_str(root, "referee", f->cfg.referee_address);
	assert_int_equal(report_html(&r, NULL, root, "report", 1, &page, &png, cid,
	    NULL, &d), 0);
	assert_true(png.len > 0);
	s = mailout_related(page, png.p, png.len, cid);
	free(page);
	buf_free(&png);
	tval_free(root);
	render_free(&r);
	return s;
}

/* A picture queued as its SVG is drawn when its first mail is sent and
 * kept once for both mails that show it (one seat's board, to two
 * addresses): each mail is the bytes it would have been had the picture
 * been drawn when it was queued; a third mail of the same board takes the
 * kept PNG, not a new drawing. */
static void
test_picture_drawn_when_sent(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	char cid[REPORT_CID_MAX], cid2[REPORT_CID_MAX], *page, *want;
	int sent = 0, failed = 0;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	free(queue_report(&f, &p, 0, "n@example.org", 0, cid));
	free(queue_report(&f, &p, 0, "also@example.org", 0, cid2));
	assert_string_equal(cid, cid2);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture"), 1);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NULL AND "
	    "svg LIKE '<svg%'"), 1);

	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 2);
	assert_int_equal(failed, 0);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture"), 1);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL AND "
	    "svg IS NULL"), 1);
	want = drawn_now(&f, &p, 0);
	for (long long id = 1; id <= 2; id++)
		assert_sent_inline(&f, id, want);
	g_free(want);

	/* Drawn once: what is kept now is what the next mail carries. */
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE picture SET png = x'89504e47'", NULL,
	    NULL, NULL), SQLITE_OK);
	page = queue_report(&f, &p, 0, "n@example.org", 1, cid2);
	assert_int_equal(count(&f.l, "SELECT length(png) FROM picture"), 4);
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 1);
	want = mailout_related(page, "\x89PNG", 4, cid);
	assert_sent_inline(&f, 3, want);
	g_free(want);
	free(page);
	play_free(&p);
	fx_close(&f);
}

/* Delivery sends finished mails only: without the drawing step before
 * it, a picture queued as what it is drawn from stays so (delivery never
 * replays the game nor draws), and the mail goes without it and without
 * an <img> that points at no part of it. The step draws it for the next
 * mail that shows it. */
static void
test_delivery_draws_nothing(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	struct outbox_round r = { 0, 0, "" };
	char cid[REPORT_CID_MAX], *want;
	int sent = 0, failed = 0;
	GByteArray *got;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	free(queue_report(&f, &p, 0, "n@example.org", 0, cid));
	assert_int_equal(outbox_round_next(&f.l, &r), 1);
	assert_int_equal(outbox_deliver(&f.l, &f.cfg, &r, &sent, &failed, &d), 0);
	assert_int_equal(sent, 1);
	assert_int_equal(failed, 0);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NULL AND "
	    "svg LIKE '<svg%'"), 1);
	got = delivered(&f, 1);
	g_byte_array_append(got, (const guint8 *)"", 1);
	assert_null(strstr((const char *)got->data, "image/png"));
	assert_null(strstr((const char *)got->data, "cid:board"));
	g_byte_array_free(got, TRUE);

	free(queue_report(&f, &p, 0, "n@example.org", 0, cid));
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 1);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NULL"), 0);
	want = drawn_now(&f, &p, 0);
	assert_sent_inline(&f, 2, want);
	g_free(want);
	play_free(&p);
	fx_close(&f);
}

/* What a picture is drawn from is its game's (019): a mail of game B that
 * names the picture game A keeps under the same name does not draw it from
 * A's recipe, and goes without it while no PNG of that name is drawn. Once
 * A's mail drew it, the PNG is that name's in every game, since it is
 * drawn only from the SVG its name hashes: B's mail shows it, a report of
 * B takes it rather than draw it again, and a mail of B queued then keeps
 * no row of its own. Waiting in both games, it is two rows. */
static void
test_picture_of_its_game(void **state)
{
	struct fixture f;
	struct play a, b;
	struct render r;
	struct tval *root;
	struct outbox_item it;
	struct buf png = BUF_INIT, drawn = BUF_INIT;
	struct diag d;
	char cid[REPORT_CID_MAX], cid2[REPORT_CID_MAX], sql[160], *page, *page2 = NULL;
	char *svg;
	sqlite3_stmt *st;
	int sent = 0, failed = 0;
	GByteArray *got;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &a);
	fx_game(&f, "targi", "targi-2", 2, 0, NULL, 0, &b);
	assert_true(a.g.id != b.g.id);
	page = queue_report(&f, &a, 0, "n@example.org", 0, cid);
	st = ledger_prep(&f.l, "SELECT svg FROM picture");
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	svg = g_strdup(col_text(st, 0));
	sqlite3_finalize(st);

	report_item(&it, b.g.id, 0, "b@example.org", page, svg);
	it.cid = cid;
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(outbox_queue(&f.l, &f.cfg, &it, "2026-11-21T12:00:00Z", &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM picture WHERE cid = '%s'", cid);
	assert_int_equal(count(&f.l, sql), 2);
	snprintf(sql, sizeof sql, "DELETE FROM picture WHERE game_id = %lld",
	    (long long)b.g.id);
	assert_int_equal(sqlite3_exec(f.l.db, sql, NULL, NULL, NULL), SQLITE_OK);

	/* Not drawn for B from A's recipe, while no PNG is drawn. */
	assert_int_equal(picture_draw(&f.l, &f.cfg, b.g.id, cid, &png), 0);
	assert_int_equal(png.len, 0);
	assert_int_equal(outbox_picture(&f.l, cid, &png), 0);
	/* A's mail draws it; B's, sent after, shows that PNG. */
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 2);
	assert_int_equal(failed, 0);
	assert_int_equal(outbox_picture(&f.l, cid, &drawn), 1);
	for (int64_t row = 1; row <= 2; row++) {
		got = delivered(&f, row);
		g_byte_array_append(got, (const guint8 *)"", 1);
		assert_non_null(strstr((const char *)got->data, "image/png"));
		g_byte_array_free(got, TRUE);
	}
	snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM picture WHERE cid = '%s' AND "
	    "png IS NOT NULL AND game_id = %lld", cid, (long long)a.g.id);
	assert_int_equal(count(&f.l, sql), 1);

	/* Drawn, it is queued for B again without a row of its own. */
	assert_int_equal(ledger_begin(&f.l, &d), 0);
	assert_int_equal(outbox_queue(&f.l, &f.cfg, &it, "2026-11-21T12:01:00Z", &d), 0);
	assert_int_equal(ledger_commit(&f.l, &d), 0);
	snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM picture WHERE cid = '%s'", cid);
	assert_int_equal(count(&f.l, sql), 1);

	/* A report of B takes the PNG of that name rather than draw it. */
	render_init(&r, f.cfg.datadir, a.rules->name, "en");
	root = report_tree(&f.l, &a, 0, a.seq, "en");
	tval_set_str(root, "referee", f.cfg.referee_address);
	assert_int_equal(report_html(&r, &f.l, root, "report", 1, &page2, &png, cid2,
	    NULL, &d), 0);
	assert_string_equal(cid2, cid);
	assert_int_equal(png.len, drawn.len);
	assert_memory_equal(png.p, drawn.p, drawn.len);
	buf_free(&png);
	buf_free(&drawn);
	free(page2);
	tval_free(root);
	render_free(&r);
	g_free(svg);
	free(page);
	play_free(&a);
	play_free(&b);
	fx_close(&f);
}

/* A picture that waits is checked as XML only by the drawing (librsvg
 * parses it): a board template that makes malformed XML costs the mail its
 * picture and the <img> pointing at it, never the mail, and the SVG stays
 * for the next try. */
static void
test_malformed_picture_when_sent(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	char cid[REPORT_CID_MAX];
	int sent = 0, failed = 0;
	GByteArray *got;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	free(queue_report(&f, &p, 0, "n@example.org", 0, cid));
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE picture SET svg = "
	    "'<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"100\">"
	    "<g></svg>'", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 1);
	assert_int_equal(failed, 0);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NULL AND "
	    "svg IS NOT NULL"), 1);
	got = delivered(&f, 1);
	g_byte_array_append(got, (const guint8 *)"", 1);
	assert_null(strstr((const char *)got->data, "cid:board."));
	assert_null(strstr((const char *)got->data, "image/png"));
	g_byte_array_free(got, TRUE);
	play_free(&p);
	fx_close(&f);
}

/* A referee killed after it queued a report and before it sent it loses
 * nothing: the SVG was committed with the row, and the next run draws it. */
static void
test_picture_survives_kill(void **state)
{
	struct fixture f;
	struct play p;
	struct diag d;
	char cid[REPORT_CID_MAX], *want;
	int sent = 0, failed = 0, status;
	pid_t pid;

	(void)state;
	mailmsg_global_init();
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	ledger_close(&f.l);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		if (ledger_open(&f.l, f.cfg.ledger, &d) < 0)
			_exit(2);
		free(queue_report(&f, &p, 0, "n@example.org", 0, cid));
		kill(getpid(), SIGKILL);
		_exit(3);
	}
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	if (ledger_open(&f.l, f.cfg.ledger, &d) < 0)
		fail_msg("ledger_open: %s", d.msg);
	assert_int_equal(count(&f.l, "SELECT COUNT(*) FROM picture WHERE png IS NULL"), 1);
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_int_equal(sent, 1);
	want = drawn_now(&f, &p, 0);
	assert_sent_inline(&f, 1, want);
	g_free(want);
	play_free(&p);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buqruru),
		cmocka_unit_test(test_targi),
		cmocka_unit_test(test_targui),
		cmocka_unit_test(test_plain_html_row),
		cmocka_unit_test(test_picture_kept_once),
		cmocka_unit_test(test_picture_drawn_when_sent),
		cmocka_unit_test(test_delivery_draws_nothing),
		cmocka_unit_test(test_picture_of_its_game),
		cmocka_unit_test(test_malformed_picture_when_sent),
		cmocka_unit_test(test_picture_survives_kill),
	};

	/* The pages of a language asked for: the three games alone (the rest
	 * does not depend on the language). */
	if (getenv("AZ_REPORT_LANG") != NULL)
		return _cmocka_run_group_tests("pages", tests, 3, NULL, NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
