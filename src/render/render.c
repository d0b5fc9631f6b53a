#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/xmalloc.h"
#include "lang/lang.h"
#include "render/fold.h"
#include "render/mustache.h"
#include "render/render.h"

/* Loaded templates, kept for the life of the renderer (a run renders many
 * mails), with the renderers that share them (render_init_shared). */
struct tfile {
	struct tfile *next;
	struct tfile *hnext;      /* the next of its bucket */
	unsigned h;
	char game[32];
	char lang[16];
	char *name;
	char *text;               /* NULL when there is no such template */
};

void
render_init(struct render *r, const char *datadir, const char *game, const char *lang)
{
	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "%s/templates", datadir);
	snprintf(r->game, sizeof r->game, "%s", game != NULL ? game : "");
	snprintf(r->lang, sizeof r->lang, "%s", lang);
}

void
render_init_shared(struct render *r, struct render *base, const char *game,
    const char *lang)
{
	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "%s", base->dir);
	snprintf(r->game, sizeof r->game, "%s", game != NULL ? game : "");
	snprintf(r->lang, sizeof r->lang, "%s", lang);
	r->base = base;
}

void
render_lang(struct render *r, const char *lang)
{
	snprintf(r->lang, sizeof r->lang, "%s", lang);
}

void
render_free(struct render *r)
{
	if (r->base != NULL)
		return;
	mustache_cache_free(r->parsed);
	r->parsed = NULL;
	while (r->cache != NULL) {
		struct tfile *t = r->cache;

		r->cache = t->next;
		free(t->name);
		free(t->text);
		free(t);
	}
	memset(r->bucket, 0, sizeof r->bucket);
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	struct buf b = BUF_INIT;
	char chunk[4096];
	size_t n;

	if (f == NULL)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	buf_adds(&b, "");
	return buf_steal(&b);
}

static unsigned
tfile_hash(const char *name, const char *lang, const char *game)
{
	unsigned h = 5381;

	for (const char *s = name; *s != '\0'; s++)
		h = h * 33 ^ (unsigned char)*s;
	for (const char *s = lang; *s != '\0'; s++)
		h = h * 33 ^ (unsigned char)*s;
	h = h * 33 ^ '/';
	for (const char *s = game; *s != '\0'; s++)
		h = h * 33 ^ (unsigned char)*s;
	return h;
}

/* Found by hash: a mail's partials are looked up by name many times a
 * report, among a hundred templates of several games and languages. */
static const char *
lookup(struct render *r, const char *name)
{
	struct render *owner = r->base != NULL ? r->base : r;
	unsigned h = tfile_hash(name, r->lang, r->game);
	size_t bk = h % (sizeof owner->bucket / sizeof owner->bucket[0]);
	struct tfile *t;
	char path[1400];

	for (t = owner->bucket[bk]; t != NULL; t = t->hnext)
		if (t->h == h && strcmp(t->name, name) == 0 && strcmp(t->lang, r->lang) == 0 &&
		    strcmp(t->game, r->game) == 0)
			return t->text;
	t = xcalloc(1, sizeof *t);
	t->h = h;
	snprintf(t->game, sizeof t->game, "%s", r->game);
	snprintf(t->lang, sizeof t->lang, "%s", r->lang);
	t->name = xstrdup(name);
	/* Template names come from our own templates, but never let one climb out. */
	if (strchr(name, '/') == NULL && strstr(name, "..") == NULL) {
		if (r->game[0] != '\0') {
			snprintf(path, sizeof path, "%s/%s/%s/%s.mustache", r->dir, r->game,
			    r->lang, name);
			t->text = slurp(path);
		}
		if (t->text == NULL) {
			snprintf(path, sizeof path, "%s/common/%s/%s.mustache", r->dir, r->lang,
			    name);
			t->text = slurp(path);
		}
		/* A picture has no words: templates/<game>/NAME.mustache serves
		 * every language (a language's own copy still wins). */
		if (t->text == NULL && r->game[0] != '\0') {
			snprintf(path, sizeof path, "%s/%s/%s.mustache", r->dir, r->game, name);
			t->text = slurp(path);
		}
	}
	t->next = owner->cache;
	owner->cache = t;
	t->hnext = owner->bucket[bk];
	owner->bucket[bk] = t;
	return t->text;
}

/* A whole mail's template (a report) can be part of another mail (a reply
 * that carries the report): as a partial it goes without its Subject line. */
static const char *
partial(void *ctx, const char *name)
{
	const char *t = lookup(ctx, name);

	if (t != NULL && strncmp(t, "Subject: ", 9) == 0) {
		const char *nl = strchr(t, '\n');

		if (nl == NULL)
			return "";
		t = nl + 1;
		if (*t == '\n')
			t++;
	}
	return t;
}

/* Renders tmpl into a new string; errors name the template. */
static int
render_with(struct render *r, const char *name, const char *tmpl, const struct tval *data,
    enum mustache_escape esc, char **out, struct diag *d)
{
	struct mustache_partials parts = { partial, r, r->lang };
	struct render *owner = r->base != NULL ? r->base : r;
	struct buf b = BUF_INIT;

	/* The texts stay put while the owner lives: their parses can too. */
	if (owner->parsed == NULL)
		owner->parsed = mustache_cache_new();
	if (mustache_render_cached(tmpl, data, &parts, owner->parsed, esc, &b, d) < 0) {
		char msg[DIAG_MSG];

		snprintf(msg, sizeof msg, "%s", d->msg);
		buf_free(&b);
		return diag_set(d, 0, "template %s: %s", name, msg);
	}
	buf_adds(&b, "");
	*out = buf_steal(&b);
	return 0;
}

int
render_mail(struct render *r, const char *name, const struct tval *data, char **subject,
    char **body, struct diag *d)
{
	const char *tmpl = lookup(r, name);
	char *text, *p, *folded = NULL;

	if (tmpl == NULL)
		return diag_set(d, 0, "template %s not found under %s (game %s, language %s)",
		    name, r->dir, r->game[0] ? r->game : "common", r->lang);
	if (render_with(r, name, tmpl, data, MUSTACHE_ESCAPE_NONE, &text, d) < 0)
		return -1;
	p = text;
	if (subject != NULL)
		*subject = NULL;
	if (strncmp(text, "Subject: ", 9) == 0) {
		char *nl = strchr(text, '\n');

		if (subject != NULL)
			*subject = xstrndup(text + 9, nl != NULL ? (size_t)(nl - text - 9)
			    : strlen(text + 9));
		p = nl != NULL ? nl + 1 : text + strlen(text);
		if (*p == '\n')
			p++;
	}
	if (subject != NULL && *subject == NULL)
		*subject = xstrdup(name);
	/* A mail body ends with a newline, whatever the template's last line
	 * did. Prose folds to what a terminal shows, but press goes as its
	 * player wrote it (press.mustache says so), and a calendar app wraps
	 * an event's description itself: a break there is a hard one. */
	if (strcmp(name, "press") != 0 && strcmp(name, "calendar") != 0)
		p = folded = fold_prose(p, 72);
	if (*p != '\0' && p[strlen(p) - 1] != '\n')
		xasprintf(body, "%s\n", p);
	else
		*body = xstrdup(p);
	free(folded);
	free(text);
	return 0;
}

int
render_has_html(struct render *r, const char *name)
{
	char hname[128];

	snprintf(hname, sizeof hname, "%s.html", name);
	return lookup(r, hname) != NULL;
}

int
render_html(struct render *r, const char *name, const struct tval *data, char **html,
    struct diag *d)
{
	char hname[128];
	const char *tmpl;

	*html = NULL;
	snprintf(hname, sizeof hname, "%s.html", name);
	if ((tmpl = lookup(r, hname)) == NULL)
		return 0;
	return render_with(r, hname, tmpl, data, MUSTACHE_ESCAPE_HTML, html, d);
}

int
render_doc(struct render *r, const char *name, const struct tval *data,
    enum mustache_escape esc, char **out, struct diag *d)
{
	const char *tmpl = lookup(r, name);

	*out = NULL;
	if (tmpl == NULL)
		return diag_set(d, 0, "template %s not found under %s (game %s, language %s)",
		    name, r->dir, r->game[0] ? r->game : "common", r->lang);
	return render_with(r, name, tmpl, data, esc, out, d);
}

void
lang_render_for(struct render *r, struct ledger *l, const struct config *c,
    const struct play *p, int seat, const char *address)
{
	char w[LANG_LEN];

	/* A seat's player told outside its seat (the notice that the referee
	 * now plays it) still reads the seat's language. */
	for (int i = 0; seat < 0 && address != NULL && i < p->g.nseats; i++)
		if (strcasecmp(p->g.seats[i].address, address) == 0)
			seat = i;
	if (seat >= 0)
		render_lang(r, lang_seat(c, p, seat));
	else if (address != NULL)
		render_lang(r, lang_watcher(l, c, p->g.id, address, w));
	else
		render_lang(r, c->language);
}
