#!/bin/sh
# Golden transcripts in the readers' languages: whole scripted campaigns
# (contrib/demo, as tests/golden.sh) with the clock and the seed fixed, every
# outgoing mail, in order, compared with tests/golden/lang-NAME.txt byte for
# byte, the pictures' bytes elided as in tests/golden.sh: Targi in German
# and in Spanish, Buqruru in French, Targui in German
# with one seat reading French. The players copy the legal lines their mails
# show them, so their orders are written in their language's words.
# AZALAI_GOLDEN_UPDATE=1 writes the files instead (then read the diff!).
#
# A language azalai does not ship templates for yet is played in English and
# the transcript says so on its first line: regenerate once it ships.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED

campaign() {
	name=$1 game=$2 lang=$3 seats=$4 options=$5
	shown=$lang
	[ -d "$src/templates/common/$lang" ] || shown=en
	# A seat's own language without templates yet reads the campaign's.
	played=
	for s in $seats; do
		case $s in
		*:*) [ -d "$src/templates/common/${s#*:}" ] || s=${s%%:*} ;;
		esac
		played="$played $s"
	done
	AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=random DEMO_QUIET=1 DEMO_GAME="$game" \
	    DEMO_SEATS="$played" DEMO_OPTIONS="$options" DEMO_LANGUAGE="$shown" \
	    sh "$src/contrib/demo" "$dir/$name" > "$dir/$name.log" 2>&1 || {
		cat "$dir/$name.log"
		echo "FAIL: the $name campaign did not finish"
		fails=$((fails + 1))
		return
	}
	{
		echo "==== $game in $lang, seats $seats$([ "$shown" = "$lang" ] &&
		    [ "$(echo $played)" = "$seats" ] ||
		    echo " (templates missing: played as$played in $shown)")"
		for f in "$dir/$name"/outbox/*.eml; do
			echo "==== $(basename "$f")"
			awk -f "$src/tests/eml-elide.awk" "$f"
		done
	} > "$dir/$name.txt"
	want="$src/tests/golden/lang-$name.txt"
	if [ -n "${AZALAI_GOLDEN_UPDATE:-}" ]; then
		mkdir -p "$src/tests/golden"
		cp "$dir/$name.txt" "$want"
		echo "wrote $want ($(grep -c '^==== .*\.eml$' "$want") mails)"
	elif cmp -s "$want" "$dir/$name.txt"; then
		passes=$((passes + 1))
	else
		diff -u "$want" "$dir/$name.txt" | head -60
		echo "FAIL: the $name campaign's mails differ from $want"
		fails=$((fails + 1))
	fi
}

campaign targi-de targi de "amastan tinhinan" ""
campaign targi-es targi es "amastan tinhinan" ""
campaign buqruru-fr buqruru fr "amastan tinhinan" ""
campaign targui-de-fr targui de "ahaggar ajjer:fr ress" "rounds=3"
finish
