#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "campaign/campaign.h"
#include "core/clock.h"
#include "core/msg.h"
#include "lang/catalog.h"
#include "lang/lang.h"

int
lang_word(const char *word, char out[LANG_LEN], struct diag *d)
{
	char w[LANG_LEN];
	size_t i;

	for (i = 0; word[i] != '\0' && i + 1 < sizeof w; i++)
		w[i] = (char)tolower((unsigned char)word[i]);
	w[i] = '\0';
	for (i = 0; catalog_languages[i] != NULL; i++)
		if (strcmp(catalog_languages[i], w) == 0)
			break;
	if (word[0] == '\0' || catalog_languages[i] == NULL) {
		/* The word as written, cut short: it may be anything a player sent. */
		return diag_set(d, 0, "language \"%.20s\" is not one azalai speaks: write en "
		    "(English), de (Deutsch), es (español) or fr (français)", word);
	}
	if (out != NULL)
		snprintf(out, LANG_LEN, "%s", w);
	return 0;
}

int
lang_parse(const char *word, char out[LANG_LEN], struct diag *d)
{
	char w[LANG_LEN];

	if (lang_word(word, w, d) < 0 || catalog_use(w, d) < 0)
		return -1;
	if (out != NULL)
		snprintf(out, LANG_LEN, "%s", w);
	return 0;
}

const char *
lang_seat(const struct config *c, const struct play *p, int seat)
{
	const char *own = seat >= 0 ? p->g.seats[seat].language : "";

	return own[0] != '\0' ? own : c->language;
}

const char *
lang_watcher(struct ledger *l, const struct config *c, int64_t game, const char *address,
    char out[LANG_LEN])
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT language FROM watchers WHERE game_id = ? "
	    "AND address = ? COLLATE NOCASE");

	out[0] = '\0';
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, address, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(out, LANG_LEN, "%s", col_text(st, 0));
	ledger_release(l, st);
	if (out[0] == '\0')
		snprintf(out, LANG_LEN, "%s", c->language);
	return out;
}

void
lang_render_for(struct render *r, struct ledger *l, const struct config *c,
    const struct play *p, int seat, const char *address)
{
	char w[LANG_LEN];

	if (seat >= 0)
		render_lang(r, lang_seat(c, p, seat));
	else if (address != NULL)
		render_lang(r, lang_watcher(l, c, p->g.id, address, w));
	else
		render_lang(r, c->language);
}

int
lang_set_seat(struct ledger *l, struct play *p, int seat, const char *lang,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE seats SET language = ? WHERE game_id = ? "
	    "AND idx = ?");

	sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, p->g.id);
	sqlite3_bind_int(st, 3, seat);
	if (ledger_done(l, st, d) < 0)
		return -1;
	snprintf(p->g.seats[seat].language, sizeof p->g.seats[seat].language, "%s", lang);
	return 0;
}

int
lang_set_watcher(struct ledger *l, int64_t game, const char *address, const char *lang,
    struct diag *d)
{
	sqlite3_stmt *st = ledger_prep(l, "UPDATE watchers SET language = ? WHERE "
	    "game_id = ? AND address = ? COLLATE NOCASE");

	sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_text(st, 3, address, -1, SQLITE_STATIC);
	if (ledger_done(l, st, d) < 0)
		return -1;
	return sqlite3_changes(l->db) > 0;
}

void
lang_date(const struct campaign *c, time_t t, char *out, size_t n)
{
	/* The names are terms and the order a message: each language says a
	 * date its own way (po/common). GLib's own names would follow the
	 * process's locale, which a referee of many languages never sets. */
	static const char *const days[] = { TERM("common.date.mon"), TERM("common.date.tue"),
		TERM("common.date.wed"), TERM("common.date.thu"), TERM("common.date.fri"),
		TERM("common.date.sat"), TERM("common.date.sun") };
	static const char *const months[] = { TERM("common.date.jan"),
		TERM("common.date.feb"), TERM("common.date.mar"), TERM("common.date.apr"),
		TERM("common.date.may"), TERM("common.date.jun"), TERM("common.date.jul"),
		TERM("common.date.aug"), TERM("common.date.sep"), TERM("common.date.oct"),
		TERM("common.date.nov"), TERM("common.date.dec") };
	GDateTime *local = campaign_local(c, t);
	char *zone = local != NULL ? g_date_time_format(local, "%Z") : NULL;

	if (local == NULL || zone == NULL)
		snprintf(out, n, "%s", "");
	else
		msg_fmt(out, n, "%s %02d %s %d %02d:%02d %s",
		    days[g_date_time_get_day_of_week(local) - 1],
		    g_date_time_get_day_of_month(local),
		    months[g_date_time_get_month(local) - 1], g_date_time_get_year(local),
		    g_date_time_get_hour(local), g_date_time_get_minute(local), zone);
	g_free(zone);
	if (local != NULL)
		g_date_time_unref(local);
}

void
lang_date_english(const struct campaign *c, time_t t, char *out, size_t n)
{
	char m[LANG_DATE];

	lang_date(c, t, m, sizeof m);
	msg_english(m, out, n);
}

void
lang_date_iso(const struct campaign *c, const char *iso, char *out, size_t n)
{
	time_t t = iso[0] != '\0' ? clock_parse_iso(iso) : -1;

	if (t == -1)
		snprintf(out, n, "%s", iso);
	else
		lang_date(c, t, out, n);
}
