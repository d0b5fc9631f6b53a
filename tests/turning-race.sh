#!/bin/sh
# Turning points are mailed once, even when two runs analyse the same game.
# The analysis reads off the run lock (cmd-mail.c), so a run that started
# while another was analysing may analyse the game too; the game is claimed
# in the transaction that queues its mails (referee/turning.c), and the run
# that finds it claimed queues nothing. Here run A stops after its analysis
# (AZALAI_TEST_PAUSE_BEFORE_CLAIM) while run B analyses, claims and mails
# the game; then A goes on.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED
d=$dir/bot
if ! AZALAI="$az" AZALAI_DATADIR="$src" DEMO_QUIET=1 \
    DEMO_SEATS="amastan tinhinan=bot:greedy" \
    timeout 900 sh "$src/contrib/demo" "$d" > "$dir/demo.log" 2>&1; then
	tail -n 20 "$dir/demo.log"
	fail "the demo against a bot did not finish"
	finish
fi
cd "$d"
check "the demo's last run mailed amastan's turning points" \
	'[ "$(q "SELECT count(*) FROM outbox WHERE kind = '"'turning'"'")" = 1 ]'
# The game is due again, as it was before that run claimed it.
before=$(q "SELECT max(id) FROM outbox")
q "UPDATE games SET turning_done = 0" > /dev/null
AZALAI_TEST_PAUSE_BEFORE_CLAIM=$dir/go "$az" run > "$dir/a.out" 2>&1 &
a=$!
at_exit "kill $a 2>/dev/null"
check "run A analysed the game and waits before its claim" \
	'until_true 120 test -e "$dir/go.ready"'
expect 0 "" -- "$az" run
check "run B, while A waits, mailed the turning points" \
	'[ "$(q "SELECT count(*) FROM outbox WHERE kind = '"'turning'"' AND id > $before")" = 1 ]'
touch "$dir/go"
wait "$a"
arc=$?
check "run A, let go, ended well" '[ "$arc" = 0 ]'
check "run A found the game claimed and queued nothing: one mail in all" \
	'[ "$(q "SELECT count(*) FROM outbox WHERE kind = '"'turning'"' AND id > $before")" = 1 ]'
check "the log says one run analysed the game" \
	'[ "$(grep -c "run: turning points of 1 finished games" azalai.log)" = 2 ]'
finish 'cat "$dir/a.out"; tail -n 20 azalai.log'
