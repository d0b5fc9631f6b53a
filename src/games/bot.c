/* bot: random, one-ply greedy, flat Monte Carlo and single-observer ISMCTS
 * (Cowling, Powley and Whitehouse 2012), each searching only over the
 * game's re-deals of the state for the seat (see bot.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "games/bot.h"

/* A playout that has not ended after this many steps is judged by the
 * game's reward as it stands (a bot's undoing moves can go round). */
#define PLAYOUT_STEPS 1500
/* How often (in playouts or iterations) the stop callback is asked. */
#define STOP_EVERY 16
/* UCB1's exploration constant for rewards in [0, 1]. */
#define UCB_C 0.7

static const char *const level_names[BOT_LEVELS] = {
	"random", "greedy", "mc", "ismcts"
};
static const int level_budget[BOT_LEVELS] = { 0, 0, 400, 400 };

const char *
bot_level_name(int level)
{
	return level >= 0 && level < BOT_LEVELS ? level_names[level] : "random";
}

int
bot_level_find(const char *name)
{
	for (int i = 0; i < BOT_LEVELS; i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

int
bot_level_budget(int level)
{
	return level >= 0 && level < BOT_LEVELS ? level_budget[level] : 0;
}

int
bot_next_seat(const struct game_rules *g, const void *st, int nseats,
    struct order_list *ol)
{
	for (int s = 0; s < nseats; s++) {
		ol->n = 0;
		if (g->legal(st, s, ol) == 0 && ol->n > 0)
			return s;
	}
	return -1;
}

struct search {
	const struct game_rules *g;
	const void *st;
	int nseats, seat;
	struct rng r;
	const struct bot_budget *b;
	int reveal;		/* bot_judge: the state itself, never re-dealt */
	void *w;		/* the re-deal being played */
	struct order_list ol;	/* scratch for legal */
	struct order_list root;	/* the seat's orders, from the first re-deal */
};

static int
stopped(const struct search *s, int it)
{
	return it > 0 && it % STOP_EVERY == 0 && s->b != NULL && s->b->stop != NULL &&
	    s->b->stop(s->b->ctx);
}

/* s->w becomes a fresh re-deal of the state for the seat. */
static void
redeal(struct search *s)
{
	memcpy(s->w, s->st, s->g->state_size);
	if (!s->reveal)
		s->g->redeal(s->w, s->seat, &s->r);
}

/* Without the order's text: apply reads kind and args (game.h), and the
 * text of every order of every playout was a sixth of a decision. */
static int
play(struct search *s, int seat, const struct order *o)
{
	return s->g->apply(s->w, seat, o, NULL, NULL);
}

/* Random orders to the end, or PLAYOUT_STEPS. */
static void
playout(struct search *s)
{
	for (int i = 0; i < PLAYOUT_STEPS; i++) {
		int who = bot_next_seat(s->g, s->w, s->nseats, &s->ol);

		if (who < 0 || play(s, who, &s->ol.v[rng_below(&s->r, (uint32_t)s->ol.n)]) < 0)
			return;
	}
}

static int
same_move(const struct order *a, const struct order *b)
{
	return a->kind == b->kind && a->nargs == b->nargs &&
	    memcmp(a->arg, b->arg, sizeof a->arg[0] * (size_t)a->nargs) == 0;
}

/* Greedy: each order once on one re-deal, judged by the reward after it;
 * ties drawn at random. */
static int
greedy(struct search *s)
{
	double best = -1.0;
	int pick = 0, ties = 0;
	void *rd = xmalloc(s->g->state_size);

	memcpy(rd, s->w, s->g->state_size);
	for (size_t m = 0; m < s->root.n; m++) {
		double v;

		memcpy(s->w, rd, s->g->state_size);
		if (play(s, s->seat, &s->root.v[m]) < 0)
			continue;
		v = s->g->reward(s->w, s->seat);
		if (v > best + 1e-12) {
			best = v;
			pick = (int)m;
			ties = 1;
		} else if (v > best - 1e-12 && rng_below(&s->r, (uint32_t)++ties) == 0)
			pick = (int)m;
	}
	free(rd);
	return pick;
}

/* Flat Monte Carlo: the budget's playouts shared round-robin among the
 * orders, each on a fresh re-deal; the best mean wins. */
static int
flat_mc(struct search *s, int budget)
{
	double *sum = xcalloc(s->root.n, sizeof *sum), best = -1.0;
	int *cnt = xcalloc(s->root.n, sizeof *cnt), pick = 0;

	for (int it = 0; it < budget && !stopped(s, it); it++) {
		size_t m = (size_t)it % s->root.n;

		redeal(s);
		if (play(s, s->seat, &s->root.v[m]) < 0)
			continue;
		playout(s);
		sum[m] += s->g->reward(s->w, s->seat);
		cnt[m]++;
	}
	for (size_t m = 0; m < s->root.n; m++)
		if (cnt[m] > 0 && sum[m] / cnt[m] > best) {
			best = sum[m] / cnt[m];
			pick = (int)m;
		}
	free(sum);
	free(cnt);
	return pick;
}

/* One node of the ISMCTS tree: the move that led to it and who made it. */
struct node {
	int parent, child, sibling;
	int actor;
	struct order move;	/* kind and args only */
	int visits, avail;
	double sum;		/* rewards of actor */
};

/* Among node's children those legal now (in s->ol, actor's) get an
 * availability; returns an untried legal move's index in s->ol, or -1 and
 * the best child by UCB1 in *best. */
static int
select_or_expand(struct search *s, struct node *t, int at, int actor, int *best)
{
	double top = -1.0;
	int untried = 0, pick = -1;
	char *tried = xcalloc(s->ol.n, 1);

	*best = -1;
	for (int c = t[at].child; c >= 0; c = t[c].sibling) {
		if (t[c].actor != actor)
			continue;
		for (size_t m = 0; m < s->ol.n; m++)
			if (!tried[m] && same_move(&t[c].move, &s->ol.v[m])) {
				tried[m] = 1;
				t[c].avail++;
				break;
			}
	}
	for (size_t m = 0; m < s->ol.n; m++)
		if (!tried[m] && rng_below(&s->r, (uint32_t)++untried) == 0)
			pick = (int)m;
	free(tried);
	if (pick >= 0)
		return pick;
	for (int c = t[at].child; c >= 0; c = t[c].sibling) {
		double u;

		if (t[c].actor != actor || t[c].visits == 0)
			continue;
		u = t[c].sum / t[c].visits + UCB_C * sqrt(log((double)t[c].avail) / t[c].visits);
		if (u > top) {
			top = u;
			*best = c;
		}
	}
	return -1;
}

static int
ismcts(struct search *s, int budget)
{
	struct node *t = xcalloc((size_t)budget + 1, sizeof *t);
	int n = 1, pick = 0, most = -1;

	t[0].parent = t[0].child = t[0].sibling = -1;
	t[0].actor = -1;
	for (int it = 0; it < budget && !stopped(s, it); it++) {
		int at = 0;

		redeal(s);
		/* Down the tree by UCB1 while every legal move has a child; the
		 * first untried one grows it by a node, and a playout follows. */
		for (;;) {
			int actor = at == 0 ? s->seat : bot_next_seat(s->g, s->w, s->nseats, &s->ol);
			int m, c;

			if (actor < 0)
				break;
			if (at == 0) {
				s->ol.n = 0;
				s->g->legal(s->w, actor, &s->ol);
			}
			if (s->ol.n == 0)
				break;
			m = select_or_expand(s, t, at, actor, &c);
			if (m >= 0) {
				c = n++;
				t[c] = (struct node){ .parent = at, .child = -1,
				    .sibling = t[at].child, .actor = actor,
				    .move = s->ol.v[m], .avail = 1 };
				t[at].child = c;
			}
			if (c < 0 || play(s, actor, &t[c].move) < 0)
				break;
			at = c;
			if (m >= 0)
				break;
		}
		playout(s);
		for (int k = at; k > 0; k = t[k].parent) {
			t[k].visits++;
			t[k].sum += s->g->reward(s->w, t[k].actor);
		}
	}
	for (int c = t[0].child; c >= 0; c = t[c].sibling)
		if (t[c].visits > most) {
			for (size_t m = 0; m < s->root.n; m++)
				if (same_move(&t[c].move, &s->root.v[m])) {
					most = t[c].visits;
					pick = (int)m;
				}
		}
	free(t);
	return pick;
}

int
bot_decide(const struct game_rules *g, const void *st, int nseats, int seat,
    int level, uint64_t seed, const struct bot_budget *b, struct order *out,
    struct diag *d)
{
	struct search s = { .g = g, .st = st, .nseats = nseats, .seat = seat, .b = b };
	int budget = b != NULL && b->iterations > 0 ? b->iterations : bot_level_budget(level);
	int pick = 0, rc = 0;

	rng_seed(&s.r, seed);
	s.w = xmalloc(g->state_size);
	order_list_init(&s.ol);
	order_list_init(&s.root);
	s.ol.bare = s.root.bare = 1;
	/* Even the seat's own orders are read from a re-deal. */
	redeal(&s);
	if (g->legal(s.w, seat, &s.root) < 0 || s.root.n == 0) {
		rc = diag_set(d, 0, "seat %d has no legal order", seat);
		goto out;
	}
	if (s.root.n > 1) {
		switch (level) {
		case BOT_GREEDY:
			pick = greedy(&s);
			break;
		case BOT_MC:
			pick = flat_mc(&s, budget);
			break;
		case BOT_ISMCTS:
			pick = ismcts(&s, budget);
			break;
		default:
			pick = (int)rng_below(&s.r, (uint32_t)s.root.n);
		}
	}
	*out = s.root.v[pick];
	g->order_text(out);
out:
	order_list_free(&s.ol);
	order_list_free(&s.root);
	free(s.w);
	return rc;
}

/* The mean reward of seat after o at the state itself, over n playouts
 * whose seeds depend on seed and the playout's number alone. */
static double
value_after(struct search *s, const struct order *o, uint64_t seed, int n)
{
	double sum = 0.0;

	for (int i = 0; i < n; i++) {
		rng_seed(&s->r, seed + (uint64_t)i * 0x9e3779b97f4a7c15ULL);
		memcpy(s->w, s->st, s->g->state_size);
		if (play(s, s->seat, o) < 0)
			return -1.0;
		playout(s);
		sum += s->g->reward(s->w, s->seat);
	}
	return n > 0 ? sum / n : 0.0;
}

int
bot_judge(const struct game_rules *g, const void *st, int nseats, int seat,
    const struct order *played, uint64_t seed, int iterations, int playouts,
    struct bot_verdict *v, struct diag *d)
{
	struct search s = { .g = g, .st = st, .nseats = nseats, .seat = seat, .reveal = 1 };
	int pick = 0, rc = 0;

	memset(v, 0, sizeof *v);
	rng_seed(&s.r, seed);
	s.w = xmalloc(g->state_size);
	order_list_init(&s.ol);
	order_list_init(&s.root);
	s.ol.bare = s.root.bare = 1;
	memcpy(s.w, st, g->state_size);
	if (g->legal(s.w, seat, &s.root) < 0 || s.root.n == 0) {
		rc = diag_set(d, 0, "seat %d has no legal order", seat);
		goto out;
	}
	if (s.root.n == 1) {
		/* No choice, nothing to lose. */
		v->best_order = s.root.v[0];
		g->order_text(&v->best_order);
		goto out;
	}
	pick = ismcts(&s, iterations > 0 ? iterations : bot_level_budget(BOT_ISMCTS));
	v->best_order = s.root.v[pick];
	g->order_text(&v->best_order);
	if ((v->played = value_after(&s, played, seed, playouts)) < 0) {
		rc = diag_set(d, 0, "seat %d: the order played is not legal here", seat);
		goto out;
	}
	v->best = same_move(played, &v->best_order) ? v->played :
	    value_after(&s, &v->best_order, seed, playouts);
	if (v->best < 0)
		rc = diag_set(d, 0, "seat %d: the best order cannot be played", seat);
out:
	order_list_free(&s.ol);
	order_list_free(&s.root);
	free(s.w);
	return rc;
}
