# Sourced by the golden tests of slow campaigns (golden-*.sh): a campaign
# driven by hand, day by day, with the clock and the seed frozen; every mail
# the referee writes, in order, must match tests/golden/NAME.txt byte for byte.
# AZALAI_GOLDEN_UPDATE=1 writes the file instead (then read the diff!).
# It sources tests/lib.sh: az, src, the directory (KEEP=1 keeps it).
#
#   gl_start NAME          azalai.yaml, ledger, Maildir in lib.sh's $dir (gl_dir)
#   gl_at TIME             sets the frozen clock (epoch seconds or ISO UTC)
#   gl_az ARGS...          runs azalai; its output goes to the transcript
#   gl_mail SEAT BODY      drops a mail from SEAT@golden.example into the Maildir;
#                          BODY is the text after the headers (use printf's \n)
#   gl_token SEAT          the seat's token, from the last `azalai new` output
#   gl_finish              compares (or writes) the golden file; exits
. "${top_srcdir:-.}/tests/lib.sh"
gl_n=0

gl_start() {
	gl_name=$1
	gl_dir=$dir
	. "$src/tests/golden.env"
	export AZALAI_NOW AZALAI_SEED
	cd "$gl_dir" || exit 1
	{
		echo "referee:"
		echo "  address: referee@golden.example"
		echo "  name: azalai referee"
		echo "log:"
		echo "  to: file"
		echo "  file: azalai.log"
		echo "datadir: $src"
	} > azalai.yaml
	: > transcript.txt
	gl_az init
}

gl_at() {
	AZALAI_NOW=$1
	export AZALAI_NOW
	echo "---- at $1" >> "$gl_dir/transcript.txt"
}

# The exit code is kept in the transcript: a refusal is part of what is checked.
gl_az() {
	echo "\$ azalai $*" >> "$gl_dir/transcript.txt"
	"$az" "$@" >> "$gl_dir/transcript.txt" 2>&1
	gl_rc=$?
	[ "$gl_rc" = 0 ] || echo "(exit $gl_rc)" >> "$gl_dir/transcript.txt"
	case "$1" in new) cp "$gl_dir/transcript.txt" "$gl_dir/last-new.txt" ;; esac
	return 0
}

gl_token() {
	awk -v s="$1" '$1 == "seat" && $2 == s { t = $4 } END { print t }' "$gl_dir/last-new.txt"
}

gl_mail() {
	gl_n=$((gl_n + 1))
	f=$(printf '%06d' "$gl_n").$1
	{
		echo "From: $1 <$1@golden.example>"
		echo "To: referee@golden.example"
		echo "Subject: orders"
		echo "Message-ID: <$gl_n.$1@golden.example>"
		echo "Date: Sat, 21 Nov 2026 12:00:00 +0000"
		echo ""
		printf "$2\n"
	} > "$gl_dir/Maildir/tmp/$f"
	mv "$gl_dir/Maildir/tmp/$f" "$gl_dir/Maildir/new/$f"
	echo "(mail $f)" >> "$gl_dir/transcript.txt"
}

gl_finish() {
	out=$gl_dir/all.txt
	{
		echo "==== transcript"
		# The schema version changes with the ledger, not with what the
		# referee writes: not part of the transcript.
		sed 's/ (schema version [0-9][0-9]*)$//' "$gl_dir/transcript.txt"
		for f in "$gl_dir"/outbox/*.eml; do
			[ -e "$f" ] || continue
			echo "==== $(basename "$f")"
			awk -f "$src/tests/eml-elide.awk" "$f"
		done
	} > "$out"
	want=$src/tests/golden/$gl_name.txt
	if [ -n "${AZALAI_GOLDEN_UPDATE:-}" ]; then
		cp "$out" "$want"
		echo "wrote $want ($(grep -c '^==== ' "$want") parts)"
		exit 0
	fi
	if cmp -s "$want" "$out"; then
		echo "PASS: $gl_name"
		exit 0
	fi
	diff -u "$want" "$out" | head -80
	echo "FAIL: the $gl_name campaign differs from $want"
	exit 1
}
