#!/bin/sh
# What azalai creates is its owner's alone, whatever the umask: the ledger
# (raw mail, token hashes, the seeds of every hidden card), its lock, the log
# file, the Maildir and the outbox with its mails. And a delivery killed in
# the middle of writing a mail leaves no NAME.tmp.PID behind for long: the
# next delivery removes it.
set -u
az=${AZALAI:?the test harness sets AZALAI}
src=${top_srcdir:-.}
dir=$(mktemp -d /tmp/azalai-files-XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
cd "$dir"
fails=0
passes=0
check() {
	if eval "$2"; then passes=$((passes + 1)); else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
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
for f in azalai.db azalai.db.lock azalai.log; do
	check "$f is owner-only (600)" '[ "$(mode $f)" = 600 ]'
done
for d in outbox Maildir Maildir/new; do
	check "$d/ is owner-only (700)" '[ "$(mode $d)" = 700 ]'
done
check "the mails in outbox/ are owner-only (600)" \
	'[ -n "$(ls outbox)" ] && [ -z "$(find outbox -type f ! -perm 600)" ]'

# The WAL and its index exist while a command has the ledger open: ingest
# --stdin waiting for its message on a pipe.
mkfifo msg.pipe
"$az" ingest --stdin < msg.pipe > /dev/null 2>&1 &
ing=$!
exec 3> msg.pipe
i=0
while [ ! -e azalai.db-shm ] && [ "$i" -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
for f in azalai.db-wal azalai.db-shm; do
	check "$f is owner-only (600)" '[ -e $f ] && [ "$(mode $f)" = 600 ]'
done
exec 3>&-
wait "$ing"

# A killed delivery's leftover (its PID gone) goes; a live writer's stays.
sh -c 'exit 0' &
dead=$!
wait "$dead"
: > "outbox/000009-report-a@azalai.test.eml.tmp.$dead"
: > "outbox/000010-report-a@azalai.test.eml.tmp.$$"
: > outbox/.azalai-tmp-0123456789abcdef
printf 'From: b@azalai.test\nTo: referee@azalai.test\nSubject: help\nMessage-ID: <h.1@azalai.test>\n\nHELP\n' |
    "$az" ingest --stdin > /dev/null
check "a help answer was queued" \
	'[ "$(sqlite3 azalai.db "select count(*) from outbox where status = '\''queued'\''")" -gt 0 ]'
"$az" run > /dev/null
check "the dead writer's temporary file is removed" \
	'[ ! -e "outbox/000009-report-a@azalai.test.eml.tmp.$dead" ]'
check "a killed writer's temporary file is removed" '[ ! -e outbox/.azalai-tmp-0123456789abcdef ]'
check "a running writer's temporary file is kept" \
	'[ -e "outbox/000010-report-a@azalai.test.eml.tmp.$$" ]'

echo "files: $passes passed, $fails failed"
[ "$fails" = 0 ]
