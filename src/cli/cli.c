#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/fsutil.h"
#include "core/log.h"
#include "core/msg.h"
#include "lang/catalog.h"
#include "lang/lang.h"
#include "mail/ingest.h"
#include "mail/mailmsg.h"
#include "referee/bots.h"

int cli_lock_busy;
static char deferred_lang[LANG_LEN];

/* The configured language's catalogs, read when games_defer's games are. */
static int
read_language(struct diag *d)
{
	return catalog_use(deferred_lang, d);
}

int
cli_fail(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("azalai: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

int
cli_wants_help(int argc, char **argv, const char *usage)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			printf("%s", usage);
			return 1;
		}
	}
	return 0;
}

int
cli_open(struct cli *c, int lock)
{
	struct diag d;
	int rc;

	diag_clear(&d);
	cli_lock_busy = 0;
	bots_run_cap(c->cfg.bot_seconds_per_run);
	if (!c->lazy)
		mailmsg_global_init();
	/* A typo in --ledger must not leave an empty ledger (and its lock)
	 * behind: only init makes one. */
	if (!c->create && access(c->cfg.ledger, F_OK) < 0)
		return cli_fail(errno == ENOENT ? EX_NOINPUT : EX_TEMPFAIL, "no ledger %s: %s "
		    "(\"azalai init\" creates it)", c->cfg.ledger, strerror(errno));
	if (lock) {
		char path[CFG_PATH + 8];

		snprintf(path, sizeof path, "%s.lock", c->cfg.ledger);
		if ((c->lockfd = fs_lock(path, c->cfg.lock_timeout)) < 0) {
			if (errno == EWOULDBLOCK) {
				cli_lock_busy = 1;
				return EX_TEMPFAIL;
			}
			return cli_fail(errno == ENOSPC || errno == EDQUOT || errno == EIO ?
			    EX_TEMPFAIL : EX_CANTCREAT, "cannot lock %s: %s", path,
			    strerror(errno));
		}
	}
	/* The catalogs' place is known at once: a lookup reads a catalog
	 * itself. */
	catalog_init(c->cfg.datadir);
	msg_use_catalog(&catalog_msg);
	/* Every reader without a language of their own reads this one. */
	if (c->lazy) {
		if (lang_word(c->cfg.language, deferred_lang, &d) < 0)
			return cli_fail(EX_CONFIG, "configuration: %s", d.msg);
		games_defer(c->cfg.datadir, read_language);
	} else {
		if (games_load(c->cfg.datadir, &d) < 0)
			return cli_fail(EX_CONFIG, "%s", d.msg);
		if (lang_parse(c->cfg.language, NULL, &d) < 0)
			return cli_fail(EX_CONFIG, "configuration: %s", d.msg);
	}
	if ((rc = ledger_open(&c->l, c->cfg.ledger, &d)) < 0)
		return cli_fail(rc == LEDGER_REFUSED ? EX_DATAERR : EX_CANTCREAT, "%s", d.msg);
	return 0;
}

void
cli_unlock(struct cli *c)
{
	fs_unlock(c->lockfd);
	c->lockfd = -1;
}

void
cli_close(struct cli *c)
{
	ledger_close(&c->l);
	cli_unlock(c);
}
