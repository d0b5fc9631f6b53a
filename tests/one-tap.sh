#!/bin/sh
# Every one-tap link and every reply by number plays the order it names
# (issue 30): a game of each kind, all four languages across its seats, two
# decisions each; each link of a report is turned into the mail a client
# sends (RFC 6068, tests/onetap.py) and each number into a Reply to the
# report, each fed to a copy of the ledger, and the order played compared
# with what the seat's own line with its token plays. No link is longer
# than 1,500 characters or holds the token. AZ_TAP_DECISIONS sets the
# decisions per game, ONETAP_SEED the choices that move the games on.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$dir" || exit 1
export top_srcdir="$src"
on_fail() { cat games.txt; }
check "every link and number plays the order it names" \
	'python3 "$src/tests/onetap.py" games "$az" "$dir" > games.txt 2>&1'
tail -n 1 games.txt
finish
