/* Files of the source tree, for the tests that read a deck, a template or
 * a corpus. */
#ifndef AZ_SRCFILE_H
#define AZ_SRCFILE_H

/* The file rel under $srcdir (else "."), whole and NUL-terminated (as
 * fs_read reads it), or NULL when it cannot be read (free it). */
char *src_read(const char *rel);

#endif
