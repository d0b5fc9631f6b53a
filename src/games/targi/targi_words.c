/* targi_words: the names of Targi's things as terms (msg.h), so each reader
 * reads the words of their edition's rulebook. */
#include <stdio.h>
#include <string.h>

#include "games/targi/targi.h"

const char *
tg_res_term(int r)
{
	switch (r) {
	case TG_D: return TERM("targi.good.dates");
	case TG_S: return TERM("targi.good.salt");
	case TG_P: return TERM("targi.good.pepper");
	case TG_G: return TERM("targi.good.gold");
	case TG_W: return TERM("targi.good.water");
	default: return TERM("targi.good.vp");
	}
}

void
tg_res_count(char *out, size_t n, int r, int count)
{
	unsigned long c = count < 0 ? 2 : (unsigned long)count;

	switch (r) {
	case TG_D: msg_nfmt(out, n, c, "%d date", "%d dates", count); break;
	case TG_S: msg_nfmt(out, n, c, "%d salt", "%d salt", count); break;
	case TG_P: msg_nfmt(out, n, c, "%d pepper", "%d pepper", count); break;
	case TG_G: msg_nfmt(out, n, c, "%d gold", "%d gold", count); break;
	case TG_W: msg_nfmt(out, n, c, "%d water", "%d water", count); break;
	default: msg_nfmt(out, n, c, "%d VP", "%d VP", count); break;
	}
}

const char *
tg_symbol_term(int s)
{
	static const char *const t[SYM_N] = {
		TERM("targi.symbol.oasis"), TERM("targi.symbol.camel_rider"),
		TERM("targi.symbol.well"), TERM("targi.symbol.tent"),
		TERM("targi.symbol.targia")
	};

	return s >= 0 && s < SYM_N ? t[s] : "?";
}

/* The printed English name of a border card of its kind (the data files'
 * names), the key of its term, and the key of its short board name. */
struct place_word {
	const char *name, *shortname, *key;
};

static int
place_word(const struct tg_state *st, int n, struct place_word *w)
{
	static const char *const raid_name[] = { "Raid 1", "Raid 2", "Raid 3", "Raid 4" };
	static const char *const raid_key[] = { "targi.place.raid1", "targi.place.raid2",
	    "targi.place.raid3", "targi.place.raid4" };
	const struct tg_border *b = &st->border[n];

	switch (b->kind) {
	case BK_NOBLE:
		*w = (struct place_word){ "Noble", "Noble", "targi.place.noble" };
		return 0;
	case BK_GOODS:
		if (b->gives == TG_D)
			*w = (struct place_word){ "Dates", "Dates", "targi.place.dates" };
		else if (b->gives == TG_S)
			*w = (struct place_word){ "Salt", "Salt", "targi.place.salt" };
		else
			*w = (struct place_word){ "Pepper", "Pepper", "targi.place.pepper" };
		return 0;
	case BK_MERCHANT:
		*w = (struct place_word){ "Merchant", "Merchant", "targi.place.merchant" };
		return 0;
	case BK_FATA:
		*w = (struct place_word){ "Fata Morgana", "FataMorg", "targi.place.fata_morgana" };
		return 0;
	case BK_SILVER:
		*w = (struct place_word){ "Silversmith", "Silversm", "targi.place.silversmith" };
		return 0;
	case BK_CARAVAN:
		*w = (struct place_word){ "Caravan", "Caravan", "targi.place.caravan" };
		return 0;
	case BK_EXPAND:
		*w = (struct place_word){ "Tribal expansion", "TribeExp",
		    "targi.place.tribal_expansion" };
		return 0;
	case BK_WATER:
		*w = (struct place_word){ "Water hole", "WaterHol", "targi.place.water_hole" };
		return 0;
	case BK_RAID:
		if (n % 4 != 0 || n / 4 < 1 || n / 4 > 4)
			return -1;
		*w = (struct place_word){ raid_name[n / 4 - 1], raid_name[n / 4 - 1],
		    raid_key[n / 4 - 1] };
		return 0;
	}
	return -1;
}

/* snprintf's "%s%s" of a and b into out (size sz), cut as it cuts:
 * a view names every place of the border, each report. */
static void
cat2(char *out, size_t sz, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (sz == 0)
		return;
	if (la > sz - 1)
		la = sz - 1;
	memcpy(out, a, la);
	if (lb > sz - 1 - la)
		lb = sz - 1 - la;
	memcpy(out + la, b, lb);
	out[la + lb] = '\0';
}

const char *
tg_place_name(const struct tg_state *st, int n, char *out, size_t sz)
{
	struct place_word w;

	if (n >= 1 && n <= TG_NBORDER && place_word(st, n, &w) == 0 &&
	    strcmp(w.name, st->border[n].name) == 0)
		msg_term(out, sz, w.key);
	else
		cat2(out, sz, n >= 1 && n <= TG_NBORDER ? st->border[n].name : "?", "");
	return out;
}

const char *
tg_place_short(const struct tg_state *st, int n, char *out, size_t sz)
{
	struct place_word w;
	char key[48];

	if (n >= 1 && n <= TG_NBORDER && place_word(st, n, &w) == 0 &&
	    strcmp(w.shortname, st->border[n].shortname) == 0) {
		cat2(key, sizeof key, w.key, ".short");
		msg_term(out, sz, key);
	} else
		cat2(out, sz, n >= 1 && n <= TG_NBORDER ? st->border[n].shortname : "?", "");
	return out;
}

/* A whole sentence made with msg_nfmt (a plural) as a narrative line. */
void
tg_emit_enc(struct evsink *ev, uint32_t vis, const char *enc)
{
	struct evline e;

	if (ev == NULL)
		return;
	memset(&e, 0, sizeof e);
	e.vis = vis;
	snprintf(e.enc, sizeof e.enc, "%s", enc);
	ev_add(ev, &e);
}

/* The same for a refusal; returns -1 like diag_set. */
int
tg_diag_enc(struct diag *d, const char *enc)
{
	if (d == NULL)
		return -1;
	snprintf(d->enc, sizeof d->enc, "%s", enc);
	msg_english(d->enc, d->msg, sizeof d->msg);
	return -1;
}
