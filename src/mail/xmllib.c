#define XMLLIB_NO_REDIRECT
#include "core/lazylib.h"
#include "mail/xmllib.h"

struct xmllib xmllib_fns;

#ifndef AZ_SONAME_XML
#define AZ_SONAME_XML "libxml2.so.2"
#endif

int
xmllib_load(struct diag *d)
{
	static int loaded;
	void *h;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_XML, "HTML and SVG", &h, d) < 0)
		return -1;
#define SYM(n) || lazylib_sym(h, AZ_SONAME_XML, #n, &xmllib_fns.n, d) < 0
	if (0 XMLLIB_FUNCS(SYM))
		return -1;
#undef SYM
	loaded = 1;
	return 0;
}
