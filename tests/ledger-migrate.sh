#!/bin/sh
# A ledger from before migration 018 that holds mails opens with the program
# and is migrated: each stored mail is keyed by its Date (azalai_mail_date,
# which the mail layer reads and the command line makes known to the
# ledger), and the same mail come again is known as taken.
set -u
az=${AZALAI:?the test harness sets AZALAI}
src=${top_srcdir:-.}
dir=$(mktemp -d /tmp/azalai-ledger-migrate-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
printf 'datadir: %s\nlog:\n  to: stderr\n' "$src" > azalai.yaml
fails=0
passes=0
check() {
	if eval "$2"; then passes=$((passes + 1)); else echo "FAIL: $1"; fails=$((fails + 1)); fi
}

# The ledger as 017 made it, with a mail its ingest stored.
for f in "$src"/sql/0[01][0-9]_*.sql; do
	case $f in *sql/018_*|*sql/019_*) continue ;; esac
	sqlite3 azalai.db < "$f" || exit 99
done
mail='From: a@example.org
Date: Tue, 24 Nov 2026 23:10:00 +0100
Message-ID: <m1@example.org>

HELP
'
printf '%s' "$mail" > mail.txt
sqlite3 azalai.db "PRAGMA user_version = 17; INSERT INTO messages (source, message_id,
    content_hash, raw, received_at) VALUES ('imap', 'm1@example.org', 'h',
    CAST(readfile('mail.txt') AS BLOB), 'then');" || exit 99

"$az" list > out.txt 2> err.txt
rc=$?
check "the old ledger opens (exit $rc)" '[ "$rc" = 0 ]'
[ "$rc" = 0 ] || cat err.txt
check "it is migrated past 018" \
	'[ "$(sqlite3 azalai.db "PRAGMA user_version")" -ge 18 ]'
check "the stored mail is keyed by its Date" \
	'[ "$(sqlite3 azalai.db "SELECT mail_date FROM messages")" = 2026-11-24T22:10:00Z ]'
"$az" ingest --stdin < mail.txt > /dev/null 2>&1
check "the same mail again is not stored twice" \
	'[ "$(sqlite3 azalai.db "SELECT COUNT(*) FROM messages")" = 1 ]'

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
