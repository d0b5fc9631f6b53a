#!/bin/sh
# azalai archive: a finished bot game of each kind and a running game of each
# kind (humans only, moved on by deadline defaults) become a static site. A
# running game's page must hold no fact an observer may not know at each step
# (the game's own secrets() list, through a test hook), no token, address or
# seed; a finished game's page must show them all. Files are written only
# when they change; azalai run refreshes only the games that changed.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml

# The text of step STEP's section of a page, HTML entities read back.
section() {
	awk -v id="id=\"step-$2\"" 'index($0, "<section class=\"step\" " id) == 1 { on = 1 }
	    on { print } on && /<\/section>/ { exit }' "$1" | unescape
}
unescape() {
	sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}
at() { date -u -d "2026-01-05 12:00 UTC + $1 hours" +%Y-%m-%dT%H:%M:%SZ; }

# Fixed seeds: the bots play the same games every time.
AZALAI_NOW=$(at 0) AZALAI_SEED=4242
export AZALAI_NOW AZALAI_SEED
"$az" init > /dev/null || fail "init"
expect 0 "buqruru-1" -- "$az" new buqruru --seat n=bot --seat s=bot
expect 0 "targi-1" -- "$az" new targi --seat a=bot --seat b=bot
expect 0 "targui-1" -- "$az" new targui --seat a=bot --seat b=bot --seat c=bot
# Buqruru's defaults end a match in a few runs: its running game has a bot
# as the first seat, which seals its hole at once, and waits for the human.
# The bot looks one move ahead: a random one may give the match away in
# its first sowing (seed 4242 did, once bots drew from seeds of their own).
campaign() {
	g=$1
	{
		printf 'game: %s\nname: %s-run\nseats:\n' $g $g
		if [ $g = buqruru ]; then
			printf '  - name: north\n    address: bot:greedy\n'
		else
			printf '  - name: north\n    address: north-%s@players.example\n' $g
		fi
		printf '  - name: south\n    address: south-%s@players.example\n' $g
		[ $g = targui ] && printf '  - name: west\n    address: west-%s@players.example\n' $g
		printf 'settings:\n  deadline: 1h\n  reminder: "0"\n  disorder_after: 0\n'
	} > $g.yaml
	"$az" new --campaign $g.yaml > new-$g.txt 2> err.txt || { fail "new $g: $(cat err.txt)"; }
}
campaign targi
campaign targui
# Deadlines pass: each run plays the defaults of the seats it waited for.
for i in $(seq 1 24); do
	AZALAI_NOW=$(at $((i * 2)))
	"$az" run > /dev/null 2>&1
done
campaign buqruru
# A step observers read nothing of (a standing order, seen by its seat
# alone) stays off the page: not even its number shows.
tok=$(awk '$1 == "seat" && $2 == "south" { print $4 }' new-targi.txt)
printf 'GAME targi-run\nSEAT south\nTOKEN %s\nSTANDING LIMIT MOST\n' "$tok" > standing.txt
"$az" ingest --file standing.txt > /dev/null 2>&1 || fail "ingest of a standing order"
hidden=$(sqlite3 azalai.db "SELECT MAX(seq) FROM events e JOIN games g ON g.id = e.game_id
    WHERE g.name = 'targi-run'")
sqlite3 azalai.db "SELECT payload FROM events e JOIN games g ON g.id = e.game_id
    WHERE g.name = 'targi-run' AND seq = $hidden" | grep -q "STANDING LIMIT MOST" && pass ||
	fail "the standing order made no step"
# Then a deadline passes: the steps after it are numbered on the page as
# an observer's mails number them, the hidden one not counted, so no gap
# hints at it.
AZALAI_NOW=$(at 50) "$az" run > /dev/null 2>&1
last=$(sqlite3 azalai.db "SELECT MAX(seq) FROM events e JOIN games g ON g.id = e.game_id
    WHERE g.name = 'targi-run'")
[ "$last" -gt "$hidden" ] && pass || fail "no step followed the standing order"
for g in buqruru:2 targi:12 targui:12; do
	[ "$(sqlite3 azalai.db "SELECT status FROM games WHERE name = '${g%:*}-run'")" = active ] &&
		pass || fail "${g%:*}-run is not running any more: the test wants a running game"
	[ "$(sqlite3 azalai.db "SELECT COUNT(*) FROM events e JOIN games g ON g.id = e.game_id
	    WHERE g.name = '${g%:*}-run'")" -ge ${g#*:} ] && pass ||
		fail "${g%:*}-run made fewer than ${g#*:} steps"
done

expect 64 "name the directory" -- "$az" archive
expect 0 "usage: azalai archive" -- "$az" archive --help
expect 65 "no game \"nosuch\"" -- "$az" archive nosuch site
[ ! -e site ] && pass || fail "a refused archive made its directory"
: > notadir
expect 73 "cannot create notadir: Not a directory" -- "$az" archive notadir
# A ledger with no game yet: an index that says so.
mkdir empty && (cd empty && printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml &&
    "$az" init > /dev/null && "$az" archive site > /dev/null) || fail "archive of no game"
grep -q "No games yet" empty/site/index.html && ! grep -q "<table" empty/site/index.html &&
	pass || fail "the index of no game is not empty"

AZALAI_TEST_ARCHIVE_SECRETS=$dir/secrets.txt expect 0 "site: 6 games, 7 files written" \
    -- "$az" archive site
[ -s err.txt ] && fail "archive wrote to a stderr that is not a terminal: $(cat err.txt)" || pass
# On a terminal, a progress line counts the games. script(1) is in
# bsdutils, which every Debian system has: without it the check fails, it
# is not skipped.
if script -qec true /dev/null > /dev/null 2>&1 < /dev/null; then
	script -qec "\"$az\" archive site-tty" /dev/null < /dev/null > tty.txt 2>&1
	grep -q "archiving 6 of 6 games" tty.txt && pass || fail "no progress on a terminal: $(cat tty.txt)"
else
	fail "script(1) cannot give the archive a terminal: the progress line is unchecked"
fi
for g in buqruru-1 targi-1 targui-1 buqruru-run targi-run targui-run; do
	[ -s site/games/$g.html ] && pass || fail "no page for $g"
	grep -q "href=\"games/$g.html\"" site/index.html && pass || fail "the index does not link $g"
done
[ "$(stat -c %a site/index.html site/games/targi-1.html site/games)" = "644
644
755" ] && pass || fail "pages are not readable by a web server: $(stat -c %a site/index.html site/games)"
# Nothing is loaded from elsewhere: no script, style, image or frame source
# (a picture's url(#id) is its own pattern) but the steps' boards, which
# are files of the site.
if grep -o -E '<(script|img|iframe|link)[^>]* (src|href)=[^ >]*|@import|url\([^#]' site/index.html site/games/*.html |
    grep -v -E ':<img src="pictures/[0-9a-f]{24}\.svg"$'; then
	fail "a page loads something"
else
	pass
fi
# Every step has its picture, a file that is there and is an SVG, and an
# id appears once in a page.
for g in buqruru-1 targi-1 targui-1 targi-run; do
	[ "$(grep -c '<div class="board"><img src="pictures/' site/games/$g.html)" = \
	    "$(grep -c '<section class="step"' site/games/$g.html)" ] && pass ||
		fail "$g: not every step has its board picture"
	missing=$(grep -o 'src="pictures/[^"]*"' site/games/$g.html | sed 's/^src="//; s/"$//' |
	    sort -u | while read -r f; do head -c 4 "site/games/$f" 2>/dev/null | grep -q '^<svg' || echo "$f"; done)
	[ -z "$missing" ] && pass || fail "$g: pictures missing or not SVG: $missing"
	dup=$(grep -o ' id="[^"]*"' site/games/$g.html | sort | uniq -d | head -3)
	[ -z "$dup" ] && pass || fail "$g: ids used twice: $dup"
done
# A board that does not change between steps is one file.
[ "$(grep -o 'src="pictures/[^"]*"' site/games/targi-1.html | sort -u | wc -l)" -lt \
    "$(grep -c '<section class="step"' site/games/targi-1.html)" ] && pass ||
	fail "targi-1: every step has a picture file of its own"
grep -A8 'id="game-targi-run"' site/index.html | grep -q "running, waiting for" && pass ||
	fail "the index does not say targi-run is running"
grep -A8 'id="game-targi-1"' site/index.html | grep -q "wins" && pass ||
	fail "the index does not give targi-1's result"

# Running games: no secret of a step in that step's section, and none of
# the game as it stands now in the newest step shown (an earlier step may
# rightly show what was public then and is hidden now: Targui's turn order).
scan() { awk -v dir="$1" -v games="$2" -v mode="$3" -f "$src/tests/archive-secrets.awk" secrets.txt; }
# The scan itself: a secret broken over two lines is found, a longer number
# is not the secret.
mkdir -p fold/games
printf '<section class="step" id="step-1">\n<p>the tribe card\n    20 lies</p>\n</section>\n' \
    > fold/games/f-run.html
printf 'f-run\t1\ttribe card 20\nf-run\t1\ttribe card 2\n' > fold.txt
awk -v dir=fold -v games=. -v mode=hidden -f "$src/tests/archive-secrets.awk" fold.txt > fold.out
[ "$(cat fold.out)" = "$(printf 'LEAK f-run step 1: tribe card 20\nchecked 2')" ] && pass ||
	fail "the scan reads a folded line otherwise than secret_in: $(cat fold.out)"
scan site '-run$' hidden > scan.txt
grep -v '^checked' scan.txt | head -5 | while read -r l; do echo "FAIL: $l"; done
grep -q -v '^checked' scan.txt && fail "a running game's page shows what observers may not know" || pass
checked=$(sed -n 's/^checked //p' scan.txt)
[ "${checked:-0}" -gt 100 ] && pass || fail "only ${checked:-0} secrets looked for"
echo "running games: $checked secrets looked for"
for g in buqruru targi targui; do
	grep -q "^$g-run	" secrets.txt && pass || fail "the hook listed no secret of $g-run"
done
for g in buqruru targi targui; do
	page=site/games/$g-run.html
	seed=$(sqlite3 azalai.db "SELECT seed FROM games WHERE name = '$g-run'")
	salt=$(sqlite3 azalai.db "SELECT seed_salt FROM games WHERE name = '$g-run'")
	[ "$seed" -lt 0 ] && seed=$(printf '%u' "$seed")
	for s in "$seed" "$salt" $(awk '$1 == "seat" && $4 !~ /referee/ { print $4 }' new-$g.txt) \
	    north-$g@players.example south-$g@players.example; do
		grep -q -F -- "$s" "$page" site/index.html && fail "$g-run: the site shows \"$s\"" || pass
	done
	grep -q "Nothing is secret now" "$page" && fail "$g-run: the page says the game is open" || pass
	# An order's own text may be a sealed or queued choice.
	grep -q '<p class="order">' "$page" && fail "$g-run: the page shows the orders" || pass
done

top=$(sed -n 's/^<section class="step" id="step-\([0-9]*\)".*/\1/p' site/games/targi-run.html |
    sort -n | tail -1)
[ "$top" = $((last - 1)) ] && pass ||
	fail "targi-run: the newest step on the page is $top, not $((last - 1)): it counts the hidden one"
grep -q 'STANDING' site/games/targi-run.html &&
	fail "targi-run: the page shows the standing order observers did not see" || pass
n=$(grep -c '<section class="step"' site/games/targi-run.html)
[ "$n" -lt $((last + 1)) ] && pass || fail "targi-run: $n steps on the page, $last in the ledger"
grep -A8 'id="game-targi-run"' site/index.html | grep -q "<td class=\"n\">$n</td>" && pass ||
	fail "the index does not count the $n steps on targi-run's page"

# Finished games: everything shows: the seed, the orders, and at every step
# the decks (Targui's show them in other words than its secrets), every
# hand and sealed hole: each step with a secret shows one at least.
for g in buqruru-1 targi-1 targui-1; do
	page=site/games/$g.html
	seed=$(sqlite3 azalai.db "SELECT seed FROM games WHERE name = '$g'")
	salt=$(sqlite3 azalai.db "SELECT seed_salt FROM games WHERE name = '$g'")
	[ "$seed" -lt 0 ] && seed=$(printf '%u' "$seed")
	grep -q "id=\"seed\">$seed<" "$page" && pass || fail "$g: the page does not reveal seed $seed"
	grep -q -F "$salt" "$page" && pass || fail "$g: the page does not reveal salt $salt"
	grep -q '<p class="order">Order: <code>' "$page" && pass || fail "$g: no order is shown"
	# The head of the whole chain, its last step's hash, and the
	# commitment the seed and salt give: what a player checks the page by.
	head=$(sqlite3 azalai.db "SELECT e.hash FROM events e JOIN games g ON g.id = e.game_id
	    WHERE g.name = '$g' ORDER BY e.seq DESC LIMIT 1")
	commit=$(sqlite3 azalai.db "SELECT seed_commit FROM games WHERE name = '$g'")
	mine=$(printf 'azalai-seed-v1 %s %s %s' "$g" "$seed" "$salt" | sha256sum | cut -d' ' -f1)
	[ ${#head} = 64 ] && grep -q -F "<dt>Chain head</dt><dd><code>$head</code></dd>" "$page" &&
		pass || fail "$g: the page does not show the chain head $head of its last step"
	[ "$commit" = "$mine" ] &&
	    grep -q -F "<dt>Seed commitment</dt><dd><code>$commit</code></dd>" "$page" && pass ||
		fail "$g: the page does not show the commitment $commit (seed and salt give $mine)"
done
# Each step of a finished game shows the ledger's state at that step: the
# board, cards, players and decks of its report are those azalai replay
# gives at the same step (the page's steps are the ledger's once it is over).
board() { sed -n '/^THE BOARD/,/^DECKS:/p'; }
page=site/games/targi-1.html
differ= n=0
for s in $(sed -n 's/^<section class="step" id="step-\([0-9]*\)".*/\1/p' "$page"); do
	section "$page" "$s" | board > page-board.txt
	"$az" replay targi-1 --step "$s" 2> err.txt | board > replay-board.txt
	[ -s replay-board.txt ] && cmp -s page-board.txt replay-board.txt || differ="$differ $s"
	n=$((n + 1))
done
[ "$n" -gt 20 ] && [ -z "$differ" ] && pass ||
	fail "targi-1: of $n steps, the page shows another state than replay at step(s)$differ"
for g in buqruru-1 targi-1; do
	scan site "^$g\$" shown > scan.txt
	steps=$(sed -n 's/^steps //p' scan.txt)
	dark=$(grep -c '^DARK' scan.txt)
	[ "${steps:-0}" -gt 0 ] && [ "$dark" = 0 ] && pass ||
		fail "$g: $dark of ${steps:-0} steps with secrets show none of them"
done
n=$(grep -c '<section class="step"' site/games/targui-1.html)
[ "$(grep -c 'Fortune cards still in the deck, top first:' site/games/targui-1.html)" = "$n" ] &&
	[ "$(grep -c 'Turns still to come this round, in order:' site/games/targui-1.html)" = "$n" ] &&
	pass || fail "targui-1: not every step shows the fortune deck and the turns to come"
grep -q 'class="private"><span class="who">to ' site/games/targi-1.html && pass ||
	fail "targi-1: no line that one seat read alone is shown"

# A site in German says how a game stands, what kind each step was and when
# in German: no English state or kind word, no English day or month, no ISO
# time in those fields (issue 13); and no "(to SEAT)" in an open game's reports.
# fields DIR: each page's state, kind and date fields, one a line.
fields() {
	for f in "$1"/index.html "$1"/games/*.html; do
		awk -v f="${f#"$1"/}" '
		    /<tr id="game-/ { row = 1; td = 0; next }
		    row && /^<td/ { if (++td == 4 || td == 5 || td == 7) print f ": " $0 }
		    row && /<\/tr>/ { row = 0 }
		    /<dl class="facts">/ { facts = 1; dd = 0; next }
		    facts && /<dd/ { if (++dd >= 2 && dd <= 4) print f ": " $0 }
		    facts && /<\/dl>/ { facts = 0 }
		    match($0, /<span class="meta">[^<]*<\/span>/) { print f ": " substr($0, RSTART, RLENGTH) }
		' "$f"
	done
}
# english DIR: the fields of DIR's pages with an English state or kind
# word, an English day or month name, or an ISO time; each line says which.
english() {
	fields "$1" > fields.txt
	grep -i -w -E 'running|over|ended|paused|game master|waiting for' fields.txt |
	    sed 's/^/state: /'
	grep -i -w -E 'setup|order|default|admin' fields.txt | sed 's/^/kind: /'
	{ grep -w -E 'Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec' \
	    fields.txt; grep -E '[0-9]{4}-[0-9]{2}-[0-9]{2}T' fields.txt; } | sed 's/^/date: /'
}
mkdir de
printf 'datadir: %s\nledger: ../azalai.db\nlanguage: de\nlog:\n  to: none\n' "$src" > de/azalai.yaml
(cd de && "$az" archive site > ../out.txt 2> ../err.txt) || fail "German archive: $(cat err.txt)"
english de/site > english.txt
grep -c . fields.txt > nfields.txt
# Every game in the index (3 fields) and on its page (3), and every step.
want=$((6 * 6 + $(cat de/site/games/*.html | grep -c '<section class="step"')))
[ "$(cat nfields.txt)" = "$want" ] && pass ||
	fail "the German site has $(cat nfields.txt) state, kind and date fields, not $want"
[ -s english.txt ] && { fail "the German site has English states, kinds or dates:"; head -5 english.txt; } || pass
grep -q -E '\(to [a-z]+\) ' de/site/games/targi-1.html && fail "the German site says \"(to SEAT)\"" || pass
grep -q -E '\(an [a-z]+\) ' de/site/games/targi-1.html && pass || fail "the German site says not whose a line was"
# Control: the same check finds the English site's states, kinds and dates.
english site > english.txt
for w in state kind date; do
	grep -q "^$w: " english.txt && pass ||
		fail "the check finds no English $w on the English site: it checks nothing"
done

# Every language's site says a finished game's orders in its reader's order
# words, as the reports do: no English order word the language writes
# otherwise.
# english_orders LANG GAME: the English order words of GAME (and the common
# ones) that LANG's catalogs write otherwise, one a line.
english_orders() {
	awk -v want="order.$2" '
	    /^msgctxt / { ctx = substr($0, 10, length($0) - 10); next }
	    /^msgid / { id = substr($0, 8, length($0) - 8); next }
	    /^msgstr / && (ctx == want || ctx == "order.common") {
		if (index("|" substr($0, 9, length($0) - 9) "|", "|" id "|") == 0) print id
	    }
	    /^$/ { ctx = "" }' "$src"/po/*/"$1".po | sort -u
}
# orders PAGE: the orders PAGE shows, one a line.
orders() { sed -n 's/^<p class="order">[^<]*<code>\(.*\)<\/code><\/p>$/\1/p' "$1" | unescape; }
for l in de es fr; do
	mkdir -p $l
	printf 'datadir: %s\nledger: ../azalai.db\nlanguage: %s\nlog:\n  to: none\n' "$src" $l \
	    > $l/azalai.yaml
	(cd $l && "$az" archive site > ../out.txt 2> ../err.txt) || fail "$l archive: $(cat err.txt)"
	for g in buqruru targi targui; do
		english_orders $l $g > words.txt
		orders site/games/$g-1.html > en-orders.txt
		orders $l/site/games/$g-1.html > orders.txt
		[ -s orders.txt ] && [ "$(wc -l < orders.txt)" = "$(wc -l < en-orders.txt)" ] &&
			pass || fail "$l: $g-1's page shows $(wc -l < orders.txt) orders, not $(wc -l < en-orders.txt)"
		# Control: the words are there to find on the English page.
		grep -q -w -F -f words.txt en-orders.txt && pass ||
			fail "$l: no English order word of $g to look for on its English page"
		left=$(grep -w -F -f words.txt orders.txt | head -3 | tr '\n' ';')
		[ -z "$left" ] && pass || fail "$l: $g-1's page shows English orders: $left"
	done
done

# Every language's site as the German one above: states, kinds and dates in
# its words, and its titles and headings too, each step's naming the step
# its id does. A running game's page shows no order and the same steps as
# the English page, in every language: none an observer did not see (the
# standing order), and a turning point's link names one.
steps_of() { grep -o '<section class="step" id="step-[0-9]*"' "$1"; }
for l in de es fr; do
	english $l/site > english.txt
	[ -s english.txt ] &&
		{ fail "the $l site has English states, kinds or dates:"; head -5 english.txt; } || pass
	word=$(case $l in de) echo Schritt ;; es) echo Paso ;; fr) echo Étape ;; esac)
	n=$(cat $l/site/games/*.html | grep -c '^<section class="step"')
	[ "$(cat $l/site/games/*.html | grep -c "^<h2><a href=\"#step-\([0-9]*\)\">$word \1</a>")" = "$n" ] &&
		pass || fail "$l: not every step's heading says \"$word\" and its number"
	grep -l -E '<title>azalai: the games|<h1>The games|>All games<|<summary>The report at' \
	    $l/site/index.html $l/site/games/*.html > english.txt
	[ -s english.txt ] && fail "$l: English titles or headings in $(cat english.txt)" || pass
	for g in buqruru targi targui; do
		page=$l/site/games/$g-run.html
		grep -q '<p class="order">' "$page" && fail "$l: $g-run's page shows the orders" || pass
		[ "$(steps_of "$page")" = "$(steps_of site/games/$g-run.html)" ] && pass ||
			fail "$l: $g-run's page shows other steps than the English one"
	done
done

# A ledger one of whose games does not replay (a step's state hash made
# another step's): that game's page is not published, the others are.
cp azalai.db bad.db
id=$(sqlite3 bad.db "SELECT id FROM games WHERE name = 'targi-1'")
sqlite3 bad.db "DROP TRIGGER events_no_update; UPDATE events SET state_hash =
	(SELECT state_hash FROM events WHERE game_id = $id AND seq = 4)
	WHERE game_id = $id AND seq = 5"
mkdir bad
printf 'datadir: %s\nledger: ../bad.db\nlog:\n  to: stderr\n' "$src" > bad/azalai.yaml
(cd bad && "$az" archive site > ../out.txt 2> ../err.txt)
rc=$?
[ $rc = 65 ] && pass || fail "an archive of a ledger that does not replay exits $rc, not 65"
grep -q "targi-1.*step 5: replay gives state" err.txt &&
    grep -q "1 game could not be archived" err.txt && pass ||
	fail "the archive does not say targi-1 does not replay: $(cat out.txt err.txt)"
[ ! -e bad/site/games/targi-1.html ] && ! grep -q 'games/targi-1.html' bad/site/index.html &&
	[ -s bad/site/games/targi-run.html ] && pass ||
	fail "the page of targi-1, which does not replay, is published, or another is not"

# Control: a leak planted in the reports' view (the first seat's eyes for
# everyone) must be found by the same check.
rm -f secrets.txt
AZALAI_TEST_PLANT_LEAK=1 AZALAI_TEST_ARCHIVE_SECRETS=$dir/secrets.txt "$az" archive \
    buqruru-run targi-run targui-run leak > /dev/null 2>&1
found=$(scan leak '-run$' hidden | grep -c '^LEAK')
[ $found -gt 0 ] && pass || fail "the planted leak was not found"

# Re-run into the same directory: nothing changed, nothing written.
before=$(stat -c %Y.%i site/games/targi-1.html)
expect 0 "site: 6 games, 0 files written" -- "$az" archive site
[ "$(stat -c %Y.%i site/games/targi-1.html)" = "$before" ] && pass ||
	fail "an unchanged page was written again"
# The index then lists targi-1 alone: it alone is written.
expect 0 "site: 1 game, 1 file written" -- "$az" archive targi-1 site
expect 0 "site1: 1 game, 2 files written" -- "$az" archive targi-1 site1
grep -q "targi-run" site1/index.html && fail "the index of targi-1 alone lists targi-run" || pass

# azalai run refreshes the site the setting names, rendering only what changed.
printf 'datadir: %s\nlog:\n  to: stderr\narchive:\n  dir: pub\n' "$src" > azalai.yaml
AZALAI_NOW=$(at 100)
expect 0 "archive pub: 6 games, 6 rendered, 7 files written" -- "$az" run
expect 0 "archive pub: 6 games, 0 rendered, 0 files written" -- "$az" run
cmp -s pub/games/targi-1.html site/games/targi-1.html && pass ||
	fail "run's page of targi-1 differs from archive's"
AZALAI_NOW=$(at 102)
# Deadlines pass in the three running games (Buqruru's may end it).
expect 0 "archive pub: 6 games, 3 rendered, 4 files written" -- "$az" run
rm pub/games/targi-1.html
expect 0 "archive pub: 6 games, 1 rendered, 1 files written" -- "$az" run
cmp -s pub/games/targi-1.html site/games/targi-1.html && pass || fail "a removed page was not made again"
[ -s azalai.db.archive ] && pass || fail "run kept no archive state next to the ledger"
printf 'datadir: %s\nlog:\n  to: stderr\narchive:\n  dir: notadir\n' "$src" > azalai.yaml
expect 75 "archive notadir" -- "$az" run

finish
