#!/bin/sh
# The command line: one clear line on stderr and a sysexits code for every
# mistake; the happy paths print what they say.
set -u
az=${AZALAI:?the test harness sets AZALAI}
src=${top_srcdir:-.}
dir=$(mktemp -d /tmp/azalai-cli-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml
fails=0
passes=0

# expect CODE PATTERN-ON-STDERR-OR-STDOUT -- COMMAND...
expect() {
	code=$1 pat=$2
	shift 3
	"$@" > out.txt 2> err.txt
	got=$?
	if [ "$got" != "$code" ] || { [ -n "$pat" ] && ! grep -q -- "$pat" out.txt err.txt; }; then
		echo "FAIL: $* -> exit $got (want $code), wanted \"$pat\" in:"
		cat out.txt err.txt
		fails=$((fails + 1))
	else
		passes=$((passes + 1))
	fi
}

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
expect 65 "there is no game \"chess\"" -- "$az" new chess --seat a=a@x --seat b=b@x
expect 64 "buqruru needs 2 seats, not 1" -- "$az" new buqruru --seat a=a@x
expect 64 "write NAME=ADDRESS" -- "$az" new buqruru --seat a --seat b=b@x
expect 64 "is not a mail address" -- "$az" new buqruru --seat a=nowhere --seat b=b@x
expect 64 "two seats are called A" -- "$az" new buqruru --seat a=a@x --seat A=b@x
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

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
