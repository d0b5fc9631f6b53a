/* mailcmd: what a seat may ask the referee by mail besides orders (HELP,
 * STATUS, REPORT, HISTORY, LEGAL, NOTIFY, LANGUAGE, JSON, PICTURES,
 * TIMEZONE). Each answer but those of the last five (a line of the ack)
 * is a mail of its own; none changes the game. The rules, for
 * players, are in doc/orders.md. */
#ifndef AZ_MAILCMD_H
#define AZ_MAILCMD_H

#include "core/config.h"
#include "ledger/play.h"
#include "render/render.h"

enum mailcmd {
	MAILCMD_NONE,
	MAILCMD_HELP,        /* the game's order guide */
	MAILCMD_STATUS,      /* where the game stands, who is waited for, deadlines */
	MAILCMD_REPORT,      /* the seat's report again */
	MAILCMD_HISTORY,     /* the steps so far, as the seat may see them */
	MAILCMD_LEGAL,       /* every legal order of the seat now, one per line */
	MAILCMD_NOTIFY,      /* how the seat is told from now on (notify.h) */
	MAILCMD_LANGUAGE,    /* the language the seat reads from now on (lang.h) */
	MAILCMD_JSON,        /* whether its reports carry view.json (reportjson.h) */
	MAILCMD_PICTURES,    /* whether its reports carry the board picture */
	MAILCMD_TIMEZONE,    /* the zone every time it reads is written in */
	MAILCMD_CALENDAR,    /* whether its mails carry its deadlines as events */
	MAILCMD_ANALYSIS     /* whether it gets its turning points at the end */
};

/* Reads an order line (trimmed, any case): 1 with *cmd (and *count, HISTORY's
 * number of newest steps, 0 for all; NOTIFY's mode: 0 every, 1 due, 2 digest;
 * LANGUAGE's: an index in catalog_languages; JSON's, PICTURES', CALENDAR's
 * and ANALYSIS' 1 on,
 * 0 off; TIMEZONE's 0, its zone the line's second word) when it
 * is a command, 0 when it is an order for the game, -1 with a diag when it
 * names a command wrongly ("HISTORY x"). */
int mailcmd_of(const char *line, enum mailcmd *cmd, int *count, struct diag *);

/* The word of cmd, "STATUS". */
const char *mailcmd_name(enum mailcmd);

/* NOTIFY: sets the seat's mode (mode as mailcmd_of gives it) and says in od
 * what the seat will get from now on. */
int mailcmd_notify(struct ledger *, struct play *, int seat, int mode, struct diag *od);
/* JSON ON/OFF: the same for the seat's view.json (on as mailcmd_of gives it). */
int mailcmd_json(struct ledger *, struct play *, int seat, int on, struct diag *od);

/* PICTURES ON/OFF: whether the seat's reports carry the board picture (on
 * as mailcmd_of gives it); says so in od. The game master's `azalai seat
 * GAME SEAT pictures on|off` too. */
int mailcmd_pictures(struct ledger *, struct play *, int seat, int on, struct diag *od);
/* CALENDAR ON/OFF: whether the seat's mails carry its deadlines as calendar
 * events (render/calendar.h); says so in od. */
int mailcmd_calendar(struct ledger *, struct play *, int seat, int on, struct diag *od);
/* ANALYSIS ON/OFF: whether the seat gets its turning points (turning.h)
 * when the game is over; says so in od. */
int mailcmd_analysis(struct ledger *, struct play *, int seat, int on, struct diag *od);
/* TIMEZONE ZONE: the seat reads every time in zone (an IANA name, checked
 * as the campaign's; "campaign" goes back to the campaign's); -1 with od
 * saying what was wrong, PEOPLE-style: 1 refused. */
int mailcmd_timezone(struct ledger *, struct play *, int seat, const char *zone,
    struct diag *od);

/* LANGUAGE: sets the seat's language (lang, an index in catalog_languages,
 * as mailcmd_of gives it) and says so in od, a message. */
int mailcmd_language(struct ledger *, struct play *, int seat, int lang, struct diag *od);

/* Queues the answer to cmd for seat, to `to`, as a reply to in_reply_to. */
int mailcmd_answer(struct ledger *, const struct config *, struct render *,
    struct play *, int seat, enum mailcmd, int count, const char *to,
    const char *in_reply_to, const char *refs, const char *now, struct diag *);

#endif
