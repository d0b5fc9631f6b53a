#!/bin/sh
# SMTP smuggling through a player's press: the press text holds a line "."
# and then SMTP commands for a forged mail. Through the real Postfix (strict
# about bare newlines, see mailserver.sh) and Dovecot, exactly the mails the
# referee queued must arrive, each whole, and no forged one.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
ms_buqruru

# The player's own mail is proper CRLF (curl stuffs its "." line), so it
# reaches the referee's mailbox as the player wrote it.
{
	printf 'From: amastan@%s\r\nTo: referee@%s\r\nSubject: press\r\n' "$MS_DOMAIN" "$MS_DOMAIN"
	printf 'Message-ID: <smuggle.1@%s>\r\n\r\n' "$MS_DOMAIN"
	printf 'GAME %s\r\nSEAT amastan\r\nTOKEN %s\r\nPRESS TO tinhinan\r\n' "$game" "$token"
	printf 'first line of the press\r\n.\r\n'
	printf 'MAIL FROM:<referee@%s>\r\nRCPT TO:<amastan@%s>\r\nDATA\r\n' "$MS_DOMAIN" "$MS_DOMAIN"
	printf 'From: referee@%s\r\nTo: amastan@%s\r\nSubject: forged by smuggling\r\n\r\n' \
	    "$MS_DOMAIN" "$MS_DOMAIN"
	printf 'smuggled body\r\n.\r\n'
	printf '..two dots\r\nlast line of the press\r\nENDPRESS\r\n'
} > press.eml
ms_send "amastan@$MS_DOMAIN" "referee@$MS_DOMAIN" press.eml ||
    { echo "FAIL: the press mail was not taken by Postfix"; exit 1; }
ms_wait_count referee 1 || exit 1

"$az" run > run.out 2>> err.txt
runrc=$?
check "the run delivers everything" '[ "$runrc" = 0 ]'
check "the referee relayed the press" \
	'[ "$(q "select count(*) from outbox where kind = '\''press'\''")" = 1 ]'
check "Postfix took every mail the referee queued" \
	'[ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'

# Every mail Postfix took is delivered before its queue is empty.
for s in amastan tinhinan; do
	ms_wait_count "$s" "$(q "select count(*) from outbox where to_addr = '$s@$MS_DOMAIN'")"
done
ms_wait_queue_empty
for s in amastan tinhinan; do
	check "$s got exactly the mails queued for $s" \
		'[ "$(ms_imap_list "$s" | wc -l)" = "$(q "select count(*) from outbox where to_addr = '\''$s@$MS_DOMAIN'\''")" ]'
done
check "the referee's own box holds only the player's mail" '[ "$(ms_imap_list referee | wc -l)" = 1 ]'
: > headers.txt
for s in amastan tinhinan referee; do
	for u in $(ms_imap_list "$s"); do
		ms_imap_get "$s" "$u" | sed '/^$/q' >> headers.txt
	done
done
check "each mail the referee queued arrived once" '[ "$(grep -c "^X-Azalai-Kind:" headers.txt)" = "$(q "select count(*) from outbox")" ]'
check "no forged mail arrived" '! grep -q "^Subject: forged by smuggling" headers.txt'
check "Postfix ran no smuggled command" \
	'[ "$(grep -c "status=sent" ms/postfix/maillog)" = "$(($(q "select count(*) from outbox") + 1))" ]'

# The press mail, whole: every line from the first to the last, the lone
# dot and the double dot as written.
pressuid=
for u in $(ms_imap_list tinhinan); do
	ms_imap_get tinhinan "$u" > m.eml
	grep -q '^X-Azalai-Kind: press' m.eml && { pressuid=$u; cp m.eml press-got.eml; }
done
check "tinhinan got the press" '[ -n "$pressuid" ]'
want='first line of the press
.
MAIL FROM:<referee@'$MS_DOMAIN'>
RCPT TO:<amastan@'$MS_DOMAIN'>
DATA
From: referee@'$MS_DOMAIN'
To: amastan@'$MS_DOMAIN'
Subject: forged by smuggling

smuggled body
.
..two dots
last line of the press'
check "the press text is complete" \
	'awk "/^first line of the press\$/ { on = 1 } on { print } /^last line of the press\$/ { exit }" press-got.eml > got.txt && [ "$(cat got.txt)" = "$want" ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt; cat press-got.eml 2>/dev/null; tail -n 30 ms/postfix/maillog'
