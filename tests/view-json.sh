#!/bin/sh
# The view as JSON (doc/view-json.md): random games of every game, every
# reader at many steps, checked against doc/view-schema.json and for the
# reader's secrets (tests/view-json-check.py); a planted leak must be caught;
# then `azalai show --json` and `azalai replay --json` from the command line.
# AZ_VIEW_GAMES sets the games per setup (default 1).
. "${top_srcdir:-.}/tests/lib.sh"
dump=$(dirname "$az")/tests/view-json-dump
schema=$src/doc/view-schema.json
check="python3 $src/tests/view-json-check.py $schema"
python3 -c 'import jsonschema' 2> /dev/null ||
	{ echo "SKIP: python3-jsonschema is not installed"; exit 77; }

export srcdir="$src"
if "$dump" "${AZ_VIEW_GAMES:-1}" 1 > "$dir/views.txt" 2> "$dir/dump.err" &&
    grep -q '^V ' "$dir/views.txt"; then
	if $check < "$dir/views.txt"; then pass; else fail "the views of random games"; fi
else
	fail "view-json-dump: $(tail -n 3 "$dir/dump.err" "$dir/views.txt")"
fi
# A planted leak: every reader is shown the first seat's view. Two games
# a setup, so that the first seat holds a secret of each game at a step
# the dump reads (one game of Buqruru and Targui seldom did).
if AZALAI_TEST_PLANT_LEAK=1 "$dump" 2 2 > "$dir/planted.txt" 2> "$dir/dump.err" &&
    $check --expect-leaks < "$dir/planted.txt"; then pass; else fail "a planted leak went unseen"; fi

# The command line.
cd "$dir"
printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml
"$az" init > /dev/null 2>&1 || fail "init"
"$az" new targi --name t1 --seat north=n@example.org --seat south=s@example.org > new.txt 2>&1 ||
	fail "new targi"
tok_n=$(awk '$1 == "seat" && $2 == "north" { print $4 }' new.txt)
tok_s=$(awk '$1 == "seat" && $2 == "south" { print $4 }' new.txt)
[ -n "$tok_n" ] && [ -n "$tok_s" ] || fail "no tokens in: $(cat new.txt)"
# record FILE VIEWER: a dump record for the checker, with the tokens the
# reader may not know.
record() {
	for v in -1 0 1; do
		[ "$v" != 0 ] && echo "S $v $tok_n"
		[ "$v" != 1 ] && echo "S $v $tok_s"
	done
	printf 'V %s ' "$2"
	tr -d '\n' < "$1"
	echo
}
for as in north south; do
	if "$az" show t1 --as $as --json > show-$as.json 2> err.txt; then pass; else
		fail "show --as $as --json: $(cat err.txt)"; fi
done
if "$az" show t1 --json > show-obs.json 2> err.txt; then pass; else fail "show --json"; fi
{ echo "G targi cli"; record show-obs.json -1; record show-north.json 0
  record show-south.json 1; } > cli.txt
# Only JSON on stdout: no campaign lines after it.
if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' show-north.json; then pass; else
	fail "show --json prints more than JSON"; fi
if grep -q '"viewer" : 0' show-north.json && grep -q '"seat" : "north"' show-north.json &&
    grep -q '"viewer" : "observer"' show-obs.json; then pass; else
	fail "show --json names the wrong viewer"; fi
# The version the output says is the one the manual, the doc and the schema say.
v=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' show-north.json)
if grep -q "^($v, raised when a key is added" "$src/man/azalai.1" &&
    grep -q "\"version\" : $v,\$" "$src/doc/view-json.md" &&
    python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["properties"]["version"]["const"] != int(sys.argv[2]))' \
	"$schema" "$v"; then pass; else
	fail "the output's version $v is not the one azalai(1), doc/view-json.md and the schema say"; fi
if "$az" show t1 --as east --json > out.txt 2> err.txt; then fail "--as east"; else
	[ $? = 64 ] && grep -q 'has no seat "east"' err.txt && pass || fail "--as east: $(cat err.txt)"; fi
if "$az" replay t1 --step 0 --as south --json > replay.json 2> err.txt; then pass; else
	fail "replay --json: $(cat err.txt)"; fi
if grep -q '"step" : 0' replay.json && ! grep -q 'replay verified' replay.json; then pass; else
	fail "replay --step 0 --json: $(head -c 300 replay.json)"; fi
record replay.json 1 >> cli.txt
# A bot game is over when new returns: every reader sees it all.
"$az" new buqruru --name b1 --seat a=bot --seat b=bot > /dev/null 2>&1 || fail "new buqruru"
"$az" show b1 --as a --json > over.json 2> err.txt || fail "show b1 --json: $(cat err.txt)"
"$az" replay b1 --step 3 --json > mid.json 2> err.txt || fail "replay b1 --json: $(cat err.txt)"
if grep -q '"reveal"' over.json; then pass; else fail "a finished game's JSON reveals nothing"; fi
# Without a seat, a view of everything after the end: "all" (doc/view-json.md).
if grep -q '"viewer" : "all"' mid.json && grep -q '"viewer" : 0' over.json; then pass; else
	fail "a finished game's seatless view is not \"all\": $(grep '"viewer"' mid.json over.json)"; fi
{ echo "G buqruru cli"; printf 'V -1 '; tr -d '\n' < over.json; echo
  printf 'V -1 '; tr -d '\n' < mid.json; echo; } >> cli.txt
# The command-line views are valid too (the spoiled-view checks need more
# kinds of view than these, hence the planted run's flag: no leak expected).
if python3 - "$schema" cli.txt <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
val = jsonschema.validators.validator_for(schema)(schema)
tokens, bad = {}, 0
for line in open(sys.argv[2]):
    if line.startswith("S "):
        _, v, t = line.split()
        tokens.setdefault(int(v), []).append(t)
    elif line.startswith("V "):
        _, v, text = line.split(" ", 2)
        for e in val.iter_errors(json.loads(text)):
            print("invalid:", "/".join(map(str, e.path)), e.message[:200]); bad += 1
        for t in tokens.get(int(v), []):
            if t in text:
                print("viewer", v, "sees token", t); bad += 1
sys.exit(1 if bad else 0)
PY
then pass; else fail "the command line's views"; fi

# The command line's views hide what they must: two ledgers alike but for
# the hole seat a sealed (c or d) give seat b and an observer the same
# JSON, from show and replay, while a's own differ (the comparison can see).
# All but the chain head: it hashes the step's state with the game's rng,
# which comes from the seed, secret until the end (doc/verify.md).
for h in c d; do
	mkdir "seal-$h"
	(cd "seal-$h" && export AZALAI_NOW=1795262400 AZALAI_SEED=20261121 &&
	 printf 'datadir: %s\nlog:\n  to: none\n' "$src" > azalai.yaml &&
	 "$az" init > /dev/null 2>&1 &&
	 "$az" new buqruru --name s1 --seat a=a@example.org --seat b=b@example.org > new.txt &&
	 printf 'From: a@example.org\nTo: referee@example.org\nSubject: o\nMessage-ID: <seal@x>\n\nGAME s1\nSEAT a\nTOKEN %s\nHOLE %s\n' \
	    "$(awk '$2 == "a" { print $4 }' new.txt)" "$h" | "$az" ingest --stdin > /dev/null 2>&1 &&
	 "$az" show s1 --as a --json > a.json && "$az" show s1 --as b --json > b.json &&
	 "$az" show s1 --json > obs.json &&
	 "$az" replay s1 --step 1 --as b --json > replay-b.json &&
	 "$az" replay s1 --step 1 --json > replay-obs.json) || fail "the sealed game with hole $h"
done
if grep -q '"status" : "Round 1: you chose sealed hole c' seal-c/a.json &&
    ! cmp -s seal-c/a.json seal-d/a.json; then pass; else
	fail "seat a's own view does not show its sealed hole: $(grep status seal-c/a.json)"; fi
for f in b obs replay-b replay-obs; do
	for h in c d; do grep -v '^    "chain_head" : ' "seal-$h/$f.json" > "seal-$h/$f.cut"; done
	if [ -s seal-c/$f.cut ] && cmp -s "seal-c/$f.cut" "seal-d/$f.cut"; then pass; else
		fail "$f.json shows which hole a sealed: $(diff "seal-c/$f.cut" "seal-d/$f.cut" | head -5)"; fi
done

# By mail: the seat that asked gets view.json beside its report, valid and
# its own; the other seat's report has none.
printf 'datadir: %s\nlog:\n  to: none\ndeliver:\n  outdir: out\n' "$src" > azalai.yaml
if "$az" seat t1 north json maybe > out.txt 2> err.txt; then fail "json maybe"; else
	[ $? = 64 ] && grep -q 'say on or off' err.txt && pass || fail "json maybe: $(cat err.txt)"; fi
if "$az" seat t1 north json on > out.txt 2> err.txt &&
    grep -q "seat north's reports carry its view as JSON" out.txt; then pass; else
	fail "seat json on: $(cat out.txt err.txt)"; fi
# order SEAT TOKEN: mails the seat's first legal order.
order() {
	o=$("$az" show t1 --as "$1" --json | python3 -c \
	    'import json,sys; print(json.load(sys.stdin)["view"]["legal"][0]["text"])')
	printf 'From: %s@example.org\nTo: referee@example.org\nSubject: o\nMessage-ID: <%s.%s@x>\n\nGAME t1\nSEAT %s\nTOKEN %s\n%s\n' \
	    "$(echo "$1" | cut -c1)" "$1" "$(date +%s%N)" "$1" "$2" "$o" | "$az" ingest --stdin > /dev/null 2>&1 ||
	    fail "ingest $1's order"
}
"$az" outbox flush > /dev/null 2>&1
order north "$tok_n"
order south "$tok_s"
order north "$tok_n"
"$az" outbox flush > /dev/null 2>&1 || fail "outbox flush"
if python3 - "$schema" out <<'PY'
import email, glob, json, os, sys, jsonschema
schema = json.load(open(sys.argv[1]))
val = jsonschema.validators.validator_for(schema)(schema)
seen = {"n": 0, "s": 0}
for f in sorted(glob.glob(os.path.join(sys.argv[2], "*-report-*.eml"))):
    m = email.message_from_binary_file(open(f, "rb"))
    parts = [p for p in m.walk() if p.get_filename() == "view.json"]
    who = os.path.basename(f).split("-report-")[1][0]
    if who == "s":
        if parts:
            sys.exit("south's report carries view.json: " + f)
        seen["s"] += 1
        continue
    if len(parts) != 1 or parts[0].get_content_type() != "application/json":
        sys.exit("north's report has no view.json part: " + f)
    # multipart/mixed: first the report (text/plain, or multipart/alternative
    # of text and html with its pictures), then view.json beside it, an
    # attachment of the mail itself rather than a part of the report's body.
    top = m.get_payload() if m.get_content_type() == "multipart/mixed" else []
    if len(top) < 2 or top[-1] is not parts[0] or \
            parts[0].get_content_disposition() != "attachment" or \
            top[0].get_content_type() not in ("text/plain", "multipart/alternative"):
        sys.exit("north's report is not the report, then view.json: " + f)
    texts = [p for p in top[0].walk() if p.get_content_type() == "text/plain"]
    if not texts:
        sys.exit("north's report has no text: " + f)
    doc = json.loads(parts[0].get_payload(decode=True))
    for e in val.iter_errors(doc):
        sys.exit("invalid view.json in %s: %s: %s" % (f, "/".join(map(str, e.path)), e.message))
    if doc["viewer"] != 0 or doc["view"]["seat"] != "north":
        sys.exit("north's view.json is not north's: " + f)
    if "Targi t1, step %d:" % doc["step"] not in texts[0].get_payload(decode=True).decode():
        sys.exit("view.json is of another step than its report: " + f)
    seen["n"] += 1
sys.exit(0 if seen["n"] > 0 and seen["s"] > 0 else "reports seen: %r" % seen)
PY
then pass; else fail "view.json by mail"; fi
if grep -l "$tok_s" out/*-report-n@* > /dev/null 2>&1; then fail "south's token reached north"; else pass; fi

# Under `due` no report follows most of north's orders: the ack that says
# whose move it is is the only mail of that step, and carries the view too.
# Each deadline has its ISO time beside the words.
"$az" seat t1 north notify due > /dev/null 2>&1 || fail "notify due"
rm -f out/*.eml
for _ in 1 2 3; do
	order north "$tok_n"
	order south "$tok_s"
done
"$az" outbox flush > /dev/null 2>&1 || fail "outbox flush"
if python3 - "$schema" out <<'PY'
import email, glob, json, os, re, sys, jsonschema
schema = json.load(open(sys.argv[1]))
val = jsonschema.validators.validator_for(schema)(schema)
acks = turns = 0
for f in sorted(glob.glob(os.path.join(sys.argv[2], "*-ack-n@*.eml"))):
    m = email.message_from_binary_file(open(f, "rb"))
    parts = [p for p in m.walk() if p.get_filename() == "view.json"]
    if len(parts) != 1:
        sys.exit("north's ack has no view.json: " + f)
    doc = json.loads(parts[0].get_payload(decode=True))
    for e in val.iter_errors(doc):
        sys.exit("invalid view.json in %s: %s: %s" % (f, "/".join(map(str, e.path)), e.message))
    v = doc["view"]
    if doc["viewer"] != 0 or "lines" in v or "step %d" % doc["step"] not in m["Subject"]:
        sys.exit("the ack's view.json is not north's view of its step: " + f)
    acks += 1
    if v["your_turn"]:
        turns += 1
        if not re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", v["your_deadline_at"]):
            sys.exit("north's deadline %r has no ISO time: %r" % (v["your_deadline"],
                     v["your_deadline_at"]))
        if not v["legal_all"] or v["legal_all"][0]["text"] not in \
                [t["text"] for t in v["legal"]]:
            sys.exit("north's legal_all is not its orders: %r" % v["legal_all"][:3])
sys.exit(0 if acks >= 3 and turns > 0 else "acks with view.json: %d, saying north's move: %d"
         % (acks, turns))
PY
then pass; else fail "view.json with an ack under notify due"; fi

# A German reader: the same data as the English one, keys untranslated,
# messages in German: first by `show --json` with the campaign's language,
# then by mail. b1 is over, so every reader sees the same; t1 and a targui
# game test running games.
# same.py SCHEMA [--plant] NAME EN DE WORD...: each German view DE has the
# data of the English EN in German (WORD in a text); --plant: four planted
# differences in each DE (a number, a key, an item, a name translated) must
# each be found, or the comparison could pass anything.
cat > same.py <<'PY'
import copy, json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
val = jsonschema.validators.validator_for(schema)(schema)
plant = sys.argv[2] == "--plant"
args = sys.argv[3 if plant else 2:]
def same(en, de, path, bad):
    """Everything but the texts alike; yields the texts that differ."""
    if type(en) is not type(de):
        bad.append("%s: %r in English, %r in German" % (path, en, de))
    elif isinstance(en, dict):
        if list(en) != list(de):
            bad.append("%s: keys %s in English, %s in German" % (path, list(en), list(de)))
        else:
            for k in en:
                yield from same(en[k], de[k], path + "/" + k, bad)
    elif isinstance(en, list) and all(isinstance(x, dict) and list(x) in (["line"], ["text"])
                                      for x in en + de):
        # Lines of text ({line} or {text}): a longer language wraps into more.
        if en != de:
            yield path, en, " ".join(str(x) for x in de)
    elif isinstance(en, list):
        if len(en) != len(de):
            bad.append("%s: %d items in English, %d in German" % (path, len(en), len(de)))
        else:
            for i, (a, b) in enumerate(zip(en, de)):
                yield from same(a, b, "%s/%d" % (path, i), bad)
    elif isinstance(en, str):
        if en != de:
            yield path, en, de
    elif en != de:
        bad.append("%s: %r in English, %r in German" % (path, en, de))
def compare(name, en, de, german):
    """What is wrong with de as en's data in German."""
    bad = []
    texts = list(same(en, de, name, bad))
    # Names, keys for scripts and the JSON's own words stay as they are.
    for path in ("/rules", "/game", "/viewer", "/view/seat", "/view/game_id", "/view/phase"):
        if path.rsplit("/", 1)[1] in (de["view"] if path.startswith("/view/") else de) and \
                any(p == name + path for p, _, _ in texts):
            bad.append("%s%s is translated" % (name, path))
    if not any(german in d for _, _, d in texts):
        bad.append("%s: no German in the German view (no %r)" % (name, german))
    return bad
def first(doc, want):
    """The first (container, key) in doc whose value want() accepts."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for k, v in items:
        if want(v):
            return doc, k
        if isinstance(v, (dict, list)):
            hit = first(v, want)
            if hit:
                return hit
    return None
def planted(de):
    """De with one difference each a comparison must find."""
    num = copy.deepcopy(de)
    c, k = first(num["view"], lambda v: type(v) is int)
    c[k] += 1
    key = copy.deepcopy(de)
    key["view"].pop(list(key["view"])[-1])
    item = copy.deepcopy(de)
    c, k = first(item["view"], lambda v: isinstance(v, list) and v and
                 not all(isinstance(x, dict) and list(x) in (["line"], ["text"]) for x in v))
    c[k].pop()
    name = copy.deepcopy(de)
    name["view"]["seat"] = "Nord" if "seat" in name["view"] else name["view"]["seat"]
    name["game"] += "-de"
    return (("a number", num), ("a key", key), ("an item", item), ("a name", name))
fails = 0
for i in range(0, len(args), 4):
    name, en, de, german = args[i:i + 4]
    en, de = json.load(open(en)), json.load(open(de))
    if plant:
        for what, p in planted(de):
            if not compare(name, en, p, german):
                print("%s: %s planted in the German view went unseen" % (name, what))
                fails += 1
        continue
    for e in val.iter_errors(de):
        print("%s in German: %s: %s" % (name, "/".join(map(str, e.path)), e.message[:200]))
        fails += 1
    for b in compare(name, en, de, german):
        print(b)
        fails += 1
sys.exit(1 if fails else 0)
PY
"$az" new targui --name u1 --seat north=n@example.org --seat south=s@example.org \
    --seat east=e@example.org > /dev/null 2>&1 || fail "new targui"
# seat SHOW: the seat to show of game g (b1's seats are a and b).
seat() { if [ "$1" = b1 ]; then echo b; else echo south; fi; }
for g in t1 b1 u1; do
	"$az" show $g --as "$(seat $g)" --json > en-$g.json 2> err.txt || fail "show $g: $(cat err.txt)"
done
printf 'datadir: %s\nlanguage: de\nlog:\n  to: none\n' "$src" > azalai.yaml
for g in t1 b1 u1; do
	"$az" show $g --as "$(seat $g)" --json > de-$g.json 2> err.txt || fail "show $g in German: $(cat err.txt)"
done
shown="t1 en-t1.json de-t1.json Adeliger b1 en-b1.json de-b1.json Uhrzeigersinn
    u1 en-u1.json de-u1.json Salzmine"
# shellcheck disable=SC2086
if python3 same.py "$schema" $shown; then pass; else
	fail "a German reader's view is not the English one's data in German"; fi

# By mail (issue 14): one game twice, from the same seed, time and orders, in
# two ledgers; north, who asked for view.json, reads English in one and German
# in the other. Each German report's view.json is the English one's data.
mailed() {
	mkdir "$1" && cd "$1" || { fail "cannot make $1"; return; }
	printf 'datadir: %s\nlog:\n  to: none\ndeliver:\n  outdir: out\n' "$src" > azalai.yaml
	"$az" init > /dev/null 2>&1 || fail "init in $1"
	"$az" new targi --name t1 --seat "north=n@example.org lang=$1" \
	    --seat south=s@example.org > new.txt 2>&1 || fail "new targi in $1: $(cat new.txt)"
	"$az" seat t1 north json on > /dev/null 2>&1 || fail "json on in $1"
	n=$(awk '$1 == "seat" && $2 == "north" { print $4 }' new.txt)
	s=$(awk '$1 == "seat" && $2 == "south" { print $4 }' new.txt)
	for _ in 1 2 3; do
		order north "$n"
		order south "$s"
	done
	# A reply waits a while before it goes (a quick correction replaces it).
	AZALAI_NOW=2026-01-06T12:00:00Z "$az" outbox flush > /dev/null 2>&1 || fail "flush in $1"
	python3 - out <<'PY'
import email, glob, os, sys
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*-report-n@*.eml"))):
    m = email.message_from_binary_file(open(f, "rb"))
    for p in m.walk():
        if p.get_filename() == "view.json":
            open(os.path.basename(f) + ".json", "wb").write(p.get_payload(decode=True))
PY
	cd ..
}
AZALAI_NOW=2026-01-05T12:00:00Z AZALAI_SEED=77
export AZALAI_NOW AZALAI_SEED
mailed en
mailed de
unset AZALAI_NOW AZALAI_SEED
pairs=
for f in en/*-report-n@*.json; do
	f=${f#en/}
	[ -f "de/$f" ] && pairs="$pairs mail-${f%%-*} en/$f de/$f Datteln"
done
# Each of north's reports carries view.json, in German too; two at least.
[ "$(echo "$pairs" | wc -w)" -ge 8 ] &&
    [ "$(find en -name '*.json' | wc -l)" = "$(find de -name '*.json' | wc -l)" ] &&
	pass || fail "too few reports with view.json by mail to compare: $pairs"
# shellcheck disable=SC2086
if python3 same.py "$schema" $pairs; then pass; else
	fail "a German seat's view.json by mail is not the English one's data in German"; fi
# Control: the comparison finds a difference planted in each German view.
# shellcheck disable=SC2086
if python3 same.py "$schema" --plant $shown $pairs; then pass; else
	fail "the comparison missed a planted difference"; fi

finish
