#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/xmalloc.h"
#include "render/drawer.h"

extern char **environ;

static struct {
	const char *exe, *arg;
	int cpu, wall;
	pid_t pid, owner;   /* the worker, and the process that started it */
	int fd;
	int starts;     /* workers started in this run: the second is the last */
	int at_exit;
	char missing[DIAG_MSG];  /* why the program cannot be run, once known */
} dw = { NULL, NULL, DRAWER_CPU_SECONDS, DRAWER_WALL_SECONDS, -1, -1, -1, 0, 0, "" };

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
	dw.missing[0] = '\0';
}

/* The program to run: the one drawer_use named, or azalai-draw in
 * $AZALAI_LIBEXECDIR or $(pkglibexecdir); -1 and a diag when its name is
 * too long. */
static int
program(char *path, size_t n, struct diag *d)
{
	const char *dir = getenv("AZALAI_LIBEXECDIR");
	int len;

	if (dw.exe != NULL)
		len = snprintf(path, n, "%s", dw.exe);
	else
		len = snprintf(path, n, "%s/%s", dir != NULL && *dir != '\0' ? dir : PKGLIBEXECDIR,
		    DRAWPROTO_PROGRAM);
	if (len < 0 || (size_t)len >= n)
		return diag_set(d, 0, "board picture: the drawing program's name is too long "
		    "(AZALAI_LIBEXECDIR)");
	return 0;
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
	/* execve's failure in the child (start), after the program was found. */
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		snprintf(out, n, "could not be run (exit status 127)");
	else if (WIFSIGNALED(status))
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
	env = xcalloc(n + 2, sizeof *env);
	/* libimagequant's OpenMP held to one thread (libgomp reads this as
	 * it loads): a thread more would halve a picture's wall time at best,
	 * not its CPU, and would spin on the referee's cores and add its stack
	 * and malloc arena to the drawing process. */
	env[k++] = (char *)"OMP_NUM_THREADS=1";
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
	char path[PATH_MAX], *argv[3];
	char **env;
	int sv[2];
	pid_t pid;

	if (program(path, sizeof path, d) < 0)
		return -1;
	/* Missing or not executable: no picture this run will have it. */
	if (access(path, X_OK) < 0) {
		diag_set(d, 0, "board picture: cannot run the drawing program %s: %s", path,
		    strerror(errno));
		snprintf(dw.missing, sizeof dw.missing, "%s", d->msg);
		return -1;
	}
	if (!dw.at_exit)
		dw.at_exit = atexit(drawer_stop) == 0;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return diag_set(d, 0, "board picture: no socket for the drawing process: %s",
		    strerror(errno));
	argv[0] = (char *)DRAWPROTO_PROGRAM;
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
		execve(path, argv, env);
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

	if (len > DRAWPROTO_SVG_MAX)
		return diag_set(d, 0, "board picture: the SVG is %zu bytes, more than the %u "
		    "the drawing process takes", len, DRAWPROTO_SVG_MAX);
	if (dw.missing[0] != '\0')
		return diag_set(d, 0, "%s", dw.missing);
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
	if (ans[0] == DRAWPROTO_ERR && ans[1] < DIAG_MSG) {
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
	if (ans[0] != DRAWPROTO_PNG || ans[1] < sizeof sig || ans[1] > DRAWPROTO_PNG_MAX) {
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
