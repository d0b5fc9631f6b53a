#!/bin/sh
# Templates and data are found without a datadir key: the binary in its build
# tree uses its source tree; --datadir, then AZALAI_DATADIR, then the config
# file's datadir override that; a binary away from its build tree uses the
# installed ones.
. "${top_srcdir:-.}/tests/lib.sh"
src=${top_srcdir:?the test harness sets top_srcdir}
cd "$dir"
unset AZALAI_DATADIR AZALAI_CONFIG
on_fail() { cat out.txt err.txt; }
datadir() { sed -n 's/^datadir: "\(.*\)"$/\1/p' out.txt; }

# No config file at all.
"$az" config > out.txt 2> err.txt
check "the built binary uses its source tree" '[ "$(datadir)" = "$src" ]'
"$az" init > out.txt 2> err.txt
"$az" new buqruru --seat a=a@x --seat b=b@x > out.txt 2> err.txt
rc=$?
check "and starts a game with no datadir setting" '[ "$rc" = 0 ] && grep -q "^buqruru-1" out.txt'

mkdir empty
AZALAI_DATADIR=$dir/empty "$az" config > out.txt 2> err.txt
check "AZALAI_DATADIR names the data directory" '[ "$(datadir)" = "$dir/empty" ]'
AZALAI_DATADIR=$dir/empty "$az" new buqruru --seat a=a@x --seat b=b@x > out.txt 2> err.txt
rc=$?
check "and is used (78 and the file it missed)" \
	'[ "$rc" = 78 ] && grep -q "$dir/empty/data/" err.txt'
AZALAI_DATADIR=$dir/empty "$az" --datadir "$src" config > out.txt 2> err.txt
check "--datadir comes before AZALAI_DATADIR" '[ "$(datadir)" = "$src" ]'
"$az" --datadir "$dir/empty" new buqruru --seat a=a@x --seat b=b@x > out.txt 2> err.txt
rc=$?
check "--datadir is used" '[ "$rc" = 78 ] && grep -q "$dir/empty/data/" err.txt'

"$az" --datadir "" config > out.txt 2> err.txt
rc=$?
check "an empty --datadir is refused" '[ "$rc" = 64 ] && grep -q "datadir wants a directory" err.txt'

printf 'datadir: %s/empty\n' "$dir" > azalai.yaml
"$az" config > out.txt 2> err.txt
check "a config file's datadir comes before the build tree" '[ "$(datadir)" = "$dir/empty" ]'
AZALAI_DATADIR=$src "$az" config > out.txt 2> err.txt
check "AZALAI_DATADIR comes before the config file" '[ "$(datadir)" = "$src" ]'
"$az" --datadir "$src" config > out.txt 2> err.txt
check "--datadir comes before the config file" '[ "$(datadir)" = "$src" ]'
rm azalai.yaml

# The same binary elsewhere, as after "make install", has no build tree.
cp "$az" ./azalai-copy
./azalai-copy config > out.txt 2> err.txt
check "a binary away from its build tree uses the installed data" \
	'[ "$(datadir)" != "$src" ] && case $(datadir) in */share/azalai) true ;; *) false ;; esac'

finish
