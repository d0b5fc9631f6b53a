/* The board pictures: random games of every kind, and at many steps, for
 * every reader (each seat, an observer, everyone once the game is over), the
 * SVG from the game's template is well-formed XML, shows what the state
 * says that reader may see (counts, cards, positions, camels, read back from
 * the SVG's elements), shows nothing that reader may not know (the game's
 * secrets() and, read from the state itself, the hidden cards and choices),
 * and turns into a PNG of the asked width. Templates that are broken give a
 * diag, never a crash. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <glib.h>

#include "render/board.h"
#include "games/game.h"
#include "draw/pngpal.h"
#include "draw/layer.h"
#include "draw/raster.h"
#include "render/render.h"
#include "drawn_whole.h"
#include "test_board.h"
#include "lang/catalog.h"
#include "core/msg.h"
#include "srcfile.h"

static const char *srcdir = ".";
static int games_per_setup = 2;

struct setup {
	const char *game;
	int nseats;
	const char *kv[4];
	int nkv;
	const char *file;	/* a game master's file, under the source tree */
};

/* ---- reading the SVG back --------------------------------------------- */

/* Indexes every element with an id; an id twice is an error of the
 * template. */
static void
index_ids(struct pic *p, xmlNodePtr n)
{
	for (; n != NULL; n = n->next) {
		xmlChar *id;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		if ((id = xmlGetProp(n, (const xmlChar *)"id")) != NULL) {
			if (g_hash_table_contains(p->ids, id))
				fail_msg("id \"%s\" twice in the picture", (char *)id);
			g_hash_table_insert(p->ids, g_strdup((char *)id), n);
			xmlFree(id);
		}
		index_ids(p, n->children);
	}
}

static void
pic_open(struct pic *p, const char *svg)
{
	p->doc = xmlReadMemory(svg, (int)strlen(svg), "board.svg", NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (p->doc == NULL)
		fail_msg("the SVG is not well-formed XML:\n%s", svg);
	assert_string_equal((const char *)xmlDocGetRootElement(p->doc)->name, "svg");
	p->ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	index_ids(p, xmlDocGetRootElement(p->doc));
}

static void
pic_close(struct pic *p)
{
	g_hash_table_destroy(p->ids);
	xmlFreeDoc(p->doc);
}

xmlNodePtr
pic_id(struct pic *p, const char *fmt, ...)
{
	char id[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(id, sizeof id, fmt, ap);
	va_end(ap);
	return g_hash_table_lookup(p->ids, id);
}

int
pic_prefixed(struct pic *p, const char *prefix)
{
	GHashTableIter it;
	gpointer k;
	int n = 0;

	g_hash_table_iter_init(&it, p->ids);
	while (g_hash_table_iter_next(&it, &k, NULL))
		n += strncmp(k, prefix, strlen(prefix)) == 0;
	return n;
}

int
has_class(xmlNodePtr n, const char *word)
{
	xmlChar *c = n != NULL ? xmlGetProp(n, (const xmlChar *)"class") : NULL;
	size_t len = strlen(word);
	int yes = 0;

	for (const char *q = (const char *)c; q != NULL && *q != '\0' && !yes; ) {
		size_t w = strcspn(q, " ");

		yes = w == len && strncmp(q, word, len) == 0;
		q += w;
		q += strspn(q, " ");
	}
	xmlFree(c);
	return yes;
}

static void
walk_class(xmlNodePtr n, const char *word, xmlNodePtr *first, int *count)
{
	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (has_class(n, word)) {
			if (*count == 0)
				*first = n;
			(*count)++;
		}
		walk_class(n->children, word, first, count);
	}
}

void
same_place(xmlNodePtr marks, xmlNodePtr face, const char *what)
{
	xmlChar *a, *b;

	assert_non_null(marks);
	assert_non_null(face);
	a = xmlGetProp(marks, (const xmlChar *)"transform");
	b = xmlGetProp(face, (const xmlChar *)"transform");
	if (a == NULL || b == NULL || !xmlStrEqual(a, b))
		fail_msg("%s: its marks at \"%s\", its face at \"%s\"", what,
		    a != NULL ? (const char *)a : "(none)", b != NULL ? (const char *)b : "(none)");
	xmlFree(a);
	xmlFree(b);
}

int
count_class(xmlNodePtr n, const char *word)
{
	xmlNodePtr first = NULL;
	int count = 0;

	if (n != NULL)
		walk_class(n->children, word, &first, &count);
	return count;
}

/* y in n's own units, in the picture's: through the transform of n and of
 * each group above it, innermost first. Only translate and scale, the two
 * the templates use; an unknown one fails, so that a template taking up
 * another cannot make this answer wrong. */
static double
picture_y(xmlNodePtr n, double y)
{
	for (; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent) {
		xmlChar *t = xmlGetProp(n, (const xmlChar *)"transform");
		double ty[16], sy[16];
		int nop = 0;

		for (const char *q = (const char *)t; q != NULL && *q != '\0' && nop < 16; ) {
			double a, b;
			int used = 0;

			q += strspn(q, " ,");
			if (*q == '\0')
				break;
			if (sscanf(q, "translate(%lf %lf)%n", &a, &b, &used) == 2 && used > 0) {
				ty[nop] = b;
				sy[nop++] = 1;
			} else if (sscanf(q, "translate(%lf)%n", &a, &used) == 1 && used > 0) {
				ty[nop] = 0;
				sy[nop++] = 1;
			} else if (sscanf(q, "scale(%lf %lf)%n", &a, &b, &used) == 2 && used > 0) {
				ty[nop] = 0;
				sy[nop++] = b;
			} else if (sscanf(q, "scale(%lf)%n", &a, &used) == 1 && used > 0) {
				ty[nop] = 0;
				sy[nop++] = a;
			} else
				fail_msg("a transform this test cannot read: %s", q);
			q += used;
		}
		while (nop-- > 0)
			y = y * sy[nop] + ty[nop];
		xmlFree(t);
	}
	return y;
}

static double
attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	double d = v != NULL ? atof((const char *)v) : 0;

	xmlFree(v);
	return d;
}

double
pic_bottom(xmlNodePtr n)
{
	double low = 0, y;

	for (xmlNodePtr c = n->children; c != NULL; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (xmlStrcmp(c->name, (const xmlChar *)"rect") == 0)
			y = picture_y(c, attr(c, "y") + attr(c, "height"));
		else if (xmlStrcmp(c->name, (const xmlChar *)"circle") == 0)
			y = picture_y(c, attr(c, "cy") + attr(c, "r"));
		else
			y = pic_bottom(c);
		if (y > low)
			low = y;
	}
	return low;
}

char *
node_text(xmlNodePtr n)
{
	xmlChar *t = xmlNodeGetContent(n);
	char *s, *a, *z;

	for (a = (char *)t; *a == ' ' || *a == '\n'; a++)
		;
	s = strdup(a);
	xmlFree(t);
	for (z = s + strlen(s); z > s && (z[-1] == ' ' || z[-1] == '\n'); z--)
		z[-1] = '\0';
	return s;
}

char *
class_text(xmlNodePtr n, const char *word, const char *what)
{
	xmlNodePtr first = NULL;
	int count = 0;

	if (n == NULL)
		fail_msg("%s is not in the picture", what);
	walk_class(n->children, word, &first, &count);
	if (count != 1)
		fail_msg("%s has %d elements of class %s, not one", what, count, word);
	return node_text(first);
}

void
text_is(const char *got, const char *want, const char *what)
{
	if (strcmp(got, want) != 0)
		fail_msg("%s: the picture says \"%s\", the state \"%s\"", what, got, want);
}

/* ---- per game: what the picture must show ------------------------------ */

struct kind {
	const char *game;
	void (*check)(const void *st, int viewer, struct pic *);
};

static const struct kind kinds[] = {
	{ "buqruru", board_check_buqruru },
	{ "targi", board_check_targi },
	{ "targui", board_check_targui },
};

static const struct kind *
kind_of(const char *game)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].game, game) == 0)
			return &kinds[i];
	fail_msg("no checks for %s", game);
	return NULL;
}

/* ---- the PNG ------------------------------------------------------------ */

static uint32_t
be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* AZ_BOARD_DUMP=DIR keeps every picture a PNG is made of, SVG and PNG, for
 * a person to look at. */
static void
dump(const char *game, const char *svg, const struct buf *png)
{
	static int n;
	const char *dir = getenv("AZ_BOARD_DUMP");
	char path[512];
	FILE *f;

	if (dir == NULL)
		return;
	n++;
	snprintf(path, sizeof path, "%s/%s-%03d.svg", dir, game, n);
	if ((f = fopen(path, "w")) != NULL) {
		fputs(svg, f);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/%s-%03d.png", dir, game, n);
	if ((f = fopen(path, "wb")) != NULL) {
		fwrite(png->p, 1, png->len, f);
		fclose(f);
	}
}

static void
png_ok(const char *game, const char *svg, int width)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	struct buf png = BUF_INIT;
	struct diag d;
	const unsigned char *b;

	diag_clear(&d);
	if (board_png(svg, strlen(svg), width, &png, &d) != 0)
		fail_msg("board_png: %s", d.msg);
	b = (const unsigned char *)png.p;
	assert_true(png.len > 33);
	assert_memory_equal(b, sig, 8);
	assert_memory_equal(b + 12, "IHDR", 4);
	assert_int_equal(be32(b + 16), (uint32_t)width);
	assert_true(be32(b + 20) > 0 && be32(b + 20) <= BOARD_PNG_MAX);
	/* The reports take cairo's pixels to the palette directly: the same bytes
	 * as this PNG read back, or the pictures would change with it. */
	{
		struct buf a = BUF_INIT, c = BUF_INIT;

		if (png_palette(png.p, png.len, 256, &a, &d) != 0 ||
		    board_png_palette(svg, strlen(svg), width, 256, &c, &d) != 0)
			fail_msg("palette: %s", d.msg);
		assert_int_equal(a.len, c.len);
		assert_memory_equal(a.p, c.p, a.len);
		buf_free(&a);
		buf_free(&c);
	}
	/* A board in layers (its base kept from an earlier picture of this
	 * game, or drawn now) is the board drawn whole. */
	if (layer_split(svg, strlen(svg)) > 0 && !drawn_whole(svg, width, &png))
		fail_msg("%s, %d px: the board drawn in layers is not the board drawn whole",
		    game, width);
	dump(game, svg, &png);
	buf_free(&png);
}

/* ---- random games ------------------------------------------------------- */

static void
no_secret(const struct game_rules *R, const void *st, int viewer, const char *svg)
{
	struct secrets sec;

	if (viewer == VIEW_ALL)
		return;
	secrets_init(&sec);
	R->secrets(st, viewer, &sec);
	for (size_t i = 0; i < sec.n; i++)
		if (secret_in(svg, sec.v[i]) != NULL)
			fail_msg("viewer %d sees \"%s\" in the picture", viewer, sec.v[i]);
	secrets_free(&sec);
}

/* One reader's picture of st: rendered, read back, checked. */
static void
picture(const struct game_rules *R, struct render *rd, const void *st, int viewer,
    int png_width)
{
	struct tval *v = tval_map();
	struct diag d;
	struct pic p;
	char *svg;

	R->view(st, viewer, v);
	diag_clear(&d);
	if (board_svg(rd, v, &svg, &d) != 0)
		fail_msg("%s: board_svg: %s", R->name, d.msg);
	tval_free(v);
	pic_open(&p, svg);
	kind_of(R->name)->check(st, viewer, &p);
	pic_close(&p);
	no_secret(R, st, viewer, svg);
	if (png_width > 0)
		png_ok(R->name, svg, png_width);
	free(svg);
}

static void
play(const struct setup *su, uint64_t seed)
{
	static const char names[MAX_SEATS][SEAT_NAME] = { "anna", "bert", "cleo", "dave" };
	const struct game_rules *R = game_find(su->game);
	void *st = calloc(1, R->state_size);
	struct render rd;
	struct optset o;
	struct diag d;
	struct rng pick;
	int steps = 0;
	char *file = NULL;

	render_init(&rd, srcdir, R->name, "en");
	rng_seed(&pick, seed * 7919 + 1);
	if (opt_resolve(R->options, &o, su->kv, su->nkv, &d) != 0)
		fail_msg("%s: options: %s", su->game, d.msg);
	if (su->file != NULL) {
		if ((o.file = file = src_read(su->file)) == NULL)
			fail_msg("cannot read %s", su->file);
		snprintf(o.file_name, sizeof o.file_name, "%s", su->file);
	}
	if (R->setup(st, su->nseats, names, &o, seed, NULL, &d) != 0)
		fail_msg("%s: setup: %s", su->game, d.msg);
	free(file);
	for (;;) {
		struct pending pd;
		struct order_list l;
		int seat = -1;

		memset(&pd, 0, sizeof pd);
		R->waiting_for(st, &pd);
		/* Every reader at a step in three; a PNG (librsvg is slow next to
		 * everything else here) at the start, once in the middle, at the
		 * end, each reader another width. */
		if (steps % 3 == 0 || pd.over)
			for (int v = -1; v < su->nseats; v++)
				picture(R, &rd, st, v, steps == 0 || steps == 90 ?
				    300 + 37 * (v + 1) : 0);
		if (pd.over) {
			picture(R, &rd, st, VIEW_ALL, 640);
			break;
		}
		for (int s = 0; s < su->nseats && seat < 0; s++)
			if (pd.seats & VIS_SEAT(s))
				seat = s;
		assert_true(seat >= 0);
		order_list_init(&l);
		R->legal(st, seat, &l);
		assert_true(l.n > 0);
		if (R->apply(st, seat, &l.v[rng_below(&pick, (uint32_t)l.n)], NULL, &d) != 0)
			fail_msg("%s: apply: %s", su->game, d.msg);
		order_list_free(&l);
		if (++steps > 20000)
			fail_msg("%s: the game does not end", su->game);
	}
	render_free(&rd);
	free(st);
}

static void
test_games(void **state)
{
	const struct setup *su = *state;

	for (int g = 0; g < games_per_setup; g++)
		play(su, (uint64_t)g + 1);
}

/* A picture has no words: every language finds it, also one with no
 * templates at all. */
static void
test_any_language(void **unused)
{
	static const char *const langs[] = { "en", "de", "xx" };

	(void)unused;
	for (int g = 0; game_table[g] != NULL; g++)
		for (size_t k = 0; k < sizeof langs / sizeof langs[0]; k++) {
			const struct game_rules *R = game_table[g];
			static const char names[MAX_SEATS][SEAT_NAME] = { "a", "b", "c", "d" };
			void *st = calloc(1, R->state_size);
			struct tval *v = tval_map();
			struct render rd;
			struct optset o;
			struct diag d;
			char *svg;

			assert_int_equal(opt_resolve(R->options, &o, NULL, 0, &d), 0);
			assert_int_equal(R->setup(st, R->min_seats, names, &o, 1, NULL, &d), 0);
			R->view(st, -1, v);
			render_init(&rd, srcdir, R->name, langs[k]);
			if (board_svg(&rd, v, &svg, &d) != 0)
				fail_msg("%s in %s: %s", R->name, langs[k], d.msg);
			free(svg);
			render_free(&rd);
			tval_free(v);
			free(st);
		}
}

/* ---- broken templates ---------------------------------------------------- */

static char tmpdir[256];

static void
write_template(const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/templates/buqruru", tmpdir);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/templates/buqruru/board.svg.mustache", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The template text, rendered for a fresh Buqruru view: rc, diag in d. */
static int
try_template(const char *text, char **svg, struct diag *d)
{
	const struct game_rules *R = game_find("buqruru");
	void *st = calloc(1, R->state_size);
	static const char names[2][SEAT_NAME] = { "anna", "bert" };
	struct tval *v = tval_map();
	struct render rd;
	struct optset o;
	int rc;

	assert_int_equal(opt_resolve(R->options, &o, NULL, 0, d), 0);
	assert_int_equal(R->setup(st, 2, names, &o, 1, NULL, d), 0);
	R->view(st, 0, v);
	if (text != NULL)
		write_template(text);
	render_init(&rd, tmpdir, "buqruru", "en");
	diag_clear(d);
	rc = board_svg(&rd, v, svg, d);
	render_free(&rd);
	tval_free(v);
	free(st);
	return rc;
}

static void
test_bad_templates(void **unused)
{
	static const char *const bad[] = {
		"<svg xmlns=\"http://www.w3.org/2000/svg\">{{#pits}}</svg>",   /* unclosed section */
		"<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>",         /* not XML */
		"<svg xmlns=\"http://www.w3.org/2000/svg\">{{{top.name}}}<</svg>", /* not XML */
		"<html><body/></html>",                                          /* not SVG */
		"<html><svg xmlns=\"http://www.w3.org/2000/svg\"/></html>",    /* not the root */
		"<svg xmlns=\"http://www.w3.org/2000/svg\">&nbsp;</svg>",     /* an unknown entity */
		"",                                                              /* nothing */
		"{{> nosuchpartial}}",                                           /* nothing */
	};
	char *svg;
	struct diag d;

	(void)unused;
	snprintf(tmpdir, sizeof tmpdir, "%s/tmp-board-XXXXXX", getenv("TMPDIR") ?
	    getenv("TMPDIR") : "/tmp");
	assert_non_null(mkdtemp(tmpdir));
	{
		char path[512];

		snprintf(path, sizeof path, "%s/templates", tmpdir);
		mkdir(path, 0700);
	}
	/* None yet. */
	assert_true(try_template(NULL, &svg, &d) < 0);
	assert_null(svg);
	assert_non_null(strstr(d.msg, "board.svg"));
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		svg = (char *)"x";
		if (try_template(bad[i], &svg, &d) >= 0)
			fail_msg("template \"%s\" was taken", bad[i]);
		assert_null(svg);
		assert_true(d.msg[0] != '\0');
		assert_non_null(strstr(d.msg, "board.svg"));
	}
	/* A name that would close the tag is escaped, so this one is XML. */
	assert_int_equal(try_template("<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "viewBox=\"0 0 10 10\"><text>{{top.name}}&amp;</text></svg>", &svg, &d), 0);
	free(svg);
	/* Not an SVG librsvg can draw, or no size: a diag too. */
	{
		static const char *const png_bad[] = {
			"", "<svg", "not svg at all",
			"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
		};
		struct buf png = BUF_INIT;

		for (size_t i = 0; i < sizeof png_bad / sizeof png_bad[0]; i++) {
			diag_clear(&d);
			assert_true(board_png(png_bad[i], strlen(png_bad[i]), 100, &png, &d) < 0);
			assert_true(d.msg[0] != '\0');
			assert_int_equal(png.len, 0);
		}
		for (int w = -1; w <= 1; w += 2) {
			const char *ok = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" "
			    "height=\"10\"/>";
			int width = w < 0 ? 0 : BOARD_PNG_MAX + 1;

			diag_clear(&d);
			assert_true(board_png(ok, strlen(ok), width, &png, &d) < 0);
			assert_true(d.msg[0] != '\0');
		}
		buf_free(&png);
	}
	{
		char cmd[600];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
		assert_int_equal(system(cmd), 0);
	}
}

static const struct setup setups[] = {
	{ "buqruru", 2, { NULL }, 0, NULL },
	{ "buqruru", 2, { "hole_choice=open", "direction=shared-cw" }, 2, NULL },
	{ "buqruru", 2, { "sowing_hole=whole-match", "first_direction=cw" }, 2, NULL },
	{ "targi", 2, { NULL }, 0, NULL },
	{ "targi", 2, { "targia=yes", "water=yes" }, 2, NULL },
	{ "targi", 2, { "setup=expansion", "last_raid=card" }, 2, NULL },
	{ "targi", 2, { "expansion=yes" }, 1, "data/targi/example-deck.yaml" },
	{ "targui", 2, { NULL }, 0, NULL },
	{ "targui", 3, { NULL }, 0, NULL },
	{ "targui", 4, { NULL }, 0, NULL },
};

int
main(int argc, char **argv)
{
	struct CMUnitTest t[sizeof setups / sizeof setups[0] + 2];
	char names[sizeof setups / sizeof setups[0]][128];
	const char *env = getenv("srcdir"), *n = getenv("AZ_BOARD_GAMES");
	struct diag d;
	size_t k = 0;

	if (env != NULL)
		srcdir = env;
	if (argc > 1)
		n = argv[1];
	if (n != NULL && atoi(n) > 0)
		games_per_setup = atoi(n);
	catalog_init(srcdir);
	msg_use_catalog(&catalog_msg);
	if (games_load(srcdir, &d) != 0) {
		fprintf(stderr, "loading the game data under %s: %s\n", srcdir, d.msg);
		return 1;
	}
	for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
		int len = snprintf(names[i], sizeof names[i], "%s, %d seats", setups[i].game,
		    setups[i].nseats);

		for (int j = 0; j < setups[i].nkv; j++)
			len += snprintf(names[i] + len, sizeof names[i] - (size_t)len, ", %s",
			    setups[i].kv[j]);
		t[k] = (struct CMUnitTest)cmocka_unit_test_prestate(test_games, (void *)&setups[i]);
		t[k++].name = names[i];
	}
	t[k++] = (struct CMUnitTest)cmocka_unit_test(test_any_language);
	t[k++] = (struct CMUnitTest)cmocka_unit_test(test_bad_templates);
	return _cmocka_run_group_tests("board", t, k, NULL, NULL);
}
