#!/bin/sh
# Whoever can write into the Maildir can leave there what is not a mail: a
# FIFO (whose reader waits for a writer that never comes, holding the run
# lock: every later run leaves the work to it), a link to /dev/zero (read
# until memory runs out), a link to a file elsewhere (stored as if it came by
# mail), a directory. A run takes regular files only: every other file is
# moved to the Maildir's azalai-aside/ directory, logged once, and never
# stored.
# The mbox and a turn file are named by the game master, but a FIFO or a
# device there ends the command with an error, not a hang. "timeout 60" and
# the memory ulimit only end a run that would hang or fill the memory, which
# fails the test; nothing here measures time.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
# A run under the guards: its exit code in rc.
guarded() { (ulimit -v 2000000; exec timeout 60 "$az" "$@") > out.txt 2> err.txt; rc=$?; }

printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\n' "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
printf 'From: spy@example.org\nMessage-ID: <outside@x>\nSubject: secret\n\nnot a mail\n' \
    > outside.txt
# One at a time, each beside a real mail: a run that one of them stops
# fails this test on that one alone.
# attack NAME KIND HOW...: puts NAME in the Maildir (made by HOW, with
# NAME appended), runs, and checks the run took the real mail and set NAME
# aside.
n=0
attack() {
	f=$1 kind=$2
	shift 2
	n=$((n + 1))
	printf 'From: a@example.org\nMessage-ID: <%d@x>\nSubject: help\n\nHELP\n' $n \
	    > Maildir/new/$n.ok
	"$@" "Maildir/$f"
	guarded run
	check "a run beside $kind $f ends, exit 0 (was $rc)" '[ "$rc" = 0 ]'
	check "the real mail beside it is answered, and $f is not stored" \
		'[ "$(q "SELECT count(*), min(status) FROM messages")" = "$n|done" ]'
	check "$f is out of the way, in azalai-aside/, logged as $kind" \
		'[ ! -e "Maildir/$f" ] && [ ! -L "Maildir/$f" ] &&
		{ [ -e "Maildir/azalai-aside/${f#*/}" ] || [ -L "Maildir/azalai-aside/${f#*/}" ]; } &&
		grep -q "Maildir/$f is $kind, not a mail: moved to Maildir/azalai-aside/${f#*/}$" azalai.log'
}
attack new/outside "a symbolic link" ln -s "$dir/outside.txt"
attack new/zero "a symbolic link" ln -s /dev/zero
attack new/fifo "a FIFO" mkfifo
attack new/dir "a directory" mkdir
# cur/ is read too, for the mails not marked seen.
attack cur/fifo:2, "a FIFO" mkfifo
check "each set aside is what it was" \
	'[ -L Maildir/azalai-aside/outside ] && [ -L Maildir/azalai-aside/zero ] &&
	[ -p Maildir/azalai-aside/fifo ] && [ -d Maildir/azalai-aside/dir ] &&
	[ -p Maildir/azalai-aside/fifo:2, ]'
check "the file outside was never stored" \
	'[ "$(q "SELECT count(*) FROM messages WHERE instr(raw, '\''not a mail'\'') > 0")" = 0 ]'
guarded run
check "the next run ends too (was $rc)" '[ "$rc" = 0 ]'
check "and logs none of them again" '[ "$(grep -c "not a mail" azalai.log)" = 5 ]'

# The same name come again: the first one set aside is kept.
mkfifo Maildir/new/fifo
guarded run
check "a second FIFO of the same name is set aside beside the first" \
	'[ "$rc" = 0 ] && [ ! -e Maildir/new/fifo ] && [ -p Maildir/azalai-aside/fifo ] &&
	[ -p Maildir/azalai-aside/fifo.1 ]'

# mbox and turn files: the game master's own paths, so a link is followed,
# but only to a regular file.
mkfifo box.fifo
ln -s /dev/zero box.zero
for box in box.fifo box.zero; do
	guarded ingest --mbox "$box"
	check "ingest --mbox $box ends with an error (was $rc)" \
		'[ "$rc" = 66 ] && grep -q "mbox $box is not a regular file" err.txt'
	guarded ingest --file "$box"
	check "ingest --file $box ends with an error (was $rc)" \
		'[ "$rc" = 66 ] && grep -q "turn file $box is not a regular file" err.txt'
done
printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nmailbox:\n  type: mbox\n  path: box.fifo\n' \
    "$src" > azalai.yaml
guarded run
check "a run with a FIFO for its mbox ends with an error (was $rc)" \
	'[ "$rc" = 66 ] && grep -q "is not a regular file" err.txt'
check "the FIFO is left where it is" '[ -p box.fifo ]'
check "nothing more in the ledger" '[ "$(q "SELECT count(*) FROM messages")" = $n ]'

# ... and a link to a regular file is followed, as azalai(1) says.
printf 'From player@example.org Mon Jan  5 12:00:00 2026\nFrom: player@example.org\nMessage-ID: <linked@x>\nSubject: o\n\nHELP\n\n' \
    > real.mbox
ln -s real.mbox box.link
guarded ingest --mbox box.link
check "ingest --mbox through a link reads the mbox (was $rc)" \
	'[ "$rc" = 0 ] && [ "$(q "SELECT count(*) FROM messages")" = $((n + 1)) ]'
printf 'GAME nope\nSEAT a\nTOKEN x\nHOLE a\n' > real.turn
ln -s real.turn turn.link
guarded ingest --file turn.link
check "ingest --file through a link reads the turn file (was $rc)" \
	'[ "$rc" = 0 ] && [ "$(q "SELECT count(*) FROM messages")" = $((n + 2)) ]'

finish 'cat azalai.log; ls -lR Maildir'
