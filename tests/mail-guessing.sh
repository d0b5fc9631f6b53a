#!/bin/sh
# Guessing a seat's token (issue 35): mails naming one seat with a wrong
# token, each from another forged address, are answered up to
# limits.token_failures_per_day (10) in a day and then no more; the game
# master gets one notice through the real Postfix, "azalai list" and
# "azalai show" mark the seat with the count, and the seat's player, with
# the right token, plays on throughout.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
MS_USERS="$MS_USERS gm $(seq -f 'g%g' 1 40)"
ms_buqruru
"$az" set "$game" gm "gm@$MS_DOMAIN" 2>> err.txt
"$az" run > /dev/null 2>> err.txt

guess() {
	printf 'From: g%d@%s\nTo: referee@%s\nSubject: orders\nMessage-ID: <guess.%d@%s>\n\nGAME %s\nSEAT amastan\nTOKEN guess-%04d\nSTATUS\n' \
	    "$1" "$MS_DOMAIN" "$MS_DOMAIN" "$1" "$MS_DOMAIN" "$game" "$1" > in.eml
	ms_mail_in "g$1@$MS_DOMAIN" in.eml || echo "FAIL: Postfix refused a mail"
}
own() {
	printf 'From: amastan@%s\nTo: referee@%s\nSubject: orders\nMessage-ID: <own.%d@%s>\n\nGAME %s\nSEAT amastan\nTOKEN %s\nSTATUS\n' \
	    "$MS_DOMAIN" "$MS_DOMAIN" "$1" "$MS_DOMAIN" "$game" "$token" > in.eml
	ms_mail_in "amastan@$MS_DOMAIN" in.eml || echo "FAIL: Postfix refused a mail"
}
for i in $(seq 1 30); do
	guess "$i"
	[ "$i" = 15 ] && own 1
done
own 2
ms_wait_count referee "$MS_SENT" || exit 1
: > azalai.log
"$az" run > run.out 2>> err.txt
runrc=$?

answered=$(q "select count(*) from outbox where to_addr like 'g_%' and to_addr <> 'gm@$MS_DOMAIN'")
check "the run delivers what it queued" '[ "$runrc" = 0 ] && [ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'
check "10 wrong tokens are answered, not 30 ($answered)" '[ "$answered" = 10 ]'
check "the answered are the first 10 guesses the referee read" \
	'[ "$(q "select group_concat(to_addr) from (select o.to_addr from outbox o join messages m on m.message_id = o.in_reply_to where o.kind = '\''problem'\'' order by o.id)")" = "$(q "select group_concat(from_addr) from (select from_addr from messages where from_addr like '\''g%'\'' order by id limit 10)")" ]'
ms_delivered gm > gm.txt
check "the game master got one notice through Postfix" '[ "$(wc -l < gm.txt)" = 1 ]'
xargs cat < gm.txt > notice.eml
check "the notice names the game, the seat and the limit" \
	'grep -q "$game" notice.eml && grep -q "amastan" notice.eml &&
	flat < notice.eml | grep -q "The referee answered 10 of them"'
check "the notice counts the mails, with the verb that agrees" \
	'flat < notice.eml | grep -q ", 11 mails have named seat amastan of game"'
check "the notice carries no guessed token and no token of the seat" \
	'! grep -q "guess-" notice.eml && ! grep -q -- "$token" notice.eml'
check "the seat's player, with the right token, was answered twice" \
	'[ "$(q "select count(*) from outbox where to_addr = '\''amastan@$MS_DOMAIN'\'' and kind = '\''status'\''")" = 2 ]'
check "the log warns once that the seat is guessed at" \
	'[ "$(grep -c "being guessed at" azalai.log)" = 1 ] && grep "being guessed at" azalai.log | grep -q "amastan: 11 mails"'
"$az" list > list.txt 2>&1
check "azalai list marks the seat with its count" \
	'grep "amastan" list.txt | grep -q "30 mails with a wrong token"'
"$az" show "$game" > show.txt 2>&1
check "azalai show marks the seat with its count" \
	'grep "^  amastan " show.txt | grep -q "30 mails with a wrong token"'
check "the other seat is not marked" '! grep "tinhinan" list.txt | grep -q "wrong token"'

# The next run, the same day: the seat is still guarded, the game master
# was told already.
for i in $(seq 31 35); do
	guess "$i"
done
own 3
ms_wait_count referee "$MS_SENT" || exit 1
: > azalai.log
"$az" run > run.out 2>> err.txt
check "no more wrong token is answered today" \
	'[ "$(q "select count(*) from outbox where to_addr like '\''g_%'\'' and to_addr <> '\''gm@$MS_DOMAIN'\''")" = 10 ]'
check "the game master is not told again" '[ "$(ms_delivered gm | wc -l)" = 1 ]'
check "the player plays on" \
	'[ "$(q "select count(*) from outbox where to_addr = '\''amastan@$MS_DOMAIN'\'' and kind = '\''status'\''")" = 3 ]'
"$az" list > list.txt 2>&1
check "azalai list counts on" 'grep "amastan" list.txt | grep -q "35 mails with a wrong token"'

# The day starts at the first wrong token: two hours on, the seat is still
# guarded; a day on, a wrong token is answered again.
later() { date -u -d "+$1 hours" +%Y-%m-%dT%H:%M:%SZ; }
guessed() { q "select count(*) from outbox where to_addr like 'g_%' and to_addr <> 'gm@$MS_DOMAIN'"; }
guess 36
ms_wait_count referee "$MS_SENT" || exit 1
AZALAI_NOW=$(later 2) "$az" run > run.out 2>> err.txt
check "two hours on, no wrong token is answered" '[ "$(guessed)" = 10 ]'
guess 37
ms_wait_count referee "$MS_SENT" || exit 1
AZALAI_NOW=$(later 25) "$az" run > run.out 2>> err.txt
check "a day on, a wrong token is answered again" '[ "$(guessed)" = 11 ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt list.txt; tail -n 20 ms/postfix/maillog'
