/* libFuzzer target: any line through "did you mean" (src/lang/suggest.c)
 * against the legal orders of a game in a state reached by legal moves.
 *
 * Input: byte 0 picks the game (buqruru, targi, targui), byte 1 the number
 * of moves before, byte 2 the reader's language; the rest is the line.
 *
 * Aborts when more than SUGGEST_MAX orders are offered, when one is offered
 * twice or is not one legal() listed, or when the list in the reader's
 * words differs from it in length; and when suggest_at, which offers the
 * line with its keywords mended too, offers more, offers one twice, or
 * offers one the game does not take, read back from the reader's words.
 * The data files and catalogs come from FUZZ_DATADIR (the source tree),
 * read once. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/xmalloc.h"
#include "games/game.h"
#include "lang/catalog.h"
#include "lang/ordertr.h"
#include "lang/suggest.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR "."
#endif

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const games[] = { "buqruru", "targi", "targui" };
static const char *const langs[] = { "en", "de", "es", "fr" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct diag d;

	(void)argc;
	(void)argv;
	diag_clear(&d);
	catalog_init(FUZZ_DATADIR);
	msg_use_catalog(&catalog_msg);
	if (games_load(FUZZ_DATADIR, &d) != 0) {
		fprintf(stderr, "fuzz_suggest: %s\n", d.msg);
		exit(1);
	}
	return 0;
}

/* The first seat waited for that has a legal order, its orders in l; -1
 * when none. */
static int
asked(const struct game_rules *r, const void *st, struct order_list *l)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	r->waiting_for(st, &pd);
	for (int s = 0; s < MAX_SEATS && !pd.over; s++) {
		order_list_free(l);
		order_list_init(l);
		if ((pd.seats & VIS_SEAT(s)) && r->legal(st, s, l) >= 0 && l->n > 0)
			return s;
	}
	return -1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char names[2][SEAT_NAME] = { "anna", "bert" };
	const struct game_rules *r;
	struct order_list l;
	struct optset o;
	struct diag d;
	struct tval *list;
	size_t pick[SUGGEST_MAX + 1], n;
	char *line;
	void *st;
	int seat;

	if (size < 3)
		return 0;
	r = game_find(games[data[0] % 3]);
	if (opt_resolve(r->options, &o, NULL, 0, &d) < 0)
		abort();
	st = xcalloc(1, r->state_size);
	if (r->setup(st, 2, names, &o, 1, NULL, &d) < 0)
		abort();
	order_list_init(&l);
	seat = asked(r, st, &l);
	for (int k = 0; k < data[1] % 64 && seat >= 0; k++) {
		if (r->apply(st, seat, &l.v[((size_t)k * 7919u + 3) % l.n], NULL, &d) < 0)
			abort();
		seat = asked(r, st, &l);
	}
	line = xmalloc(size - 2);
	memcpy(line, data + 3, size - 3);
	line[size - 3] = '\0';
	n = suggest_orders(r->name, line, &l, pick, SUGGEST_MAX);
	if (n > SUGGEST_MAX)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (pick[i] >= l.n)
			abort();
		for (size_t k = 0; k < i; k++)
			if (pick[k] == pick[i])
				abort();
	}
	list = tval_list();
	suggest_list(langs[data[2] % 4], r->name, line, &l, list);
	if (list->n != n)
		abort();
	tval_free(list);
	if (seat >= 0) {
		const char *lang = langs[data[2] % 4];
		void *tmp = xmalloc(r->state_size);

		list = tval_list();
		suggest_at(lang, r, st, seat, line, list);
		if (list->n > SUGGEST_MAX)
			abort();
		for (size_t i = 0; i < list->n; i++) {
			const char *t = tval_get(list->items[i], "text")->str;
			char en[2 * ORDER_TEXT + 64];
			struct order ord;

			for (size_t k = 0; k < i; k++)
				if (strcmp(tval_get(list->items[k], "text")->str, t) == 0)
					abort();
			ordertr_to_english(lang, r->name, t, en, sizeof en);
			memcpy(tmp, st, r->state_size);
			memset(&ord, 0, sizeof ord);
			if (r->parse(st, seat, en, &ord, &d) < 0 ||
			    r->apply(tmp, seat, &ord, NULL, &d) < 0)
				abort();
		}
		tval_free(list);
		free(tmp);
	}
	free(line);
	order_list_free(&l);
	free(st);
	return 0;
}
