/* libFuzzer target: a game master's Targi deck file through tg_setup (and
 * so tg_deck_build), then the game it sets up played a little way with the
 * default orders, since a deck file's cards are what the engine meets.
 *
 * The first byte picks the options: bits 0-1 deck (auto, base, mixed,
 * file), bit 2 expansion, bit 3 water, bit 4 dunes, bit 5 costs, bit 6
 * targia, bit 7 setup=expansion and last_raid=card. The rest is the file.
 *
 * Aborts when a refusal says nothing, when an accepted deck sets up a
 * state tg_check refuses, or when a default order does not apply or leaves
 * such a state. The printed cards come from FUZZ_DATADIR (the source
 * tree's data/), read once. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/targi/targi.h"
#include "core/xmalloc.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR "data"
#endif

#define STEPS 40

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct tg_state st;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct diag d;

	(void)argc;
	(void)argv;
	diag_clear(&d);
	if (tg_load(FUZZ_DATADIR, &d) != 0) {
		fprintf(stderr, "fuzz_targi_deck: %s\n", d.msg);
		exit(1);
	}
	return 0;
}

static void
options(unsigned b, struct optset *o)
{
	static const char *const decks[4] = {
		"deck=auto", "deck=base", "deck=mixed", "deck=file"
	};
	const char *kv[8];
	struct diag d;
	int n = 0;

	kv[n++] = decks[b & 3];
	if (b & 0x04)
		kv[n++] = "expansion=yes";
	if (b & 0x08)
		kv[n++] = "water=yes";
	if (b & 0x10)
		kv[n++] = "dunes=yes";
	if (b & 0x20)
		kv[n++] = "costs=yes";
	if (b & 0x40)
		kv[n++] = "targia=yes";
	if (b & 0x80) {
		kv[n++] = "setup=expansion";
		kv[n++] = "last_raid=card";
	}
	if (opt_resolve(targi_rules.options, o, kv, n, &d) != 0)
		abort();
}

static void
look(void)
{
	struct buf b = BUF_INIT;
	struct diag d;

	if (tg_check(&st, &d) != 0) {
		fprintf(stderr, "tg_check: %s\n", d.msg);
		abort();
	}
	for (int v = -1; v < TG_SEATS; v++) {
		struct tval *root = tval_map();

		tg_view(&st, v, root);
		tval_free(root);
	}
	tg_serialize(&st, &b);
	buf_free(&b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char names[TG_SEATS][SEAT_NAME] = { "anna", "bert" };
	struct optset o;
	struct diag d;
	char *file;

	if (size == 0)
		return 0;
	options(data[0], &o);
	file = xmalloc(size);
	memcpy(file, data + 1, size - 1);
	file[size - 1] = '\0';
	o.file = file;
	snprintf(o.file_name, sizeof o.file_name, "deck.yaml");
	memset(&st, 0, sizeof st);
	diag_clear(&d);
	if (tg_setup(&st, TG_SEATS, names, &o, 1, NULL, &d) != 0) {
		if (d.msg[0] == '\0')
			abort();
		free(file);
		return 0;
	}
	free(file);     /* the state keeps nothing of the file */
	look();
	for (int step = 0; step < STEPS; step++) {
		struct pending p;
		struct order ord;
		int seat;

		memset(&p, 0, sizeof p);
		tg_waiting_for(&st, &p);
		if (p.over || p.seats == 0)
			break;
		for (seat = 0; !(p.seats & VIS_SEAT(seat)); seat++)
			;
		if (targi_rules.default_order(&st, seat, &ord) != 0 ||
		    tg_apply(&st, seat, &ord, NULL, &d) != 0) {
			fprintf(stderr, "default order of seat %d: %s\n", seat, d.msg);
			abort();
		}
		look();
	}
	return 0;
}
