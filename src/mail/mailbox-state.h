/* mailbox-state: the one file that writes the mailbox_state table, where a
 * mail source keeps how far it has read a mailbox (tests/table-owners.sh). */
#ifndef AZ_MAILBOX_STATE_H
#define AZ_MAILBOX_STATE_H

#include "core/diag.h"
#include "ledger/ledger.h"

/* Sets the value kept for mailbox (the source's own key and format). */
int mailbox_state_put(struct ledger *, const char *mailbox, const char *value,
    struct diag *);

#endif
