#!/bin/sh
# The mail transports over TLS against real servers: a private Postfix and
# Dovecot (tests/mailserver.sh with MAILSERVER_TLS=1) with a throwaway
# self-signed certificate. A Buqruru game is played a round at a time,
# fetching over IMAPS, IMAP with STARTTLS, POP3S and POP3 with STARTTLS, and
# delivering over SMTP with STARTTLS and AUTH, then SMTPS, all with
# tls_verify: no. With tls_verify: yes the certificate is refused: one
# clear line, a failed run, and nothing taken, flagged or sent; trusted,
# it is still refused for a name it was not made for.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
at_exit ms_stop
chmod 755 "$dir"
command -v openssl > /dev/null 2>&1 || { echo "SKIP: no openssl to make a certificate"; exit 77; }
MAILSERVER_TLS=1
ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
cd "$dir"
dvlog=$dir/ms/dovecot/log
pflog=$dir/ms/postfix/maillog

printf '%s\n' "$MS_PASS" > referee.pw
chmod 600 referee.pw
# $1 mailbox type, $2 mailbox url, $3 mailbox tls, $4 deliver url,
# $5 deliver tls, $6 tls_verify
write_config() {
	cat > azalai.yaml <<EOF2
datadir: $src
referee:
  address: referee@$MS_DOMAIN
log:
  to: file
  file: azalai.log
mailbox:
  type: $1
  url: $2
  user: referee@$MS_DOMAIN
  password_file: $dir/referee.pw
  tls: $3
  timeout: 10
deliver:
  method: smtp
  url: $4
  tls: $5
  user: referee@$MS_DOMAIN
  password_file: $dir/referee.pw
  timeout: 10
tls_verify: $6
EOF2
}
# Dovecot's address where a login in the clear is refused (mailserver.sh).
imaps="imaps://$MS_TLS_HOST:$MS_IMAPS_PORT/INBOX"
imap="imap://$MS_TLS_HOST:$MS_IMAP_PORT/INBOX"
pop3s="pop3s://$MS_TLS_HOST:$MS_POP3S_PORT/"
pop3="pop3://$MS_TLS_HOST:$MS_POP3_PORT/"
smtp="smtp://127.0.0.1:$MS_SMTP_PORT"
smtps="smtps://127.0.0.1:$MS_SMTPS_PORT"

# Waits until every mail the referee sent to a seat is in its mailbox.
wait_reports() {
	for s in amastan tinhinan; do
		want=$(q "select count(*) from outbox where status = 'sent' and to_addr = '$s@$MS_DOMAIN'")
		ms_wait_count "$s" "$want" || return 1
	done
}

sent=0
n=0
# $1 seat: answers the seat's newest report, if new, with its last order to
# copy (the first is the default order, which can end a match in a few steps).
play() {
	seat=$1
	eval "seen=\${seen_$seat:-0}"
	uid=$(ms_imap_list "$seat" | sort -n | tail -n 1)
	[ -n "$uid" ] && [ "$uid" -gt "$seen" ] || return 1
	eval "seen_$seat=$uid"
	ms_imap_get "$seat" "$uid" > "last-$seat.eml"
	line=$(report_orders < "last-$seat.eml" | tail -n 1)
	[ -n "$line" ] || return 1
	n=$((n + 1))
	printf 'From: %s@%s\r\nTo: referee@%s\r\nSubject: orders\r\nMessage-ID: <%d.%s@%s>\r\n\r\nGAME %s\r\nSEAT %s\r\nTOKEN %s\r\n%s\r\n' \
	    "$seat" "$MS_DOMAIN" "$MS_DOMAIN" "$n" "$seat" "$MS_DOMAIN" "$game" "$seat" \
	    "$(awk -v s="$seat" '$1 == "seat" && $2 == s { print $4 }' seats.txt)" \
	    "$line" > order.eml
	ms_send "$seat@$MS_DOMAIN" "referee@$MS_DOMAIN" order.eml || return 1
	sent=$((sent + 1))
}
# One round: each seat with a new report answers; the mails reach the referee.
round() {
	inbox=$(ms_imap_list referee | wc -l)
	before=$sent
	play amastan
	play tinhinan
	[ "$sent" -gt "$before" ] || { echo "nobody could move in $game"; return 1; }
	ms_wait_count referee $((inbox + sent - before))
}
# Logins to Dovecot on port $1 with TLS.
tls_logins() {
	grep -c "Login: user=<referee@$MS_DOMAIN>.* lport=$1, .*TLS" "$dvlog"
}
orders() { q "select count(*) from orders where status = 'accepted'"; }
# $1 what, $2 mailbox type, $3 url, $4 tls, $5 port, $6 deliver url, $7 tls:
# one round fetched over that transport and answered over that one.
exchange() {
	# check evals its second argument with its own $1 and $2.
	ex_type=$2
	ex_port=$5
	write_config "$2" "$3" "$4" "$6" "$7" no
	round || return 1
	msgs=$(q "select count(*) from messages")
	acc=$(orders)
	logins=$(tls_logins "$ex_port")
	: > azalai.log
	"$az" run 2>> err.txt
	rc=$?
	check "$1: the run succeeds" '[ "$rc" = 0 ]'
	check "$1: it takes each order mail once" \
		'[ "$(q "select count(*) from messages where source = '\''$ex_type'\''")" = "$sent" ] &&
		[ "$(q "select count(*) from messages")" = $((msgs + sent - sent_before)) ]'
	check "$1: every order is accepted" '[ "$(orders)" = $((acc + sent - sent_before)) ]'
	check "$1: it logged in over TLS" '[ "$(tls_logins "$ex_port")" -gt "$logins" ]'
	check "$1: nothing went wrong" '! grep -q "error: \|warning: " azalai.log'
	check "$1: every report went out" \
		'[ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'
	wait_reports
}

write_config imap "$imaps" tls "$smtp" starttls no
"$az" init > /dev/null 2> err.txt
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat tinhinan=tinhinan@$MS_DOMAIN \
    > seats.txt 2>> err.txt
game=$(head -n 1 seats.txt)
auths=$(grep -c "sasl_username=referee@$MS_DOMAIN" "$pflog")
"$az" run 2>> err.txt
rc=$?
check "the welcome mails go out over SMTP with STARTTLS and AUTH" \
	'[ "$rc" = 0 ] && [ "$(q "select count(*) from outbox where status = '\''sent'\''")" = 2 ]'
check "Postfix saw TLS and the referee's login" \
	'grep -q "TLS connection established from" "$pflog" &&
	[ "$(grep -c "sasl_username=referee@$MS_DOMAIN" "$pflog")" -ge $((auths + 2)) ]'
wait_reports

sent_before=0
exchange "IMAPS" imap "$imaps" tls "$MS_IMAPS_PORT" "$smtp" starttls
sent_before=$sent
auths=$(grep -c "sasl_username=referee@$MS_DOMAIN" "$pflog")
exchange "IMAP with STARTTLS" imap "$imap" starttls "$MS_IMAP_PORT" "$smtp" starttls
check "the reports were sent with AUTH" \
	'[ "$(grep -c "sasl_username=referee@$MS_DOMAIN" "$pflog")" -gt "$auths" ]'

# POP3 deletes what it takes, and the IMAP mails are flagged: the count
# by source starts again.
pop_base() { q "select count(*) from messages where source = 'pop3'"; }
sent=0
sent_before=0
exchange "POP3S" pop3 "$pop3s" tls "$MS_POP3S_PORT" "$smtps" tls
check "POP3S deleted what it took" '[ "$(ms_imap_list referee | wc -l)" = 0 ]'
check "SMTPS carried the reports" \
	'grep -q "sasl_username=referee@$MS_DOMAIN" "$pflog" && [ "$(pop_base)" = "$sent" ]'
sent_before=$sent
exchange "POP3 with STARTTLS" pop3 "$pop3" starttls "$MS_POP3_PORT" "$smtp" starttls
check "the game replays" '"$az" replay "$game" > /dev/null 2>&1'

# The server is as strict as the referee: no login in the clear.
write_config imap "$imap" none "$smtp" starttls no
msgs=$(q "select count(*) from messages")
"$az" run > /dev/null 2>> err.txt
rc=$?
check "IMAP with tls none: Dovecot refuses the login in the clear" \
	'[ "$rc" != 0 ] && [ "$(q "select count(*) from messages")" = "$msgs" ]'

# tls_verify: yes refuses the self-signed certificate and changes nothing.
round
unseen() {
	curl -s --user "referee@$MS_DOMAIN:$MS_PASS" \
	    --url "imap://127.0.0.1:$MS_IMAP_PORT/INBOX" --request "UID SEARCH UNSEEN" | tr -d '\r' | sed -n 's/^\* SEARCH *//p'
}
msgs=$(q "select count(*) from messages")
outbox=$(q "select count(*) || ' ' || sum(attempts) from outbox")
state=$(q "select value from mailbox_state")
before_unseen=$(unseen)
for how in "IMAPS|imap|$imaps|tls" "IMAP with STARTTLS|imap|$imap|starttls" \
    "POP3S|pop3|$pop3s|tls"; do
	what=${how%%|*}
	rest=${how#*|}
	type=${rest%%|*}
	rest=${rest#*|}
	url=${rest%|*}
	tls=${rest##*|}
	write_config "$type" "$url" "$tls" "$smtp" starttls yes
	: > azalai.log
	"$az" run > out.txt 2>> err.txt
	rc=$?
	check "$what with tls_verify yes: the run fails" '[ "$rc" != 0 ]'
	check "$what with tls_verify yes: one clear error line about the certificate" \
		'[ "$(grep -c "error: " azalai.log)" = 1 ] &&
		grep "error: " azalai.log | grep -q "run: .*$url.*failed: .*certificate"'
	check "$what with tls_verify yes: nothing taken" \
		'[ "$(q "select count(*) from messages")" = "$msgs" ]'
	check "$what with tls_verify yes: nothing flagged or deleted" \
		'[ -n "$before_unseen" ] && [ "$(unseen)" = "$before_unseen" ]'
	check "$what with tls_verify yes: nothing remembered or sent" \
		'[ "$(q "select value from mailbox_state")" = "$state" ] &&
		[ "$(q "select count(*) || '\'' '\'' || sum(attempts) from outbox")" = "$outbox" ]'
done
# A mail waiting to go out, and SMTP with tls_verify yes: it stays queued.
write_config pop3 "$pop3s" tls "$smtp" starttls no
"$az" run > /dev/null 2>> err.txt
check "with tls_verify no the waiting orders are taken after all" \
	'[ "$(q "select count(*) from messages")" -gt "$msgs" ] && [ "$(pop_base)" = "$sent" ]'
wait_reports
mails=$(q "select count(*) from outbox")
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat tinhinan=tinhinan@$MS_DOMAIN \
    > /dev/null 2>> err.txt
amastan_box=$(ms_imap_list amastan | wc -l)
write_config pop3 "$pop3s" tls "$smtp" starttls yes
: > azalai.log
"$az" run > /dev/null 2>> err.txt
rc=$?
check "SMTP with tls_verify yes: the run fails as misconfigured (78)" '[ "$rc" = 78 ]'
check "SMTP with tls_verify yes: the new mails stay queued, with the cause" \
	'[ "$(q "select count(*) from outbox where id > $mails and status = '\''queued'\'' and last_error like '\''%certificate%'\''")" = 2 ]'
check "SMTP with tls_verify yes: nothing reached the player" \
	'sleep 0.5; [ "$(ms_imap_list amastan | wc -l)" = "$amastan_box" ]'
write_config pop3 "$pop3s" tls "$smtp" starttls no
AZALAI_NOW=$(($(date +%s) + 3600)) "$az" run > /dev/null 2>> err.txt
rc=$?
check "with tls_verify no they go out on the next run" \
	'[ "$rc" = 0 ] && [ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'

# The name in the certificate (CN=localhost) is checked, not only who
# signed it: in a mount namespace of its own, where the system's CA bundle
# is the servers' certificate, the referee trusts that certificate, takes
# the orders at "localhost" and refuses the same server reached as
# 127.0.0.1. Nothing under /etc changes for anyone else.
trusting() {
	unshare -m sh -c 'mount --bind "$1" /etc/ssl/certs/ca-certificates.crt &&
	    shift && exec "$@"' sh "$dir/ms/tls/cert.pem" "$@"
}
if ! trusting true 2> /dev/null; then
	echo "NOTE: no mount namespace here; the certificate's name is not checked"
else
	round
	msgs=$(q "select count(*) from messages")
	write_config imap "imaps://127.0.0.1:$MS_IMAPS_PORT/INBOX" tls \
	    "smtp://localhost:$MS_SMTP_PORT" starttls yes
	: > azalai.log
	trusting "$az" run > /dev/null 2>> err.txt
	rc=$?
	check "a trusted certificate for another name: the run fails" '[ "$rc" != 0 ]'
	check "it says the name does not match, and takes nothing" \
		'grep "error: " azalai.log | grep -q "failed: .*certificate" &&
		[ "$(q "select count(*) from messages")" = "$msgs" ]'
	write_config imap "imaps://localhost:$MS_IMAPS_PORT/INBOX" tls \
	    "smtp://localhost:$MS_SMTP_PORT" starttls yes
	: > azalai.log
	trusting "$az" run > /dev/null 2>> err.txt
	rc=$?
	check "a trusted certificate for its name: the orders are taken, the reports sent" \
		'[ "$rc" = 0 ] && [ "$(q "select count(*) from messages")" -gt "$msgs" ] &&
		[ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'
fi

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt'
