#include <errno.h>

#include "core/fsutil.h"
#include "mail/mailbytes.h"
#include "mail/mailmsg.h"

/* The header block of a mail cut at head[0..n), n the bytes held. */
static size_t
header_len(const char *head, size_t n)
{
	return mailmsg_header_len(head, n < MAILBYTES_HEADER_MAX ? n : MAILBYTES_HEADER_MAX);
}

void
mailbytes_cut(const char *raw, size_t len, size_t limit, struct mailbytes *mb)
{
	mb->own = (struct buf)BUF_INIT;
	mb->raw = raw;
	mb->whole = len;
	mb->len = len > limit ? header_len(raw, len) : len;
	sha256_hex(raw, len, mb->hash);
}

struct reading {
	struct mailbytes *mb;
	struct sha256_stream h;
	size_t hold;              /* the most of the mail held */
};

static void
take_piece(void *arg, const char *p, size_t n)
{
	struct reading *r = arg;
	struct buf *b = &r->mb->own;

	sha256_stream_add(&r->h, p, n);
	if (b->len < r->hold)
		buf_add(b, p, r->hold - b->len < n ? r->hold - b->len : n);
	r->mb->whole += n;
}

int
mailbytes_read(int fd, size_t limit, uint64_t most, struct mailbytes *mb)
{
	struct reading r = { mb, { NULL },
		limit > MAILBYTES_HEADER_MAX ? limit : MAILBYTES_HEADER_MAX };
	int rc;

	mb->own = (struct buf)BUF_INIT;
	mb->whole = 0;
	sha256_stream_start(&r.h);
	rc = fs_read_each(fd, most, take_piece, &r);
	sha256_stream_hex(&r.h, mb->hash);
	if (rc < 0) {
		int saved = errno;

		mailbytes_free(mb);
		errno = saved;
		return -1;
	}
	buf_adds(&mb->own, "");
	if (mb->whole > limit) {
		mb->own.len = header_len(mb->own.p, mb->own.len);
		mb->own.p[mb->own.len] = '\0';
	}
	mb->raw = mb->own.p;
	mb->len = mb->own.len;
	return 0;
}

int
mailbytes_whole(const struct mailbytes *mb)
{
	return mb->whole == mb->len;
}

void
mailbytes_free(struct mailbytes *mb)
{
	buf_free(&mb->own);
	mb->raw = NULL;
	mb->len = 0;
}
