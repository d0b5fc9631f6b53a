#!/bin/sh
# Backscatter (issue 35): 200 spam mails with forged From addresses, each a
# different victim, must not make the referee a spammer's relay. Answers to
# mail no token proved go out through the real Postfix within a budget per
# run and per day (limits.stranger_replies_per_run, _per_day), the log says
# once that the budget is spent, and no answer carries the stranger's words:
# not the Subject, not a word of the body, not their References (an answer
# threads under their Message-ID alone). A player's proven mail in the
# middle of the flood is answered all the same, and a run that dies in the
# flood does not reset the budget of the run after it.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
# The victims whose addresses the spammer forges have mailboxes of their own,
# so that what the referee sends them is delivered and can be read.
victims=$(seq -f 'v%g' 1 220)
MS_USERS="$MS_USERS $victims"
ms_buqruru
"$az" run > /dev/null 2>> err.txt

# Every kind of answer a stranger can provoke: no game named, an unknown
# game, a seat the game does not have, a malformed GAME line, and (a
# leaked token) the receipt for a mail held for the seat's CONFIRM.
spam() {
	case $(($1 % 4)) in
	0) body='CHEAP PILLS at http://pills.example/buy\nbest pills online' ;;
	1) body='GAME pillsgame\nSEAT pillbuyer\nTOKEN pills-4-u\nBUY PILLS' ;;
	2) body="GAME $game\nSEAT pillbuyer\nTOKEN pills-4-u\nBUY PILLS" ;;
	3) body='GAME pills/buy\nSEAT pillbuyer\nTOKEN pills-4-u' ;;
	esac
	[ $(($1 % 50)) != 7 ] || body="GAME $game\nSEAT amastan\nTOKEN $token\nSTATUS"
	printf 'From: v%d@%s\nTo: referee@%s\nSubject: CHEAP PILLS at http://pills.example/%d\nMessage-ID: <spam.%s@spam.test>\nReferences: <buy.cheap.pills@pills.example>\n\n%b\n' \
	    "$1" "$MS_DOMAIN" "$MS_DOMAIN" "$1" "$2" "$body" > in.eml
	ms_mail_in "v$1@$MS_DOMAIN" in.eml || echo "FAIL: Postfix refused a mail"
}
for i in $(seq 1 200); do
	spam "$i" "1-$i"
	if [ "$i" = 100 ]; then
		printf 'From: amastan@%s\nTo: referee@%s\nSubject: my status\nMessage-ID: <own.1@%s>\n\nGAME %s\nSEAT amastan\nTOKEN %s\nSTATUS\n' \
		    "$MS_DOMAIN" "$MS_DOMAIN" "$MS_DOMAIN" "$game" "$token" > in.eml
		ms_mail_in "amastan@$MS_DOMAIN" in.eml || echo "FAIL: Postfix refused a mail"
	fi
done
ms_wait_count referee "$MS_SENT" || exit 1
: > azalai.log
"$az" run > run.out 2>> err.txt
runrc=$?

strangers=$(q "select count(*) from outbox where to_addr like 'v%'")
check "the run delivers what it queued" '[ "$runrc" = 0 ] && [ "$(q "select count(*) from outbox where status <> '\''sent'\''")" = 0 ]'
check "20 strangers are answered in a run, not 200 ($strangers)" '[ "$strangers" = 20 ]'
ms_delivered 'v[0-9]*' > got1.txt
check "Postfix delivered exactly those 20 to the victims" '[ "$(wc -l < got1.txt)" = 20 ]'
xargs cat < got1.txt > answers.eml
check "no answer carries the spam's words (Subject or body)" \
	'[ -s answers.eml ] && ! grep -qi "pill\|cheap\|buy" answers.eml'
check "every answer still threads under the mail it answers" \
	'[ "$(grep -c "^In-Reply-To: <spam\.[0-9-]*@spam\.test>\$" answers.eml)" = 20 ] && [ "$(grep -c "^References: <spam\.[0-9-]*@spam\.test>\$" answers.eml)" = 20 ]'
check "every kind of answer was tried (help, problem and receipt)" \
	'grep -q "^X-Azalai-Kind: help" answers.eml && grep -q "^X-Azalai-Kind: problem" answers.eml &&
	 grep -q "^X-Azalai-Kind: receipt" answers.eml'
check "the answers' subject is the referee's own" \
	'[ "$(grep "^Subject:" answers.eml | sort -u | wc -l)" -le "$(grep "^X-Azalai-Kind:" answers.eml | sort -u | wc -l)" ] && ! grep "^Subject:" answers.eml | grep -qi "^Subject: *re:"'
check "the log says once that the budget is spent" \
	'[ "$(grep -c "budget" azalai.log)" = 1 ]'
check "the player in the middle of the flood is answered" \
	'[ "$(q "select count(*) from outbox where to_addr = '\''amastan@$MS_DOMAIN'\'' and kind = '\''status'\''")" = 1 ]'
check "every spam mail is in the ledger, answered or not" \
	'[ "$(q "select count(*) from messages where status = '\''new'\''")" = 0 ] && [ "$(q "select count(*) from messages")" = 201 ]'

# The next run has a budget of its own, within the day's: 25 a day leaves 5.
printf 'limits:\n  stranger_replies_per_day: 25\n' >> azalai.yaml
for i in $(seq 201 210); do
	spam "$i" "2-$i"
done
ms_wait_count referee "$MS_SENT" || exit 1
: > azalai.log
"$az" run > run.out 2>> err.txt
check "the second run answers what is left of the day's budget: 5" \
	'[ "$(q "select count(*) from outbox where to_addr like '\''v%'\''")" = 25 ]'
ms_delivered 'v[0-9]*' > got2.txt
check "Postfix delivered 25 answers in all" '[ "$(wc -l < got2.txt)" = 25 ]'
check "the second run's log says once that the day's budget is spent" \
	'[ "$(grep -c "budget" azalai.log)" = 1 ] && grep -q "a day" azalai.log'

# The day is the 24 hours before a run: two hours on, its budget is still
# spent; a day on, it is whole again.
# spam_later FIRST LAST HOURS: spam from vFIRST to vLAST, then a run HOURS on.
spam_later() {
	for i in $(seq "$1" "$2"); do
		spam "$i" "2-$i"
	done
	ms_wait_count referee "$MS_SENT" || exit 1
	AZALAI_NOW=$(date -u -d "+$3 hours" +%Y-%m-%dT%H:%M:%SZ) "$az" run > run.out 2>> err.txt
}
spam_later 211 215 2
check "two hours on, the day's budget is still spent" \
	'[ "$(q "select count(*) from outbox where to_addr like '\''v%'\''")" = 25 ]'
spam_later 216 220 25
check "a day on, the budget is whole again: 5 more answered" \
	'[ "$(q "select count(*) from outbox where to_addr like '\''v%'\''")" = 30 ]'

# A run that dies in the flood: the next takes each of its mails alone, in
# a process of its own (src/referee/process.c), and the run's budget still holds
# across them.
ms_referee_config "$src" 10
printf 'limits:\n  stranger_replies_per_run: 5\n  stranger_replies_per_day: 1000\n' >> azalai.yaml
first=$(($(q "select max(id) from messages") + 1))
for i in $(seq 1 30); do
	spam "$i" "3-$i"
done
ms_wait_count referee "$MS_SENT" || exit 1
AZALAI_TEST_CRASH_MESSAGE=$first "$az" run > /dev/null 2>&1
check "the run died on the flood and answered nothing" \
	'[ "$(q "select count(*) from messages where id >= $first and status = '\''new'\''")" = 30 ] && [ "$(q "select count(*) from outbox where to_addr like '\''v%'\''")" = 30 ]'
: > azalai.log
"$az" run > run.out 2>> err.txt
check "the next run, one process a mail, keeps the run's budget: 5" \
	'[ "$(q "select count(*) from outbox where to_addr like '\''v%'\''")" = 35 ] && [ "$(q "select count(*) from messages where status = '\''new'\''")" = 0 ]'
check "and says once that it is spent" '[ "$(grep -c "budget" azalai.log)" = 1 ]'

finish 'echo "--- azalai.log"; tail -n 30 azalai.log; cat err.txt; tail -n 20 ms/postfix/maillog'
