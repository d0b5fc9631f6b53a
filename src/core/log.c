#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/clock.h"
#include "core/log.h"

static enum log_to to = LOG_TO_STDERR;
static FILE *file;
/* Errors go to stderr as well as syslog: cron mails what a job writes. */
static int errors_to_stderr;

/* systemd names the journal stream it gave us as "DEVICE:INODE". */
static int
stderr_is_journal(void)
{
	const char *js = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat st;

	if (js == NULL || sscanf(js, "%llu:%llu", &dev, &ino) != 2)
		return 0;
	if (fstat(STDERR_FILENO, &st) < 0)
		return 0;
	return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

int
log_open(enum log_to t, const char *path)
{
	log_close();
	if (t == LOG_TO_AUTO) {
		if (isatty(STDERR_FILENO))
			t = LOG_TO_STDERR;
		else {
			t = LOG_TO_SYSLOG;
			errors_to_stderr = !stderr_is_journal();
		}
	}
	to = t;
	if (t == LOG_TO_SYSLOG)
		openlog("azalai", LOG_PID, LOG_MAIL);
	if (t == LOG_TO_FILE) {
		if ((file = fopen(path, "a")) == NULL) {
			to = LOG_TO_STDERR;
			return -1;
		}
		setvbuf(file, NULL, _IOLBF, 0);
	}
	return 0;
}

void
log_close(void)
{
	if (file != NULL)
		fclose(file);
	file = NULL;
	if (to == LOG_TO_SYSLOG)
		closelog();
	to = LOG_TO_STDERR;
	errors_to_stderr = 0;
}

/* Held lines, one after the other: priority, stamp, level and text, each
 * ending in a NUL. */
static int holding;
static struct buf held = BUF_INIT;

static void
emit(int prio, const char *stamp, const char *level, const char *line)
{
	switch (to) {
	case LOG_TO_NONE:
		break;
	case LOG_TO_SYSLOG:
		syslog(prio, "%s", line);
		if (errors_to_stderr && prio <= LOG_ERR)
			fprintf(stderr, "azalai: %s%s\n", level, line);
		break;
	case LOG_TO_FILE:
		fprintf(file, "%s %s%s\n", stamp, level, line);
		break;
	case LOG_TO_STDERR:
	case LOG_TO_AUTO:
		fprintf(stderr, "azalai: %s%s\n", level, line);
		break;
	}
}

static void
vlog(int prio, const char *level, const char *fmt, va_list ap)
{
	char line[1024], stamp[32] = "";

	if (to == LOG_TO_NONE)
		return;
	vsnprintf(line, sizeof line, fmt, ap);
	/* The stamp is read when the line is logged, held or not: a frozen
	 * test clock ticks at each reading, so holding must not move them. */
	if (to == LOG_TO_FILE)
		clock_iso(clock_now(), stamp, sizeof stamp);
	if (!holding) {
		emit(prio, stamp, level, line);
		return;
	}
	buf_printf(&held, "%d", prio);
	buf_addc(&held, '\0');
	buf_printf(&held, "%s", stamp);
	buf_addc(&held, '\0');
	buf_printf(&held, "%s", level);
	buf_addc(&held, '\0');
	buf_printf(&held, "%s", line);
	buf_addc(&held, '\0');
}

/* Writes the held lines of priority up to max, then forgets them all. */
static void
release(int max)
{
	const char *p = held.p, *end = held.p + held.len;

	while (p != NULL && p < end) {
		const char *stamp = p + strlen(p) + 1;
		const char *level = stamp + strlen(stamp) + 1;
		const char *line = level + strlen(level) + 1;

		if (atoi(p) <= max)
			emit(atoi(p), stamp, level, line);
		p = line + strlen(line) + 1;
	}
	log_drop();
}

/* A process that exits while holding (an internal error, no memory) still
 * says why: its errors are written, what it did is not. */
static void
release_errors(void)
{
	if (holding)
		release(LOG_ERR);
}

void
log_hold(void)
{
	static int registered;

	if (!registered && atexit(release_errors) == 0)
		registered = 1;
	holding = 1;
}

void
log_release(void)
{
	release(LOG_DEBUG);
}

void
log_drop(void)
{
	holding = 0;
	buf_reset(&held);
}

size_t
log_mark(void)
{
	return held.len;
}

void
log_drop_to(size_t mark)
{
	if (mark < held.len) {
		held.len = mark;
		held.p[mark] = '\0';
	}
}

void
log_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_INFO, "", fmt, ap);
	va_end(ap);
}

void
log_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_WARNING, "warning: ", fmt, ap);
	va_end(ap);
}

void
log_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_ERR, "error: ", fmt, ap);
	va_end(ap);
}
