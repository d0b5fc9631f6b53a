#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "lang/wordlang.h"
#include "mail/outbox.h"
#include "referee/press.h"
#include "referee/tolerant.h"

/* Whether a line is one a player meant as an order: an order word of the
 * game or a line-opening common word in any language; a number first (a
 * reply by number); or a slip of the pen from an order word. A slip is
 * taken only in a long word ("DICSARD"): "Best" is a letter from German
 * REST and must stay a farewell. A short line with a number in it ("SWO 3",
 * "XYZ 12") is an order however it is spelled: a signature hardly is one,
 * and a slip must be refused, not skipped. */
static int
meant_as_order(const char *game, const char *line)
{
	int words = 0, digit = 0;

	if ((line[0] >= '0' && line[0] <= '9') || wordlang_near(game, line, 6) != 0)
		return 1;
	for (const char *s = line; *s != '\0'; s++) {
		digit |= *s >= '0' && *s <= '9';
		words += *s != ' ' && (s == line || s[-1] == ' ');
	}
	return digit && words <= 3;
}

void
tolerant_mark(struct orderblock *ob, const char *game)
{
	size_t first = ob->nlines, last = 0, i;

	for (i = 0; i < ob->nlines; i++) {
		size_t start = i;

		/* A press is the writer's own words from PRESS TO to ENDPRESS. */
		if (press_starts(ob->lines[i].text))
			press_skip(ob, &i);
		else if (!meant_as_order(game, ob->lines[i].text))
			continue;
		if (first == ob->nlines)
			first = start;
		last = i;
	}
	if (first == ob->nlines)
		return;
	for (i = 0; i < first; i++)
		ob->lines[i].aside = OLINE_GREETING;
	for (i = last + 1; i < ob->nlines; i++)
		ob->lines[i].aside = OLINE_SIGNATURE;
}

static int
seat_of(struct ledger *l, const struct config *c, const char *id, size_t len, char game[64],
    char seat[32], char rules[32], char lang[LANG_LEN])
{
	struct outbox_mail o;
	char mid[256];
	sqlite3_stmt *st;

	if (len == 0 || len >= sizeof mid)
		return 0;
	memcpy(mid, id, len);
	mid[len] = '\0';
	if (outbox_find(l, mid, &o) != 1 || o.game_id <= 0 || o.seat < 0 || o.game[0] == '\0')
		return 0;
	snprintf(game, 64, "%s", o.game);
	snprintf(seat, 32, "%s", o.seat_name);
	st = ledger_stmt(l, "SELECT s.language, g.rules FROM seats s JOIN games g ON "
	    "g.id = s.game_id WHERE s.game_id = ? AND s.idx = ?");
	sqlite3_bind_int64(st, 1, o.game_id);
	sqlite3_bind_int(st, 2, o.seat);
	if (sqlite3_step(st) != SQLITE_ROW) {
		ledger_release(l, st);
		return 0;
	}
	snprintf(lang, LANG_LEN, "%s", col_text(st, 0)[0] != '\0' ? col_text(st, 0) :
	    c->language);
	snprintf(rules, 32, "%s", col_text(st, 1));
	ledger_release(l, st);
	return 1;
}

int
tolerant_thread(struct ledger *l, const struct config *c, const char *in_reply_to,
    const char *refs, char game[64], char seat[32], char rules[32], char lang[LANG_LEN])
{
	const char *p, *end, *open = NULL;
	int found = 0;

	if (in_reply_to != NULL && seat_of(l, c, in_reply_to, strlen(in_reply_to), game, seat, rules, lang))
		return 1;
	/* References lists the thread oldest first: the newest of ours wins. */
	for (p = refs != NULL ? refs : ""; (open = strchr(p, '<')) != NULL; p = end + 1) {
		if ((end = strchr(open + 1, '>')) == NULL)
			break;
		found |= seat_of(l, c, open + 1, (size_t)(end - open - 1), game, seat, rules,
		    lang);
	}
	return found;
}

const char *
tolerant_lang(const char *text)
{
	const char *line = text, *nl, *lang;
	char buf[256];
	size_t n;

	for (; line != NULL && *line != '\0'; line = nl != NULL ? nl + 1 : NULL) {
		line += strspn(line, " \t");
		nl = strchr(line, '\n');
		n = nl != NULL ? (size_t)(nl - line) : strlen(line);
		if (*line == '>' || n >= sizeof buf)
			continue;
		snprintf(buf, sizeof buf, "%.*s", (int)n, line);
		for (int g = -1; g < 0 || game_table[g] != NULL; g++) {
			lang = wordlang_of(g < 0 ? NULL : game_table[g]->name, buf);
			if (lang != NULL && strcmp(lang, "en") != 0)
				return lang;
			if (lang != NULL)
				break;
		}
	}
	return NULL;
}
