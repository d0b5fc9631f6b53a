/* authres: what the operator's own mail server found about a mail's From,
 * read from its Authentication-Results header fields (RFC 8601), as a
 * second proof beside the seat's token (referee/answer.c).
 *
 * Neither libopendmarc nor libopendkim exports a reader for these fields
 * (each milter keeps its own), so this reads just what the referee needs:
 * the authserv-id, and the dmarc results with their header.from. */
#ifndef AZ_AUTHRES_H
#define AZ_AUTHRES_H

#include <stddef.h>

#define AUTHRES_WORD 64
#define AUTHRES_DOMAIN 256

/* One Authentication-Results field of the server asked about. */
struct authres {
	int ndmarc;                       /* dmarc results read */
	int disagree;                     /* two of them differ */
	int broken;                       /* reading stopped at a fault in the
	                                     field: what came after counts for
	                                     nothing */
	char result[AUTHRES_WORD];        /* the first one's result, lower-case */
	char header_from[AUTHRES_DOMAIN]; /* its header.from (the domain, an
	                                     address's part after the @),
	                                     lower-case, "" when it has none */
};

/* Reads value, one field's value (unfolded): 1 when its authserv-id is
 * authserv_id, compared without regard to case, with *out filled; 0 when
 * it is another's or has none that can be read. The id must come first,
 * bare, and end with white space, "(", ";" or the field: after a comment,
 * quoted or followed by a job id ("mx.example.org/4XyZ"), RFC 8601 allows
 * it or a milter writes it, but it is not taken for authserv_id's. */
int authres_read(const char *value, const char *authserv_id, struct authres *out);

enum authres_verdict {
	AUTHRES_UNKNOWN,   /* nothing to go by */
	AUTHRES_PASS,      /* DMARC passed for the From's domain */
	AUTHRES_FAIL,      /* DMARC failed for it */
	AUTHRES_MISMATCH   /* the verdict names another domain than the From's,
	                      or contradicts itself */
};

/* The verdict of authserv_id's server on a mail from from_addr, given the
 * values of the mail's Authentication-Results fields, top first. A server
 * puts its fields above those the mail came with, so its topmost field
 * decides, and every other (lower down, where a sender can write one, or
 * under another authserv-id) counts for nothing: a topmost field without a
 * dmarc result, or one that cannot be read, gives no verdict. found (may be
 * NULL) gets that field. "" authserv_id: unknown. */
enum authres_verdict authres_verdict(char *const *values, size_t n, const char *authserv_id,
    const char *from_addr, struct authres *found);

#endif
