#include <string.h>

#include "core/clock.h"
#include "core/log.h"
#include "mail/outbox.h"
#include "referee/retention.h"

/* Mails per transaction: a few pages of rows, each with a picture of tens
 * of KB to free; a pipe ingest waits at most for one such batch. */
#define RETENTION_BATCH 200

int
retention_prune(struct ledger *l, const struct config *c, struct retention_stats *rs,
    struct diag *d)
{
	char before[32];
	int n;

	memset(rs, 0, sizeof *rs);
	clock_iso(clock_now() - (time_t)c->retention_days * 86400, before, sizeof before);
	do {
		int pictures = 0;

		if (ledger_begin(l, d) < 0)
			return -1;
		if ((n = outbox_prune(l, before, RETENTION_BATCH, &pictures, d)) < 0) {
			ledger_rollback(l);
			return -1;
		}
		if (ledger_commit(l, d) < 0)
			return -1;
		rs->mails += n;
		rs->pictures += pictures;
	} while (n == RETENTION_BATCH);
	if (rs->mails > 0)
		log_info("retention: dropped the bodies of %ld mail%s delivered before %s and "
		    "%ld picture%s", rs->mails, rs->mails == 1 ? "" : "s", before, rs->pictures,
		    rs->pictures == 1 ? "" : "s");
	return 0;
}
