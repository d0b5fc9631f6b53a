#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/catalog.h"
#include "lang/catbin.h"
#include "lang/catcomp.h"
#include "core/diag.h"
#include "lang/poread.h"

/* A copy of the German catalogs of common and targi, compiled or not. */
#define DIR_TEMPLATE "/tmp/azalai-catbin-XXXXXX"
static char dir[sizeof DIR_TEMPLATE];
static char podir[64], binpath[80];

static void
copy_po(const char *dom)
{
	char *from, *to, *sub, *text;
	gsize n;

	from = g_strdup_printf("%s/po/%s/de.po", getenv("srcdir"), dom);
	sub = g_strdup_printf("%s/%s", podir, dom);
	to = g_strdup_printf("%s/de.po", sub);
	assert_true(g_file_get_contents(from, &text, &n, NULL));
	assert_int_equal(g_mkdir_with_parents(sub, 0755), 0);
	assert_true(g_file_set_contents(to, text, (gssize)n, NULL));
	g_free(text);
	g_free(from);
	g_free(to);
	g_free(sub);
}

static int
setup(void **state)
{
	(void)state;
	memcpy(dir, DIR_TEMPLATE, sizeof dir);
	assert_non_null(mkdtemp(dir));
	snprintf(podir, sizeof podir, "%s/po", dir);
	snprintf(binpath, sizeof binpath, "%s/de.catbin", podir);
	copy_po("common");
	copy_po("targi");
	catalog_init(dir);
	return 0;
}

static int
teardown(void **state)
{
	char *cmd = g_strdup_printf("rm -rf '%s'", dir);

	(void)state;
	assert_int_equal(system(cmd), 0);
	g_free(cmd);
	catalog_reset();
	return 0;
}

static void
compile(void)
{
	struct diag d = { 0 };

	assert_int_equal(catcomp_compile(podir, "de", binpath, &d), 0);
}

/* Sets path's modification time secs seconds from now. */
static void
age(const char *path, long secs)
{
	struct timespec t[2];

	assert_int_equal(clock_gettime(CLOCK_REALTIME, &t[0]), 0);
	t[0].tv_sec += secs;
	t[1] = t[0];
	assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

struct want {
	int n;
};

/* Every entry of the .po files, as the catalog must give it. */
static void
check_entry(const char *ctx, const char *id, const char *form, const char *plural,
    void *arg)
{
	struct want *w = arg;

	w->n++;
	if (plural == NULL) {
		assert_string_equal(catalog_get("de", ctx, id), form);
	} else {
		assert_string_equal(catalog_nget("de", id, id, 1), form);
		assert_string_equal(catalog_nget("de", id, id, 2), plural);
	}
}

static void
check_all(void)
{
	const char *doms[] = { "common", "targi" };
	struct want w = { 0 };

	catalog_reset();
	for (size_t i = 0; i < 2; i++) {
		char *path = g_strdup_printf("%s/%s/de.po", podir, doms[i]);

		assert_int_equal(po_read(path, check_entry, &w, NULL), 0);
		g_free(path);
	}
	assert_true(w.n > 100);
}

/* What the compiled catalog gives is what the .po files give. */
static void
same_as_po(void **state)
{
	(void)state;
	check_all();
	compile();
	check_all();
}

/* Replaces the msgstr of msgid "id" in path by to (the first one). */
static void
edit(const char *path, const char *id, const char *to)
{
	char *text, *at, *end, *out, *key = g_strdup_printf("\nmsgid \"%s\"\nmsgstr \"", id);

	assert_true(g_file_get_contents(path, &text, NULL, NULL));
	assert_non_null(at = strstr(text, key));
	at += strlen(key);
	assert_non_null(end = strchr(at, '"'));
	*at = '\0';
	out = g_strdup_printf("%s%s%s", text, to, end);
	assert_true(g_file_set_contents(path, out, -1, NULL));
	g_free(out);
	g_free(text);
	g_free(key);
}

/* An entry with no context and one line, to edit. */
static void
first_plain(const char *ctx, const char *id, const char *form, const char *plural,
    void *arg)
{
	char **out = arg;

	if (*out == NULL && ctx == NULL && plural == NULL && strchr(id, '\n') == NULL &&
	    strchr(id, '"') == NULL && strchr(form, '\n') == NULL && strlen(id) < 60)
		*out = g_strdup(id);
}

/* The compiled catalog is read when it is newer than every .po, and the
 * .po files when one is newer: a datadir edited after the build. */
static void
stale_falls_back(void **state)
{
	char *po = g_strdup_printf("%s/common/de.po", podir), *id = NULL;
	const char *got;

	(void)state;
	assert_int_equal(po_read(po, first_plain, &id, NULL), 0);
	assert_non_null(id);
	compile();
	edit(po, id, "EDITED");
	/* Edited, but dated before the compiled file: the compiled text. */
	age(po, -3600);
	catalog_reset();
	assert_non_null(got = catalog_get("de", NULL, id));
	assert_string_not_equal(got, "EDITED");
	/* Newer: the .po file's. */
	age(po, 10);
	catalog_reset();
	assert_string_equal(catalog_get("de", NULL, id), "EDITED");
	check_all();
	g_free(po);
	g_free(id);
}

/* A domain added after the compiled catalog makes it stale too. */
static void
new_domain_falls_back(void **state)
{
	char *sub = g_strdup_printf("%s/extra", podir), *po = g_strdup_printf("%s/de.po", sub);

	(void)state;
	compile();
	assert_int_equal(g_mkdir_with_parents(sub, 0755), 0);
	assert_true(g_file_set_contents(po, "msgid \"\"\nmsgstr \"Content-Type: text/plain; "
	    "charset=UTF-8\\n\"\n\nmsgid \"a new one\"\nmsgstr \"ein neuer\"\n", -1, NULL));
	age(po, -3600);
	catalog_reset();
	assert_string_equal(catalog_get("de", NULL, "a new one"), "ein neuer");
	g_free(po);
	g_free(sub);
}

/* Without g_file_set_contents's fsync: hundreds of writes. */
static void
write_bytes(const char *path, const char *data, gsize n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	age(path, 10);
}

/* Every cut and a changed byte every few: refused, or read as written; and
 * the catalog then reads the .po files. */
static void
corrupt_refused(void **state)
{
	struct catbin good, c;
	struct diag d = { 0 };
	char *data, *copy;
	gsize n;

	(void)state;
	compile();
	assert_true(g_file_get_contents(binpath, &data, &n, NULL));
	assert_int_equal(catbin_open(&good, binpath, "de", &d), 0);
	assert_true(good.n > 100);
	assert_int_equal(catbin_open(&c, binpath, "fr", &d), -1);
	for (gsize cut = 0; cut < n; cut += cut < 256 ? 1 : 61) {
		write_bytes(binpath, data, cut);
		assert_int_equal(catbin_open(&c, binpath, "de", &d), -1);
	}
	copy = g_memdup2(data, n);
	for (gsize at = 0; at < n; at += at < 256 ? 1 : 53) {
		memcpy(copy, data, n);
		copy[at] ^= (char)(1 + at % 255);
		write_bytes(binpath, copy, n);
		if (catbin_open(&c, binpath, "de", &d) < 0)
			continue;
		/* A byte that changed no entry: the domains, padding. */
		assert_int_equal(c.n, good.n);
		for (gsize i = 0; i < c.n; i++) {
			assert_string_equal(c.strings + c.entries[i].key,
			    good.strings + good.entries[i].key);
			assert_string_equal(c.strings + c.entries[i].form,
			    good.strings + good.entries[i].form);
		}
		catbin_close(&c);
	}
	write_bytes(binpath, data, n / 2);
	check_all();
	write_bytes(binpath, "", 0);
	check_all();
	catbin_close(&good);
	g_free(copy);
	g_free(data);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(same_as_po, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_falls_back, setup, teardown),
		cmocka_unit_test_setup_teardown(new_domain_falls_back, setup, teardown),
		cmocka_unit_test_setup_teardown(corrupt_refused, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
