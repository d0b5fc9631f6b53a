#!/bin/sh
# Bounces through real mail servers: a seat's mail comes back only when the
# bounce proves which mail of the referee's it returns. Postfix here takes
# mail for unknown users and bounces it afterwards (MAILER-DAEMON, a
# delivery status notification, the referee's mail returned), so the seats
# at ghost@ in two games get one real bounce each; strangers then mail the
# referee bounces of their own making.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
at_exit ms_stop
chmod 755 "$dir"
MAILSERVER_BOUNCE_LATE=1
ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
cd "$dir"
D=$MS_DOMAIN

ms_referee_config "$src" 10
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat amastan=amastan@$D --seat ghost=ghost@$D > one.txt 2> err.txt
"$az" new buqruru --seat tinhinan=tinhinan@$D --seat ghost=ghost@$D > two.txt 2>> err.txt
one=$(head -n 1 one.txt)
two=$(head -n 1 two.txt)
bounces() { q "select s.bounces from seats s join games g on g.id = s.game_id
    where g.name = '$1' and s.name = '$2'"; }

# The welcome mails: Postfix takes all four, and bounces the two to ghost@.
"$az" run > /dev/null 2>> err.txt
check "the server took every welcome mail" \
	'[ "$(q "select count(*) from outbox where status = '\''sent'\''")" = 4 ]'
ms_wait_count referee 2
ms_wait_count amastan 1
check "the two bounces are delivery reports from MAILER-DAEMON" \
	'[ "$(for u in $(ms_imap_list referee); do ms_imap_get referee "$u"; done |
	    grep -ci "^Content-Type: multipart/report; report-type=delivery-status")" = 2 ]'
# What amastan can know: the Message-ID of the mail it was sent.
own=$(ms_imap_get amastan "$(ms_imap_list amastan | head -n 1)" |
    sed -n 's/^Message-I[dD]: *//p' | head -n 1)

# A stranger's "bounce": MAILER-DAEMON, plain text naming two seats.
printf 'From: Mail Delivery System <MAILER-DAEMON@elsewhere.test>\r\nTo: referee@%s\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <forged.1@elsewhere.test>\r\n\r\nYour mail to <tinhinan@%s> and <ghost@%s> could not be delivered.\r\n' \
    "$D" "$D" "$D" > forged1.eml
# $1 file, $2 the recipient it names, $3 the Message-ID of the mail it says
# came back: a delivery report from some other server.
report() {
	{
		printf 'From: MAILER-DAEMON@elsewhere.test\r\nTo: referee@%s\r\n' "$D"
		printf 'Subject: failure\r\nMessage-ID: <%s@elsewhere.test>\r\n' "$1"
		printf 'MIME-Version: 1.0\r\nContent-Type: multipart/report; '
		printf 'report-type=delivery-status; boundary=B\r\n\r\n'
		printf -- '--B\r\nContent-Type: text/plain\r\n\r\nNot delivered.\r\n'
		printf -- '--B\r\nContent-Type: message/delivery-status\r\n\r\n'
		printf 'Reporting-MTA: dns; elsewhere.test\r\n\r\n'
		printf 'Final-Recipient: rfc822; %s\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n' "$2"
		printf -- '--B\r\nContent-Type: text/rfc822-headers\r\n\r\n'
		printf 'From: referee@%s\r\nTo: %s\r\nMessage-ID: %s\r\n\r\n--B--\r\n' "$D" "$2" "$3"
	} > "$1.eml"
}
# A stranger's, naming tinhinan, with a Message-ID of the referee's shape
# that the referee never made.
report forged2 "tinhinan@$D" "<azalai.20260101000000.0123456789abcdef@$D>"
# amastan's: about its own mail, naming tinhinan.
report forged3 "tinhinan@$D" "$own"
for f in forged1 forged2 forged3; do
	ms_send "" "referee@$D" "$f.eml"
done
ms_wait_count referee 5

"$az" run > /dev/null 2>> err.txt
"$az" list > list.txt 2>> err.txt
check "each real bounce counts against the seat of its own game, once" \
	'[ "$(bounces "$one" ghost)" = 1 ] && [ "$(bounces "$two" ghost)" = 1 ]'
check "the list says so under each game" \
	'[ "$(grep -c "seat ghost (ghost@$D): 1 mail came back; last: .*Undelivered" list.txt)" = 2 ]'
check "a bounce that names a seat but no mail of the referee counts nothing" \
	'[ "$(bounces "$two" tinhinan)" = 0 ]'
check "and the list says nothing came back for that seat" \
	'! grep -q "seat tinhinan.*came back" list.txt'
check "a report on amastan's mail counts for amastan, whomever it names" \
	'[ "$(bounces "$one" amastan)" = 1 ]'
check "the bounces that prove nothing are logged as such" \
	'[ "$(grep -c "names no mail the referee sent; not counted" azalai.log)" = 2 ]'
check "no bounce was answered" \
	'[ "$(q "select count(*) from outbox")" = 4 ] &&
	[ "$(q "select count(*) from messages where status = '\''ignored'\''")" = 5 ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err*.txt list.txt'
