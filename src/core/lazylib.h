/* lazylib: a library opened when first needed, not at start-up (see
 * drawlib.h and curllib.h for why). */
#ifndef AZ_LAZYLIB_H
#define AZ_LAZYLIB_H

#include "core/diag.h"

/* The library by soname, for the life of the process; what names the use
 * in the diag ("board picture"). */
int lazylib_open(const char *soname, const char *what, void **h, struct diag *);
/* *(function pointer *)fp = the symbol; -1 and a diag when it is missing. */
int lazylib_sym(void *h, const char *soname, const char *name, void *fp, struct diag *);

#endif
