#!/usr/bin/env python3
"""The whole-game test of tests/one-tap.sh (issue 30):

  tapgames.py AZ DIR

Whole random games of every kind, each kind in all four languages across
its seats, played by mail through the private Postfix and Dovecot of
tests/mailserver.sh (MS_DIR, MS_DOMAIN and MS_SMTP_PORT in the environment;
DIR/azalai.yaml from ms_referee_config). The referee fetches over IMAP,
sends its reports over SMTP into the seats' mailboxes and keeps no mail's
body past its next run (retention 0): a number answers a report only the
seat still holds.

At each decision every mailto: link of the HTML part of the report as the
seat received it is turned into the mail a client sends (RFC 6068), and
every number of its text part into a Reply; each goes through Postfix into
the referee's mailbox and from there to a copy of the ledger, and the order
it played is compared with what the seat's own line, with its token, plays
on another copy. Then the game goes on by one of them, at random, through
Postfix and IMAP.

TAP_DECISIONS bounds the decisions of each game: 12 by default, which keeps
make check within its time (Buqruru's matches often end before; the whole
Targi and Targui games take some 25 minutes of a processor); 0 plays every
game to its end. TAP_SEED sets the choices, TAP_GAMES how many of the games
below are played (all by default), TAP_JOBS how many copies judge at once
(one a processor).
"""
import concurrent.futures
import fcntl
import os
import queue
import random
import shutil
import smtplib
import sqlite3
import subprocess
import sys
import threading
import time
from email.parser import BytesParser
from email.policy import default

import onetap

# Each kind with its seats speaking all four languages: the two-seat games
# twice, Targui with four seats.
GAMES = [
    ("buqruru", ("en", "de")),
    ("targi", ("fr", "en")),
    ("targui", ("es", "fr", "de", "en")),
    ("buqruru", ("es", "fr")),
    ("targi", ("de", "es")),
]
# The mail users of tests/one-tap.sh.
SEATS = ("amastan", "tinhinan", "dassine", "kahena")
# The word before a number in a reply, in each language (po/common).
ORDER = {"en": "ORDER", "de": "ZUG", "es": "ORDEN", "fr": "ORDRE"}
# A random game of any kind ends well before this many decisions.
LIMIT = 1500


class Mail:
    """The servers of tests/mailserver.sh, seen from the players' side."""

    def __init__(self):
        self.dom = os.environ["MS_DOMAIN"]
        self.port = int(os.environ["MS_SMTP_PORT"])
        self.root = os.path.join(os.environ["MS_DIR"], "mail", self.dom)
        self.referee = "referee@" + self.dom
        self.seen = {}  # path -> Message-ID, so that each file is read once
        self.waited = 0.0
        self.reports = {}

    def send(self, mails):
        """mails: [(From, EmailMessage)], over one SMTP session."""
        with smtplib.SMTP("127.0.0.1", self.port) as s:
            for frm, m in mails:
                s.sendmail(frm, [self.referee], onetap.wire(m))

    def mid(self, path):
        if path not in self.seen:
            with open(path, "rb") as f:
                h = BytesParser(policy=default).parse(f, headersonly=True)
            self.seen[path] = str(h.get("Message-ID", "")).strip()
        return self.seen[path]

    def report(self, user, mid):
        """The mail of Message-ID MID that USER received, parsed."""
        if mid not in self.reports:
            with open(self.wait(user, [mid])[mid], "rb") as f:
                self.reports[mid] = BytesParser(policy=default).parse(f)
        return self.reports[mid]

    def wait(self, user, mids):
        """The files of USER's Maildir holding the mails of Message-IDs MIDS."""
        want, found, t = set(mids), {}, time.monotonic()
        d = os.path.join(self.root, user, "new")
        for _ in range(600):
            for name in os.listdir(d) if os.path.isdir(d) else ():
                p = os.path.join(d, name)
                if p not in found.values() and self.mid(p) in want:
                    found[self.mid(p)] = p
            if len(found) == len(want):
                self.waited += time.monotonic() - t
                return found
            time.sleep(0.05)
        raise RuntimeError("%s never got %d of its mails" % (user, len(want - set(found))))


class Referee:
    def __init__(self, az, d, mail):
        self.az, self.d, self.mail, self.n, self.failed = az, d, mail, 0, 0
        self.links = self.numbers = 0
        self.ledger = os.path.join(d, "azalai.db")
        self.spent = [0.0, 0.0]  # seconds in the runs of the copies, of the game
        self.lock = threading.Lock()
        # The copies' runs, side by side on every processor.
        jobs = int(os.environ.get("TAP_JOBS", os.cpu_count() or 1))
        self.pool = concurrent.futures.ThreadPoolExecutor(jobs)
        self.scratch = queue.Queue()
        for k in range(jobs):
            self.scratch.put(os.path.join(d, "scratch%d" % k))

    def run(self, d, *how):
        t = time.monotonic()
        how = list(how or ["run"])
        p = subprocess.run([self.az] + how, cwd=d, capture_output=True, text=True)
        if p.returncode != 0:
            self.fail("azalai %s in %s: exit %d: %s" % (how[0], d, p.returncode, p.stderr))
        with self.lock:
            self.spent[d == self.d] += time.monotonic() - t

    def q(self, sql, *p, db=None):
        c = sqlite3.connect(db or self.ledger)
        r = c.execute(sql, p).fetchall()
        c.close()
        return r

    def mid(self, what):
        self.n += 1
        return "<%s%d@%s>" % (what, self.n, self.mail.dom)

    def played(self, d, mid):
        """The English text of the one order the mail MID played, or None."""
        db = os.path.join(d, "azalai.db")
        msg = self.q("SELECT id FROM messages WHERE message_id = ?", mid.strip("<>"), db=db)
        if len(msg) != 1:
            return None
        r = self.q("SELECT text FROM orders WHERE message = ? AND status = 'accepted' "
                   "AND event_seq IS NOT NULL", msg[0][0], db=db)
        rej = self.q("SELECT count(*) FROM orders WHERE message = ? AND status <> "
                     "'accepted'", msg[0][0], db=db)[0][0]
        return r[0][0] if len(r) == 1 and rej == 0 else None

    def trial(self, path, mid):
        """The mail in the referee's Maildir file PATH, taken out of it and
        read by a copy of the ledger: the order it played (played())."""
        s = self.scratch.get()
        try:
            shutil.rmtree(s, ignore_errors=True)
            os.makedirs(os.path.join(s, "Maildir", "new"))
            shutil.copy(self.ledger, s)
            with open(os.path.join(s, "azalai.yaml"), "w") as f:
                f.write("datadir: %s\nlog:\n  to: file\n  file: azalai.log\nreferee:\n"
                        "  address: %s\n" % (os.environ["top_srcdir"], self.mail.referee))
            shutil.move(path, os.path.join(s, "Maildir", "new", "m"))
            # The copy only judges: holding its delivery lock leaves its
            # answers queued, undrawn (a quarter of a second each), as a
            # busy deliverer would.
            with open(os.path.join(s, "azalai.db.deliver.lock"), "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                self.run(s, "ingest", "--maildir", "Maildir")
            return self.played(s, mid)
        finally:
            self.scratch.put(s)

    def fail(self, what):
        with self.lock:
            self.failed += 1
        print("FAIL: " + what, flush=True)


def asking(r, gid, seats, done):
    """The reports of game GID that number choices no one has answered yet,
    newest per seat, as the seats received them: [(outbox id, seat index,
    report)]. The ledger keeps no bodies (retention 0)."""
    out = []
    for seat in range(seats):
        who = SEATS[seat]
        for oid, mid in r.q("SELECT id, message_id FROM outbox WHERE game_id = ? AND "
                            "seat_idx = ? AND status = 'sent' ORDER BY id DESC", gid, seat):
            report = r.mail.report(who, "<%s>" % mid)
            if onetap.numbered(onetap.part(report, "plain")):
                if oid not in done:
                    out.append((oid, seat, report))
                break
    return out


def decide(r, rnd, name, tokens, langs, oid, seat, report):
    """Every link and number of report OID, as seat SEAT received it, tried;
    then the game goes on by one of them. False when it cannot."""
    mail, who = r.mail, SEATS[seat]
    frm = "%s@%s" % (who, mail.dom)
    urls = onetap.report_links(report)
    ch = onetap.numbered(onetap.part(report, "plain"))
    if report.get_body(preferencelist=("html",)) is not None and len(urls) != len(ch):
        r.fail("%s: mail %d has %d links and %d numbers" % (name, oid, len(urls), len(ch)))
        return False
    # The order each choice means, played by the seat's own line with its
    # token (in English, the line itself); then each link and each number.
    tries = []  # (kind, choice index, mail)
    for i, (num, text) in enumerate(ch):
        url = urls[i] if urls else None
        if url is not None:
            f = onetap.decode(url)
            if len(url) > 1500:
                r.fail("%s: a link of %d characters" % (name, len(url)))
            if tokens[who] in url or tokens[who] in f.get("body", ""):
                r.fail("%s: a link holds the seat's token" % name)
            if text not in f.get("body", "").split("\r\n"):
                r.fail("%s: link %d does not name choice %s (%s)" % (name, i + 1, num, text))
            tries.append(("link", i, onetap.link_mail(url, frm, r.mid("l"))))
        tries.append(("number", i, onetap.reply_to(report, frm, r.mid("n"), num)))
        if langs[seat] != "en":
            tries.append(("ref", i, onetap.plain_mail(
                frm, mail.referee, r.mid("ref"), "o", "GAME %s\nSEAT %s\nTOKEN %s\n%s\n" % (
                    name, who, tokens[who], text))))
    mail.send([(frm, m) for _, _, m in tries])
    mids = [str(m["Message-ID"]) for _, _, m in tries]
    files = mail.wait("referee", mids)
    played = r.pool.map(lambda mid_: r.trial(files[mid_], mid_), mids)
    got = {(kind, i): p for (kind, i, _), p in zip(tries, played)}
    for kind, i, m in tries:
        ref = ch[i][1] if langs[seat] == "en" else got[("ref", i)]
        if kind == "ref":
            continue
        if ref is None:
            if kind == "number":
                r.fail("%s: choice %s is no legal order: %s" % (name, ch[i][0], ch[i][1]))
            continue
        if got[(kind, i)] != ref:
            r.fail("%s: %s %d played %r, not %r" % (name, kind, i + 1, got[(kind, i)], ref))
    r.links += len(urls)
    r.numbers += len(ch)
    # The game goes on by a link or by a number, at random, through Postfix
    # and the referee's IMAP mailbox.
    i = rnd.randrange(len(ch))
    if urls and rnd.random() < 0.5:
        m = onetap.link_mail(urls[i], frm, r.mid("play"))
    else:
        m = onetap.reply_to(report, frm, r.mid("play"), "%s %s" % (ORDER[langs[seat]],
                                                                   ch[i][0]))
    mail.send([(frm, m)])
    mail.wait("referee", [str(m["Message-ID"])])
    r.run(r.d)
    if r.played(r.d, str(m["Message-ID"])) is None:
        r.fail("%s: the game's own choice %s was not played" % (name, ch[i][0]))
        return False
    return True


def whole_game(r, rnd, kind, langs):
    args = [r.az, "new", kind]
    for s, lang in zip(SEATS, langs):
        args += ["--seat", "%s=%s@%s lang=%s" % (s, s, r.mail.dom, lang)]
    out = subprocess.run(args, cwd=r.d, capture_output=True, text=True).stdout.split("\n")
    name = out[0].strip()
    tokens = {ln.split()[1]: ln.split()[3] for ln in out[1:] if ln.strip()}
    gid = r.q("SELECT id FROM games WHERE name = ?", name)[0][0]
    r.run(r.d)
    done = set()
    upto = int(os.environ.get("TAP_DECISIONS", "12")) or LIMIT
    for k in range(upto):
        if r.q("SELECT status FROM games WHERE id = ?", gid)[0][0] != "active":
            print("%s (%s): over after %d decisions" % (name, "/".join(langs), k), flush=True)
            return
        ask = asking(r, gid, len(langs), done)
        if not ask:
            r.fail("%s: no report asks for a decision after %d" % (name, k))
            return
        oid, seat, report = rnd.choice(ask)
        done.add(oid)
        if not decide(r, rnd, name, tokens, langs, oid, seat, report):
            return
    if upto == LIMIT:
        r.fail("%s: not over after %d decisions" % (name, LIMIT))
    else:
        print("%s (%s): %d decisions" % (name, "/".join(langs), upto), flush=True)


def main(az, d):
    t0 = time.monotonic()
    mail = Mail()
    r = Referee(az, d, mail)
    subprocess.run([az, "init"], cwd=d, capture_output=True)
    rnd = random.Random(int(os.environ.get("TAP_SEED", "1")))
    for kind, langs in GAMES[:int(os.environ.get("TAP_GAMES", len(GAMES)))]:
        whole_game(r, rnd, kind, langs)
    print("%d links and %d numbers played through Postfix, %d failures" % (
        r.links, r.numbers, r.failed))
    print("seconds: %.0f in all, %.0f in the runs of the copies, %.0f in the game's, "
          "%.0f waiting for Postfix" % (time.monotonic() - t0, r.spent[0], r.spent[1],
                                        mail.waited))
    return 1 if r.failed or r.links == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
