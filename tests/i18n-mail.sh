#!/bin/sh
# "No English left": random games of every game, played by mail through the
# CLI (contrib/demo: azalai new, players who copy a legal line of the mail
# they got, azalai run) with readers in German, Spanish and French, and one
# game whose seats read two languages. Every mail a de/es/fr reader gets is
# searched for
#   - an English sentence of the catalogs: every literal part of four words
#     or more of a msgid xgettext finds (as contrib/po-update runs it) in
#     any source;
#   - a sentence of another language's catalog (no Spanish in German mail);
#   - a 0x01 or 0x02 byte (a message or term that was never rendered);
#   - the referee's own English that no catalog sentence of four words
#     shows: a date in English ("Tue 24 Nov 2026", "November"), an order
#     line's status word ("accepted", "rejected", "skipped"), a history or
#     rollback phrase ("the game is set up", "undid step"), and a reminder's
#     default order in English order words;
#   - in every language, English too, a doubled period ("..").
# Besides the random games, a clock game (Targi, deadlines and reminders,
# the clock frozen and moved by hand) is driven in every language through a
# reminder, a deadline the game master moves, order lines accepted, rejected
# and skipped, HISTORY, a deadline that passes with a late note, and a
# rollback: mails the random games never write.
# Games are random: the seed is printed; I18N_MAIL_SEED=N plays the same.
# I18N_MAIL_ALL=1 plays every game in every language (slow); by default each
# language gets one game, so that every game and every language is played.
#
# A language without templates cannot start a game: its games are played in
# English and searched all the same, so the test says what is missing.
. "${top_srcdir:-.}/tests/lib.sh"
seed=${I18N_MAIL_SEED:-$(date +%s)}
echo "seed $seed (I18N_MAIL_SEED=$seed plays these games again)"

. "$src/tests/i18n-lib.sh"
i18n_setup

# play NAME GAME LANG "SEAT[:LANG] ..." OPTIONS
play() {
	name=$1 game=$2 lang=$3 seats=$4 options=$5
	shown=$lang
	[ -d "$src/templates/common/$lang" ] || shown=en
	[ "$shown" = "$lang" ] ||
	    echo "$name: no templates for $lang: the game is played in English"
	AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=random DEMO_QUIET=1 DEMO_GAME="$game" \
	    DEMO_SEATS="$seats" DEMO_OPTIONS="$options" DEMO_LANGUAGE="$shown" \
	    AZALAI_SEED=$((seed + ${#name})) \
	    sh "$src/contrib/demo" "$dir/$name" > "$dir/$name.log" 2>&1 || {
		tail -20 "$dir/$name.log"
		echo "FAIL: $name did not finish"
		fails=$((fails + 1))
		return
	}
	for f in "$dir/$name"/outbox/*.eml; do
		to=$(basename "$f" .eml)   # 000012-report-amastan@demo.example
		to=${to##*-}
		seat=${to%%@*}
		reader=$lang
		for s in $seats; do
			case $s in "$seat:"*) reader=${s#*:} ;; esac
		done
		I18N_LONE_WORDS=no
		check_mail "$name" "$f" "$reader" "$game"
		I18N_LONE_WORDS=yes
	done
	echo "$name: $(ls "$dir/$name/outbox" | wc -l) mails"
}

# clock LANG: the clock game in LANG (see the header), every mail checked.
clock() {
	lang=$1 name=clock-$1
	d=$dir/$name
	mkdir -p "$d"
	{
		echo "referee:"
		echo "  address: referee@i18n.example"
		echo "  name: azalai referee"
		echo "log:"
		echo "  to: file"
		echo "  file: azalai.log"
		echo "datadir: $src"
		echo "language: $lang"
	} > "$d/azalai.yaml"
	cat > "$d/camp.yaml" <<'EOF'
game: targi
name: tg-clock
seats:
  - name: amastan
    address: amastan@i18n.example
  - name: tinhinan
    address: tinhinan@i18n.example
settings:
  timezone: Europe/Berlin
  deadline: 2d
  reminder: 12h
  late_note: true
EOF
	(
		set -e
		cd "$d"
		AZALAI_SEED=$seed
		export AZALAI_SEED
		n=0
		at() { AZALAI_NOW=$1; export AZALAI_NOW; }
		az() { echo "\$ azalai $*"; "$az" "$@"; }
		tok() { awk -v s="$1" '$1 == "seat" && $2 == s { print $4 }' new.txt; }
		# kw DOMAIN WORD: the reader's order word, as a player of the
		# language writes it (the mails' echoes of a player's own lines
		# would otherwise hold English).
		kw() {
			w=$(awk -v RS= -v id="msgid \"$2\"" \
			    'index($0, "msgctxt \"order.'"$1"'\"\n" id "\n")' \
			    "$src/po/$1/$lang.po" | sed -n 's/^msgstr "\([^"|]*\).*/\1/p')
			echo "${w:-$2}"
		}
		mail() {
			n=$((n + 1))
			printf 'From: %s <%s@i18n.example>\nTo: referee@i18n.example\nSubject: orders\nMessage-ID: <%d.%s@i18n.example>\nDate: Sat, 21 Nov 2026 12:00:00 +0000\n\nGAME tg-clock\nSEAT %s\nTOKEN %s\n%b\n' \
			    "$1" "$1" "$n" "$1" "$1" "$(tok "$1")" "$2" > "Maildir/tmp/$n.$1"
			mv "Maildir/tmp/$n.$1" "Maildir/new/$n.$1"
		}
		at 2026-11-21T12:00:00Z
		az init
		"$az" new --campaign camp.yaml > new.txt
		az run
		# The reminder, then a deadline the game master moves.
		at 2026-11-23T01:00:00Z
		az run
		az deadline tg-clock extend 12h amastan
		# Lines accepted, rejected and skipped; a move; the history.
		at 2026-11-23T02:00:00Z
		mail amastan "$(kw common STATUS)\n$(kw targi PLACE) 99\n$(kw targi PLACE) 2"
		mail amastan "$(kw common HISTORY)"
		az run
		at 2026-11-23T02:30:00Z
		mail amastan "$(kw targi PLACE) 2"
		az run
		# tinhinan's deadline passes: the default order, a late note.
		at 2026-11-25T03:00:00Z
		az run
		# The game master undoes it; both ask for the history.
		at 2026-11-25T04:00:00Z
		# in the game's language, as its game master writes the reason
		case $lang in
		de) why="zu früh" ;; es) why="demasiado pronto" ;; fr) why="trop tôt" ;;
		*) why="too early" ;;
		esac
		az rollback tg-clock 1 "$why"
		at 2026-11-25T05:00:00Z
		mail amastan "$(kw common HISTORY)"
		mail tinhinan "$(kw common HISTORY)"
		az run
	) > "$dir/$name.log" 2>&1 || {
		tail -20 "$dir/$name.log"
		echo "FAIL: $name did not finish"
		fails=$((fails + 1))
		return
	}
	for f in "$d"/outbox/*.eml; do
		check_mail "$name" "$f" "$lang" targi
	done
	echo "$name: $(ls "$d/outbox" | wc -l) mails"
}

if [ -n "${I18N_MAIL_ALL:-}" ]; then
	for l in $other_langs; do
		play "buqruru-$l" buqruru "$l" "amastan tinhinan" ""
		play "targi-$l" targi "$l" "amastan tinhinan" ""
		play "targui-$l" targui "$l" "ahaggar ajjer ress" "rounds=2"
	done
else
	# Each language one game, which one turning with the seed: every game
	# and every language is played.
	i=0
	for l in $other_langs; do
		case $(((seed + i) % 3)) in
		0) play "buqruru-$l" buqruru "$l" "amastan tinhinan" "" ;;
		1) play "targi-$l" targi "$l" "amastan tinhinan" "" ;;
		*) play "targui-$l" targui "$l" "ahaggar ajjer ress" "rounds=2" ;;
		esac
		i=$((i + 1))
	done
fi
play buqruru-de-es buqruru de "amastan tinhinan:es" ""
for l in $langs; do
	clock "$l"
done

i18n_report
echo "$fails problems"
[ "$fails" = 0 ]
