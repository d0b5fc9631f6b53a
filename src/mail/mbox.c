/* mbox: GMime's mbox parser finds the boundaries; we only hand out the
 * offsets, since the ledger stores each message's own bytes. */
#include <gmime/gmime.h>

#include "mail/mailmsg.h"
#include "mail/mbox.h"

int
mbox_split(const char *raw, size_t len,
    int (*each)(void *arg, size_t begin, size_t end), void *arg)
{
	GMimeStream *stream;
	GMimeParser *parser;
	int rc = 0;

	mailmsg_global_init();
	stream = g_mime_stream_mem_new_with_buffer(raw, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MBOX);
	while (rc == 0 && !g_mime_parser_eos(parser)) {
		GMimeMessage *m = g_mime_parser_construct_message(parser, NULL);
		gint64 begin, end;

		if (m == NULL)
			break;
		begin = g_mime_parser_get_headers_begin(parser);
		end = g_mime_parser_tell(parser);
		g_object_unref(m);
		if (begin < 0 || end <= begin)
			continue;
		rc = each(arg, (size_t)begin, (size_t)end);
	}
	g_object_unref(parser);
	g_object_unref(stream);
	return rc;
}
