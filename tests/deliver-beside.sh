#!/bin/sh
# Delivery beside the writer (issue 34): a run that is sending (a slow
# server, a drawing) holds no lock an ingest waits on, so an MTA pipe's
# mail is taken at once; its answer goes with the delivery already going,
# not at the next timer; and two deliverers at once never send a mail twice.
. "${top_srcdir:-.}/tests/lib.sh"
at_exit 'rm -f "$dir/hold"; [ -z "${runner:-}" ] || wait "$runner"'
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
expect 0 "" -- "$az" ingest --stdin < help.mail
check "the mail is taken while the delivery goes" \
    '[ "$(q "SELECT count(*) FROM messages WHERE message_id = '\''help-1@x'\''")" = 1 ]'
check "and answered in the ledger" \
    '[ "$(q "SELECT count(*) FROM outbox WHERE kind = '\''help'\''")" = 1 ]'
check "the ingest did not wait for the delivery" '[ -e hold ] && kill -0 "$runner"'
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
finish 'tail -20 azalai.log; cat run.err'
