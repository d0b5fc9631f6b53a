#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/msg.h"
#include "core/xmalloc.h"
#include "lang/ordertr.h"
#include "mail/address.h"
#include "render/taps.h"

/* kw.NAME of root, which ordertr_keywords set in the reader's words. */
static const char *
kw(const struct tval *root, const char *name)
{
	const struct tval *k = tval_get(root, "kw");
	const struct tval *w = k != NULL ? tval_get(k, name) : NULL;

	return w != NULL && w->type == TV_STR ? w->str : name;
}

/* A bool of root: 0 when it is missing. */
static int
flag(const struct tval *root, const char *name)
{
	const struct tval *v = tval_get(root, name);

	return v != NULL && v->type == TV_BOOL && v->b;
}

/* mailto:to?subject=..&body=.. as RFC 6068 writes it: every reserved
 * character and every byte of UTF-8 percent-encoded, lines ended %0D%0A. */
static char *
mailto(const char *to, const char *subject, const char *body)
{
	char *t = g_uri_escape_string(to, "@", FALSE);
	char *s = g_uri_escape_string(subject, NULL, FALSE);
	char *b = g_uri_escape_string(body, NULL, FALSE);
	char *out;

	xasprintf(&out, "mailto:%s?subject=%s&body=%s", t, s, b);

	g_free(t);
	g_free(s);
	g_free(b);
	return out;
}

/* The index of the order the deadline would play, first: the most useful
 * guess at what the seat wants; -1 when the game has none. */
static long
default_first(const struct play *p, int seat, const struct order_list *ol)
{
	struct order o;

	memset(&o, 0, sizeof o);
	if (p->rules->default_order == NULL || p->rules->default_order(p->st, seat, &o) < 0)
		return -1;
	if (o.text[0] == '\0' && p->rules->order_text != NULL)
		p->rules->order_text(&o);
	for (size_t i = 0; i < ol->n; i++)
		if (strcmp(ol->v[i].text, o.text) == 0)
			return (long)i;
	return -1;
}

/* Keeps in ol the orders the report lists: a summary that is itself orders
 * may list fewer than legal() does, and a number must stand for the same
 * order in the report and in its links. A summary of groups (not orders)
 * keeps every order: the numbers stand for those. */
static void
listed_only(const struct play *p, int seat, struct order_list *ol)
{
	struct tval *sum;
	size_t kept = 0;

	if (p->rules->legal_summary == NULL)
		return;
	sum = tval_list();
	if (p->rules->legal_summary(p->st, seat, ol, sum) == 0)
		for (size_t i = 0; i < ol->n; i++) {
			int listed = 0;

			for (size_t j = 0; j < sum->n && !listed; j++) {
				const struct tval *t = tval_get(sum->items[j], "text");

				listed = t != NULL && t->type == TV_STR &&
				    strcmp(t->str, ol->v[i].text) == 0;
			}
			if (listed)
				ol->v[kept++] = ol->v[i];
		}
	else
		kept = ol->n;
	ol->n = kept;
	tval_free(sum);
}

/* The orders the report numbers, in ol (order_list_free it), and the
 * index of the one shown first (-1 none): taps_add and taps_spots number
 * the same list. */
static long
shown_orders(const struct play *p, int seat, struct order_list *ol)
{
	order_list_init(ol);
	p->rules->legal(p->st, seat, ol);
	listed_only(p, seat, ol);
	return default_first(p, seat, ol);
}

/* The k-th order shown: the default first, then the rest in the engine's
 * order. */
static size_t
nth(long first, size_t k)
{
	if (first < 0 || k > (size_t)first)
		return k;
	return k == 0 ? (size_t)first : k - 1;
}

/* An order in the reader's words, in t. */
static void
order_words(const char *lang, const struct play *p, const char *order, char *t, size_t size)
{
	if (ordertr_to_lang(lang, p->rules->name, order, t, size) <= 0)
		snprintf(t, size, "%s", order);
}

/* Sets "meaning" on item, the order shown for order (in English), when
 * the list of root that explains the decision's orders
 * (rules->order_meanings) has it. The view holds its orders as messages
 * (msg_order), which the templates put in the reader's words. */
static void
add_meaning(const struct play *p, const struct tval *root, struct tval *item,
    const char *order)
{
	const struct tval *list = p->rules->order_meanings != NULL ?
	    tval_get(root, p->rules->order_meanings) : NULL;
	char enc[ORDER_TEXT + 64];

	msg_order(enc, sizeof enc, p->rules->name, order);
	for (size_t i = 0; list != NULL && list->type == TV_LIST && i < list->n; i++) {
		const struct tval *o = tval_get(list->items[i], "order");
		const struct tval *m = tval_get(list->items[i], "meaning");

		if (o != NULL && o->type == TV_STR && m != NULL && m->type == TV_STR &&
		    strcmp(o->str, enc) == 0) {
			tval_set_str(item, "meaning", m->str);
			return;
		}
	}
}

/* Whether the report of root numbers seat's choices, with the referee's
 * address to write them to in to: only a seat on its turn is asked, and
 * only an address a mailto: link can hold. */
static int
numbered(const struct config *c, int seat, const struct tval *root, char *to, size_t size)
{
	return seat >= 0 && flag(root, "your_turn") &&
	    address_ascii(c->referee_address, to, size, NULL) == 0;
}

/* "Did you mean" (root's "suggestions", answer.c) offers orders this
 * report numbers: each gets the choice's number and link, so a near miss
 * is one tap or one number away. */
static void
number_suggestions(struct tval *root, const struct tval *choices)
{
	struct tval *near = tval_get(root, "suggestions");
	int found = 0, linked = 0;

	for (size_t i = 0; near != NULL && near->type == TV_LIST && i < near->n; i++) {
		struct tval *s = near->items[i];
		const struct tval *t = tval_get(s, "text");

		for (size_t j = 0; t != NULL && t->type == TV_STR && j < choices->n; j++) {
			const struct tval *ch = choices->items[j], *href;

			if (strcmp(tval_get(ch, "text")->str, t->str) != 0)
				continue;
			tval_set_bool(s, "numbered", 1);
			tval_set_str(s, "label", tval_get(ch, "label")->str);
			if ((href = tval_get(ch, "href")) != NULL) {
				tval_set_str(s, "href", href->str);
				linked = 1;
			}
			found = 1;
			break;
		}
	}
	tval_set_bool(root, "suggestions_numbered", found);
	tval_set_bool(root, "suggestions_linked", linked);
}

int
taps_add(struct ledger *l, const struct config *c, const char *lang,
    const struct play *p, int seat, long long shown, struct tval *root,
    char mid_code[ORDERCODE_LEN], struct diag *d)
{
	struct order_list ol;
	struct tval *list, *choices;
	struct buf all = { 0 };
	char to[320], code[ORDERCODE_LEN], t[2 * ORDER_TEXT + 64];
	long first;
	size_t n = 0;
	int rc = 0;

	mid_code[0] = '\0';
	if (!numbered(c, seat, root, to, sizeof to))
		return 0;
	first = shown_orders(p, seat, &ol);
	choices = tval_set_list(root, "choices");
	for (size_t k = 0; k < ol.n && n < TAPS_MAX && rc == 0; k++) {
		struct tval *ch = tval_push_map(choices);
		char *subject, *body, *link;

		order_words(lang, p, ol.v[nth(first, k)].text, t, sizeof t);
		tval_set_int(ch, "number", (long long)++n);
		/* The text part's column: numbers right-aligned under 100. */
		tval_set_strf(ch, "label", "%2zu", n);
		tval_set_str(ch, "text", t);
		add_meaning(p, root, ch, ol.v[nth(first, k)].text);
		buf_printf(&all, "%s\n", t);
		if ((rc = ordercode_new(l, p->g.id, seat, p->seq, shown, "link", t,
		    p->g.seats[seat].address, code, d)) < 0)
			break;
		xasprintf(&subject, "%s %s: %s", p->g.name, p->g.seats[seat].name, t);
		xasprintf(&body, "%s %s\r\n%s %s\r\n%s %lld\r\n%s\r\n%s %s\r\n",
		    kw(root, "GAME"), p->g.name, kw(root, "SEAT"), p->g.seats[seat].name,
		    kw(root, "STEP"), shown, t, TAPS_CODE_WORD, code);
		link = mailto(to, subject, body);
		if (strlen(link) <= TAPS_LINK_MAX)
			tval_set_str(ch, "href", link);
		free(link);
		free(body);
		free(subject);
	}
	tval_set_bool(root, "has_choices", n > 0);
	tval_set_bool(root, "choices_more", ol.n > n);
	/* The text lists every order once: the numbered ones, then the rest
	 * to copy, unless the report summarises them (LEGAL mails those). */
	list = tval_set_list(root, "choices_rest");
	if (rc == 0 && n > 0 && !flag(root, "legal_short"))
		for (size_t k = n; k < ol.n; k++) {
			struct tval *rest = tval_push_map(list);

			order_words(lang, p, ol.v[nth(first, k)].text, t, sizeof t);
			tval_set_str(rest, "text", t);
			add_meaning(p, root, rest, ol.v[nth(first, k)].text);
		}
	tval_set_bool(root, "has_rest", list->n > 0);
	number_suggestions(root, choices);
	order_list_free(&ol);
	if (rc == 0 && n > 0)
		rc = ordercode_new(l, p->g.id, seat, p->seq, shown, "reply", all.p,
		    p->g.seats[seat].address, mid_code, d);
	buf_free(&all);
	return rc;
}

int
taps_unsubscribe(struct ledger *l, const struct config *c, const char *lang,
    const struct play *p, int seat, const char *to, char **out, struct diag *d)
{
	const char *game = p->rules->name;
	char ref[320], code[ORDERCODE_LEN], line[64], *body;

	*out = NULL;
	if (seat < 0 || seat >= p->g.nseats || strchr(to, '@') == NULL ||
	    strcasecmp(to, p->g.seats[seat].address) != 0 ||
	    address_ascii(c->referee_address, ref, sizeof ref, NULL) < 0)
		return 0;
	order_words(lang, p, TAPS_UNSUB_LINE, line, sizeof line);
	if (ordercode_new(l, p->g.id, seat, p->seq, 0, "unsub", line, to, code, d) < 0)
		return -1;
	xasprintf(&body, "%s %s\r\n%s %s\r\n%s\r\n%s %s\r\n",
	    ordertr_word(lang, game, "GAME"), p->g.name, ordertr_word(lang, game, "SEAT"),
	    p->g.seats[seat].name, line, TAPS_CODE_WORD, code);
	*out = mailto(ref, line, body);
	free(body);
	return 0;
}

/* The item of root's view that spot names; a list the view shares with
 * other readers' trees (tval_memo_put) is copied first, since this
 * reader's numbers are not theirs. */
static struct tval *
spot_item(struct tval *root, const struct order_spot *spot)
{
	struct tval *list = tval_get(root, spot->list);
	char v[32];

	if (list == NULL || list->type != TV_LIST)
		return NULL;
	for (size_t i = 0; i < list->n; i++) {
		const struct tval *k = tval_get(list->items[i], spot->key);

		if (k == NULL)
			continue;
		if (k->type == TV_STR)
			snprintf(v, sizeof v, "%s", k->str);
		else if (k->type == TV_NUM)
			snprintf(v, sizeof v, "%.0f", k->num);
		else
			continue;
		if (strcmp(v, spot->value) != 0)
			continue;
		if (tval_is_shared(list))
			list = tval_set(root, spot->list, tval_copy(list));
		return list->items[i];
	}
	return NULL;
}

int
taps_spots(const struct config *c, const struct play *p, int seat, struct tval *root)
{
	struct order_list ol;
	char to[320];
	long first;
	int marked = 0;

	if (p->rules->order_spot == NULL || !numbered(c, seat, root, to, sizeof to))
		return 0;
	first = shown_orders(p, seat, &ol);
	/* The numbers taps_add gives: k + 1 for the k-th order shown. */
	for (size_t k = 0; k < ol.n && k < TAPS_MAX; k++) {
		struct order_spot spot;
		struct tval *item, *had;
		char choice[32];

		if (p->rules->order_spot(p->st, &ol.v[nth(first, k)], &spot) < 0 ||
		    (item = spot_item(root, &spot)) == NULL)
			continue;
		/* Several choices on one place: the first three, then "+". */
		had = tval_get(item, "choice");
		if (had == NULL)
			snprintf(choice, sizeof choice, "%zu", k + 1);
		else if (strchr(had->str, '+') != NULL)
			continue;
		else if (strchr(had->str, '/') != strrchr(had->str, '/'))
			snprintf(choice, sizeof choice, "%s+", had->str);
		else
			snprintf(choice, sizeof choice, "%s/%zu", had->str, k + 1);
		tval_set_str(item, "choice", choice);
		marked++;
	}
	order_list_free(&ol);
	tval_set_bool(root, "has_spots", marked > 0);
	return marked;
}

int
taps_choice(const char *choices, int n, char *out, size_t size)
{
	const char *s = choices;

	for (int k = 1; n >= 1 && *s != '\0'; k++) {
		const char *e = strchr(s, '\n');
		size_t len = e != NULL ? (size_t)(e - s) : strlen(s);

		if (k == n) {
			snprintf(out, size, "%.*s", (int)len, s);
			return 1;
		}
		if (e == NULL)
			break;
		s = e + 1;
	}
	return 0;
}
