/* retention: what a run lets go of. A delivered mail's text, page and
 * view.json, and the board picture no kept mail shows any more, are kept
 * for the configured days (azalai.yaml(5) retention); the events, the mails
 * that came in, and every outbox row (without its bodies) are kept for
 * good, as are welcome mails whole. The file stops growing by reusing the
 * pages freed, not by VACUUM. */
#ifndef AZ_RETENTION_H
#define AZ_RETENTION_H

#include "core/config.h"
#include "ledger/ledger.h"

struct retention_stats {
	long mails;       /* mails whose bodies were dropped */
	long pictures;    /* picture rows dropped */
};

/* Prunes what was delivered retention days before now, in
 * transactions of a few hundred mails each, so a writer waiting on the
 * ledger waits for one of them only. 0, or -1 (what was pruned before the
 * error stays pruned). */
int retention_prune(struct ledger *, const struct config *, struct retention_stats *,
    struct diag *);

#endif
