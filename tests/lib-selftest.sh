#!/bin/sh
# tests/lib.sh can fail: scripts that source it make failing and passing
# checks and expects, and finish must count them, show what failed, exit 1,
# and the exit hooks and the removal of the directory must still run. The
# scripts run as their own sh, as the harness runs a test. This test judges
# them with plain shell of its own, not with lib.sh's check: a check that
# always passed would otherwise pass its own test.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"
lib=$(cd "$src/tests" && pwd)/lib.sh
cd "$dir" || exit 1
bad=0
# same WHAT GOT WANT
same() {
	[ "$2" = "$3" ] && return
	printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$1" "$2" "$3"
	bad=$((bad + 1))
}
# inner NAME BODY: a test script sourcing lib.sh; its output in NAME.out,
# its exit code in rc, its directory in tmp.
inner() {
	{
		echo 'uses_azalai=no'
		echo ". '$lib'"
		echo 'echo "dir $dir"'
		printf '%s\n' "$2"
	} > "$1.sh"
	(unset KEEP; sh "./$1.sh") > "$1.out" 2>&1
	rc=$?
	tmp=$(sed -n 's/^dir //p' "$1.out")
}

inner failing '
cd "$dir"
on_fail() { echo "on_fail ran"; }
at_exit "echo hook one"
at_exit "echo \$undefined_under_set_u"
at_exit "echo hook three"
check "true passes" true
check "false fails" false
x=
check "EXPR runs in the script" "x=set"
expect 0 "" -- true
expect 3 "" -- sh -c "exit 4"
expect 0 "wanted" -- echo other
expect 0 "" true
expect 0 "" -- echo present
lacks "present"
expect 1 "" -- grep -q present out.txt
finish "echo finish CMD ran"
echo "not reached"'
same "a failing script exits 1" "$rc" 1
same "its count line" "$(grep 'passed, ' failing.out)" "4 passed, 6 failed"
same "the FAIL lines" "$(grep '^FAIL' failing.out)" \
"FAIL: false fails
FAIL: sh -c exit 4 -> exit 4 (want 3), wanted \"\" in:
FAIL: echo other -> exit 0 (want 0), wanted \"wanted\" in:
FAIL: expect 0  true: write expect CODE PATTERN -- COMMAND...
FAIL: the output has \"present\":
FAIL: expect grep -q present out.txt: it writes out.txt before the command reads it; use lacks"
same "on_fail after each FAIL" "$(grep -c '^on_fail ran$' failing.out)" 6
same "lacks shows the line it found" "$(grep -c '^out.txt:present$' failing.out)" 1
same "the expect shows the output" "$(grep -c '^other$' failing.out)" 1
same "finish's CMD comes after the count line" \
    "$(grep -A1 'passed, ' failing.out | tail -n 1)" "finish CMD ran"
same "finish ends the script" "$(grep -c 'not reached' failing.out)" 0
same "the hooks run last first, past one that fails" \
    "$(grep '^hook' failing.out | tr '\n' ' ')" "hook three hook one "
same "a directory named after the script" "${tmp#/tmp/azalai-failing-}" "${tmp##*-}"
same "the directory is removed" "$([ -n "$tmp" ] && [ ! -e "$tmp" ] && echo gone)" gone

inner passing '
check "true passes" true
expect 0 "^hello$" -- echo hello
lacks "absent"
expect 7 "seven" -- sh -c "echo seven >&2; exit 7"
finish "echo finish CMD ran"'
same "a passing script exits 0" "$rc" 0
same "its count line" "$(grep 'passed, ' passing.out)" "4 passed, 0 failed"
same "no FAIL line" "$(grep -c FAIL passing.out)" 0
same "finish's CMD runs only on a failure" "$(grep -c 'CMD ran' passing.out)" 0

inner dying '
check "true passes" true
echo "$not_set"
finish'
same "a script that dies before finish fails" "$([ "$rc" != 0 ] && echo failed)" failed
same "and its directory is removed" "$([ -n "$tmp" ] && [ ! -e "$tmp" ] && echo gone)" gone

(KEEP=1 sh ./passing.sh) > keep.out 2>&1
tmp=$(sed -n 's/^dir //p' keep.out)
same "KEEP keeps the directory" "$([ -n "$tmp" ] && [ -d "$tmp" ] && echo kept)" kept
same "and says where" "$(grep '^KEEP' keep.out)" "KEEP: $tmp is kept"
[ -n "$tmp" ] && rm -rf "$tmp"

echo "lib-selftest: $bad failed"
[ "$bad" = 0 ]
