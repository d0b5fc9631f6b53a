#!/bin/sh
# A player's press through deliver.method sendmail, with the default
# command and the real Postfix's sendmail (MAIL_CONFIG points it at the
# private Postfix of tests/mailserver.sh), then the same press over SMTP.
# A line that is "." or starts with one must not end the mail (sendmail
# without -oi stops there), and a bare CR, a NUL and a line as long as an
# order mail may hold in the press must not make the mail ill-formed on the
# way.
# The envelope sender is the referee, so that bounces come back to it and
# not to the Unix user that ran the referee.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
ms_buqruru
[ -x /usr/sbin/sendmail ] || { echo "SKIP: no /usr/sbin/sendmail"; exit 77; }
export MAIL_CONFIG="$dir/ms/postfix/etc"
"$az" run > /dev/null 2>> err.txt || fail "the run that sends the welcome mails"
cp azalai.yaml smtp.yaml
sed '/^deliver:/,$d' smtp.yaml > sendmail.yaml
printf 'deliver:\n  method: sendmail\n' >> sendmail.yaml

# As long as an order mail's line may be: longer ones are refused.
long=$(awk 'BEGIN { for (i = 0; i < 99; i++) printf "0123456789"; printf "01234567" }')
n=0
# $1 the press's tag: two press mails into the referee's box, one with dot
# lines in 7-bit text, one whose quoted-printable body decodes to a bare CR,
# a NUL and a line of 998 characters.
presses() {
	n=$((n + 1))
	{
		printf 'From: amastan@%s\r\nTo: referee@%s\r\nSubject: press\r\n' "$MS_DOMAIN" "$MS_DOMAIN"
		printf 'Message-ID: <dots.%d@%s>\r\n\r\n' "$n" "$MS_DOMAIN"
		printf 'GAME %s\r\nSEAT amastan\r\nTOKEN %s\r\nPRESS TO tinhinan\r\n' "$game" "$token"
		printf 'dots %s begin\r\n.\r\n.leading dot\r\n..two dots\r\n.\r\n' "$1"
		printf 'dots %s end\r\nENDPRESS\r\n' "$1"
	} > dots.eml
	{
		printf 'From: amastan@%s\r\nTo: referee@%s\r\nSubject: press\r\n' "$MS_DOMAIN" "$MS_DOMAIN"
		printf 'Message-ID: <bytes.%d@%s>\r\nMIME-Version: 1.0\r\n' "$n" "$MS_DOMAIN"
		printf 'Content-Type: text/plain; charset=us-ascii\r\n'
		printf 'Content-Transfer-Encoding: quoted-printable\r\n\r\n'
		printf 'GAME %s\r\nSEAT amastan\r\nTOKEN %s\r\nPRESS TO tinhinan\r\n' "$game" "$token"
		printf 'bytes %s begin\r\nbare=0Dcarriage return\r\nnul=00byte\r\n' "$1"
		printf '%s\n' "$long" | fold -w 70 | sed '$!s/$/=/; s/$/\r/'
		printf 'after long\r\nbytes %s end\r\nENDPRESS\r\n' "$1"
	} > bytes.eml
	ms_send "amastan@$MS_DOMAIN" "referee@$MS_DOMAIN" dots.eml &&
	    ms_send "amastan@$MS_DOMAIN" "referee@$MS_DOMAIN" bytes.eml &&
	    MS_SENT=$((MS_SENT + 2)) && ms_wait_count referee "$MS_SENT"
}

# The text/plain part of the mail on stdin, decoded.
plain() {
	python3 -c 'import email, email.policy, sys
m = email.message_from_binary_file(sys.stdin.buffer, policy=email.policy.default)
sys.stdout.write(m.get_body(preferencelist=("plain",)).get_content())'
}
# The press mail to tinhinan that holds $1, as delivered, into $2.
got() {
	for f in $(ms_delivered tinhinan); do
		plain < "$f" | grep -q "^$1 begin" && { cp "$f" "$2"; return 0; }
	done
	return 1
}
# The press text of a delivered mail, decoded, from its first line to its last.
text() {
	plain < "$1" |
	    awk -v t="$2" '$0 ~ "^" t " begin" { on = 1 } on { print } $0 ~ "^" t " end" { exit }'
}
# Ill-formed on the wire: a bare CR or LF, a NUL, a line over 998 octets.
well_formed() {
	python3 - "$1" <<'PY'
import sys
raw = open(sys.argv[1], "rb").read()
bad = b"\0" in raw or b"\r" in raw.replace(b"\r\n", b"")
bad = bad or any(len(l) > 998 for l in raw.split(b"\n"))
sys.exit(1 if bad else 0)
PY
}

dots_want='dots T begin
.
.leading dot
..two dots
.
dots T end'
for t in sendmail smtp; do
	cp "$t.yaml" azalai.yaml
	presses "$t" || fail "the press mails did not reach the referee"
	"$az" run > /dev/null 2>> err.txt
	rc=$?
	check "$t: the run relays both presses" \
		'[ "$rc" = 0 ] && [ "$(q "select count(*) from outbox where kind = '\''press'\'' and status = '\''sent'\''")" = $((n * 2)) ]'
	check "$t: tinhinan got the dots press" 'got "dots $t" "dots-$t.eml"'
	check "$t: its lines of dots arrived whole, as written" \
		'[ "$(text "dots-$t.eml" "dots $t")" = "$(echo "$dots_want" | sed "s/ T / $t /")" ]'
	check "$t: tinhinan got the press of odd bytes" 'got "bytes $t" "bytes-$t.eml"'
	check "$t: its text arrived, the long line whole" \
		'text "bytes-$t.eml" "bytes $t" > bytes-$t.txt &&
		grep -q "^bytes $t begin" bytes-$t.txt && grep -q "^bytes $t end" bytes-$t.txt &&
		grep -qx "$long" bytes-$t.txt && grep -q "after long" bytes-$t.txt'
	check "$t: the mail on disk has CRLF or LF lines only, no NUL, none over 998" \
		'well_formed "bytes-$t.eml"'
done
check "sendmail: the envelope sender is the referee (bounces come back)" \
	'grep -qx "Return-Path: <referee@$MS_DOMAIN>" dots-sendmail.eml'
check "smtp: the envelope sender is the referee" \
	'grep -qx "Return-Path: <referee@$MS_DOMAIN>" dots-smtp.eml'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt; tail -n 20 ms/postfix/maillog'
