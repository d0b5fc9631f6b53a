# Sourced first by every script test (tests/README says how to write one):
#
#   . "${top_srcdir:-.}/tests/lib.sh"
#
# It sets az (the binary under test, $AZALAI; a script that runs no azalai
# says uses_azalai=no before sourcing), src (the source tree, $top_srcdir)
# and dir, a fresh directory /tmp/azalai-NAME-XXXXXX named after the script.
# The directory is removed on exit unless KEEP is set (KEEP=1 make check
# TESTS=tests/x.sh keeps it and says where). It does not cd there.
#
#   at_exit CMD                  run CMD on exit, before dir is removed; the
#                                last one added runs first (servers, pids);
#                                call it from the script, not a subshell
#   check NAME EXPR              EXPR is eval'd here: true passes
#   expect CODE PATTERN -- CMD...
#                                CMD's exit code must be CODE and PATTERN (a
#                                grep pattern; "" for any) be in its output;
#                                CMD's stdout and stderr stay in out.txt and
#                                err.txt of the current directory
#   lacks PATTERN                the last expect's out.txt and err.txt hold
#                                no line matching PATTERN (not expect 1 ""
#                                -- grep ... out.txt: expect empties out.txt
#                                before grep reads it, and refuses to)
#   pass / fail MESSAGE          count a check the script made itself
#   on_fail                      what a failing check or expect shows after
#                                its FAIL line; redefine it (default: nothing)
#   q SQL                        sqlite3 azalai.db SQL (waiting out a writer)
#   until_true SECONDS CMD...    waits until CMD is true (0), looking every
#                                tenth of a second; false after SECONDS: a
#                                bound for a condition, never a timed check
#   langs, other_langs           the languages of po/LINGUAS, en first; the
#                                same without en
#   finish [CMD]                 "N passed, M failed"; on a failure it runs CMD
#                                (say what would help: a log) and exits 1,
#                                else it exits 0
set -u
if [ "${uses_azalai:-yes}" != no ]; then
	az=${AZALAI:?the test harness sets AZALAI}
fi
src=${top_srcdir:-.}
langs=$(sed 's/#.*//' "$src/po/LINGUAS" | tr -s ' \t\n' '   ')
other_langs=$(for l in $langs; do [ "$l" = en ] || printf ' %s' "$l"; done)
passes=0
fails=0
lib_at_exit=
dir=$(mktemp -d "/tmp/azalai-$(basename "$0" .sh)-XXXXXX") ||
    { echo "FAIL: no temporary directory"; exit 1; }

lib_exit() {
	eval "$lib_at_exit"
	if [ -n "${KEEP:-}" ]; then
		echo "KEEP: $dir is kept"
	else
		rm -rf "$dir"
	fi
}
trap lib_exit EXIT
# dash runs the EXIT trap on exit, not on a signal: make an interrupted run
# exit, so that servers are stopped and the directory removed then too.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# Each hook runs in a subshell: one that fails (a server already gone, an
# unset pid under set -u) must not keep the others or the removal from running.
at_exit() {
	lib_at_exit="( $1 ); $lib_at_exit"
}

on_fail() { :; }

pass() {
	passes=$((passes + 1))
}

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
	on_fail
}

check() {
	if eval "$2"; then pass; else fail "$1"; fi
}

expect() {
	lib_code=$1 lib_pat=$2
	if [ "$#" -lt 4 ] || [ "$3" != -- ]; then
		fail "expect $*: write expect CODE PATTERN -- COMMAND..."
		return
	fi
	shift 3
	for lib_a in "$@"; do
		case $lib_a in
		out.txt | err.txt)
			fail "expect $*: it writes $lib_a before the command reads it; use lacks"
			return ;;
		esac
	done
	"$@" > out.txt 2> err.txt
	lib_got=$?
	if [ "$lib_got" != "$lib_code" ] ||
	    { [ -n "$lib_pat" ] && ! grep -q -- "$lib_pat" out.txt err.txt; }; then
		echo "FAIL: $* -> exit $lib_got (want $lib_code), wanted \"$lib_pat\" in:"
		cat out.txt err.txt
		fails=$((fails + 1))
		on_fail
	else
		pass
	fi
}

lacks() {
	grep -q -- "$1" out.txt err.txt
	case $? in
	0)
		echo "FAIL: the output has \"$1\":"
		grep -- "$1" out.txt err.txt
		fails=$((fails + 1))
		on_fail ;;
	1) pass ;;
	*) fail "lacks $1: no output of an expect to read here" ;;
	esac
}

# A run may be writing (the watch tests): wait for it, never fail on the lock.
q() { sqlite3 -cmd ".timeout 10000" azalai.db "$1"; }

# report_orders: the orders an English report on stdin offers to copy, one
# a line, as a player copies them: the numbered choices without their
# numbers, then the unnumbered ones (a report without choices lists them
# all unnumbered).
report_orders() {
	awk '/Copy one/ { on = 1; next } on && /^$/ { exit }
	    on && /^ +[0-9]+  +[^ ]/ { sub(/^ +[0-9]+ +/, ""); print; next }
	    on && /^ +[A-Z]/ { sub(/^ +/, ""); print }'
}

# flat: text on stdin as one line, each line break and its indent one
# space, so a sentence can be looked for whatever the fold of the text
# part (72 columns, src/render/fold.h) made of it.
flat() { tr '\r\n' '  ' | tr -s ' '; }

until_true() {
	lib_lim=$(($1 * 10))
	shift
	lib_i=0
	until "$@"; do
		lib_i=$((lib_i + 1))
		[ "$lib_i" -gt "$lib_lim" ] && return 1
		sleep 0.1
	done
}

finish() {
	echo "$passes passed, $fails failed"
	[ "$fails" = 0 ] && exit 0
	[ "$#" = 0 ] || eval "$1"
	exit 1
}
