#!/bin/sh
# Golden campaign of what players ask by mail and say to each other: HELP,
# STATUS, REPORT and HISTORY (a sealed choice hidden from the other seat);
# press signed, to all (the observer reads it), unsigned, with the token
# taken out, and refused; an observer's public reports; orders refused while
# the game is paused and after it ended, when questions are still answered;
# a typo answered with the legal orders nearest to it.
. "${top_srcdir:-.}/tests/golden-lib.sh"

gl_start mail
gl_at 2026-11-21T12:00:00Z
gl_az new buqruru --name bq-mail --option hole_choice=sealed \
    --seat amastan=amastan@golden.example --seat tinhinan=tinhinan@golden.example
am=$(gl_token amastan)
ti=$(gl_token tinhinan)
gl_az set bq-mail timezone Europe/Paris
gl_az set bq-mail press_copy_gm yes
gl_az set bq-mail gm gm@golden.example
gl_az watch bq-mail fan@golden.example
gl_az run

# amastan asks for the guide and the status, and makes a sealed choice.
gl_at 2026-11-21T13:00:00Z
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nHELP\nstatus\nHOLE b"
gl_az run

# tinhinan's history needs tinhinan's token. Then press with the token in
# it (taken out), tinhinan's choice, and the history without amastan's hole.
gl_at 2026-11-21T14:00:00Z
gl_mail tinhinan "GAME bq-mail\nSEAT tinhinan\nTOKEN $am\nHISTORY"
gl_mail tinhinan "GAME bq-mail\nSEAT tinhinan\nTOKEN $ti\nPRESS TO amastan\nMay the counters run your way.\n\n# my token is $ti\nTOKEN $ti\nENDPRESS\nHOLE g\nHISTORY"
gl_az run

# Press to all reaches the observer; unsigned press is refused until the
# game master allows it; press to oneself and to no such seat is refused.
gl_at 2026-11-22T09:00:00Z
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nPRESS TO ALL\nGood morning, all.\nENDPRESS\nPRESS TO tinhinan ANONYMOUS\nGuess who.\nENDPRESS"
gl_az run
gl_az set bq-mail press_anonymous yes
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nPRESS TO tinhinan ANONYMOUS\nGuess who.\nENDPRESS\nPRESS TO amastan\nA note to myself.\nENDPRESS"
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nPRESS TO tuareg\nHello?\nENDPRESS\nREPORT\nHISTORY 2"
gl_az run

# A pause: orders wait, questions do not.
gl_at 2026-11-23T10:00:00Z
gl_az pause bq-mail --for 3d the game master is away
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nSOW\nSTATUS"
gl_az run
gl_at 2026-11-24T10:00:00Z
gl_az resume bq-mail
gl_az set bq-mail press no
gl_mail tinhinan "GAME bq-mail\nSEAT tinhinan\nTOKEN $ti\nPRESS TO amastan\nAre you there?"
gl_az run
# A typo is refused with the legal orders nearest to it ("did you mean").
gl_mail amastan "GAME bq-mail\nSEAT amastan\nTOKEN $am\nSWO 1"
gl_az run

# Ended: no more orders, but the history and the status are still sent.
gl_at 2026-11-25T10:00:00Z
gl_az end bq-mail nobody wants to finish
gl_az run
gl_mail tinhinan "GAME bq-mail\nSEAT tinhinan\nTOKEN $ti\nSOW\nHISTORY\nSTATUS"
gl_az run
gl_finish
