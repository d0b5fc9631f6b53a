/* process: turns each new message in the ledger into orders, steps, and the
 * mails that answer them, all of a message or nothing of it; new messages
 * share a transaction in groups, each in its own savepoint. A message runs
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
#include "ledger/play.h"

struct process_stats {
	int messages;
	int accepted, rejected;   /* order lines */
	int ignored;              /* messages not answered: loops, bounces, garbage */
	int steps;                /* engine steps, bots' included */
	/* Answers to mail no token proved: queued, and left unanswered by
	 * their budget (limits.stranger_replies_per_run and _per_day). */
	int strangers, strangers_unanswered;
};

int process_pending(struct ledger *, const struct config *, struct process_stats *,
    struct diag *);
/* Lets bot seats move while one is waited for; queues nothing. */
int process_bots(struct ledger *, struct play *, const char *now, int *steps,
    struct diag *);

#endif
