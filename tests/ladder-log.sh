#!/bin/sh
# The bot ladder played in pieces (contrib/bench/ladder.c, AZ_LADDER_LOG)
# adds up to one unbroken run: the games a log holds are counted, not
# played again; a killed run's last line, cut short, is played again; a
# log of another pairing is refused and left as it was.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
ladder=${AZALAI_LIBEXECDIR:?the test harness sets it}/contrib/bench/azalai-ladder
[ -x "$ladder" ] || { fail "no $ladder (make builds it)"; finish; }

# The figures that depend on the games alone (times are CPU times).
score() { awk '{ print $6, $8, $10, $11, $13 }' "$1"; }
run() { "$ladder" buqruru 2 greedy random "$@" "$src" 7 2> /dev/null; }

run 60 > whole.txt
check "an unbroken run of 60 games" '[ "$(awk "{ print \$6 }" whole.txt)" = 60 ]'

AZ_LADDER_LOG=log run 25 > piece1.txt
check "the first piece logs its 25 games" '[ "$(grep -c "^[0-9]" log)" = 25 ]'
# A run killed while it wrote a game: the game's line without its end.
last=$(tail -n 1 log)
printf '%s' "${last% *}" >> log
AZ_LADDER_LOG=log AZ_LADDER_JOBS=2 run 60 > piece2.txt
check "the pieces score as the unbroken run" '[ "$(score piece2.txt)" = "$(score whole.txt)" ]'
check "each game once in the log" \
    '[ "$(grep "^[0-9]" log | cut -d" " -f1 | sort -n | uniq | wc -l)" = 60 ] &&
     [ "$(grep -c "^[0-9]" log)" = 60 ]'
AZ_LADDER_LOG=log run 60 > again.txt
check "a log that holds every game plays none and says the same" \
    '[ "$(score again.txt)" = "$(score whole.txt)" ]'

cp log before
AZ_LADDER_LOG=log "$ladder" buqruru 2 greedy mc 60 "$src" 7 > other.txt 2> other.err
rc=$?
check "another pairing's log is refused" '[ $rc = 73 ] && grep -q "another pairing" other.err'
check "and left as it was" 'cmp -s log before'
finish
