/* lang: the language each reader reads. A seat's (seats.language) or an
 * observer's (watchers.language) own choice wins; "" takes the
 * configuration's "language", the campaign default. Every mail to a reader
 * is rendered in that reader's language (render_lang before report_tree). */
#ifndef AZ_LANG_H
#define AZ_LANG_H

#include <stdint.h>

#include <time.h>

#include "campaign/campaign.h"
#include "core/config.h"
#include "ledger/play.h"
#include "render/render.h"

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
/* Renders the next mails for seat (-1 with address: that observer). */
void lang_render_for(struct render *, struct ledger *, const struct config *,
    const struct play *, int seat, const char *address);
/* Sets the seat's own language, in the ledger and in p. */
int lang_set_seat(struct ledger *, struct play *, int seat, const char *lang,
    struct diag *);
/* Sets an observer's own language; 0 when it does not watch the game. */
int lang_set_watcher(struct ledger *, int64_t game, const char *address,
    const char *lang, struct diag *);

/* A time for a reader, in the campaign's zone: a message (msg.h) that
 * renders in the reader's language, its weekday and month names terms and
 * its order a message of po/common ("Tue 24 Nov 2026 20:00 CET", "Dienstag,
 * 24. November 2026, 20:00 CET"). out holds LANG_DATE bytes. */
#define LANG_DATE 256
void lang_date(const struct campaign *, time_t, char *out, size_t);
/* lang_date rendered in English, for logs and the command line ("Tue 24 Nov
 * 2026 20:00 CET"): the same message, so English reads the same everywhere. */
void lang_date_english(const struct campaign *, time_t, char *out, size_t);
/* The same as lang_date for an ISO UTC time from the ledger; "" (or
 * unreadable) stays as is. */
void lang_date_iso(const struct campaign *, const char *iso, char *out, size_t);

#endif
