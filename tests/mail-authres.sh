#!/bin/sh
# mailbox.authserv_id through the real Postfix and Dovecot, with the duty
# azalai.yaml(5) gives the operator: the header_checks line of the manual,
# taken from it, removes what a sender wrote claiming the server's
# authserv-id, so the field the server adds (a PREPEND here, standing in for
# OpenDMARC) is the one the referee reads. A forged From with the seat's
# token is held however the sender spells its own field; the seat's mail
# that passes is read, and the ledger notes the pass.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"

id=mx.azalai.test
recipe=$(sed -n 's/^\.Dl \(\/^Authentication-Results.*IGNORE\)$/\1/p' "$src/man/azalai.yaml.5" |
    sed -e 's/\\e/\\/g' -e 's/mx\\\.example\\\.org/mx\\.azalai\\.test/')
case $recipe in
*'mx\.azalai\.test'*) ;;
*) echo "FAIL: no header_checks line for the authserv-id in azalai.yaml(5): $recipe"; exit 1 ;;
esac
{
	echo "$recipe"
	echo "/^Subject: forged/ PREPEND Authentication-Results: $id; dmarc=fail (p=reject dis=none) header.from=azalai.test"
	echo "/^Subject: genuine/ PREPEND Authentication-Results: $id; dmarc=pass (p=reject dis=none) header.from=azalai.test"
} > "$dir/header_checks"
chmod 644 "$dir/header_checks"
MAILSERVER_HEADER_CHECKS=$dir/header_checks
ms_buqruru "  authserv_id: $id"

# $1 the subject, $2 the sender's own first header line(s) (may be empty).
send() {
	n=$((n + 1))
	{
		[ -z "$2" ] || printf '%s\r\n' "$2"
		printf 'From: amastan@%s\r\nTo: referee@%s\r\nSubject: %s\r\n' "$MS_DOMAIN" \
		    "$MS_DOMAIN" "$1"
		printf 'Message-ID: <authres.%d@%s>\r\n\r\n' "$n" "$MS_DOMAIN"
		printf 'GAME %s\r\nSEAT amastan\r\nTOKEN %s\r\nSTATUS\r\n' "$game" "$token"
	} > "mail$n.eml"
	ms_send "amastan@$MS_DOMAIN" "referee@$MS_DOMAIN" "mail$n.eml"
}
n=0
send "forged 1" "Authentication-Results: $id; dmarc=pass header.from=azalai.test"
send "forged 2" "$(printf 'authentication-results:\r\n\tMX.Azalai.Test (checked);\r\n dmarc=pass header.from=azalai.test')"
send "forged 3" "Authentication-Results: $id"
send "forged 6" "Authentication-Results : $id; dmarc=pass header.from=azalai.test"
# Spellings the line does not strip, and the referee does not take for the
# server's.
send "forged 4" "Authentication-Results: (c) $id; dmarc=pass header.from=azalai.test"
send "forged 5" "Authentication-Results: $id/4XyZ; dmarc=pass header.from=azalai.test"
send "genuine" ""
ms_wait_count referee 7 || exit 1
"$az" run > /dev/null 2>> err.txt

# 1 when the mail the referee took with subject $1 holds $2 Authentication-
# Results fields, however spelt (blanks before the colon too), else 0.
fields() {
	n=$(q "select raw from messages where instr(raw, 'Subject: $1') > 0" |
	    grep -ci '^authentication-results[[:space:]]*:')
	[ "$n" = "$2" ] && echo 1 || echo 0
}
check "the seven mails were taken" '[ "$(q "select count(*) from messages")" = 7 ]'
check "Postfix removed the fields the sender wrote claiming $id, and kept its own" \
	'[ "$(fields "forged 1" 1)$(fields "forged 2" 1)$(fields "forged 3" 1)$(fields "forged 6" 1)" = 1111 ] &&
	 [ "$(q "select count(*) from messages where instr(raw, '\''dmarc=fail (p=reject'\'') > 0")" = 6 ]'
check "the forged mails are held for the seat's CONFIRM" \
	'[ "$(q "select count(*) from held_mails where from_addr = '\''amastan@$MS_DOMAIN'\''")" = 6 ]'
check "their reason names the verdict" \
	'[ "$(q "select count(*) from messages where reason like '\''held:%found DMARC fail for azalai.test%'\''")" = 6 ]'
check "the seat's own mail is read, its pass noted" \
	'[ "$(q "select count(*) from messages where status = '\''done'\'' and reason like '\''%; DMARC pass at $id'\''")" = 1 ]'
check "the seat is told why, and gets no receipt" \
	'[ "$(q "select count(*) from outbox where to_addr = '\''amastan@$MS_DOMAIN'\'' and kind = '\''held'\'' and body like '\''%failed DMARC%'\''")" = 6 ] &&
	 [ "$(q "select count(*) from outbox where kind = '\''receipt'\''")" = 0 ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt'
