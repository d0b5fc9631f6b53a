/* The seat's legal orders as its report lists them: legal() gives SOW (one
 * by one) and SOW 1, which say the same, so the report shows one of them. */
#include "games/buqruru/buqruru.h"

int
bq_legal_summary(const void *st, int seat, const struct order_list *all,
    struct tval *list)
{
	int plain = 0;

	(void)st;
	(void)seat;
	for (size_t i = 0; i < all->n; i++)
		if (all->v[i].kind == BQ_SOW && all->v[i].nargs == 0)
			plain = 1;
	for (size_t i = 0; i < all->n; i++) {
		const struct order *o = &all->v[i];

		if (plain && o->kind == BQ_SOW && o->nargs == 1 && o->arg[0] == 1)
			continue;
		tval_set_str(tval_push_map(list), "text", o->text);
	}
	return 0;
}
