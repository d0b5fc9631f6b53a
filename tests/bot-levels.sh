#!/bin/sh
# Bot levels per seat (doc/bots.md): --seat NAME=bot:LEVEL, the game master
# changes a level with azalai seat, show and the welcome mail name it, a
# game the bots played verifies, civil disorder takes the campaign's
# disorder_bot, and a run whose bot time (bots.seconds_per_run) is spent
# leaves the bot's move to the next run instead of blocking.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml
printf 'datadir: %s\nlog:\n  to: none\nbots:\n  seconds_per_run: 0\n' "$src" > spent.yaml
steps() { q "SELECT count(*) FROM events e JOIN games g ON g.id = e.game_id WHERE g.name = '$1'"; }

"$az" init > /dev/null || fail "init"
expect 64 '"clever" is no bot level' -- "$az" new buqruru --seat a=bot:clever --seat b=b@x
expect 0 "(played by the referee) bot:greedy" -- "$az" new buqruru --seat a=bot:greedy --seat b=b@x
expect 0 "bot, level greedy" -- "$az" show buqruru-1
# The players read the level, in their words.
expect 0 "a (played by the referee, level: greedy, one move ahead)" -- \
    q "SELECT body FROM outbox WHERE kind = 'welcome' AND to_addr = 'b@x'"
expect 0 "at level mc" -- "$az" seat buqruru-1 a bot:mc
expect 0 "bot, level mc" -- "$az" show buqruru-1
expect 65 "already played by the referee (bot:mc)" -- "$az" seat buqruru-1 a bot:mc
expect 64 '"x" is no bot level' -- "$az" seat buqruru-1 b bot:x
expect 0 "at level greedy" -- "$az" seat buqruru-1 b bot:greedy
expect 0 "bot, level greedy" -- "$az" show buqruru-1
expect 0 "buqruru-1 verified" -- "$az" verify buqruru-1

# Civil disorder takes the campaign's level.
expect 0 "" -- "$az" new targui --seat a=a@x --seat b=bot:greedy
expect 65 'disorder_bot "best": write a bot level' -- "$az" set targui-1 disorder_bot best
expect 0 "" -- "$az" set targui-1 disorder_bot greedy
expect 0 "" -- "$az" set targui-1 disorder_after 1
expect 0 "" -- "$az" set targui-1 deadline 1h
expect 0 "" -- "$az" run
AZALAI_NOW=2099-01-01T00:00:00Z expect 0 "" -- "$az" run
expect 0 "bot, level greedy, in civil disorder" -- "$az" show targui-1

# The run's bot time spent: the game waits, the run ends, mail is answered
# (the run exits 0); the next run with time plays on.
expect 0 "targui-2" -- "$az" -c spent.yaml new targui --seat a=bot:greedy --seat b=bot:greedy
[ "$(steps targui-2)" = 1 ] || fail "a spent run let a bot move: $(steps targui-3) steps"
expect 0 "" -- "$az" -c spent.yaml run
expect 0 "" -- "$az" -c spent.yaml run
[ "$(steps targui-2)" = 1 ] || fail "a spent run let a bot move: $(steps targui-2) steps"
expect 0 "" -- "$az" run
expect 0 "status: over" -- "$az" show targui-2
expect 0 "targui-2 verified" -- "$az" verify targui-2
finish
