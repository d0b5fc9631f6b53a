/* libFuzzer target: any bytes as azalai.yaml through config_load, and what
 * `azalai config` prints of what it read (config_print) back through it.
 *
 * Aborts when a refusal says nothing or names no file, when config_print
 * fails on a config config_load took, or when the printout does not read
 * back to the same printout (config.h: it reads back to the same values;
 * a password prints as "(set)" both times). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/config.h"
#include "core/diag.h"

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char path[64];

static void
rm_path(void)
{
	unlink(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd;

	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "/tmp/fuzz_config.XXXXXX");
	if ((fd = mkstemp(path)) < 0) {
		perror("fuzz_config: mkstemp");
		exit(1);
	}
	close(fd);
	atexit(rm_path);
	return 0;
}

static void
put(const char *s, size_t n)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fwrite(s, 1, n, f) != n || fclose(f) != 0)
		abort();
}

/* c printed, into a malloc'd string. */
static char *
printed(const struct config *c)
{
	struct diag d;
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	diag_clear(&d);
	if (f == NULL || config_print(c, f, &d) < 0)
		abort();
	fclose(f);
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config c;
	struct diag d;
	char *p1, *p2;

	put((const char *)data, size);
	config_defaults(&c);
	diag_clear(&d);
	if (config_load(&c, path, 1, &d) < 0) {
		if (d.msg[0] == '\0' || strstr(d.msg, path) == NULL)
			abort();
		return 0;
	}
	p1 = printed(&c);
	put(p1, strlen(p1));
	config_defaults(&c);
	if (config_load(&c, path, 1, &d) < 0) {
		fprintf(stderr, "fuzz_config: the printout does not read back: %s\n%s", d.msg, p1);
		abort();
	}
	p2 = printed(&c);
	if (strcmp(p1, p2) != 0) {
		fprintf(stderr, "fuzz_config: printed\n%s\nread back as\n%s", p1, p2);
		abort();
	}
	free(p1);
	free(p2);
	return 0;
}
