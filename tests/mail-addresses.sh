#!/bin/sh
# Addresses and ids from the edges of the mail, through the real Postfix:
# - a seat at a Unicode domain gets its mail at the domain's IDNA A-labels,
#   the To header, the envelope Postfix took (X-Original-To) and the outbox
#   row naming one address;
# - an answer to a local part that is not ASCII (it needs SMTPUTF8 and an
#   8-bit To) never leaves: the outbox says why, Postfix hears nothing of it;
# - a Message-ID or References that are not RFC 5322 msg-ids (8-bit) do not
#   reach In-Reply-To or References, while the referee's own id still
#   threads the answer, and no header of any mail holds an 8-bit byte;
# - a display name with a stray quote does not hide the seat's own address:
#   its order is applied, not held as foreign, and nothing is queued to an
#   address without a domain.
# Mail comes in by IMAP APPEND (Postfix would rewrite the headers under
# test) and leaves through Postfix, which delivers into Dovecot.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
at_exit ms_stop
chmod 755 "$dir"
idn=xn--exmple-cua.test
# exämple.test's A-labels lead to tinhinan's box; Postfix records the
# recipient it was given in X-Original-To.
echo "tinhinan@$idn tinhinan@azalai.test" > "$dir/aliases"
chmod 644 "$dir/aliases"
MAILSERVER_MAIN_CF="virtual_alias_domains = $idn
virtual_alias_maps = texthash:$dir/aliases"
ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
cd "$dir"

ms_referee_config "$src" 10
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN --seat 'tinhinan=tinhinan@exämple.test' \
    > seats.txt 2> err.txt
game=$(head -n 1 seats.txt)
token=$(awk '$1 == "seat" && $2 == "amastan" { print $4 }' seats.txt)
n=0
mail() {
	n=$((n + 1))
	printf 'From: %s\r\nTo: referee@%s\r\nSubject: orders\r\nMessage-ID: %s\r\n%b\r\n%b\r\n' \
	    "$1" "$MS_DOMAIN" "$2" "$3" "$4" > "in-$n.eml"
	check "mail $n reached the referee's box" 'ms_imap_put referee "in-$n.eml"'
}
# The seat asks, with an 8-bit Message-ID, replying to a referee mail and
# to an 8-bit id.
mail "amastan@$MS_DOMAIN" '<ä.1@azalai.test>' \
    "References: <ü@x.test> <azalai.0.own@$MS_DOMAIN>\r\n" \
    "GAME $game\r\nSEAT amastan\r\nTOKEN $token\r\nSTATUS"
# The seat's order, from its own address behind a name with a stray quote.
mail "\"<b>A</b> \"><i>x</i>\" <amastan@$MS_DOMAIN>" '<stray.1@azalai.test>' '' \
    "GAME $game\r\nSEAT amastan\r\nTOKEN $token\r\nHOLE a"
# A stranger whose local part is not ASCII asks for help.
mail 'jürgen@exämple.test' '<j.1@exaemple.test>' '' 'HELP'
# Nobody with a domain asks for help.
mail '"<b>A</b> "' '<nd.1@azalai.test>' '' 'HELP'

"$az" run > run.out 2>> err.txt

check "the order from behind the stray quote was applied" \
	'[ "$(q "select status || '\'' '\'' || reason from messages where message_id = '\''stray.1@azalai.test'\''")" = "done 1 accepted, 0 rejected" ]'
check "the seat's mail is not held as foreign" '[ "$(q "select count(*) from held_mails")" = 0 ]'
check "no receipt was queued" '[ "$(q "select count(*) from outbox where kind = '\''receipt'\''")" = 0 ]'
check "nothing was queued to an address without a domain" \
	'[ "$(q "select count(*) from outbox where to_addr not like '\''%_@_%'\''")" = 0 ]'
check "the seat at exämple.test is queued at its A-labels" \
	'[ "$(q "select count(*) from outbox where to_addr = '\''tinhinan@$idn'\''")" -ge 1 ] &&
	 [ "$(q "select count(*) from outbox where to_addr like '\''tinhinan@%'\'' and to_addr <> '\''tinhinan@$idn'\''")" = 0 ]'

# The answer to jürgen: refused before the transport, and why.
jrow="to_addr like 'j%rgen@%'"
check "the answer to jürgen is queued" '[ "$(q "select count(*) from outbox where $jrow")" = 1 ]'
check "the answer to jürgen failed for good, saying SMTPUTF8" \
	'[ "$(q "select count(*) from outbox where $jrow and status = '\''failed'\'' and last_error like '\''%SMTPUTF8%'\''")" = 1 ]'
"$az" outbox list > outbox.txt 2>&1
check "azalai outbox list shows the reason" 'grep -q "last error: .*SMTPUTF8" outbox.txt'
check "the log says why" 'grep -q "rgen@.*SMTPUTF8" azalai.log'
check "every other mail went" \
	'[ "$(q "select count(*) from outbox where status <> '\''sent'\'' and not ($jrow)")" = 0 ]'

# What Postfix took and delivered.
for s in amastan tinhinan; do
	ms_wait_count "$s" "$(q "select count(*) from outbox where to_addr like '$s@%'")"
done
ms_wait_queue_empty
check "Postfix never heard of jürgen" '! grep -q "rgen@" ms/postfix/maillog'
: > headers.txt
for s in amastan tinhinan; do
	for u in $(ms_imap_list "$s"); do
		ms_imap_get "$s" "$u" > "$s-$u.eml"
		sed '/^$/q' "$s-$u.eml" >> headers.txt
	done
done
check "every mail queued for the seats arrived" \
	'[ "$(grep -c "^X-Azalai-Kind:" headers.txt)" = "$(q "select count(*) from outbox where status = '\''sent'\''")" ]'
check "no header holds an 8-bit byte" '! LC_ALL=C grep -q "[^ -~	]" headers.txt'

# tinhinan's welcome: To, envelope and row are one address.
tw=$(grep -l "^X-Azalai-Kind: welcome" tinhinan-*.eml | head -n 1)
check "tinhinan got the welcome mail" '[ -n "$tw" ]'
check "its To is the A-label address" '[ -n "$tw" ] && grep -q "^To: tinhinan@$idn\$" "$tw"'
check "its envelope recipient is the same" \
	'[ -n "$tw" ] && grep -q "^X-Original-To: tinhinan@$idn\$" "$tw"'

# The answers to the 8-bit mail thread under the referee's id for it, after
# the seat's welcome (the thread of the game, which they then answer: the
# 8-bit mail's own ids cannot be named); the order behind the stray quote is
# answered as the seat's.
unfold() {
	sed '/^$/q' "$1" | awk '/^[ \t]/ { sub(/^[ \t]+/, " "); printf "%s", $0; next }
	    NR > 1 { print "" } { printf "%s", $0 } END { print "" }'
}
answers=
for f in amastan-*.eml; do
	unfold "$f" | grep -q "^References: .*<azalai.0.own@$MS_DOMAIN>" && answers="$answers $f"
done
threaded() {
	[ -n "$answers" ] || return 1
	for f in $answers; do
		unfold "$f" | grep -q "^In-Reply-To:" &&
		    ! unfold "$f" | grep -Eq "^In-Reply-To: <azalai\.[!-=?-~]*>\$" && return 1
		unfold "$f" | grep -Eq "^References: (<azalai\.[!-=?-~]*> )?<azalai.0.own@$MS_DOMAIN>\$" ||
		    return 1
	done
}
check "amastan got the answer to the 8-bit mail" '[ -n "$answers" ]'
check "it replies to no id of the 8-bit mail; References end with the referee's" threaded
check "amastan got the ack of the order behind the stray quote" \
	'grep -l "^In-Reply-To: <stray.1@$MS_DOMAIN>\$" amastan-*.eml | xargs grep -q "^X-Azalai-Kind: ack\$"'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt run.out; cat outbox.txt; tail -n 30 ms/postfix/maillog'
