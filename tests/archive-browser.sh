#!/bin/sh
# The archive in a real browser: Debian's Chromium, driven by playwright-core
# (tests/browser/), opens the archive of a finished bot game of each kind from
# file:// and steps through it with the buttons, the slider, the arrow keys
# and a step's link (tests/browser/archive.js says what it checks). The
# screenshots stay in the build directory: tests/archive-GAME.png.
# Skips (77) only without chromium or node; contrib/test-deps installs both and
# playwright-core.
. "${top_srcdir:-.}/tests/lib.sh"
chromium=${CHROMIUM:-/usr/bin/chromium}
command -v node > /dev/null 2>&1 || { echo "SKIP: no node"; exit 77; }
[ -x "$chromium" ] || { echo "SKIP: no $chromium"; exit 77; }
shots=$(pwd)/tests
mkdir -p "$shots"

# playwright-core: contrib/test-deps put it in the source tree; a fresh tree
# (make distcheck) installs the locked version again from npm's cache.
modules=$src/tests/browser/node_modules
if [ ! -d "$modules/playwright-core" ]; then
	modules=$(pwd)/tests/browser/node_modules
	if [ ! -d "$modules/playwright-core" ]; then
		mkdir -p tests/browser
		cp "$src/tests/browser/package.json" "$src/tests/browser/package-lock.json" tests/browser/
		chmod u+w tests/browser/package.json tests/browser/package-lock.json
		(cd tests/browser && npm ci --offline --no-audit --no-fund > npm.log 2>&1) || {
			echo "FAIL: playwright-core is not installed and npm's cache lacks it:"
			echo "run contrib/test-deps (tests/browser/npm.log says more)"
			exit 1
		}
	fi
fi

cd "$dir" || exit 1
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml
export AZALAI_SEED=4242
"$az" init > /dev/null || exit 1
"$az" new buqruru --seat n=bot --seat s=bot > /dev/null || exit 1
"$az" new targi --seat a=bot --seat b=bot > /dev/null || exit 1
"$az" new targui --seat a=bot --seat b=bot --seat c=bot > /dev/null || exit 1
"$az" archive site > /dev/null || { echo "FAIL: azalai archive"; exit 1; }
NODE_PATH=$modules CHROMIUM=$chromium node "$src/tests/browser/archive.js" site "$shots" \
    buqruru-1 targi-1 targui-1
rc=$?
for g in buqruru-1 targi-1 targui-1; do
	[ -s "$shots/archive-$g.png" ] || { echo "FAIL: no screenshot of $g"; rc=1; }
done
[ $rc = 0 ] && echo "the archive steps through in Chromium; screenshots in $shots"
exit $rc
