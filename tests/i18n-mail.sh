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

# Every source, not only those the POTFILES list: a message in a file a
# POTFILES forgot is English left too. contrib/po-update's own xgettext.
mkdir -p "$dir/pot" "$dir/tree/po/all"
ln -s "$src/src" "$dir/tree/src"
(cd "$dir/tree" && find src/ -name '*.c' | sort) > "$dir/tree/po/all/POTFILES"
POT_DIR="$dir/pot" PO_ROOT="$dir/tree" sh "$src/contrib/po-update" > "$dir/po-update.out" 2>&1 ||
    { cat "$dir/po-update.out"; echo "FAIL: xgettext"; exit 1; }

# sentences FILE...: the literal parts (four words or more) of the msgids
# (or, with STR=1, the msgstrs) of the catalogs, one per line.
sentences() {
	for f in "$@"; do
		[ -f "$f" ] && msgattrib --no-wrap --no-obsolete --no-fuzzy "$f" 2>/dev/null
	done | STR=${STR:-0} perl -ne '
	BEGIN { $want = $ENV{STR} ? qr/^msgstr(\[\d\])? "(.*)"$/ : qr/^msgid(_plural)? "(.*)"$/ }
	next unless /$want/;
	my $s = $2;
	next if $s eq "";
	$s =~ s/\\n/ /g; $s =~ s/\\"/"/g; $s =~ s/\\\\/\\/g;
	for my $p (split /%(?:\d+\$)?[-+ #0\x27]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|z|j|t|L)?[diouxXcseEfgGaA%]/, $s) {
		$p =~ s/\s+/ /g; $p =~ s/^ //; $p =~ s/ $//;
		print "$p\n" if scalar(split / /, $p) >= 4;
	}' | sort -u
}

sentences "$dir"/pot/*.pot > "$dir/sent.en"
for l in $other_langs; do
	STR=1 sentences "$src"/po/*/"$l".po > "$dir/sent.$l"
done
# The referee's English in few words, which the sentences miss (extended
# regular expressions, any case): an English date (lang_date's English, or
# a weekday or month name no other language spells the same or begins a
# word with: "march" is in the French "marché"), the status
# word of an order line, the history's and the rollback's phrases.
cat > "$dir/english.words" <<'EOF'
\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [0-9]{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4}\b
\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|June|July|October|December)\b
\b(accepted|rejected|skipped)\b
the game is set up
the game master
undid (step|[0-9]+ steps)
the referee's bot
the default order
deadline passed
EOF
echo "sentences to look for: en $(wc -l < "$dir/sent.en"), de $(wc -l < "$dir/sent.de"), es $(wc -l < "$dir/sent.es"), fr $(wc -l < "$dir/sent.fr")"

# The text a reader sees of a mail: the subject and every text part decoded,
# whitespace made single spaces (reports fold sentences over lines).
mailtext() {
	perl -MMIME::QuotedPrint -MMIME::Base64 -MEncode -e '
	local $/; my $m = <STDIN>;
	sub part {
		my ($p) = @_;
		my ($h, $b) = split /\r?\n\r?\n/, $p, 2;
		$b //= "";
		$h =~ s/\r?\n[ \t]+/ /g;
		my ($ct) = $h =~ /^Content-Type:\s*([^\n]*)/mi; $ct //= "text/plain";
		my ($te) = $h =~ /^Content-Transfer-Encoding:\s*(\S+)/mi; $te //= "7bit";
		if ($ct =~ /^multipart\/.*boundary="?([^";]+)"?/i) {
			my $bd = quotemeta($1);
			my @parts = split /^--$bd(?:--)?\s*$/m, $b;
			shift @parts;
			return join("\n", map { part($_) } grep { /\S/ } @parts);
		}
		return "" unless $ct =~ /^text\//i;
		$b = decode_qp($b) if $te =~ /quoted/i;
		$b = decode_base64($b) if $te =~ /base64/i;
		$b =~ s/<[^>]*>/ /g if $ct =~ /html/i;
		return $b;
	}
	my ($subj) = $m =~ /^Subject:\s*([^\n]*(?:\n[ \t][^\n]*)*)/mi;
	$subj = decode("MIME-Header", $subj // "");
	my $t = encode("UTF-8", $subj) . "\n" . part($m);
	$t =~ s/\s+/ /g;
	print $t, "\n";'
}

# orderwords GAME LANG: the English order keywords of GAME (and the common
# ones) that LANG shows as another word, one per line.
orderwords() {
	for f in "$src/po/$1/$2.po" "$src/po/common/$2.po"; do
		[ -f "$f" ] && msgattrib --no-wrap --no-obsolete "$f" 2>/dev/null
	done | perl -ne '
	BEGIN { $g = shift @ARGV }
	if (/^msgctxt "order\.(\w+)"$/) { $ctx = $1; next }
	if (/^msgid "(.*)"$/) { $id = $1; next }
	if (/^msgstr "(.*)"$/ && defined $ctx && ($ctx eq $g || $ctx eq "common")) {
		my ($shown) = split /\|/, $1;
		print "$id\n" if $shown ne "" && uc($shown) ne uc($id);
	}
	undef $ctx if /^$/;' "$1" | sort -u
}

# mailplain: the text/plain part of a mail, decoded, lines as they are.
mailplain() {
	perl -MMIME::QuotedPrint -MMIME::Base64 -MEncode -e '
	local $/; my $m = <STDIN>;
	my ($b) = $m =~ /^Content-Type:\s*text\/plain[^\n]*\n(?:[^\n]+\n)*?\r?\n(.*?)(?:^--=-|\z)/msi;
	$b = $m =~ s/^.*?\r?\n\r?\n//sr unless defined $b;
	$b = decode_qp($b) if $m =~ /^Content-Transfer-Encoding:\s*quoted/mi;
	my ($cs) = $m =~ /^Content-Type:\s*text\/plain;\s*charset="?([^";\s]+)/mi;
	print encode("UTF-8", decode($cs // "us-ascii", $b));'
}

# check_mail NAME FILE READER GAME: the searches of the header, on one mail.
check_mail() {
	cname=$1 f=$2 reader=$3 cgame=$4
	if LC_ALL=C grep -q "$(printf '[\001\002\003]')" "$f"; then
		echo "FAIL: $cname: $(basename "$f") holds a 0x01/0x02/0x03 byte (a message never rendered)"
		fails=$((fails + 1))
	fi
	mailtext < "$f" > "$dir/text"
	# Two periods, not three: the referee ended a sentence that ended itself.
	if ! hit=$(perl -ne 'if (/(.{0,40}(?<!\.)\.\.(?!\.).{0,10})/) { print "$1\n"; exit 1 }' \
	    "$dir/text"); then
		echo "$cname $(basename "$f") (a $reader reader): a doubled period: $hit" \
		    >> "$dir/found.$reader.dots"
	fi
	[ "$reader" = en ] && return
	for other in $langs; do
		[ "$other" = "$reader" ] && continue
		[ -s "$dir/sent.$other" ] || continue
		if grep -F -o -f "$dir/sent.$other" "$dir/text" > "$dir/hits"; then
			echo "$cname $(basename "$f") (a $reader reader): $other: $(head -1 "$dir/hits")" \
			    >> "$dir/found.$reader.$other"
		fi
	done
	if grep -E -o -i -f "$dir/english.words" "$dir/text" > "$dir/hits"; then
		echo "$cname $(basename "$f") (a $reader reader): en: $(head -1 "$dir/hits")" \
		    >> "$dir/found.$reader.en-words"
	fi
	# A reminder's default order is its second line indented by two spaces
	# (the first says what the game waits for): in the reader's words.
	case $f in
	*-reminder-*)
		orderwords "$cgame" "$reader" > "$dir/orderwords"
		def=$(mailplain < "$f" | awk '/^  [^ ]/ { if (++k == 2) { print; exit } }')
		for w in $def; do
			if grep -q -x -F -e "$w" "$dir/orderwords"; then
				echo "$cname $(basename "$f") (a $reader reader): the default order in English words:$def" \
				    >> "$dir/found.$reader.en-orders"
				break
			fi
		done ;;
	esac
}

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
		check_mail "$name" "$f" "$reader" "$game"
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
		mail amastan 'STATUS\nPLACE 99\nPLACE 2'
		mail amastan 'HISTORY'
		az run
		at 2026-11-23T02:30:00Z
		mail amastan 'PLACE 2'
		az run
		# tinhinan's deadline passes: the default order, a late note.
		at 2026-11-25T03:00:00Z
		az run
		# The game master undoes it; both ask for the history.
		at 2026-11-25T04:00:00Z
		az rollback tg-clock 1 too early
		at 2026-11-25T05:00:00Z
		mail amastan 'HISTORY'
		mail tinhinan 'HISTORY'
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

for f in "$dir"/found.*; do
	[ -e "$f" ] || continue
	k=${f##*/found.}
	case ${k#*.} in
	dots) what="a doubled period" ;;
	en-words) what="the referee's English words (a date, a status, a phrase)" ;;
	en-orders) what="a default order in English order words" ;;
	*) what="${k#*.} sentences" ;;
	esac
	echo "FAIL: $(wc -l < "$f") mails to ${k%%.*} readers hold $what, e.g.:"
	head -5 "$f" | sed 's/^/    /'
	fails=$((fails + 1))
done
echo "$fails problems"
[ "$fails" = 0 ]
