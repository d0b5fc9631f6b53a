/* msg: what the engines and the referee say to players, kept as data until
 * the reader's language is known.
 *
 * A sentence is written as a printf format in English; that format is its
 * message id (gettext's msgid, extracted by xgettext, translated in
 * po/<domain>/<lang>.po as a c-format string that may reorder its arguments
 * with %1$s). msg_fmt keeps the format and its arguments, encoded in one
 * string; msg_render writes it in a language. An argument that is itself an
 * encoded message (a fragment) or a term renders in the same language.
 *
 * A term names a thing of the game (a card, a good, a keyword): TERM("good.
 * dates") is a key, rendered from msgctxt "term" in the catalogs (English
 * included, so a key never reaches a reader).
 *
 * An order is an example of what a player writes, in English: ORDER("targi",
 * "PLACE n") renders with every order word of that game (and every common
 * one) made the word the reader writes for it, as the catalogs' msgctxt
 * "order.<game>" and "order.common" say (the first alternative); other
 * words (numbers, "n") stay as they are. ORDER("", "PRESS TO ALL") knows
 * only the common words. Engines know no language: they name the English
 * order, the referee renders it.
 *
 * Plain strings (no mark) render as themselves: player names, press, and
 * narratives a ledger kept before messages existed.
 *
 * The encoding: MSG_MARK, a kind ('s' one form, 'p' singular and plural with
 * the count first), then fields "<decimal length>:<bytes>": the format(s),
 * then one field per conversion, numbers in decimal. It holds no newline or
 * tab, so a narrative line stays one line. */
#ifndef AZ_MSG_H
#define AZ_MSG_H

#include <stdarg.h>
#include <stddef.h>

#include "core/buf.h"

#define MSG_MARK '\001'
#define TERM_MARK '\002'
#define TERM(key) "\002" key
#define ORDER_MARK '\003'
#define ORDER(game, line) "\003" game ":" line

/* Marks a format for xgettext where it is not passed straight to msg_fmt,
 * ev_emit or diag_set (a table of formats). */
#define N_(s) s

/* Encodes into out (size n, always terminated). Returns -1 when it did not
 * fit (out then holds a shorter but still valid message: the format alone). */
int msg_fmt(char *out, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int msg_vfmt(char *out, size_t n, const char *fmt, va_list);
/* The plural form: count chooses between singular and plural in the reader's
 * language (its Plural-Forms); count is also the first argument. */
int msg_nfmt(char *out, size_t n, unsigned long count, const char *singular,
    const char *plural, ...) __attribute__((format(printf, 4, 6)))
    __attribute__((format(printf, 5, 6)));
/* A term key as a string, for keys made at run time ("card.213"). */
void msg_term(char *out, size_t n, const char *key);
/* An order as a string, for orders made at run time ("TAKE B2 D"). */
void msg_order(char *out, size_t n, const char *game, const char *line);

/* Appends s rendered in lang ("en", "de", ...) to out. A message or term the
 * catalogs of lang lack is rendered in English and counted (msg_missing), so
 * a test can fail on it; it is never silently dropped. */
void msg_render(const char *lang, const char *s, struct buf *out);
/* The same, as a new string. */
char *msg_text(const char *lang, const char *s);
/* msg_render with a memo kept beside s (zeroed before its first use), for a
 * string rendered over and over (a report's text and HTML parts show the
 * same value, and the parts every reader sees alike are one tree): the
 * memo finds the text again without reading s. s must not change while
 * the memo is kept. */
struct msg_said {
	const void *at;		/* msg.c's cache slot */
	unsigned long gen;	/* the life of that cache it was set in */
};
void msg_render_said(const char *lang, const char *s, struct msg_said *, struct buf *out);
/* Renders in place into a fixed buffer (English for logs and the CLI). */
void msg_english(const char *s, char *out, size_t n);
/* Whether s holds a message or a term anywhere. */
int msg_is_encoded(const char *s);
/* Argument i (from 0) of s, as text into out, when s is exactly one
 * message of the one form fmt; -1 otherwise. For a reader that must know
 * what a kept message said, whatever the catalogs make of it. */
int msg_arg(const char *s, const char *fmt, int i, char *out, size_t n);

/* Where translations come from. The referee plugs in its catalogs
 * (catalog.h); engines and their tests have none, and then every message
 * renders as its English format and a term as its key. */
struct msg_catalog {
	const char *(*get)(const char *lang, const char *ctx, const char *id);
	const char *(*nget)(const char *lang, const char *id, const char *plural,
	    unsigned long n);
	int (*wants)(const char *lang);
};
void msg_use_catalog(const struct msg_catalog *);

/* How many lookups found no translation since the process started. */
unsigned long msg_missing(void);
/* The last message id that had no translation, for a test to name it. */
const char *msg_missing_last(void);

#endif
