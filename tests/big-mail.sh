#!/bin/sh
# A mail over limits.message_bytes costs the ledger its header block, not
# its size: a 30 MB mail used to grow the ledger by 60 MB (stored whole,
# then written again when its status was set), and every such mail stayed
# there forever. It is still answered "too large" in the reader's language,
# known again when it comes twice, and never answered twice; and it is not
# read into memory whole on the way (the memory ulimit fails the run that
# would).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
ledger() { cat azalai.db azalai.db-wal 2> /dev/null | wc -c; }
# mail FILE FROM MESSAGE-ID MB: a text mail of MB megabytes.
mail() {
	{
		printf 'From: %s\nTo: referee@example.org\nSubject: orders\nMessage-ID: <%s>\n' "$2" "$3"
		printf 'Date: Sat, 21 Nov 2026 10:00:00 +0000\n\n'
		head -c $(($4 * 1000000)) /dev/zero | tr '\0' x | fold -w 75
	} > "$1"
}

printf 'datadir: %s\nlanguage: de\nlog:\n  to: file\n  file: azalai.log\n' "$src" > azalai.yaml
"$az" init > /dev/null 2>&1
"$az" run > /dev/null 2>&1
mail Maildir/tmp/big a@example.org big.1@x 30
before=$(ledger)
mv Maildir/tmp/big Maildir/new/big
# 100 MB of address space: a run needs some 50 MB besides its 2 MB limit.
(ulimit -v 100000; exec "$az" run) > out.txt 2> err.txt
rc=$?
after=$(ledger)
echo "a 30 MB mail grew the ledger by $((after - before)) bytes"
check "the run takes and answers it within that memory (exit $rc)" \
	'[ "$rc" = 0 ] && [ "$(q "SELECT status, last_error FROM messages")" = "rejected|" ]'
check "the ledger grows by less than 1 MB" '[ $((after - before)) -lt 1000000 ]'
check "the mail is in the ledger once, rejected, its header block kept" \
	'[ "$(q "SELECT count(*), status, length(raw) < 1000, instr(raw, '\''big.1@x'\'') > 0
	    FROM messages")" = "1|rejected|1|1" ]'
check "with its size and the SHA-256 of the whole" \
	'[ "$(q "SELECT whole_bytes, content_hash FROM messages")" = \
	    "$(wc -c < Maildir/cur/big:2,S)|$(sha256sum < Maildir/cur/big:2,S | cut -d" " -f1)" ]'
answers() { q "SELECT count(*) FROM outbox WHERE to_addr = '$1' AND kind = 'problem'"; }
q "SELECT body FROM outbox WHERE to_addr = 'a@example.org'" > answer.txt
check "the sender is told, in German, that it is too large, and how large" \
	'[ "$(answers a@example.org)" = 1 ] && grep -q "zu groß" answer.txt &&
	grep -q "$(wc -c < Maildir/cur/big:2,S)" answer.txt'

# The same mail again, by another path, held to the same memory: known,
# not answered again.
(ulimit -v 100000; exec "$az" ingest --stdin) < Maildir/cur/big:2,S > /dev/null 2>&1
rc=$?
check "the same mail piped in again is known (exit $rc)" \
	'[ "$rc" = 0 ] && [ "$(q "SELECT count(*) FROM messages")" = 1 ] &&
	[ "$(answers a@example.org)" = 1 ]'
# Without a Message-ID it is known by the hash of the whole.
mail nomid.eml b@example.org "" 3
sed -i '/^Message-ID/d' nomid.eml
"$az" ingest --stdin < nomid.eml > /dev/null 2>&1
"$az" ingest --stdin < nomid.eml > /dev/null 2>&1
check "a large mail without Message-ID is stored once, answered once" \
	'[ "$(q "SELECT count(*) FROM messages WHERE message_id IS NULL")" = 1 ] &&
	[ "$(answers b@example.org)" = 1 ]'
# One byte more of the body is another mail.
echo x >> nomid.eml
"$az" ingest --stdin < nomid.eml > /dev/null 2>&1
check "the same headers with another body are another mail" \
	'[ "$(q "SELECT count(*) FROM messages WHERE message_id IS NULL")" = 2 ]'

# The game master reads what is kept, and is told the rest is not.
id=$(q "SELECT id FROM messages WHERE message_id = 'big.1@x'")
"$az" inbox show "$id" > shown.txt 2> shown.err
rc=$?
check "inbox show prints the header block and says the body was not kept" \
	'[ "$rc" = 0 ] && grep -q "^Message-ID: <big.1@x>" shown.txt &&
	grep -q "the body of message $id was not kept" shown.err'
"$az" verify > /dev/null 2>&1
rc=$?
check "the ledger still verifies" '[ "$rc" = 0 ]'

finish 'cat azalai.log'
