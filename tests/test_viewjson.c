/* view_json: the value tree as JSON, types kept (lists stay lists, numbers
 * numbers, booleans booleans), every string valid JSON whatever bytes it
 * holds, and a string that is not UTF-8 refused rather than sent broken. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "games/game.h"
#include "core/msg.h"
#include "render/viewjson.h"

static JsonNode *
parse(const char *text)
{
	JsonParser *p = json_parser_new();
	JsonNode *n;
	GError *err = NULL;

	if (!json_parser_load_from_data(p, text, -1, &err))
		fail_msg("not JSON (%s):\n%s", err->message, text);
	n = json_node_copy(json_parser_get_root(p));
	g_object_unref(p);
	return n;
}

static void
test_types_kept(void **state)
{
	struct tval *v = tval_map(), *l, *m;
	struct buf b = BUF_INIT;
	struct diag d;
	JsonNode *root;
	JsonObject *o, *view;
	JsonArray *a;

	(void)state;
	tval_set_int(v, "n", 42);
	tval_set(v, "half", tval_num(2.5));
	tval_set_bool(v, "yes", 1);
	tval_set(v, "none", tval_new(TV_NULL));
	tval_set_str(v, "s", "quote \" backslash \\ tab \t nl \n \001msg \302\261");
	l = tval_set_list(v, "list");
	tval_push_str(l, "a");
	m = tval_push_map(l);
	tval_set_int(m, "neg", -3);
	tval_set_list(v, "empty");
	assert_int_equal(view_json("targi", "t-1", 7, VIEW_ALL, v, 1, &b, &d), 0);
	assert_int_equal(b.p[b.len - 1], '\n');
	root = parse(b.p);
	o = json_node_get_object(root);
	assert_string_equal(json_object_get_string_member(o, "schema"), "azalai-view");
	assert_int_equal(json_object_get_int_member(o, "version"), VIEW_JSON_VERSION);
	assert_string_equal(json_object_get_string_member(o, "rules"), "targi");
	assert_string_equal(json_object_get_string_member(o, "game"), "t-1");
	assert_int_equal(json_object_get_int_member(o, "step"), 7);
	assert_string_equal(json_object_get_string_member(o, "viewer"), "all");
	view = json_object_get_object_member(o, "view");
	assert_int_equal(json_node_get_value_type(json_object_get_member(view, "n")),
	    G_TYPE_INT64);
	assert_int_equal(json_object_get_int_member(view, "n"), 42);
	assert_true(json_object_get_double_member(view, "half") == 2.5);
	assert_int_equal(json_node_get_value_type(json_object_get_member(view, "yes")),
	    G_TYPE_BOOLEAN);
	assert_true(json_object_get_null_member(view, "none"));
	assert_string_equal(json_object_get_string_member(view, "s"),
	    "quote \" backslash \\ tab \t nl \n \001msg \302\261");
	a = json_object_get_array_member(view, "list");
	assert_int_equal(json_array_get_length(a), 2);
	assert_string_equal(json_array_get_string_element(a, 0), "a");
	assert_int_equal(json_object_get_int_member(json_array_get_object_element(a, 1),
	    "neg"), -3);
	assert_int_equal(json_array_get_length(json_object_get_array_member(view, "empty")),
	    0);
	json_node_unref(root);
	buf_free(&b);

	/* Compact for a seat; the seat is its index. */
	assert_int_equal(view_json("targi", "t-1", 7, 1, v, 0, &b, &d), 0);
	assert_ptr_equal(strchr(b.p, '\n'), b.p + b.len - 1);
	root = parse(b.p);
	assert_int_equal(json_object_get_int_member(json_node_get_object(root), "viewer"), 1);
	json_node_unref(root);
	buf_free(&b);
	assert_int_equal(view_json("targi", "t-1", 7, -1, v, 0, &b, &d), 0);
	assert_non_null(strstr(b.p, "\"viewer\":\"observer\""));
	buf_free(&b);
	/* Once the view reveals the seed the game is over: a seatless view is
	 * of everything, and says so; a seat keeps its index. */
	tval_set_map(v, "reveal");
	assert_int_equal(view_json("targi", "t-1", 7, -1, v, 0, &b, &d), 0);
	assert_non_null(strstr(b.p, "\"viewer\":\"all\""));
	buf_free(&b);
	assert_int_equal(view_json("targi", "t-1", 7, 1, v, 0, &b, &d), 0);
	assert_non_null(strstr(b.p, "\"viewer\":1"));
	buf_free(&b);
	tval_free(v);
}

/* A string that holds an engine's message is written as the reader reads
 * it, as the templates do; never the encoding. */
static void
test_messages_rendered(void **state)
{
	struct tval *v = tval_map();
	struct buf b = BUF_INIT;
	struct diag d;
	char m[256];

	(void)state;
	msg_fmt(m, sizeof m, "%s places a Targi on %d.", "north", 5);
	tval_set_str(v, "what", m);
	tval_push_str(tval_set_list(v, "lines"), m);
	assert_int_equal(view_json_lang("en", "targi", "t-1", 3, 0, v, 0, &b, &d), 0);
	assert_null(memchr(b.p, '\001', b.len));
	assert_null(strstr(b.p, "\\u0001"));
	assert_non_null(strstr(b.p, "\"what\":\"north places a Targi on 5.\""));
	assert_non_null(strstr(b.p, "\"lines\":[\"north places a Targi on 5.\"]"));
	buf_free(&b);
	tval_free(v);
}

static void
test_not_utf8_refused(void **state)
{
	struct tval *v = tval_map();
	struct buf b = BUF_INIT;
	struct diag d;

	(void)state;
	tval_set_str(tval_push_map(tval_set_list(v, "news")), "text", "caf\351");
	diag_clear(&d);
	assert_int_equal(view_json("targi", "t-1", 7, 0, v, 0, &b, &d), -1);
	assert_string_equal(d.msg, "the view's text is not UTF-8");
	buf_free(&b);
	tval_free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_types_kept),
		cmocka_unit_test(test_messages_rendered),
		cmocka_unit_test(test_not_utf8_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
