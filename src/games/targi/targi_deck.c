/* targi_deck: a game master's deck file (doc/targi-deck.md) read from the
 * text the ledger keeps, and the tribe, goods, border and sand dune cards of
 * one game built from it and the printed cards. Everything is copied into
 * the flat state; nothing of the file is pointed at afterwards. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi_yaml.h"

#define POOL	(2 * TG_MAXTRIBE)

struct deckfile {
	int example;
	int ntribe;
	struct tg_tribe tribe[POOL];
	int tribe_line[POOL];
	int base_ref[POOL];		/* 1: {base: id}, a printed card */
	int tribe_key_line;
	int ngoods;
	struct tg_goodscard goods[TG_MAXGOODS];
	int nborder;
	struct tg_border border[TG_NBORDER];
	int border_n[TG_NBORDER];
	int ndune;
	struct tg_dune dune[TG_MAXDUNE];
};

static int
uses_water(const int *spec)
{
	return spec[TG_W] != 0;
}

static const char *const dune_actions[] = {
	"", "gain", "choose", "convert", "caravan", "expand", NULL
};

static int
ydune(struct yfile *f, yaml_node_t *c, struct tg_dune *u, struct diag *d)
{
	const char *s;
	int k;

	memset(u, 0, sizeof *u);
	if (c == NULL || c->type != YAML_MAPPING_NODE)
		return yerr(f, c, d, "a sand dune is a mapping like {id: 1, action: gain, gives: 1G}");
	if (yint(f, c, "id", 0, &u->id, d) < 0)
		return -1;
	if (u->id < 1)
		return yerr(f, c, d, "each sand dune needs an id (a number from 1)");
	if ((s = yscalar(ymap_get(f, c, "action"))) == NULL)
		return yerr(f, c, d, "a sand dune needs an action: gain, choose, convert, caravan or expand");
	for (k = 1; dune_actions[k] != NULL; k++)
		if (strcmp(dune_actions[k], s) == 0)
			break;
	if (dune_actions[k] == NULL)
		return yerr(f, c, d, "unknown sand dune action (gain, choose, convert, caravan or expand)");
	u->action = k;
	if (k == DA_GAIN || k == DA_CONVERT) {
		if ((s = yscalar(ymap_get(f, c, "gives"))) == NULL ||
		    parse_res(s, u->give) < 0)
			return yerr(f, c, d, "this sand dune needs gives, e.g. gives: \"1G 2W\"");
	}
	if (k == DA_CONVERT) {
		if ((s = yscalar(ymap_get(f, c, "pay"))) == NULL ||
		    parse_res(s, u->pay) < 0 || u->pay[TG_VP] != 0)
			return yerr(f, c, d, "convert needs pay, e.g. pay: \"2D\"");
	}
	if (k == DA_CHOOSE) {
		if (yint(f, c, "n", 0, &u->n, d) < 0)
			return -1;
		if (u->n < 1 || u->n > 9)
			return yerr(f, c, d, "choose needs n from 1 to 9 (goods of the player's choice)");
	}
	return 0;
}

static yaml_node_t *
yseq(struct yfile *f, yaml_node_t *root, const char *key, struct diag *d,
    int *bad)
{
	yaml_node_t *n = ymap_get(f, root, key);

	if (n != NULL && n->type != YAML_SEQUENCE_NODE) {
		*bad = 1;
		yerr(f, n, d, "expected a list here");
		return NULL;
	}
	return n;
}

#define EACH(f, seq, c)							\
	for (yaml_node_item_t *it_ = (seq)->data.sequence.items.start;	\
	    it_ < (seq)->data.sequence.items.top &&			\
	    ((c) = yaml_document_get_node(&(f)->doc, *it_)) != NULL; it_++)

static int
read_file(struct yfile *f, const struct tg_state *st, int water, int costs,
    struct deckfile *df, struct diag *d)
{
	static const char *const keys[] = {
		"name", "example", "tribe", "goods", "border", "dunes", NULL
	};
	yaml_node_t *root = yaml_document_get_root_node(&f->doc), *seq, *c;
	int bad = 0;

	if (root->type != YAML_MAPPING_NODE)
		return yerr(f, root, d, "a deck file is a mapping with tribe, goods, border and dunes lists (see doc/targi-deck.md)");
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	    p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&f->doc, p->key);
		const char *ks = yscalar(k);
		int i;

		for (i = 0; ks != NULL && keys[i] != NULL; i++)
			if (strcmp(keys[i], ks) == 0)
				break;
		if (ks == NULL || keys[i] == NULL)
			return yerr(f, k, d, "unknown key; a deck file has name, example, tribe, goods, border and dunes");
		if (strcmp(ks, "tribe") == 0)
			df->tribe_key_line = (int)k->start_mark.line + 1;
	}
	{
		const char *ex = yscalar(ymap_get(f, root, "example"));

		df->example = ex != NULL && (strcmp(ex, "true") == 0 ||
		    strcmp(ex, "yes") == 0);
	}
	if ((seq = yseq(f, root, "tribe", d, &bad)) != NULL) {
		EACH(f, seq, c) {
			struct tg_tribe *t = &df->tribe[df->ntribe];
			int base;

			if (df->ntribe == POOL)
				return yerr(f, c, d, "too many tribe cards (at most 90)");
			if (ymap_get(f, c, "base") != NULL) {
				int i;

				if (yint(f, c, "base", 0, &base, d) < 0)
					return -1;
				for (i = 0; i < st->ntribe; i++)
					if (st->tribe[i].id == base)
						break;
				if (i == st->ntribe)
					return yerr(f, c, d, "base names a printed base game card by its id (20 to 244)");
				*t = st->tribe[i];
				df->base_ref[df->ntribe] = 1;
			} else {
				if (ytribe(f, c, t, 1, d) < 0)
					return -1;
				/* deck=base leaves them out: no module needed. */
				if (st->x.deck == DECK_BASE)
					;
				else if (!water && (uses_water(t->cost) ||
				    uses_water(t->alt) || uses_water(t->extra) ||
				    uses_water(t->e_give) || uses_water(t->e_pay) ||
				    t->effect == EF_END_WATER))
					return yerr(f, c, d, "this card uses water; start the game with water=yes");
				else if (!costs && (t->has_extra || (t->has_alt &&
				    (t->alt[TG_G] != 1 || t->alt[TG_D] + t->alt[TG_S] +
				    t->alt[TG_P] + t->alt[TG_W] != 0))))
					return yerr(f, c, d, "this card has an alternative or optional cost; start the game with costs=yes");
			}
			for (int i = 0; i < df->ntribe; i++)
				if (df->tribe[i].id == t->id)
					return yerr(f, c, d, "two tribe cards have the same id");
			if (!df->base_ref[df->ntribe])
				for (int i = 0; i < st->ntribe; i++)
					if (st->tribe[i].id == t->id)
						return yerr(f, c, d, "this id is a printed base game card's; write {base: id} to use it, or give the card another id");
			df->tribe_line[df->ntribe] = (int)c->start_mark.line + 1;
			df->ntribe++;
		}
	}
	if (bad)
		return -1;
	if ((seq = yseq(f, root, "goods", d, &bad)) != NULL) {
		EACH(f, seq, c) {
			struct tg_goodscard g;
			int copies;

			if (ygoods(f, c, &g, &copies, d) < 0)
				return -1;
			if (!water && uses_water(g.res))
				return yerr(f, c, d, "this goods card gives water; start the game with water=yes");
			for (int i = 0; i < copies; i++) {
				if (df->ngoods + 19 >= TG_MAXGOODS)
					return yerr(f, c, d, "too many goods cards (at most 11 beside the 19 printed)");
				df->goods[df->ngoods++] = g;
			}
		}
	}
	if (bad)
		return -1;
	if ((seq = yseq(f, root, "border", d, &bad)) != NULL) {
		EACH(f, seq, c) {
			struct tg_border b;
			int n;

			if (yborder(f, c, &n, &b, 1, d) < 0)
				return -1;
			for (int i = 0; i < df->nborder; i++)
				if (df->border_n[i] == n)
					return yerr(f, c, d, "border card listed twice");
			if (!water && (b.kind == BK_WATER || b.noble_gift ||
			    b.discard_water))
				return yerr(f, c, d, "this border card uses water; start the game with water=yes");
			df->border[df->nborder] = b;
			df->border_n[df->nborder++] = n;
		}
	}
	if (bad)
		return -1;
	if ((seq = yseq(f, root, "dunes", d, &bad)) != NULL) {
		EACH(f, seq, c) {
			struct tg_dune u;

			if (df->ndune == TG_MAXDUNE)
				return yerr(f, c, d, "too many sand dunes (at most 30)");
			if (ydune(f, c, &u, d) < 0)
				return -1;
			if (!water && (uses_water(u.give) || uses_water(u.pay)))
				return yerr(f, c, d, "this sand dune uses water; start the game with water=yes");
			for (int i = 0; i < df->ndune; i++)
				if (df->dune[i].id == u.id)
					return yerr(f, c, d, "two sand dunes have the same id");
			df->dune[df->ndune++] = u;
		}
	}
	return bad ? -1 : 0;
}

static int
count_symbols(const struct tg_tribe *t, int n, int cnt[SYM_N])
{
	memset(cnt, 0, sizeof(int) * SYM_N);
	for (int i = 0; i < n; i++)
		cnt[t[i].symbol]++;
	return 0;
}

/* deck=mixed: the printed and the file's cards sorted by symbol, 9 of
 * each drawn at random, as the expansion's text proposes. */
static int
mix(struct tg_state *st, const struct deckfile *df, const char *name,
    struct diag *d)
{
	struct tg_tribe pool[POOL + TG_MAXTRIBE];
	int n = 0, out = 0;

	for (int i = 0; i < st->ntribe; i++)
		pool[n++] = st->tribe[i];
	for (int i = 0; df != NULL && i < df->ntribe; i++) {
		if (df->base_ref[i])
			return diag_set(d, df->tribe_line[i], "%s line %d: deck=mixed takes every printed card already; list only the expansion's cards",
			    name, df->tribe_line[i]);
		pool[n++] = df->tribe[i];
	}
	for (int s = 0; s < SYM_N; s++) {
		int idx[POOL + TG_MAXTRIBE], m = 0;

		for (int i = 0; i < n; i++)
			if (pool[i].symbol == s)
				idx[m++] = i;
		if (m < 9)
			return diag_set(d, 0, "%s: only %d %s cards to draw 9 from",
			    name, m, tg_symbol_name(s));
		rng_shuffle_int(&st->rng, idx, m);
		for (int i = 0; i < 9; i++)
			st->tribe[out++] = pool[idx[i]];
	}
	st->ntribe = out;
	return 0;
}

int
tg_deck_build(struct tg_state *st, const struct optset *o, struct diag *d)
{
	static struct deckfile df;	/* large; setup is single-threaded */
	const char *name = o != NULL && o->file_name[0] ? o->file_name : "deck";
	struct yfile f;
	int has = o != NULL && o->file != NULL, cnt[SYM_N];

	memset(&df, 0, sizeof df);
	st->origin = ORIGIN_PRINTED;
	st->deck_name[0] = '\0';
	if (has) {
		int rc;

		if (yparse_text(&f, name, o->file, d) < 0)
			return -1;
		rc = read_file(&f, st, st->x.water, st->x.costs, &df, d);
		yaml_document_delete(&f.doc);
		if (rc < 0)
			return -1;
		st->origin = df.example ? ORIGIN_EXAMPLE : ORIGIN_FILE;
		str_copy(st->deck_name, sizeof st->deck_name, name);
	}
	if (st->x.deck == DECK_FILE) {
		if (!has || df.ntribe == 0)
			return diag_set(d, 0, "deck=file (and expansion=yes) needs the game master's deck file with the tribe cards: azalai new targi --deck FILE; see doc/targi-deck.md");
		count_symbols(df.tribe, df.ntribe, cnt);
		for (int s = 0; s < SYM_N; s++)
			if (cnt[s] != 9)
				return diag_set(d, df.tribe_key_line, "%s line %d: the tribe cards must hold 9 of each symbol; %s has %d",
				    name, df.tribe_key_line, tg_symbol_name(s), cnt[s]);
		memcpy(st->tribe, df.tribe, sizeof(struct tg_tribe) * TG_MAXTRIBE);
		st->ntribe = TG_MAXTRIBE;
	} else if (st->x.deck == DECK_MIXED) {
		if (mix(st, has ? &df : NULL, name, d) < 0)
			return -1;
	}
	/* deck=base with a file: its tribe cards stay out (setup says so). */
	for (int i = 0; i < df.ngoods; i++)
		st->goods[st->ngoods++] = df.goods[i];
	for (int i = 0; i < df.nborder; i++)
		st->border[df.border_n[i]] = df.border[i];
	if (st->x.dunes) {
		if (df.ndune < TG_DUNES)
			return diag_set(d, 0, "dunes=yes (and expansion=yes) needs the sand dune cards from the game master's deck file (at least 3): azalai new targi --deck FILE; see doc/targi-deck.md");
		memcpy(st->dune, df.dune, sizeof st->dune);
		st->ndune = df.ndune;
	}
	return 0;
}
