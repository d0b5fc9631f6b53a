/* targi_data: reads data/targi/{border,goods,tribe}.yaml into read-only
 * tables once per process; setup copies them into each game's state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "targi.h"

static int loaded;
static struct tg_border border_tab[TG_NBORDER + 1];
static struct tg_goodscard goods_tab[TG_MAXGOODS];
static int ngoods_tab;
static struct tg_tribe tribe_tab[TG_MAXTRIBE];
static int ntribe_tab;

static const char *const symbol_names[SYM_N] = {
	"oasis", "camel_rider", "well", "tent", "targia"
};
static const char *const symbol_titles[SYM_N] = {
	"Oasis", "Camel rider", "Well", "Tent", "Targia"
};

static const struct {
	const char *name;
	int kind;
} effect_names[] = {
	{ "end_pairs", EF_END_PAIRS },
	{ "end_more_cards", EF_END_MORE_CARDS },
	{ "end_min_cards", EF_END_MIN_CARDS },
	{ "end_diverse_rows", EF_END_DIVERSE_ROWS },
	{ "end_rightmost", EF_END_RIGHTMOST },
	{ "discount", EF_DISCOUNT },
	{ "raid_immune", EF_RAID_IMMUNE },
	{ "noble_discount", EF_NOBLE_DISCOUNT },
	{ "raid_bonus", EF_RAID_BONUS },
	{ "robber_place", EF_ROBBER_PLACE },
	{ "goods_bonus", EF_GOODS_BONUS },
	{ "goods_none_bonus", EF_GOODS_NONE_BONUS },
	{ "once_goods_per_display", EF_ONCE_PER_DISPLAY },
	{ "play_without_noble", EF_PLAY_WITHOUT_NOBLE },
	{ "merchant_one_for_one", EF_MERCHANT_1FOR1 },
	{ "gold_on_card", EF_GOLD_ON_CARD },
	{ "once_choice", EF_ONCE_CHOICE },
	{ "once_goods_per_empty", EF_ONCE_PER_EMPTY },
	{ "once_move", EF_ONCE_MOVE },
	{ "opponent_fewer_targi", EF_OPPONENT_FEWER },
	{ NULL, 0 }
};

const char *
tg_symbol_name(int s)
{
	return s >= 0 && s < SYM_N ? symbol_titles[s] : "?";
}

int
tg_symbol_parse(const char *s)
{
	for (int i = 0; i < SYM_N; i++)
		if (strcasecmp(s, symbol_names[i]) == 0)
			return i;
	return -1;
}

const char *
tg_res_name(int r, int n)
{
	switch (r) {
	case TG_D: return "dates";
	case TG_S: return "salt";
	case TG_P: return "pepper";
	case TG_G: return "gold";
	default: return n == 1 ? "VP" : "VP";
	}
}

/* A small reader over a loaded libyaml document. */
struct yfile {
	const char *path;
	yaml_document_t doc;
};

static int
yerr(const struct yfile *f, const yaml_node_t *n, struct diag *d,
    const char *what)
{
	int line = n != NULL ? (int)n->start_mark.line + 1 : 0;

	return diag_set(d, line, "%s, line %d: %s", f->path, line, what);
}

static yaml_node_t *
ymap_get(struct yfile *f, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	    p++) {
		yaml_node_t *k = yaml_document_get_node(&f->doc, p->key);

		if (k != NULL && k->type == YAML_SCALAR_NODE &&
		    strcmp((char *)k->data.scalar.value, key) == 0)
			return yaml_document_get_node(&f->doc, p->value);
	}
	return NULL;
}

static const char *
yscalar(yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

static int
yint(struct yfile *f, yaml_node_t *map, const char *key, int def, int *out,
    struct diag *d)
{
	yaml_node_t *n = ymap_get(f, map, key);
	const char *s = yscalar(n);
	char *end;
	long v;

	if (n == NULL) {
		*out = def;
		return 0;
	}
	if (s == NULL)
		return yerr(f, n, d, "expected a number");
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < 0 || v > 1000) {
		char msg[128];

		snprintf(msg, sizeof msg, "%s must be a small number, not \"%s\"",
		    key, s);
		return yerr(f, n, d, msg);
	}
	*out = (int)v;
	return 0;
}

static int
yopen(struct yfile *f, const char *datadir, const char *name, char *path,
    size_t pathsz, struct diag *d)
{
	yaml_parser_t p;
	FILE *fp;
	int ok;

	snprintf(path, pathsz, "%s/targi/%s", datadir, name);
	f->path = path;
	if ((fp = fopen(path, "r")) == NULL)
		return diag_set(d, 0, "cannot read %s", path);
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, fp);
	ok = yaml_parser_load(&p, &f->doc);
	if (!ok) {
		diag_set(d, (int)p.problem_mark.line + 1, "%s, line %d: %s", path,
		    (int)p.problem_mark.line + 1,
		    p.problem != NULL ? p.problem : "not valid YAML");
		yaml_parser_delete(&p);
		fclose(fp);
		return -1;
	}
	yaml_parser_delete(&p);
	fclose(fp);
	return 0;
}

/* The "cards" sequence of a file's root mapping. */
static yaml_node_t *
ycards(struct yfile *f, struct diag *d)
{
	yaml_node_t *root = yaml_document_get_root_node(&f->doc);
	yaml_node_t *c = ymap_get(f, root, "cards");

	if (c == NULL || c->type != YAML_SEQUENCE_NODE) {
		yerr(f, root, d, "expected a list called \"cards\"");
		return NULL;
	}
	return c;
}

/* "2S D G" -> counts of D S P G VP. */
static int
parse_res(const char *s, int res[TG_NRES])
{
	char tok[16];
	int n;

	memset(res, 0, sizeof(int) * TG_NRES);
	while (*s != '\0') {
		int cnt = 1, k, i = 0;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		while (*s != '\0' && *s != ' ' && i < (int)sizeof tok - 1)
			tok[i++] = *s++;
		tok[i] = '\0';
		n = 0;
		if (tok[0] >= '1' && tok[0] <= '9') {
			cnt = tok[0] - '0';
			n = 1;
		}
		if (strcasecmp(tok + n, "D") == 0)
			k = TG_D;
		else if (strcasecmp(tok + n, "S") == 0)
			k = TG_S;
		else if (strcasecmp(tok + n, "P") == 0)
			k = TG_P;
		else if (strcasecmp(tok + n, "G") == 0)
			k = TG_G;
		else if (strcasecmp(tok + n, "VP") == 0)
			k = TG_VP;
		else
			return -1;
		res[k] += cnt;
	}
	return 0;
}

static const char *const border_actions[] = {
	"", "noble", "goods", "merchant", "fata_morgana", "silversmith",
	"caravan", "tribal_expansion", "raid", NULL
};

static int
load_border(const char *datadir, struct diag *d)
{
	struct yfile f;
	char path[1024];
	yaml_node_t *seq;
	yaml_node_item_t *it;
	int seen[TG_NBORDER + 1] = { 0 }, rc = -1;

	if (yopen(&f, datadir, "border.yaml", path, sizeof path, d) < 0)
		return -1;
	if ((seq = ycards(&f, d)) == NULL)
		goto out;
	for (it = seq->data.sequence.items.start;
	    it < seq->data.sequence.items.top; it++) {
		yaml_node_t *c = yaml_document_get_node(&f.doc, *it);
		struct tg_border b;
		const char *act, *s;
		int n, k, res[TG_NRES];

		memset(&b, 0, sizeof b);
		if (yint(&f, c, "n", 0, &n, d) < 0)
			goto out;
		if (n < 1 || n > TG_NBORDER || seen[n]) {
			yerr(&f, c, d, "each card needs its own number n from 1 to 16");
			goto out;
		}
		if ((act = yscalar(ymap_get(&f, c, "action"))) == NULL) {
			yerr(&f, c, d, "the card has no action");
			goto out;
		}
		for (k = 1; border_actions[k] != NULL; k++)
			if (strcmp(border_actions[k], act) == 0)
				break;
		if (border_actions[k] == NULL) {
			yerr(&f, c, d, "unknown action");
			goto out;
		}
		b.kind = k;
		if ((n % 4 == 0) != (k == BK_RAID)) {
			yerr(&f, c, d, "the corners 4, 8, 12 and 16 must be the raids, and only they");
			goto out;
		}
		s = yscalar(ymap_get(&f, c, "name"));
		snprintf(b.name, sizeof b.name, "%.23s", s != NULL ? s : "?");
		s = yscalar(ymap_get(&f, c, "short"));
		snprintf(b.shortname, sizeof b.shortname, "%.11s", s != NULL ? s : b.name);
		if (k == BK_GOODS) {
			s = yscalar(ymap_get(&f, c, "gives"));
			if (s == NULL || parse_res(s, res) < 0 ||
			    res[TG_D] + res[TG_S] + res[TG_P] != 1) {
				yerr(&f, c, d, "a goods border card gives one good: D, S or P");
				goto out;
			}
			b.gives = res[TG_D] ? TG_D : res[TG_S] ? TG_S : TG_P;
		}
		if (k == BK_RAID) {
			if (yint(&f, c, "goods", 0, &b.goods, d) < 0 ||
			    yint(&f, c, "gold", 0, &b.gold, d) < 0 ||
			    yint(&f, c, "vp", 0, &b.vp, d) < 0)
				goto out;
			s = yscalar(ymap_get(&f, c, "last"));
			b.last = s != NULL && strcmp(s, "true") == 0;
		}
		seen[n] = 1;
		border_tab[n] = b;
	}
	for (int n = 1; n <= TG_NBORDER; n++)
		if (!seen[n]) {
			diag_set(d, 0, "%s: border card %d is missing", path, n);
			goto out;
		}
	rc = 0;
out:
	yaml_document_delete(&f.doc);
	return rc;
}

static int
load_goods(const char *datadir, struct diag *d)
{
	struct yfile f;
	char path[1024];
	yaml_node_t *seq;
	yaml_node_item_t *it;
	int rc = -1;

	if (yopen(&f, datadir, "goods.yaml", path, sizeof path, d) < 0)
		return -1;
	if ((seq = ycards(&f, d)) == NULL)
		goto out;
	ngoods_tab = 0;
	for (it = seq->data.sequence.items.start;
	    it < seq->data.sequence.items.top; it++) {
		yaml_node_t *c = yaml_document_get_node(&f.doc, *it);
		struct tg_goodscard g;
		const char *gives = yscalar(ymap_get(&f, c, "gives"));
		const char *choice = yscalar(ymap_get(&f, c, "choice"));
		int copies;

		memset(&g, 0, sizeof g);
		if (yint(&f, c, "copies", 1, &copies, d) < 0)
			goto out;
		if ((gives == NULL) == (choice == NULL)) {
			yerr(&f, c, d, "a goods card has either gives or choice");
			goto out;
		}
		if (gives != NULL && parse_res(gives, g.res) < 0) {
			yerr(&f, c, d, "gives must list D, S, P, G or VP, e.g. \"2D\" or \"S P\"");
			goto out;
		}
		if (choice != NULL)
			g.choice = 1;
		for (int i = 0; i < copies; i++) {
			if (ngoods_tab == TG_MAXGOODS) {
				yerr(&f, c, d, "more goods cards than the game has (19)");
				goto out;
			}
			goods_tab[ngoods_tab++] = g;
		}
	}
	rc = 0;
out:
	yaml_document_delete(&f.doc);
	return rc;
}

static int
load_effect(struct yfile *f, yaml_node_t *e, struct tg_tribe *t,
    struct diag *d)
{
	const char *kind = yscalar(ymap_get(f, e, "kind"));
	const char *s;
	int i, res[TG_NRES];

	if (kind == NULL)
		return yerr(f, e, d, "an effect needs a kind");
	for (i = 0; effect_names[i].name != NULL; i++)
		if (strcmp(effect_names[i].name, kind) == 0)
			break;
	if (effect_names[i].name == NULL)
		return yerr(f, e, d, "unknown effect kind");
	t->effect = effect_names[i].kind;
	t->e_symbol = -1;
	t->e_good = -1;
	if ((s = yscalar(ymap_get(f, e, "symbol"))) != NULL &&
	    (t->e_symbol = tg_symbol_parse(s)) < 0)
		return yerr(f, e, d, "unknown symbol");
	if ((s = yscalar(ymap_get(f, e, "good"))) != NULL) {
		if (parse_res(s, res) < 0 || res[TG_D] + res[TG_S] + res[TG_P] != 1)
			return yerr(f, e, d, "good must be D, S or P");
		t->e_good = res[TG_D] ? TG_D : res[TG_S] ? TG_S : TG_P;
	}
	if (yint(f, e, "n", 0, &t->e_n, d) < 0 ||
	    yint(f, e, "vp", 0, &t->e_vp, d) < 0 ||
	    yint(f, e, "gold", 0, &t->e_gold, d) < 0 ||
	    yint(f, e, "per", 0, &t->e_per, d) < 0)
		return -1;
	if ((t->effect == EF_END_PAIRS || t->effect == EF_DISCOUNT) &&
	    t->e_symbol < 0)
		return yerr(f, e, d, "this effect needs a symbol");
	if (t->effect == EF_GOODS_BONUS && t->e_good < 0)
		return yerr(f, e, d, "this effect needs a good");
	if ((t->effect == EF_ONCE_PER_DISPLAY || t->effect == EF_ONCE_PER_EMPTY) &&
	    t->e_per < 1)
		return yerr(f, e, d, "this effect needs per of 1 or more");
	return 0;
}

static int
load_tribe(const char *datadir, struct diag *d)
{
	struct yfile f;
	char path[1024];
	yaml_node_t *seq;
	yaml_node_item_t *it;
	int rc = -1;

	if (yopen(&f, datadir, "tribe.yaml", path, sizeof path, d) < 0)
		return -1;
	if ((seq = ycards(&f, d)) == NULL)
		goto out;
	ntribe_tab = 0;
	for (it = seq->data.sequence.items.start;
	    it < seq->data.sequence.items.top; it++) {
		yaml_node_t *c = yaml_document_get_node(&f.doc, *it);
		struct tg_tribe t;
		const char *s;
		yaml_node_t *e;
		int res[TG_NRES];

		memset(&t, 0, sizeof t);
		t.e_symbol = t.e_good = -1;
		if (ntribe_tab == TG_MAXTRIBE) {
			yerr(&f, c, d, "more tribe cards than the game has (45)");
			goto out;
		}
		if (yint(&f, c, "id", 0, &t.id, d) < 0 ||
		    yint(&f, c, "vp", 0, &t.vp, d) < 0)
			goto out;
		for (int i = 0; i < ntribe_tab; i++)
			if (tribe_tab[i].id == t.id) {
				yerr(&f, c, d, "two tribe cards have the same id");
				goto out;
			}
		if ((s = yscalar(ymap_get(&f, c, "symbol"))) == NULL ||
		    (t.symbol = tg_symbol_parse(s)) < 0) {
			yerr(&f, c, d, "symbol must be oasis, camel_rider, well, tent or targia");
			goto out;
		}
		if ((s = yscalar(ymap_get(&f, c, "cost"))) == NULL ||
		    parse_res(s, res) < 0 || res[TG_VP] != 0) {
			yerr(&f, c, d, "cost must list D, S, P and G, e.g. \"2S D G\"");
			goto out;
		}
		memcpy(t.cost, res, sizeof t.cost);
		if ((s = yscalar(ymap_get(&f, c, "alt"))) != NULL) {
			if (parse_res(s, res) < 0 || res[TG_G] != 1 ||
			    res[TG_D] + res[TG_S] + res[TG_P] + res[TG_VP] != 0) {
				yerr(&f, c, d, "alt can only be G (1 gold instead of the goods)");
				goto out;
			}
			t.alt_gold = 1;
		}
		if ((e = ymap_get(&f, c, "effect")) != NULL &&
		    load_effect(&f, e, &t, d) < 0)
			goto out;
		tribe_tab[ntribe_tab++] = t;
	}
	rc = 0;
out:
	yaml_document_delete(&f.doc);
	return rc;
}

int
tg_load(const char *datadir, struct diag *d)
{
	if (loaded)
		return 0;
	if (load_border(datadir, d) < 0 || load_goods(datadir, d) < 0 ||
	    load_tribe(datadir, d) < 0)
		return -1;
	if (ntribe_tab < 9 || ngoods_tab < 5)
		return diag_set(d, 0, "%s/targi: too few cards to lay out the centre",
		    datadir);
	loaded = 1;
	return 0;
}

int
tg_data_copy(struct tg_state *st, struct diag *d)
{
	if (!loaded)
		return diag_set(d, 0, "the Targi card data has not been loaded");
	memcpy(st->border, border_tab, sizeof st->border);
	memcpy(st->goods, goods_tab, sizeof st->goods);
	memcpy(st->tribe, tribe_tab, sizeof st->tribe);
	st->ngoods = ngoods_tab;
	st->ntribe = ntribe_tab;
	return 0;
}
