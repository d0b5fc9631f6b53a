/* fetch: where mail comes from. Every source (a Maildir, an mbox, standard
 * input, a turn file, an IMAP or a POP3 server) is one file, fetch-*.c,
 * behind one struct, as every transport is behind struct deliver
 * (deliver.h) and as fdm keeps its fetch-*.c. fetch_ingest takes any of
 * them into the ledger: each mail next() hands over is stored (ingest.h),
 * and only after the commit is the source told (done()), which then marks,
 * moves, deletes or remembers it. A crash or a server gone in between
 * leaves the mail at the source, and the ledger's dedupe keeps the second
 * copy out: nothing is lost and nothing is processed twice.
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
#include "mail/mailbytes.h"

/* One mail as a source hands it over. ref is its place there (the
 * ledger's source_ref), valid until the next call of next(); at is the
 * source's own handle on it (a UID, a message number, an offset, an
 * index), given back to done(). */
struct fetch_mail {
	const char *ref;
	unsigned long long at;
	struct mailbytes mb;
};

/* What done() answers: go on with the next mail, or stop here without a
 * failure (the rest is for the next run); -1 (d set) stops with one. */
enum { FETCH_NEXT = 0, FETCH_STOP = 1 };

struct fetch {
	const char *name;         /* mailbox.type, and the ledger's source */
	int remote;               /* a server: a run it fails still answers the ledger's mail */
	size_t batch;             /* mails stored to one transaction (one flush) */
	/* path: the Maildir, mbox or turn file (ingest's argument or
	 * mailbox.path); the servers read theirs from c. 0, or -1 and d. */
	int (*open)(const struct config *c, const char *path, struct ledger *, void **src,
	    struct diag *d);
	/* 1 with m filled (the caller frees m->mb), 0 when no mail is left,
	 * -1 and d to stop. A file that is no mail, or cannot be read, is
	 * counted in s and skipped. */
	int (*next)(void *src, struct fetch_mail *m, struct ingest_stats *s, struct diag *d);
	/* After the ledger answered for the mail (ref, at): stored is 1 (new)
	 * or 0 (held already) once it is committed, the source may let it go;
	 * -1 when the ledger did not take it (d says why). */
	int (*done)(void *src, const char *ref, unsigned long long at, int stored,
	    struct diag *d);
	void (*close)(void *src);
};

extern const struct fetch fetch_maildir;
extern const struct fetch fetch_mbox;
extern const struct fetch fetch_stdin;
extern const struct fetch fetch_turnfile;
extern const struct fetch fetch_imap;
extern const struct fetch fetch_pop3;

/* The source for a mailbox.type, or NULL ("none"). */
const struct fetch *fetch_find(const char *type);

/* Takes every mail of source f into l, counting in s: 0, or -1 and d when
 * the source could not be read or stopped on a failure. */
int fetch_ingest(const struct fetch *f, const struct config *c, const char *path,
    struct ledger *l, struct ingest_stats *s, struct diag *d);

/* The done() of a source of one mail whose command fails, and is tried
 * again, when the ledger did not take it (standard input, a turn file). */
int fetch_done_or_fail(void *src, const char *ref, unsigned long long at, int stored,
    struct diag *d);

/* Pure helpers, here so tests can reach them. */
/* "* STATUS box (UIDNEXT 5 UIDVALIDITY 7)": 0 when UIDVALIDITY was found. */
int imap_parse_status(const char *resp, unsigned long *uidvalidity, unsigned long *uidnext);
/* "* SEARCH 3 4 9": the UIDs above after, ascending; returns how many. */
size_t imap_parse_search(const char *resp, unsigned long after, unsigned long **uids);
/* The last UID taken, or 0 when nothing is remembered for this UIDVALIDITY
 * (a new or rebuilt mailbox: everything is looked at again, and the
 * ledger's Message-ID and content dedupe keeps old mail out). */
unsigned long imap_state_last(struct ledger *, const char *key, unsigned long uidvalidity);
/* The URL imap[s]://host:port/FOLDER as base ("imap://host:port/") and
 * folder (unescaped, INBOX when empty; the caller frees it): -1 and d when
 * the folder holds a character we do not send in a quoted name. */
int imap_url_folder(const char *url, char *base, size_t n, char **folder, struct diag *);
int imap_state_save(struct ledger *, const char *key, unsigned long uidvalidity,
    unsigned long last, struct diag *);

struct pop3_msg {
	long num;
	char uidl[72];
};
/* The lines of a UIDL answer ("1 abc\r\n2 def\r\n"); returns how many. */
size_t pop3_parse_uidl(const char *resp, struct pop3_msg **msgs);

#endif
