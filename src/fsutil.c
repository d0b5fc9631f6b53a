#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <stdint.h>
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
	rc = fs_read_fd(fd, SIZE_MAX, out, len);
	close(fd);
	return rc;
}

int
fs_read_each(int fd, uint64_t most, void (*each)(void *, const char *, size_t), void *arg)
{
	char chunk[65536];
	uint64_t got = 0;

	while (got < most) {
		ssize_t n = read(fd, chunk, most - got < sizeof chunk ? (size_t)(most - got) :
		    sizeof chunk);

		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		each(arg, chunk, (size_t)n);
		got += (uint64_t)n;
	}
	return 0;
}

static void
add_piece(void *b, const char *p, size_t n)
{
	buf_add(b, p, n);
}

int
fs_read_fd(int fd, size_t most, char **out, size_t *len)
{
	struct buf b = BUF_INIT;

	if (fs_read_each(fd, most, add_piece, &b) < 0) {
		int saved = errno;

		buf_free(&b);
		errno = saved;
		return -1;
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
