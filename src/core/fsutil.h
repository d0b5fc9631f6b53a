/* fsutil: files read whole or piece by piece, only when regular; the
 * directories above a file made; a file locked. */
#ifndef AZ_FSUTIL_H
#define AZ_FSUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

int fs_mkdirs(const char *path);
/* Whole file into a NUL-terminated buffer; -1 with errno set. */
int fs_read(const char *path, char **out, size_t *len);
/* The same from an open file, up to its end or its first `most` bytes. */
int fs_read_fd(int fd, size_t most, char **out, size_t *len);
/* Reads fd to its end, or its first `most` bytes, and hands each piece
 * read to each(arg, piece, bytes): what is read need not be held. 0, or -1
 * with errno when a read fails. */
int fs_read_each(int fd, uint64_t most, void (*each)(void *arg, const char *, size_t),
    void *arg);
/* fs_open_regular's answer for a file that is not a regular one. */
#define FS_NOT_REGULAR (-2)
/* Opens path (relative to the directory dirfd, or AT_FDCWD) to read it,
 * when it is a regular file: never waiting (a FIFO without a writer waits
 * forever), and with nofollow never through a symbolic link. Returns the
 * file descriptor with *sb its fstat; FS_NOT_REGULAR with *sb saying what
 * it is (a link's own lstat with nofollow); -1 with errno when it cannot be
 * looked at or opened. A device is never opened (opening one can act on
 * it). */
int fs_open_regular(int dirfd, const char *path, int nofollow, struct stat *sb);
/* What a file that is not regular is, for a person: "a FIFO", ... */
const char *fs_kind(mode_t mode);
/* flock() on path, polling for up to timeout seconds; returns the fd or -1
 * (errno EWOULDBLOCK when another holder kept it). */
int fs_lock(const char *path, int timeout);
void fs_unlock(int fd);

#endif
