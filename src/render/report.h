/* report: what a seat (or an observer) is shown of a game, as the value tree
 * the templates read, and the mails that carry it. */
#ifndef AZ_REPORT_H
#define AZ_REPORT_H

#include "core/buf.h"
#include "core/config.h"
#include "ledger/ordercode.h"
#include "ledger/play.h"
#include "render/render.h"

/* The view of viewer (-1: observer), for a reader of lang, plus the referee's keys: game_id, title,
 * seat (null for an observer), step, observer (viewer -1), news (events after `since` that viewer may
 * see), waiting (seat, what, due), your_turn, you_what, legal, over, result;
 * the campaign's: timezone, paused, paused_since, paused_until, paused_reason,
 * ended, end_reason, deadlines (seat, what, due, yours), your_deadline, and
 * has_X beside each string that may be "" (a template tests a boolean). Times
 * are in the campaign's zone. Nobody's turn while paused or ended.
 * Test hook (tests/test_secrets.c): in the test build, with
 * AZALAI_TEST_PLANT_LEAK set (core/testhook.h), every reader is shown the
 * first seat's view and news, a leak planted on purpose. */
struct tval *report_tree(struct ledger *, const struct play *, int viewer, int64_t since,
    const char *lang);
/* Each {text} of list that is an order line (not a message) in lang's
 * words (ordertr.h), for a reader to copy. */
void report_orders_lang(struct tval *list, const char *lang, const char *game);

/* Appends to list a map {text} for each line of an event's narrative that
 * viewer (-1: an observer) may see, in lang, folded for mail. */
void report_narrative(const char *narrative, int viewer, const char *lang,
    struct tval *list);

/* 1 when viewer (-1: an observer) may see a line of the steps after since
 * up to p's: a reader with nothing new to see is not sent a report. */
int report_has_news(struct ledger *, const struct play *, int viewer, int64_t since);

/* The step number viewer (-1: an observer) reads for the step seq: the
 * steps it may not see (another seat's queued or standing order) are not
 * counted, so a reader cannot count them. report_step_seq is the way back:
 * the last step a reader read as seen (past the game's step when seen is
 * ahead of what it may read). VIEW_ALL reads the steps as they are. */
int64_t report_step_seen(struct ledger *, const struct play *, int viewer, int64_t seq);
/* 1 when a step with this narrative is one viewer may not see (lines, none
 * of them viewer's): every list of steps a reader reads leaves it out and
 * does not count it, undone or not. */
int report_step_hidden(const char *narrative, int viewer);
int64_t report_step_seq(struct ledger *, const struct play *, int viewer, int64_t seen);

/* Width in pixels of the board picture in report mails: wide enough for a
 * phone held sideways, small enough to keep a mail well under 100 KB. */
#define REPORT_PNG_WIDTH 640
/* Colours in its palette: 256 keep the boards' text and edges clean
 * (contrib/bench/report-mail measures the bytes). */
#define REPORT_PNG_COLOURS 256

/* A picture's Content-ID: "board.<24 hex>@azalai" and its NUL. */
#define REPORT_CID_MAX 48

/* The name of the picture drawn from svg at the size of report mails:
 * "board.<24 hex of sha256(svg, "WxC")>@azalai". */
void report_cid(const char *svg, char cid[REPORT_CID_MAX]);

/* The HTML alternative of tmpl over root ("tmpl.html"; *html NULL when the
 * game has none). With the board picture (when picture is set and the game
 * draws one): its PNG in png (empty when none) and its Content-ID in cid,
 * which the HTML shows through board_cid (and board_width, board_height, set
 * in root); mailout_related() of the three is the mail's HTML alternative.
 * A picture l (may be NULL) keeps under that cid is not drawn again. With
 * later not NULL, a picture whose size its SVG tells for sure is not drawn:
 * png stays empty and *later is its SVG (free()d by the caller; NULL when
 * the picture was drawn or there is none), for the mail to draw when it is
 * sent: outbox_queue keeps it, or what tell_tree (referee/tell.h) keeps in
 * its stead, the recipe that makes it again (picture.h). */
int report_html(struct render *, struct ledger *, struct tval *root, const char *tmpl,
    int picture, char **html, struct buf *png, char cid[REPORT_CID_MAX], char **later,
    struct diag *);

/* A mail of a reader's view, ready to queue: its text, its HTML
 * alternative and JSON attachment ("" or NULL when none), and the board
 * picture the HTML shows as cid:cid: drawn (png), or (later not NULL) the
 * SVG to draw before the mail is sent. */
struct report_mail {
	char *subject, *body, *html, *json;
	struct buf png;
	char cid[REPORT_CID_MAX];
	char *later;
	/* The code the mail's Message-ID carries (taps.h); "" when it asks
	 * its reader nothing. */
	char mid_code[ORDERCODE_LEN];
};

/* Renders tmpl over root (consumed; "referee" is added) for seat (-1: none)
 * in r's language into m (report_mail_free it on 0): the JSON from the
 * reader's view (root's first view_keys keys; all with reportjson.h's
 * REPORT_VIEW_ALL_KEYS, none with 0), then the text and the HTML with its
 * picture, which the ledger l may keep drawn already (report_html). Queues
 * nothing. */
int report_mail(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, struct tval *root, const char *tmpl, size_t view_keys,
    struct report_mail *m, struct diag *);
void report_mail_free(struct report_mail *);

#endif
