/* registry: the games this referee knows. */
#include <stdio.h>
#include <strings.h>

#include "catalog.h"
#include "game.h"
#include "msg.h"

extern const struct game_rules buqruru_rules;
extern const struct game_rules targui_rules;
extern const struct game_rules targi_rules;

const struct game_rules *const game_table[] = {
	&buqruru_rules,
	&targi_rules,
	&targui_rules,
	NULL
};

int
games_load(const char *datadir, struct diag *d)
{
	static int loaded;
	char dir[1100];

	if (loaded)
		return 0;
	catalog_init(datadir);
	msg_use_catalog(&catalog_msg);
	snprintf(dir, sizeof dir, "%s/data", datadir);
	for (int i = 0; game_table[i] != NULL; i++)
		if (game_table[i]->load != NULL && game_table[i]->load(dir, d) < 0)
			return -1;
	loaded = 1;
	return 0;
}

const struct game_rules *
game_find(const char *name)
{
	for (int i = 0; game_table[i] != NULL; i++)
		if (strcasecmp(game_table[i]->name, name) == 0)
			return game_table[i];
	return NULL;
}
