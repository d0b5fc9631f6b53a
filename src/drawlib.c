#define DRAWLIB_NO_REDIRECT
#include "drawlib.h"
#include "lazylib.h"

struct drawlib drawlib_fns;

/* The sonames configure found (those of the libraries the headers came with). */
#ifndef AZ_SONAME_RSVG
#define AZ_SONAME_RSVG "librsvg-2.so.2"
#endif
#ifndef AZ_SONAME_CAIRO
#define AZ_SONAME_CAIRO "libcairo.so.2"
#endif
#ifndef AZ_SONAME_GD
#define AZ_SONAME_GD "libgd.so.3"
#endif

int
drawlib_load(struct diag *d)
{
	static int loaded;
	void *rsvg, *cairo, *gd;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_RSVG, "board picture", &rsvg, d) < 0 ||
	    lazylib_open(AZ_SONAME_CAIRO, "board picture", &cairo, d) < 0 ||
	    lazylib_open(AZ_SONAME_GD, "board picture", &gd, d) < 0)
		return -1;
#define SYM_RSVG(n) || lazylib_sym(rsvg, AZ_SONAME_RSVG, #n, &drawlib_fns.n, d) < 0
#define SYM_CAIRO(n) || lazylib_sym(cairo, AZ_SONAME_CAIRO, #n, &drawlib_fns.n, d) < 0
#define SYM_GD(n) || lazylib_sym(gd, AZ_SONAME_GD, #n, &drawlib_fns.n, d) < 0
	/* Half a table is no table: loaded stays 0, the next picture fails alike. */
	if (0 DRAWLIB_RSVG(SYM_RSVG) DRAWLIB_CAIRO(SYM_CAIRO) DRAWLIB_GD(SYM_GD))
		return -1;
#undef SYM_RSVG
#undef SYM_CAIRO
#undef SYM_GD
	loaded = 1;
	return 0;
}
