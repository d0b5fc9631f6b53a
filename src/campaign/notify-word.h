/* notify-word: the ways a seat can be told (notify.h) as the words people
 * write, for the campaign's setting, a campaign file and a seat's own
 * choice. */
#ifndef AZ_NOTIFY_WORD_H
#define AZ_NOTIFY_WORD_H

#include "core/diag.h"

/* word (any case) as "every", "due" or "digest" in out; -1 with a diag. */
int notify_parse(const char *word, char out[8], struct diag *);

#endif
