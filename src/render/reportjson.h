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
/* In *json the view.json of seat's mail rendered from tmpl over root (the
 * report tree) for a reader of lang, for the caller to free; NULL when the mail carries none:
 * only reports do, only to a seat that asked. 0, or -1 with a diag. */
int reportjson_attachment(const char *lang, const struct play *, int seat,
    const char *tmpl, const struct tval *root, char **json, struct diag *);

#endif
