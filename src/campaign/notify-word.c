#include <stdio.h>
#include <strings.h>

#include "campaign/notify-word.h"

static const char *const modes[] = { "every", "due", "digest" };

int
notify_parse(const char *word, char out[8], struct diag *d)
{
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (strcasecmp(word, modes[i]) == 0) {
			snprintf(out, 8, "%s", modes[i]);
			return 0;
		}
	return diag_set(d, 0, "notify \"%s\": write every (a report after every step), due "
	    "(when your decision is due) or digest (one a day)", word);
}
