#!/bin/sh
# Languages on the command line: the configuration's language is checked
# (exit 78 naming the languages azalai speaks), a seat's is given at
# `azalai new` (NAME=ADDRESS lang=de) and changed by `azalai seat ... language`,
# an observer's by `azalai watch GAME ADDRESS LANG`; `azalai list` shows them.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir"
# The translated templates are not this test's business: the English ones
# stand in for every language, and the ledger says which one was chosen.
mkdir -p data/templates/common data/templates/buqruru
ln -s "$src/data" data/data
ln -s "$src/po" data/po
for l in $langs; do
	ln -s "$src/templates/common/en" "data/templates/common/$l"
	ln -s "$src/templates/buqruru/en" "data/templates/buqruru/$l"
done
src=$dir/data
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml

expect 0 "ledger azalai.db ready" -- "$az" init
printf 'datadir: %s\nlog:\n  to: none\nlanguage: tlh\n' "$src" > klingon.yaml
expect 78 "configuration: language \"tlh\" is not one azalai speaks: write en (English), de (Deutsch), es (español) or fr (français)" \
	-- "$az" --config klingon.yaml list
printf 'datadir: %s\nlog:\n  to: none\nlanguage: fr\n' "$src" > fr.yaml
expect 0 "" -- "$az" --config fr.yaml list
expect 64 "seat b: language \"xx\" is not one azalai speaks" -- \
	"$az" new buqruru --seat a=a@x --seat "b=b@x lang=xx"
expect 64 '"b@x tongue=de" is not a mail address' -- \
	"$az" new buqruru --seat a=a@x --seat "b=b@x tongue=de"
expect 0 "buqruru-1" -- "$az" new buqruru --seat a=a@x --seat "b=b@x lang=DE"
expect 0 "a, b (de)" -- "$az" list
expect 0 "buqruru-1: seat a reads es" -- "$az" seat buqruru-1 a language es
expect 0 "a (es), b (de)" -- "$az" list
expect 65 "language \"nl\" is not one azalai speaks" -- "$az" seat buqruru-1 a language nl
expect 64 "usage: azalai seat GAME SEAT language en | de | es | fr" -- \
	"$az" seat buqruru-1 a language
expect 0 "fan@x watches buqruru-1 in fr" -- "$az" watch buqruru-1 fan@x fr
expect 65 "is not one azalai speaks" -- "$az" watch buqruru-1 other@x xx
expect 0 "watchers: fan@x (fr)" -- "$az" show buqruru-1
expect 0 "b@x .*human, reads de" -- "$az" show buqruru-1
expect 0 "fan@x watches buqruru-1 in en" -- "$az" watch buqruru-1 fan@x en
[ "$(sqlite3 azalai.db "SELECT language FROM watchers WHERE address = 'fan@x'")" = en ] &&
	pass || fail "the watcher's language is not en"
[ "$(sqlite3 azalai.db "SELECT group_concat(language) FROM seats")" = "es,de" ] &&
	pass || fail "the seats' languages are not es,de"

finish
