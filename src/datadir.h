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
 * beside the running executable, the installed PKGDATADIR. Returns -1 when
 * the path does not fit. */
int datadir_find(char *out, size_t n, const char *option, const char *configured);

#endif
