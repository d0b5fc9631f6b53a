/* report: what a seat (or an observer) is shown of a game, as the value tree
 * the templates read, and the mails that carry it. */
#ifndef AZ_REPORT_H
#define AZ_REPORT_H

#include "core/buf.h"
#include "core/config.h"
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

/* text folded at spaces to lines of at most width columns (a longer word
 * stands alone), each after the first under indent; the caller frees it. */
char *report_fold(const char *text, size_t width, const char *indent);

/* Appends to list a map {text} for each line of an event's narrative that
 * viewer (-1: an observer) may see, in lang, folded for mail. */
void report_narrative(const char *narrative, int viewer, const char *lang,
    struct tval *list);

/* Queues the report of every human seat that has not seen the newest step
 * and is told now by its notify mode (notify.h), except `skip` (-1: none),
 * and records it as reported; then the watchers'. */
int report_queue_all(struct ledger *, const struct config *, struct render *,
    struct play *, int skip, const char *now, struct diag *);

/* Queues the public report (template "observer", viewer -1) to every watcher
 * of the game that has not seen the newest step, and records it as seen. */
int report_queue_watchers(struct ledger *, const struct config *, struct render *,
    struct play *, const char *now, struct diag *);

/* Width in pixels of the board picture in report mails: wide enough for a
 * phone held sideways, small enough to keep a mail well under 100 KB. */
#define REPORT_PNG_WIDTH 640
/* Colours in its palette: 256 keep the boards' text and edges clean
 * (contrib/bench/report-mail measures the bytes). */
#define REPORT_PNG_COLOURS 256

/* A picture's Content-ID: "board.<24 hex>@azalai" and its NUL. */
#define REPORT_CID_MAX 48

/* The HTML alternative of tmpl over root ("tmpl.html"; *html NULL when the
 * game has none). With the board picture (when picture is set and the game
 * draws one): its PNG in png (empty when none) and its Content-ID in cid,
 * which the HTML shows through board_cid (and board_width, board_height, set
 * in root); mailout_related() of the three is the mail's HTML alternative.
 * A picture l (may be NULL) keeps under that cid is not drawn again. With
 * later not NULL, a picture whose size its SVG tells for sure is not drawn:
 * png stays empty and *later is its SVG (free()d by the caller; NULL when
 * the picture was drawn or there is none), for the mail to draw when it is
 * sent: outbox_queue keeps it, or what report_queue_tree keeps in its
 * stead, the recipe that makes it again (picture.h). */
int report_html(struct render *, struct ledger *, struct tval *root, const char *tmpl,
    int picture, char **html, struct buf *png, char cid[REPORT_CID_MAX], char **later,
    struct diag *);

/* Renders tmpl over root (consumed; "referee" is added) and queues the mail
 * to `to` about seat (-1: none). Marks nothing as reported. */
int report_queue_tree(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, struct tval *root, const char *tmpl, const char *kind,
    const char *to, const char *in_reply_to, const char *refs, const char *now,
    struct diag *);

/* Renders `tmpl` for seat with `extra` keys merged at the root (extra is
 * consumed), queues it, and records the seat as reported. */
int report_queue_one(struct ledger *, const struct config *, struct render *,
    struct play *, int seat, const char *tmpl, const char *kind, const char *to,
    struct tval *extra, const char *in_reply_to, const char *refs, const char *now,
    struct diag *);

#endif
