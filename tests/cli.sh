#!/bin/sh
# The command line: one clear line on stderr and a sysexits code for every
# mistake; the happy paths print what they say.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml

expect 64 "usage: azalai" -- "$az"
expect 64 'unknown command "frobnicate"' -- "$az" frobnicate
expect 0 "usage: azalai" -- "$az" --help
for c in init new list show ingest run outbox replay config; do
	expect 0 "usage: azalai $c" -- "$az" "$c" --help
done
expect 78 "cannot read config /dev/null/x" -- "$az" --config /dev/null/x list
printf 'colour: blue\n' > bad.yaml
expect 78 'bad.yaml line 1: unknown key "colour"' -- "$az" --config bad.yaml list
expect 0 "ledger azalai.db ready" -- "$az" init
# A file where the outbox directory should be is an error, not "ready".
printf 'x' > notadir
printf 'datadir: %s\nlog:\n  to: none\ndeliver:\n  outdir: notadir\n' "$src" > file-outdir.yaml
expect 73 "cannot create notadir: Not a directory" -- "$az" --config file-outdir.yaml init
expect 65 "there is no game \"chess\"" -- "$az" new chess --seat a=a@x --seat b=b@x
expect 64 "buqruru needs 2 seats, not 1" -- "$az" new buqruru --seat a=a@x
expect 64 "write NAME=ADDRESS" -- "$az" new buqruru --seat a --seat b=b@x
expect 64 "is not a mail address" -- "$az" new buqruru --seat a=nowhere --seat b=b@x
expect 64 "is not a mail address" -- "$az" new buqruru --seat "a=Ann <a@x>" --seat b=b@x
expect 64 "is not a mail address" -- "$az" new buqruru --seat "a=a@x b@y" --seat b=b@x
# A language after the address does not excuse it.
expect 64 "\"nowhere\" is not a mail address" -- "$az" new buqruru --seat "a=nowhere lang=de" \
    --seat b=b@x
expect 64 "\"\" is not a mail address" -- "$az" new buqruru --seat "a= lang=de" --seat b=b@x
expect 64 '"nosuch" is no bot level' -- "$az" new buqruru --seat "a=bot:nosuch lang=de" \
    --seat b=b@x
# Mail to it would need SMTPUTF8 and 8-bit headers, which the referee never writes.
expect 64 "is not a mail address" -- "$az" new buqruru --seat "a=$(printf '\303\244')nna@x" --seat b=b@x
expect 64 "two seats are called A" -- "$az" new buqruru --seat a=a@x --seat A=b@x
# A seat named as a press word of any language would be that word in a press
# line: refused, in any case.
expect 64 'seat name "all": it is the press word ALL' -- "$az" new buqruru --seat all=a@x --seat b=b@x
expect 64 'seat name "Alle": it is the press word ALL' -- "$az" new buqruru --seat a=a@x --seat Alle=b@x
expect 64 'seat name "TODOS": it is the press word ALL' -- "$az" new buqruru --seat a=a@x --seat TODOS=b@x
expect 64 'seat name "tous": it is the press word ALL' -- "$az" new buqruru --seat a=a@x --seat tous=b@x
expect 64 'seat name "anonym": it is the press word ANONYMOUS' -- "$az" new buqruru --seat a=a@x --seat anonym=b@x
expect 64 'seat name "anonyme": it is the press word ANONYMOUS' -- "$az" new buqruru --seat a=a@x --seat anonyme=b@x
expect 64 'seat name "an": it is the press word TO' -- "$az" new buqruru --seat an=a@x --seat b=b@x
expect 64 'seat name "para": it is the press word TO' -- "$az" new buqruru --seat a=a@x --seat para=b@x
expect 64 'seat name "anonimo": it is the press word ANONYMOUS' -- "$az" new buqruru --seat a=a@x --seat anonimo=b@x
expect 64 'seat name "Pour": it is the press word TO' -- "$az" new buqruru --seat a=a@x --seat Pour=b@x
expect 64 'seat name "presse": it is the press word PRESS' -- "$az" new buqruru --seat a=a@x --seat presse=b@x
expect 64 'seat name "endpress": it is the press word ENDPRESS' -- "$az" new buqruru --seat a=a@x --seat endpress=b@x
printf 'game: buqruru\nseats:\n  - name: north\n    address: n@x\n  - name: todos\n    address: s@x\n' > press-seat.yaml
expect 65 'seat name "todos": it is the press word ALL' -- "$az" new --campaign press-seat.yaml
expect 64 "unknown option \"speed\"" -- "$az" new buqruru --seat a=a@x --seat b=b@x --option speed=9
expect 64 "is not one of" -- "$az" new buqruru --seat a=a@x --seat b=b@x --option chain=sideways
expect 0 "buqruru-1" -- "$az" new buqruru --seat a=a@x --seat b=b@x
expect 65 "already a game called buqruru-1" -- "$az" new buqruru --name buqruru-1 --seat a=a@x --seat b=b@x
expect 0 "buqruru-1 .*waiting for a, b" -- "$az" list
expect 65 "there is no game \"nope\"" -- "$az" show nope
expect 64 "has no seat \"c\"" -- "$az" show buqruru-1 --as c
expect 0 "GAME buqruru-1" -- "$az" show buqruru-1 --as a
expect 64 "has steps 0 to 0" -- "$az" replay buqruru-1 --step 5
expect 64 "wants a step number" -- "$az" replay buqruru-1 --step x
expect 0 "replay verified: 1 steps" -- "$az" replay buqruru-1
expect 64 "one source" -- "$az" ingest
expect 64 "one source at a time" -- "$az" ingest --stdin --mbox x
expect 66 "not a Maildir" -- "$az" ingest --maildir "$dir/nothing"
expect 66 "cannot read turn file" -- "$az" ingest --file "$dir/nothing.txt"
expect 64 "say list or flush" -- "$az" outbox burn
expect 0 "welcome" -- "$az" outbox list
expect 0 "2 sent, 0 not sent" -- "$az" outbox flush
expect 0 "nothing waits" -- "$az" outbox list
expect 0 'ledger: "azalai.db"' -- "$az" config
# What `config` prints is YAML azalai reads back to the same values, whatever
# they hold (quotes, ": ", '#', a leading '-' or space, line breaks, unicode).
cat > awkward.yaml <<'EOF'
ledger: 'x: y'
language: ''
referee:
  name: "\"Quoted\" name: with # hash"
  address: "it's"
log.file: "Zo\u00eb's log\nsecond line"
mailbox.path: "- leading dash"
mailbox.move_to: "tab\there"
deliver.sendmail: "  leading spaces "
deliver.url: "[not, a, list]"
datadir: "{not: a map}"
EOF
expect 0 "" -- "$az" --config awkward.yaml config
cp out.txt printed.yaml
expect 0 "" -- "$az" --config printed.yaml config
if cmp -s printed.yaml out.txt; then passes=$((passes + 1)); else
	echo "FAIL: azalai config does not read back as the same values"
	diff printed.yaml out.txt; fails=$((fails + 1)); fi
# And those are the values awkward.yaml holds, not only alike twice.
cat > want.yaml <<'EOF'
ledger: "x: y"
language: ""
referee.address: "it's"
referee.name: "\"Quoted\" name: with # hash"
log.file: "Zoë's log\nsecond line"
mailbox.path: "- leading dash"
mailbox.move_to: "tab\there"
deliver.sendmail: "  leading spaces "
deliver.url: "[not, a, list]"
datadir: "{not: a map}"
EOF
check "azalai config prints the values awkward.yaml holds" \
    '[ -z "$(grep -Fxvf printed.yaml want.yaml)" ]'

# The same Maildir taken in twice: the second time changes nothing.
"$az" new buqruru --name twice --seat a=a@x --seat b=b@x > seats.txt 2>/dev/null
tok=$(awk '$1 == "seat" && $2 == "a" { print $4 }' seats.txt)
mkdir -p md/new md/cur md/tmp
printf 'From: a@x\nMessage-ID: <t1@x>\n\nGAME twice\nSEAT a\nTOKEN %s\nHOLE b\n' "$tok" > md/new/1
printf 'From: z@x\nMessage-ID: <t2@x>\n\nGAME twice\nSEAT a\nTOKEN wrong\nHOLE b\n' > md/new/2
expect 0 "" -- "$az" ingest --maildir md
sqlite3 azalai.db .dump > before.sql
for f in md/cur/*; do cp "$f" "md/new/again-$(basename "$f" | cut -d: -f1)"; done
expect 0 "" -- "$az" ingest --maildir md
sqlite3 azalai.db .dump > after.sql
if cmp -s before.sql after.sql; then passes=$((passes + 1)); else
	echo "FAIL: taking the same Maildir in again changed the ledger"; fails=$((fails + 1)); fi

# A mail another reader moved to cur/ is taken unless that reader marked it
# seen; taken, it is marked seen, its flags kept in order.
printf 'From: a@x\nMessage-ID: <t3@x>\n\nGAME twice\nSEAT a\nTOKEN %s\nHOLE c\n' "$tok" \
    > 'md/cur/3:2,F'
printf 'From: a@x\nMessage-ID: <t4@x>\n\nGAME twice\nSEAT a\nTOKEN %s\nHOLE d\n' "$tok" \
    > 'md/cur/4:2,FS'
expect 0 "" -- "$az" ingest --maildir md
check "of the two in cur/, the one not seen is taken, alone" \
    '[ "$(q "SELECT group_concat(message_id) FROM messages WHERE message_id LIKE '"'t_@x'"' AND message_id > '"'t2@x'"'")" = t3@x ]'
if [ -e 'md/cur/3:2,FS' ] && [ ! -e 'md/cur/3:2,F' ]; then passes=$((passes + 1)); else
	echo "FAIL: a mail taken from cur/ is not marked seen"; fails=$((fails + 1)); fi

# A game its bots finish while it is made is over at once.
expect 0 "(played by the referee)" -- "$az" new buqruru --name bots --seat a=bot --seat b=bot
expect 0 "^bots  *buqruru  *a, b  *over: " -- "$az" list
expect 0 "^over$" -- sqlite3 azalai.db "SELECT status FROM games WHERE name = 'bots'"

# deadline.KIND takes only the kinds of decision the game has; days are days.
expect 65 'Buqruru has no decision "sow"; its kinds are hole, sowing, refill' -- \
    "$az" set buqruru-1 deadline.sow 1d
expect 0 "deadline.sowing = 1d" -- "$az" set buqruru-1 deadline.sowing 1d
expect 65 'deadline.days "mon-frie"' -- "$az" set buqruru-1 deadline.days mon-frie
expect 0 "deadline.days = mon-friday" -- "$az" set buqruru-1 deadline.days mon-friday

# A turn file is order text with no mail around it: its answer goes to the
# seat it names, and the referee goes on to the next mail.
"$az" new buqruru --name turn --seat a=ta@x --seat b=tb@x > seats.txt 2>/dev/null
tok=$(awk '$1 == "seat" && $2 == "a" { print $4 }' seats.txt)
printf 'GAME turn\nSEAT a\nTOKEN %s\nHOLE b\n' "$tok" > turn.txt
expect 0 "" -- "$az" ingest --file turn.txt
expect 0 "done|1 accepted, 0 rejected" -- sqlite3 azalai.db \
    "SELECT status, reason FROM messages WHERE source = 'file'"
expect 0 "ta@x" -- sqlite3 azalai.db \
    "SELECT to_addr FROM outbox WHERE kind = 'ack'"
printf 'From: tb@x\nMessage-ID: <after-turn@x>\n\nHELP\n' > after.eml
expect 0 "" -- "$az" ingest --stdin < after.eml
expect 0 "^0$" -- sqlite3 azalai.db "SELECT count(*) FROM messages WHERE status = 'new'"


# The game master's view of a game's end and pauses (issue 31).
# A paused game says so in the list, with its end and reason.
"$az" new buqruru --name halt --seat a=ha@x --seat b=hb@x > /dev/null 2>&1
expect 0 "paused until" -- "$az" pause halt --for 2d the server moves
expect 0 "^halt .*step 0, paused since .* until .*: the server moves, then waiting for a, b" -- \
    "$az" list
# A game that ends while a seat's deadline is open keeps none: here the
# referee takes the seat and finishes the game.
"$az" new buqruru --name fin --seat a=fa@x --seat b=bot > /dev/null 2>&1
"$az" run > /dev/null 2>&1
expect 0 "^a  *hole  *due " -- "$az" deadline fin
"$az" seat fin a bot > /dev/null 2>&1
expect 0 "^over$" -- q "SELECT status FROM games WHERE name = 'fin'"
expect 0 "fin has no open deadline" -- "$az" deadline fin
# The game master chooses whether a seat gets its turning points, as the
# player's ANALYSIS line does.
"$az" new buqruru --name tp --seat a=tpa@x --seat b=bot > /dev/null 2>&1
expect 0 "^tp: seat a gets no turning points when the game is over$" -- \
    "$az" seat tp a analysis off
expect 0 "^0$" -- q "SELECT turning FROM seats WHERE name = 'a' AND game_id = (SELECT id
    FROM games WHERE name = 'tp')"
expect 0 "^tp: seat a gets its turning points when the game is over$" -- \
    "$az" seat tp a analysis on
expect 0 "^1$" -- q "SELECT turning FROM seats WHERE name = 'a' AND game_id = (SELECT id
    FROM games WHERE name = 'tp')"
expect 64 "seat a analysis: say on or off" -- "$az" seat tp a analysis maybe
# A campaign file says each seat's choices and each observer's way of being
# told, as `azalai seat` and `azalai watch` do, before the welcome goes.
cat > choices.yaml <<'EOF'
game: buqruru
name: cf
seats:
  - name: a
    address: cfa@x
    timezone: asia/tokyo
    pictures: off
    json: on
    calendar: no
    analysis: off
  - name: b
    address: cfb@x
watchers:
  - address: cff@x
    notify: due
EOF
expect 0 "^cf" -- "$az" new --campaign choices.yaml
expect 0 "^a[|]Asia/Tokyo[|]0[|]1[|]0[|]0$" -- q "SELECT name, timezone, pictures, json,
    calendar, turning FROM seats WHERE game_id = (SELECT id FROM games WHERE name = 'cf')"
expect 0 "^b[|][|]1[|]0[|]1[|]-1$" -- q "SELECT name, timezone, pictures, json, calendar,
    turning FROM seats WHERE game_id = (SELECT id FROM games WHERE name = 'cf')"
expect 0 "^due$" -- q "SELECT notify FROM watchers WHERE address = 'cff@x'"
# A game the game master ends: its last mail has no order form, and it was
# every reader's last report: a press mail after it brings the press and
# the answer, no report to a seat or an observer that had news pending.
"$az" new buqruru --name stop --seat a=sa@x --seat b=sb@x > seats.txt 2>/dev/null
tok=$(awk '$1 == "seat" && $2 == "a" { print $4 }' seats.txt)
"$az" watch stop sw@x > /dev/null 2>&1
printf 'From: sa@x\nMessage-ID: <stop1@x>\n\nGAME stop\nSEAT a\nTOKEN %s\nHOLE b\n' "$tok" \
    > stop1.eml
expect 0 "" -- "$az" ingest --stdin < stop1.eml
# b and the observer have not had the newest step yet (as under digest).
q "UPDATE seats SET reported_seq = 0 WHERE name = 'b' AND game_id = (SELECT id FROM games
    WHERE name = 'stop'); UPDATE watchers SET reported_seq = 0"
expect 0 "stop ended" -- "$az" end stop the season is over
expect 0 "^3$" -- q "SELECT count(*) FROM outbox WHERE kind = 'end' AND game_id = (SELECT id
    FROM games WHERE name = 'stop')"
expect 0 "^0$" -- q "SELECT count(*) FROM outbox WHERE kind = 'end' AND (body LIKE '%TOKEN%'
    OR body LIKE '%To send orders%')"
before=$(q "SELECT max(id) FROM outbox")
printf 'From: sa@x\nMessage-ID: <stop2@x>\n\nGAME stop\nSEAT a\nTOKEN %s\nPRESS TO b\nhello\nENDPRESS\n' \
    "$tok" > stop2.eml
expect 0 "" -- "$az" ingest --stdin < stop2.eml
expect 0 "^ack sa@x|press sb@x$" -- q "SELECT group_concat(kind || ' ' || to_addr, '|') FROM
    (SELECT kind, to_addr FROM outbox WHERE id > $before ORDER BY kind)"

finish
