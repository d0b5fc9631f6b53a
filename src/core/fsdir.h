/* fsdir: the directories azalai writes that others may write in too: the
 * archive (a web server's or a deploy user's), deliver.outdir, and the
 * Maildir it takes mail from (fetch-maildir.c).
 *
 * Each is held open and everything in it is named relative to that
 * descriptor, never by a path, so a symbolic link planted in it is never
 * followed: the directory named and its subdirectories are opened with
 * O_NOFOLLOW (a link there is refused, errno ELOOP); a file is written to a
 * temporary file of a random name made with O_EXCL (which never follows a
 * link) and renamed over its name, which replaces a link there, not what
 * it points at; a file is read only when it is a regular file itself.
 *
 * The temporary files (.azalai-tmp- and 16 hex digits) are 0600 until
 * they are whole. One that a killed writer left is removed by the next
 * fs_dir_clean, when no other writer has the directory open: each open
 * descriptor holds a shared flock on its directory, the cleaner an
 * exclusive one. */
#ifndef AZ_FSDIR_H
#define AZ_FSDIR_H

#include <stddef.h>

/* Opens the directory at path, making it with mode (its missing parents
 * 0700) when it is missing and mode is not 0. Its last part may not be a
 * link. The descriptor, or -1 with errno. */
int fs_dir_open(const char *path, int mode);
/* The same for the directory name in dir. */
int fs_dir_sub(int dir, const char *name, int mode);
void fs_dir_close(int dir);
/* Writes name in dir: temporary file, fsync, mode, rename, fsync dir. */
int fs_dir_write(int dir, const char *name, const void *, size_t, int mode);
/* fs_dir_write to path, in the directory its owner named (links followed
 * there, never at the file's own name); the file is the owner's alone
 * (0600). */
int fs_write_atomic(const char *path, const void *, size_t);
/* name's bytes, NUL-terminated; -1 with errno, also when it is no regular
 * file (a link or a FIFO planted there: ELOOP, EINVAL). */
int fs_dir_read(int dir, const char *name, char **out, size_t *len);
/* 1 when name is a regular file, not a link to one. */
int fs_dir_has(int dir, const char *name);
/* Removes the temporary files that killed writers left in dir, also the
 * NAME.tmp.PID of older azalais whose PID is gone, unless another process
 * has dir open with fs_dir_*. Returns how many. */
int fs_dir_clean(int dir);

#endif
