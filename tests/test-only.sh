#!/bin/sh
# Nothing test-only in the binary users run. The switches the tests steer the
# referee with (src/core/testhook.h) work in azalai-test alone; the release
# azalai, the one make install and the package install, names none of them
# and obeys none. Each probe below runs one switch with a binary and says
# whether the binary obeyed it; every probe must see azalai-test obey (else
# it proves nothing) and the release binary not.
set -u
az=${AZALAI:?the test harness sets AZALAI}
release=${AZALAI_RELEASE:?the test harness sets AZALAI_RELEASE}
src=${top_srcdir:?the test harness sets top_srcdir}
dir=$(mktemp -d /tmp/azalai-testonly-XXXXXX)
trap 'rm -rf "$dir"' EXIT
unset AZALAI_NOW AZALAI_SEED AZALAI_CONFIG AZALAI_DATADIR
ulimit -c 0
fails=0
passes=0
check() {
	if eval "$2"; then passes=$((passes + 1)); else echo "FAIL: $1"; fails=$((fails + 1)); fi
}

# A fresh ledger in $dir/$1 with a buqruru game of seats a and b, and a
# mailbox the run reads; the seats' tokens in seats.txt.
fresh() {
	rm -rf "${dir:?}/$1" && mkdir -p "$dir/$1/md/new" "$dir/$1/md/cur" "$dir/$1/md/tmp" &&
	cd "$dir/$1" &&
	printf 'datadir: %s\nlog:\n  to: file\n  file: azalai.log\nmailbox:\n  path: md\n' \
	    "$src" > azalai.yaml &&
	"$2" init > /dev/null 2>&1 &&
	"$2" new buqruru --name g --seat a=a@x.org --seat b=b@x.org > seats.txt 2>&1
}
help_mail() {
	printf 'From: stranger@x.org\nSubject: help\nMessage-ID: <help@x.org>\n\nHELP\n' \
	    > md/new/1
}

# Each probe BIN succeeds when BIN obeyed its switch.
# The first seat's view for every reader: b is told it is a.
probe_plant_leak() {
	fresh leak "$1" &&
	AZALAI_TEST_PLANT_LEAK=1 "$1" show g --as b > show.txt 2>&1 &&
	grep -q '^  a (you):' show.txt
}
# A frozen clock: the answer's Message-ID carries the time it was queued.
probe_now() {
	fresh now "$1" && help_mail &&
	AZALAI_NOW=2001-02-03T04:05:06Z "$1" run > /dev/null 2>&1 &&
	grep -q -i '^Message-ID: <azalai\.2001020304' outbox/*
}
# Fixed secrets: two ledgers started with one seed give the seats one token.
probe_seed() {
	fresh seed1 "$1" &&
	AZALAI_SEED=7 "$1" new buqruru --seat a=a@x.org --seat b=b@x.org > out.txt 2>&1 &&
	fresh seed2 "$1" &&
	AZALAI_SEED=7 "$1" new buqruru --seat a=a@x.org --seat b=b@x.org > out.txt 2>&1 &&
	grep -q '^  seat a ' out.txt && cmp -s out.txt ../seed1/out.txt
}
# The hidden facts of each step written to a file beside the archive.
probe_archive_secrets() {
	fresh archive "$1" &&
	AZALAI_TEST_ARCHIVE_SECRETS=$dir/archive/secrets.txt "$1" archive site \
	    > /dev/null 2>&1
	[ -e "$dir/archive/secrets.txt" ]
}
# The run dies on the message named: it stays unanswered.
probe_crash_message() {
	fresh crash "$1" && help_mail &&
	AZALAI_TEST_CRASH_MESSAGE=1 "$1" run > /dev/null 2>&1
	[ "$(sqlite3 azalai.db 'SELECT status FROM messages WHERE id = 1')" = new ]
}
# AZALAI_TEST_DIE_AFTER_COMMIT, AZALAI_TEST_DIE_AFTER_UID and
# AZALAI_TEST_PAUSE_AFTER_COMMIT act in the IMAP and POP3 fetchers alone, which need a mail server
# (tests/mail-failures.sh uses them); the names below prove the release
# binary cannot read them.
PROBES='plant_leak now seed archive_secrets crash_message'

for p in $PROBES; do
	check "azalai-test obeys the $p switch: the probe can see it" "probe_$p '$az'"
	check "the release azalai ignores the $p switch" "! probe_$p '$release'"
done

# A switch is read by its name: a binary without the name cannot obey it.
NAMES='AZALAI_TEST_ AZALAI_NOW AZALAI_SEED'
for n in $NAMES; do
	check "azalai-test names $n: the search can find it" \
	    "[ \"\$(grep -c -a '$n' '$az')\" -gt 0 ]"
	check "the release azalai names no $n" "[ \"\$(grep -c -a '$n' '$release')\" = 0 ]"
done

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
