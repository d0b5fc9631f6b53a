#!/bin/sh
# Under cron (no terminal) the default log.to (auto) keeps an idle run quiet,
# so cron mails nobody; an error is still one line on stderr, which cron
# mails; under systemd, whose journal already has the syslog line, it is not
# written twice. Nothing here needs a syslog daemon: lines sent to a missing
# one are dropped.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
on_fail() { cat out.txt err.txt; }

# No log key at all: the default is what a packaged install runs with.
printf 'datadir: %s\n' "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
"$az" run < /dev/null > out.txt 2> err.txt
rc=$?
check "an idle run exits 0" '[ "$rc" = 0 ]'
check "an idle run prints nothing" '[ ! -s out.txt ] && [ ! -s err.txt ]'

printf 'From: a@example.org\nMessage-ID: <1@x>\n\nHELP\n' > Maildir/new/1.mail
"$az" run < /dev/null > out.txt 2> err.txt
rc=$?
check "a run that answers a mail exits 0 and prints nothing" \
	'[ "$rc" = 0 ] && [ ! -s out.txt ] && [ ! -s err.txt ] && [ ! -f Maildir/new/1.mail ]'

# A mailbox server that is down: nothing listens on port 1 of loopback.
printf 'datadir: %s\nmailbox:\n  type: imap\n  url: imap://127.0.0.1:1/\n  tls: none\n  timeout: 5\n' \
	"$src" > down.yaml
"$az" --config down.yaml run < /dev/null > out.txt 2> err.txt
rc=$?
check "a failing run exits 75" '[ "$rc" = 75 ]'
check "its error is one line on stderr" \
	'[ "$(wc -l < err.txt)" = 1 ] && grep -q "^azalai: error: run: .*imap://127.0.0.1:1/" err.txt'
check "and nothing on stdout" '[ ! -s out.txt ]'

# systemd gives the journal as stderr and says so in JOURNAL_STREAM.
: > err.txt
JOURNAL_STREAM=$(stat -c %d:%i err.txt) "$az" --config down.yaml run < /dev/null \
	> out.txt 2>> err.txt
check "under systemd the error is not written twice" '[ ! -s err.txt ]'

# The old behaviour stays one key away.
printf 'datadir: %s\nlog:\n  to: stderr\n' "$src" > loud.yaml
"$az" --config loud.yaml run < /dev/null > out.txt 2> err.txt
check "log.to: stderr still prints the run's summary" 'grep -q "^azalai: run: 0 mails sent" err.txt'

# On a terminal (when script(1) can make one) auto writes to it.
if script -qec true /dev/null > /dev/null 2>&1 < /dev/null; then
	script -qec "\"$az\" run" /dev/null < /dev/null > out.txt 2> err.txt
	check "on a terminal an idle run says what it did" 'grep -q "azalai: run: 0 mails sent" out.txt'
fi

finish
