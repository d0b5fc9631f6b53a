#define GMIMELIB_NO_REDIRECT
#include "core/lazylib.h"
#include "mail/gmimelib.h"

struct gmimelib gmimelib_fns;

#ifndef AZ_SONAME_GMIME
#define AZ_SONAME_GMIME "libgmime-3.0.so.0"
#endif

int
gmimelib_load(struct diag *d)
{
	static int loaded;
	void *h;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_GMIME, "mail", &h, d) < 0)
		return -1;
#define SYM(n) || lazylib_sym(h, AZ_SONAME_GMIME, #n, &gmimelib_fns.n, d) < 0
	if (0 GMIMELIB_FUNCS(SYM))
		return -1;
#undef SYM
	loaded = 1;
	return 0;
}
