/* reportjson: a seat's reports may carry its view as JSON (view.json,
 * doc/view-json.md), for the player's scripts and bots. The seat asks for it
 * with the mail line JSON ON, or the game master with `azalai seat GAME SEAT
 * json on`; it holds until JSON OFF. */
#ifndef AZ_REPORTJSON_H
#define AZ_REPORTJSON_H

#include "ledger/play.h"

/* "on" or "off" (any case) as 1 or 0 in *on; -1 with a diag. */
int reportjson_parse(const char *word, int *on, struct diag *);
/* Sets the seat's wish, in the ledger and in p. */
int reportjson_set(struct ledger *, struct play *, int seat, int on, struct diag *);
/* Sets od to one sentence for the player about what its reports carry from
 * now on. */
void reportjson_says(int on, struct diag *od);
/* A view_keys of reportjson_attachment: the whole tree is the view. */
#define REPORT_VIEW_ALL_KEYS ((size_t)-1)

/* In *json the view.json of seat's mail over root for a reader of lang, for
 * the caller to free: root's first view_keys keys are the report tree (the
 * rest the mail's own, as an ack's lines), all of them with
 * REPORT_VIEW_ALL_KEYS. NULL when the mail carries none: a mail without a
 * view (view_keys 0), or to a seat that did not ask. 0, or -1 with a diag. */
int reportjson_attachment(const char *lang, const struct play *, int seat,
    size_t view_keys, const struct tval *root, char **json, struct diag *);

#endif
