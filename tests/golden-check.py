#!/usr/bin/env python3
"""The invariants of a whole campaign played by contrib/demo (tests/golden-demo.sh
runs it on every mail of the long campaigns, whose bytes are no longer kept):

  - every mail is well-formed MIME: Python's parser finds no defect in any
    part (a boundary never closed, a bad base64 or header), every text part
    decodes in the charset it names, the headers a mail must have are there,
    it goes to the address its file name says and X-Azalai-Kind names the
    kind its file name says;
  - no mail holds another seat's token, and none holds the game's seed
    before the mails that end the game (the last run's);
  - a report offers each order once: no order line to copy (indented, with
    or without its choice number) appears twice in the text part (issue 31:
    the orders were listed twice, to copy and by number);
  - every mail that answers a player's mail is threaded: In-Reply-To names
    a mail that reader sent and References holds it; and every mail the
    players sent is answered by one; every other mail with In-Reply-To
    (a report, a notice) threads under that reader's welcome mail.

usage: golden-check.py DIR SEED   (DIR: contrib/demo's directory)
Prints one FAIL line per finding (at most 5 of a kind) and exits 1 on any.
"""
import email
import email.policy
import email.utils
import glob
import os
import re
import sys

REQUIRED = ("From", "To", "Date", "Subject", "Message-Id", "MIME-Version")
# An order offered to copy: indented, maybe after its choice number, an
# upper-case keyword then words and numbers only ("   3  TAKE 7", "  SOW").
ORDER_LINE = re.compile(r"^ {2,}(?:\d{1,2}  +)?([A-ZÄÖÜÉÈÇÑ]{2,}(?: [A-Za-z0-9ÄÖÜÉÈÇÑäöüéèçñ]+)*) *$")


def main():
    top, seed = sys.argv[1], sys.argv[2]
    tokens = {}
    with open(os.path.join(top, "seats.txt")) as f:
        for line in f:
            w = line.split()
            if len(w) == 4 and w[0] == "seat":
                tokens[w[1]] = w[3]
    if not tokens or not re.fullmatch(r"-?\d+", seed):
        print(f"FAIL: no seats in {top}/seats.txt or no seed ({seed!r})")
        return 1

    sent = {}  # Message-ID of a player's mail -> its seat
    for p in glob.glob(os.path.join(top, "Maildir", "*", "*")):
        with open(p, "rb") as f:
            m = email.message_from_binary_file(f, policy=email.policy.default)
        sent[m["Message-ID"].strip()] = email.utils.parseaddr(m["From"])[1].split("@")[0]

    found = {}

    def bad(kind, name, what):
        found.setdefault(kind, []).append(f"{name}: {what}")

    mails = sorted(glob.glob(os.path.join(top, "outbox", "*.eml")))
    parsed = []
    for p in mails:
        name = os.path.basename(p)
        mm = re.fullmatch(r"\d+-([a-z]+)-(.+)@(.+)\.eml", name)
        if not mm:
            bad("name", name, "not NNNNNN-KIND-SEAT@HOST.eml")
            continue
        kind, seat = mm.group(1), mm.group(2)
        with open(p, "rb") as f:
            raw = f.read()
        m = email.message_from_bytes(raw, policy=email.policy.default)
        parsed.append((name, kind, seat, raw, m))
        for h in REQUIRED:
            if m[h] is None:
                bad("mime", name, f"no {h} header")
        if (m["X-Azalai-Kind"] or "").strip() != kind:
            bad("mime", name, f"X-Azalai-Kind {m['X-Azalai-Kind']!r}, not {kind}")
        to = email.utils.parseaddr(m["To"] or "")[1]
        if to != f"{seat}@{mm.group(3)}":
            bad("mime", name, f"To {to!r}")
        text = [str(m["Subject"] or "")]
        plain = None
        for part in m.walk():
            for d in part.defects:
                bad("mime", name, f"{part.get_content_type()}: {type(d).__name__}")
            if part.is_multipart():
                continue
            try:
                body = part.get_content()
            except Exception as e:  # a charset or encoding the part cannot be read in
                bad("mime", name, f"{part.get_content_type()} does not decode: {e}")
                continue
            if part.get_content_maintype() == "text":
                text.append(body)
            if part.get_content_type() == "text/plain" and plain is None:
                plain = body
        offered = {}
        for line in (plain or "").splitlines():
            o = ORDER_LINE.match(line)
            if o:
                offered[o.group(1)] = offered.get(o.group(1), 0) + 1
        twice = sorted(o for o, n in offered.items() if n > 1)
        if twice:
            bad("offered", name, f"offers {twice[0]!r} {offered[twice[0]]} times")
        # Decoded too: quoted-printable may cut a token at a soft line break.
        seen = raw.decode("utf-8", "replace") + "\n" + "\n".join(text)
        for other, tok in tokens.items():
            if other != seat and tok in seen:
                bad("secret", name, f"holds {other}'s token {tok}")
        parsed[-1] = (name, kind, seat, seen, m)

    # The seed is shown once the game is over: in the last run's mails only.
    # contrib/demo moves the clock on by five minutes between runs.
    def run(m):
        return int(email.utils.parsedate_to_datetime(m["Date"]).timestamp()) // 300

    # The ledger's INTEGER is signed; mails show the same 64 bits unsigned.
    shown = str(int(seed) % 2**64)
    # In hex too, as test_secrets looks for it: a seed printed so is as bad.
    hexed = "%016x" % (int(seed) % 2**64)
    last = run(parsed[-1][4]) if parsed else None
    revealed = False
    for name, kind, seat, seen, m in parsed:
        low = seen.lower()
        if shown in seen or hexed in low or hexed.lstrip("0") in low:
            if run(m) != last:
                bad("secret", name, "holds the game's seed before the game is over")
            revealed = revealed or shown in seen
    # The search is shown to work: the end reveals the seed.
    if parsed and not revealed:
        bad("secret", top, f"no mail of the last run shows the seed {shown}")

    welcome = {}
    for name, kind, seat, seen, m in parsed:
        if kind == "welcome":
            welcome[(m["Message-Id"] or "").strip()] = seat
    answered = set()
    for name, kind, seat, seen, m in parsed:
        irt = (m["In-Reply-To"] or "").strip()
        if not irt:
            if kind == "ack":
                bad("thread", name, "an answer without In-Reply-To")
            continue
        if sent.get(irt) != seat and welcome.get(irt) != seat:
            bad("thread", name, f"In-Reply-To {irt}: no mail {seat} sent, "
                "nor its welcome")
        if irt not in (m["References"] or "").split():
            bad("thread", name, f"References {m['References']!r} lacks {irt}")
        answered.add(irt)
    for mid in sorted(set(sent) - answered):
        bad("thread", mid, "a player's mail nobody answered")

    for kind, what in found.items():
        print(f"FAIL: {len(what)} {kind} findings, e.g.:")
        for w in what[:5]:
            print(f"    {w}")
    print(f"{len(parsed)} mails, {len(sent)} player mails read: {len(found)} kinds of findings")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
