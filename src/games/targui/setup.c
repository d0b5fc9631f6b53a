/* Targui setup: options, tribes, the fortune deck, sectors, the deal and the
 * settlements. Sectors (2 and 4 players) are chosen in seat order before the
 * deal, as the rule text has it; settlements then in seat order, each seeing
 * the board and the settlements already placed. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/targui/targui.h"

static const char *const sectors_choices[] = { "any", "opposite", NULL };
static const char *const spring_choices[] = { "occupied", "owned", NULL };
static const char *const raid_choices[] = { "own", "any", NULL };

const struct game_option tu_options[] = {
	{ "sectors", "any", sectors_choices,
	    "With 2 tribes: any two different sectors, or opposite corners "
	    "only." },
	{ "camels", "450", NULL,
	    "Camels in the supply, settlements included: a number (450 is 100 "
	    "pieces of 1 and 70 of 5) or \"unlimited\"." },
	{ "rounds", "16", NULL,
	    "Rounds to play, 1 to 16: one fortune card per round." },
	{ "fortune", "auto", NULL,
	    "The fortune cards used, e.g. 1,6,7,8,9,10 (card 1 always in; "
	    "auto: all 16, or for fewer rounds card 1 and a random choice, "
	    "without 2-5 for 12 rounds or fewer)." },
	{ "tribes", "auto", NULL,
	    "The tribes in seat order, e.g. red,blue (auto: green, yellow, "
	    "red, blue)." },
	{ "spring", "occupied", spring_choices,
	    "Card 12: camels are born only in gueltas holding camels, or in "
	    "every owned guelta." },
	{ "raid", "own", raid_choices,
	    "Card 15: the money of tribes holding their own settlement is "
	    "stolen, or of tribes holding any settlement." },
	{ NULL, NULL, NULL, NULL }
};

static int
parse_count(const char *v, int lo, int hi, int *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (errno != 0 || end == v || *end != '\0' || n < lo || n > hi)
		return -1;
	*out = (int)n;
	return 0;
}

static int
parse_tribe(const char *s, size_t len)
{
	for (int t = 0; t < TU_TRIBES; t++) {
		const char *n = tu_tribe_name[t];

		if ((strlen(tu_tribe_colour[t]) == len &&
		    strncasecmp(s, tu_tribe_colour[t], len) == 0) ||
		    (strlen(n + 4) == len && strncasecmp(s, n + 4, len) == 0) ||
		    (strlen(n) == len && strncasecmp(s, n, len) == 0))
			return t;
	}
	return -1;
}

static int
setup_tribes(struct tu_state *s, const char *v, struct diag *d)
{
	const char *p = v;
	int i = 0;

	for (int t = 0; t < TU_TRIBES; t++)
		s->seat_of[t] = TU_NONE;
	if (strcasecmp(v, "auto") == 0) {
		for (i = 0; i < s->nseats; i++) {
			s->tribe_of[i] = i;
			s->seat_of[i] = i;
		}
		return 0;
	}
	while (*p != '\0') {
		size_t len = strcspn(p, ",");
		int t;

		while (len > 0 && isspace((unsigned char)*p)) {
			p++;
			len--;
		}
		while (len > 0 && isspace((unsigned char)p[len - 1]))
			len--;
		if ((t = parse_tribe(p, len)) < 0)
			return diag_set(d, 0, "option tribes: \"%.*s\" is not a "
			    "tribe; use green, yellow, red or blue.", (int)len,
			    p);
		if (s->seat_of[t] != TU_NONE)
			return diag_set(d, 0, "option tribes: %s is named twice.",
			    tu_tribe_name[t]);
		if (i == s->nseats)
			return diag_set(d, 0, "option tribes: name one tribe "
			    "for each of the %d seats.", s->nseats);
		s->tribe_of[i] = t;
		s->seat_of[t] = i++;
		p += strcspn(p, ",");
		if (*p == ',')
			p++;
	}
	if (i != s->nseats)
		return diag_set(d, 0, "option tribes: name one tribe for each "
		    "of the %d seats.", s->nseats);
	return 0;
}

/* A list like "1,6,7,8" of distinct card numbers. */
int
tu_fortune_parse_set(const char *v, int *cards, int *n, struct diag *d)
{
	int seen[TU_FORTUNE + 1] = { 0 };
	const char *p = v;

	*n = 0;
	while (*p != '\0') {
		char *end;
		long c;

		while (*p == ' ')
			p++;
		c = strtol(p, &end, 10);
		if (end == p || c < 1 || c > TU_FORTUNE)
			return diag_set(d, 0, "option fortune: list card "
			    "numbers from 1 to 16 separated by commas.");
		if (seen[c]++)
			return diag_set(d, 0, "option fortune: card %ld is "
			    "named twice.", c);
		cards[(*n)++] = (int)c;
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p != '\0')
			return diag_set(d, 0, "option fortune: list card "
			    "numbers from 1 to 16 separated by commas.");
	}
	if (!seen[1])
		return diag_set(d, 0, "option fortune: card 1 must always be "
		    "in the game.");
	if (*n <= 12)
		for (int c = 2; c <= 5; c++)
			if (seen[c])
				return diag_set(d, 0, "option fortune: with 12 "
				    "rounds or fewer cards 2 to 5 are left "
				    "out.");
	return 0;
}

static int
setup_deck(struct tu_state *s, const struct optset *o, struct diag *d)
{
	const char *fv = opt_get(o, "fortune"), *rv = opt_get(o, "rounds");
	int rounds, pool[TU_FORTUNE], npool = 0;

	if (parse_count(rv ? rv : "16", 1, TU_FORTUNE, &rounds) < 0)
		return diag_set(d, 0, "option rounds: give a number from 1 to "
		    "16.");
	if (fv != NULL && strcasecmp(fv, "auto") != 0) {
		if (tu_fortune_parse_set(fv, s->deck, &s->deck_n, d) < 0)
			return -1;
		if (rv != NULL && strcmp(rv, "16") != 0 && rounds != s->deck_n) {
			char said[TU_MSG];

			msg_nfmt(said, sizeof said, (unsigned long)s->deck_n,
			    "option fortune lists %d card but rounds is %d: they must agree.",
			    "option fortune lists %d cards but rounds is %d: they must agree.",
			    s->deck_n, rounds);
			return diag_set(d, 0, "%s", said);
		}
	} else {
		s->deck_n = 0;
		s->deck[s->deck_n++] = 1;
		for (int c = rounds <= 12 ? 6 : 2; c <= TU_FORTUNE; c++)
			pool[npool++] = c;
		rng_shuffle_int(&s->rng, pool, npool);
		for (int i = 0; i < rounds - 1; i++)
			s->deck[s->deck_n++] = pool[i];
	}
	s->opt_rounds = s->deck_n;
	rng_shuffle_int(&s->rng, s->deck, s->deck_n);
	s->deck_pos = 0;
	return 0;
}

int
tu_setup(void *vst, int nseats, const char names[][SEAT_NAME],
    const struct optset *o, uint64_t seed, struct evsink *ev, struct diag *d)
{
	struct tu_state *s = vst;
	struct optset defaults;
	const char *v;

	if (o == NULL) {
		if (opt_resolve(tu_options, &defaults, NULL, 0, d) < 0)
			return -1;
		o = &defaults;
	}
	if (!tu_loaded())
		return diag_set(d, 0, "The Targui data files have not been "
		    "loaded.");
	if (nseats < 2 || nseats > TU_TRIBES)
		return diag_set(d, 0, "Targui is played by 2, 3 or 4 tribes.");
	memset(s, 0, sizeof *s);
	s->nseats = nseats;
	for (int i = 0; i < nseats; i++)
		snprintf(s->names[i], sizeof s->names[i], "%s", names[i]);
	tu_copy_data(s);
	rng_seed(&s->rng, seed);
	if (setup_tribes(s, (v = opt_get(o, "tribes")) ? v : "auto", d) < 0)
		return -1;
	v = opt_get(o, "sectors");
	s->opt_opposite = v != NULL && strcmp(v, "opposite") == 0;
	v = opt_get(o, "spring");
	s->opt_spring_owned = v != NULL && strcmp(v, "owned") == 0;
	v = opt_get(o, "raid");
	s->opt_raid_any = v != NULL && strcmp(v, "any") == 0;
	v = opt_get(o, "camels");
	if (v == NULL || strcasecmp(v, "unlimited") == 0)
		s->opt_camels = v == NULL ? 450 : 0;
	else if (parse_count(v, 10 * nseats, 100000, &s->opt_camels) < 0)
		return diag_set(d, 0, "option camels: give a number of at least "
		    "%d, or \"unlimited\".", 10 * nseats);
	s->supply = s->opt_camels;
	if (setup_deck(s, o, d) < 0)
		return -1;
	for (int b = 0; b <= TU_BOXES; b++)
		s->owner[b] = TU_NONE;
	for (int i = 0; i < nseats; i++) {
		s->sector_of[i] = TU_NONE;
		s->money[i] = 10;	/* 5 silver and 1 gold */
		s->minted += 10;
		s->hand[i] = TU_TRIBAL;
	}
	for (int t = 0; t < T_NTERRAIN; t++)
		s->strat_over[t] = s->eco_over[t] = -1;
	s->cur = TU_NONE;
	s->winner = TU_NONE;
	{
		char said[TU_MSG];

		/* Seats are 2 or more; a short game may have one round. */
		msg_nfmt(said, sizeof said, (unsigned long)s->deck_n,
		    "Targui for %d tribes, %d round.", "Targui for %d tribes, %d rounds.",
		    nseats, s->deck_n);
		ev_emit(ev, VIS_ALL, "%s", said);
	}
	for (int i = 0; i < nseats; i++)
		ev_emit(ev, VIS_ALL, "%s plays the %s (%s).", s->names[i],
		    tu_tribe_name[s->tribe_of[i]],
		    tu_colour_term[s->tribe_of[i]]);
	if (nseats == 3) {
		tu_deal(s, ev);
		s->phase = PH_SETTLE;
	} else {
		s->phase = PH_SECTOR;
	}
	s->chooser = 0;
	tu_advance(s, ev);
	return 0;
}

int
tu_sector_allowed(const struct tu_state *s, int seat, int sector,
    struct diag *d)
{
	if (sector < 0 || sector >= TU_SECTORS)
		return diag_set(d, 0, "There are sectors A, B, C and D.");
	for (int i = 0; i < s->nseats; i++) {
		if (i != seat && s->sector_of[i] == sector)
			return diag_set(d, 0, "Sector %c is already taken by "
			    "the %s.", 'A' + sector,
			    tu_tribe_name[s->tribe_of[i]]);
		if (i != seat && s->opt_opposite && s->nseats == 2 &&
		    s->sector_of[i] != TU_NONE &&
		    sector != 3 - s->sector_of[i])
			return diag_set(d, 0, "This game plays opposite "
			    "sectors: you must take sector %c.",
			    'A' + 3 - s->sector_of[i]);
	}
	return 0;
}

int
tu_settle_allowed(const struct tu_state *s, int seat, int box,
    struct diag *d)
{
	if (s->nseats == 3) {
		const int *g = s->three[seat];

		if (box != g[0] && box != g[1] && box != g[2])
			return diag_set(d, 0, "Your settlement must go in box "
			    "%d, %d or %d.", g[0], g[1], g[2]);
	} else {
		const int *g = s->sector[s->sector_of[seat]];
		int ok = 0;

		for (int i = 0; i < TU_SECTOR_BOXES; i++)
			if (g[i] == box)
				ok = 1;
		if (!ok)
			return diag_set(d, 0, "Box %d is not in your sector %c "
			    "(boxes %d %d %d %d %d %d %d %d).", box,
			    'A' + s->sector_of[seat], g[0], g[1], g[2], g[3],
			    g[4], g[5], g[6], g[7]);
	}
	if (s->terrain[box] == T_SETTLEMENT)
		return diag_set(d, 0, "Box %d already holds a settlement.",
		    box);
	return 0;
}

void
tu_deal(struct tu_state *s, struct evsink *ev)
{
	int cards[TU_BOXES], n = 0;

	for (int t = 0; t < T_NTERRAIN; t++) {
		if (t == T_SETTLEMENT || t == T_SALTMINE)
			continue;
		for (int k = 0; k < s->terr[t].count; k++)
			cards[n++] = t;
	}
	rng_shuffle_int(&s->rng, cards, n);
	s->terrain[s->salt_box] = T_SALTMINE;
	for (int b = 2, i = 0; b <= TU_BOXES && i < n; b++) {
		if (b == s->salt_box)
			continue;
		s->terrain[b] = cards[i++];
	}
	s->dealt = 1;
	ev_emit(ev, VIS_ALL, "The board is dealt.");
}

void
tu_choose_sector(struct tu_state *s, int seat, int sector, struct evsink *ev)
{
	s->sector_of[seat] = sector;
	ev_emit(ev, VIS_ALL, "The %s take sector %c.",
	    tu_tribe_name[s->tribe_of[seat]], 'A' + sector);
}

void
tu_choose_settle(struct tu_state *s, int seat, int box, struct evsink *ev)
{
	s->replaced[seat] = s->terrain[box];
	s->terrain[box] = T_SETTLEMENT;
	s->settle_box[seat] = box;
	s->owner[box] = seat;
	tu_add_camels(s, box, 10);
	ev_emit(ev, VIS_ALL, "The %s settle in box %d (replacing a %s card) "
	    "with 10 camels.", tu_tribe_name[s->tribe_of[seat]], box,
	    tu_terrain_term[s->replaced[seat]]);
}
