/* Standard input: the one mail an MTA pipes to "azalai ingest --stdin".
 * Nothing is marked at the source: the MTA counts the mail delivered when
 * the command exits 0, which it does only once the ledger holds it. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/xmalloc.h"
#include "mail/fetch.h"

struct input {
	size_t limit;
	int read;                 /* the one mail was handed over */
};

static int
stdin_open(const struct config *c, const char *path, struct ledger *l, void **src,
    struct diag *d)
{
	struct input *in = xcalloc(1, sizeof *in);

	(void)path;
	(void)l;
	(void)d;
	in->limit = (size_t)c->max_message_bytes;
	*src = in;
	return 0;
}

static int
stdin_next(void *src, struct fetch_mail *m, struct ingest_stats *s, struct diag *d)
{
	struct input *in = src;

	(void)s;
	if (in->read++)
		return 0;
	if (mailbytes_read(STDIN_FILENO, in->limit, UINT64_MAX,
	    &m->mb) < 0)
		return diag_set(d, 0, "cannot read the message: %s", strerror(errno));
	if (m->mb.whole == 0) {
		mailbytes_free(&m->mb);
		return diag_set(d, 0, "no message on standard input");
	}
	m->ref = "";
	return 1;
}

const struct fetch fetch_stdin = { "stdin", 0, 1, stdin_open, stdin_next,
    fetch_done_or_fail, free };
