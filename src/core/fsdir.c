#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fsdir.h"
#include "core/fsutil.h"

#define TMP_PREFIX ".azalai-tmp-"
#define TMP_HEX 16

/* A link (or anything else) where a directory must be: ELOOP for a link,
 * so that the caller can say so; ENOTDIR for the rest. */
static int
not_a_dir(int at, const char *name)
{
	struct stat sb;

	errno = fstatat(at, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(sb.st_mode) ?
	    ELOOP : ENOTDIR;
	return -1;
}

/* A writer holds its directory shared, so that no cleaner takes its
 * temporary file. Where flock does not work (some network file systems)
 * the writer writes all the same and nobody cleans (fs_dir_clean). */
static void
hold_shared(int fd)
{
	while (flock(fd, LOCK_SH) < 0 && errno == EINTR)
		;
}

static int
dir_at(int at, const char *name, int mode)
{
	const int how = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(at, name, how), made = 0;

	if (fd < 0 && errno == ENOENT && mode != 0) {
		if (mkdirat(at, name, (mode_t)mode) == 0)
			made = 1;
		else if (errno != EEXIST)
			return -1;
		fd = openat(at, name, how);
	}
	if (fd < 0)
		return errno == ENOTDIR || errno == ELOOP ? not_a_dir(at, name) : -1;
	/* What the umask took off a new directory (077 for the ledger's sake);
	 * one that exists keeps the mode its owner gave it. */
	if (made && fchmod(fd, (mode_t)mode) < 0) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	hold_shared(fd);
	return fd;
}

int
fs_dir_open(const char *path, int mode)
{
	/* A trailing slash would make the kernel follow a link at the last
	 * part, O_NOFOLLOW or not. */
	char *p = g_strdup(path);
	size_t n = strlen(p);
	int fd;

	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	fd = dir_at(AT_FDCWD, p, mode);
	if (fd < 0 && errno == ENOENT && mode != 0) {
		/* The parents are the owner's path, as fs_mkdirs makes it. */
		char *parent = g_path_get_dirname(p);

		if (fs_mkdirs(parent) == 0)
			fd = dir_at(AT_FDCWD, p, mode);
		g_free(parent);
	}
	g_free(p);
	return fd;
}

int
fs_dir_sub(int dir, const char *name, int mode)
{
	return dir_at(dir, name, mode);
}

void
fs_dir_close(int dir)
{
	if (dir >= 0)
		close(dir);
}

/* A name nobody can foresee, so that nobody can plant anything there in
 * advance; O_EXCL would refuse what was planted, but a writer should not
 * fail for it either. */
static int
tmp_name(char out[sizeof TMP_PREFIX + TMP_HEX])
{
	unsigned char r[TMP_HEX / 2];

	if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
		return -1;
	memcpy(out, TMP_PREFIX, sizeof TMP_PREFIX - 1);
	for (size_t i = 0; i < sizeof r; i++)
		snprintf(out + sizeof TMP_PREFIX - 1 + 2 * i, 3, "%02x", r[i]);
	return 0;
}

static int
write_all(int fd, const char *c, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

int
fs_dir_write(int dir, const char *name, const void *p, size_t n, int mode)
{
	char tmp[sizeof TMP_PREFIX + TMP_HEX];
	int fd = -1, saved;

	for (int tries = 0; fd < 0 && tries < 8; tries++) {
		if (tmp_name(tmp) < 0)
			return -1;
		/* O_EXCL never follows a link: O_NOFOLLOW says so twice. */
		fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			return -1;
	}
	if (fd < 0)
		return -1;
	/* The mode only once the file is whole: nobody reads half a page. */
	if (write_all(fd, p, n) < 0 || fsync(fd) < 0 || fchmod(fd, (mode_t)mode) < 0) {
		saved = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) < 0) {
		saved = errno;
		goto fail;
	}
	/* A link at name is replaced itself, never what it points at. */
	if (renameat(dir, tmp, dir, name) < 0) {
		saved = errno;
		goto fail;
	}
	fsync(dir);
	return 0;
fail:
	unlinkat(dir, tmp, 0);
	errno = saved;
	return -1;
}

int
fs_write_atomic(const char *path, const void *p, size_t n)
{
	char *dir = g_path_get_dirname(path), *base = g_path_get_basename(path);
	/* The ledger's own directory, as its owner named it: links followed
	 * there; the file's name itself never is (fs_dir_write). */
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = -1;

	if (fd >= 0) {
		rc = fs_dir_write(fd, base, p, n, 0600);
		close(fd);
	}
	g_free(dir);
	g_free(base);
	return rc;
}

int
fs_dir_read(int dir, const char *name, char **out, size_t *len)
{
	/* Never waiting: a FIFO planted there must not hold the run forever. */
	struct stat sb;
	int fd = fs_open_regular(dir, name, 1, &sb), rc;

	if (fd == FS_NOT_REGULAR)
		errno = S_ISLNK(sb.st_mode) ? ELOOP : EINVAL;
	if (fd < 0)
		return -1;
	rc = fs_read_fd(fd, SIZE_MAX, out, len);
	close(fd);
	return rc;
}

int
fs_dir_has(int dir, const char *name)
{
	struct stat sb;

	return fstatat(dir, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode);
}

static int
ours(const char *name)
{
	const char *t;
	char *end;
	long pid;

	if (strncmp(name, TMP_PREFIX, sizeof TMP_PREFIX - 1) == 0)
		return strlen(name) == sizeof TMP_PREFIX - 1 + TMP_HEX &&
		    strspn(name + sizeof TMP_PREFIX - 1, "0123456789abcdef") == TMP_HEX;
	/* An older azalai's NAME.tmp.PID: it took no lock, so its PID says
	 * whether it still writes. */
	if ((t = strstr(name, ".tmp.")) == NULL)
		return 0;
	errno = 0;
	pid = strtol(t + 5, &end, 10);
	if (errno != 0 || end == t + 5 || *end != '\0' || pid <= 0)
		return 0;
	return pid != (long)getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

int
fs_dir_clean(int dir)
{
	DIR *dp;
	struct dirent *e;
	int n = 0, fd;

	/* Only alone: another writer's temporary file is not debris. Failing,
	 * flock may have dropped the shared lock it converts (flock(2)). */
	if (flock(dir, LOCK_EX | LOCK_NB) < 0) {
		hold_shared(dir);
		return 0;
	}
	if ((fd = dup(dir)) >= 0 && (dp = fdopendir(fd)) != NULL) {
		/* The copy shares dir's offset, where an earlier clean ended. */
		rewinddir(dp);
		while ((e = readdir(dp)) != NULL)
			if (ours(e->d_name) && unlinkat(dir, e->d_name, 0) == 0)
				n++;
		closedir(dp);
	} else if (fd >= 0) {
		close(fd);
	}
	hold_shared(dir);
	return n;
}
