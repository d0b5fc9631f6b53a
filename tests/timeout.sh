#!/bin/sh
# deliver.timeout and mailbox.timeout bound every wait, also a server that
# stops answering after DATA (libcurl waits 120 s by default for that
# answer) and one that logs in and then says nothing. The fake servers are
# tests/silent-server on loopback. Nothing here measures time: "timeout 60"
# only ends a run that would hang, which fails the test.
. "${top_srcdir:-.}/tests/lib.sh"
silent=$(dirname "$az")/tests/silent-server
pids=
at_exit 'for p in $pids; do kill "$p" 2>/dev/null; done'
cd "$dir"
for m in smtp imap; do
	"$silent" "$m" "$m.port" > /dev/null 2>&1 < /dev/null &
	pids="$pids $!"
done
i=0
until [ -s smtp.port ] && [ -s imap.port ]; do
	i=$((i + 1))
	[ "$i" -gt 100 ] && { echo "FAIL: tests/silent-server did not start"; exit 1; }
	sleep 0.1
done
smtp_port=$(cat smtp.port)
imap_port=$(cat imap.port)
# The checks read the log's lines about each mail: on stderr, not syslog.
# conf MAILBOX DELIVER: the two timeouts; each phase gives the other one
# 120 s, beyond timeout 60, so a wait bounded by the wrong one hangs.
conf() {
cat > azalai.yaml <<EOF2
datadir: $src
log:
  to: stderr
referee:
  address: referee@azalai.test
mailbox:
  type: imap
  url: imap://127.0.0.1:$imap_port/INBOX
  user: referee
  password: x
  tls: none
  timeout: $1
deliver:
  method: smtp
  url: smtp://127.0.0.1:$smtp_port
  tls: none
  timeout: $2
EOF2
}
conf 120 5
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > /dev/null 2>&1

timeout 60 "$az" outbox flush > flush.out 2> flush.err
rc=$?
check "a server silent after DATA: the flush ends with 75 (not killed by timeout 60)" '[ "$rc" = 75 ]'
check "each mail says the server did not answer in time after DATA" \
	'[ "$(grep -c "Timeout was reached (answered 354)" flush.err)" = 2 ]'
check "both mails stay queued for a later run" \
	'[ "$(sqlite3 azalai.db "select count(*) from outbox where status = '\''queued'\''")" = 2 ]'

conf 5 120
timeout 60 "$az" run > run.out 2> run.err
rc=$?
check "a mailbox server silent after login: the run ends with 75" '[ "$rc" = 75 ]'
check "the run says the mailbox timed out" 'grep -q "reading the mailbox at imap://.*failed: Timeout was reached" run.err'

finish 'cat flush.err run.err'
