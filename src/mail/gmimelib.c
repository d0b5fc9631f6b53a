#define GMIMELIB_NO_REDIRECT
#include <stdlib.h>
#include <sysexits.h>

#include "core/log.h"
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

void
gmimelib_init(void)
{
	static gsize done;

	if (g_once_init_enter(&done)) {
		struct diag d;

		/* Like a hash without libcrypto: an installation error; what the
		 * run took in stays in the ledger for a run that has GMime. */
		diag_clear(&d);
		if (gmimelib_load(&d) < 0) {
			log_error("internal: %s", d.msg);
			exit(EX_SOFTWARE);
		}
		gmimelib_fns.g_mime_init();
		g_once_init_leave(&done, 1);
	}
}
