#!/bin/sh
# njudge-style golden test: whole scripted campaigns of each game (contrib/demo)
# with the clock and the seed fixed; every outgoing mail, in order, must match
# tests/golden/<game>-campaign.txt byte for byte.
# AZALAI_GOLDEN_UPDATE=1 writes the files instead (then read the diff!).
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED

campaign() {
	name=$1 game=$2 seats=$3 options=$4
	AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=random DEMO_QUIET=1 DEMO_GAME="$game" \
	    DEMO_SEATS="$seats" DEMO_OPTIONS="$options" \
	    sh "$src/contrib/demo" "$dir/$name" > "$dir/$name.log" 2>&1 || {
		cat "$dir/$name.log"
		echo "FAIL: the $name campaign did not finish"
		fails=$((fails + 1))
		return
	}
	for f in "$dir/$name"/outbox/*.eml; do
		echo "==== $(basename "$f")"
		awk -f "$src/tests/eml-elide.awk" "$f"
	done > "$dir/$name.txt"
	want="$src/tests/golden/$name-campaign.txt"
	if [ -n "${AZALAI_GOLDEN_UPDATE:-}" ]; then
		mkdir -p "$src/tests/golden"
		cp "$dir/$name.txt" "$want"
		echo "wrote $want ($(grep -c '^==== ' "$want") mails)"
	elif cmp -s "$want" "$dir/$name.txt"; then
		passes=$((passes + 1))
	else
		diff -u "$want" "$dir/$name.txt" | head -60
		echo "FAIL: the $name campaign's mails differ from $want"
		fails=$((fails + 1))
	fi
}

campaign buqruru buqruru "amastan tinhinan" ""
campaign targi targi "amastan tinhinan" ""
campaign targui targui "ahaggar ajjer ress" "rounds=3"
finish
