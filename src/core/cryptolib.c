#include <glib.h>

#define CRYPTOLIB_NO_REDIRECT
#include "core/cryptolib.h"
#include "core/lazylib.h"

struct cryptolib cryptolib_fns;

#ifndef AZ_SONAME_CRYPTO
#define AZ_SONAME_CRYPTO "libcrypto.so.3"
#endif

static int
load(struct diag *d)
{
	void *h;

	if (lazylib_open(AZ_SONAME_CRYPTO, "SHA-256", &h, d) < 0)
		return -1;
#define SYM(n) || lazylib_sym(h, AZ_SONAME_CRYPTO, #n, &cryptolib_fns.n, d) < 0
	if (0 CRYPTOLIB_FUNCS(SYM))
		return -1;
#undef SYM
	return 0;
}

int
cryptolib_load(struct diag *d)
{
	/* hash.c keeps a context per thread: the first hash of each thread may
	 * come here at once. 1 loaded, 2 failed (err says why). */
	static gsize state;
	static struct diag err;

	if (g_once_init_enter(&state)) {
		gsize v = load(&err) < 0 ? 2 : 1;

		g_once_init_leave(&state, v);
	}
	if (state == 2) {
		if (d != NULL)
			*d = err;
		return -1;
	}
	return 0;
}
