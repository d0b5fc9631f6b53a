/* Writes each mail as a file in a directory: the demo's and the golden
 * tests' way of seeing what would be sent. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fsdir.h"
#include "core/log.h"
#include "mail/deliver.h"

static int
outdir_send(const struct config *c, long long id, const char *kind, const char *from,
    const char *to, const char *raw, size_t len, char *cause, size_t causelen)
{
	static int cleaned;
	char name[300], safe[256];
	size_t i;
	int dir;

	(void)from;
	/* The address becomes part of a file name: keep it to harmless bytes. */
	for (i = 0; to[i] != '\0' && i < sizeof safe - 1; i++)
		safe[i] = (strchr("/\\ \t\n", to[i]) != NULL) ? '_' : to[i];
	safe[i] = '\0';
	/* Held open, so that a link planted in it is never followed (fsdir.h). */
	if ((dir = fs_dir_open(c->deliver_outdir, 0700)) < 0) {
		if (errno == ELOOP)
			snprintf(cause, causelen, "%s is a symbolic link: mails are written "
			    "only into a real directory", c->deliver_outdir);
		else
			snprintf(cause, causelen, "cannot create %s: %s", c->deliver_outdir,
			    strerror(errno));
		return DELIVER_TEMPFAIL;
	}
	/* Once a run: half-written mails of a delivery that was killed. */
	if (!cleaned) {
		int n = fs_dir_clean(dir);

		if (n > 0)
			log_info("removed %d half-written mail%s from %s", n, n == 1 ? "" : "s",
			    c->deliver_outdir);
		cleaned = 1;
	}
	snprintf(name, sizeof name, "%06lld-%s-%s.eml", id, kind, safe);
	if (fs_dir_write(dir, name, raw, len, 0600) < 0) {
		snprintf(cause, causelen, "cannot write %s/%s: %s", c->deliver_outdir, name,
		    strerror(errno));
		fs_dir_close(dir);
		return DELIVER_TEMPFAIL;
	}
	fs_dir_close(dir);
	return DELIVER_OK;
}

const struct deliver deliver_outdir = { "outdir", outdir_send };
