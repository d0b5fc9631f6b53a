#!/bin/sh
# The exit codes a service manager and an MTA act on (azalai(1), EXIT STATUS):
# a full or failing disk is 75 (try again), also for "ingest --stdin"; a
# transport setting that can never work is 78; an unknown game is 65 from
# every command; and no command but init creates a ledger.
. "${top_srcdir:-.}/tests/lib.sh"
spid=
at_exit '[ -z "$spid" ] || kill "$spid" 2>/dev/null'
cd "$dir"
# $1 the exit code wanted, then the command line; its stderr goes to err.txt.
exits() {
	want=$1
	shift
	"$az" "$@" > /dev/null 2> err.txt < "${IN:-/dev/null}"
	got=$?
	[ "$got" = "$want" ] || { echo "  azalai $* exited $got, not $want: $(cat err.txt)"; return 1; }
}
base() {
	cat > azalai.yaml <<EOF2
datadir: $src
referee:
  address: referee@azalai.test
EOF2
}

# --- no ledger but by init ------------------------------------------------
base
for cmd in list run "outbox flush" "ingest --stdin" "show g" "new buqruru --seat a=a@azalai.test --seat b=b@azalai.test"; do
	# An MTA pipe keeps the mail (75) until the setting is fixed.
	want=66
	[ "$cmd" = "ingest --stdin" ] && want=75
	# shellcheck disable=SC2086
	check "--ledger typo.db $cmd is an error ($want) naming the file" \
		'exits $want --ledger typo.db $cmd && grep -q "typo.db" err.txt'
	check "--ledger typo.db $cmd creates nothing" '[ ! -e typo.db ] && [ ! -e typo.db.lock ]'
done
check "init creates the ledger" 'exits 0 init && [ -f azalai.db ]'
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > seats.txt 2>&1

# --- an unknown game is 65 everywhere -------------------------------------
for cmd in "show nosuch" "replay nosuch" "process nosuch" "preview nosuch" \
    "deadline nosuch" "seat nosuch a bot" "pause nosuch why" "resume nosuch" \
    "end nosuch why" "watch nosuch w@azalai.test" "unwatch nosuch w@azalai.test" \
    "set nosuch press no" "rollback nosuch 1" \
    "new nosuch --seat a=a@azalai.test --seat b=b@azalai.test"; do
	# shellcheck disable=SC2086
	check "$cmd exits 65" 'exits 65 $cmd && grep -q "no game \"nosuch\"" err.txt'
done

# --- a full disk is temporary ---------------------------------------------
# A file-size limit makes every write past it fail with EFBIG (SIGXFSZ
# ignored), as a full disk would: SQLite cannot even size its WAL index.
printf 'From: a@azalai.test\nTo: referee@azalai.test\nSubject: x\nMessage-ID: <full.1@azalai.test>\n\nhello\n' > m.eml
rm -f azalai.db-shm azalai.db-wal
full() { (trap '' XFSZ; ulimit -f 20; "$az" "$@" < m.eml > /dev/null 2> err.txt); }
check "ingest --stdin on a full disk exits 75, so the MTA keeps the mail" \
	'full ingest --stdin; [ $? = 75 ]'
check "list on a full disk exits 75" 'full list; [ $? = 75 ]'
check "run on a full disk exits 75" 'full run; [ $? = 75 ]'
check "the mail is taken once the disk has room" \
	'IN=m.eml exits 0 ingest --stdin && [ "$(sqlite3 azalai.db "select count(*) from messages")" = 1 ]'
# The disk full while the mail is stored, the ledger opened: 75 too. A
# limit the open stays under (list works), a mail of 1.4 MB past it.
{ printf 'From: a@azalai.test\nTo: referee@azalai.test\nSubject: x\nMessage-ID: <full.2@azalai.test>\n\n'
  head -c 1400000 /dev/zero | tr '\0' 'x' | fold -w 76; } > big.eml
halffull() { (trap '' XFSZ; ulimit -f 2048; "$az" "$@" < big.eml > /dev/null 2> err.txt); }
check "list under the limit works: the ledger opens" 'halffull list'
check "ingest --stdin of a mail the disk cannot hold exits 75" \
	'halffull ingest --stdin; [ $? = 75 ] && grep -q "disk I/O error" err.txt &&
	 [ "$(sqlite3 azalai.db "select count(*) from messages")" = 1 ]'
check "and is taken once the disk has room" \
	'IN=big.eml exits 0 ingest --stdin && [ "$(sqlite3 azalai.db "select count(*) from messages")" = 2 ]'
# Every mail is queued and due now, whatever an earlier try did (the ingest
# above sent its answer at once) or put off.
due() { sqlite3 azalai.db "update outbox set status = 'queued', next_try_at = '2000-01-01T00:00:00Z'"; }

# --- settings that can never work are 78 ----------------------------------
cat >> azalai.yaml <<EOF2
deliver:
  method: smtp
  url: smtps://127.0.0.1:9
  tls: starttls
  timeout: 5
EOF2
check "an smtps:// URL with tls: starttls exits 78" 'due; exits 78 outbox flush'
check "and says why" 'grep -q "TLS from the first byte" err.txt'
check "the mails stay queued" \
	'[ "$(sqlite3 azalai.db "select count(*) from outbox where status = '\''queued'\''")" -gt 0 ]'
base
cat >> azalai.yaml <<EOF2
mailbox:
  type: imap
  url: imaps://127.0.0.1:9/INBOX
  tls: starttls
EOF2
check "a mailbox imaps:// URL with tls: starttls makes run exit 78" 'exits 78 run'

base
printf 'secret\n' > open.pw
chmod 644 open.pw
cat >> azalai.yaml <<EOF2
deliver:
  method: smtp
  url: smtp://127.0.0.1:9
  tls: none
  user: referee
  password_file: $dir/open.pw
  timeout: 5
EOF2
check "a password file others can read exits 78" 'due; exits 78 outbox flush'
check "and says so" 'grep -q "can be read by others" err.txt'

# A TLS server whose self-signed certificate tls_verify rejects.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
    -keyout key.pem -out cert.pem > /dev/null 2>&1
port=$((30000 + $$ % 20000))
while ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q ":$port\$"; do port=$((port + 1)); done
openssl s_server -quiet -accept "127.0.0.1:$port" -cert cert.pem -key key.pem \
    > /dev/null 2>&1 < /dev/null &
spid=$!
i=0
until ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q "127.0.0.1:$port\$"; do
	i=$((i + 1))
	[ "$i" -gt 100 ] && break
	sleep 0.1
done
base
cat >> azalai.yaml <<EOF2
deliver:
  method: smtp
  url: smtps://localhost:$port
  tls: tls
  timeout: 5
EOF2
check "a certificate tls_verify rejects exits 78" 'due; exits 78 outbox flush'
check "and says it is the certificate" 'grep -qi "certificate" err.txt'
base
cat >> azalai.yaml <<EOF2
deliver:
  method: smtp
  url: smtp://127.0.0.1:9
  tls: none
  timeout: 5
EOF2
check "a server that is down stays temporary: 75" 'due; exits 75 outbox flush'

finish
