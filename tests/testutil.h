/* Shared by the tests that need a ledger, a config and a game. */
#ifndef AZ_TESTUTIL_H
#define AZ_TESTUTIL_H

#include "core/config.h"
#include "ledger/ledger.h"
#include "ledger/play.h"
#include "core/tval.h"

struct fixture {
	char dir[256];
	struct config cfg;
	struct ledger l;
	char tokens[MAX_SEATS][TOKEN_LEN];
	uint64_t seed;		/* the next fx_game's seed; 0: 0x5eed */
};

/* A temp directory with a ledger in it; templates from $srcdir. */
void fx_open(struct fixture *);
void fx_close(struct fixture *);
/* A game of rules with nseats seats (0: the fewest the game allows) named
 * north, south, east, west at n@, s@, e@, w@example.org (or "bot" for the
 * seats in the bots mask), the given options, the seed f->seed (fixed,
 * 0x5eed, unless the test sets it: the same seed deals the same game). */
void fx_game(struct fixture *, const char *rules, const char *name, int nseats,
    unsigned bots, const char *const *opts, int nopts, struct play *);
/* The bots of p's game play on until a person is waited for or the game
 * ends (bots_play), in one transaction; the steps they took. */
int fx_bots(struct fixture *, struct play *);
/* Stores raw as a new message and processes everything pending. */
int fx_mail(struct fixture *, const char *raw);
/* An order mail for seat of game with token and body lines. */
char *fx_order_mail(const char *from, const char *mid, const char *game, const char *seat,
    const char *token, const char *orders);
/* A fixture with one game in it, for cmocka's setup and teardown: game is
 * its name, mid numbers the test's mails. */
struct fx_env {
	struct fixture f;
	struct play p;
	char game[32];
	int mid;
};
int fx_env_setup(void **state, const char *rules, const char *name, int nseats,
    unsigned bots);
int fx_env_teardown(void **state);
/* The fixture's game again from the ledger, into e->p. */
void fx_reload(struct fx_env *);
/* Sets the campaign's key of the fixture's game; fails the test when
 * campaign_set refuses it. */
void fx_set(struct fx_env *, const char *key, const char *value);
/* Count of rows for an SQL query returning one integer. */
long long fx_count(struct fixture *, const char *sql);
/* The body of the newest outbox mail of kind to addr, or NULL (free it). */
char *fx_last_mail(struct fixture *, const char *kind, const char *to);
/* Plays the first legal order of the seat whose turn it is in game (one of
 * the first two, fx_game's north and south) as an order mail from it. */
void fx_play_turn(struct fixture *, const char *game);
/* The first seat p's game waits for, -1 none. */
int fx_waited_seat(const struct play *p);
/* What `azalai run` does last: the pictures of the mails due drawn
 * (picture_draw_due), then the mails delivered (outbox_deliver). */
int fx_deliver(struct fixture *, int *sent, int *failed, struct diag *);
/* The file outbox_deliver wrote to the fixture's outdir for outbox row id,
 * whole (g_free it); len (may be NULL) gets its size. Fails the test when
 * there is none. */
char *fx_sent_file(const struct fixture *, long long id, size_t *len);

/* Where words are in a mail's text part, or NULL: as strstr, but a space
 * of words also matches a line break and its indent, since the text part
 * folds its prose at 72 columns (src/render/fold.h). */
const char *text_has(const char *text, const char *words);

/* Translations, for the tests that play an engine in every language. */
#define TR_NLANGS 3
extern const char *const tr_langs[TR_NLANGS];	/* de, es, fr */
/* Reads the games and every language's catalogs from $srcdir; a cmocka
 * group setup. */
int tr_load(void **state);
/* s rendered in every language: a message or term the catalogs lack, or a
 * mark byte left in the text (a message built from pieces the renderer
 * cannot see), fails the test, naming where s came from. */
void tr_said(const char *where, const char *s);
/* say (NULL: tr_said) for every string of a tree at any depth, but those
 * under the key skip (NULL: none), which no reader sees. */
void tr_said_tree(const char *where, const struct tval *, const char *skip,
    void (*say)(const char *where, const char *s));
/* Texts rendered so far, each counted once for all languages. */
long tr_rendered(void);
/* Fails unless the message s rendered in lang holds want, and (when avoid is
 * not NULL) not the English avoid. */
void assert_reads(const char *lang, const char *s, const char *want, const char *avoid);
/* Fails unless the refusal enc names its order words as ORDER(): rendered
 * per reader, the same text a hand-written translation gives could hide one. */
void assert_quotes_orders(const char *enc);

#endif
