#!/bin/sh
# The unsubscribe button of a mail client (issue 30): a seat's mails carry
# a List-Unsubscribe mailto: whose mail asks, in the seat's words, for
# NOTIFY digest with a code instead of the token. Sent as a client sends
# it, the seat is told less and the answer says so in its language; sent
# twice, the same. The code never changes anything else: edited to ask for
# more, copied into another seat's or game's mail, sent from a stranger's
# address (held, as any mail from one), or kept by a player the seat was
# taken from, it is refused and the seat stays as it was.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1

printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nreferee:\n  address: referee@example.org\n' \
    "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat "amastan=amastan@example.org lang=de" \
    --seat tinhinan=tinhinan@example.org > g1.txt 2> err.txt
"$az" new buqruru --seat "amastan=amastan@example.org lang=de" \
    --seat tinhinan=tinhinan@example.org > g2.txt 2> err.txt
g1=$(head -n 1 g1.txt) g2=$(head -n 1 g2.txt)
n=0
# send FILE: the mail into the Maildir, and a run; what became of it in t.txt.
send() {
	n=$((n + 1))
	cp "$1" "Maildir/new/m$n"
	"$az" run > /dev/null 2>&1
	q "SELECT status || ': ' || reason FROM messages ORDER BY id DESC LIMIT 1" > t.txt
}
said() { grep -q -- "$1" t.txt || { echo "wanted \"$1\" in:"; cat t.txt; return 1; }; }
# uri GAME ADDRESS: the List-Unsubscribe of the newest mail of GAME to ADDRESS.
uri() { q "SELECT o.unsub FROM outbox o JOIN games g ON g.id = o.game_id
    WHERE g.name = '$1' AND o.to_addr = '$2' AND o.unsub != ''
    ORDER BY o.id DESC LIMIT 1"; }
notify() { q "SELECT s.notify FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.name = '$1' AND s.name = '$2'"; }
# tap URI FROM [SED]: the mail a client makes of URI, edited by SED (on
# the URI, where the words are percent-encoded, as the client shows them).
tap() {
	python3 "$src/tests/onetap.py" link-mail "$(printf '%s' "$1" | sed -e "${3:-}")" \
	    "$2" "<u$n@x>" > u.eml
	send u.eml
}
line=NACHRICHT%20T%C3%84GLICH

"$az" run > /dev/null 2>&1
u1=$(uri "$g1" amastan@example.org)
check "a seat's mail carries a List-Unsubscribe with a code, not the token" \
	'case $u1 in "mailto:referee@example.org?subject="*CODE%20*) ;; *) false ;; esac &&
	 tok=$(awk "\$2 == \"amastan\" { print \$4 }" g1.txt) && [ -n "$tok" ] &&
	 ! printf "%s" "$u1" | grep -q "$tok"'
check "the delivered mail's header is the one queued" \
	'grep -l "^To: amastan@example.org" outbox/*.eml | xargs grep -h "^List-Unsubscribe:" |
	     grep -qF "<$u1>"'
check "its mail asks, in the seat's words, for the quietest mode" \
	'printf "%s" "$u1" | grep -q "subject=$line&body=SPIEL%20$g1%0D%0APLATZ%20amastan%0D%0A$line%0D%0ACODE%20"'

# Attacks first: the seat must stay as it was.
tap "$u1" amastan@example.org "s/%0D%0A$line%0D%0A/%0D%0ANACHRICHT%20JEDE%0D%0A/"
check "a code edited to ask for another mode: refused" \
	'said "asks only for the one line" && [ -z "$(notify "$g1" amastan)" ]'
check "... and told so in the seat's language, with the line it asks for" \
	'q "SELECT body FROM outbox WHERE to_addr = '\''amastan@example.org'\'' AND
	     kind = '\''problem'\'' ORDER BY id DESC LIMIT 1" | flat |
	 grep -q "verlangt nur die eine Zeile seines Abmeldelinks, *unverändert *(NACHRICHT *TÄGLICH)"'
tap "$u1" amastan@example.org "s/%0D%0A$line%0D%0A/%0D%0ALOCH%20a%0D%0A/"
check "a code edited into an order: refused, the game does not move" \
	'said "asks only for the one line" &&
	 [ "$(q "SELECT count(*) FROM events WHERE kind = '\''order'\''")" = 0 ]'
tap "$u1" amastan@example.org "s/SPIEL%20$g1%0D/SPIEL%20$g2%0D/"
check "a code copied into a mail for another game: refused" \
	'said "another game or seat" && [ -z "$(notify "$g2" amastan)" ]'
tap "$u1" tinhinan@example.org "s/PLATZ%20amastan/PLATZ%20tinhinan/"
check "a code copied into a mail for another seat: refused" \
	'said "another game or seat" && [ -z "$(notify "$g1" tinhinan)" ]'
tap "$u1" mallory@example.org
check "the link sent from a stranger's address: held, as any mail from one" \
	'said "^done: held" && [ -z "$(notify "$g1" amastan)" ]'

tap "$u1" amastan@example.org
check "the link sent from the seat: NOTIFY digest is taken" \
	'[ "$(notify "$g1" amastan)" = digest ] && [ -z "$(notify "$g2" amastan)" ]'
ack() { q "SELECT subject || char(10) || body FROM outbox WHERE to_addr =
    'amastan@example.org' AND kind = 'ack' ORDER BY id DESC LIMIT 1"; }
check "... and the seat is told so in its language" \
	'ack | grep -q "^Buqruru $g1: Befehle angenommen" &&
	 ack | grep -q "NACHRICHT TÄGLICH" && ack | grep -q "höchstens einen Bericht am Tag"'
tap "$u1" amastan@example.org
check "the same link again: answered as the first, nothing refused" \
	'said "^done" && ! grep -q refused t.txt && [ "$(notify "$g1" amastan)" = digest ]'

# The seat handed to a new player: the old player's link changes nothing.
"$az" seat "$g2" amastan replace amastan2@example.org > /dev/null 2>&1
"$az" run > /dev/null 2>&1
old=$(uri "$g2" amastan@example.org)
tap "$old" amastan@example.org
check "a former player's link: refused, the new player's seat unchanged" \
	'[ -n "$old" ] && said "former address" && [ -z "$(notify "$g2" amastan)" ]'
new=$(uri "$g2" amastan2@example.org)
tap "$new" amastan2@example.org
check "the new player's own link works" \
	'[ -n "$new" ] && [ "$new" != "$old" ] && [ "$(notify "$g2" amastan)" = digest ]'
# The table the codes are checked against; the mail that carried the link
# is in the outbox, as sent, until retention.
check "the codes' table keeps no code, only its hash" \
	'code=$(printf "%s" "$new" | sed "s/.*CODE%20\([a-z0-9]*\).*/\1/") &&
	 [ ${#code} = 26 ] && [ "$(q "SELECT count(*) FROM order_codes WHERE kind = '\''unsub'\''
	     AND hash = '\''$(printf %s "$code" | sha256sum | cut -c1-64)'\''")" = 1 ] &&
	 ! sqlite3 azalai.db "SELECT * FROM order_codes" | grep -q "$code"'
finish
