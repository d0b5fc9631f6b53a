#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/xmalloc.h"
#include "render/board.h"
#include "render/drawer.h"

extern char **environ;

static struct {
	const char *exe, *arg;
	int cpu, wall;
	pid_t pid, owner;   /* the worker, and the process that started it */
	int fd;
	int starts;     /* workers started in this run: the second is the last */
	int at_exit;
} dw = { NULL, NULL, 0, 0, -1, -1, -1, 0, 0 };

/* In a child forked from the referee (process.c shelters a message there)
 * the worker is its parent's: sharing the socket, a child that died in the
 * middle of a picture would leave its answer to the parent's next one. The
 * child lets go of it and starts its own. */
static void
disown(void)
{
	if (dw.pid > 0 && dw.owner != getpid()) {
		close(dw.fd);
		dw.fd = -1;
		dw.pid = -1;
	}
}

void
drawer_use(const char *exe, const char *arg, int cpu, int wall)
{
	drawer_stop();
	dw.exe = exe;
	dw.arg = arg;
	dw.cpu = cpu > 0 ? cpu : DRAWER_CPU_SECONDS;
	dw.wall = wall > 0 ? wall : DRAWER_WALL_SECONDS;
	dw.starts = 0;
	if (!dw.at_exit && exe != NULL)
		dw.at_exit = atexit(drawer_stop) == 0;
}

pid_t
drawer_pid(void)
{
	return dw.pid;
}

/* How a worker ended, as the end of a sentence. */
static void
ended(int status, char *out, size_t n)
{
	if (WIFSIGNALED(status))
		snprintf(out, n, "was killed by signal %d (%s)", WTERMSIG(status),
		    strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status))
		snprintf(out, n, "exited with status %d", WEXITSTATUS(status));
	else
		snprintf(out, n, "ended");
}

static void
reap(char *why, size_t n)
{
	int status;

	if (dw.fd >= 0)
		close(dw.fd);
	dw.fd = -1;
	if (dw.pid > 0) {
		while (waitpid(dw.pid, &status, 0) < 0 && errno == EINTR)
			;
		if (why != NULL)
			ended(status, why, n);
	}
	dw.pid = -1;
}

void
drawer_stop(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int status;

	disown();
	if (dw.pid <= 0)
		return;
	/* The EOF it exits on; a worker still drawing gets a second. */
	close(dw.fd);
	dw.fd = -1;
	for (int i = 0; i < 100; i++) {
		if (waitpid(dw.pid, &status, WNOHANG) != 0) {
			dw.pid = -1;
			return;
		}
		nanosleep(&ts, NULL);
	}
	kill(dw.pid, SIGKILL);
	reap(NULL, 0);
}

/* The worker's environment: what the libraries read (fonts, caches, the
 * sanitizers of a test build), not the referee's (a password a config file
 * names, a proxy). */
static char **
worker_env(void)
{
	static const char *const keep[] = { "HOME=", "PATH=", "TZ=", "LANG=", "LC_", "XDG_",
		"FONTCONFIG_", "LD_", "ASAN_", "LSAN_", "UBSAN_", NULL };
	size_t n = 0, k = 0;
	char **env;

	while (environ[n] != NULL)
		n++;
	env = xcalloc(n + 1, sizeof *env);
	for (size_t i = 0; i < n; i++)
		for (int j = 0; keep[j] != NULL; j++)
			if (strncmp(environ[i], keep[j], strlen(keep[j])) == 0) {
				env[k++] = environ[i];
				break;
			}
	env[k] = NULL;
	return env;
}

static int
start(struct diag *d)
{
	char *argv[3];
	char **env;
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return diag_set(d, 0, "board picture: no socket for the drawing process: %s",
		    strerror(errno));
	/* ps shows "azalai --draw-worker". */
	argv[0] = program_invocation_short_name;
	argv[1] = (char *)dw.arg;
	argv[2] = NULL;
	env = worker_env();
	fflush(NULL);
	if ((pid = fork()) == 0) {
		struct sigaction sa;
		int null;

		/* The socket on 0, /dev/null on 1, stderr kept for what a library
		 * says as it dies, and nothing else: not the ledger, its lock, the
		 * log file or a connection to the mail server. */
		if (sv[1] == 0)
			fcntl(0, F_SETFD, 0);
		else if (dup2(sv[1], 0) < 0)
			_exit(127);
		if ((null = open("/dev/null", O_WRONLY)) >= 0 && null != 1)
			dup2(null, 1);
		closefrom(3);
		/* An ignored or blocked signal stays so across exec: the CPU
		 * limit's SIGXCPU must end the worker. */
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = 0;
		sa.sa_handler = SIG_DFL;
		sigaction(SIGXCPU, &sa, NULL);
		sigprocmask(SIG_SETMASK, &sa.sa_mask, NULL);
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		execve(dw.exe, argv, env);
		_exit(127);
	}
	free(env);
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		return diag_set(d, 0, "board picture: cannot start the drawing process: %s",
		    strerror(errno));
	}
	/* Non-blocking: every wait is poll's, with the picture's deadline. */
	fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
	dw.pid = pid;
	dw.owner = getpid();
	dw.fd = sv[0];
	dw.starts++;
	return 0;
}

static long
ms_left(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(end->tv_sec - now.tv_sec) * 1000 + (end->tv_nsec - now.tv_nsec) / 1000000;
}

/* 0 when all n bytes went or came by end; otherwise -1 with errno
 * (ETIMEDOUT; EPIPE for a worker gone, also on reading). */
static int
io_all(int writing, void *p, size_t n, const struct timespec *end)
{
	char *c = p;

	while (n > 0) {
		struct pollfd pf = { dw.fd, writing ? POLLOUT : POLLIN, 0 };
		long left = ms_left(end);
		ssize_t r;

		if (left <= 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		if (poll(&pf, 1, left > 1000 ? 1000 : (int)left) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (pf.revents == 0)
			continue;
		r = writing ? send(dw.fd, c, n, MSG_NOSIGNAL) : read(dw.fd, c, n);
		if (r == 0) {
			errno = EPIPE;
			return -1;
		}
		if (r < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			if (errno == ECONNRESET)
				errno = EPIPE;
			return -1;
		}
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* The worker is no good any more: it goes, and the diag says why. */
static int
broken(struct diag *d, const char *what)
{
	char how[128];
	int e = errno;

	kill(dw.pid, SIGKILL);
	reap(how, sizeof how);
	if (e == ETIMEDOUT)
		return diag_set(d, 0, "board picture: the drawing process took more than %d "
		    "seconds %s and was stopped", dw.wall, what);
	if (e != EPIPE)
		return diag_set(d, 0, "board picture: talking to the drawing process %s: %s",
		    what, strerror(e));
	return diag_set(d, 0, "board picture: the drawing process %s %s", how, what);
}

int
drawer_png(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *d)
{
	struct timespec end;
	uint32_t req[4], ans[2];
	unsigned char sig[8];
	char why[128];
	int status;

	if (dw.exe == NULL)
		return board_png_palette(svg, len, width, colors, png, d);
	if (len > DRAWER_SVG_MAX)
		return diag_set(d, 0, "board picture: the SVG is %zu bytes, more than the %u "
		    "the drawing process takes", len, DRAWER_SVG_MAX);
	disown();
	if (dw.pid > 0 && waitpid(dw.pid, &status, WNOHANG) == dw.pid) {
		/* Died between two pictures (the OOM killer, a signal): this
		 * picture is not to blame and may have the one new worker. */
		ended(status, why, sizeof why);
		dw.pid = -1;
		reap(NULL, 0);
		log_warn("board pictures: the drawing process %s between two pictures", why);
	}
	if (dw.pid < 0) {
		if (dw.starts >= 2)
			return diag_set(d, 0, "board picture: the drawing process failed twice "
			    "in this run; no pictures until the next run");
		if (dw.starts == 1)
			log_warn("board pictures: starting the drawing process again, for the "
			    "last time in this run");
		if (start(d) < 0)
			return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += dw.wall;
	req[0] = (uint32_t)len;
	req[1] = (uint32_t)width;
	req[2] = (uint32_t)colors;
	req[3] = (uint32_t)dw.cpu;
	if (io_all(1, req, sizeof req, &end) < 0 || io_all(1, (void *)svg, len, &end) < 0)
		return broken(d, "before it had the SVG");
	if (io_all(0, ans, sizeof ans, &end) < 0)
		return broken(d, "before it answered");
	if (ans[0] == DRAWER_ERR && ans[1] < DIAG_MSG) {
		char msg[DIAG_MSG];

		if (io_all(0, msg, ans[1], &end) < 0)
			return broken(d, "in the middle of its answer");
		msg[ans[1]] = '\0';
		/* A sentence for the log: nothing a terminal would act on. */
		for (char *c = msg; *c != '\0'; c++)
			if ((unsigned char)*c < ' ' || *c == 0x7f)
				*c = '?';
		return diag_set(d, 0, "%s", msg);
	}
	if (ans[0] != DRAWER_PNG || ans[1] < sizeof sig || ans[1] > DRAWER_PNG_MAX) {
		kill(dw.pid, SIGKILL);
		reap(NULL, 0);
		return diag_set(d, 0, "board picture: the drawing process answered no picture "
		    "(kind %u, %u bytes) and was stopped", ans[0], ans[1]);
	}
	if (io_all(0, sig, sizeof sig, &end) < 0)
		return broken(d, "in the middle of the picture");
	if (memcmp(sig, "\x89PNG\r\n\x1a\n", sizeof sig) != 0) {
		kill(dw.pid, SIGKILL);
		reap(NULL, 0);
		return diag_set(d, 0, "board picture: the drawing process answered %u bytes "
		    "that are no PNG and was stopped", ans[1]);
	}
	buf_grow(png, ans[1]);
	memcpy(png->p + png->len, sig, sizeof sig);
	if (io_all(0, png->p + png->len + sizeof sig, ans[1] - sizeof sig, &end) < 0) {
		png->p[png->len] = '\0';
		return broken(d, "in the middle of the picture");
	}
	png->len += ans[1];
	png->p[png->len] = '\0';
	return 0;
}

/* ---- the worker ---------------------------------------------------------- */

/* 1 with all n bytes, 0 at an EOF before the first, -1 otherwise. */
static int
read_all(int fd, void *p, size_t n)
{
	char *c = p;
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, c + got, n - got);

		if (r == 0)
			return got == 0 ? 0 : -1;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	return 1;
}

static int
write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n > 0) {
		ssize_t r = send(fd, c, n, MSG_NOSIGNAL);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* This picture may use cpu seconds more than the worker has used so far:
 * SIGXCPU ends a worker a hostile SVG keeps busy. */
static void
cpu_limit(unsigned cpu)
{
	struct rusage ru;
	struct rlimit rl;

	if (getrusage(RUSAGE_SELF, &ru) < 0 || getrlimit(RLIMIT_CPU, &rl) < 0)
		return;
	rl.rlim_cur = (rlim_t)ru.ru_utime.tv_sec + (rlim_t)ru.ru_stime.tv_sec + 1 + cpu;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur > rl.rlim_max)
		rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_CPU, &rl);
}

/* AddressSanitizer's shadow and allocator regions count as data: under a
 * data limit its next mapping fails, so a sanitized build goes without. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED_ADDRESS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED_ADDRESS 1
#endif
#endif
#ifndef SANITIZED_ADDRESS
#define SANITIZED_ADDRESS 0
#endif

int
drawer_worker(int fd)
{
	struct rlimit data = { DRAWER_DATA_MAX, DRAWER_DATA_MAX }, core = { 0, 0 };
	struct stat st;

	if (fstat(fd, &st) < 0 || !S_ISSOCK(st.st_mode)) {
		fprintf(stderr, "azalai: %s is azalai's own, not a command\n", DRAWER_ARG);
		return EX_USAGE;
	}
#if !SANITIZED_ADDRESS
	setrlimit(RLIMIT_DATA, &data);
#else
	(void)data;
#endif
	setrlimit(RLIMIT_CORE, &core);
#ifdef M_MMAP_THRESHOLD
	/* A picture's big blocks are made and freed each time: cairo's
	 * surface (3.1 MB for Targi's board, 640x1218) and libimagequant's
	 * strips of rows in floating point (0.6 MB, twenty a picture). Left
	 * to itself glibc raises its threshold for mapping a block to the
	 * largest one freed; the surfaces then come from the heap, which
	 * fragments and keeps what it held (Targi, peak 28.7 MB after one
	 * picture, 31.9 after a hundred). Fixed at 1 MB the surface is always
	 * mapped and given back whole, and the strips come from the heap,
	 * which keeps up to 1 MB free at its top for the next one: 29.1 MB
	 * after a hundred, about 2.5 ms of system time a picture. At glibc's
	 * 128 KB for both every strip is mapped afresh (28.9 MB, 7 ms); at
	 * 2 MB the bench's mixed boards peak a megabyte higher. */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 20);
#endif
	for (;;) {
		struct buf png = BUF_INIT;
		struct diag d;
		uint32_t req[4], ans[2];
		char *svg;
		int r;

		if ((r = read_all(fd, req, sizeof req)) <= 0)
			return r == 0 ? EX_OK : EX_IOERR;
		if (req[0] > DRAWER_SVG_MAX)
			return EX_PROTOCOL;
		svg = xmalloc((size_t)req[0] + 1);
		if (read_all(fd, svg, req[0]) <= 0 && req[0] > 0) {
			free(svg);
			return EX_IOERR;
		}
		svg[req[0]] = '\0';
		cpu_limit(req[3]);
		diag_clear(&d);
		if (board_png_palette(svg, req[0], (int)req[1], (int)req[2], &png, &d) == 0 &&
		    png.len <= DRAWER_PNG_MAX) {
			ans[0] = DRAWER_PNG;
			ans[1] = (uint32_t)png.len;
			r = write_all(fd, ans, sizeof ans) < 0 ||
			    write_all(fd, png.p, png.len) < 0;
		} else {
			if (png.len > DRAWER_PNG_MAX)
				diag_set(&d, 0, "board picture: a PNG of %zu bytes, more than "
				    "%u", png.len, DRAWER_PNG_MAX);
			ans[0] = DRAWER_ERR;
			ans[1] = (uint32_t)strlen(d.msg);
			r = write_all(fd, ans, sizeof ans) < 0 ||
			    write_all(fd, d.msg, ans[1]) < 0;
		}
		free(svg);
		buf_free(&png);
		if (r)
			return EX_IOERR;
	}
}
