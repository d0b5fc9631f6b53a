/* Maildir: the files of new/ and of cur/ (those not marked seen) are mails,
 * stored in name order and marked seen once the ledger has them. Whoever
 * can write into the Maildir can leave there what is not a mail: a FIFO
 * (whose reader waits for a writer, holding the run lock, so that every
 * later run leaves the work to it), a link to /dev/zero (read until memory
 * runs out) or to a file elsewhere (stored as if it had come by mail), a
 * device, a directory. So new/ and cur/ are opened once, and each name in
 * them is looked at and opened relative to its directory, never through a
 * link and never waiting: a regular file is a mail, anything else is moved
 * to azalai-aside/ beside them and logged (once: it is gone from where
 * runs look), and never stored. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/fsdir.h"
#include "core/fsutil.h"
#include "core/log.h"
#include "core/xmalloc.h"
#include "mail/ingest.h"

/* Where a file of new/ or cur/ that is not a mail goes: no Maildir++
 * folder (those start with a dot), so a mail server serving this Maildir
 * does not look in it either. */
#define ASIDE "azalai-aside"

struct maildir {
	const char *dir;          /* as configured, for the log */
	int top;                  /* the Maildir */
	int cur;                  /* its cur/ */
	int aside;                /* its azalai-aside/, -1 until one is needed */
	size_t limit;             /* limits.message_bytes */
	struct ingest_stats *s;
};

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file of cur/ that a reader (this one or another) marked seen. */
static int
seen(const char *name)
{
	const char *info = strstr(name, ":2,");

	return info != NULL && strchr(info + 3, 'S') != NULL;
}

/* Maildir file names sorted, so a run takes mail in a stable order; with
 * unseen_only, the names marked seen are left out before they are copied
 * and sorted: cur/ keeps every mail ever taken, and a run must not pay to
 * sort them all (a quarter of what reading cur/ cost a run with 49,000 of
 * them there). */
static char **
list_dir(DIR *dp, int unseen_only, size_t *n)
{
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.' || (unseen_only && seen(e->d_name)))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xreallocarray(v, cap, sizeof *v);
		}
		v[(*n)++] = xstrdup(e->d_name);
	}
	if (*n > 0)
		qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* new/NAME -> cur/NAME:2,S; cur/NAME:2,FLAGS -> add S. Only after commit. */
static void
mark_seen(const struct maildir *m, int from, const char *sub, const char *name)
{
	const char *info = strstr(name, ":2,");
	struct buf to = BUF_INIT;
	int added = 0;

	if (info == NULL) {
		buf_adds(&to, name);
		buf_adds(&to, ":2,S");
	} else {
		if (strchr(info + 3, 'S') != NULL)
			return;
		buf_add(&to, name, (size_t)(info + 3 - name));
		/* Flags stay in ASCII order, as the Maildir spec asks. */
		for (const char *p = info + 3; *p != '\0'; p++) {
			if (!added && *p > 'S') {
				buf_addc(&to, 'S');
				added = 1;
			}
			buf_addc(&to, *p);
		}
		if (!added)
			buf_addc(&to, 'S');
	}
	if (renameat(from, name, m->cur, to.p) < 0)
		log_warn("maildir: cannot mark %s/%s/%s seen: %s", m->dir, sub, name,
		    strerror(errno));
	buf_free(&to);
}

/* Commits the open batch of nkept files (taken of them new) and marks them
 * seen; when the commit fails they stay for the next run. */
static void
commit_batch(struct ledger *l, const struct maildir *m, int from, const char *sub,
    char **names, const size_t *kept, size_t nkept, int taken, struct diag *d)
{
	if (ledger_commit(l, d) < 0) {
		log_error("maildir: cannot store %zu mails: %s", nkept, d->msg);
		m->s->taken -= taken;
		m->s->failed += taken;
		return;
	}
	for (size_t i = 0; i < nkept; i++)
		mark_seen(m, from, sub, names[kept[i]]);
}

/* Moves sub/name, which is not a mail (mode says what it is), to
 * azalai-aside/, under a name of its own there: what was set aside
 * before stays. */
static void
set_aside(struct maildir *m, int from, const char *sub, const char *name, mode_t mode)
{
	struct buf to = BUF_INIT;
	struct stat sb;

	m->s->aside++;
	if (m->aside < 0)
		m->aside = fs_dir_sub(m->top, ASIDE, 0700);
	if (m->aside < 0) {
		log_error("maildir: %s/%s/%s is %s, not a mail, and cannot be moved to %s/%s: "
		    "%s", m->dir, sub, name, fs_kind(mode), m->dir, ASIDE, strerror(errno));
		return;
	}
	buf_adds(&to, name);
	for (int n = 1; n < 1000 && fstatat(m->aside, to.p, &sb, AT_SYMLINK_NOFOLLOW) == 0;
	    n++) {
		buf_reset(&to);
		buf_printf(&to, "%s.%d", name, n);
	}
	if (renameat(from, name, m->aside, to.p) < 0)
		log_error("maildir: %s/%s/%s is %s, not a mail, and cannot be moved to "
		    "%s/%s/%s: %s", m->dir, sub, name, fs_kind(mode), m->dir, ASIDE, to.p,
		    strerror(errno));
	else
		log_error("maildir: %s/%s/%s is %s, not a mail: moved to %s/%s/%s", m->dir,
		    sub, name, fs_kind(mode), m->dir, ASIDE, to.p);
	buf_free(&to);
}

/* The mail in file name of the directory at, read as the ledger keeps it:
 * 1, or 0 when it is not a regular file (set aside) or cannot be read. */
static int
read_mail(struct maildir *m, int at, const char *sub, const char *name,
    struct mailbytes *mb)
{
	struct stat sb;
	int fd = fs_open_regular(at, name, 1, &sb), rc;

	if (fd == FS_NOT_REGULAR) {
		set_aside(m, at, sub, name, sb.st_mode);
		return 0;
	}
	/* No more than the file said it held: a file that keeps growing
	 * cannot keep the run. */
	rc = fd < 0 ? -1 : mailbytes_read(fd, m->limit, (uint64_t)sb.st_size, mb);
	if (rc < 0) {
		log_warn("maildir: cannot read %s/%s/%s: %s", m->dir, sub, name,
		    strerror(errno));
		m->s->failed++;
	}
	if (fd >= 0)
		close(fd);
	return rc == 0;
}

/* Stores the mails MAILDIR_BATCH to a transaction (one flush for them all),
 * and marks each seen only once its transaction has committed: a crash in
 * between leaves the files to be read again, and the ledger knows them. */
#define MAILDIR_BATCH 64

static int
maildir_sub(struct ledger *l, struct maildir *m, const char *sub, struct diag *d)
{
	size_t n, kept[MAILDIR_BATCH], nkept = 0;
	int taken = 0;            /* new in the open batch (the rest: duplicates) */
	struct ingest_stats *s = m->s;
	int fd = fs_dir_sub(m->top, sub, 0), at;
	char **names;
	DIR *dp;

	if (fd < 0 || (dp = fdopendir(fd)) == NULL) {
		diag_set(d, 0, "cannot read %s/%s: %s", m->dir, sub, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	at = dirfd(dp);
	names = list_dir(dp, strcmp(sub, "cur") == 0, &n);
	for (size_t i = 0; i < n; i++) {
		struct mailbytes mb;
		int rc;

		if (!read_mail(m, at, sub, names[i], &mb))
			continue;
		if (!l->in_tx && ledger_begin(l, d) < 0) {
			log_error("maildir: cannot store %s/%s/%s: %s", m->dir, sub, names[i],
			    d->msg);
			s->failed++;
			mailbytes_free(&mb);
			continue;
		}
		rc = ingest_count(s, ingest_keep(l, "maildir", names[i], &mb, d));
		mailbytes_free(&mb);
		if (rc < 0) {
			/* The batch goes with it; its files stay for the next run. */
			log_error("maildir: cannot store %s/%s/%s: %s", m->dir, sub, names[i],
			    d->msg);
			ledger_rollback(l);
			s->taken -= taken;
			nkept = 0;
			taken = 0;
			continue;
		}
		kept[nkept++] = i;
		taken += rc;
		if (nkept == MAILDIR_BATCH) {
			commit_batch(l, m, at, sub, names, kept, nkept, taken, d);
			nkept = 0;
			taken = 0;
		}
	}
	if (l->in_tx)
		commit_batch(l, m, at, sub, names, kept, nkept, taken, d);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(dp);
	return 0;
}

int
ingest_maildir(struct ledger *l, const char *dir, size_t limit, struct ingest_stats *s,
    struct diag *d)
{
	struct maildir m = { dir, -1, -1, -1, limit, s };
	struct stat sb;
	int rc = -1;

	/* The Maildir itself is the game master's to name, through a link
	 * too; new/ and cur/ in it are directories of their own. */
	if ((m.top = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    fstatat(m.top, "new", &sb, AT_SYMLINK_NOFOLLOW) < 0) {
		diag_set(d, 0, "%s is not a Maildir (no new/ directory)", dir);
		goto out;
	}
	if (!S_ISDIR(sb.st_mode)) {
		diag_set(d, 0, "%s is not a Maildir (its new/ is %s, not a directory)", dir,
		    fs_kind(sb.st_mode));
		goto out;
	}
	if ((m.cur = fs_dir_sub(m.top, "cur", 0700)) < 0) {
		diag_set(d, 0, "cannot open %s/cur: %s", dir, strerror(errno));
		goto out;
	}
	rc = 0;
	if (maildir_sub(l, &m, "new", d) < 0 || maildir_sub(l, &m, "cur", d) < 0)
		rc = -1;
out:
	fs_dir_close(m.aside);
	fs_dir_close(m.cur);
	if (m.top >= 0)
		close(m.top);
	return rc;
}
