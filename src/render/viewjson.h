/* viewjson: one reader's view of a game as JSON, for scripts and bots.
 *
 * The view is the same value tree the text report is rendered from, so the
 * JSON can hold nothing the reader's report could not. doc/view-json.md and
 * doc/view-schema.json describe the output; VIEW_JSON_VERSION changes when a
 * key is added, removed or changes type: the schema is strict. */
#ifndef AZ_VIEWJSON_H
#define AZ_VIEWJSON_H

#include "core/buf.h"
#include "core/diag.h"
#include "core/tval.h"

#define VIEW_JSON_VERSION 3

/* The view as JSON: {"schema": "azalai-view", "version": 3, "rules": ...,
 * "game": ..., "step": ..., "viewer": ..., "view": {...}}. viewer is a seat
 * index, -1 for an observer or VIEW_ALL once the game is over; it is written
 * as the index, "observer" or "all" (-1 too when the view reveals the seed:
 * the game is over). pretty indents the output. Appends to
 * out (with a final newline); 0, or -1 with a diag when a string in the view
 * is not UTF-8. */
int view_json(const char *game_rules_name, const char *game_name, long long step,
    int viewer, const struct tval *view, int pretty, struct buf *out, struct diag *);
/* The same for a reader of lang ("en", "de", ...): every string holding a
 * message (msg.h) is written as lang says it, as the text report does;
 * view_json writes English. */
int view_json_lang(const char *lang, const char *game_rules_name, const char *game_name,
    long long step, int viewer, const struct tval *view, int pretty, struct buf *out,
    struct diag *);

#endif
