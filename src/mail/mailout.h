/* mailout: builds one outgoing mail with GMime from an outbox row. */
#ifndef AZ_MAILOUT_H
#define AZ_MAILOUT_H

#include <gmime/gmime.h>
#include <stddef.h>

struct outmail {
	long long id;
	const char *kind;         /* replies (ack, error, help) are auto-replied */
	const char *from_name, *from_addr;
	const char *to;
	const char *subject;
	const char *body;
	const char *html;         /* "" or NULL: text only; else multipart/alternative,
	                           * HTML or a mailout_related() entity */
	const char *message_id;   /* without <> */
	const char *in_reply_to;  /* without <>, "" when none */
	const char *refs;         /* References of the mail replied to, "" when none */
	const char *created_at;   /* ISO 8601 UTC: the Date header */
	const char *json;         /* "" or NULL: none; else the view as an attachment,
	                           * view.json, after the rest (multipart/mixed) */
	/* The game the mail is about, "" or NULL when none: its subject gets
	 * the game's tag (mailout_subject) and the mail a List-Id. */
	const char *game;
	/* The Message-ID (without <>) of the reader's welcome mail in that
	 * game, "" or NULL when none: every other mail of the game to that
	 * reader threads under it. */
	const char *root;
	/* List-Unsubscribe's URI (without <>), "" or NULL when none. */
	const char *unsubscribe;
	/* "" or NULL: none; else the deadlines as an iCalendar object,
	 * deadline.ics, after the text and HTML and before view.json. */
	const char *ical;
};

/* The subject a mail about game carries: "[azalai GAME] " and the rest,
 * which no longer repeats "TITLE GAME: " (g_free()d by the caller). */
char *mailout_subject(const char *game, const char *subject);
/* RFC 2919's list-label of game (the part before ".games.DOMAIN"): its
 * name as a dot-atom, into out (n bytes). */
void mailout_list_label(const char *game, char *out, size_t n);

/* The body of the mail, the one place its MIME tree is put together: the
 * text alone, or multipart/alternative of the text (first) and the HTML
 * (text/html, or multipart/related of the HTML and its pictures). The
 * caller unrefs it. */
GMimeObject *mailout_body(const struct outmail *);
/* The HTML alternative with the board picture, as the outbox keeps it: a
 * multipart/related entity of html and the PNG (Content-ID cid, which the
 * HTML refers to as "cid:..."), g_free()d by the caller. */
char *mailout_related(const char *html, const void *png, size_t len, const char *cid);
/* The HTML alternative as the outbox keeps it when the PNG is in the
 * ledger's picture table under cid: a line naming cid, then the HTML
 * (g_free()d by the caller). mailout_related(html, png, cid) rebuilds the
 * entity. */
char *mailout_picture_ref(const char *html, const char *cid);
/* Of a stored HTML alternative: NULL when it names no picture (plain HTML
 * or an inline entity, as rows were before); else its HTML, with the
 * picture's Content-ID in cid (n bytes). */
const char *mailout_picture_cid(const char *stored, char *cid, size_t n);
/* The whole RFC 5322 message, g_free()d by the caller. */
char *mailout_build(const struct outmail *, size_t *len);
/* The same bytes as SMTP wants them: every CR, LF and CRLF becomes CRLF
 * and the last line ends in CRLF, g_free()d by the caller. */
char *mailout_crlf(const char *raw, size_t len, size_t *outlen);

#endif
