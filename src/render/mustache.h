/* mustache: renders report templates (Mustache spec 1.1, no lambdas).
 *
 * Templates are edited by game masters, so any text must either render or
 * fail with a diag that names the line and the tag; nothing a template says
 * may read past its end or recurse without bound. */
#ifndef AZ_MUSTACHE_H
#define AZ_MUSTACHE_H

#include "core/buf.h"
#include "core/diag.h"
#include "core/tval.h"

/* Limits that keep a hostile or mistaken template from exhausting the
 * referee: nested partials, nested sections within one template, rendering
 * steps (nodes visited plus template bytes parsed) and output bytes. */
#define MUSTACHE_MAX_PARTIAL_DEPTH	32
#define MUSTACHE_MAX_NESTING		100
#define MUSTACHE_MAX_DELIM		16
#define MUSTACHE_MAX_WORK		20000000UL
#define MUSTACHE_MAX_OUTPUT		(64UL * 1024 * 1024)

struct mustache_partials {
	/* Returns the partial's template text, or NULL when there is none
	 * (a missing partial renders as empty, per spec). The string stays owned
	 * by the callee and must live until the render returns. */
	const char *(*get)(void *ctx, const char *name);
	void *ctx;
	/* The reader's language: a string value holding a message (msg.h) is
	 * rendered in it before escaping. NULL: strings go out as they are. */
	const char *lang;
};

enum mustache_escape { MUSTACHE_ESCAPE_HTML, MUSTACHE_ESCAPE_NONE };

/* Renders tmpl with data into out (appended). Errors (unclosed tag, unclosed or
 * mismatched section, bad delimiter change) return -1 with a diag naming the
 * line and the tag. Partials are rendered recursively with a depth limit
 * (MUSTACHE_MAX_PARTIAL_DEPTH; past it, an error). On error out is left as it
 * was before the call. data and partials may be NULL. */
int mustache_render(const char *tmpl, const struct tval *data,
    const struct mustache_partials *, enum mustache_escape,
    struct buf *out, struct diag *);

/* Templates parsed once and rendered many times. The cache knows a text by
 * its address (and a partial also by its name and indentation): the texts
 * handed to it (the template, and what partials' get returns) must stay
 * unchanged at the same address until the cache is freed. */
struct mustache_cache;
struct mustache_cache *mustache_cache_new(void);
void mustache_cache_free(struct mustache_cache *);
/* mustache_render, with parses kept in cache (NULL: none kept). Renders
 * byte for byte the same, and fails the same way. */
int mustache_render_cached(const char *tmpl, const struct tval *data,
    const struct mustache_partials *, struct mustache_cache *,
    enum mustache_escape, struct buf *out, struct diag *);

/* Writes a number the way templates show it: integers without a decimal
 * point, anything else in the shortest form that reads back to the same
 * double. Needs at most 32 bytes. */
void mustache_fmt_num(double, char *, size_t);

#endif
