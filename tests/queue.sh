#!/bin/sh
# One bad mail never stops the referee: a mail that crashes every run that
# touches it (AZALAI_TEST_CRASH_MESSAGE, see src/referee/process.h) costs the run it
# first kills and nothing more. The next runs answer every other mail, pass
# the deadlines and deliver; after limits.message_attempts runs the mail is
# held, logged once, shown by list and inbox, and the game master releases
# or drops it.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
ulimit -c 0
printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nmailbox:\n  path: md\n' \
    "$src" > azalai.yaml

mail() { # FILE FROM SUBJECT BODY
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@x>\n\n%b\n' "$2" "$3" "$1" "$4" \
	    > md/tmp/"$1" && mv md/tmp/"$1" md/new/"$1"
}

AZALAI_NOW=2026-11-21T12:00:00Z
export AZALAI_NOW
expect 0 "" -- "$az" init
mkdir -p md/new md/cur md/tmp
cat > camp.yaml <<'YAML'
game: buqruru
name: q
seats:
  - name: north
    address: north@x
  - name: south
    address: south@x
settings:
  deadline: 1d
YAML
"$az" new --campaign camp.yaml > seats.txt 2>&1
north=$(awk '$1 == "seat" && $2 == "north" { print $4 }' seats.txt)
expect 0 "" -- "$az" run
rm -f outbox/*

mail 1 north@x orders "GAME q\nSEAT north\nTOKEN $north\nHOLE b"
mail 2 stranger@x crash-me "HELP"
mail 3 other@x help "HELP"
queued=$(q "SELECT count(*) FROM outbox")
AZALAI_TEST_CRASH_MESSAGE=2
export AZALAI_TEST_CRASH_MESSAGE
# The first run dies on message 2. It had answered message 1 in the same
# group (one transaction), so that answer dies with it: nothing of the run
# is kept but the attempts it counted first.
"$az" run > /dev/null 2>&1
rc=$?
if [ "$rc" -gt 128 ] && [ "$(q "SELECT id FROM messages WHERE instr(raw, 'crash-me') > 0")" = 2 ]
then passes=$((passes + 1)); else
	echo "FAIL: the first run should die on message 2 (exit $rc)"; fails=$((fails + 1)); fi
expect 0 "^1|new|1$" -- q "SELECT id, status, attempts FROM messages WHERE id = 1"
expect 0 "^$queued$" -- q "SELECT count(*) FROM outbox"
expect 0 "^0$" -- q "SELECT count(*) FROM events WHERE kind = 'default'"

# The next run, two days on: message 3 answered, south's deadline passed,
# mail delivered, although message 2 still kills whatever touches it.
AZALAI_NOW=2026-11-23T13:00:00Z
expect 0 "" -- "$az" run
expect 0 "^1|done$" -- q "SELECT id, status FROM messages WHERE id = 1"
expect 0 "^3|done$" -- q "SELECT id, status FROM messages WHERE id = 3"
expect 0 "^new|2|$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 2"
expect 0 "^1$" -- q "SELECT count(*) FROM events WHERE kind = 'default'"
expect 0 "To: other@x" -- grep -h "^To:" outbox/*
expect 0 "To: north@x" -- grep -h "^To:" outbox/*
expect 0 "" -- "$az" run
expect 0 "^new|3|held$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 2"
expect 0 "" -- "$az" run
expect 0 "^3$" -- q "SELECT attempts FROM messages WHERE id = 2"
expect 0 "^1$" -- grep -c "message 2 held after 3 attempts: the run died on it" azalai.log

# The game master sees it, reads it, and lets it go again.
expect 0 "1 mail held" -- "$az" list
expect 0 "^2  from stranger@x  \"crash-me\"  3 attempts" -- "$az" inbox
expect 0 "last error: the run died on it (signal 6" -- "$az" inbox list
expect 0 "^Subject: crash-me" -- "$az" inbox show 2
expect 0 "usage: azalai inbox" -- "$az" inbox --help
expect 64 "say list, show, release or drop" -- "$az" inbox burn
expect 64 "\"x\" is not a message number" -- "$az" inbox show x
expect 64 "usage: azalai inbox release ID" -- "$az" inbox release
expect 65 "there is no message 99" -- "$az" inbox show 99
expect 65 "there is no message 99" -- "$az" inbox drop 99
expect 65 "message 1 is not held (it is answered)" -- "$az" inbox release 1
unset AZALAI_TEST_CRASH_MESSAGE
expect 0 "message 2 goes back to the queue" -- "$az" inbox release 2
expect 0 "^new|0|$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 2"
expect 0 "no mail is held" -- "$az" inbox
expect 0 "" -- "$az" run
expect 0 "^done$" -- q "SELECT status FROM messages WHERE id = 2"
expect 0 "To: stranger@x" -- grep -h "^To:" outbox/*

# A mail given up is kept, and no run takes it again.
mail 4 crasher@x again "HELP"
AZALAI_TEST_CRASH_MESSAGE=4 "$az" run > /dev/null 2>&1
for i in 1 2; do AZALAI_TEST_CRASH_MESSAGE=4 "$az" run > /dev/null 2>&1; done
expect 0 "^held$" -- q "SELECT aside FROM messages WHERE id = 4"
expect 0 "message 4 dropped" -- "$az" inbox drop 4
expect 65 "message 4 is not held (it is dropped)" -- "$az" inbox drop 4
expect 0 "" -- "$az" run
expect 0 "^new|3|dropped$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 4"
expect 1 "" -- grep -rq "To: crasher@x" outbox
expect 0 "no mail is held" -- "$az" inbox
if "$az" list | grep -q held; then
	echo "FAIL: list mentions held mail when none is"; fails=$((fails + 1))
else passes=$((passes + 1)); fi

# A mail that fails with a ledger error (here: its answer cannot be queued)
# counts as an attempt too, and the others still go through.
q "CREATE TRIGGER no_bad BEFORE INSERT ON outbox WHEN NEW.to_addr = 'bad@x'
    BEGIN SELECT RAISE(ABORT, 'test: no mail to bad@x'); END;"
mail 5 bad@x fails "HELP"
mail 6 fine@x works "HELP"
expect 0 "" -- "$az" run
expect 0 "^new|1|$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 5"
expect 0 "^done$" -- q "SELECT status FROM messages WHERE id = 6"
expect 0 "" -- "$az" run
expect 0 "" -- "$az" run
expect 0 "^new|3|held$" -- q "SELECT status, attempts, aside FROM messages WHERE id = 5"
expect 0 "last error: .*test: no mail to bad@x" -- "$az" inbox

finish
