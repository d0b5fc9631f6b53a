#!/bin/sh
# Where delivery is at least once: a run killed after the server took a mail
# but before the ledger marked it sent. The next run sends that mail again,
# the same bytes with the same Message-ID, and says so in the log; the run
# after it sends nothing. Every other mail goes once, also one taken while
# another writer holds the ledger beyond its busy timeout.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
command -v setsid > /dev/null || { echo "SKIP: no setsid"; exit 77; }
# The server: each mail kept whole in mail.N; while "kill" exists, the
# first mail it takes then kills the run that handed it over (its process
# group, which setsid gave it) before the run hears back. While "hold"
# exists, the first mail it takes starts another writer that holds the
# ledger for 8 s, beyond its busy timeout (5 s), before the run hears back.
cat > killmail <<'EOF2'
#!/bin/sh
d=$(dirname "$0")
n=$(ls "$d" | grep -c '^mail\.')
cat > "$d/mail.$((n + 1))"
if [ -e "$d/kill" ]; then
	rm -f "$d/kill"
	kill -9 0
fi
if [ -e "$d/hold" ]; then
	rm -f "$d/hold"
	(echo "BEGIN IMMEDIATE;"; echo ".print held"; sleep 8; echo "COMMIT;") |
	    sqlite3 "$d/azalai.db" > "$d/held" 2>&1 &
	i=0
	until grep -q held "$d/held" 2> /dev/null || [ $i -gt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
fi
EOF2
chmod +x killmail
cat > azalai.yaml <<EOF2
datadir: $src
referee:
  address: referee@azalai.test
log:
  to: file
  file: azalai.log
deliver:
  method: sendmail
  sendmail: $dir/killmail
EOF2
"$az" init > /dev/null 2>&1 || fail "init"
"$az" new buqruru --name r1 --seat north=n@azalai.test --seat south=s@azalai.test \
    > /dev/null 2>&1 || fail "new"
check "two welcome mails queued" '[ "$(q "SELECT count(*) FROM outbox WHERE status = '"'queued'"'")" = 2 ]'

: > kill
setsid "$az" outbox flush > flush1.txt 2>&1
rc=$?
check "the first flush was killed by the server" '[ $rc = 137 ] && [ ! -e kill ]'
check "it left one mail taken but not marked sent" \
    '[ "$(ls | grep -c "^mail\.")" = 1 ] &&
     [ "$(q "SELECT count(*) FROM outbox WHERE status = '"'sending'"'")" = 1 ]'
first=$(q "SELECT id FROM outbox WHERE status = 'sending'")

expect 0 "" -- "$az" outbox flush
check "the next flush sends both" '[ "$(ls | grep -c "^mail\.")" = 3 ]'
check "the killed one again, byte for byte" 'cmp -s mail.1 mail.2 || cmp -s mail.1 mail.3'
check "and the other once" '! cmp -s mail.2 mail.3'
check "the log says it may be a second copy" \
    'grep -q "mail $first to .* may have been sent by a run that died; sending it again with the same Message-ID" azalai.log'
check "both are marked sent" '[ "$(q "SELECT count(*) FROM outbox WHERE status = '"'sent'"'")" = 2 ]'

expect 0 "" -- "$az" outbox flush
check "a third flush sends nothing" '[ "$(ls | grep -c "^mail\.")" = 3 ]'

# A writer that holds the ledger while the server takes a mail: the run
# waits for it to record the mail sent, and it goes once.
"$az" new buqruru --name r2 --seat north=n@azalai.test --seat south=s@azalai.test \
    > /dev/null 2>&1 || fail "new r2"
: > hold
expect 0 "" -- "$az" outbox flush
check "the other writer held the ledger" '[ ! -e hold ] && grep -q held held'
check "both mails of r2 are marked sent" \
    '[ "$(q "SELECT count(*) FROM outbox WHERE status = '"'sent'"'")" = 4 ]'
expect 0 "" -- "$az" outbox flush
check "the next flush sends nothing again" '[ "$(ls | grep -c "^mail\.")" = 5 ]'
finish 'cat azalai.log'
