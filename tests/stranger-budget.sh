#!/bin/sh
# The budget of answers to mail no token proved (limits.stranger_replies_per_run)
# counts the answers a run keeps: an answer queued for a message whose
# transaction is then rolled back is never sent, so it must not spend the
# run's budget and leave the next stranger unanswered. Both ways a message
# is answered are taken: in a group of new messages (a savepoint each), and
# alone (a message tried before, in a child of its own, and a lone new one).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1

printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nlimits:\n  stranger_replies_per_run: 1\n' \
    "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
# The planted fault: finishing the message of fail@example.org fails, after
# its help answer was queued in the same transaction.
q "CREATE TRIGGER planted_fault BEFORE UPDATE OF status ON messages
    WHEN NEW.from_addr = 'fail@example.org'
    BEGIN SELECT RAISE(ABORT, 'planted fault'); END"
help() {
	printf 'From: %s\nMessage-ID: <%s>\nSubject: ?\n\nHELP\n' "$1" "$2" > "Maildir/new/$2"
}
helped() {
	q "select count(*) from outbox where kind = 'help' and to_addr = '$1'"
}

help fail@example.org 1.m
help first@example.org 2.m
"$az" run > out.txt 2> err.txt
check "the failing message stays queued, its answer undone" \
	'[ "$(q "select status from messages where id = 1")" = new ] &&
	 [ "$(helped fail@example.org)" = 0 ]'
check "a stranger after it in the same group is answered" \
	'[ "$(helped first@example.org)" = 1 ]'
# The group's log is held until its commit so that it never tells of an
# answer a rollback undid: the failing message's savepoint is one too.
check "the log does not tell of the answer its savepoint undid" \
	'! grep -q "queued help mail .* to fail@example.org" azalai.log &&
	 grep -q "queued help mail .* to first@example.org" azalai.log'

help second@example.org 3.m
"$az" run > out.txt 2> err.txt
check "the failing message fails again, alone" \
	'[ "$(q "select attempts from messages where id = 1")" = 2 ] &&
	 [ "$(helped fail@example.org)" = 0 ]'
check "a stranger after it in the same run is answered" \
	'[ "$(helped second@example.org)" = 1 ]'

finish 'cat azalai.log'
