/* fs_open_regular: a file found regular and then swapped, in the gap before
 * it is opened, for a link or a FIFO (AZALAI_TEST_SWAP_BEFORE_OPEN) is
 * still refused, and a FIFO never makes it wait: what was opened is what
 * counts. An alarm turns a wait into a failure. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fsutil.h"

static char dir[256];

static void
put(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "%s/azalai-fsutil-XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(dir) == NULL)
		return -1;
	alarm(20);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	alarm(0);
	unsetenv("AZALAI_TEST_SWAP_BEFORE_OPEN");
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* fs_open_regular of dir/name, FROM (in dir, or NULL) swapped over it in
 * the gap. */
static int
open_swapped(const char *name, const char *from, int nofollow, struct stat *sb)
{
	char swap[PATH_MAX];
	int at = open(dir, O_RDONLY | O_DIRECTORY), fd;

	assert_true(at >= 0);
	if (from != NULL) {
		snprintf(swap, sizeof swap, "%s/%s", dir, from);
		setenv("AZALAI_TEST_SWAP_BEFORE_OPEN", swap, 1);
	}
	fd = fs_open_regular(at, name, nofollow, sb);
	unsetenv("AZALAI_TEST_SWAP_BEFORE_OPEN");
	close(at);
	return fd;
}

static void
regular_opens(void **state)
{
	struct stat sb;
	int fd;

	(void)state;
	put("mail", "Subject: x\n\nHELP\n");
	fd = open_swapped("mail", NULL, 1, &sb);
	assert_true(fd >= 0);
	assert_true(S_ISREG(sb.st_mode));
	close(fd);
	/* The hook swaps: a regular file over a regular file still opens. */
	put("other", "Subject: y\n\nHELP\n");
	fd = open_swapped("mail", "other", 1, &sb);
	assert_true(fd >= 0);
	assert_int_equal(sb.st_size, strlen("Subject: y\n\nHELP\n"));
	close(fd);
}

static void
swapped_for_a_fifo(void **state)
{
	char fifo[PATH_MAX];
	struct stat sb;

	(void)state;
	put("mail", "Subject: x\n\nHELP\n");
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* No writer: a blocking open would wait for ever. */
	assert_int_equal(open_swapped("mail", "fifo", 1, &sb), FS_NOT_REGULAR);
	assert_true(S_ISFIFO(sb.st_mode));
}

static void
swapped_for_a_link(void **state)
{
	char target[PATH_MAX], link[PATH_MAX];
	struct stat sb;

	(void)state;
	put("mail", "Subject: x\n\nHELP\n");
	put("secret", "not a mail\n");
	snprintf(target, sizeof target, "%s/secret", dir);
	snprintf(link, sizeof link, "%s/link", dir);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(open_swapped("mail", "link", 1, &sb), FS_NOT_REGULAR);
	assert_true(S_ISLNK(sb.st_mode));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(regular_opens, setup, teardown),
		cmocka_unit_test_setup_teardown(swapped_for_a_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(swapped_for_a_link, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
