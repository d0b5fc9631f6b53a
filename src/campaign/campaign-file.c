#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <yaml.h>

#include "campaign/campaign-file.h"
#include "campaign/campaign.h"
#include "campaign/notify-word.h"
#include "games/bot.h"
#include "mail/address.h"

struct cf {
	const char *path;
	yaml_document_t doc;
	struct diag *d;
};

static int
err(struct cf *f, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
err(struct cf *f, const yaml_node_t *n, const char *fmt, ...)
{
	char msg[DIAG_MSG];
	int line = n != NULL ? (int)n->start_mark.line + 1 : 1;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return diag_set(f->d, line, "%s, line %d: %s", f->path, line, msg);
}

static yaml_node_t *
node(struct cf *f, int id)
{
	return yaml_document_get_node(&f->doc, id);
}

/* The text of a scalar; NULL (the diag set) for a list or a mapping. */
static const char *
scalar(struct cf *f, yaml_node_t *n, const char *what)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE) {
		err(f, n, "%s: write one value, not a list or a mapping", what);
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

static int
copy(struct cf *f, yaml_node_t *n, const char *what, char *out, size_t size)
{
	const char *s = scalar(f, n, what);

	if (s == NULL)
		return -1;
	if (strlen(s) >= size)
		return err(f, n, "%s: at most %zu characters", what, size - 1);
	snprintf(out, size, "%s", s);
	return 0;
}

/* A seat's on/off choice: on, off (YAML's yes, no, true and false too). */
static int
onoff(struct cf *f, yaml_node_t *v, const char *what, int *out)
{
	static const char *const on[] = { "on", "yes", "true" }, *const off[] = { "off",
	    "no", "false" };
	const char *s = scalar(f, v, what);

	if (s == NULL)
		return -1;
	for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
		if (strcasecmp(s, on[i]) == 0 || strcasecmp(s, off[i]) == 0) {
			*out = strcasecmp(s, on[i]) == 0;
			return 0;
		}
	return err(f, v, "%s: write on or off, not \"%s\"", what, s);
}

static int
seats(struct cf *f, yaml_node_t *list, struct campaign_file *cf)
{
	if (list->type != YAML_SEQUENCE_NODE)
		return err(f, list, "seats: write a list, one \"- name: ... address: ...\" "
		    "per seat");
	for (yaml_node_item_t *it = list->data.sequence.items.start;
	    it < list->data.sequence.items.top; it++) {
		yaml_node_t *s = node(f, *it);
		int i = cf->nseats, have_name = 0, have_addr = 0;

		if (i == MAX_SEATS)
			return err(f, s, "seats: at most %d", MAX_SEATS);
		if (s->type != YAML_MAPPING_NODE)
			return err(f, s, "a seat is a mapping: name: ... and address: ...");
		cf->seat_json[i] = cf->seat_pictures[i] = cf->seat_calendar[i] = -1;
		cf->seat_analysis[i] = -1;
		for (yaml_node_pair_t *p = s->data.mapping.pairs.start;
		    p < s->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(f, p->key), *v = node(f, p->value);
			const char *key = scalar(f, k, "a seat's key");

			if (key == NULL)
				return -1;
			if (strcmp(key, "name") == 0) {
				if (copy(f, v, "name", cf->seat_name[i], SEAT_NAME) < 0)
					return -1;
				if (!game_name_valid(cf->seat_name[i], SEAT_NAME))
					return err(f, v, "seat name \"%s\": use letters, digits, "
					    "_ . -", cf->seat_name[i]);
				have_name = 1;
			} else if (strcmp(key, "address") == 0) {
				if (copy(f, v, "address", cf->seat_address[i], 256) < 0)
					return -1;
				if (strncmp(cf->seat_address[i], "bot:", 4) == 0 &&
				    bot_level_find(cf->seat_address[i] + 4) < 0)
					return err(f, v, "\"%s\" is no bot level; write bot, "
					    "bot:greedy, bot:mc or bot:ismcts", cf->seat_address[i] + 4);
				if (strcmp(cf->seat_address[i], "bot") != 0 &&
				    strncmp(cf->seat_address[i], "bot:", 4) != 0 &&
				    !address_valid(cf->seat_address[i]))
					return err(f, v, "\"%s\" is not a mail address (or \"bot\")",
					    cf->seat_address[i]);
				have_addr = 1;
			} else if (strcmp(key, "notify") == 0) {
				char mode[64];
				struct diag nd;

				if (copy(f, v, "notify", mode, sizeof mode) < 0)
					return -1;
				if (notify_parse(mode, cf->seat_notify[i], &nd) < 0)
					return err(f, v, "%s", nd.msg);
			} else if (strcmp(key, "language") == 0) {
				if (copy(f, v, "language", cf->seat_language[i],
				    sizeof cf->seat_language[i]) < 0)
					return -1;
			} else if (strcmp(key, "timezone") == 0) {
				const char *z = scalar(f, v, "timezone");

				if (z == NULL)
					return -1;
				if (campaign_zone_name(z, cf->seat_timezone[i],
				    sizeof cf->seat_timezone[i]) < 0)
					return err(f, v, "\"%s\" is not a time zone: write a name "
					    "such as Europe/Berlin, America/New_York or UTC", z);
			} else if (strcmp(key, "json") == 0) {
				if (onoff(f, v, "json", &cf->seat_json[i]) < 0)
					return -1;
			} else if (strcmp(key, "pictures") == 0) {
				if (onoff(f, v, "pictures", &cf->seat_pictures[i]) < 0)
					return -1;
			} else if (strcmp(key, "calendar") == 0) {
				if (onoff(f, v, "calendar", &cf->seat_calendar[i]) < 0)
					return -1;
			} else if (strcmp(key, "analysis") == 0) {
				if (onoff(f, v, "analysis", &cf->seat_analysis[i]) < 0)
					return -1;
			} else {
				return err(f, k, "a seat has no \"%s\": write name, address, "
				    "notify, language, timezone, json, pictures, calendar or "
				    "analysis", key);
			}
		}
		if (!have_name || !have_addr)
			return err(f, s, "a seat needs %s", have_name ? "an address (or bot)"
			    : "a name");
		for (int k = 0; k < i; k++)
			if (strcasecmp(cf->seat_name[k], cf->seat_name[i]) == 0)
				return err(f, s, "two seats are called %s", cf->seat_name[i]);
		cf->nseats++;
	}
	return 0;
}

static int
add_opt(struct cf *f, yaml_node_t *at, struct campaign_file *cf, const char *k,
    const char *v)
{
	if (cf->nopts == OPT_MAX)
		return err(f, at, "options: at most %d", OPT_MAX);
	if ((size_t)snprintf(cf->opt[cf->nopts], sizeof cf->opt[0], "%s=%s", k, v) >=
	    sizeof cf->opt[0])
		return err(f, at, "option %s: too long", k);
	cf->nopts++;
	return 0;
}

static int
options(struct cf *f, yaml_node_t *n, struct campaign_file *cf)
{
	if (n->type == YAML_MAPPING_NODE) {
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++) {
			const char *k = scalar(f, node(f, p->key), "an option's name");
			const char *v = scalar(f, node(f, p->value), "an option's value");

			if (k == NULL || v == NULL || add_opt(f, node(f, p->key), cf, k, v) < 0)
				return -1;
		}
	} else if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = n->data.sequence.items.start;
		    it < n->data.sequence.items.top; it++) {
			yaml_node_t *e = node(f, *it);
			const char *s = scalar(f, e, "an option"), *eq;

			if (s == NULL)
				return -1;
			if ((eq = strchr(s, '=')) == NULL || eq == s)
				return err(f, e, "option \"%s\": write name=value", s);
			if (cf->nopts == OPT_MAX)
				return err(f, e, "options: at most %d", OPT_MAX);
			snprintf(cf->opt[cf->nopts++], sizeof cf->opt[0], "%s", s);
		}
	} else {
		return err(f, n, "options: write a mapping (start: random) or a list of "
		    "name=value");
	}
	return 0;
}

/* Unknown options and values outside an option's choices; the defaults
 * alone are checked too when the file gives none. */
static int
resolve(struct cf *f, yaml_node_t *at, struct campaign_file *cf, const struct game_rules *r)
{
	const char *kv[OPT_MAX];
	struct optset o;
	struct diag od;

	for (int i = 0; i < cf->nopts; i++)
		kv[i] = cf->opt[i];
	diag_clear(&od);
	if (opt_resolve(r->options, &o, kv, cf->nopts, &od) < 0)
		return err(f, at, "%s", od.msg);
	return 0;
}

static int
settings(struct cf *f, yaml_node_t *n, struct campaign_file *cf)
{
	struct campaign camp;

	if (n->type != YAML_MAPPING_NODE)
		return err(f, n, "settings: write a mapping, key: value (see azalai(1), "
		    "CAMPAIGN SETTINGS)");
	campaign_defaults(&camp);
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
	    p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(f, p->key), *v = node(f, p->value);
		int i = cf->nsettings;
		struct diag sd;

		if (i == CF_SETTINGS)
			return err(f, k, "settings: at most %d", CF_SETTINGS);
		if (copy(f, k, "a setting's key", cf->key[i], sizeof cf->key[i]) < 0 ||
		    copy(f, v, cf->key[i], cf->value[i], sizeof cf->value[i]) < 0)
			return -1;
		for (int j = 0; j < i; j++)
			if (strcmp(cf->key[j], cf->key[i]) == 0)
				return err(f, k, "setting %s is given twice", cf->key[i]);
		diag_clear(&sd);
		if (campaign_apply(&camp, cf->key[i], cf->value[i], &sd) < 0)
			return err(f, v, "%s", sd.msg);
		cf->nsettings++;
	}
	return 0;
}

static int
watcher(struct cf *f, yaml_node_t *n, struct campaign_file *cf)
{
	char *w;

	if (cf->nwatchers == CF_WATCHERS)
		return err(f, n, "watchers: at most %d", CF_WATCHERS);
	w = cf->watcher[cf->nwatchers];
	if (n->type == YAML_MAPPING_NODE) {
		/* "- address: ...  language: de" */
		w[0] = '\0';
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(f, p->key), *v = node(f, p->value);
			const char *key = scalar(f, k, "a watcher's key");

			if (key == NULL)
				return -1;
			if (strcmp(key, "address") == 0) {
				if (copy(f, v, "address", w, sizeof cf->watcher[0]) < 0)
					return -1;
			} else if (strcmp(key, "language") == 0) {
				if (copy(f, v, "language", cf->watcher_language[cf->nwatchers],
				    sizeof cf->watcher_language[0]) < 0)
					return -1;
			} else if (strcmp(key, "notify") == 0) {
				char mode[64];
				struct diag nd;

				if (copy(f, v, "notify", mode, sizeof mode) < 0)
					return -1;
				if (notify_parse(mode, cf->watcher_notify[cf->nwatchers], &nd) < 0)
					return err(f, v, "%s", nd.msg);
			} else {
				return err(f, k, "a watcher has no \"%s\": write address, "
				    "language and notify", key);
			}
		}
	} else if (copy(f, n, "a watcher", w, sizeof cf->watcher[0]) < 0) {
		return -1;
	}
	if (!address_valid(w))
		return err(f, n, "watcher \"%s\" is not a mail address", w);
	for (int i = 0; i < cf->nwatchers; i++)
		if (strcasecmp(cf->watcher[i], w) == 0)
			return err(f, n, "%s watches twice", w);
	cf->nwatchers++;
	return 0;
}

static int
watchers(struct cf *f, yaml_node_t *n, struct campaign_file *cf)
{
	if (n->type == YAML_SCALAR_NODE)
		return watcher(f, n, cf);
	if (n->type != YAML_SEQUENCE_NODE)
		return err(f, n, "watchers: write a list of mail addresses");
	for (yaml_node_item_t *it = n->data.sequence.items.start;
	    it < n->data.sequence.items.top; it++)
		if (watcher(f, node(f, *it), cf) < 0)
			return -1;
	return 0;
}

/* A deck's path is relative to the campaign file, as a reader of it expects. */
static int
deck(struct cf *f, yaml_node_t *n, struct campaign_file *cf, const struct game_rules *r)
{
	const char *s = scalar(f, n, "deck"), *slash = strrchr(f->path, '/');

	if (s == NULL)
		return -1;
	if (r->file_what == NULL || strcmp(r->file_what, "deck") != 0)
		return err(f, n, "%s takes no deck file", r->name);
	if (s[0] == '/' || slash == NULL)
		snprintf(cf->deck, sizeof cf->deck, "%s", s);
	else
		snprintf(cf->deck, sizeof cf->deck, "%.*s/%s", (int)(slash - f->path), f->path,
		    s);
	if (access(cf->deck, R_OK) != 0)
		return err(f, n, "cannot read the deck %s", cf->deck);
	return 0;
}

static int
check(struct cf *f, struct campaign_file *cf)
{
	yaml_node_t *root = yaml_document_get_root_node(&f->doc);
	yaml_node_t *seat_key = NULL, *seat_list = NULL, *opts = NULL, *deck_node = NULL;
	const struct game_rules *r = NULL;

	if (root == NULL || root->type != YAML_MAPPING_NODE)
		return err(f, root, "a campaign file is a mapping: game:, seats:, ...");
	/* The rules first: options and decks are checked against them. */
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	    p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(f, p->key), *v = node(f, p->value);
		const char *key = scalar(f, k, "a key");

		if (key == NULL)
			return -1;
		if (strcmp(key, "game") == 0) {
			if (copy(f, v, "game", cf->rules, sizeof cf->rules) < 0)
				return -1;
			if ((r = game_find(cf->rules)) == NULL)
				return err(f, v, "there is no game \"%s\"", cf->rules);
		} else if (strcmp(key, "name") == 0) {
			if (copy(f, v, "name", cf->name, sizeof cf->name) < 0)
				return -1;
			if (!game_name_valid(cf->name, 33))
				return err(f, v, "game name \"%s\": use letters, digits, _ . - "
				    "(at most 32)", cf->name);
		} else if (strcmp(key, "seats") == 0) {
			seat_key = k;
			seat_list = v;
		} else if (strcmp(key, "options") == 0) {
			opts = v;
		} else if (strcmp(key, "deck") == 0) {
			deck_node = v;
		} else if (strcmp(key, "settings") == 0) {
			if (settings(f, v, cf) < 0)
				return -1;
		} else if (strcmp(key, "watchers") == 0) {
			if (watchers(f, v, cf) < 0)
				return -1;
		} else {
			return err(f, k, "unknown key \"%s\" (a campaign file has game, name, "
			    "seats, options, deck, settings, watchers)", key);
		}
	}
	if (r == NULL)
		return err(f, root, "no game: say which, e.g. \"game: targi\"");
	if (seat_list == NULL)
		return err(f, root, "no seats: list them under \"seats:\"");
	if (seats(f, seat_list, cf) < 0)
		return -1;
	if (cf->nseats < r->min_seats || cf->nseats > r->max_seats)
		return r->min_seats == r->max_seats
		    ? err(f, seat_key, "%s needs %d seats, not %d", r->name, r->min_seats,
		    cf->nseats)
		    : err(f, seat_key, "%s needs %d to %d seats, not %d", r->name,
		    r->min_seats, r->max_seats, cf->nseats);
	if (opts != NULL && options(f, opts, cf) < 0)
		return -1;
	if (resolve(f, opts != NULL ? opts : root, cf, r) < 0)
		return -1;
	if (deck_node != NULL && deck(f, deck_node, cf, r) < 0)
		return -1;
	return 0;
}

int
campaign_file_load(const char *path, struct campaign_file *cf, struct diag *d)
{
	struct cf f;
	yaml_parser_t p;
	FILE *fp;
	int rc;

	memset(&f, 0, sizeof f);
	f.path = path;
	f.d = d;
	memset(cf, 0, sizeof *cf);
	if ((fp = fopen(path, "r")) == NULL)
		return diag_set(d, 0, "cannot read %s: %s", path, strerror(errno));
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, fp);
	if (!yaml_parser_load(&p, &f.doc)) {
		rc = diag_set(d, (int)p.problem_mark.line + 1, "%s, line %d: %s", path,
		    (int)p.problem_mark.line + 1, p.problem != NULL ? p.problem :
		    "not valid YAML");
		yaml_parser_delete(&p);
		fclose(fp);
		return rc;
	}
	yaml_parser_delete(&p);
	fclose(fp);
	rc = check(&f, cf);
	yaml_document_delete(&f.doc);
	return rc;
}
