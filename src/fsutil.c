#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "fsutil.h"
#include "xmalloc.h"

static int
fsync_dir(const char *path)
{
	char *copy = xstrdup(path);
	int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);

	free(copy);
	if (fd < 0)
		return -1;
	fsync(fd);
	close(fd);
	return 0;
}

int
fs_write_atomic(const char *path, const void *p, size_t n)
{
	return fs_write_atomic_mode(path, p, n, 0600);
}

int
fs_write_atomic_mode(const char *path, const void *p, size_t n, int mode)
{
	char *tmp;
	int fd, saved;
	const char *c = p;

	xasprintf(&tmp, "%s.tmp.%ld", path, (long)getpid());
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		goto fail;
	/* fchmod: the umask (077 for the ledger's sake) must not apply here. */
	if (mode != 0600 && fchmod(fd, (mode_t)mode) < 0) {
		close(fd);
		goto fail_unlink;
	}
	while (n > 0) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			goto fail_unlink;
		}
		c += w;
		n -= (size_t)w;
	}
	if (fsync(fd) < 0 || close(fd) < 0)
		goto fail_unlink;
	if (rename(tmp, path) < 0)
		goto fail_unlink;
	free(tmp);
	fsync_dir(path);
	return 0;
fail_unlink:
	saved = errno;
	unlink(tmp);
	errno = saved;
fail:
	free(tmp);
	return -1;
}

int
fs_clean_tmp(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (dp == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL) {
		const char *t = strstr(e->d_name, ".tmp.");
		char *end, *path;
		long pid;

		if (t == NULL)
			continue;
		errno = 0;
		pid = strtol(t + 5, &end, 10);
		if (errno != 0 || end == t + 5 || *end != '\0' || pid <= 0)
			continue;
		/* A writer still running (another ledger's run) keeps its file. */
		if (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		xasprintf(&path, "%s/%s", dir, e->d_name);
		if (unlink(path) == 0)
			n++;
		free(path);
	}
	closedir(dp);
	return n;
}

int
fs_mkdirs(const char *path)
{
	/* GLib also refuses a file where a directory should be (ENOTDIR), which
	 * mkdir's EEXIST would let pass. */
	return g_mkdir_with_parents(path, 0700);
}

int
fs_read(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = BUF_INIT;
	char chunk[65536];
	size_t n;

	if (f == NULL)
		return -1;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	if (ferror(f)) {
		int saved = errno;

		fclose(f);
		buf_free(&b);
		errno = saved;
		return -1;
	}
	fclose(f);
	buf_adds(&b, "");
	*len = b.len;
	*out = buf_steal(&b);
	return 0;
}

int
fs_lock(const char *path, int timeout)
{
	int fd = open(path, O_RDWR | O_CREAT, 0600);
	struct timespec step = { 0, 100 * 1000 * 1000 };

	if (fd < 0)
		return -1;
	for (int tries = 0; ; tries++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK || tries >= timeout * 10) {
			int saved = errno;

			close(fd);
			errno = saved;
			return -1;
		}
		nanosleep(&step, NULL);
	}
}

void
fs_unlock(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}
