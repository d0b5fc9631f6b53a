#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/xmalloc.h"
#include "games/game.h"

void
order_list_init(struct order_list *l)
{
	l->v = NULL;
	l->n = l->cap = 0;
	l->bare = 0;
}

void
order_list_free(struct order_list *l)
{
	free(l->v);
	order_list_init(l);
}

struct order *
order_list_add(struct order_list *l)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xreallocarray(l->v, l->cap, sizeof *l->v);
	}
	/* Not the text's 256 bytes: legal lists thousands of orders a step
	 * in a random playout; an empty string is all a reader relies on. */
	memset(&l->v[l->n], 0, offsetof(struct order, text));
	l->v[l->n].text[0] = '\0';
	return &l->v[l->n++];
}

void
evsink_init(struct evsink *s)
{
	s->v = NULL;
	s->n = s->cap = 0;
}

void
evsink_free(struct evsink *s)
{
	free(s->v);
	evsink_init(s);
}

static struct evline *
ev_next(struct evsink *s)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
	}
	return &s->v[s->n];
}

void
ev_add(struct evsink *s, const struct evline *e)
{
	if (s == NULL)
		return;
	*ev_next(s) = *e;
	s->n++;
}

#undef ev_emit
void
ev_emit(struct evsink *s, uint32_t vis, const char *fmt, ...)
{
	va_list ap;

	if (s == NULL)
		return;
	ev_next(s);
	s->v[s->n].vis = vis;
	va_start(ap, fmt);
	msg_vfmt(s->v[s->n].enc, sizeof s->v[s->n].enc, fmt, ap);
	va_end(ap);
	s->n++;
}

const char *
evline_text(const struct evline *e)
{
	static _Thread_local char ring[4][256];
	static _Thread_local unsigned next;
	char *t = ring[next++ % 4];

	msg_english(e->enc, t, sizeof ring[0]);
	return t;
}

void
secrets_init(struct secrets *s)
{
	s->v = NULL;
	s->n = s->cap = 0;
}

void
secrets_free(struct secrets *s)
{
	free(s->v);
	secrets_init(s);
}

void
secret_add(struct secrets *s, const char *fmt, ...)
{
	va_list ap;

	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 32;
		s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
	}
	va_start(ap, fmt);
	vsnprintf(s->v[s->n], sizeof s->v[s->n], fmt, ap);
	va_end(ap);
	s->n++;
}

/* A mail's text part folds its prose (render/fold.h): a fact folded in
 * two is still told, and a test's sentence still said. */
size_t
folded_at(const char *t, const char *s)
{
	const char *p = t;

	for (; *s != '\0'; s++) {
		if (*p == *s) {
			p++;
			continue;
		}
		if (*s != ' ' || (*p != '\n' && *p != '\r'))
			return 0;
		while (*p == '\r' || *p == '\n')
			p++;
		while (*p == ' ')
			p++;
	}
	return (size_t)(p - t);
}

/* "tribe card 2" must not be found in "tribe card 20". The scan looks for
 * the secret's first word with strstr, as fast as the secret whole: the
 * secrets test reads every mail of thousands of games for each secret. */
const char *
secret_in(const char *text, const char *s)
{
	size_t len = strlen(s), w;
	char first[SECRET_TEXT];

	if (len == 0)
		return NULL;
	/* Never empty, or strstr would stop at every byte. */
	w = 1 + strcspn(s + 1, " ");
	if (w >= sizeof first)
		return NULL;
	memcpy(first, s, w);
	first[w] = '\0';
	for (const char *p = text; (p = strstr(p, first)) != NULL; p++) {
		size_t n = folded_at(p, s);
		int before, after;

		if (n == 0)
			continue;
		before = p > text && isalnum((unsigned char)p[-1]) && isalnum((unsigned char)s[0]);
		after = isalnum((unsigned char)p[n]) && isalnum((unsigned char)s[len - 1]);
		if (!before && !after)
			return p;
	}
	return NULL;
}

const char *
opt_get(const struct optset *o, const char *name)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->name[i], name) == 0)
			return o->value[i];
	return NULL;
}

static int
opt_index(const struct optset *o, const char *name)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->name[i], name) == 0)
			return i;
	return -1;
}

int
opt_resolve(const struct game_option *defs, struct optset *o,
    const char *const *kv, int nkv, struct diag *d)
{
	o->n = 0;
	o->file = NULL;
	o->file_name[0] = '\0';
	for (int i = 0; defs != NULL && defs[i].name != NULL; i++) {
		if (o->n == OPT_MAX)
			return diag_set(d, 0, "too many options");
		snprintf(o->name[o->n], sizeof o->name[0], "%s", defs[i].name);
		snprintf(o->value[o->n], sizeof o->value[0], "%s", defs[i].def);
		o->n++;
	}
	for (int k = 0; k < nkv; k++) {
		const char *eq = strchr(kv[k], '=');
		char key[32];
		int i, j;

		if (eq == NULL || eq == kv[k] || (size_t)(eq - kv[k]) >= sizeof key)
			return diag_set(d, 0, "option \"%s\" is not of the form name=value", kv[k]);
		memcpy(key, kv[k], (size_t)(eq - kv[k]));
		key[eq - kv[k]] = '\0';
		if ((i = opt_index(o, key)) < 0)
			return diag_set(d, 0, "unknown option \"%s\"", key);
		if (strlen(eq + 1) >= sizeof o->value[0])
			return diag_set(d, 0, "option %s: value too long", key);
		for (j = 0; defs[j].name != NULL; j++)
			if (strcmp(defs[j].name, key) == 0)
				break;
		if (defs[j].choices != NULL) {
			int ok = 0;
			struct buf b = BUF_INIT;

			for (int c = 0; defs[j].choices[c] != NULL; c++) {
				if (strcmp(defs[j].choices[c], eq + 1) == 0)
					ok = 1;
				buf_printf(&b, "%s%s", c ? ", " : "", defs[j].choices[c]);
			}
			if (!ok) {
				diag_set(d, 0, "option %s: \"%s\" is not one of %s", key, eq + 1, b.p);
				buf_free(&b);
				return -1;
			}
			buf_free(&b);
		}
		snprintf(o->value[i], sizeof o->value[0], "%s", eq + 1);
	}
	return 0;
}

int
game_name_valid(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n == 0 || n >= max)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || (i > 0 && strchr("_.-", s[i]) != NULL)))
			return 0;
	return 1;
}

static int
int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

void
redeal_cards(int *v, int n, struct rng *r)
{
	if (n <= 1)
		return;
	qsort(v, (size_t)n, sizeof *v, int_cmp);
	rng_shuffle_int(r, v, n);
}
