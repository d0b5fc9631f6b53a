#!/bin/sh
# The scripted demo always finishes: with DEMO_PICK=first every player sends
# the first legal line of each report, the pick most likely to repeat itself
# (Targi's Merchant once traded 1S for 1D and back forever). Each game must
# end within the time limit; `timeout` ends a loop, which then fails.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED
for game in buqruru targi targui; do
	if AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=first DEMO_QUIET=1 \
	    DEMO_GAME="$game" timeout 900 sh "$src/contrib/demo" "$dir/$game" \
	    > "$dir/$game.log" 2>&1 && grep -q "^replay of .* verified" "$dir/$game.log"; then
		echo "ok: the $game demo with DEMO_PICK=first finished" \
		    "($(grep -c ': ' "$dir/$game.log") orders)"
		pass
	else
		tail -n 20 "$dir/$game.log"
		fail "the $game demo with DEMO_PICK=first did not finish"
	fi
done
# The quickstart's demo: each order piped to "ingest --stdin", as an MTA
# would, and answered by that command, before the next is sent.
if AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=first DEMO_QUIET=1 DEMO_PIPE=1 \
    timeout 900 sh "$src/contrib/demo" "$dir/pipe" > "$dir/pipe.log" 2>&1 &&
    grep -q "^replay of .* verified" "$dir/pipe.log" &&
    awk '/^[a-z]+: / { n++; if (o) bad++; o = 1 } /answered at once/ { o = 0 }
    END { exit !(n > 0 && !bad && !o) }' "$dir/pipe.log"; then
	pass
else
	tail -n 20 "$dir/pipe.log"
	fail "the piped demo did not answer every order at once"
fi
# Against a bot: when the match is over, its player (only) gets one mail
# of turning points, whose links open steps of the archive the player
# decided.
d=$dir/bot
if AZALAI="$az" AZALAI_DATADIR="$src" DEMO_QUIET=1 DEMO_SEATS="amastan tinhinan=bot:greedy" \
    DEMO_CONFIG="archive.dir: site
archive.url: https://example.org/azalai" \
    timeout 900 sh "$src/contrib/demo" "$d" > "$dir/bot.log" 2>&1 &&
    grep -q "^replay of .* verified" "$dir/bot.log"; then
	pass
else
	tail -n 20 "$dir/bot.log"
	fail "the demo against a bot did not finish"
fi
check "one turning points mail, to the player" \
	'[ "$(ls "$d/outbox" | grep -c -- "-turning-")" = 1 ] &&
	 ls "$d/outbox" | grep -q -- "-turning-amastan@demo.example.eml$"'
check "the run says it analysed the game" \
	'grep -q "run: turning points of 1 finished games, 1 mails" "$d/azalai.log"'
# Each point as "STEP ORDER" from the link and the order the mail says
# was played.
awk '/^ +You played: / { sub(/^ +You played: +/, ""); sub(/ \(expected result.*/, "");
    o = $0 }
    /^ +https:\/\/example.org\/azalai\/games\/buqruru-1.html#step-/ {
    sub(/.*#step-/, ""); print $0, o }' "$d"/outbox/*-turning-*.eml > "$dir/steps"
grep -q "None of your decisions" "$d"/outbox/*-turning-*.eml ||
	check "the mail links its points" '[ -s "$dir/steps" ]'
while read -r n order; do
	check "step $n on the archive page is amastan's $order" \
		'grep -A2 "<section class=\"step\" id=\"step-$n\"" \
		     "$d/site/games/buqruru-1.html" > "$dir/section" &&
		 grep -q "by amastan" "$dir/section" && grep -qF "<code>$order</code>" "$dir/section"'
done < "$dir/steps"
finish
