/* Targi data loading: clear errors naming file and line, then the real data. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "games/targi/targi.h"

static char tmpdir[64];

static void
put(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/targi/%s", tmpdir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* Copies the real file so only one file at a time is broken. */
static void
copy_real(const char *name)
{
	const char *srcdir = getenv("srcdir");
	char path[1024], buf[16384];
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "%s/data/targi/%s",
	    srcdir != NULL ? srcdir : ".", name);
	assert_non_null(f = fopen(path, "r"));
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	put(name, buf);
}

static void
real_files(void)
{
	copy_real("border.yaml");
	copy_real("goods.yaml");
	copy_real("tribe.yaml");
}

static void
expect_error(const char *what, int line)
{
	struct diag d;

	diag_clear(&d);
	assert_int_equal(tg_load(tmpdir, &d), -1);
	if (strstr(d.msg, what) == NULL)
		fail_msg("expected \"%s\" in: %s", what, d.msg);
	if (line > 0)
		assert_int_equal(d.line, line);
}

static void
test_missing_file(void **state)
{
	char path[256];

	(void)state;
	real_files();
	snprintf(path, sizeof path, "%s/targi/goods.yaml", tmpdir);
	unlink(path);
	expect_error("cannot read", 0);
	expect_error("goods.yaml", 0);
}

static void
test_bad_yaml(void **state)
{
	(void)state;
	real_files();
	put("goods.yaml", "cards:\n  - {gives: D, copies: 2}\n  - {gives: [S\n");
	expect_error("goods.yaml", 0);
}

static void
test_unknown_effect_names_the_line(void **state)
{
	(void)state;
	real_files();
	put("tribe.yaml", "cards:\n"
	    "  - {id: 20, symbol: oasis, vp: 2, cost: P G}\n"
	    "  - {id: 215, symbol: oasis, vp: 1, cost: P G, effect: {kind: fly}}\n");
	expect_error("unknown effect kind", 3);
	expect_error("tribe.yaml, line 3", 3);
}

static void
test_bad_cost(void **state)
{
	(void)state;
	real_files();
	put("tribe.yaml", "cards:\n"
	    "  - {id: 20, symbol: oasis, vp: 2, cost: P X}\n");
	expect_error("cost must list", 2);
}

static void
test_corners_are_raids(void **state)
{
	(void)state;
	real_files();
	put("border.yaml", "cards:\n"
	    "  - {n: 4, name: Dates, action: goods, gives: D}\n");
	expect_error("corners", 2);
}

static void
test_missing_border_card(void **state)
{
	(void)state;
	real_files();
	put("border.yaml", "cards:\n"
	    "  - {n: 1, name: Noble, action: noble}\n");
	expect_error("border card 2 is missing", 0);
}

static void
test_real_data(void **state)
{
	const char *srcdir = getenv("srcdir");
	const char names[2][SEAT_NAME] = { "a", "b" };
	struct tg_state *st = calloc(1, sizeof *st);
	char dir[1024];
	struct diag d;

	(void)state;
	snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
	if (tg_load(dir, &d) != 0)
		fail_msg("%s", d.msg);
	assert_int_equal(tg_setup(st, 2, names, NULL, 1, NULL, &d), 0);
	assert_int_equal(st->ntribe, 45);
	assert_int_equal(st->ngoods, 19);
	assert_int_equal(st->border[5].kind, BK_MERCHANT);
	assert_int_equal(st->border[16].last, 1);
	assert_int_equal(st->border[12].goods, 3);
	assert_int_equal(st->border[12].vp, 2);
	/* 3 goods cards of free choice, 3 of gold, 1 VP. */
	{
		int choice = 0, gold = 0, vp = 0;

		for (int i = 0; i < st->ngoods; i++) {
			choice += st->goods[i].choice;
			gold += st->goods[i].res[TG_G];
			vp += st->goods[i].res[TG_VP];
		}
		assert_int_equal(choice, 3);
		assert_int_equal(gold, 3);
		assert_int_equal(vp, 1);
	}
	free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_bad_yaml),
		cmocka_unit_test(test_unknown_effect_names_the_line),
		cmocka_unit_test(test_bad_cost),
		cmocka_unit_test(test_corners_are_raids),
		cmocka_unit_test(test_missing_border_card),
		cmocka_unit_test(test_real_data),
	};
	char sub[96];
	int rc;

	snprintf(tmpdir, sizeof tmpdir, "/tmp/targi-data-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return 1;
	snprintf(sub, sizeof sub, "%s/targi", tmpdir);
	if (mkdir(sub, 0700) != 0)
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	{
		static const char *const f[] = { "border.yaml", "goods.yaml", "tribe.yaml" };
		char path[256];

		for (int i = 0; i < 3; i++) {
			snprintf(path, sizeof path, "%s/%s", sub, f[i]);
			unlink(path);
		}
		rmdir(sub);
		rmdir(tmpdir);
	}
	return rc;
}
