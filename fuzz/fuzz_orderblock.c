/* libFuzzer target: any text through orderblock_parse. Aborts when the
 * block breaks a promise of orderblock.h: an empty, untrimmed or commented
 * order line, line numbers out of order, too many orders, an error without
 * a line. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "mail/orderblock.h"
#include "core/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static void
check(const struct orderblock *ob)
{
	int prev;
	size_t i, n;

	if (ob->found != (ob->game != NULL) || (ob->found && ob->help))
		abort();
	if (ob->nlines > ORDERBLOCK_MAX_ORDERS || (!ob->found && ob->nlines))
		abort();
	prev = ob->game_line;
	if (ob->seat_line > prev)
		prev = ob->seat_line;
	if (ob->token_line > prev)
		prev = ob->token_line;
	for (i = 0; i < ob->nlines; i++) {
		const char *t = ob->lines[i].text;

		n = strlen(t);
		if (n == 0 || n > ORDERBLOCK_MAX_LINE || blank(t[0]) ||
		    blank(t[n - 1]) || strpbrk(t, "#\r\n") != NULL ||
		    t[0] == '>' || ob->lines[i].lineno <= prev)
			abort();
		prev = ob->lines[i].lineno;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct orderblock ob;
	struct diag d;
	char *text = xmalloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	diag_clear(&d);
	if (orderblock_parse(text, &ob, &d) == 0)
		check(&ob);
	else if (d.line <= 0 || d.msg[0] == '\0')
		abort();
	orderblock_free(&ob);
	free(text);
	return 0;
}
