#!/bin/sh
# Real mail servers failing under the referee: Dovecot down for a run,
# Postfix down for a run, the referee killed between the ledger commit and
# the mailbox flag, move or delete (the AZALAI_TEST_DIE_AFTER_COMMIT hook in
# the fetchers) or once the IMAP fetcher has saved the UID
# (AZALAI_TEST_DIE_AFTER_UID),
# Dovecot stopped in the middle of a run (AZALAI_TEST_PAUSE_AFTER_COMMIT),
# and servers that offer no STARTTLS to a referee that requires it.
# Each time nothing is lost, the next run finishes the work, and nothing is
# processed or sent twice.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
at_exit ms_stop
chmod 755 "$dir"
ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
cd "$dir"

ms_referee_config "$src" 5

"$az" init > /dev/null 2>&1
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat tinhinan=tinhinan@$MS_DOMAIN \
    > seats.txt 2> err.txt
game=$(head -n 1 seats.txt)
token() { awk -v s="$1" '$1 == "seat" && $2 == s { print $4 }' seats.txt; }
n=0
# $1 seat, $2 order line: one order mail over SMTP to the referee.
order() {
	n=$((n + 1))
	printf 'From: %s@%s\r\nTo: referee@%s\r\nSubject: orders\r\nMessage-ID: <%d.%s@%s>\r\n\r\nGAME %s\r\nSEAT %s\r\nTOKEN %s\r\n%s\r\n' \
	    "$1" "$MS_DOMAIN" "$MS_DOMAIN" "$n" "$1" "$MS_DOMAIN" "$game" "$1" "$(token "$1")" \
	    "$2" > "order$n.eml"
	ms_send "$1@$MS_DOMAIN" "referee@$MS_DOMAIN" "order$n.eml"
}
# Each Message-ID at most once in a mailbox: nothing was sent twice.
no_twice() {
	for s in amastan tinhinan; do
		for u in $(ms_imap_list "$s"); do
			ms_imap_get "$s" "$u" | sed -n 's/^Message-I[dD]: *//p' | head -n 1
		done
	done | sort | uniq -d | grep -q . && return 1
	return 0
}

# 1. Dovecot down: one clear line, a non-zero exit, nothing taken or lost.
"$az" run > /dev/null 2>> err.txt           # the welcome mails
order amastan "HOLE a"
order tinhinan "HOLE e"
ms_wait_count referee 2
ms_stop_dovecot
"$az" run > out1.txt 2> err1.txt
rc=$?
check "a run with IMAP down exits non-zero" '[ "$rc" != 0 ]'
check "it says why in one line" \
	'grep -c "run: .*imap://127.0.0.1:$MS_IMAP_PORT.*failed" azalai.log | grep -qx 1'
check "it took nothing" '[ "$(q "select count(*) from messages")" = 0 ]'
ms_start_dovecot
"$az" run > /dev/null 2>> err.txt
rc=$?
check "the next run finishes the work" '[ "$rc" = 0 ] && [ "$(q "select count(*) from messages")" = 2 ]'
check "both orders were accepted once" \
	'[ "$(q "select count(*) from orders")" = 2 ]'

# 2. Postfix down: the reports stay queued, go out on the next run, once.
sow=$(q "select count(*) from outbox")
order amastan "SOW"
ms_wait_count referee 3
ms_stop_postfix
"$az" run > /dev/null 2> err2.txt
rc=$?
check "a run with SMTP down exits 75" '[ "$rc" = 75 ]'
check "the order was taken" '[ "$(q "select count(*) from messages")" = 3 ]'
check "its mails stay queued" \
	'[ "$(q "select count(*) from outbox where status = '\''queued'\'' and last_error <> '\'''\''")" -gt 0 ]'
queued=$(q "select count(*) from outbox where status = 'queued'")
ms_start_postfix
# Retries wait their backoff: the next run comes later, as cron's would.
AZALAI_NOW=$(($(date +%s) + 3600)) "$az" run > /dev/null 2>> err.txt
rc=$?
check "the next run delivers them" \
	'[ "$rc" = 0 ] && [ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'
check "each was tried twice and is marked sent" \
	'[ "$(q "select min(attempts) from outbox where id > $sow")" = 2 ]'
total=$(q "select count(*) from outbox where status = 'sent' and to_addr like 'amastan@%'")
ms_wait_count amastan "$total"
total=$(q "select count(*) from outbox where status = 'sent' and to_addr like 'tinhinan@%'")
ms_wait_count tinhinan "$total"
check "no mail reached a player twice" 'no_twice'
: "$queued"

# 3. Killed after the commit, before the flag: nothing processed twice.
order tinhinan "SOW"
ms_wait_count referee 4
AZALAI_TEST_DIE_AFTER_COMMIT=1 "$az" run > /dev/null 2>> err.txt
rc=$?
check "the hooked run died" '[ "$rc" = 9 ]'
check "the message was committed" '[ "$(q "select count(*) from messages")" = 4 ]'
check "but its UID was not yet remembered as taken" \
	'[ "$(q "select value from mailbox_state where mailbox like '\''imap:%'\''" | cut -d" " -f2)" = 3 ]'
"$az" run > /dev/null 2>> err.txt
rc=$?
check "the next run finishes" '[ "$rc" = 0 ]'
check "the message is in the ledger once" '[ "$(q "select count(*) from messages")" = 4 ]'
check "its order was applied once" '[ "$(q "select count(*) from orders")" = 4 ]'
check "the refetch was seen as a duplicate" \
	'grep -q "run: 0 messages taken in (1 already seen" azalai.log'
check "the mailbox now has it flagged" \
	'[ -z "$(curl -s --user referee@$MS_DOMAIN:$MS_PASS --url imap://127.0.0.1:$MS_IMAP_PORT/INBOX --request "UID SEARCH UNSEEN" | tr -d "\r" | sed -n "s/^\* SEARCH *//p")" ]'
check "the game replays" '"$az" replay "$game" > /dev/null 2>&1'

# 3b. The same with mailbox.seen move, then delete: the kill leaves the mail
# in the INBOX (not lost), and the next run, which finds it held already,
# moves or deletes it (not left to be looked at again forever).
imap_do() { # FOLDER COMMAND: the referee's mailbox answers COMMAND
	curl -s --max-time 20 --user "referee@$MS_DOMAIN:$MS_PASS" \
	    --url "imap://127.0.0.1:$MS_IMAP_PORT/$1" --request "$2" | tr -d '\r'
}
in_box() { imap_do "$1" "UID SEARCH ALL" | sed -n 's/^\* SEARCH//p' | wc -w; }
imap_do "" "CREATE Done" > /dev/null
cp azalai.yaml seen.yaml
# HOW HOOK WHEN TIDIED: with mailbox.seen HOW, a run killed by the test hook
# HOOK (at WHEN), then a run that must take the mail once and tidy it.
killed_then_taken() {
	how=$1
	sed "/^mailbox:/a\\
  seen: $how\\
  move_to: Done" seen.yaml > azalai.yaml
	inbox=$(in_box INBOX)
	done_box=$(in_box Done)
	msgs=$(q "select count(*) from messages")
	order amastan "SOW"
	mid="$n.amastan@$MS_DOMAIN"
	ms_wait_count referee $((inbox + 1))
	env "$2=1" "$az" run > /dev/null 2>> err.txt
	rc=$?
	check "$how: killed $3" \
		'[ "$rc" = 9 ] && [ "$(q "select count(*) from messages")" = $((msgs + 1)) ]'
	[ "$2" = AZALAI_TEST_DIE_AFTER_COMMIT ] &&
		check "$how: the mail is still in the INBOX" '[ "$(in_box INBOX)" = $((inbox + 1)) ]'
	"$az" run > /dev/null 2>> err.txt
	rc=$?
	check "$how: the next run takes it once$4" \
		'[ "$rc" = 0 ] && [ "$(q "select count(*) from messages")" = $((msgs + 1)) ] &&
		 [ "$(q "select count(*) from orders where message = (select id from messages
		     where message_id = '\''$mid'\'')")" = 1 ]'
	if [ "$how" = move ]; then
		check "move: and it is in Done, not left in the INBOX$4" \
			'[ "$(in_box INBOX)" = "$inbox" ] && [ "$(in_box Done)" = $((done_box + 1)) ]'
	else
		check "delete: and it is deleted, not left in the INBOX$4" \
			'[ "$(in_box INBOX)" = "$inbox" ] && [ "$(in_box Done)" = "$done_box" ]'
	fi
}
for how in move delete; do
	killed_then_taken $how AZALAI_TEST_DIE_AFTER_COMMIT \
	    "after the commit, before the $how" ""
done

# 3c. Killed later, once the UID was remembered as taken: the next run looks
# only past that UID, so the mail must not be left in the INBOX unmoved or
# undeleted. (flag is left out: the server sets \Seen as it sends the mail.)
for how in move delete; do
	killed_then_taken $how AZALAI_TEST_DIE_AFTER_UID "once its UID was remembered" \
	    " (killed after the UID)"
done
cp seen.yaml azalai.yaml

# 4. A recipient the server refuses (5xx) fails for good, and is not retried.
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat ghost=nobody@$MS_DOMAIN \
    > /dev/null 2>> err.txt
"$az" run > /dev/null 2>> err.txt
rc=$?
check "a refused recipient makes the run say so" '[ "$rc" = 75 ]'
check "its mail is failed for good after one try" \
	'[ "$(q "select status || '\'' '\'' || attempts from outbox where to_addr = '\''nobody@$MS_DOMAIN'\''")" = "failed 1" ]'
check "the cause is the server's answer" \
	'q "select last_error from outbox where to_addr = '\''nobody@$MS_DOMAIN'\''" | grep -q "550"'
AZALAI_NOW=$(($(date +%s) + 7200)) "$az" run > /dev/null 2>> err.txt
check "a later run does not try it again" \
	'[ "$(q "select attempts from outbox where to_addr = '\''nobody@$MS_DOMAIN'\''")" = 1 ]'

# 5. Dovecot stopped in the middle of a run, after the first of three
# messages was committed: the run says so once, keeps that one, loses none.
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat tinhinan=tinhinan@$MS_DOMAIN \
    > seats.txt 2>> err.txt
game=$(head -n 1 seats.txt)
"$az" run > /dev/null 2>> err.txt           # the welcome mails
msgs=$(q "select count(*) from messages")
inbox=$(ms_imap_list referee | wc -l)
order amastan "HOLE a"
order tinhinan "HOLE e"
order amastan "SOW"
ms_wait_count referee $((inbox + 3))
lines=$(wc -l < azalai.log)
AZALAI_TEST_PAUSE_AFTER_COMMIT=$dir/go "$az" run > /dev/null 2> err5.txt &
pid=$!
i=0
while [ ! -e go.ready ] && [ "$i" -lt 200 ]; do
	i=$((i + 1))
	sleep 0.1
done
check "the hooked run paused after its first commit" '[ -e go.ready ]'
ms_kill_dovecot
touch go
wait "$pid"
rc=$?
run5() { tail -n +$((lines + 1)) azalai.log; }
check "a run that loses Dovecot midway exits non-zero" '[ "$rc" != 0 ]'
check "it says why in one error line" \
	'[ "$(run5 | grep -c "error: ")" = 1 ] &&
	run5 | grep -q "error: run: .*imap://127.0.0.1:$MS_IMAP_PORT.*failed"'
check "the first message is in the ledger once" \
	'[ "$(q "select count(*) from messages")" = $((msgs + 1)) ]'
check "its order was applied" \
	'[ "$(q "select count(*) from orders o join games g on g.id = o.game_id where o.status = '\''accepted'\'' and g.name = '\''$game'\''")" = 1 ]'
ms_start_dovecot
check "nothing was lost from the mailbox" '[ "$(ms_imap_list referee | wc -l)" = $((inbox + 3)) ]'
lines=$(wc -l < azalai.log)
"$az" run > /dev/null 2>> err.txt
rc=$?
check "after the restart the next run finishes" '[ "$rc" = 0 ]'
check "it takes the other two, and not the first again" \
	'[ "$(q "select count(*) from messages")" = $((msgs + 3)) ] &&
	run5 | grep -q "run: 2 messages taken in (0 already seen"'
check "every order was applied exactly once" \
	'[ "$(q "select count(*) from orders o join games g on g.id = o.game_id where o.status = '\''accepted'\'' and g.name = '\''$game'\''")" = 3 ]'
check "that game replays" '"$az" replay "$game" > /dev/null 2>&1'

# 6. tls: starttls against servers that offer no STARTTLS (these have no
# TLS at all, as when a man in the middle strips the offer): refused, never
# the login and the mail in the clear.
cp azalai.yaml plain.yaml
order amastan "HOLE b"
ms_wait_count referee $((inbox + 4))
msgs=$(q "select count(*) from messages")
logins=$(grep -c "Login: user=<referee@" ms/dovecot/log)
sed '/^mailbox:/,/^deliver:/s/tls: none/tls: starttls/' plain.yaml > azalai.yaml
"$az" run > /dev/null 2> err6.txt
rc=$?
check "IMAP with tls starttls and no STARTTLS offered: the run fails" '[ "$rc" != 0 ]'
check "it did not log in in the clear" \
	'[ "$(grep -c "Login: user=<referee@" ms/dovecot/log)" = "$logins" ]'
check "it took nothing" '[ "$(q "select count(*) from messages")" = "$msgs" ]'
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat tinhinan=tinhinan@$MS_DOMAIN \
    > /dev/null 2>> err.txt
mails=$(q "select count(*) from outbox where status = 'sent'")
froms=$(grep -c "from=<referee@" ms/postfix/maillog)
sed '/^deliver:/,$s/tls: none/tls: starttls/' plain.yaml > azalai.yaml
"$az" run > /dev/null 2>> err6.txt
rc=$?
check "SMTP with tls starttls and no STARTTLS offered: the run fails" '[ "$rc" != 0 ]'
check "no mail was sent in the clear" \
	'[ "$(q "select count(*) from outbox where status = '\''sent'\''")" = "$mails" ] &&
	[ "$(grep -c "from=<referee@" ms/postfix/maillog)" = "$froms" ]'
check "the new mails stay queued, saying why" \
	'[ "$(q "select count(*) from outbox where status = '\''queued'\'' and last_error like '\''%SSL%'\''")" -ge 2 ]'
cp plain.yaml azalai.yaml
AZALAI_NOW=$(($(date +%s) + 3600)) "$az" run > /dev/null 2>> err.txt
rc=$?
check "without it they go out on the next run" \
	'[ "$rc" = 0 ] && [ "$(q "select count(*) from outbox where status <> '\''sent'\'' and status <> '\''failed'\''")" = 0 ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err*.txt'
