/* The one path every source's mail takes into the ledger (fetch.h). */
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "mail/fetch.h"

const struct fetch *
fetch_find(const char *type)
{
	/* Standard input and a turn file are named on the command line only. */
	static const struct fetch *const all[] = { &fetch_maildir, &fetch_mbox, &fetch_imap,
	    &fetch_pop3 };

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (strcmp(all[i]->name, type) == 0)
			return all[i];
	return NULL;
}

int
fetch_done_or_fail(void *src, const char *ref, unsigned long long at, int stored,
    struct diag *d)
{
	(void)src;
	(void)ref;
	(void)at;
	(void)d;
	return stored < 0 ? -1 : FETCH_NEXT;
}

/* A mail stored in the open transaction, not yet told to its source. */
struct held {
	char *ref;
	unsigned long long at;
	int stored;
};

struct run {
	const struct fetch *f;
	void *src;
	struct ledger *l;
	struct ingest_stats *s;
	struct held *held;
	size_t n;
	int taken;                /* new in the open transaction (the rest: duplicates) */
};

static void
drop(struct run *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->held[i].ref);
	r->n = 0;
	r->taken = 0;
}

/* Commits the open transaction, then tells the source of each mail in it:
 * FETCH_NEXT, FETCH_STOP or -1, the first answer that is not FETCH_NEXT
 * (the mails after it stay at the source; the ledger knows them). When the
 * commit fails, none is stored and each source hears so. */
static int
flush(struct run *r, struct diag *d)
{
	int ok = 1, rc = FETCH_NEXT;

	if (!r->l->in_tx)
		return FETCH_NEXT;
	if (ledger_commit(r->l, d) < 0) {
		ledger_rollback(r->l);
		r->s->taken -= r->taken;
		r->s->failed += r->taken;
		ok = 0;
	}
	for (size_t i = 0; i < r->n && rc == FETCH_NEXT; i++)
		rc = r->f->done(r->src, r->held[i].ref, r->held[i].at, ok ? r->held[i].stored :
		    -1, d);
	drop(r);
	return rc;
}

int
fetch_ingest(const struct fetch *f, const struct config *c, const char *path,
    struct ledger *l, struct ingest_stats *s, struct diag *d)
{
	struct run r = { f, NULL, l, s, NULL, 0, 0 };
	int rc = FETCH_NEXT;

	if (f->open(c, path, l, &r.src, d) < 0)
		return -1;
	r.held = xcalloc(f->batch, sizeof *r.held);
	while (rc == FETCH_NEXT) {
		struct fetch_mail m;
		int got, st;

		memset(&m, 0, sizeof m);
		if ((got = f->next(r.src, &m, s, d)) <= 0) {
			rc = flush(&r, d);
			if (got < 0)
				rc = -1;
			break;
		}
		st = l->in_tx || ledger_begin(l, d) == 0 ?
		    ingest_keep(l, f->name, m.ref, &m.mb, d) : -1;
		mailbytes_free(&m.mb);
		if (ingest_count(s, st) < 0) {
			/* The transaction goes with it; its mails stay at the
			 * source for the next run. */
			if (l->in_tx)
				ledger_rollback(l);
			s->taken -= r.taken;
			drop(&r);
			rc = f->done(r.src, m.ref, m.at, -1, d);
			continue;
		}
		r.held[r.n].ref = xstrdup(m.ref);
		r.held[r.n].at = m.at;
		r.held[r.n++].stored = st;
		r.taken += st;
		if (r.n == f->batch)
			rc = flush(&r, d);
	}
	drop(&r);
	free(r.held);
	f->close(r.src);
	return rc < 0 ? -1 : 0;
}
