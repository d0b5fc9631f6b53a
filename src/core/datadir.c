#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/datadir.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/azalai"
#endif

/* The marker in dir (ending in '/'), opened, or NULL. */
static FILE *
marker_in(const char *dir)
{
	char marker[PATH_MAX + sizeof DATADIR_MARKER];

	if (strlen(dir) + sizeof DATADIR_MARKER > sizeof marker)
		return NULL;
	snprintf(marker, sizeof marker, "%s%s", dir, DATADIR_MARKER);
	return fopen(marker, "r");
}

/* The source tree an uninstalled binary was built from, in out (n bytes), and
 * the build directory the binary is in, in exe (m bytes): the binary's own
 * directory, or the one above it for a program the build keeps in a
 * subdirectory (the unit tests in tests/). Looked up through /proc/self/exe,
 * so a binary copied or installed elsewhere never has a marker beside it,
 * and no build path is compiled into the binary (the package build stays
 * reproducible). */
static int
build_tree_of(char *out, size_t n, char *exe, size_t m)
{
	ssize_t len = readlink("/proc/self/exe", exe, m - 1);
	char *slash;
	FILE *f;
	size_t got;

	if (len <= 0)
		return -1;
	exe[len] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return -1;
	slash[1] = '\0';
	if ((f = marker_in(exe)) == NULL) {
		slash[0] = '\0';
		if ((slash = strrchr(exe, '/')) == NULL)
			return -1;
		slash[1] = '\0';
		if ((f = marker_in(exe)) == NULL)
			return -1;
	}
	if (fgets(out, (int)n, f) == NULL) {
		fclose(f);
		return -1;
	}
	fclose(f);
	got = strcspn(out, "\n");
	out[got] = '\0';
	return got > 0 ? 0 : -1;
}

static int
build_tree(char *out, size_t n)
{
	char exe[PATH_MAX];

	return build_tree_of(out, n, exe, sizeof exe);
}

int
datadir_find(char *out, size_t n, const char *option, const char *configured)
{
	const char *env = getenv("AZALAI_DATADIR"), *pick = PKGDATADIR;

	if (option != NULL)
		pick = option;
	else if (env != NULL && *env != '\0')
		pick = env;
	else if (configured != NULL && *configured != '\0')
		pick = configured;
	else if (build_tree(out, n) == 0)
		return 0;
	if (strlen(pick) >= n)
		return -1;
	/* configured may be out itself. */
	memmove(out, pick, strlen(pick) + 1);
	return 0;
}

int
datadir_build(char *out, size_t n, const char *datadir)
{
	char src[PATH_MAX], a[PATH_MAX], b[PATH_MAX];

	if (build_tree_of(src, sizeof src, out, n) < 0)
		return -1;
	/* The same directory however named ("build/..", a symbolic link): the
	 * catalogs a run reads from here are all it has. */
	if (strcmp(src, datadir) == 0)
		return 0;
	if (realpath(src, a) == NULL || realpath(datadir, b) == NULL || strcmp(a, b) != 0)
		return -1;
	return 0;
}
