#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "lang/spelling.h"
#include "lang/wordlang.h"

/* The common words that open a line; the others (every, due, ON, TO, ALL...)
 * are arguments, and "All the best" is no order. */
static const char *const openers[] = {
	"GAME", "SEAT", "TOKEN", "STEP", "CONFIRM", "HELP", "STATUS", "REPORT",
	"HISTORY", "LEGAL", "NOTIFY", "LANGUAGE", "JSON", "PICTURES", "TIMEZONE",
	"CALENDAR", "ANALYSIS", "PRESS", "ENDPRESS", NULL
};

struct known {
	char *word;          /* folded to lower-case ASCII */
	const char *lang;
};

/* The words of one game (or "" for the common ones alone), read once. */
struct wordset {
	char game[32];
	struct known *v;
	size_t n, cap;
};

static struct wordset *sets;
static size_t nsets;

/* Lower case without accents: "Säen" and "SAEN" are both read as "saen" by
 * the catalogs' second spelling, "säen" as "saen" here. */
static char *
fold(const char *s, size_t len)
{
	char *w = g_strndup(s, len), *r = spelling_fold(w, 0);

	g_free(w);
	return r;
}

static void
add(struct wordset *ws, const char *w, size_t len, const char *lang)
{
	if (len == 0)
		return;
	if (ws->n == ws->cap) {
		ws->cap = ws->cap ? ws->cap * 2 : 64;
		ws->v = xreallocarray(ws->v, ws->cap, sizeof *ws->v);
	}
	ws->v[ws->n].word = fold(w, len);
	ws->v[ws->n++].lang = lang;
}

static int
opener(const char *msgid)
{
	for (int i = 0; openers[i] != NULL; i++)
		if (strcmp(openers[i], msgid) == 0)
			return 1;
	return 0;
}

/* Each alternative's first word: a phrase is recognized by how it opens. */
static void
entry(const char *en, char *const *alt, const char *lang, int common, void *arg)
{
	struct wordset *ws = arg;

	if (common && !opener(en))
		return;
	add(ws, en, strcspn(en, " "), "en");
	for (int i = 0; alt[i] != NULL; i++)
		add(ws, alt[i], strcspn(alt[i], " "), lang);
}

static const struct wordset *
set_of(const char *game)
{
	struct wordset *ws;

	if (game == NULL)
		game = "";
	for (size_t i = 0; i < nsets; i++)
		if (strcmp(sets[i].game, game) == 0)
			return &sets[i];
	sets = xreallocarray(sets, nsets + 1, sizeof *sets);
	ws = &sets[nsets];
	memset(ws, 0, sizeof *ws);
	snprintf(ws->game, sizeof ws->game, "%s", game);
	/* English first: an English keyword says nothing of its writer's
	 * language, whatever language spells a word like it. */
	for (int i = 0; openers[i] != NULL; i++)
		add(ws, openers[i], strlen(openers[i]), "en");
	spelling_each(game, entry, ws);
	/* English entries of every language first, then the languages. */
	for (size_t a = 0, b; a < ws->n; a++)
		if (strcmp(ws->v[a].lang, "en") != 0)
			for (b = a + 1; b < ws->n; b++)
				if (strcmp(ws->v[b].lang, "en") == 0) {
					struct known t = ws->v[a];

					ws->v[a] = ws->v[b];
					ws->v[b] = t;
					break;
				}
	return &sets[nsets++];
}

static char *
first_word(const char *line)
{
	size_t n;

	line += strspn(line, " \t");
	n = strcspn(line, " \t");
	return n > 0 ? fold(line, n) : NULL;
}

const char *
wordlang_of(const char *game, const char *line)
{
	const struct wordset *ws = set_of(game);
	char *w = first_word(line);
	const char *lang = NULL;

	for (size_t i = 0; w != NULL && i < ws->n && lang == NULL; i++)
		if (strcmp(ws->v[i].word, w) == 0)
			lang = ws->v[i].lang;
	free(w);
	return lang;
}

int
wordlang_near(const char *game, const char *line, size_t shortest)
{
	const struct wordset *ws = set_of(game);
	char *w = first_word(line);
	int r = 0;

	for (size_t i = 0; w != NULL && i < ws->n && r < 2; i++)
		if (strcmp(ws->v[i].word, w) == 0)
			r = 2;
		else if (r == 0 && strlen(w) >= shortest && strlen(ws->v[i].word) >= shortest &&
		    spelling_distance(w, ws->v[i].word) == 1)
			r = 1;
	free(w);
	return r;
}
