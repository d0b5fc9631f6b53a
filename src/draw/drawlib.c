#define DRAWLIB_NO_REDIRECT
#include "core/lazylib.h"
#include "draw/drawlib.h"

struct drawlib drawlib_fns;

/* The sonames configure found (those of the libraries the headers came with). */
#ifndef AZ_SONAME_RSVG
#define AZ_SONAME_RSVG "librsvg-2.so.2"
#endif
#ifndef AZ_SONAME_CAIRO
#define AZ_SONAME_CAIRO "libcairo.so.2"
#endif
#ifndef AZ_SONAME_LIQ
#define AZ_SONAME_LIQ "libimagequant.so.0"
#endif
#ifndef AZ_SONAME_PNG
#define AZ_SONAME_PNG "libpng16.so.16"
#endif

int
drawlib_load(struct diag *d)
{
	static int loaded;
	void *rsvg, *cairo, *liq, *png;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_RSVG, "board picture", &rsvg, d) < 0 ||
	    lazylib_open(AZ_SONAME_CAIRO, "board picture", &cairo, d) < 0 ||
	    lazylib_open(AZ_SONAME_LIQ, "board picture", &liq, d) < 0 ||
	    lazylib_open(AZ_SONAME_PNG, "board picture", &png, d) < 0)
		return -1;
#define SYM_RSVG(n) || lazylib_sym(rsvg, AZ_SONAME_RSVG, #n, &drawlib_fns.n, d) < 0
#define SYM_CAIRO(n) || lazylib_sym(cairo, AZ_SONAME_CAIRO, #n, &drawlib_fns.n, d) < 0
#define SYM_LIQ(n) || lazylib_sym(liq, AZ_SONAME_LIQ, #n, &drawlib_fns.n, d) < 0
#define SYM_PNG(n) || lazylib_sym(png, AZ_SONAME_PNG, #n, &drawlib_fns.n, d) < 0
	/* Half a table is no table: loaded stays 0, the next picture fails alike. */
	if (0 DRAWLIB_RSVG(SYM_RSVG) DRAWLIB_CAIRO(SYM_CAIRO) DRAWLIB_LIQ(SYM_LIQ)
	    DRAWLIB_PNG(SYM_PNG))
		return -1;
#undef SYM_RSVG
#undef SYM_CAIRO
#undef SYM_LIQ
#undef SYM_PNG
	/* libimagequant's OpenMP held to one thread (a build without OpenMP
	 * has no omp_set_num_threads to find): a thread more would halve a
	 * picture's wall time at best, not its CPU, and would spin on the
	 * referee's cores and add its stack and malloc arena to the drawing
	 * process. */
	{
		void (*threads)(int);
		struct diag none;

		if (lazylib_sym(liq, AZ_SONAME_LIQ, "omp_set_num_threads", &threads, &none) == 0)
			threads(1);
	}
	loaded = 1;
	return 0;
}
