#!/bin/sh
# The codes of one-tap links and replies by number (issue 30) play what they
# were made for, once, and nothing else: a code used twice, at a later step,
# copied into a mail for another seat, order or game, sent from a stranger's
# address, a link whose order was edited or had one added, a number with no
# report to answer, answering an old report or twice, a code of a seat's
# former player: each is refused (or held, as any mail from a stranger) and
# the game does not move. A tap refused while the game is paused is not
# spent: it plays after the pause; nor is one held from a stranger: the
# seat's own tap of it plays. A signature the mail client adds is no second
# order. Codes are random, and the ledger keeps none of them.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1

printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nreferee:\n  address: referee@example.org\n' \
    "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
seats="--seat amastan=amastan@example.org --seat tinhinan=tinhinan@example.org"
# shellcheck disable=SC2086
"$az" new buqruru $seats > g1.txt 2> err.txt
# shellcheck disable=SC2086
"$az" new buqruru $seats > g2.txt 2> err.txt
# shellcheck disable=SC2086
"$az" new buqruru $seats > g3.txt 2> err.txt
g1=$(head -n 1 g1.txt) g2=$(head -n 1 g2.txt) g3=$(head -n 1 g3.txt)
tok() { awk -v s="$2" '$1 == "seat" && $2 == s { print $4 }' "$1"; }
n=0
# send FILE: the mail into the Maildir, and a run; what became of it in t.txt.
send() {
	n=$((n + 1))
	cp "$1" "Maildir/new/m$n"
	"$az" run > /dev/null 2>&1
	last > t.txt
}
order() { # order GAMEFILE SEAT LINE: the seat's own order, with its token
	printf 'From: %s@example.org\nMessage-ID: <o%s@x>\nSubject: o\n\nGAME %s\nSEAT %s\nTOKEN %s\n%s\n' \
	    "$2" "$n" "$(head -n 1 "$1")" "$2" "$(tok "$1" "$2")" "$3" > o.eml
	send o.eml
}
moves() { q "SELECT count(*) FROM events e JOIN games g ON g.id = e.game_id
    WHERE g.name = '$1' AND e.kind = 'order'"; }
last() { q "SELECT status || ': ' || reason FROM messages ORDER BY id DESC LIMIT 1"; }
held_in() { q "SELECT count(*) FROM held_mails h JOIN games g ON g.id = h.game_id
    WHERE g.name = '$1'"; }
held_code() { q "SELECT h.code FROM held_mails h JOIN games g ON g.id = h.game_id
    WHERE g.name = '$1'"; }
newest() { q "SELECT max(o.id) FROM outbox o JOIN games g ON g.id = o.game_id
    WHERE g.name = '$1' AND o.to_addr = '$2@example.org' AND o.html LIKE '%mailto:%'"; }
link() { python3 "$src/tests/onetap.py" links azalai.db "$1" |
    sed -n "$2p" | python3 -c 'import json, sys; print(json.load(sys.stdin)["body"])'; }
url() { python3 - "$1" "$2" <<'PY'
import html, re, sqlite3, sys
page = sqlite3.connect("azalai.db").execute("SELECT html FROM outbox WHERE id = ?",
                                            (int(sys.argv[1]),)).fetchone()[0]
print(html.unescape(re.findall(r'href="(mailto:[^"]*)"', page)[int(sys.argv[2]) - 1]))
PY
}
# tap OID K FROM [SED]: the mail a client makes of link K of mail OID, its
# body edited by SED, sent.
tap() {
	python3 "$src/tests/onetap.py" link-mail "$(url "$1" "$2")" "$3" "<t$n@x>" |
	    sed -e "${4:-}" > t.eml
	send t.eml
}
# The answer to the last tap (the Message-ID tap gave it; send counted on).
answer() { q "SELECT body FROM outbox WHERE in_reply_to = 't$((n - 1))@x'"; }
said() { grep -q -- "$1" t.txt || { echo "wanted \"$1\" in:"; cat t.txt; return 1; }; }

# Both games at the same step: amastan sows, tinhinan is asked.
order g1.txt amastan "HOLE a"
order g2.txt amastan "HOLE a"
r1=$(newest "$g1" tinhinan) r2=$(newest "$g2" tinhinan)
check "tinhinan's report has links" '[ -n "$r1" ] && [ -n "$(link "$r1" 1)" ]'
check "no link holds the seat's token" \
	'! q "SELECT html FROM outbox" | grep -qi "$(tok g1.txt tinhinan)"'

before=$(moves "$g1")
tap "$r1" 1 evil@example.net
check "a link sent from a stranger's address is held, as any mail from one" \
	'[ "$(q "SELECT count(*) FROM held_mails")" = 1 ] && [ "$(moves "$g1")" = "$before" ]'

# Link 2's code, in a mail for game 2 (where the same order is legal).
tap "$r1" 2 tinhinan@example.org "s/^GAME $g1/GAME $g2/"
check "a code copied into a mail for another game: refused" \
	'said "another game or seat" && [ "$(moves "$g2")" = 1 ]'
tap "$r1" 2 tinhinan@example.org "s/^SEAT tinhinan/SEAT amastan/"
check "a code copied into a mail for another seat: refused" \
	'said "another game or seat" && [ "$(moves "$g1")" = "$before" ]'
# Link 2's code with link 3's order: edited in the client.
mine=$(link "$r1" 2 | sed -n 4p | tr -d '\r')
other=$(link "$r1" 3 | sed -n 4p | tr -d '\r')
tap "$r1" 2 tinhinan@example.org "s/^$mine/$other/"
check "a link whose order was edited: refused" \
	'said "only the one order" && [ "$(moves "$g1")" = "$before" ]'
tap "$r1" 2 tinhinan@example.org "s/^\($mine\)\(.*\)\$/$other\2\n\1\2/"
check "a link with another order added above its own: refused" \
	'said "only the one order" && [ "$(moves "$g1")" = "$before" ]'

# The decision passes (tinhinan by token, then amastan): link 2 is old.
order g1.txt tinhinan "$(link "$r1" 4 | sed -n 4p | tr -d '\r')"
ra=$(newest "$g1" amastan)
order g1.txt amastan "$(link "$ra" 1 | sed -n 4p | tr -d '\r')"
before=$(moves "$g1")
step=$(link "$(newest "$g1" tinhinan)" 1 | sed -n 3p | tr -d '\r')
tap "$r1" 2 tinhinan@example.org
check "a code at a later step, as it came: refused as stale" \
	'said "^rejected: stale" && [ "$(moves "$g1")" = "$before" ]'
tap "$r1" 3 tinhinan@example.org "s/^STEP .*/$step/"
check "a code at a later step, its STEP made the new one: refused" \
	'said "another step" && [ "$(moves "$g1")" = "$before" ]'
tap "$r1" 3 tinhinan@example.org "/^STEP /d"
check "a code at a later step, its STEP line deleted: refused" \
	'said "another step" && [ "$(moves "$g1")" = "$before" ]'

# Replies by number.
reply() { # reply OID FROM LINE [--no-thread]
	python3 "$src/tests/onetap.py" reply-mail azalai.db "$1" "$2" "<r$n@x>" "$3" ${4:-} > r.eml
	send r.eml
}
rt=$(newest "$g1" tinhinan)
reply "$rt" tinhinan@example.org 1 --no-thread
check "a number answering no report: refused, saying what is missing" \
	'said "press Reply on the report" && [ "$(moves "$g1")" = "$before" ] &&
	 q "SELECT body FROM outbox ORDER BY id DESC LIMIT 1" | grep -q "press Reply"'
reply "$r1" tinhinan@example.org 1
check "a number answering an old report: refused as stale" \
	'said "^rejected: stale" && [ "$(moves "$g1")" = "$before" ]'
reply "$rt" tinhinan@example.org 9
check "a number the report has no choice for: refused" \
	'said "has no choice 9" && [ "$(moves "$g1")" = "$before" ]'
# Threaded mail: References holds the whole thread, the reader's welcome
# and older reports (whose codes may be unspent) before the mail answered.
# A number answers the mail In-Reply-To names (or the last of References),
# never one before it: here an ack, which numbers nothing.
mid() { q "SELECT message_id FROM outbox WHERE id = $1"; }
welcome=$(q "SELECT o.message_id FROM outbox o JOIN games g ON g.id = o.game_id
    WHERE g.name = '$g1' AND o.kind = 'welcome' AND o.to_addr = 'tinhinan@example.org'")
ack=$(q "SELECT max(o.id) FROM outbox o JOIN games g ON g.id = o.game_id
    WHERE g.name = '$g1' AND o.kind = 'ack' AND o.to_addr = 'tinhinan@example.org'")
printf 'From: tinhinan@example.org\nTo: referee@example.org\nSubject: Re: ack\nMessage-ID: <a%s@x>\nIn-Reply-To: <%s>\nReferences: <%s>\n <%s> <%s>\n\n1\n' \
    "$n" "$(mid "$ack")" "$welcome" "$(mid "$rt")" "$(mid "$ack")" > a.eml
send a.eml
check "a number answering an ack plays no older report's unspent code" \
	'said "press Reply on the report" && [ "$(moves "$g1")" = "$before" ]'
# As a client threads it now: the welcome first, the report answered last.
printf 'From: tinhinan@example.org\nTo: referee@example.org\nSubject: Re: r\nMessage-ID: <b%s@x>\nIn-Reply-To: <%s>\n\n%s\n' \
    "$n" "$(mid "$rt")" "ORDER 1" > b.eml
send b.eml
first=$(python3 "$src/tests/onetap.py" choices azalai.db "$rt" | sed -n 1p | cut -f2)
check "ORDER 1 answering the newest report (In-Reply-To alone) plays its first choice" \
	'grep -q "^done: 1 accepted" t.txt && [ "$(moves "$g1")" = $((before + 1)) ] &&
	 [ -n "$first" ] && [ "$(q "SELECT o.text FROM orders o WHERE o.message =
	     (SELECT max(id) FROM messages) AND o.status = '"'accepted'"'")" = "$first" ]'
reply "$rt" tinhinan@example.org 2
check "a second number answering the same report: refused, used already" \
	'said "by number already" && [ "$(moves "$g1")" = $((before + 1)) ]'

# A code plays once when its order is played, not when it is read: a tap
# refused because the game is paused plays after the pause, at that step.
"$az" pause "$g2" a break > /dev/null 2>&1
tap "$r2" 1 tinhinan@example.org
check "a link tapped while the game is paused: refused, the game does not move" \
	'answer | grep -q "rejected: the game is paused" && [ "$(moves "$g2")" = 1 ]'
"$az" resume "$g2" > /dev/null 2>&1
tap "$r2" 1 tinhinan@example.org
check "the same link after the pause plays: its code was not spent" \
	'grep -q "^done: 1 accepted" t.txt && [ "$(moves "$g2")" = 2 ]'
tap "$r2" 1 tinhinan@example.org
check "and then once only" 'said "used already" && [ "$(moves "$g2")" = 2 ]'

# A code is spent when its order is played, not by a mail held for the
# seat's CONFIRM: a stranger's tap of a forwarded link is held; the seat's
# own tap of the same link plays; the held one, confirmed, is used up.
order g3.txt amastan "HOLE a"
r3=$(newest "$g3" tinhinan)
tap "$r3" 1 evil@example.net
check "a forwarded link tapped by a stranger: held, the game does not move" \
	'[ "$(held_in "$g3")" = 1 ] && [ "$(moves "$g3")" = 1 ]'
tap "$r3" 1 tinhinan@example.org
check "the seat's own tap of that link plays it" \
	'grep -q "^done: 1 accepted" t.txt && [ "$(moves "$g3")" = 2 ]'
code=$(held_code "$g3")
sent=$(q "SELECT max(id) FROM outbox")
order g3.txt tinhinan "CONFIRM $code"
# Told to the seat that confirmed it, not to the stranger, who learns
# nothing of the game from the referee.
to_since() { q "SELECT to_addr || ' ' || replace(body, char(10), ' ') FROM outbox
    WHERE id > $1 ORDER BY id"; }
check "the stranger's held tap, confirmed: refused, used already, told the seat" \
	'[ "$(moves "$g3")" = 2 ] &&
	 to_since "$sent" | grep "^tinhinan@example.org " | grep -q "used already" &&
	 ! to_since "$sent" | grep -q "^evil@example.net "'

# The same for a reply by number: a stranger's "1" to a forwarded report is
# held and spends nothing; the seat's own "1" plays.
# shellcheck disable=SC2086
"$az" new buqruru $seats > g4.txt 2> err.txt
g4=$(head -n 1 g4.txt)
order g4.txt amastan "HOLE a"
r4=$(newest "$g4" tinhinan)
reply "$r4" evil@example.net 1
check "a forwarded report answered by number by a stranger: held" \
	'[ "$(held_in "$g4")" = 1 ] && [ "$(moves "$g4")" = 1 ]'
reply "$r4" tinhinan@example.org 1
check "the seat's own number plays it" \
	'said "^done: 1 accepted" && [ "$(moves "$g4")" = 2 ]'
code=$(held_code "$g4")
sent=$(q "SELECT max(id) FROM outbox")
order g4.txt tinhinan "CONFIRM $code"
check "the stranger's held number, confirmed: refused, told the seat" \
	'[ "$(moves "$g4")" = 2 ] &&
	 to_since "$sent" | grep "^tinhinan@example.org " | grep -q "by number already" &&
	 ! to_since "$sent" | grep -q "^evil@example.net "'

# The line a phone's mail client adds below every mail it writes.
# shellcheck disable=SC2086
"$az" new buqruru $seats > g5.txt 2> err.txt
g5=$(head -n 1 g5.txt)
order g5.txt amastan "HOLE a"
r5=$(newest "$g5" tinhinan)
tap "$r5" 1 tinhinan@example.org 's/^CODE .*/&\n\nSent from my iPhone/'
check "a link with the signature a mail client adds plays" \
	'said "^done: 1 accepted" && [ "$(moves "$g5")" = 2 ]'

# A seat handed to another player: the former player's unused link and
# number codes play nothing, even with the new address forged as From.
ra5=$(newest "$g5" amastan)
"$az" seat "$g5" amastan replace ama2@example.org > /dev/null 2>&1
tap "$ra5" 1 ama2@example.org
check "a former player's link, From the new player's address: refused" \
	'said "former player" && [ "$(moves "$g5")" = 2 ]'
reply "$ra5" ama2@example.org 1
check "a former player's report answered by number: refused" \
	'said "former player" && [ "$(moves "$g5")" = 2 ]'

# Codes come from the kernel, not from the ledger's history: a second
# ledger that lived the same commands holds other codes.
mkdir twin
sed "s|azalai.log|twin.log|" azalai.yaml > twin/azalai.yaml
# shellcheck disable=SC2086
(cd twin && "$az" init && "$az" new buqruru $seats) > /dev/null 2>&1
unsub() { sqlite3 "$1" "SELECT unsub FROM outbox WHERE unsub <> '' ORDER BY id LIMIT 1"; }
check "a second ledger with the same history has other codes" \
	'a=$(unsub azalai.db) && b=$(unsub twin/azalai.db) && [ -n "$a" ] && [ -n "$b" ] &&
	 [ "$a" != "$b" ]'
# The ledger keeps a code's hash: the link and reply codes of a report
# are nowhere in order_codes (nor, hashed, is their text).
lc=$(link "$r5" 1 | sed -n "s/^CODE \([a-z0-9]*\).*/\1/p")
rc=$(q "SELECT message_id FROM outbox WHERE id = $r5" | sed -n "s/.*\.\([a-z0-9]\{26\}\)@.*/\1/p")
check "order_codes keeps no link or reply code" \
	'[ ${#lc} = 26 ] && [ ${#rc} = 26 ] &&
	 ! sqlite3 azalai.db ".dump order_codes" | grep -q -e "$lc" -e "$rc"'
finish
