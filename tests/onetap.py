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


def hrefs(page):
    """The mailto: links of an HTML page, decoded from HTML."""
    return [html.unescape(h) for h in re.findall(r'href="(mailto:[^"]*)"', page or "")]


def links(db, oid):
    return hrefs(row(db, oid)[3])


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


CHOICE = re.compile(r"^ {2,3}(\d{1,2})  (\S.*)$", re.M)


def numbered(text):
    """The numbered choices of a report's text: [(number, text)]."""
    return [(m.group(1), m.group(2)) for m in CHOICE.finditer(text or "")]


def report_links(msg):
    """The mailto: links of the HTML part of a parsed mail, decoded."""
    return hrefs(part(msg, "html"))


def wire(msg):
    """A mail as a client puts it on the wire: CRLF, lines of at most 998."""
    return msg.as_bytes(policy=SMTP.clone(max_line_length=998))


def send(msg):
    sys.stdout.buffer.write(wire(msg))
    sys.stdout.flush()


def plain_mail(frm, to, mid, subject, body, headers=()):
    m = EmailMessage()
    m["From"] = frm
    m["To"] = to
    m["Subject"] = subject
    m["Message-ID"] = mid
    for k, v in headers:
        m[k] = v
    m.set_content(body)
    return m


def link_mail(url, frm, mid):
    """The mail a client sends for a mailto: URL (RFC 6068)."""
    f = decode(url)
    # A client sends the body as the link gave it, CRLF as its lines.
    return plain_mail(frm, f["to"], mid, f.get("subject", ""),
                      f.get("body", "").replace("\r\n", "\n"))


def reply(mid, subject, body, frm, new_mid, line, thread=True):
    """Reply to a report (MID, SUBJECT, text BODY): LINE first, the report
    quoted below it, as clients quote."""
    quoted = "".join("> " + ln + "\n" for ln in body.split("\n"))
    head = [("In-Reply-To", "<%s>" % mid), ("References", "<%s>" % mid)] if thread else []
    return plain_mail(frm, "referee@example.org", new_mid, "Re: " + subject,
                      "%s\n\nOn a day, the referee wrote:\n%s" % (line, quoted), head)


def reply_to(msg, frm, new_mid, line):
    """Reply to the parsed report MSG, to its From."""
    m = reply(str(msg["Message-ID"]).strip().strip("<>"), str(msg["Subject"]),
              part(msg, "plain"), frm, new_mid, line)
    m.replace_header("To", str(msg["From"]))
    return m


def main(a):
    if a[0] == "links":
        for url in links(a[1], a[2]):
            f = decode(url)
            f["length"] = len(url)
            print(json.dumps(f, ensure_ascii=False))
    elif a[0] == "choices":
        for num, text in numbered(row(a[1], a[2])[2]):
            print("%s\t%s" % (num, text))
    elif a[0] == "eml-links":
        for url in report_links(eml(a[1])):
            lines = decode(url).get("body", "").split("\r\n")
            code = [i for i, ln in enumerate(lines) if ln.startswith("CODE ")]
            print("%s\t%s" % (url, lines[code[0] - 1] if code else ""))
    elif a[0] == "eml-choices":
        for num, text in numbered(part(eml(a[1]), "plain")):
            print("%s\t%s" % (num, text))
    elif a[0] == "eml-unsubscribe":
        print(str(eml(a[1]).get("List-Unsubscribe", "")).strip().strip("<>"))
    elif a[0] == "link-mail":
        send(link_mail(a[1], a[2], a[3]))
    elif a[0] == "reply-mail":
        mid, subject, body, _ = row(a[1], a[2])
        send(reply(mid, subject, body, a[3], a[4], a[5], "--no-thread" not in a))
    else:
        sys.exit("unknown command " + a[0])


if __name__ == "__main__":
    main(sys.argv[1:])
