#include <stdarg.h>

#define CURLLIB_NO_REDIRECT
#include "core/lazylib.h"
#include "mail/curllib.h"

struct curllib curllib_fns;

#ifndef AZ_SONAME_CURL
#define AZ_SONAME_CURL "libcurl.so.4"
#endif

int
curllib_load(struct diag *d)
{
	static int loaded;
	void *h;

	if (loaded)
		return 0;
	if (lazylib_open(AZ_SONAME_CURL, "mail transport", &h, d) < 0)
		return -1;
#define SYM(n) || lazylib_sym(h, AZ_SONAME_CURL, #n, &curllib_fns.n, d) < 0
	if (0 CURLLIB_FUNCS(SYM))
		return -1;
#undef SYM
	loaded = 1;
	return 0;
}

/* The option's number says the type of its argument, as libcurl reads it
 * (curl.h, CURLOPTTYPE_*). */
CURLcode
(curl_easy_setopt)(CURL *h, CURLoption o, ...)
{
	va_list ap;
	CURLcode rc;

	va_start(ap, o);
	if (o < CURLOPTTYPE_OBJECTPOINT)
		rc = (curllib_fns.curl_easy_setopt)(h, o, va_arg(ap, long));
	else if (o < CURLOPTTYPE_FUNCTIONPOINT)
		rc = (curllib_fns.curl_easy_setopt)(h, o, va_arg(ap, void *));
	else if (o < CURLOPTTYPE_OFF_T)
		rc = (curllib_fns.curl_easy_setopt)(h, o, va_arg(ap, void (*)(void)));
	else if (o < CURLOPTTYPE_BLOB)
		rc = (curllib_fns.curl_easy_setopt)(h, o, va_arg(ap, curl_off_t));
	else
		rc = (curllib_fns.curl_easy_setopt)(h, o, va_arg(ap, void *));
	va_end(ap);
	return rc;
}

/* Every CURLINFO_* argument is a pointer. */
CURLcode
(curl_easy_getinfo)(CURL *h, CURLINFO i, ...)
{
	va_list ap;
	void *p;

	va_start(ap, i);
	p = va_arg(ap, void *);
	va_end(ap);
	return (curllib_fns.curl_easy_getinfo)(h, i, p);
}
