#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "fsdir.h"
#include "fsutil.h"

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
fs_mkdirs(const char *path)
{
	/* GLib also refuses a file where a directory should be (ENOTDIR), which
	 * mkdir's EEXIST would let pass. */
	return g_mkdir_with_parents(path, 0700);
}

int
fs_read(const char *path, char **out, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = fs_read_fd(fd, out, len);
	close(fd);
	return rc;
}

int
fs_read_fd(int fd, char **out, size_t *len)
{
	struct buf b = BUF_INIT;
	char chunk[65536];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			int saved = errno;

			if (saved == EINTR)
				continue;
			buf_free(&b);
			errno = saved;
			return -1;
		}
		buf_add(&b, chunk, (size_t)n);
	}
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
