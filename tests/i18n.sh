#!/bin/sh
# The completeness test of the translations (po/README.md): every language
# (de, es, fr) has every message, term, order word and template English has.
#
#   (a) the .pot contrib/po-update makes from the sources (its own xgettext,
#       into a temp dir) has no msgid a de/es/fr catalog of that domain lacks
#       (msgcmp), none untranslated or fuzzy (msgfmt --statistics), and every
#       catalog passes msgfmt -c (c-format);
#   (b) every term of an en.po is translated in de/es/fr, every TERM("...")
#       of the sources is in an en.po, every order word (msgctxt order.*)
#       one language has, the others have too, and every ORDER("...") of the
#       sources is in each language's catalogs;
#   (c) every template under templates/*/en/ exists under de/, es/ and fr/
#       with the same Mustache tags ({{kw.*}} aside: those are words);
#   (d) each catalog's Plural-Forms gives the plural src/lang/catalog.c uses;
#   (f) doc/orders.md's tables of order words are those the catalogs hold
#       (contrib/order-words -w writes them);
#   (e) no ev_emit, diag_set, diag_vset, msg_fmt or msg_nfmt in a POTFILES
#       source has a format that is not a literal (xgettext sees literals only);
#   (g) no de/es/fr message writes an English order word (an msgid of msgctxt
#       order.<game> or order.common that the language spells otherwise), and
#       no message of any catalog writes the language's word for an order
#       word its English msgid writes (a term's name, "SP" for VP, is prose):
#       a sentence quotes orders as ORDER() arguments (%s), rendered in the
#       reader's words, never by hand;
#   (h) every source that writes a message players read (msg_fmt, msg_nfmt,
#       ev_emit, problem) is in a POTFILES, so (a) sees its messages
#       (msg_vfmt only passes a wrapper's own format on);
#   (i) a message id that two domains' catalogs of a language both hold has
#       one translation there: src/lang/catalog.c reads every domain of a
#       language into one table, so the last catalog read would win;
#   (j) no de/es/fr message of three words or more is its English id:
#       msgfmt counts such a copy as translated, and the reader gets English.
#
# Each check is first run on a small tree made here, once clean (it must
# pass) and once per check with a fault put in on purpose (it must fail), so
# a check that can no longer fail fails this test.
# A language of which no catalog and no template exists yet makes the test
# SKIP (77), never pass.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"
LANGS=$other_langs

# One line per entry of a catalog: ctx TAB id TAB str TAB fuzzy (1/0); str is
# empty when any plural form is. The header is left out.
po_entries() {
	msgattrib --no-wrap --no-obsolete "$1" 2>/dev/null | awk '
	BEGIN { RS = ""; FS = "\n" }
	{
		ctx = ""; id = ""; str = ""; fuzzy = 0; empty = 0; last = ""
		for (i = 1; i <= NF; i++) {
			l = $i
			if (l ~ /^#,.*fuzzy/) { fuzzy = 1; continue }
			if (l ~ /^#/) continue
			if (l ~ /^"/) { v = substr(l, 2, length(l) - 2) }
			else {
				last = l; sub(/ .*/, "", last)
				v = l; sub(/^[^ ]+ "/, "", v); sub(/"$/, "", v)
				if (last ~ /^msgstr/ && v == "" && i == NF) empty = 1
				if (last ~ /^msgstr/ && v == "" && i < NF && $(i + 1) !~ /^"/) empty = 1
			}
			if (last == "msgctxt") ctx = ctx v
			else if (last == "msgid") id = id v
			else if (last ~ /^msgstr/) str = str v
		}
		if (id == "") next
		if (empty) str = ""
		print ctx "\t" id "\t" str "\t" fuzzy
	}'
}

# (a) messages
check_messages() {
	root=$1 n=0
	rm -rf "$dir/pot" && mkdir -p "$dir/pot"
	POT_DIR="$dir/pot" PO_ROOT="$root" sh "$src/contrib/po-update" > "$dir/xgettext.out" 2>&1 ||
	    { cat "$dir/xgettext.out"; echo "xgettext failed"; n=$((n + 1)); }
	for d in "$root"/po/*/; do
		dom=$(basename "$d")
		for po in "$d"*.po; do
			[ -f "$po" ] || continue
			msgfmt -c -o /dev/null "$po" > "$dir/msgfmt.out" 2>&1 ||
			    { sed 's/^/  /' "$dir/msgfmt.out"; echo "$po: msgfmt -c fails"; n=$((n + 1)); }
		done
		[ -f "$d/POTFILES" ] || continue
		pot=$dir/pot/$dom.pot
		[ -f "$pot" ] || continue   # no message in the sources yet
		for lang in $LANGS; do
			po=$d$lang.po
			if [ ! -f "$po" ]; then
				echo "$po: missing (the domain $dom has messages)"
				n=$((n + 1))
				continue
			fi
			msgcmp "$po" "$pot" > "$dir/msgcmp.out" 2>&1 ||
			    { sed 's/^/  /' "$dir/msgcmp.out" | head -20
			      echo "$po: lacks messages of the sources (msgcmp)"; n=$((n + 1)); }
			stats=$(msgfmt --statistics -o /dev/null "$po" 2>&1)
			case $stats in
			*untranslated*|*fuzzy*)
				echo "$po: $stats"
				n=$((n + 1)) ;;
			esac
		done
	done
	return "$n"
}

# (b) terms and order words
check_terms() {
	root=$1 n=0
	: > "$dir/en-terms"
	for en in "$root"/po/*/en.po; do
		[ -f "$en" ] || continue
		d=$(dirname "$en")
		po_entries "$en" | awk -F '\t' '$1 == "term" { print $2 }' | sort -u > "$dir/keys"
		cat "$dir/keys" >> "$dir/en-terms"
		for lang in $LANGS; do
			po=$d/$lang.po
			if [ -f "$po" ]; then
				po_entries "$po" | awk -F '\t' '$1 == "term" && $3 != "" && $4 == 0 { print $2 }' |
				    sort -u > "$dir/have"
			else
				: > "$dir/have"
			fi
			comm -23 "$dir/keys" "$dir/have" > "$dir/lack"
			if [ -s "$dir/lack" ]; then
				echo "$po: lacks (or leaves untranslated or fuzzy) the terms: $(head -10 "$dir/lack" | tr '\n' ' ')"
				n=$((n + 1))
			fi
		done
	done
	sort -u -o "$dir/en-terms" "$dir/en-terms"
	find "$root/src" -name '*.[ch]' -exec grep -ho 'TERM("[^"]*")' {} + 2>/dev/null |
	    sed 's/^TERM("//; s/")$//' | sort -u > "$dir/used"
	comm -23 "$dir/used" "$dir/en-terms" > "$dir/lack"
	if [ -s "$dir/lack" ]; then
		echo "terms the sources use that no en.po names: $(head -10 "$dir/lack" | tr '\n' ' ')"
		n=$((n + 1))
	fi
	# Order words: what one language lets a player write, every one does.
	for d in "$root"/po/*/; do
		: > "$dir/words"
		for lang in $LANGS; do
			[ -f "$d$lang.po" ] && po_entries "$d$lang.po" |
			    awk -F '\t' '$1 ~ /^order\./ { print $1 " " $2 }' >> "$dir/words"
		done
		sort -u -o "$dir/words" "$dir/words"
		[ -s "$dir/words" ] || continue
		for lang in $LANGS; do
			if [ -f "$d$lang.po" ]; then
				po_entries "$d$lang.po" |
				    awk -F '\t' '$1 ~ /^order\./ && $3 != "" && $4 == 0 { print $1 " " $2 }' |
				    sort -u > "$dir/have"
			else
				: > "$dir/have"
			fi
			comm -23 "$dir/words" "$dir/have" > "$dir/lack"
			if [ -s "$dir/lack" ]; then
				echo "$d$lang.po: lacks the order words: $(head -10 "$dir/lack" | tr '\n' ',')"
				n=$((n + 1))
			fi
		done
	done
	# The keyword of every order the sources write (ORDER("game", "WORD
	# ...")) is in each language, the game's words or the common ones
	# (msg.c's order_word): one no catalog has is printed in English. JSON
	# is JSON in every language.
	find "$root/src" -name '*.[ch]' -exec grep -ho 'ORDER("[a-z]*", *"[^"]*")' {} + 2>/dev/null |
	    sed 's/^ORDER("\([a-z]*\)", *"\([^" ,]*\).*/\1 \2/; s/^ /common /' |
	    grep -v '^[a-z]* JSON$' | sort -u > "$dir/used"
	for lang in $LANGS; do
		for po in "$root"/po/*/"$lang".po; do
			[ -f "$po" ] && po_entries "$po"
		done | awk -F '\t' '$1 ~ /^order\./ && $3 != "" && $4 == 0 { print $1 " " $2 }' |
		    sed 's/^order\.//' > "$dir/have"
		awk 'NR == FNR { have[$0] = 1; next }
		    !($0 in have) && !(("common " $2) in have)' "$dir/have" "$dir/used" > "$dir/lack"
		if [ -s "$dir/lack" ]; then
			echo "$lang: the sources write order words no catalog of it has: $(head -10 "$dir/lack" | tr '\n' ',')"
			n=$((n + 1))
		fi
	done
	return "$n"
}

# The Mustache tags of a template, one per line, sorted; {{kw.X}} are words.
tags() {
	grep -o '{{[^}]*}}*' "$1" | tr -d ' \t' | grep -v '^{{!' | grep -v '^{{kw\.' | sort -u
}

# (c) templates
check_templates() {
	root=$1 n=0
	for en in $(cd "$root" && find templates -path '*/en/*' -type f | sort); do
		for lang in $LANGS; do
			other=$(echo "$en" | sed "s|/en/|/$lang/|")
			if [ ! -f "$root/$other" ]; then
				echo "$other: missing (the English one exists)"
				n=$((n + 1))
				continue
			fi
			tags "$root/$en" > "$dir/t.en"
			tags "$root/$other" > "$dir/t.$lang"
			if ! cmp -s "$dir/t.en" "$dir/t.$lang"; then
				echo "$other: its tags differ from $en's:"
				diff "$dir/t.en" "$dir/t.$lang" | grep '^[<>]' | head -10 | sed 's/^/  /'
				n=$((n + 1))
			fi
		done
	done
	return "$n"
}

# The plural index src/lang/catalog.c gives lang: its catalog_plural_index, read
# as "if (strcmp(lang, "xx") == 0) return EXPR;" lines and a last "return EXPR;".
catalog_rule() {
	sed -n '/^catalog_plural_index/,/^}/p' "$src/src/lang/catalog.c" | awk -v l="$1" '
	/strcmp\(lang, "/ { m = index($0, "\"" l "\"") > 0; next }
	/return / { e = $0; sub(/.*return /, "", e); sub(/;.*/, "", e)
		if (m && pick == "") pick = e; last = e; m = 0 }
	END { print (pick != "" ? pick : last) }'
}

# (d) Plural-Forms
check_plural() {
	root=$1 n=0
	for po in "$root"/po/*/*.po; do
		[ -f "$po" ] || continue
		lang=$(basename "$po" .po)
		pf=$(grep -o '^"Plural-Forms: [^\\"]*' "$po" | head -1 | sed 's/^"Plural-Forms: //')
		np=$(echo "$pf" | sed -n 's/.*nplurals=\([0-9]*\).*/\1/p')
		ex=$(echo "$pf" | sed -n 's/.*plural=\(.*\);\{0,1\} *$/\1/p' | sed 's/;$//')
		want=$(catalog_rule "$lang")
		if [ -z "$np" ] || [ -z "$ex" ]; then
			echo "$po: no Plural-Forms in the header"
			n=$((n + 1))
			continue
		fi
		for k in 0 1 2 3 5 11 21 100 101 1000; do
			a=$(( $(echo "$ex" | sed "s/\bn\b/$k/g") )) 2>/dev/null || a=x
			b=$(( $(echo "$want" | sed "s/\bn\b/$k/g") ))
			if [ "$a" != "$b" ] || [ "$a" = x ] || [ "$a" -ge "$np" ]; then
				echo "$po: Plural-Forms \"$pf\" gives form $a for $k, src/lang/catalog.c form $b"
				n=$((n + 1))
				break
			fi
		done
	done
	return "$n"
}

# (e) literal formats in the player-facing sources
check_sources() {
	root=$1
	files=$(cd "$root" && cat po/*/POTFILES 2>/dev/null | grep -v '^#' | sort -u)
	[ -n "$files" ] || return 0
	(cd "$root" && perl -e '
	my %at = (ev_emit => [2], diag_set => [2], diag_vset => [2], msg_fmt => [2],
	    msg_vfmt => [2], msg_nfmt => [3, 4], problem => [2]);
	my $bad = 0;
	for my $f (@ARGV) {
		open(my $h, "<", $f) or next;
		local $/; my $t = <$h>; close $h;
		$t =~ s{/\*.*?\*/}{ my $c = $&; $c =~ s/[^\n]/ /g; $c }gse;
		while ($t =~ /\b(ev_emit|diag_set|diag_vset|msg_fmt|msg_vfmt|msg_nfmt|problem)\s*\(/g) {
			my ($fn, $p) = ($1, pos($t));
			my ($depth, $i, $cur, $q) = (1, $p, "", "");
			my @args;
			for (; $i < length($t) && $depth > 0; $i++) {
				my $ch = substr($t, $i, 1);
				if ($q ne "") {
					$cur .= $ch;
					if ($ch eq "\\") { $cur .= substr($t, ++$i, 1); next }
					$q = "" if $ch eq $q;
					next;
				}
				if ($ch eq "\"" || $ch eq "\x27") { $q = $ch; $cur .= $ch; next }
				$depth++ if $ch eq "(";
				$depth-- if $ch eq ")";
				if ($depth == 0 || ($depth == 1 && $ch eq ",")) { push @args, $cur; $cur = ""; next }
				$cur .= $ch;
			}
			next if $args[0] =~ /\bstruct\b|\bconst\b/;   # the declaration
			for my $k (@{$at{$fn}}) {
				my $a = $args[$k] // "";
				next if $a =~ /^\s*(N_\s*\(\s*)?"/s;
				# c ? "..." : "...": xgettext takes both literals.
				next if $a =~ /\?\s*"(?:[^"\\]|\\.)*"(?:\s*"(?:[^"\\]|\\.)*")*\s*:\s*"/s;
				# A wrapper or macro that passes on its own format
				# parameter: its callers write the literal (N_).
				if ($a =~ /^\s*(\w+)\s*$/) {
					my $id = $1;
					my $pre = substr($t, 0, $p);
					my $head = "";
					while ($pre =~ /^(?:#\s*define\s+\w+\(([^)]*)\)|[a-z_]\w*\(([^)]*)\))/mg) {
						$head = defined $1 ? $1 : $2;
					}
					next if $head =~ /\b\Q$id\E\b/;
				}
				my $line = 1 + (() = substr($t, 0, $p) =~ /\n/g);
				$a =~ s/\s+/ /g;
				print "$f:$line: $fn with a format that is not a literal ($a)\n";
				$bad++;
			}
		}
	}
	exit($bad ? 1 : 0);' $files)
}

# (f) the order guide's words
check_doc() {
	root=$1
	[ -f "$root/doc/orders.md" ] || return 0
	PO_ROOT="$root" sh "$src/contrib/order-words" > "$dir/words.want" || return 1
	awk '/<!-- order-words begin -->/ { on = 1; next } /<!-- order-words end -->/ { on = 0 }
	    on' "$root/doc/orders.md" > "$dir/words.have"
	echo >> "$dir/words.want"
	if ! cmp -s "$dir/words.want" "$dir/words.have"; then
		diff "$dir/words.have" "$dir/words.want" | head -20
		echo "doc/orders.md: its order words are not the catalogs' (contrib/order-words -w)"
		return 1
	fi
}

# (g) order words written by hand
check_order_words() {
	root=$1 n=0
	for d in "$root"/po/*/; do
		for lang in $LANGS; do
			po=$d$lang.po
			[ -f "$po" ] || continue
			common=$root/po/common/$lang.po
			{
				po_entries "$po"
				[ -f "$common" ] && [ "$common" != "$po" ] &&
				    po_entries "$common" | awk -F '\t' '$1 ~ /^order\./'
			} > "$dir/ow.entries"
			perl -CSD -e '
			my ($po, $f) = @ARGV;
			my (%w, %native, %term, @m);
			open(my $h, "<:encoding(UTF-8)", $f) or die;
			while (<$h>) {
				chomp;
				my ($ctx, $id, $str) = split /\t/;
				next if !defined $str || $str eq "";
				if ($ctx =~ /^order\./) {
					# the game\x27s own word wins over a common one
					my $first = (split /\|/, $str)[0];
					$w{$id} = $first if !exists $w{$id} || $ctx ne "order.common";
					$native{$_} //= $id for split /\|/, $str;
				} elsif ($ctx eq "term") {
					$term{$str} = 1;
				} elsif ($ctx eq "") {
					push @m, [$id, $str];
				}
			}
			my $bad = 0;
			my $word = qr/(?<![\p{L}\p{N}_])(\p{Lu}{2,})(?![\p{L}\p{N}_])/;
			for my $e (@m) {
				my ($id, $s) = @$e;
				(my $t = $s) =~ s/\\[nt]/ /g;
				my %english = map { $_ => 1 } $id =~ /$word/g;
				for my $x ($t =~ /$word/g) {
					if (exists $w{$x} && $w{$x} ne $x) {
						print "$po: \"$s\" writes the English order word $x; quote it as ORDER() (%s)\n";
					} elsif (exists $native{$x} && $english{$native{$x}} &&
					    !$term{$x}) {
						print "$po: \"$s\" writes the order word $x by hand; quote it as ORDER() (%s)\n";
					} else {
						next;
					}
					$bad++;
					last;
				}
			}
			exit($bad ? 1 : 0);' "$po" "$dir/ow.entries" || n=$((n + 1))
		done
	done
	return "$n"
}

check_listed() {
	root=$1
	listed=$(cd "$root" && cat po/*/POTFILES 2>/dev/null | grep -v '^#' | sort -u)
	names='(msg_fmt|msg_nfmt|ev_emit|problem)[[:space:]]*\('
	calls="(^|[^_a-zA-Z0-9])$names"
	bad=0
	for f in $(cd "$root" && grep -rlE "$calls" src --include='*.c' | sort); do
		# src/core/msg.c defines them; a definition starts its line, a call
		# is indented.
		[ "$f" = src/core/msg.c ] && continue
		(cd "$root" && grep -qE "^[[:space:]]+(|.*[^_a-zA-Z0-9])$names" "$f") || continue
		printf '%s\n' "$listed" | grep -qxF "$f" && continue
		echo "$f: writes messages players read; list it in a po/*/POTFILES"
		bad=1
	done
	return "$bad"
}

# (i) one translation per message id and language, across domains
check_shared() {
	root=$1 n=0
	for lang in $LANGS; do
		for po in "$root"/po/*/"$lang".po; do
			[ -f "$po" ] || continue
			po_entries "$po" | awk -F '\t' -v d="$(basename "$(dirname "$po")")" \
			    '$3 != "" { print $1 "\t" $2 "\t" $3 "\t" d }'
		done > "$dir/shared.$lang"
		awk -F '\t' -v l="$lang" '
		{ k = $1 "\t" $2
		  if (k in str && str[k] != $3) {
			printf "po/%s/%s.po and po/%s/%s.po: \"%s\" is \"%s\" in one, \"%s\" in the other; one table holds both: give the two different ids\n", dom[k], l, $4, l, $2, str[k], $3
			bad++
		  }
		  str[k] = $3; dom[k] = $4 }
		END { exit(bad ? 1 : 0) }' "$dir/shared.$lang" || n=$((n + 1))
	done
	return "$n"
}

# (j) no message left in English
check_english() {
	root=$1 n=0
	for lang in $LANGS; do
		for po in "$root"/po/*/"$lang".po; do
			[ -f "$po" ] || continue
			po_entries "$po" | awk -F '\t' -v po="$po" '
			$3 != "" && $3 == $2 {
				t = $2
				gsub(/%[-+ #0-9.]*[a-z]+|\{\{[^}]*\}\}/, "", t)
				if (gsub(/[A-Za-z][A-Za-z]+/, "&", t) >= 3) {
					printf "%s: \"%s\" is left in English\n", po, $2
					bad++
				}
			}
			END { exit(bad ? 1 : 0) }' || n=$((n + 1))
		done
	done
	return "$n"
}

run_all() {
	r=0
	check_messages "$1" || r=1
	check_terms "$1" || r=1
	check_templates "$1" || r=1
	check_plural "$1" || r=1
	check_sources "$1" || r=1
	check_listed "$1" || r=1
	check_doc "$1" || r=1
	check_order_words "$1" || r=1
	check_shared "$1" || r=1
	check_english "$1" || r=1
	return "$r"
}

# ---- the checks must pass on a clean tree and fail on each fault ----------
po_head() {
	printf 'msgid ""\nmsgstr ""\n"Language: %s\\n"\n"MIME-Version: 1.0\\n"\n' "$1"
	printf '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
	printf '"Plural-Forms: nplurals=2; plural=%s;\\n"\n\n' "$2"
}
po_msg() {   # FLAGS ID STR
	[ -n "$1" ] && printf '#, %s\n' "$1"
	printf 'msgid "%s"\nmsgstr "%s"\n\n' "$2" "$3"
	printf 'msgctxt "term"\nmsgid "x.good.dates"\nmsgstr "%s"\n\n' "$4"
	printf 'msgctxt "order.x"\nmsgid "SOW"\nmsgstr "%s"\n\n' "$5"
}
fake_tree() {
	t=$1
	mkdir -p "$t/src" "$t/po/x" "$t/templates/x/en" "$t/templates/x/de" \
	    "$t/templates/x/es" "$t/templates/x/fr"
	printf '%s\n' '#include "msg.h"' 'int f(struct diag *d, const char *h) {' \
	    '	const char *t = TERM("x.good.dates"), *o = ORDER("x", "SOW 3");' \
	    '	return diag_set(d, 0, "the hole %s is empty", h);' '}' \
	    'static int' 'g(struct diag *d, const char *why, int k)' '{' \
	    '	return diag_set(d, 0, why, k);' '}' > "$t/src/x.c"
	echo src/x.c > "$t/po/x/POTFILES"
	echo 'en de es fr' > "$t/po/LINGUAS"
	{ po_head en '(n != 1)'; printf 'msgctxt "term"\nmsgid "x.good.dates"\nmsgstr "dates"\n'; } > "$t/po/x/en.po"
	{ po_head de '(n != 1)'; po_msg c-format "the hole %s is empty" "die Mulde %s ist leer" Datteln "SÄEN"; } > "$t/po/x/de.po"
	{ po_head es '(n != 1)'; po_msg c-format "the hole %s is empty" "el hoyo %s está vacío" "dátiles" SEMBRAR; } > "$t/po/x/es.po"
	{ po_head fr '(n > 1)'; po_msg c-format "the hole %s is empty" "la case %s est vide" dattes SEMER; } > "$t/po/x/fr.po"
	mkdir -p "$t/doc"
	printf '# orders\n\n<!-- order-words begin -->\n<!-- order-words end -->\n' > "$t/doc/orders.md"
	PO_ROOT="$t" sh "$src/contrib/order-words" -w
	for l in en de es fr; do
		printf 'Subject: {{title}}\n\n{{#legal}}\n  {{text}}\n{{/legal}}\n{{kw.GAME}} {{game_id}}\n' \
		    > "$t/templates/x/$l/a.mustache"
	done
}

selftest() {   # NAME CHECK EDIT-COMMAND
	rm -rf "$dir/fake" && fake_tree "$dir/fake"
	(cd "$dir/fake" && eval "$3")
	if "$2" "$dir/fake" > "$dir/self.out" 2>&1; then
		echo "FAIL: $2 did not catch: $1"
		fails=$((fails + 1))
	else
		echo "$2 catches $1:"
		sed 's/^/    /' "$dir/self.out"
	fi
}

fake_tree "$dir/clean"
if ! run_all "$dir/clean" > "$dir/self.out" 2>&1; then
	cat "$dir/self.out"
	echo "FAIL: the checks refuse a complete tree"
	fails=$((fails + 1))
fi
selftest "a message missing in de" check_messages \
    "sed -i 's/the hole %s is empty/the pit %s is empty/' po/x/de.po"
selftest "a fuzzy message in es" check_messages \
    "sed -i 's/^#, c-format/#, fuzzy, c-format/' po/x/es.po"
selftest "a format without its %s in fr" check_messages \
    "sed -i 's/la case %s est vide/la case est vide/' po/x/fr.po"
selftest "a new message in the sources" check_messages \
    "sed -i 's/return diag_set/diag_set(d, 0, \"no hole\"); return diag_set/' src/x.c"
selftest "a term untranslated in de" check_terms \
    "sed -i 's/msgstr \"Datteln\"/msgstr \"\"/' po/x/de.po"
selftest "a term the sources use that en.po lacks" check_terms \
    "sed -i 's/x.good.dates\")/x.good.salt\")/' src/x.c"
selftest "an order word the sources write and no catalog has" check_terms \
    "sed -i 's/ORDER(\"x\", \"SOW 3\")/ORDER(\"x\", \"REAP 3\")/' src/x.c"
selftest "an order word fr lacks" check_terms \
    "sed -i 's/msgid \"SOW\"/msgid \"REFILL\"/' po/x/fr.po"
selftest "a template missing in es" check_templates "rm templates/x/es/a.mustache"
selftest "a tag missing in fr" check_templates "sed -i 's/{{title}}//' templates/x/fr/a.mustache"
selftest "French plural as German" check_plural \
    "sed -i 's/plural=(n > 1)/plural=(n != 1)/' po/x/fr.po"
selftest "an order word doc/orders.md lacks" check_doc \
    "sed -i 's/msgstr \"SEMER\"/msgstr \"SEMER|SEME\"/' po/x/fr.po"
selftest "an English order word in a German sentence" check_order_words \
    "sed -i 's/die Mulde %s ist leer/die Mulde %s ist leer: SOW/' po/x/de.po"
selftest "a German order word written by hand" check_order_words \
    "sed -i 's/the hole %s is empty/SOW: the hole %s is empty/; s/die Mulde %s ist leer/SÄEN: die Mulde %s ist leer/' src/x.c po/x/de.po"
selftest "a format that is not a literal" check_sources \
    "sed -i 's/diag_set(d, 0, \"the hole %s is empty\", h)/diag_set(d, 0, fmt, h)/' src/x.c"
selftest "one id translated two ways by two domains" check_shared \
    "mkdir po/y && cp po/x/de.po po/y/de.po && sed -i 's/die Mulde %s ist leer/die Grube %s ist leer/' po/y/de.po"
selftest "a German message left in English" check_english \
    "sed -i 's/die Mulde %s ist leer/the hole %s is empty/' po/x/de.po"
selftest "a source of messages no POTFILES lists" check_listed \
    "printf '%s\\n' 'int h(char *o) {' '	return msg_fmt(o, 9, \"no hole\");' '}' > src/y.c"

# ---- the tree itself ------------------------------------------------------
absent=""
for lang in $LANGS; do
	if ! ls "$src"/po/*/"$lang".po > /dev/null 2>&1 &&
	    ! ls -d "$src"/templates/*/"$lang" > /dev/null 2>&1; then
		absent="$absent $lang"
	fi
done
present=""
for lang in $LANGS; do
	case " $absent " in *" $lang "*) ;; *) present="$present $lang" ;; esac
done
LANGS=$present
if ! run_all "$src" > "$dir/tree.out" 2>&1; then
	cat "$dir/tree.out"
	echo "FAIL: translations are incomplete (languages checked:${LANGS:- none})"
	fails=$((fails + 1))
fi
[ "$fails" = 0 ] || exit 1
if [ -n "$absent" ]; then
	echo "SKIP: no catalog and no template at all yet for:$absent"
	exit 77
fi
echo "every message, term, order word and template exists in$LANGS"
