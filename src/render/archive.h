/* archive: every game as a static web page. DIR/index.html lists the games;
 * DIR/games/NAME.html steps through one game, each step with its board and
 * what happened. Pages carry their CSS and script inline and load nothing,
 * so the directory works from file:// or any web host.
 *
 * While a game runs its page holds what an observer may read (viewer -1):
 * steps that told observers nothing are left out, so not even their number
 * hints at another seat's queued or standing order. Once the game is open
 * (audit_open) the page shows everything: every hand, the decks, every
 * order and the seed. */
#ifndef AZ_ARCHIVE_H
#define AZ_ARCHIVE_H

#include "core/config.h"
#include "core/diag.h"
#include "ledger/ledger.h"

struct archive_stats {
	long games;                 /* games on the index */
	long rendered;              /* games replayed and rendered */
	long written;               /* pages whose bytes changed */
	long pictures;              /* step pictures written (new ones) */
	long failed;                /* games that could not be rendered */
};

#define ARCHIVE_EGAME (-1)      /* a game named is not in the ledger */
#define ARCHIVE_EWRITE (-2)     /* a file or directory could not be written */
#define ARCHIVE_ELEDGER (-3)
#define ARCHIVE_ESOFTWARE (-4)  /* a template is missing or broken */

/* Writes the archive of the games named (nnames 0: every game) into dir.
 * With state (a file, NULL: none) only games whose ledger changed since the
 * state file last recorded them are rendered again; the state file keeps,
 * per game, what the index needs. A file is written (temp file + rename)
 * only when its bytes changed. progress: a count of games on stderr.
 * 0, or one of the errors above with a diag. A game that does not replay is counted in failed,
 * named on stderr and left off, the others still written. */
int archive_write(struct ledger *, const struct config *, const char *dir,
    char *const *names, int nnames, const char *state, int progress,
    struct archive_stats *, struct diag *);

/* azalai run: refreshes cfg->archive_dir when set, keeping its state next
 * to the ledger (LEDGER.archive). 0 when off or done, else as archive_write. */
int archive_refresh(struct ledger *, const struct config *, struct archive_stats *,
    struct diag *);

#endif
