/* deliver: one way of handing a finished mail on, behind one function.
 * The envelope's sender and recipient (from, to) are 7-bit, spelled as the
 * mail's From and To (address_ascii). Transports fill cause for the log and
 * the outbox row; temporary failures are retried on a later run, permanent
 * ones are not. */
#ifndef AZ_DELIVER_H
#define AZ_DELIVER_H

#include <stddef.h>

#include "core/config.h"

enum deliver_result { DELIVER_OK = 0, DELIVER_TEMPFAIL = -1, DELIVER_PERMFAIL = -2 };

struct deliver {
	const char *name;
	int (*send)(const struct config *, long long id, const char *kind, const char *from,
	    const char *to, const char *raw, size_t len, char *cause, size_t causelen);
};

extern const struct deliver deliver_outdir;
extern const struct deliver deliver_sendmail;
extern const struct deliver deliver_smtp;

const struct deliver *deliver_find(const char *name);

#endif
