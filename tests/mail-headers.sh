#!/bin/sh
# Headers of the referee's mails: an answer to a mail is "Auto-Submitted:
# auto-replied" (RFC 3834) and a mail nobody asked for "auto-generated"; an
# answer to a stranger's "Re: Re: x" has the referee's subject, not theirs
# (issue 35), and no subject grows another "Re:"; and a Message-ID does not
# count the mails the referee sent (its unique part is random, so a player
# cannot learn how many mails went to the others).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
cat > azalai.yaml <<EOF2
datadir: $src
referee:
  address: referee@azalai.test
log:
  to: none
EOF2
"$az" init > /dev/null
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > seats.txt
game=$(head -n 1 seats.txt)
token=$(awk '$1 == "seat" && $2 == "a" { print $4 }' seats.txt)
n=0
mail() {
	n=$((n + 1))
	printf 'From: %s\nTo: referee@azalai.test\nSubject: %s\nMessage-ID: <%d.h@azalai.test>\n\n%b\n' \
	    "$1" "$2" "$n" "$3" > "Maildir/new/$n.eml"
}
mail x@azalai.test "Re: Re: my orders" "GAME nosuch\nSEAT a\nTOKEN x\nSOW 1"
mail a@azalai.test "Re: Re: Buqruru" "GAME $game\nSEAT a\nTOKEN $token\nSTATUS"
mail a@azalai.test "orders" "GAME $game\nSEAT a\nTOKEN $token\nHOLE a"
"$az" run > /dev/null 2>&1
"$az" run > /dev/null 2>&1
hdr() { sed '/^$/q' "$1"; }
kind_file() { grep -l "^X-Azalai-Kind: $1\$" outbox/*.eml | head -n 1; }
for k in problem ack status; do
	check "the $k mail answers a mail: auto-replied" \
		'f=$(kind_file $k) && [ -n "$f" ] && hdr "$f" | grep -q "^Auto-Submitted: auto-replied\$"'
done
check "the welcome mail nobody asked for: auto-generated" \
	'f=$(kind_file welcome) && hdr "$f" | grep -q "^Auto-Submitted: auto-generated\$"'
check "an answer to \"Re: Re: my orders\" has the referee's subject" \
	'f=$(kind_file problem) && hdr "$f" | grep -q "^Subject: Your mail to the azalai referee (not taken)\$"'
check "no subject has Re: twice" '! cat outbox/*.eml | grep -i "^Subject: *re: *re:"'

# Threads (issue 31): every mail of a game to a reader threads under that
# reader's welcome mail, answers keep replying to the mail answered, each
# game is one List-Id, and its subjects begin with one stable tag.
val() { hdr "$1" | awk -v h="$2:" 'tolower($1) == tolower(h) { $1 = ""; sub(/^ /, ""); v = $0; f = 1; next }
    f && /^[ \t]/ { sub(/^[ \t]+/, " "); v = v $0; next } { f = 0 } END { print v }'; }
to_of() { val "$1" To; }
welcome_of() { for f in $(grep -l "^X-Azalai-Kind: welcome\$" outbox/*.eml); do
    [ "$(to_of "$f")" = "$1" ] && val "$f" Message-Id; done; }
wa=$(welcome_of a@azalai.test) wb=$(welcome_of b@azalai.test)
check "each seat has its own welcome" '[ -n "$wa" ] && [ -n "$wb" ] && [ "$wa" != "$wb" ]'
check "a welcome starts its thread: no In-Reply-To" \
	'! for f in $(grep -l "^X-Azalai-Kind: welcome\$" outbox/*.eml); do
	     [ -z "$(val "$f" In-Reply-To)" ] || echo "$f"; done | grep -q .'
threaded=0 strays=
for f in $(grep -L -e "^X-Azalai-Kind: welcome\$" -e "^X-Azalai-Kind: problem\$" outbox/*.eml); do
	case $(to_of "$f") in a@azalai.test) w=$wa ;; b@azalai.test) w=$wb ;; *) continue ;; esac
	set -- $(val "$f" References)
	[ "${1:-}" = "$w" ] && [ -n "$(val "$f" In-Reply-To)" ] && threaded=$((threaded + 1)) ||
	    strays="$strays $f"
done
check "every other mail of the game threads under its reader's welcome" \
	'[ "$threaded" -ge 3 ] && [ -z "$strays" ] || { echo "strays:$strays"; false; }'
check "a report nobody asked for replies to the welcome" \
	'f=$(grep -l "^X-Azalai-Kind: report\$" outbox/*.eml | head -n 1) && [ -n "$f" ] &&
	 [ "$(val "$f" In-Reply-To)" = "$(val "$f" References)" ] &&
	 hdr "$f" | grep -q "^Auto-Submitted: auto-generated\$"'
check "an answer to a fresh mail replies to it, under the welcome" \
	'f=$(kind_file ack) && [ "$(val "$f" In-Reply-To)" = "<2.h@azalai.test>" ] &&
	 [ "$(val "$f" References)" = "$wa <2.h@azalai.test>" ]'
check "one List-Id for every mail of the game" \
	'[ "$(grep -l "^X-Azalai-Kind: welcome\$" outbox/*.eml | while read -r f; do val "$f" List-Id; done |
	     sort -u)" = "\"azalai $game\" <$game.games.azalai.test>" ] &&
	 [ "$(grep -L "^X-Azalai-Kind: problem\$" outbox/*.eml | while read -r f; do val "$f" List-Id; done |
	     sort -u | wc -l)" = 1 ]'
check "a mail about no game has no List-Id and no tag" \
	'f=$(kind_file problem) && [ -z "$(val "$f" List-Id)" ] && ! hdr "$f" | grep -q "^Subject: \[azalai"'
check "every subject of the game begins with its tag, said once" \
	'! grep -L "^X-Azalai-Kind: problem\$" outbox/*.eml | while read -r f; do hdr "$f"; done |
	     grep "^Subject:" | grep -v "^Subject: \[azalai $game\] " &&
	 ! grep -h "^Subject:" outbox/*.eml | grep -q "$game:\|\[azalai $game\].*$game"'

# List-Unsubscribe (RFC 2369; issue 30): a seat's asks for NOTIFY digest
# with a code for the token (tests/unsubscribe.sh tries to misuse it); an
# observer's is UNWATCH GAME, taken from the watching address alone.
unsub() { val "$1" List-Unsubscribe; }
check "a seat's mails carry a mailto that asks for NOTIFY digest" \
	'f=$(kind_file welcome) &&
	 unsub "$f" | grep -q "^<mailto:referee@azalai.test?subject=NOTIFY%20digest&body=GAME%20$game%0D%0ASEAT%20a%0D%0ANOTIFY%20digest%0D%0ACODE%20[a-z0-9]\{26\}%0D%0A>\$"'
check "a mail about no game has no List-Unsubscribe" '[ -z "$(unsub "$(kind_file problem)")" ]'
"$az" watch "$game" fan@azalai.test fr > /dev/null 2>&1
"$az" run > /dev/null 2>&1
fan() { grep -l "^To: fan@azalai.test" outbox/*.eml; }
check "an observer's mails carry a mailto that unwatches" \
	'[ -n "$(fan)" ] && ! for f in $(fan); do
	     [ "$(unsub "$f")" = "<mailto:referee@azalai.test?subject=UNWATCH%20$game>" ] || echo "$f"
	 done | grep -q .'
watchers() { sqlite3 azalai.db "select count(*) from watchers"; }
mail x@azalai.test "UNWATCH $game" ""
"$az" run > /dev/null 2>&1
check "UNWATCH from an address that does not watch: nothing unwatched" '[ "$(watchers)" = 1 ]'
mail fan@azalai.test "UNWATCH $game" ""
"$az" run > /dev/null 2>&1
"$az" run > /dev/null 2>&1
check "UNWATCH from the observer: it watches no more, and is told" \
	'[ "$(watchers)" = 0 ] && [ "$(fan | wc -l)" = 2 ] &&
	 [ -z "$(unsub "$(fan | tail -n 1)")" ]'
check "... told in the language it watched in" \
	'hdr "$(fan | tail -n 1)" | grep -q "^Subject: \[azalai $game\] vous ne suivez plus la partie\$"'
# The seat's mailto, its token written after TOKEN: the seat is told less.
mail a@azalai.test "NOTIFY digest" "GAME $game\r\nSEAT a\r\nTOKEN $token\r\nNOTIFY digest\r\n"
"$az" run > /dev/null 2>&1
check "a seat's mailto, with its token: NOTIFY digest is taken" \
	'[ "$(sqlite3 azalai.db "select s.notify from seats s join games g on g.id = s.game_id where s.name = '\''a'\''")" = digest ]'

# Message-IDs: azalai.TIME.UNIQUE@domain, UNIQUE 16 hex digits, never the
# outbox row number, all different (a report that numbers choices adds
# .CODE, its reply code, before the @). The row number is compared as the
# 16 digits it would be written as, hex or decimal: as a number, awk would
# read "5c3a..." as 5 and fail at random.
sqlite3 azalai.db "select id, message_id from outbox order by id" > mids.txt
check "there are mails to look at" '[ "$(wc -l < mids.txt)" -ge 4 ]'
check "each Message-ID has a 16-hex-digit unique part" \
	'! grep -v "^[0-9]*|azalai\.[0-9]*\.[0-9a-f]\{16\}\(\.[0-9a-z]\{26\}\)\?@azalai\.test\$" mids.txt'
check "no Message-ID carries its outbox row number" \
	'! awk -F"|" "{ split(\$2, p, \"[.@]\"); if (p[3] == sprintf(\"%016x\", \$1) ||
	     p[3] == sprintf(\"%016d\", \$1)) bad = 1 } END { exit !bad }" mids.txt'
check "every Message-ID is different" \
	'[ "$(cut -d"|" -f2 mids.txt | sort -u | wc -l)" = "$(wc -l < mids.txt)" ]'
check "the Message-ID header is the one queued" \
	'f=$(kind_file welcome) && grep -q "^Message-Id: <$(sed -n "1s/^[0-9]*|//p" mids.txt)>" outbox/*.eml'

finish
