#!/usr/bin/env python3
"""Helpers of tests/one-tap*.sh: the mail a client makes of a report's
mailto: link (RFC 6068) or of Reply with a number, and the links and numbered
choices of a queued report. Usage:

  onetap.py links DB OUTBOX_ID            one decoded link per line (JSON)
  onetap.py choices DB OUTBOX_ID          "N<TAB>text" per numbered choice
  onetap.py link-mail URL FROM MID        the mail a client sends for URL
  onetap.py eml-links FILE                "URL<TAB>order" per link of the
                                          HTML part of the mail in FILE
  onetap.py eml-choices FILE              "N<TAB>text" per numbered choice
                                          of the text part of that mail
  onetap.py eml-unsubscribe FILE          its List-Unsubscribe URI
  onetap.py reply-mail DB OUTBOX_ID FROM MID LINE [--no-thread]
                                          a Reply to that mail whose first
                                          line is LINE, the report quoted
"""
import html
import json
import re
import sqlite3
import sys
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default
from email.policy import SMTP
from urllib.parse import unquote, urlsplit


def row(db, oid):
    c = sqlite3.connect(db)
    r = c.execute("SELECT message_id, subject, body, html FROM outbox WHERE id = ?",
                  (int(oid),)).fetchone()
    c.close()
    return r


def links(db, oid):
    page = row(db, oid)[3] or ""
    return [html.unescape(h) for h in re.findall(r'href="(mailto:[^"]*)"', page)]


def decode(url):
    """RFC 6068: to, then hfields; every value percent-decoded as UTF-8."""
    u = urlsplit(url)
    assert u.scheme == "mailto", url
    fields = {"to": unquote(u.path)}
    for kv in u.query.split("&"):
        k, _, v = kv.partition("=")
        fields[unquote(k).lower()] = unquote(v)
    return fields


def eml(path):
    with open(path, "rb") as f:
        return BytesParser(policy=default).parse(f)


def part(msg, subtype):
    p = msg.get_body(preferencelist=(subtype,))
    return p.get_content() if p is not None else ""


def send(msg):
    sys.stdout.buffer.write(msg.as_bytes(policy=SMTP.clone(max_line_length=998)))
    sys.stdout.flush()


def main(a):
    if a[0] == "links":
        for url in links(a[1], a[2]):
            f = decode(url)
            f["length"] = len(url)
            print(json.dumps(f, ensure_ascii=False))
    elif a[0] == "choices":
        body = row(a[1], a[2])[2]
        for m in re.finditer(r"^ {2,3}(\d{1,2})  (\S.*)$", body, re.M):
            print("%s\t%s" % (m.group(1), m.group(2)))
    elif a[0] == "eml-links":
        page = part(eml(a[1]), "html")
        for h in re.findall(r'href="(mailto:[^"]*)"', page):
            url = html.unescape(h)
            lines = decode(url).get("body", "").split("\r\n")
            code = [i for i, ln in enumerate(lines) if ln.startswith("CODE ")]
            print("%s\t%s" % (url, lines[code[0] - 1] if code else ""))
    elif a[0] == "eml-choices":
        for m in re.finditer(r"^ {2,3}(\d{1,2})  (\S.*)$", part(eml(a[1]), "plain"), re.M):
            print("%s\t%s" % (m.group(1), m.group(2)))
    elif a[0] == "eml-unsubscribe":
        print(str(eml(a[1]).get("List-Unsubscribe", "")).strip().strip("<>"))
    elif a[0] == "link-mail":
        f = decode(a[1])
        m = EmailMessage()
        m["From"] = a[2]
        m["To"] = f["to"]
        m["Subject"] = f.get("subject", "")
        m["Message-ID"] = a[3]
        # A client sends the body as the link gave it, CRLF as its lines.
        m.set_content(f.get("body", "").replace("\r\n", "\n"))
        send(m)
    elif a[0] == "reply-mail":
        mid, subject, body, _ = row(a[1], a[2])
        m = EmailMessage()
        m["From"] = a[3]
        m["To"] = "referee@example.org"
        m["Subject"] = "Re: " + subject
        m["Message-ID"] = a[4]
        if "--no-thread" not in a:
            m["In-Reply-To"] = "<%s>" % mid
            m["References"] = "<%s>" % mid
        quoted = "".join("> " + ln + "\n" for ln in body.split("\n"))
        m.set_content("%s\n\nOn a day, the referee wrote:\n%s" % (a[5], quoted))
        send(m)
    else:
        sys.exit("unknown command " + a[0])


def entry():
    if sys.argv[1:2] == ["games"]:
        sys.exit(games(sys.argv[2], sys.argv[3]))
    main(sys.argv[1:])


# ---- the whole-game test of tests/one-tap.sh: "onetap.py games AZ DIR" ----

import os
import random
import shutil
import subprocess

GAMES = [  # game, (seat, language) x 2: all four languages across them
    ("buqruru", [("amastan", "en"), ("tinhinan", "de")]),
    ("targi", [("amastan", "fr"), ("tinhinan", "en")]),
    ("targui", [("amastan", "es"), ("tinhinan", "fr")]),
]


# The word before a number in a reply, in each language (po/common).
ORDER = {"en": "ORDER", "de": "ZUG", "es": "ORDEN", "fr": "ORDRE"}


class Run:
    def __init__(self, az, d):
        self.az, self.d, self.n, self.failed = az, d, 0, 0

    def az_run(self, d, *args):
        return subprocess.run([self.az] + list(args), cwd=d, capture_output=True,
                              text=True)

    def q(self, d, sql, *p):
        c = sqlite3.connect(os.path.join(d, "azalai.db"))
        r = c.execute(sql, p).fetchall()
        c.close()
        return r

    def deliver(self, d, mail):
        self.n += 1
        name = os.path.join(d, "Maildir", "new", "t%d.m" % self.n)
        with open(name, "wb") as f:
            f.write(mail)
        self.az_run(d, "run")
        return self.q(d, "SELECT max(id) FROM messages")[0][0]

    def scratch(self):
        s = os.path.join(self.d, "scratch")
        shutil.rmtree(s, ignore_errors=True)
        os.makedirs(os.path.join(s, "Maildir", "new"))
        for f in ("azalai.yaml", "azalai.db"):
            shutil.copy(os.path.join(self.d, f), s)
        return s

    def mail(self, *args):
        out = subprocess.run([sys.executable, __file__] + list(args),
                             capture_output=True, check=True)
        return out.stdout

    def played(self, d, msg):
        """The English text of the one order message msg played, or None."""
        r = self.q(d, "SELECT text FROM orders WHERE message = ? AND status = 'accepted' "
                   "AND event_seq IS NOT NULL", msg)
        rej = self.q(d, "SELECT count(*) FROM orders WHERE message = ? AND status <> "
                     "'accepted'", msg)[0][0]
        return r[0][0] if len(r) == 1 and rej == 0 else None

    def fail(self, what):
        self.failed += 1
        print("FAIL: " + what)


def games(az, d):
    r = Run(az, d)
    os.makedirs(os.path.join(d, "Maildir", "new"), exist_ok=True)
    with open(os.path.join(d, "azalai.yaml"), "w") as f:
        f.write("datadir: %s\nlog:\n  to: file\n  file: azalai.log\nreferee:\n"
                "  address: referee@example.org\n" % os.environ["top_srcdir"])
    r.az_run(d, "init")
    rnd = random.Random(int(os.environ.get("ONETAP_SEED", "1")))
    decisions = int(os.environ.get("AZ_TAP_DECISIONS", "2"))
    links_n = numbers_n = 0
    for game, seats in GAMES:
        args = ["new", game]
        for s, lang in seats:
            args += ["--seat", "%s=%s@example.org lang=%s" % (s, s, lang)]
        out = r.az_run(d, *args).stdout.split("\n")
        name = out[0].strip()
        tokens = {ln.split()[1]: ln.split()[3] for ln in out[1:] if ln.strip()}
        gid = r.q(d, "SELECT id FROM games WHERE name = ?", name)[0][0]
        done = set()
        for k in range(decisions):
            # The newest mail of the game that numbers choices (a welcome
            # mail has no HTML part: numbers only).
            rows = [x for x in r.q(d, "SELECT id, to_addr, seat_idx FROM outbox WHERE "
                                   "game_id = ? ORDER BY id DESC", gid)
                    if r.mail("choices", os.path.join(d, "azalai.db"), str(x[0]))][:1]
            if not rows or rows[0][0] in done:
                r.fail("%s: no report asks for a decision after %d" % (name, k))
                break
            oid, to, seat_idx = rows[0]
            done.add(oid)
            seat = seats[seat_idx][0]
            urls = links(os.path.join(d, "azalai.db"), oid)
            ch = [ln.split("\t", 1) for ln in r.mail("choices", os.path.join(
                d, "azalai.db"), str(oid)).decode().splitlines()]
            has_html = r.q(d, "SELECT html <> '' FROM outbox WHERE id = ?", oid)[0][0]
            if has_html and len(urls) != len(ch):
                r.fail("%s: mail %d has %d links and %d numbers" % (name, oid, len(urls),
                       len(ch)))
                break
            for i, (num, text) in enumerate(ch):
                url = urls[i] if urls else None
                f = decode(url) if url else {"body": text}
                if url and len(url) > 1500:
                    r.fail("%s: a link of %d characters" % (name, len(url)))
                if url and (tokens[seat] in url or tokens[seat] in f["body"]):
                    r.fail("%s: a link holds the seat's token" % name)
                if text not in f["body"].split("\r\n"):
                    r.fail("%s: link %d does not name choice %d (%s)" % (name, i + 1,
                           i + 1, text))
                # The order the seat means: its line, with the token (in
                # English, the line itself).
                s = r.scratch()
                ref = text if seats[seat_idx][1] == "en" else r.played(s, r.deliver(s, (
                    "From: %s\nTo: referee@example.org\nMessage-ID: <ref%d@x>\n"
                    "Subject: o\n\n%s %s\n%s %s\nTOKEN %s\n%s\n" % (
                        to, r.n, "GAME", name, "SEAT", seat, tokens[seat], text)
                ).encode()))
                if ref is None:
                    r.fail("%s: choice %s is no legal order: %s" % (name, ch[i][0], text))
                    continue
                if url:
                    s = r.scratch()
                    got = r.played(s, r.deliver(s, r.mail("link-mail", url, to,
                                                          "<l%d@x>" % r.n)))
                    links_n += 1
                    if got != ref:
                        r.fail("%s: link %d played %r, not %r" % (name, i + 1, got, ref))
                s = r.scratch()
                got = r.played(s, r.deliver(s, r.mail(
                    "reply-mail", os.path.join(d, "azalai.db"), str(oid), to,
                    "<n%d@x>" % r.n, num)))
                numbers_n += 1
                if got != ref:
                    r.fail("%s: number %s played %r, not %r" % (name, num, got, ref))
            # The game goes on by a link or by a number, at random.
            i = rnd.randrange(len(ch))
            if k % 2 == 1 and urls:
                m = r.mail("link-mail", urls[i], to, "<play%d@x>" % r.n)
            else:
                m = r.mail("reply-mail", os.path.join(d, "azalai.db"), str(oid), to,
                           "<play%d@x>" % r.n, "%s %s" % (ORDER[seats[seat_idx][1]], ch[i][0]))
            if r.played(d, r.deliver(d, m)) is None:
                r.fail("%s: the game's own choice %d was not played" % (name, i + 1))
                break
    print("%d links and %d numbers played, %d failures" % (links_n, numbers_n, r.failed))
    return 1 if r.failed or links_n == 0 else 0


if __name__ == "__main__":
    entry()
