#include <stdio.h>
#include <stdlib.h>

#include "core/fsutil.h"
#include "srcfile.h"

char *
src_read(const char *rel)
{
	const char *src = getenv("srcdir");
	char path[1024], *text;
	size_t len;

	snprintf(path, sizeof path, "%s/%s", src != NULL ? src : ".", rel);
	return fs_read(path, &text, &len) < 0 ? NULL : text;
}
