/* buf: a growable byte buffer, always NUL-terminated. */
#ifndef AZ_BUF_H
#define AZ_BUF_H

#include <stddef.h>
#include <stdint.h>

struct buf {
	char *p;
	size_t len, cap;
};

#define BUF_INIT { NULL, 0, 0 }

void buf_free(struct buf *);
void buf_reset(struct buf *);
void buf_add(struct buf *, const void *, size_t);
void buf_adds(struct buf *, const char *);
void buf_addc(struct buf *, char);
void buf_printf(struct buf *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Canonical integers for state serialisation: little-endian, fixed width. */
void buf_add_u32(struct buf *, uint32_t);
void buf_add_u64(struct buf *, uint64_t);
/* Copies src into dst of size bytes, cut short if need be before a whole
 * UTF-8 character, never inside one (names from a game master's file). */
void str_copy(char *dst, size_t size, const char *src);
/* Hands the bytes to the caller (the buffer is left empty). */
char *buf_steal(struct buf *);

#endif
