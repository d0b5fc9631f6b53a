/* log: lines a game master can read, to stderr, a file or syslog. */
#ifndef AZ_LOG_H
#define AZ_LOG_H

#include <stddef.h>

enum log_to { LOG_TO_STDERR, LOG_TO_FILE, LOG_TO_SYSLOG, LOG_TO_NONE, LOG_TO_AUTO };

/* path is used for LOG_TO_FILE. Returns -1 when the file cannot be opened
 * (logging then falls back to stderr). LOG_TO_AUTO is stderr on a terminal;
 * otherwise syslog, with errors also on stderr unless stderr is the systemd
 * journal (which syslog reaches already). */
int log_open(enum log_to, const char *path);
void log_close(void);
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Lines about work that may yet be undone (a group of messages in one
 * transaction, process.c): from log_hold on, lines are kept, each stamped
 * when it was logged, until log_release writes them or log_drop forgets
 * them; a process that exits meanwhile writes only their errors. */
void log_hold(void);
void log_release(void);
void log_drop(void);
/* A point among the held lines, and back to it: the lines held since are
 * forgotten (one message of a group undone to its savepoint). */
size_t log_mark(void);
void log_drop_to(size_t mark);

#endif
