/* catcomp: compiles one language's catalogs (po/<domain>/<lang>.po) into the
 * file src/catalog.c maps at run time (src/catbin.h). The build runs it
 * through src/azalai-catc.c; the tests call it on a copy of po/. */
#ifndef AZ_CATCOMP_H
#define AZ_CATCOMP_H

#include "diag.h"

/* 0, or -1 with a diag (an unreadable catalog, a file that cannot be written). */
int catcomp_compile(const char *podir, const char *lang, const char *out, struct diag *);

#endif
