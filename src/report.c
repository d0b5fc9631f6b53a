#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outbox.h"
#include "report.h"
#include "xmalloc.h"

/* Engines write a sentence per line; mail reads best under 72 columns, so
 * long ones are folded at spaces, continued under a hanging indent. */
static char *
fold(const char *text, size_t width, const char *indent)
{
	struct buf b = BUF_INIT;
	size_t col = 0;
	const char *p = text;

	while (*p != '\0') {
		size_t w = strcspn(p, " ");

		if (col > 0 && col + 1 + w > width) {
			buf_printf(&b, "\n%s", indent);
			col = strlen(indent);
		} else if (col > 0) {
			buf_addc(&b, ' ');
			col++;
		}
		buf_add(&b, p, w);
		col += w;
		p += w;
		while (*p == ' ')
			p++;
	}
	buf_adds(&b, "");
	return buf_steal(&b);
}

struct news_ctx {
	struct tval *list;
	uint32_t mask;
};

static int
news_one(void *arg, const struct event_row *e)
{
	struct news_ctx *n = arg;
	const char *p = e->narrative;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n'), *tab = strchr(p, '\t');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		uint32_t vis;

		if (tab != NULL && tab < p + len && sscanf(p, "%x", &vis) == 1 &&
		    (vis & n->mask) != 0) {
			char *text = xstrndup(tab + 1, len - (size_t)(tab + 1 - p));
			char *folded = fold(text, 66, "    ");

			tval_set_str(tval_push_map(n->list), "text", folded);
			free(folded);
			free(text);
		}
		p += len + (nl != NULL);
	}
	return 0;
}

struct tval *
report_tree(struct ledger *l, const struct play *p, int viewer, int64_t since)
{
	struct tval *root = tval_map(), *list;
	struct pending pd;
	struct news_ctx n;

	p->rules->view(p->st, viewer, root);
	tval_set_str(root, "game_id", p->g.name);
	tval_set_str(root, "title", p->rules->title);
	tval_set_str(root, "seat", viewer >= 0 ? p->g.seats[viewer].name : "");
	tval_set_int(root, "step", p->seq);

	/* Observers see what every seat may see: the public lines. */
	n.list = tval_set_list(root, "news");
	n.mask = viewer >= 0 ? VIS_SEAT(viewer) : 0x80000000u;
	ledger_events_each(l, p->g.id, since + 1, p->seq, news_one, &n, NULL);

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	list = tval_set_list(root, "waiting");
	for (int s = 0; s < p->g.nseats; s++) {
		struct tval *w;
		char *what;

		if (!(pd.seats & VIS_SEAT(s)))
			continue;
		what = fold(pd.what[s], 56, "  ");

		w = tval_push_map(list);
		tval_set_str(w, "seat", p->g.seats[s].name);
		tval_set_str(w, "what", what);
		free(what);
	}
	tval_set_bool(root, "your_turn", viewer >= 0 && (pd.seats & VIS_SEAT(viewer)));
	tval_set_str(root, "you_what", viewer >= 0 ? pd.what[viewer] : "");
	list = tval_set_list(root, "legal");
	if (viewer >= 0 && (pd.seats & VIS_SEAT(viewer))) {
		struct order_list ol;

		order_list_init(&ol);
		p->rules->legal(p->st, viewer, &ol);
		for (size_t i = 0; i < ol.n; i++)
			tval_set_str(tval_push_map(list), "text", ol.v[i].text);
		order_list_free(&ol);
	}
	tval_set_bool(root, "over", pd.over);
	tval_set_str(root, "result", pd.result);
	return root;
}

int
report_queue_one(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, int seat, const char *tmpl, const char *kind, const char *to,
    struct tval *extra, const char *in_reply_to, const char *refs, const char *now,
    struct diag *d)
{
	struct tval *root = report_tree(l, p, seat, seat >= 0 ? p->g.seats[seat].reported_seq
	    : p->seq);
	char *subject = NULL, *body = NULL, *html = NULL;
	struct outbox_item it;
	int rc;

	for (size_t i = 0; extra != NULL && i < extra->n; i++) {
		tval_set(root, extra->keys[i], extra->items[i]);
		extra->items[i] = NULL;
	}
	tval_set_str(root, "referee", c->referee_address);
	tval_free(extra);
	rc = render_mail(r, tmpl, root, &subject, &body, d);
	if (rc == 0)
		rc = render_html(r, tmpl, root, &html, d);
	tval_free(root);
	if (rc < 0) {
		free(subject);
		free(body);
		return -1;
	}
	memset(&it, 0, sizeof it);
	it.game_id = p->g.id;
	it.seat = seat;
	it.kind = kind;
	it.to = to;
	it.subject = subject;
	it.body = body;
	it.html = html;
	it.in_reply_to = in_reply_to;
	it.refs = refs;
	rc = outbox_queue(l, c, &it, now, d);
	free(subject);
	free(body);
	free(html);
	if (rc == 0 && seat >= 0) {
		rc = ledger_seat_set_reported(l, p->g.id, seat, p->seq, d);
		p->g.seats[seat].reported_seq = p->seq;
	}
	return rc;
}

int
report_queue_all(struct ledger *l, const struct config *c, struct render *r,
    struct play *p, int skip, const char *now, struct diag *d)
{
	for (int s = 0; s < p->g.nseats; s++) {
		if (s == skip || strcmp(p->g.seats[s].kind, "human") != 0 ||
		    p->g.seats[s].reported_seq >= p->seq)
			continue;
		if (report_queue_one(l, c, r, p, s, "report", "report", p->g.seats[s].address,
		    NULL, "", "", now, d) < 0)
			return -1;
	}
	return 0;
}
