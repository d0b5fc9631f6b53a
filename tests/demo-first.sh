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
finish
