#include <dlfcn.h>
#include <string.h>

#include "core/lazylib.h"

int
lazylib_open(const char *soname, const char *what, void **h, struct diag *d)
{
	/* RTLD_NODELETE: the pointers taken stay good until exit. */
	if ((*h = dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)) == NULL) {
		const char *e = dlerror();

		return diag_set(d, 0, "%s: cannot load %s: %s", what, soname,
		    e != NULL ? e : "unknown error");
	}
	return 0;
}

int
lazylib_sym(void *h, const char *soname, const char *name, void *fp, struct diag *d)
{
	void *p;

	dlerror();
	if ((p = dlsym(h, name)) == NULL)
		return diag_set(d, 0, "%s has no %s", soname, name);
	/* POSIX's way from dlsym's void * to a function pointer (ISO C has none). */
	memcpy(fp, &p, sizeof p);
	return 0;
}
