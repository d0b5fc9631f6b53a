/* watchers: the one file that writes the watchers table, the observers of
 * each game (tests/table-owners.sh). */
#ifndef AZ_WATCHERS_H
#define AZ_WATCHERS_H

#include <stdint.h>

#include "core/diag.h"
#include "ledger/ledger.h"

/* reported_seq: the step its next report tells from. */
int watcher_add(struct ledger *, int64_t game, const char *address, const char *added_at,
    int64_t reported_seq, const char *lang, struct diag *);
/* How many stopped watching (0 or 1; the address in any case), -1 on error. */
int watcher_remove(struct ledger *, int64_t game, const char *address, struct diag *);
/* The observer at address (as the watchers table spells it) has been told
 * up to step seq. */
int watcher_set_reported(struct ledger *, int64_t game, const char *address, int64_t seq,
    struct diag *);
/* Sets an observer's own language; 0 when it does not watch the game, 1
 * when it does, -1 on error. */
int watcher_set_language(struct ledger *, int64_t game, const char *address,
    const char *lang, struct diag *);

/* Sets how an observer is told (every, due, digest; notify.h); 0 when it
 * does not watch the game, 1 when it does, -1 on error. */
int watcher_set_notify(struct ledger *, int64_t game, const char *address,
    const char *mode, struct diag *);

#endif
