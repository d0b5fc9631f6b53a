#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/log.h"
#include "core/testhook.h"
#include "ledger/token.h"
#include "mail/address.h"
#include "mail/curlx.h"
#include "mail/deliver.h"
#include "mail/mailout.h"
#include "mail/outbox.h"

#define MAX_ATTEMPTS 10

/* The domain of the referee's address as Message-IDs and From carry it
 * (address_ascii), "localhost" when it has none. */
static const char *
referee_domain(const struct config *c, char *buf, size_t n)
{
	const char *at;

	if (address_ascii(c->referee_address, buf, n, NULL) < 0)
		return "localhost";
	at = strrchr(buf, '@');
	return at + 1;
}

int
outbox_queue(struct ledger *l, const struct config *c, const struct outbox_item *it,
    const char *now, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT COALESCE(MAX(id), 0) + 1 FROM outbox");
	const char *fixed_env = testhook_seed();
	long long id = 1;
	char mid[256], stamp[32], *html = NULL, to[ADDRESS_MAX], dom[ADDRESS_MAX];
	uint64_t unique;
	size_t k = 0;
	int rc;

	/* Nobody to write to: a word of a display name, a bot's seat. Not a
	 * failure of the caller's, whose events stand. */
	if (!address_has_domain(it->to)) {
		log_warn("no %s mail queued to \"%s\": it has no domain", it->kind, it->to);
		return 0;
	}
	/* The row, the To and the envelope name one address. One that cannot
	 * be written in 7 bits is kept as it came; delivery says why it fails. */
	if (address_ascii(it->to, to, sizeof to, NULL) < 0)
		snprintf(to, sizeof to, "%s", it->to);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	/* Stable from the moment it is queued: a resend is recognisably the same
	 * mail. Its unique part is random, not the outbox row, which would tell
	 * every player how many mails the referee sent the others. Golden tests
	 * fix it from AZALAI_SEED (testhook.h) and the row, like every other
	 * secret. */
	if (fixed_env != NULL) {
		uint64_t f = strtoull(fixed_env, NULL, 10) ^ (uint64_t)id * 0x9e3779b97f4a7c15ULL;

		random_u64(&unique, &f);
	} else if (random_u64(&unique, NULL) < 0) {
		return diag_set(d, 0, "no randomness from the kernel for a Message-ID");
	}
	for (const char *p = now; *p != '\0' && k < sizeof stamp - 1; p++)
		if (*p >= '0' && *p <= '9')
			stamp[k++] = *p;
	stamp[k] = '\0';
	snprintf(mid, sizeof mid, "azalai.%s.%016llx%s%s@%s", stamp, (unsigned long long)unique,
	    it->mid_code != NULL && it->mid_code[0] != '\0' ? "." : "",
	    it->mid_code != NULL ? it->mid_code : "", referee_domain(c, dom, sizeof dom));
	/* The picture once, however many mails show it: a row kept already
	 * stays, since its name is what it draws. It is the PNG, or the recipe
	 * (or the SVG) drawn before the first mail that shows it is sent
	 * (picture_draw_due, in render/); either
	 * commits with the mail, so a run killed before sending loses nothing.
	 * What it is drawn from is kept under the mail's game (019), beside
	 * the game's other pictures, where an ingest writes anyway. */
	if ((it->png_len > 0 || it->svg != NULL || it->recipe != NULL) && it->cid != NULL &&
	    it->html != NULL) {
		const struct picture_recipe *rec = it->png_len > 0 ? NULL : it->recipe;
		int64_t game = it->game_id > 0 ? it->game_id : 0;

		/* The row's game is the recipe's: one column holds both. */
		if (rec != NULL && rec->game != game)
			return diag_set(d, 0, "the picture %s of a mail about game %lld is "
			    "made from game %lld", it->cid, (long long)game,
			    (long long)rec->game);
		/* Nothing when a PNG of that name is drawn already, in any game:
		 * the mail shows it (outbox_picture). A PNG drawn at once
		 * completes a row holding what it is drawn from. */
		st = ledger_stmt(l, "INSERT INTO picture (game_id, cid, png, svg, step, viewer, "
		    "open, lang) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE NOT EXISTS "
		    "(SELECT 1 FROM picture WHERE cid = ?2 AND png IS NOT NULL) "
		    "ON CONFLICT (game_id, cid) DO UPDATE SET png = excluded.png, svg = NULL, "
		    "step = NULL, viewer = NULL, open = NULL, lang = NULL "
		    "WHERE picture.png IS NULL AND excluded.png IS NOT NULL");
		sqlite3_bind_int64(st, 1, game);
		sqlite3_bind_text(st, 2, it->cid, -1, SQLITE_STATIC);
		if (it->png_len > 0)
			sqlite3_bind_blob(st, 3, it->png, (int)it->png_len, SQLITE_STATIC);
		else if (rec == NULL)
			sqlite3_bind_text(st, 4, it->svg, -1, SQLITE_STATIC);
		if (rec != NULL) {
			sqlite3_bind_int64(st, 5, rec->step);
			sqlite3_bind_int(st, 6, rec->viewer);
			sqlite3_bind_int(st, 7, rec->open);
			sqlite3_bind_text(st, 8, rec->lang, -1, SQLITE_STATIC);
		}
		if (ledger_done(l, st, d) < 0)
			return -1;
		html = mailout_picture_ref(it->html, it->cid);
	}

	st = ledger_stmt(l, "INSERT INTO outbox (id, game_id, seat_idx, kind, to_addr, "
	    "message_id, in_reply_to, refs, subject, body, created_at, next_try_at, html, "
	    "step, json, ical, unsub) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	sqlite3_bind_int64(st, 1, id);
	if (it->game_id > 0)
		sqlite3_bind_int64(st, 2, it->game_id);
	else
		sqlite3_bind_null(st, 2);
	if (it->seat >= 0)
		sqlite3_bind_int(st, 3, it->seat);
	else
		sqlite3_bind_null(st, 3);
	sqlite3_bind_text(st, 4, it->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, to, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, mid, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 7, it->in_reply_to ? it->in_reply_to : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, it->refs ? it->refs : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 9, it->subject, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 10, it->body, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 11, now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 12, now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 13, html != NULL ? html : it->html != NULL ? it->html : "", -1,
	    SQLITE_STATIC);
	if (it->has_step)
		sqlite3_bind_int64(st, 14, it->step);
	else
		sqlite3_bind_null(st, 14);
	sqlite3_bind_text(st, 15, it->json != NULL ? it->json : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 16, it->ical != NULL ? it->ical : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 17, it->unsubscribe != NULL ? it->unsubscribe : "", -1,
	    SQLITE_STATIC);
	rc = ledger_done(l, st, d);
	if (rc == 0)
		log_info("queued %s mail %lld to %s: %s", it->kind, id, to, it->subject);
	g_free(html);
	return rc < 0 ? -1 : 0;
}

int
outbox_count_since(struct ledger *l, const char *to, const char *kind, const char *since)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT COUNT(*) FROM outbox WHERE to_addr = ? "
	    "COLLATE NOCASE AND kind = ? AND created_at >= ?");
	char ascii[ADDRESS_MAX];
	int n = 0;

	/* As outbox_queue spells it: one mailbox, however the mail wrote it. */
	if (address_ascii(to, ascii, sizeof ascii, NULL) == 0)
		to = ascii;
	sqlite3_bind_text(st, 1, to, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, since, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	ledger_release(l, st);
	return n;
}

int64_t
outbox_seat_player_since(struct ledger *l, int64_t game, int seat, const char *address)
{
	/* Welcome rows are kept for good, bodies and all (outbox_prune): the
	 * seat's hand-overs are read off them. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT MIN(step) FROM outbox WHERE kind = "
	    "'welcome' AND game_id = ?1 AND seat_idx = ?2 AND to_addr = ?3 COLLATE NOCASE "
	    "AND step >= COALESCE((SELECT MAX(step) FROM outbox WHERE kind = 'welcome' AND "
	    "game_id = ?1 AND seat_idx = ?2 AND to_addr <> ?3 COLLATE NOCASE), -1)");
	char ascii[ADDRESS_MAX];
	int64_t since = -1;

	/* As outbox_queue spells it. */
	if (address_ascii(address, ascii, sizeof ascii, NULL) == 0)
		address = ascii;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		since = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	return since;
}

int
outbox_find(struct ledger *l, const char *message_id, struct outbox_mail *m)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT o.id, COALESCE(o.game_id, 0), "
	    "COALESCE(o.seat_idx, -1), o.to_addr, g.name, s.name FROM outbox o "
	    "LEFT JOIN games g ON g.id = o.game_id LEFT JOIN seats s ON s.game_id = "
	    "o.game_id AND s.idx = o.seat_idx WHERE o.message_id = ? AND o.status <> 'failed'");
	int found = 0;

	memset(m, 0, sizeof *m);
	sqlite3_bind_text(st, 1, message_id, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		m->id = sqlite3_column_int64(st, 0);
		m->game_id = sqlite3_column_int64(st, 1);
		m->seat = sqlite3_column_int(st, 2);
		snprintf(m->to, sizeof m->to, "%s", col_text(st, 3));
		snprintf(m->game, sizeof m->game, "%s", col_text(st, 4));
		snprintf(m->seat_name, sizeof m->seat_name, "%s", col_text(st, 5));
		found = 1;
	}
	ledger_release(l, st);
	return found;
}

int
outbox_strangers_since(struct ledger *l, const char *since)
{
	/* The condition of the index outbox_strangers (sql/024), word for word. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT COUNT(*) FROM outbox WHERE seat_idx IS NULL "
	    "AND (kind = 'help' OR kind = 'problem' OR kind = 'receipt') AND created_at >= ?");
	int n = 0;

	sqlite3_bind_text(st, 1, since, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	ledger_release(l, st);
	return n;
}

static int
mark(struct ledger *l, long long id, const char *status, int attempt, const char *err,
    const char *next, const char *sent_at, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE outbox SET status = ?, attempts = attempts "
	    "+ ?, last_error = ?, next_try_at = ?, sent_at = ? WHERE id = ?");

	sqlite3_bind_text(st, 1, status, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, attempt);
	sqlite3_bind_text(st, 3, err, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, next, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, sent_at, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, id);
	if (ledger_begin(l, d) < 0)
		return -1;
	if (ledger_done(l, st, d) < 0) {
		ledger_rollback(l);
		return -1;
	}
	return ledger_commit(l, d);
}

/* An attempt's outcome, recorded once the transport has answered. A mail
 * the server took but the ledger does not know as sent goes again next
 * run, so a writer that holds the ledger beyond its busy timeout (a run
 * whose bots think inside a mail's transaction, up to
 * bots.seconds_per_run) is waited for, up to about two minutes. */
static int
mark_outcome(struct ledger *l, long long id, const char *status, const char *err,
    const char *next, const char *sent_at, struct diag *d)
{
	for (int i = 0; i < 24; i++)
		if (mark(l, id, status, 0, err, next, sent_at, d) == 0)
			return 0;
	return -1;
}

/* The mails of round r due at its now, into a new array: in the order
 * they are sent, or game by game (each game's in that order). */
static GArray *
due(struct ledger *l, const struct outbox_round *r, int by_game)
{
	sqlite3_stmt *st = ledger_stmt(l, by_game ?
	    "SELECT id FROM outbox WHERE status IN ('queued', 'sending') AND next_try_at <= ? "
	    "AND id > ? AND id <= ? ORDER BY game_id, id" :
	    "SELECT id FROM outbox WHERE status IN ('queued', 'sending') AND next_try_at <= ? "
	    "AND id > ? AND id <= ? ORDER BY id");
	GArray *ids = g_array_new(FALSE, FALSE, sizeof(long long));

	sqlite3_bind_text(st, 1, r->now, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, r->after);
	sqlite3_bind_int64(st, 3, r->upto);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);

		g_array_append_val(ids, id);
	}
	ledger_release(l, st);
	return ids;
}

int
outbox_round_next(struct ledger *l, struct outbox_round *r)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT COALESCE(MAX(id), 0) FROM outbox");
	struct outbox_round next;
	int found = 0;

	next.after = r->upto;
	next.upto = r->upto;
	if (sqlite3_step(st) == SQLITE_ROW)
		next.upto = sqlite3_column_int64(st, 0);
	ledger_release(l, st);
	/* The clock after the last row: a mail that row names was queued at
	 * or before this now, so it is due in the round that takes it. */
	clock_iso(clock_now(), next.now, sizeof next.now);
	if (next.upto <= next.after)
		return 0;
	st = ledger_stmt(l, "SELECT 1 FROM outbox WHERE status IN ('queued', 'sending') AND "
	    "next_try_at <= ? AND id > ? AND id <= ? LIMIT 1");
	sqlite3_bind_text(st, 1, next.now, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, next.after);
	sqlite3_bind_int64(st, 3, next.upto);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	if (found)
		*r = next;
	return found;
}

/* The row's page as outbox.html holds it and its game (0 when none): NULL
 * when there is no such row. g_free()d by the caller. */
static char *
stored_html(struct ledger *l, long long id, int64_t *game)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT html, COALESCE(game_id, 0) FROM outbox "
	    "WHERE id = ?");
	char *html = NULL;

	*game = 0;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		html = g_strdup(col_text(st, 0));
		*game = sqlite3_column_int64(st, 1);
	}
	ledger_release(l, st);
	return html;
}

void
outbox_each_undrawn(struct ledger *l, const struct outbox_round *r,
    void (*fn)(void *arg, int64_t game, const char *cid), void *arg)
{
	/* Game by game: the drawing program keeps a few boards' bases, and
	 * a Targui base is one game's (its terrain is dealt). In the order
	 * sent, the games' mails interleave and their bases pushed each
	 * other out. */
	GArray *ids = due(l, r, 1);

	/* Each row read on its own and fn called with no statement open: a
	 * drawing may take DRAWER_WALL_SECONDS and writes its PNG. */
	for (guint i = 0; i < ids->len; i++) {
		struct buf png = BUF_INIT;
		int64_t game;
		char cid[128], *html = stored_html(l, g_array_index(ids, long long, i), &game);

		if (html != NULL && mailout_picture_cid(html, cid, sizeof cid) != NULL &&
		    !outbox_picture(l, cid, &png))
			fn(arg, game, cid);
		buf_free(&png);
		g_free(html);
	}
	g_array_free(ids, TRUE);
}

/* s percent-encoded for a mailto URI (RFC 6068) at the end of b: all but
 * letters, digits and the bytes of keep. */
static void
pct(GString *b, const char *s, const char *keep)
{
	for (; *s != '\0'; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		    (ch >= '0' && ch <= '9') || strchr(keep, ch) != NULL)
			g_string_append_c(b, (char)ch);
		else
			g_string_append_printf(b, "%%%02X", ch);
	}
}

/* List-Unsubscribe (RFC 2369) of a mail about game to one who watches it
 * (watcher), into out; "" for anyone else. It is "UNWATCH GAME", which the
 * referee takes from the watching address alone (answer.c): it changes no
 * game. A seat's is queued with its mail, with a code (render/taps.h). */
static void
unwatch_uri(char *out, size_t n, const char *referee, const char *game, int watcher)
{
	GString *b = g_string_new(NULL);

	if (game[0] != '\0' && watcher) {
		g_string_append(b, "mailto:");
		pct(b, referee, "-._~@");
		g_string_append(b, "?subject=UNWATCH%20");
		pct(b, game, "-._~");
	}
	snprintf(out, n, "%s", b->len < n ? b->str : "");
	g_string_free(b, TRUE);
}

int
outbox_deliver(struct ledger *l, const struct config *c, const struct outbox_round *r,
    int *sent, int *failed, struct diag *d)
{
	const char *now = r->now;
	const struct deliver *dv = deliver_find(c->deliver_method);
	sqlite3_stmt *st;
	char from[ADDRESS_MAX];
	struct diag ad;
	GArray *ids;

	*sent = *failed = 0;
	if (dv == NULL)
		return diag_set(d, 0, "unknown delivery method \"%s\"", c->deliver_method);
	/* The envelope sender is the From, spelled alike. */
	diag_clear(&ad);
	if (address_ascii(c->referee_address, from, sizeof from, &ad) < 0)
		return diag_set(d, 0, "referee.address: %s", ad.msg);
	ids = due(l, r, 0);

	for (guint i = 0; i < ids->len; i++) {
		long long id = g_array_index(ids, long long, i);
		struct outmail m;
		char cause[512] = "", *raw = NULL, *kind, *to, *html, *stored, rcpt[ADDRESS_MAX];
		char unsub[1024];
		size_t len;
		int rc, attempts, seat;
		int64_t game = 0;

		/* The page first, with its picture (kept under the mail's
		 * game) as picture_draw_due drew it. */
		if ((stored = stored_html(l, id, &game)) == NULL)
			continue;
		html = outbox_html(l, game, stored);
		g_free(stored);

		/* The reader's welcome in the game: the first mail that
		 * welcomed this address to a seat of it (welcome, or a seat
		 * handed to a new player) or to watching it. Its thread holds
		 * every later mail of the game to that reader. */
		st = ledger_stmt(l, "SELECT o.kind, o.to_addr, o.subject, o.body, o.message_id, "
		    "o.in_reply_to, o.refs, o.created_at, o.status, o.attempts, "
		    "COALESCE(o.game_id, 0), COALESCE(o.seat_idx, -1), o.json, "
		    "COALESCE(g.name, ''), COALESCE((SELECT w.message_id FROM outbox w "
		    "WHERE w.game_id = o.game_id AND w.kind IN ('welcome', 'seat', 'watch') "
		    "AND w.to_addr = o.to_addr COLLATE NOCASE AND (w.kind = 'welcome' OR "
		    "(w.kind = 'seat') = (w.seat_idx IS NOT NULL)) ORDER BY w.id LIMIT 1), ''), "
		    "EXISTS (SELECT 1 FROM watchers v WHERE v.game_id = o.game_id AND "
		    "v.address = o.to_addr COLLATE NOCASE), o.ical, o.unsub "
		    "FROM outbox o LEFT JOIN games g ON g.id = o.game_id WHERE o.id = ?");
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) != SQLITE_ROW) {
			ledger_release(l, st);
			g_free(html);
			continue;
		}
		memset(&m, 0, sizeof m);
		m.id = id;
		kind = g_strdup(col_text(st, 0));
		to = g_strdup(col_text(st, 1));
		m.kind = kind;
		m.to = to;
		m.subject = col_text(st, 2);
		m.body = col_text(st, 3);
		m.message_id = col_text(st, 4);
		m.in_reply_to = col_text(st, 5);
		m.refs = col_text(st, 6);
		m.created_at = col_text(st, 7);
		m.from_name = c->referee_name;
		m.from_addr = from;
		if (strcmp(col_text(st, 8), "sending") == 0)
			log_warn("mail %lld to %s may have been sent by a run that died; "
			    "sending it again with the same Message-ID", id, to);
		attempts = sqlite3_column_int(st, 9);
		game = sqlite3_column_int64(st, 10);
		seat = sqlite3_column_int(st, 11);
		m.json = col_text(st, 12);
		m.ical = col_text(st, 16);
		m.game = col_text(st, 13);
		m.root = col_text(st, 14);
		if (seat >= 0)
			snprintf(unsub, sizeof unsub, "%s", col_text(st, 17));
		else
			unwatch_uri(unsub, sizeof unsub, from, m.game,
			    sqlite3_column_int(st, 15));
		m.unsubscribe = unsub;
		m.html = html;
		/* The recipient as the To header and the envelope name it. One
		 * that 7-bit mail cannot name (a row queued before it was
		 * checked, or a local part in UTF-8) fails for good, here, and
		 * no transport sees it. */
		diag_clear(&ad);
		rc = address_ascii(to, rcpt, sizeof rcpt, &ad) < 0 ? DELIVER_PERMFAIL : DELIVER_OK;
		if (rc == DELIVER_OK) {
			m.to = rcpt;
			raw = mailout_build(&m, &len);
		} else {
			snprintf(cause, sizeof cause, "%s", ad.msg);
		}
		g_free(html);
		ledger_release(l, st);

		/* Record the attempt before it happens. */
		if (rc == DELIVER_OK && mark(l, id, "sending", 1, "", now, "", d) < 0) {
			g_free(raw);
			g_free(kind);
			g_free(to);
			g_array_free(ids, TRUE);
			return -1;
		}
		if (rc == DELIVER_OK)
			rc = dv->send(c, id, kind, from, rcpt, raw, len, cause, sizeof cause);
		g_free(raw);
		if (rc == DELIVER_OK) {
			if (mark_outcome(l, id, "sent", "", now, now, d) < 0)
				log_error("mail %lld to %s was sent, but the ledger could not "
				    "record it (%s): a later run sends it again", id, to, d->msg);
			else
				log_info("sent %s mail %lld to %s", kind, id, to);
			(*sent)++;
		} else if (rc == DELIVER_PERMFAIL || attempts + 1 >= MAX_ATTEMPTS) {
			char why[600];

			mark_outcome(l, id, "failed", cause, now, "", d);
			log_error("mail %lld to %s failed for good: %s", id, to, cause);
			/* The game master sees it against the seat (azalai list). */
			snprintf(why, sizeof why, "%s: mail %lld not delivered: %.400s", now, id,
			    cause);
			if (game > 0 && seat >= 0)
				ledger_seat_bounce(l, game, seat, to, why, d);
			(*failed)++;
		} else {
			char next[32];
			long wait = 60L << (attempts < 8 ? attempts : 8);

			clock_iso(clock_parse_iso(now) + wait, next, sizeof next);
			mark_outcome(l, id, "queued", cause, next, "", d);
			/* A setting that can never work is the admin's to fix: an
			 * error, which reaches cron's mail; a server down is a warning. */
			if (curlx_misconfigured())
				log_error("mail %lld to %s not sent (%s); next try after %s", id,
				    to, cause, next);
			else
				log_warn("mail %lld to %s not sent (%s); next try after %s", id,
				    to, cause, next);
			(*failed)++;
		}
		g_free(kind);
		g_free(to);
	}
	g_array_free(ids, TRUE);
	return 0;
}

int
outbox_picture(struct ledger *l, const char *cid, struct buf *png)
{
	/* Any game's: a PNG is kept only once drawn from the SVG its name
	 * hashes (picture_draw checks), so it is that picture wherever it is
	 * shown. Found by picture_drawn, which holds the drawn ones alone. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT png FROM picture WHERE cid = ? AND "
	    "png IS NOT NULL LIMIT 1");
	int found = 0;

	sqlite3_bind_text(st, 1, cid, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_bytes(st, 0) > 0) {
		buf_add(png, sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0));
		found = 1;
	}
	ledger_release(l, st);
	return found;
}

int
outbox_picture_keep(struct ledger *l, int64_t game, const char *cid, const struct buf *png,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "UPDATE picture SET png = ?, svg = NULL, step = NULL, "
	    "viewer = NULL, open = NULL, lang = NULL WHERE game_id = ? AND cid = ? AND "
	    "png IS NULL");

	sqlite3_bind_blob(st, 1, png->p, (int)png->len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_text(st, 3, cid, -1, SQLITE_STATIC);
	return ledger_done(l, st, d);
}

/* page without the <img> elements that show cid: a mail without its
 * picture should not point at a part it does not have. */
static char *
without_img(const char *page, const char *cid)
{
	GString *out = g_string_new(NULL);
	char *ref = g_strdup_printf("cid:%s", cid);
	const char *p = page, *hit;

	while ((hit = strstr(p, ref)) != NULL) {
		const char *lt = hit, *gt;

		while (lt > p && *lt != '<' && *lt != '>')
			lt--;
		gt = strchr(hit, '>');
		if (*lt != '<' || g_ascii_strncasecmp(lt, "<img", 4) != 0 || gt == NULL) {
			g_string_append_len(out, p, hit + strlen(ref) - p);
			p = hit + strlen(ref);
			continue;
		}
		g_string_append_len(out, p, lt - p);
		p = gt + 1;
	}
	g_string_append(out, p);
	g_free(ref);
	return g_string_free(out, FALSE);
}

/* 1 when the picture table holds what cid of game (or game 0) is drawn
 * from: a drawing was due and failed, and said why (picture_draw). */
static int
undrawn(struct ledger *l, int64_t game, const char *cid)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM picture WHERE game_id IN (?, 0) AND "
	    "cid = ? AND png IS NULL AND (svg IS NOT NULL OR step IS NOT NULL) LIMIT 1");
	int found;

	sqlite3_bind_int64(st, 1, game > 0 ? game : 0);
	sqlite3_bind_text(st, 2, cid, -1, SQLITE_STATIC);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return found;
}

char *
outbox_html(struct ledger *l, int64_t game, const char *stored)
{
	struct buf png = BUF_INIT;
	const char *page;
	char cid[128], *s;

	page = mailout_picture_cid(stored, cid, sizeof cid);
	if (page == NULL)
		return g_strdup(stored != NULL ? stored : "");
	if (!outbox_picture(l, cid, &png)) {
		/* Queued with the row, in its transaction: only a ledger edited
		 * by hand loses it. The mail still goes, without its picture
		 * and without an <img> that points at no part of it. One that
		 * could not be drawn was logged when it was tried. */
		if (!undrawn(l, game, cid))
			log_warn("no picture %s in the ledger; the mail goes without it", cid);
		return without_img(page, cid);
	}
	s = mailout_related(page, png.p, png.len, cid);
	buf_free(&png);
	return s;
}

void
outbox_list(struct ledger *l, int all)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT id, status, attempts, kind, to_addr, "
	    "subject, last_error, created_at FROM outbox WHERE ? OR status != 'sent' "
	    "ORDER BY id");
	int n = 0;

	sqlite3_bind_int(st, 1, all);
	while (sqlite3_step(st) == SQLITE_ROW) {
		printf("%-6lld %-8s %2d  %-7s %-28s %s\n", (long long)sqlite3_column_int64(st, 0),
		    col_text(st, 1), sqlite3_column_int(st, 2), col_text(st, 3),
		    col_text(st, 4), col_text(st, 5));
		if (col_text(st, 6)[0] != '\0')
			printf("       last error: %s\n", col_text(st, 6));
		n++;
	}
	ledger_release(l, st);
	if (n == 0)
		printf(all ? "the outbox is empty\n" : "nothing waits in the outbox\n");
}

/* 1 when a mail whose page is still kept names picture cid, in any game:
 * the condition and the expression are sql/002's index outbox_picture's,
 * word for word, which is what lets SQLite use it. */
static int
picture_named(struct ledger *l, const char *cid)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT 1 FROM outbox WHERE "
	    "substr(html, 1, 18) = 'X-Azalai-Picture: ' AND "
	    "substr(html, 19, instr(html, char(10)) - 19) = ? LIMIT 1");
	int found;

	sqlite3_bind_text(st, 1, cid, -1, SQLITE_STATIC);
	found = sqlite3_step(st) == SQLITE_ROW;
	ledger_release(l, st);
	return found;
}

/* Drops picture cid, drawn (any game's: outbox_picture shows it to every
 * mail) or what game (or game 0) would draw it from; the rows dropped. */
static int
picture_drop(struct ledger *l, int64_t game, const char *cid, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "DELETE FROM picture WHERE cid = ? AND "
	    "png IS NOT NULL");
	int n;

	sqlite3_bind_text(st, 1, cid, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	n = sqlite3_changes(l->db);
	st = ledger_stmt(l, "DELETE FROM picture WHERE game_id IN (?, 0) AND cid = ?");
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, cid, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return n + sqlite3_changes(l->db);
}

int
outbox_prune(struct ledger *l, const char *before, int max, int *pictures, struct diag *d)
{
	/* The condition of the index outbox_kept (sql/002), word for word. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT id, COALESCE(game_id, 0), html FROM outbox "
	    "WHERE status = 'sent' AND body <> '' AND kind <> 'welcome' AND sent_at < ? "
	    "ORDER BY sent_at LIMIT ?");
	GArray *ids = g_array_new(FALSE, FALSE, sizeof(int64_t));
	GArray *games = g_array_new(FALSE, FALSE, sizeof(int64_t));
	GPtrArray *cids = g_ptr_array_new_with_free_func(g_free);
	int rc = 0;

	*pictures = 0;
	sqlite3_bind_text(st, 1, before, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, max);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(st, 0), game = sqlite3_column_int64(st, 1);
		char cid[128];

		g_array_append_val(ids, id);
		if (mailout_picture_cid(col_text(st, 2), cid, sizeof cid) != NULL) {
			g_array_append_val(games, game);
			g_ptr_array_add(cids, g_strdup(cid));
		}
	}
	ledger_release(l, st);
	/* The row stays: the stale guard, bounces, the rate limits and the
	 * digests read its other columns. It is moved away and back, not
	 * updated in place: a row made smaller where it is leaves its page
	 * mostly empty and never used again (the ledger grew 9-23 KB a mail
	 * so), a row deleted lets SQLite merge the page into its neighbours
	 * and hand the pages freed to the rows that come. */
	for (guint i = 0; i < ids->len && rc == 0; i++) {
		st = ledger_stmt(l, "UPDATE outbox SET id = -id WHERE id = ?");
		sqlite3_bind_int64(st, 1, g_array_index(ids, int64_t, i));
		if ((rc = ledger_done(l, st, d)) < 0)
			break;
		st = ledger_stmt(l, "UPDATE outbox SET id = -id, body = '', html = '', "
		    "json = '', ical = '', unsub = '' WHERE id = ?");
		sqlite3_bind_int64(st, 1, -g_array_index(ids, int64_t, i));
		rc = ledger_done(l, st, d);
	}
	/* Only once every mail of the batch let go of it, so a picture two
	 * of them show is looked for once they both have. */
	for (guint i = 0; i < cids->len && rc == 0; i++) {
		const char *cid = g_ptr_array_index(cids, i);

		int n;

		if (picture_named(l, cid))
			continue;
		if ((n = picture_drop(l, g_array_index(games, int64_t, i), cid, d)) < 0)
			rc = -1;
		else
			*pictures += n;
	}
	if (rc == 0)
		rc = (int)ids->len;
	g_array_free(ids, TRUE);
	g_array_free(games, TRUE);
	g_ptr_array_free(cids, TRUE);
	return rc;
}
