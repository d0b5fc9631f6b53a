/* audit: what lets players hold the referee to a game. The welcome mails
 * carry a commitment to the game's seed, which the final report opens; every
 * report carries the head of the game's event chain at its step. Nothing here
 * proves anything unless players keep those mails: anyone who can write the
 * ledger can recompute a whole chain. */
#ifndef AZ_AUDIT_H
#define AZ_AUDIT_H

#include <stdint.h>

#include "core/tval.h"
#include "ledger/ledger.h"
#include "ledger/play.h"

#define AUDIT_SALT 33           /* 32 lowercase hex digits + NUL */
#define AUDIT_SHORT 16          /* hex digits of a head in a running game's reports */

/* SHA-256 (lowercase hex) of the ASCII bytes "azalai-seed-v1 GAME SEED SALT":
 * SEED in decimal, single spaces, no newline. A player checks it with
 *   printf 'azalai-seed-v1 %s %s %s' GAME SEED SALT | sha256sum */
void audit_commitment(const char *game, uint64_t seed, const char *salt,
    char out[HASH_HEX]);

/* Draws a salt (from the kernel, or from fixed in golden runs) and stores it
 * with the commitment of game g's seed, in the caller's transaction. */
int audit_commit(struct ledger *, const struct game_row *g, uint64_t *fixed,
    struct diag *);

/* The salt and commitment of a game; both "" when it started before azalai
 * kept them. 0, or -1 on a ledger error. */
int audit_seed_load(struct ledger *, int64_t game, char salt[AUDIT_SALT],
    char commit[HASH_HEX], struct diag *);

/* The hash of step seq's event, the chain head at that step ("" none). */
void audit_chain_head(struct ledger *, int64_t game, int64_t seq, char out[HASH_HEX]);

/* 1 once nothing of the game is secret: it is over, or the game master ended it. */
int audit_open(const struct game_row *);

/* Adds to a report at p's step: chain_head (AUDIT_SHORT digits),
 * seed_commitment; once the game is open, reveal {seed, salt, commitment,
 * head (all 64 digits)}, and has_open when the game's view listed "open". */
void audit_report_keys(struct ledger *, const struct play *, struct tval *root);

#endif
