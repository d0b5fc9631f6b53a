#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/msg.h"
#include "ledger/seats.h"
#include "render/reportjson.h"
#include "render/viewjson.h"

int
reportjson_parse(const char *word, int *on, struct diag *d)
{
	if (strcasecmp(word, "on") == 0)
		*on = 1;
	else if (strcasecmp(word, "off") == 0)
		*on = 0;
	else
		return diag_set(d, 0, "%s takes %s (your reports carry your view as "
		    "view.json) or %s, as in \"%s\"", ORDER("", "JSON"), ORDER("", "ON"),
		    ORDER("", "OFF"), ORDER("", "JSON ON"));
	return 0;
}

int
reportjson_set(struct ledger *l, struct play *p, int seat, int on, struct diag *d)
{
	if (seat_set_json(l, p->g.id, seat, on, d) < 0)
		return -1;
	p->g.seats[seat].json = on != 0;
	return 0;
}

void
reportjson_says(int on, struct diag *od)
{
	/* Two calls, not one with "?:": xgettext takes one literal per call. */
	if (on)
		diag_set(od, 0, "from now on your reports carry your view as JSON, in the "
		    "attachment view.json");
	else
		diag_set(od, 0, "from now on your reports carry no JSON");
}

int
reportjson_attachment(const char *lang, const struct play *p, int seat,
    size_t view_keys, const struct tval *root, char **json, struct diag *d)
{
	struct buf b = BUF_INIT;
	const struct tval *step = tval_get(root, "step");
	struct tval view = *root;

	*json = NULL;
	if (seat < 0 || view_keys == 0 || !p->g.seats[seat].json)
		return 0;
	/* A shallow copy that stops where the mail's own keys begin: they say
	 * how this mail answers, and the schema has no place for them. */
	if (view_keys < view.n)
		view.n = view_keys;
	/* The tree the text was rendered from: nothing the report would not
	 * say, its step number too (report_step_seen). */
	if (view_json_lang(lang, p->rules->name, p->g.name, step != NULL ?
	    (long long)step->num : p->seq, seat, &view, 1, &b, d) < 0) {
		buf_free(&b);
		return -1;
	}
	*json = buf_steal(&b);
	return 0;
}
