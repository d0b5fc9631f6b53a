/* libFuzzer target: any bytes as a campaign file through
 * campaign_file_load. It reads a path, so each input is written to one
 * file in a directory of its own (a "deck:" is looked for beside it), which
 * goes when the fuzzer exits normally.
 *
 * Aborts when a refusal does not name the file and a line, and when an
 * accepted file breaks a promise of campaign-file.h: rules that do not
 * exist, a seat count the rules do not take, an unusable seat name or
 * address or bot level, a repeated seat, an option or setting that does not resolve, a
 * watcher that is no address. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign-file.h"
#include "core/diag.h"
#include "games/bot.h"
#include "games/game.h"

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char dir[64], path[96];

static void
cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

/* In memory when the system has /dev/shm: a write to disk per input would
 * be most of the time spent. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");

	(void)argc;
	(void)argv;
	if (access("/dev/shm", W_OK) == 0)
		tmp = "/dev/shm";
	else if (tmp == NULL || strlen(tmp) >= 40)
		tmp = "/tmp";
	snprintf(dir, sizeof dir, "%s/azfuzz-XXXXXX", tmp);
	if (mkdtemp(dir) == NULL) {
		perror("fuzz_campaign_file: mkdtemp");
		exit(1);
	}
	snprintf(path, sizeof path, "%s/campaign.yaml", dir);
	atexit(cleanup);
	return 0;
}

static int
has_at(const char *s)
{
	const char *at = strchr(s, '@');

	return at != NULL && at > s && at[1] != '\0' && strchr(at + 1, '@') == NULL;
}

static void
check(const struct campaign_file *cf)
{
	const struct game_rules *r = game_find(cf->rules);
	const char *kv[OPT_MAX];
	struct campaign camp;
	struct optset o;
	struct diag d;

	if (r == NULL || cf->nseats < r->min_seats || cf->nseats > r->max_seats)
		abort();
	for (int i = 0; i < cf->nseats; i++) {
		if (!game_name_valid(cf->seat_name[i], SEAT_NAME))
			abort();
		if (strncmp(cf->seat_address[i], "bot:", 4) == 0) {
			if (bot_level_find(cf->seat_address[i] + 4) < 0)
				abort();
		} else if (strcmp(cf->seat_address[i], "bot") != 0 &&
		    !has_at(cf->seat_address[i]))
			abort();
		for (int j = 0; j < i; j++)
			if (strcasecmp(cf->seat_name[i], cf->seat_name[j]) == 0)
				abort();
	}
	if (cf->name[0] != '\0' && !game_name_valid(cf->name, 33))
		abort();
	if (cf->nopts < 0 || cf->nopts > OPT_MAX)
		abort();
	for (int i = 0; i < cf->nopts; i++)
		kv[i] = cf->opt[i];
	if (opt_resolve(r->options, &o, kv, cf->nopts, &d) != 0)
		abort();
	if (cf->deck[0] != '\0' && (r->file_what == NULL || access(cf->deck, R_OK) != 0))
		abort();
	if (cf->nsettings < 0 || cf->nsettings > CF_SETTINGS)
		abort();
	campaign_defaults(&camp);
	for (int i = 0; i < cf->nsettings; i++)
		if (campaign_apply(&camp, cf->key[i], cf->value[i], &d) != 0)
			abort();
	if (cf->nwatchers < 0 || cf->nwatchers > CF_WATCHERS)
		abort();
	for (int i = 0; i < cf->nwatchers; i++)
		if (!has_at(cf->watcher[i]))
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct campaign_file cf;
	struct diag d;
	FILE *fp;

	if ((fp = fopen(path, "w")) == NULL || fwrite(data, 1, size, fp) != size ||
	    fclose(fp) != 0) {
		perror("fuzz_campaign_file: write the input");
		exit(1);
	}
	diag_clear(&d);
	if (campaign_file_load(path, &cf, &d) != 0) {
		if (d.line < 1 || strncmp(d.msg, path, strlen(path)) != 0)
			abort();
		return 0;
	}
	check(&cf);
	return 0;
}
