#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/xmalloc.h"
#include "ledger/audit.h"
#include "ledger/play.h"
#include "render/board.h"
#include "render/drawer.h"
#include "render/picture.h"
#include "render/render.h"
#include "render/taps.h"

/* The templates, read once a run however many pictures are made again:
 * each picture renders through a renderer of its game and language that
 * shares them (render_init_shared). */
static struct render *
templates(const struct config *c)
{
	static struct render base;
	static char from[sizeof c->datadir];
	static int ready;

	if (ready && strcmp(from, c->datadir) != 0) {
		render_free(&base);
		ready = 0;
	}
	if (!ready) {
		render_init(&base, c->datadir, NULL, c->language);
		snprintf(from, sizeof from, "%s", c->datadir);
		ready = 1;
	}
	return &base;
}

/* The game of recipe at its step into p (play_free it on 0): its row as
 * the ledger holds it now, its state replayed from the live events. */
static int
game_at(struct ledger *l, const struct picture_recipe *rec, struct play *p, struct diag *d)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT name FROM games WHERE id = ?");
	char name[sizeof p->g.name] = "";
	int rc;

	sqlite3_bind_int64(st, 1, rec->game);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(name, sizeof name, "%s", col_text(st, 0));
	ledger_release(l, st);
	memset(p, 0, sizeof *p);
	if (name[0] == '\0' || (rc = ledger_game_by_name(l, name, &p->g, d)) == 0)
		return diag_set(d, 0, "game %lld is not in the ledger", (long long)rec->game);
	if (rc < 0)
		return -1;
	if ((p->rules = game_find(p->g.rules)) == NULL)
		return diag_set(d, 0, "game %s uses rules \"%s\" this azalai does not know",
		    p->g.name, p->g.rules);
	if (rec->step < 0 || rec->step > ledger_last_seq(l, p->g.id))
		return diag_set(d, 0, "game %s has no step %lld", p->g.name,
		    (long long)rec->step);
	if (rec->viewer < -1 || rec->viewer >= p->g.nseats)
		return diag_set(d, 0, "game %s has no seat %d", p->g.name, rec->viewer);
	p->st = xcalloc(1, p->rules->state_size);
	if (play_replay(l, &p->g, rec->step, p->st, NULL, NULL, d) < 0) {
		play_free(p);
		return -1;
	}
	p->seq = rec->step;
	play_state_hash(p->rules, p->st, p->state_hash);
	/* Shown as it was when the mail was written: a game that ended since
	 * shows its readers everything, but this picture was made before. */
	if (audit_open(&p->g) != (rec->open != 0))
		snprintf(p->g.status, sizeof p->g.status, "%s", rec->open ? "over" : "active");
	return 0;
}

/* The SVG of rec's reader over p as it stands; flip: with the reader asked
 * to move if the game as it stands does not ask, and not if it does. */
static int
rebuild_svg(const struct config *c, struct ledger *l, struct render *r, struct play *p,
    const struct picture_recipe *rec, int flip, char **svg, struct diag *d)
{
	struct tval *root = report_tree(l, p, rec->viewer, p->seq, rec->lang);
	const struct tval *asked = tval_get(root, "your_turn");
	int rc;

	if (flip)
		tval_set_bool(root, "your_turn", asked == NULL || !asked->b);
	taps_spots(c, p, rec->viewer, root);
	rc = board_svg_render(r, root, svg, d);
	tval_free(root);
	return rc;
}

int
picture_rebuild(struct ledger *l, const struct config *c, const struct picture_recipe *rec,
    const char *cid, char **svg, struct diag *d)
{
	struct render r;
	struct play p;
	char got[REPORT_CID_MAX];
	int rc;

	*svg = NULL;
	if (game_at(l, rec, &p, d) < 0)
		return -1;
	/* The picture reads only the view's keys of the tree (the game's
	 * board.svg), which are the same whatever the reader was told of
	 * since and whatever else the mail's tree held. */
	render_init_shared(&r, templates(c), p.rules->name, rec->lang);
	rc = rebuild_svg(c, l, &r, &p, rec, 0, svg, d);
	if (rc == 0) {
		report_cid(*svg, got);
		/* A pause is no step: one begun or ended between the mail and
		 * its drawing changes only whether the reader was asked (the
		 * choices on the board), so the other way is tried too; the
		 * name still has to be the mail's. */
		if (strcmp(got, cid) != 0) {
			free(*svg);
			*svg = NULL;
			if ((rc = rebuild_svg(c, l, &r, &p, rec, 1, svg, d)) == 0)
				report_cid(*svg, got);
		}
		if (rc == 0 && strcmp(got, cid) != 0) {
			rc = diag_set(d, 0, "game %s at step %lld, as %s read it in language "
			    "%s, is no longer the picture the mail was written with (the step "
			    "was rolled back, or a template changed since)", p.g.name,
			    (long long)rec->step, rec->viewer >= 0 ?
			    p.g.seats[rec->viewer].name : "an observer", rec->lang);
			free(*svg);
			*svg = NULL;
		}
	}
	render_free(&r);
	play_free(&p);
	return rc;
}

int
picture_draw(struct ledger *l, const struct config *c, int64_t game, const char *cid,
    struct buf *png)
{
	/* game_id IN: one search of the (game_id, cid) key each. */
	sqlite3_stmt *st = ledger_stmt(l, "SELECT game_id, svg, step, viewer, open, lang "
	    "FROM picture WHERE game_id IN (?, 0) AND cid = ? AND png IS NULL LIMIT 1");
	struct picture_recipe rec;
	struct diag d;
	char *svg = NULL;
	int recipe = 0;

	memset(&rec, 0, sizeof rec);
	sqlite3_bind_int64(st, 1, game > 0 ? game : 0);
	sqlite3_bind_text(st, 2, cid, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		/* The row's own game: the mail's, or 0 for a row of before 019. */
		rec.game = sqlite3_column_int64(st, 0);
		if (sqlite3_column_type(st, 1) != SQLITE_NULL) {
			svg = xstrdup(col_text(st, 1));
		} else if (sqlite3_column_type(st, 2) != SQLITE_NULL) {
			recipe = 1;
			rec.step = sqlite3_column_int64(st, 2);
			rec.viewer = sqlite3_column_int(st, 3);
			rec.open = sqlite3_column_int(st, 4);
			snprintf(rec.lang, sizeof rec.lang, "%s", col_text(st, 5));
		}
	}
	ledger_release(l, st);
	if (svg == NULL && !recipe)
		return 0;
	diag_clear(&d);
	if (recipe && picture_rebuild(l, c, &rec, cid, &svg, &d) < 0) {
		log_warn("picture %s cannot be made again; the mail goes without it: %s", cid,
		    d.msg);
		return -1;
	}
	if (drawer_png(svg, strlen(svg), REPORT_PNG_WIDTH, REPORT_PNG_COLOURS, png, &d) < 0) {
		log_warn("picture %s cannot be drawn; the mail goes without it: %s", cid, d.msg);
		buf_free(png);
		free(svg);
		return -1;
	}
	free(svg);
	/* Kept for the next mail that shows it, under its game still (the
	 * key); a ledger that refuses costs only a drawing again. */
	if (outbox_picture_keep(l, rec.game, cid, png, &d) < 0)
		log_warn("picture %s drawn but not kept: %s", cid, d.msg);
	return 1;
}

struct due_ctx {
	struct ledger *l;
	const struct config *c;
};

static void
draw_one(void *arg, int64_t game, const char *cid)
{
	struct due_ctx *dc = arg;
	struct buf png = BUF_INIT;

	/* Whatever comes of it is in the ledger or the log: the mail's
	 * delivery reads the one, picture_draw wrote the other. */
	(void)picture_draw(dc->l, dc->c, game, cid, &png);
	buf_free(&png);
}

void
picture_draw_due(struct ledger *l, const struct config *c, const struct outbox_round *r)
{
	struct due_ctx dc = { l, c };

	outbox_each_undrawn(l, r, draw_one, &dc);
}
