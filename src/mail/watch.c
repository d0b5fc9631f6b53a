/* The table of watches, one line per mailbox.type that can be waited on. */
#include <stddef.h>
#include <string.h>

#include "mail/watch.h"

static const struct watch *const watches[] = { &watch_maildir, &watch_imap, &watch_pop3,
    NULL };

const struct watch *
watch_find(const char *type)
{
	for (int i = 0; watches[i] != NULL; i++)
		if (strcmp(watches[i]->type, type) == 0)
			return watches[i];
	return NULL;
}

void
watch_deadline(struct timespec *t, long ms)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

int
watch_left(const struct timespec *t)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(t->tv_sec - now.tv_sec) * 1000 + (t->tv_nsec - now.tv_nsec) / 1000000;
	return ms <= 0 ? 0 : ms > 1000000000 ? 1000000000 : (int)ms;
}
