/* answer: the answer of one mail of the queue. Reads it (a mail, or a turn
 * file the game master hands in), sets aside what must not be answered
 * (loops, bounces, auto-replies), checks the seat's token and address,
 * applies its orders, commands and press, and queues the mails that answer
 * it; a held mail its seat confirms is answered here too. The queue
 * (process.h) decides when, in which transaction, and what a failure costs;
 * this file only answers, in the transaction it is given. */
#ifndef AZ_ANSWER_H
#define AZ_ANSWER_H

#include <stdint.h>

#include "core/config.h"
#include "core/hash.h"
#include "ledger/ledger.h"
#include "render/render.h"

/* What a run's answers did, added up over its mails. */
struct process_stats {
	int messages;
	int accepted, rejected;   /* order lines */
	int ignored;              /* messages not answered: loops, bounces, garbage */
	int steps;                /* engine steps, bots' included */
	/* Answers to mail no token proved: queued, and left unanswered by
	 * their budget (limits.stranger_replies_per_run and _per_day). */
	int strangers, strangers_unanswered;
};

/* A queued message as the queue read it from its messages row. */
struct answer_mail {
	int64_t id;
	const char *source;
	char hash[HASH_HEX];      /* its content hash, "" when not read */
	uint64_t whole;           /* the mail's bytes, of which raw may be only
	                             the header block (mailbytes.h) */
	const char *raw;
	size_t len;
	char now[32];             /* the time it is answered at */
};

/* Answers the mail and writes what became of it to its messages row, in
 * the caller's transaction; tmpl is the run's templates. 0, or -1 when the
 * answer cannot be written (d says why; the caller rolls it back). */
int answer_one(struct ledger *, const struct config *, struct render *tmpl,
    struct process_stats *, const struct answer_mail *, struct diag *);

/* The size of the whole mail of a messages row: its whole_bytes (column
 * col of st), or len, the bytes of its raw, when raw is the whole mail. */
uint64_t answer_whole(sqlite3_stmt *, int col, size_t len);

#endif
