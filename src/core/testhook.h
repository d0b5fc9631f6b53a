/* testhook: the switches the tests steer the referee with, each an
 * environment variable. testhook.c is built twice (Makefile.am): as it is
 * for azalai, the program make install and the package install, where every
 * hook is off and no variable is read or even named; and with
 * AZALAI_TEST_HOOKS for azalai-test and the unit tests, where each hook
 * reads its variable. tests/test-only.sh proves the release binary obeys
 * none. Never add a switch an operator needs here: that belongs in
 * azalai(1) ENVIRONMENT. */
#ifndef AZ_TESTHOOK_H
#define AZ_TESTHOOK_H

/* AZALAI_NOW: the frozen clock of core/clock.h (seconds since the epoch,
 * or an ISO 8601 UTC time), or NULL. */
const char *testhook_now(void);
/* AZALAI_SEED: the number every secret (game seeds, tokens, the unique part
 * of each Message-ID) is drawn from instead of the kernel, so that golden
 * runs come out the same; or NULL. */
const char *testhook_seed(void);
/* AZALAI_TEST_PLANT_LEAK: 1 when every reader is to be shown the first
 * seat's view (render/report.h), a leak planted for the leak tests to
 * catch. */
int testhook_plant_leak(void);
/* AZALAI_TEST_ARCHIVE_SECRETS: the file the archive adds each step's hidden
 * facts to (render/archive.c), or NULL. */
const char *testhook_archive_secrets(void);
/* AZALAI_TEST_CRASH_MESSAGE: the ledger id of the message a run is to
 * abort() on (referee/process.h), or NULL. */
const char *testhook_crash_message(void);
/* AZALAI_TEST_DIE_AFTER_COMMIT=1: a fetcher calls this right after each
 * commit, before it touches the mailbox; it then _exit(9)s. */
void testhook_die_after_commit(void);
/* AZALAI_TEST_DIE_AFTER_UID=1: the IMAP fetcher calls this right after it
 * has saved the last UID taken; it then _exit(9)s. */
void testhook_die_after_uid(void);
/* AZALAI_TEST_PAUSE_AFTER_COMMIT=FILE: the IMAP fetcher calls this after its
 * first commit; it creates FILE.ready and waits (20 s at most) until FILE
 * exists, so a test can stop the server in the middle of a run. */
void testhook_pause_after_commit(void);
/* AZALAI_TEST_PAUSE_BEFORE_CLAIM=FILE: the turning points pass calls this
 * once it has analysed a game, before it claims the game and queues its
 * mails; it waits as the one above does, so a test can let a second run
 * analyse and claim the same game meanwhile. */
void testhook_pause_before_claim(void);
/* AZALAI_TEST_SWAP_BEFORE_OPEN=FROM: fs_open_regular calls this once it has
 * found path a regular file, before it opens it; FROM, while it exists, is
 * renamed over path, so a test can swap the file for a link or a FIFO in
 * that gap. */
void testhook_swap_before_open(int dirfd, const char *path);

#endif
