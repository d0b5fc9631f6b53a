/* buf: a growable byte buffer, always NUL-terminated. */
#ifndef AZ_BUF_H
#define AZ_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct buf {
	char *p;
	size_t len, cap;
};

#define BUF_INIT { NULL, 0, 0 }

void buf_free(struct buf *);
void buf_reset(struct buf *);
/* buf_add when the bytes do not fit: grows, then appends. */
void buf_add_grow(struct buf *, const void *, size_t);
/* Inline while they fit: renders append a few bytes at a time, and the call
 * cost about as much as the copy. */
static inline void
buf_add(struct buf *b, const void *s, size_t n)
{
	if (b->cap - b->len > n) {
		if (n > 0)
			memcpy(b->p + b->len, s, n);
		b->len += n;
		b->p[b->len] = '\0';
		return;
	}
	buf_add_grow(b, s, n);
}
void buf_adds(struct buf *, const char *);
void buf_addc(struct buf *, char);
void buf_printf(struct buf *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The bytes of printf's "%llu" and "%lld", and of "%08x": a narrative field
 * takes several at every step of a game, and printf cost more than the rest
 * of writing the narrative. */
void buf_add_ull(struct buf *, unsigned long long);
void buf_add_hex8(struct buf *, uint32_t);
/* The same digits in t, NUL-terminated: returns where they start. */
#define DEC_LEN 24
char *dec_ull(char t[DEC_LEN], unsigned long long);
char *dec_ll(char t[DEC_LEN], long long);
/* Makes room for more bytes and the NUL after them. */
void buf_grow(struct buf *, size_t more);

/* Canonical integers for state serialisation: little-endian, fixed width.
 * Inline: a state is thousands of these, hashed at every step of a game, and
 * a call for each cost a quarter of a step through the ledger. */
static inline void
buf_add_u32(struct buf *b, uint32_t v)
{
	unsigned char *x;

	if (b->cap - b->len < 5)
		buf_grow(b, 4);
	x = (unsigned char *)b->p + b->len;
	x[0] = (unsigned char)v;
	x[1] = (unsigned char)(v >> 8);
	x[2] = (unsigned char)(v >> 16);
	x[3] = (unsigned char)(v >> 24);
	b->len += 4;
	b->p[b->len] = '\0';
}

/* n ints as buf_add_u32 each: on a little-endian host with 32-bit ints
 * those are the ints' own bytes, copied at once. */
static inline void
buf_add_ints(struct buf *b, const int *v, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && __SIZEOF_INT__ == 4
	/* Most are a few ints: no call while the buffer has room. */
	if (b->cap - b->len < n * 4 + 1)
		buf_grow(b, n * 4);
	memcpy(b->p + b->len, v, n * 4);
	b->len += n * 4;
	b->p[b->len] = '\0';
#else
	for (size_t i = 0; i < n; i++)
		buf_add_u32(b, (uint32_t)v[i]);
#endif
}

static inline void
buf_add_u64(struct buf *b, uint64_t v)
{
	buf_add_u32(b, (uint32_t)v);
	buf_add_u32(b, (uint32_t)(v >> 32));
}
/* Copies src into dst of size bytes, cut short if need be before a whole
 * UTF-8 character, never inside one (names from a game master's file). */
void str_copy(char *dst, size_t size, const char *src);
/* Hands the bytes to the caller (the buffer is left empty). */
char *buf_steal(struct buf *);

#endif
