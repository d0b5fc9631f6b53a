/* test_board: reading a board picture back, and each game's checks of it
 * against the state (one file per game: their headers clash). */
#ifndef AZ_TEST_BOARD_H
#define AZ_TEST_BOARD_H

#include <glib.h>
#include <libxml/tree.h>

/* A parsed picture with its elements by id. */
struct pic {
	xmlDocPtr doc;
	GHashTable *ids;
};

/* The element with this id, or NULL. */
xmlNodePtr pic_id(struct pic *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* How many ids begin with prefix. */
int pic_prefixed(struct pic *, const char *prefix);
/* Whether n's class attribute holds word (n may be NULL: no). */
int has_class(xmlNodePtr n, const char *word);
/* How many elements under n have word in their class. */
int count_class(xmlNodePtr n, const char *word);
/* The lowest edge of the rectangles and circles under n, in the
 * picture's units (text sits inside them). */
double pic_bottom(xmlNodePtr n);
/* n's text, trimmed; the caller frees. */
char *node_text(xmlNodePtr n);
/* The text of the one element under n of class word, trimmed; fails (naming
 * what) unless there is exactly one. The caller frees. */
char *class_text(xmlNodePtr n, const char *word, const char *what);
/* Fails unless the marks group marks sits where face does: the same
 * transform (the face is in the picture's base, the marks over it). */
void same_place(xmlNodePtr marks, xmlNodePtr face, const char *what);
/* Fails unless got is want, naming what. */
void text_is(const char *got, const char *want, const char *what);

/* Each fails the test when the picture p of st for viewer disagrees with
 * what the state says that viewer may see. */
void board_check_buqruru(const void *st, int viewer, struct pic *p);
void board_check_targi(const void *st, int viewer, struct pic *p);
void board_check_targui(const void *st, int viewer, struct pic *p);

#endif
