#!/bin/sh
# Players can audit a game: the welcome mails commit to the seed and do not
# tell it, the end reveals it, azalai verify replays the game from it and
# finds a changed seed, an edited event and a made-up chain head.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml

# hash_at GAME SEQ [LEDGER]: the hash of that step, the head a report gave.
hash_at() {
	sqlite3 "${3:-azalai.db}" "SELECT e.hash FROM events e JOIN games g ON g.id = e.game_id
		WHERE g.name = '$1' AND e.seq = $2"
}

# Every mail body the ledger queued, in order, one file each.
bodies() {
	rm -rf "$1" && mkdir "$1"
	for id in $(sqlite3 azalai.db "SELECT id FROM outbox ORDER BY id"); do
		sqlite3 azalai.db "SELECT body FROM outbox WHERE id = $id" > "$1/$id"
	done
}
# All that each mail carries: its subject, text, HTML, JSON and calendar.
parts() {
	rm -rf "$1" && mkdir "$1"
	for id in $(sqlite3 azalai.db "SELECT id FROM outbox ORDER BY id"); do
		sqlite3 azalai.db "SELECT subject, body, COALESCE(html, ''), COALESCE(json, ''),
		    COALESCE(ical, '') FROM outbox WHERE id = $id" > "$1/$id"
	done
}

"$az" init > /dev/null || fail "init"
expect 0 "usage: azalai verify" -- "$az" verify --help
expect 0 "targi-1" -- "$az" new targi --seat a=a@x --seat b=b@x
expect 0 "" -- "$az" watch targi-1 w@x
# A second game that stays running: nothing of it may open.
expect 0 "targi-2" -- "$az" new targi --seat c=c@x --seat d=bot
tok_c=$(awk '$1 == "seat" && $2 == "c" { print $4 }' out.txt)

commit=$(sqlite3 azalai.db "SELECT seed_commit FROM games WHERE name = 'targi-1'")
[ ${#commit} = 64 ] && pass || fail "targi-1 has no commitment: \"$commit\""
n=0
for m in $(sqlite3 azalai.db "SELECT id FROM outbox WHERE kind = 'welcome' AND game_id = 1"); do
	n=$((n + 1))
	sqlite3 azalai.db "SELECT body FROM outbox WHERE id = $m" | grep -q "^  $commit\$" ||
		fail "welcome mail $m does not carry the commitment $commit"
done
[ "$n" = 2 ] && pass || fail "$n welcome mails for targi-1, not 2"

# A running game is verified too, and shows no seed and no deck order.
expect 0 "targi-1 verified" -- "$az" verify targi-1
lacks "Tribe deck, top first"
"$az" replay targi-1 --as a > running.txt 2>&1
expect 1 "" -- grep -q "Tribe deck, top first\|^  seed " running.txt
head1=$(sed -n 's/^Chain head at step 0: \([0-9a-f]*\)$/\1/p' running.txt | head -n 1)
[ ${#head1} = 16 ] && pass || fail "no short chain head in the report at step 0: \"$head1\""
# c plays a move of targi-2: mails with all their parts (HTML, JSON, a
# calendar) before the end.
o=$("$az" show targi-2 --as c --json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["view"]["legal"][0]["text"])')
expect 0 "" -- "$az" seat targi-2 c json on
printf 'From: c@x\nSubject: o\nMessage-ID: <c1@x>\n\nGAME targi-2\nSEAT c\nTOKEN %s\n%s\n' \
    "$tok_c" "$o" | "$az" ingest --stdin > /dev/null 2>&1
check "c's move is answered with every part" \
    '[ "$(sqlite3 azalai.db "SELECT count(*) FROM outbox WHERE to_addr = '"'c@x'"' AND
      html <> '"''"' AND json <> '"''"' AND ical <> '"''"'")" -ge 1 ]'
bodies before
parts before-all

# The referee plays both seats to the end.
expect 0 "" -- "$az" seat targi-1 a bot
expect 0 "" -- "$az" seat targi-1 b bot
expect 0 "targi-1 .*over: " -- "$az" list
bodies after
last=$(ls after | sort -n | tail -n 1)
seed=$(sed -n 's/^  seed  *\([0-9]*\)$/\1/p' "after/$last")
salt=$(sed -n 's/^  salt  *\([0-9a-f]*\)$/\1/p' "after/$last")
full=$(sed -n 's/^Chain head at step [0-9]*: \([0-9a-f]*\)$/\1/p' "after/$last")
[ -n "$seed" ] && [ ${#salt} = 32 ] && [ ${#full} = 64 ] && pass ||
	fail "the last mail does not reveal seed, salt and the full head: \"$seed\" \"$salt\" \"$full\""
stored=$(sqlite3 azalai.db "SELECT seed FROM games WHERE name = 'targi-1'")
# The ledger's INTEGER is signed; the seed is the same 64 bits unsigned.
[ "$seed" = "$(printf '%u' "$stored")" ] && pass ||
	fail "revealed seed $seed, the ledger's is $stored"
# What a player does with sha256sum (doc/verify.md).
mine=$(printf 'azalai-seed-v1 %s %s %s' targi-1 "$seed" "$salt" | sha256sum | cut -d' ' -f1)
[ "$mine" = "$commit" ] && pass || fail "sha256sum gives $mine, the welcome mail said $commit"
# Neither seed nor salt in any part of any mail before the end, of either
# game, the seed in decimal or hex.
hex=$(python3 -c "print('%x' % $seed)" 2> /dev/null)
seed2=$(printf '%u' "$(sqlite3 azalai.db "SELECT seed FROM games WHERE name = 'targi-2'")")
hex2=$(python3 -c "print('%x' % $seed2)" 2> /dev/null)
salt2=$(sqlite3 azalai.db "SELECT seed_salt FROM games WHERE name = 'targi-2'")
if [ -z "$seed" ] || [ -z "$salt" ] || [ -z "$hex" ] || [ -z "$hex2" ] || [ -z "$salt2" ]; then
	fail "nothing revealed to look for in the mails before the end"
elif [ "$(grep -c . before-all/* | grep -c -v ':0$')" -lt "$(ls before | wc -l)" ]; then
	fail "a mail before the end has no parts to look in"
elif grep -l -i -F -e "$seed" -e "$salt" -e "$hex" -e "$seed2" -e "$salt2" -e "$hex2" \
    before-all/* > leaked.txt; then
	fail "the seed or salt was in a mail before the end: $(cat leaked.txt)"
else pass; fi
for f in after/*; do
	[ -e "before/$(basename "$f")" ] && continue
	grep -q -F "$seed" "$f" && break
done
grep -q -F "$seed" "$f" && pass || fail "no mail after the end reveals the seed"
grep -q "Tribe deck, top first" "after/$last" && pass || fail "the final report shows no decks"

expect 0 "seed: matches its commitment $commit" -- "$az" verify targi-1
expect 0 "every step from the seed" -- "$az" verify targi-1
expect 0 "is step 0 of this game's history" -- "$az" verify targi-1 --head "$head1"
expect 0 "is step 0 of this game's history" -- "$az" verify targi-1 --head \
	"$(echo "$head1" | tr a-f A-F)"
expect 0 "is step [1-9][0-9]* of this game's history" -- "$az" verify targi-1 --head "$full"
expect 65 "0123456789abcdef is not in this game's history" -- "$az" verify targi-1 --head \
	0123456789abcdef
expect 65 "" -- "$az" verify targi-2 --head "$full"
expect 64 "wants 16 to 64 hex digits" -- "$az" verify targi-1 --head 12345
expect 64 "wants 16 to 64 hex digits" -- "$az" verify targi-1 --head xyzxyzxyzxyzxyzxyz
expect 64 "belongs to one game" -- "$az" verify --head "$full"
expect 64 "one game" -- "$az" verify targi-1 targi-2
expect 65 'there is no game "nope"' -- "$az" verify nope
expect 0 "2 games verified" -- "$az" verify
# Not a terminal: no progress line.
[ -s err.txt ] && fail "verify wrote to a stderr that is not a terminal: $(cat err.txt)" || pass

# After the end, replay shows everything at any step, as any seat.
expect 0 "Tribe deck, top first" -- "$az" replay targi-1 --step 1 --as a
expect 0 "Goods deck, top first" -- "$az" replay targi-1 --step 1
expect 0 "^  seed  *$seed\$" -- "$az" replay targi-1 --step 1 --as b
# ... and still nothing of the running game.
expect 0 "" -- "$az" replay targi-2 --as c
lacks "Tribe deck, top first\|^  seed "

# The seed is out: a game that is over cannot be rolled back into play.
expect 65 "revealed the seed and every hidden card" -- "$az" rollback targi-1 1
expect 0 "targi-1 .*over: " -- "$az" list

# An attacker with the ledger file: a changed seed.
cp azalai.db seed.db
sqlite3 seed.db "UPDATE games SET seed = seed + 1 WHERE name = 'targi-1'"
expect 65 "seed: the seed and salt give" -- "$az" --ledger seed.db verify targi-1
cp out.txt seed-verify.txt
expect 0 "step 0: replay gives state" -- grep "replay" seed-verify.txt
expect 65 "1 of 2 games do not verify" -- "$az" --ledger seed.db verify

# An edited event (the trigger refuses UPDATE: the attacker drops it).
cp azalai.db event.db
sqlite3 event.db "DROP TRIGGER events_no_update;
	UPDATE events SET payload = CASE payload WHEN 'PLACE 2' THEN 'PLACE 3'
	ELSE 'PLACE 2' END WHERE seq = 5 AND game_id = 1"
expect 65 "chain: step 5 was changed" -- "$az" --ledger event.db verify targi-1
cp out.txt event-verify.txt
expect 1 "" -- grep -q "step [0-4][^0-9]" event-verify.txt
# An attacker who hashes again what they change (doc/verify.md: only the
# heads the players kept show that): rechain DB FROM [PREV_OF_FROM] gives
# targi-1's steps from FROM on new hashes and links, as the ledger makes
# them; with PREV_OF_FROM, step FROM links there and only it is hashed again.
rechain() {
	python3 - "$@" <<'PY'
import hashlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("DROP TRIGGER IF EXISTS events_no_update")
rows = db.execute("SELECT seq, kind, COALESCE(seat_idx, -1), COALESCE(payload, ''), COALESCE(narrative, ''), "
                  "state_hash, prev_hash, at FROM events WHERE game_id = 1 AND seq >= ? "
                  "ORDER BY seq", (int(sys.argv[2]),)).fetchall()
prev = sys.argv[3] if len(sys.argv) > 3 else rows[0][6]
for seq, kind, seat, payload, narrative, state, _, at in rows:
    parts = [prev, str(seq), kind, str(seat), payload, narrative, state, at]
    h = hashlib.sha256(b"".join(b"%d:%s" % (len(x.encode()), x.encode())
                                for x in parts)).hexdigest()
    db.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = 1 AND seq = ?",
               (prev, h, seq))
    prev = h
    if len(sys.argv) > 3:
        break
db.commit()
PY
}
# The chain's own hashes, made again, change nothing: the control.
cp azalai.db same.db
rechain same.db 0
expect 0 "targi-1 verified" -- "$az" --ledger same.db verify targi-1
# Step 5's state made step 4's, the chain hashed again from there: every
# link holds, and only the replay from the seed finds it.
cp azalai.db state.db
sqlite3 state.db "DROP TRIGGER events_no_update; UPDATE events SET state_hash =
	(SELECT state_hash FROM events WHERE game_id = 1 AND seq = 4) WHERE game_id = 1 AND seq = 5"
rechain state.db 5
expect 65 "replay: .* step 5: replay gives state" -- "$az" --ledger state.db verify targi-1
check "and every link holds" 'grep -q "chain: steps 0 to [0-9]*, every link holds" out.txt'
# Step 6 linked to step 4, hashed again alone: it no longer links.
cp azalai.db link.db
rechain link.db 6 "$(hash_at targi-1 4)"
expect 65 "chain: step 6 does not link to the step before it" -- \
	"$az" --ledger link.db verify targi-1
# A dropped step breaks the chain where it was.
cp azalai.db gap.db
sqlite3 gap.db "DROP TRIGGER events_no_delete;
	DELETE FROM events WHERE seq = 7 AND game_id = 1"
expect 65 "chain: step 7 is missing" -- "$az" --ledger gap.db verify targi-1
# A welcome mail rewritten to carry another commitment.
cp azalai.db mail.db
sqlite3 mail.db "UPDATE outbox SET body = replace(body, '$commit', '$full')
	WHERE kind = 'welcome' AND game_id = 1 AND to_addr = 'a@x'"
expect 65 "1 welcome mail in the outbox carries another commitment" -- \
	"$az" --ledger mail.db verify targi-1

# A silent rollback: the newest steps listed as undone by hand, with no
# rollback step in the chain (no narrative, no mail). The chain alone says
# what is undone: verify names the row, and a game loaded without its
# snapshot is not turned back.
cp azalai.db silent.db
last=$(sqlite3 silent.db "SELECT MAX(seq) FROM events WHERE game_id = 1")
sqlite3 silent.db "INSERT INTO undone VALUES (1, $((last - 1)), 1), (1, $last, 1)"
expect 65 "undone: step $((last - 1)) is listed as undone, but no rollback step of the chain undid it" \
	-- "$az" --ledger silent.db verify targi-1
expect 65 "1 of 2 games do not verify" -- "$az" --ledger silent.db verify
"$az" replay targi-1 | grep '^step \|^replay' > steps.txt
sqlite3 silent.db "DELETE FROM snapshots WHERE game_id = 1"
"$az" --ledger silent.db replay targi-1 | grep '^step \|^replay' > silent-steps.txt
cmp -s steps.txt silent-steps.txt && pass ||
	fail "the rows made by hand turned targi-1 back: $(diff steps.txt silent-steps.txt)"

# A game from before the commitment (migration 007) verifies without one,
# and its end still reveals the seed: neither the ledger nor its welcome
# mails had one.
cp azalai.db old.db
sqlite3 old.db "UPDATE games SET seed_salt = '', seed_commit = '' WHERE name = 'targi-1';
	UPDATE outbox SET body = replace(body, '$commit', '') WHERE kind = 'welcome' AND game_id = 1"
expect 0 "seed: no commitment" -- "$az" --ledger old.db verify targi-1
expect 0 "^  seed  *$seed\$" -- "$az" --ledger old.db show targi-1
lacks "commitment"
# An attacker who plays the game again from another seed blanks the
# commitment in the ledger; the welcome mails the players kept still carry
# it, and so do the ledger's copies.
cp azalai.db blank.db
sqlite3 blank.db "UPDATE games SET seed_salt = '', seed_commit = '' WHERE name = 'targi-1'"
expect 65 "targi-1: seed: 2 welcome mails in the outbox carry a commitment the ledger no longer has" \
	-- "$az" --ledger blank.db verify targi-1
expect 65 "1 of 2 games do not verify" -- "$az" --ledger blank.db verify

# Buqruru's sealed choice: hidden from the other seat while the game runs,
# open at every step once it is over.
expect 0 "buqruru-1" -- "$az" new buqruru --seat a=bot --seat b=b@x
expect 0 "" -- "$az" replay buqruru-1 --step 1 --as b
lacks '\[ *[0-9][0-9]*\]'
expect 0 "" -- "$az" seat buqruru-1 b bot
expect 0 "buqruru-1 .*over: " -- "$az" list
expect 0 '\[ *[0-9][0-9]*\]' -- "$az" replay buqruru-1 --step 1 --as b
# Targui's fortune deck in order, once it is over.
expect 0 "targui-1" -- "$az" new targui --seat a=bot --seat b=bot
expect 0 "targui-1 .*over: " -- "$az" list
expect 0 "Fortune cards still in the deck, top first" -- "$az" replay targui-1 --step 10
# Steps a rollback undid stay in the chain and out of the replay.
expect 0 "buqruru-2" -- "$az" new buqruru --seat a=bot --seat b=b@x
expect 0 "undid step 1" -- "$az" rollback buqruru-2 1 testing
expect 0 "buqruru-2 verified" -- "$az" verify buqruru-2
# The rollback step names what it undid, under its hash.
[ "$(sqlite3 azalai.db "SELECT payload FROM events WHERE kind = 'admin' AND
	game_id = (SELECT id FROM games WHERE name = 'buqruru-2')")" = "undo 1 to 1" ] && pass ||
	fail "the rollback step of buqruru-2 does not name step 1 in its payload"
# A head kept from the undone step is in the chain, no longer in the history.
expect 0 "head [0-9a-f]* was step 1 of this game's history until the rollback at step 2 undid it" \
	-- "$az" verify buqruru-2 --head "$(hash_at buqruru-2 1)"
expect 0 "is step 2 of this game's history" -- "$az" verify buqruru-2 --head \
	"$(hash_at buqruru-2 2)"
# The list of undone steps is held to the chain: a row taken out is named.
cp azalai.db lost.db
sqlite3 lost.db "DELETE FROM undone WHERE seq = 1 AND
	game_id = (SELECT id FROM games WHERE name = 'buqruru-2')"
expect 65 "undone: the rollback at step 2 undid step 1, which is not listed as undone" \
	-- "$az" --ledger lost.db verify buqruru-2
# ... and a row that names another rollback than the one that undid it.
cp azalai.db wrongby.db
sqlite3 wrongby.db "UPDATE undone SET rollback_seq = 5 WHERE seq = 1 AND
	game_id = (SELECT id FROM games WHERE name = 'buqruru-2')"
expect 65 "undone: step 1 is listed as undone by step 5, but the rollback at step 2 undid it" \
	-- "$az" --ledger wrongby.db verify buqruru-2

# A game set up from the game master's deck file replays from that file:
# the default cards would give other states from step 0 on.
expect 0 "targi-3" -- "$az" new targi --seat a=bot --seat b=bot --option expansion=yes \
	--deck "$src/data/targi/example-deck.yaml"
[ "$(sqlite3 azalai.db "SELECT setup_file_name FROM games WHERE name = 'targi-3'")" = \
	example-deck.yaml ] && pass || fail "targi-3 keeps no deck file"
[ "$(sqlite3 azalai.db "SELECT COUNT(*) FROM events e JOIN games g ON g.id = e.game_id
	WHERE g.name = 'targi-3'")" -gt 10 ] && pass || fail "the bots played few steps of targi-3"
expect 0 "targi-3: replay: every step from the seed gives the state the ledger recorded" \
	-- "$az" verify targi-3
expect 0 "targi-3 verified" -- "$az" verify targi-3
expect 0 "replay verified" -- "$az" replay targi-3 --step 5

# A ledger of before 0.1 (tests/verify-024.sql: schema version 24, made by
# the azalai of then) is upgraded in one step when it is first opened: the
# schema of a new ledger, with its CHECKs, marked as azalai's, every row
# kept, and every game still verifies.
sqlite3 old24.db < "$src/tests/verify-024.sql"
# rows DB: every row of every table, one line each (.dump writes a row's
# newlines as char(10)), sorted.
rows() {
	sqlite3 "$1" .dump | grep '^INSERT INTO' | sort
}
rows old24.db > old24-rows.txt
expect 0 "2 games verified" -- "$az" --ledger old24.db verify
[ "$(sqlite3 old24.db "PRAGMA application_id; PRAGMA user_version" | tr '\n' ' ')" = \
	"1096433996 8 " ] && pass || fail "the upgraded ledger is not marked as azalai's at 8: \
$(sqlite3 old24.db "PRAGMA application_id; PRAGMA user_version" | tr '\n' ' ')"
# Migration 004 gives every seat a bot level (the old seats play at
# random), 005 its pictures (on) and own zone (none), and every observer
# its notify mode (every, as before); 006 every seat its calendar (on),
# every deadline its revision (0) and what its seat was told of it (none),
# every mail its calendar part (none); 007 every mail its List-Unsubscribe
# (none: an old seat mail goes without one); 008 every seat its turning
# points word (none: the campaign's) and every game whether its turning
# points are done (a game over already: done, never analysed).
rows old24.db | sed -e "/^INSERT INTO seats /s/,'random',1,'',1,-1);\$/);/" \
    -e "/^INSERT INTO games /s/,[01]);\$/);/" \
    -e "/^INSERT INTO watchers /s/,'every');\$/);/" \
    -e "/^INSERT INTO deadlines /s/,0,-1);\$/);/" \
    -e "/^INSERT INTO outbox /s/,'','');\$/);/" > new24-rows.txt
cmp -s old24-rows.txt new24-rows.txt && pass ||
	fail "the upgrade changed rows: $(diff old24-rows.txt new24-rows.txt | head -n 20)"
sqlite3 azalai.db .schema > new-schema.txt
sqlite3 old24.db .schema > old24-schema.txt
cmp -s new-schema.txt old24-schema.txt && pass ||
	fail "the upgraded schema is not a new ledger's: $(diff new-schema.txt old24-schema.txt | head -n 20)"
expect 0 "ok" -- sqlite3 old24.db "PRAGMA integrity_check"
# A mail stored before the upgrade is still known by its Date and Message-ID.
printf 'From: b@x\nMessage-ID: <m5@x>\nDate: Wed, 02 Dec 2026 08:05:00 +0000\n\nHOLE f\n' > m5.eml
"$az" --ledger old24.db ingest --stdin < m5.eml > /dev/null 2>&1
[ "$(sqlite3 old24.db "SELECT COUNT(*) FROM messages")" = 5 ] && pass ||
	fail "a mail stored before the upgrade was stored again"
check "001's CHECKs hold in the upgraded ledger" \
	'! sqlite3 old24.db "UPDATE seats SET disorder = 2" 2> err.txt && grep -q "CHECK constraint failed" err.txt'
# Its rollback steps from before schema 20 have an empty payload, and their
# narratives name the first step each undid.
for h in 6:7 7:9 4:9 8:9; do
	expect 0 "was step ${h%:*} of this game's history until the rollback at step ${h#*:} undid it" \
		-- "$az" --ledger old24.db verify buqruru-1 --head "$(hash_at buqruru-1 "${h%:*}" old24.db)"
done
expect 0 "is step 9 of this game's history" -- "$az" --ledger old24.db verify buqruru-1 \
	--head "$(hash_at buqruru-1 9 old24.db)"
expect 0 "was step 6 of this game's history until the rollback at step 7 undid it" \
	-- "$az" --ledger old24.db verify buqruru-2 --head "$(hash_at buqruru-2 6 old24.db)"
# show counts the wrong tokens of the last day: on the day of the copy's
# wrong token (2026-12-02T08:36:35Z), not the day the test runs.
expect 0 "1 mail with a wrong token" -- env AZALAI_NOW=2026-12-02T12:00:00Z \
	"$az" --ledger old24.db show buqruru-2
# A new rollback in it names its steps, an old one among them.
expect 0 "undid step 3; the game is at step 11" -- "$az" --ledger old24.db rollback buqruru-1 1
expect 0 "buqruru-1 verified" -- "$az" --ledger old24.db verify buqruru-1
expect 0 "was step 9 of this game's history until the rollback at step 10 undid it" \
	-- "$az" --ledger old24.db verify buqruru-1 --head "$(hash_at buqruru-1 9 old24.db)"
# A row made by hand before the upgrade, under the second rollback.
sqlite3 silent24.db < "$src/tests/verify-024.sql"
sqlite3 silent24.db "INSERT INTO undone (game_id, seq, rollback_seq) VALUES (1, 3, 9)"
expect 65 "undone: step 3 is listed as undone, but no rollback step of the chain undid it" \
	-- "$az" --ledger silent24.db verify buqruru-1
# A row taken out between rows still listed: buqruru-1's second rollback
# (step 9) undid steps 4, 5, 7 and 8; step 5 goes, 6 and on stay.
sqlite3 lost24.db < "$src/tests/verify-024.sql"
sqlite3 lost24.db "DELETE FROM undone WHERE game_id = 1 AND seq = 5"
[ "$(sqlite3 lost24.db "SELECT group_concat(seq) FROM (SELECT seq FROM undone
	WHERE game_id = 1 ORDER BY seq)")" = 4,6,7,8 ] &&
	pass || fail "lost24.db does not list steps 4, 6, 7 and 8 of buqruru-1 as undone"
expect 65 "undone: the rollback at step 9 undid step 5, which is not listed as undone" \
	-- "$az" --ledger lost24.db verify buqruru-1

# An upgrade that cannot go through changes nothing and says why: a row
# 001's CHECKs refuse, a row that refers to nothing.
sqlite3 bad24.db < "$src/tests/verify-024.sql"
sqlite3 bad24.db "UPDATE seats SET missed = -1 WHERE game_id = 2 AND idx = 1"
{ sqlite3 bad24.db "PRAGMA user_version"; sqlite3 bad24.db .dump; } > bad24-before.txt
expect 73 "cannot upgrade ledger bad24.db from schema version 24: .*CHECK constraint failed: missed >= 0; it is left as it was" \
	-- "$az" --ledger bad24.db list
{ sqlite3 bad24.db "PRAGMA user_version"; sqlite3 bad24.db .dump; } > bad24-after.txt
cmp -s bad24-before.txt bad24-after.txt && pass ||
	fail "a failed upgrade changed bad24.db: $(diff bad24-before.txt bad24-after.txt | head -n 20)"
sqlite3 fk24.db < "$src/tests/verify-024.sql"
sqlite3 fk24.db "INSERT INTO orders (message, game_id, seat_idx, lineno, text, status)
	VALUES (99, 2, 1, 1, 'SOW', 'accepted')"
expect 73 "orders refers to a row of messages that is not there; it is left as it was" \
	-- "$az" --ledger fk24.db list
[ "$(sqlite3 fk24.db "PRAGMA user_version")" = 24 ] && pass || fail "a failed upgrade moved fk24.db"

# Any other ledger of before 0.1 is refused, unchanged, with what to do;
# so is one of a newer azalai, and a file no azalai made.
sqlite3 old19.db < "$src/tests/verify-024.sql"
sqlite3 old19.db "PRAGMA user_version = 19"
cp old19.db old19-before.db
expect 65 "ledger old19.db has schema version 19, from before azalai 0.1: open it once with an azalai of before 0.1 that knows schema version 24 (any command, such as azalai list, brings it there), then with this one; or start a new ledger" \
	-- "$az" --ledger old19.db list
cmp -s old19.db old19-before.db && pass || fail "a refused ledger was changed"
cp azalai.db future.db
sqlite3 future.db "PRAGMA user_version = 99"
expect 65 "ledger future.db is at schema version 99 but this azalai knows only up to 8; use a newer azalai" \
	-- "$az" --ledger future.db list
sqlite3 odd.db < "$src/tests/verify-024.sql"
sqlite3 odd.db "PRAGMA user_version = 25"
expect 65 "ledger odd.db has schema version 25, which no azalai of before 0.1 made" \
	-- "$az" --ledger odd.db list
sqlite3 other.db "CREATE TABLE t (x)"
expect 65 "other.db is not an azalai ledger" -- "$az" --ledger other.db list
expect 0 "6 games verified" -- "$az" verify

finish
