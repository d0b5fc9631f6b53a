/* fsutil: files written so that a crash leaves either the old or the new. */
#ifndef AZ_FSUTIL_H
#define AZ_FSUTIL_H

#include <stddef.h>

/* Temp file in the same directory, fsync, rename, fsync the directory. */
int fs_write_atomic(const char *path, const void *, size_t);
/* The same with the file's mode (published pages are 0644 whatever the umask). */
int fs_write_atomic_mode(const char *path, const void *, size_t, int mode);
int fs_mkdirs(const char *path);
/* Removes what fs_write_atomic left in dir when its writer was killed
 * (NAME.tmp.PID of a PID that no longer runs); returns how many. */
int fs_clean_tmp(const char *dir);
/* Whole file into a NUL-terminated buffer; -1 with errno set. */
int fs_read(const char *path, char **out, size_t *len);
/* flock() on path, polling for up to timeout seconds; returns the fd or -1
 * (errno EWOULDBLOCK when another holder kept it). */
int fs_lock(const char *path, int timeout);
void fs_unlock(int fd);

#endif
