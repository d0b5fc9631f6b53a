#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srcfile.h"

char *
src_read(const char *rel)
{
	const char *src = getenv("srcdir");
	char path[1024], *text = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", src != NULL ? src : ".", rel);
	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	do {
		if (cap - len < 4096) {
			char *t = realloc(text, cap = cap * 2 + 4096);

			if (t == NULL) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = t;
		}
		n = fread(text + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		free(text);
		text = NULL;
	} else
		text[len] = '\0';
	fclose(f);
	return text;
}
