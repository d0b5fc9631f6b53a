#!/bin/sh
# Retention: a run drops the bodies of the mails it delivered more than
# `retention` days ago and the pictures no kept mail shows, and nothing that
# is still needed. The pruned ledger verifies, replays, answers STATUS,
# REPORT and HISTORY by mail, builds the archive, and still delivers a
# queued mail whose picture a pruned mail showed too; the welcome mails keep
# their bodies (verify holds them to the seed commitment).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
# The mail server: each mail into out/, but one to w2 is refused (a
# temporary failure) while the file "block" is there.
mkdir out
cat > sendmail.sh <<'SH'
#!/bin/sh
f=$(mktemp out/mail.XXXXXX)
cat > "$f"
if [ -e block ] && grep -q '^To: w2@' "$f"; then rm "$f"; exit 75; fi
SH
printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nretention: 2\n' "$src" > azalai.yaml
printf 'deliver:\n  method: sendmail\n  sendmail: sh %s/sendmail.sh\n' "$dir" >> azalai.yaml
at() { date -u -d "2026-01-05 12:00 UTC + $1 hours" +%Y-%m-%dT%H:%M:%SZ; }
AZALAI_NOW=$(at 0) AZALAI_SEED=4242
export AZALAI_NOW AZALAI_SEED
mails=0
# mail SEAT TEXT: an order mail from SEAT into the Maildir.
mail() {
	mails=$((mails + 1))
	{
		printf 'From: %s <%s@players.example>\nTo: referee@localhost\n' "$1" "$1"
		printf 'Subject: orders\nMessage-ID: <%d.%s@players.example>\n' "$mails" "$1"
		printf 'Date: Mon, 05 Jan 2026 12:00:00 +0000\n\n'
		printf "$2\n"
	} > "Maildir/new/$mails.$1"
}
"$az" init > /dev/null || fail "init"
"$az" new buqruru --seat n=n@players.example --seat s=s@players.example > new.txt ||
	fail "new"
tok() { awk -v s="$1" '$1 == "seat" && $2 == s { print $4 }' new.txt; }
n=$(tok n) s=$(tok s)
[ -n "$n" ] && [ -n "$s" ] && pass || fail "no tokens in: $(cat new.txt)"
expect 0 "" -- "$az" watch buqruru-1 w1@players.example
expect 0 "" -- "$az" watch buqruru-1 w2@players.example
expect 0 "" -- "$az" run

# A step, then its reports go out with their pictures; the two observers'
# show the same picture, and the one to w2 stays queued.
AZALAI_NOW=$(at 1)
: > block
mail n "GAME buqruru-1\nSEAT n\nTOKEN $n\nHOLE a"
mail s "GAME buqruru-1\nSEAT s\nTOKEN $s\nHOLE e"
"$az" run > /dev/null 2>&1
pictures=$(q "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL")
[ "$pictures" -gt 2 ] && pass || fail "$pictures pictures drawn: the test shows nothing"
cidof() { q "SELECT substr(html, 19, instr(html, char(10)) - 19) FROM outbox WHERE id = $1"; }
w1=$(q "SELECT MAX(id) FROM outbox WHERE to_addr = 'w1@players.example'")
w2=$(q "SELECT MAX(id) FROM outbox WHERE to_addr = 'w2@players.example'")
shared=$(cidof "$w2")
[ -n "$shared" ] && [ "$(cidof "$w1")" = "$shared" ] && pass ||
	fail "the two observers' reports do not show one picture: the test shows nothing"
welcomes=$(q "SELECT group_concat(length(body)) FROM outbox WHERE kind = 'welcome'")
# The rows the stale guard, a reply without a token and a bounce read
# (which game, seat and step a mail was, its Message-ID) stay, an
# observer's too.
row="id || ':' || COALESCE(game_id, '-') || ':' || COALESCE(seat_idx, '-') || ':' ||
    COALESCE(step, '-') || ':' || message_id"
steps=$(q "SELECT group_concat($row) FROM outbox WHERE id <= $w2")

# A day later nothing is old enough.
AZALAI_NOW=$(at 25)
"$az" run > /dev/null 2>&1
check "a day later the bodies are all kept" \
	'[ "$(q "SELECT COUNT(*) FROM outbox WHERE body = '"''"'")" = 0 ]'
# Three days later the delivered mails lose their bodies and their pictures,
# all but the one the queued mail shows; among them, enough notices for a
# few of the prune's batches (retention.c).
q "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 450)
    INSERT INTO outbox (kind, to_addr, message_id, subject, body, status, created_at,
    sent_at) SELECT 'notice', 'bulk@players.example', i || '.bulk@azalai', 'notice',
    'a notice', 'sent', '$(at 1)', '$(at 1)' FROM k"
AZALAI_NOW=$(at 73)
"$az" run > /dev/null 2>&1
check "the mail to w2 is still queued" \
	'[ "$(q "SELECT status FROM outbox WHERE id = $w2")" != sent ]'
kept=$(q "SELECT COUNT(*) FROM outbox WHERE status = 'sent' AND kind <> 'welcome' AND
    sent_at < '$(at 25)' AND (body <> '' OR html <> '' OR json <> '' OR
    ical <> '' OR unsub <> '')")
[ "$kept" = 0 ] && pass || fail "$kept delivered mails keep their bodies after three days"
check "the welcome mails keep their bodies" \
	'[ "$(q "SELECT group_concat(length(body)) FROM outbox WHERE kind = '"'welcome'"'")" = "$welcomes" ]'
left=$(q "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL")
[ "$left" -ge 1 ] && [ "$left" -lt "$pictures" ] && pass ||
	fail "$left of $pictures pictures left after the prune"
check "the queued mail's picture is kept" \
	'[ "$(q "SELECT COUNT(*) FROM picture WHERE cid = '"'"'$shared'"'"' AND png IS NOT NULL")" = 1 ]'
check "the rows stay, with their games, seats, steps and Message-IDs" \
    '[ "$(q "SELECT group_concat($row) FROM outbox WHERE id <= $w2")" = "$steps" ]'
grep -q "retention: dropped the bodies of" azalai.log && pass || fail "the log says nothing"

# The queued mail goes out whole, its picture with it.
rm block
AZALAI_NOW=$(at 80)
"$az" run > /dev/null 2>&1
check "the mail to w2 was delivered" '[ "$(q "SELECT status FROM outbox WHERE id = $w2")" = sent ]'
out=$(grep -l "^Subject: .*step 2 (you are watching)" $(grep -l "^To: w2@players.example" out/*))
[ -n "$out" ] && grep -q "^Content-Type: image/png" $out && pass ||
	fail "the queued mail went without its picture"

# What the ledger is for still works on the pruned ledger.
expect 0 "buqruru-1 verified" -- "$az" verify buqruru-1
expect 0 "verified: every chain" -- "$az" verify
expect 0 "Chain head at step" -- "$az" replay buqruru-1 --as n
rm -f out/*
AZALAI_NOW=$(at 81)
mail n "GAME buqruru-1\nSEAT n\nTOKEN $n\nSTATUS\nREPORT\nHISTORY"
expect 0 "" -- "$az" run
# One answer a command, each from the pruned ledger: REPORT's picture,
# pruned, drawn again.
answer() { grep -l "^Subject: \[azalai buqruru-1\] $1" $(grep -l "^To: n@players.example" out/*) \
    2> /dev/null; }
check "STATUS is answered" '[ -n "$(answer "status at step 3")" ]'
check "REPORT is answered, with its picture" \
    'f=$(answer "round 1, step 3, your move") && grep -q "^Content-Type: image/png" $f'
check "HISTORY is answered, with n's step" \
    'f=$(answer "the history, to step 3") && grep -q "HOLE a" $f'
expect 0 "" -- "$az" archive site
grep -q "buqruru-1" site/index.html && pass || fail "the archive lists no game"
grep -q "id=\"step-2\"" site/games/buqruru-1.html && pass || fail "the archive has no page of the game"
finish "cat azalai.log"
