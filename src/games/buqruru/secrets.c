/* A sealed sowing hole is the only thing one Buqruru player may not know of
 * the other. Reports show it to its maker as "sealed hole c", and only while
 * it is sealed, so the phrase never rightly reaches anyone else. */
#include "games/buqruru/buqruru.h"

void
bq_secrets(const void *vst, int viewer, struct secrets *out)
{
	const struct bq_state *st = vst;

	if (st->phase != BQ_PH_HOLE || st->hole_choice != BQ_SEALED)
		return;
	for (int s = 0; s < BQ_SEATS; s++)
		if (s != viewer && st->sowing[s] >= 0 && bq_live(st, s) != 1)
			secret_add(out, "sealed hole %c", bq_letter(st->sowing[s]));
}
