/* orderblock: the body text of an order mail -> its header block (GAME,
 * SEAT, TOKEN, STEP) and its order lines. The rules, for players, are in
 * doc/orders.md. */
#ifndef AZ_ORDERBLOCK_H
#define AZ_ORDERBLOCK_H

#include <stddef.h>

#include "core/diag.h"

#define ORDERBLOCK_MAX_LINE 1000   /* bytes in one line of the block */
#define ORDERBLOCK_MAX_ORDERS 500

struct oline {
	int lineno;   /* 1-based line in the body text */
	char *text;   /* trimmed, comment removed, never empty */
	int aside;    /* OLINE_ORDER, or what the reader took it for instead
	                 (referee/tolerant.h) */
};

enum { OLINE_ORDER, OLINE_GREETING, OLINE_SIGNATURE };

struct orderblock {
	int found;               /* a GAME line was found */
	int help;                /* the mail asks for HELP */
	char *game, *seat, *token;  /* from the header block, NULL when missing */
	int game_line, seat_line, token_line;   /* 0 when missing */
	long long step;          /* STEP: the step the form was written at */
	int step_line;           /* 0 when there is no STEP line */
	struct oline *lines;     /* the order lines after the header block */
	size_t nlines;
};

/* Frees what the block holds and zeroes it. */
void orderblock_free(struct orderblock *);

/* Reads text (UTF-8, LF or CRLF lines; NULL reads as "") into *ob, which it
 * overwrites (free an old block first). Returns 0, also
 * when there is no GAME line (found == 0). Returns -1 with a diag whose line
 * is the body line at fault (the message never repeats its words: it answers
 * mail no token has proved, issue 35) for a bad game
 * id, seat name, token or step, a repeated SEAT, TOKEN or STEP, a line longer than
 * ORDERBLOCK_MAX_LINE or more than ORDERBLOCK_MAX_ORDERS order lines; the
 * block then keeps what was read before the fault. Call orderblock_free
 * either way. */
int orderblock_parse(const char *text, struct orderblock *, struct diag *);

/* The same for a reply to a seat's report, which names no game: SEAT, TOKEN
 * and STEP lines are read wherever they stand (the same faults), every other
 * meaningful line is an order line; found stays 0 (the caller knows the game
 * from the thread). */
int orderblock_parse_reply(const char *text, struct orderblock *, struct diag *);

/* 1 when a subject line asks for help: "HELP", also after "Re:" or "Fwd:",
 * for a caller whose mail has neither GAME line nor HELP line. */
int orderblock_help_subject(const char *subject);

#endif
