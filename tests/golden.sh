#!/bin/sh
# njudge-style golden test: a whole scripted campaign of each game
# (contrib/demo) with the clock and the seed fixed. Its opening and its end
# must match tests/golden/GAME-campaign.txt byte for byte, and every mail
# keep the invariants tests/golden-demo.sh lists (MIME, secrets, threads,
# the end the engine gives).
# AZALAI_GOLDEN_UPDATE=1 writes the files instead (then read the diff!).
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/i18n-lib.sh"
. "$src/tests/golden-demo.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED

gd_campaign buqruru-campaign buqruru en "amastan tinhinan" ""
gd_campaign targi-campaign targi en "amastan tinhinan" ""
gd_campaign targui-campaign targui en "ahaggar ajjer ress" "rounds=3"
i18n_report
finish
