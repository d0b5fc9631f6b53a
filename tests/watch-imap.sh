#!/bin/sh
# run --watch on an IMAP mailbox (IDLE, RFC 2177) and on a POP3 one, against
# the tests' Dovecot (issue 32): a mail appended to the mailbox is answered
# with no timer; the watcher survives Dovecot stopped and started, its
# connection dropped and a new UIDVALIDITY, and says each once in the log;
# it waits in IDLE, not by NOOP polls (an hour apart here), and without the
# run lock; kill -9 while it waits loses nothing and
# answers nothing twice (azalai verify). POP3 is polled every
# watch.poll_interval seconds with one connection a poll. Every wait is for
# a condition, bounded generously; nothing is timed.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
ulimit -c 0
ms_buqruru
# NOOP polls an hour apart: over IMAP only IDLE answers a mail in time.
printf 'watch:\n  full_check: 3600\n  backoff_max: 1\n  poll_interval: 3600\n' >> azalai.yaml
printf 'limits:\n  help_replies_per_day: 1000\n' >> azalai.yaml
watcher=
at_exit 'kill -KILL $watcher 2>/dev/null'
watch() {
	"$az" run --watch > watch.out 2>&1 &
	watcher=$!
}
n=0
put() { # SEAT TEXT: a mail appended to the referee's INBOX; its id in $id
	n=$((n + 1))
	id=$n.$1@$MS_DOMAIN
	printf 'From: %s@%s\r\nTo: referee@%s\r\nSubject: orders\r\nMessage-ID: <%s>\r\n\r\n%b\r\n' \
	    "$1" "$MS_DOMAIN" "$MS_DOMAIN" "$id" "$2" > "m$n.eml"
	ms_imap_put referee "m$n.eml" || fail "appending mail $n"
}
answered() { # MESSAGE-ID: an answer to it was handed to the mail server
	[ "$(q "SELECT count(*) FROM outbox WHERE in_reply_to = '$1' AND status = 'sent'")" \
	    -ge 1 ]
}
lines() { grep -c "$1" azalai.log 2> /dev/null; }
logged() { grep -q "$1" azalai.log 2> /dev/null; }
lines_are() { [ "$(lines "$1")" = "$2" ]; }
lock_free() { flock -n -x azalai.db.lock true; }
# Dovecot's imap processes, the watcher's IDLE among them.
imap_procs() {
	mp=$(cat "$MS_DIR/dovecot/run/master.pid")
	for k in $(pgrep -P "$mp"); do
		[ "$(readlink "/proc/$k/exe")" = /usr/lib/dovecot/imap ] && echo "$k"
	done
}

watch
until_true 60 logged "run: .* mails sent" ||
    fail "the watcher never made its first run"
put amastan "GAME $game\nSEAT amastan\nTOKEN $token\nHOLE a"
check "an order appended to the mailbox is answered, no timer running" \
    'until_true 60 answered $id'
check "the watcher waits without the run lock" 'until_true 60 lock_free'

# Dovecot stopped and started: one line for the loss, one for the return,
# however many tries came between (the back-off is at most 1 s here).
ms_stop_dovecot
check "Dovecot stopped: the watcher says so" 'until_true 60 lines_are "lost imap:" 1'
sleep 4
ms_start_dovecot
check "Dovecot back: the watcher says so" 'until_true 60 lines_are "is watched again" 1'
check "the loss is said once, not once per try" 'lines_are "lost imap:" 1'
check "no other error was logged meanwhile" 'lines_are "error:" 1'
put amastan "HELP"
check "a mail after the restart is answered" 'until_true 60 answered $id'

# The connection dropped under the watcher (its imap process killed).
until_true 60 lock_free
check "the watcher holds an IMAP connection" '[ -n "$(imap_procs)" ]'
kill -KILL $(imap_procs) 2> /dev/null
check "a dropped connection is said once" 'until_true 60 lines_are "lost imap:" 2'
check "and the return once" 'until_true 60 lines_are "is watched again" 2'
put amastan "HELP"
check "a mail after the drop is answered" 'until_true 60 answered $id'

# A new UIDVALIDITY: everything is looked at again, nothing answered twice.
doveadm -c "$MS_DIR/dovecot/dovecot.conf" mailbox update -u "referee@$MS_DOMAIN" \
    --uid-validity 4242 INBOX || fail "doveadm cannot set the UIDVALIDITY"
put amastan "HELP"
check "a mail after the new UIDVALIDITY is answered" 'until_true 60 answered $id'
check "the new UIDVALIDITY is said once" 'lines_are "watch: the UIDVALIDITY" 1'
returned() { [ "$(lines "lost imap:")" = "$(lines "is watched again")" ]; }
check "every loss is followed by a return" 'until_true 60 returned'

# kill -9 while the watcher waits in IDLE; a mail lands before it is back.
until_true 60 lock_free
kill -KILL "$watcher"
wait "$watcher" 2> /dev/null
put amastan "HELP"
watch
check "a mail that landed while no watcher ran is answered" 'until_true 60 answered $id'
check "every mail is in the ledger once" '[ "$(q "SELECT count(*) FROM messages")" = "$n" ]'
check "every mail is answered" '[ "$(q "SELECT count(*) FROM messages m WHERE NOT EXISTS
    (SELECT 1 FROM outbox o WHERE o.in_reply_to = m.message_id)")" = 0 ]'
check "no answer was made twice" '[ -z "$(q "SELECT in_reply_to FROM outbox
    WHERE in_reply_to != '"''"' GROUP BY in_reply_to, to_addr, kind HAVING count(*) > 1")" ]'
kill -TERM "$watcher"
wait "$watcher"
check "SIGTERM ends the watcher with 0" '[ $? = 0 ]'
"$az" verify > verify.txt 2>&1
check "azalai verify passes" '[ $? = 0 ]'

# POP3: one poll a second, each with one connection, the run's own.
sed -i -e "s|type: imap|type: pop3|" -e "s|poll_interval: 3600|poll_interval: 1|" \
    -e "s|url: imap://127.0.0.1:$MS_IMAP_PORT/INBOX|url: pop3://127.0.0.1:$MS_POP3_PORT/|" \
    azalai.yaml
mv azalai.log imap.log
pop3_logins() { grep -c "pop3-login: Info: Login" "$MS_DIR/dovecot/log"; }
before=$(pop3_logins)
watch
until_true 60 logged "messages taken in"
put amastan "HELP"
check "POP3: a mail is answered at the next poll" 'until_true 60 answered $id'
polled() { [ "$(lines "messages taken in")" -ge 3 ]; }
check "POP3: the watcher polls again and again" 'until_true 60 polled'
kill -TERM "$watcher"
wait "$watcher"
polls=$(lines "messages taken in")
logins=$(($(pop3_logins) - before))
check "POP3: one connection a poll ($logins for $polls polls)" \
    '[ "$logins" = "$polls" ]'
check "POP3: no mail twice" '[ "$(q "SELECT count(*) FROM messages")" = "$n" ]'
finish 'cat imap.log azalai.log watch.out'
