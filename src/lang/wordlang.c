#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "lang/catalog.h"
#include "lang/wordlang.h"

/* The common words that open a line; the others (every, due, ON, TO, ALL...)
 * are arguments, and "All the best" is no order. */
static const char *const openers[] = {
	"GAME", "SEAT", "TOKEN", "STEP", "CONFIRM", "HELP", "STATUS", "REPORT",
	"HISTORY", "LEGAL", "NOTIFY", "LANGUAGE", "JSON", "PRESS", "ENDPRESS", NULL
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
	char *lower = g_utf8_strdown(s, (gssize)len);
	char *ascii = g_str_to_ascii(lower, "C");
	char *r = xstrdup(ascii);

	g_free(lower);
	g_free(ascii);
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

struct filling {
	struct wordset *ws;
	const char *lang;
	int common;
};

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
entry(const char *msgid, const char *msgstr, void *arg)
{
	struct filling *f = arg;
	char **alt;

	if (f->common && !opener(msgid))
		return;
	add(f->ws, msgid, strcspn(msgid, " "), "en");
	alt = g_strsplit(msgstr, "|", -1);
	for (int i = 0; alt[i] != NULL; i++)
		add(f->ws, alt[i], strcspn(alt[i], " "), f->lang);
	g_strfreev(alt);
}

static const struct wordset *
set_of(const char *game)
{
	struct filling f;
	char ctx[64];

	if (game == NULL)
		game = "";
	for (size_t i = 0; i < nsets; i++)
		if (strcmp(sets[i].game, game) == 0)
			return &sets[i];
	sets = xreallocarray(sets, nsets + 1, sizeof *sets);
	memset(&sets[nsets], 0, sizeof sets[nsets]);
	snprintf(sets[nsets].game, sizeof sets[nsets].game, "%s", game);
	f.ws = &sets[nsets];
	/* English first: an English keyword says nothing of its writer's
	 * language, whatever language spells a word like it. */
	for (int i = 0; openers[i] != NULL; i++)
		add(f.ws, openers[i], strlen(openers[i]), "en");
	for (int i = 0; catalog_languages[i] != NULL; i++) {
		f.lang = catalog_languages[i];
		if (game[0] != '\0') {
			f.common = 0;
			snprintf(ctx, sizeof ctx, "order.%s", game);
			catalog_each(f.lang, ctx, entry, &f);
		}
		f.common = 1;
		catalog_each(f.lang, "order.common", entry, &f);
	}
	/* English entries of every language first, then the languages. */
	for (size_t a = 0, b; a < f.ws->n; a++)
		if (strcmp(f.ws->v[a].lang, "en") != 0)
			for (b = a + 1; b < f.ws->n; b++)
				if (strcmp(f.ws->v[b].lang, "en") == 0) {
					struct known t = f.ws->v[a];

					f.ws->v[a] = f.ws->v[b];
					f.ws->v[b] = t;
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

/* Whether a and b are one edit apart, a swap of neighbours counting as
 * one. */
static int
one_edit(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i = 0;

	if (la > lb + 1 || lb > la + 1)
		return 0;
	while (i < la && i < lb && a[i] == b[i])
		i++;
	if (la == lb)
		return i < la && (strcmp(a + i + 1, b + i + 1) == 0 ||
		    (i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] &&
		    strcmp(a + i + 2, b + i + 2) == 0));
	return la > lb ? strcmp(a + i + 1, b + i) == 0 : strcmp(a + i, b + i + 1) == 0;
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
		    one_edit(w, ws->v[i].word))
			r = 1;
	free(w);
	return r;
}
