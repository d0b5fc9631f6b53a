/* Allocation that cannot fail: on exhaustion the referee logs and exits with
 * EX_OSERR rather than leave a half-written ledger transaction behind. */
#ifndef AZ_XMALLOC_H
#define AZ_XMALLOC_H

#include <stddef.h>

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xreallocarray(void *, size_t, size_t);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
int xasprintf(char **, const char *, ...) __attribute__((format(printf, 2, 3)));

#endif
