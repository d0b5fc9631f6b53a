/* render: fills a template from templates/ with a value tree. A template
 * begins with a "Subject: ..." line and a blank line; the rest is the body.
 * Lookup: templates/<game>/<lang>/NAME.mustache, then templates/common/<lang>/,
 * then templates/<game>/ (language-neutral: the board pictures). */
#ifndef AZ_RENDER_H
#define AZ_RENDER_H

#include "core/config.h"
#include "core/diag.h"
#include "core/tval.h"
#include "ledger/play.h"
#include "render/mustache.h"

struct render {
	char dir[1024];           /* the templates directory */
	char game[32];            /* rules name, "" for common only */
	char lang[16];
	struct tfile *cache;
	struct tfile *bucket[64]; /* cache again, by hash of name, language and game */
	struct mustache_cache *parsed;
	struct render *base;      /* NULL, or the renderer whose templates this one uses */
};

void render_init(struct render *, const char *datadir, const char *game, const char *lang);
/* A renderer that reads and parses its templates through base's store, so
 * that many short-lived renderers (one per mail of a run) read each once.
 * base must outlive it; freeing it frees nothing of base's. */
void render_init_shared(struct render *, struct render *base, const char *game,
    const char *lang);
/* The language the next mails are rendered in: one renderer serves readers
 * of several languages, each template read once per language. */
void render_lang(struct render *, const char *lang);
/* render_lang for the next mails to seat (-1 with address: that observer;
 * neither: the configuration's language). */
void lang_render_for(struct render *, struct ledger *, const struct config *,
    const struct play *, int seat, const char *address);
void render_free(struct render *);
/* subject may be NULL when the caller only wants the body. */
int render_mail(struct render *, const char *name, const struct tval *, char **subject,
    char **body, struct diag *);

/* The HTML alternative of mail template name: "name.html", rendered with
 * HTML escaping. 0 with *html NULL when the template has none. */
int render_html(struct render *, const char *name, const struct tval *, char **html,
    struct diag *);

/* Whether mail template name has an HTML alternative. */
int render_has_html(struct render *, const char *name);

/* A whole document that is no mail (no Subject line), such as the board
 * picture "board.svg", rendered with esc. */
int render_doc(struct render *, const char *name, const struct tval *,
    enum mustache_escape esc, char **out, struct diag *);

#endif
