/* tell: who is told what. The mails that carry a reader's view of a game
 * (reports, welcomes, acks, notices, press): which seats and watchers get
 * one now (by their notify mode, notify.h), in which language, and their
 * queueing, with what the picture is drawn from, and the record of what
 * each reader has seen. The view and the mail's parts are render's
 * (report.h); the policy of when a seat hears is the campaign's
 * (notify.h). */
#ifndef AZ_TELL_H
#define AZ_TELL_H

#include "core/config.h"
#include "core/tval.h"
#include "ledger/play.h"
#include "render/render.h"

/* Renders tmpl over root (consumed; "referee" is added) and queues the mail
 * to `to` about seat (-1: none). Marks nothing as reported. */
int tell_tree(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, struct tval *root, const char *tmpl, const char *kind,
    const char *to, const char *in_reply_to, const char *refs, const char *now,
    struct diag *);
/* The same, root's first view_keys keys being the reader's view (report_mail):
 * a seat that asked for JSON gets them as view.json. */
int tell_tree_view(struct ledger *, const struct config *, struct render *,
    const struct play *, int seat, struct tval *root, size_t view_keys, const char *tmpl,
    const char *kind, const char *to, const char *in_reply_to, const char *refs,
    const char *now, struct diag *);

/* Renders `tmpl` for seat, in the language it reads at `to`, with `extra`
 * keys merged at the root (extra is consumed), queues it, and records the
 * seat as reported. */
int tell_seat(struct ledger *, const struct config *, struct render *,
    struct play *, int seat, const char *tmpl, const char *kind, const char *to,
    struct tval *extra, const char *in_reply_to, const char *refs, const char *now,
    struct diag *);

/* Queues the public report (template "observer", viewer -1) to every watcher
 * of the game that has not seen the newest step and is told now by its
 * notify mode (every: each step; due: when the game comes round to a
 * player again; digest: tell_digests; the end: all), and records it as
 * seen. */
int tell_watchers(struct ledger *, const struct config *, struct render *,
    struct play *, const char *now, struct diag *);

/* Queues the report of every human seat that has not seen the newest step
 * and is told now by its notify mode (notify.h), except `skip` (-1: none),
 * and records it as reported; then the watchers'. */
int tell_step(struct ledger *, const struct config *, struct render *,
    struct play *, int skip, const char *now, struct diag *);

/* Queues seat's report when its notify mode owes one now (a seat that
 * just switched modes: what the new mode would have sent); 1 when it did,
 * 0 when nothing is owed, -1 on error. */
int tell_owed(struct ledger *, const struct config *, struct render *, struct play *,
    int seat, const char *now, struct diag *);

/* Queues the report of every seat whose digest is due (notify_digest_due),
 * and of every observer in digest a day after its last; how many, or -1. */
int tell_digests(struct ledger *, const struct config *, struct render *,
    struct play *, const char *now, struct diag *);

#endif
