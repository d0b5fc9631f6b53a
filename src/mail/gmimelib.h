/* gmimelib: GMime, opened by the first mail read or written.
 *
 * Linked, GMime (with GIO, GPGME and their libraries) cost every run of
 * azalai some 4.5 million instructions of relocation before main, half of
 * an idle "azalai run" that reads and writes no mail (issue 16, P2).
 * gmimelib_init opens it; the files that call GMime include this
 * after <gmime/gmime.h>, and their calls go through the pointers
 * gmimelib_load fills. (The list: the GMime symbols those files use, as
 * "nm -u" shows them; a new call to GMime is added here, or the build
 * fails to link.) */
#ifndef AZ_GMIMELIB_H
#define AZ_GMIMELIB_H

#include <gmime/gmime.h>

#include "core/diag.h"

#define GMIMELIB_FUNCS(F) \
	F(g_mime_charset_canon_name) \
	F(g_mime_content_type_is_type) \
	F(g_mime_content_type_set_parameter) \
	F(g_mime_data_wrapper_new_with_stream) \
	F(g_mime_data_wrapper_write_to_stream) \
	F(g_mime_encoding_base64_decode_step) \
	F(g_mime_header_get_raw_name) \
	F(g_mime_header_get_raw_value) \
	F(g_mime_header_list_get_count) \
	F(g_mime_header_list_get_header) \
	F(g_mime_header_list_get_header_at) \
	F(g_mime_iconv_close) \
	F(g_mime_iconv_open) \
	F(g_mime_init) \
	F(g_mime_message_add_mailbox) \
	F(g_mime_message_get_message_id) \
	F(g_mime_message_get_mime_part) \
	F(g_mime_message_new) \
	F(g_mime_message_part_get_message) \
	F(g_mime_message_part_get_type) \
	F(g_mime_message_set_date) \
	F(g_mime_message_set_message_id) \
	F(g_mime_message_set_mime_part) \
	F(g_mime_message_set_subject) \
	F(g_mime_multipart_add) \
	F(g_mime_multipart_get_count) \
	F(g_mime_multipart_get_part) \
	F(g_mime_multipart_get_type) \
	F(g_mime_multipart_new_with_subtype) \
	F(g_mime_multipart_set_boundary) \
	F(g_mime_object_get_content_type) \
	F(g_mime_object_get_content_type_parameter) \
	F(g_mime_object_get_header) \
	F(g_mime_object_get_header_list) \
	F(g_mime_object_get_type) \
	F(g_mime_object_set_disposition) \
	F(g_mime_object_set_header) \
	F(g_mime_object_to_string) \
	F(g_mime_parser_construct_message) \
	F(g_mime_parser_construct_part) \
	F(g_mime_parser_eos) \
	F(g_mime_parser_get_headers_begin) \
	F(g_mime_parser_new_with_stream) \
	F(g_mime_parser_options_new) \
	F(g_mime_parser_options_set_fallback_charsets) \
	F(g_mime_parser_set_format) \
	F(g_mime_parser_tell) \
	F(g_mime_part_get_best_content_encoding) \
	F(g_mime_part_get_content) \
	F(g_mime_part_get_filename) \
	F(g_mime_part_get_type) \
	F(g_mime_part_is_attachment) \
	F(g_mime_part_new_with_type) \
	F(g_mime_part_set_content) \
	F(g_mime_part_set_content_encoding) \
	F(g_mime_part_set_content_id) \
	F(g_mime_part_set_filename) \
	F(g_mime_references_free) \
	F(g_mime_references_get_message_id) \
	F(g_mime_references_length) \
	F(g_mime_references_parse) \
	F(g_mime_stream_mem_get_byte_array) \
	F(g_mime_stream_mem_get_type) \
	F(g_mime_stream_mem_new) \
	F(g_mime_stream_mem_new_with_buffer) \
	F(g_mime_text_part_new_with_subtype) \
	F(g_mime_text_part_set_text) \
	F(g_mime_utils_decode_message_id) \
	F(g_mime_utils_header_decode_date) \
	F(g_mime_utils_header_decode_text) \
	F(g_mime_utils_header_unfold) \
	F(internet_address_get_name) \
	F(internet_address_get_type) \
	F(internet_address_group_get_members) \
	F(internet_address_group_get_type) \
	F(internet_address_list_get_address) \
	F(internet_address_list_length) \
	F(internet_address_list_parse) \
	F(internet_address_mailbox_get_addr) \
	F(internet_address_mailbox_get_idn_addr) \
	F(internet_address_mailbox_get_type)

#define GMIMELIB_MEMBER(name) __typeof__(name) *name;
struct gmimelib {
	GMIMELIB_FUNCS(GMIMELIB_MEMBER)
};
#undef GMIMELIB_MEMBER

extern struct gmimelib gmimelib_fns;

/* Opens GMime once; -1 and a diag when it cannot be. */
int gmimelib_load(struct diag *);
/* Opens GMime and starts it (g_mime_init), once; safe from any thread. An
 * azalai without GMime exits here (EX_SOFTWARE). */
void gmimelib_init(void);

#ifndef GMIMELIB_NO_REDIRECT
#define g_mime_charset_canon_name (gmimelib_fns.g_mime_charset_canon_name)
#define g_mime_content_type_is_type (gmimelib_fns.g_mime_content_type_is_type)
#define g_mime_content_type_set_parameter (gmimelib_fns.g_mime_content_type_set_parameter)
#define g_mime_data_wrapper_new_with_stream (gmimelib_fns.g_mime_data_wrapper_new_with_stream)
#define g_mime_data_wrapper_write_to_stream (gmimelib_fns.g_mime_data_wrapper_write_to_stream)
#define g_mime_encoding_base64_decode_step (gmimelib_fns.g_mime_encoding_base64_decode_step)
#define g_mime_header_get_raw_name (gmimelib_fns.g_mime_header_get_raw_name)
#define g_mime_header_get_raw_value (gmimelib_fns.g_mime_header_get_raw_value)
#define g_mime_header_list_get_count (gmimelib_fns.g_mime_header_list_get_count)
#define g_mime_header_list_get_header (gmimelib_fns.g_mime_header_list_get_header)
#define g_mime_header_list_get_header_at (gmimelib_fns.g_mime_header_list_get_header_at)
#define g_mime_iconv_close (gmimelib_fns.g_mime_iconv_close)
#define g_mime_iconv_open (gmimelib_fns.g_mime_iconv_open)
#define g_mime_init (gmimelib_fns.g_mime_init)
#define g_mime_message_add_mailbox (gmimelib_fns.g_mime_message_add_mailbox)
#define g_mime_message_get_message_id (gmimelib_fns.g_mime_message_get_message_id)
#define g_mime_message_get_mime_part (gmimelib_fns.g_mime_message_get_mime_part)
#define g_mime_message_new (gmimelib_fns.g_mime_message_new)
#define g_mime_message_part_get_message (gmimelib_fns.g_mime_message_part_get_message)
#define g_mime_message_part_get_type (gmimelib_fns.g_mime_message_part_get_type)
#define g_mime_message_set_date (gmimelib_fns.g_mime_message_set_date)
#define g_mime_message_set_message_id (gmimelib_fns.g_mime_message_set_message_id)
#define g_mime_message_set_mime_part (gmimelib_fns.g_mime_message_set_mime_part)
#define g_mime_message_set_subject (gmimelib_fns.g_mime_message_set_subject)
#define g_mime_multipart_add (gmimelib_fns.g_mime_multipart_add)
#define g_mime_multipart_get_count (gmimelib_fns.g_mime_multipart_get_count)
#define g_mime_multipart_get_part (gmimelib_fns.g_mime_multipart_get_part)
#define g_mime_multipart_get_type (gmimelib_fns.g_mime_multipart_get_type)
#define g_mime_multipart_new_with_subtype (gmimelib_fns.g_mime_multipart_new_with_subtype)
#define g_mime_multipart_set_boundary (gmimelib_fns.g_mime_multipart_set_boundary)
#define g_mime_object_get_content_type (gmimelib_fns.g_mime_object_get_content_type)
#define g_mime_object_get_content_type_parameter \
	(gmimelib_fns.g_mime_object_get_content_type_parameter)
#define g_mime_object_get_header (gmimelib_fns.g_mime_object_get_header)
#define g_mime_object_get_header_list (gmimelib_fns.g_mime_object_get_header_list)
#define g_mime_object_get_type (gmimelib_fns.g_mime_object_get_type)
#define g_mime_object_set_disposition (gmimelib_fns.g_mime_object_set_disposition)
#define g_mime_object_set_header (gmimelib_fns.g_mime_object_set_header)
#define g_mime_object_to_string (gmimelib_fns.g_mime_object_to_string)
#define g_mime_parser_construct_message (gmimelib_fns.g_mime_parser_construct_message)
#define g_mime_parser_construct_part (gmimelib_fns.g_mime_parser_construct_part)
#define g_mime_parser_eos (gmimelib_fns.g_mime_parser_eos)
#define g_mime_parser_get_headers_begin (gmimelib_fns.g_mime_parser_get_headers_begin)
#define g_mime_parser_new_with_stream (gmimelib_fns.g_mime_parser_new_with_stream)
#define g_mime_parser_options_new (gmimelib_fns.g_mime_parser_options_new)
#define g_mime_parser_options_set_fallback_charsets \
	(gmimelib_fns.g_mime_parser_options_set_fallback_charsets)
#define g_mime_parser_set_format (gmimelib_fns.g_mime_parser_set_format)
#define g_mime_parser_tell (gmimelib_fns.g_mime_parser_tell)
#define g_mime_part_get_best_content_encoding (gmimelib_fns.g_mime_part_get_best_content_encoding)
#define g_mime_part_get_content (gmimelib_fns.g_mime_part_get_content)
#define g_mime_part_get_filename (gmimelib_fns.g_mime_part_get_filename)
#define g_mime_part_get_type (gmimelib_fns.g_mime_part_get_type)
#define g_mime_part_is_attachment (gmimelib_fns.g_mime_part_is_attachment)
#define g_mime_part_new_with_type (gmimelib_fns.g_mime_part_new_with_type)
#define g_mime_part_set_content (gmimelib_fns.g_mime_part_set_content)
#define g_mime_part_set_content_encoding (gmimelib_fns.g_mime_part_set_content_encoding)
#define g_mime_part_set_content_id (gmimelib_fns.g_mime_part_set_content_id)
#define g_mime_part_set_filename (gmimelib_fns.g_mime_part_set_filename)
#define g_mime_references_free (gmimelib_fns.g_mime_references_free)
#define g_mime_references_get_message_id (gmimelib_fns.g_mime_references_get_message_id)
#define g_mime_references_length (gmimelib_fns.g_mime_references_length)
#define g_mime_references_parse (gmimelib_fns.g_mime_references_parse)
#define g_mime_stream_mem_get_byte_array (gmimelib_fns.g_mime_stream_mem_get_byte_array)
#define g_mime_stream_mem_get_type (gmimelib_fns.g_mime_stream_mem_get_type)
#define g_mime_stream_mem_new (gmimelib_fns.g_mime_stream_mem_new)
#define g_mime_stream_mem_new_with_buffer (gmimelib_fns.g_mime_stream_mem_new_with_buffer)
#define g_mime_text_part_new_with_subtype (gmimelib_fns.g_mime_text_part_new_with_subtype)
#define g_mime_text_part_set_text (gmimelib_fns.g_mime_text_part_set_text)
#define g_mime_utils_decode_message_id (gmimelib_fns.g_mime_utils_decode_message_id)
#define g_mime_utils_header_decode_date (gmimelib_fns.g_mime_utils_header_decode_date)
#define g_mime_utils_header_decode_text (gmimelib_fns.g_mime_utils_header_decode_text)
#define g_mime_utils_header_unfold (gmimelib_fns.g_mime_utils_header_unfold)
#define internet_address_get_name (gmimelib_fns.internet_address_get_name)
#define internet_address_get_type (gmimelib_fns.internet_address_get_type)
#define internet_address_group_get_members (gmimelib_fns.internet_address_group_get_members)
#define internet_address_group_get_type (gmimelib_fns.internet_address_group_get_type)
#define internet_address_list_get_address (gmimelib_fns.internet_address_list_get_address)
#define internet_address_list_length (gmimelib_fns.internet_address_list_length)
#define internet_address_list_parse (gmimelib_fns.internet_address_list_parse)
#define internet_address_mailbox_get_addr (gmimelib_fns.internet_address_mailbox_get_addr)
#define internet_address_mailbox_get_idn_addr \
	(gmimelib_fns.internet_address_mailbox_get_idn_addr)
#define internet_address_mailbox_get_type (gmimelib_fns.internet_address_mailbox_get_type)
#endif

#endif
