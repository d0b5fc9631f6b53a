/* poread: the entries of one .po file, read with libgettextpo.
 *
 * The rules every reader of azalai's catalogs shares (src/lang/catalog.c at run
 * time, src/catc.c at build time): obsolete, fuzzy and untranslated entries
 * and the header (empty msgid) are skipped; a plural keeps its first two
 * forms, the second being the first when the catalog has only one. */
#ifndef AZ_POREAD_H
#define AZ_POREAD_H

#include "core/diag.h"

/* ctx is NULL for an entry without msgctxt; plural is NULL for an entry that
 * is not a plural. */
typedef void po_entry_fn(const char *ctx, const char *id, const char *form,
    const char *plural, void *arg);

/* Calls fn for every entry of path in file order: 0, or -1 with a diag when
 * the file is missing or malformed (its errors go to the log). */
int po_read(const char *path, po_entry_fn *fn, void *arg, struct diag *);

#endif
