/* rng: the per-game deterministic random stream.
 *
 * Written here rather than taken from a library because its whole state must
 * live inside a game's state (so replay and state hashes are exact) and its
 * output must never change between library versions. xoshiro256** seeded
 * through splitmix64. */
#ifndef AZ_RNG_H
#define AZ_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *, uint64_t seed);
uint64_t rng_next(struct rng *);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(struct rng *, uint32_t n);
/* Fisher-Yates shuffle of n ints. */
void rng_shuffle_int(struct rng *, int *v, int n);

#endif
