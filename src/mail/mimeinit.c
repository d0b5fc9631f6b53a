#include <gmime/gmime.h>

#include "mail/mimeinit.h"

void
mime_init(void)
{
	/* The shelter's threads and forks may each come here first. */
	static gsize done;

	if (g_once_init_enter(&done)) {
		g_mime_init();
		g_once_init_leave(&done, 1);
	}
}
