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
#include "mail/fetch.h"

/* Where a file of new/ or cur/ that is not a mail goes: no Maildir++
 * folder (those start with a dot), so a mail server serving this Maildir
 * does not look in it either. */
#define ASIDE "azalai-aside"

/* Stores the mails MAILDIR_BATCH to a transaction (one flush for them all);
 * each is marked seen only once its transaction has committed. */
#define MAILDIR_BATCH 64

enum { NEW, CUR };
static const char *const subs[] = { "new", "cur" };

struct entry {
	char *name;
	int sub;                  /* NEW or CUR */
};

struct maildir {
	const char *dir;          /* as configured, for the log */
	int top;                  /* the Maildir */
	DIR *dp[2];               /* its new/ and cur/ */
	int aside;                /* its azalai-aside/, -1 until one is needed */
	size_t limit;             /* limits.message_bytes */
	struct entry *e;          /* the names of new/, then those of cur/ */
	size_t n, next;
	struct ingest_stats *s;
};

static int
cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

/* A file of cur/ that a reader (this one or another) marked seen. */
static int
seen(const char *name)
{
	const char *info = strstr(name, ":2,");

	return info != NULL && strchr(info + 3, 'S') != NULL;
}

/* The file names of sub, sorted, so a run takes mail in a stable order;
 * of cur/ only those not marked seen, left out before they are copied and
 * sorted: cur/ keeps every mail ever taken, and a run must not pay to sort
 * them all (a quarter of what reading cur/ cost a run with 49,000 of them
 * there). */
static void
list_dir(struct maildir *m, int sub)
{
	struct dirent *e;
	size_t cap = m->n, first = m->n;

	while ((e = readdir(m->dp[sub])) != NULL) {
		if (e->d_name[0] == '.' || (sub == CUR && seen(e->d_name)))
			continue;
		if (m->n == cap) {
			cap = cap ? cap * 2 : 64;
			m->e = xreallocarray(m->e, cap, sizeof *m->e);
		}
		m->e[m->n].name = xstrdup(e->d_name);
		m->e[m->n++].sub = sub;
	}
	if (m->n - first > 1)
		qsort(m->e + first, m->n - first, sizeof *m->e, cmp_entry);
}

/* new/NAME -> cur/NAME:2,S; cur/NAME:2,FLAGS -> add S. Only after commit. */
static void
mark_seen(const struct maildir *m, int from, const char *sub, const char *name)
{
	int cur = dirfd(m->dp[CUR]);

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
	if (renameat(from, name, cur, to.p) < 0)
		log_warn("maildir: cannot mark %s/%s/%s seen: %s", m->dir, sub, name,
		    strerror(errno));
	buf_free(&to);
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

static void
maildir_close(void *src)
{
	struct maildir *m = src;

	for (size_t i = 0; i < m->n; i++)
		free(m->e[i].name);
	free(m->e);
	for (int i = NEW; i <= CUR; i++)
		if (m->dp[i] != NULL)
			closedir(m->dp[i]);
	fs_dir_close(m->aside);
	if (m->top >= 0)
		close(m->top);
	free(m);
}

static int
open_sub(struct maildir *m, int sub, struct diag *d)
{
	/* cur/ is made when it is missing: the mails of new/ go there. */
	int fd = fs_dir_sub(m->top, subs[sub], sub == CUR ? 0700 : 0);

	if (fd < 0 || (m->dp[sub] = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return diag_set(d, 0, sub == CUR ? "cannot open %s/%s: %s" :
		    "cannot read %s/%s: %s", m->dir, subs[sub], strerror(errno));
	}
	return 0;
}

static int
maildir_open(const struct config *c, const char *dir, struct ledger *l, void **src,
    struct diag *d)
{
	struct maildir *m = xcalloc(1, sizeof *m);
	struct stat sb;

	(void)l;
	m->dir = dir;
	m->aside = -1;
	m->limit = (size_t)c->max_message_bytes;
	*src = m;
	/* The Maildir itself is the game master's to name, through a link
	 * too; new/ and cur/ in it are directories of their own. */
	if ((m->top = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    fstatat(m->top, "new", &sb, AT_SYMLINK_NOFOLLOW) < 0) {
		diag_set(d, 0, "%s is not a Maildir (no new/ directory)", dir);
		goto fail;
	}
	if (!S_ISDIR(sb.st_mode)) {
		diag_set(d, 0, "%s is not a Maildir (its new/ is %s, not a directory)", dir,
		    fs_kind(sb.st_mode));
		goto fail;
	}
	/* Both listed now: a mail of new/ marked seen moves to cur/ after
	 * the listing, and is not read twice. */
	if (open_sub(m, CUR, d) < 0 || open_sub(m, NEW, d) < 0)
		goto fail;
	list_dir(m, NEW);
	list_dir(m, CUR);
	return 0;
fail:
	maildir_close(m);
	return -1;
}

static int
maildir_next(void *src, struct fetch_mail *fm, struct ingest_stats *s, struct diag *d)
{
	struct maildir *m = src;

	(void)d;
	m->s = s;
	while (m->next < m->n) {
		const struct entry *e = &m->e[m->next++];

		if (read_mail(m, dirfd(m->dp[e->sub]), subs[e->sub], e->name, &fm->mb)) {
			fm->ref = e->name;
			fm->at = m->next - 1;
			return 1;
		}
	}
	return 0;
}

static int
maildir_done(void *src, const char *ref, unsigned long long at, int stored, struct diag *d)
{
	struct maildir *m = src;
	const struct entry *e = &m->e[at];

	/* Not stored: the file stays for the next run. */
	if (stored < 0)
		log_error("maildir: cannot store %s/%s/%s: %s", m->dir, subs[e->sub], ref,
		    d->msg);
	else
		mark_seen(m, dirfd(m->dp[e->sub]), subs[e->sub], ref);
	return FETCH_NEXT;
}

const struct fetch fetch_maildir = { "maildir", 0, MAILDIR_BATCH, maildir_open,
    maildir_next, maildir_done, maildir_close };
