/* A Maildir through inotify: new/ and cur/ are watched for a file moved in
 * or written and closed, the two ways a mail lands there (a delivery
 * writes in tmp/ and renames into new/; a reader may leave unseen mail in
 * cur/). A run's own work does not wake the watch: it moves a taken mail
 * from new/ into cur/ marked seen (":2,...S"), which is left out here. All
 * events waiting are read at once, so a burst that lands while a run goes
 * wakes one run after it, not one per mail. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "core/xmalloc.h"
#include "mail/watch.h"

#define EVENTS (IN_MOVED_TO | IN_CLOSE_WRITE)

struct mdwatch {
	int fd;
	int wd[2];                /* new/, cur/ */
	char dir[CFG_PATH];
};

static void
md_close(void *ctx)
{
	struct mdwatch *w = ctx;

	close(w->fd);
	free(w);
}

static int
md_open(const struct config *c, void **ctx, struct diag *d)
{
	static const char *const subs[] = { "new", "cur" };
	struct mdwatch *w = xcalloc(1, sizeof *w);

	snprintf(w->dir, sizeof w->dir, "%s", c->mailbox_path);
	if ((w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0) {
		diag_set(d, 0, "cannot watch %s: %s", w->dir, strerror(errno));
		free(w);
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		char path[CFG_PATH + 8];

		snprintf(path, sizeof path, "%s/%s", w->dir, subs[i]);
		/* Both go when the Maildir goes: IN_IGNORED says so. */
		if ((w->wd[i] = inotify_add_watch(w->fd, path, EVENTS | IN_ONLYDIR)) < 0) {
			diag_set(d, 0, "cannot watch %s: %s", path, strerror(errno));
			md_close(w);
			return -1;
		}
	}
	*ctx = w;
	return 0;
}

/* A name in cur/ whose flags (after ":2,") hold S was seen: taken already. */
static int
seen(const char *name)
{
	const char *info = strstr(name, ":2,");

	return info != NULL && strchr(info + 3, 'S') != NULL;
}

/* Reads every event waiting: 1 when one may be mail, 0 when none is, -1 and
 * d when a watched directory went away. */
static int
drain(struct mdwatch *w, struct diag *d)
{
	char b[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	int mail = 0;
	ssize_t n;

	while ((n = read(w->fd, b, sizeof b)) > 0) {
		for (char *p = b; p < b + n; ) {
			const struct inotify_event *e = (const struct inotify_event *)(void *)p;

			p += sizeof *e + e->len;
			if (e->mask & IN_IGNORED)
				return diag_set(d, 0, "%s or its new/ or cur/ is gone", w->dir);
			/* Events were lost: any of them may have been mail. */
			if (e->mask & IN_Q_OVERFLOW)
				mail = 1;
			else if (e->len > 0 && e->name[0] != '.' &&
			    (e->wd == w->wd[0] || !seen(e->name)))
				mail = 1;
		}
	}
	if (n < 0 && errno != EAGAIN && errno != EINTR)
		return diag_set(d, 0, "cannot watch %s: %s", w->dir, strerror(errno));
	return mail;
}

static int
md_wait(void *ctx, int timeout_s, struct diag *d)
{
	struct mdwatch *w = ctx;
	struct pollfd p = { w->fd, POLLIN, 0 };
	struct timespec end;
	int r;

	watch_deadline(&end, timeout_s * 1000L);
	/* What landed while the last run went is waiting already. */
	for (;;) {
		if ((r = drain(w, d)) != 0)
			return r;
		r = poll(&p, 1, watch_left(&end));
		if (r == 0 || (r < 0 && errno == EINTR))
			return 0;
		if (r < 0)
			return diag_set(d, 0, "cannot watch %s: %s", w->dir, strerror(errno));
	}
}

const struct watch watch_maildir = { "maildir", md_open, md_wait, md_close };
