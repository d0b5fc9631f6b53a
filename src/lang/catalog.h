/* catalog: translations, read from po/<domain>/<lang>.mo, what msgfmt
 * compiles each po/<domain>/<lang>.po into at build time (src/lang/mo.h).
 *
 * Not gettext's own lookups: they translate into the one language of the
 * process's locale, where a referee writes to every reader in theirs within
 * one run (and needs no locale installed for it), and they cannot list a
 * context's entries (catalog_each).
 *
 * Every language's catalogs are read once per process, when first asked.
 * English is the language of the message ids, so its catalogs hold only the
 * terms (msgctxt "term"); any other language must translate everything. */
#ifndef AZ_CATALOG_H
#define AZ_CATALOG_H

#include "core/diag.h"
#include "core/msg.h"

/* The lookups msg.c renders with. */
extern const struct msg_catalog catalog_msg;

/* The languages azalai ships (po/LINGUAS), NULL-terminated. */
extern const char *const catalog_languages[];

/* Remembers the data directory whose po/ holds the catalogs; reads no file
 * yet. */
void catalog_init(const char *datadir);
/* Forgets every language read, so the next use reads again (tests). */
void catalog_reset(void);
/* 0 when lang is shipped and its catalogs read; -1 with a diag naming what
 * is wrong (an unknown language, an unreadable file). */
int catalog_use(const char *lang, struct diag *);
/* The translation of msgid (msgctxt ctx, or none when NULL) in lang, or NULL
 * when the catalogs have none (or only a fuzzy or empty one). */
const char *catalog_get(const char *lang, const char *ctx, const char *msgid);
/* The form of a plural message for count n in lang, or NULL. */
const char *catalog_nget(const char *lang, const char *msgid, const char *plural,
    unsigned long n);
/* Whether a message lacking in lang's catalogs is a missing translation
 * (every language but English, whose ids are the text). */
int catalog_wants(const char *lang);
/* Calls fn for every translated entry of msgctxt ctx in lang's catalogs (in
 * no particular order): the order words a player may write (ordertr.h). */
void catalog_each(const char *lang, const char *ctx,
    void (*fn)(const char *msgid, const char *msgstr, void *), void *arg);
/* Which plural form count n takes in lang (its Plural-Forms). */
int catalog_plural_index(const char *lang, unsigned long n);

#endif
