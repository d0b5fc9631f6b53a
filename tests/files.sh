#!/bin/sh
# What azalai creates is its owner's alone, whatever the umask: the ledger
# (raw mail, token hashes, the seeds of every hidden card), its locks, the log
# file, the Maildir and the outbox with its mails. And a delivery killed in
# the middle of writing a mail or a page leaves no temporary file behind for
# long (and none a web server may read): the next writer into that directory
# removes it, unless another writer is at work there.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
mode() { stat -c %a "$1"; }
umask 022
cat > azalai.yaml <<EOF2
datadir: $src
referee:
  address: referee@azalai.test
log:
  to: file
  file: azalai.log
EOF2
"$az" init > /dev/null
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > /dev/null
"$az" run > /dev/null
for f in azalai.db azalai.db.lock azalai.db.deliver.lock azalai.log; do
	check "$f is owner-only (600)" '[ "$(mode $f)" = 600 ]'
done
for d in outbox Maildir Maildir/new; do
	check "$d/ is owner-only (700)" '[ "$(mode $d)" = 700 ]'
done
check "the mails in outbox/ are owner-only (600)" \
	'[ -n "$(ls outbox)" ] && [ -z "$(find outbox -type f ! -perm 600)" ]'

# hold_ledger: a command keeps the ledger open (ingest --stdin waiting for
# its message on a pipe) until release_ledger.
hold_ledger() {
	rm -f hold.pipe
	mkfifo hold.pipe
	"$az" ingest --stdin < hold.pipe > /dev/null 2>&1 &
	ing=$!
	exec 3> hold.pipe
	i=0
	while [ ! -e azalai.db-shm ] && [ "$i" -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
}
release_ledger() {
	exec 3>&-
	wait "$ing"
}
# The WAL and its index exist while a command has the ledger open.
hold_ledger
for f in azalai.db-wal azalai.db-shm; do
	check "$f is owner-only (600)" '[ -e $f ] && [ "$(mode $f)" = 600 ]'
done
release_ledger

# A killed delivery's leftover (its PID gone) goes; a live writer's stays.
sh -c 'exit 0' &
dead=$!
wait "$dead"
: > "outbox/000009-report-a@azalai.test.eml.tmp.$dead"
: > "outbox/000010-report-a@azalai.test.eml.tmp.$$"
: > outbox/.azalai-tmp-0123456789abcdef
printf 'From: b@azalai.test\nTo: referee@azalai.test\nSubject: help\nMessage-ID: <h.1@azalai.test>\n\nHELP\n' |
    "$az" ingest --stdin > /dev/null
check "a help answer was sent at once" \
	'[ "$(sqlite3 azalai.db "select count(*) from outbox where status = '\''sent'\'' and kind = '\''help'\''")" = 1 ]'
"$az" run > /dev/null
check "the dead writer's temporary file is removed" \
	'[ ! -e "outbox/000009-report-a@azalai.test.eml.tmp.$dead" ]'
check "a killed writer's temporary file is removed" '[ ! -e outbox/.azalai-tmp-0123456789abcdef ]'
check "a running writer's temporary file is kept" \
	'[ -e "outbox/000010-report-a@azalai.test.eml.tmp.$$" ]'

# An archive killed while it writes a page (SIGXFSZ at a file-size limit,
# as deterministic as a kill -9 mid-write): its partial page is the
# owner's alone, and the next archive into the directory removes it. The
# ledger stays open in another process meanwhile, so SQLite has nothing to
# write but the pages do.
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml
"$az" new buqruru --seat n=bot --seat s=bot > /dev/null
"$az" archive site > /dev/null
rm site/games/buqruru-1.html
# debris DIR: the files under DIR that are neither pages nor the pages'
# pictures (games/pictures/HASH.svg).
debris() { find "$1" -type f ! -name '*.html' ! -path '*/games/pictures/*.svg'; }
hold_ledger
# The shell that sees it killed says so: its stderr is not the test's.
rc=$(sh -c '(ulimit -c 0; ulimit -f 2; exec "$0" archive site) > /dev/null 2>&1; echo $?' \
    "$az" 2> /dev/null)
check "the archive was killed by the file-size limit (exit $rc)" '[ "$rc" -gt 128 ]'
check "the killed archive left a partial page" '[ -n "$(debris site)" ]'
check "the partial page is owner-only (600): $(debris site | xargs stat -c '%n %a')" \
	'[ -z "$(debris site | xargs -r stat -c %a | grep -v 600)" ]'
release_ledger
# Leftovers of the old writer (NAME.tmp.PID of a PID gone) go too.
: > "site/index.html.tmp.$dead"
: > "site/games/targi-1.html.tmp.$dead"
# Another writer at work in the directory (a shared lock on it) keeps what
# is there, its own temporary file too.
: > site/games/.azalai-tmp-0123456789abcdef
flock -o -s site/games sleep 30 &
holder=$!
i=0
while flock -n site/games true && [ "$i" -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
"$az" archive site > /dev/null 2>&1
check "a writer at work keeps its temporary files" \
	'[ -e site/games/.azalai-tmp-0123456789abcdef ] &&
	 [ -e "site/games/targi-1.html.tmp.$dead" ]'
kill "$holder"
wait "$holder" 2> /dev/null
"$az" archive site > out.txt 2>&1
check "the next archive removes what a killed one left: $(debris site)" '[ -z "$(debris site)" ]'
check "and makes the page again" '[ -s site/games/buqruru-1.html ]'
# azalai run's archive step too.
printf 'datadir: %s\nlog:\n  to: none\narchive:\n  dir: site\n' "$src" > azalai.yaml
: > "site/games/targi-1.html.tmp.$dead"
: > site/games/.azalai-tmp-0123456789abcdef
"$az" run > /dev/null 2>&1
check "run's archive removes what a killed one left: $(debris site)" '[ -z "$(debris site)" ]'

finish
