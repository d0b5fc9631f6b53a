/* tval: the value tree a view hands to the template renderer.
 *
 * A view builds one tree per viewer; templates can only show what is in it,
 * which is how hidden information stays out of reports. Maps keep insertion
 * order so output is stable. Every node is owned by its parent; free the root. */
#ifndef AZ_TVAL_H
#define AZ_TVAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/msg.h"

enum tval_type { TV_NULL, TV_BOOL, TV_NUM, TV_STR, TV_LIST, TV_MAP };

struct tval {
	enum tval_type type;
	int b;             /* TV_BOOL */
	unsigned pool;     /* tval.c: the size class of the node's block */
	double num;        /* TV_NUM */
	char *str;         /* TV_STR, NUL-terminated, owned */
	size_t n, cap;     /* TV_LIST / TV_MAP */
	struct tval **items;
	const char **keys; /* TV_MAP only, parallel to items; shared (tval.c keeps
	                    * one copy of each key for the process) */
	union {
		unsigned long long seen[2]; /* TV_MAP: a bit for each of its keys
		                    * (tval_key_bit); a key whose bit is clear is not in it */
		struct msg_said said; /* TV_STR: where its message was rendered
		                    * last (msg_render_said), for the renderer */
	};
};

/* The bit of seen that an interned key sets: a map of dozens of keys is
 * searched for a key it lacks without reading them. */
static inline int
tval_key_bit(const char *key)
{
	return (int)(((uintptr_t)key >> 4) & 127);
}

static inline int
tval_may_have(const struct tval *m, const char *key)
{
	int b = tval_key_bit(key);

	return (m->seen[b >> 6] >> (b & 63)) & 1;
}

struct tval *tval_new(enum tval_type);
struct tval *tval_map(void);
struct tval *tval_list(void);
void tval_free(struct tval *);
/* Makes map or list v a tree its owner keeps: a map given it (tval_set)
 * holds it without owning it, and tval_free leaves it alone. For a tree
 * built once that many reports hold unchanged (ordertr's keywords, kept for
 * the process; the view parts of tval_memo_put, freed by tval.c when their
 * state is gone): nobody may change it. */
void tval_share(struct tval *v);
/* The pool of a shared tree (tval.c). */
#define TVAL_SHARED 0xffffffffu
static inline int
tval_is_shared(const struct tval *v)
{
	return v->pool == TVAL_SHARED;
}
/* Changes whenever a shared tree is freed: until it does, a shared tree's
 * address names the same unchanged tree (what the template renderer keeps
 * of one, mustache.c, is known by it). */
unsigned long tval_shared_gen(void);
/* The parts of a view every reader of one state sees alike (a board),
 * built for the first reader and held by the trees of the others: a view
 * asks tval_memo_get(name) and, on NULL, builds the part and hands it to
 * tval_memo_put, which shares it (tval_share). Only while a key is set: the
 * report sets one that names the state and how openly it is shown
 * (tval_memo_key), and clears it after the view (NULL); a new key frees
 * what the last kept. A part that depends on the reader never goes here. */
void tval_memo_key(const void *key, size_t len);
/* Frees what was kept and forgets the key: the state it named is gone
 * (play_free), and another may take its place in memory. */
void tval_memo_forget(void);
struct tval *tval_memo_get(const char *name);
void tval_memo_put(const char *name, struct tval *v);
/* A deep copy of v (NULL for NULL): a tree built once, handed to many. */
struct tval *tval_copy(const struct tval *v);

/* Map setters return the child they inserted (replacing an existing key). */
struct tval *tval_set(struct tval *map, const char *key, struct tval *child);
struct tval *tval_set_str(struct tval *map, const char *key, const char *s);
struct tval *tval_set_strf(struct tval *map, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
struct tval *tval_set_int(struct tval *map, const char *key, long long v);
struct tval *tval_set_bool(struct tval *map, const char *key, int b);
struct tval *tval_set_map(struct tval *map, const char *key);
struct tval *tval_set_list(struct tval *map, const char *key);

/* List appenders return the child they appended. */
struct tval *tval_push(struct tval *list, struct tval *child);
struct tval *tval_push_map(struct tval *list);
struct tval *tval_push_str(struct tval *list, const char *s);

struct tval *tval_str(const char *s);
struct tval *tval_num(double v);
struct tval *tval_bool(int b);

/* The one copy of the key name[0..len) that maps hold, or NULL when no map
 * was ever given that key: a map has a key when one of its keys is this
 * very pointer. */
const char *tval_key(const char *name, size_t len);

/* The one copy of the key name[0..len), made now if no map had it yet: a
 * name known before the maps that will hold it (a template's tags) finds
 * them by pointer. */
const char *tval_intern(const char *name, size_t len);

/* Lookup of one key in a map (no dots); NULL when absent or not a map. */
struct tval *tval_get(const struct tval *map, const char *key);

#endif
