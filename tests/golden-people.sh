#!/bin/sh
# Golden campaign of the game master's tools: a Buqruru game set up from a
# campaign file with an observer, a seat handed over (the old token refused,
# the new one taken), a vacation within the cap, a pause and its resumption,
# a setting changed, a seat given to the referee and back, a rollback, and
# the game ended; with every mail these send.
. "${top_srcdir:-.}/tests/golden-lib.sh"

# The token `azalai new` or `azalai seat ... replace` printed last for a seat.
token() {
	awk -v s="$1" '$1 == "seat" && $2 == s { t = $4 } END { print t }' \
	    "$gl_dir/transcript.txt"
}

gl_start people
gl_at 2026-11-21T12:00:00Z
cat > camp.yaml <<'YAML'
# One campaign in one file: checked whole before anything is written.
game: buqruru
name: bq-people
seats:
  - name: north
    address: north@golden.example
  - name: south
    address: south@golden.example
options: [ hole_choice=sealed ]
settings:
  timezone: Europe/Berlin
  deadline: 5d
  reminder: none
  late_note: no
  vacation_max_days: 10
  pause_max_days: 7
  gm: gm@golden.example
watchers: [ fan@golden.example ]
YAML
sed 's/vacation_max_days: 10/vacation_max_days: ten/' camp.yaml > bad.yaml
gl_az new --campaign bad.yaml
gl_az new --campaign camp.yaml
old=$(token north)
gl_az run

# north hands the seat to nova: the old token stops working, the new one works.
gl_at 2026-11-21T13:00:00Z
gl_az seat bq-people north replace nova@golden.example
nova=$(token north)
gl_mail nova "GAME bq-people\nSEAT north\nTOKEN $old\nHOLE b"
gl_mail nova "GAME bq-people\nSEAT north\nTOKEN $nova\nHOLE b"
gl_az run

# An observer more, and gone again.
gl_az watch bq-people fan2@golden.example
gl_az watch bq-people fan2@golden.example
gl_az unwatch bq-people fan2@golden.example
gl_az run

# south travels: 12 days are more than the campaign's 10; 7 are fine.
gl_az seat bq-people south away 2026-11-23 2026-12-05
gl_az seat bq-people south away 2026-11-23 2026-11-30
gl_az run
# Back early, on the 25th: two days and ten hours taken, three counted.
gl_at 2026-11-25T09:00:00Z
gl_az seat bq-people south back
gl_az run

# A pause of two days at most, ended after one by the game master.
gl_az pause bq-people --for 2d the referee moves to a new server
gl_az pause bq-people again
gl_az run
gl_at 2026-11-26T09:00:00Z
gl_az resume bq-people
gl_az set bq-people deadline 3d
gl_az set bq-people deadline three
gl_az run

# The referee plays south for a while (and moves at once), then south again.
gl_az seat bq-people south bot
gl_az seat bq-people south human
gl_az run

# The game master undoes the referee's move for south.
gl_az rollback bq-people 1 south was played by mistake
gl_az rollback bq-people 9
# And north's choice too, with no reason given.
gl_az rollback bq-people 1
gl_az replay bq-people --step 2
# The chain still verifies over every step; replay passes over the undone.
gl_az replay bq-people
gl_az run

gl_at 2026-11-27T09:00:00Z
gl_az show bq-people
gl_az end bq-people the season is over
gl_az seat bq-people south bot
gl_az run
gl_finish
