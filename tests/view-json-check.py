#!/usr/bin/env python3
"""Reads tests/view-json-dump's records on stdin and checks each view:
it validates against doc/view-schema.json, and none of its strings holds a
secret of its reader (as game_rules.secrets lists them, the other seats'
tokens, the seed and its commitment's salt while the game runs). Also checks that the schema refuses
a view with an unknown key or a value of the wrong type, and that the
secrets scan can see: a seat's JSON does show facts hidden from the others.
And what a program plays from (promises()): each deadline also in ISO 8601,
the full legal list beside a summary, "all" for a seatless view after the
end.

usage: view-json-check.py SCHEMA [--expect-leaks]
--expect-leaks: a leak is planted (AZALAI_TEST_PLANT_LEAK): succeed only
when leaks are found."""
import copy
import json
import re
import sys

import jsonschema

def word(c):
    return c.isascii() and c.isalnum()

def secret_in(text, s):
    """As src/game.c's secret_in: s not as part of a longer word or number,
    a space of s also where the text folds its line (line breaks, then the
    next line's indent)."""
    folded = r'(?: |[\r\n]+ *)'.join(re.escape(part) for part in s.split(' '))
    for m in re.finditer('(?=(' + folded + '))', text):
        i, end = m.start(), m.start() + len(m.group(1))
        before = i > 0 and word(text[i - 1]) and word(s[0])
        after = end < len(text) and word(text[end]) and word(s[-1])
        if not before and not after:
            return True
    return False

def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)
    elif isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from strings(x)

def first(v, want, path=()):
    """The path to the first value inside v (not v itself) for which want holds."""
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        if want(x):
            return path + (k,)
        p = first(x, want, path + (k,))
        if p is not None:
            return p
    return None

def at(v, path):
    for k in path:
        v = v[k]
    return v

def spoiled(doc):
    """Copies of a valid doc, each wrong in one way the schema must refuse."""
    out = []
    d = copy.deepcopy(doc)
    d["view"]["surprise"] = 1
    out.append(("an unknown key in the view", d))
    d = copy.deepcopy(doc)
    p = first(d["view"], lambda x: isinstance(x, dict) and x)
    at(d["view"], p)["surprise"] = "x"
    out.append(("an unknown key in view." + ".".join(map(str, p)), d))
    for name, want, bad in (
            ("an integer", lambda x: type(x) is int, "7"),
            ("a boolean", lambda x: type(x) is bool, 1),
            ("a string", lambda x: type(x) is str, 3),
            ("a list", lambda x: type(x) is list, {})):
        d = copy.deepcopy(doc)
        p = first(d["view"], want)
        if p is None:
            continue
        at(d["view"], p[:-1])[p[-1]] = bad
        out.append((name + " of the wrong type at view." + ".".join(map(str, p)), d))
    d = copy.deepcopy(doc)
    del d["view"]["step"]
    out.append(("a missing key", d))
    if "reveal" in doc["view"]:
        d = copy.deepcopy(doc)
        d["viewer"] = "observer"
        out.append(("\"observer\" as the viewer of a view after the end", d))
    d = copy.deepcopy(doc)
    d["view"]["your_deadline_at"] = "Thu 03 Dec 2026 08:15 UTC"
    out.append(("a deadline in words where ISO 8601 belongs", d))
    return out

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")

def promises(doc, v, count):
    """What a program may rely on beyond the types; None, or what is broken.
    count gathers how often each promise was put to the test."""
    view = doc["view"]
    if "reveal" in view and v < 0:
        count["all"] = count.get("all", 0) + 1
        if doc["viewer"] != "all":
            return "a view without a seat after the end says viewer %r" % doc["viewer"]
    for d in view["deadlines"] + [w for w in view["waiting"] if w["due"]]:
        count["due_at"] = count.get("due_at", 0) + 1
        if not ISO.match(d["due_at"]):
            return "deadline %r has no ISO time (due_at %r)" % (d["due"], d["due_at"])
    if bool(view["your_deadline"]) != bool(view["your_deadline_at"]):
        return "your_deadline %r, your_deadline_at %r" % (
            view["your_deadline"], view["your_deadline_at"])
    if view["your_turn"] and not view["legal_all"]:
        return "the reader's turn with no legal_all"
    if not view["your_turn"] and view["legal_all"]:
        return "legal_all when no decision of the reader is due"
    if view["legal_short"]:
        count["legal_all"] = count.get("legal_all", 0) + 1
        if len(view["legal_all"]) < len(view["legal"]) - 3:
            return "legal_all is shorter than the summary"
    return None

def leaves(errors):
    for e in errors:
        if e.context:
            yield from leaves(e.context)
        else:
            yield e

def main():
    schema = json.load(open(sys.argv[1]))
    expect_leaks = "--expect-leaks" in sys.argv[2:]
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    val = cls(schema)
    secrets = {}
    hidden_from = {}
    views = leaks = 0
    # Per game: a scan blind in one game must not pass on another's hits.
    caught, positives = {}, {}
    count = {}
    seen = {}
    first_leak = None
    views_since_secrets = 0
    for n, line in enumerate(sys.stdin, 1):
        line = line.rstrip("\n")
        if line.startswith("G "):
            game = line[2:]
            continue
        if line.startswith("S "):
            _, v, s = line.split(" ", 2)
            if views_since_secrets:
                secrets.clear()
            views_since_secrets = 0
            secrets.setdefault(int(v), []).append(s)
            continue
        if not line.startswith("V "):
            continue
        views_since_secrets = 1
        _, v, text = line.split(" ", 2)
        v = int(v)
        doc = json.loads(text)
        # A planted run only proves the scan sees leaks; the same views were
        # validated unplanted, and validation is most of the time.
        errors = [] if expect_leaks else list(val.iter_errors(doc))
        if errors:
            # The deepest error says what is wrong; an outer one ("properties
            # not allowed") only that a branch failed.
            e = max(leaves(errors), key=lambda e: len(e.absolute_path))
            print("FAIL: %s, step %s, viewer %s: view.json at %s: %s" % (
                game, doc.get("step"), v, "/".join(map(str, e.absolute_path)),
                e.message[:300]))
            return 1
        broken = None if expect_leaks else promises(doc, v, count)
        if broken:
            print("FAIL: %s, step %s, viewer %s: %s" % (game, doc.get("step"), v, broken))
            return 1
        views += 1
        kind = (doc["rules"], "over" if doc["view"].get("reveal") else
                "observer" if v < 0 else "seat")
        if kind not in seen:
            seen[kind] = doc
        body = "\n".join(strings(doc))
        if "\x01" in body or "\x02" in body:
            print("FAIL: %s, step %s, viewer %s: a message is not rendered: %r" % (
                game, doc["step"], v, body[max(0, body.find("\x01"), body.find("\x02")) - 40:][:120]))
            return 1
        mine = secrets.get(v, [])
        for s in mine:
            if secret_in(body, s):
                leaks += 1
                caught[doc["rules"]] = caught.get(doc["rules"], 0) + 1
                if first_leak is None:
                    first_leak = "%s, step %s: %s's JSON holds \"%s\"" % (
                        game, doc["step"], "an observer" if v < 0 else "seat %d" % v, s)
        # The positive control: what another reader may not know and this
        # one may, this one's view says in the words the scan looks for.
        others = {s for w, l in secrets.items() if w != v for s in l}
        for s in others - set(mine):
            if secret_in(body, s):
                positives[doc["rules"]] = positives.get(doc["rules"], 0) + 1
    if expect_leaks:
        print("# planted leak: %d leaks caught (%s), the first: %s" % (
            leaks, ", ".join("%s %d" % kv for kv in sorted(caught.items())), first_leak))
        for rules in ("buqruru", "targi", "targui"):
            if not caught.get(rules):
                print("FAIL: the leak planted in %s went unseen" % rules)
                return 1
        return 0
    if leaks:
        print("FAIL: %d leaks, the first: %s" % (leaks, first_leak))
        return 1
    for rules in ("buqruru", "targi", "targui"):
        for k in ("seat", "observer", "over"):
            if (rules, k) not in seen:
                print("FAIL: no %s view of %s was checked" % (k, rules))
                return 1
    for what in ("all", "due_at", "legal_all"):
        if not count.get(what):
            print("FAIL: no view put the promise about %s to the test" % what)
            return 1
    refused = 0
    for kind, doc in sorted(seen.items()):
        for what, bad in spoiled(doc):
            if val.is_valid(bad):
                print("FAIL: the schema takes a %s view with %s" % (kind[0], what))
                return 1
            refused += 1
    for rules in ("buqruru", "targi", "targui"):
        if not positives.get(rules):
            print("FAIL: no seat's JSON of %s ever showed a fact hidden from another "
                  "reader: the scan cannot see there" % rules)
            return 1
    print("# %d views valid and free of their readers' secrets; %d times a seat saw "
          "what others may not; %d spoiled views refused" % (views, sum(positives.values()),
                                                             refused))
    return 0

if __name__ == "__main__":
    sys.exit(main())
