/* wordlang: which language a line's first word is an order word of, and
 * whether it is one at all (or a slip of the pen away from one). The
 * tolerant reader (referee/tolerant.h) tells orders from the greetings and
 * signatures around them by it, and answers mail no token proved in the
 * language its words are written in. */
#ifndef AZ_WORDLANG_H
#define AZ_WORDLANG_H

#include <stddef.h>

/* The language whose word for an order word of game (NULL: of no game, the
 * common words alone) or for a common word that opens a line (GAME, SEAT,
 * TOKEN, STEP, CONFIRM, the mail commands, PRESS, ENDPRESS) the first word
 * of line is: "en" for the English keyword, else the first language of
 * catalog_languages that has it; NULL when it is none. */
const char *wordlang_of(const char *game, const char *line);

/* 2 when the first word of line is such a word in any language, 1 when it
 * is one letter added, dropped or changed, or two swapped, away from one
 * (both of shortest letters or more), 0 otherwise. */
int wordlang_near(const char *game, const char *line, size_t shortest);

#endif
