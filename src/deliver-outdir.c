/* Writes each mail as a file in a directory: the demo's and the golden
 * tests' way of seeing what would be sent. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "deliver.h"
#include "fsutil.h"
#include "log.h"

static int
outdir_send(const struct config *c, long long id, const char *kind, const char *to,
    const char *raw, size_t len, char *cause, size_t causelen)
{
	static int cleaned;
	char path[CFG_PATH + 300], safe[256];
	size_t i;

	/* The address becomes part of a file name: keep it to harmless bytes. */
	for (i = 0; to[i] != '\0' && i < sizeof safe - 1; i++)
		safe[i] = (strchr("/\\ \t\n", to[i]) != NULL) ? '_' : to[i];
	safe[i] = '\0';
	if (fs_mkdirs(c->deliver_outdir) < 0) {
		snprintf(cause, causelen, "cannot create %s: %s", c->deliver_outdir,
		    strerror(errno));
		return DELIVER_TEMPFAIL;
	}
	/* Once a run: half-written mails of a delivery that was killed. */
	if (!cleaned) {
		int n = fs_clean_tmp(c->deliver_outdir);

		if (n > 0)
			log_info("removed %d half-written mail%s from %s", n, n == 1 ? "" : "s",
			    c->deliver_outdir);
		cleaned = 1;
	}
	snprintf(path, sizeof path, "%s/%06lld-%s-%s.eml", c->deliver_outdir, id, kind, safe);
	if (fs_write_atomic(path, raw, len) < 0) {
		snprintf(cause, causelen, "cannot write %s: %s", path, strerror(errno));
		return DELIVER_TEMPFAIL;
	}
	return DELIVER_OK;
}

const struct deliver deliver_outdir = { "outdir", outdir_send };
