#!/bin/sh
# One owner per table. Every INSERT, REPLACE, UPDATE and DELETE of a table
# (one of those sql/*.sql creates) is SQL text in the one file OWNERS below
# names for it; every other file that changes the table calls a function of
# the owner. The owner sits in the lowest layer that must write the table
# (tests/layers.sh), so that every writer can reach it. Reads (SELECT) may
# stay where they are used.
#
# Transactions are the ledger's: SQL text outside src/ledger never says
# BEGIN, COMMIT, END TRANSACTION, ROLLBACK, SAVEPOINT or RELEASE; a command
# opens and ends one through ledger.h (ledger_begin, ledger_read_begin, ...).
#
# SQL text is what the C compiler sees as one string: adjacent literals are
# joined, comments are not text. ALLOWED lists writes not moved yet, one
# line each, "FILE TABLE" ("FILE transaction" for a raw BEGIN); one that is
# no longer in the code fails this test too, so the list only shrinks. It
# is empty: every table has its owner.
#
# The checker is tried first on a small planted tree that breaks each rule:
# a test that cannot fail proves nothing.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"

# table owner ("-": only the schema's triggers write it)
OWNERS='
deadlines src/ledger/deadlines.c
events src/ledger/ledger_games.c
game_counts -
games src/ledger/ledger_games.c
held_mails src/mail/sender.c
mailbox_state src/mail/mailbox-state.c
messages src/mail/messages.c
order_codes src/ledger/ordercode.c
order_steps src/referee/stale.c
orders src/referee/answer.c
outbox src/mail/outbox.c
picture src/mail/outbox.c
schedule_dirty src/campaign/deadline-rows.c
seats src/ledger/seats.c
settings src/campaign/campaign.c
snapshots src/ledger/ledger.c
token_failures src/referee/guessing.c
undone src/ledger/rollback.c
watchers src/ledger/watchers.c
'
ALLOWED='
'

# owners_check TOP OWNERS ALLOWED: prints one line per broken rule and per
# allowed write that is gone, for the tree TOP (TOP/sql, TOP/src).
owners_check() {
	tables=$(cat "$1"/sql/*.sql | tr 'A-Z' 'a-z' |
	    sed -n 's/.*create[[:space:]]\{1,\}table[[:space:]]\{1,\}\(if[[:space:]]\{1,\}not[[:space:]]\{1,\}exists[[:space:]]\{1,\}\)\{0,1\}\([a-z_][a-z0-9_]*\).*/\2/p' |
	    sort -u | tr '\n' ' ')
	# Not through xargs: it would turn awk's exit 1 into 123.
	(cd "$1" && awk -v tables="$tables" -v owners="$2" -v allowed="$3" '
	function take(  s, low, rest, m, name, w) {
		if (!open)
			return
		open = 0
		s = lit
		low = tolower(s)
		rest = low
		while (match(rest, /(insert[[:space:]]+(or[[:space:]]+[a-z]+[[:space:]]+)?into|replace[[:space:]]+into|delete[[:space:]]+from)[[:space:]]+[a-z_][a-z0-9_]*/)) {
			m = substr(rest, RSTART, RLENGTH)
			rest = substr(rest, RSTART + RLENGTH)
			name = m
			sub(/.*[[:space:]]/, "", name)
			wrote(name)
		}
		rest = low
		while (match(rest, /(^|[^a-z0-9_])update[[:space:]]+(or[[:space:]]+[a-z]+[[:space:]]+)?[a-z_][a-z0-9_]*[[:space:]]+set([^a-z0-9_]|$)/)) {
			m = substr(rest, RSTART, RLENGTH)
			rest = substr(rest, RSTART + RLENGTH)
			sub(/[[:space:]]+set([^a-z0-9_])?$/, "", m)
			name = m
			sub(/.*[[:space:]]/, "", name)
			wrote(name)
		}
		if (file !~ /^src\/ledger\// &&
		    match(s, /(^|[^A-Za-z0-9_])(BEGIN|COMMIT|END[[:space:]]+TRANSACTION|ROLLBACK|SAVEPOINT|RELEASE)([^A-Za-z0-9_]|$)/)) {
			w = substr(s, RSTART, RLENGTH)
			gsub(/^[^A-Z]+|[^A-Z]+$/, "", w)
			if ((file " transaction") in allow)
				seen[file " transaction"] = 1
			else {
				print file ":" litline ": says " w ": open transactions through the ledger"
				bad++
			}
		}
	}
	function wrote(name) {
		if (!(name in table))
			return
		if (!(name in owner)) {
			print file ":" litline ": writes " name ", which has no owner"
			bad++
		} else if (owner[name] == "-") {
			print file ":" litline ": writes " name ", which only the schema\047s triggers write"
			bad++
		} else if (owner[name] != file) {
			if ((file " " name) in allow)
				seen[file " " name] = 1
			else {
				print file ":" litline ": writes " name ", which " owner[name] " owns"
				bad++
			}
		}
	}
	BEGIN {
		n = split(tables, t, " ")
		for (i = 1; i <= n; i++)
			table[t[i]] = 1
		n = split(owners, o, "\n")
		for (i = 1; i <= n; i++)
			if (split(o[i], f, " ") == 2)
				owner[f[1]] = f[2]
		n = split(allowed, a, "\n")
		for (i = 1; i <= n; i++)
			if (a[i] != "")
				allow[a[i]] = 1
	}
	FNR == 1 {
		take()
		file = FILENAME
		incomment = 0
	}
	{
		line = $0
		while (line != "") {
			if (incomment) {
				if ((j = index(line, "*/")) == 0)
					break
				incomment = 0
				line = substr(line, j + 2)
				continue
			}
			if (!match(line, /\/\*|\/\/|["\047]/)) {
				if (line ~ /[^[:space:]]/)
					take()
				break
			}
			# take() matches too: RSTART is kept first.
			pre = substr(line, 1, RSTART - 1)
			line = substr(line, RSTART)
			c = substr(line, 1, 1)
			c2 = substr(line, 1, 2)
			if (pre ~ /[^[:space:]]/)
				take()
			if (c2 == "/*") {
				incomment = 1
				line = substr(line, 3)
			} else if (c2 == "//") {
				break
			} else if (c == "\047") {
				take()
				line = substr(line, substr(line, 2, 1) == "\\" ? 5 : 4)
			} else {
				j = 2
				s = ""
				while (j <= length(line)) {
					d = substr(line, j, 1)
					if (d == "\\") {
						s = s substr(line, j, 2)
						j += 2
					} else if (d == "\"")
						break
					else {
						s = s d
						j++
					}
				}
				if (!open) {
					open = 1
					lit = ""
					litline = FNR
				}
				lit = lit s
				line = substr(line, j + 1)
			}
		}
	}
	END {
		take()
		for (k in allow)
			if (!(k in seen)) {
				print "allowed but gone (take it off the list): " k
				bad++
			}
		exit bad > 0
	}' $(find src -name '*.[ch]' | sort))
}

# A planted tree: the owner writes (fine), another file writes (one SQL
# text split over two literals, one in lower case), a write in a comment and
# a read (fine), a table no one owns, one only triggers write, BEGIN outside
# the ledger and inside it (fine), an allowed write that is gone.
mkdir -p "$dir/t/sql" "$dir/t/src/ledger" "$dir/t/src/cli"
printf 'CREATE TABLE seats (a);\ncreate table if not exists watchers (b);\nCREATE TABLE lone (c);\nCREATE TABLE counts (n);\n' \
    > "$dir/t/sql/001_x.sql"
cat > "$dir/t/src/ledger/seats.c" <<'EOF'
static const char *a = "UPDATE seats SET a = ?";
static const char *b = "BEGIN IMMEDIATE";
EOF
cat > "$dir/t/src/cli/x.c" <<'EOF'
/* UPDATE seats SET a = 1 is the owner's */
static const char *a = "SELECT a FROM seats", *q = "'";
static char c = '"';
static const char *b = "INSERT INTO "
    "seats (a) VALUES (1)";
static const char *d = "delete from watchers where b = 2";	// UPDATE watchers SET
static const char *e = "UPDATE lone SET c = 3";
static const char *f = "SAVEPOINT one";
static const char *g = "REPLACE INTO counts (n) VALUES (1)";
EOF
owners_check "$dir/t" 'seats src/ledger/seats.c
watchers src/ledger/watchers.c
counts -' 'src/cli/y.c seats' > "$dir/planted.txt"
check "the planted tree fails" '[ $? = 1 ]'
for want in 'src/cli/x.c:4: writes seats, which src/ledger/seats.c owns' \
    'src/cli/x.c:6: writes watchers, which src/ledger/watchers.c owns' \
    'src/cli/x.c:7: writes lone, which has no owner' \
    'src/cli/x.c:8: says SAVEPOINT: open transactions through the ledger' \
    "src/cli/x.c:9: writes counts, which only the schema's triggers write" \
    'allowed but gone (take it off the list): src/cli/y.c seats'; do
	check "the planted tree shows: $want" 'grep -qxF "$want" "$dir/planted.txt"'
done
check "nothing else is found in the planted tree" \
	'[ "$(wc -l < "$dir/planted.txt")" = 6 ] || { cat "$dir/planted.txt"; false; }'

owners_check "$src" "$OWNERS" "$ALLOWED" > "$dir/real.txt"
rc=$?
check "every table of src/ is written by its owner alone (exit $rc)" '[ "$rc" = 0 ]'
[ "$rc" = 0 ] || cat "$dir/real.txt"

finish
