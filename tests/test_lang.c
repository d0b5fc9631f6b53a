/* A language per reader: chosen by a LANGUAGE mail line, by the game master
 * (azalai seat ... language), by an observer when watching and in a campaign
 * file; every mail rendered in its reader's language, two seats of one game
 * in two languages, refusals in the reader's language and dates in the
 * reader's conventions. The German templates here are a tiny set made in the
 * test's own data directory (the real ones are translated elsewhere): each
 * says which language rendered it, the referee's sentences come from the
 * real catalogs (po/common). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign/campaign-file.h"
#include "campaign/campaign.h"
#include "campaign/dates.h"
#include "core/msg.h"
#include "lang/ordertr.h"
#include "referee/people.h"
#include "testutil.h"
#include "core/xmalloc.h"

static const char *const addr[] = { "n@example.org", "s@example.org" };
static const char *const seatname[] = { "north", "south" };

/* Every German mail says so on its first line; the rest shows what the
 * referee's sentences and dates became. */
static const char de_body[] =
    "SPRACHE de\n"
    "{{#lines}}\n"
    "Zeile {{lineno}}: {{text}}{{#has_reason}}: {{reason}}{{/has_reason}}\n"
    "{{/lines}}\n"
    "{{#refused}}Abgewiesen: {{refused}}\n{{/refused}}\n"
    "{{#has_your_deadline}}Frist: {{your_deadline}}\n{{/has_your_deadline}}";

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* dir/templates: the real English ones, and German, Spanish and French
 * ones of our own. */
static void
make_datadir(struct fx_env *e, const char *src)
{
	static const char *const names[] = { "ack", "error", "report", "observer", "watching",
	    "status", "welcome" };
	char path[600], to[600];

	snprintf(path, sizeof path, "%s/data", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates/common", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates/buqruru", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates/common/de", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates/common/es", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof path, "%s/data/templates/common/fr", e->f.dir);
	assert_int_equal(mkdir(path, 0700), 0);
	for (int i = 0; i < 2; i++) {
		const char *g = i == 0 ? "common" : "buqruru";

		snprintf(to, sizeof to, "%s/templates/%s/en", src, g);
		if (to[0] != '/') {
			char cwd[300];

			assert_non_null(getcwd(cwd, sizeof cwd));
			snprintf(to, sizeof to, "%s/%s/templates/%s/en", cwd, src, g);
		}
		snprintf(path, sizeof path, "%s/data/templates/%s/en", e->f.dir, g);
		assert_int_equal(symlink(to, path), 0);
	}
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char *text;

		xasprintf(&text, "Subject: %s {{game_id}}\n\n%s", names[i], de_body);
		snprintf(path, sizeof path, "%s/data/templates/common/de/%s.mustache", e->f.dir,
		    names[i]);
		write_file(path, text);
		free(text);
		/* Spanish and French: the same, saying so on their first line. */
		for (int k = 0; k < 2; k++) {
			const char *lang = k == 0 ? "es" : "fr";

			xasprintf(&text, "Subject: %s {{game_id}}\n\n%s %s\n%s", names[i],
			    k == 0 ? "IDIOMA" : "LANGUE", lang, strchr(de_body, '\n') + 1);
			snprintf(path, sizeof path, "%s/data/templates/common/%s/%s.mustache",
			    e->f.dir, lang, names[i]);
			write_file(path, text);
			free(text);
		}
	}
	snprintf(e->f.cfg.datadir, sizeof e->f.cfg.datadir, "%s/data", e->f.dir);
}

static int
setup(void **state)
{
	const char *src = getenv("srcdir");
	struct fx_env *e;

	fx_env_setup(state, "buqruru", "bq-1", 0, 0);
	e = *state;
	make_datadir(e, src != NULL ? src : ".");
	return 0;
}

static void
send_as(struct fx_env *e, int seat, const char *body)
{
	char mid[32], *m;

	snprintf(mid, sizeof mid, "m%d@x", ++e->mid);
	m = fx_order_mail(addr[seat], mid, e->game, seatname[seat], e->f.tokens[seat], body);
	fx_mail(&e->f, m);
	free(m);
}

static char *
lang_of(struct fx_env *e, int seat)
{
	sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT language FROM seats WHERE idx = ?");
	char *s = NULL;

	sqlite3_bind_int(st, 1, seat);
	if (sqlite3_step(st) == SQLITE_ROW)
		s = xstrdup(col_text(st, 0));
	sqlite3_finalize(st);
	return s;
}

static void
expect_in(const char *body, const char *what)
{
	if (body == NULL || text_has(body, what) == NULL)
		fail_msg("wanted \"%s\" in:\n%s", what, body != NULL ? body : "(no mail)");
}

static void
expect_not_in(const char *body, const char *what)
{
	if (body != NULL && text_has(body, what) != NULL)
		fail_msg("did not want \"%s\" in:\n%s", what, body);
}

/* seat sends text; the last mail of kind to it says want, and not unwanted
 * unless that is NULL. */
static void
expect_answer(struct fx_env *e, int seat, const char *text, const char *kind,
    const char *want, const char *unwanted)
{
	char *b;

	send_as(e, seat, text);
	b = fx_last_mail(&e->f, kind, addr[seat]);
	expect_in(b, want);
	if (unwanted != NULL)
		expect_not_in(b, unwanted);
	free(b);
}

/* The seat the game waits for first, and one legal order of it. */
static int
waited(struct fx_env *e, char *order, size_t n)
{
	struct play p;
	struct order_list ol;
	struct diag d;
	int seat;

	assert_int_equal(play_load(&e->f.l, e->game, &p, &d), 1);
	seat = fx_waited_seat(&p);
	assert_true(seat >= 0);
	order_list_init(&ol);
	assert_int_equal(p.rules->legal(p.st, seat, &ol), 0);
	assert_true(ol.n > 0);
	snprintf(order, n, "%s\n", ol.v[0].text);
	order_list_free(&ol);
	play_free(&p);
	return seat;
}

/* LANGUAGE de by mail: the seat reads German from now on, starting with
 * the ack of that very mail, which says so in German. */
static void
test_language_line_switches_and_acks_in_new_language(void **state)
{
	struct fx_env *e = *state;
	char *b, *l;

	send_as(e, 0, "LANGUAGE DE\n");
	l = lang_of(e, 0);
	assert_string_equal(l, "de");
	free(l);
	b = fx_last_mail(&e->f, "ack", addr[0]);
	expect_in(b, "SPRACHE de");
	expect_in(b, "von nun an schreibt dir der Schiedsrichter auf Deutsch");
	expect_not_in(b, "from now on");
	free(b);
	/* The German templates here have no calendar.mustache: the ack went
	 * all the same, without its calendar part (render/calendar.h). */
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM outbox WHERE kind = 'ack' "
	    "AND to_addr = 'n@example.org' AND ical = ''"), 1);
}

/* JSON by mail: the ack and the refusal of a German seat are German. */
static void
test_json_line_in_german(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 0, "LANGUAGE de\n");
	send_as(e, 0, "JSON ON\n");
	b = fx_last_mail(&e->f, "ack", addr[0]);
	expect_in(b, "von nun an enthalten deine Berichte deine Sicht als JSON im "
	    "Anhang view.json");
	expect_not_in(b, "from now on");
	free(b);
	send_as(e, 0, "JSON VIELLEICHT\n");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "JSON erwartet EIN (deine Berichte enthalten deine Sicht als "
	    "view.json) oder AUS, wie in „JSON EIN“");
	expect_not_in(b, "takes ON");
	expect_not_in(b, "OFF");
	free(b);
}

/* A column of the seat's row, as text. */
static char *
seat_col(struct fx_env *e, int seat, const char *col)
{
	char *sql, *s = NULL;
	sqlite3_stmt *st;

	xasprintf(&sql, "SELECT %s FROM seats WHERE idx = ?", col);
	st = ledger_prep(&e->f.l, sql);
	sqlite3_bind_int(st, 1, seat);
	if (sqlite3_step(st) == SQLITE_ROW)
		s = xstrdup(col_text(st, 0));
	sqlite3_finalize(st);
	free(sql);
	return s;
}

static void
expect_col(struct fx_env *e, int seat, const char *col, const char *want)
{
	char *s = seat_col(e, seat, col);

	assert_non_null(s);
	assert_string_equal(s, want);
	free(s);
}

/* The arguments of NOTIFY and JSON in the seat's own words: a German seat
 * writes NACHRICHT FÄLLIG or JSON EIN, and the referee's answers name
 * those words, never the English ones (which still work). */
static void
test_notify_and_json_in_german_words(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 0, "LANGUAGE de\n");
	send_as(e, 0, "NACHRICHT FÄLLIG\n");
	expect_col(e, 0, "notify", "due");
	b = fx_last_mail(&e->f, "ack", addr[0]);
	expect_in(b, "von nun an bekommst du einen Bericht, wenn eine Entscheidung von dir "
	    "fällig ist");
	free(b);
	send_as(e, 0, "nachricht taeglich\n");
	expect_col(e, 0, "notify", "digest");
	send_as(e, 0, "NACHRICHT IMMER\n");
	expect_col(e, 0, "notify", "every");
	send_as(e, 0, "NACHRICHT jeder\n");
	expect_col(e, 0, "notify", "every");
	send_as(e, 0, "NACHRICHT due\n");
	expect_col(e, 0, "notify", "due");

	send_as(e, 0, "JSON EIN\n");
	expect_col(e, 0, "json", "1");
	b = fx_last_mail(&e->f, "ack", addr[0]);
	expect_in(b, "von nun an enthalten deine Berichte deine Sicht als JSON im "
	    "Anhang view.json");
	free(b);
	send_as(e, 0, "json aus\n");
	expect_col(e, 0, "json", "0");
	b = fx_last_mail(&e->f, "ack", addr[0]);
	expect_in(b, "von nun an enthalten deine Berichte kein JSON");
	free(b);
	send_as(e, 0, "JSON ON\n");
	expect_col(e, 0, "json", "1");

	send_as(e, 0, "NACHRICHT sometimes\n");
	expect_col(e, 0, "notify", "due");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "NACHRICHT erwartet IMMER (ein Bericht nach jedem Schritt), FÄLLIG (wenn "
	    "du etwas entscheiden musst) oder TÄGLICH (höchstens ein Bericht am Tag), wie "
	    "in „NACHRICHT FÄLLIG“");
	expect_not_in(b, "every");
	expect_not_in(b, "digest");
	free(b);
}

/* The same in Spanish: AVISOS DIARIO, JSON SÍ, and the refusals. */
static void
test_notify_and_json_in_spanish_words(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 1, "LANGUAGE es\n");
	send_as(e, 1, "AVISOS DIARIO\n");
	expect_col(e, 1, "notify", "digest");
	b = fx_last_mail(&e->f, "ack", addr[1]);
	expect_in(b, "IDIOMA es");
	expect_in(b, "desde ahora recibes como mucho un informe al día");
	free(b);
	send_as(e, 1, "avisos turno\n");
	expect_col(e, 1, "notify", "due");
	send_as(e, 1, "JSON activado\n");
	expect_col(e, 1, "json", "1");
	send_as(e, 1, "JSON DESACTIVADO\n");
	expect_col(e, 1, "json", "0");
	b = fx_last_mail(&e->f, "ack", addr[1]);
	expect_in(b, "a partir de ahora tus informes no llevan JSON");
	free(b);

	expect_answer(e, 1, "AVISOS a veces\n", "error", "AVISOS lleva SIEMPRE (un informe "
	    "tras cada paso), TURNO (cuando tengas que decidir algo) o DIARIO (como mucho un "
	    "informe al día), como en «AVISOS TURNO»", NULL);
	expect_answer(e, 1, "JSON quizá\n", "error", "JSON lleva SÍ (tus informes llevan tu "
	    "vista como view.json) o NO, como en «JSON SÍ»", "OFF");
	/* What the referee writes agrees with IMÁGENES (feminine, plural). */
	expect_answer(e, 1, "IMÁGENES quizá\n", "error", "IMÁGENES lleva SÍ (tus informes "
	    "muestran el tablero como imagen) o NO (solo texto, un correo mucho más "
	    "pequeño), como en «IMÁGENES NO»", NULL);
	send_as(e, 1, "IMÁGENES NO\n");
	expect_col(e, 1, "pictures", "0");
}

/* The French refusals name OUI and NON, never the participles of old
 * (DÉSACTIVÉ agrees with neither IMAGES nor ANALYSE), and the words they
 * name are read back. */
static void
test_mode_refusals_in_french_words(void **state)
{
	struct fx_env *e = *state;

	send_as(e, 1, "LANGUAGE fr\n");
	expect_answer(e, 1, "IMAGES peut-être\n", "error", "IMAGES prend OUI (vos rapports "
	    "montrent le plateau en image) ou NON (texte seul, un courriel bien plus léger), "
	    "comme dans « IMAGES NON »", "ACTIVÉ");
	expect_answer(e, 1, "JSON peut-être\n", "error", "JSON prend OUI (vos rapports "
	    "portent votre vue en view.json) ou NON, comme dans « JSON OUI »", "ACTIVÉ");
	send_as(e, 1, "IMAGES NON\n");
	expect_col(e, 1, "pictures", "0");
	send_as(e, 1, "JSON OUI\n");
	expect_col(e, 1, "json", "1");
}

/* ordertr reads any word of a line that is an order word: the words of
 * NOTIFY and JSON must be read as those in every game, no game's own word
 * taking them, and the game's words must stay theirs. */
static void
test_mode_words_in_every_game(void **state)
{
	static const char *const games[] = { "buqruru", "targi", "targui" };
	static const struct {
		const char *lang, *line, *want;
	} v[] = {
		{ "de", "NACHRICHT IMMER", "NOTIFY every" },
		{ "de", "NACHRICHT JEDES", "NOTIFY every" },
		{ "de", "NACHRICHT FÄLLIG", "NOTIFY due" },
		{ "de", "NACHRICHT Faellig", "NOTIFY due" },
		{ "de", "NACHRICHT TÄGLICH", "NOTIFY digest" },
		{ "de", "JSON EIN", "JSON ON" },
		{ "de", "JSON AUS", "JSON OFF" },
		{ "de", "PRESSE AN ALLE", "PRESS TO ALL" },
		{ "es", "AVISOS SIEMPRE", "NOTIFY every" },
		{ "es", "AVISOS CADA", "NOTIFY every" },
		{ "es", "AVISOS TURNO", "NOTIFY due" },
		{ "es", "AVISOS PENDIENTE", "NOTIFY due" },
		{ "es", "AVISOS DIARIO", "NOTIFY digest" },
		{ "es", "JSON ACTIVADO", "JSON ON" },
		{ "es", "JSON DESACTIVADO", "JSON OFF" },
		/* Yes and no agree with any word; a participle agreeing with
		 * IMÁGENES (feminine, plural) is read too. */
		{ "es", "IMÁGENES NO", "PICTURES OFF" },
		{ "es", "imagenes si", "PICTURES ON" },
		{ "es", "IMÁGENES DESACTIVADAS", "PICTURES OFF" },
		{ "es", "ANÁLISIS SÍ", "ANALYSIS ON" },
		{ "es", "PRENSA PARA TODOS", "PRESS TO ALL" },
		{ "fr", "AVIS TOUJOURS", "NOTIFY every" },
		{ "fr", "AVIS CHAQUE", "NOTIFY every" },
		{ "fr", "AVIS TOUR", "NOTIFY due" },
		{ "fr", "AVIS QUOTIDIEN", "NOTIFY digest" },
		{ "fr", "AVIS résumé", "NOTIFY digest" },
		{ "fr", "JSON ACTIVÉ", "JSON ON" },
		{ "fr", "JSON desactive", "JSON OFF" },
		{ "fr", "IMAGES NON", "PICTURES OFF" },
		{ "fr", "images désactivées", "PICTURES OFF" },
		{ "fr", "ANALYSE oui", "ANALYSIS ON" },
		{ "fr", "ANALYSE ACTIVÉE", "ANALYSIS ON" },
		{ "fr", "PRESSE POUR TOUS", "PRESS TO ALL" },
	};
	char out[128];

	(void)state;
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
			ordertr_to_english(v[i].lang, games[g], v[i].line, out, sizeof out);
			if (strcmp(out, v[i].want) != 0)
				fail_msg("%s %s: \"%s\" read as \"%s\", not \"%s\"", games[g],
				    v[i].lang, v[i].line, out, v[i].want);
		}
	/* The game words next to them keep their meaning. */
	ordertr_to_english("de", "buqruru", "SÄEN 3", out, sizeof out);
	assert_string_equal(out, "SOW 3");
	ordertr_to_english("es", "targi", "TOMA 3", out, sizeof out);
	assert_string_equal(out, "TAKE 3");
	/* Bytes that are not UTF-8 pass through unread (fuzz_orderblock
	 * found GLib's normalizer freeing a stray pointer on these). */
	ordertr_to_english("de", "buqruru", "S\xc2\xf8\xf8\xf8 3", out, sizeof out);
	assert_string_equal(out, "S\xc2\xf8\xf8\xf8 3");
	ordertr_to_english("de", "buqruru", "S\xc3\x84" "EN\xef", out, sizeof out);
	assert_string_equal(out, "S\xc3\x84" "EN\xef");
}

/* A language azalai does not speak is refused, in the language the reader
 * reads now: English first, then German. */
static void
test_bad_language_refused_in_current_language(void **state)
{
	struct fx_env *e = *state;
	char *b, *l;

	send_as(e, 0, "LANGUAGE klingon\n");
	l = lang_of(e, 0);
	assert_string_equal(l, "");
	free(l);
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "language \"klingon\" is not one azalai speaks: write en (English), "
	    "de (Deutsch), es (español) or fr (français)");
	free(b);
	send_as(e, 0, "LANGUAGE\n");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "LANGUAGE takes the language you read");
	free(b);

	send_as(e, 0, "LANGUAGE de\n");
	send_as(e, 0, "LANGUAGE xx\n");
	l = lang_of(e, 0);
	assert_string_equal(l, "de");
	free(l);
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "SPRACHE de");
	expect_in(b, "die Sprache „xx“ spricht azalai nicht: schreib en (English), "
	    "de (Deutsch), es (español) oder fr (français)");
	expect_not_in(b, "is not one azalai speaks");
	free(b);
}

/* The referee's refusals reach a German reader in German: a line after a
 * rejected one, an ENDPRESS alone, and a whole mail refused for its STEP. */
static void
test_refusal_reaches_german_reader_in_german(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 0, "LANGUAGE de\n");
	send_as(e, 0, "ENDPRESS\nSOW 1\n");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "SPRACHE de");
	expect_in(b, "Zeile 4: ENDPRESS: PRESSEENDE beendet eine Nachricht; davor steht keine "
	    "Zeile „PRESSE AN“");
	expect_in(b, "Zeile 5: SOW 1: nicht ausgeführt: eine frühere Zeile wurde abgelehnt");
	expect_not_in(b, "an earlier line");
	free(b);

	send_as(e, 0, "STEP 99\nSOW 1\n");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "Abgewiesen: SCHRITT 99: Spiel bq-1 ist bei Schritt");
	expect_in(b, "nicht ausgeführt: SCHRITT 99 (siehe oben)");
	expect_not_in(b, "copy the STEP");
	free(b);
}

/* A German seat writes press with the German press words (the English ones
 * still work), and a refused press line names them in German. */
static void
test_press_in_german_words(void **state)
{
	struct fx_env *e = *state;
	char *b;

	send_as(e, 0, "LANGUAGE de\n");
	send_as(e, 0, "PRESSE AN south\nGruss aus dem Norden.\nPRESSEENDE\n");
	b = fx_last_mail(&e->f, "press", addr[1]);
	expect_in(b, "\nGruss aus dem Norden.\n");
	expect_not_in(b, "PRESSEENDE");
	free(b);
	send_as(e, 0, "press to ALLE\nNoch einmal.\nendpress\n");
	b = fx_last_mail(&e->f, "press", addr[1]);
	expect_in(b, "\nNoch einmal.\n");
	expect_not_in(b, "endpress");
	free(b);

	send_as(e, 0, "PRESSE AN\nAn wen?\nPRESSEENDE\n");
	b = fx_last_mail(&e->f, "error", addr[0]);
	expect_in(b, "PRESSE AN nennt die Plätze, an die sie geht (von south), oder ALLE");
	expect_not_in(b, "PRESS TO");
	free(b);
}

/* Two seats of one game read two languages: each mail of a step is in its
 * own reader's language, none mixes them. */
static void
test_two_seats_two_languages(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2];
	long long before;
	int seat;

	send_as(e, 0, "LANGUAGE de\n");
	before = fx_count(&e->f, "SELECT MAX(id) FROM outbox");
	for (int i = 0; i < 6; i++) {
		seat = waited(e, order, sizeof order);
		send_as(e, seat, order);
	}
	{
		sqlite3_stmt *st = ledger_prep(&e->f.l, "SELECT to_addr, kind, body FROM outbox "
		    "WHERE id > ?");
		int de = 0, en = 0;

		sqlite3_bind_int64(st, 1, before);
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *to = col_text(st, 0), *body = col_text(st, 2);

			if (strcmp(to, addr[0]) == 0) {
				expect_in(body, "SPRACHE de");
				expect_not_in(body, "Line by line");
				de++;
			} else {
				expect_not_in(body, "SPRACHE");
				en++;
			}
		}
		sqlite3_finalize(st);
		assert_true(de >= 3);
		assert_true(en >= 3);
	}
}

/* The game master sets a seat's language; a language azalai does not
 * speak is refused with the languages it does. */
static void
test_game_master_sets_language(void **state)
{
	struct fx_env *e = *state;
	struct diag d;
	char *l;

	diag_clear(&d);
	assert_int_equal(people_language(&e->f.l, &e->p, 1, "FR", &d), 0);
	assert_string_equal(e->p.g.seats[1].language, "fr");
	l = lang_of(e, 1);
	assert_string_equal(l, "fr");
	free(l);
	assert_int_equal(people_language(&e->f.l, &e->p, 1, "nl", &d), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "language \"nl\" is not one azalai speaks"));
	l = lang_of(e, 1);
	assert_string_equal(l, "fr");
	free(l);
}

/* An observer chooses its language when it watches, and may choose again;
 * its reports come in it, a seat's in the seat's. */
static void
test_watcher_language(void **state)
{
	struct fx_env *e = *state;
	char order[ORDER_TEXT + 2], *b;
	struct diag d;
	int seat;

	diag_clear(&d);
	assert_int_equal(people_watch(&e->f.l, &e->f.cfg, &e->p, "fan@example.org", "xx",
	    "2026-11-21T10:00:00Z", &d), PEOPLE_REFUSED);
	assert_non_null(strstr(d.msg, "is not one azalai speaks"));
	assert_int_equal(people_watch(&e->f.l, &e->f.cfg, &e->p, "fan@example.org", "de",
	    "2026-11-21T10:00:00Z", &d), 0);
	b = fx_last_mail(&e->f, "watch", "fan@example.org");
	expect_in(b, "SPRACHE de");
	free(b);
	seat = waited(e, order, sizeof order);
	send_as(e, seat, order);
	b = fx_last_mail(&e->f, "observer", "fan@example.org");
	expect_in(b, "SPRACHE de");
	free(b);
	/* Watching again with a language changes it: English from now on. */
	assert_int_equal(people_watch(&e->f.l, &e->f.cfg, &e->p, "FAN@example.org", "en",
	    "2026-11-21T10:00:00Z", &d), 0);
	assert_int_equal(fx_count(&e->f, "SELECT COUNT(*) FROM watchers WHERE language = 'en'"),
	    1);
	seat = waited(e, order, sizeof order);
	send_as(e, seat, order);
	b = fx_last_mail(&e->f, "observer", "fan@example.org");
	expect_not_in(b, "SPRACHE");
	free(b);
}

/* Dates in each reader's conventions, names and order from the catalogs. */
static void
test_dates_per_language(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Mon 30 Nov 2026 18:00 CET" },
		{ "de", "Montag, 30. November 2026, 18:00 CET" },
		{ "es", "lunes, 30 de noviembre de 2026, 18:00 CET" },
		{ "fr", "lundi 30 novembre 2026, 18:00 CET" },
	};
	struct campaign c;
	char when[CAMPAIGN_DATE];
	unsigned long missing = msg_missing();

	(void)state;
	campaign_defaults(&c);
	snprintf(c.timezone, sizeof c.timezone, "Europe/Berlin");
	campaign_date(&c, 1796058000, when, sizeof when);	/* 2026-11-30T17:00:00Z */
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char *s = msg_text(want[i][0], when);

		assert_string_equal(s, want[i][1]);
		free(s);
	}
	assert_int_equal(msg_missing(), missing);
	/* In summer the zone says so, and a one-digit day stands alone. */
	campaign_date(&c, 1780333200, when, sizeof when);	/* 2026-06-01T17:00:00Z */
	{
		char *s = msg_text("de", when);

		assert_string_equal(s, "Montag, 1. Juni 2026, 19:00 CEST");
		free(s);
	}
}

/* With the real Targi catalogs and German report: one seat of a Targi game
 * reads German, the other English; the German report tells the step in
 * the German rulebook's words, the English one in English. */
static void
test_targi_seats_in_two_languages(void **state)
{
	struct fx_env *e;
	char order[ORDER_TEXT + 2], *de, *en;
	struct diag d;
	int seat, other;

	(void)state;
	fx_env_setup((void **)&e, "targi", "ta-1", 0, 0);
	diag_clear(&d);
	if (campaign_set(&e->f.l, e->p.g.id, "notify", "every", &d) < 0)
		fail_msg("%s", d.msg);
	seat = waited(e, order, sizeof order);
	other = 1 - seat;
	assert_int_equal(people_language(&e->f.l, &e->p, other, "de", &d), 0);
	send_as(e, seat, order);
	de = fx_last_mail(&e->f, "report", other == 0 ? "n@example.org" : "s@example.org");
	en = fx_last_mail(&e->f, "ack", seat == 0 ? "n@example.org" : "s@example.org");
	expect_in(de, "WAS GESCHAH");
	expect_not_in(de, "WHAT HAPPENED");
	expect_in(en, "WHAT HAPPENED");
	expect_not_in(en, "WAS GESCHAH");
	free(de);
	free(en);
	fx_env_teardown((void **)&e);
}

/* A campaign file gives a seat and an observer their languages. */
static void
test_campaign_file_language(void **state)
{
	struct fx_env *e = *state;
	struct campaign_file *cf = xcalloc(1, sizeof *cf);
	char path[400];
	struct diag d;

	snprintf(path, sizeof path, "%s/c.yaml", e->f.dir);
	write_file(path, "game: buqruru\nseats:\n  - name: anna\n    address: a@example.org\n"
	    "    language: de\n  - name: ben\n    address: b@example.org\nwatchers:\n"
	    "  - address: fan@example.org\n    language: fr\n  - x@example.org\n");
	diag_clear(&d);
	if (campaign_file_load(path, cf, &d) < 0)
		fail_msg("%s", d.msg);
	assert_string_equal(cf->seat_language[0], "de");
	assert_string_equal(cf->seat_language[1], "");
	assert_int_equal(cf->nwatchers, 2);
	assert_string_equal(cf->watcher[0], "fan@example.org");
	assert_string_equal(cf->watcher_language[0], "fr");
	assert_string_equal(cf->watcher_language[1], "");
	free(cf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_language_line_switches_and_acks_in_new_language,
		    setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_bad_language_refused_in_current_language,
		    setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_json_line_in_german, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_notify_and_json_in_german_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_notify_and_json_in_spanish_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_mode_refusals_in_french_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_mode_words_in_every_game, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_refusal_reaches_german_reader_in_german,
		    setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_press_in_german_words, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_two_seats_two_languages, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_game_master_sets_language, setup,
		    fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_watcher_language, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_dates_per_language, setup, fx_env_teardown),
		cmocka_unit_test_setup_teardown(test_campaign_file_language, setup,
		    fx_env_teardown),
		cmocka_unit_test(test_targi_seats_in_two_languages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
