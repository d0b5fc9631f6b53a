#!/bin/sh
# Golden campaign of deadlines: a Buqruru game in Berlin time driven day by
# day with a frozen clock: deadlines opened and shown, a reminder sent once,
# an early answer, a preview that changes nothing, a deadline extended and
# set, defaults played with a late note, civil disorder and the bot.
. "${top_srcdir:-.}/tests/golden-lib.sh"

gl_start time
gl_at 2026-11-21T12:00:00Z
cat > camp.yaml <<'YAML'
game: buqruru
name: bq-time
# The rules of before Bellin's readings were the defaults (doc/rules-notes.md):
# under them the match lasts long enough for every deadline this tells.
options: [ sowing_hole=per-round, groups_when=always, owner_limit=8, round_end=both-empty ]
seats:
  - name: north
    address: north@golden.example
  - name: south
    address: south@golden.example
settings:
  timezone: Europe/Berlin
  deadline: 2d
  deadline.snap: "20:00"
  reminder: 12h
  disorder_after: 2
YAML
gl_az new --campaign camp.yaml
north=$(gl_token north)
# The first run opens the deadlines: two days, then on to 20:00 Berlin time.
gl_az run
gl_az deadline bq-time

# Monday: the reminder goes out 12 hours before, once.
gl_at 2026-11-23T06:00:00Z
gl_az run
gl_at 2026-11-23T07:30:00Z
gl_az run
gl_at 2026-11-23T09:00:00Z
gl_az run

# north answers; south does not. What would happen tonight, changing nothing:
gl_at 2026-11-23T10:00:00Z
gl_mail north "GAME bq-time\nSEAT north\nTOKEN $north\nHOLE b"
gl_az run
gl_az preview bq-time --at "2026-11-23 20:05"
gl_az deadline bq-time
# The game master gives south 12 hours more.
gl_az deadline bq-time extend 12h south
gl_az deadline bq-time

# Tuesday morning: south's deadline has passed; the default is played.
gl_at 2026-11-24T07:05:00Z
gl_az process bq-time
gl_az run
gl_az deadline bq-time

# Thursday: the game master sets north's deadline to Friday evening.
gl_at 2026-11-26T09:00:00Z
gl_az deadline bq-time set "2026-11-27 20:00" north
gl_at 2026-11-27T07:30:00Z
gl_az run
# Friday evening: north's default, and south is told.
gl_at 2026-11-27T19:01:00Z
gl_az run
gl_az deadline bq-time
# Monday: south is reminded (and warned), then misses a second deadline in
# a row: civil disorder.
gl_at 2026-11-30T08:00:00Z
gl_az run
gl_at 2026-11-30T19:01:00Z
gl_az preview bq-time
gl_az run
gl_az deadline bq-time
# north answers in time; the bot plays south at once.
gl_at 2026-12-01T10:00:00Z
gl_mail north "GAME bq-time\nSEAT north\nTOKEN $north\nHOLE c"
gl_az run
gl_az deadline bq-time
gl_finish
