#!/bin/sh
# Accessibility of what azalai writes as HTML, in every language: the report
# mails of each game (from tests/test_report_mail, AZ_REPORT_LANG) and the
# archive's index and game page, checked by axe-core (npm) in Debian's
# Chromium (tests/browser/axe.js): no serious or critical violation. The
# board picture's alternative text must say the position in words (the
# robber's place in the reader's language), not only name the picture.
# Skips (77) without chromium or node, or when axe-core cannot be had:
# contrib/test-deps installs it with playwright-core from
# tests/browser/package-lock.json; else npm puts them in the build tree.
. "${top_srcdir:-.}/tests/lib.sh"
chromium=${CHROMIUM:-/usr/bin/chromium}
command -v node > /dev/null 2>&1 || { echo "SKIP: no node"; exit 77; }
[ -x "$chromium" ] || { echo "SKIP: no $chromium"; exit 77; }
builddir=$(pwd)

modules=$src/tests/browser/node_modules
if [ ! -d "$modules/axe-core" ] || [ ! -d "$modules/playwright-core" ]; then
	modules=$builddir/tests/browser/node_modules
	if [ ! -d "$modules/axe-core" ] || [ ! -d "$modules/playwright-core" ]; then
		mkdir -p tests/browser
		cp "$src/tests/browser/package.json" "$src/tests/browser/package-lock.json" tests/browser/
		chmod u+w tests/browser/package.json tests/browser/package-lock.json
		(cd tests/browser && { npm ci --offline --no-audit --no-fund ||
		    npm ci --no-audit --no-fund; } > npm.log 2>&1) || {
			echo "SKIP: axe-core is not installed and npm cannot get it (tests/browser/npm.log)"
			exit 77
		}
	fi
fi

pages=
for lang in $langs; do
	mkdir -p "$dir/mail-$lang" "$dir/site-$lang"
	AZ_REPORT_LANG=$lang AZ_REPORT_HTML_DIR=$dir/mail-$lang \
	    "$builddir/tests/test_report_mail" > "$dir/compose-$lang.log" 2>&1 || {
		tail -20 "$dir/compose-$lang.log"
		echo "FAIL: tests/test_report_mail could not compose the $lang reports"
		exit 1
	}
	pages="$pages $dir/mail-$lang/buqruru.html $dir/mail-$lang/targi.html $dir/mail-$lang/targui.html"
	(
		cd "$dir/site-$lang" || exit 1
		printf 'datadir: %s\nlanguage: %s\nlog:\n  to: none\n' "$src" "$lang" > azalai.yaml
		AZALAI_SEED=4242 "$az" init > /dev/null &&
		    AZALAI_SEED=4242 "$az" new targi --seat a=bot --seat b=bot > /dev/null &&
		    "$az" archive site > /dev/null
	) || { echo "FAIL: no $lang archive"; exit 1; }
	pages="$pages $dir/site-$lang/site/index.html $dir/site-$lang/site/games/targi-1.html"
done

# The picture says the position in words, in the reader's language.
for want in "en Robber on" "de Räuber auf" "es Asaltante en" "fr Voleur sur"; do
	lang=${want%% *} words=${want#* }
	LC_ALL=C grep -q "<img class=\"board\"[^>]* alt=\"[^\"]*$words [0-9]" "$dir/mail-$lang/targi.html" &&
		pass || fail "$lang: the Targi report's picture does not say where the robber is"
	LC_ALL=C grep -q "<img src=\"pictures/[^>]* alt=\"[^\"]*$words [0-9]" "$dir/site-$lang/site/games/targi-1.html" &&
		pass || fail "$lang: the archive's pictures do not say where the robber is"
done

# The picture's own words are the reader's too (VP and gold were English in
# every language), and its legend names the marks.
for want in "en VP gold you" "de SP Gold du" "es PV oro tú" "fr PV or vous"; do
	set -- $want
	pics=$(grep -o 'src="pictures/[^"]*"' "$dir/site-$1/site/games/targi-1.html" |
	    sed 's/^src="//; s/"$//' | sort -u | head -20)
	words=$(cd "$dir/site-$1/site/games" && cat $pics)
	printf '%s\n' "$words" | grep -q ">[0-9]* $2</text>" &&
	    printf '%s\n' "$words" | grep -q ">[0-9]* $3</text>" &&
	    printf '%s\n' "$words" | grep -q "id=\"legend\"" &&
	    printf '%s\n' "$words" | grep -q ">★ $4</text>" && pass ||
		fail "$1: the Targi pictures do not write $2, $3 and a legend in the reader's words"
	[ "$1" = en ] || { printf '%s\n' "$words" | grep -q -E ">[0-9]+ (VP|gold)</text>" &&
		fail "$1: English words in the Targi pictures" || pass; }
done

# shellcheck disable=SC2086
NODE_PATH=$modules CHROMIUM=$chromium node "$src/tests/browser/axe.js" $pages > "$dir/axe.txt" 2>&1 &&
	pass || { grep -v '^ok:' "$dir/axe.txt" | head -40; fail "axe-core finds serious or critical violations"; }
finish
