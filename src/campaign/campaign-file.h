/* campaign-file: a whole campaign in one YAML file, for
 * `azalai new --campaign FILE`:
 *
 *   game: targi                  # the rules
 *   name: desert-cup-1           # optional
 *   seats:
 *     - name: anna
 *       address: anna@example.org    # or bot
 *       timezone: Europe/Berlin      # optional, as are notify, language,
 *       pictures: off                # json, calendar and analysis
 *   options: { start: random }   # or a list of "k=v"
 *   deck: decks/my.yaml          # optional, relative to this file
 *   settings: { timezone: Europe/Berlin, deadline: 2d }
 *   watchers: [ fan@example.org ]   # or "- address: ... language: ...
 *                                   #  notify: due"
 *
 * Read and checked completely (rules, seats, options, every setting) before
 * anything is written; every error names the file and the line. */
#ifndef AZ_CAMPAIGN_FILE_H
#define AZ_CAMPAIGN_FILE_H

#include "core/diag.h"
#include "games/game.h"

#define CF_SETTINGS 64
#define CF_WATCHERS 32

struct campaign_file {
	char rules[32];
	char name[64];                      /* "" when the file gives none */
	int nseats;
	char seat_name[MAX_SEATS][SEAT_NAME];
	char seat_address[MAX_SEATS][256];  /* "bot": the referee plays it */
	char seat_notify[MAX_SEATS][8];     /* the seat's notify mode, "" the campaign's */
	char seat_language[MAX_SEATS][16];  /* as written (checked at start), "" default */
	char seat_timezone[MAX_SEATS][64];  /* the zone's name, "" the campaign's */
	/* The seat's choices as azalai seat sets them: 1 on, 0 off, -1 not
	 * said (the default a seat has without the file). */
	int seat_json[MAX_SEATS], seat_pictures[MAX_SEATS], seat_calendar[MAX_SEATS];
	int seat_analysis[MAX_SEATS];
	int nopts;
	char opt[OPT_MAX][128];             /* "k=v" */
	char deck[1024];                    /* a path to read, "" none */
	int nsettings;
	char key[CF_SETTINGS][48];
	char value[CF_SETTINGS][256];
	int nwatchers;
	char watcher[CF_WATCHERS][256];
	char watcher_language[CF_WATCHERS][16];	/* "" the configuration's */
	char watcher_notify[CF_WATCHERS][8];	/* every, due, digest; "" every */
};

int campaign_file_load(const char *path, struct campaign_file *, struct diag *);

#endif
