/* address: whether a string a game master or player wrote is one bare mail
 * address (a seat's, a watcher's, the game master's), or a Message-ID. */
#ifndef AZ_ADDRESS_H
#define AZ_ADDRESS_H

#include <stddef.h>

/* 1 when GMime reads s as exactly one mailbox and writes it back as s:
 * "a(b)@x" (a comment), "a@b@c", "Bob <a@x>", "a..b@x" are not. Quoted local
 * parts and spaces are refused too: addresses are typed on command lines. */
int address_valid(const char *s);

/* 1 when s has something on both sides of its last "@": a mailbox without
 * a domain (a word of a display name GMime split off) is nobody's. */
int address_has_domain(const char *s);

/* 1 when s[0..n) is the inside of an RFC 5322 msg-id, without its <>:
 * dot-atom-text "@" (dot-atom-text or a [literal]), 7-bit. */
int address_msg_id(const char *s, size_t n);

#endif
