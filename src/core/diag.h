/* diag: an error for people, carried beside the int return code. */
#ifndef AZ_DIAG_H
#define AZ_DIAG_H

#include <stdarg.h>

#define DIAG_MSG 512

struct diag {
	int line;            /* 1-based line of the input it is about, 0 if none */
	char msg[DIAG_MSG];  /* one sentence, no trailing newline, in English */
	/* The same as a message (msg.h), for a reader in their language. */
	char enc[4 * DIAG_MSG];
};

void diag_clear(struct diag *);
/* Sets msg (and line, when line > 0). Returns -1 so callers can
 * "return diag_set(d, ...)". A NULL diag is allowed and ignored. */
int diag_set(struct diag *, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int diag_vset(struct diag *, int line, const char *fmt, va_list);

#endif
