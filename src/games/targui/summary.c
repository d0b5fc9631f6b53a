/* The short form of a tribe's legal orders for its report: one line per box
 * its camels may leave, one for buying, drawn only from what tu_legal
 * listed, so the summary never offers what the referee would refuse. A
 * turn lists hundreds of orders (every count, every attack form); a person
 * needs the boxes, and LEGAL mails the full list. */
#include <stdio.h>

#include "games/targui/targui.h"

static void
boxes(struct buf *b, const char *what, const int *in)
{
	int first = 1;

	for (int t = 1; t <= TU_BOXES; t++) {
		if (!in[t])
			continue;
		if (first)
			buf_adds(b, what);
		buf_printf(b, " %d", t);
		first = 0;
	}
}

int
tu_legal_summary(const void *st, int seat, const struct order_list *all,
    struct tval *list)
{
	const struct tu_state *s = st;
	int from[TU_BOXES + 1] = { 0 }, buy[TU_BOXES + 1] = { 0 }, maxbuy = 0;
	int pass = 0, end = 0;
	struct buf b = BUF_INIT, a = BUF_INIT;
	char line[TU_MSG];

	(void)seat;
	if (s->phase != PH_TURN) {
		for (size_t i = 0; i < all->n; i++)
			tval_set_str(tval_push_map(list), "text", all->v[i].text);
		return 0;
	}
	for (size_t i = 0; i < all->n; i++) {
		const struct order *o = &all->v[i];

		if (o->kind == O_MOVE || o->kind == O_ATTACK)
			from[o->arg[0]] = 1;
		else if (o->kind == O_BUY) {
			buy[o->arg[0]] = 1;
			if (o->arg[1] > maxbuy)
				maxbuy = o->arg[1];
		} else if (o->kind == O_PASS)
			pass = 1;
		else if (o->kind == O_END)
			end = 1;
	}
	for (int f = 1; f <= TU_BOXES; f++) {
		int mv[TU_BOXES + 1] = { 0 }, at[TU_BOXES + 1] = { 0 }, nmv = 0, nat = 0;

		if (!from[f])
			continue;
		for (size_t i = 0; i < all->n; i++) {
			const struct order *o = &all->v[i];

			if (o->arg[0] != f)
				continue;
			if (o->kind == O_MOVE && !mv[o->arg[1]])
				mv[o->arg[1]] = ++nmv;
			else if (o->kind == O_ATTACK && !at[o->arg[1]])
				at[o->arg[1]] = ++nat;
		}
		buf_reset(&b);
		buf_reset(&a);
		boxes(&b, "", mv);
		boxes(&a, "", at);
		/* The lists start with a space: " 21 22". */
		if (nmv > 0 && nat > 0)
			msg_nfmt(line, sizeof line, (unsigned long)s->camels[f],
			    "from %d (%d camel): move to %s; attack %s",
			    "from %d (%d camels): move to %s; attack %s", f,
			    s->camels[f], b.p + 1, a.p + 1);
		else if (nmv > 0)
			msg_nfmt(line, sizeof line, (unsigned long)s->camels[f],
			    "from %d (%d camel): move to %s",
			    "from %d (%d camels): move to %s", f, s->camels[f],
			    b.p + 1);
		else
			msg_nfmt(line, sizeof line, (unsigned long)s->camels[f],
			    "from %d (%d camel): attack %s",
			    "from %d (%d camels): attack %s", f, s->camels[f],
			    a.p + 1);
		tval_set_str(tval_push_map(list), "text", line);
	}
	if (maxbuy > 0) {
		buf_reset(&b);
		boxes(&b, "", buy);
		if (maxbuy == 1)
			msg_fmt(line, sizeof line, "buy 1 camel at %s", b.p + 1);
		else
			msg_fmt(line, sizeof line, "buy 1 to %d camels at %s", maxbuy,
			    b.p + 1);
		tval_set_str(tval_push_map(list), "text", line);
	}
	if (pass && end)
		msg_fmt(line, sizeof line, "or write %s or %s",
		    ORDER("targui", "PASS"), ORDER("targui", "END"));
	else if (pass)
		msg_fmt(line, sizeof line, "or write %s", ORDER("targui", "PASS"));
	else if (end)
		msg_fmt(line, sizeof line, "or write %s", ORDER("targui", "END"));
	if (pass || end)
		tval_set_str(tval_push_map(list), "text", line);
	if (all->n > 0) {
		char ex[sizeof all->v[0].text + 16];

		/* The reader's order words, as the legal lines show them. */
		msg_order(ex, sizeof ex, "targui", all->v[0].text);
		msg_fmt(line, sizeof line, "for example: %s", ex);
		tval_set_str(tval_push_map(list), "text", line);
	}
	buf_free(&b);
	buf_free(&a);
	return 1;
}
