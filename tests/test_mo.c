/* The .mo reader: a catalog msgfmt made reads whole, in either byte order,
 * and a file that is not one (a bad magic or revision, a table or string past
 * the end or over the tables, a string without its NUL, a count whose table
 * size wraps 32 bits, every truncation) is refused with a diag saying what,
 * never read out of bounds (the ASan build checks that). The catalog reads
 * only .mo files: a bad one fails its language, naming the file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/catalog.h"
#include "lang/mo.h"

/* msgfmt's output for a header (Plural-Forms of French), a term with
 * msgctxt and a plural message: tests/fuzz-seeds/mo. */
static GByteArray *
seed(void)
{
	const char *src = getenv("srcdir");
	char *path, *text;
	gsize len;
	GByteArray *a;

	path = g_strdup_printf("%s/tests/fuzz-seeds/mo/three-entries.mo",
	    src != NULL ? src : ".");
	assert_true(g_file_get_contents(path, &text, &len, NULL));
	a = g_byte_array_new_take((guint8 *)text, len);
	g_free(path);
	return a;
}

static uint32_t
get(const GByteArray *a, size_t off)
{
	uint32_t v;

	memcpy(&v, a->data + off, 4);
	return GUINT32_FROM_LE(v);
}

static void
put(GByteArray *a, size_t off, uint32_t v)
{
	v = GUINT32_TO_LE(v);
	memcpy(a->data + off, &v, 4);
}

/* mo_read on len bytes of a: its return, the diag in d. */
static int
read_n(const GByteArray *a, size_t len, struct diag *d)
{
	GBytes *b = g_bytes_new(a->data, len);
	struct mo m;
	int r;

	diag_clear(d);
	r = mo_read(&m, b, "x.mo", d);
	g_bytes_unref(b);
	if (r == 0)
		mo_close(&m);
	return r;
}

static void
refused(const GByteArray *a, const char *why)
{
	struct diag d;

	assert_int_equal(read_n(a, a->len, &d), -1);
	if (strstr(d.msg, why) == NULL || strstr(d.msg, "x.mo") == NULL)
		fail_msg("wanted \"%s\" naming x.mo, got \"%s\"", why, d.msg);
}

/* Entry i of m whose id is id, or fails. */
static void
find(const struct mo *m, const char *id, struct mo_msg *out)
{
	for (uint32_t i = 0; i < m->n; i++) {
		mo_get(m, i, out);
		if (strcmp(out->id, id) == 0)
			return;
	}
	fail_msg("no entry %s", id);
}

static void
reads_all(const struct mo *m)
{
	struct mo_msg msg;

	assert_int_equal(m->n, 3);
	assert_string_equal(m->plural_forms, "nplurals=2; plural=(n > 1);");
	assert_int_equal(m->nplurals, 2);
	find(m, "term\004targi.good.dates", &msg);
	assert_string_equal(msg.str, "dattes");
	assert_false(msg.plural);
	assert_int_equal(msg.forms, 1);
	assert_null(mo_form(&msg, 1));
	find(m, "%d card", &msg);
	assert_true(msg.plural);
	assert_int_equal(msg.forms, 2);
	assert_string_equal(mo_form(&msg, 0), "%d carte");
	assert_string_equal(mo_form(&msg, 1), "%d cartes");
	assert_null(mo_form(&msg, 2));
	find(m, "", &msg);
	assert_non_null(strstr(msg.str, "Plural-Forms:"));
}

static void
msgfmt_output_reads(void **state)
{
	GByteArray *a = seed();
	GBytes *b = g_bytes_new(a->data, a->len);
	struct diag d = { 0 };
	struct mo m;

	(void)state;
	assert_int_equal(mo_read(&m, b, "x.mo", &d), 0);
	reads_all(&m);
	mo_close(&m);
	g_bytes_unref(b);
	g_byte_array_unref(a);
}

/* The same catalog written on a big-endian machine: every number of the
 * header and the tables swapped. */
static void
other_byte_order_reads(void **state)
{
	GByteArray *a = seed();
	uint32_t n = get(a, 8), o = get(a, 12), t = get(a, 16), hs = get(a, 20),
	    ho = get(a, 24);
	struct diag d = { 0 };
	GBytes *b;
	struct mo m;

	(void)state;
	for (size_t off = 0; off < 28; off += 4)
		put(a, off, GUINT32_SWAP_LE_BE(get(a, off)));
	for (size_t i = 0; i < 2 * n; i++) {
		put(a, o + 4 * i, GUINT32_SWAP_LE_BE(get(a, o + 4 * i)));
		put(a, t + 4 * i, GUINT32_SWAP_LE_BE(get(a, t + 4 * i)));
	}
	for (size_t i = 0; i < hs; i++)
		put(a, ho + 4 * i, GUINT32_SWAP_LE_BE(get(a, ho + 4 * i)));
	b = g_bytes_new(a->data, a->len);
	assert_int_equal(mo_read(&m, b, "x.mo", &d), 0);
	assert_int_equal(m.swap, G_BYTE_ORDER == G_LITTLE_ENDIAN);
	reads_all(&m);
	mo_close(&m);
	g_bytes_unref(b);
	g_byte_array_unref(a);
}

static void
every_truncation_refused(void **state)
{
	GByteArray *a = seed();
	struct diag d;

	(void)state;
	for (size_t len = 0; len < a->len; len++)
		if (read_n(a, len, &d) == 0)
			fail_msg("%zu of %u bytes read as a catalog", len, a->len);
	g_byte_array_unref(a);
}

static void
bad_magic_and_revision(void **state)
{
	GByteArray *a = seed();

	(void)state;
	put(a, 0, 0x950412df);
	refused(a, "is not a .mo file (magic 0x950412df)");
	g_byte_array_unref(a);
	a = seed();
	put(a, 4, 0x00010000);
	refused(a, "has revision 0x00010000");
	g_byte_array_unref(a);
}

static void
tables_past_the_end_or_overlapping(void **state)
{
	GByteArray *a = seed();
	uint32_t o = get(a, 12), t = get(a, 16);

	(void)state;
	put(a, 12, a->len - 8);
	refused(a, "its table of originals (offset");
	put(a, 12, o);
	put(a, 16, 0xfffffff8);
	refused(a, "its table of translations (offset 4294967288, 24 bytes) runs past the end");
	put(a, 16, o + 8);
	refused(a, "its table of translations overlaps its table of originals");
	put(a, 16, 4);
	refused(a, "its table of translations overlaps its header");
	put(a, 16, t);
	put(a, 20, 1000);
	refused(a, "its hash table");
	g_byte_array_unref(a);
}

/* n * 8 is 0 in 32 bits: a reader that multiplied there would take an
 * empty table and read entries far past the end. */
static void
count_overflow(void **state)
{
	GByteArray *a = seed();

	(void)state;
	put(a, 8, 0x20000000);
	refused(a, "table of originals (offset 28, 4294967296 bytes) runs past the end");
	put(a, 8, 0xffffffff);
	refused(a, "runs past the end");
	g_byte_array_unref(a);
}

static void
strings_past_the_end_unterminated_or_over_a_table(void **state)
{
	GByteArray *a = seed();
	uint32_t o = get(a, 12), t = get(a, 16), at = get(a, t + 4), len = get(a, t);

	(void)state;
	put(a, t + 4, a->len);
	refused(a, "translation string 0 (offset");
	put(a, t + 4, at);
	put(a, t, 0xffffffff);
	refused(a, "translation string 0 (offset");
	put(a, t, len);
	a->data[at + len] = 'x';
	refused(a, "translation string 0 (offset");
	refused(a, "does not end in NUL");
	a->data[at + len] = '\0';
	/* A string that ends in a NUL of the tables. */
	put(a, o + 4, o);
	put(a, o, 3);
	a->data[o + 3] = '\0';
	refused(a, "original string 0 (offset 28) overlaps the table of originals");
	g_byte_array_unref(a);
}

static void
plural_forms_without_nplurals(void **state)
{
	GByteArray *a = seed();
	char *p = memmem(a->data, a->len, "nplurals=2", 10);

	(void)state;
	assert_non_null(p);
	memcpy(p, "nplurals=x", 10);
	refused(a, "nplurals is not a number");
	memcpy(p, "nplural_=2", 10);
	refused(a, "Plural-Forms names no nplurals");
	g_byte_array_unref(a);
}

/* A data directory of one catalog, po/common/de.mo (or .po), with text. */
static char *
datadir_with(const char *name, const void *text, size_t len)
{
	char *dir = g_dir_make_tmp("azalai-mo-XXXXXX", NULL), *sub, *path;

	assert_non_null(dir);
	sub = g_strdup_printf("%s/po/common", dir);
	assert_int_equal(g_mkdir_with_parents(sub, 0700), 0);
	path = g_strdup_printf("%s/%s", sub, name);
	assert_true(g_file_set_contents(path, text, (gssize)len, NULL));
	g_free(path);
	g_free(sub);
	return dir;
}

static void
remove_datadir(char *dir)
{
	char *cmd = g_strdup_printf("rm -rf '%s'", dir);

	assert_int_equal(system(cmd), 0);
	g_free(cmd);
	g_free(dir);
}

static void
catalog_reads_mo_and_refuses_a_bad_one(void **state)
{
	GByteArray *a = seed();
	static const char po[] = "msgid \"\"\nmsgstr \"Content-Type: text/plain; "
	    "charset=UTF-8\\n\"\n\nmsgctxt \"term\"\nmsgid \"targi.good.dates\"\n"
	    "msgstr \"Datteln\"\n";
	struct diag d = { 0 };
	char *dir;

	(void)state;
	dir = datadir_with("de.mo", a->data, a->len);
	catalog_reset();
	catalog_init(dir);
	assert_int_equal(catalog_use("de", &d), 0);
	assert_string_equal(catalog_get("de", "term", "targi.good.dates"), "dattes");
	assert_string_equal(catalog_nget("de", "%d card", "%d cards", 1), "%d carte");
	assert_string_equal(catalog_nget("de", "%d card", "%d cards", 2), "%d cartes");
	remove_datadir(dir);

	put(a, 0, 0);
	dir = datadir_with("de.mo", a->data, a->len);
	catalog_reset();
	catalog_init(dir);
	assert_int_equal(catalog_use("de", &d), -1);
	assert_non_null(strstr(d.msg, "po/common/de.mo is not a .mo file"));
	assert_null(catalog_get("de", "term", "targi.good.dates"));
	remove_datadir(dir);

	/* A .po is the translator's; a run never parses one. */
	dir = datadir_with("de.po", po, sizeof po - 1);
	catalog_reset();
	catalog_init(dir);
	assert_int_equal(catalog_use("de", &d), 0);
	assert_null(catalog_get("de", "term", "targi.good.dates"));
	remove_datadir(dir);
	catalog_reset();
	g_byte_array_unref(a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(msgfmt_output_reads),
		cmocka_unit_test(other_byte_order_reads),
		cmocka_unit_test(every_truncation_refused),
		cmocka_unit_test(bad_magic_and_revision),
		cmocka_unit_test(tables_past_the_end_or_overlapping),
		cmocka_unit_test(count_overflow),
		cmocka_unit_test(strings_past_the_end_unterminated_or_over_a_table),
		cmocka_unit_test(plural_forms_without_nplurals),
		cmocka_unit_test(catalog_reads_mo_and_refuses_a_bad_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
