#!/bin/sh
# Every one-tap link and every reply by number plays the order it names
# (issue 30), through the real Postfix: random games of every kind, each
# kind in all four languages, played by mail (tests/tapgames.py), twelve
# decisions each (every game to its end with TAP_DECISIONS=0). At each
# decision each link of the report the seat received is turned into the
# mail a client sends (RFC 6068) and each number into a Reply, sent through
# Postfix into the referee's mailbox and read by a copy of the ledger; the
# order played is compared with what the seat's own line with its token
# plays. No link is longer than 1,500 characters or holds the token.
# TAP_GAMES sets how many of the games are played, TAP_SEED their choices.
. "${top_srcdir:-.}/tests/lib.sh"
. "$src/tests/mailserver.sh"
at_exit ms_stop
# The servers' own users walk down to their queue and the Maildirs.
chmod 755 "$dir"
MS_USERS="$MS_USERS dassine kahena"
ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
cd "$dir" || exit 1
# The referee as a host runs it, keeping no mail's body past its next run.
ms_referee_config "$src" 10 "retention: 0"
export top_srcdir="$src" MS_DIR MS_DOMAIN MS_SMTP_PORT
on_fail() { cat games.txt; tail -n 20 azalai.log; }
check "every link and number of the games plays the order it names" \
	'python3 "$src/tests/tapgames.py" "$az" "$dir" > games.txt 2>&1'
cat games.txt
finish
