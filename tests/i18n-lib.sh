# Sourced by the tests that read mails for English left in a German, Spanish
# or French reader's mail (tests/i18n-mail.sh, tests/golden-demo.sh); after
# tests/lib.sh, which gives src, dir and fails.
#
#   i18n_setup               the sentences of every catalog, in $dir (once)
#   check_mail NAME FILE READER GAME
#                            searches one mail (see tests/i18n-mail.sh's head);
#                            what it finds is noted in $dir/found.READER.WHAT
#   i18n_report              a FAIL line per kind of finding, counted in fails

i18n_setup() {
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
	# regular expressions, any case): an English date (campaign_date's English, or
	# a weekday or month name no other language spells the same or begins a
	# word with: "march" is in the French "marché"), the status
	# word of an order line, the history's and the rollback's phrases.
	cat > "$dir/english.words" <<-'EOF'
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
}


# The text a reader sees of each mail: the subject and every text part
# decoded, whitespace made single spaces (reports fold sentences over
# lines), one line per FILE, in order. One perl for many mails: a campaign
# has hundreds.
mailtexts() {
	perl -MMIME::QuotedPrint -MMIME::Base64 -MEncode -e '
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
		# In UTF-8, as the catalogs are: a Latin-1 "après" is a word.
		my ($cs) = $ct =~ /charset="?([^";\s]+)/i;
		$b = encode("UTF-8", decode($cs // "us-ascii", $b));
		# Of a calendar part a reader sees the words of its events, not
		# the names of its properties (RFC 5545: lines folded with a
		# space, commas and semicolons escaped).
		if ($ct =~ /^text\/calendar/i) {
			$b =~ s/\r?\n[ \t]//g;
			$b = join("\n", map { s/\\n/ /gir =~ s/\\([,;\\])/$1/gr }
			    $b =~ /^(?:SUMMARY|DESCRIPTION)(?:;[^:\n]*)?:([^\r\n]*)/mg);
		}
		# A style sheet is no sentence ("text-align: left").
		$b =~ s/<(style|script)\b.*?<\/\1>/ /gis if $ct =~ /html/i;
		$b =~ s/<[^>]*>/ /g if $ct =~ /html/i;
		return $b;
	}
	for my $f (@ARGV) {
		open(my $in, "<", $f) or die "$f: $!";
		my $m = do { local $/; <$in> };
		my ($subj) = $m =~ /^Subject:\s*([^\n]*(?:\n[ \t][^\n]*)*)/mi;
		$subj = decode("MIME-Header", $subj // "");
		my $t = encode("UTF-8", $subj) . "\n" . part($m);
		$t =~ s/\s+/ /g;
		print $t, "\n";
	}' "$@"
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

# check_mail NAME FILE READER GAME: the searches of tests/i18n-mail.sh's
# head, on one mail.
check_mail() {
	check_mails "$1" "$3" "$4" "$2"
}

# check_mails NAME READER GAME FILE...: the same on many mails of one
# reader, each search run once over them all (a line of $dir/texts per
# mail); what is found goes to $dir/found.READER.WHAT, a line per mail.
check_mails() {
	cname=$1 reader=$2 cgame=$3
	shift 3
	LC_ALL=C grep -l "$(printf '[\001\002\003]')" "$@" | while read -r f; do
		echo "$cname $(basename "$f") (a $reader reader): a 0x01/0x02/0x03 byte (a message never rendered)"
	done >> "$dir/found.$reader.unrendered"
	printf '%s\n' "$@" > "$dir/names"
	mailtexts "$@" > "$dir/texts"
	# found WHAT LABEL GREP-ARGS...: a line for each mail whose text GREP
	# matches, with its first hit.
	found() {
		fwhat=$1 flabel=$2
		shift 2
		grep -a -n "$@" "$dir/texts" | cut -d: -f1 | while read -r n; do
			hit=$(sed -n "${n}p" "$dir/texts" | grep -a -o "$@" | head -1)
			echo "$cname $(basename "$(sed -n "${n}p" "$dir/names")") (a $reader reader): $flabel$hit"
		done >> "$dir/found.$reader.$fwhat"
	}
	# Two periods, not three: the referee ended a sentence that ended itself.
	found dots "a doubled period: " -P '.{0,40}(?<!\.)\.\.(?!\.).{0,10}'
	[ "$reader" = en ] && return
	for other in $langs; do
		[ "$other" = "$reader" ] && continue
		[ -s "$dir/sent.$other" ] || continue
		found "$other" "$other: " -F -f "$dir/sent.$other"
	done
	found en-words "en: " -E -i -f "$dir/english.words"
	# A lone English word of the catalogs (an order word in a sentence too),
	# unless the caller plays random games (I18N_LONE_WORDS=no): a word
	# French or Spanish spells as English does ("actions", "particular")
	# shows in some games only, so there each seed would find its own;
	# the golden campaigns and the clock scenario are the same every run.
	[ "${I18N_LONE_WORDS:-yes}" = no ] ||
	perl "$src/tests/i18n-words.pl" "$src" "$dir/pot" "$reader" "$dir/texts" "$dir/names" "$dir/words.$reader" |
	    sed "s|^\([^:]*\): |$cname \1 (a $reader reader): English words: |" >> "$dir/found.$reader.en-lone"
	# A reminder's default order is its second line indented by two spaces
	# (the first says what the game waits for): in the reader's words.
	for f in "$@"; do
		case $f in
		*-reminder-*) ;;
		*) continue ;;
		esac
		orderwords "$cgame" "$reader" > "$dir/orderwords"
		def=$(mailplain < "$f" | awk '/^  [^ ]/ { if (++k == 2) { print; exit } }')
		for w in $def; do
			if grep -q -x -F -e "$w" "$dir/orderwords"; then
				echo "$cname $(basename "$f") (a $reader reader): the default order in English words:$def" \
				    >> "$dir/found.$reader.en-orders"
				break
			fi
		done
	done
}

i18n_report() {
	for f in "$dir"/found.*; do
		[ -s "$f" ] || continue
		k=${f##*/found.}
		case ${k#*.} in
		dots) what="a doubled period" ;;
		unrendered) what="a 0x01/0x02/0x03 byte" ;;
		en-words) what="the referee's English words (a date, a status, a phrase)" ;;
		en-orders) what="a default order in English order words" ;;
		en-lone) what="English words of the catalogs (tests/i18n-words.pl)" ;;
		*) what="${k#*.} sentences" ;;
		esac
		echo "FAIL: $(wc -l < "$f") mails to ${k%%.*} readers hold $what, e.g.:"
		head -5 "$f" | sed 's/^/    /'
		fails=$((fails + 1))
	done
}
