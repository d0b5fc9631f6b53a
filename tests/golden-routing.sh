#!/bin/sh
# Golden campaign of who gets the answers and which orders count: a mail
# signed with a seat's token from another address is held, told to the seat
# and confirmed by it; the forger gets a bare receipt; a form's STEP keeps a
# decision open for the other seat and refuses stale orders; with
# foreign_sender: apply such a mail is played and the seat told in its reply.
. "${top_srcdir:-.}/tests/golden-lib.sh"

gl_start routing
gl_at 2026-11-21T12:00:00Z
gl_az new buqruru --name bq-route --option hole_choice=sealed \
    --seat amastan=amastan@golden.example --seat tinhinan=tinhinan@golden.example
am=$(gl_token amastan)
ti=$(gl_token tinhinan)
gl_az run

# mallory knows amastan's token: the mail is held, amastan is told.
gl_at 2026-11-21T13:00:00Z
gl_mail mallory "GAME bq-route\nSEAT amastan\nTOKEN $am\nHOLE b\nSTATUS"
gl_az run
code=$(grep -h '^CONFIRM ' "$gl_dir"/outbox/*.eml | tail -1 | cut -d' ' -f2)

# It was amastan after all: confirmed from the address on record.
gl_at 2026-11-21T14:00:00Z
gl_mail amastan "GAME bq-route\nSEAT amastan\nTOKEN $am\nCONFIRM $code"
gl_az run

# tinhinan answers the welcome's form (step 0): still the open decision.
gl_at 2026-11-21T15:00:00Z
gl_mail tinhinan "GAME bq-route\nSEAT tinhinan\nSTEP 0\nTOKEN $ti\nHOLE g"
gl_az run

# amastan's sowing on the form of step 0 is stale: that decision was made.
gl_at 2026-11-21T16:00:00Z
gl_mail amastan "GAME bq-route\nSEAT amastan\nSTEP 0\nTOKEN $am\nSOW"
gl_az run

# The game master lets such mails through: played, and amastan is told.
gl_az set bq-route foreign_sender apply
gl_at 2026-11-21T17:00:00Z
gl_mail mallory "GAME bq-route\nSEAT amastan\nTOKEN $am\nSOW"
gl_az run
gl_finish
