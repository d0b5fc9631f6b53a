#!/bin/sh
# Bot levels per seat (doc/bots.md): --seat NAME=bot:LEVEL, the game master
# changes a level with azalai seat, show and the welcome mail name it, a
# game the bots played verifies, civil disorder takes the campaign's
# disorder_bot, and a run whose bot time (bots.seconds_per_run) is spent
# leaves the bot's move to the next run instead of blocking, with 100 games
# due in one run and a player's mail beside them.
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
[ "$(steps targui-2)" = 1 ] || fail "a spent run let a bot move: $(steps targui-2) steps"
expect 0 "" -- "$az" -c spent.yaml run
expect 0 "" -- "$az" -c spent.yaml run
[ "$(steps targui-2)" = 1 ] || fail "a spent run let a bot move: $(steps targui-2) steps"
expect 0 "" -- "$az" run
expect 0 "status: over" -- "$az" show targui-2
expect 0 "targui-2 verified" -- "$az" verify targui-2

# 100 games due to the strongest level in one run, a second of bot time:
# the run ends when it is spent, a player's order mail read in the same run
# is answered, the games it did not reach wait and move in the next run.
# (new plays a game's bots too: with no bot time, it only sets them up.)
mkdir -p Maildir/new Maildir/cur Maildir/tmp
printf 'datadir: %s\nlog:\n  to: none\nmailbox:\n  type: maildir\n  path: Maildir\nbots:\n  seconds_per_run: 1\n' \
    "$src" > second.yaml
i=0
while [ $i -lt 100 ]; do
	"$az" -c spent.yaml new targi --name "due-$i" --seat a=bot:ismcts --seat b=bot:ismcts \
	    > /dev/null 2>&1 ||
	    fail "new due-$i"
	i=$((i + 1))
done
"$az" new buqruru --name mailed --seat a=ma@x --seat b=mb@x > seats.txt 2>/dev/null
tok=$(awk '$1 == "seat" && $2 == "a" { print $4 }' seats.txt)
printf 'From: ma@x\nMessage-ID: <during-bots@x>\nSubject: orders\n\nGAME mailed\nSEAT a\nTOKEN %s\nHOLE b\n' \
    "$tok" > Maildir/new/during-bots
due_steps() { q "SELECT count(*) FROM events e JOIN games g ON g.id = e.game_id WHERE g.name LIKE 'due-%'"; }
moved() { q "SELECT count(DISTINCT e.game_id) FROM events e JOIN games g ON g.id = e.game_id
    WHERE g.name LIKE 'due-%' AND e.kind = 'bot'"; }
before=$(due_steps)
expect 0 "^0$" -- moved
expect 0 "" -- "$az" -c second.yaml run
# The second is the run's, not each game's: it is spent within the first
# game or few (a Targi game takes the strongest level several seconds).
m=$(moved)
[ "$m" -ge 1 ] && [ "$m" -le 10 ] && pass ||
	fail "the run's one second of bot time moved $m of the 100 games"
expect 0 "^1$" -- q "SELECT count(*) FROM outbox WHERE kind = 'ack' AND to_addr = 'ma@x'"
first=$(due_steps)
[ "$first" -gt "$before" ] || fail "the run's bot second moved no game: $before -> $first steps"
# Each game alone needs more than a second of the strongest level's time.
expect 0 "^[1-9][0-9]*$" -- q "SELECT count(*) FROM games WHERE name LIKE 'due-%' AND status = 'active'"
expect 0 "" -- "$az" -c second.yaml run
[ "$(due_steps)" -gt "$first" ] || fail "the next run moved no game on: $first steps"
finish
