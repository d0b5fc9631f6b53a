/* fetch: takes mail in from a server, one transport per protocol, like
 * fdm's fetch-*.c. Every message is committed to the ledger (ingest_store)
 * before the server is told it was taken (flag, move or delete), so a crash
 * or a server gone mid-run loses nothing and processes nothing twice.
 *
 * Test hooks (tests/mail-failures.sh, core/testhook.h): in the test build a
 * fetcher can be made to die right after a commit, before it touches the
 * mailbox, and the IMAP fetcher to wait after its first commit while the
 * test stops the server. */
#ifndef AZ_FETCH_H
#define AZ_FETCH_H

#include <stddef.h>

#include "core/config.h"
#include "ledger/ledger.h"
#include "mail/ingest.h"

struct fetch {
	const char *name;
	int (*fetch)(const struct config *, struct ledger *, struct ingest_stats *,
	    struct diag *);
};

extern const struct fetch fetch_imap;
extern const struct fetch fetch_pop3;

/* The transport for a mailbox.type, or NULL. */
const struct fetch *fetch_find(const char *type);

/* Pure helpers, here so tests can reach them. */
/* "* STATUS box (UIDNEXT 5 UIDVALIDITY 7)": 0 when UIDVALIDITY was found. */
int imap_parse_status(const char *resp, unsigned long *uidvalidity, unsigned long *uidnext);
/* "* SEARCH 3 4 9": the UIDs above after, ascending; returns how many. */
size_t imap_parse_search(const char *resp, unsigned long after, unsigned long **uids);
/* The last UID taken, or 0 when nothing is remembered for this UIDVALIDITY
 * (a new or rebuilt mailbox: everything is looked at again, and the
 * ledger's Message-ID and content dedupe keeps old mail out). */
unsigned long imap_state_last(struct ledger *, const char *key, unsigned long uidvalidity);
int imap_state_save(struct ledger *, const char *key, unsigned long uidvalidity,
    unsigned long last, struct diag *);

struct pop3_msg {
	long num;
	char uidl[72];
};
/* The lines of a UIDL answer ("1 abc\r\n2 def\r\n"); returns how many. */
size_t pop3_parse_uidl(const char *resp, struct pop3_msg **msgs);

#endif
