/* test_secrets' Targui words: the hidden places of the round's stack
 * (src/games/targui/secrets.c) as a reader of another language reads them.
 * Its own file: targui.h and targi.h name their phases alike.
 *
 * Each English form is the head of a message that says a place: the
 * narrative of a turned card ("Round 2, card 3 of 7: the turn of the Kel
 * Ress") and the report's turn order (" 3. fortune card"). It is found by
 * rendering those messages in English, and its words are then the same
 * message rendered in the reader's language and cut at the same place:
 * after the tribe, before the seat's name or the fortune card's number,
 * which a reader may know. No word of it is written here but the messages'
 * English ids, so a change of words in a catalog changes what is looked for
 * with it, and a change of a message id fails here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targui/targui.h"
#include "core/msg.h"
#include "said_targui.h"

/* The messages that name a place of the stack (round.c, view.c). A turned
 * card's begins with its round, place and stack size; tribe: a tribe (%s)
 * follows, then perhaps a seat (%s). The turn order's has the place and the
 * fortune card's number (%d). */
static const struct {
	const char *fmt;
	int turned, tribe;
} placed[] = {
	{ "Round %d, card %d of %d: the fortune card.", 1, 0 },
	{ "Round %d, card %d of %d: the turn of the %s (%s).", 1, 1 },
	{ "Round %d, card %d of %d: a double turn of the %s (%s).", 1, 1 },
	{ "Round %d, card %d of %d: the %s, who are out of the game.", 1, 1 },
	{ "%d. fortune card %d", 0, 0 },
};

/* placed[i] in lang, up to what it leaves unsaid: the rendering with the
 * last argument (the seat, the fortune card's number) set two ways, as far
 * as both agree, without the spaces and signs at its end. The catalog of
 * lang must have the message. */
static void
placed_text(size_t i, const char *lang, int round, int k, int n, const char *tribe,
    char *out, size_t sz)
{
	char msg[2][512], *t[2];
	unsigned long missing = msg_missing();
	size_t len = 0;

	for (int v = 0; v < 2; v++) {
		if (placed[i].turned)
			msg_fmt(msg[v], sizeof msg[v], placed[i].fmt, round, k, n, tribe,
			    v == 0 ? "\004" : "\005");
		else
			msg_fmt(msg[v], sizeof msg[v], placed[i].fmt, k, v);
		t[v] = msg_text(lang, msg[v]);
	}
	if (msg_missing() != missing)
		fail_msg("said_targui: no %s translation of \"%s\"", lang, placed[i].fmt);
	while (t[0][len] != '\0' && t[0][len] == t[1][len])
		len++;
	while (len > 0 && !isalnum((unsigned char)t[0][len - 1]) &&
	    !((unsigned char)t[0][len - 1] & 0x80))
		len--;
	snprintf(out, sz, "%.*s", (int)len, t[0]);
	free(t[0]);
	free(t[1]);
}

/* The text up to the end of tribe in it (all of it when tribe is NULL). */
static int
up_to(char *text, const char *tribe)
{
	char *at;

	if (tribe == NULL)
		return 1;
	if ((at = strstr(text, tribe)) == NULL)
		return 0;
	at[strlen(tribe)] = '\0';
	return 1;
}

/* Whether en is the English head of placed[i] with these numbers and tribe
 * (NULL: none): then adds its words in lang to out. */
static int
said_placed(size_t i, const char *lang, const char *en, int round, int k, int n,
    const char *tribe, struct secrets *out)
{
	char said[SECRET_TEXT * 2], head[SECRET_TEXT];
	size_t len = strlen(en);

	/* The English form may end in a sign the cut leaves off ("the Kel
	 * Ress,"). */
	while (len > 0 && !isalnum((unsigned char)en[len - 1]))
		len--;
	placed_text(i, "en", round, k, n, tribe, said, sizeof said);
	snprintf(head, sizeof head, "%.*s", (int)len, en);
	if (len == 0 || strncmp(said, head, len) != 0 ||
	    (tribe != NULL && strstr(head, tribe) == NULL))
		return 0;
	placed_text(i, lang, round, k, n, tribe, said, sizeof said);
	if (!up_to(said, tribe))
		fail_msg("said_targui: the %s words of \"%s\" lack the tribe %s: \"%s\"",
		    lang, placed[i].fmt, tribe, said);
	secret_add(out, "%s", said);
	return 1;
}

int
said_targui_stack(const char *lang, const char *en, struct secrets *out)
{
	int hit = 0, place;

	/* The turn order's line of a tribe ("3. Kel Ress") is no message
	 * (view.c): every language reads it in these words. */
	for (int t = 0; t < TU_TRIBES && sscanf(en, "%d", &place) == 1; t++) {
		char line[SECRET_TEXT];

		snprintf(line, sizeof line, "%d. %s", place, tu_tribe_name[t]);
		if (strcmp(line, en) == 0) {
			secret_add(out, "%s", line);
			return 1;
		}
	}

	for (size_t i = 0; i < sizeof placed / sizeof placed[0]; i++) {
		char head[64];
		int round = 0, k = 0, n = 0;

		/* The numbers, read with the message's own words before the
		 * first colon (the turn order's: its place). */
		if (placed[i].turned) {
			snprintf(head, sizeof head, "%.*s", (int)strcspn(placed[i].fmt, ":") + 1,
			    placed[i].fmt);
			if (sscanf(en, head, &round, &k, &n) != 3)
				continue;
		} else if (sscanf(en, "%d", &k) != 1)
			continue;
		if (!placed[i].tribe)
			hit |= said_placed(i, lang, en, round, k, n, NULL, out);
		else
			for (int t = 0; t < TU_TRIBES; t++)
				if (strstr(en, tu_tribe_name[t]) != NULL)
					hit |= said_placed(i, lang, en, round, k, n,
					    tu_tribe_name[t], out);
	}
	return hit;
}
