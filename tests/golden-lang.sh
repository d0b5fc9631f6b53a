#!/bin/sh
# Golden transcripts in the readers' languages: whole scripted campaigns
# (contrib/demo, as tests/golden.sh) with the clock and the seed fixed:
# Targi in German and in Spanish, Buqruru in French, Targui in German with
# one seat reading French. The players copy the legal lines their mails
# show them, so their orders are written in their language's words. The
# opening and the end of each must match tests/golden/lang-NAME.txt byte
# for byte, and every mail keep the invariants tests/golden-demo.sh lists,
# among them no English and no other language left in a reader's mail
# (tests/i18n-lib.sh, as tests/i18n-mail.sh searches its random games).
# AZALAI_GOLDEN_UPDATE=1 writes the files instead (then read the diff!).
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/i18n-lib.sh"
. "$src/tests/golden-demo.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED

i18n_setup
gd_campaign lang-targi-de targi de "amastan tinhinan" ""
gd_campaign lang-targi-es targi es "amastan tinhinan" ""
gd_campaign lang-buqruru-fr buqruru fr "amastan tinhinan" ""
gd_campaign lang-targui-de-fr targui de "ahaggar ajjer:fr ress" "rounds=3"
i18n_report
finish
