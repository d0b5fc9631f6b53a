/* game: the seam between the referee and one game's rules.
 *
 * Each game fills one struct game_rules. Engines are pure: no I/O, no clock,
 * no global state. A game's whole state is one flat struct of state_size bytes
 * (no pointers), so the referee can copy it with memcpy for previews and
 * snapshots; it includes the game's own struct rng, seeded at setup, so all
 * chance replays exactly. */
#ifndef AZ_GAME_H
#define AZ_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/rng.h"
#include "core/tval.h"

#define MAX_SEATS 4
#define SEAT_NAME 32
#define ORDER_TEXT 256
#define ORDER_ARGS 24

/* One order, as parsed. kind and arg are the game's own; text is the
 * canonical spelling the engine writes (parse(text) must give back the same
 * order), and is what the ledger stores and replay reads. */
struct order {
	int kind;
	int nargs;
	int arg[ORDER_ARGS];
	char text[ORDER_TEXT];
};

/* Where on the board an order acts, for the picture to put its number
 * there: the item of the view's list `list` whose `key` reads `value` (an
 * int or a string as the view sets it). */
struct order_spot {
	const char *list;
	const char *key;
	char value[16];
};

struct order_list {
	struct order *v;
	size_t n, cap;
	/* Set by a caller that needs the text of few orders (a random playout
	 * picks one): legal then fills kind and args only, text stays "", and
	 * the caller writes the text of what it keeps with order_text. */
	int bare;
};

void order_list_init(struct order_list *);
void order_list_free(struct order_list *);
struct order *order_list_add(struct order_list *);

/* Narrative of what happened, each line with who may see it. */
#define VIS_ALL 0xffffffffu
#define VIS_SEAT(i) (1u << (i))

/* enc is the line as a message (msg.h), what the ledger keeps and each
 * reader's language renders. Its English is made only when asked
 * (evline_text): playouts and bots read none of it. */
struct evline {
	uint32_t vis;
	char enc[640];
};

/* The line in English (at most 255 bytes), for logs and tests. The string
 * lives in a small ring of buffers: valid until the fourth next call. */
const char *evline_text(const struct evline *);

struct evsink {
	struct evline *v;
	size_t n, cap;
};

void evsink_init(struct evsink *);
void evsink_free(struct evsink *);
/* A NULL sink is allowed (random playouts skip the narrative). fmt is a
 * message id (msg.h): a whole sentence in English, its arguments plain
 * strings, numbers, terms or fragments made with msg_fmt. */
void ev_emit(struct evsink *, uint32_t vis, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* With a NULL sink the arguments are not evaluated either: a playout builds
 * no fragment (a card's name, a term) for a line nobody keeps. So an
 * argument must have no effect but its value. */
static inline int
ev_keeps(const struct evsink *s)
{
	return s != NULL;
}
#define ev_emit(s, ...) (ev_keeps(s) ? ev_emit((s), __VA_ARGS__) : (void)0)
/* Appends a copy of a line another sink holds. */
void ev_add(struct evsink *, const struct evline *);

/* Who must act. A seat in `seats` is waited for; kind names the decision for
 * deadlines ("sowing", "placement", ...), what says it to the player. */
struct pending {
	uint32_t seats;
	char kind[MAX_SEATS][24];
	/* what, own and result are messages (msg_fmt) or plain text. */
	char what[MAX_SEATS][512];  /* every reader sees it, so said in the
	                             * third person: nothing private */
	char own[MAX_SEATS][512];   /* what that seat alone reads instead,
	                             * spoken to it; empty: what */
	int over;              /* the game has ended */
	char result[512];      /* when over: who won, the score */
};

/* The line a waited seat reads about its own decision. */
static inline const char *
pending_own(const struct pending *p, int seat)
{
	return p->own[seat][0] != '\0' ? p->own[seat] : p->what[seat];
}

/* Facts a reader may not know, each as the exact string the reports use
 * for it (a card's "tribe card 20", a sealed "sealed hole c"). A mail leaks
 * the fact when it holds the string not as part of a longer word or number
 * (secret_in). Strings are chosen so that no mail may rightly hold them while
 * the fact is hidden, also not from an earlier time when it was public. */
#define SECRET_TEXT 96
struct secrets {
	char (*v)[SECRET_TEXT];
	size_t n, cap;
};

void secrets_init(struct secrets *);
void secrets_free(struct secrets *);
void secret_add(struct secrets *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Length of text from t that s matches there, or 0; a space of s also
 * matches a line break and the indent after it. */
size_t folded_at(const char *t, const char *s);
/* Where in text the secret s stands as a whole word or number, or NULL; a
 * space of s may be a line break and its indent in text. */
const char *secret_in(const char *text, const char *s);

/* Game options: every option has a default; values are checked against
 * choices (NULL-terminated) unless choices is NULL (free text checked by setup). */
struct game_option {
	const char *name;
	const char *def;
	const char *const *choices;
	const char *help;
};

#define OPT_MAX 24
struct optset {
	int n;
	char name[OPT_MAX][32];
	char value[OPT_MAX][64];
	/* A game master's file the game reads at setup (game_rules.file_what),
	 * as text, and its name for the reports; NULL and "" when none. The
	 * ledger keeps the text, so replay reads the same file. */
	const char *file;
	char file_name[128];
};

const char *opt_get(const struct optset *, const char *name);
/* Fills every option from its default, then applies "k=v" strings.
 * Unknown keys and values outside choices are errors naming the option. */
int opt_resolve(const struct game_option *, struct optset *,
    const char *const *kv, int nkv, struct diag *);

/* The viewer of a game that is over, when nothing is secret any more: view
 * shows every hand and face-down card where it shows the viewer's own, and
 * adds a list "open" of {title, items: [{text}]} for what has no place in a
 * report otherwise (the decks in order, top first; sealed or queued orders). */
#define VIEW_ALL (-2)

struct game_rules {
	const char *name;       /* "buqruru" */
	const char *title;      /* "Buqruru" */
	int min_seats, max_seats;
	const struct game_option *options; /* ends with .name == NULL */
	/* What a game master's file at setup is to this game ("deck"), or NULL
	 * when the game takes none. */
	const char *file_what;
	/* Every pending.kind waiting_for can give, NULL-terminated: the names a
	 * game master writes in deadline.KIND. */
	const char *const *decision_kinds;
	size_t state_size;

	/* Optional (NULL when the game has no data files): reads the game's
	 * YAML under datadir/<name>/ once per process, before any setup. The
	 * engine copies what a game needs into its state at setup, so a state
	 * never points at loaded data. */
	int (*load)(const char *datadir, struct diag *);

	/* Sets up a new game in st (zeroed by the caller). names are the seats'. */
	int (*setup)(void *st, int nseats, const char names[][SEAT_NAME],
	    const struct optset *, uint64_t seed, struct evsink *, struct diag *);
	/* Reads one order line (already trimmed, comments removed) for seat. */
	int (*parse)(const void *st, int seat, const char *line, struct order *,
	    struct diag *);
	/* Applies a parsed order of seat; on error st is unchanged. The engine
	 * then advances as far as it can without another decision. On success
	 * it may leave a note for the sender in the diag ("queued for your next
	 * turn"). What it does to st depends on the order's kind and args
	 * alone; the text is only quoted, in the events and the diag: bots
	 * play the orders of legal's bare lists as they are. */
	int (*apply)(void *st, int seat, const struct order *, struct evsink *,
	    struct diag *);
	void (*waiting_for)(const void *st, struct pending *);
	/* The legal orders of seat now (empty when not waited for); may list a
	 * representative subset when the full set is huge, never an illegal one. */
	int (*legal)(const void *st, int seat, struct order_list *);
	/* Writes the canonical text of an order from its kind and args. */
	void (*order_text)(struct order *);
	/* What the referee applies when seat's deadline passes. */
	int (*default_order)(const void *st, int seat, struct order *);
	/* What viewer may see (viewer -1: an observer, public only; VIEW_ALL:
	 * everything, once the game is over). */
	void (*view)(const void *st, int viewer, struct tval *root);
	/* What viewer (-1: an observer) may not know now, for the leak test:
	 * other seats' hidden cards and choices, what lies in the decks. */
	void (*secrets)(const void *st, int viewer, struct secrets *);
	/* Canonical bytes of the whole state, for the per-step hash. */
	void (*serialize)(const void *st, struct buf *);
	/* Invariants (counters conserved, legal state): 0 or -1 with a diag. */
	int (*check)(const void *st, struct diag *);
	/* Optional: pushes onto list one {text} per line of a short summary of
	 * all (legal()'s orders of seat) for a person to read; every line says
	 * only what all holds. Returns 1 when the lines are not themselves
	 * orders to copy (mail LEGAL lists those), else 0. NULL: all is shown. */
	int (*legal_summary)(const void *st, int seat, const struct order_list *all,
	    struct tval *list);
	/* Optional: whether o, a mail's last order, only closes a turn that the
	 * mail's earlier orders ended already (at_start: the state before the
	 * mail's first order; now: the state at o). The referee then applies
	 * nothing and says so: a courtesy END must not end the next turn. */
	int (*closes_nothing)(const void *at_start, const void *now, int seat,
	    const struct order *o);
	/* Optional: the one place of the board picture (view) o acts on, in
	 * spot; -1 when it acts on none, or on several (a plan). */
	int (*order_spot)(const void *st, const struct order *o, struct order_spot *spot);
	/* Optional: the list of the view (view()) that explains the orders of
	 * a decision the report shows, one item an order: "order" (as
	 * msg_order writes it) and "meaning". A numbered choice of that
	 * order (render/taps.h) carries its meaning, so a report says each
	 * order once. NULL: none. */
	const char *order_meanings;
	/* For the bots (games/bot.h), which search only over its results: st
	 * becomes a state seat cannot tell from it. Everything seat may not
	 * know (what secrets lists for it: the decks' order, another seat's
	 * hidden cards, sealed choices and queued orders; and the chance still
	 * to come, the state's rng) is drawn anew from r, consistent with what
	 * seat has seen. The result depends on r and on seat's information
	 * set alone: two states that differ only in what seat may not know
	 * give the same bytes. */
	void (*redeal)(void *st, int seat, struct rng *r);
	/* How well seat fares, in [0, 1]: once the game is over 1 for a win,
	 * 0 for a loss, between for a draw; before, an estimate from the
	 * board, for searches cut short and the one-ply greedy bot. */
	double (*reward)(const void *st, int seat);
};

/* For a redeal: the n cards of v, whose order seat may not know, in an
 * order drawn from r alone. They are sorted first, so the result does not
 * depend on the order they lay in. */
void redeal_cards(int *v, int n, struct rng *r);

/* A reward before the end from a lead measured in units of a typical
 * margin: 0.5 even, towards 1 (0) as the lead grows (shrinks). */
static inline double
reward_lead(double lead)
{
	return 0.5 + 0.5 * lead / (1.0 + (lead < 0 ? -lead : lead));
}

const struct game_rules *game_find(const char *name);
/* A seat or game name players can write: letters, digits, then also _ . -;
 * shorter than max. */
int game_name_valid(const char *, size_t max);
/* Reads every game's data files under datadir/data/<game>/ (once per
 * process), before any setup. */
int games_load(const char *datadir, struct diag *);
/* games_load left for the first need: games_ready, or game_find; then(d),
 * when not NULL, with it: what else start-up left for then (the catalogs
 * of the configured language, cli.c). The cron job's idle tick needs
 * neither, and reading them was most of its time. */
void games_defer(const char *datadir, int (*then)(struct diag *));
/* What games_defer left, read now (once); -1 with a diag when it cannot be. */
int games_ready(struct diag *);
/* 1 once games_ready failed: the data directory is wrong (exit 78). */
int games_misconfigured(void);
extern const struct game_rules *const game_table[];

#endif
