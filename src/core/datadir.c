#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/datadir.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/azalai"
#endif

/* The source tree an uninstalled binary was built from, in out (n bytes), and
 * the build directory the binary is in, in exe (m bytes). Looked up through
 * /proc/self/exe, so a binary copied or installed elsewhere never has a
 * marker beside it, and no build path is compiled into the binary (the
 * package build stays reproducible). */
static int
build_tree_of(char *out, size_t n, char *exe, size_t m)
{
	char marker[PATH_MAX + sizeof DATADIR_MARKER], *slash;
	ssize_t len = readlink("/proc/self/exe", exe, m - 1);
	FILE *f;
	size_t got;

	if (len <= 0)
		return -1;
	exe[len] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return -1;
	slash[1] = '\0';
	if (strlen(exe) + sizeof DATADIR_MARKER > sizeof marker)
		return -1;
	snprintf(marker, sizeof marker, "%s%s", exe, DATADIR_MARKER);
	if ((f = fopen(marker, "r")) == NULL)
		return -1;
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
	char src[PATH_MAX];

	if (build_tree_of(src, sizeof src, out, n) < 0 || strcmp(src, datadir) != 0)
		return -1;
	return 0;
}
