/* mbox is read, never written: we remember how far we got (offset, and a
 * hash of what lies before it, so a rewritten file is read again from the
 * start); mbox_split finds the message boundaries. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fsutil.h"
#include "core/log.h"
#include "mail/ingest.h"
#include "mail/mailbox-state.h"
#include "mail/mbox.h"

static long long
resume_offset(struct ledger *l, const char *key, const char *raw, size_t len)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT value FROM mailbox_state WHERE mailbox = ?");
	long long off = 0;
	char hash[HASH_HEX], want[HASH_HEX] = "";

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		sscanf(col_text(st, 0), "%lld %64s", &off, want);
	sqlite3_finalize(st);
	if (off <= 0 || (size_t)off > len)
		return 0;
	sha256_hex(raw, (size_t)off, hash);
	return strcmp(hash, want) == 0 ? off : 0;
}

static void
save_offset(struct ledger *l, const char *key, const char *raw, size_t off)
{
	char hash[HASH_HEX], val[128];

	sha256_hex(raw, off, hash);
	snprintf(val, sizeof val, "%zu %s", off, hash);
	mailbox_state_put(l, key, val, NULL);
}

struct mbox_ctx {
	struct ledger *l;
	const char *path, *key, *raw;
	size_t start, limit;
	struct ingest_stats *s;
	struct diag *d;
};

static int
store_one(void *arg, size_t begin, size_t end)
{
	struct mbox_ctx *c = arg;
	char ref[32];
	int rc;

	snprintf(ref, sizeof ref, "%zu", c->start + begin);
	rc = ingest_store(c->l, "mbox", ref, c->raw + c->start + begin, end - begin,
	    c->limit, c->d);
	if (rc < 0) {
		c->s->failed++;
		log_error("mbox %s: cannot store the message at %s: %s", c->path, ref,
		    c->d->msg);
		/* Stop here so the next run starts at this message again. */
		return 1;
	}
	if (rc > 0)
		c->s->taken++;
	else
		c->s->duplicates++;
	save_offset(c->l, c->key, c->raw, c->start + end);
	return 0;
}

int
ingest_mbox(struct ledger *l, const char *path, size_t limit, struct ingest_stats *s,
    struct diag *d)
{
	struct mbox_ctx c;
	char *raw, key[1100];
	struct stat sb;
	size_t len;
	int fd, rc;

	/* The game master's own file: a link to one is followed, but a FIFO
	 * or a device is never read (it would keep the run waiting, holding
	 * the run lock, or fill its memory); of a file, no more than it held
	 * when it was opened. */
	fd = fs_open_regular(AT_FDCWD, path, 0, &sb);
	if (fd == FS_NOT_REGULAR)
		return diag_set(d, 0, "mbox %s is not a regular file (it is %s)", path,
		    fs_kind(sb.st_mode));
	rc = fd < 0 ? -1 : fs_read_fd(fd, (size_t)sb.st_size, &raw, &len);
	if (fd >= 0)
		close(fd);
	if (rc < 0)
		return diag_set(d, 0, "cannot read mbox %s: %s", path, strerror(errno));
	snprintf(key, sizeof key, "mbox:%s", path);
	c.l = l;
	c.path = path;
	c.key = key;
	c.raw = raw;
	c.start = (size_t)resume_offset(l, key, raw, len);
	c.limit = limit;
	c.s = s;
	c.d = d;
	mbox_split(raw + c.start, len - c.start, store_one, &c);
	free(raw);
	return 0;
}
