/* catcomp: compiles one language's catalogs (po/<domain>/<lang>.po) into the
 * file src/lang/catalog.c maps at run time (src/lang/catbin.h). The build runs it
 * through src/lang/azalai-catc.c; the tests call it on a copy of po/. */
#ifndef AZ_CATCOMP_H
#define AZ_CATCOMP_H

#include "core/diag.h"

/* 0, or -1 with a diag (an unreadable catalog, a file that cannot be written). */
int catcomp_compile(const char *podir, const char *lang, const char *out, struct diag *);

#endif
