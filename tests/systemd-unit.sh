#!/bin/sh
# contrib/systemd/azalai.service and azalai-watch.service (the watcher) are
# sandboxed the way packaged daemons are
# ("systemd-analyze security" rates it 3.0 or lower, on a scale where 10 is
# fully exposed), creates files for its owner only, and fails on exit 78
# (a configuration that cannot work) while 75 (try again) passes the timer's;
# the path unit starts it when mail lands in the shipped configuration's Maildir.
set -u
src=${top_srcdir:-.}
command -v systemd-analyze > /dev/null 2>&1 ||
    { echo "SKIP: systemd-analyze is not installed (Debian package systemd)"; exit 77; }
fails=0
for name in azalai azalai-watch; do
	unit=$src/contrib/systemd/$name.service
	out=$(systemd-analyze security --offline=true --no-pager "$unit" 2>&1)
	score=$(printf '%s\n' "$out" | sed -n "s/.*Overall exposure level for $name.service: \\([0-9.]*\\).*/\\1/p")
	echo "systemd-analyze security of $name: ${score:-no score}"
	if [ -z "$score" ] || ! awk -v s="$score" 'BEGIN { exit !(s <= 3.0) }'; then
		echo "FAIL: exposure ${score:-unknown}, want 3.0 or lower"
		printf '%s\n' "$out" | grep '✗'
		fails=$((fails + 1))
	fi
	grep -q '^UMask=0077$' "$unit" || { echo "FAIL: no UMask=0077"; fails=$((fails + 1)); }
	ok=$(sed -n 's/^SuccessExitStatus=//p' "$unit")
	case " $ok " in
	*" 78 "*) echo "FAIL: SuccessExitStatus counts 78 as success"; fails=$((fails + 1)) ;;
	esac
	# The watcher tries again itself and never exits 75: only the timer's
	# one-shot run must pass on it.
	[ "$name" = azalai-watch ] || case " $ok " in
	*" 75 "*) ;;
	*) echo "FAIL: SuccessExitStatus does not let 75 (try again) pass"; fails=$((fails + 1)) ;;
	esac
done
# The path unit watches new/ of the Maildir the shipped configuration reads,
# and starts the service that reads it.
path=$src/contrib/systemd/azalai-maildir.path
box=$(sed -n 's/^  path: *//p' "$src/contrib/azalai.yaml" | head -n 1)
[ -n "$box" ] && [ "$(sed -n 's/^DirectoryNotEmpty=//p' "$path")" = "$box/new" ] ||
    { echo "FAIL: azalai-maildir.path does not watch $box/new"; fails=$((fails + 1)); }
grep -q '^Unit=azalai.service$' "$path" ||
    { echo "FAIL: azalai-maildir.path does not start azalai.service"; fails=$((fails + 1)); }
out=$(systemd-analyze verify --man=no "$path" 2>&1) ||
    { echo "FAIL: systemd-analyze verify azalai-maildir.path: $out"; fails=$((fails + 1)); }
[ "$fails" = 0 ]
