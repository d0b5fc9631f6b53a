/* mailmsg: one raw RFC 5322 message -> the fields and text the referee reads.
 *
 * All MIME work is GMime's. What comes out is always valid UTF-8 with LF line
 * ends; doc/mail-notes.md lists where the reader bends the standards. */
#ifndef AZ_MAILMSG_H
#define AZ_MAILMSG_H

#include <stddef.h>

#include "core/diag.h"

struct mailmsg {
	char *from_addr;      /* lower-cased addr-spec of From, "" when none */
	char *from_name;      /* display name, UTF-8, "" when none */
	char *reply_to;       /* lower-cased addr-spec of Reply-To or "" */
	char *return_path;    /* envelope sender from Return-Path, lower-cased,
	                         "" when absent, "<>" when null */
	char *message_id;     /* without <>, "" when absent */
	char *in_reply_to;    /* the first message id, without <>, "" */
	char *references;     /* raw (unfolded), "" */
	char *subject;        /* decoded (RFC 2047) to UTF-8, "" */
	char *date;           /* raw Date header, "" */
	char *auto_submitted; /* lower-cased value, "" when absent */
	char *precedence;     /* lower-cased, "" */
	char *x_loop;         /* raw, "" */
	char **authres;       /* the Authentication-Results fields' values,
	                         unfolded, top first (authres.h) */
	size_t nauthres;
	int   is_bounce;      /* multipart/report (delivery-status), MAILER-DAEMON
	                         or null sender */
	int   is_auto;        /* Auto-Submitted other than "no", Precedence
	                         bulk/junk/list, List-Id/List-Unsubscribe,
	                         X-Autoreply/X-Autorespond, or a read receipt */
	char *text;           /* the body as UTF-8 text, "" when none */
	char *attachment_text;/* concatenated text/plain attachments, each
	                         ending with a newline, "" */
	int   html_only;      /* the text came from an HTML part */
};

/* Starts GMime once; safe to call any number of times, from any thread.
 * mailmsg_parse calls it too. */
void mailmsg_global_init(void);

/* Sets every field to NULL / 0. */
void mailmsg_init(struct mailmsg *);
/* Frees the fields and leaves the struct as mailmsg_init does. */
void mailmsg_free(struct mailmsg *);

/* Reads raw[0..len). On success every string field is set (possibly "").
 * Returns -1 with a diag, and the struct as after mailmsg_init, when the
 * message is longer than max_len bytes (pass SIZE_MAX for no limit) or the
 * bytes are not a mail we can read. A struct passed in filled is freed
 * first. */
int mailmsg_parse(const char *raw, size_t len, size_t max_len,
    struct mailmsg *, struct diag *);

/* Bytes of the header block of raw (through its last header line), so a
 * message far over the size limit can still be read for its sender. */
size_t mailmsg_header_len(const char *raw, size_t len);

#endif
