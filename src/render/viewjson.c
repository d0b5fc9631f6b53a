#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "core/msg.h"
#include "games/game.h"
#include "render/viewjson.h"

struct json_out {
	JsonBuilder *jb;
	const char *lang;
	struct diag *d;
};

/* Every string value passes through here on its way out: the one place
 * where a string of the view becomes what the reader reads, an engine
 * message in the reader's language as the templates render it. where names
 * the key for the error when the text is not UTF-8. */
static int
json_text(struct json_out *o, const char *s, const char *where)
{
	char *said = NULL;
	int rc = 0;

	if (s == NULL)
		s = "";
	if (msg_is_encoded(s))
		s = said = msg_text(o->lang, s);
	if (g_utf8_validate(s, -1, NULL))
		json_builder_add_string_value(o->jb, s);
	else
		rc = diag_set(o->d, 0, "the view's %s is not UTF-8", where);
	free(said);
	return rc;
}

static int
add_value(struct json_out *o, const struct tval *v, const char *where)
{
	JsonBuilder *jb = o->jb;

	switch (v->type) {
	case TV_NULL:
		json_builder_add_null_value(jb);
		break;
	case TV_BOOL:
		json_builder_add_boolean_value(jb, v->b != 0);
		break;
	case TV_NUM:
		/* Counts, steps and scores are whole: written without a fraction. */
		if (isfinite(v->num) && v->num == floor(v->num) && fabs(v->num) < 9e15)
			json_builder_add_int_value(jb, (gint64)v->num);
		else if (isfinite(v->num))
			json_builder_add_double_value(jb, v->num);
		else
			json_builder_add_null_value(jb);
		break;
	case TV_STR:
		if (json_text(o, v->str, where) < 0)
			return -1;
		break;
	case TV_LIST:
		json_builder_begin_array(jb);
		for (size_t i = 0; i < v->n; i++)
			if (add_value(o, v->items[i], where) < 0)
				return -1;
		json_builder_end_array(jb);
		break;
	case TV_MAP:
		json_builder_begin_object(jb);
		for (size_t i = 0; i < v->n; i++) {
			json_builder_set_member_name(jb, v->keys[i]);
			if (add_value(o, v->items[i], v->keys[i]) < 0)
				return -1;
		}
		json_builder_end_object(jb);
		break;
	}
	return 0;
}

int
view_json(const char *game_rules_name, const char *game_name, long long step, int viewer,
    const struct tval *view, int pretty, struct buf *out, struct diag *d)
{
	return view_json_lang("en", game_rules_name, game_name, step, viewer, view, pretty,
	    out, d);
}

int
view_json_lang(const char *lang, const char *game_rules_name, const char *game_name,
    long long step, int viewer, const struct tval *view, int pretty, struct buf *out,
    struct diag *d)
{
	JsonBuilder *jb;
	struct json_out o = { NULL, lang, d };
	JsonGenerator *gen;
	JsonNode *root;

	jb = o.jb = json_builder_new();
	gchar *text;
	gsize len;
	int rc;

	json_builder_begin_object(jb);
	json_builder_set_member_name(jb, "schema");
	rc = json_text(&o, "azalai-view", "schema");
	json_builder_set_member_name(jb, "version");
	json_builder_add_int_value(jb, VIEW_JSON_VERSION);
	json_builder_set_member_name(jb, "rules");
	if (rc == 0)
		rc = json_text(&o, game_rules_name, "rules");
	json_builder_set_member_name(jb, "game");
	if (rc == 0)
		rc = json_text(&o, game_name, "game");
	json_builder_set_member_name(jb, "step");
	json_builder_add_int_value(jb, step);
	json_builder_set_member_name(jb, "viewer");
	/* Once the game is over or ended (the view reveals its seed) a view
	 * without a seat is of everything: "all", as the doc promises. A seat
	 * keeps its index, which a program needs to know itself. */
	if (viewer == -1 && view != NULL && tval_get(view, "reveal") != NULL)
		viewer = VIEW_ALL;
	if (viewer >= 0)
		json_builder_add_int_value(jb, viewer);
	else if (rc == 0)
		rc = json_text(&o, viewer == VIEW_ALL ? "all" : "observer", "viewer");
	json_builder_set_member_name(jb, "view");
	if (rc == 0)
		rc = add_value(&o, view, "view");
	if (rc < 0) {
		g_object_unref(jb);
		return -1;
	}
	json_builder_end_object(jb);

	root = json_builder_get_root(jb);
	gen = json_generator_new();
	json_generator_set_pretty(gen, pretty != 0);
	json_generator_set_indent(gen, 2);
	json_generator_set_root(gen, root);
	text = json_generator_to_data(gen, &len);
	buf_add(out, text, len);
	buf_addc(out, '\n');
	g_free(text);
	g_object_unref(gen);
	json_node_unref(root);
	g_object_unref(jb);
	return 0;
}
