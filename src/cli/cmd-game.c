/* Commands about games: init, new, list, show, replay, config. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sysexits.h>

#include "campaign/campaign-file.h"
#include "campaign/campaign.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "core/fsutil.h"
#include "core/log.h"
#include "core/msg.h"
#include "core/testhook.h"
#include "core/xmalloc.h"
#include "games/bot.h"
#include "lang/lang.h"
#include "lang/ordertr.h"
#include "ledger/audit.h"
#include "ledger/play.h"
#include "ledger/token.h"
#include "ledger/watchers.h"
#include "mail/address.h"
#include "referee/bots.h"
#include "referee/guessing.h"
#include "referee/mailcmd.h"
#include "referee/people.h"
#include "referee/press.h"
#include "render/render.h"
#include "render/report.h"
#include "render/reportjson.h"
#include "render/viewjson.h"

int
cmd_init(struct cli *c, int argc, char **argv)
{
	int rc;

	if (cli_wants_help(argc, argv, "usage: azalai init\n\nCreates the ledger, and the "
	    "Maildir and outbox directory the configuration names.\n"))
		return EX_OK;
	if (argc > 1)
		return cli_fail(EX_USAGE, "init takes no arguments");
	c->create = 1;
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	if (strcmp(c->cfg.mailbox_type, "maildir") == 0) {
		static const char *const subs[] = { "new", "cur", "tmp" };

		for (int i = 0; i < 3; i++) {
			char path[CFG_PATH + 8];

			snprintf(path, sizeof path, "%s/%s", c->cfg.mailbox_path, subs[i]);
			if (fs_mkdirs(path) < 0)
				return cli_fail(EX_CANTCREAT, "cannot create %s: %s", path,
				    strerror(errno));
		}
	}
	if (strcmp(c->cfg.deliver_method, "outdir") == 0 && fs_mkdirs(c->cfg.deliver_outdir) < 0)
		return cli_fail(EX_CANTCREAT, "cannot create %s: %s", c->cfg.deliver_outdir,
		    strerror(errno));
	printf("ledger %s ready (schema version %d)\n", c->cfg.ledger,
	    ledger_user_version(&c->l));
	return EX_OK;
}

static const char new_usage[] =
    "usage: azalai new GAME --seat NAME=ADDRESS --seat NAME=ADDRESS ... [--option K=V ...]\n"
    "                 [--name ID] [--deck FILE]\n"
    "       azalai new --campaign FILE\n\n"
    "Starts a game of GAME (buqruru) with the seats in order (the first seat is the\n"
    "first player unless an option says otherwise). ADDRESS \"bot\" lets the referee\n"
    "play that seat; \"NAME=ADDRESS lang=de\" gives the seat its language (en, de,\n"
    "es, fr; the configuration's language otherwise). Prints each seat's token and queues a welcome mail carrying it.\n"
    "--deck FILE gives a game that takes one (targi) the game master's card file;\n"
    "the ledger keeps a copy, so the file may change or go afterwards.\n"
    "--campaign FILE takes all of it from a YAML file (game, name, seats, options,\n"
    "deck, settings, watchers; see doc/campaigns.md), checked whole before anything\n"
    "is written.\n";

static int
print_options(const struct game_rules *r)
{
	fprintf(stderr, "options of %s:\n", r->name);
	for (int i = 0; r->options != NULL && r->options[i].name != NULL; i++)
		fprintf(stderr, "  %s=%s  %s\n", r->options[i].name, r->options[i].def,
		    r->options[i].help);
	return 0;
}

/* What a new game is made of, from the command line or a campaign file. */
struct new_game {
	struct game_row *g;         /* the seats: name, address, kind */
	const char *rules, *name, *deck;
	const char *kv[OPT_MAX];
	int nkv;
	const struct campaign_file *cf;	/* its settings and watchers; NULL none */
};

/* A seat's address "bot" or "bot:LEVEL" makes it the referee's, played at
 * that level (random when none); -1 when LEVEL is no level. */
static int
seat_holder(struct seat_row *s)
{
	int level = BOT_RANDOM;

	if (strncmp(s->address, "bot:", 4) == 0 && (level = bot_level_find(s->address + 4)) < 0)
		return cli_fail(EX_USAGE, "seat %s: \"%s\" is no bot level; write bot, "
		    "bot:greedy, bot:mc or bot:ismcts", s->name, s->address + 4);
	if (strncmp(s->address, "bot:", 4) == 0)
		s->address[3] = '\0';
	snprintf(s->kind, sizeof s->kind, "%s",
	    strcmp(s->address, "bot") == 0 ? "bot" : "human");
	snprintf(s->bot_level, sizeof s->bot_level, "%s", bot_level_name(level));
	return 0;
}

static int
add_seat(struct game_row *g, const char *name, size_t namelen, const char *address)
{
	struct seat_row *s;

	if (g->nseats == MAX_SEATS)
		return cli_fail(EX_USAGE, "at most %d seats", MAX_SEATS);
	s = &g->seats[g->nseats++];
	snprintf(s->name, sizeof s->name, "%.*s", (int)namelen, name);
	snprintf(s->address, sizeof s->address, "%s", address);
	if (!game_name_valid(s->name, SEAT_NAME))
		return cli_fail(EX_USAGE, "seat name \"%s\": use letters, digits, "
		    "_ . - (at most %d)", s->name, SEAT_NAME - 1);
	if (seat_holder(s) != 0)
		return EX_USAGE;
	if (strcmp(s->kind, "human") == 0 && !address_valid(s->address))
		return cli_fail(EX_USAGE, "seat %s: \"%s\" is not a mail address "
		    "(or \"bot\")", s->name, s->address);
	return 0;
}

/* Both ways to start a game meet here: checks, the ledger, the mails. */
/* The seats' own choices the campaign file gives, before any mail goes:
 * the welcome is the first mail they shape. */
static int
file_seat_choices(struct ledger *l, const struct campaign_file *cf, struct play *p,
    struct diag *d)
{
	/* The setters `seat` and the mail words use, so memory and ledger agree;
	 * the file's reader has checked every value, zones included. */
	for (int i = 0; i < cf->nseats && i < p->g.nseats; i++)
		if ((cf->seat_json[i] >= 0 && reportjson_set(l, p, i, cf->seat_json[i], d) < 0) ||
		    (cf->seat_pictures[i] >= 0 &&
		    mailcmd_pictures(l, p, i, cf->seat_pictures[i], d) < 0) ||
		    (cf->seat_calendar[i] >= 0 &&
		    mailcmd_calendar(l, p, i, cf->seat_calendar[i], d) < 0) ||
		    (cf->seat_analysis[i] >= 0 &&
		    mailcmd_analysis(l, p, i, cf->seat_analysis[i], d) < 0) ||
		    (cf->seat_timezone[i][0] != '\0' &&
		    mailcmd_timezone(l, p, i, cf->seat_timezone[i], d) != 0))
			return -1;
	return 0;
}

static int
start_game(struct cli *c, struct new_game *ng)
{
	const char *fixed_env = testhook_seed();
	char tokens[MAX_SEATS][TOKEN_LEN], now[32];
	struct game_row *g = ng->g;
	const struct game_rules *r;
	struct optset o;
	struct play p;
	struct render rd;
	struct diag d;
	uint64_t fixed = 0, *fixedp = NULL;
	char *deck_text = NULL;
	size_t deck_len;
	int rc;

	if ((r = game_find(ng->rules)) == NULL)
		return cli_fail(EX_DATAERR, "there is no game \"%s\"", ng->rules);
	if (g->nseats < r->min_seats || g->nseats > r->max_seats)
		return r->min_seats == r->max_seats
		    ? cli_fail(EX_USAGE, "%s needs %d seats, not %d", r->name, r->min_seats,
		    g->nseats)
		    : cli_fail(EX_USAGE, "%s needs %d to %d seats, not %d", r->name,
		    r->min_seats, r->max_seats, g->nseats);
	for (int i = 0; i < g->nseats; i++)
		for (int k = 0; k < i; k++)
			if (strcasecmp(g->seats[i].name, g->seats[k].name) == 0)
				return cli_fail(EX_USAGE, "two seats are called %s", g->seats[i].name);
	diag_clear(&d);
	if (opt_resolve(r->options, &o, ng->kv, ng->nkv, &d) < 0) {
		print_options(r);
		return cli_fail(EX_USAGE, "%s", d.msg);
	}
	if (ng->deck != NULL) {
		const char *base = strrchr(ng->deck, '/');

		if (r->file_what == NULL || strcmp(r->file_what, "deck") != 0)
			return cli_fail(EX_USAGE, "%s takes no deck file", r->name);
		if (fs_read(ng->deck, &deck_text, &deck_len) < 0)
			return cli_fail(EX_NOINPUT, "%s: %s", ng->deck, strerror(errno));
		if (strlen(deck_text) != deck_len) {
			rc = cli_fail(EX_DATAERR, "%s: not a text file", ng->deck);
			goto out;
		}
		o.file = deck_text;
		snprintf(o.file_name, sizeof o.file_name, "%s", base != NULL ? base + 1 : ng->deck);
	}
	if (ng->name != NULL && !game_name_valid(ng->name, 33)) {
		rc = cli_fail(EX_USAGE, "game name \"%s\": use letters, digits, _ . -", ng->name);
		goto out;
	}
	if ((rc = cli_open(c, 1)) != 0) {
		if (cli_lock_busy)
			rc = cli_fail(EX_TEMPFAIL, "another azalai run holds the ledger; try again");
		goto out;
	}
	/* Press names its seats on the line that holds its words, in any
	 * language (known once the catalogs are): a seat called "alle" would
	 * be everyone to a German. The name came from the command line (a
	 * usage error) or a file (bad data). */
	for (int i = 0; i < g->nseats; i++) {
		const char *kw = press_word_named(g->seats[i].name);

		if (kw != NULL) {
			rc = cli_fail(ng->cf != NULL ? EX_DATAERR : EX_USAGE, "seat name "
			    "\"%s\": it is the press word %s in a language players write "
			    "(\"PRESS TO %s\"), so a press line could not name the seat; "
			    "choose another name", g->seats[i].name, kw, kw);
			goto out;
		}
	}
	/* Languages are known once the catalogs are. */
	for (int i = 0; i < g->nseats; i++)
		if (g->seats[i].language[0] != '\0' && lang_parse(g->seats[i].language,
		    g->seats[i].language, &d) < 0) {
			rc = cli_fail(EX_USAGE, "seat %s: %s", g->seats[i].name, d.msg);
			goto out;
		}
	for (int i = 0; ng->cf != NULL && i < ng->cf->nwatchers; i++)
		if (ng->cf->watcher_language[i][0] != '\0' &&
		    lang_parse(ng->cf->watcher_language[i], NULL, &d) < 0) {
			rc = cli_fail(EX_USAGE, "watcher %s: %s", ng->cf->watcher[i], d.msg);
			goto out;
		}
	/* Golden tests fix every secret with AZALAI_SEED (testhook.h). */
	if (fixed_env != NULL && *fixed_env != '\0') {
		fixed = strtoull(fixed_env, NULL, 0);
		fixedp = &fixed;
		fixed += (uint64_t)ledger_next_game_number(&c->l, r->name) * 1000;
	}
	snprintf(g->rules, sizeof g->rules, "%s", r->name);
	if (ng->name != NULL)
		snprintf(g->name, sizeof g->name, "%s", ng->name);
	else
		snprintf(g->name, sizeof g->name, "%s-%lld", r->name,
		    (long long)ledger_next_game_number(&c->l, r->name));
	if (random_u64(&g->seed, fixedp) < 0) {
		rc = cli_fail(EX_OSERR, "no randomness from the kernel");
		goto out;
	}
	for (int i = 0; i < g->nseats; i++) {
		struct seat_row *s = &g->seats[i];

		if (token_new(tokens[i], s->salt, fixedp) < 0) {
			rc = cli_fail(EX_OSERR, "no randomness from the kernel");
			goto out;
		}
		token_hash(tokens[i], s->salt, s->hash);
	}
	clock_iso(clock_now(), now, sizeof now);
	if (ledger_begin(&c->l, &d) < 0) {
		rc = cli_fail(EX_TEMPFAIL, "%s", d.msg);
		goto out;
	}
	{
		struct game_row *dup = xmalloc(sizeof *dup);
		int found = ledger_game_by_name(&c->l, g->name, dup, &d);

		free(dup);
		if (found != 0) {
			ledger_rollback(&c->l);
			rc = cli_fail(EX_DATAERR, "there is already a game called %s", g->name);
			goto out;
		}
	}
	if (play_create(&c->l, g, &o, now, &p, &d) < 0) {
		ledger_rollback(&c->l);
		rc = cli_fail(EX_DATAERR, "%s", d.msg);
		goto out;
	}
	/* Before any mail: the welcome mails carry the seed's commitment. */
	if (audit_commit(&c->l, &p.g, fixedp, &d) < 0) {
		ledger_rollback(&c->l);
		play_free(&p);
		rc = cli_fail(EX_TEMPFAIL, "%s", d.msg);
		goto out;
	}
	render_init(&rd, c->cfg.datadir, r->name, c->cfg.language);
	rc = EX_OK;
	/* The campaign's settings hold before the first mail goes out. */
	for (int i = 0; ng->cf != NULL && rc == EX_OK && i < ng->cf->nsettings; i++)
		if (campaign_set(&c->l, p.g.id, ng->cf->key[i], ng->cf->value[i], &d) < 0)
			rc = EX_DATAERR;
	if (rc == EX_OK && ng->cf != NULL && ng->cf->nsettings > 0) {
		struct campaign camp;
		struct buf notes = BUF_INIT;

		if (campaign_load(&c->l, p.g.id, &camp, NULL) == 0 &&
		    campaign_reminder_notes(&camp, &notes) > 0)
			fprintf(stderr, "%s: %s", p.g.name, notes.p);
		buf_free(&notes);
	}
	if (ng->cf != NULL && rc == EX_OK && file_seat_choices(&c->l, ng->cf, &p, &d) < 0)
		rc = EX_TEMPFAIL;
	for (int i = 0; ng->cf != NULL && rc == EX_OK && i < ng->cf->nwatchers; i++)
		if (people_watch(&c->l, &c->cfg, &p, ng->cf->watcher[i],
		    ng->cf->watcher_language[i], now, &d) < 0 ||
		    (ng->cf->watcher_notify[i][0] != '\0' && watcher_set_notify(&c->l, p.g.id,
		    ng->cf->watcher[i], ng->cf->watcher_notify[i], &d) < 0))
			rc = EX_DATAERR;
	if (rc == EX_OK) {
		int steps = 0;

		/* Bots alone may finish the game here: it is over at once, not at
		 * the next run (which would find nothing waiting and not look). */
		if (bots_play(&c->l, &p, now, &steps, &d) < 0 ||
		    play_update_status(&c->l, &p, &d) < 0)
			rc = EX_SOFTWARE;
	}
	for (int i = 0; rc == EX_OK && i < g->nseats; i++) {
		if (strcmp(g->seats[i].kind, "human") != 0)
			continue;
		if (people_welcome(&c->l, &c->cfg, &rd, &p, i, tokens[i], now, &d) < 0)
			rc = EX_SOFTWARE;
	}
	render_free(&rd);
	if (rc != EX_OK || ledger_commit(&c->l, &d) < 0) {
		ledger_rollback(&c->l);
		play_free(&p);
		rc = cli_fail(rc != EX_OK ? rc : EX_TEMPFAIL, "%s", d.msg);
		goto out;
	}
	log_info("new game %s (%s) with %d seats", g->name, r->name, g->nseats);
	printf("%s\n", g->name);
	for (int i = 0; i < g->nseats; i++)
		if (strcmp(g->seats[i].kind, "bot") == 0)
			printf("  seat %-12s %-32s (played by the referee) bot:%s\n", g->seats[i].name,
			    g->seats[i].address, g->seats[i].bot_level);
		else
			printf("  seat %-12s %-32s %s\n", g->seats[i].name, g->seats[i].address,
			    tokens[i]);
	for (int i = 0; ng->cf != NULL && i < ng->cf->nwatchers; i++)
		printf("  watcher %s\n", ng->cf->watcher[i]);
	play_free(&p);
	rc = EX_OK;
out:
	free(deck_text);
	return rc;
}

int
cmd_new(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seat", required_argument, NULL, 's' },
		{ "option", required_argument, NULL, 'o' },
		{ "name", required_argument, NULL, 'n' },
		{ "deck", required_argument, NULL, 'd' },
		{ "campaign", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	const char *campaign = NULL;
	struct new_game ng;
	struct campaign_file *cf = NULL;
	struct diag d;
	int ch, rc = EX_OK;

	memset(&ng, 0, sizeof ng);
	ng.g = xcalloc(1, sizeof *ng.g);
	if (cli_wants_help(argc, argv, new_usage))
		goto out;
	optind = 0;
	while ((ch = getopt_long(argc, argv, "s:o:n:d:c:", opts, NULL)) != -1) {
		char *eq;

		switch (ch) {
		case 's':
			if ((eq = strchr(optarg, '=')) == NULL || eq == optarg || eq[1] == '\0') {
				rc = cli_fail(EX_USAGE, "--seat \"%s\": write NAME=ADDRESS", optarg);
				goto out;
			}
			{
				/* "NAME=ADDRESS lang=de": the seat reads German. The
				 * address is checked without the language. */
				const char *sp = strstr(eq + 1, " lang=");
				char address[sizeof ng.g->seats[0].address];

				if (sp != NULL && sp[6] == '\0') {
					rc = cli_fail(EX_USAGE, "--seat \"%s\": write NAME=ADDRESS "
					    "or NAME=ADDRESS lang=LANGUAGE", optarg);
					goto out;
				}
				snprintf(address, sizeof address, "%.*s", sp != NULL ?
				    (int)(sp - eq - 1) : (int)strlen(eq + 1), eq + 1);
				if ((rc = add_seat(ng.g, optarg, (size_t)(eq - optarg), address)) != 0)
					goto out;
				if (sp != NULL)
					snprintf(ng.g->seats[ng.g->nseats - 1].language,
					    sizeof ng.g->seats[0].language, "%s", sp + 6);
			}
			break;
		case 'o':
			if (ng.nkv == OPT_MAX) {
				rc = cli_fail(EX_USAGE, "too many options");
				goto out;
			}
			ng.kv[ng.nkv++] = optarg;
			break;
		case 'n':
			ng.name = optarg;
			break;
		case 'd':
			ng.deck = optarg;
			break;
		case 'c':
			campaign = optarg;
			break;
		default:
			rc = cli_fail(EX_USAGE, "see \"azalai new --help\"");
			goto out;
		}
	}
	if (campaign != NULL) {
		if (optind != argc || ng.g->nseats > 0 || ng.nkv > 0 || ng.name != NULL ||
		    ng.deck != NULL) {
			rc = cli_fail(EX_USAGE, "--campaign FILE says it all: no GAME, --seat, "
			    "--option, --name or --deck beside it");
			goto out;
		}
		cf = xcalloc(1, sizeof *cf);
		diag_clear(&d);
		if (campaign_file_load(campaign, cf, &d) < 0) {
			rc = cli_fail(EX_DATAERR, "%s", d.msg);
			goto out;
		}
		for (int i = 0; i < cf->nseats; i++) {
			if ((rc = add_seat(ng.g, cf->seat_name[i], strlen(cf->seat_name[i]),
			    cf->seat_address[i])) != 0)
				goto out;
			snprintf(ng.g->seats[i].notify, sizeof ng.g->seats[i].notify, "%s",
			    cf->seat_notify[i]);
			snprintf(ng.g->seats[i].language, sizeof ng.g->seats[i].language, "%s",
			    cf->seat_language[i]);
		}
		for (int i = 0; i < cf->nopts; i++)
			ng.kv[ng.nkv++] = cf->opt[i];
		ng.rules = cf->rules;
		ng.name = cf->name[0] != '\0' ? cf->name : NULL;
		ng.deck = cf->deck[0] != '\0' ? cf->deck : NULL;
		ng.cf = cf;
	} else {
		if (optind != argc - 1) {
			rc = cli_fail(EX_USAGE, "name one game: azalai new GAME --seat NAME=ADDRESS "
			    "...");
			goto out;
		}
		ng.rules = argv[optind];
	}
	rc = start_game(c, &ng);
out:
	free(cf);
	free(ng.g);
	return rc;
}

/* The seats someone named with a wrong token in the day (guessing.h); past
 * limits.token_failures_per_day, the seat is being guessed at. */
static void
guessed_lines(struct cli *c, const struct game_row *g)
{
	char now[32], since[32];
	int n;

	clock_iso(clock_now(), now, sizeof now);
	for (int i = 0; i < g->nseats; i++)
		if ((n = guessing_seen(&c->l, g->id, i, now, since)) > 0)
			printf("%-16s seat %s: %d mail%s with a wrong token since %s%s\n", "",
			    g->seats[i].name, n, n == 1 ? "" : "s", since,
			    n > c->cfg.token_failures_per_day ? "; being guessed at, no more of "
			    "them answered for a day from the first" : "");
}

static int
list_one(void *arg, const struct game_row *g)
{
	struct cli *c = arg;
	struct buf seats = BUF_INIT;
	struct play p;
	struct diag d;
	char status[300];

	/* A seat that chose its language shows it: "anna (de)". */
	for (int i = 0; i < g->nseats; i++)
		buf_printf(&seats, "%s%s%s%s%s", i ? ", " : "", g->seats[i].name,
		    g->seats[i].language[0] ? " (" : "", g->seats[i].language,
		    g->seats[i].language[0] ? ")" : "");
	snprintf(status, sizeof status, "%s", g->status);
	diag_clear(&d);
	if (strcmp(g->status, "active") == 0 && play_load(&c->l, g->name, &p, &d) == 1) {
		struct pending pd;
		struct buf w = BUF_INIT;

		memset(&pd, 0, sizeof pd);
		p.rules->waiting_for(p.st, &pd);
		for (int i = 0; i < g->nseats; i++)
			if (pd.seats & VIS_SEAT(i))
				buf_printf(&w, "%s%s", w.len ? ", " : "", g->seats[i].name);
		/* Paused, nobody is waited for now: say so before whom it waits for. */
		if (g->paused_at[0] != '\0')
			snprintf(status, sizeof status, "step %lld, paused since %s%s%s%s%.80s, "
			    "then waiting for %s", (long long)p.seq, g->paused_at,
			    g->paused_until[0] ? " until " : "", g->paused_until,
			    g->paused_reason[0] ? ": " : "", g->paused_reason,
			    w.len ? w.p : "nobody");
		else
			snprintf(status, sizeof status, "step %lld, waiting for %s",
			    (long long)p.seq, w.len ? w.p : "nobody");
		buf_free(&w);
		play_free(&p);
	} else if (g->result[0] != '\0') {
		char said[DIAG_MSG];

		msg_english(g->result, said, sizeof said);
		snprintf(status, sizeof status, "%s: %.200s", g->status, said);
	}
	printf("%-16s %-9s %-24s %s\n", g->name, g->rules, seats.p, status);
	for (int i = 0; i < g->nseats; i++)
		if (g->seats[i].bounces > 0)
			printf("%-16s seat %s (%s): %d mail%s came back; last: %s\n", "",
			    g->seats[i].name, g->seats[i].address, g->seats[i].bounces,
			    g->seats[i].bounces == 1 ? "" : "s", g->seats[i].last_bounce);
	guessed_lines(c, g);
	buf_free(&seats);
	return 0;
}

int
cmd_list(struct cli *c, int argc, char **argv)
{
	int rc, held;

	if (cli_wants_help(argc, argv, "usage: azalai list\n\nLists every game with its "
	    "seats and who it waits for, the seats whose mail\ncame back or that mails named "
	    "with a wrong token in the last day, and how\nmany mails are held (see azalai "
	    "inbox).\n"))
		return EX_OK;
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	ledger_games_each(&c->l, list_one, c);
	if ((held = inbox_held(&c->l)) > 0)
		printf("%d mail%s held: runs kept failing on %s; see \"azalai inbox\"\n",
		    held, held == 1 ? "" : "s", held == 1 ? "it" : "them");
	return EX_OK;
}

/* --as SEAT: the seat index, -1 for none; -2 (after printing) when unknown. */
static int
seat_of(const struct game_row *g, const char *as)
{
	if (as == NULL)
		return -1;
	for (int i = 0; i < g->nseats; i++)
		if (strcasecmp(g->seats[i].name, as) == 0)
			return i;
	cli_fail(EX_USAGE, "game %s has no seat \"%s\"", g->name, as);
	return -2;
}

static int
print_report(struct cli *c, struct play *p, int viewer, int64_t since)
{
	struct render r;
	struct tval *root = report_tree(&c->l, p, viewer, since, c->cfg.language);
	char *body;
	struct diag d;
	int rc;

	tval_set_str(root, "referee", c->cfg.referee_address);
	render_init(&r, c->cfg.datadir, p->rules->name, c->cfg.language);
	ordertr_keywords(r.lang, p->rules->name, root);
	diag_clear(&d);
	rc = render_mail(&r, "report", root, NULL, &body, &d);
	render_free(&r);
	tval_free(root);
	if (rc < 0)
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	fputs(body, stdout);
	free(body);
	return EX_OK;
}

/* The same tree as the text report, so the JSON shows nothing the report
 * would not; only the JSON goes to stdout, for a script to read. */
static int
print_json(struct cli *c, struct play *p, int viewer, int64_t since)
{
	struct tval *root = report_tree(&c->l, p, viewer, since, c->cfg.language);
	const struct tval *step = tval_get(root, "step");
	struct buf out = BUF_INIT;
	struct diag d;
	int rc;

	diag_clear(&d);
	rc = view_json_lang(c->cfg.language, p->rules->name, p->g.name,
	    step != NULL ? (long long)step->num : p->seq, viewer, root, 1, &out, &d);
	tval_free(root);
	if (rc < 0) {
		buf_free(&out);
		return cli_fail(EX_DATAERR, "game %s: %s", p->g.name, d.msg);
	}
	fwrite(out.p, 1, out.len, stdout);
	buf_free(&out);
	return EX_OK;
}

static int
parse_game_args(int argc, char **argv, const char **game, const char **as, long long *step,
    int *json)
{
	static const struct option opts[] = {
		{ "as", required_argument, NULL, 'a' },
		{ "step", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	optind = 0;
	while ((ch = getopt_long(argc, argv, "a:s:", opts, NULL)) != -1) {
		char *end;

		switch (ch) {
		case 'a':
			*as = optarg;
			break;
		case 'j':
			*json = 1;
			break;
		case 's':
			if (step == NULL)
				return cli_fail(EX_USAGE, "--step belongs to replay");
			*step = strtoll(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || *step < 0)
				return cli_fail(EX_USAGE, "--step wants a step number, not \"%s\"",
				    optarg);
			break;
		default:
			return EX_USAGE;
		}
	}
	if (optind != argc - 1)
		return cli_fail(EX_USAGE, "name one game");
	*game = argv[optind];
	return 0;
}

/* For the game master, after the report: the campaign as it stands. */
static int
print_campaign(struct cli *c, const struct play *p)
{
	struct campaign camp;
	struct buf b = BUF_INIT;
	struct diag d;
	sqlite3_stmt *st;
	const struct game_row *g = &p->g;
	char now[32], since[32];
	int guessed;

	clock_iso(clock_now(), now, sizeof now);
	diag_clear(&d);
	if (campaign_load(&c->l, g->id, &camp, &d) < 0)
		return cli_fail(EX_SOFTWARE, "%s", d.msg);
	printf("\n==== campaign (for the game master)\n");
	printf("status: %s\n", g->status);
	if (g->end_reason[0] != '\0')
		printf("ended: %s\n", g->end_reason);
	if (g->paused_at[0] != '\0')
		printf("paused: since %s, until %s at the latest: %s\n", g->paused_at,
		    g->paused_until, g->paused_reason);
	printf("seats:\n");
	for (int i = 0; i < g->nseats; i++) {
		const struct seat_row *s = &g->seats[i];

		printf("  %-12s %-32s %s", s->name, s->address, s->kind);
		if (strcmp(s->kind, "bot") == 0)
			printf(", level %s", s->bot_level);
		if (s->language[0] != '\0')
			printf(", reads %s", s->language);
		if (s->disorder)
			printf(", in civil disorder");
		if (s->missed > 0)
			printf(", %d missed in a row", s->missed);
		if (s->away_to[0] != '\0')
			printf(", away %s to %s", s->away_from, s->away_to);
		if (s->away_used > 0 || s->away_to[0] != '\0')
			printf(", earlier vacations %ld of %d days", (s->away_used + 86399) / 86400,
			    camp.vacation_days);
		if ((guessed = guessing_seen(&c->l, g->id, i, now, since)) > 0)
			printf(", %d mail%s with a wrong token since %s", guessed,
			    guessed == 1 ? "" : "s", since);
		printf("\n");
	}
	st = ledger_prep(&c->l, "SELECT address, reported_seq, language FROM watchers WHERE "
	    "game_id = ? ORDER BY added_at, address");
	sqlite3_bind_int64(st, 1, g->id);
	printf("watchers:");
	for (int n = 0; sqlite3_step(st) == SQLITE_ROW; n++)
		printf("%s %s%s%s%s", n ? "," : "", col_text(st, 0), col_text(st, 2)[0] ? " (" : "",
		    col_text(st, 2), col_text(st, 2)[0] ? ")" : "");
	sqlite3_finalize(st);
	printf("\nsettings:\n");
	campaign_describe(&camp, &b);
	for (const char *l = b.p; l != NULL && *l != '\0';) {
		const char *nl = strchr(l, '\n');
		int len = nl != NULL ? (int)(nl - l) : (int)strlen(l);

		printf("  %.*s\n", len, l);
		l += len + (nl != NULL);
	}
	buf_free(&b);
	return EX_OK;
}

int
cmd_show(struct cli *c, int argc, char **argv)
{
	const char *game = NULL, *as = NULL;
	struct play p;
	struct diag d;
	int rc, viewer, json = 0;

	if (cli_wants_help(argc, argv, "usage: azalai show GAME [--as SEAT] [--json]\n\nPrints the "
	    "report of GAME as an observer sees it, or as SEAT sees it, then the\n"
	    "campaign: status, pause, seats (address, who plays, language, civil disorder,\n"
	    "vacation, wrong tokens in the last day), watchers and settings. --json\n"
	    "prints only the view as JSON\n"
	    "(doc/view-json.md).\n"))
		return EX_OK;
	if ((rc = parse_game_args(argc, argv, &game, &as, NULL, &json)) != 0)
		return rc;
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	diag_clear(&d);
	if ((rc = play_load(&c->l, game, &p, &d)) <= 0)
		return rc < 0 ? cli_fail(EX_SOFTWARE, "%s", d.msg)
		    : cli_fail(EX_DATAERR, "there is no game \"%s\"", game);
	if ((viewer = seat_of(&p.g, as)) == -2) {
		play_free(&p);
		return EX_USAGE;
	}
	if (json)
		rc = print_json(c, &p, viewer, p.seq - 1);
	else {
		rc = print_report(c, &p, viewer, p.seq - 1);
		if (rc == EX_OK)
			rc = print_campaign(c, &p);
	}
	play_free(&p);
	return rc;
}

struct replay_print {
	struct play *p;
	int viewer;
	long long upto;
	long long steps;            /* replayed: undone steps are not */
	int quiet;                  /* --json: the JSON alone on stdout */
};

static int
replay_line(void *arg, int64_t seq, const void *st, const struct event_row *e)
{
	struct replay_print *rp = arg;

	(void)st;
	rp->steps++;
	if (rp->quiet)
		return 0;
	if (e->seat >= 0)
		printf("step %-4lld %-7s %-12s %s\n", (long long)seq, e->kind,
		    rp->p->g.seats[e->seat].name, e->payload);
	else
		printf("step %-4lld %-7s\n", (long long)seq, e->kind);
	return 0;
}

/* The chain of hashes must be unbroken, each link recomputable. */
static int
check_chain(void *arg, const struct event_row *e)
{
	char *prev = arg, h[HASH_HEX];

	ledger_event_hash(e, h);
	if (strcmp(prev, e->prev_hash) != 0 || strcmp(h, e->hash) != 0) {
		printf("step %lld: the event chain is broken\n", (long long)e->seq);
		return -1;
	}
	memcpy(prev, e->hash, HASH_HEX);
	return 0;
}

int
cmd_replay(struct cli *c, int argc, char **argv)
{
	const char *game = NULL, *as = NULL;
	long long step = -1;
	struct play p;
	struct diag d;
	struct replay_print rp;
	char prev[HASH_HEX];
	int rc, json = 0;

	if (cli_wants_help(argc, argv, "usage: azalai replay GAME [--step N] [--as SEAT] "
	    "[--json]\n\n"
	    "Rebuilds GAME from its events, checking every step's state hash and the\n"
	    "event chain, lists the steps, and prints the report at step N (default:\n"
	    "the last) as an observer or as SEAT saw it. --json prints only that\n"
	    "view as JSON (doc/view-json.md), after the same checks.\n"))
		return EX_OK;
	if ((rc = parse_game_args(argc, argv, &game, &as, &step, &json)) != 0)
		return rc;
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	diag_clear(&d);
	if ((rc = play_load(&c->l, game, &p, &d)) <= 0)
		return rc < 0 ? cli_fail(EX_DATAERR, "%s", d.msg)
		    : cli_fail(EX_DATAERR, "there is no game \"%s\"", game);
	rp.p = &p;
	rp.upto = step;
	rp.steps = 0;
	rp.quiet = json;
	if ((rp.viewer = seat_of(&p.g, as)) == -2) {
		play_free(&p);
		return EX_USAGE;
	}
	if (step > p.seq) {
		play_free(&p);
		return cli_fail(EX_USAGE, "game %s has steps 0 to %lld", game, (long long)p.seq);
	}
	memset(prev, '0', HASH_HEX - 1);
	prev[HASH_HEX - 1] = '\0';
	if (ledger_events_each_all(&c->l, p.g.id, 0, -1, check_chain, prev, &d) < 0) {
		play_free(&p);
		return cli_fail(EX_DATAERR, "game %s: the event chain does not verify", game);
	}
	/* Undone steps stay in the chain above; replay passes over them. */
	if (step >= 0 && ledger_event_undone(&c->l, p.g.id, step)) {
		play_free(&p);
		return cli_fail(EX_USAGE, "game %s: step %lld was undone by a rollback", game,
		    step);
	}
	if (play_replay(&c->l, &p.g, step, p.st, replay_line, &rp, &d) < 0) {
		play_free(&p);
		return cli_fail(EX_DATAERR, "%s", d.msg);
	}
	if (step >= 0)
		p.seq = step;
	if (json)
		rc = print_json(c, &p, rp.viewer, p.seq - 1);
	else {
		printf("replay verified: %lld steps, every state hash matches the ledger\n\n",
		    rp.steps);
		rc = print_report(c, &p, rp.viewer, p.seq - 1);
	}
	play_free(&p);
	return rc;
}

int
cmd_config(struct cli *c, int argc, char **argv)
{
	struct diag d;

	if (cli_wants_help(argc, argv, "usage: azalai config\n\nPrints every configuration "
	    "key with the value in force.\n"))
		return EX_OK;
	diag_clear(&d);
	if (config_print(&c->cfg, stdout, &d) < 0)
		return cli_fail(EX_IOERR, "%s", d.msg);
	return EX_OK;
}
