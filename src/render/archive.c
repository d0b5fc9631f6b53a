/* archive: the static site of azalai archive and of azalai run's
 * archive.dir. Each game is replayed once, step by step (as verify does);
 * every step that goes on the page is rendered from the state at that step
 * through the report's own view, so the page can hold nothing a report to
 * the same reader could not. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/dates.h"
#include "core/fsdir.h"
#include "core/fsutil.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "ledger/audit.h"
#include "ledger/play.h"
#include "render/archive.h"
#include "render/board.h"
#include "render/mustache.h"
#include "render/render.h"
#include "render/report.h"
#include "render/svgsize.h"

/* What the index shows of a game beyond its row, kept in the state file so
 * that a refresh renders only the games that changed. */
struct entry {
	char name[64];
	char key[HASH_HEX];         /* the ledger's side when the page was made */
	long steps;                 /* steps on the page */
	char last_at[32];           /* the newest step on the page */
	char waiting[256];          /* whom the newest step on the page waits for */
};

struct entries {
	struct entry *v;
	size_t n, cap;
};

struct archive {
	struct ledger *l;
	const struct config *cfg;
	const char *dir;
	int dirfd, gamesfd;         /* dir and dir/games, held open (fsdir.h) */
	int picsfd;                 /* dir/games/pictures, the steps' boards */
	char *const *names;
	int nnames;
	int progress;
	long total, done;
	struct entries old, now;
	struct render rd[8];        /* one per rules, by game_table index */
	struct tval *index;         /* the index page's list of games */
	FILE *secrets;              /* test hook: AZALAI_TEST_ARCHIVE_SECRETS */
	struct archive_stats *stats;
	struct diag *d;
	int io_failed;              /* a file could not be written: stop */
	int rc;
};

/* One game being replayed onto its page. */
struct frames {
	struct archive *a;
	const struct game_rules *r;
	struct render *rd;
	struct play p;              /* p.st: the state at the step shown */
	struct campaign c;          /* its zone says the steps' times */
	int open;
	struct tval *steps;
	struct entry *e;
	struct diag *d;
};

static struct entry *
entry_find(struct entries *es, const char *name)
{
	for (size_t i = 0; i < es->n; i++)
		if (strcmp(es->v[i].name, name) == 0)
			return &es->v[i];
	return NULL;
}

static struct entry *
entry_add(struct entries *es)
{
	if (es->n == es->cap) {
		es->cap = es->cap ? es->cap * 2 : 64;
		es->v = xreallocarray(es->v, es->cap, sizeof *es->v);
	}
	memset(&es->v[es->n], 0, sizeof es->v[0]);
	return &es->v[es->n++];
}

/* The state file: one line per game, NAME KEY STEPS LAST_AT WAITING, tab
 * separated. A missing or unreadable one only means every game is rendered. */
static void
state_load(const char *path, struct entries *es)
{
	char *text, *line, *save = NULL;
	size_t len;

	if (path == NULL || fs_read(path, &text, &len) < 0)
		return;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *f[5], *p = line;
		int n = 0;
		struct entry *e;

		while (n < 5 && p != NULL) {
			f[n++] = p;
			if ((p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
		}
		if (n != 5)
			continue;
		e = entry_add(es);
		snprintf(e->name, sizeof e->name, "%s", f[0]);
		snprintf(e->key, sizeof e->key, "%s", f[1]);
		e->steps = strtol(f[2], NULL, 10);
		snprintf(e->last_at, sizeof e->last_at, "%s", f[3]);
		snprintf(e->waiting, sizeof e->waiting, "%s", f[4]);
	}
	free(text);
}

static int
state_save(const char *path, const struct entries *es, struct diag *d)
{
	struct buf b = BUF_INIT;
	int rc = 0;

	for (size_t i = 0; i < es->n; i++)
		buf_printf(&b, "%s\t%s\t%ld\t%s\t%s\n", es->v[i].name, es->v[i].key,
		    es->v[i].steps, es->v[i].last_at, es->v[i].waiting);
	if (fs_write_atomic(path, b.p != NULL ? b.p : "", b.len) < 0)
		rc = diag_set(d, 0, "cannot write %s: %s", path, strerror(errno));
	buf_free(&b);
	return rc;
}

/* What decides whether a game's page is stale: its newest step, how it
 * stands and the language the site is in (v2: the states, kinds and dates
 * in it, so pages made in English words by v1 are made again; v3: the
 * orders, which v2 showed in English). A hash, so a game master's reason
 * with a tab in it is harmless. */
static void
key_of(const char *lang, int64_t last_seq, const char *status, const char *result,
    const char *paused_at, const char *end_reason, char out[HASH_HEX])
{
	char seq[32];
	const char *parts[7];

	snprintf(seq, sizeof seq, "%lld", (long long)last_seq);
	parts[0] = seq;
	parts[1] = status;
	parts[2] = result;
	parts[3] = paused_at;
	parts[4] = end_reason;
	parts[5] = "archive-v3";
	parts[6] = lang;
	sha256_parts_hex(out, 7, parts);
}

static void
game_key(const struct archive *a, const struct game_row *g, char out[HASH_HEX])
{
	key_of(a->cfg->language, ledger_last_seq(a->l, g->id), g->status, g->result,
	    g->paused_at, g->end_reason, out);
}

/* A game's page: its name in dir/games. */
#define PAGE_NAME (sizeof ((struct game_row *)0)->name + 8)

static void
page_name(const char *game, char out[PAGE_NAME])
{
	snprintf(out, PAGE_NAME, "%s.html", game);
}

/* Writes name in dirfd when its bytes differ from data: a refresh that
 * changes nothing touches nothing (not even a file's time). path names it
 * for people. */
static int
write_if_changed(struct archive *a, int dirfd, const char *name, const char *path,
    const char *data)
{
	char *old;
	size_t len, n = strlen(data);

	if (fs_dir_read(dirfd, name, &old, &len) == 0) {
		int same = len == n && memcmp(old, data, n) == 0;

		free(old);
		if (same)
			return 0;
	}
	if (fs_dir_write(dirfd, name, data, n, 0644) < 0) {
		a->io_failed = 1;
		return diag_set(a->d, 0, "cannot write %s: %s", path, strerror(errno));
	}
	if (dirfd == a->picsfd)
		a->stats->pictures++;
	else
		a->stats->written++;
	return 0;
}

/* A published directory is readable by the web server, whatever the umask;
 * one that exists already keeps the mode its owner gave it. A link there
 * is refused: through it the site would be written anywhere. What killed
 * writers left in it goes. */
static int
open_dir(struct archive *a, int at, const char *name, const char *path)
{
	int fd = at < 0 ? fs_dir_open(path, 0755) : fs_dir_sub(at, name, 0755), n;

	if (fd < 0) {
		a->io_failed = 1;
		if (errno == ELOOP)
			return diag_set(a->d, 0, "%s is a symbolic link: the archive is "
			    "written only into a real directory", path);
		return diag_set(a->d, 0, "cannot create %s: %s", path, strerror(errno));
	}
	if ((n = fs_dir_clean(fd)) > 0)
		log_info("archive: removed %d half-written file%s from %s", n,
		    n == 1 ? "" : "s", path);
	return fd;
}

/* The lines of a step's narrative the page may show, as {text, who}: an
 * observer's while the game runs; once it is open every line, a line that
 * only some seats read then saying whose it was (who; with prefix, in the
 * text, for the text report). Returns how many. */
static int
step_lines(const char *narrative, const struct game_row *g, int open, int prefix,
    struct tval *list)
{
	int n = 0;

	for (const char *p = narrative; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		const char *tab = memchr(p, '\t', len);
		char *end, *text;
		unsigned long vis = strtoul(p, &end, 16);

		if (tab != NULL && end == tab) {
			/* Observers read the lines every seat reads (report.c). */
			int pub = (vis & 0x80000000ul) != 0;

			if (pub || open) {
				struct tval *m = tval_push_map(list);
				struct buf who = BUF_INIT;

				for (int s = 0; !pub && s < g->nseats; s++)
					if (vis & VIS_SEAT(s))
						buf_printf(&who, "%s%s", who.len ? ", " : "",
						    g->seats[s].name);
				text = xstrndup(tab + 1, len - (size_t)(tab + 1 - p));
				if (prefix && who.len > 0) {
					/* A message, so the line inside renders too. */
					char said[2048];

					msg_fmt(said, sizeof said, "(to %s) %s", who.p, text);
					tval_set_str(m, "text", said);
				} else
					tval_set_str(m, "text", text);
				tval_set_str(m, "who", who.len > 0 ? who.p : "");
				tval_set_bool(m, "private", who.len > 0);
				free(text);
				buf_free(&who);
				n++;
			}
		}
		p += len + (nl != NULL);
	}
	return n;
}

static void
waiting_text(const struct game_rules *r, const void *st, const struct game_row *g,
    char *out, size_t size)
{
	struct pending pd;
	struct buf b = BUF_INIT;

	memset(&pd, 0, sizeof pd);
	r->waiting_for(st, &pd);
	for (int s = 0; !pd.over && s < g->nseats; s++)
		if (pd.seats & VIS_SEAT(s))
			buf_printf(&b, "%s%s", b.len ? ", " : "", g->seats[s].name);
	snprintf(out, size, "%s", b.p != NULL ? b.p : "");
	buf_free(&b);
}

/* Test hook (tests/archive.sh): the facts an observer may not know at each
 * step on a page, so the test can look for them in that step's section. */
static void
secrets_out(struct archive *a, const struct game_rules *r, const void *st,
    const char *game, const char *step)
{
	struct secrets s;

	if (a->secrets == NULL)
		return;
	secrets_init(&s);
	r->secrets(st, -1, &s);
	for (size_t i = 0; i < s.n; i++)
		fprintf(a->secrets, "%s\t%s\t%s\n", game, step, s.v[i]);
	secrets_free(&s);
}

/* The width a page gives its boards (the boards are drawn 520 wide) and
 * scales down to a narrower screen. */
#define ARCHIVE_PICTURE_WIDTH 520

/* A step's board as a file of its own under games/pictures, named after
 * its bytes, and the page's link to it ("pictures/NAME.svg") in out. A
 * Targi page inlining its 165 boards weighed 3.8 MB and took seconds to
 * open on a phone: as files, the stepper fetches only the board it shows
 * (the <img> is lazy and the other steps are hidden), a board that does not
 * change from one step to the next is one file, and a refresh writes only
 * the boards it has not written before. A board is the page's own view at
 * that step (an observer's while the game runs), so a file holds nothing
 * the page would not. */
static int
picture_file(struct archive *a, const char *svg, char out[80])
{
	char h[HASH_HEX], name[48], *path;
	int rc;

	sha256_hex(svg, strlen(svg), h);
	snprintf(name, sizeof name, "%.24s.svg", h);
	snprintf(out, 80, "pictures/%s", name);
	xasprintf(&path, "%s/games/pictures/%s", a->dir, name);
	rc = write_if_changed(a, a->picsfd, name, path, svg);
	free(path);
	return rc;
}

/* A step's kind as the reader's word: a term, so no English reaches a
 * page in another language. A kind this table lacks shows as it is. */
static const char *
kind_term(const char *kind)
{
	static const struct {
		const char *kind, *term;
	} kinds[] = {
		{ "setup", TERM("common.step.setup") },
		{ "order", TERM("common.step.order") },
		{ "bot", TERM("common.step.bot") },
		{ "default", TERM("common.step.default") },
		{ "admin", TERM("common.step.admin") },
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kind, kinds[i].kind) == 0)
			return kinds[i].term;
	return kind;
}

static int
frame_one(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	struct frames *f = arg;
	const struct game_row *g = &f->p.g;
	struct tval *lines = tval_list(), *m, *root;
	char *body = NULL, *svg = NULL, step[32], at[CAMPAIGN_DATE];
	int shown = step_lines(e->narrative, g, f->open, 0, lines);
	int64_t n;

	/* A step an observer read nothing of stays off a running game's page,
	 * and the page numbers its steps as an observer's mails do
	 * (report_step_seen): the gaps would count another seat's hidden
	 * orders, those a rollback undid too. Once open, the steps are
	 * numbered as the ledger has them. */
	if (!f->open && seq > 0 && shown == 0) {
		tval_free(lines);
		return 0;
	}
	f->p.seq = seq;
	n = f->open ? seq : report_step_seen(f->a->l, &f->p, -1, seq);
	m = tval_push_map(f->steps);
	tval_set_int(m, "step", n);
	tval_set_int(m, "index", (long long)f->e->steps);
	campaign_date_iso(&f->c, e->at, at, sizeof at);
	tval_set_str(m, "at", at);
	tval_set_str(m, "kind", kind_term(e->kind));
	if (e->seat >= 0 && e->seat < g->nseats)
		tval_set_str(m, "seat", g->seats[e->seat].name);
	/* An order's text may be a sealed or queued choice: only once open.
	 * The ledger keeps it in English; the page says it in its reader's
	 * order words, as the reports and turning points mails do. */
	if (f->open && e->seat >= 0 && e->payload != NULL && e->payload[0] != '\0') {
		char said[2 * ORDER_TEXT + 64];

		if (ordertr_to_lang(f->rd->lang, f->r->name, e->payload, said,
		    sizeof said) < 0)
			snprintf(said, sizeof said, "%s", e->payload);
		tval_set_str(m, "order", said);
	}
	tval_set(m, "lines", lines);
	tval_set_bool(m, "has_lines", shown > 0);

	memcpy(f->p.st, st, f->r->state_size);
	f->p.seq = seq;
	root = report_tree(f->a->l, &f->p, -1, seq - 1, f->rd->lang);
	step_lines(e->narrative, g, f->open, 1, tval_set_list(root, "news"));
	/* Deadlines are the campaign's now, not the step's: no page says them. */
	tval_set_list(root, "deadlines");
	tval_set_str(root, "your_deadline", "");
	tval_set_bool(root, "has_your_deadline", 0);
	tval_set_str(root, "your_deadline_at", "");
	if (render_mail(f->rd, "report", root, NULL, &body, f->d) < 0 ||
	    board_svg(f->rd, root, &svg, f->d) < 0) {
		free(body);
		tval_free(root);
		return -1;
	}
	tval_set_str(m, "report", body);
	if (svg != NULL) {
		char file[80], *alt = NULL;
		long w = 0, h = 0;

		if (picture_file(f->a, svg, file) < 0) {
			free(body);
			free(svg);
			tval_free(root);
			return -1;
		}
		tval_set_str(m, "picture", file);
		/* Said in words from the same view, for a screen reader and
		 * for a reader whose browser blocks pictures. */
		if (render_doc(f->rd, "board-alt", root, MUSTACHE_ESCAPE_NONE, &alt,
		    f->d) == 0) {
			size_t k = strlen(alt);

			while (k > 0 && alt[k - 1] == '\n')
				alt[--k] = '\0';
			tval_set_str(m, "picture_alt", alt);
		}
		free(alt);
		/* The box before the picture comes: the page does not jump. */
		w = ARCHIVE_PICTURE_WIDTH;
		if (svg_png_height(svg, (int)w, 100 * ARCHIVE_PICTURE_WIDTH, &h) < 0)
			h = w;
		tval_set_int(m, "picture_width", w);
		tval_set_int(m, "picture_height", h);
	}
	tval_set_bool(m, "has_svg", svg != NULL);
	free(body);
	free(svg);
	tval_free(root);

	snprintf(step, sizeof step, "%lld", (long long)n);
	secrets_out(f->a, f->r, st, g->name, step);
	f->e->steps++;
	snprintf(f->e->last_at, sizeof f->e->last_at, "%s", e->at);
	waiting_text(f->r, st, g, f->e->waiting, sizeof f->e->waiting);
	return 0;
}

static struct render *
renderer(struct archive *a, const struct game_rules *r)
{
	for (int i = 0; game_table[i] != NULL && i < 8; i++) {
		if (game_table[i] != r)
			continue;
		if (a->rd[i].dir[0] == '\0')
			render_init(&a->rd[i], a->cfg->datadir, r->name, a->cfg->language);
		return &a->rd[i];
	}
	return NULL;
}

/* The state words are terms and the dates the reader's (campaign_date): the
 * page is in the archive's language, whatever C calls them. The entry keeps
 * the ledger's ISO time, so the state file does not depend on a language. */
static void
status_keys(const struct game_row *g, const struct campaign *c, const struct entry *e,
    struct tval *m)
{
	const char *state = TERM("common.game.running");
	char t[CAMPAIGN_DATE];

	if (strcmp(g->status, "over") == 0)
		state = TERM("common.game.over");
	else if (strcmp(g->status, "ended") == 0)
		state = TERM("common.game.ended");
	else if (g->paused_at[0] != '\0')
		state = TERM("common.game.paused");
	tval_set_str(m, "state", state);
	tval_set_str(m, "result", g->result);
	tval_set_bool(m, "has_result", g->result[0] != '\0');
	tval_set_str(m, "end_reason", g->end_reason);
	tval_set_bool(m, "has_end_reason", g->end_reason[0] != '\0');
	tval_set_str(m, "waiting", e->waiting);
	tval_set_bool(m, "has_waiting", !audit_open(g) && e->waiting[0] != '\0');
	campaign_date_iso(c, g->created_at, t, sizeof t);
	tval_set_str(m, "created", t);
	campaign_date_iso(c, e->last_at, t, sizeof t);
	tval_set_str(m, "last_at", t);
	tval_set_int(m, "steps", e->steps);
}

static void
players_keys(const struct game_row *g, struct tval *m)
{
	struct tval *list = tval_set_list(m, "players");
	struct buf b = BUF_INIT;

	/* Names only: an address is no reader's business. */
	for (int s = 0; s < g->nseats; s++) {
		struct tval *p = tval_push_map(list);

		tval_set_str(p, "name", g->seats[s].name);
		tval_set_bool(p, "bot", strcmp(g->seats[s].kind, "bot") == 0);
		buf_printf(&b, "%s%s", s ? ", " : "", g->seats[s].name);
	}
	tval_set_str(m, "players_text", b.p != NULL ? b.p : "");
	buf_free(&b);
}

/* Replays g once and writes its page; e gets what the index needs. */
static int
game_page(struct archive *a, const struct game_row *g, struct entry *e)
{
	struct frames f;
	struct tval *page;
	char *html = NULL, *path = NULL, salt[AUDIT_SALT], commit[HASH_HEX];
	void *st;
	int rc = -1;

	memset(&f, 0, sizeof f);
	f.a = a;
	f.d = a->d;
	f.e = e;
	if ((f.r = game_find(g->rules)) == NULL)
		return diag_set(a->d, 0, "game %s uses rules \"%s\" this azalai does not know",
		    g->name, g->rules);
	f.rd = renderer(a, f.r);
	f.open = audit_open(g);
	if (campaign_load(a->l, g->id, &f.c, NULL) < 0)
		campaign_defaults(&f.c);
	f.p.g = *g;
	f.p.rules = f.r;
	f.p.st = xcalloc(1, f.r->state_size);
	f.steps = tval_list();
	e->steps = 0;
	e->last_at[0] = e->waiting[0] = '\0';
	st = xcalloc(1, f.r->state_size);
	if (play_replay(a->l, g, -1, st, frame_one, &f, a->d) < 0)
		goto out;
	secrets_out(a, f.r, st, g->name, "now");
	if (audit_seed_load(a->l, g->id, salt, commit, a->d) < 0)
		goto out;

	page = tval_map();
	tval_set_str(page, "game_id", g->name);
	tval_set_str(page, "title", f.r->title);
	players_keys(g, page);
	status_keys(g, &f.c, e, page);
	tval_set_bool(page, "open", f.open);
	tval_set_str(page, "commitment", commit);
	tval_set_bool(page, "has_commitment", commit[0] != '\0');
	if (f.open) {
		struct tval *rv = tval_set_map(page, "reveal");
		char head[HASH_HEX];

		tval_set_strf(rv, "seed", "%llu", (unsigned long long)g->seed);
		tval_set_str(rv, "salt", salt);
		audit_chain_head(a->l, g->id, ledger_last_seq(a->l, g->id), head);
		tval_set_str(rv, "head", head);
	}
	tval_set_int(page, "last_index", e->steps > 0 ? e->steps - 1 : 0);
	tval_set(page, "steps", f.steps);
	f.steps = NULL;
	rc = render_html(f.rd, "archive-game", page, &html, a->d);
	tval_free(page);
	if (rc == 0 && html == NULL)
		rc = diag_set(a->d, 0, "no template archive-game.html under %s", f.rd->dir);
	if (rc == 0) {
		char name[PAGE_NAME];

		page_name(g->name, name);
		xasprintf(&path, "%s/games/%s", a->dir, name);
		rc = write_if_changed(a, a->gamesfd, name, path, html);
	}
out:
	tval_free(f.steps);
	free(f.p.st);
	free(st);
	free(html);
	free(path);
	return rc;
}

static int
named(const struct archive *a, const char *name)
{
	if (a->nnames == 0)
		return 1;
	for (int i = 0; i < a->nnames; i++)
		if (strcmp(a->names[i], name) == 0)
			return 1;
	return 0;
}

/* A page someone removed is made again, though its game did not change;
 * so is one that became a link. */
static int
page_exists(const struct archive *a, const char *name)
{
	char file[PAGE_NAME];

	page_name(name, file);
	return fs_dir_has(a->gamesfd, file);
}

/* azalai run's usual case: no game changed since the last refresh. One
 * query over the games, in the state file's order (the ledger's), and no
 * game loaded or replayed. */
static int
nothing_changed(struct archive *a)
{
	sqlite3_stmt *st = ledger_prep(a->l, "SELECT name, status, result, paused_at, "
	    "end_reason, (SELECT MAX(seq) FROM events e WHERE e.game_id = g.id) "
	    "FROM games g ORDER BY id");
	size_t n = 0;
	int same = 1;

	while (same && sqlite3_step(st) == SQLITE_ROW) {
		char key[HASH_HEX];

		key_of(a->cfg->language, sqlite3_column_int64(st, 5), col_text(st, 1),
		    col_text(st, 2), col_text(st, 3), col_text(st, 4), key);
		same = n < a->old.n && strcmp(a->old.v[n].name, col_text(st, 0)) == 0 &&
		    strcmp(a->old.v[n].key, key) == 0 && page_exists(a, a->old.v[n].name);
		n++;
	}
	sqlite3_finalize(st);
	return same && n == a->old.n;
}

static int
archive_one(void *arg, const struct game_row *g)
{
	struct archive *a = arg;
	struct entry *e, *old;
	struct campaign c;
	struct tval *m;
	char key[HASH_HEX];

	if (!named(a, g->name))
		return 0;
	if (a->progress)
		fprintf(stderr, "\rarchiving %ld of %ld games", a->done + 1, a->total);
	a->done++;
	game_key(a, g, key);
	e = entry_add(&a->now);
	old = entry_find(&a->old, g->name);
	if (old != NULL && strcmp(old->key, key) == 0 && page_exists(a, g->name)) {
		*e = *old;
	} else {
		snprintf(e->name, sizeof e->name, "%s", g->name);
		a->stats->rendered++;
		if (game_page(a, g, e) < 0) {
			/* One game that will not replay must not keep the others off
			 * the site; a file that cannot be written stops it all. */
			if (a->progress)
				fputc('\n', stderr);
			log_error("archive: %s", a->d->msg);
			a->stats->failed++;
			a->now.n--;
			if (a->io_failed) {
				a->rc = ARCHIVE_EWRITE;
				return 1;
			}
			return 0;
		}
		snprintf(e->key, sizeof e->key, "%s", key);
	}
	m = tval_push_map(a->index);
	tval_set_str(m, "game_id", g->name);
	{
		const struct game_rules *r = game_find(g->rules);

		tval_set_str(m, "title", r != NULL ? r->title : g->rules);
	}
	players_keys(g, m);
	if (campaign_load(a->l, g->id, &c, NULL) < 0)
		campaign_defaults(&c);
	status_keys(g, &c, e, m);
	a->stats->games++;
	return 0;
}

/* Everything but the directories, which a holds open. */
static int
site_write(struct archive *a, const char *state)
{
	struct render common;
	struct tval *root;
	const char *hook = testhook_archive_secrets();
	char *html = NULL, *path;

	if (hook != NULL && *hook != '\0' && (a->secrets = fopen(hook, "a")) == NULL) {
		diag_set(a->d, 0, "cannot open %s: %s", hook, strerror(errno));
		return ARCHIVE_EWRITE;
	}
	state_load(state, &a->old);
	if (state != NULL && a->nnames == 0 && nothing_changed(a)) {
		a->stats->games = (long)a->old.n;
		if (a->secrets != NULL)
			fclose(a->secrets);
		free(a->old.v);
		return 0;
	}
	a->index = tval_list();
	ledger_games_each(a->l, archive_one, a);
	if (a->progress && a->total > 0)
		fputc('\n', stderr);
	if (a->secrets != NULL)
		fclose(a->secrets);
	for (int i = 0; i < 8; i++)
		if (a->rd[i].dir[0] != '\0')
			render_free(&a->rd[i]);
	if (a->rc == 0) {
		root = tval_map();
		tval_set(root, "games", a->index);
		tval_set_int(root, "ngames", a->stats->games);
		tval_set_bool(root, "has_games", a->stats->games > 0);
		render_init(&common, a->cfg->datadir, NULL, a->cfg->language);
		if (render_html(&common, "archive-index", root, &html, a->d) < 0) {
			a->rc = ARCHIVE_ESOFTWARE;
		} else if (html == NULL) {
			diag_set(a->d, 0, "no template archive-index.html under %s", common.dir);
			a->rc = ARCHIVE_ESOFTWARE;
		}
		render_free(&common);
		tval_free(root);
	} else {
		tval_free(a->index);
	}
	if (a->rc == 0) {
		xasprintf(&path, "%s/index.html", a->dir);
		if (write_if_changed(a, a->dirfd, "index.html", path, html) < 0)
			a->rc = ARCHIVE_EWRITE;
		free(path);
	}
	if (a->rc == 0 && state != NULL && state_save(state, &a->now, a->d) < 0)
		a->rc = ARCHIVE_EWRITE;
	free(html);
	free(a->old.v);
	free(a->now.v);
	return a->rc;
}

int
archive_write(struct ledger *l, const struct config *cfg, const char *dir,
    char *const *names, int nnames, const char *state, int progress,
    struct archive_stats *stats, struct diag *d)
{
	struct archive a;
	char *path;
	int rc = ARCHIVE_EWRITE;

	memset(&a, 0, sizeof a);
	memset(stats, 0, sizeof *stats);
	a.l = l;
	a.cfg = cfg;
	a.dir = dir;
	a.names = names;
	a.nnames = nnames;
	a.progress = progress;
	a.stats = stats;
	a.d = d;
	for (int i = 0; i < nnames; i++) {
		struct game_row *g = xmalloc(sizeof *g);
		int found = ledger_game_by_name(l, names[i], g, d);

		free(g);
		if (found < 0)
			return ARCHIVE_ELEDGER;
		if (found == 0) {
			diag_set(d, 0, "there is no game \"%s\"", names[i]);
			return ARCHIVE_EGAME;
		}
	}
	if (nnames > 0) {
		a.total = nnames;
	} else {
		sqlite3_stmt *st = ledger_prep(l, "SELECT COUNT(*) FROM games");

		if (sqlite3_step(st) == SQLITE_ROW)
			a.total = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	xasprintf(&path, "%s/games", dir);
	a.gamesfd = a.picsfd = -1;
	if ((a.dirfd = open_dir(&a, -1, NULL, dir)) >= 0 &&
	    (a.gamesfd = open_dir(&a, a.dirfd, "games", path)) >= 0) {
		free(path);
		xasprintf(&path, "%s/games/pictures", dir);
		if ((a.picsfd = open_dir(&a, a.gamesfd, "pictures", path)) >= 0)
			rc = site_write(&a, state);
	}
	free(path);
	fs_dir_close(a.picsfd);
	fs_dir_close(a.gamesfd);
	fs_dir_close(a.dirfd);
	return rc;
}

int
archive_refresh(struct ledger *l, const struct config *cfg, struct archive_stats *stats,
    struct diag *d)
{
	char *state;
	int rc, began = 0;

	memset(stats, 0, sizeof *stats);
	if (cfg->archive_dir[0] == '\0')
		return 0;
	xasprintf(&state, "%s.archive", cfg->ledger);
	/* One read transaction: the pages agree with one another. */
	if (!l->in_tx && ledger_read_begin(l, NULL) == 0)
		began = 1;
	rc = archive_write(l, cfg, cfg->archive_dir, NULL, 0, state, 0, stats, d);
	if (began)
		ledger_read_end(l);
	free(state);
	return rc;
}
