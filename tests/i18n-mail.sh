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
#   - a 0x01 or 0x02 byte (a message or term that was never rendered).
# Games are random: the seed is printed; I18N_MAIL_SEED=N plays the same.
# I18N_MAIL_ALL=1 plays every game in every language (slow); by default each
# language gets one game, so that every game and every language is played.
#
# A language without templates cannot start a game: its games are played in
# English and searched all the same, so the test says what is missing.
set -u
az=${AZALAI:?the test harness sets AZALAI}
src=${top_srcdir:-.}
tmp=$(mktemp -d /tmp/azalai-i18n-mail-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
seed=${I18N_MAIL_SEED:-$(date +%s)}
echo "seed $seed (I18N_MAIL_SEED=$seed plays these games again)"
fails=0

# Every source, not only those the POTFILES list: a message in a file a
# POTFILES forgot is English left too. contrib/po-update's own xgettext.
mkdir -p "$tmp/pot" "$tmp/tree/po/all"
ln -s "$src/src" "$tmp/tree/src"
(cd "$tmp/tree" && find src/ -name '*.c' | sort) > "$tmp/tree/po/all/POTFILES"
POT_DIR="$tmp/pot" PO_ROOT="$tmp/tree" sh "$src/contrib/po-update" > "$tmp/po-update.out" 2>&1 ||
    { cat "$tmp/po-update.out"; echo "FAIL: xgettext"; exit 1; }

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

sentences "$tmp"/pot/*.pot > "$tmp/sent.en"
for l in de es fr; do
	STR=1 sentences "$src"/po/*/"$l".po > "$tmp/sent.$l"
done
echo "sentences to look for: en $(wc -l < "$tmp/sent.en"), de $(wc -l < "$tmp/sent.de"), es $(wc -l < "$tmp/sent.es"), fr $(wc -l < "$tmp/sent.fr")"

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
	    sh "$src/contrib/demo" "$tmp/$name" > "$tmp/$name.log" 2>&1 || {
		tail -20 "$tmp/$name.log"
		echo "FAIL: $name did not finish"
		fails=$((fails + 1))
		return
	}
	for f in "$tmp/$name"/outbox/*.eml; do
		to=$(basename "$f" .eml)   # 000012-report-amastan@demo.example
		to=${to##*-}
		seat=${to%%@*}
		reader=$lang
		for s in $seats; do
			case $s in "$seat:"*) reader=${s#*:} ;; esac
		done
		if LC_ALL=C grep -q "$(printf '[\001\002\003]')" "$f"; then
			echo "FAIL: $name: $(basename "$f") holds a 0x01/0x02/0x03 byte (a message never rendered)"
			fails=$((fails + 1))
		fi
		[ "$reader" = en ] && continue
		mailtext < "$f" > "$tmp/text"
		for other in en de es fr; do
			[ "$other" = "$reader" ] && continue
			[ -s "$tmp/sent.$other" ] || continue
			if grep -F -o -f "$tmp/sent.$other" "$tmp/text" > "$tmp/hits"; then
				echo "$name $(basename "$f") (a $reader reader): $other: $(head -1 "$tmp/hits")" \
				    >> "$tmp/found.$reader.$other"
			fi
		done
	done
	echo "$name: $(ls "$tmp/$name/outbox" | wc -l) mails"
}

if [ -n "${I18N_MAIL_ALL:-}" ]; then
	for l in de es fr; do
		play "buqruru-$l" buqruru "$l" "amastan tinhinan" ""
		play "targi-$l" targi "$l" "amastan tinhinan" ""
		play "targui-$l" targui "$l" "ahaggar ajjer ress" "rounds=2"
	done
else
	# Each language one game, which one turning with the seed: every game
	# and every language is played.
	i=0
	for l in de es fr; do
		case $(((seed + i) % 3)) in
		0) play "buqruru-$l" buqruru "$l" "amastan tinhinan" "" ;;
		1) play "targi-$l" targi "$l" "amastan tinhinan" "" ;;
		*) play "targui-$l" targui "$l" "ahaggar ajjer ress" "rounds=2" ;;
		esac
		i=$((i + 1))
	done
fi
play buqruru-de-es buqruru de "amastan tinhinan:es" ""

for f in "$tmp"/found.*; do
	[ -e "$f" ] || continue
	k=${f##*/found.}
	echo "FAIL: $(wc -l < "$f") mails to ${k%%.*} readers hold ${k#*.} sentences, e.g.:"
	head -5 "$f" | sed 's/^/    /'
	fails=$((fails + 1))
done
echo "$fails problems"
[ "$fails" = 0 ]
