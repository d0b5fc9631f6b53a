/* spelling: how the readers that forgive a slip of the pen (suggest.h,
 * wordlang.h) compare what a player typed with the order words of the
 * catalogs: the words themselves, one folding and one distance, so that
 * "did you mean" and the tolerant reader never disagree on what is near. */
#ifndef AZ_SPELLING_H
#define AZ_SPELLING_H

/* s in ASCII lower case, accents dropped, a no-break space a space; with
 * squeeze, without what is neither letter nor digit. Any bytes may come.
 * Free with free(). */
char *spelling_fold(const char *s, int squeeze);

/* The edits between a and b: a letter dropped, added or changed, or two
 * neighbours swapped (optimal string alignment). */
int spelling_distance(const char *a, const char *b);

/* Calls fn for each order word of game's catalogs (context order.GAME;
 * none when game is NULL or "") and of order.common, in every language of
 * catalog_languages, in that order: en is the English keyword, alt its
 * spellings in lang (NULL-terminated, the first the one shown), common
 * whether it is a common word. */
typedef void spelling_fn(const char *en, char *const *alt, const char *lang, int common,
    void *arg);
void spelling_each(const char *game, spelling_fn *fn, void *arg);

#endif
