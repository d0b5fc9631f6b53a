/* Targui data: territories.yaml and fortune.yaml, read once per process.
 *
 * The tables stay read-only after load; setup copies them into each state so
 * a game never depends on data files read later. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "games/targui/targui.h"

const char *const tu_tribe_name[TU_TRIBES] = {
	"Kel Ahaggar", "Kel Ajjer", "Kel Ilbakan", "Kel Ress"
};
const char *const tu_tribe_colour[TU_TRIBES] = {
	"green", "yellow", "red", "blue"
};
const char tu_tribe_letter[TU_TRIBES] = { 'G', 'Y', 'R', 'B' };
const char *const tu_terrain_key[T_NTERRAIN] = {
	"settlement", "saltmine", "guelta", "reg", "erg", "feshfesh",
	"mountain", "chott"
};
const char *const tu_terrain_name[T_NTERRAIN] = {
	"settlement", "salt mine", "guelta", "reg", "erg", "fesh-fesh",
	"mountains", "chott"
};

const char *const tu_terrain_term[T_NTERRAIN] = {
	TERM("targui.terrain.settlement"), TERM("targui.terrain.saltmine"),
	TERM("targui.terrain.guelta"), TERM("targui.terrain.reg"),
	TERM("targui.terrain.erg"), TERM("targui.terrain.feshfesh"),
	TERM("targui.terrain.mountain"), TERM("targui.terrain.chott")
};
const char *const tu_colour_term[TU_TRIBES] = {
	TERM("targui.colour.green"), TERM("targui.colour.yellow"),
	TERM("targui.colour.red"), TERM("targui.colour.blue")
};

const char *
tu_fortune_term(int number, char *out, size_t len)
{
	char key[40];

	snprintf(key, sizeof key, "targui.fortune.%d", number);
	msg_term(out, len, key);
	return out;
}

static const char *const effect_key[FX_NEFFECT] = {
	"clear", "gift", "lose", "cap", "silver", "halve", "born", "strategic",
	"steal", "levy"
};

struct tables {
	struct tu_terrain_info terr[T_NTERRAIN];
	struct tu_fortune card[TU_FORTUNE + 1];
	int layout[TU_SIDE][TU_SIDE];
	int sector[TU_SECTORS][TU_SECTOR_BOXES];
	int three[3][3];
};

static int loaded;
static struct tables g;

struct ydoc {
	const char *file;
	yaml_document_t doc;
};

static int
line_of(const yaml_node_t *n)
{
	return n != NULL ? (int)n->start_mark.line + 1 : 0;
}

static int
bad(const struct ydoc *y, const yaml_node_t *n, struct diag *d,
    const char *what)
{
	return diag_set(d, line_of(n), "%s line %d: %s.", y->file, line_of(n),
	    what);
}

static yaml_node_t *
map_get(struct ydoc *y, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);

		if (k != NULL && k->type == YAML_SCALAR_NODE &&
		    strcmp((char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(&y->doc, p->value);
	}
	return NULL;
}

static int
get_int(struct ydoc *y, yaml_node_t *n, int lo, int hi, int *out,
    struct diag *d)
{
	char *end;
	long v;

	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return bad(y, n, d, "a whole number was expected");
	errno = 0;
	v = strtol((char *)n->data.scalar.value, &end, 10);
	if (errno != 0 || end == (char *)n->data.scalar.value || *end != '\0')
		return bad(y, n, d, "a whole number was expected");
	if (v < lo || v > hi) {
		char msg[96];

		snprintf(msg, sizeof msg, "the number must be between %d and %d",
		    lo, hi);
		return bad(y, n, d, msg);
	}
	*out = (int)v;
	return 0;
}

static const char *
get_str(yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

static int
key_index(const char *const *keys, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (s != NULL && strcasecmp(keys[i], s) == 0)
			return i;
	return -1;
}

/* Reads a sequence of exactly n box numbers into out. */
static int
get_boxes(struct ydoc *y, yaml_node_t *seq, int n, int *out, struct diag *d)
{
	yaml_node_item_t *it;
	int i = 0;

	if (seq == NULL || seq->type != YAML_SEQUENCE_NODE)
		return bad(y, seq, d, "a list of box numbers was expected");
	if (seq->data.sequence.items.top - seq->data.sequence.items.start != n) {
		char msg[64];

		snprintf(msg, sizeof msg, "exactly %d box numbers are needed", n);
		return bad(y, seq, d, msg);
	}
	for (it = seq->data.sequence.items.start;
	    it < seq->data.sequence.items.top; it++, i++)
		if (get_int(y, yaml_document_get_node(&y->doc, *it), 1,
		    TU_BOXES, &out[i], d) < 0)
			return -1;
	return 0;
}

static int
open_doc(const char *datadir, const char *name, char *path, size_t len,
    struct ydoc *y, struct diag *d)
{
	yaml_parser_t p;
	FILE *f;
	int ok;

	snprintf(path, len, "%s/targui/%s", datadir, name);
	y->file = path;
	if ((f = fopen(path, "r")) == NULL)
		return diag_set(d, 0, "%s: cannot open: %s.", path,
		    strerror(errno));
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, f);
	ok = yaml_parser_load(&p, &y->doc);
	if (!ok) {
		diag_set(d, (int)p.problem_mark.line + 1, "%s line %d: %s.",
		    path, (int)p.problem_mark.line + 1,
		    p.problem ? p.problem : "not valid YAML");
		yaml_parser_delete(&p);
		fclose(f);
		return -1;
	}
	yaml_parser_delete(&p);
	fclose(f);
	if (yaml_document_get_root_node(&y->doc) == NULL) {
		yaml_document_delete(&y->doc);
		return diag_set(d, 0, "%s: the file is empty.", path);
	}
	return 0;
}

static int
load_terrain(struct ydoc *y, yaml_node_t *root, struct tables *tb,
    struct diag *d)
{
	yaml_node_t *t = map_get(y, root, "terrain");
	int dealt = 0;

	if (t == NULL || t->type != YAML_MAPPING_NODE)
		return bad(y, root, d, "a \"terrain\" map is needed");
	for (int i = 0; i < T_NTERRAIN; i++) {
		yaml_node_t *e = map_get(y, t, tu_terrain_key[i]);
		char msg[64];

		if (e == NULL) {
			snprintf(msg, sizeof msg, "terrain \"%s\" is missing",
			    tu_terrain_key[i]);
			return bad(y, t, d, msg);
		}
		struct tu_terrain_info *ti = &tb->terr[i];

		if (get_int(y, map_get(y, e, "count"), 0, 48, &ti->count,
		    d) < 0 || get_int(y, map_get(y, e, "economic"), 0, 99,
		    &ti->economic, d) < 0 || get_int(y, map_get(y, e,
		    "strategic"), 0, 99, &ti->strategic, d) < 0)
			return -1;
		if (i != T_SETTLEMENT && i != T_SALTMINE)
			dealt += tb->terr[i].count;
	}
	if (tb->terr[T_SALTMINE].count != 1 ||
	    tb->terr[T_SETTLEMENT].count != 4 || dealt != TU_BOXES - 1)
		return bad(y, t, d, "there must be 1 salt mine, 4 settlements "
		    "and 48 other cards");
	return 0;
}

static int
load_board(struct ydoc *y, yaml_node_t *root, struct tables *tb,
    struct diag *d)
{
	yaml_node_t *b = map_get(y, root, "board"), *s, *th;
	yaml_node_item_t *it;
	int seen[TU_BOXES + 1] = { 0 }, r = 0;

	if (b == NULL || b->type != YAML_SEQUENCE_NODE ||
	    b->data.sequence.items.top - b->data.sequence.items.start !=
	    TU_SIDE)
		return bad(y, b ? b : root, d, "\"board\" must be 7 rows");
	for (it = b->data.sequence.items.start;
	    it < b->data.sequence.items.top; it++, r++) {
		yaml_node_t *row = yaml_document_get_node(&y->doc, *it);

		if (get_boxes(y, row, TU_SIDE, tb->layout[r], d) < 0)
			return -1;
		for (int c = 0; c < TU_SIDE; c++) {
			if (seen[tb->layout[r][c]]++)
				return bad(y, row, d, "a box number appears "
				    "twice on the board");
		}
	}
	if (tb->layout[TU_SIDE / 2][TU_SIDE / 2] != 1)
		return bad(y, b, d, "box 1 (the salt mine) must be in the "
		    "centre");
	if ((s = map_get(y, root, "sectors")) == NULL)
		return bad(y, root, d, "a \"sectors\" map is needed");
	for (int i = 0; i < TU_SECTORS; i++) {
		char key[2] = { (char)('A' + i), '\0' };
		yaml_node_t *e = map_get(y, s, key);

		if (e == NULL)
			return bad(y, s, d, "sectors A, B, C and D are needed");
		if (get_boxes(y, e, TU_SECTOR_BOXES, tb->sector[i], d) < 0)
			return -1;
	}
	th = map_get(y, root, "three_players");
	if (th == NULL || th->type != YAML_SEQUENCE_NODE ||
	    th->data.sequence.items.top - th->data.sequence.items.start != 3)
		return bad(y, th ? th : root, d,
		    "\"three_players\" must list 3 groups of boxes");
	r = 0;
	for (it = th->data.sequence.items.start;
	    it < th->data.sequence.items.top; it++, r++)
		if (get_boxes(y, yaml_document_get_node(&y->doc, *it), 3,
		    tb->three[r], d) < 0)
			return -1;
	return 0;
}

static int
load_cards(struct ydoc *y, yaml_node_t *root, struct tables *tb,
    struct diag *d)
{
	yaml_node_t *c = map_get(y, root, "cards");
	yaml_node_item_t *it;
	int seen[TU_FORTUNE + 1] = { 0 };

	if (c == NULL || c->type != YAML_SEQUENCE_NODE)
		return bad(y, root, d, "a \"cards\" list is needed");
	for (it = c->data.sequence.items.start;
	    it < c->data.sequence.items.top; it++) {
		yaml_node_t *e = yaml_document_get_node(&y->doc, *it), *n;
		struct tu_fortune f;
		const char *s;

		memset(&f, 0, sizeof f);
		if (get_int(y, map_get(y, e, "number"), 1, TU_FORTUNE,
		    &f.number, d) < 0)
			return -1;
		if (seen[f.number]++)
			return bad(y, e, d, "this card number appears twice");
		if ((s = get_str(map_get(y, e, "name"))) == NULL)
			return bad(y, e, d, "the card needs a name");
		snprintf(f.name, sizeof f.name, "%s", s);
		n = map_get(y, e, "effect");
		if ((f.effect = key_index(effect_key, FX_NEFFECT,
		    get_str(n))) < 0)
			return bad(y, n ? n : e, d, "unknown effect");
		f.terrain = T_ANY;
		if ((n = map_get(y, e, "terrain")) != NULL &&
		    strcasecmp(get_str(n) ? get_str(n) : "", "any") != 0 &&
		    (f.terrain = key_index(tu_terrain_key, T_NTERRAIN,
		    get_str(n))) < 0)
			return bad(y, n, d, "unknown terrain");
		f.tribe = TU_NONE;
		if ((n = map_get(y, e, "tribe")) != NULL &&
		    (f.tribe = key_index(tu_tribe_colour, TU_TRIBES,
		    get_str(n))) < 0)
			return bad(y, n, d, "the tribe must be green, yellow, "
			    "red or blue");
		if ((f.effect == FX_STRATEGIC || f.effect == FX_LEVY) &&
		    f.terrain == T_ANY)
			return bad(y, e, d, "this effect needs one terrain");
		if (f.effect == FX_GIFT && f.tribe == TU_NONE)
			return bad(y, e, d, "a gift needs a tribe");
		if ((n = map_get(y, e, "amount")) != NULL &&
		    get_int(y, n, 0, 99, &f.amount, d) < 0)
			return -1;
		tb->card[f.number] = f;
	}
	for (int i = 1; i <= TU_FORTUNE; i++)
		if (!seen[i])
			return bad(y, c, d, "all 16 cards must be listed");
	return 0;
}

/* Reads both files into a scratch copy and keeps it only when all is well,
 * so a broken file never leaves half-read tables behind. */
int
tu_load_data(const char *datadir, struct diag *d)
{
	static struct tables t;
	char path[1024];
	struct ydoc y;
	int rc;

	memset(&t, 0, sizeof t);
	if (open_doc(datadir, "territories.yaml", path, sizeof path, &y, d) < 0)
		return -1;
	rc = load_terrain(&y, yaml_document_get_root_node(&y.doc), &t, d);
	if (rc == 0)
		rc = load_board(&y, yaml_document_get_root_node(&y.doc), &t, d);
	yaml_document_delete(&y.doc);
	if (rc < 0)
		return -1;
	if (open_doc(datadir, "fortune.yaml", path, sizeof path, &y, d) < 0)
		return -1;
	rc = load_cards(&y, yaml_document_get_root_node(&y.doc), &t, d);
	yaml_document_delete(&y.doc);
	if (rc < 0)
		return -1;
	g = t;
	loaded = 1;
	return 0;
}

int
tu_load(const char *datadir, struct diag *d)
{
	return loaded ? 0 : tu_load_data(datadir, d);
}

int
tu_loaded(void)
{
	return loaded;
}

void
tu_copy_data(struct tu_state *s)
{
	memcpy(s->terr, g.terr, sizeof s->terr);
	memcpy(s->card, g.card, sizeof s->card);
	for (int r = 0; r < TU_SIDE; r++)
		for (int c = 0; c < TU_SIDE; c++) {
			int b = g.layout[r][c];

			s->layout[r][c] = b;
			s->row[b] = r;
			s->col[b] = c;
		}
	for (int i = 0; i < TU_SECTORS; i++)
		for (int j = 0; j < TU_SECTOR_BOXES; j++)
			s->sector[i][j] = g.sector[i][j];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			s->three[i][j] = g.three[i][j];
	s->salt_box = g.layout[TU_SIDE / 2][TU_SIDE / 2];
}
