#include <string.h>

#include "mail/deliver.h"

const struct deliver *
deliver_find(const char *name)
{
	if (strcmp(name, "outdir") == 0)
		return &deliver_outdir;
	if (strcmp(name, "sendmail") == 0)
		return &deliver_sendmail;
	if (strcmp(name, "smtp") == 0)
		return &deliver_smtp;
	return NULL;
}
