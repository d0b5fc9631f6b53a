#!/bin/sh
# contrib/systemd/azalai.service and azalai-watch.service (the watcher) run
# as the user azalai, sandboxed the way packaged daemons are
# ("systemd-analyze security" rates them no higher than azalai(1) says, on a
# scale where 10 is fully exposed: dropping most single options raises it),
# the watcher exactly as the one-shot run, with the shipped configuration's
# ledger, Maildir and outbox writable; create files for their owner only;
# and fail on exit 78 (a configuration that cannot work) while 75 (try
# again) passes the timer's; the path unit starts the run when mail lands in
# the shipped configuration's Maildir.
set -u
src=${top_srcdir:-.}
command -v systemd-analyze > /dev/null 2>&1 ||
    { echo "SKIP: systemd-analyze is not installed (Debian package systemd)"; exit 77; }
fails=0
# The rating azalai(1) gives: a newer systemd that rates the units otherwise
# changes the page, not this test.
rated=$(sed -n 's/^sandboxed (it rates \([0-9.]*\) in$/\1/p' "$src/man/azalai.1")
[ -n "$rated" ] || { echo "FAIL: azalai(1) gives no rating"; fails=$((fails + 1)); rated=0; }
for name in azalai azalai-watch; do
	unit=$src/contrib/systemd/$name.service
	out=$(systemd-analyze security --offline=true --no-pager "$unit" 2>&1)
	score=$(printf '%s\n' "$out" | sed -n "s/.*Overall exposure level for $name.service: \\([0-9.]*\\).*/\\1/p")
	echo "systemd-analyze security of $name: ${score:-no score}"
	if [ -z "$score" ] || ! awk -v s="$score" -v r="$rated" 'BEGIN { exit !(s <= r) }'; then
		echo "FAIL: exposure ${score:-unknown}, want $rated or lower (azalai(1))"
		printf '%s\n' "$out" | grep '✗'
		fails=$((fails + 1))
	fi
	grep -q '^UMask=0077$' "$unit" || { echo "FAIL: no UMask=0077"; fails=$((fails + 1)); }
	# Not root: the rating drops only 0.3 for it, so it is checked by name.
	grep -qx 'User=azalai' "$unit" && grep -qx 'Group=azalai' "$unit" ||
	    { echo "FAIL: $name does not run as azalai:azalai"; fails=$((fails + 1)); }
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
# One sandbox for both: the watcher is the one-shot run kept going.
sandbox() { sed -n '/^UMask=/,/^\[/{/^\[/!p}' "$src/contrib/systemd/$1.service"; }
[ -n "$(sandbox azalai)" ] && [ "$(sandbox azalai)" = "$(sandbox azalai-watch)" ] ||
    { echo "FAIL: azalai-watch.service is sandboxed otherwise than azalai.service"; fails=$((fails + 1)); }
# Under ProtectSystem=strict only ReadWritePaths= is writable: the shipped
# configuration's ledger, Maildir and outbox must be under it.
rw=$(sed -n 's/^ReadWritePaths=//p' "$src/contrib/systemd/azalai.service")
for key in ledger '  path' '  outdir'; do
	p=$(sed -n "s/^$key: *//p" "$src/contrib/azalai.yaml" | head -n 1)
	case "$p" in
	"$rw"/*) ;;
	*) echo "FAIL: azalai.yaml's ${key##* } ${p:-(none)} is not under ReadWritePaths=$rw"
	   fails=$((fails + 1)) ;;
	esac
done
# The watcher is enabled by hand ("systemctl enable", its comment and
# azalai(1)), which does nothing for a unit with no [Install] section.
sed -n '/^\[Install\]$/,$p' "$src/contrib/systemd/azalai-watch.service" |
    grep -qx 'WantedBy=multi-user.target' ||
    { echo "FAIL: azalai-watch.service cannot be enabled (no WantedBy=multi-user.target)"
      fails=$((fails + 1)); }
# The timer starts azalai.service (its own name's) every five minutes, as
# the cron jobs run it and the package's description says.
timer=$src/contrib/systemd/azalai.timer
grep -qx 'OnUnitActiveSec=5min' "$timer" && ! grep -q '^Unit=' "$timer" &&
    grep -q '^\*/5 ' "$src/contrib/azalai.cron" ||
    { echo "FAIL: azalai.timer does not run azalai.service every five minutes"; fails=$((fails + 1)); }
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
