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
#include "core/xmalloc.h"
#include "mail/fetch.h"
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

struct span {
	size_t begin, end;
};

struct mbox {
	struct ledger *l;
	const char *path;
	char key[1100];
	char *raw;                /* the whole file as it was opened */
	size_t start, limit;      /* where this run began (resume_offset) */
	struct span *span;        /* its messages after start */
	size_t n, next, cap;
	char ref[32];
};

static int
add_span(void *arg, size_t begin, size_t end)
{
	struct mbox *m = arg;

	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 64;
		m->span = xreallocarray(m->span, m->cap, sizeof *m->span);
	}
	m->span[m->n].begin = m->start + begin;
	m->span[m->n++].end = m->start + end;
	return 0;
}

static void
mbox_close(void *src)
{
	struct mbox *m = src;

	free(m->span);
	free(m->raw);
	free(m);
}

static int
mbox_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	struct mbox *m;
	struct stat sb;
	char *raw;
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
	*src = m = xcalloc(1, sizeof *m);
	snprintf(m->key, sizeof m->key, "mbox:%s", path);
	m->l = l;
	m->path = path;
	m->raw = raw;
	m->start = (size_t)resume_offset(l, m->key, raw, len);
	m->limit = (size_t)c->max_message_bytes;
	mbox_split(raw + m->start, len - m->start, add_span, m);
	return 0;
}

static int
mbox_next(void *src, struct fetch_mail *fm, struct ingest_stats *s, struct diag *d)
{
	struct mbox *m = src;
	const struct span *sp;

	(void)s;
	(void)d;
	if (m->next == m->n)
		return 0;
	sp = &m->span[m->next++];
	snprintf(m->ref, sizeof m->ref, "%zu", sp->begin);
	mailbytes_cut(m->raw + sp->begin, sp->end - sp->begin, m->limit, &fm->mb);
	fm->ref = m->ref;
	fm->at = sp->end;
	return 1;
}

static int
mbox_done(void *src, const char *ref, unsigned long long at, int stored, struct diag *d)
{
	struct mbox *m = src;

	if (stored < 0) {
		log_error("mbox %s: cannot store the message at %s: %s", m->path, ref, d->msg);
		/* Stop here so the next run starts at this message again. */
		return FETCH_STOP;
	}
	save_offset(m->l, m->key, m->raw, (size_t)at);
	return FETCH_NEXT;
}

const struct fetch fetch_mbox = { "mbox", 0, 1, mbox_open, mbox_next, mbox_done,
    mbox_close };
