#!/usr/bin/env python3
"""Peer for JSON→ICS: a plain hand-written Python writer (json module, string building)
making the same feed boardkit writes by default: one VEVENT per card with a due date that
is not done or archived, all-day dates with an exclusive DTEND, instants in UTC, RFC 5545
escaping and folding at 75 octets.

usage: ics_python_plain.py INPUT.json OUTPUT.ics
"""
import datetime
import json
import sys


def esc(s):
    return (s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
             .replace("\r\n", "\\n").replace("\n", "\\n"))


def fold(line):
    b = line.encode("utf-8")
    if len(b) <= 75:
        return line + "\r\n"
    out = []
    start, width = 0, 75
    while len(b) - start > width:
        cut = start + width
        while cut > start and (b[cut] & 0xC0) == 0x80:
            cut -= 1
        out.append(b[start:cut])
        start, width = cut, 74
    out.append(b[start:])
    return "\r\n ".join(p.decode("utf-8") for p in out) + "\r\n"


def utc(ts):
    d = datetime.datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(datetime.timezone.utc)
    return d.strftime("%Y%m%dT%H%M%SZ")


def main():
    board = json.load(open(sys.argv[1], encoding="utf-8"))
    bid = board["board"]["id"]
    done = {s["id"] for s in board["states"] if s["category"] == "done"}
    out = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//peer//plain python//EN\r\n",
           fold("X-WR-CALNAME:" + esc(board["board"]["name"]))]
    for c in board["cards"]:
        due = c.get("due")
        if not due or c.get("archived") or c["state"] in done:
            continue
        out.append("BEGIN:VEVENT\r\n")
        out.append(fold(f"UID:{esc(c['id'])}@{esc(bid)}.boardkit"))
        out.append(f"DTSTAMP:{utc(c.get('updated') or c.get('created') or '1970-01-01T00:00:00Z')}\r\n")
        if len(due) == 10:
            d = datetime.date.fromisoformat(due)
            out.append(f"DTSTART;VALUE=DATE:{d.strftime('%Y%m%d')}\r\n")
            out.append(f"DTEND;VALUE=DATE:{(d + datetime.timedelta(days=1)).strftime('%Y%m%d')}\r\n")
        else:
            out.append(f"DTSTART:{utc(due)}\r\n")
        out.append(fold("SUMMARY:" + esc(c["title"])))
        if c.get("body"):
            out.append(fold("DESCRIPTION:" + esc(c["body"])))
        if c.get("labels"):
            out.append(fold("CATEGORIES:" + ",".join(esc(l) for l in c["labels"])))
        if c.get("url"):
            out.append(fold("URL:" + c["url"]))
        out.append("END:VEVENT\r\n")
    out.append("END:VCALENDAR\r\n")
    with open(sys.argv[2], "w", encoding="utf-8", newline="") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main()
