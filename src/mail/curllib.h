/* curllib: libcurl, opened by the first transfer (curlx_open).
 *
 * Linked the usual way it costs every run of azalai its start-up (about
 * 4 ms: libcurl brings TLS, Kerberos, LDAP, SSH and HTTP/2 libraries), most
 * of an idle "azalai run" that talks to no server. The calls below go
 * through the pointers curllib_load fills; curl_easy_setopt and
 * curl_easy_getinfo, macros with type checks in curl.h, keep them: curllib.c
 * defines the functions those macros call, and forwards. */
#ifndef AZ_CURLLIB_H
#define AZ_CURLLIB_H

#include <curl/curl.h>

#include "core/diag.h"

#define CURLLIB_FUNCS(F) \
	F(curl_easy_cleanup) \
	F(curl_easy_getinfo) \
	F(curl_easy_init) \
	F(curl_easy_perform) \
	F(curl_easy_setopt) \
	F(curl_easy_strerror) \
	F(curl_easy_unescape) \
	F(curl_free) \
	F(curl_global_init) \
	F(curl_slist_append) \
	F(curl_slist_free_all)

#define CURLLIB_MEMBER(name) __typeof__(name) *name;
struct curllib {
	CURLLIB_FUNCS(CURLLIB_MEMBER)
};
#undef CURLLIB_MEMBER

extern struct curllib curllib_fns;

/* Opens libcurl once; -1 and a diag when it is missing. */
int curllib_load(struct diag *);

#ifndef CURLLIB_NO_REDIRECT
#define curl_easy_cleanup (curllib_fns.curl_easy_cleanup)
#define curl_easy_init (curllib_fns.curl_easy_init)
#define curl_easy_perform (curllib_fns.curl_easy_perform)
#define curl_easy_strerror (curllib_fns.curl_easy_strerror)
#define curl_easy_unescape (curllib_fns.curl_easy_unescape)
#define curl_free (curllib_fns.curl_free)
#define curl_global_init (curllib_fns.curl_global_init)
#define curl_slist_append (curllib_fns.curl_slist_append)
#define curl_slist_free_all (curllib_fns.curl_slist_free_all)
#endif

#endif
