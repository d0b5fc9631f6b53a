/* press: a player's message to other players, relayed by the referee. In an
 * order mail, "PRESS TO seat[,seat...]" or "PRESS TO ALL" (then ANONYMOUS
 * when the campaign allows it) starts it; the lines after it, up to a line
 * ENDPRESS or the end of the orders, are the text. The sender's token never
 * goes out. The rules, for players, are in doc/orders.md. */
#ifndef AZ_PRESS_H
#define AZ_PRESS_H

#include <stdint.h>

#include "campaign/campaign.h"
#include "core/config.h"
#include "ledger/play.h"
#include "mail/orderblock.h"
#include "render/render.h"

struct press {
	uint32_t to;          /* VIS_SEAT bits of the seats it goes to */
	int all;              /* PRESS TO ALL: observers get it too */
	int anonymous;
	char *text;           /* as relayed: token lines dropped, tokens replaced */
	int scrubbed;         /* how many token lines and tokens were taken out */
};

/* 1 when line (trimmed) starts a press: its first two words are PRESS TO,
 * in English or in any language's order words ("PRESSE AN"). */
int press_starts(const char *line);
/* 1 when line is ENDPRESS (any case), in English or any language's word. */
int press_ends(const char *line);
/* The press word (PRESS, TO, ALL, ANONYMOUS, ENDPRESS) that name is in
 * English or any language azalai ships, any case, or NULL: a seat so named
 * would be read as that word in a press line, so no seat may be. */
const char *press_word_named(const char *name);

/* Reads the PRESS line of seat `from` into pr: 0, or -1 with the reason (press
 * off, ANONYMOUS not allowed, an unknown seat, the sender's own seat, only
 * bots named). */
int press_header(const char *line, const struct game_row *, int from,
    const struct campaign *, struct press *, struct diag *);

/* Sets pr->text from lines first..last of body (numbered from 1 as
 * orderblock_parse numbers them), leaving out quoted lines, lines that are a
 * TOKEN line, and token (the sender's, any case, with or without its '-')
 * wherever it stands. -1 with a diag when no text is left. */
int press_text(struct press *, const char *body, int first, int last, const char *token,
    struct diag *);

/* Queues the press to its seats (bots get none), to the watchers when it
 * went to ALL, and a copy to the campaign's game master when it says so.
 * *sent gets the number of mails. */
int press_relay(struct ledger *, const struct config *, struct render *,
    const struct play *, int from, const struct press *, const struct campaign *,
    const char *now, int *sent, struct diag *);

void press_free(struct press *);

/* The PRESS line of an order mail at ob->lines[*i], of seat in p, whose
 * text (the body the orders were read from) holds it: relays it, and says in
 * od what became of it for the reply, or why not (-1). *i moves past its
 * text and its ENDPRESS. -2 on a ledger error (in d). */
int press_line(struct ledger *, const struct config *, struct render *, struct play *,
    int seat, const struct campaign *, const struct orderblock *, const char *text,
    size_t *i, const char *now, struct diag *od, struct diag *d);
/* Moves *i past a press that is not relayed, as press_line would. */
void press_skip(const struct orderblock *, size_t *i);

#endif
