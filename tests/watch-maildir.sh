#!/bin/sh
# run --watch on a local Maildir (issue 32): a mail that lands is answered
# with no timer; a burst of 1,000 mails is taken one run at a time while the
# timer's runs and an MTA's ingest --stdin come in between, nothing twice;
# the watcher never holds the run lock while it waits; kill -9 in the middle
# of the burst loses nothing and answers nothing twice (azalai verify).
# Every wait is for a condition, bounded generously; nothing is timed.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
ulimit -c 0
n=1000
printf 'datadir: %s\nlock_timeout: 30\nlog:\n  to: file\n  file: azalai.log\nwatch:\n  full_check: 3600\nlimits:\n  stranger_replies_per_run: 100000\n  stranger_replies_per_day: 100000\n' \
    "$src" > azalai.yaml
"$az" init > /dev/null 2>&1 || fail "init"
watcher=
at_exit 'kill -KILL $watcher 2>/dev/null'
watch() {
	"$az" run --watch > watch.out 2>&1 &
	watcher=$!
}
answered() { # MESSAGE-ID: its answer is in the outbox, sent
	[ "$(q "SELECT count(*) FROM outbox WHERE in_reply_to = '$1' AND status = 'sent'")" -ge 1 ]
}
count_is() { [ "$(q "$1")" = "$2" ]; }
mail() { # N: a help request from a sender of its own, landing as a delivery does
	printf 'From: h%d@x\nSubject: help\nMessage-ID: <%d@burst>\n\nHELP\n' "$1" "$1" \
	    > Maildir/tmp/m$1
	mv Maildir/tmp/m$1 Maildir/new/m$1
}
# The lock is free: no run goes, whatever the watcher does.
lock_free() { flock -n -x azalai.db.lock true; }

watch
until_true 60 grep -q "run: 0 mails sent" azalai.log ||
    fail "the watcher never made its first run"
mail 0
check "a mail that lands is answered, no timer running" 'until_true 60 answered 0@burst'
check "the watcher waits without the run lock" 'until_true 60 lock_free'
printf 'From: s@x\nMessage-ID: <stdin@x>\n\nHELP\n' > stdin.eml
"$az" --config azalai.yaml ingest --stdin < stdin.eml > /dev/null 2>&1
check "an MTA's ingest --stdin is not kept waiting by the idle watcher" '[ $? = 0 ]'

# The burst, with the timer's runs going at the same time.
i=1
while [ $i -le $n ]; do
	mail $i
	i=$((i + 1))
done &
burst=$!
( for t in 1 2 3 4 5; do "$az" run > /dev/null 2>&1 || echo "timer run $t: $?"; done ) \
    > timer.txt &
timer=$!
# kill -9 once the watcher has taken some of the burst, while the rest waits.
until_true 120 count_is "SELECT count(*) >= 200 FROM messages" 1 ||
    fail "the watcher took nothing of the burst"
kill -KILL "$watcher"
wait "$watcher" 2> /dev/null
taken=$(q "SELECT count(*) FROM messages")
wait "$burst"
left=$(ls Maildir/new | wc -l)
check "the kill came while the burst waited ($taken taken, $left in new/)" \
    '[ "$left" -gt 0 ] || [ "$taken" -lt $((n + 2)) ]'
watch
wait "$timer"
check "the timer's runs ran beside the watcher" '[ ! -s timer.txt ]'
all=$((n + 2))
check "the whole burst is taken after the kill" \
    'until_true 300 count_is "SELECT count(*) FROM messages WHERE status != '"'new'"'" $all'
check "nothing is left in new/" '[ -z "$(ls Maildir/new)" ]'
check "no mail is in the ledger twice" \
    'count_is "SELECT count(*) FROM messages" $all'
check "every mail is answered once" \
    'count_is "SELECT count(*) FROM messages m WHERE (SELECT count(*) FROM outbox o
        WHERE o.in_reply_to = m.message_id) != 1" 0'
check "every answer went out" 'until_true 60 count_is "SELECT count(*) FROM outbox
    WHERE status != '"'sent'"'" 0'
check "the watcher waits without the run lock after the burst" 'until_true 60 lock_free'
kill -TERM "$watcher"
wait "$watcher"
check "SIGTERM ends the watcher with 0" '[ $? = 0 ]'
check "it says it stopped" 'grep -q "stopped watching" azalai.log'
"$az" verify > verify.txt 2>&1
check "azalai verify passes" '[ $? = 0 ]'
check "no run failed" '! grep -q "error:" azalai.log'
finish 'tail -20 azalai.log; cat watch.out'
