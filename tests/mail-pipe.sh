#!/bin/sh
# The MTA pipe answers at once (issue 32): an order piped to "azalai ingest
# --stdin" is answered within that invocation, through a real Postfix into
# the player's Dovecot mailbox, with no run after it. A server that is down
# leaves the answers queued for the timer's run and the mail taken (exit 0);
# a pipe killed (SIGKILL) in the middle of sending loses nothing, and the
# MTA's retry of the same mail answers nothing twice.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
silent=$(dirname "$az")/tests/silent-server
pids=
at_exit 'for p in $pids; do kill "$p" 2>/dev/null; done'
ms_buqruru
"$az" run > /dev/null 2>&1 || fail "the run that sends the welcome mails"
# A server that takes the mail and never answers: a delivery stays in the
# middle for as long as the test wants.
"$silent" smtp smtp.port > /dev/null 2>&1 < /dev/null &
pids=$!
i=0
until [ -s smtp.port ]; do
	i=$((i + 1))
	[ "$i" -gt 100 ] && { echo "FAIL: tests/silent-server did not start"; exit 1; }
	sleep 0.1
done
cp azalai.yaml postfix.yaml
sed "s|smtp://127.0.0.1:$MS_SMTP_PORT|smtp://127.0.0.1:$(cat smtp.port)|; s|timeout: 10|timeout: 120|" \
    postfix.yaml > silent.yaml

n=0
order() { # SEAT: the seat's first legal line, as a mail into order.eml
	n=$((n + 1))
	tok=$(awk -v s="$1" '$1 == "seat" && $2 == s { print $4 }' seats.txt)
	line=$("$az" show "$game" --as "$1" 2> /dev/null | report_orders | head -n 1)
	printf 'From: %s@%s\nTo: referee@%s\nSubject: orders\nMessage-ID: <%d.%s@x>\n\nGAME %s\nSEAT %s\nTOKEN %s\n%s\n' \
	    "$1" "$MS_DOMAIN" "$MS_DOMAIN" "$n" "$1" "$game" "$1" "$tok" "$line" > order.eml
}
rows() { q "SELECT count(*) FROM outbox $1"; }
# Every mail the ledger says it sent is in its reader's mailbox, once.
in_mailboxes() {
	for s in amastan tinhinan; do
		ms_wait_count "$s" "$(rows "WHERE status = 'sent' AND to_addr = '$s@$MS_DOMAIN'")" ||
		    return 1
	done
	ms_wait_queue_empty
	for s in amastan tinhinan; do
		[ "$(ms_imap_list "$s" | wc -l)" = \
		    "$(rows "WHERE status = 'sent' AND to_addr = '$s@$MS_DOMAIN'")" ] || return 1
	done
}

# --- answered at once ------------------------------------------------------
order amastan
before=$(rows "")
expect 0 "" -- "$az" ingest --stdin < order.eml
check "the order is answered in the same invocation" \
    '[ "$(rows "")" -gt "$before" ] && [ "$(rows "WHERE status <> '\''sent'\''")" = 0 ]'
check "the answers reach the players' mailboxes" in_mailboxes

# --- the server down: queued for the timer ---------------------------------
ms_stop_postfix
order tinhinan
before=$(rows "")
expect 0 "" -- "$az" ingest --stdin < order.eml
check "with the server down the mail is taken" \
    '[ "$(q "SELECT count(*) FROM messages WHERE message_id = '\''$n.tinhinan@x'\''")" = 1 ]'
check "and its answers wait in the outbox, saying why" \
    '[ "$(rows "WHERE status = '\''queued'\'' AND last_error <> '\'''\''")" -gt 0 ] &&
     [ "$(rows "")" -gt "$before" ]'
ms_start_postfix
# The timer's run, once the retry is due.
q "UPDATE outbox SET next_try_at = '2000-01-01T00:00:00Z' WHERE status = 'queued'"
expect 0 "" -- "$az" run
check "the next run sends them" '[ "$(rows "WHERE status <> '\''sent'\''")" = 0 ]'
check "once each" in_mailboxes

# --- killed while sending ----------------------------------------------------
cp silent.yaml azalai.yaml
order amastan
setsid "$az" ingest --stdin < order.eml > /dev/null 2>&1 &
pipe=$!
i=0
while [ "$(rows "WHERE status = 'sending'")" = 0 ] && [ "$i" -lt 300 ]; do
	i=$((i + 1))
	sleep 0.1
done
check "the pipe is in the middle of sending" '[ "$(rows "WHERE status = '\''sending'\''")" = 1 ]'
kill -KILL -"$pipe" 2> /dev/null
wait "$pipe" 2> /dev/null
check "the killed pipe's mail is in the ledger, answered" \
    '[ "$(q "SELECT status FROM messages WHERE message_id = '\''$n.amastan@x'\''")" = done ]'
outbox=$(rows "")
# The MTA saw no exit 0 and gives the mail again, to a server that answers.
cp postfix.yaml azalai.yaml
expect 0 "" -- "$az" ingest --stdin < order.eml
check "the retried mail is taken once" \
    '[ "$(q "SELECT count(*) FROM messages WHERE message_id = '\''$n.amastan@x'\''")" = 1 ]'
check "and answered once" '[ "$(rows "")" = "$outbox" ]'
check "what the killed pipe was sending is sent by the retry" \
    '[ "$(rows "WHERE status <> '\''sent'\''")" = 0 ]'
check "every answer is in its mailbox once" in_mailboxes
expect 0 "" -- "$az" verify
finish 'tail -30 azalai.log'
