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
finish
