/* jsonlib: json-glib, opened by the first view written as JSON.
 *
 * Linked, json-glib brought GIO and its libraries into every run of azalai:
 * their relocation was a third of what an idle "azalai run" still spent
 * before main (issue 16, P2). viewjson.c includes this after
 * <json-glib/json-glib.h>; its calls go through the pointers jsonlib_load
 * fills. */
#ifndef AZ_JSONLIB_H
#define AZ_JSONLIB_H

#include <json-glib/json-glib.h>

#include "core/diag.h"

#define JSONLIB_FUNCS(F) \
	F(json_builder_add_boolean_value) \
	F(json_builder_add_double_value) \
	F(json_builder_add_int_value) \
	F(json_builder_add_null_value) \
	F(json_builder_add_string_value) \
	F(json_builder_begin_array) \
	F(json_builder_begin_object) \
	F(json_builder_end_array) \
	F(json_builder_end_object) \
	F(json_builder_get_root) \
	F(json_builder_new) \
	F(json_builder_set_member_name) \
	F(json_generator_new) \
	F(json_generator_set_indent) \
	F(json_generator_set_pretty) \
	F(json_generator_set_root) \
	F(json_generator_to_data) \
	F(json_node_unref)

#define JSONLIB_MEMBER(name) __typeof__(name) *name;
struct jsonlib {
	JSONLIB_FUNCS(JSONLIB_MEMBER)
};
#undef JSONLIB_MEMBER

extern struct jsonlib jsonlib_fns;

/* Opens json-glib once; -1 and a diag when it cannot be. */
int jsonlib_load(struct diag *);

#ifndef JSONLIB_NO_REDIRECT
#define json_builder_add_boolean_value (jsonlib_fns.json_builder_add_boolean_value)
#define json_builder_add_double_value (jsonlib_fns.json_builder_add_double_value)
#define json_builder_add_int_value (jsonlib_fns.json_builder_add_int_value)
#define json_builder_add_null_value (jsonlib_fns.json_builder_add_null_value)
#define json_builder_add_string_value (jsonlib_fns.json_builder_add_string_value)
#define json_builder_begin_array (jsonlib_fns.json_builder_begin_array)
#define json_builder_begin_object (jsonlib_fns.json_builder_begin_object)
#define json_builder_end_array (jsonlib_fns.json_builder_end_array)
#define json_builder_end_object (jsonlib_fns.json_builder_end_object)
#define json_builder_get_root (jsonlib_fns.json_builder_get_root)
#define json_builder_new (jsonlib_fns.json_builder_new)
#define json_builder_set_member_name (jsonlib_fns.json_builder_set_member_name)
#define json_generator_new (jsonlib_fns.json_generator_new)
#define json_generator_set_indent (jsonlib_fns.json_generator_set_indent)
#define json_generator_set_pretty (jsonlib_fns.json_generator_set_pretty)
#define json_generator_set_root (jsonlib_fns.json_generator_set_root)
#define json_generator_to_data (jsonlib_fns.json_generator_to_data)
#define json_node_unref (jsonlib_fns.json_node_unref)
#endif

#endif
