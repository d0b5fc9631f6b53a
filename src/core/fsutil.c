#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <stdint.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/fsutil.h"
#include "core/testhook.h"

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
fs_open_regular(int dirfd, const char *path, int nofollow, struct stat *sb)
{
	int fd, flags;

	if (fstatat(dirfd, path, sb, nofollow ? AT_SYMLINK_NOFOLLOW : 0) < 0)
		return -1;
	if (!S_ISREG(sb->st_mode))
		return FS_NOT_REGULAR;
	testhook_swap_before_open(dirfd, path);
	fd = openat(dirfd, path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
	    (nofollow ? O_NOFOLLOW : 0));
	if (fd < 0) {
		/* Made a link since it was looked at. */
		if (errno == ELOOP && nofollow &&
		    fstatat(dirfd, path, sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(sb->st_mode))
			return FS_NOT_REGULAR;
		return -1;
	}
	/* Or swapped for a FIFO: what was opened is what counts. */
	if (fstat(fd, sb) < 0 || !S_ISREG(sb->st_mode) ||
	    (flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		int saved = errno, regular = S_ISREG(sb->st_mode);

		close(fd);
		errno = saved;
		return regular ? -1 : FS_NOT_REGULAR;
	}
	return fd;
}

const char *
fs_kind(mode_t mode)
{
	static const struct {
		mode_t type;
		const char *name;
	} kinds[] = {
		{ S_IFREG, "a regular file" }, { S_IFIFO, "a FIFO" },
		{ S_IFLNK, "a symbolic link" }, { S_IFDIR, "a directory" },
		{ S_IFCHR, "a character device" }, { S_IFBLK, "a block device" },
		{ S_IFSOCK, "a socket" },
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((mode & S_IFMT) == kinds[i].type)
			return kinds[i].name;
	return "not a regular file";
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
