/* The clock of contrib/bench/run: runs a command and writes "WALL CPU USER
 * SYS" to FILE, in seconds to the microsecond, CPU being USER + SYS of the
 * command and of every process it waited for (the referee's drawing
 * process). /usr/bin/time prints hundredths, ±3% on a batch of 0.4 s: too
 * coarse to tell 1.05 from 1.1. The figures go to a file so that the
 * command's own output stays apart from them.
 * usage: azalai-cputime FILE COMMAND [ARG...]
 * Exits with the command's status (128 + the signal that killed it). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
seconds(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

int
main(int argc, char **argv)
{
	struct timespec a, b;
	struct rusage ru;
	FILE *out;
	pid_t pid;
	int st;

	if (argc < 3) {
		fprintf(stderr, "usage: azalai-cputime FILE COMMAND [ARG...]\n");
		return 64;
	}
	/* Opened first: a file that cannot be written is no reason to have
	 * run the command. */
	if ((out = fopen(argv[1], "w")) == NULL) {
		fprintf(stderr, "azalai-cputime: %s: %s\n", argv[1], strerror(errno));
		return 71;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	if ((pid = fork()) < 0) {
		fprintf(stderr, "azalai-cputime: fork: %s\n", strerror(errno));
		return 71;
	}
	if (pid == 0) {
		int e;

		fclose(out);
		execvp(argv[2], argv + 2);
		e = errno;
		fprintf(stderr, "azalai-cputime: %s: %s\n", argv[2], strerror(e));
		_exit(e == ENOENT ? 127 : 126);
	}
	/* wait4's usage is the child's own and that of the children it
	 * reaped, as /usr/bin/time counts it. */
	while (wait4(pid, &st, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "azalai-cputime: wait: %s\n", strerror(errno));
			return 71;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	fprintf(out, "%.6f %.6f %.6f %.6f\n",
	    (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9,
	    seconds(ru.ru_utime) + seconds(ru.ru_stime), seconds(ru.ru_utime),
	    seconds(ru.ru_stime));
	if (fclose(out) != 0) {
		fprintf(stderr, "azalai-cputime: %s: %s\n", argv[1], strerror(errno));
		return 71;
	}
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}
