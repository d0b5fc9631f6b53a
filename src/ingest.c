#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "clock.h"
#include "fsutil.h"
#include "ingest.h"
#include "log.h"
#include "mailbytes.h"
#include "mailcache.h"
#include "maildate.h"
#include "mailmsg.h"
#include "xmalloc.h"

/* The Message-ID is read from the header block alone: cheap even for a
 * message far over the size limit, which must still be stored and answered.
 * The Date that names the mail with it comes from the same parse. */
static char *
header_message_id(const char *raw, size_t len, char date[MAILDATE_MAX])
{
	struct mailmsg m;
	char *mid = NULL;
	size_t hlen = mailmsg_header_len(raw, len);

	if (hlen > MAILBYTES_HEADER_MAX)
		hlen = MAILBYTES_HEADER_MAX;
	mailmsg_init(&m);
	if (mailmsg_parse(raw, hlen, hlen + 1, &m, NULL) == 0) {
		if (m.message_id[0] != '\0')
			mid = xstrdup(m.message_id);
		maildate_key(m.date, date);
	}
	mailmsg_free(&m);
	return mid;
}

/* When this run answers what it stores (mailcache_open), a mail within the
 * size limit is parsed whole here, once: its Message-ID is taken from that
 * parse, and the parse waits in the cache for the answering step. GMime
 * reads the header block of a mail the same way with or without its body
 * (the blank line and the end of the bytes both end it), so the Message-ID
 * and the Date are the header block's. A header block longer than
 * header_message_id reads is left to it, as is a mail the whole parse
 * fails on. */
static char *
message_id(const char *raw, size_t len, struct mailmsg *m, char date[MAILDATE_MAX])
{
	size_t limit = mailcache_limit();

	if (limit > 0 && len <= limit &&
	    mailmsg_header_len(raw, len) <= MAILBYTES_HEADER_MAX &&
	    mailmsg_parse(raw, len, limit, m, NULL) == 0) {
		maildate_key(m->date, date);
		return m->message_id[0] != '\0' ? xstrdup(m->message_id) : NULL;
	}
	return header_message_id(raw, len, date);
}

int
ingest_keep(struct ledger *l, const char *source, const char *ref,
    const struct mailbytes *mb, struct diag *d)
{
	char now[32], date[MAILDATE_MAX] = "";
	struct mailmsg m;
	char *mid;
	sqlite3_stmt *st;
	int64_t id;
	int dup = 0, own;

	mailmsg_init(&m);
	/* A turn file is not a mail. Only a mail kept whole is parsed whole
	 * (for mailcache, whose keys name the bytes parsed). */
	mid = strcmp(source, "file") == 0 ? NULL : mailbytes_whole(mb) ?
	    message_id(mb->raw, mb->len, &m, date) : header_message_id(mb->raw, mb->len, date);
	/* In the caller's transaction when it holds one (a batch). */
	own = !l->in_tx;
	if (own && ledger_begin(l, d) < 0) {
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	/* A mail stored already meets one of the two unique indexes and is not
	 * stored again: one statement, not a look and then an insert. A mail
	 * with a Message-ID is known by it and its Date (messages_mid), one
	 * without by its bytes (messages_hash, the hash of the whole also
	 * when only its header block is kept); the same bytes have the same
	 * Message-ID and Date, read the same way each time (sql/018). */
	clock_iso(clock_now(), now, sizeof now);
	st = ledger_stmt(l, "INSERT INTO messages (source, source_ref, message_id, "
	    "content_hash, raw, received_at, mail_date, whole_bytes) VALUES (?,?,?,?,?,?,?,?) "
	    "ON CONFLICT DO NOTHING");
	sqlite3_bind_text(st, 1, source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, ref, -1, SQLITE_STATIC);
	if (mid != NULL)
		sqlite3_bind_text(st, 3, mid, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 3);
	sqlite3_bind_text(st, 4, mb->hash, -1, SQLITE_STATIC);
	sqlite3_bind_blob64(st, 5, mb->raw, mb->len, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, date, -1, SQLITE_STATIC);
	if (mailbytes_whole(mb))
		sqlite3_bind_null(st, 8);
	else
		sqlite3_bind_int64(st, 8, (sqlite3_int64)mb->whole);
	if (ledger_done(l, st, d) < 0) {
		if (own)
			ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	dup = sqlite3_changes(l->db) == 0;
	if (dup) {
		if (own)
			ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return 0;
	}
	id = sqlite3_last_insert_rowid(l->db);
	if (own && ledger_commit(l, d) < 0) {
		ledger_rollback(l);
		mailmsg_free(&m);
		free(mid);
		return -1;
	}
	/* Kept even if the caller's batch is rolled back later: the row id
	 * may then come again, for another mail (mailcache.c says why that
	 * is safe). */
	if (m.text != NULL)
		mailcache_put(id, mb->hash, &m);
	free(mid);
	return 1;
}

int
ingest_store(struct ledger *l, const char *source, const char *ref, const char *raw,
    size_t len, size_t limit, struct diag *d)
{
	struct mailbytes mb;

	mailbytes_cut(raw, len, limit, &mb);
	return ingest_keep(l, source, ref, &mb, d);
}

static void
sql_mail_date(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	char date[MAILDATE_MAX] = "";
	const char *raw = sqlite3_value_blob(argv[0]);

	(void)argc;
	free(header_message_id(raw != NULL ? raw : "", (size_t)sqlite3_value_bytes(argv[0]),
	    date));
	sqlite3_result_text(ctx, date, -1, SQLITE_TRANSIENT);
}

int
ingest_sql(sqlite3 *db)
{
	/* DIRECTONLY: no view, trigger or index of a ledger may call it. */
	return sqlite3_create_function(db, "azalai_mail_date", 1, SQLITE_UTF8 |
	    SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, NULL, sql_mail_date, NULL, NULL);
}

static int
count(struct ingest_stats *s, int rc)
{
	if (rc > 0)
		s->taken++;
	else if (rc == 0)
		s->duplicates++;
	else
		s->failed++;
	return rc;
}

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
list_dir(const char *dir, int unseen_only, size_t *n)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (dp == NULL)
		return NULL;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.' || (unseen_only && seen(e->d_name)))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xreallocarray(v, cap, sizeof *v);
		}
		v[(*n)++] = xstrdup(e->d_name);
	}
	closedir(dp);
	if (*n > 0)
		qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* new/NAME -> cur/NAME:2,S; cur/NAME:2,FLAGS -> add S. Only after commit. */
static void
mark_seen(const char *dir, const char *sub, const char *name)
{
	char from[2048], to[2048], base[1024];
	const char *info = strstr(name, ":2,");

	snprintf(from, sizeof from, "%s/%s/%s", dir, sub, name);
	if (info == NULL) {
		snprintf(to, sizeof to, "%s/cur/%s:2,S", dir, name);
	} else {
		if (strchr(info + 3, 'S') != NULL)
			return;
		snprintf(base, sizeof base, "%.*s", (int)(info - name), name);
		/* Flags stay in ASCII order, as the Maildir spec asks. */
		struct buf f = BUF_INIT;
		int added = 0;

		for (const char *p = info + 3; *p != '\0'; p++) {
			if (!added && *p > 'S') {
				buf_addc(&f, 'S');
				added = 1;
			}
			buf_addc(&f, *p);
		}
		if (!added)
			buf_addc(&f, 'S');
		snprintf(to, sizeof to, "%s/cur/%s:2,%s", dir, base, f.p);
		buf_free(&f);
	}
	if (rename(from, to) < 0)
		log_warn("maildir: cannot mark %s seen: %s", from, strerror(errno));
}

/* Marks seen the files of the batch whose store just committed. */
static void
mark_batch(const char *dir, const char *sub, char **names, const size_t *kept, size_t n)
{
	for (size_t i = 0; i < n; i++)
		mark_seen(dir, sub, names[kept[i]]);
}

/* Stores the mails MAILDIR_BATCH to a transaction (one flush for them all),
 * and marks each seen only once its transaction has committed: a crash in
 * between leaves the files to be read again, and the ledger knows them. */
#define MAILDIR_BATCH 64

/* A mail file read as the ledger keeps it (no more of it than the file
 * said it held, so a file that keeps growing cannot keep the run). */
static int
read_mail(const char *path, size_t limit, struct mailbytes *mb)
{
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc, saved;

	if (fd < 0)
		return -1;
	rc = fstat(fd, &sb) < 0 ? -1 : mailbytes_read(fd, limit, (uint64_t)sb.st_size, mb);
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

static int
maildir_sub(struct ledger *l, const char *dir, const char *sub, size_t limit,
    struct ingest_stats *s, struct diag *d)
{
	size_t n, kept[MAILDIR_BATCH], nkept = 0;
	int taken = 0;            /* new in the open batch (the rest: duplicates) */
	char **names, path[2048];

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	names = list_dir(path, strcmp(sub, "cur") == 0, &n);
	for (size_t i = 0; i < n; i++) {
		struct mailbytes mb;
		int rc;

		snprintf(path, sizeof path, "%s/%s/%s", dir, sub, names[i]);
		if (read_mail(path, limit, &mb) < 0) {
			log_warn("maildir: cannot read %s: %s", path, strerror(errno));
			s->failed++;
			continue;
		}
		if (!l->in_tx && ledger_begin(l, d) < 0) {
			log_error("maildir: cannot store %s: %s", path, d->msg);
			s->failed++;
			mailbytes_free(&mb);
			continue;
		}
		rc = count(s, ingest_keep(l, "maildir", names[i], &mb, d));
		mailbytes_free(&mb);
		if (rc < 0) {
			/* The batch goes with it; its files stay for the next run. */
			log_error("maildir: cannot store %s: %s", path, d->msg);
			ledger_rollback(l);
			s->taken -= taken;
			nkept = 0;
			taken = 0;
			continue;
		}
		kept[nkept++] = i;
		taken += rc;
		if (nkept == MAILDIR_BATCH || i == n - 1) {
			if (ledger_commit(l, d) < 0) {
				log_error("maildir: cannot store %zu mails: %s", nkept, d->msg);
				s->taken -= taken;
				s->failed += taken;
			} else {
				mark_batch(dir, sub, names, kept, nkept);
			}
			nkept = 0;
			taken = 0;
		}
	}
	if (l->in_tx) {
		if (ledger_commit(l, d) < 0) {
			log_error("maildir: cannot store %zu mails: %s", nkept, d->msg);
			s->taken -= taken;
			s->failed += taken;
		} else {
			mark_batch(dir, sub, names, kept, nkept);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return 0;
}

int
ingest_maildir(struct ledger *l, const char *dir, size_t limit, struct ingest_stats *s,
    struct diag *d)
{
	char path[2048];
	struct stat sb;

	snprintf(path, sizeof path, "%s/new", dir);
	if (stat(path, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return diag_set(d, 0, "%s is not a Maildir (no new/ directory)", dir);
	snprintf(path, sizeof path, "%s/cur", dir);
	if (stat(path, &sb) < 0 && fs_mkdirs(path) < 0)
		return diag_set(d, 0, "cannot create %s: %s", path, strerror(errno));
	maildir_sub(l, dir, "new", limit, s, d);
	maildir_sub(l, dir, "cur", limit, s, d);
	return 0;
}

int
ingest_fd(struct ledger *l, int fd, const char *source, size_t limit,
    struct ingest_stats *s, struct diag *d)
{
	struct mailbytes mb;
	int rc;

	if (mailbytes_read(fd, limit, UINT64_MAX, &mb) < 0)
		return diag_set(d, 0, "cannot read the message: %s", strerror(errno));
	if (mb.whole == 0) {
		mailbytes_free(&mb);
		return diag_set(d, 0, "no message on standard input");
	}
	rc = count(s, ingest_keep(l, source, "", &mb, d));
	mailbytes_free(&mb);
	return rc < 0 ? -1 : 0;
}

int
ingest_turnfile(struct ledger *l, const char *path, size_t limit, struct ingest_stats *s,
    struct diag *d)
{
	struct mailbytes mb = { NULL, 0, 0, "", BUF_INIT };
	struct buf b = BUF_INIT;
	char *raw, extra[1200];
	struct stat sb;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &sb) < 0) {
		rc = errno;
		if (fd >= 0)
			close(fd);
		return diag_set(d, 0, "cannot read turn file %s: %s", path, strerror(rc));
	}
	/* A turn file is read whole, as a mail within the limit. */
	if ((uintmax_t)sb.st_size > limit) {
		close(fd);
		return diag_set(d, 0, "turn file %s is %lld bytes; limits.message_bytes is %zu",
		    path, (long long)sb.st_size, limit);
	}
	rc = fs_read_fd(fd, (size_t)sb.st_size, &raw, &mb.len);
	close(fd);
	if (rc < 0)
		return diag_set(d, 0, "cannot read turn file %s: %s", path, strerror(errno));
	/* The same orders may be sent again later on purpose: a turn file is new
	 * when its name, time or content is. */
	snprintf(extra, sizeof extra, "%s\n%lld\n", path, (long long)sb.st_mtime);
	buf_adds(&b, extra);
	buf_add(&b, raw, mb.len);
	sha256_hex(b.p, b.len, mb.hash);
	buf_free(&b);
	mb.raw = raw;
	mb.whole = mb.len;
	rc = count(s, ingest_keep(l, "file", path, &mb, d));
	free(raw);
	return rc < 0 ? -1 : 0;
}
