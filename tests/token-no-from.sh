#!/bin/sh
# A token proves a seat only beside the seat's own address. A mail that names
# no sender (no From, a From group with no mailbox, a From without a domain)
# is not the seat's: it is held for the seat's CONFIRM like a mail from a
# stranger's address, and its order waits. A turn file has no sender by
# design and is applied as before.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1

# One answer a run to mail no token proved: a mail that names no sender
# must not spend it.
printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nlimits:\n  stranger_replies_per_run: 1\n' \
    "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat amastan=amastan@example.org --seat tinhinan=tinhinan@example.org \
    > seats.txt 2> err.txt
game=$(head -n 1 seats.txt)
token=$(awk '$1 == "seat" && $2 == "amastan" { print $4 }' seats.txt)
n=0
for from in '' 'From: undisclosed-recipients:;' 'From: amastan'; do
	n=$((n + 1))
	{
		[ -z "$from" ] || printf '%s\n' "$from"
		printf 'To: referee@example.org\nMessage-ID: <nofrom.%d@x>\nSubject: o\n\n' $n
		printf 'GAME %s\nSEAT amastan\nTOKEN %s\nHOLE a\n' "$game" "$token"
	} > "Maildir/new/$n.m"
	"$az" run > out.txt 2> err.txt
	rc=$?
	check "run $n exits 0 (was $rc)" '[ "$rc" = 0 ]'
	check "mail $n (${from:-no From}) is held for the seat's CONFIRM" \
		'[ "$(q "select count(*) from held_mails where message = $n")" = 1 ]'
	check "its order waits: the game is still at its first step" \
		'[ "$(q "select count(*) from events e join games g on g.id = e.game_id
		    where g.name = '\''$game'\'' and e.kind = '\''order'\''")" = 0 ]'
done
check "the seat's address is told of each held mail" \
	'[ "$(q "select count(*) from outbox where kind = '\''held'\''
	    and to_addr = '\''amastan@example.org'\''")" = 3 ]'
check "the seat's mail about a mail with no sender says so" \
	'[ "$(q "select count(*) from outbox where kind = '\''held'\''
	    and body like '\''%came from%(no sender address) at %'\''")" = 2 ]'
check "nobody is sent a receipt for a mail that names no sender" \
	'[ "$(q "select count(*) from outbox where kind = '\''receipt'\''")" = 0 ] &&
	 grep -q "no receipt: \"amastan\" is no address" azalai.log &&
	 ! grep -q "no receipt mail queued" azalai.log'
# Mails with no sender before a stranger's, in one run: the stranger is
# answered.
printf 'From: nobody\nMessage-ID: <anon@x>\nSubject: ?\n\nHELP\n' > Maildir/new/a.m
printf 'Message-ID: <anon2@x>\nSubject: ?\n\nHELP\n' > Maildir/new/b.m
printf 'From: s@example.org\nMessage-ID: <s@x>\nSubject: ?\n\nHELP\n' > Maildir/new/c.m
"$az" run > out.txt 2> err.txt
check "a stranger is answered after mails that name no sender" \
	'[ "$(q "select count(*) from outbox where kind = '\''help'\''
	    and to_addr = '\''s@example.org'\''")" = 1 ]'

# The game master's turn file names no sender and is the seat's own.
printf 'GAME %s\nSEAT amastan\nTOKEN %s\nHOLE a\n' "$game" "$token" > turn.txt
"$az" ingest --file turn.txt > out.txt 2> err.txt
"$az" run > out.txt 2> err.txt
check "a turn file is applied, not held" \
	'[ "$(q "select count(*) from held_mails")" = 3 ] &&
	 [ "$(q "select status from messages order by id desc limit 1")" = done ] &&
	 [ "$(q "select reason from messages order by id desc limit 1")" = "1 accepted, 0 rejected" ]'

finish
