#!/bin/sh
# A symbolic link planted in a directory azalai writes (the archive, meant
# for a web server or a deploy user, and deliver.outdir) must never make it
# write elsewhere: not at the temporary names a writer would use (the old
# PATH.tmp.PID, for the PID the writer will have), not at a page's own name,
# not as DIR/games nor as DIR itself. A link where a directory must be is
# refused with one line (azalai archive: 73; run: logged, 75).
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
# What a planted link points at: a file of the referee's (the ledger would
# do; one the test can read back is plainer) and a directory. Each attack
# starts from them as they were: one that went through must not hide the
# next.
fresh() { printf 'precious\n' > victim; rm -rf elsewhere; mkdir elsewhere; }
intact() { [ "$(cat victim)" = precious ] && [ -z "$(ls -A elsewhere)" ]; }
# files DIR NAME...: each DIR/NAME is a regular file, not a link.
files() {
	fd=$1
	shift
	for f; do [ -f "$fd/$f" ] && [ ! -L "$fd/$f" ] || return 1; done
}
# planted DIR NAMES -- COMMAND...: COMMAND with a link to the victim at
# DIR/NAME.tmp.PID for each NAME, PID the one it runs as (sh execs it).
planted() {
	pd=$1 pn=$2
	shift 3
	fresh
	sh -c 'd=$1 n=$2; shift 2; for f in $n; do ln -s "$PWD/victim" "$d/$f.tmp.$$"; done
	    exec "$@"' sh "$pd" "$pn" "$@" > out.txt 2> err.txt
	check "$* wrote nothing through a link at NAME.tmp.PID" intact
	check "$* wrote $pn, not through links" 'files "$pd" $pn'
}
# refused CODE MESSAGE -- COMMAND...: COMMAND meets a link where a directory
# must be: it exits CODE, says MESSAGE in one line (on stderr or in the log)
# and writes nothing through the link.
refused() {
	code=$1 msg=$2
	shift 3
	: > azalai.log
	"$@" > out.txt 2> err.txt
	rc=$?
	check "$* exits $code, not $rc" '[ "$rc" = "$code" ]'
	check "$* says \"$msg\": $(cat err.txt; tail -1 azalai.log)" \
		'grep -q -- "$msg" err.txt azalai.log && [ "$(wc -l < err.txt)" -le 1 ]'
	check "$* wrote nothing through the link" intact
}
yaml() {
	printf 'datadir: %s\nreferee:\n  address: referee@azalai.test\nlog:\n  to: file\n  file: azalai.log\n' \
	    "$src" > azalai.yaml
	[ -z "${1:-}" ] || printf 'archive:\n  dir: %s\n' "$1" >> azalai.yaml
}
yaml
"$az" init > /dev/null
"$az" new buqruru --seat n=bot --seat s=bot > /dev/null
"$az" new targi --seat a=bot --seat b=bot > /dev/null
pages="index.html games/buqruru-1.html games/targi-1.html"

# --- azalai archive ---------------------------------------------------------
mkdir -p site/games
planted site "$pages" -- "$az" archive site
check "archive with links at PAGE.tmp.PID succeeds: $(cat err.txt)" \
	'grep -q "site: 2 games, 3 files written" out.txt'
# A link at a page's own name is replaced by the page.
fresh
for p in $pages; do
	rm -f site/$p
	ln -s "$dir/victim" site/$p
done
"$az" archive site > out.txt 2> err.txt
check "archive over links at the pages' names succeeds: $(cat err.txt)" \
	'grep -q "site: 2 games, 3 files written" out.txt'
check "archive wrote nothing through a link at a page's name" intact
check "the links at the pages' names became pages" 'files site $pages'
# DIR/games a link, then DIR itself.
fresh
mkdir site2
ln -s ../elsewhere site2/games
refused 73 "site2/games is a symbolic link" -- "$az" archive site2
check "nor the index beside it" '[ ! -e site2/index.html ]'
ln -s elsewhere site3
refused 73 "site3 is a symbolic link" -- "$az" archive site3

# --- azalai run's archive.dir -----------------------------------------------
yaml pub
"$az" run > /dev/null 2>&1
check "run wrote its site" 'files pub $pages'
# A page nothing changed in, but a link now: the link goes, the page is back.
fresh
rm pub/games/targi-1.html
ln -s "$dir/victim" pub/games/targi-1.html
"$az" run > /dev/null 2>&1
check "run wrote nothing through a link at a page's name" intact
check "run made the page again over the link" 'files pub games/targi-1.html'
# The old temporary names for run's PID, every page to be written again.
rm -f azalai.db.archive pub/index.html pub/games/*
planted pub "$pages" -- "$az" run
rm -rf pub azalai.db.archive
mkdir pub
ln -s ../elsewhere pub/games
refused 75 "archive pub: pub/games is a symbolic link" -- "$az" run

# --- deliver.outdir -----------------------------------------------------------
yaml
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > /dev/null
names=$(sqlite3 azalai.db "SELECT printf('%06d-%s-%s.eml', id, kind, to_addr) FROM outbox
    WHERE status = 'queued'")
check "mails wait to be delivered" '[ -n "$names" ]'
mkdir -p outbox
planted outbox "$(echo $names)" -- "$az" run
# deliver.outdir a link: the mails wait, nothing is written there.
fresh
"$az" new buqruru --seat a=a@azalai.test --seat b=b@azalai.test > /dev/null
mv outbox outbox.real
ln -s elsewhere outbox
refused 75 "outbox is a symbolic link" -- "$az" run
check "the mails stay queued" \
	'[ "$(sqlite3 azalai.db "SELECT count(*) FROM outbox WHERE status = '\''queued'\''")" -gt 0 ]'

finish
