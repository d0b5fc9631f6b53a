#!/bin/sh
# njudge-style golden test: a whole scripted Buqruru campaign (contrib/demo)
# with the clock and the seed fixed; every outgoing mail, in order, must match
# tests/golden/buqruru-campaign.txt byte for byte.
# AZALAI_GOLDEN_UPDATE=1 writes the file instead (then read the diff!).
set -u
az=${AZALAI:?the test harness sets AZALAI}
src=${top_srcdir:-.}
dir=$(mktemp -d /tmp/azalai-golden-XXXXXX)
trap 'rm -rf "$dir"' EXIT
. "$src/tests/golden.env"
export AZALAI_NOW AZALAI_SEED
AZALAI="$az" AZALAI_DATADIR="$src" DEMO_PICK=random DEMO_QUIET=1 \
	sh "$src/contrib/demo" "$dir/campaign" > "$dir/demo.log" 2>&1 || {
	cat "$dir/demo.log"
	echo "FAIL: the campaign did not finish"
	exit 1
}
for f in "$dir"/campaign/outbox/*.eml; do
	echo "==== $(basename "$f")"
	cat "$f"
done > "$dir/transcript.txt"
want="$src/tests/golden/buqruru-campaign.txt"
if [ -n "${AZALAI_GOLDEN_UPDATE:-}" ]; then
	mkdir -p "$src/tests/golden"
	cp "$dir/transcript.txt" "$want"
	echo "wrote $want ($(grep -c '^==== ' "$want") mails)"
	exit 0
fi
if cmp -s "$want" "$dir/transcript.txt"; then
	echo "1 passed, 0 failed"
	exit 0
fi
diff -u "$want" "$dir/transcript.txt" | head -60
echo "0 passed, 1 failed"
exit 1
