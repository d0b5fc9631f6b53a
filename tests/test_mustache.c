/* Runs every case of the official Mustache spec files, then our own cases:
 * error paths, limits, plain-text escaping and number formatting. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <yaml.h>

#include "core/buf.h"
#include "core/diag.h"
#include "render/mustache.h"
#include "core/tval.h"
#include "core/xmalloc.h"

/* --- spec files --------------------------------------------------------- */

static int
is_number(const char *s, double *out)
{
	char *end;

	if (*s == '\0' || strspn(s, "0123456789+-.eE") != strlen(s) ||
	    strpbrk(s, "0123456789") == NULL)
		return 0;
	*out = strtod(s, &end);
	return *end == '\0';
}

static struct tval *
from_yaml(yaml_document_t *doc, yaml_node_t *n)
{
	struct tval *v;
	double num;

	switch (n->type) {
	case YAML_MAPPING_NODE:
		v = tval_map();
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(doc, p->key);
			yaml_node_t *val = yaml_document_get_node(doc, p->value);

			assert_non_null(k);
			assert_int_equal(k->type, YAML_SCALAR_NODE);
			tval_set(v, (const char *)k->data.scalar.value,
			    from_yaml(doc, val));
		}
		return v;
	case YAML_SEQUENCE_NODE:
		v = tval_list();
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		    i < n->data.sequence.items.top; i++)
			tval_push(v, from_yaml(doc, yaml_document_get_node(doc,
			    *i)));
		return v;
	case YAML_SCALAR_NODE: {
		const char *s = (const char *)n->data.scalar.value;

		if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
			return tval_str(s);
		if (strcmp(s, "true") == 0)
			return tval_bool(1);
		if (strcmp(s, "false") == 0)
			return tval_bool(0);
		if (*s == '\0' || strcmp(s, "null") == 0 || strcmp(s, "~") == 0)
			return tval_new(TV_NULL);
		if (is_number(s, &num))
			return tval_num(num);
		return tval_str(s);
	}
	default:
		fail_msg("unexpected YAML node");
	}
	return NULL;
}

static yaml_node_t *
map_get(yaml_document_t *doc, yaml_node_t *m, const char *key)
{
	if (m == NULL || m->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = m->data.mapping.pairs.start;
	    p < m->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);

		if (k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

static const char *
scalar(yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

static const char *
map_partial(void *ctx, const char *name)
{
	const struct tval *v = tval_get(ctx, name);

	return v != NULL && v->type == TV_STR ? v->str : NULL;
}

/* Runs the cases of one file; returns how many failed, adds to *ran. */
static int
run_spec_file(const char *path, const char *file, int *ran)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *tests;
	FILE *f;
	int failed = 0, before = *ran;

	f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	assert_true(yaml_parser_initialize(&parser));
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc))
		fail_msg("%s: YAML error: %s", file, parser.problem);
	tests = map_get(&doc, yaml_document_get_root_node(&doc), "tests");
	if (tests == NULL || tests->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: no tests list", file);

	for (yaml_node_item_t *i = tests->data.sequence.items.start;
	    i < tests->data.sequence.items.top; i++) {
		yaml_node_t *tc = yaml_document_get_node(&doc, *i);
		const char *name = scalar(map_get(&doc, tc, "name"));
		const char *tmpl = scalar(map_get(&doc, tc, "template"));
		const char *expected = scalar(map_get(&doc, tc, "expected"));
		yaml_node_t *dn = map_get(&doc, tc, "data");
		yaml_node_t *pn = map_get(&doc, tc, "partials");
		struct tval *data = dn != NULL ? from_yaml(&doc, dn) : NULL;
		struct tval *parts = pn != NULL ? from_yaml(&doc, pn) : NULL;
		struct mustache_partials mp = { map_partial, parts, NULL };
		struct buf out = BUF_INIT;
		struct diag d;
		int rc;

		if (name == NULL || tmpl == NULL || expected == NULL)
			fail_msg("%s: a case lacks name, template or expected",
			    file);
		diag_clear(&d);
		(*ran)++;
		rc = mustache_render(tmpl, data, &mp, MUSTACHE_ESCAPE_HTML,
		    &out, &d);
		if (rc != 0) {
			print_error("FAIL %s: %s: error (line %d): %s\n", file,
			    name, d.line, d.msg);
			failed++;
		} else if (strcmp(out.p != NULL ? out.p : "", expected) != 0) {
			print_error("FAIL %s: %s\n  expected: [%s]\n  got:      "
			    "[%s]\n", file, name, expected,
			    out.p != NULL ? out.p : "");
			failed++;
		}
		buf_free(&out);
		tval_free(data);
		tval_free(parts);
	}
	if (*ran == before) {
		print_error("FAIL %s: no cases\n", file);
		failed++;
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	return failed;
}

static int
is_yml(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return n > 4 && strcmp(e->d_name + n - 4, ".yml") == 0;
}

static void
test_spec(void **state)
{
	const char *srcdir = getenv("srcdir");
	char dir[4096], path[4096 + 256];
	struct dirent **ents;
	int n, ran = 0, failed = 0;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/mustache-spec",
	    srcdir != NULL ? srcdir : ".");
	n = scandir(dir, &ents, is_yml, alphasort);
	if (n < 0)
		fail_msg("cannot read %s", dir);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, ents[i]->d_name);
		failed += run_spec_file(path, ents[i]->d_name, &ran);
		free(ents[i]);
	}
	free(ents);
	print_message("spec: %d files, %d cases, %d failed\n", n, ran, failed);
	assert_true(n > 0);
	assert_true(ran > 0);
	assert_int_equal(failed, 0);
}

/* --- helpers for our own cases ------------------------------------------ */

struct plist {
	const char **names;	/* NULL-terminated, parallel to texts */
	const char **texts;
};

static const char *
plist_get(void *ctx, const char *name)
{
	const struct plist *p = ctx;

	for (int i = 0; p->names[i] != NULL; i++)
		if (strcmp(p->names[i], name) == 0)
			return p->texts[i];
	return NULL;
}

/* Renders and returns the output (caller frees), or NULL on error. */
static char *
render(const char *tmpl, const struct tval *data, const struct plist *pl,
    enum mustache_escape esc, struct diag *d)
{
	struct mustache_partials mp = { plist_get, (void *)(uintptr_t)pl, NULL };
	struct mustache_cache *c = mustache_cache_new();
	struct buf out = BUF_INIT;
	char *r = NULL;

	diag_clear(d);
	if (mustache_render(tmpl, data, pl != NULL ? &mp : NULL, esc, &out,
	    d) != 0)
		assert_true(d->msg[0] != '\0');
	else
		r = out.p != NULL ? buf_steal(&out) : xstrdup("");
	buf_free(&out);
	/* Through a cache, twice (parsed, then reused): the same text, or
	 * the same error. */
	for (int k = 0; k < 2; k++) {
		struct buf co = BUF_INIT;
		struct diag cd;
		int rc;

		diag_clear(&cd);
		rc = mustache_render_cached(tmpl, data, pl != NULL ? &mp : NULL, c,
		    esc, &co, &cd);
		assert_int_equal(rc != 0, r == NULL);
		if (rc != 0)
			assert_string_equal(cd.msg, d->msg);
		else
			assert_string_equal(co.p != NULL ? co.p : "", r);
		buf_free(&co);
	}
	mustache_cache_free(c);
	return r;
}

static void
expect_error(const char *tmpl, const struct plist *pl, int line,
    const char *needle)
{
	struct diag d;
	char *s = render(tmpl, NULL, pl, MUSTACHE_ESCAPE_HTML, &d);

	if (s != NULL)
		fail_msg("template [%s] rendered [%s], expected an error", tmpl,
		    s);
	if (d.line != line || strstr(d.msg, needle) == NULL)
		fail_msg("template [%s]: got line %d \"%s\", want line %d "
		    "mentioning \"%s\"", tmpl, d.line, d.msg, line, needle);
}

static void
expect_output(const char *tmpl, const struct tval *data,
    const struct plist *pl, enum mustache_escape esc, const char *want)
{
	struct diag d;
	char *s = render(tmpl, data, pl, esc, &d);

	if (s == NULL)
		fail_msg("template [%s] failed: %s", tmpl, d.msg);
	if (strcmp(s, want) != 0)
		fail_msg("template [%s]: got [%s], want [%s]", tmpl, s, want);
	free(s);
}

/* --- our own cases ------------------------------------------------------ */

static void
test_errors(void **state)
{
	const char *names[] = { "inner", NULL };
	const char *texts[] = { "ok\n\n{{#open}}\n" };
	struct plist pl = { names, texts };

	(void)state;
	expect_error("a\n{{#items}}\nb\n", NULL, 2, "{{#items}}");
	expect_error("a\n{{#items}}\nb\n", NULL, 2, "never closed");
	expect_error("{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}", NULL, 3, "{{/a}}");
	expect_error("{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}", NULL, 3, "{{#b}}");
	expect_error("x\n\n{{/nothing}}", NULL, 3, "never opened");
	expect_error("x\n\ny {{name", NULL, 3, "{{name");
	expect_error("x\ny {{{name}}\n", NULL, 2, "never closed");
	expect_error("{{=<% %>=}}\n<%x", NULL, 2, "<%x");
	expect_error("\n{{=<%=}}", NULL, 2, "delimiter");
	expect_error("\n\n{{= a b c =}}", NULL, 3, "delimiter");
	expect_error("{{=abcdefghijklmnopq b=}}", NULL, 1, "delimiter");
	expect_error("{{ }}", NULL, 1, "no name");
	expect_error("\n{{a b}}", NULL, 2, "space");
	/* Errors inside a partial carry the partial's line and name. */
	expect_error("one\ntwo {{>inner}}", &pl, 3, "partial \"inner\"");
	/* The section left open is the innermost one. */
	expect_error("{{#a}}\n{{#b}}\n", NULL, 2, "{{#b}}");
}

static void
test_error_keeps_output(void **state)
{
	struct buf out = BUF_INIT;
	struct diag d;
	const char *names[] = { "me", NULL };
	const char *texts[] = { "x{{>me}}" };
	struct plist pl = { names, texts };
	struct mustache_partials mp = { plist_get, &pl, NULL };

	(void)state;
	buf_adds(&out, "before");
	assert_int_equal(mustache_render("{{#a}}", NULL, NULL,
	    MUSTACHE_ESCAPE_HTML, &out, &d), -1);
	assert_string_equal(out.p, "before");
	/* Rendering had already written text when the depth limit struck. */
	assert_int_equal(mustache_render("y{{>me}}", NULL, &mp,
	    MUSTACHE_ESCAPE_HTML, &out, &d), -1);
	assert_string_equal(out.p, "before");
	assert_int_equal(out.len, 6);
	assert_int_equal(mustache_render("-{{a}}", NULL, NULL,
	    MUSTACHE_ESCAPE_HTML, &out, &d), 0);
	assert_string_equal(out.p, "before-");
	buf_free(&out);
}

static void
test_partial_depth(void **state)
{
	enum { N = MUSTACHE_MAX_PARTIAL_DEPTH + 1 };
	char namebuf[N][16], textbuf[N][48];
	const char *names[N + 1], *texts[N];
	struct plist pl = { names, texts };
	struct tval *nest, *cur;
	struct diag d;
	char *s;

	(void)state;
	/* p0 includes p1 ... includes p31: exactly the limit, fine. */
	for (int i = 0; i < N; i++) {
		snprintf(namebuf[i], sizeof namebuf[i], "p%d", i);
		if (i + 1 < MUSTACHE_MAX_PARTIAL_DEPTH)
			snprintf(textbuf[i], sizeof textbuf[i], "%d{{>p%d}}", i,
			    i + 1);
		else
			snprintf(textbuf[i], sizeof textbuf[i], "%d", i);
		names[i] = namebuf[i];
		texts[i] = textbuf[i];
	}
	names[N] = NULL;
	s = render("{{>p0}}", NULL, &pl, MUSTACHE_ESCAPE_HTML, &d);
	assert_non_null(s);
	assert_int_equal(strlen(s), 10 + 2 * (MUSTACHE_MAX_PARTIAL_DEPTH - 10));
	free(s);

	/* One more level is past it. */
	snprintf(textbuf[MUSTACHE_MAX_PARTIAL_DEPTH - 1],
	    sizeof textbuf[0], "x{{>p%d}}", MUSTACHE_MAX_PARTIAL_DEPTH);
	s = render("{{>p0}}", NULL, &pl, MUSTACHE_ESCAPE_HTML, &d);
	assert_null(s);
	assert_non_null(strstr(d.msg, "{{>p32}}"));
	assert_non_null(strstr(d.msg, "limit"));

	/* Recursion that data would end still stops at the limit. */
	nest = tval_map();
	cur = nest;
	for (int i = 0; i < 40; i++)
		cur = tval_set_map(cur, "n");
	names[0] = "node";
	texts[0] = "[{{#n}}{{>node}}{{/n}}]";
	names[1] = NULL;
	s = render("{{>node}}", nest, &pl, MUSTACHE_ESCAPE_HTML, &d);
	assert_null(s);
	assert_non_null(strstr(d.msg, "limit"));
	/* ...while shallower data renders. */
	tval_free(nest);
	nest = tval_map();
	cur = nest;
	for (int i = 0; i < 5; i++)
		cur = tval_set_map(cur, "n");
	/* Without it the lookup of n would climb to the parent's n. */
	tval_set_bool(cur, "n", 0);
	s = render("{{>node}}", nest, &pl, MUSTACHE_ESCAPE_HTML, &d);
	assert_non_null(s);
	assert_string_equal(s, "[[[[[[]]]]]]");
	free(s);
	tval_free(nest);
}

/* The deepest recursion a template may ask for: every partial level full
 * of nested sections. It must render without exhausting the stack. */
static void
test_deepest(void **state)
{
	enum { N = MUSTACHE_MAX_PARTIAL_DEPTH };
	struct buf text[N];
	char namebuf[N][16];
	const char *names[N + 1], *texts[N];
	struct plist pl = { names, texts };
	struct tval *v = tval_map();
	struct diag d;
	char *s;

	(void)state;
	tval_set_bool(v, "t", 1);
	for (int i = 0; i < N; i++) {
		memset(&text[i], 0, sizeof text[i]);
		snprintf(namebuf[i], sizeof namebuf[i], "p%d", i);
		for (int k = 0; k < MUSTACHE_MAX_NESTING; k++)
			buf_adds(&text[i], "{{#t}}");
		if (i + 1 < N)
			buf_printf(&text[i], "{{>p%d}}", i + 1);
		else
			buf_adds(&text[i], "bottom");
		for (int k = 0; k < MUSTACHE_MAX_NESTING; k++)
			buf_adds(&text[i], "{{/t}}");
		names[i] = namebuf[i];
		texts[i] = text[i].p;
	}
	names[N] = NULL;
	s = render("{{>p0}}", v, &pl, MUSTACHE_ESCAPE_HTML, &d);
	if (s == NULL)
		fail_msg("%s", d.msg);
	assert_string_equal(s, "bottom");
	free(s);
	for (int i = 0; i < N; i++)
		buf_free(&text[i]);
	tval_free(v);
}

/* 30 partials, each including the next twice, ask for 2^30 expansions with
 * little output; the work limit must stop that rather than hang the
 * referee. */
static void
test_work_limit(void **state)
{
	enum { N = 30 };
	char namebuf[N][16], textbuf[N][48];
	const char *names[N + 1], *texts[N];
	struct plist pl = { names, texts };
	struct diag d;
	char *s;

	(void)state;
	for (int i = 0; i < N; i++) {
		snprintf(namebuf[i], sizeof namebuf[i], "p%d", i);
		if (i + 1 < N)
			snprintf(textbuf[i], sizeof textbuf[i],
			    "{{>p%d}}{{>p%d}}", i + 1, i + 1);
		else
			snprintf(textbuf[i], sizeof textbuf[i], "x");
		names[i] = namebuf[i];
		texts[i] = textbuf[i];
	}
	names[N] = NULL;
	s = render("{{>p0}}", NULL, &pl, MUSTACHE_ESCAPE_HTML, &d);
	assert_null(s);
	assert_non_null(strstr(d.msg, "steps"));
}

static void
test_nesting_limit(void **state)
{
	struct buf t = BUF_INIT;
	struct diag d;
	char *s;

	(void)state;
	for (int i = 0; i < MUSTACHE_MAX_NESTING; i++)
		buf_adds(&t, "{{#a}}");
	for (int i = 0; i < MUSTACHE_MAX_NESTING; i++)
		buf_adds(&t, "{{/a}}");
	s = render(t.p, NULL, NULL, MUSTACHE_ESCAPE_HTML, &d);
	assert_non_null(s);
	free(s);
	buf_reset(&t);
	for (int i = 0; i <= MUSTACHE_MAX_NESTING; i++)
		buf_adds(&t, "{{^a}}\n");
	s = render(t.p, NULL, NULL, MUSTACHE_ESCAPE_HTML, &d);
	assert_null(s);
	assert_int_equal(d.line, MUSTACHE_MAX_NESTING + 1);
	assert_non_null(strstr(d.msg, "nested"));
	buf_free(&t);
}

static void
test_escape_none(void **state)
{
	struct tval *v = tval_map();

	(void)state;
	tval_set_str(v, "x", "Fish & <chips> \"now\" 'ok'");
	expect_output("{{x}}|{{{x}}}|{{&x}}", v, NULL, MUSTACHE_ESCAPE_NONE,
	    "Fish & <chips> \"now\" 'ok'|Fish & <chips> \"now\" 'ok'|"
	    "Fish & <chips> \"now\" 'ok'");
	expect_output("{{x}}|{{{x}}}", v, NULL, MUSTACHE_ESCAPE_HTML,
	    "Fish &amp; &lt;chips&gt; &quot;now&quot; 'ok'|"
	    "Fish & <chips> \"now\" 'ok'");
	tval_free(v);
}

static void
expect_num(double x, const char *want)
{
	struct tval *v = tval_map();

	tval_set(v, "n", tval_num(x));
	expect_output("{{n}}", v, NULL, MUSTACHE_ESCAPE_HTML, want);
	tval_free(v);
}

static void
test_numbers(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	char s[32];

	(void)state;
	expect_num(0, "0");
	expect_num(-0.0, "0");
	expect_num(42, "42");
	expect_num(-7, "-7");
	expect_num(1.21, "1.21");
	expect_num(1.210, "1.21");
	expect_num(0.1, "0.1");
	expect_num(-2.5, "-2.5");
	expect_num(1.0 / 3.0, "0.3333333333333333");
	expect_num(123456789012.0, "123456789012");
	expect_num(1e20, "1e+20");
	expect_num(1e-7, "1e-07");
	/* Any double prints in a form that reads back to itself, and no
	 * longer than it must be. */
	for (int i = 0; i < 20000; i++) {
		double x;
		uint64_t bits;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		bits = seed;
		memcpy(&x, &bits, sizeof x);
		if (x != x || x - x != 0)
			continue;
		mustache_fmt_num(x, s, sizeof s);
		assert_true(strtod(s, NULL) == x);
		assert_null(strchr(s, ' '));
	}
	/* Doubles from short decimals come back as those decimals. */
	for (int i = 1; i < 2000; i++) {
		char want[32];

		snprintf(want, sizeof want, "%d.%02d", i / 7, i % 100);
		if (want[strlen(want) - 1] == '0')
			continue;
		mustache_fmt_num(strtod(want, NULL), s, sizeof s);
		assert_string_equal(s, want);
	}
}

static void
test_truthiness(void **state)
{
	struct tval *v = tval_map();

	(void)state;
	tval_set_str(v, "empty", "");
	tval_set_int(v, "zero", 0);
	tval_set_map(v, "map");
	tval_set_list(v, "list");
	tval_set_bool(v, "no", 0);
	tval_set(v, "nil", tval_new(TV_NULL));
	expect_output("{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}"
	    "{{#map}}M{{/map}}{{#list}}L{{/list}}{{#no}}N{{/no}}"
	    "{{#nil}}U{{/nil}}{{#missing}}X{{/missing}}", v, NULL,
	    MUSTACHE_ESCAPE_HTML, "EZM");
	expect_output("{{^empty}}E{{/empty}}{{^zero}}Z{{/zero}}"
	    "{{^map}}M{{/map}}{{^list}}L{{/list}}{{^no}}N{{/no}}"
	    "{{^nil}}U{{/nil}}{{^missing}}X{{/missing}}", v, NULL,
	    MUSTACHE_ESCAPE_HTML, "LNUX");
	expect_output("[{{no}}][{{zero}}][{{map}}][{{list}}][{{nil}}]", v, NULL,
	    MUSTACHE_ESCAPE_HTML, "[false][0][][][]");
	tval_free(v);
	/* No data at all: everything misses, nothing crashes. */
	expect_output("a{{x}}{{#y}}b{{/y}}{{^y}}c{{/y}}{{.}}", NULL, NULL,
	    MUSTACHE_ESCAPE_HTML, "ac");
}

static void
test_partial_indent(void **state)
{
	const char *names[] = { "box", NULL };
	const char *texts[] = { "+--+\n\n|{{x}}|\n+--+\n" };
	struct plist pl = { names, texts };
	struct tval *v = tval_map();

	(void)state;
	tval_set_str(v, "x", "a\nb");
	/* Empty partial lines stay empty so mail gets no trailing blanks. */
	expect_output("top\n\t  {{>box}}\nend", v, &pl, MUSTACHE_ESCAPE_NONE,
	    "top\n\t  +--+\n\n\t  |a\nb|\n\t  +--+\nend");
	tval_free(v);
}

/* A long template parses in linear time (a report of many lines must not
 * take minutes), and the line numbers stay right at its far end. */
static void
test_long_template(void **state)
{
	enum { LINES = 20000 };
	struct buf t = BUF_INIT;
	struct tval *v = tval_map();
	clock_t t0 = clock();
	struct diag d;
	char *s;

	(void)state;
	tval_set_bool(v, "a", 1);
	for (int i = 0; i < LINES; i++)
		buf_adds(&t, "{{#a}}x{{/a}}{{^a}}y{{/a}}\n");
	s = render(t.p, v, NULL, MUSTACHE_ESCAPE_HTML, &d);
	assert_non_null(s);
	assert_int_equal(strlen(s), 2 * LINES);
	free(s);
	buf_adds(&t, "{{#a}}\n{{/b}}\n");
	s = render(t.p, v, NULL, MUSTACHE_ESCAPE_HTML, &d);
	assert_null(s);
	assert_int_equal(d.line, LINES + 2);
	assert_non_null(strstr(d.msg, "from line 20001"));
	assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 10.0);
	buf_free(&t);
	tval_free(v);
}

/* Random templates made of tag pieces: each must render or fail with a
 * message; ASan and UBSan watch for reads past the end. */
static void
test_garbage(void **state)
{
	static const char *pieces[] = {
		"{{", "}}", "{", "}", "#", "^", "/", "!", ">", "&", "=", " ",
		"\n", "\r\n", "a", "b", ".", "p", "{{=", "=}}", "<%", "%>",
		"{{#a}}", "{{/a}}", "{{>p}}", "{{{", "}}}", "\t", "x.y",
	};
	const char *names[] = { "p", NULL };
	char ptext[64];
	const char *texts[] = { ptext };
	struct plist pl = { names, texts };
	struct tval *v = tval_map();
	uint32_t seed = 12345;

	(void)state;
	tval_set_list(v, "a");
	tval_push_str(tval_get(v, "a"), "one");
	tval_set_str(v, "b", "<b>");
	tval_set_map(v, "x");
	tval_set_int(tval_get(v, "x"), "y", 3);
	for (int round = 0; round < 20000; round++) {
		struct buf t = BUF_INIT, out = BUF_INIT;
		struct diag d;
		int n, rc;

		seed = seed * 1103515245 + 12345;
		n = (int)(seed >> 16) % 24;
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			buf_adds(&t, pieces[(seed >> 16) %
			    (sizeof pieces / sizeof pieces[0])]);
		}
		buf_addc(&t, '\0');
		t.len--;
		/* The partial is a prefix of the template itself. */
		snprintf(ptext, sizeof ptext, "%.*s", (int)(t.len / 2), t.p);
		diag_clear(&d);
		rc = mustache_render(t.p, v, &(struct mustache_partials){
		    plist_get, &pl, NULL }, MUSTACHE_ESCAPE_HTML, &out, &d);
		assert_true(rc == 0 || rc == -1);
		if (rc == -1)
			assert_true(d.msg[0] != '\0');
		buf_free(&t);
		buf_free(&out);
	}
	tval_free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_keeps_output),
		cmocka_unit_test(test_partial_depth),
		cmocka_unit_test(test_deepest),
		cmocka_unit_test(test_work_limit),
		cmocka_unit_test(test_nesting_limit),
		cmocka_unit_test(test_escape_none),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_truthiness),
		cmocka_unit_test(test_partial_indent),
		cmocka_unit_test(test_long_template),
		cmocka_unit_test(test_garbage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
