/* Board pictures kept as their recipe (src/render/picture.c): what an ingest
 * queues is no SVG but the game, step, reader and language it is made
 * from; the mail sent draws the very picture its SVG named, or none. */
#include <glib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "render/board.h"
#include "render/drawer.h"
#include "core/hash.h"
#include "core/log.h"
#include "mail/mailout.h"
#include "mail/outbox.h"
#include "render/picture.h"
#include "render/report.h"
#include "render/taps.h"
#include "testutil.h"
#include "core/xmalloc.h"

#define WATCHER "w@watch.example"

/* A mail queued with a picture: its row, reader and the picture's name. */
struct shown {
	long long id;
	int viewer;
	char lang[LANG_LEN];
	char cid[REPORT_CID_MAX];
};

/* A game of rules with a watcher reading French, and one move by the seat
 * whose turn it is: the mails it queued that show a picture (free it). */
static struct shown *
one_move(struct fixture *f, const char *rules, const char *name, size_t *n)
{
	struct play p;
	struct shown *s = NULL;
	sqlite3_stmt *st;
	char sql[256];

	fx_game(f, rules, name, 2, 0, NULL, 0, &p);
	play_free(&p);
	snprintf(sql, sizeof sql, "INSERT INTO watchers (game_id, address, added_at, language) "
	    "SELECT id, '%s', 'then', 'fr' FROM games WHERE name = '%s'", WATCHER, name);
	assert_int_equal(sqlite3_exec(f->l.db, sql, NULL, NULL, NULL), SQLITE_OK);
	fx_play_turn(f, name);

	*n = 0;
	st = ledger_prep(&f->l, "SELECT id, COALESCE(seat_idx, -1), to_addr, html FROM outbox "
	    "WHERE html LIKE '%cid:board%' ORDER BY id");
	while (sqlite3_step(st) == SQLITE_ROW) {
		s = xreallocarray(s, *n + 1, sizeof *s);
		memset(&s[*n], 0, sizeof s[*n]);
		s[*n].id = sqlite3_column_int64(st, 0);
		s[*n].viewer = sqlite3_column_int(st, 1);
		snprintf(s[*n].lang, sizeof s[*n].lang, "%s",
		    strcmp(col_text(st, 2), WATCHER) == 0 ? "fr" : "en");
		assert_non_null(mailout_picture_cid(col_text(st, 3), s[*n].cid,
		    sizeof s[*n].cid));
		(*n)++;
	}
	sqlite3_finalize(st);
	return s;
}

/* The SVG of what s shows, made here from the game as it stands (no
 * replay): the one the mail was queued with, since its name is the same
 * hash of it. The caller frees it. */
static char *
queued_svg(struct fixture *f, const char *name, const struct shown *s)
{
	struct play p;
	struct render r;
	struct tval *root;
	struct diag d;
	char *svg = NULL, h[HASH_HEX], size[32], cid[REPORT_CID_MAX];
	const char *parts[2];

	assert_int_equal(play_load(&f->l, name, &p, &d), 1);
	render_init(&r, f->cfg.datadir, p.rules->name, s->lang);
	root = report_tree(&f->l, &p, s->viewer, p.seq, s->lang);
	taps_spots(&f->cfg, &p, s->viewer, root);
	assert_int_equal(board_svg_render(&r, root, &svg, &d), 0);
	snprintf(size, sizeof size, "%dx%d", REPORT_PNG_WIDTH, REPORT_PNG_COLOURS);
	parts[0] = svg;
	parts[1] = size;
	sha256_parts_hex(h, 2, parts);
	snprintf(cid, sizeof cid, "board.%.24s@azalai", h);
	assert_string_equal(cid, s->cid);
	tval_free(root);
	render_free(&r);
	play_free(&p);
	return svg;
}

/* The PNG a mail carries (base64 after its image/png part's headers), or
 * NULL when it carries none (g_free it). */
static guchar *
mail_png(const char *mail, gsize *len)
{
	const char *p = strstr(mail, "Content-Type: image/png"), *end;
	char *b64;
	guchar *png;

	if (p == NULL)
		return NULL;
	assert_non_null(p = strstr(p, "\n\n"));
	p += 2;
	assert_non_null(end = strstr(p, "\n--"));
	b64 = g_strndup(p, (gsize)(end - p));
	png = g_base64_decode(b64, len);
	g_free(b64);
	return png;
}

static void
deliver(struct fixture *f)
{
	struct diag d;
	int sent = 0, failed = 0;

	diag_clear(&d);
	assert_int_equal(fx_deliver(f, &sent, &failed, &d), 0);
	assert_true(sent > 0);
	assert_int_equal(failed, 0);
	assert_int_equal(fx_count(f, "SELECT COUNT(*) FROM outbox WHERE status <> 'sent'"), 0);
}

/* After a move every picture queued is a recipe, for a seat and for a
 * watcher; each mail sent carries the PNG of the SVG its page was written
 * with, drawn here from that SVG, byte for byte. */
static void
pictures_of(const char *rules, const char *name)
{
	struct fixture f;
	struct shown *s;
	size_t n;
	int seats = 0, observers = 0;

	fx_open(&f);
	s = one_move(&f, rules, name, &n);
	assert_true(n > 0);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE svg IS NOT NULL OR "
	    "png IS NOT NULL"), 0);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE game_id IS NULL"), 0);
	assert_true(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE viewer = -1 AND "
	    "lang = 'fr'") > 0);
	assert_true(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE viewer >= 0") > 0);
	deliver(&f);
	/* Drawn, each keeps its game: the key (019). */
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE png IS NULL OR "
	    "step IS NOT NULL OR game_id NOT IN (SELECT id FROM games)"), 0);
	for (size_t i = 0; i < n; i++) {
		char *svg = queued_svg(&f, name, &s[i]), *mail = fx_sent_file(&f, s[i].id, NULL);
		struct buf want = BUF_INIT;
		struct diag d;
		guchar *png;
		gsize len = 0;

		assert_int_equal(drawer_png(svg, strlen(svg), REPORT_PNG_WIDTH,
		    REPORT_PNG_COLOURS, &want, &d), 0);
		if ((png = mail_png(mail, &len)) == NULL)
			fail_msg("%s: mail %lld to viewer %d went without its picture", name,
			    s[i].id, s[i].viewer);
		assert_int_equal(len, want.len);
		assert_memory_equal(png, want.p, want.len);
		seats += s[i].viewer >= 0;
		observers += s[i].viewer < 0;
		g_free(png);
		buf_free(&want);
		g_free(mail);
		free(svg);
	}
	assert_true(seats > 0);
	assert_true(observers > 0);
	free(s);
	fx_close(&f);
}

static void
test_recipe_targi(void **state)
{
	(void)state;
	pictures_of("targi", "targi-1");
}

static void
test_recipe_buqruru(void **state)
{
	(void)state;
	pictures_of("buqruru", "buqruru-1");
}

static void
test_recipe_targui(void **state)
{
	(void)state;
	pictures_of("targui", "targui-1");
}

/* The picture of viewer in game p: the SVG its report draws (free it), with
 * the report's choices in *choices (tval_free it) when choices is not NULL. */
static char *
viewer_svg(struct fixture *f, struct play *p, int viewer, struct tval **choices)
{
	struct render r;
	struct tval *root;
	struct diag d;
	char *svg = NULL, mid[ORDERCODE_LEN];

	render_init(&r, f->cfg.datadir, p->rules->name, "en");
	root = report_tree(&f->l, p, viewer, p->seq, "en");
	assert_int_equal(ledger_begin(&f->l, &d), 0);
	assert_int_equal(taps_add(&f->l, &f->cfg, "en", p, viewer, p->seq, root, mid, &d), 0);
	assert_int_equal(ledger_commit(&f->l, &d), 0);
	taps_spots(&f->cfg, p, viewer, root);
	assert_int_equal(board_svg_render(&r, root, &svg, &d), 0);
	if (choices != NULL)
		*choices = tval_copy(tval_get(root, "choices"));
	tval_free(root);
	render_free(&r);
	return svg;
}

/* The number the badge of spot id shows in svg, or "" when it has none. */
static void
badge(const char *svg, const char *id, char *out, size_t n)
{
	char want[64];
	const char *p;

	snprintf(want, sizeof want, "id=\"choice-%s\"", id);
	out[0] = '\0';
	if ((p = strstr(svg, want)) == NULL)
		return;
	assert_non_null(p = strstr(p, "class=\"choicenum\""));
	assert_non_null(p = strchr(p, '>'));
	snprintf(out, n, "%.*s", (int)strcspn(p + 1, "<"), p + 1);
}

/* seat's first legal order in p, by mail (the turn-th mail of the game). */
static void
first_order(struct fixture *f, const struct play *p, int seat, int turn)
{
	static const char *const addr[] = { "n@example.org", "s@example.org" };
	static const char *const seats[] = { "north", "south" };
	struct order_list ol;
	char mid[32], *raw;

	order_list_init(&ol);
	p->rules->legal(p->st, seat, &ol);
	assert_true(ol.n > 0);
	snprintf(mid, sizeof mid, "turn-%d@example.org", turn);
	raw = fx_order_mail(addr[seat], mid, p->g.name, seats[seat], f->tokens[seat],
	    ol.v[0].text);
	order_list_free(&ol);
	fx_mail(f, raw);
	free(raw);
}

/* On its turn a seat's picture shows each numbered choice's number on the
 * card or hole it acts on, the numbers of the report's list; an
 * observer's shows none. */
static void
choices_on_board(const char *rules, const char *name, const char *verb)
{
	struct fixture f;
	struct play p;
	struct tval *ch;
	char *svg, got[32];
	int seat, shown = 0, marks = 0;
	size_t vlen = strlen(verb);

	fx_open(&f);
	fx_game(&f, rules, name, 2, 0, NULL, 0, &p);
	/* The game goes on to the first decision with such a choice (Targui
	 * chooses sectors, on no box, first). */
	for (int turn = 0;; turn++) {
		struct diag d;
		int has = 0;

		seat = fx_waited_seat(&p);
		assert_true(seat >= 0);
		svg = viewer_svg(&f, &p, seat, &ch);
		assert_non_null(ch);
		for (size_t i = 0; i < ch->n; i++)
			has |= strncmp(tval_get(ch->items[i], "text")->str, verb, vlen) == 0;
		if (has)
			break;
		assert_true(turn < 20);
		tval_free(ch);
		free(svg);
		first_order(&f, &p, seat, turn);
		play_free(&p);
		assert_int_equal(play_load(&f.l, name, &p, &d), 1);
	}
	for (size_t i = 0; i < ch->n; i++) {
		const char *t = tval_get(ch->items[i], "text")->str, *arg;
		long num = (long)tval_get(ch->items[i], "number")->num;
		char want[16], *tok, *save = NULL;
		int found = 0;

		if (strncmp(t, verb, vlen) != 0 || t[vlen] != ' ' ||
		    strchr(arg = t + vlen + 1, ' ') != NULL)
			continue;
		badge(svg, arg, got, sizeof got);
		snprintf(want, sizeof want, "%ld", num);
		for (tok = strtok_r(got, "/+", &save); tok != NULL; tok = strtok_r(NULL, "/+", &save))
			found |= strcmp(tok, want) == 0;
		if (!found)
			fail_msg("%s: choice %ld, %s, has no badge %ld on the picture", name, num,
			    t, num);
		shown += found;
	}
	for (const char *q = svg; (q = strstr(q, "class=\"choice-mark\"")) != NULL; q++)
		marks++;
	assert_true(shown > 0);
	assert_true(marks > 0 && marks <= shown);
	tval_free(ch);
	free(svg);
	svg = viewer_svg(&f, &p, -1, NULL);
	assert_null(strstr(svg, "choice-mark"));
	free(svg);
	play_free(&p);
	fx_close(&f);
}

static void
test_choices_on_board_buqruru(void **state)
{
	(void)state;
	choices_on_board("buqruru", "buqruru-1", "HOLE");
}

static void
test_choices_on_board_targi(void **state)
{
	(void)state;
	choices_on_board("targi", "targi-1", "PLACE");
}

static void
test_choices_on_board_targui(void **state)
{
	(void)state;
	choices_on_board("targui", "targui-1", "SETTLE");
}

/* The log of a run, whole (free it). */
static char *
slurp(const char *path)
{
	char *text = NULL;

	assert_true(g_file_get_contents(path, &text, NULL, NULL));
	return text;
}

/* A move of targi queued, then edit (SQL, or NULL) and undo (steps rolled
 * back) before its mails are sent: every mail still goes, none with a
 * picture or an <img> of one; the log names each picture and says why. */
static void
spoiled(const char *edit, int undo, const char *why)
{
	struct fixture f;
	struct shown *s;
	struct diag d;
	char log[300], *text;
	size_t n;

	fx_open(&f);
	snprintf(log, sizeof log, "%s/azalai.log", f.dir);
	s = one_move(&f, "targi", "targi-1", &n);
	assert_true(n > 0);
	if (edit != NULL)
		assert_int_equal(sqlite3_exec(f.l.db, edit, NULL, NULL, NULL), SQLITE_OK);
	if (undo > 0) {
		struct play p;
		int64_t first, last;

		assert_int_equal(play_load(&f.l, "targi-1", &p, &d), 1);
		assert_int_equal(ledger_begin(&f.l, &d), 0);
		assert_int_equal(play_rollback(&f.l, &p, undo, "test", "2026-11-21T12:00:00Z",
		    &first, &last, &d), 0);
		assert_int_equal(ledger_commit(&f.l, &d), 0);
		play_free(&p);
	}
	assert_int_equal(log_open(LOG_TO_FILE, log), 0);
	deliver(&f);
	log_close();
	log_open(LOG_TO_NONE, NULL);
	text = slurp(log);
	for (size_t i = 0; i < n; i++) {
		char *mail = fx_sent_file(&f, s[i].id, NULL), want[200];

		if (strstr(mail, "image/png") != NULL)
			fail_msg("mail %lld went with a picture", s[i].id);
		if (strstr(mail, "cid:board") != NULL)
			fail_msg("mail %lld points at a picture it lacks", s[i].id);
		snprintf(want, sizeof want, "picture %s cannot be made again; the mail goes "
		    "without it: ", s[i].cid);
		if (strstr(text, want) == NULL)
			fail_msg("the log does not name %s: %s", s[i].cid, text);
		g_free(mail);
	}
	if (strstr(text, why) == NULL)
		fail_msg("the log does not say \"%s\": %s", why, text);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL"), 0);
	free(text);
	free(s);
	fx_close(&f);
}

/* The step the pictures showed is rolled back before they are drawn. */
static void
test_step_rolled_back(void **state)
{
	(void)state;
	spoiled(NULL, 1, "is no longer the picture the mail was written with");
}

/* A reader's recipe made to name another reader: the other's board is not
 * this one's, and hidden cards must not change hands. */
static void
test_other_reader(void **state)
{
	(void)state;
	spoiled("UPDATE picture SET viewer = CASE viewer WHEN 0 THEN 1 ELSE 0 END", 0,
	    "is no longer the picture the mail was written with");
}

/* The game gone, its mails and pictures with it under its id. */
static void
test_game_gone(void **state)
{
	(void)state;
	spoiled("PRAGMA foreign_keys = OFF; UPDATE picture SET game_id = 999; "
	    "UPDATE outbox SET game_id = 999; PRAGMA foreign_keys = ON", 0,
	    "game 999 is not in the ledger");
}

/* The recipe's word on openness matters: a game over since the mail was
 * queued still draws the picture as the reader saw it then. */
static void
test_ended_since(void **state)
{
	struct fixture f;
	struct shown *s;
	size_t n;

	(void)state;
	fx_open(&f);
	s = one_move(&f, "targi", "targi-1", &n);
	assert_true(n > 0);
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE games SET status = 'over'", NULL, NULL,
	    NULL), SQLITE_OK);
	deliver(&f);
	for (size_t i = 0; i < n; i++) {
		char *mail = fx_sent_file(&f, s[i].id, NULL);

		if (strstr(mail, "image/png") == NULL)
			fail_msg("mail %lld went without its picture", s[i].id);
		g_free(mail);
	}
	free(s);
	fx_close(&f);
}

/* Every mail of shown s, n of them, went with its picture. */
static void
all_pictured(struct fixture *f, const struct shown *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *mail = fx_sent_file(f, s[i].id, NULL);

		if (strstr(mail, "image/png") == NULL)
			fail_msg("mail %lld went without its picture", s[i].id);
		g_free(mail);
	}
}

/* A pause is no step: the game paused after the move's mails were queued,
 * before their pictures were drawn, still sends each with its picture,
 * the mover's with its choices on the board as its page says. */
static void
test_paused_since(void **state)
{
	struct fixture f;
	struct shown *s;
	size_t n;
	int mover = 0;

	(void)state;
	fx_open(&f);
	s = one_move(&f, "targi", "targi-1", &n);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++) {
		char *svg = queued_svg(&f, "targi-1", &s[i]);

		mover |= strstr(svg, "choice-mark") != NULL;
		free(svg);
	}
	assert_true(mover);
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE games SET paused_at = "
	    "'2026-11-21T12:00:00Z', paused_reason = 'a storm'", NULL, NULL, NULL), SQLITE_OK);
	deliver(&f);
	all_pictured(&f, s, n);
	free(s);
	fx_close(&f);
}

/* The other way: a report asked for while the game is paused (no choices
 * on its board), drawn after the game goes on, goes with its picture. */
static void
test_resumed_since(void **state)
{
	struct fixture f;
	struct play p;
	struct shown s[4];
	sqlite3_stmt *st;
	size_t n = 0;
	char *raw;
	int seat;

	(void)state;
	fx_open(&f);
	fx_game(&f, "targi", "targi-1", 2, 0, NULL, 0, &p);
	seat = fx_waited_seat(&p);
	play_free(&p);
	assert_true(seat >= 0);
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE games SET paused_at = "
	    "'2026-11-21T12:00:00Z', paused_reason = 'a storm'", NULL, NULL, NULL), SQLITE_OK);
	raw = fx_order_mail(seat == 0 ? "n@example.org" : "s@example.org", "r@example.org",
	    "targi-1", seat == 0 ? "north" : "south", f.tokens[seat], "REPORT");
	fx_mail(&f, raw);
	free(raw);
	/* The answer and the report it announces, both with the picture. */
	st = ledger_prep(&f.l, "SELECT id, html FROM outbox WHERE status = 'queued' AND "
	    "html LIKE '%cid:board%' ORDER BY id");
	while (sqlite3_step(st) == SQLITE_ROW && n < 4) {
		memset(&s[n], 0, sizeof s[n]);
		s[n].id = sqlite3_column_int64(st, 0);
		assert_non_null(mailout_picture_cid(col_text(st, 1), s[n].cid,
		    sizeof s[n].cid));
		n++;
	}
	sqlite3_finalize(st);
	assert_true(n > 0);
	assert_int_equal(sqlite3_exec(f.l.db, "UPDATE games SET paused_at = '', "
	    "paused_reason = ''", NULL, NULL, NULL), SQLITE_OK);
	deliver(&f);
	all_pictured(&f, s, n);
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recipe_targi),
		cmocka_unit_test(test_recipe_buqruru),
		cmocka_unit_test(test_recipe_targui),
		cmocka_unit_test(test_step_rolled_back),
		cmocka_unit_test(test_other_reader),
		cmocka_unit_test(test_game_gone),
		cmocka_unit_test(test_ended_since),
		cmocka_unit_test(test_paused_since),
		cmocka_unit_test(test_resumed_since),
		cmocka_unit_test(test_choices_on_board_buqruru),
		cmocka_unit_test(test_choices_on_board_targi),
		cmocka_unit_test(test_choices_on_board_targui),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
