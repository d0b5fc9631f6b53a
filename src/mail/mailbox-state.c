/* mailbox-state: every write of the mailbox_state table (mailbox-state.h). */
#include "ledger/ledger.h"
#include "mail/mailbox-state.h"

int
mailbox_state_put(struct ledger *l, const char *mailbox, const char *value, struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "INSERT INTO mailbox_state (mailbox, value) "
	    "VALUES (?, ?) ON CONFLICT(mailbox) DO UPDATE SET value = excluded.value");

	sqlite3_bind_text(st, 1, mailbox, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}
