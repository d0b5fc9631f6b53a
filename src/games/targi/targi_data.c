/* targi_data: reads data/targi/{border,goods,tribe}.yaml into read-only
 * tables once per process; setup copies them into each game's state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/targi/targi_yaml.h"

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
	{ "gain", EF_GAIN },
	{ "choose", EF_CHOOSE },
	{ "convert", EF_CONVERT },
	{ "place_opposite", EF_PLACE_OPPOSITE },
	{ "dune_shared", EF_DUNE_SHARED },
	{ "end_water", EF_END_WATER },
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
	case TG_W: return "water";
	default: return n == 1 ? "VP" : "VP";
	}
}

int
tg_load_effect_name(const char *s)
{
	for (int i = 0; effect_names[i].name != NULL; i++)
		if (strcmp(effect_names[i].name, s) == 0)
			return effect_names[i].kind;
	return -1;
}

int
yerr(const struct yfile *f, const yaml_node_t *n, struct diag *d,
    const char *what)
{
	int line = n != NULL ? (int)n->start_mark.line + 1 : 0;

	return diag_set(d, line, "%s%sline %d: %s", f->path,
	    f->sep != NULL ? f->sep : ", ", line, what);
}

yaml_node_t *
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

const char *
yscalar(yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

int
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
	f->sep = ", ";
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

/* A document from text in memory (a deck file kept in the ledger). */
int
yparse_text(struct yfile *f, const char *name, const char *text,
    struct diag *d)
{
	yaml_parser_t p;
	int ok;

	f->path = name;
	f->sep = " ";
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text,
	    strlen(text));
	ok = yaml_parser_load(&p, &f->doc);
	if (!ok) {
		int line = (int)p.problem_mark.line + 1;

		diag_set(d, line, "%s line %d: %s", name, line,
		    p.problem != NULL ? p.problem : "not valid YAML");
		yaml_parser_delete(&p);
		return -1;
	}
	yaml_parser_delete(&p);
	if (yaml_document_get_root_node(&f->doc) == NULL) {
		yaml_document_delete(&f->doc);
		return diag_set(d, 1, "%s line 1: the file is empty", name);
	}
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

int
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
			cnt = 0;
			while (n < 2 && tok[n] >= '0' && tok[n] <= '9')
				cnt = cnt * 10 + (tok[n++] - '0');
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
		else if (strcasecmp(tok + n, "W") == 0)
			k = TG_W;
		else
			return -1;
		res[k] += cnt;
	}
	return 0;
}

static const char *const border_actions[] = {
	"", "noble", "goods", "merchant", "fata_morgana", "silversmith",
	"caravan", "tribal_expansion", "raid", "water", NULL
};

static int
yflag(struct yfile *f, yaml_node_t *c, const char *key)
{
	const char *s = yscalar(ymap_get(f, c, key));

	return s != NULL && (strcmp(s, "true") == 0 || strcmp(s, "yes") == 0);
}

/* One border card; deck: a game master's replacement, which may use the
 * expansion's keys. */
int
yborder(struct yfile *f, yaml_node_t *c, int *np, struct tg_border *b,
    int deck, struct diag *d)
{
	const char *act, *s;
	int n, k, res[TG_NRES];

	memset(b, 0, sizeof *b);
	b->good = -1;
	if (c == NULL || c->type != YAML_MAPPING_NODE)
		return yerr(f, c, d, "a border card is a mapping like {n: 13, action: caravan}");
	if (yint(f, c, "n", 0, &n, d) < 0)
		return -1;
	if (n < 1 || n > TG_NBORDER)
		return yerr(f, c, d, "each card needs its own number n from 1 to 16");
	if ((act = yscalar(ymap_get(f, c, "action"))) == NULL)
		return yerr(f, c, d, "the card has no action");
	for (k = 1; border_actions[k] != NULL; k++)
		if (strcmp(border_actions[k], act) == 0)
			break;
	if (border_actions[k] == NULL || (k == BK_WATER && !deck))
		return yerr(f, c, d, "unknown action");
	b->kind = k;
	if ((n % 4 == 0) != (k == BK_RAID))
		return yerr(f, c, d, "the corners 4, 8, 12 and 16 must be the raids, and only they");
	s = yscalar(ymap_get(f, c, "name"));
	str_copy(b->name, sizeof b->name, s != NULL ? s : "?");
	s = yscalar(ymap_get(f, c, "short"));
	str_copy(b->shortname, sizeof b->shortname, s != NULL ? s : b->name);
	if (k == BK_GOODS) {
		s = yscalar(ymap_get(f, c, "gives"));
		if (s == NULL || parse_res(s, res) < 0 ||
		    res[TG_D] + res[TG_S] + res[TG_P] != 1 ||
		    res[TG_G] + res[TG_VP] + res[TG_W] != 0)
			return yerr(f, c, d, "a goods border card gives one good: D, S or P");
		b->gives = res[TG_D] ? TG_D : res[TG_S] ? TG_S : TG_P;
	}
	if (k == BK_RAID) {
		if (yint(f, c, "goods", 0, &b->goods, d) < 0 ||
		    yint(f, c, "gold", 0, &b->gold, d) < 0 ||
		    yint(f, c, "vp", 0, &b->vp, d) < 0)
			return -1;
		b->last = yflag(f, c, "last");
		if (b->goods + b->gold == 0)
			return yerr(f, c, d, "a raid asks for goods or gold");
		if ((s = yscalar(ymap_get(f, c, "good"))) != NULL) {
			if (!deck || parse_res(s, res) < 0 ||
			    res[TG_D] + res[TG_S] + res[TG_P] != 1 ||
			    res[TG_G] + res[TG_VP] + res[TG_W] != 0)
				return yerr(f, c, d, "good (the good a raid names) must be D, S or P");
			b->good = res[TG_D] ? TG_D : res[TG_S] ? TG_S : TG_P;
		}
	}
	if (k == BK_WATER) {
		if (yint(f, c, "water", 0, &b->water, d) < 0)
			return -1;
		if (b->water < 1 || b->water > 10)
			return yerr(f, c, d, "a water hole gives water: 1 to 10");
	}
	if (deck) {
		b->noble_gift = k == BK_NOBLE && yflag(f, c, "discard_gift");
		b->adjacent = k == BK_FATA && yflag(f, c, "adjacent");
		b->any_kinds = k == BK_SILVER && yflag(f, c, "any_kinds");
		if (k == BK_EXPAND &&
		    yint(f, c, "discard_water", 0, &b->discard_water, d) < 0)
			return -1;
	}
	*np = n;
	return 0;
}

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
		int n;

		if (yborder(&f, c, &n, &b, 0, d) < 0)
			goto out;
		if (seen[n]) {
			yerr(&f, c, d, "each card needs its own number n from 1 to 16");
			goto out;
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

int
ygoods(struct yfile *f, yaml_node_t *c, struct tg_goodscard *g, int *copies,
    struct diag *d)
{
	const char *gives = yscalar(ymap_get(f, c, "gives"));
	const char *choice = yscalar(ymap_get(f, c, "choice"));

	memset(g, 0, sizeof *g);
	if (c == NULL || c->type != YAML_MAPPING_NODE)
		return yerr(f, c, d, "a goods card is a mapping like {gives: 2W}");
	if (yint(f, c, "copies", 1, copies, d) < 0)
		return -1;
	if ((gives == NULL) == (choice == NULL))
		return yerr(f, c, d, "a goods card has either gives or choice");
	if (gives != NULL && parse_res(gives, g->res) < 0)
		return yerr(f, c, d, "gives must list D, S, P, G, VP or W, e.g. \"2D\" or \"S P\"");
	if (choice != NULL)
		g->choice = 1;
	return 0;
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
		int copies;

		if (ygoods(&f, c, &g, &copies, d) < 0)
			goto out;
		for (int i = 0; i < copies; i++) {
			if (ngoods_tab == 19) {
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

/* The timing each kind has by itself (the base cards print none). */
static int
implied_timing(int effect)
{
	switch (effect) {
	case EF_NONE:
		return TM_NONE;
	case EF_END_PAIRS: case EF_END_MORE_CARDS: case EF_END_MIN_CARDS:
	case EF_END_DIVERSE_ROWS: case EF_END_RIGHTMOST: case EF_END_WATER:
		return TM_END;
	case EF_ONCE_PER_DISPLAY: case EF_ONCE_CHOICE: case EF_ONCE_PER_EMPTY:
	case EF_ONCE_MOVE: case EF_OPPONENT_FEWER:
		return TM_ONCE;
	case EF_GAIN: case EF_CHOOSE: case EF_CONVERT:
		return TM_ONCE;
	default:
		return TM_PERMANENT;
	}
}

static const char *const timing_names[] = {
	"", "once", "permanent", "token", "end", NULL
};

static int
load_effect(struct yfile *f, yaml_node_t *e, struct tg_tribe *t, int deck,
    struct diag *d)
{
	const char *kind = yscalar(ymap_get(f, e, "kind"));
	const char *s;
	int k, res[TG_NRES];

	if (kind == NULL)
		return yerr(f, e, d, "an effect needs a kind");
	if ((k = tg_load_effect_name(kind)) < 0 || (!deck && k >= EF_GAIN))
		return yerr(f, e, d, "unknown effect kind");
	t->effect = k;
	t->timing = implied_timing(k);
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
	if ((t->effect == EF_ONCE_PER_DISPLAY || t->effect == EF_ONCE_PER_EMPTY ||
	    t->effect == EF_END_WATER) && t->e_per < 1)
		return yerr(f, e, d, "this effect needs per of 1 or more");
	if (t->effect == EF_GAIN || t->effect == EF_CONVERT) {
		if ((s = yscalar(ymap_get(f, e, "gives"))) == NULL ||
		    parse_res(s, t->e_give) < 0)
			return yerr(f, e, d, "this effect needs gives, e.g. gives: \"1G 2W\"");
	}
	if (t->effect == EF_CONVERT) {
		if ((s = yscalar(ymap_get(f, e, "pay"))) == NULL ||
		    parse_res(s, t->e_pay) < 0 || t->e_pay[TG_VP] != 0)
			return yerr(f, e, d, "convert needs pay, e.g. pay: \"2D\"");
	}
	if (t->effect == EF_CHOOSE && (t->e_n < 1 || t->e_n > 9))
		return yerr(f, e, d, "choose needs n from 1 to 9 (goods of the player's choice)");
	if ((s = yscalar(ymap_get(f, e, "timing"))) != NULL) {
		int tm;

		for (tm = 1; timing_names[tm] != NULL; tm++)
			if (strcmp(timing_names[tm], s) == 0)
				break;
		if (!deck || timing_names[tm] == NULL)
			return yerr(f, e, d, "timing must be once, permanent, token or end");
		/* Only gain, choose and convert are free to pick once or token;
		 * every other kind works at one time only. */
		if (tm != t->timing &&
		    !(tm == TM_TOKEN && (k == EF_GAIN || k == EF_CHOOSE ||
		    k == EF_CONVERT)))
			return yerr(f, e, d, "this effect kind cannot have that timing");
		t->timing = tm;
	}
	if (t->effect == EF_CONVERT && t->timing != TM_TOKEN)
		return yerr(f, e, d, "convert works only with timing: token (used when the owner chooses)");
	return 0;
}

/* One tribe card: id, symbol, vp, cost; alt (the other side of "/");
 * with deck also extra and extra_vp (the optional "(...)" cost). */
int
ytribe(struct yfile *f, yaml_node_t *c, struct tg_tribe *t, int deck,
    struct diag *d)
{
	const char *s;
	yaml_node_t *e;
	int res[TG_NRES];

	memset(t, 0, sizeof *t);
	t->e_symbol = t->e_good = -1;
	if (c == NULL || c->type != YAML_MAPPING_NODE)
		return yerr(f, c, d, "a tribe card is a mapping like {id: 301, symbol: oasis, vp: 2, cost: D G}");
	if (yint(f, c, "id", 0, &t->id, d) < 0 ||
	    yint(f, c, "vp", 0, &t->vp, d) < 0)
		return -1;
	if (t->id < 1)
		return yerr(f, c, d, "each tribe card needs an id (a number from 1)");
	if ((s = yscalar(ymap_get(f, c, "symbol"))) == NULL ||
	    (t->symbol = tg_symbol_parse(s)) < 0)
		return yerr(f, c, d, "symbol must be oasis, camel_rider, well, tent or targia");
	if ((s = yscalar(ymap_get(f, c, "cost"))) == NULL ||
	    parse_res(s, res) < 0 || res[TG_VP] != 0 || (!deck && res[TG_W]))
		return yerr(f, c, d, deck ? "cost must list D, S, P, G and W, e.g. \"2S D G\"" :
		    "cost must list D, S, P and G, e.g. \"2S D G\"");
	memcpy(t->cost, res, sizeof t->cost);
	if ((s = yscalar(ymap_get(f, c, "alt"))) != NULL) {
		if (!deck && (parse_res(s, res) < 0 || res[TG_G] != 1 ||
		    res[TG_D] + res[TG_S] + res[TG_P] + res[TG_VP] + res[TG_W] != 0))
			return yerr(f, c, d, "alt can only be G (1 gold instead of the goods)");
		if (deck && (parse_res(s, res) < 0 || res[TG_VP] != 0))
			return yerr(f, c, d, "alt (the other side of a \"/\" cost) must list D, S, P, G and W");
		t->has_alt = 1;
		memcpy(t->alt, res, sizeof t->alt);
	}
	if (deck && (s = yscalar(ymap_get(f, c, "extra"))) != NULL) {
		if (parse_res(s, res) < 0 || res[TG_VP] != 0 ||
		    res[TG_D] + res[TG_S] + res[TG_P] + res[TG_G] + res[TG_W] == 0)
			return yerr(f, c, d, "extra (the optional \"(...)\" cost) must list D, S, P, G and W");
		t->has_extra = 1;
		memcpy(t->extra, res, sizeof t->extra);
		if (yint(f, c, "extra_vp", 0, &t->extra_vp, d) < 0)
			return -1;
		if (t->extra_vp < 1)
			return yerr(f, c, d, "extra needs extra_vp: the VP tokens the optional payment gives");
	} else if (deck && ymap_get(f, c, "extra_vp") != NULL)
		return yerr(f, c, d, "extra_vp without extra (the optional cost)");
	if ((e = ymap_get(f, c, "effect")) != NULL &&
	    load_effect(f, e, t, deck, d) < 0)
		return -1;
	t->expansion = deck;
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

		if (ntribe_tab == TG_MAXTRIBE) {
			yerr(&f, c, d, "more tribe cards than the game has (45)");
			goto out;
		}
		if (ytribe(&f, c, &t, 0, d) < 0)
			goto out;
		for (int i = 0; i < ntribe_tab; i++)
			if (tribe_tab[i].id == t.id) {
				yerr(&f, c, d, "two tribe cards have the same id");
				goto out;
			}
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
