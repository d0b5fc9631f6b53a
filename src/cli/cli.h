/* cli: what every command shares: the config, the ledger, the run lock. */
#ifndef AZ_CLI_H
#define AZ_CLI_H

#include "core/config.h"
#include "ledger/ledger.h"

struct cli {
	struct config cfg;
	struct ledger l;
	int lockfd;
	int create;    /* init: the ledger may be created; elsewhere it must exist */
	int lazy;      /* run: game data, catalogs and GMime read when first needed */
};

/* Opens the ledger; with lock, first takes the run lock, waiting up to
 * lock_timeout. Returns 0, or a sysexits code after printing one line. */
int cli_open(struct cli *, int lock);
/* When the lock is busy: 1 if cli_open failed for that reason. */
extern int cli_lock_busy;
/* Lets go of the run lock and keeps the ledger open: what comes after
 * (delivery, the archive) writes beside the next writer. */
void cli_unlock(struct cli *);
void cli_close(struct cli *);
/* One line on stderr, the sysexits code returned. */
int cli_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Each command: argc/argv start at the command's name. */
int cmd_init(struct cli *, int, char **);
int cmd_new(struct cli *, int, char **);
int cmd_list(struct cli *, int, char **);
int cmd_show(struct cli *, int, char **);
int cmd_replay(struct cli *, int, char **);
int cmd_ingest(struct cli *, int, char **);
int cmd_run(struct cli *, int, char **);
/* One run of "azalai run" (cmd-mail.c): takes the run lock, fetches,
 * answers, delivers; returns its sysexits code. The caller closes. */
int run_once(struct cli *);
/* run --watch (cmd-watch.c): run_once whenever mail may have landed, until
 * SIGTERM or SIGINT; returns the sysexits code. */
int run_watching(struct cli *);
int cmd_outbox(struct cli *, int, char **);
int cmd_config(struct cli *, int, char **);
int cmd_seat(struct cli *, int, char **);
int cmd_pause(struct cli *, int, char **);
int cmd_resume(struct cli *, int, char **);
int cmd_end(struct cli *, int, char **);
int cmd_watch(struct cli *, int, char **);
int cmd_unwatch(struct cli *, int, char **);
int cmd_set(struct cli *, int, char **);
int cmd_rollback(struct cli *, int, char **);
int cmd_process(struct cli *, int, char **);
int cmd_preview(struct cli *, int, char **);
int cmd_deadline(struct cli *, int, char **);
int cmd_verify(struct cli *, int, char **);
int cmd_archive(struct cli *, int, char **);
int cmd_inbox(struct cli *, int, char **);
/* How many mails are held (see "azalai inbox"). */
int inbox_held(struct ledger *);

/* A game master's command on one game (cmd-admin.c): takes the run lock,
 * opens the ledger, begins the transaction and loads the game; 0, or the
 * sysexits code after printing one line. */
struct play;
int cli_game_begin(struct cli *, const char *game, struct play *);
/* Commits when rc (a people_* result) is 0, else rolls back and prints the
 * diag; frees the game. Returns the sysexits code. */
int cli_game_end(struct cli *, struct play *, int rc, const struct diag *);

/* 1 when argv has -h or --help before any other argument (prints usage). */
int cli_wants_help(int argc, char **argv, const char *usage);

#endif
