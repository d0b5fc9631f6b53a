/* A turn file: the game master's own file of order text (GAME/SEAT/TOKEN
 * and orders), "azalai ingest --file". It is read, never changed: the
 * same orders may be sent again later on purpose, so a turn file is new
 * when its name, time or content is. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/fsutil.h"
#include "core/xmalloc.h"
#include "mail/fetch.h"

struct turnfile {
	const char *path;
	size_t limit;
	int read;                 /* the file was handed over */
	char *raw;                /* its bytes */
};

static int
turnfile_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	struct turnfile *t = xcalloc(1, sizeof *t);

	(void)l;
	(void)d;
	t->path = path;
	t->limit = (size_t)c->max_message_bytes;
	*src = t;
	return 0;
}

static int
turnfile_next(void *src, struct fetch_mail *m, struct ingest_stats *s, struct diag *d)
{
	struct turnfile *t = src;
	struct buf b = BUF_INIT;
	char *raw, extra[1200];
	struct stat sb;
	int fd, rc;

	(void)s;
	if (t->read++)
		return 0;
	/* A link to one is followed, but a FIFO or a device is never read
	 * (it would keep the run waiting or fill its memory), nor a file
	 * over the limit a mail has. */
	fd = fs_open_regular(AT_FDCWD, t->path, 0, &sb);
	if (fd == FS_NOT_REGULAR)
		return diag_set(d, 0, "turn file %s is not a regular file (it is %s)", t->path,
		    fs_kind(sb.st_mode));
	if (fd < 0)
		return diag_set(d, 0, "cannot read turn file %s: %s", t->path, strerror(errno));
	if ((uintmax_t)sb.st_size > t->limit) {
		close(fd);
		return diag_set(d, 0, "turn file %s is %lld bytes; limits.message_bytes is %zu",
		    t->path, (long long)sb.st_size, t->limit);
	}
	rc = fs_read_fd(fd, (size_t)sb.st_size, &raw, &m->mb.len);
	close(fd);
	if (rc < 0)
		return diag_set(d, 0, "cannot read turn file %s: %s", t->path, strerror(errno));
	/* Its name and time are hashed with it: see above. */
	snprintf(extra, sizeof extra, "%s\n%lld\n", t->path, (long long)sb.st_mtime);
	buf_adds(&b, extra);
	buf_add(&b, raw, m->mb.len);
	sha256_hex(b.p, b.len, m->mb.hash);
	buf_free(&b);
	t->raw = raw;
	m->mb.raw = raw;
	m->mb.whole = m->mb.len;
	m->ref = t->path;
	return 1;
}

static void
turnfile_close(void *src)
{
	struct turnfile *t = src;

	free(t->raw);
	free(t);
}

const struct fetch fetch_turnfile = { "file", 0, 1, turnfile_open, turnfile_next,
    fetch_done_or_fail, turnfile_close };
