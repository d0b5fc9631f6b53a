#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"

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

static void
vlog(int prio, const char *level, const char *fmt, va_list ap)
{
	char line[1024], stamp[32];

	vsnprintf(line, sizeof line, fmt, ap);
	switch (to) {
	case LOG_TO_NONE:
		break;
	case LOG_TO_SYSLOG:
		syslog(prio, "%s", line);
		if (errors_to_stderr && prio <= LOG_ERR)
			fprintf(stderr, "azalai: %s%s\n", level, line);
		break;
	case LOG_TO_FILE:
		clock_iso(clock_now(), stamp, sizeof stamp);
		fprintf(file, "%s %s%s\n", stamp, level, line);
		break;
	case LOG_TO_STDERR:
	case LOG_TO_AUTO:
		fprintf(stderr, "azalai: %s%s\n", level, line);
		break;
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
