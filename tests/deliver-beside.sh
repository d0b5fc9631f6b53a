#!/bin/sh
# Delivery beside the writer (issue 34): a run that is sending (a slow
# server, a drawing) holds no lock an ingest waits on, so an MTA pipe's
# mail is taken at once; its answer goes with the delivery already going,
# not at the next timer; and two deliverers at once never send a mail twice.
# The site, written after the delivery, is written by one run at a time.
. "${top_srcdir:-.}/tests/lib.sh"
at_exit 'rm -f "$dir/hold"; [ -z "${runner:-}" ] || wait "$runner"; [ -z "${holder:-}" ] || kill "$holder"'
cd "$dir"
# The server: each mail into sent/, by its Message-ID; while hold exists it
# says so (started) and keeps the mail from being handed on.
cat > slowmail <<'EOF'
#!/bin/sh
d=$(dirname "$0")
cat > "$d/mail.$$"
id=$(sed -n 's/^Message-I[Dd]: *//p' "$d/mail.$$" | head -1)
echo "$id" >> "$d/sent.log"
if [ -e "$d/hold" ]; then
	: > "$d/started"
	i=0
	while [ -e "$d/hold" ] && [ "$i" -lt 600 ]; do i=$((i + 1)); sleep 0.1; done
fi
rm -f "$d/mail.$$"
EOF
chmod +x slowmail
cat > azalai.yaml <<EOF
datadir: $src
lock_timeout: 1
referee:
  address: referee@azalai.test
log:
  to: file
  file: azalai.log
deliver:
  method: sendmail
  sendmail: $dir/slowmail
EOF
"$az" init > /dev/null 2>&1
"$az" new buqruru --seat north=n@azalai.test --seat south=s@azalai.test > /dev/null 2>&1 ||
    fail "new game"
: > hold
"$az" run > run.out 2> run.err &
runner=$!
i=0
while [ ! -e started ] && [ "$i" -lt 300 ]; do i=$((i + 1)); sleep 0.1; done
check "the run is sending, held by the server" '[ -e started ]'

printf 'From: stranger@example.org\nMessage-ID: <help-1@x>\nSubject: hi\n\nHELP\n' \
    > help.mail
# Under a lock_timeout of 30 s, an ingest that waited for the delivery's
# lock would still be waiting at the 10 s bound.
sed 's/^lock_timeout: 1$/lock_timeout: 30/' azalai.yaml > pipe.yaml
"$az" --config pipe.yaml ingest --stdin < help.mail > ingest.out 2>&1 &
ingester=$!
check "the ingest ends while the delivery goes on" \
    'until_true 10 sh -c "! kill -0 $ingester 2> /dev/null" && [ -e hold ] && kill -0 "$runner"'
wait "$ingester"
rc=$?
check "and ends well" '[ "$rc" = 0 ]'
check "the mail is taken while the delivery goes" \
    '[ "$(q "SELECT count(*) FROM messages WHERE message_id = '\''help-1@x'\''")" = 1 ]'
check "and answered in the ledger" \
    '[ "$(q "SELECT count(*) FROM outbox WHERE kind = '\''help'\''")" = 1 ]'
# A second deliverer waits lock_timeout for the first, then leaves the mails
# to it: it sends nothing.
expect 75 "delivering the outbox" -- "$az" outbox flush
check "the second deliverer sent nothing" '[ "$(wc -l < sent.log)" = 1 ]'

rm -f hold
wait "$runner"
rc=$?
runner=
check "the run ends well" '[ "$rc" = 0 ]'
check "every mail queued is sent" \
    '[ "$(q "SELECT count(*) FROM outbox WHERE status <> '\''sent'\''")" = 0 ]'
check "the answer to the ingested mail went with that delivery" \
    'grep -q "$(q "SELECT message_id FROM outbox WHERE kind = '\''help'\''")" sent.log'
check "each mail went once" \
    '[ "$(wc -l < sent.log)" = "$(q "SELECT count(*) FROM outbox")" ] &&
     [ -z "$(sort sent.log | uniq -d)" ]'
expect 0 "" -- "$az" verify

# The site after the delivery, no longer under the run lock: by one run at
# a time, as another run would hold its lock.
printf 'archive:\n  dir: %s/site\n' "$dir" >> azalai.yaml
flock -o azalai.db.archive.lock sleep 30 &
holder=$!
i=0
while flock -n azalai.db.archive.lock true && [ "$i" -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
expect 0 "" -- "$az" run
check "a run leaves the site to the run writing it" \
    '[ ! -e site/index.html ] && grep -q "another run is writing the site" azalai.log'
kill "$holder"
wait "$holder" 2> /dev/null
holder=
expect 0 "" -- "$az" run
check "and the next run writes it" '[ -s site/index.html ]'
finish 'tail -20 azalai.log; cat run.err'
