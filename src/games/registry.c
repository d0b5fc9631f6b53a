/* registry: the games this referee knows. */
#include <stdio.h>
#include <strings.h>

#include "core/diag.h"
#include "games/game.h"

extern const struct game_rules buqruru_rules;
extern const struct game_rules targui_rules;
extern const struct game_rules targi_rules;

const struct game_rules *const game_table[] = {
	&buqruru_rules,
	&targi_rules,
	&targui_rules,
	NULL
};

static int loaded;
static char deferred_dir[1100];
static int (*deferred_then)(struct diag *);
static int deferred, failed;

int
games_load(const char *datadir, struct diag *d)
{
	char dir[1100];

	if (loaded)
		return 0;
	snprintf(dir, sizeof dir, "%s/data", datadir);
	for (int i = 0; game_table[i] != NULL; i++)
		if (game_table[i]->load != NULL && game_table[i]->load(dir, d) < 0)
			return -1;
	loaded = 1;
	return 0;
}

void
games_defer(const char *datadir, int (*then)(struct diag *))
{
	snprintf(deferred_dir, sizeof deferred_dir, "%s", datadir);
	deferred_then = then;
	deferred = 1;
}

int
games_ready(struct diag *d)
{
	if (!deferred)
		return 0;
	/* A catalog that cannot be read fails as it did at start-up, before
	 * any mail is written without it. */
	if (games_load(deferred_dir, d) < 0 || (deferred_then != NULL && deferred_then(d) < 0)) {
		failed = 1;
		return -1;
	}
	deferred = 0;
	return 0;
}

int
games_misconfigured(void)
{
	return failed;
}

const struct game_rules *
game_find(const char *name)
{
	/* No rules without their data: NULL, as for a game never heard of;
	 * games_ready's caller says why. */
	if (deferred && games_ready(NULL) < 0)
		return NULL;
	for (int i = 0; game_table[i] != NULL; i++)
		if (strcasecmp(game_table[i]->name, name) == 0)
			return game_table[i];
	return NULL;
}
