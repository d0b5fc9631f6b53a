/* cli: what every command shares: the config, the ledger, the run lock. */
#ifndef AZ_CLI_H
#define AZ_CLI_H

#include "config.h"
#include "ledger.h"

struct cli {
	struct config cfg;
	struct ledger l;
	int lockfd;
};

/* Opens the ledger; with lock, first takes the run lock, waiting up to
 * lock_timeout. Returns 0, or a sysexits code after printing one line. */
int cli_open(struct cli *, int lock);
/* When the lock is busy: 1 if cli_open failed for that reason. */
extern int cli_lock_busy;
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
int cmd_outbox(struct cli *, int, char **);
int cmd_config(struct cli *, int, char **);

/* 1 when argv has -h or --help before any other argument (prints usage). */
int cli_wants_help(int argc, char **argv, const char *usage);

#endif
