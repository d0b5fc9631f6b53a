#define JSONLIB_NO_REDIRECT
#include "core/lazylib.h"
#include "render/jsonlib.h"

struct jsonlib jsonlib_fns;

#ifndef AZ_SONAME_JSON
#define AZ_SONAME_JSON "libjson-glib-1.0.so.0"
#endif

int
jsonlib_load(struct diag *d)
{
	static int loaded;
	void *h;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_JSON, "view as JSON", &h, d) < 0)
		return -1;
#define SYM(n) || lazylib_sym(h, AZ_SONAME_JSON, #n, &jsonlib_fns.n, d) < 0
	if (0 JSONLIB_FUNCS(SYM))
		return -1;
#undef SYM
	loaded = 1;
	return 0;
}
