#!/bin/sh
# The module map of tests/README: every module of src/ (src/LAYER/NAME.c)
# has a row, its own or its folder's ("games/targi/"), naming its tests, or
# "covered by" the tests that exercise it through others; every row names a
# module or folder that exists, and tests that exist and are in Makefile.am's
# lists. A new module without a row, or a row left behind by a move, fails.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"

# The rows: the lines indented by four spaces after "Module map", up to
# the next line that is not indented.
awk '/^Module map$/ { on = 1; next } rows && /^[^ ]/ { exit }
    on && /^    [a-z]+\// { rows = 1; sub(/^    /, ""); print }' "$src/tests/README" > "$dir/rows"
check "tests/README has a module map" '[ -s "$dir/rows" ]'
(cd "$src/src" && find . -name '*.c' | sed 's#^\./##; s#\.c$##' | sort) > "$dir/modules"

while read -r m; do
	folder=${m%/*}/
	if ! awk -v m="$m" -v f="$folder" '$1 == m || $1 == f { found = 1 } END { exit !found }' \
	    "$dir/rows"; then
		fail "src/$m.c has no row in tests/README's module map"
	fi
done < "$dir/modules"

while read -r key rest; do
	case $key in
	*/) [ -d "$src/src/$key" ] || fail "module map: no folder src/$key" ;;
	*) [ -f "$src/src/$key.c" ] || fail "module map: no module src/$key.c" ;;
	esac
	tests=${rest#covered by }
	[ -n "$tests" ] || fail "module map: $key names no test"
	for t in $tests; do
		if [ ! -f "$src/tests/$t.c" ] && [ ! -f "$src/tests/$t" ]; then
			fail "module map: $key: no test tests/$t"
		elif ! grep -q "tests/$t\\b" "$src/Makefile.am"; then
			fail "module map: $key: tests/$t is in no test list of Makefile.am"
		else
			pass
		fi
	done
done < "$dir/rows"
finish
