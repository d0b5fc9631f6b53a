/* process: the queue of new messages. Each is answered (answer.h) all of
 * it or nothing of it: new messages share a transaction in groups, each in
 * its own savepoint; a message a run already started on is answered alone,
 * in a child process, so that a crash costs only that one; a message runs
 * keep dying or failing on is set aside as held (process.c tells how).
 *
 * Test hook (tests/queue.sh): in the test build, AZALAI_TEST_CRASH_MESSAGE=ID
 * (core/testhook.h) makes a run abort() when it starts on the message with
 * ledger id ID, after its attempt is counted and before anything of it is
 * written. The messages of its group answered before it are lost with the
 * run, as in any crash. */
#ifndef AZ_PROCESS_H
#define AZ_PROCESS_H

#include "core/config.h"
#include "ledger/ledger.h"
#include "referee/answer.h"

int process_pending(struct ledger *, const struct config *, struct process_stats *,
    struct diag *);

#endif
