/* maildate: the Date a mail was written, as the ledger keys a mail by it.
 * A mail stored once is known again by its Message-ID and its Date
 * (messages_mid, sql/018): the Date first, so that the index takes each new
 * mail near its end, among the mails of the last days, and not at a place
 * as random as a Message-ID in an index of every mail ever taken. */
#ifndef AZ_MAILDATE_H
#define AZ_MAILDATE_H

/* "2026-11-24T22:21:04Z" and its NUL. */
#define MAILDATE_MAX 21

/* The Date header's text in UTC, to the second; "" when there is none or
 * GMime cannot read it. The same text gives the same key every time. */
void maildate_key(const char *header, char out[MAILDATE_MAX]);

#endif
