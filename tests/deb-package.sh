#!/bin/sh
# The Debian package: built with dpkg-buildpackage from the release tarball
# (or from this tree), lintian without errors or warnings, its files where
# azalai(1) says, its maintainer scripts doing what the package promises,
# and the installed azalai finding its templates and data with no datadir
# setting.
# Called by contrib/test-all after make distcheck; needs root for the last
# part (a private mount namespace shows the package's /usr over the host's).
#
# usage: tests/deb-package.sh [azalai-VERSION.tar.gz]
# AZALAI_DEB_DIR=DIR      the scratch directory (default: a new one in /tmp)
# AZALAI_DEB_INSTALL=1    also install, run, remove and purge the package on
#                         this machine: only on a disposable one
#                         (contrib/fresh-debian sets it in its chroot)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:-}
work=${AZALAI_DEB_DIR:-$(mktemp -d /tmp/azalai-deb-XXXXXX)}
fails=0
passes=0
check() {
	if eval "$2"; then passes=$((passes + 1)); else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
for tool in dpkg-buildpackage dh lintian; do
	command -v "$tool" > /dev/null ||
	    { echo "deb-package: $tool is missing (sh contrib/test-deps installs it)" >&2; exit 1; }
done

echo "== building the package in $work"
rm -rf "$work"
mkdir -p "$work"
if [ -n "$tarball" ]; then
	tar -xzf "$tarball" -C "$work"
else
	mkdir "$work/azalai"
	if git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
		(cd "$src" && git ls-files -z --cached --others --exclude-standard |
		    xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
		    tar --null -T - -cf -) | tar -xf - -C "$work/azalai"
	else
		tar -C "$src" --exclude=./build --exclude=./build-test --exclude=./azalai-demo \
		    --exclude=./debian/tmp --exclude=./debian/azalai -cf - . |
		    tar -xf - -C "$work/azalai"
	fi
fi
tree=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
# The tests ran before this (make check, distcheck); the package build is
# about the package.
(cd "$tree" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc 2>/dev/null || echo 2)" \
    dpkg-buildpackage -us -uc -b) > "$work/build.log" 2>&1 ||
    { tail -n 40 "$work/build.log"; echo "FAIL: dpkg-buildpackage"; exit 1; }
version=$(cd "$tree" && dpkg-parsechangelog -S Version)
deb=$work/azalai_${version}_$(dpkg --print-architecture).deb
check "dpkg-buildpackage made $(basename "$deb")" '[ -f "$deb" ]'
[ -f "$deb" ] || exit 1
configured=$(sed -n 's/^AC_INIT(\[azalai\], \[\([^]]*\)\].*/\1/p' "$tree/configure.ac")
check "the package's version is configure.ac's ($configured)" '[ "$version" = "$configured" ]'

echo "== lintian"
# No tag is overridden. Exit 1 is errors found (checked below); 2 and more is
# lintian not checking at all, which an empty report must not hide.
lrc=0
lintian --info "$work"/azalai_"${version}"_*.changes > "$work/lintian.txt" 2>&1 || lrc=$?
grep '^[EW]:' "$work/lintian.txt" || true
check "lintian checked the package (exit $lrc)" '[ "$lrc" -le 1 ]'
check "lintian reports no errors and no warnings" '! grep -q "^[EW]:" "$work/lintian.txt"'

echo "== the files"
root=$work/root
dpkg -x "$deb" "$root"
dpkg -e "$deb" "$root/DEBIAN"
for f in usr/bin/azalai usr/share/man/man1/azalai.1.gz usr/share/man/man5/azalai.yaml.5.gz \
    usr/share/azalai/templates/common/en/welcome.mustache \
    usr/share/azalai/templates/common/de/welcome.mustache \
    usr/share/azalai/templates/targi/fr/report.html.mustache \
    usr/share/azalai/templates/targi/board.svg.mustache \
    usr/share/azalai/data/targi/border.yaml \
    usr/share/doc/azalai/orders.md usr/share/doc/azalai/buqruru.md \
    usr/share/doc/azalai/targi.md usr/share/doc/azalai/targui.md \
    usr/share/doc/azalai/campaigns.md usr/share/doc/azalai/copyright \
    usr/share/doc/azalai/examples/campaign.example.yaml \
    usr/share/doc/azalai/examples/azalai.yaml \
    etc/azalai/azalai.yaml etc/cron.d/azalai \
    lib/systemd/system/azalai.service lib/systemd/system/azalai.timer \
    lib/systemd/system/azalai-maildir.path \
    lib/systemd/system/azalai.service.d/debian.conf \
    lib/systemd/system/azalai-watch.service \
    lib/systemd/system/azalai-watch.service.d/debian-watch.conf; do
	check "the package has /$f" '[ -f "$root/$f" ]'
done
# A run reads its translations from the installed catalogs, one per domain
# and language of the tree (po/LINGUAS): a report in German needs them all.
for po in $(cd "$tree" && ls po/*/*.po); do
	check "the package has the catalog /usr/share/azalai/${po%.po}.mo" \
		'[ -s "$root/usr/share/azalai/${po%.po}.mo" ]'
done
check "the package has /var/lib/azalai" '[ -d "$root/var/lib/azalai" ]'
# The board pictures are azalai-draw's, in pkglibexecdir; azalai links none
# of their libraries, and dpkg-shlibdeps names every library of both.
check "the package has /usr/libexec/azalai/azalai-draw" '[ -x "$root/usr/libexec/azalai/azalai-draw" ]'
check "azalai links no drawing library" \
	'! objdump -p "$root/usr/bin/azalai" | grep -q -e "NEEDED.*rsvg" -e "NEEDED.*cairo" \
	    -e "NEEDED.*imagequant" -e "NEEDED.*png"'
for lib in libcurl libgmime libxml2 libssl libjson-glib libical librsvg libcairo libimagequant libpng; do
	check "Depends names $lib, computed" \
		'grep "^Depends:" "$root/DEBIAN/control" | grep -q "$lib"'
done
# Nothing test-only in the package: no test build, and a binary that names
# none of the test switches (src/core/testhook.h), so it cannot obey them.
check "the package has no azalai-test" '[ -z "$(find "$root" -name "azalai-test*")" ]'
check "the packaged azalai names no test switch" \
	'! grep -q -a -e AZALAI_TEST_ -e AZALAI_NOW -e AZALAI_SEED "$root/usr/bin/azalai"'
# Every path azalai(1) names for the Debian package is in it.
for p in $(sed -n 's/^\.Pa \(\/usr\/share\/[^ ]*\|\/etc\/[^ ]*\|\/var\/lib\/[^ ]*\).*/\1/p' \
    "$tree/man/azalai.1" | sort -u); do
	check "azalai(1)'s $p is in the package" '[ -e "$root$p" ]'
done
check "the systemd units are contrib/systemd's, unchanged" \
	'cmp -s "$root/lib/systemd/system/azalai.service" "$tree/contrib/systemd/azalai.service" &&
	 cmp -s "$root/lib/systemd/system/azalai.timer" "$tree/contrib/systemd/azalai.timer" &&
	 cmp -s "$root/lib/systemd/system/azalai-maildir.path" \
	    "$tree/contrib/systemd/azalai-maildir.path" &&
	 cmp -s "$root/lib/systemd/system/azalai-watch.service" \
	    "$tree/contrib/systemd/azalai-watch.service"'
check "the drop-in runs the packaged binary with /etc/azalai/azalai.yaml" \
	'grep -qx "ExecStart=/usr/bin/azalai --config /etc/azalai/azalai.yaml run" \
	    "$root/lib/systemd/system/azalai.service.d/debian.conf"'
check "the watcher's drop-in runs the packaged binary with /etc/azalai/azalai.yaml" \
	'grep -qx "ExecStart=/usr/bin/azalai --config /etc/azalai/azalai.yaml run --watch" \
	    "$root/lib/systemd/system/azalai-watch.service.d/debian-watch.conf"'
check "the configuration and the cron job are conffiles" \
	'grep -qx /etc/azalai/azalai.yaml "$root/DEBIAN/conffiles" &&
	 grep -qx /etc/cron.d/azalai "$root/DEBIAN/conffiles"'
check "postinst creates the user and gives it /var/lib/azalai, mode 0700" \
	'grep -q "adduser --system" "$root/DEBIAN/postinst" &&
	 grep -q "dpkg-statoverride --update --add azalai azalai 0700 /var/lib/azalai" \
	    "$root/DEBIAN/postinst"'
check "postinst enables and starts the timer, not the service" \
	'grep -q "deb-systemd-helper.* enable .*azalai.timer" "$root/DEBIAN/postinst" &&
	 grep -q "_dh_action=start" "$root/DEBIAN/postinst" &&
	 grep -q "deb-systemd-invoke .*azalai.timer" "$root/DEBIAN/postinst" &&
	 ! grep -q "azalai.service" "$root/DEBIAN/postinst"'
# The path unit needs the operator's mailbox: shipped, enabled again on an
# upgrade only where the operator had enabled it (dh_installsystemd
# --no-enable guards it with debian-installed), never started.
# The watcher likewise: it would hold a mailbox not yet set.
for u in azalai-maildir.path azalai-watch.service; do
	check "postinst neither enables nor starts $u" \
		'grep -q "deb-systemd-helper debian-installed .$u." "$root/DEBIAN/postinst" &&
		 ! grep -q "deb-systemd-invoke .*$u" "$root/DEBIAN/postinst"'
done
check "postrm deletes /var/lib/azalai on purge only" \
	'sed -n "/purge/,/^fi/p" "$root/DEBIAN/postrm" | grep -q "rm -rf /var/lib/azalai" &&
	 [ "$(grep -c "rm -rf /var/lib/azalai" "$root/DEBIAN/postrm")" = 1 ]'
# The units' LogsDirectory= makes /var/log/azalai, where log.file may write:
# Debian policy (10.8) has logs go on purge, and stay on remove.
check "postrm deletes /var/log/azalai on purge only" \
	'sed -n "/purge/,/^fi/p" "$root/DEBIAN/postrm" | grep -q "rm -rf /var/log/azalai" &&
	 [ "$(grep -c "rm -rf /var/log/azalai" "$root/DEBIAN/postrm")" = 1 ]'
cronline=$(grep -v '^#' "$root/etc/cron.d/azalai" | grep -v '=' | sed '/^$/d')
check "the cron job runs as azalai and steps aside for systemd" \
	'printf "%s\n" "$cronline" | awk -F"\t" "{ exit !(\$2 == \"azalai\") }" &&
	 printf "%s\n" "$cronline" | grep -q "\[ -d /run/systemd/system \] ||"'
# A guard that tests another binary than the one run would make every cron
# run a silent no-op.
check "the cron job runs the packaged binary with /etc/azalai/azalai.yaml" \
	'printf "%s\n" "$cronline" | grep -q "\[ -x /usr/bin/azalai \] && cd /var/lib/azalai && /usr/bin/azalai --config /etc/azalai/azalai.yaml run;"'

echo "== the installed azalai"
# The package's /usr over the host's in a private mount namespace: the
# binary sees /usr/share/azalai as installed, the host's libraries as its
# dependencies, and nothing changes outside.
if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null; then
	mkdir -p "$work/play"
	cp "$root/etc/azalai/azalai.yaml" "$work/etc-azalai.yaml"
	unshare -m sh -c '
		set -e
		mount -t overlay overlay -o "lowerdir=$1/usr:/usr" /usr
		cd "$2"
		unset AZALAI_DATADIR AZALAI_CONFIG AZALAI_LIBEXECDIR
		/usr/bin/azalai --version
		/usr/bin/azalai config > config.txt
		/usr/bin/azalai --config "$3" config > etc-config.txt
		/usr/bin/azalai init > /dev/null
		/usr/bin/azalai new buqruru --seat a=a@x --seat b=b@x > seats.txt
		/usr/bin/azalai run < /dev/null > run.out 2> run.err
	' sh "$root" "$work/play" "$work/etc-azalai.yaml" > "$work/play/log" 2>&1 || true
	check "the installed azalai runs" 'grep -qx "azalai $version" "$work/play/log"'
	check "it reads its templates and data from /usr/share/azalai" \
		'grep -qx "datadir: \"/usr/share/azalai\"" "$work/play/config.txt"'
	check "it starts a game with no datadir setting" 'grep -q "^buqruru-1" "$work/play/seats.txt"'
	check "its idle run without a terminal prints nothing" \
		'[ -f "$work/play/run.out" ] && [ ! -s "$work/play/run.out" ] && [ ! -s "$work/play/run.err" ]'
	check "/etc/azalai/azalai.yaml keeps the ledger in /var/lib/azalai" \
		'grep -qx "ledger: \"/var/lib/azalai/azalai.db\"" "$work/play/etc-config.txt"'
	[ "$fails" = 0 ] || cat "$work/play/log"
else
	echo "SKIP: running the installed azalai needs root and unshare(1)"
fi

if [ "${AZALAI_DEB_INSTALL:-}" = 1 ]; then
	echo "== installing, running, removing and purging it here"
	DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb" > "$work/install.log" 2>&1 ||
	    { cat "$work/install.log"; echo "FAIL: apt-get install"; exit 1; }
	check "the user azalai exists" 'getent passwd azalai > /dev/null'
	check "/var/lib/azalai is azalai's, mode 0700" \
		'[ "$(stat -c %U:%G:%a /var/lib/azalai)" = azalai:azalai:700 ]'
	check "the ledger is ready" '[ -f /var/lib/azalai/azalai.db ] && [ -d /var/lib/azalai/Maildir/new ]'
	check "the timer is enabled" '[ -L /etc/systemd/system/timers.target.wants/azalai.timer ]'
	# What cron runs on a host without systemd: nothing printed, nothing mailed.
	if [ ! -d /run/systemd/system ]; then
		cmd=$(printf "%s\n" "$cronline" | cut -f3-)
		rc=0
		runuser -u azalai -- sh -c "$cmd" < /dev/null > "$work/cron.out" 2>&1 || rc=$?
		check "the cron job runs quietly" '[ "$rc" = 0 ] && [ ! -s "$work/cron.out" ]'
	fi
	# What systemd makes for the units' LogsDirectory=, a log file in it.
	mkdir -p /var/log/azalai && : > /var/log/azalai/azalai.log
	DEBIAN_FRONTEND=noninteractive apt-get remove -y azalai > "$work/remove.log" 2>&1
	check "removing keeps /var/lib/azalai" '[ -f /var/lib/azalai/azalai.db ]'
	check "removing keeps /var/log/azalai" '[ -f /var/log/azalai/azalai.log ]'
	dpkg --purge azalai > "$work/purge.log" 2>&1
	check "purging deletes /var/lib/azalai" '[ ! -e /var/lib/azalai ]'
	check "purging deletes /etc/azalai" '[ ! -e /etc/azalai ]'
	check "purging deletes /var/log/azalai" '[ ! -e /var/log/azalai ]'
fi

echo "$passes passed, $fails failed"
[ "$fails" = 0 ] && [ -z "${AZALAI_DEB_DIR:-}" ] && rm -rf "$work"
[ "$fails" = 0 ]
