#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lang/catalog.h"
#include "lang/lang.h"
#include "ledger/seats.h"

int
lang_word(const char *word, char out[LANG_LEN], struct diag *d)
{
	char w[LANG_LEN];
	size_t i;

	for (i = 0; word[i] != '\0' && i + 1 < sizeof w; i++)
		w[i] = (char)tolower((unsigned char)word[i]);
	w[i] = '\0';
	for (i = 0; catalog_languages[i] != NULL; i++)
		if (strcmp(catalog_languages[i], w) == 0)
			break;
	if (word[0] == '\0' || catalog_languages[i] == NULL) {
		/* The word as written, cut short: it may be anything a player sent. */
		return diag_set(d, 0, "language \"%.20s\" is not one azalai speaks: write en "
		    "(English), de (Deutsch), es (español) or fr (français)", word);
	}
	if (out != NULL)
		snprintf(out, LANG_LEN, "%s", w);
	return 0;
}

int
lang_parse(const char *word, char out[LANG_LEN], struct diag *d)
{
	char w[LANG_LEN];

	if (lang_word(word, w, d) < 0 || catalog_use(w, d) < 0)
		return -1;
	if (out != NULL)
		snprintf(out, LANG_LEN, "%s", w);
	return 0;
}

const char *
lang_seat(const struct config *c, const struct play *p, int seat)
{
	const char *own = seat >= 0 ? p->g.seats[seat].language : "";

	return own[0] != '\0' ? own : c->language;
}

const char *
lang_watcher(struct ledger *l, const struct config *c, int64_t game, const char *address,
    char out[LANG_LEN])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT language FROM watchers WHERE game_id = ? "
	    "AND address = ? COLLATE NOCASE");

	out[0] = '\0';
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(out, LANG_LEN, "%s", col_text(st, 0));
	ledger_release(l, st);
	if (out[0] == '\0')
		snprintf(out, LANG_LEN, "%s", c->language);
	return out;
}

int
lang_set_seat(struct ledger *l, struct play *p, int seat, const char *lang,
    struct diag *d)
{
	if (seat_set_language(l, p->g.id, seat, lang, d) < 0)
		return -1;
	snprintf(p->g.seats[seat].language, sizeof p->g.seats[seat].language, "%s", lang);
	return 0;
}
