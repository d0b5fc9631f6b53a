#!/bin/sh
# Exactly once against mailbox servers that fail in the middle of a run: one
# that never greets, one that falls silent inside a mail (IMAP FETCH, POP3
# RETR), one that closes the connection there, a run killed between its
# commit and the DELE, and a ledger that will not store a mail. Each run
# ends on mailbox.timeout with 75 and a line that says where; what was
# stored stays stored, once; the mail that was cut short or not stored is
# neither taken nor let go (no \Seen, no DELE, no UID remembered), so a
# later run takes it whole. The servers are tests/silent-server on loopback
# (their mailbox: <1@silent> whole, then <2@silent> cut after its header),
# which write every command they hear to MODE.heard. "timeout 60" only ends
# a run that would hang.
. "${top_srcdir:-.}/tests/lib.sh"
silent=$(dirname "$az")/tests/silent-server
modes='mute imap-stall imap-cut pop3-stall pop3-cut'
pids=
at_exit 'for p in $pids; do kill "$p" 2>/dev/null; done'
cd "$dir" || exit 1
for m in $modes; do
	# Appended to, so that a test can empty it between runs.
	"$silent" "$m" "$m.port" > /dev/null 2>> "$m.heard" < /dev/null &
	pids="$pids $!"
done
for m in $modes; do
	until_true 10 test -s "$m.port" || { echo "FAIL: tests/silent-server $m did not start"; exit 1; }
done

# fresh NAME TYPE MODE: a ledger in NAME/ (the current directory after it)
# whose mailbox is MODE's server, spoken to in TYPE.
fresh() {
	mkdir "$dir/$1" && cd "$dir/$1" || exit 1
	folder=
	[ "$2" = imap ] && folder=INBOX
	printf 'datadir: %s\nlog:\n  to: stderr\nmailbox:\n  type: %s\n  url: %s://127.0.0.1:%s/%s\n  user: referee\n  password: x\n  tls: none\n  timeout: 2\n' \
	    "$src" "$2" "$2" "$(cat "../$3.port")" "$folder" > azalai.yaml
	"$az" init > /dev/null 2>&1 || fail "init in $1"
	heard=../$3.heard
}
# One run; rc its exit code, run.err what it logged, MODE.heard (emptied
# first) what the server heard.
run() {
	: > "$heard"
	timeout 60 "$az" run > run.out 2> run.err
	rc=$?
}
mails() { q "SELECT group_concat(message_id, ' ') FROM (SELECT message_id FROM messages ORDER BY id)"; }
heard() { grep -q "$1" "$heard"; }
no_store() {
	q "CREATE TRIGGER no_store BEFORE INSERT ON messages WHEN NEW.message_id LIKE '%1@silent%'
	    BEGIN SELECT RAISE(ABORT, 'test: this mail cannot be stored'); END;"
}

# A server that takes the connection and never greets.
for t in imap pop3; do
	fresh "mute-$t" "$t" mute
	run
	check "$t, no greeting: the run ends on its timeout with 75" '[ "$rc" = 75 ]'
	check "$t, no greeting: it says the mailbox timed out" \
		'grep -q "error: run: reading the mailbox at $t://.*failed: Timeout was reached" run.err'
	check "$t, no greeting: nothing taken" '[ -z "$(mails)" ]'
done

# IMAP silent in the middle of the second mail.
fresh imap-stall imap imap-stall
run
check "IMAP silent mid-FETCH: the run ends on its timeout with 75" '[ "$rc" = 75 ]'
check "it names the mail it was fetching" \
	'grep -q "error: run: fetching message UID 2 at imap://.*failed: Timeout was reached" run.err'
check "the first mail is taken, the second not" '[ "$(mails)" = "1@silent" ]'
check "the first is flagged and remembered, the second neither" \
	'heard "UID STORE 1 +FLAGS" && ! heard "STORE 2" &&
	 [ "$(q "SELECT value FROM mailbox_state")" = "7 1" ]'
run
check "the next run does not fetch the first again" \
	'! heard "FETCH 1 " && heard "FETCH 2 " && [ "$(mails)" = "1@silent" ]'

# IMAP closing the connection in the middle of the second mail.
fresh imap-cut imap imap-cut
run
check "IMAP cut mid-FETCH: the run ends with 75" '[ "$rc" = 75 ]'
check "it names the mail it was fetching" \
	'grep -q "error: run: fetching message UID 2 at imap://.*failed" run.err'
check "the cut mail is not taken, nor remembered, nor flagged" \
	'[ "$(mails)" = "1@silent" ] && [ "$(q "SELECT value FROM mailbox_state")" = "7 1" ] &&
	 ! heard "STORE 2"'

# POP3 silent in the middle of the second mail.
fresh pop3-stall pop3 pop3-stall
run
check "POP3 silent mid-RETR: the run ends on its timeout with 75" '[ "$rc" = 75 ]'
check "it names the mail it was fetching" \
	'grep -q "error: run: fetching message u2 at pop3://.*failed: Timeout was reached" run.err'
check "the first mail is taken and deleted, the second neither" \
	'[ "$(mails)" = "1@silent" ] && heard "DELE 1" && ! heard "DELE 2"'
run
check "the next run does not fetch the first again" \
	'! heard "RETR 1" && heard "RETR 2" && [ "$(mails)" = "1@silent" ]'

# POP3 killed between its first commit and the DELE: the mail stays on the
# server, and the next run, which knows its UIDL, deletes it unfetched.
fresh pop3-kill pop3 pop3-stall
: > "$heard"
AZALAI_TEST_DIE_AFTER_COMMIT=1 timeout 60 "$az" run > run.out 2> run.err
rc=$?
check "POP3 killed after its first commit, before the DELE" \
	'[ "$rc" = 9 ] && [ "$(mails)" = "1@silent" ] && heard "RETR 1" && ! heard "DELE"'
run
check "the next run deletes it unfetched, and takes nothing twice" \
	'heard "DELE 1" && ! heard "RETR 1" && [ "$(mails)" = "1@silent" ]'

# POP3 closing the connection in the middle of the second mail: libcurl
# ends a RETR at the end of the connection as at its final "." line.
fresh pop3-cut pop3 pop3-cut
run
check "POP3 cut mid-RETR: the run ends with 75" '[ "$rc" = 75 ]'
check "it names the mail it was fetching" \
	'grep -q "error: run: fetching message u2 at pop3://" run.err'
check "the cut mail is not taken as whole, nor deleted" \
	'[ "$(mails)" = "1@silent" ] && ! heard "DELE 2"'
# The first mail as the server sends it, in hex as sqlite3 shows a blob:
# what is said on the connection after a mail must not end up in it.
one=$(printf 'From: a@azalai.test\r\nMessage-ID: <1@silent>\r\nSubject: one\r\n\r\nHELP\r\n' |
    od -An -tx1 | tr -d ' \n' | tr a-f A-F)
check "the mail before it is stored byte for byte" \
	'[ "$(q "SELECT hex(raw) FROM messages")" = "$one" ]'

# A mail the ledger will not store is not let go: IMAP neither flags it nor
# remembers its UID, POP3 does not delete it; the next run takes it.
fresh imap-nostore imap imap-stall
no_store
run
check "IMAP, a mail not stored: the run ends with 75 and says why" \
	'[ "$rc" = 75 ] && grep -q "error: run: cannot store message UID 1 .*cannot be stored" run.err'
check "it is neither flagged nor remembered" \
	'[ -z "$(mails)" ] && ! heard "+FLAGS" && [ -z "$(q "SELECT value FROM mailbox_state")" ]'
q "DROP TRIGGER no_store"
run
check "the next run takes it" '[ "$(mails)" = "1@silent" ] && heard "UID STORE 1 +FLAGS"'
fresh pop3-nostore pop3 pop3-stall
no_store
run
check "POP3, a mail not stored: the run ends with 75 and says why" \
	'[ "$rc" = 75 ] && grep -q "error: run: cannot store message u1 .*cannot be stored" run.err'
check "it is not deleted" '[ -z "$(mails)" ] && heard "RETR 1" && ! heard "DELE"'
q "DROP TRIGGER no_store"
run
check "the next run takes it" '[ "$(mails)" = "1@silent" ] && heard "DELE 1"'

finish 'for f in "$dir"/*/run.err; do echo "--- $f"; cat "$f"; done'
