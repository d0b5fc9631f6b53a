/* datadir: where templates/ and data/ are, for an installed azalai and for
 * one run from its build tree. */
#ifndef AZ_DATADIR_H
#define AZ_DATADIR_H

#include <stddef.h>

/* The file "make" leaves next to the built binary (never installed): its
 * first line is the source tree, which holds templates/ and data/. */
#define DATADIR_MARKER "azalai-srcdir"

/* Fills out (n bytes) with the first of: option (--datadir), the
 * AZALAI_DATADIR environment variable, configured (the config file's
 * datadir, "" when it names none), the source tree named by DATADIR_MARKER
 * beside the running executable (or above it), the installed PKGDATADIR. Returns -1 when
 * the path does not fit. */
int datadir_find(char *out, size_t n, const char *option, const char *configured);

/* Fills out (n bytes, at least PATH_MAX) with the directory of the running
 * executable (or the one above it), ending in '/', when that is a build tree
 * (DATADIR_MARKER) whose source tree is datadir: what the build makes from
 * the source tree, such as the compiled catalogs, is there. -1 otherwise. */
int datadir_build(char *out, size_t n, const char *datadir);

#endif
