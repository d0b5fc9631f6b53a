/* mbox is read, never written: we remember how far we got (offset, and a
 * hash of what lies before it, so a rewritten file is read again from the
 * start) and GMime finds the message boundaries. */
#include <errno.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "ingest.h"
#include "log.h"
#include "mailmsg.h"

static long long
resume_offset(struct ledger *l, const char *key, const char *raw, size_t len)
{
	sqlite3_stmt *st = ledger_prep(l, "SELECT value FROM mailbox_state WHERE mailbox = ?");
	long long off = 0;
	char hash[HASH_HEX], want[HASH_HEX] = "";

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		sscanf(col_text(st, 0), "%lld %64s", &off, want);
	sqlite3_finalize(st);
	if (off <= 0 || (size_t)off > len)
		return 0;
	sha256_hex(raw, (size_t)off, hash);
	return strcmp(hash, want) == 0 ? off : 0;
}

static void
save_offset(struct ledger *l, const char *key, const char *raw, size_t off)
{
	sqlite3_stmt *st = ledger_prep(l, "INSERT INTO mailbox_state (mailbox, value) "
	    "VALUES (?, ?) ON CONFLICT(mailbox) DO UPDATE SET value = excluded.value");
	char hash[HASH_HEX], val[128];

	sha256_hex(raw, off, hash);
	snprintf(val, sizeof val, "%zu %s", off, hash);
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, val, -1, SQLITE_STATIC);
	ledger_done(l, st, NULL);
}

int
ingest_mbox(struct ledger *l, const char *path, struct ingest_stats *s, struct diag *d)
{
	char *raw, key[1100], ref[32];
	size_t len;
	long long start;
	GMimeStream *stream;
	GMimeParser *parser;

	if (fs_read(path, &raw, &len) < 0)
		return diag_set(d, 0, "cannot read mbox %s: %s", path, strerror(errno));
	mailmsg_global_init();
	snprintf(key, sizeof key, "mbox:%s", path);
	start = resume_offset(l, key, raw, len);
	stream = g_mime_stream_mem_new_with_buffer(raw + start, len - (size_t)start);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MBOX);
	while (!g_mime_parser_eos(parser)) {
		GMimeMessage *m = g_mime_parser_construct_message(parser, NULL);
		gint64 begin, end;
		int rc;

		if (m == NULL)
			break;
		begin = g_mime_parser_get_headers_begin(parser);
		end = g_mime_parser_tell(parser);
		g_object_unref(m);
		if (begin < 0 || end <= begin)
			continue;
		snprintf(ref, sizeof ref, "%lld", start + (long long)begin);
		rc = ingest_store(l, "mbox", ref, raw + start + begin, (size_t)(end - begin),
		    NULL, d);
		if (rc < 0) {
			s->failed++;
			log_error("mbox %s: cannot store the message at %s: %s", path, ref,
			    d->msg);
			/* Stop here so the next run starts at this message again. */
			break;
		}
		if (rc > 0)
			s->taken++;
		else
			s->duplicates++;
		save_offset(l, key, raw, (size_t)(start + end));
	}
	g_object_unref(parser);
	g_object_unref(stream);
	free(raw);
	return 0;
}
