/* address: whether a string is a mail address (or a Message-ID), and the
 * one spelling of an address that goes out: in the To header, the
 * envelope and the outbox row. */
#ifndef AZ_ADDRESS_H
#define AZ_ADDRESS_H

#include <stddef.h>

#include "core/diag.h"

/* Room for an address: RFC 5321's longest local part (64), "@", its
 * longest domain (255), NUL. */
#define ADDRESS_MAX 321

/* 1 when GMime reads s as exactly one mailbox and writes it back as s:
 * "a(b)@x" (a comment), "a@b@c", "Bob <a@x>", "a..b@x" are not. Quoted local
 * parts and spaces are refused too: addresses are typed on command lines.
 * So is one address_ascii has no spelling for (an 8-bit local part). */
int address_valid(const char *s);

/* 1 when s has something on both sides of its last "@": a mailbox without
 * a domain (a word of a display name GMime split off) is nobody's. */
int address_has_domain(const char *s);

/* s as 7-bit mail carries it, into out (n bytes): the domain in IDNA
 * A-labels exactly as GMime writes it into To and From, the local part as
 * it is. -1 and a diag saying why when there is no such spelling: no
 * domain, not one address, a local part with a control (a CR or LF would
 * end the RCPT command or the To header) or one that is not ASCII (only
 * SMTPUTF8 with 8-bit headers could carry it, and the referee writes 7-bit
 * mail), or a domain that is no host name even in A-labels. */
int address_ascii(const char *s, char *out, size_t n, struct diag *);

/* 1 when s[0..n) is the inside of an RFC 5322 msg-id, without its <>:
 * dot-atom-text "@" (dot-atom-text or a [literal]), 7-bit. */
int address_msg_id(const char *s, size_t n);

#endif
