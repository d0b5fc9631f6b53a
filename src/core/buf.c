#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/xmalloc.h"

static void
reserve(struct buf *b, size_t more)
{
	size_t need = b->len + more + 1;

	if (need <= b->cap)
		return;
	while (b->cap < need)
		b->cap = b->cap ? b->cap * 2 : 64;
	b->p = xreallocarray(b->p, b->cap, 1);
}

void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

void
buf_add_grow(struct buf *b, const void *s, size_t n)
{
	reserve(b, n);
	if (n > 0)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

char *
dec_ull(char t[DEC_LEN], unsigned long long v)
{
	char *p = t + DEC_LEN - 1;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return p;
}

char *
dec_ll(char t[DEC_LEN], long long v)
{
	char *p;

	if (v >= 0)
		return dec_ull(t, (unsigned long long)v);
	/* Negated unsigned: LLONG_MIN has no positive long long. */
	p = dec_ull(t, 0ULL - (unsigned long long)v);
	*--p = '-';
	return p;
}

void
buf_add_ull(struct buf *b, unsigned long long v)
{
	char t[DEC_LEN], *p = dec_ull(t, v);

	buf_add(b, p, (size_t)(t + DEC_LEN - 1 - p));
}

void
buf_add_hex8(struct buf *b, uint32_t v)
{
	static const char hex[] = "0123456789abcdef";
	char t[8];

	for (int i = 7; i >= 0; i--, v >>= 4)
		t[i] = hex[v & 15];
	buf_add(b, t, sizeof t);
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* Format into the free space; grow and format again only when it was short. */
	reserve(b, 64);
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->p[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		reserve(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void
buf_grow(struct buf *b, size_t more)
{
	reserve(b, more);
}

char *
buf_steal(struct buf *b)
{
	char *p;

	reserve(b, 0);
	b->p[b->len] = '\0';
	p = b->p;
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void
str_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (size == 0)
		return;
	if (n >= size) {
		n = size - 1;
		/* Back off over continuation bytes to the start of the cut character. */
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}
