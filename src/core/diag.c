#include <stdio.h>
#include <string.h>

#include "core/diag.h"
#include "core/msg.h"

void
diag_clear(struct diag *d)
{
	if (d == NULL)
		return;
	d->line = 0;
	d->msg[0] = '\0';
	d->enc[0] = '\0';
}

int
diag_vset(struct diag *d, int line, const char *fmt, va_list ap)
{
	if (d == NULL)
		return -1;
	if (line > 0)
		d->line = line;
	msg_vfmt(d->enc, sizeof d->enc, fmt, ap);
	msg_english(d->enc, d->msg, sizeof d->msg);
	return -1;
}

int
diag_set(struct diag *d, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vset(d, line, fmt, ap);
	va_end(ap);
	return -1;
}
