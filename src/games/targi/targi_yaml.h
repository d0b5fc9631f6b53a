/* targi_yaml: the small libyaml reader shared by the printed card data
 * (targi_data.c) and a game master's deck file (targi_deck.c). */
#ifndef AZ_TARGI_YAML_H
#define AZ_TARGI_YAML_H

#include <yaml.h>

#include "games/targi/targi.h"

struct yfile {
	const char *path;
	const char *sep;	/* between name and "line": ", " or " " */
	yaml_document_t doc;
};

int yerr(const struct yfile *, const yaml_node_t *, struct diag *,
    const char *what);
yaml_node_t *ymap_get(struct yfile *, yaml_node_t *map, const char *key);
const char *yscalar(yaml_node_t *);
int yint(struct yfile *, yaml_node_t *map, const char *key, int def, int *out,
    struct diag *);
int yparse_text(struct yfile *, const char *name, const char *text,
    struct diag *);
/* "2S D G 3W" -> counts of D S P G VP W; -1 on anything else. */
int parse_res(const char *, int res[TG_NRES]);
/* One tribe card mapping; deck: from a game master's file (the
 * expansion's keys allowed). */
int ytribe(struct yfile *, yaml_node_t *c, struct tg_tribe *, int deck,
    struct diag *);
int ygoods(struct yfile *, yaml_node_t *c, struct tg_goodscard *,
    int *copies, struct diag *);
int yborder(struct yfile *, yaml_node_t *c, int *n, struct tg_border *,
    int deck, struct diag *);

#endif
