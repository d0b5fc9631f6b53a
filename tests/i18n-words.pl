#!/usr/bin/perl
# i18n-words.pl SRC POTDIR LANG TEXTS NAMES CACHE: the English words left in
# the mails of a LANG reader (tests/i18n-lib.sh's check_mails runs it). The
# words to look for are kept in CACHE, made by the first run.
#
# The four-word sentences check_mails looks for miss a lone word: an order
# word inside a sentence ("PLACE 5 (Dates): ..."), "1VP", a setting's key.
# Here every word of the English catalogs is looked for:
#   - the words of every msgid (POTDIR's .pot, as xgettext finds them), of
#     the English terms (po/*/en.po) and of the English templates;
#   - the English order words (msgctxt order.*), as written (upper case),
#     unless LANG has the same word among its alternatives.
# A word LANG's own catalogs or templates write too is LANG's, unless it is
# only ever copied from the English of the same entry (or template) with
# the same case: "Platz" is German, "Hand" is German ("hand" is not),
# "PLACE" copied into a German sentence is English.
# TEXTS has a line per mail (check_mails' mailtexts), NAMES its file names.
# Prints "NAME: WORD WORD ..." for each mail holding English words.
use strict;
use warnings;
use Encode qw(decode);

my ($src, $potdir, $lang, $texts, $names, $cache) = @ARGV;
binmode STDOUT, ":encoding(UTF-8)";

# Words every language shares, and why. Lower case.
my %same = map { $_ => 1 } (
	# the games' and the program's names
	qw(targi targui buqruru azalai),
	# seat and tribe names the English examples use too
	qw(amastan tinhinan ahaggar ajjer ress),
	# a time zone's name and the shell command the final report quotes
	qw(utc printf verify),
	# Buqruru's text board marks an erased hole "xx" in every language
	qw(xx),
	# the languages' codes, which a LANGUAGE line takes in every language
	qw(en de es fr),
);
my %lang_same = (
	de => [
		# "Seed", "Salt", "Hash": the welcome's terms of the trade,
		# explained in German beside them; "Fata Morgana" is German
		qw(seed salt hash fata morgana),
	],
	es => [
		# the header a Spanish sentence names: "una dirección From"
		qw(from hash central),
		# Spanish words spelt as the English ones ("en particular")
		qw(particular),
	],
	fr => [
		# French words spelt as the English ones
		qw(options guide double terrain central),
		# "raid" is French too (les raids passés, à venir)
		qw(raid raids),
		# French words spelt as the English ones, met in Targi's mails
		qw(mirage actions action score),
	],
);
$same{$_} = 1 for @{ $lang_same{$lang} // [] };

my $fmt = qr/%(?:\d+\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?[a-zA-Z%]/;

# words TEXT: its words (letters, two or more), as written.
sub words {
	my ($s) = @_;
	$s =~ s/$fmt/ /g;
	$s =~ s/\\n/ /g;
	return grep { length >= 2 } $s =~ /(\p{L}+)/g;
}

# entries PO: its entries as { ctx, id, str }.
sub entries {
	my ($f) = @_;
	my (@e, %cur);
	open(my $in, "-|", "msgattrib", "--no-wrap", "--no-obsolete", "--no-fuzzy", $f)
	    or die "msgattrib $f: $!";
	while (<$in>) {
		$_ = decode("UTF-8", $_);
		chomp;
		if (/^msgctxt "(.*)"$/) { $cur{ctx} = $1 }
		elsif (/^msgid(?:_plural)? "(.*)"$/) { $cur{id} .= " $1" }
		elsif (/^msgstr(?:\[\d\])? "(.*)"$/) { $cur{str} .= " $1" }
		elsif (/^$/) { push @e, {%cur} if defined $cur{id}; %cur = () }
	}
	push @e, {%cur} if defined $cur{id};
	close $in;
	return @e;
}

# template FILE: the words of its text (no tags, no style, no addresses).
sub template {
	my ($f) = @_;
	open(my $in, "<:encoding(UTF-8)", $f) or return ();
	local $/;
	my $t = <$in>;
	$t =~ s/\{\{[^}]*\}\}/ /g;
	$t =~ s/<(style|script)\b.*?<\/\1>/ /gis;
	$t =~ s/<[^>]*>/ /g;
	$t =~ s/&\w+;/ /g;
	$t =~ s/\S*[\/@]\S*/ /g;
	return words($t);
}

my (%english, %order);
if (open(my $cf, "<:encoding(UTF-8)", $cache)) {
	while (<$cf>) {
		chomp;
		my ($k, $w) = split / /;
		($k eq "o" ? \%order : \%english)->{$w} = 1;
	}
} else {
	my (%en, %orders, %mine, %myorders);
	for my $f (glob("$potdir/*.pot")) {
		$en{lc $_} = 1 for map { words($_->{id}) } entries($f);
	}
	for my $f (glob("$src/po/*/en.po")) {
		for my $e (entries($f)) {
			$en{lc $_} = 1 for words($e->{str} // "");
			$orders{$_} = 1 for ($e->{ctx} // "") =~ /^order\./ ? $e->{id} =~ /(\p{Lu}{2,})/g : ();
		}
	}
	for my $f (glob("$src/po/*/$lang.po")) {
		for my $e (entries($f)) {
			if (($e->{ctx} // "") =~ /^order\./) {
				$myorders{uc $_} = 1 for ($e->{str} // "") =~ /(\p{L}+)/g;
				next;
			}
			my %copied = map { $_ => 1 } words($e->{id});
			$copied{$_} or $mine{lc $_} = 1 for words($e->{str} // "");
		}
	}
	for my $f (glob("$src/templates/*/en/*.mustache")) {
		$en{lc $_} = 1 for template($f);
	}
	for my $f (glob("$src/templates/*/$lang/*.mustache")) {
		(my $e = $f) =~ s{/$lang/([^/]*)$}{/en/$1};
		my %copied = map { $_ => 1 } template($e);
		$copied{$_} or $mine{lc $_} = 1 for template($f);
	}
	%english = map { $_ => 1 } grep { !$mine{$_} && !$same{$_} } keys %en;
	%order = map { $_ => 1 } grep { !$myorders{$_} && !$same{lc $_} } keys %orders;
	open(my $out, ">:encoding(UTF-8)", "$cache.tmp") or die "$cache: $!";
	print $out "e $_\n" for sort keys %english;
	print $out "o $_\n" for sort keys %order;
	close $out;
	rename("$cache.tmp", $cache) or die "$cache: $!";
}

open(my $nf, "<", $names) or die "$names: $!";
chomp(my @names = <$nf>);
open(my $tf, "<", $texts) or die "$texts: $!";
my $i = 0;
while (my $t = <$tf>) {
	my $name = $names[$i++] // "?";
	$t = decode("UTF-8", $t);
	# Addresses, paths and links are not words of a sentence.
	$t =~ s/\S*[\/@]\S*/ /g;
	my (@hits, %seen);
	# A word joined by hyphens to a number is a name ("targi-1", a
	# token, "azalai-seed-v1"); a number before letters is a count
	# ("1VP": the letters are a word).
	for my $c ($t =~ /([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)/g) {
		next if $c =~ /-/ && $c =~ /\p{N}/;
		for my $w (split /-/, $c) {
			$w =~ s/^\p{N}+(?=\p{L}+$)//;
			next if $w =~ /\p{N}/ || length($w) < 2;
			push @hits, $w if ($order{$w} || $english{lc $w}) && !$seen{$w}++;
		}
	}
	$name =~ s{.*/}{};
	print "$name: @hits\n" if @hits;
}
