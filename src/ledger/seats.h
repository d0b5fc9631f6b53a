/* seats: the one file that writes the seats table (tests/table-owners.sh).
 * Each function changes one thing about seat idx of game; the callers keep
 * their struct seat_row in step. ledger_seat_set_reported and
 * ledger_seat_bounce (ledger.h) live here too. */
#ifndef AZ_SEATS_H
#define AZ_SEATS_H

#include <stdint.h>

#include "core/diag.h"
#include "ledger/ledger.h"

/* A new game's seat, as ledger_game_insert writes it. */
int seat_insert(struct ledger *, int64_t game, int idx, const struct seat_row *,
    struct diag *);
/* Who holds the seat: address, kind, token, missed deadlines, disorder and
 * vacation, as s has them (a new player, a bot, a vacation). */
int seat_set_holder(struct ledger *, int64_t game, int idx, const struct seat_row *s,
    struct diag *);
/* A new player starts with no bounces against them. */
int seat_clear_bounces(struct ledger *, int64_t game, int idx, struct diag *);
/* A new player starts with the campaign's ways of being told (notify,
 * view.json, pictures, calendar, time zone, turning points), not reminded
 * yet and with no calendar event of the old player's; the seat's language is the game
 * master's choice and stays. s is set alike. */
int seat_reset_choices(struct ledger *, int64_t game, int idx, struct seat_row *s,
    struct diag *);
/* The seat's missed deadlines, disorder, kind and bot level as s has them. */
int seat_set_missed(struct ledger *, int64_t game, int idx, const struct seat_row *s,
    struct diag *);
int seat_set_notify(struct ledger *, int64_t game, int idx, const char *mode,
    struct diag *);
int seat_set_language(struct ledger *, int64_t game, int idx, const char *lang,
    struct diag *);
int seat_set_json(struct ledger *, int64_t game, int idx, int on, struct diag *);
/* Whether the seat's reports carry the board picture. */
int seat_set_pictures(struct ledger *, int64_t game, int idx, int on, struct diag *);
/* Whether the seat's mails carry its deadlines as calendar events. */
int seat_set_calendar(struct ledger *, int64_t game, int idx, int on, struct diag *);
/* Whether the seat gets the turning points mail when the game is over: 1,
 * 0, or -1 as the campaign says. */
int seat_set_turning(struct ledger *, int64_t game, int idx, int on, struct diag *);
/* The seat's own time zone (checked by the caller); "" the campaign's. */
int seat_set_timezone(struct ledger *, int64_t game, int idx, const char *zone,
    struct diag *);

#endif
