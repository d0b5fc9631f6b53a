/* test_secrets' words for Targui's secrets in a reader's language (their
 * own file: targui.h and targi.h name their phases alike). */
#ifndef AZ_SAID_TARGUI_H
#define AZ_SAID_TARGUI_H

#include "games/game.h"

/* When en is one of the forms a hidden place of the round's stack takes
 * (secrets.c), adds to out its words in lang, as the messages that say it
 * render there, and returns 1; else 0. */
int said_targui_stack(const char *lang, const char *en, struct secrets *out);

#endif
