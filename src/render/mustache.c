/* A Mustache renderer in two steps: each template (and each partial, when it
 * is reached) is parsed into a flat node list, then the list is rendered
 * against a context stack. Parsing first means a broken template writes no
 * half-finished report. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/xmalloc.h"
#include "render/mustache.h"

enum ntype { N_TEXT, N_VAR, N_RAW, N_SECTION, N_INVERTED, N_PARTIAL };

struct node {
	enum ntype type;
	const char *s;		/* text, or the tag's name */
	size_t len;
	const char *tag;	/* whole tag source, for messages */
	size_t taglen;
	const char *ind;	/* N_PARTIAL: indentation of a standalone tag */
	size_t indlen;
	size_t end;		/* sections: index one past the last child */
	int line;		/* sections: line of the opening tag */
	/* Names: the interned keys of the dotted parts (tval_intern), from
	 * tmpl's keys[path]; npath 0 for "." (the context itself), and for a
	 * name with an empty part, which finds nothing. */
	size_t path, npath;
	int self;
};

struct tmpl {
	struct node *n;
	size_t len, cap;
	const char **keys;
	size_t *hint;		/* where each key was found last (map_find) */
	size_t nkeys, kcap;
};

/* Where a template came from, so messages can point into partials. */
struct origin {
	const char *src;
	const char *partial;	/* NULL for the main template */
};

/* One text parsed: keyed by the caller's text (its address, which the
 * caller keeps unchanged while the cache lives) and, for a partial, its
 * name and the indentation it was given. */
struct parsed {
	struct parsed *next;
	struct parsed *hnext;	/* the next of its bucket */
	const char *key;
	char *ind;		/* NULL: not a partial */
	size_t indlen;
	char *name;
	char *owned;		/* the indented text the nodes point into */
	struct origin o;
	struct tmpl t;
	unsigned long work;	/* what parsing it counted, counted again on reuse */
	size_t out;		/* main templates: the most a render of it wrote */
};

/* Found by the text's address: a report reaches dozens of partials, among
 * the parses of every template of several games and languages. */
#define CACHE_BUCKETS 256

/* A section over a shared tree (tval_share: the parts of a view every
 * reader of a state sees alike) as it was written: the readers of one state
 * get the same board in their text, HTML and picture. Known by the section
 * (where its text is, and its nodes), the tree's address, the escaping and the
 * language, and kept only when nothing in it was looked up outside the tree
 * (a name the tree lacks, found or not further out, may differ for another
 * reader), no partial was reached and no translation was missing. */
#define FRAG_BUCKETS 256
#define FRAG_BYTES (4u << 20)
#define FRAG_LANG 16

struct frag {
	struct frag *next;
	const struct tmpl *t;
	size_t node;
	const struct tval *v;
	enum mustache_escape esc;
	int has_lang;
	char lang[FRAG_LANG];
	unsigned long work;	/* the steps it took */
	size_t len;
	char *text;
};

struct mustache_cache {
	struct parsed *list;
	struct parsed *bucket[CACHE_BUCKETS];
	struct frag *frag[FRAG_BUCKETS];
	size_t fragbytes;
	unsigned long fraggen;	/* tval_shared_gen() of the fragments kept */
};

static size_t
bucket_of(const char *key)
{
	uintptr_t k = (uintptr_t)key;

	return (size_t)((k >> 4) ^ (k >> 12)) & (CACHE_BUCKETS - 1);
}

struct ctx {
	const struct tval *v;
	const struct ctx *up;
};

struct render {
	const struct mustache_partials *partials;
	struct mustache_cache *cache;	/* NULL: parse every time */
	enum mustache_escape esc;
	struct buf *out;
	size_t start;		/* out->len when the render began */
	struct diag *d;
	int depth;
	unsigned long work;
	struct buf scratch;	/* a message in the reader's language, to escape */
	/* While a section over a shared tree is written to be kept: the
	 * context outside it (a lookup that reaches it sets outside), NULL
	 * otherwise. */
	const struct ctx *floor;
	int outside;
};

static int render_nodes(struct render *, const struct tmpl *,
    const struct origin *, size_t, size_t, const struct ctx *);
static int section(struct render *, const struct tmpl *, const struct origin *, size_t,
    const struct ctx *, const struct tval *);
static int section_kept(struct render *, const struct tmpl *, const struct origin *,
    size_t, const struct ctx *, const struct tval *);

static int
line_of(const char *src, const char *at)
{
	int line = 1;

	for (const char *p = src; p < at; p++)
		if (*p == '\n')
			line++;
	return line;
}

/* A tag as a message can show it: short, on one line. */
static void
show(char *dst, size_t n, const char *s, size_t len)
{
	size_t i, max = 40;

	if (n < max + 4)
		max = n - 4;
	for (i = 0; i < len && i < max; i++)
		dst[i] = ((unsigned char)s[i] < ' ') ? ' ' : s[i];
	if (i < len)
		dst[i++] = '.', dst[i++] = '.', dst[i++] = '.';
	dst[i] = '\0';
}

static void
where(char *dst, size_t n, const struct origin *o)
{
	if (o->partial != NULL)
		snprintf(dst, n, " of partial \"%.64s\"", o->partial);
	else
		dst[0] = '\0';
}

/* Reports a problem with one tag as "The <noun> "<tag>" on line N <rest>". */
static int
tag_error(struct diag *d, const struct origin *o, const char *tag,
    size_t taglen, const char *noun, const char *rest)
{
	char shown[64], wh[96];
	int line = line_of(o->src, tag);

	show(shown, sizeof shown, tag, taglen);
	where(wh, sizeof wh, o);
	return diag_set(d, line, "The %s \"%s\" on line %d%s %s", noun, shown,
	    line, wh, rest);
}

static struct node *
add_node(struct tmpl *t, enum ntype type, const char *s, size_t len)
{
	struct node *n;

	if (t->len == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->n = xreallocarray(t->n, t->cap, sizeof *t->n);
	}
	n = &t->n[t->len++];
	memset(n, 0, sizeof *n);
	n->type = type;
	n->s = s;
	n->len = len;
	return n;
}

/* Each part of a dotted name looked up once, when the template is parsed:
 * a render then compares pointers (tval_key) instead of hashing names. */
static void
name_path(struct tmpl *t, struct node *n)
{
	const char *name = n->s, *dot;
	size_t len = n->len, seg, from = t->nkeys;

	n->path = from;
	n->npath = 0;
	n->self = len == 1 && name[0] == '.';
	if (n->self)
		return;
	for (;;) {
		dot = memchr(name, '.', len);
		seg = dot != NULL ? (size_t)(dot - name) : len;
		if (seg == 0) {
			t->nkeys = from;
			return;
		}
		if (t->nkeys == t->kcap) {
			t->kcap = t->kcap ? t->kcap * 2 : 16;
			t->keys = xreallocarray(t->keys, t->kcap, sizeof *t->keys);
			t->hint = xreallocarray(t->hint, t->kcap, sizeof *t->hint);
		}
		t->hint[t->nkeys] = 0;
		t->keys[t->nkeys++] = tval_intern(name, seg);
		if (dot == NULL)
			break;
		name = dot + 1;
		len -= seg + 1;
	}
	n->npath = t->nkeys - from;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\v' || c == '\f';
}

static void
trim(const char **s, size_t *len)
{
	while (*len > 0 && is_space(**s))
		(*s)++, (*len)--;
	while (*len > 0 && is_space((*s)[*len - 1]))
		(*len)--;
}

static int
all_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!is_blank(s[i]))
			return 0;
	return 1;
}

static int
has_space(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (is_space(s[i]))
			return 1;
	return 0;
}

/* {{=open close=}}: exactly two words, each short enough for our buffers. */
static int
set_delims(const char *s, size_t len, char *open, size_t *olen, char *close,
    size_t *clen)
{
	size_t a = 0, b;

	trim(&s, &len);
	while (a < len && !is_space(s[a]))
		a++;
	b = a;
	while (b < len && is_space(s[b]))
		b++;
	if (a == 0 || b == len || b == a || has_space(s + b, len - b))
		return -1;
	if (a > MUSTACHE_MAX_DELIM || len - b > MUSTACHE_MAX_DELIM)
		return -1;
	memcpy(open, s, a);
	open[a] = '\0';
	*olen = a;
	memcpy(close, s + b, len - b);
	close[len - b] = '\0';
	*clen = len - b;
	return 0;
}

/* {{/name}} must close the innermost open section, by the same name. */
static int
close_section(const struct origin *o, struct tmpl *t, const size_t *open,
    int *nopen, const char *tag, size_t taglen, const char *name, size_t nlen,
    struct diag *d)
{
	struct node *sec;
	char shown[64], oshown[64], wh[96];
	int line;

	if (*nopen == 0)
		return tag_error(d, o, tag, taglen, "tag",
		    "closes a section that was never opened.");
	sec = &t->n[open[*nopen - 1]];
	if (sec->len != nlen || memcmp(sec->s, name, nlen) != 0) {
		line = line_of(o->src, tag);
		show(shown, sizeof shown, tag, taglen);
		show(oshown, sizeof oshown, sec->tag, sec->taglen);
		where(wh, sizeof wh, o);
		return diag_set(d, line, "The tag \"%s\" on line %d%s does not "
		    "match the section \"%s\" still open from line %d.", shown,
		    line, wh, oshown, sec->line);
	}
	sec->end = t->len;
	(*nopen)--;
	return 0;
}

static int
parse(const struct origin *o, struct tmpl *t, struct diag *d,
    unsigned long *work)
{
	const char *src = o->src;
	size_t len = strlen(src);
	size_t pos = 0, text = 0, bol = 0;
	size_t open[MUSTACHE_MAX_NESTING];
	int nopen = 0, tags_on_line = 0;
	char otag[MUSTACHE_MAX_DELIM + 1] = "{{";
	char ctag[MUSTACHE_MAX_DELIM + 1] = "}}";
	char closing[MUSTACHE_MAX_DELIM + 2];
	size_t olen = 2, clen = 2;
	size_t counted = 0;	/* newlines before here are in line */
	int line = 1;

	*work += len;
	for (;;) {
		const char *at, *nl, *cl, *name;
		size_t ts, q, cs, ce, te, nlen, after = 0, closinglen;
		int standalone = 0;
		char kind;

		at = memmem(src + pos, len - pos, otag, olen);
		if (at == NULL)
			break;
		ts = (size_t)(at - src);
		if ((nl = memrchr(src + pos, '\n', ts - pos)) != NULL) {
			bol = (size_t)(nl - src) + 1;
			tags_on_line = 0;
		}
		q = ts + olen;
		kind = q < len ? src[q] : '\0';
		cs = q + 1;
		closinglen = 0;
		switch (kind) {
		case '{':
		case '=':
			closing[closinglen++] = kind == '{' ? '}' : '=';
			break;
		case '#': case '^': case '/': case '!': case '>': case '&':
			break;
		default:
			kind = '\0';
			cs = q;
			break;
		}
		memcpy(closing + closinglen, ctag, clen);
		closinglen += clen;
		closing[closinglen] = '\0';
		if (cs > len)
			cs = len;
		cl = memmem(src + cs, len - cs, closing, closinglen);
		if (cl == NULL) {
			char shown[64], wh[96];

			show(shown, sizeof shown, at, len - ts);
			where(wh, sizeof wh, o);
			return diag_set(d, line_of(src, at),
			    "The tag starting \"%s\" on line %d%s is never "
			    "closed with \"%s\".", shown, line_of(src, at), wh,
			    closing);
		}
		ce = (size_t)(cl - src);
		te = ce + closinglen;
		name = src + cs;
		nlen = ce - cs;
		trim(&name, &nlen);

		if (kind != '\0' && kind != '{' && kind != '&' &&
		    tags_on_line == 0 && all_blank(src + bol, ts - bol)) {
			after = te;
			while (after < len && is_blank(src[after]))
				after++;
			if (after == len)
				standalone = 1;
			else if (src[after] == '\n')
				standalone = 1, after++;
			else if (src[after] == '\r' && after + 1 < len &&
			    src[after + 1] == '\n')
				standalone = 1, after += 2;
		}
		if ((standalone ? bol : ts) > text)
			add_node(t, N_TEXT, src + text,
			    (standalone ? bol : ts) - text);

		if (kind != '!' && kind != '=') {
			if (nlen == 0)
				return tag_error(d, o, at, te - ts, "tag",
				    "has no name.");
			if (has_space(name, nlen))
				return tag_error(d, o, at, te - ts, "tag",
				    "has a space inside its name.");
		}

		switch (kind) {
		case '!':
			break;
		case '=':
			if (set_delims(src + cs, ce - cs, otag, &olen, ctag,
			    &clen) == -1) {
				char rest[128];

				snprintf(rest, sizeof rest, "needs two "
				    "delimiters without spaces, each at most "
				    "%d characters, like {{=<%% %%>=}}.",
				    MUSTACHE_MAX_DELIM);
				return tag_error(d, o, at, te - ts,
				    "delimiter change", rest);
			}
			break;
		case '#':
		case '^': {
			struct node *n;

			if (nopen == MUSTACHE_MAX_NESTING) {
				char rest[64];

				snprintf(rest, sizeof rest, "is nested more "
				    "than %d sections deep.",
				    MUSTACHE_MAX_NESTING);
				return tag_error(d, o, at, te - ts, "section",
				    rest);
			}
			n = add_node(t, kind == '#' ? N_SECTION : N_INVERTED,
			    name, nlen);
			name_path(t, n);
			n->tag = at;
			n->taglen = te - ts;
			/* Counted as we go: line_of() per tag would make
			 * parsing quadratic in the template's length. */
			for (; counted < ts; counted++)
				if (src[counted] == '\n')
					line++;
			n->line = line;
			open[nopen++] = t->len - 1;
			break;
		}
		case '/':
			if (close_section(o, t, open, &nopen, at, te - ts,
			    name, nlen, d) == -1)
				return -1;
			break;
		case '>': {
			struct node *n = add_node(t, N_PARTIAL, name, nlen);

			n->tag = at;
			n->taglen = te - ts;
			if (standalone) {
				n->ind = src + bol;
				n->indlen = ts - bol;
			}
			break;
		}
		default:
			name_path(t, add_node(t, kind == '\0' ? N_VAR : N_RAW,
			    name, nlen));
			break;
		}

		if (standalone) {
			pos = bol = after;
			tags_on_line = 0;
		} else {
			pos = te;
			tags_on_line++;
		}
		text = pos;
	}
	if (len > text)
		add_node(t, N_TEXT, src + text, len - text);
	if (nopen > 0) {
		const struct node *sec = &t->n[open[nopen - 1]];

		return tag_error(d, o, sec->tag, sec->taglen, "section",
		    "is never closed.");
	}
	return 0;
}

/* Finds a key given as a slice; a present key with a NULL child still
 * counts as found, so it masks the same key further down the stack. */
static int
map_find(const struct tval *m, const char *k, size_t *hint, const struct tval **out)
{
	if (m == NULL || m->type != TV_MAP || k == NULL || !tval_may_have(m, k))
		return 0;
	/* The maps a tag meets are mostly built alike (the rows of a list):
	 * the key is where it was in the last. */
	if (*hint < m->n && m->keys[*hint] == k) {
		*out = m->items[*hint];
		return 1;
	}
	/* Keys are kept once (tval_key): the same name is the same pointer. */
	for (size_t i = 0; i < m->n; i++) {
		if (m->keys[i] == k) {
			*out = m->items[i];
			*hint = i;
			return 1;
		}
	}
	return 0;
}

/* The first part of a dotted name is looked up through the whole stack, the
 * rest only inside what the previous part found (spec: no masking, no
 * backtracking). */
static const struct tval *
lookup(struct render *r, const struct ctx *c, const struct tmpl *t, const struct node *n)
{
	const struct tval *v = NULL;
	const char *const *key = t->keys + n->path;
	size_t *hint = t->hint + n->path;

	if (n->self)
		return c != NULL ? c->v : NULL;
	if (n->npath == 0)
		return NULL;
	for (; c != NULL; c = c->up) {
		if (c == r->floor)
			r->outside = 1;
		if (map_find(c->v, key[0], &hint[0], &v))
			break;
	}
	if (c == NULL)
		return NULL;
	for (size_t i = 1; i < n->npath; i++)
		if (!map_find(v, key[i], &hint[i], &v))
			return NULL;
	return v;
}

/* Spec truthiness: only a miss, null, false and the empty list are falsey.
 * The empty string and the number 0 stay truthy, as the spec's host
 * languages mostly have it; templates test a boolean the view sets. */
static int
truthy(const struct tval *v)
{
	if (v == NULL)
		return 0;
	switch (v->type) {
	case TV_NULL:
		return 0;
	case TV_BOOL:
		return v->b;
	case TV_LIST:
		return v->n > 0;
	default:
		return 1;
	}
}

void
mustache_fmt_num(double v, char *s, size_t n)
{
	if (v != v) {
		snprintf(s, n, "nan");
		return;
	}
	/* Integral values below 1e17 print exactly with no exponent. */
	if (v > -1e17 && v < 1e17 && v == (double)(long long)v) {
		/* printf's "%lld" without printf: a report prints thousands. */
		char t[DEC_LEN];
		const char *d = dec_ll(t, (long long)v);
		size_t l = strlen(d);

		if (n == 0)
			return;
		if (l > n - 1)
			l = n - 1;
		memcpy(s, d, l);
		s[l] = '\0';
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(s, n, "%.*g", prec, v);
		if (strtod(s, NULL) == v)
			return;
	}
}

static void
put_escaped(struct buf *b, const char *s, size_t len)
{
	size_t run = 0;

	for (size_t i = 0; i < len; i++) {
		const char *rep;

		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: continue;
		}
		buf_add(b, s + run, i - run);
		buf_adds(b, rep);
		run = i + 1;
	}
	buf_add(b, s + run, len - run);
}

/* Bytes a string value may not be copied out as they are: what HTML
 * escaping replaces, and the marks of an encoded message (msg.h). */
static const char specials[] = "&<>\"\001\002\003";
_Static_assert(MSG_MARK == '\001' && TERM_MARK == '\002' && ORDER_MARK == '\003',
    "specials holds the marks of msg.h");

/* Lists and maps interpolate as nothing: a template should iterate them.
 * Numbers and booleans need no escaping; a string is read once to learn its
 * length and whether it needs more than a copy, as most do not. */
static void
put_value(struct render *r, const struct tval *v, int escape)
{
	char num[32];
	const char *s;
	size_t len;

	if (v == NULL)
		return;
	switch (v->type) {
	case TV_STR:
		s = v->str != NULL ? v->str : "";
		break;
	case TV_NUM:
		/* Most are counts and places: their digits go straight out
		 * (what mustache_fmt_num writes for them). */
		if (v->num > -1e17 && v->num < 1e17 && v->num == (double)(long long)v->num) {
			const char *d = dec_ll(num, (long long)v->num);

			buf_add(r->out, d, (size_t)(num + DEC_LEN - 1 - d));
			return;
		}
		mustache_fmt_num(v->num, num, sizeof num);
		buf_adds(r->out, num);
		return;
	case TV_BOOL:
		buf_adds(r->out, v->b ? "true" : "false");
		return;
	default:
		return;
	}
	/* strcspn reads many bytes at a time, a loop one. */
	len = strcspn(s, specials);
	escape = escape && r->esc == MUSTACHE_ESCAPE_HTML;
	if (s[len] == '\0') {
		buf_add(r->out, s, len);
		return;
	}
	if (r->partials != NULL && r->partials->lang != NULL && msg_is_encoded(s)) {
		/* The node keeps where its text was: the text part and the
		 * HTML part show the same values, and so do the readers of
		 * the parts every reader sees alike. */
		struct msg_said *said = &((struct tval *)v)->said;

		if (!escape) {
			msg_render_said(r->partials->lang, s, said, r->out);
			return;
		}
		r->scratch.len = 0;
		msg_render_said(r->partials->lang, s, said, &r->scratch);
		put_escaped(r->out, r->scratch.p != NULL ? r->scratch.p : "", r->scratch.len);
		return;
	}
	if (escape)
		put_escaped(r->out, s, len + strlen(s + len));
	else
		buf_add(r->out, s, len + strlen(s + len));
}

/* Indentation goes onto the partial's template text, not its output, so
 * multi-line values it interpolates keep their own layout (spec:
 * "Standalone Indentation"). Empty lines stay empty. */
static char *
indent(const char *src, const char *ind, size_t indlen, unsigned long *work)
{
	struct buf b = BUF_INIT;
	const char *p = src;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t l = nl != NULL ? (size_t)(nl - p) + 1 : strlen(p);

		if (*p != '\n' && !(*p == '\r' && p[1] == '\n'))
			buf_add(&b, ind, indlen);
		buf_add(&b, p, l);
		p += l;
	}
	*work += b.len;
	return buf_steal(&b);
}

struct mustache_cache *
mustache_cache_new(void)
{
	return xcalloc(1, sizeof(struct mustache_cache));
}

static void
frag_clear(struct mustache_cache *c)
{
	for (size_t b = 0; b < FRAG_BUCKETS; b++) {
		while (c->frag[b] != NULL) {
			struct frag *f = c->frag[b];

			c->frag[b] = f->next;
			free(f->text);
			free(f);
		}
	}
	c->fragbytes = 0;
}

void
mustache_cache_free(struct mustache_cache *c)
{
	if (c == NULL)
		return;
	frag_clear(c);
	while (c->list != NULL) {
		struct parsed *p = c->list;

		c->list = p->next;
		free(p->ind);
		free(p->name);
		free(p->owned);
		free(p->t.n);
		free(p->t.keys);
		free(p->t.hint);
		free(p);
	}
	free(c);
}

static struct parsed *
cached(const struct mustache_cache *c, const char *key, const char *name,
    const char *ind, size_t indlen)
{
	if (c == NULL)
		return NULL;
	for (struct parsed *p = c->bucket[bucket_of(key)]; p != NULL; p = p->hnext) {
		if (p->key != key || (p->name == NULL) != (name == NULL))
			continue;
		/* ind is NULL when indlen is 0, and memcmp may not be given NULL. */
		if (name != NULL && (strcmp(p->name, name) != 0 || p->indlen != indlen ||
		    (indlen > 0 && memcmp(p->ind, ind, indlen) != 0)))
			continue;
		return p;
	}
	return NULL;
}

/* Keeps a template that parsed; takes text (may be NULL), name and t. */
static struct parsed *
keep(struct mustache_cache *c, const char *key, char *name, const char *ind,
    size_t indlen, char *text, const struct tmpl *t, unsigned long work)
{
	struct parsed *p = xcalloc(1, sizeof *p);

	p->key = key;
	p->name = name;
	if (name != NULL) {
		p->ind = xmalloc(indlen + 1);
		if (indlen > 0)
			memcpy(p->ind, ind, indlen);
		p->ind[indlen] = '\0';
	}
	p->indlen = indlen;
	p->owned = text;
	p->o.src = text != NULL ? text : key;
	p->o.partial = name;
	p->t = *t;
	p->work = work;
	p->next = c->list;
	c->list = p;
	p->hnext = c->bucket[bucket_of(key)];
	c->bucket[bucket_of(key)] = p;
	return p;
}

static int
render_partial(struct render *r, const struct node *n,
    const struct origin *o, const struct ctx *c)
{
	struct origin po;
	struct tmpl t = { NULL, 0, 0, NULL, NULL, 0, 0 };
	struct parsed *hit;
	const char *text;
	char *name, *owned = NULL, small[128];
	unsigned long before;
	int rc;

	if (r->depth >= MUSTACHE_MAX_PARTIAL_DEPTH) {
		char rest[128];

		snprintf(rest, sizeof rest, "goes past the limit of %d nested "
		    "partials; does a partial include itself?",
		    MUSTACHE_MAX_PARTIAL_DEPTH);
		return tag_error(r->d, o, n->tag, n->taglen, "partial", rest);
	}
	if (r->partials == NULL || r->partials->get == NULL)
		return 0;
	/* Which text a name gives depends on the renderer, not the tree. */
	if (r->floor != NULL)
		r->outside = 1;
	/* Named without an allocation when short: most are, and a report
	 * reaches dozens. */
	if (n->len < sizeof small) {
		memcpy(small, n->s, n->len);
		small[n->len] = '\0';
		text = r->partials->get(r->partials->ctx, small);
		if (text == NULL)
			return 0;
		hit = cached(r->cache, text, small, n->ind, n->indlen);
	} else {
		name = xstrndup(n->s, n->len);
		text = r->partials->get(r->partials->ctx, name);
		hit = text != NULL ? cached(r->cache, text, name, n->ind, n->indlen) : NULL;
		free(name);
		if (text == NULL)
			return 0;
	}
	if (hit != NULL) {
		r->work += hit->work;
		r->depth++;
		rc = render_nodes(r, &hit->t, &hit->o, 0, hit->t.len, c);
		r->depth--;
		return rc;
	}
	name = xstrndup(n->s, n->len);
	before = r->work;
	if (n->indlen > 0)
		owned = indent(text, n->ind, n->indlen, &r->work);
	po.src = owned != NULL ? owned : text;
	po.partial = name;
	r->depth++;
	rc = parse(&po, &t, r->d, &r->work);
	if (rc == 0 && r->cache != NULL) {
		hit = keep(r->cache, text, name, n->ind, n->indlen, owned, &t,
		    r->work - before);
		rc = render_nodes(r, &hit->t, &hit->o, 0, hit->t.len, c);
		r->depth--;
		return rc;
	}
	if (rc == 0)
		rc = render_nodes(r, &t, &po, 0, t.len, c);
	r->depth--;
	free(t.n);
	free(t.keys);
	free(t.hint);
	free(owned);
	free(name);
	return rc;
}

/* The section at node i over v: once for each item of a list, once for
 * any other truthy value. */
static int
section(struct render *r, const struct tmpl *t, const struct origin *o, size_t i,
    const struct ctx *c, const struct tval *v)
{
	const struct node *n = &t->n[i];
	struct ctx sub;
	int rc;

	sub.up = c;
	if (v != NULL && v->type == TV_LIST) {
		for (size_t k = 0; k < v->n; k++) {
			sub.v = v->items[k];
			if ((rc = render_nodes(r, t, o, i + 1, n->end, &sub)) != 0)
				return rc;
		}
	} else if (truthy(v)) {
		sub.v = v;
		return render_nodes(r, t, o, i + 1, n->end, &sub);
	}
	return 0;
}

static size_t
frag_bucket(const char *src, const struct tval *v)
{
	uintptr_t h = ((uintptr_t)src >> 2) ^ ((uintptr_t)v >> 4);

	return (size_t)(h ^ (h >> 8) ^ (h >> 16)) & (FRAG_BUCKETS - 1);
}

/* Whether the sections at node i of t and node j of u are the same: one
 * text is parsed more than once (a report as a mail of its own, and as the
 * partial of the reply that carries it), node for node alike. */
static int
same_section(const struct tmpl *t, size_t i, const struct tmpl *u, size_t j)
{
	size_t n = t->n[i].end - i;

	if (t == u && i == j)
		return 1;
	if (u->n[j].end - j != n)
		return 0;
	for (size_t k = 0; k < n; k++) {
		const struct node *a = &t->n[i + k], *b = &u->n[j + k];

		if (a->type != b->type || a->s != b->s || a->len != b->len ||
		    (a->type == N_SECTION || a->type == N_INVERTED ?
		    a->end - i != b->end - j : 0))
			return 0;
	}
	return 1;
}

/* section() over the shared tree v, written from or into r's cache of
 * fragments: what it writes is the same either way, and so are the steps
 * counted and the limits met (a fragment that would cross one is written
 * anew, to fail where it fails). */
static int
section_kept(struct render *r, const struct tmpl *t, const struct origin *o, size_t i,
    const struct ctx *c, const struct tval *v)
{
	struct mustache_cache *mc = r->cache;
	const char *lang = r->partials != NULL ? r->partials->lang : NULL;
	size_t b = frag_bucket(t->n[i].s, v), at = r->out->len;
	unsigned long work = r->work, missed = msg_missing();
	struct frag *f;
	int rc;

	if (lang != NULL && strlen(lang) >= FRAG_LANG)
		return section(r, t, o, i, c, v);
	if (mc->fraggen != tval_shared_gen()) {
		frag_clear(mc);
		mc->fraggen = tval_shared_gen();
	}
	for (f = mc->frag[b]; f != NULL; f = f->next) {
		if (f->t->n[f->node].s != t->n[i].s || f->v != v || f->esc != r->esc ||
		    f->has_lang != (lang != NULL) || (lang != NULL && strcmp(f->lang, lang) != 0) ||
		    !same_section(f->t, f->node, t, i))
			continue;
		if (r->work + f->work > MUSTACHE_MAX_WORK ||
		    r->out->len - r->start + f->len > MUSTACHE_MAX_OUTPUT)
			return section(r, t, o, i, c, v);
		buf_add(r->out, f->text, f->len);
		r->work += f->work;
		return 0;
	}
	r->floor = c;
	r->outside = 0;
	rc = section(r, t, o, i, c, v);
	r->floor = NULL;
	if (rc != 0 || r->outside || msg_missing() != missed)
		return rc;
	if (mc->fragbytes + (r->out->len - at) > FRAG_BYTES)
		frag_clear(mc);
	f = xcalloc(1, sizeof *f);
	f->t = t;
	f->node = i;
	f->v = v;
	f->esc = r->esc;
	f->has_lang = lang != NULL;
	if (lang != NULL)
		memcpy(f->lang, lang, strlen(lang) + 1);
	f->work = r->work - work;
	f->len = r->out->len - at;
	f->text = xmalloc(f->len + 1);
	if (f->len > 0)
		memcpy(f->text, r->out->p + at, f->len);
	f->next = mc->frag[b];
	mc->frag[b] = f;
	mc->fragbytes += f->len + sizeof *f;
	return 0;
}

static int
render_nodes(struct render *r, const struct tmpl *t, const struct origin *o,
    size_t from, size_t to, const struct ctx *c)
{
	for (size_t i = from; i < to; i++) {
		const struct node *n = &t->n[i];
		const struct tval *v;
		int rc;

		if (++r->work > MUSTACHE_MAX_WORK)
			return diag_set(r->d, 0, "The template takes more than "
			    "%lu steps to render; do partials include each "
			    "other over and over?", MUSTACHE_MAX_WORK);
		if (r->out->len - r->start > MUSTACHE_MAX_OUTPUT)
			return diag_set(r->d, 0, "The rendered text grows "
			    "past %lu bytes.", MUSTACHE_MAX_OUTPUT);
		switch (n->type) {
		case N_TEXT:
			buf_add(r->out, n->s, n->len);
			break;
		case N_VAR:
		case N_RAW:
			put_value(r, lookup(r, c, t, n), n->type == N_VAR);
			break;
		case N_INVERTED:
			if (!truthy(lookup(r, c, t, n)) &&
			    (rc = render_nodes(r, t, o, i + 1, n->end, c)) != 0)
				return rc;
			i = n->end - 1;
			break;
		case N_SECTION:
			v = lookup(r, c, t, n);
			if (v != NULL && r->cache != NULL && r->floor == NULL &&
			    tval_is_shared(v))
				rc = section_kept(r, t, o, i, c, v);
			else
				rc = section(r, t, o, i, c, v);
			if (rc != 0)
				return rc;
			i = n->end - 1;
			break;
		case N_PARTIAL:
			if ((rc = render_partial(r, n, o, c)) != 0)
				return rc;
			break;
		}
	}
	return 0;
}

int
mustache_render(const char *tmpl, const struct tval *data,
    const struct mustache_partials *partials, enum mustache_escape esc,
    struct buf *out, struct diag *d)
{
	return mustache_render_cached(tmpl, data, partials, NULL, esc, out, d);
}

int
mustache_render_cached(const char *tmpl, const struct tval *data,
    const struct mustache_partials *partials, struct mustache_cache *cache,
    enum mustache_escape esc, struct buf *out, struct diag *d)
{
	struct render r;
	struct origin o = { tmpl, NULL };
	struct tmpl t = { NULL, 0, 0, NULL, NULL, 0, 0 };
	struct ctx root = { data, NULL };
	struct parsed *hit;
	int rc;

	if (tmpl == NULL)
		return diag_set(d, 0, "There is no template to render.");
	r.partials = partials;
	r.cache = cache;
	r.esc = esc;
	r.out = out;
	r.start = out->len;
	r.d = d;
	r.depth = 0;
	r.work = 0;
	r.scratch = (struct buf)BUF_INIT;
	r.floor = NULL;
	r.outside = 0;
	if ((hit = cached(cache, tmpl, NULL, NULL, 0)) != NULL) {
		/* Room for what the template wrote before, at once: a
		 * report's picture grew through a dozen copies. */
		if (hit->out > 0) {
			buf_grow(out, hit->out);
			out->p[out->len] = '\0';
		}
		r.work = hit->work;
		rc = render_nodes(&r, &hit->t, &hit->o, 0, hit->t.len,
		    data != NULL ? &root : NULL);
		if (rc == 0 && out->len - r.start > hit->out)
			hit->out = out->len - r.start;
	} else {
		rc = parse(&o, &t, d, &r.work);
		if (rc == 0 && cache != NULL) {
			hit = keep(cache, tmpl, NULL, NULL, 0, NULL, &t, r.work);
			t.n = NULL;
			t.keys = NULL;
			t.hint = NULL;
		}
		if (rc == 0)
			rc = render_nodes(&r, hit != NULL ? &hit->t : &t, &o, 0,
			    hit != NULL ? hit->t.len : t.len, data != NULL ? &root : NULL);
		free(t.n);
		free(t.keys);
		free(t.hint);
	}
	buf_free(&r.scratch);
	if (rc != 0) {
		out->len = r.start;
		if (out->p != NULL)
			out->p[out->len] = '\0';
		return -1;
	}
	return 0;
}
