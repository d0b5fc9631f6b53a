#!/bin/sh
# Two runs at once: the second waits lock_timeout, then leaves the work to the
# first (exit 0, a log line); an MTA pipe is told to retry (exit 75). Nothing
# is taken in by the second. The first is an outside holder of the lock, and
# then a real run stuck on its mail server.
. "${top_srcdir:-.}/tests/lib.sh"
at_exit 'kill $holder 2>/dev/null'
cd "$dir"
printf 'datadir: %s\nlock_timeout: 1\nlog:\n  to: stderr\n' "$src" > azalai.yaml

"$az" init > /dev/null 2>&1
printf 'From: a@example.org\nMessage-ID: <1@x>\n\nHELP\n' > Maildir/new/1.mail
# Hold the run lock as a long run would.
flock -o azalai.db.lock sleep 30 &
holder=$!
sleep 0.3
"$az" run > out.txt 2> err.txt
rc=$?
check "a second run exits 0" '[ "$rc" = 0 ]'
check "it says why" 'grep -q "another azalai run is still going" err.txt'
check "it took nothing in" '[ -f Maildir/new/1.mail ]'
printf 'From: b@example.org\nMessage-ID: <2@x>\n\nHELP\n' | "$az" ingest --stdin > /dev/null 2>&1
rc=$?
check "ingest --stdin exits 75 for the MTA" '[ "$rc" = 75 ]'
kill "$holder"
wait "$holder" 2>/dev/null
"$az" run > /dev/null 2>&1
rc=$?
check "the next run does the work" '[ "$rc" = 0 ] && [ ! -f Maildir/new/1.mail ]'
check "the message is in the ledger once" \
	'[ "$(sqlite3 azalai.db "select count(*) from messages")" = 1 ]'
sent=$(q "select count(*) from outbox")
"$az" run > /dev/null 2>&1
check "a run with nothing to do changes nothing" \
	'[ "$(q "select count(*) from messages")" = 1 ] &&
	 [ "$(q "select count(*) from outbox")" = "$sent" ] && [ "$sent" -gt 0 ]'

# It waits: a run that finds the lock held for a moment, under a longer
# lock_timeout, takes its mail once the other lets go.
sed 's/^lock_timeout: 1$/lock_timeout: 20/' azalai.yaml > wait.yaml
printf 'From: c@example.org\nMessage-ID: <3@x>\n\nHELP\n' > Maildir/new/3.mail
flock -o azalai.db.lock sleep 1 &
holder=$!
until_true 10 sh -c '! flock -n azalai.db.lock true' ||
	fail "the holder never took the lock"
"$az" --config wait.yaml run > out.txt 2> err.txt
rc=$?
check "a run that waited for the lock does the work" \
	'[ "$rc" = 0 ] && [ ! -f Maildir/new/3.mail ] &&
	 [ "$(q "select count(*) from messages")" = 2 ]'
check "and does not say it left the work" '! grep -q "still going" err.txt'

# A run holds the lock while it takes mail in: one stuck on a mail server
# that logs in and then says nothing (tests/silent-server) keeps a second
# run out until its mailbox.timeout ends it.
silent=$(dirname "$az")/tests/silent-server
"$silent" imap imap.port > /dev/null 2>&1 < /dev/null &
server=$!
at_exit 'kill $holder $server 2>/dev/null'
until_true 10 test -s imap.port || fail "tests/silent-server did not start"
printf 'mailbox:\n  type: imap\n  url: imap://127.0.0.1:%s/INBOX\n  user: referee\n  password: x\n  tls: none\n  timeout: 4\n' \
    "$(cat imap.port)" > imap.yaml
cat azalai.yaml >> imap.yaml
"$az" --config imap.yaml run > first.out 2> first.err &
holder=$!
until_true 10 sh -c '! flock -n azalai.db.lock true' &&
    pass || fail "a run waiting on its mail server does not hold the lock"
"$az" --config imap.yaml run > out.txt 2> err.txt
rc=$?
check "a second run leaves the work to it" \
	'[ "$rc" = 0 ] && grep -q "another azalai run is still going" err.txt'
wait "$holder"
rc=$?
check "the stuck run ends on its timeout (75)" '[ "$rc" = 75 ]'
finish
