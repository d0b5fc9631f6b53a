/* lang: the language each reader reads. A seat's (seats.language) or an
 * observer's (watchers.language) own choice wins; "" takes the
 * configuration's "language", the campaign default. Every mail to a reader
 * is rendered in that reader's language (lang_render_for, render.h). */
#ifndef AZ_LANG_H
#define AZ_LANG_H

#include <stdint.h>

#include "core/config.h"
#include "ledger/play.h"

#define LANG_LEN 16

/* word (any case) as a shipped language ("de") in out (may be NULL, or word
 * itself), its catalogs read;
 * -1 with a diag (a message) naming the languages azalai speaks. */
int lang_parse(const char *word, char out[LANG_LEN], struct diag *);
/* The same without reading the catalogs (they are read when first used). */
int lang_word(const char *word, char out[LANG_LEN], struct diag *);
/* The language seat reads in. */
const char *lang_seat(const struct config *, const struct play *, int seat);
/* The language the observer at address reads in (out holds it). */
const char *lang_watcher(struct ledger *, const struct config *, int64_t game,
    const char *address, char out[LANG_LEN]);
/* Sets the seat's own language, in the ledger and in p. */
int lang_set_seat(struct ledger *, struct play *, int seat, const char *lang,
    struct diag *);

#endif
