/* Every mail the referee sends, read with the eyes of its reader: random
 * games of every game and setup go through the real referee (order mails
 * in, process_pending, the outbox out; and time passing, the tick of
 * `azalai run`: reminders, late notes, the defaults played for a late seat,
 * civil disorder), and no mail may hold a fact its reader may not know at
 * that step (game_rules.secrets), another seat's token or the seed, nor be
 * written for another reader (check_eyes). The mails are read right after
 * the mail or the tick that made them, text, HTML and every seat's
 * view.json, and so is `azalai show --as` (report_tree) with the SVG of
 * its board picture. A planted leak must be
 * caught: every reader shown the
 * first seat's report (AZALAI_TEST_PLANT_LEAK, see report.h), and for the
 * secrets no seat knows (Targui's stack, Targi's face-down goods cards) the
 * mails read against the facts of the step before them (enum plant).
 *
 * Each setup is played again with every seat and the observer reading
 * German (AZ_SECRET_LANGS: the languages, "en de" unless set; contrib/
 * test-all adds es and fr): the secrets are then looked for in English and
 * in the reader's words too (said_as), the words taken from the catalogs,
 * and the positive control counts only those, so it proves the words are
 * the ones the mails use. These runs need the common mail templates of the
 * language (templates/common/LANG) and are skipped, saying so, without them.
 * The leaks are planted in English and in German; in German the plants of a
 * kind must be caught in every text that holds it, and in some that hold it
 * in German words alone, which English words would have let go.
 *
 * AZ_SECRET_GAMES sets the games per setup and language (contrib/test-all:
 * 100, so 200 of each setup are read; 2 in a plain make check, to stay
 * within a minute); AZ_SECRET_ONLY=WORDS runs only the setups whose name
 * holds WORDS, and the planted leaks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gmime/gmime.h>

#include "render/board.h"
#include "campaign/campaign.h"
#include "campaign/deadline-rows.h"
#include "lang/catalog.h"
#include "lang/ordertr.h"
#include "core/clock.h"
#include "games/targi/targi.h"
#include "mail/htmltext.h"
#include "mail/ingest.h"
#include "mail/mailmsg.h"
#include "mail/mailout.h"
#include "core/msg.h"
#include "render/mustache.h"
#include "referee/people.h"
#include "referee/process.h"
#include "referee/schedule.h"
#include "render/render.h"
#include "render/report.h"
#include "render/reportjson.h"
#include "core/rng.h"
#include "said_targui.h"
#include "testutil.h"
#include "ledger/token.h"
#include "core/xmalloc.h"
#include "srcfile.h"

#define MAXMAILS 2500		/* per game: a game still running is left there */
#define WATCHER "watch@example.org"

struct setup {
	const char *rules, *name;
	int nseats;
	const char *kv[4];
	int nkv;
	int deck;		/* Targi: 0 none, 1 the test deck, 2 the example deck */
	int positive;		/* a seat must see facts hidden from others */
};

static const struct setup setups[] = {
	{ "targi", "Targi base game", 2, { NULL }, 0, 0, 1 },
	{ "targi", "Targi targia", 2, { "targia=yes" }, 1, 0, 1 },
	{ "targi", "Targi water", 2, { "water=yes" }, 1, 0, 1 },
	{ "targi", "Targi dunes", 2, { "dunes=yes" }, 1, 1, 1 },
	{ "targi", "Targi costs", 2, { "costs=yes", "deck=file" }, 2, 1, 1 },
	{ "targi", "Targi expansion setup, last raid", 2,
	    { "setup=expansion", "last_raid=card" }, 2, 0, 1 },
	{ "targi", "Targi mixed deck", 2, { "deck=mixed", "costs=yes" }, 2, 1, 1 },
	{ "targi", "Targi example deck, whole expansion", 2, { "expansion=yes" }, 1, 2, 1 },
	{ "targi", "Targi open hands", 2, { "open_hands=yes", "start=random" }, 2, 0, 1 },
	{ "targui", "Targui 2 tribes", 2, { NULL }, 0, 0, 1 },
	{ "targui", "Targui 3 tribes", 3, { NULL }, 0, 0, 1 },
	{ "targui", "Targui 4 tribes", 4, { NULL }, 0, 0, 1 },
	{ "buqruru", "Buqruru sealed", 2, { NULL }, 0, 0, 1 },
	{ "buqruru", "Buqruru open", 2, { "hole_choice=open" }, 1, 0, 0 },
	{ "buqruru", "Buqruru shared, divisors, to the sowing hole", 2,
	    { "direction=shared-cw", "groups=divisors-1-4", "chain=to-sowing-hole",
	    "owner_capture=off" }, 4, 0, 1 },
};

static const char *const names[] = { "north", "south", "east", "west" };
static const char *const addrs[] = { "n@example.org", "s@example.org", "e@example.org",
    "w@example.org" };

static int games_per_setup = 2;
static char *decks[3];

/* The leaks planted on purpose. EYES: every reader is shown the first
 * seat's report (report.h). STACK, GOODS: every mail and report is read
 * against the facts of the step before it, as if it had been sent a step
 * early, and the leaks counted are those of one kind of secret hidden from
 * every seat, which the first seat's eyes cannot show: Targui's places in
 * the round's stack, Targi's face-down goods cards. */
enum plant { PLANT_NONE, PLANT_EYES, PLANT_STACK, PLANT_GOODS };

/* A setup read in a language, perhaps with a leak planted. */
struct job {
	const struct setup *su;
	const char *lang;
	enum plant plant;
};

struct run {
	const struct setup *su;
	const char *lang;	/* every reader's */
	struct fixture f;
	struct rng pick;
	char game[32];
	char tokens[MAX_SEATS][TOKEN_LEN];
	uint64_t seed;
	int nseats, mid;
	int64_t seen;		/* outbox rows read */
	long games, mails, shows, steps, ended, htmls, jsons, json_steps, links, link_steps,
	    icals;
	unsigned json_seats;		/* the seats whose view.json was read */
	unsigned json_on;		/* the seats that asked for it */
	long leaks, positives, own_tokens;
	long quiet_steps;	/* queued or noted orders that were steps for their sender */
	/* What time did to the games (tick): the runs, the defaults the
	 * referee played and the seats put in civil disorder; the mails those
	 * runs queued and this test read, and of them the reminders, late
	 * notes and notes of civil disorder. */
	long ticks, defaults, disorders;
	long tick_mails, reminders, late_notes, disorder_notes;
	char first_leak[600];
	enum plant plant;
	struct facts *before;	/* STACK, GOODS: the facts the mails are read against */
	/* Texts that held a secret of the planted kind, those of them the
	 * scan caught (a leak of the kind), those that held one only in the
	 * reader's words (no English form of the kind in them), such lines. */
	long kind_texts, caught_texts, said_texts, said_lines;
	char first_said[600];
};

static int
reader_of(const struct run *r, const char *to)
{
	for (int i = 0; i < r->nseats; i++)
		if (strcmp(to, addrs[i]) == 0)
			return i;
	if (strcmp(to, WATCHER) != 0)
		fail_msg("%s: a mail to %s, who is neither a seat nor the watcher", r->game, to);
	return -1;
}

/* One secret found where it must not be: remembered (the planted test
 * counts them), and fatal unless a leak is planted. */
static void
leak(struct run *r, const char *where, int reader, const char *secret, const char *text)
{
	const char *at = secret_in(text, secret);
	const char *ln = at;

	while (ln > text && ln[-1] != '\n')
		ln--;
	r->leaks++;
	if (r->first_leak[0] == '\0')
		snprintf(r->first_leak, sizeof r->first_leak, "%s (%s) step: %s to %s holds "
		    "\"%s\" in the line \"%.*s\"", r->game, r->su->name, where,
		    reader >= 0 ? names[reader] : "an observer", secret,
		    (int)strcspn(ln, "\n"), ln);
	if (r->plant == PLANT_NONE)
		fail_msg("leak: %s", r->first_leak);
}

/* A secret of one number or letter at its end ("tribe card %d") as a
 * reader of lang reads it; carrier is a message of the catalogs that says
 * it in those words, checked so that a change of words there fails here
 * rather than leaving the test looking for words no mail uses. */
struct said_as {
	const char *rules, *en, *lang, *form, *carrier;
};

static const struct said_as said_as[] = {
	{ "targi", "tribe card %d", "de", "Stammeskarte %d", "%s: tribe card %d" },
	{ "targi", "tribe card %d", "es", "carta de tribu %d", "%s: tribe card %d" },
	{ "targi", "tribe card %d", "fr", "carte Tribu %d", "%s: tribe card %d" },
	{ "targi", "hand card %d", "de", "Handkarte %d", "%s discards hand card %d at the Noble." },
	{ "targi", "hand card %d", "es", "carta en mano %d",
	    "%s discards hand card %d at the Noble." },
	{ "targi", "hand card %d", "fr", "carte en main %d",
	    "%s discards hand card %d at the Noble." },
	{ "buqruru", "sealed hole %c", "de", "verdeckter Mulde %c",
	    "sows %s from sealed hole %c: %s" },
	{ "buqruru", "sealed hole %c", "es", "casilla secreta %c",
	    "sows %s from sealed hole %c: %s" },
	{ "buqruru", "sealed hole %c", "fr", "case secrète %c",
	    "sows %s from sealed hole %c: %s" },
	{ "targui", "fortune card %d", "de", "Schicksalskarte %d", "%d. fortune card %d" },
	{ "targui", "fortune card %d", "es", "carta del destino %d", "%d. fortune card %d" },
	{ "targui", "fortune card %d", "fr", "carte du destin %d", "%d. fortune card %d" },
	{ "targui", "Fortune card %d", "de", "Schicksalskarte %d", "Fortune card %d: %s." },
	{ "targui", "Fortune card %d", "es", "Carta del destino %d", "Fortune card %d: %s." },
	{ "targui", "Fortune card %d", "fr", "Carte du destin %d", "Fortune card %d: %s." },
};

/* The form's words (before its conversion) in the carrier's translation. */
static void
check_said_as(const struct said_as *a)
{
	const char *tr = catalog_get(a->lang, NULL, a->carrier);
	size_t n = strcspn(a->form, "%");

	if (tr == NULL || memmem(tr, strlen(tr), a->form, n) == NULL)
		fail_msg("said_as: the %s catalog says \"%s\" as \"%s\", not with \"%.*s\"",
		    a->lang, a->carrier, tr != NULL ? tr : "(nothing)", (int)n, a->form);
}

/* en as one of the forms of said_as: its argument, the form filled in. */
static int
said_form(const struct said_as *a, const char *en, char *out, size_t n)
{
	size_t pre = strcspn(a->en, "%");
	const char *arg = en + pre;
	char back[SECRET_TEXT];

	if (strncmp(en, a->en, pre) != 0 || *arg == '\0')
		return 0;
	if (a->en[pre + 1] == 'c') {
		if (arg[1] != '\0')
			return 0;
		snprintf(out, n, a->form, arg[0]);
		return 1;
	}
	snprintf(back, sizeof back, a->en, atoi(arg));
	if (strcmp(back, en) != 0)
		return 0;
	snprintf(out, n, a->form, atoi(arg));
	return 1;
}

/* msg rendered in lang, cut where the mark (a plain argument) begins and
 * back to the comma before it: "20 Kamel, 2 SP, Kosten \004" is "20 Kamel,
 * 2 SP". */
static void
cut_rendered(const char *lang, const char *msg, const char *what, char *out, size_t n)
{
	char *t = msg_text(lang, msg), *e = strchr(t, '\004'), *c;

	if (e == NULL)
		fail_msg("said_as: %s: no place for the cut in \"%s\"", what, t);
	*e = '\0';
	if ((c = strrchr(t, ',')) == NULL)
		fail_msg("said_as: %s: no comma before the cut in \"%s\"", what, t);
	*c = '\0';
	snprintf(out, n, "%s", t);
	free(t);
}

/* A Targi card as its hand line ("20 Camel, 2 VP") and its board cell ("20
 * Cam 2VP") say it, rendered from the same messages and terms in lang. */
static int
said_targi_card(const char *lang, const char *en, struct secrets *out)
{
	char abbr[64], key[80], msg[512], t[SECRET_TEXT];
	int id, vp, end = 0;

	for (int sym = 0; sym < SYM_N; sym++) {
		snprintf(msg, sizeof msg, "%%d %s, %%d VP%%n", tg_symbol_name(sym));
		if (sscanf(en, msg, &id, &vp, &end) == 2 && en[end] == '\0') {
			msg_fmt(msg, sizeof msg, "%d %s, %d VP, cost %s", id,
			    tg_symbol_term(sym), vp, "\004");
			cut_rendered(lang, msg, en, t, sizeof t);
			secret_add(out, "%s", t);
			return 1;
		}
		snprintf(msg, sizeof msg, "%%d %s %%dVP%%n", tg_symbol_abbr(sym));
		if (sscanf(en, msg, &id, &vp, &end) == 2 && en[end] == '\0') {
			char *r;

			snprintf(key, sizeof key, "%s.abbr", tg_symbol_term(sym) + 1);
			msg_term(abbr, sizeof abbr, key);
			msg_fmt(msg, sizeof msg, " %d %s %dVP", id, abbr, vp);
			r = msg_text(lang, msg);
			secret_add(out, "%s", r + strspn(r, " "));
			free(r);
			return 1;
		}
	}
	return 0;
}

/* The central cards' section of the Targi report template of lang (html:
 * its HTML form), read once: it joins a card's place and text. */
static const char *
central_section(const char *lang, int html)
{
	static struct {
		char lang[8];
		int html;
		char *text;
	} seen[8];
	static size_t nseen;
	const char *open = "{{#central}}", *close = "{{/central}}";
	char rel[128], *t, *a, *b;

	for (size_t i = 0; i < nseen; i++)
		if (strcmp(seen[i].lang, lang) == 0 && seen[i].html == html)
			return seen[i].text;
	if (nseen == sizeof seen / sizeof seen[0])
		fail_msg("said_as: more languages than the templates' cache holds");
	snprintf(rel, sizeof rel, "templates/targi/%s/report%s.mustache", lang,
	    html ? ".html" : "");
	if ((t = src_read(rel)) == NULL)
		fail_msg("cannot read %s", rel);
	if ((a = strstr(t, open)) == NULL || (b = strstr(a, close)) == NULL)
		fail_msg("said_as: %s has no %s section", rel, open);
	*b = '\0';
	snprintf(seen[nseen].lang, sizeof seen[nseen].lang, "%s", lang);
	seen[nseen].html = html;
	seen[nseen].text = xstrdup(a + strlen(open));
	free(t);
	return seen[nseen++].text;
}

/* The line of the central card at pos whose text is "goods card: spec", as
 * the report of lang writes it (html: its HTML form), from the place to the
 * end of the text: the template's section rendered with that one card. */
static void
goods_line(const char *lang, int html, const char *pos, const char *spec, char *out,
    size_t n)
{
	struct tval *card = tval_map();
	struct buf b = BUF_INIT;
	struct diag d;
	char msg[256], *t, *at, *end;
	unsigned long missing = msg_missing();

	msg_fmt(msg, sizeof msg, "goods card: %s", spec);
	t = msg_text(lang, msg);
	if (msg_missing() != missing)
		fail_msg("said_as: no %s translation of \"goods card: %%s\"", lang);
	tval_set_str(card, "pos", pos);
	tval_set_strf(card, "text", "%s\004", t);
	if (mustache_render(central_section(lang, html), card, NULL, html ?
	    MUSTACHE_ESCAPE_HTML : MUSTACHE_ESCAPE_NONE, &b, &d) < 0)
		fail_msg("said_as: the central cards of the %s report: %s", lang, d.msg);
	if ((at = strstr(b.p, pos)) == NULL || (end = strchr(at, '\004')) == NULL)
		fail_msg("said_as: the %s report's central card is \"%s\"", lang, b.p);
	snprintf(out, n, "%.*s", (int)(end - at), at);
	buf_free(&b);
	tval_free(card);
	free(t);
}

/* A face-down goods card as the central cards' list would show it ("B2:
 * goods card: 2D", targi_secrets.c): in lang's report and its HTML form. */
static int
said_targi_goods(const char *lang, const char *en, struct secrets *out)
{
	for (int i = 0; i < TG_NCENTRAL; i++) {
		char pos[3], head[SECRET_TEXT], back[SECRET_TEXT * 2], t[SECRET_TEXT * 2];
		const char *spec;
		size_t n;

		tg_pos_name(i, pos);
		if (strncmp(en, pos, strlen(pos)) != 0)
			continue;
		/* The English line up to the goods, "B2: goods card: ". */
		goods_line("en", 0, pos, "\005", head, sizeof head);
		n = strcspn(head, "\005");
		if (strncmp(en, head, n) != 0)
			return 0;
		spec = en + n;
		goods_line("en", 0, pos, spec, back, sizeof back);
		if (strcmp(back, en) != 0)
			return 0;
		goods_line(lang, 0, pos, spec, t, sizeof t);
		secret_add(out, "%s", t);
		goods_line(lang, 1, pos, spec, t, sizeof t);
		secret_add(out, "%s", t);
		return 1;
	}
	return 0;
}

/* Secrets that are whole messages of the narrative, "<words>%s: %s" with
 * two arguments, a name and an order: said in lang by that message, the
 * order in lang's order words, as the engines write it (msg_order). */
static const struct {
	const char *rules, *fmt;
} said_whole[] = {
	{ "targi", "Noted for %s: %s" },
	{ "targui", "Queued for the next turn of the %s: %s" },
};

static int
said_message(const char *rules, const char *lang, const char *en, struct secrets *out)
{
	for (size_t k = 0; k < sizeof said_whole / sizeof said_whole[0]; k++) {
		const char *fmt = said_whole[k].fmt, *a, *b;
		size_t pre = strcspn(fmt, "%");
		char first[SECRET_TEXT], order[SECRET_TEXT + 32], msg[512], *t;
		unsigned long missing = msg_missing();

		if (strcmp(rules, said_whole[k].rules) != 0 || strncmp(en, fmt, pre) != 0 ||
		    (b = strstr(a = en + pre, ": ")) == NULL)
			continue;
		snprintf(first, sizeof first, "%.*s", (int)(b - a), a);
		msg_order(order, sizeof order, rules, b + 2);
		msg_fmt(msg, sizeof msg, fmt, first, order);
		t = msg_text(lang, msg);
		if (msg_missing() != missing)
			fail_msg("said_as: no %s translation of \"%s\"", lang, fmt);
		secret_add(out, "%s", t);
		free(t);
		return 1;
	}
	return 0;
}

/* When en is a secret of the kind (STACK, GOODS), adds to out its words
 * in lang and returns 1; else 0. The answers are kept: the same secrets
 * stand at every step and for every reader, and finding their words
 * renders a dozen messages each, which doubled the time of a game. */
static int
said_kind(enum plant kind, const char *rules, const char *lang, const char *en,
    struct secrets *out)
{
	static GHashTable *kept;
	char *key = g_strdup_printf("%d %s %s %s", (int)kind, rules, lang, en);
	const char *was;
	struct secrets said;
	struct buf b = BUF_INIT;
	int hit = 0;

	if (kept == NULL)
		kept = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, free);
	/* Kept as "0" or "1", then each word after a newline. */
	if ((was = g_hash_table_lookup(kept, key)) != NULL) {
		for (const char *w = strchr(was, '\n'); w != NULL; w = strchr(w, '\n')) {
			w++;
			secret_add(out, "%.*s", (int)strcspn(w, "\n"), w);
		}
		g_free(key);
		return was[0] == '1';
	}
	secrets_init(&said);
	if (kind == PLANT_STACK && strcmp(rules, "targui") == 0)
		hit = said_targui_stack(lang, en, &said);
	else if (kind == PLANT_GOODS && strcmp(rules, "targi") == 0)
		hit = said_targi_goods(lang, en, &said);
	buf_adds(&b, hit ? "1" : "0");
	for (size_t i = 0; i < said.n; i++) {
		buf_printf(&b, "\n%s", said.v[i]);
		secret_add(out, "%s", said.v[i]);
	}
	secrets_free(&said);
	g_hash_table_insert(kept, key, buf_steal(&b));
	return hit;
}

/* Adds to out the secrets of in as a reader of lang reads them (those it
 * has words for; the English ones stay looked for beside them). */
static void
said_in(const char *rules, const char *lang, const struct secrets *in, struct secrets *out)
{
	for (size_t i = 0; i < in->n; i++) {
		char t[SECRET_TEXT];
		int hit = 0;

		for (size_t k = 0; k < sizeof said_as / sizeof said_as[0]; k++)
			if (strcmp(said_as[k].rules, rules) == 0 &&
			    strcmp(said_as[k].lang, lang) == 0 &&
			    said_form(&said_as[k], in->v[i], t, sizeof t)) {
				check_said_as(&said_as[k]);
				secret_add(out, "%s", t);
				hit = 1;
			}
		if (!hit && strcmp(rules, "targi") == 0)
			hit = said_targi_card(lang, in->v[i], out);
		if (!hit)
			hit = said_kind(PLANT_STACK, rules, lang, in->v[i], out) ||
			    said_kind(PLANT_GOODS, rules, lang, in->v[i], out);
		if (!hit)
			said_message(rules, lang, in->v[i], out);
	}
}

/* hidden[v + 1]: what viewer v may not know in the game's state now;
 * known[v + 1]: what v knows and another reader may not (seats only);
 * in a planted run of a kind, kind_en[v + 1]: the hidden secrets of that
 * kind in English, kind_said[v + 1]: their other words in the reader's. */
struct facts {
	struct secrets hidden[MAX_SEATS + 1], known[MAX_SEATS + 1];
	struct secrets kind_en[MAX_SEATS + 1], kind_said[MAX_SEATS + 1];
};

static int
listed(const struct secrets *s, const char *text)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], text) == 0)
			return 1;
	return 0;
}

/* The planted kind's secrets of f's hidden ones, in English and in lang. */
static void
facts_kind(const struct play *p, const char *lang, enum plant kind, struct facts *f)
{
	for (int v = 0; v <= p->g.nseats; v++)
		for (size_t i = 0; i < f->hidden[v].n; i++) {
			struct secrets said;

			secrets_init(&said);
			if (said_kind(kind, p->rules->name, lang, f->hidden[v].v[i], &said)) {
				secret_add(&f->kind_en[v], "%s", f->hidden[v].v[i]);
				for (size_t j = 0; strcmp(lang, "en") != 0 && j < said.n; j++)
					if (!listed(&f->hidden[v], said.v[j]) &&
					    !listed(&f->kind_said[v], said.v[j]))
						secret_add(&f->kind_said[v], "%s", said.v[j]);
			}
			secrets_free(&said);
		}
}

static void
facts_now(const struct play *p, const char *lang, enum plant kind, struct facts *f)
{
	for (int v = 0; v <= MAX_SEATS; v++) {
		secrets_init(&f->hidden[v]);
		secrets_init(&f->known[v]);
		secrets_init(&f->kind_en[v]);
		secrets_init(&f->kind_said[v]);
	}
	for (int v = -1; v < p->g.nseats; v++)
		p->rules->secrets(p->st, v, &f->hidden[v + 1]);
	for (int r = 0; r < p->g.nseats; r++)
		for (int v = -1; v < p->g.nseats; v++)
			for (size_t i = 0; v != r && i < f->hidden[v + 1].n; i++) {
				const char *t = f->hidden[v + 1].v[i];

				if (!listed(&f->hidden[r + 1], t) && !listed(&f->known[r + 1], t))
					secret_add(&f->known[r + 1], "%s", t);
			}
	if (kind == PLANT_STACK || kind == PLANT_GOODS)
		facts_kind(p, lang, kind, f);
	if (strcmp(lang, "en") == 0)
		return;
	/* The reader's words: hidden in English and in them; known only in
	 * them, so the positive control proves they are the mails' words. */
	for (int v = 0; v <= p->g.nseats; v++) {
		struct secrets said;

		secrets_init(&said);
		said_in(p->rules->name, lang, &f->hidden[v], &said);
		for (size_t i = 0; i < said.n; i++)
			secret_add(&f->hidden[v], "%s", said.v[i]);
		secrets_free(&said);
		secrets_init(&said);
		said_in(p->rules->name, lang, &f->known[v], &said);
		secrets_free(&f->known[v]);
		f->known[v] = said;
	}
}

static void
facts_done(struct facts *f)
{
	for (int v = 0; v <= MAX_SEATS; v++) {
		secrets_free(&f->hidden[v]);
		secrets_free(&f->known[v]);
		secrets_free(&f->kind_en[v]);
		secrets_free(&f->kind_said[v]);
	}
}

/* Whether one of s stands in text between from and to. */
static int
any_in(const struct secrets *s, const char *from, const char *to)
{
	char *part = xmalloc((size_t)(to - from) + 1);
	int hit = 0;

	memcpy(part, from, (size_t)(to - from));
	part[to - from] = '\0';
	for (size_t i = 0; i < s->n && !hit; i++)
		hit = secret_in(part, s->v[i]) != NULL;
	free(part);
	return hit;
}

/* A planted run of a kind: the texts that hold a secret of it, those the
 * scan caught (caught: it found one of the kind), and those that hold one
 * in the reader's words and no English form of the kind, which a scan in
 * English alone would have let go; and such lines. */
static void
count_kind(struct run *r, const struct facts *f, const char *where, int reader,
    const char *text, int caught)
{
	const struct secrets *en = &f->kind_en[reader + 1], *said = &f->kind_said[reader + 1];
	const char *end = text + strlen(text);
	int in_en = any_in(en, text, end), in_said = 0;

	for (size_t i = 0; i < said->n; i++) {
		const char *at = secret_in(text, said->v[i]), *ln = at, *eol;

		if (at == NULL)
			continue;
		in_said = 1;
		while (ln > text && ln[-1] != '\n')
			ln--;
		eol = ln + strcspn(ln, "\n");
		if (any_in(en, ln, eol))
			continue;
		r->said_lines++;
		if (r->first_said[0] == '\0')
			snprintf(r->first_said, sizeof r->first_said, "%s (%s) step %s to %s: "
			    "\"%s\" in the line \"%.*s\"", r->game, r->su->name, where,
			    reader >= 0 ? names[reader] : "an observer", said->v[i],
			    (int)(eol - ln), ln);
	}
	r->kind_texts += in_en || in_said;
	r->caught_texts += caught;
	r->said_texts += in_said && !in_en;
}

static void
check_text(struct run *r, const struct play *p, const struct facts *f,
    const char *where, int reader, const char *text)
{
	const struct secrets *h = &f->hidden[reader + 1], *k = &f->known[reader + 1];
	char seed[2][32];
	/* An ended or finished game may show its seed (so players can check
	 * the deal); until then it is the referee's alone. */
	int over = strcmp(p->g.status, "active") != 0;
	int caught = 0;

	for (size_t i = 0; i < h->n; i++)
		if (secret_in(text, h->v[i]) != NULL) {
			leak(r, where, reader, h->v[i], text);
			caught |= listed(&f->kind_en[reader + 1], h->v[i]) ||
			    listed(&f->kind_said[reader + 1], h->v[i]);
		}
	if (r->plant == PLANT_STACK || r->plant == PLANT_GOODS)
		count_kind(r, f, where, reader, text, caught);
	for (int s = 0; s < r->nseats; s++)
		if (s != reader && secret_in(text, r->tokens[s]) != NULL)
			leak(r, where, reader, r->tokens[s], text);
	/* The tokens are looked for as the welcome mails write them. */
	if (reader >= 0 && secret_in(text, r->tokens[reader]) != NULL)
		r->own_tokens++;
	snprintf(seed[0], sizeof seed[0], "%llu", (unsigned long long)r->seed);
	snprintf(seed[1], sizeof seed[1], "%llx", (unsigned long long)r->seed);
	for (int j = 0; j < 2 && !over; j++)
		if (secret_in(text, seed[j]) != NULL)
			leak(r, where, reader, seed[j], text);
	/* The positive control: what others may not know, this reader does,
	 * and its mails say it in the very words the scan looks for. */
	for (size_t i = 0; i < k->n; i++)
		if (secret_in(text, k->v[i]) != NULL)
			r->positives++;
}

/* The step a one-tap link's order mail names (STEP, in the reader's
 * words) is the one its report names: the reader's number, which counts no
 * step hidden from it (report_step_seen). The ledger's number would count
 * another seat's standing or queued orders. */
static void
check_link_step(struct run *r, const char *rules, const char *where, const char *body,
    const char *link)
{
	const char *word = ordertr_word(r->lang, rules, "STEP"), *a, *b;
	char key[64], lkey[64];

	snprintf(key, sizeof key, "\n%s ", word);
	snprintf(lkey, sizeof lkey, "\r\n%s ", word);
	if (body == NULL || (a = strstr(body, key)) == NULL || (b = strstr(link, lkey)) == NULL)
		return;
	r->link_steps++;
	if (atoll(a + strlen(key)) != atoll(b + strlen(lkey)))
		fail_msg("%s, %s: the report reads %s %lld, a link's order %s %lld", r->game,
		    where, word, atoll(a + strlen(key)), word, atoll(b + strlen(lkey)));
}

/* The one-tap links of a page (render/taps.h) as a mail client reads them,
 * percent-decoded: an encoded secret would hide from check_text. body: the
 * mail's text, whose step the links must name too; NULL: none to compare. */
static void
check_links(struct run *r, const struct play *p, const struct facts *f,
    const char *where, int reader, const char *html, const char *body)
{
	for (const char *s = html; (s = strstr(s, "href=\"mailto:")) != NULL;) {
		const char *e = strchr(s + 6, '"');
		char *raw, *dec;

		if (e == NULL)
			break;
		raw = xstrndup(s + 6, (size_t)(e - s - 6));
		dec = g_uri_unescape_string(raw, NULL);
		assert_non_null(dec);
		check_text(r, p, f, where, reader, dec);
		check_link_step(r, p->rules->name, where, body, dec);
		r->links++;
		g_free(dec);
		free(raw);
		s = e;
	}
}

/* The HTML alternative as the outbox keeps it: plain HTML, the page after
 * the line that names its picture, or (rows of before) the
 * multipart/related entity that carries it with the picture; the text/html
 * part is checked as written and as a browser shows it (entities decoded,
 * so an escaped apostrophe hides nothing). */
static void
check_html(struct run *r, const struct play *p, const struct facts *f,
    const char *where, int reader, const char *stored, const char *body)
{
	GMimeStream *in;
	GMimeParser *ps;
	GMimeObject *o;
	char *html = NULL, *shown, cid[128];
	const char *page;

	if (stored[0] == '\0')
		return;
	if ((page = mailout_picture_cid(stored, cid, sizeof cid)) != NULL) {
		html = xstrdup(page);
	} else if (strncmp(stored, "Content-Type:", 13) != 0) {
		html = xstrdup(stored);
	} else {
		mailmsg_global_init();
		in = g_mime_stream_mem_new_with_buffer(stored, strlen(stored));
		ps = g_mime_parser_new_with_stream(in);
		o = g_mime_parser_construct_part(ps, NULL);
		assert_non_null(o);
		assert_true(GMIME_IS_MULTIPART(o));
		for (int i = 0; i < g_mime_multipart_get_count(GMIME_MULTIPART(o)); i++) {
			GMimeObject *part = g_mime_multipart_get_part(GMIME_MULTIPART(o), i);

			if (GMIME_IS_TEXT_PART(part) && html == NULL) {
				char *t = g_mime_text_part_get_text(GMIME_TEXT_PART(part));

				html = xstrdup(t);
				g_free(t);
			}
		}
		g_object_unref(o);
		g_object_unref(ps);
		g_object_unref(in);
		assert_non_null(html);
	}
	shown = html_to_text(html, strlen(html));
	check_text(r, p, f, where, reader, html);
	check_text(r, p, f, where, reader, shown);
	check_links(r, p, f, where, reader, html, body);
	r->htmls++;
	free(shown);
	free(html);
}

static void
load(struct run *r, struct play *p)
{
	struct diag d;

	if (play_load(&r->f.l, r->game, p, &d) != 1)
		fail_msg("play_load %s: %s", r->game, d.msg);
}

/* The facts the texts of the state p are read against: its own, or in a
 * planted run of a kind those of the step before; *own is what to drop. */
static const struct facts *
facts_read(struct run *r, const struct play *p, struct facts **own)
{
	*own = NULL;
	if (r->before != NULL)
		return r->before;
	*own = xmalloc(sizeof **own);
	facts_now(p, r->lang, r->plant, *own);
	return *own;
}

static void
facts_drop(struct facts *own)
{
	if (own == NULL)
		return;
	facts_done(own);
	free(own);
}

/* view.json numbers the step as the report it comes with does: the
 * reader's number, which counts no step hidden from it. The report's
 * order form names it with STEP in the reader's words; a mail without the
 * form has no number to compare, so the comparisons made are counted. */
static void
check_json_step(struct run *r, const char *rules, const char *body, const char *json)
{
	const char *b = strstr(json, "\"step\" : "), *a;
	char key[64];

	snprintf(key, sizeof key, "\n%s ", ordertr_word(r->lang, rules, "STEP"));
	if ((a = strstr(body, key)) == NULL || b == NULL)
		return;
	r->json_steps++;
	if (atoll(a + strlen(key)) != atoll(b + 9))
		fail_msg("%s: the report reads %s%lld, its view.json step %lld", r->game,
		    key + 1, atoll(a + strlen(key)), atoll(b + 9));
}

/* view.json is its reader's view, labelled so: the view of another seat
 * would hold that seat's secrets, which check_text may not list when the
 * step revealed them to it alone. */
static void
check_json_viewer(struct run *r, const char *where, int reader, const char *json)
{
	char want[32];

	snprintf(want, sizeof want, "\"viewer\" : %d,", reader);
	if (reader < 0 || strstr(json, want) == NULL)
		fail_msg("%s, %s: a view.json to seat %d says %.80s", r->game, where, reader,
		    strstr(json, "\"viewer\"") != NULL ? strstr(json, "\"viewer\"") : json);
	r->json_seats |= 1u << reader;
}

/* Whether a UID line of the calendar ical holds tag. */
static int
uid_with(const char *ical, const char *tag)
{
	for (const char *u = ical; (u = strstr(u, "UID:")) != NULL; u++) {
		const char *t = strstr(u, tag);

		if (t != NULL && t < u + strcspn(u, "\r\n"))
			return 1;
	}
	return 0;
}

/* Whose eyes a mail was written with: its order form names its seat (the
 * line SEAT north), its calendar's events are its seat's decisions (their
 * UIDs name the seat's number, calendar.c). A mail to one reader written
 * for another shows that one's view, which holds a game's secrets only at
 * some steps (the choices of a seat waited for), and always its step
 * number, which counts the queued orders of that seat alone (issue 29). */
static void
check_eyes(struct run *r, const char *rules, const char *where, int reader,
    const char *body, const char *ical)
{
	char line[SEAT_NAME + 40], tag[24];

	for (int s = 0; s < r->nseats; s++) {
		if (s == reader)
			continue;
		snprintf(line, sizeof line, "\n%s %s\n", ordertr_word(r->lang, rules, "SEAT"),
		    names[s]);
		if (strstr(body, line) != NULL) {
			line[strlen(line) - 1] = '\0';
			leak(r, where, reader, line + 1, body);
		}
		snprintf(tag, sizeof tag, "-seat%d.", s);
		if (uid_with(ical, tag))
			leak(r, where, reader, tag, ical);
	}
}

/* Every outbox row since the last look, against the state now (or, in a
 * planted run of a kind, the step before). */
static void
scan_outbox(struct run *r)
{
	struct play p;
	struct facts *own;
	const struct facts *f;
	sqlite3_stmt *st;

	load(r, &p);
	f = facts_read(r, &p, &own);
	st = ledger_prep(&r->f.l, "SELECT id, kind, to_addr, subject, body, html, json, ical "
	    "FROM outbox WHERE id > ? ORDER BY id");
	sqlite3_bind_int64(st, 1, r->seen);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int reader = reader_of(r, col_text(st, 2));
		char where[64];

		r->seen = sqlite3_column_int64(st, 0);
		snprintf(where, sizeof where, "%lld, %s mail", (long long)p.seq,
		    col_text(st, 1));
		check_text(r, &p, f, where, reader, col_text(st, 3));
		check_text(r, &p, f, where, reader, col_text(st, 4));
		check_html(r, &p, f, where, reader, col_text(st, 5), col_text(st, 4));
		check_eyes(r, p.rules->name, where, reader, col_text(st, 4), col_text(st, 7));
		if (col_text(st, 6)[0] != '\0') {
			check_text(r, &p, f, where, reader, col_text(st, 6));
			check_json_step(r, p.rules->name, col_text(st, 4), col_text(st, 6));
			check_json_viewer(r, where, reader, col_text(st, 6));
			r->jsons++;
		}
		/* The calendar part's summary and description are words too. */
		if (col_text(st, 7)[0] != '\0') {
			check_text(r, &p, f, where, reader, col_text(st, 7));
			r->icals++;
		}
		r->mails++;
	}
	sqlite3_finalize(st);
	facts_drop(own);
	play_free(&p);
}

/* What `azalai show GAME --as SEAT` prints of the report, for every reader. */
static void
scan_show(struct run *r)
{
	struct play p;
	struct facts *own;
	const struct facts *f;
	struct render rd;

	load(r, &p);
	f = facts_read(r, &p, &own);
	render_init(&rd, r->f.cfg.datadir, p.rules->name, r->lang);
	for (int v = -1; v < p.g.nseats; v++) {
		struct tval *root = report_tree(&r->f.l, &p, v, p.seq - 1, r->lang);
		char *body = NULL, *svg = NULL, where[64];
		struct diag d;

		tval_set_str(root, "referee", r->f.cfg.referee_address);
		if (render_mail(&rd, "report", root, NULL, &body, &d) < 0)
			fail_msg("render: %s", d.msg);
		snprintf(where, sizeof where, "%lld, azalai show", (long long)p.seq);
		check_text(r, &p, f, where, v, body);
		free(body);
		/* The board picture is drawn from the same tree: its SVG (the
		 * words and numbers the PNG shows) may hold no more than the text. */
		if (board_svg(&rd, root, &svg, &d) < 0)
			fail_msg("%s: board picture: %s", r->game, d.msg);
		snprintf(where, sizeof where, "%lld, board picture", (long long)p.seq);
		check_text(r, &p, f, where, v, svg);
		free(svg);
		tval_free(root);
		r->shows++;
	}
	render_free(&rd);
	facts_drop(own);
	play_free(&p);
}

/* A planted run of a kind: what the coming step sends is read against the
 * facts of now, as if it had been sent a step early. */
static void
keep_before(struct run *r, const struct play *p)
{
	if (r->plant != PLANT_STACK && r->plant != PLANT_GOODS)
		return;
	facts_drop(r->before);
	r->before = xmalloc(sizeof *r->before);
	facts_now(p, r->lang, r->plant, r->before);
}

static int
chance(struct run *r, int percent)
{
	return (int)rng_below(&r->pick, 100) < percent;
}

/* The game's campaign, for the tick: in some games a grace after each
 * deadline, which the reminders and late notes name; civil disorder after
 * two deadlines missed in a row, so that a seat silent for a few runs
 * reaches it, played by the bot that searches nothing, so that it costs
 * no time. */
static void
tick_campaign(struct run *r, const struct play *p)
{
	static const char *const kv[][2] = { { "disorder_after", "2" },
	    { "disorder_bot", "random" }, { "grace", "6h" } };
	size_t n = sizeof kv / sizeof kv[0] - !chance(r, 50);
	struct diag d;

	for (size_t i = 0; i < n; i++)
		if (campaign_set(&r->f.l, p->g.id, kv[i][0], kv[i][1], &d) < 0)
			fail_msg("%s: campaign %s: %s", r->game, kv[i][0], d.msg);
}

static void
new_game(struct run *r)
{
	const struct game_rules *rules = game_find(r->su->rules);
	struct game_row *g = xcalloc(1, sizeof *g);
	struct optset o;
	struct play p;
	struct render rd;
	struct diag d;
	uint64_t fixed = rng_next(&r->pick);
	char now[32];
	int json_seat;

	/* The welcome mails are read against the new game's facts. */
	facts_drop(r->before);
	r->before = NULL;
	snprintf(r->game, sizeof r->game, "g%ld", r->games);
	snprintf(g->name, sizeof g->name, "%s", r->game);
	snprintf(g->rules, sizeof g->rules, "%s", r->su->rules);
	r->seed = g->seed = rng_next(&r->pick);
	r->nseats = g->nseats = r->su->nseats;
	for (int i = 0; i < g->nseats; i++) {
		snprintf(g->seats[i].name, SEAT_NAME, "%s", names[i]);
		snprintf(g->seats[i].address, sizeof g->seats[i].address, "%s", addrs[i]);
		snprintf(g->seats[i].kind, sizeof g->seats[i].kind, "human");
		snprintf(g->seats[i].language, sizeof g->seats[i].language, "%s", r->lang);
		assert_int_equal(token_new(r->tokens[i], g->seats[i].salt, &fixed), 0);
		token_hash(r->tokens[i], g->seats[i].salt, g->seats[i].hash);
	}
	if (opt_resolve(rules->options, &o, r->su->kv, r->su->nkv, &d) < 0)
		fail_msg("%s: options: %s", r->su->name, d.msg);
	if (r->su->deck) {
		o.file = decks[r->su->deck];
		snprintf(o.file_name, sizeof o.file_name, "%s", r->su->deck == 1 ?
		    "test_targi_deck.yaml" : "example-deck.yaml");
	}
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&r->f.l, &d), 0);
	if (play_create(&r->f.l, g, &o, now, &p, &d) < 0)
		fail_msg("play_create: %s", d.msg);
	if (people_watch(&r->f.l, &r->f.cfg, &p, WATCHER, r->lang, now, &d) < 0)
		fail_msg("watch: %s", d.msg);
	/* One seat's reports carry its view as JSON (JSON ON), in its
	 * language: read too, against its own reader. The seat goes round
	 * the table from game to game, so every seat's is read and the run
	 * costs what one seat's JSON costs. */
	json_seat = (int)(r->games % g->nseats);
	if (reportjson_set(&r->f.l, &p, json_seat, 1, &d) < 0)
		fail_msg("json: %s", d.msg);
	r->json_on |= 1u << json_seat;
	tick_campaign(r, &p);
	render_init(&rd, r->f.cfg.datadir, rules->name, r->f.cfg.language);
	for (int i = 0; i < g->nseats; i++)
		if (people_welcome(&r->f.l, &r->f.cfg, &rd, &p, i, r->tokens[i], now, &d) < 0)
			fail_msg("welcome: %s", d.msg);
	render_free(&rd);
	assert_int_equal(ledger_commit(&r->f.l, &d), 0);
	play_free(&p);
	free(g);
	r->games++;
	scan_outbox(r);
}

/* A Targi placement made a plan (PLACE a b c): the other legal border
 * cards, as many as seat has Targi left to place after this one. The plan
 * is the seat's secret until each Targi stands (targi_secrets.c). Cards
 * by seat (number mod 3) so the two seats' plans differ. */
static void
plan_rest(const void *vst, int seat, const struct order_list *ol,
    const struct order *first, struct buf *b)
{
	const struct tg_state *st = vst;
	int left = st->pl[seat].quota - st->pl[seat].placed - 1;

	if (first->kind != K_PLACE || first->arg[0] > TG_NBORDER)
		return;
	for (size_t i = 0; i < ol->n && left > 0; i++)
		if (ol->v[i].kind == K_PLACE && ol->v[i].arg[0] <= TG_NBORDER &&
		    ol->v[i].arg[0] != first->arg[0] && ol->v[i].arg[0] % 3 == seat) {
			buf_printf(b, " %d", ol->v[i].arg[0]);
			left--;
		}
}

/* The lines of one mail from seat: mostly a legal order, sometimes a wrong
 * one, an order out of turn, a question or press. */
static void
compose(struct run *r, const struct play *p, int seat, uint32_t waited, struct buf *b)
{
	struct order_list ol;

	if (chance(r, 4))
		buf_adds(b, "STATUS\n");
	if (chance(r, 3))
		buf_adds(b, "REPORT\n");
	if (chance(r, 3))
		buf_adds(b, chance(r, 50) ? "HISTORY\n" : "HISTORY 3\n");
	if (chance(r, 3))
		buf_printf(b, "PRESS TO %s\nGreetings from %s.\nENDPRESS\n", chance(r, 50) ?
		    "ALL" : names[(seat + 1) % r->nseats], names[seat]);
	if (chance(r, 4)) {
		buf_adds(b, "DANCE A JIG\n");
		return;
	}
	order_list_init(&ol);
	if (waited & VIS_SEAT(seat)) {
		p->rules->legal(p->st, seat, &ol);
	} else {
		/* Out of turn: Targui queues it, Targi notes a standing order,
		 * the others refuse it. */
		static const char *const standing[] = { "STANDING RAID GOODS\n",
		    "STANDING RAID VP\n", "STANDING LIMIT MOST\n", "PREFER 5 13 2\n" };

		if (strcmp(p->rules->name, "targui") == 0 && chance(r, 60)) {
			buf_adds(b, chance(r, 15) ? "CANCEL\n" : "PASS\n");
			return;
		}
		if (strcmp(p->rules->name, "targi") == 0 && chance(r, 30)) {
			buf_adds(b, standing[rng_below(&r->pick, 4)]);
			return;
		}
		for (int s = 0; s < r->nseats && ol.n == 0; s++)
			if (waited & VIS_SEAT(s))
				p->rules->legal(p->st, s, &ol);
	}
	if (ol.n > 0) {
		const struct order *o = &ol.v[rng_below(&r->pick, (uint32_t)ol.n)];

		buf_adds(b, o->text);
		if (strcmp(p->rules->name, "targi") == 0 && chance(r, 50))
			plan_rest(p->st, seat, &ol, o, b);
		buf_adds(b, "\n");
	}
	order_list_free(&ol);
}

/* A Targui order queued out of turn, a Targi standing order: the sender's
 * business alone. */
static void
check_quiet(struct run *r, int seat, int64_t before)
{
	sqlite3_stmt *st = ledger_prep(&r->f.l, "SELECT to_addr, kind FROM outbox "
	    "WHERE id > ? AND to_addr <> ?");

	sqlite3_bind_int64(st, 1, before);
	sqlite3_bind_text(st, 2, addrs[seat], -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		fail_msg("%s: %s queued or noted an order and %s got a %s mail", r->game,
		    names[seat], col_text(st, 0), col_text(st, 1));
	sqlite3_finalize(st);
}

/* The step number each reader reads in its report, the observer's last. */
static void
steps_read(struct run *r, const struct play *p, int64_t out[MAX_SEATS + 1])
{
	for (int x = 0; x <= r->nseats; x++) {
		struct tval *root = report_tree(&r->f.l, p, x < r->nseats ? x : -1, p->seq,
		    "en");
		const struct tval *t = tval_get(root, "step");

		assert_non_null(t);
		out[x] = (int64_t)t->num;
		tval_free(root);
	}
}

/* The queued or noted order is no step for the others (issue 29): were
 * it counted in the step number they read, a reader could count another
 * tribe's queued orders. */
static void
check_quiet_step(struct run *r, int seat, const int64_t before[MAX_SEATS + 1])
{
	int64_t after[MAX_SEATS + 1];
	struct play p;

	load(r, &p);
	steps_read(r, &p, after);
	for (int x = 0; x <= r->nseats; x++)
		if (x != seat && after[x] != before[x])
			fail_msg("%s: %s queued or noted an order and %s reads step %lld, not "
			    "%lld", r->game, names[seat], x < r->nseats ? names[x] : "the observer",
			    (long long)after[x], (long long)before[x]);
	r->quiet_steps += after[seat] != before[seat];
	play_free(&p);
}

/* An order mail from seat with body, through the referee. */
static void
send_from(struct run *r, int seat, const char *tag, const char *body)
{
	char mid[80], *m;

	snprintf(mid, sizeof mid, "m%d.%s@%s", r->mid++, r->game, tag);
	m = fx_order_mail(addrs[seat], mid, r->game, names[seat], r->tokens[seat], body);
	fx_mail(&r->f, m);
	free(m);
}

/* The mails a tick queued, read by scan_outbox since the row mark: counted
 * here from the outbox, so that the counts say what was read. */
static void
count_tick_mails(struct run *r, int64_t mark)
{
	sqlite3_stmt *st = ledger_prep(&r->f.l, "SELECT kind FROM outbox WHERE id > ? AND "
	    "id <= ?");

	sqlite3_bind_int64(st, 1, mark);
	sqlite3_bind_int64(st, 2, r->seen);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *kind = col_text(st, 0);

		r->tick_mails++;
		r->reminders += strcmp(kind, "reminder") == 0;
		r->late_notes += strcmp(kind, "late") == 0;
		r->disorder_notes += strcmp(kind, "disorder") == 0;
	}
	sqlite3_finalize(st);
}

/* A seat in civil disorder goes back to its player, as the game master
 * would give it: the test's seats play on, and the mails that say so are
 * read too. */
static void
give_back(struct run *r, const char *now)
{
	struct play p;
	struct diag d;

	load(r, &p);
	/* The bot may have played the game to its end: a game over keeps its seats. */
	for (int s = 0; s < p.g.nseats && strcmp(p.g.status, "active") == 0; s++) {
		if (!p.g.seats[s].disorder)
			continue;
		assert_int_equal(ledger_begin(&r->f.l, &d), 0);
		if (people_set_bot(&r->f.l, &r->f.cfg, &p, s, -1, now, &d) != 0)
			fail_msg("%s: %s back from civil disorder: %s", r->game, names[s], d.msg);
		assert_int_equal(ledger_commit(&r->f.l, &d), 0);
	}
	play_free(&p);
	scan_outbox(r);
}

/* `azalai run` at t for the game (schedule_run), its mails read as the
 * order mails' are. t lies days ahead of the clock the order mails are
 * processed by, the real one (AZALAI_NOW would freeze it, not move it):
 * the steps after a tick bear earlier times than its own, which the
 * deadlines do not mind, each counted from the step that opened it. */
static void
tick_at(struct run *r, time_t t)
{
	struct schedule_stats s;
	struct play p;
	struct diag d;
	char now[32];
	int64_t mark = r->seen;

	load(r, &p);
	keep_before(r, &p);
	play_free(&p);
	clock_iso(t, now, sizeof now);
	memset(&s, 0, sizeof s);
	if (schedule_run(&r->f.l, &r->f.cfg, r->game, now, 0, NULL, &s, &d) < 0)
		fail_msg("%s: schedule_run at %s: %s", r->game, now, d.msg);
	r->ticks++;
	r->defaults += s.defaults;
	r->disorders += s.disorders;
	scan_outbox(r);
	count_tick_mails(r, mark);
	give_back(r, now);
}

/* The game's soonest open deadline and its campaign; 0 when it has none. */
static int
soonest(struct run *r, struct deadline_row *w, struct campaign *c)
{
	struct deadline_row v[DEADLINE_OPEN_MAX];
	struct play p;
	struct diag d;
	int n;

	load(r, &p);
	n = deadline_open_rows(&r->f.l, p.g.id, -1, v);
	if (n > 0 && campaign_load(&r->f.l, p.g.id, c, &d) < 0)
		fail_msg("%s: campaign: %s", r->game, d.msg);
	play_free(&p);
	if (n > 0)
		*w = v[0];
	return n > 0;
}

/* The tick in the reminder window of the game's soonest deadline. */
static void
tick_remind(struct run *r)
{
	struct deadline_row w;
	struct campaign c;

	if (soonest(r, &w, &c) && c.remind > 0)
		tick_at(r, w.due - c.remind / 2);
}

/* The tick past the soonest deadline (the referee plays the default for
 * the late seat and tells the others), runs times: seats silent that long
 * reach civil disorder. */
static void
tick_pass(struct run *r, int runs)
{
	struct deadline_row w;
	struct campaign c;

	for (int i = 0; i < runs && soonest(r, &w, &c); i++)
		tick_at(r, w.due + c.grace + 60);
}

/* Time passes for the game as `azalai run` finds it. The mails a tick
 * sends are made apart from any order mail, so reading those would miss
 * them: every game has a reminder and a default after its first two
 * order mails, however short it is, and more by chance. */
static void
tick(struct run *r, int n)
{
	if (n == 0)
		tick_remind(r);
	else if (n == 1)
		tick_pass(r, 1);
	else if (chance(r, 8)) {
		if (chance(r, 50))
			tick_remind(r);
		else
			tick_pass(r, chance(r, 20) ? 2 + (int)rng_below(&r->pick, 3) : 1);
	}
}

static void
play_game(struct run *r)
{
	new_game(r);
	for (int n = 0; n < MAXMAILS; n++) {
		struct play p;
		struct pending pd;
		struct buf b = BUF_INIT;
		uint32_t waited;
		int seat, quiet;
		int64_t before = r->seen, read_before[MAX_SEATS + 1];

		load(r, &p);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		if (pd.over || strcmp(p.g.status, "ended") == 0) {
			r->ended++;
			play_free(&p);
			break;
		}
		waited = pd.seats;
		seat = (int)rng_below(&r->pick, (uint32_t)r->nseats);
		if (waited != 0 && !chance(r, 15))
			while (!(waited & VIS_SEAT(seat)))
				seat = (int)rng_below(&r->pick, (uint32_t)r->nseats);
		compose(r, &p, seat, waited, &b);
		quiet = !(waited & VIS_SEAT(seat)) && (strcmp(b.p, "PASS\n") == 0 ||
		    strcmp(b.p, "CANCEL\n") == 0 || strncmp(b.p, "STANDING ", 9) == 0 ||
		    strncmp(b.p, "PREFER ", 7) == 0);
		if (quiet)
			steps_read(r, &p, read_before);
		keep_before(r, &p);
		play_free(&p);
		send_from(r, seat, "secrets", b.p);
		buf_free(&b);
		r->steps++;
		scan_outbox(r);
		if (quiet) {
			check_quiet(r, seat, before);
			check_quiet_step(r, seat, read_before);
		}
		if (chance(r, 10))
			scan_show(r);
		tick(r, n);
	}
}

static void
run_setup(const struct job *j, int games, struct run *r)
{
	const struct setup *su = j->su;

	memset(r, 0, sizeof *r);
	r->su = su;
	r->lang = j->lang;
	r->plant = j->plant;
	fx_open(&r->f);
	/* The PNG is drawn from the board SVG, which scan_show reads for every
	 * reader and step; drawing it for each of thousands of mails would only
	 * cost minutes (tests/test_report_mail checks the pictures in mails). */
	snprintf(r->f.cfg.report_pictures, sizeof r->f.cfg.report_pictures, "no");
	/* The ledger's durability is not under test here; its speed is the
	 * number of games. */
	assert_int_equal(sqlite3_exec(r->f.l.db, "PRAGMA synchronous = OFF", NULL, NULL,
	    NULL), SQLITE_OK);
	rng_seed(&r->pick, 0x5ec7e75ULL ^ (uint64_t)(su - setups) * 7919 ^
	    (getenv("AZ_SECRET_SEED") != NULL ? strtoull(getenv("AZ_SECRET_SEED"), NULL, 0) :
	    0));
	for (int g = 0; g < games; g++)
		play_game(r);
	facts_drop(r->before);
	r->before = NULL;
	fx_close(&r->f);
}

/* The common mail templates of lang, or a reason to skip: every template
 * English has, for the mails a game sends go through any of them. */
static int
templates_missing(const char *lang, char *why, size_t n)
{
	const char *src = getenv("srcdir");
	char dir[512], path[1024];
	const char *name;
	GDir *d;
	int missing = 0;

	if (strcmp(lang, "en") == 0)
		return 0;
	snprintf(dir, sizeof dir, "%s/templates/common/en", src != NULL ? src : ".");
	if ((d = g_dir_open(dir, 0, NULL)) == NULL)
		fail_msg("cannot read %s", dir);
	while (!missing && (name = g_dir_read_name(d)) != NULL) {
		snprintf(path, sizeof path, "%s/templates/common/%s/%s",
		    src != NULL ? src : ".", lang, name);
		if (access(path, R_OK) != 0) {
			snprintf(why, n, "no %s (the common templates in %s are not "
			    "there yet)", path, lang);
			missing = 1;
		}
	}
	g_dir_close(d);
	return missing;
}

static int
report_html_in(const char *rules, const char *lang)
{
	const char *src = getenv("srcdir");
	char path[1024];

	snprintf(path, sizeof path, "%s/templates/%s/%s/report.html.mustache",
	    src != NULL ? src : ".", rules, lang);
	return access(path, R_OK) == 0;
}

static int
skipped(const struct job *j)
{
	char why[1200];

	if (!templates_missing(j->lang, why, sizeof why))
		return 0;
	printf("# SKIP %s in %s: %s\n", j->su->name, j->lang, why);
	return 1;
}

static void
test_setup(void **state)
{
	const struct job *j = *state;
	const struct setup *su = j->su;
	struct run *r;
	time_t t0 = time(NULL);

	if (skipped(j))
		skip();
	r = xcalloc(1, sizeof *r);
	run_setup(j, games_per_setup, r);
	printf("# %-45s %s %4ld games (%ld over), %6ld order mails, %7ld mails (%ld with "
	    "HTML, %ld with JSON, %ld with a calendar, %ld one-tap links) and %6ld show "
	    "reports (and board SVGs) read, %ld times a seat saw what others may not, %lds\n",
	    su->name, j->lang, r->games, r->ended, r->steps, r->mails, r->htmls, r->jsons,
	    r->icals, r->links, r->shows, r->positives, (long)(time(NULL) - t0));
	printf("# %-45s %s %4ld runs of the tick: %ld defaults played, %ld seats put in "
	    "civil disorder, %ld mails read (%ld reminders, %ld late notes, %ld of civil "
	    "disorder)\n", su->name, j->lang, r->ticks, r->defaults, r->disorders,
	    r->tick_mails, r->reminders, r->late_notes, r->disorder_notes);
	assert_int_equal(r->leaks, 0);
	/* Every game's reports have an HTML form and a picture: read both
	 * (in a language, once the game has its HTML report in it). */
	if (report_html_in(su->rules, j->lang)) {
		assert_true(r->htmls > 0);
		/* Its seats were asked to decide: the links were read too,
		 * and their steps compared. */
		assert_true(r->links > 0);
		assert_true(r->link_steps > 0);
	}
	else
		printf("# %s in %s: no HTML report template, so no HTML mail to read\n",
		    su->name, j->lang);
	/* azalai show and its board picture were read. */
	assert_true(r->shows > 0);
	assert_true(r->jsons > 0);
	assert_true(r->json_steps > 0);
	/* Every seat that asked for it, not the first seat alone: with as
	 * many games as seats, every seat. */
	assert_int_equal(r->json_seats, r->json_on);
	if (r->games >= su->nseats)
		assert_int_equal(r->json_seats, (1u << su->nseats) - 1);
	/* Seats were asked to decide by a deadline: calendar parts were read. */
	assert_true(r->icals > 0);
	assert_true(r->own_tokens >= r->games * su->nseats);
	/* Time passed for the games: the mails of the tick were read,
	 * among them the reminders and the late notes, which no order mail
	 * makes. */
	assert_true(r->tick_mails > 0);
	assert_true(r->reminders > 0);
	assert_true(r->late_notes > 0);
	/* Out-of-turn orders were queued (and numbered for their sender
	 * alone): the step check of check_quiet_step was made. */
	if (strcmp(su->rules, "targui") == 0)
		assert_true(r->quiet_steps > 0);
	if (su->positive && r->positives == 0)
		fail_msg("%s in %s: no seat ever saw one of the facts hidden from the "
		    "others: the strings are not those the reports use", su->name, j->lang);
	free(r);
}

/* A planted leak (enum plant) must be caught. */
static void
test_planted(void **state)
{
	const struct job *j = *state;
	struct run *r;

	if (skipped(j))
		skip();
	r = xcalloc(1, sizeof *r);
	if (j->plant == PLANT_EYES)
		setenv("AZALAI_TEST_PLANT_LEAK", "1", 1);
	run_setup(j, 3, r);
	unsetenv("AZALAI_TEST_PLANT_LEAK");
	printf("# planted leak, %s in %s: %ld leaks caught, the first: %s\n", j->su->name,
	    j->lang, r->leaks, r->first_leak);
	if (j->plant == PLANT_EYES) {
		assert_true(r->leaks > 0);
		free(r);
		return;
	}
	printf("# of the planted kind: in %ld texts, %ld of them caught; %ld of them and "
	    "%ld lines with none of its English forms, the first: %s\n", r->kind_texts,
	    r->caught_texts, r->said_texts, r->said_lines, r->first_said);
	/* The plant reached the mails (kind_texts), and in another language
	 * some texts hold it in the reader's words alone, which a scan in
	 * English would let go (said_texts): these prove the scan. That every
	 * text holding it is caught checks the test's own two lists against
	 * each other. */
	assert_true(r->kind_texts > 0);
	assert_int_equal(r->caught_texts, r->kind_texts);
	if (strcmp(j->lang, "en") != 0)
		assert_true(r->said_texts > 0);
	free(r);
}

/* What each reader reads of a rollback over south's queued orders (issue
 * 29): the step number it reads after it, then per mail to it its subject
 * and every line that speaks of undoing, and its HISTORY's steps (the
 * times cut off: the two runs do not share a clock). */
static void
rollback_read(int queued, struct buf out[MAX_SEATS + 1])
{
	struct run *r = xcalloc(1, sizeof *r);
	struct play p;
	struct pending pd;
	struct diag d;
	sqlite3_stmt *st;
	int64_t mark, before[MAX_SEATS + 1], mine[MAX_SEATS + 1];
	char now[32];

	r->su = &setups[10];
	r->lang = "en";
	fx_open(&r->f);
	snprintf(r->f.cfg.report_pictures, sizeof r->f.cfg.report_pictures, "no");
	rng_seed(&r->pick, 29);
	new_game(r);
	/* Orders from the seats waited for until south is not one of them. */
	for (int n = 0;; n++) {
		struct order_list ol;
		struct buf b = BUF_INIT;
		int seat = 0;

		assert_true(n < 200);
		load(r, &p);
		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		assert_false(pd.over);
		if (pd.seats != 0 && !(pd.seats & VIS_SEAT(1))) {
			play_free(&p);
			break;
		}
		while (!(pd.seats & VIS_SEAT(seat)))
			seat++;
		order_list_init(&ol);
		p.rules->legal(p.st, seat, &ol);
		buf_printf(&b, "%s\n", ol.v[0].text);
		order_list_free(&ol);
		play_free(&p);
		send_from(r, seat, "rollback", b.p);
		buf_free(&b);
	}
	mark = fx_count(&r->f, "SELECT coalesce(max(id), 0) FROM outbox");
	for (int q = 0; q < queued; q++) {
		load(r, &p);
		steps_read(r, &p, before);
		play_free(&p);
		send_from(r, 1, "rollback", q % 2 ? "CANCEL\n" : "PASS\n");
		load(r, &p);
		steps_read(r, &p, mine);
		play_free(&p);
		/* Each was a step south alone can see. */
		if (mine[1] != before[1] + 1)
			fail_msg("south's queued order %d was no step of its own", q + 1);
	}
	load(r, &p);
	clock_iso(clock_now(), now, sizeof now);
	assert_int_equal(ledger_begin(&r->f.l, &d), 0);
	{
		int64_t first, last;

		if (people_rollback(&r->f.l, &r->f.cfg, &p, queued, "a slip", now, &first,
		    &last, &d) < 0)
			fail_msg("rollback: %s", d.msg);
	}
	assert_int_equal(ledger_commit(&r->f.l, &d), 0);
	play_free(&p);
	for (int x = 0; x < r->nseats; x++)
		if (x != 1)
			send_from(r, x, "rollback", "HISTORY\n");
	load(r, &p);
	{
		int64_t after[MAX_SEATS + 1];

		steps_read(r, &p, after);
		for (int x = 0; x <= r->nseats; x++)
			buf_printf(&out[x], "step %lld\n", (long long)after[x]);
	}
	play_free(&p);
	st = ledger_prep(&r->f.l, "SELECT to_addr, kind, subject, body FROM outbox "
	    "WHERE id > ? ORDER BY id");
	sqlite3_bind_int64(st, 1, mark);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int x = reader_of(r, col_text(st, 0));
		int history = strcmp(col_text(st, 1), "history") == 0;
		const char *body = col_text(st, 3);

		x = x < 0 ? r->nseats : x;
		buf_printf(&out[x], "%s: %s\n", col_text(st, 1), col_text(st, 2));
		for (const char *l = body; *l != '\0';) {
			const char *nl = strchr(l, '\n');
			size_t len = nl != NULL ? (size_t)(nl - l) : strlen(l);
			char *line = xstrndup(l, len), *comma = strchr(line, ',');
			char *said = comma != NULL ? strstr(comma, ": ") : NULL;

			/* "  step 3, Wed 02 Dec 2026 16:20 UTC: north: ...": no time. */
			if (history && strncmp(line, "  step ", 7) == 0 && said != NULL)
				memmove(comma, said, strlen(said) + 1);
			if (strstr(line, "undid") != NULL || strstr(line, "undone") != NULL ||
			    (history && strncmp(line, "  step ", 7) == 0))
				buf_printf(&out[x], "  %s\n", line);
			free(line);
			l += len + (nl != NULL);
		}
	}
	sqlite3_finalize(st);
	fx_close(&r->f);
	free(r);
}

/* A rollback over another tribe's queued orders tells the other readers
 * nothing of how many there were (issue 29): what they read is the same
 * after one queued order undone as after two. */
static void
test_rollback_hidden(void **state)
{
	struct buf one[MAX_SEATS + 1] = { BUF_INIT }, two[MAX_SEATS + 1] = { BUF_INIT };

	(void)state;
	rollback_read(1, one);
	rollback_read(2, two);
	/* South, whose orders they were, is told of them as it numbers them. */
	printf("# south after two queued orders undone:\n%s", two[1].p);
	assert_non_null(strstr(one[1].p, "rollback: Targui g0: step 1 was undone\n"));
	assert_non_null(strstr(two[1].p, "rollback: Targui g0: 2 steps were undone\n"));
	assert_non_null(strstr(two[1].p, "The game master has undone 2 steps, 1 to 2,"));
	for (int x = 0; x <= 3; x++) {
		if (x == 1)
			continue;
		printf("# %s after one queued order undone:\n%s", x < 3 ? names[x] :
		    "the observer", one[x].p);
		if (strcmp(one[x].p, two[x].p) != 0)
			fail_msg("%s tells one undone queued order from two: after two it "
			    "reads\n%s", x < 3 ? names[x] : "the observer", two[x].p);
	}
	for (int x = 0; x <= MAX_SEATS; x++) {
		buf_free(&one[x]);
		buf_free(&two[x]);
	}
}

/* Whether the word w is one of the space-separated words of list. */
static int
strword(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

#define NSETUPS (sizeof setups / sizeof setups[0])
static const char *const langs[] = { "en", "de", "es", "fr" };
#define NLANGS (sizeof langs / sizeof langs[0])

int
main(void)
{
	const char *e = getenv("AZ_SECRET_GAMES"), *only = getenv("AZ_SECRET_ONLY");
	const char *langs_on = getenv("AZ_SECRET_LANGS");
	/* The plants: through the first seat's eyes Targi's drawn or kept
	 * card, Buqruru's sealed hole, Targui's queued orders; a step early
	 * Targui's stack and Targi's face-down goods cards. */
	static const struct {
		size_t setup;
		enum plant plant;
		const char *what;
	} plants[] = {
		{ 7, PLANT_EYES, "Targi" }, { 12, PLANT_EYES, "Buqruru" },
		{ 10, PLANT_EYES, "Targui" },
		{ 10, PLANT_STACK, "Targui's stack, a step early" },
		{ 0, PLANT_GOODS, "Targi's face-down goods cards, a step early" },
	};
#define NPLANTS (sizeof plants / sizeof plants[0])
	static struct job jobs[NLANGS * NSETUPS], pjobs[2 * NPLANTS];
	static char tnames[NLANGS * NSETUPS + 2 * NPLANTS][128];
	struct CMUnitTest t[NLANGS * NSETUPS + 2 * NPLANTS + 1];
	size_t n = 0, nj = 0, np = 0;

	if (e != NULL && atoi(e) > 0)
		games_per_setup = atoi(e);
	if ((decks[1] = src_read("tests/test_targi_deck.yaml")) == NULL ||
	    (decks[2] = src_read("data/targi/example-deck.yaml")) == NULL) {
		fprintf(stderr, "cannot read the test and example decks\n");
		return 1;
	}
	for (size_t l = 0; l < NLANGS; l++)
		for (size_t i = 0; i < NSETUPS; i++) {
			if (only != NULL && strstr(setups[i].name, only) == NULL)
				continue;
			if (!strword(langs_on != NULL ? langs_on : "en de", langs[l]))
				continue;
			jobs[nj] = (struct job){ &setups[i], langs[l], PLANT_NONE };
			t[n] = (struct CMUnitTest)cmocka_unit_test_prestate(test_setup,
			    &jobs[nj++]);
			snprintf(tnames[n], sizeof tnames[n], "%s (%s)", setups[i].name, langs[l]);
			t[n].name = tnames[n];
			n++;
		}
	/* In English and in German: the German plant is caught in German words. */
	for (size_t l = 0; l < 2; l++)
		for (size_t i = 0; i < NPLANTS; i++) {
			pjobs[np] = (struct job){ &setups[plants[i].setup], langs[l],
			    plants[i].plant };
			t[n] = (struct CMUnitTest)cmocka_unit_test_prestate(test_planted,
			    &pjobs[np++]);
			snprintf(tnames[n], sizeof tnames[n], "planted leak is caught: %s (%s)",
			    plants[i].what, langs[l]);
			t[n].name = tnames[n];
			n++;
		}
	t[n++] = (struct CMUnitTest)cmocka_unit_test(test_rollback_hidden);
	n = (size_t)_cmocka_run_group_tests("secrets", t, n, NULL, NULL);
	free(decks[1]);
	free(decks[2]);
	return (int)n;
}
