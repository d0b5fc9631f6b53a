/* campaign-said: a game's settings as a player reads them (STATUS), one
 * message (core/msg.h) a line, rendered in the reader's language; the game
 * master's "key: value" lines are campaign_describe's. */
#ifndef AZ_CAMPAIGN_SAID_H
#define AZ_CAMPAIGN_SAID_H

#include "campaign/campaign.h"
#include "core/buf.h"

/* Appends to b one encoded message per setting, each ended by '\n'
 * (a message holds no newline); lang gives the word of the notify mode,
 * a word a player writes (NOTIFY due). */
void campaign_said(const struct campaign *, const char *lang, struct buf *b);

#endif
