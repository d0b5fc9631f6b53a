/* outbox: mails the ledger has queued, and their delivery. A mail is queued
 * in the same transaction as the events that caused it; delivery is a
 * separate step that marks the attempt first, so a run that dies after
 * sending and before recording resends the same mail (same Message-ID) and
 * the ledger shows it. */
#ifndef AZ_OUTBOX_H
#define AZ_OUTBOX_H

#include <stdint.h>

#include "core/buf.h"
#include "core/config.h"
#include "lang/lang.h"
#include "ledger/ledger.h"

/* What a board picture not drawn yet is made from again, as the picture
 * table keeps it (picture.h draws it): the report of viewer at step of
 * game, in lang, as it was shown then (open: the game had ended). */
struct picture_recipe {
	int64_t game;             /* games.id */
	int64_t step;             /* the step the report showed */
	int viewer;               /* the seat reading it; -1: an observer */
	int open;                 /* the game was over or ended: all shown */
	char lang[LANG_LEN];      /* the reader's language */
};

struct outbox_item {
	int64_t game_id;          /* 0 when the mail is about no game */
	int seat;                 /* -1 when none */
	const char *kind;
	const char *to;
	const char *subject;
	const char *body;
	const char *html;         /* an HTML alternative, NULL or "" when none */
	const char *in_reply_to;  /* "" when none */
	/* A code the Message-ID carries (render/taps.h), which a reply's
	 * In-Reply-To and References give back; NULL or "" when none. */
	const char *mid_code;
	const char *refs;
	int has_step;             /* the mail shows the seat's game at step */
	int64_t step;
	const char *json;         /* the view.json attachment, NULL or "" when none */
	/* The iCalendar part (render/calendar.h), NULL or "" when none. */
	const char *ical;
	/* A seat's List-Unsubscribe URI (render/taps.h), NULL or "" when none;
	 * an observer's is made when the mail is sent. */
	const char *unsubscribe;
	/* The board picture of html, when it has one (png_len > 0, or recipe
	 * or svg not NULL when it is not drawn yet): html is then the page that
	 * refers to it as cid:cid, and the PNG (or what it will be drawn from
	 * when the mail is sent: the recipe, else the SVG) is kept in the
	 * picture table (picture.h), not in the row: a PNG once, what it is
	 * drawn from once a game, under game_id and cid. A recipe's game must
	 * be game_id. */
	const void *png;
	size_t png_len;
	const struct picture_recipe *recipe;
	const char *svg;
	const char *cid;
};

int outbox_queue(struct ledger *, const struct config *, const struct outbox_item *,
    const char *now, struct diag *);
/* One round of delivery: the mails queued after `after` and up to `upto`
 * (outbox ids) that are due at now (an ISO time, as the rows keep it).
 * The same round is drawn for (picture_draw_due) and then sent, so every
 * mail sent had its picture tried, even while another process queues. */
struct outbox_round {
	int64_t after, upto;
	char now[32];
};
/* Moves r to the mails queued since its own (r->upto: 0 for every mail)
 * and returns 1, when one of them is due now; else 0 and r stays as it
 * was. A round ends where the outbox ended when it began, so a deliverer
 * that goes round after round ends once nothing new comes, and a mail
 * whose sending failed waits for a later process, never loops. */
int outbox_round_next(struct ledger *, struct outbox_round *r);
/* Sends the mails of round r, finished as they are: a picture a mail
 * shows is drawn before, by picture_draw_due (picture.h) for the same
 * round; delivery only reads it. Counts what was sent and what failed.
 * One deliverer at a time (the caller's lock): a mail is marked as being
 * sent before it goes, and one found so marked is sent again. */
int outbox_deliver(struct ledger *, const struct config *, const struct outbox_round *r,
    int *sent, int *failed, struct diag *);
/* fn(arg, game, cid) for each mail outbox_deliver sends in round r, game
 * by game and each game's in the order sent, whose page shows a picture no
 * PNG is drawn for yet (game: the mail's, 0 when none), called with no
 * statement open and after what fn drew for an earlier mail is kept: a
 * picture two mails show is drawn for the second only when it could not
 * be for the first. */
void outbox_each_undrawn(struct ledger *, const struct outbox_round *r,
    void (*fn)(void *arg, int64_t game, const char *cid), void *arg);
/* The HTML alternative of a row about game (outbox.game_id, 0 when none)
 * as the mail carries it, from what outbox.html holds: a row naming its
 * picture gets its multipart/related entity back (the bytes mailout_related
 * made when it was queued) with the PNG drawn under that name; any other
 * row is returned as it is. A picture not drawn leaves the page without its
 * <img> (and the log says so when the ledger has nothing to draw it from;
 * a drawing that failed said why when it was tried). g_free()d by the
 * caller. */
char *outbox_html(struct ledger *, int64_t game, const char *stored);
/* The PNG drawn under cid, in any game, into png: 1 when there is one, 0
 * when none (or when only what it is drawn from is kept, not drawn yet).
 * A PNG is kept only once drawn from the SVG its name hashes, so it is the
 * same picture for every mail that names it; what it is drawn from is
 * another game's to draw, never this one's (picture_draw). */
int outbox_picture(struct ledger *, const char *cid, struct buf *png);
/* Keeps the PNG drawn for picture cid of game in place of what it was drawn
 * from, unless one is kept already. The picture table is written here alone
 * (tests/table-owners.sh). */
int outbox_picture_keep(struct ledger *, int64_t game, const char *cid,
    const struct buf *png, struct diag *);
void outbox_list(struct ledger *, int all);

/* A mail the referee queued, as a bounce that names it finds it. */
struct outbox_mail {
	int64_t id;
	int64_t game_id;          /* 0 when the mail is about no game */
	int seat;                 /* -1 when it went to no seat */
	char to[256];
	char game[64];            /* the game's name and the seat's, "" when none */
	char seat_name[SEAT_NAME];
};
/* The mail queued with Message-ID message_id (without <>): 1 and *m, or 0
 * when the referee made none, or its delivery failed (that counted against
 * its seat when it failed). */
int outbox_find(struct ledger *, const char *message_id, struct outbox_mail *m);
/* Mails of kind to address queued since the ISO time `since`. */
int outbox_count_since(struct ledger *, const char *to, const char *kind, const char *since);
/* The step at which address became the player of seat (the step its first
 * welcome mail showed since the seat's last one to another player), -1
 * when no welcome mail went to it: the seat's since the game began. */
int64_t outbox_seat_player_since(struct ledger *, int64_t game, int seat,
    const char *address);
/* Answers to mail no token proved (help, problem and receipt mails, which
 * go to no seat), to any address, queued since the ISO time `since`. */
int outbox_strangers_since(struct ledger *, const char *since);
/* Retention: drops the text, page and view.json of up to max mails
 * delivered before the ISO time `before`, oldest first, and each picture
 * they named that no mail with its page still kept names (counted in
 * *pictures). The row stays, welcome mails keep their bodies (azalai verify
 * reads them), and a mail not delivered is never touched. Returns how many
 * mails it pruned (fewer than max: none is left), or -1. */
int outbox_prune(struct ledger *, const char *before, int max, int *pictures,
    struct diag *);

#endif
