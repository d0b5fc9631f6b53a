/* libFuzzer target: the words of an order mail as the referee reads them
 * before any engine does: every line through ordertr_to_english (the
 * player's words made the English the ledger keeps) and ordertr_to_lang,
 * the body through tolerant_lang (the language mail no token proved is
 * answered in) and its order block through tolerant_mark (greeting and
 * signature set aside). Any stranger's mail reaches all of them.
 *
 * Input: byte 0 picks the game (bits 0-1: buqruru, targi, targui, none)
 * and the language (bits 2-3); byte 1 the size of a small output buffer,
 * so the cut path is met too; the rest is the body.
 *
 * Aborts when a translation overruns or leaves its buffer unterminated,
 * returns what ordertr.h does not promise, says 0 (unchanged) for a text
 * it changed, or makes valid UTF-8 invalid; when tolerant_lang names
 * English or no language azalai ships; when tolerant_mark sets aside a
 * line between two orders, or a line that is an order word of the game in
 * some language, a slip from one, a number first or a press (tolerant.h:
 * those are orders). The catalogs come from FUZZ_DATADIR (the
 * source tree), read once. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "core/diag.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "games/game.h"
#include "lang/catalog.h"
#include "lang/ordertr.h"
#include "lang/wordlang.h"
#include "mail/orderblock.h"
#include "referee/press.h"
#include "referee/tolerant.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR "."
#endif

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const games[] = { "buqruru", "targi", "targui", "" };
static const char *const langs[] = { "en", "de", "es", "fr" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct diag d;

	(void)argc;
	(void)argv;
	diag_clear(&d);
	catalog_init(FUZZ_DATADIR);
	msg_use_catalog(&catalog_msg);
	if (games_load(FUZZ_DATADIR, &d) != 0) {
		fprintf(stderr, "fuzz_ordertr: %s\n", d.msg);
		exit(1);
	}
	return 0;
}

/* out (n bytes, a guard byte 0x5a after them) as ordertr.h promises it
 * for line. */
static void
check_tr(int rc, const char *line, const char *out, size_t n)
{
	size_t len = strnlen(out, n);

	if (len == n || (unsigned char)out[n] != 0x5a)
		abort();
	if (rc < -1 || rc > 1)
		abort();
	if (rc == 0 && strcmp(out, line) != 0)
		abort();
	if (rc >= 0 && g_utf8_validate(line, -1, NULL) && !g_utf8_validate(out, -1, NULL))
		abort();
}

static void
translate(const char *lang, const char *game, const char *line, size_t small)
{
	char big[4 * ORDERBLOCK_MAX_LINE + 1], *tiny = xmalloc(small + 1);

	big[sizeof big - 1] = 0x5a;
	check_tr(ordertr_to_english(lang, game, line, big, sizeof big - 1), line, big,
	    sizeof big - 1);
	check_tr(ordertr_to_lang(lang, game, line, big, sizeof big - 1), line, big,
	    sizeof big - 1);
	tiny[small] = 0x5a;
	check_tr(ordertr_to_english(lang, game, line, tiny, small), line, tiny, small);
	check_tr(ordertr_to_lang(lang, game, line, tiny, small), line, tiny, small);
	free(tiny);
}

static void
check_lang(const char *lang)
{
	int i;

	if (lang == NULL)
		return;
	for (i = 0; catalog_languages[i] != NULL; i++)
		if (strcmp(catalog_languages[i], lang) == 0)
			break;
	if (catalog_languages[i] == NULL || strcmp(lang, "en") == 0)
		abort();
}

/* Greetings first, then the orders, then signatures: no line set aside
 * between two order lines, none that reads as an order. */
static void
check_marks(const struct orderblock *ob, const char *game)
{
	int phase = OLINE_GREETING;

	for (size_t i = 0; i < ob->nlines; i++) {
		const char *t = ob->lines[i].text;
		int a = ob->lines[i].aside;

		if (a != OLINE_ORDER && ((t[0] >= '0' && t[0] <= '9') || press_starts(t) ||
		    wordlang_near(game, t, 6) != 0))
			abort();

		if (a != OLINE_ORDER && a != OLINE_GREETING && a != OLINE_SIGNATURE)
			abort();
		if (a == OLINE_GREETING && phase != OLINE_GREETING)
			abort();
		if (a == OLINE_ORDER && phase == OLINE_SIGNATURE)
			abort();
		if (a != OLINE_GREETING)
			phase = a;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *game, *lang;
	struct orderblock ob;
	struct diag d;
	char *text, *line, *nl;
	size_t small;

	if (size < 2)
		return 0;
	game = games[data[0] & 3];
	lang = langs[(data[0] >> 2) & 3];
	small = 1 + data[1] % 32;
	text = xmalloc(size - 1);
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	check_lang(tolerant_lang(text));
	for (line = text; line != NULL; line = nl != NULL ? nl + 1 : NULL) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl = '\0';
		if (strlen(line) <= ORDERBLOCK_MAX_LINE)
			translate(lang, game, line, small);
		if (nl != NULL)
			*nl = '\n';
	}
	diag_clear(&d);
	memset(&ob, 0, sizeof ob);
	if (orderblock_parse(text, &ob, &d) == 0 && game[0] != '\0') {
		tolerant_mark(&ob, game);
		check_marks(&ob, game);
	}
	orderblock_free(&ob);
	free(text);
	return 0;
}
