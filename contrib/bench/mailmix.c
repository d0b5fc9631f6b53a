/* Issue 16's mail workload for contrib/bench/run: makes GAMES live games in a
 * ledger (Buqruru, Targi and Targui in turn, each with a random number of
 * seats its rules allow) and writes MAILS order mails into DIR that play
 * them: each game's mails are its seats' successive orders as the game goes,
 * random legal choices so that no two boards stay alike. Of the mails about
 * 90% carry the legal order the game waits for, 5% a well-formed order the
 * rules refuse at that point (one legal elsewhere) and 5% a bad token; after
 * either the same seat's legal order still comes. Each game is played in
 * memory as the referee will (parse the text, apply), so the generator knows
 * what the referee must accept.
 *
 * Files are named PREFIX.ROUND.GAME: `azalai ingest --maildir` takes them in
 * name order, so the games' mails come interleaved, each game's in order.
 * MAILS is spread evenly over the games; a game that ends hands what it did
 * not use to the next. Prints one line: what was written.
 * usage: azalai-mailmix LEDGER GAMES MAILS DATADIR DIR PREFIX [FIRST] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ledger/audit.h"
#include "core/clock.h"
#include "games/game.h"
#include "core/hash.h"
#include "ledger/ledger.h"
#include "core/log.h"
#include "ledger/play.h"
#include "core/rng.h"
#include "campaign/deadline-rows.h"
#include "ledger/token.h"
#include "lang/catalog.h"
#include "core/msg.h"

/* Texts the rules wrote for legal orders earlier, per game: candidates for
 * an order that is well formed but refused where it is sent. */
#define POOL 64

struct pool {
	char text[POOL][ORDER_TEXT];
	int n, next;
};

struct tally {
	long mails, legal, refused, badtoken, over;
};

static void
die(const char *what, const struct diag *d)
{
	fprintf(stderr, "azalai-mailmix: %s: %s\n", what, d->msg);
	exit(70);
}

static void
pool_add(struct pool *pl, const char *text)
{
	snprintf(pl->text[pl->next], ORDER_TEXT, "%s", text);
	pl->next = (pl->next + 1) % POOL;
	if (pl->n < POOL)
		pl->n++;
}

/* A text from the pool that the rules refuse for seat now (by parse or by
 * apply on a copy); 0 when none of a few tries is. */
static int
refused_text(const struct game_rules *r, const void *st, void *scratch, int seat,
    const struct pool *pl, struct rng *pick, char *out)
{
	for (int k = 0; k < 16 && pl->n > 0; k++) {
		const char *t = pl->text[rng_below(pick, (uint32_t)pl->n)];
		struct order o;
		struct diag d;

		diag_clear(&d);
		memset(&o, 0, sizeof o);
		if (r->parse(st, seat, t, &o, &d) == 0) {
			memcpy(scratch, st, r->state_size);
			if (r->apply(scratch, seat, &o, NULL, &d) == 0)
				continue;
		}
		snprintf(out, ORDER_TEXT, "%s", t);
		return 1;
	}
	return 0;
}

/* When the workload was made: each mail is dated from it (mail_date). */
static time_t written;

/* The Date a mail program would write for the round-th mail of game: half
 * a minute apart, in one of three zones, as players live in several. */
static void
date_of(int round, int game, char *out, size_t n)
{
	static const int zone[] = { 0, 60, -300 };
	int z = zone[game % 3];
	time_t t = written - 3600 + (time_t)round * 30 + (time_t)z * 60;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, n, "%a, %d %b %Y %H:%M:%S", &tm);
	snprintf(out + strlen(out), n - strlen(out), " %c%02d%02d", z < 0 ? '-' : '+',
	    abs(z) / 60, abs(z) % 60);
}

static void
mail(const char *dir, const char *pre, int round, int game, const struct game_row *g,
    int seat, const char *token, const char *order)
{
	char path[4096], date[64], name[256], h[HASH_HEX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s.%06d.%07d", dir, pre, round, game);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(73);
	}
	/* Mail programs write Message-IDs that sort in no useful order (a
	 * random or hashed part first): so do these, a hash of the mail's name
	 * first, or the ledger's index of them would take every new mail at
	 * its end, as no real mailbox does. */
	snprintf(name, sizeof name, "%s.%d.%d", pre, round, game);
	sha256_hex(name, strlen(name), h);
	date_of(round, game, date, sizeof date);
	fprintf(f, "From: %s\nDate: %s\nMessage-ID: <%.16s.%s@bench.example>\n"
	    "Subject: orders\n\nGAME %s\nSEAT %s\nTOKEN %s\n%s\n", g->seats[seat].address, date,
	    h, name, g->name, g->seats[seat].name, token, order);
	if (fclose(f) != 0) {
		perror(path);
		exit(73);
	}
}

/* Creates game i in the ledger and writes up to quota mails for it; returns
 * how many it wrote. */
static int
one_game(struct ledger *l, int i, int quota, const char *now, const char *dir,
    const char *pre, struct pool *pools, struct order_list *ol, struct tally *t)
{
	static const char *const rules[] = { "buqruru", "targi", "targui" };
	const struct game_rules *r = game_find(rules[i % 3]);
	struct pool *pl = &pools[i % 3];
	char tokens[MAX_SEATS][TOKEN_LEN];
	uint64_t fixed = (uint64_t)i * 7919 + 1;
	struct game_row g;
	struct optset o;
	struct play p;
	struct diag d;
	struct rng pick;
	void *scratch;
	int round = 0;

	diag_clear(&d);
	rng_seed(&pick, (uint64_t)i * 104729 + 17);
	memset(&g, 0, sizeof g);
	snprintf(g.name, sizeof g.name, "%s-%d", r->name, i + 1);
	snprintf(g.rules, sizeof g.rules, "%s", r->name);
	g.seed = (uint64_t)i + 1;
	g.nseats = r->min_seats + (int)rng_below(&pick,
	    (uint32_t)(r->max_seats - r->min_seats + 1));
	for (int s = 0; s < g.nseats; s++) {
		snprintf(g.seats[s].name, SEAT_NAME, "p%d", s);
		snprintf(g.seats[s].address, sizeof g.seats[s].address,
		    "g%d.p%d@bench.example", i, s);
		snprintf(g.seats[s].kind, sizeof g.seats[s].kind, "human");
		if (token_new(tokens[s], g.seats[s].salt, &fixed) < 0)
			exit(70);
		token_hash(tokens[s], g.seats[s].salt, g.seats[s].hash);
	}
	if (opt_resolve(r->options, &o, NULL, 0, &d) < 0 ||
	    play_create(l, &g, &o, now, &p, &d) < 0 || audit_commit(l, &p.g, &fixed, &d) < 0 ||
	    deadline_sync(l, &p, NULL, &d) < 0)
		die(g.name, &d);
	scratch = malloc(r->state_size);
	/* From here on the game goes on in memory only: the mails will play it
	 * into the ledger. */
	while (round < quota) {
		struct pending pd;
		struct order po, got;
		int seats[MAX_SEATS], nw = 0, seat, dice;
		char text[ORDER_TEXT];

		memset(&pd, 0, sizeof pd);
		r->waiting_for(p.st, &pd);
		if (pd.over) {
			t->over++;
			break;
		}
		for (int s = 0; s < g.nseats; s++) {
			ol->n = 0;
			if ((pd.seats & VIS_SEAT(s)) && r->legal(p.st, s, ol) >= 0 && ol->n > 0)
				seats[nw++] = s;
		}
		if (nw == 0)
			break;
		seat = seats[rng_below(&pick, (uint32_t)nw)];
		dice = (int)rng_below(&pick, 100);
		if (dice < 5 && refused_text(r, p.st, scratch, seat, pl, &pick, text)) {
			mail(dir, pre, round++, i, &g, seat, tokens[seat], text);
			t->refused++;
			continue;
		}
		ol->n = 0;
		r->legal(p.st, seat, ol);
		po = ol->v[rng_below(&pick, (uint32_t)ol->n)];
		r->order_text(&po);
		if (dice >= 5 && dice < 10) {
			mail(dir, pre, round++, i, &g, seat, "bad0-bad0-bad0-bad0", po.text);
			t->badtoken++;
			continue;
		}
		/* As the referee reads it: the text parsed, then applied. */
		memset(&got, 0, sizeof got);
		snprintf(text, sizeof text, "%s", po.text);
		if (r->parse(p.st, seat, text, &got, &d) < 0 || r->apply(p.st, seat, &got, NULL,
		    &d) < 0)
			die(g.name, &d);
		pool_add(pl, text);
		mail(dir, pre, round++, i, &g, seat, tokens[seat], text);
		t->legal++;
	}
	free(scratch);
	play_free(&p);
	t->mails += round;
	return round;
}

int
main(int argc, char **argv)
{
	static struct pool pools[3];
	struct order_list ol;
	struct ledger l;
	struct diag d;
	struct tally t;
	char now[32];
	int games, mails, first = argc > 7 ? atoi(argv[7]) : 0, left = 0;

	if (argc < 7 || (games = atoi(argv[2])) <= 0 || (mails = atoi(argv[3])) < 0) {
		fprintf(stderr, "usage: azalai-mailmix LEDGER GAMES MAILS DATADIR DIR PREFIX "
		    "[FIRST]\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	catalog_init(argv[4]);
	msg_use_catalog(&catalog_msg);
	if (games_load(argv[4], NULL) < 0) {
		fprintf(stderr, "azalai-mailmix: cannot read the game data in %s\n", argv[4]);
		return 66;
	}
	diag_clear(&d);
	if (ledger_open(&l, argv[1], &d) < 0)
		die(argv[1], &d);
	written = clock_now();
	clock_iso(written, now, sizeof now);
	memset(&t, 0, sizeof t);
	order_list_init(&ol);
	ol.bare = 1;
	for (int i = 0; i < games; i++) {
		int quota = mails / games + (i < mails % games) + left;

		if (i % 500 == 0 && ledger_begin(&l, &d) < 0)
			die("begin", &d);
		left = quota - one_game(&l, first + i, quota, now, argv[5], argv[6], pools, &ol,
		    &t);
		if ((i % 500 == 499 || i == games - 1) && ledger_commit(&l, &d) < 0)
			die("commit", &d);
	}
	order_list_free(&ol);
	ledger_close(&l);
	printf("games %d mails %ld legal %ld refused %ld badtoken %ld ended %ld\n", games,
	    t.mails, t.legal, t.refused, t.badtoken, t.over);
	return 0;
}
