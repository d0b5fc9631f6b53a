/* azalai seat GAME SEAT replace ADDRESS | bot[:LEVEL] | human | away FROM TO | back |
 * notify MODE | language LANG | json on|off:
 * the game master's changes to who plays a seat, and when. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/testhook.h"
#include "games/bot.h"
#include "referee/mailcmd.h"
#include "referee/people.h"
#include "render/reportjson.h"

static const char seat_usage[] =
    "usage: azalai seat GAME SEAT replace ADDRESS\n"
    "       azalai seat GAME SEAT bot[:LEVEL] | human\n"
    "       azalai seat GAME SEAT away FROM TO | back\n"
    "       azalai seat GAME SEAT notify every | due | digest\n"
    "       azalai seat GAME SEAT language en | de | es | fr\n"
    "       azalai seat GAME SEAT json on | off\n"
    "       azalai seat GAME SEAT pictures on | off\n"
    "       azalai seat GAME SEAT timezone ZONE | campaign\n\n"
    "replace  a new player takes the seat: a new token is mailed to ADDRESS, the\n"
    "         old one stops working, the old address and the other seats are told\n"
    "         (the same address: the player gets a new token, nobody else hears)\n"
    "bot      the referee plays the seat from now on; bot:LEVEL at that level\n"
    "         (random, greedy, mc, ismcts; doc/bots.md), bot alone at random; a\n"
    "         seat the referee plays already changes level\n"
    "human    its player plays it again (ends civil disorder)\n"
    "away     a vacation: no deadline of the seat passes from FROM to TO (dates\n"
    "         2026-12-01 or times 2026-12-01T18:00 in the campaign's time zone);\n"
    "         all of a seat's vacations in a game stay within vacation_max_days\n"
    "back     ends the seat's vacation now\n"
    "notify   how the seat is told: every (a report after every step), due (when\n"
    "         it has a decision to make) or digest (at most one report a day)\n"
    "language the language the seat's mails are written in from now on\n"
    "json     whether the seat's reports carry its view as JSON (view.json)\n"
    "pictures whether the seat's reports show the board as a picture\n"
    "calendar whether the seat's mails carry its deadlines as calendar events\n"
    "analysis whether the seat gets its turning points when the game is over\n"
    "timezone the zone every time the seat reads is written in (Europe/Berlin);\n"
    "         campaign: the campaign's\n";

int
cmd_seat(struct cli *c, int argc, char **argv)
{
	const char *what;
	char now[32], token[TOKEN_LEN];
	struct play p;
	struct diag d;
	int rc, seat, want, on = 0, level = BOT_RANDOM;

	if (cli_wants_help(argc, argv, seat_usage))
		return EX_OK;
	if (argc < 4)
		return cli_fail(EX_USAGE, "usage: azalai seat GAME SEAT replace ADDRESS | bot[:LEVEL] | "
		    "human | away FROM TO | back | notify MODE | language LANG | json on|off");
	what = argv[3];
	if (strncmp(what, "bot:", 4) == 0) {
		if ((level = bot_level_find(what + 4)) < 0)
			return cli_fail(EX_USAGE, "seat: \"%s\" is no bot level; write bot, "
			    "bot:greedy, bot:mc or bot:ismcts", what + 4);
		what = "bot";
	}
	if (strcmp(what, "replace") == 0 || strcmp(what, "notify") == 0 ||
	    strcmp(what, "language") == 0 || strcmp(what, "json") == 0 ||
	    strcmp(what, "pictures") == 0 || strcmp(what, "timezone") == 0 ||
	    strcmp(what, "calendar") == 0 || strcmp(what, "analysis") == 0)
		want = 5;
	else if (strcmp(what, "away") == 0)
		want = 6;
	else if (strcmp(what, "bot") == 0 || strcmp(what, "human") == 0 ||
	    strcmp(what, "back") == 0)
		want = 4;
	else
		return cli_fail(EX_USAGE, "seat: \"%s\" is none of replace, bot, human, away, "
		    "back, notify, language, json, pictures, calendar, analysis, timezone", what);
	if (argc != want)
		return cli_fail(EX_USAGE, "usage: azalai seat GAME SEAT %s", want == 5 ?
		    (what[0] == 'n' ? "notify every | due | digest" : what[0] == 'l' ?
		    "language en | de | es | fr" : what[0] == 'j' ? "json on | off" :
		    what[0] == 'p' ? "pictures on | off" : what[0] == 'c' ? "calendar on | off" :
		    what[0] == 'a' ? "analysis on | off" :
		    what[0] == 't' ? "timezone ZONE" :
		    "replace ADDRESS") :
		    want == 6 ? "away FROM TO" : what);
	if ((strcmp(what, "json") == 0 || strcmp(what, "pictures") == 0 ||
	    strcmp(what, "calendar") == 0 || strcmp(what, "analysis") == 0) &&
	    reportjson_parse(argv[4], &on, NULL) < 0)
		return cli_fail(EX_USAGE, "seat %s %s: say on or off, not \"%s\"", argv[2],
		    what, argv[4]);
	if ((rc = cli_game_begin(c, argv[1], &p)) != 0)
		return rc;
	clock_iso(clock_now(), now, sizeof now);
	diag_clear(&d);
	if ((seat = people_seat(&p, argv[2], &d)) < 0)
		return cli_game_end(c, &p, PEOPLE_REFUSED, &d);

	if (strcmp(what, "replace") == 0) {
		const char *fixed_env = testhook_seed();
		uint64_t fixed = 0, *fixedp = NULL;

		/* Golden tests fix every secret with AZALAI_SEED (testhook.h). */
		if (fixed_env != NULL && *fixed_env != '\0') {
			fixed = strtoull(fixed_env, NULL, 0) + (uint64_t)p.g.id * 1000 +
			    (uint64_t)clock_now();
			fixedp = &fixed;
		}
		rc = people_replace(&c->l, &c->cfg, &p, seat, argv[4], fixedp, now, token, &d);
		if (rc == 0)
			printf("%s\n  seat %-12s %-32s %s\n", p.g.name, p.g.seats[seat].name,
			    p.g.seats[seat].address, token);
	} else if (strcmp(what, "notify") == 0) {
		rc = people_notify(&c->l, &c->cfg, &p, seat, argv[4], now, &d);
		if (rc == 0)
			printf("%s: seat %s is told %s\n", p.g.name, p.g.seats[seat].name,
			    p.g.seats[seat].notify);
	} else if (strcmp(what, "language") == 0) {
		rc = people_language(&c->l, &p, seat, argv[4], &d);
		if (rc == 0)
			printf("%s: seat %s reads %s\n", p.g.name, p.g.seats[seat].name,
			    p.g.seats[seat].language);
	} else if (strcmp(what, "json") == 0) {
		rc = reportjson_set(&c->l, &p, seat, on, &d) < 0 ? PEOPLE_ELEDGER : 0;
		if (rc == 0)
			printf("%s: seat %s's reports carry %s\n", p.g.name, p.g.seats[seat].name,
			    on ? "its view as JSON (view.json)" : "no JSON");
	} else if (strcmp(what, "pictures") == 0) {
		rc = mailcmd_pictures(&c->l, &p, seat, on, &d) < 0 ? PEOPLE_ELEDGER : 0;
		if (rc == 0)
			printf("%s: seat %s's reports carry %s\n", p.g.name, p.g.seats[seat].name,
			    on ? "the board picture" : "no picture");
	} else if (strcmp(what, "calendar") == 0) {
		rc = mailcmd_calendar(&c->l, &p, seat, on, &d) < 0 ? PEOPLE_ELEDGER : 0;
		if (rc == 0)
			printf("%s: seat %s's mails carry %s\n", p.g.name, p.g.seats[seat].name,
			    on ? "its deadlines as calendar events" : "no calendar events");
	} else if (strcmp(what, "analysis") == 0) {
		rc = mailcmd_analysis(&c->l, &p, seat, on, &d) < 0 ? PEOPLE_ELEDGER : 0;
		if (rc == 0)
			printf("%s: seat %s gets %s when the game is over\n", p.g.name,
			    p.g.seats[seat].name, on ? "its turning points" : "no turning points");
	} else if (strcmp(what, "timezone") == 0) {
		rc = mailcmd_timezone(&c->l, &p, seat, argv[4], &d);
		rc = rc < 0 ? PEOPLE_ELEDGER : rc > 0 ? PEOPLE_REFUSED : 0;
		if (rc == 0)
			printf("%s: seat %s reads times in %s\n", p.g.name, p.g.seats[seat].name,
			    p.g.seats[seat].timezone[0] != '\0' ? p.g.seats[seat].timezone :
			    "the campaign's zone");
	} else if (strcmp(what, "bot") == 0 || strcmp(what, "human") == 0) {
		rc = people_set_bot(&c->l, &c->cfg, &p, seat, what[0] == 'b' ? level : -1, now, &d);
		if (rc == 0 && what[0] == 'b')
			printf("%s: seat %s is played by the referee at level %s\n", p.g.name,
			    p.g.seats[seat].name, p.g.seats[seat].bot_level);
		else if (rc == 0)
			printf("%s: seat %s is played by its player\n", p.g.name,
			    p.g.seats[seat].name);
	} else if (strcmp(what, "away") == 0) {
		struct campaign camp;
		time_t from, to = 0;

		if (campaign_load(&c->l, p.g.id, &camp, &d) < 0)
			return cli_game_end(c, &p, PEOPLE_ELEDGER, &d);
		if ((from = people_parse_time(&camp, argv[4])) < 0 ||
		    (to = people_parse_time(&camp, argv[5])) < 0) {
			diag_set(&d, 0, "\"%s\": write a date (2026-12-01) or a time "
			    "(2026-12-01T18:00) in the campaign's time zone (%s)",
			    from < 0 ? argv[4] : argv[5], camp.timezone);
			return cli_game_end(c, &p, PEOPLE_REFUSED, &d);
		}
		rc = people_away(&c->l, &c->cfg, &p, seat, from, to, now, &d);
		if (rc == 0)
			printf("%s: seat %s is away from %s to %s (vacation taken before: %ld "
			    "days)\n", p.g.name, p.g.seats[seat].name, p.g.seats[seat].away_from,
			    p.g.seats[seat].away_to, (p.g.seats[seat].away_used + 86399) / 86400);
	} else {
		rc = people_back(&c->l, &c->cfg, &p, seat, now, &d);
		if (rc == 0)
			printf("%s: seat %s is back\n", p.g.name, p.g.seats[seat].name);
	}
	return cli_game_end(c, &p, rc, &d);
}
