/* For test_bots: per game, changes in st only what seat may not know, by
 * hand and without the game's redeal (whose mistakes the test must catch):
 * the same information set, other hidden facts. Returns 1 when a hidden
 * card or choice moved, 0 when only the rng could. */
#ifndef AZ_TEST_SCRAMBLE_H
#define AZ_TEST_SCRAMBLE_H

#include "core/rng.h"

int scramble_targi(void *st, int seat, struct rng *);
int scramble_targui(void *st, int seat, struct rng *);
int scramble_buqruru(void *st, int seat, struct rng *);

#endif
