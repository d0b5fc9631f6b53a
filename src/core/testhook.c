#include <stddef.h>

#include "core/testhook.h"

#ifdef AZALAI_TEST_HOOKS

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *
testhook_now(void)
{
	return getenv("AZALAI_NOW");
}

const char *
testhook_seed(void)
{
	return getenv("AZALAI_SEED");
}

int
testhook_plant_leak(void)
{
	return getenv("AZALAI_TEST_PLANT_LEAK") != NULL;
}

const char *
testhook_archive_secrets(void)
{
	return getenv("AZALAI_TEST_ARCHIVE_SECRETS");
}

const char *
testhook_crash_message(void)
{
	return getenv("AZALAI_TEST_CRASH_MESSAGE");
}

void
testhook_die_after_commit(void)
{
	const char *e = getenv("AZALAI_TEST_DIE_AFTER_COMMIT");

	if (e != NULL && strcmp(e, "1") == 0)
		_exit(9);
}

void
testhook_die_after_uid(void)
{
	const char *e = getenv("AZALAI_TEST_DIE_AFTER_UID");

	if (e != NULL && strcmp(e, "1") == 0)
		_exit(9);
}

/* Creates VAR's FILE.ready, then waits (20 s at most) until FILE exists. */
static void
pause_on(const char *var)
{
	const char *e = getenv(var);
	char ready[PATH_MAX];
	FILE *f;

	if (e == NULL || e[0] == '\0')
		return;
	snprintf(ready, sizeof ready, "%s.ready", e);
	if ((f = fopen(ready, "w")) != NULL)
		fclose(f);
	/* Bounded, so a test that never answers cannot hang the run. */
	for (int i = 0; i < 400 && access(e, F_OK) < 0; i++)
		usleep(50000);
}

void
testhook_pause_after_commit(void)
{
	pause_on("AZALAI_TEST_PAUSE_AFTER_COMMIT");
}

void
testhook_pause_before_claim(void)
{
	pause_on("AZALAI_TEST_PAUSE_BEFORE_CLAIM");
}

void
testhook_swap_before_open(int dirfd, const char *path)
{
	const char *e = getenv("AZALAI_TEST_SWAP_BEFORE_OPEN");

	if (e != NULL && e[0] != '\0')
		(void)renameat(AT_FDCWD, e, dirfd, path);
}

#else

/* The release build: every switch off, no variable named. */

const char *
testhook_now(void)
{
	return NULL;
}

const char *
testhook_seed(void)
{
	return NULL;
}

int
testhook_plant_leak(void)
{
	return 0;
}

const char *
testhook_archive_secrets(void)
{
	return NULL;
}

const char *
testhook_crash_message(void)
{
	return NULL;
}

void
testhook_die_after_commit(void)
{
}

void
testhook_die_after_uid(void)
{
}

void
testhook_pause_after_commit(void)
{
}

void
testhook_pause_before_claim(void)
{
}

void
testhook_swap_before_open(int dirfd, const char *path)
{
	(void)dirfd;
	(void)path;
}

#endif
