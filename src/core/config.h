/* config: the YAML file (libyaml) whose every key has a built-in default. */
#ifndef AZ_CONFIG_H
#define AZ_CONFIG_H

#include <stdio.h>

#include "core/diag.h"

#define CFG_PATH 1024

struct config {
	char ledger[CFG_PATH];
	int lock_timeout;           /* seconds a run waits for another run */
	char datadir[CFG_PATH];     /* holds templates/ and data/ (datadir.h) */
	char language[16];
	char referee_address[256];
	char referee_name[128];
	char log_to[16];            /* auto, stderr, file, syslog, none */
	char log_file[CFG_PATH];
	char mailbox_type[16];      /* maildir, mbox, imap, pop3, none */
	char mailbox_path[CFG_PATH];
	char mailbox_url[CFG_PATH]; /* imap[s]://host[:port]/FOLDER, pop3[s]://host[:port]/ */
	char mailbox_user[256];
	char mailbox_password[256];
	char mailbox_password_file[CFG_PATH];
	char mailbox_tls[16];       /* none, starttls, tls */
	char mailbox_seen[16];      /* flag, move (IMAP); delete, keep (POP3) */
	char mailbox_move_to[256];
	int mailbox_timeout;        /* seconds, per connection and transfer */
	char mailbox_authserv_id[256]; /* whose Authentication-Results count
	                                  (authres.h); "" none */
	char deliver_method[16];    /* outdir, sendmail, smtp */
	char deliver_outdir[CFG_PATH];
	char deliver_sendmail[CFG_PATH];
	char deliver_url[CFG_PATH]; /* smtp[s]://host[:port] */
	char deliver_user[256];
	char deliver_password[256];
	char deliver_password_file[CFG_PATH];
	char deliver_tls[16];
	int deliver_timeout;
	char tls_verify[8];         /* yes, no (self-signed test servers) */
	char report_pictures[8];    /* yes, no: the board picture in report mails */
	long max_message_bytes;
	int message_attempts;       /* runs that may die or fail on one mail before it is held */
	int help_replies_per_day;   /* per sender, for mail that names no game */
	int problem_replies_per_day;/* per sender, for mail the referee cannot take */
	/* Answers to mail no token proved, all senders together (referee/answer.c) */
	int stranger_replies_per_run;
	int stranger_replies_per_day;
	int token_failures_per_day; /* wrong tokens a seat's guessers are answered a day */
	char archive_dir[CFG_PATH]; /* run refreshes the static site there; "" off */
	char archive_url[CFG_PATH]; /* where readers find that site; "" unknown */
	int retention_days;         /* a delivered mail's bodies and picture are kept so long */
	/* run --watch (cli/cmd-watch.c), seconds */
	int watch_poll;             /* between two polls of a POP3 mailbox */
	int watch_full_check;       /* longest time between two runs */
	int watch_backoff_max;      /* longest wait before a broken watch is tried again */
	int bot_seconds_per_run;    /* bots.seconds_per_run: what searching bots
	                             * may think in one run, all games together */
};

void config_defaults(struct config *);
/* Reads path over the defaults. A missing file is an error only when
 * required (the user named it). */
int config_load(struct config *, const char *path, int required, struct diag *);
/* Writes every key with its value as YAML that config_load reads back to
 * the same values (for `azalai config`). */
int config_print(const struct config *, FILE *, struct diag *);

#endif
