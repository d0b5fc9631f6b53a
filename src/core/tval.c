#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tval.h"
#include "core/xmalloc.h"

/* Map keys are few and named in the code ("name", "seats"), and a report's
 * tree sets hundreds of thousands of them: each is kept once for the process
 * (the program has one thread), so a map holds the one copy and finds a key
 * by its address. */
static struct {
	const char **v;
	size_t n, cap;      /* cap a power of two, at most half full */
} interned;

static size_t
key_hash(const char *k)
{
	size_t h = 5381;

	for (; *k != '\0'; k++)
		h = h * 33 ^ (unsigned char)*k;
	return h;
}

static size_t
key_hash_n(const char *k, size_t len)
{
	size_t h = 5381;

	for (size_t i = 0; i < len; i++)
		h = h * 33 ^ (unsigned char)k[i];
	return h;
}

const char *
tval_key(const char *name, size_t len)
{
	if (interned.cap == 0)
		return NULL;
	for (size_t i = key_hash_n(name, len) & (interned.cap - 1); interned.v[i] != NULL;
	    i = (i + 1) & (interned.cap - 1))
		if (strncmp(interned.v[i], name, len) == 0 && interned.v[i][len] == '\0')
			return interned.v[i];
	return NULL;
}

static const char *
intern_n(const char *k, size_t len)
{
	size_t i;

	if (interned.n + 1 > interned.cap / 2) {
		const char **old = interned.v;
		size_t ocap = interned.cap;

		interned.cap = ocap ? ocap * 2 : 256;
		interned.v = xcalloc(interned.cap, sizeof *interned.v);
		for (size_t j = 0; j < ocap; j++) {
			if (old[j] == NULL)
				continue;
			for (i = key_hash(old[j]) & (interned.cap - 1); interned.v[i] != NULL;
			    i = (i + 1) & (interned.cap - 1))
				;
			interned.v[i] = old[j];
		}
		free(old);
	}
	for (i = key_hash_n(k, len) & (interned.cap - 1); interned.v[i] != NULL;
	    i = (i + 1) & (interned.cap - 1))
		if (strncmp(interned.v[i], k, len) == 0 && interned.v[i][len] == '\0')
			return interned.v[i];
	interned.n++;
	return interned.v[i] = xstrndup(k, len);
}

/* intern_n for a whole string, without its length first: tval_set's path.
 * Keys are mostly the same literals over and over: the copy each address
 * gave last is tried first, its bytes still compared (an address may be a
 * buffer that now holds another name), which costs less than the hash. */
#define RECENT 512

static struct {
	const char *from, *to;
} recent[RECENT];

static const char *
intern(const char *k)
{
	size_t i, slot = ((uintptr_t)k >> 3) & (RECENT - 1);
	const char *to = recent[slot].to;

	if (recent[slot].from == k && (to == k || strcmp(to, k) == 0))
		return to;
	if (interned.n + 1 > interned.cap / 2) {
		to = intern_n(k, strlen(k));
	} else {
		for (i = key_hash(k) & (interned.cap - 1); interned.v[i] != NULL;
		    i = (i + 1) & (interned.cap - 1))
			if (strcmp(interned.v[i], k) == 0)
				break;
		if (interned.v[i] == NULL) {
			interned.n++;
			interned.v[i] = xstrdup(k);
		}
		to = interned.v[i];
	}
	recent[slot].from = k;
	recent[slot].to = to;
	return to;
}

const char *
tval_intern(const char *name, size_t len)
{
	return intern_n(name, len);
}

/* Blocks of nodes and of their items, kept for reuse by size class: a
 * report's tree is hundreds of small blocks freed at once, more than
 * glibc's per-size caches keep, and malloc and free cost a sixth of
 * queueing the report. Class k holds blocks of k * POOL_GRAIN bytes;
 * class 0 is a block of its own size, malloc'd and freed. */
#define POOL_GRAIN 16
#define POOL_CLASSES 40
#define POOL_KEEP 4096

/* Under AddressSanitizer every block goes back to free(): a node used after
 * its tree was freed is then caught, not handed to the next tree. */
#if defined(__SANITIZE_ADDRESS__)
#define POOL_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_OFF 1
#endif
#endif
#ifndef POOL_OFF
#define POOL_OFF 0
#endif

static _Thread_local struct {
	void *head;
	size_t n;
} pool[POOL_CLASSES];

static unsigned
pool_class(size_t size)
{
	size_t k = (size + POOL_GRAIN - 1) / POOL_GRAIN;

	return k < POOL_CLASSES && !POOL_OFF ? (unsigned)k : 0;
}

static void *
pool_get(size_t size, unsigned k)
{
	void *p;

	if (k == 0)
		return xmalloc(size);
	if ((p = pool[k].head) == NULL)
		return xmalloc((size_t)k * POOL_GRAIN);
	memcpy(&pool[k].head, p, sizeof(void *));
	pool[k].n--;
	return p;
}

static void
pool_put(void *p, unsigned k)
{
	if (k == 0 || pool[k].n >= POOL_KEEP) {
		free(p);
		return;
	}
	memcpy(p, &pool[k].head, sizeof(void *));
	pool[k].head = p;
	pool[k].n++;
}

/* The bytes of an items block of cap children: a map's keys follow. */
static size_t
items_size(const struct tval *v, size_t cap)
{
	return cap * (v->type == TV_MAP ? 2 : 1) * sizeof *v->items;
}

struct tval *
tval_new(enum tval_type t)
{
	unsigned k = pool_class(sizeof(struct tval));
	struct tval *v = pool_get(sizeof *v, k);

	memset(v, 0, sizeof *v);
	v->type = t;
	v->pool = k;
	return v;
}

struct tval *tval_map(void) { return tval_new(TV_MAP); }
struct tval *tval_list(void) { return tval_new(TV_LIST); }

/* A string node and its bytes are one allocation: v->str points just past
 * the node (a str set by hand elsewhere is its own, and freed so). */
struct tval *
tval_str(const char *s)
{
	size_t len = s != NULL ? strlen(s) : 0;
	unsigned k = pool_class(sizeof(struct tval) + len + 1);
	struct tval *v = pool_get(sizeof(struct tval) + len + 1, k);

	memset(v, 0, sizeof *v);
	v->type = TV_STR;
	v->pool = k;
	v->str = (char *)(v + 1);
	if (len > 0)
		memcpy(v->str, s, len);
	v->str[len] = '\0';
	return v;
}

struct tval *
tval_num(double d)
{
	struct tval *v = tval_new(TV_NUM);

	v->num = d;
	return v;
}

struct tval *
tval_bool(int b)
{
	struct tval *v = tval_new(TV_BOOL);

	v->b = b != 0;
	return v;
}

/* The pool field of a node held by maps that do not own it (tval_share). */
#define POOL_SHARED TVAL_SHARED

/* Counts the frees of shared trees (tval_shared_gen). */
static unsigned long shared_gen = 1;

unsigned long
tval_shared_gen(void)
{
	return shared_gen;
}

void
tval_share(struct tval *v)
{
	/* Only a map or a list: a string's node has its bytes in its block. */
	if (v->type == TV_MAP || v->type == TV_LIST)
		v->pool = POOL_SHARED;
}

void
tval_free(struct tval *v)
{
	if (v == NULL || v->pool == POOL_SHARED)
		return;
	for (size_t i = 0; i < v->n; i++) {
		struct tval *c = v->items[i];

		/* Most children are leaves with their bytes in their block:
		 * back to the pool without a call. */
		if (c != NULL && c->items == NULL && c->pool != POOL_SHARED &&
		    (c->str == NULL || c->str == (char *)(c + 1)))
			pool_put(c, c->pool);
		else
			tval_free(c);
	}
	/* A map's keys are in its items' block (reserve). Most nodes are
	 * leaves: no call for what they do not have. */
	if (v->items != NULL)
		pool_put(v->items, pool_class(items_size(v, v->cap)));
	if (v->str != NULL && v->str != (char *)(v + 1))
		free(v->str);
	pool_put(v, v->pool);
}

/* The view parts kept for the state tval_memo_key named last. */
#define MEMO_KEY 160
#define MEMO_PARTS 16

static struct {
	int on;
	size_t keylen;
	unsigned char key[MEMO_KEY];
	size_t n;
	const char *name[MEMO_PARTS];
	struct tval *v[MEMO_PARTS];
} memo;

static void
memo_clear(void)
{
	/* What was kept at these addresses is gone: another tree may come. */
	if (memo.n > 0)
		shared_gen++;
	for (size_t i = 0; i < memo.n; i++) {
		/* Owned again, to be freed: a map or list from tval_new. */
		memo.v[i]->pool = pool_class(sizeof(struct tval));
		tval_free(memo.v[i]);
	}
	memo.n = 0;
}

void
tval_memo_key(const void *key, size_t len)
{
	if (key == NULL || len > MEMO_KEY) {
		memo.on = 0;
		return;
	}
	if (len != memo.keylen || memcmp(memo.key, key, len) != 0) {
		memo_clear();
		memcpy(memo.key, key, len);
		memo.keylen = len;
	}
	memo.on = 1;
}

void
tval_memo_forget(void)
{
	memo_clear();
	memo.on = 0;
	memo.keylen = 0;
}

/* Names are the views' literals: compared by content all the same. */
struct tval *
tval_memo_get(const char *name)
{
	if (!memo.on)
		return NULL;
	for (size_t i = 0; i < memo.n; i++)
		if (strcmp(memo.name[i], name) == 0)
			return memo.v[i];
	return NULL;
}

void
tval_memo_put(const char *name, struct tval *v)
{
	if (!memo.on || memo.n == MEMO_PARTS || (v->type != TV_MAP && v->type != TV_LIST) ||
	    tval_memo_get(name) != NULL)
		return;
	tval_share(v);
	memo.name[memo.n] = name;
	memo.v[memo.n++] = v;
}

/* Room for cap children; a map's keys follow its items in one block. */
static void
reserve(struct tval *v, size_t cap)
{
	size_t old = v->cap, size = items_size(v, cap);
	struct tval **items;

	if (cap > SIZE_MAX / (2 * sizeof *v->items))
		abort();
	items = pool_get(size, pool_class(size));
	if (v->n > 0) {
		memcpy(items, v->items, v->n * sizeof *items);
		if (v->type == TV_MAP)
			memcpy(items + cap, v->keys, v->n * sizeof *v->keys);
	}
	if (v->items != NULL)
		pool_put(v->items, pool_class(items_size(v, old)));
	v->items = items;
	if (v->type == TV_MAP)
		v->keys = (const char **)(void *)(items + cap);
	v->cap = cap;
}

struct tval *
tval_copy(const struct tval *v)
{
	struct tval *c;

	if (v == NULL)
		return NULL;
	c = v->type == TV_STR && v->str != NULL ? tval_str(v->str) : tval_new(v->type);
	c->b = v->b;
	c->num = v->num;
	c->seen[0] = v->seen[0];
	c->seen[1] = v->seen[1];
	if (v->str != NULL && c->str == NULL)
		c->str = xstrdup(v->str);
	if (v->n == 0)
		return c;
	reserve(c, v->n);
	c->n = v->n;
	for (size_t i = 0; i < v->n; i++) {
		c->items[i] = tval_copy(v->items[i]);
		if (v->keys != NULL)
			c->keys[i] = v->keys[i];
	}
	return c;
}

static void
grow(struct tval *v)
{
	if (v->n < v->cap)
		return;
	reserve(v, v->cap ? v->cap * 2 : 8);
}

struct tval *
tval_get(const struct tval *m, const char *key)
{
	if (m == NULL || m->type != TV_MAP)
		return NULL;
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->keys[i], key) == 0)
			return m->items[i];
	return NULL;
}

struct tval *
tval_set(struct tval *m, const char *key, struct tval *child)
{
	const char *k = intern(key);
	int b = tval_key_bit(k);

	/* A new key needs no search: most are. */
	for (size_t i = 0; i < (tval_may_have(m, k) ? m->n : 0); i++) {
		if (m->keys[i] == k) {
			tval_free(m->items[i]);
			m->items[i] = child;
			return child;
		}
	}
	m->seen[b >> 6] |= 1ULL << (b & 63);
	grow(m);
	m->keys[m->n] = k;
	m->items[m->n++] = child;
	return child;
}

struct tval *
tval_set_str(struct tval *m, const char *key, const char *s)
{
	return tval_set(m, key, tval_str(s));
}

/* Views set a letter ("%c") hundreds of times a report: that one goes
 * without printf, and a short text without vasprintf's allocations. */
struct tval *
tval_set_strf(struct tval *m, const char *key, const char *fmt, ...)
{
	va_list ap;
	char t[128], *s = t;
	struct tval *v;
	int n;

	va_start(ap, fmt);
	if (fmt[0] == '%' && fmt[1] == 'c' && fmt[2] == '\0') {
		t[0] = (char)va_arg(ap, int);
		t[1] = '\0';
		va_end(ap);
		/* As "%c" of a NUL would: a string that ends at once. */
		return tval_set_str(m, key, t);
	}
	n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (n < 0) {
		s = NULL;
	} else if ((size_t)n >= sizeof t) {
		va_start(ap, fmt);
		if (vasprintf(&s, fmt, ap) < 0)
			s = NULL;
		va_end(ap);
	}
	v = tval_set_str(m, key, s);
	if (s != t)
		free(s);
	return v;
}

struct tval *
tval_set_int(struct tval *m, const char *key, long long v)
{
	return tval_set(m, key, tval_num((double)v));
}

struct tval *
tval_set_bool(struct tval *m, const char *key, int b)
{
	return tval_set(m, key, tval_bool(b));
}

struct tval *
tval_set_map(struct tval *m, const char *key)
{
	return tval_set(m, key, tval_map());
}

struct tval *
tval_set_list(struct tval *m, const char *key)
{
	return tval_set(m, key, tval_list());
}

struct tval *
tval_push(struct tval *l, struct tval *child)
{
	grow(l);
	l->items[l->n++] = child;
	return child;
}

struct tval *
tval_push_map(struct tval *l)
{
	return tval_push(l, tval_map());
}

struct tval *
tval_push_str(struct tval *l, const char *s)
{
	return tval_push(l, tval_str(s));
}
