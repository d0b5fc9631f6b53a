#!/bin/sh
# Exactly once, whatever kills a run: the same mails go through two copies of
# one ledger, once in one run, and once in waves (the first of several
# groups' worth, see process.c) whose runs are killed with SIGKILL, 45 kills
# in all: each wave's first run after a random delay, its second as soon as
# it has committed something, its third as soon as it has delivered a mail.
# Both copies must end alike: every mail answered once, no answer twice, no
# mail done without its answers, no step lost or doubled, every chain whole.
# And what reached the recipients is what the outbox says was sent: each
# mail once (twice only when a kill came mid-delivery, with the same
# Message-ID, azalai(1) "sent again"), none marked sent that never went.
# KILL_SEED=N draws the delays of a failed test again (it prints its seed).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
ulimit -c 0
# A run and the child answering a mail alone are killed together, as a
# session.
command -v setsid > /dev/null || { echo "SKIP: no setsid"; exit 77; }
kills=30
seed=${KILL_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}

# The frozen clock reads the same in every run: what a run writes does not
# depend on how many runs came before it.
AZALAI_NOW=2026-11-21T12:00:00Z
export AZALAI_NOW
mkdir base
# The mail server: each mail a file of its own in delivered/ beside the
# ledger, whole or not at all (a kill mid-write leaves a tmp.* file), so a
# mail delivered twice is two files.
printf '#!/bin/sh\nt=$(mktemp delivered/tmp.XXXXXX) && cat > "$t" && mv "$t" "$t.eml"\n' > sink
chmod +x sink
cd base || exit 1
# A mail may be tried once by every killed run: none is set aside. The
# budget for answers to strangers is per run, so how many runs there were
# would decide which strangers are answered: it is set beyond the mails.
printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nmailbox:\n  path: md\nlimits:\n  message_attempts: 1000\n  stranger_replies_per_run: 100000\n  stranger_replies_per_day: 100000\ndeliver:\n  method: sendmail\n  sendmail: %s/sink\n' \
    "$src" "$dir" > azalai.yaml
"$az" init > /dev/null || fail "init"
games=8
: > tokens
g=1
while [ $g -le $games ]; do
	"$az" new buqruru --seat north=n$g@x --seat south=bot > seats.txt 2>&1 ||
	    fail "new game $g"
	echo "$g $(awk '$1 == "seat" && $2 == "north" { print $4 }' seats.txt)" >> tokens
	g=$((g + 1))
done
# One mail's answer cannot be queued (an error the message survives), another
# one's rolls back the whole transaction (a group that cannot be kept): both
# stay queued, in both copies.
sqlite3 azalai.db "CREATE TRIGGER no_bad BEFORE INSERT ON outbox WHEN
    NEW.to_addr = 'bad@x' BEGIN SELECT RAISE(ABORT, 'test: no mail to bad@x'); END;
    CREATE TRIGGER no_worse BEFORE INSERT ON outbox WHEN NEW.to_addr = 'worse@x'
    BEGIN SELECT RAISE(ROLLBACK, 'test: no mail to worse@x'); END;" ||
    fail "triggers"
mkdir -p md/new md/cur md/tmp mail delivered
cd .. || exit 1
# Only the killed copy's deliveries are looked at: the others write theirs
# with the default outdir, which costs no process a mail.
nosink() { sed -i '/^deliver:/,$d' "$1/azalai.yaml"; }
cp -r base pre
nosink pre
n=0
mail() { # FROM BODY
	n=$((n + 1))
	printf 'From: %s\nSubject: orders\nMessage-ID: <%d@kill>\n\n%b\n' "$1" "$n" "$2" \
	    > base/mail/$(printf '%04d' $n)
}
# Rounds of orders for every game, each a line the game takes (one of those
# its report offers, as a copy of the ledger played so far shows them; each
# human step wakes the bot), and between them mails that ask for help, name
# no game, carry a bad token or fail: those need no copy to write.
r=1
while [ $r -le 20 ]; do
	while read -r g tok; do
		order=$(cd pre && "$az" show buqruru-$g --as north 2> /dev/null | report_orders |
		    awk -v r=$r '{ o[k++] = $0 } END { print k ? o[r % k] : "SOW" }')
		mail n$g@x "GAME buqruru-$g\nSEAT north\nTOKEN $tok\n$order"
		cp base/mail/$(printf '%04d' $n) pre/md/new/
		mail h$n@x "HELP"
		case $g in
		[1357]) mail s$n@x "hello" ;;
		[26]) mail n$g@x "GAME buqruru-$g\nSEAT north\nTOKEN bad0-bad0-bad0-bad0\nSOW" ;;
		esac
	done < base/tokens
	case $r in
	3) mail bad@x "HELP" && bad=$n@kill ;;
	8) mail worse@x "HELP" && worse=$n@kill ;;
	esac
	(cd pre && "$az" ingest --maildir md > /dev/null 2>&1)
	r=$((r + 1))
done
rm -rf pre
cp -r base ref
nosink ref
cp -r base killed

# The reference: one run, nothing killed.
cp base/mail/* ref/md/new/
(cd ref && "$az" ingest --maildir md > /dev/null 2>&1) || fail "the reference run"

# The same mails in waves, the first of several groups, each wave's two runs
# killed (the first after a drawn delay, the second at its first commit),
# then a run that finishes it. A run dies in a
# session of its own, so that the kill takes the child answering a mail
# tried before too. Only the first run after a wave meets new mail (a run
# that dies leaves its whole batch tried, to be answered alone).
cd killed || exit 1
ls ../base/mail > all
waves=$(awk -v k="$kills" 'BEGIN { print k / 2 }')
per=$(( ($n - 150) / (waves - 1) + 1 ))
awk -v s="$seed" -v w="$waves" 'BEGIN { srand(s); for (i = 0; i < w; i++)
    printf "%.3f\n", 0.005 + rand() * (i ? 0.05 : 0.15) }' > delays
mid=0 early=0 late=0 deliv=0
from=1
# The first runs' drawn delays are scaled to the machine: halved after a
# kill that came when the run had already answered everything, doubled
# after one that came before it had committed anything, so that a fast or
# a loaded machine still kills runs mid-way. What a run committed: mails taken in, mails
# done, replies queued.
scale=1
sent() { ls delivered | grep -c '\.eml$'; }
moved() {
	sqlite3 azalai.db "SELECT (SELECT count(*) FROM messages) + (SELECT count(*)
	    FROM messages WHERE status <> 'new') + (SELECT count(*) FROM outbox)" \
	    2> /dev/null || echo 0
}
until_changed() { # CMD OLD: until CMD prints other than OLD, the run ends, or 4 s
	i=0
	while [ "$($1)" = "$2" ] && [ "$i" -lt 400 ] && kill -0 "$pid" 2> /dev/null; do
		i=$((i + 1))
		sleep 0.01
	done
}
while read -r delay; do
	to=$((from == 1 ? 150 : from + per - 1))
	sed -n "${from},${to}p" all | while read -r f; do cp ../base/mail/$f md/new/; done
	from=$((to + 1))
	for run in first second third; do
		before=$(moved)
		gone=$(sent)
		setsid "$az" ingest --maildir md > /dev/null 2>&1 &
		pid=$!
		if [ "$run" = third ]; then
			# Killed right after a mail reached the server: the
			# runs above die before they deliver, mostly.
			until_changed sent "$gone"
		elif [ "$run" = second ]; then
			# The second kill of a wave waits for the run's first
			# commit and then kills at once: a loaded machine's
			# runs vary too much for a delay alone to land
			# mid-way often enough (6 of 30 once, in CI).
			until_changed moved "$before"
		else
			sleep "$(awk -v t="$delay" -v s="$scale" 'BEGIN { printf "%.4f", t * s }')"
		fi
		kill -KILL -"$pid" 2> /dev/null
		wait "$pid" 2> /dev/null
		if [ "$run" = third ]; then
			# Killed after it delivered and while mail was due: a
			# kill in the middle of a delivery.
			[ "$(sent)" != "$gone" ] && [ "$(sqlite3 azalai.db "SELECT count(*)
			    FROM outbox WHERE status IN ('queued', 'sending') AND
			    next_try_at <= '$AZALAI_NOW'" 2> /dev/null || echo 0)" -gt 0 ] &&
			    deliv=$((deliv + 1))
			continue
		fi
		# Killed after it committed something and while mail still
		# waited: a kill that mattered.
		waiting=$(($(ls md/new | wc -l) + $(sqlite3 azalai.db "SELECT count(*) FROM
		    messages WHERE status = 'new' AND message_id NOT IN ('$bad', '$worse')" \
		    2> /dev/null || echo 0)))
		if [ "$waiting" = 0 ]; then
			late=$((late + 1))
			scale=$(awk -v s="$scale" 'BEGIN { print s / 2 }')
		elif [ "$(moved)" = "$before" ]; then
			early=$((early + 1))
			scale=$(awk -v s="$scale" 'BEGIN { s *= 2; print (s > 16 ? 16 : s) }')
		else
			mid=$((mid + 1))
		fi
	done
	"$az" ingest --maildir md > /dev/null 2>&1 || fail "the run after the kills"
done < delays
cd .. || exit 1
echo "# kills (KILL_SEED=$seed): $mid mid-way, $early before a commit, $late after every answer, $deliv mid-delivery"
# Runs that were never killed mid-way test nothing: killed before they
# committed anything, or after they had answered everything.
[ "$mid" -ge 10 ] && passes=$((passes + 1)) ||
    fail "only $mid of $kills kills came while mail waited"
[ "$deliv" -ge 5 ] && passes=$((passes + 1)) ||
    fail "only $deliv of $waves kills came in the middle of a delivery"

q() { sqlite3 "$1/azalai.db" "$2"; }
# What must be the same in both copies; times and hashes that cover times
# (a killed run reads the clock again) are left out, and so are the times
# a reason names (the first wrong token for a seat "since" when).
notime() { sed 's/[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z/TIME/g'; }
same() { # WHAT SQL
	q ref "$2" | notime > ref.txt
	q killed "$2" | notime > killed.txt
	if cmp -s ref.txt killed.txt; then passes=$((passes + 1)); else
		fail "$1 differ after the kills (< reference, > killed):"
		diff ref.txt killed.txt | head -20
	fi
}
[ "$(q ref "SELECT count(*) FROM messages")" = "$n" ] && passes=$((passes + 1)) ||
    fail "the reference holds $(q ref "SELECT count(*) FROM messages") of $n mails"
[ "$(q ref "SELECT count(*) FROM messages WHERE status = 'done'")" -ge 100 ] &&
    passes=$((passes + 1)) || fail "the reference answered few mails"
[ "$(q ref "SELECT count(*) FROM events WHERE kind = 'bot'")" -ge 50 ] &&
    passes=$((passes + 1)) || fail "the reference's bots hardly moved"
same "messages" "SELECT id, message_id, status, reason, from_addr, game_id, seat_idx,
    last_error != '' FROM messages ORDER BY id"
same "orders" "SELECT message, game_id, seat_idx, lineno, text, status, reason, event_seq
    FROM orders ORDER BY id"
same "events" "SELECT game_id, seq, kind, seat_idx, payload, state_hash FROM events
    ORDER BY game_id, seq"
same "queued mails" "SELECT game_id, seat_idx, kind, to_addr, in_reply_to, subject
    FROM outbox ORDER BY id"
same "snapshots" "SELECT game_id, seq FROM snapshots ORDER BY game_id"
same "the mails still queued" "SELECT id, from_addr, status, aside FROM messages
    WHERE status = 'new' ORDER BY id"
[ "$(q killed "SELECT group_concat(message_id) FROM messages WHERE status = 'new'")" = \
    "$bad,$worse" ] && passes=$((passes + 1)) ||
    fail "queued after the last run: $(q killed "SELECT id, message_id FROM messages
        WHERE status = 'new'")"
# Each answered mail that names a sender has its answers, each once.
same "answers per mail" "SELECT m.id, count(o.id) FROM messages m LEFT JOIN outbox o
    ON o.in_reply_to = m.message_id GROUP BY m.id ORDER BY m.id"
# What reached the server against the outbox: a row marked sent delivered,
# one not marked never, none more often than its attempts (a kill between
# the send and the mark sends it again), nothing delivered that no row holds.
for f in killed/delivered/*.eml; do
	sed -n '/^$/q; s/^Message-I[dD]: *<\(.*\)>.*/\1/p' "$f"
done | sort | uniq -c | awk '{ print $2 "|" $1 }' > delivered.txt
q killed "SELECT message_id, status, attempts FROM outbox" | awk -F'|' '
    NR == FNR { got[$1] = $2; next }
    { n = got[$1] + 0; seen[$1] = 1
      if ($2 == "sent" && n == 0) print "marked sent, never delivered: " $1
      else if ($2 != "sent" && n > 0) print $2 ", yet delivered: " $1
      else if (n > $3) print "delivered " n " times in " $3 " attempts: " $1 }
    END { for (m in got) if (!(m in seen)) print "delivered, in no row: " m }' \
    delivered.txt - > mismatch.txt
if [ -s delivered.txt ] && [ ! -s mismatch.txt ]; then passes=$((passes + 1)); else
	fail "what reached the recipients is not what the outbox says:"
	head -20 mismatch.txt
fi
twice=$(awk -F'|' '$2 > 1' delivered.txt | wc -l)
(cd killed && "$az" verify > ../verify.txt 2>&1) && passes=$((passes + 1)) || {
	fail "azalai verify after the kills:"
	grep -v "verified\|every\|matches" verify.txt | head
}

echo "$mid of $kills kills while mail waited, $deliv of $waves mid-delivery ($twice mails sent again after one)"
finish 'echo "to replay these kills: KILL_SEED=$seed"'
