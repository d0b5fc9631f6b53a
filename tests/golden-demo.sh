# Sourced by the golden tests of whole campaigns (tests/golden.sh in
# English, tests/golden-lang.sh in the readers' languages), after
# tests/lib.sh and tests/i18n-lib.sh. contrib/demo plays a whole game by
# mail with the clock and the seed fixed (tests/golden.env), then:
#
#   - the opening (the mails of the first three runs: the welcomes, the
#     first answers and reports) and the end (the last run's mails) must
#     match tests/golden/NAME.txt byte for byte, the pictures' bytes
#     elided (tests/eml-elide.awk); AZALAI_GOLDEN_UPDATE=1 writes the file
#     instead (then read the diff!);
#   - every mail of the campaign, the middle too, must keep the invariants:
#     tests/golden-check.py (well-formed MIME, no seat's token in another's
#     mail, the seed only once the game is over, every answer threaded to
#     the mail it answers); tests/i18n-lib.sh's check_mail (no English left
#     in a German, Spanish or French reader's mail, no other language's
#     sentence, no unrendered message); and the game ends as the engine
#     alone ends it: `azalai verify` replays it from the seed, and the report
#     `azalai replay --as SEAT` rebuilds from the events is, line for line,
#     in the last mail each seat got.
#
#   gd_campaign NAME GAME LANG "SEAT[:LANG] ..." OPTIONS
#
# A language azalai does not ship templates for yet is played in English and
# the transcript says so on its first line: regenerate once it ships.

gd_campaign() {
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
	d=$dir/$name
	AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=random DEMO_QUIET=1 DEMO_GAME="$game" \
	    DEMO_SEATS="$played" DEMO_OPTIONS="$options" DEMO_LANGUAGE="$shown" \
	    sh "$src/contrib/demo" "$d" > "$d.log" 2>&1 || {
		cat "$d.log"
		fail "the $name campaign did not finish"
		return
	}
	gd_golden
	gd_invariants
}

# The opening and the end, byte for byte. contrib/demo moves the frozen
# clock on by five minutes between runs, and a run takes seconds of it: the
# five minutes of a mail's Date are its run.
gd_golden() {
	python3 -c '
import email.utils, re, sys
for f in sys.argv[1:]:
    with open(f, errors="replace") as m:
        at = re.search(r"^Date: (.*)$", m.read(), re.M).group(1)
    print(int(email.utils.parsedate_to_datetime(at).timestamp()) // 300, f)' \
	    "$d"/outbox/*.eml > "$d.runs"
	third=$(cut -d' ' -f1 "$d.runs" | uniq | sed -n 3p)
	last=$(tail -n 1 "$d.runs" | cut -d' ' -f1)
	{
		echo "==== $game in $lang, seats $seats$([ "$shown" = "$lang" ] &&
		    [ "$(echo $played)" = "$seats" ] ||
		    echo " (templates missing: played as$played in $shown)")"
		echo "==== the first three runs and the last of $(wc -l < "$d.runs") mails"
		while read -r run f; do
			if [ "$run" -le "$third" ] || [ "$run" = "$last" ]; then
				echo "==== $(basename "$f")"
				awk -f "$src/tests/eml-elide.awk" "$f"
			fi
		done < "$d.runs"
	} > "$d.txt"
	want=$src/tests/golden/$name.txt
	if [ -n "${AZALAI_GOLDEN_UPDATE:-}" ]; then
		cp "$d.txt" "$want"
		echo "wrote $want ($(grep -c '^==== .*\.eml$' "$want") mails)"
	elif cmp -s "$want" "$d.txt"; then
		pass
	else
		diff -u "$want" "$d.txt" | head -60
		fail "the $name campaign's opening or end differs from $want"
	fi
}

gd_invariants() {
	seed=$(sqlite3 "$d/azalai.db" "SELECT seed FROM games")
	if python3 "$src/tests/golden-check.py" "$d" "$seed" > "$d.check"; then
		pass
	else
		cat "$d.check"
		fail "the $name campaign's mails break an invariant"
	fi
	# The readers' languages: check_mails notes what it finds in found.*,
	# which i18n_report counts at the end.
	for s in $played; do
		reader=$shown
		case $s in *:*) reader=${s#*:} ;; esac
		check_mails "$name" "$reader" "$game" "$d"/outbox/*-"${s%%:*}"@*.eml
	done
	gid=$(head -n 1 "$d/seats.txt")
	if (cd "$d" && "$az" verify "$gid") > "$d.verify" 2>&1; then
		pass
	else
		cat "$d.verify"
		fail "$name: azalai verify does not replay $gid from its seed"
	fi
	for s in $played; do
		seat=${s%%:*}
		lastmail=$(ls "$d/outbox" | grep -- "-$seat@" | tail -n 1)
		mailplain < "$d/outbox/$lastmail" > "$d.last"
		# The replay writes in the configuration's language: the seat's.
		reader=$shown
		case $s in *:*) reader=${s#*:} ;; esac
		sed "s/^language: .*/language: $reader/" "$d/azalai.yaml" > "$d/replay.yaml"
		# The report after the list of steps and the line that says the
		# replay holds: everything from the first empty line on.
		(cd "$d" && "$az" --config replay.yaml replay "$gid" --as "$seat") |
		    awk 'on { print; next } /^step [0-9]/ { steps = 1; next } steps && /^$/ { on = 1 }' \
		    > "$d.replay"
		if [ ! -s "$d.replay" ]; then
			fail "$name: no report from azalai replay $gid --as $seat"
		elif grep -v -x -F -f "$d.last" "$d.replay" > "$d.missing"; then
			fail "$name: the last mail to $seat ($lastmail) lacks the end the replay gives:"
			head -5 "$d.missing"
		else
			pass
		fi
	done
	echo "$name: $(ls "$d/outbox" | wc -l) mails read"
}
